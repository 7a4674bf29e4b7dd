/* Allocation sites: make_block is called from two places, so with
   --depth=1 its blocks are one site and with --depth=2 two.  The
   realloc(NULL, n) goes through two frames of the malloc replacement,
   which must not show. */
#include <stdlib.h>

static void* make_block(size_t n)
{
   return malloc(n);                       /* line 9 */
}

static void* from_parser(void)  { return make_block(300); }   /* line 12 */
static void* from_printer(void) { return make_block(300); }   /* line 13 */

int main(void)
{
   void* a = from_parser();
   void* b = from_printer();
   void* c = from_printer();
   void* r = realloc(NULL, 5000);          /* line 20 */
   free(a); free(b); free(c); free(r);
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
