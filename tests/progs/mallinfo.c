/* mallinfo() around 100 blocks of 100 bytes allocated then freed: the
   bytes in use (uordblks) must grow by at least 10,000 and freeing must
   give back at least 80% of the growth (the C library keeps a few freed
   chunks counted as in use, memcheck its queue's slack).  Prints the
   three figures; exits 2 if they are not so, as Valgrind's
   memcheck/tests/mallinfo does when its figures are out of range. */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

int main(void)
{
   static void* p[100];
   struct mallinfo before, held, after;
   int i;
   before = mallinfo();
   for (i = 0; i < 100; i++) p[i] = malloc(100);
   held = mallinfo();
   for (i = 0; i < 100; i++) free(p[i]);
   after = mallinfo();
   printf("in use: %d before, %d with the blocks, %d after freeing them\n",
          before.uordblks, held.uordblks, after.uordblks);
   if (held.uordblks - before.uordblks < 100 * 100
       || (held.uordblks - after.uordblks) * 5
          < (held.uordblks - before.uordblks) * 4)
      return 2;
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
