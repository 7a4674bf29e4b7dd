/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
 * Known allocations for the heaptrack and callgrind exports
 * (tests/tool/export-heaptrack.test, export-callgrind.test), built with
 * libstdc++ loaded so that heaptrack's own run and heapband's see the same
 * process (libstdc++'s emergency pool, 72,704 bytes at start-up, freed at
 * exit by both tools' freeres calls).  Each group is one kind the
 * heaptrack export rebuilds:
 *   keep[0]      48 bytes, live at the peak and at exit (node, line A)
 *   churn        10 blocks of 1000..1009 bytes, freed before the peak
 *   keep[1..4]   200, 208, 216, 224 bytes through nest() (recursion:
 *                nest, nest, nest, node), live at the peak, freed after
 *   big          70,000 bytes: the peak (72,704 + 48 + 848 + 70,000)
 *   keep[5]      5,000 bytes through nest(1), allocated after the peak
 *   keep[6]      calloc(3, 100), after the peak
 *   keep[7]      malloc(10), then realloc to 20,000: the 10-byte block is
 *                freed by the realloc (before the peak of nothing), the
 *                new one is live at exit.  Every pointer stays in keep[],
 *                so nothing is lost at exit. */
#include <stdlib.h>

static void *keep[8];

static void *node(size_t n)
{
   return malloc(n);
}

static void *nest(int depth, size_t n)
{
   return depth ? nest(depth - 1, n) : node(n);
}

static void churn(void)
{
   for (int i = 0; i < 10; i++) {
      void *p = malloc(1000 + (size_t)i);
      free(p);
   }
}

int main(void)
{
   keep[0] = node(48);
   churn();
   for (int i = 0; i < 4; i++)
      keep[1 + i] = nest(2, 200 + 8 * (size_t)i);
   void *big = malloc(70000);
   free(big);
   for (int i = 0; i < 4; i++)
      free(keep[1 + i]);
   keep[5] = nest(1, 5000);
   keep[6] = calloc(3, 100);
   keep[7] = malloc(10);
   keep[7] = realloc(keep[7], 20000);
   return 0;
}
