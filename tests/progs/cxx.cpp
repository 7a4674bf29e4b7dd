// C++ new and delete in their plain, array, aligned and nothrow forms.
#include <new>
#include <cstddef>

struct alignas(64) Wide { char bytes[128]; };

int main()
{
   int* one = new int(7);                         // 4
   int* many = new int[100];                      // 400
   Wide* w = new Wide;                            // 128, aligned new
   Wide* ws = new Wide[3];                        // 384, aligned new[]
   char* nt = new (std::nothrow) char[50];        // 50
   delete one;
   delete[] many;
   delete w;
   delete[] ws;
   delete[] nt;
   char* kept = new char[1000];                   // live at exit
   (void)kept;
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
