/* A heap with one clear peak, for the massif and DHAT comparisons: sizes
   are multiples of 16 so that the allocator adds no slack that massif
   would count. */
#include <stdlib.h>

int main(void)
{
   void* blocks[200];
   int i;
   for (i = 0; i < 200; i++) blocks[i] = malloc(16 * (i % 7 + 1));
   for (i = 0; i < 200; i += 3) { free(blocks[i]); blocks[i] = NULL; }
   void* big = malloc(65536);                /* the peak */
   free(big);
   for (i = 0; i < 200; i++) free(blocks[i]);
   void* later = malloc(4096);               /* smaller than the peak */
   free(later);
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
