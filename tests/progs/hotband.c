/* A program whose heap lives in one size band: 200 blocks of 3000 bytes
   (quarter band 2.5K-3K, [2560, 3071]) held for most of the run, next to a
   churn of small blocks (16 and 100 bytes) that never hold much.  The
   e2e-hotband test checks that heapband_print shows 2.5K-3K as the hot
   band. */
#include <stdlib.h>
#include <string.h>

#define NHOT 200

int main(void)
{
   static char* hot[NHOT];
   int i, round;
   for (i = 0; i < NHOT; i++) {
      hot[i] = malloc(3000);
      memset(hot[i], i, 3000);
   }
   for (round = 0; round < 2000; round++) {
      char* a = malloc(16);
      char* b = malloc(100);
      a[0] = b[0] = (char)round;
      free(a);
      free(b);
   }
   for (i = 0; i < NHOT; i++)
      free(hot[i]);
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
