/* Site trees: one malloc (in xalloc) reached from two callers and from
   the bottom of a recursion five calls deep, in three size bands, and a
   second allocation point; then two more, `table` and `index_`, reached
   through the same call instruction (in `call`, from one line of main),
   so that their callers are the same two frames.  Allocated: 36000 by
   xalloc, 110 by other, 200 by table, 300 by index_.  Live at the peak
   (after `small`): 1000 + 4000 + 30000 + 100 bytes; live at exit: 1000
   (from_lexer) + 10 (other). */
#include <stdlib.h>

static void* xalloc(size_t n)
{
   return malloc(n);                        /* line 13 */
}

static void* from_lexer(size_t n)  { return xalloc(n); }    /* line 16 */
static void* from_parser(size_t n) { return xalloc(n); }    /* line 17 */

static void* chain(int calls_left, size_t n)
{
   if (calls_left == 0)
      return xalloc(n);                     /* line 22 */
   return chain(calls_left - 1, n);         /* line 23 */
}

static void* other(size_t n) { return malloc(n); }          /* line 26 */

static void* table(void)  { return malloc(200); }           /* line 28 */
static void* index_(void) { return malloc(300); }           /* line 29 */
static void* call(void* (*make)(void)) { return make(); }   /* line 30 */

int main(void)
{
   void* (*const makers[2])(void) = { table, index_ };
   for (int i = 0; i < 2; i++)
      free(call(makers[i]));                /* line 36 */
   void* token = from_lexer(1000);          /* line 37: never freed */
   free(from_lexer(1000));                  /* line 38 */
   void* tree = from_parser(4000);          /* line 39 */
   void* deep = chain(5, 30000);            /* line 40 */
   void* small = other(100);                /* line 41: the peak */
   free(deep);
   free(small);
   void* tail = other(10);                  /* line 44: never freed */
   free(tree);
   (void)token;
   (void)tail;
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
