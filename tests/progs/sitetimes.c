/* Allocation sites whose times are known, with --depth=1 (unit B: a
   time is the bytes allocated plus freed so far, an event's own bytes
   included): site A (take, line 13) at 1000 and 2000, site B (line 21)
   at 62000, freed at 122000 (the snapshot "times.snap" is taken then),
   site C (line 24) at 123000, site D, the realloc of line 25, at 125200
   (1000 freed, 1200 allocated), site A again at 126200; the frees end
   the run at 130400.  A, B and C are 1000 bytes (one band), D 1200. */
#include <stdlib.h>
#include "heapband.h"

static void* take(void)
{
   return malloc(1000);
}

int main(void)
{
   void *a1, *a2, *big, *c, *a3;
   a1 = take();
   a2 = take();
   big = malloc(60000);                    /* line 21 */
   free(big);
   HEAPBAND_SNAPSHOT("times.snap");
   c = malloc(1000);                       /* line 24 */
   a1 = realloc(a1, 1200);                 /* line 25 */
   a3 = take();
   free(a1); free(a2); free(c); free(a3);
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
