/* Unsets the environment variable named by argv[1] (in place, in the
   array the program started with) and allocates one block. */
#include <stdlib.h>

int main(int argc, char** argv)
{
   if (argc < 2 || unsetenv(argv[1]) != 0) return 1;
   free(malloc(10));
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
