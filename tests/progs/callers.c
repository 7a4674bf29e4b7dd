/* Site trees: one malloc (in xalloc) reached from two callers and from
   the bottom of a recursion five calls deep, in three size bands, and a
   second allocation point.  Live at the peak (after `small`): 1000 + 4000
   + 30000 + 100 bytes; live at exit: 1000 (from_lexer) + 10 (other). */
#include <stdlib.h>

static void* xalloc(size_t n)
{
   return malloc(n);                        /* line 9 */
}

static void* from_lexer(size_t n)  { return xalloc(n); }    /* line 12 */
static void* from_parser(size_t n) { return xalloc(n); }    /* line 13 */

static void* chain(int calls_left, size_t n)
{
   if (calls_left == 0)
      return xalloc(n);                     /* line 18 */
   return chain(calls_left - 1, n);         /* line 19 */
}

static void* other(size_t n) { return malloc(n); }          /* line 22 */

int main(void)
{
   void* token = from_lexer(1000);          /* line 26: never freed */
   free(from_lexer(1000));                  /* line 27 */
   void* tree = from_parser(4000);          /* line 28 */
   void* deep = chain(5, 30000);            /* line 29 */
   void* small = other(100);                /* line 30: the peak */
   free(deep);
   free(small);
   void* tail = other(10);                  /* line 33: never freed */
   free(tree);
   (void)token;
   (void)tail;
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
