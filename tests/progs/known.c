/* Allocations whose counts, sizes and bands are known exactly.
   Band numbers (quarter bands): 0 -> 0, 24 -> 14, 32 -> 16, 48 -> 18,
   100 -> 22 ([96,111]), 4096 -> 44 ([4096,5119]), 5000 -> 44, 6000 -> 45.
   Two zero-size blocks stay live for the whole run (DHAT counts each as one
   byte; the tests allow for that). */
#include <stdlib.h>

static void* keep[64];

int main(void)
{
   int i;
   void* z1 = malloc(0);
   void* z2 = malloc(0);
   for (i = 0; i < 10; i++) keep[i] = malloc(24);        /* 10 x 24 = 240 */
   for (i = 10; i < 15; i++) keep[i] = malloc(32);       /*  5 x 32 = 160 */
   for (i = 15; i < 17; i++) keep[i] = malloc(48);       /*  2 x 48 =  96 */
   keep[17] = malloc(100);
   keep[18] = malloc(4096);
   keep[19] = malloc(5000);
   keep[20] = malloc(6000);
   /* peak here: 240+160+96+100+4096+5000+6000 = 15692 bytes, 23 blocks */
   for (i = 0; i < 10; i += 2) free(keep[i]);           /* free 5 x 24 */
   free(keep[18]);
   free(keep[19]);
   free(keep[20]);
   for (i = 10; i < 15; i++) free(keep[i]);
   /* live at exit: 5 x 24, 2 x 48, 100, 2 x 0 = 316 bytes in 10 blocks */
   (void)z1; (void)z2;
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
