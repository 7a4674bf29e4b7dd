/* One allocation at the bottom of a recursion 70 calls deep, so that a
   site of any --depth up to 64 is made of frames of descend(). */
#include <stdlib.h>

static void* descend ( int calls_left )
{
   if (calls_left == 0)
      return malloc(1000);
   return descend(calls_left - 1);
}

int main(void)
{
   free(descend(70));
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
