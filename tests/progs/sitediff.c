/* Two runs for the per-site diff (tests/compare/sitediff.test): without an
   argument the "old" run, with "new" the new one.  They differ in one call
   site, grow(): 1000 bytes, still live at the peak, in the old run, 3000
   in the new one.  keep() allocates 10 x 100 bytes in both runs, freed
   before the peak; stay() leaves 40 bytes live at exit in both.  So the
   diff must list one site: grow's, bytes allocated and at peak 1000 ->
   3000, and keep's and stay's as unchanged. */
#include <stdlib.h>
#include <string.h>

static void* keep(size_t n) { return malloc(n); }
static void* grow(size_t n) { return malloc(n); }
static void* stay(size_t n) { return malloc(n); }

int main(int argc, char** argv)
{
   int is_new = argc > 1 && strcmp(argv[1], "new") == 0;
   void* kept[10];
   int i;
   for (i = 0; i < 10; i++) kept[i] = keep(100);
   for (i = 0; i < 10; i++) free(kept[i]);
   void* g = grow(is_new ? 3000 : 1000);
   stay(40);
   free(g);
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
