/* Frees of pointers that are not live blocks: counted, never a crash. */
#include <stdlib.h>

int main(void)
{
   int on_stack;
   char* p = malloc(10);
   free(p + 1);              /* not the start of a block */
   free(&on_stack);          /* not heap at all */
   free(p);
   free(p);                  /* double free */
   free(NULL);               /* allowed, not counted */
   void* q = realloc(&on_stack, 20);   /* realloc of an unknown pointer */
   return q == NULL ? 0 : 1;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
