/* realloc in all its forms. */
#include <stdlib.h>
#include <string.h>

int main(void)
{
   char* p = realloc(NULL, 100);         /* malloc(100) */
   memset(p, 'x', 100);
   p = realloc(p, 1000);                 /* grow: moves */
   if (p[99] != 'x') return 1;           /* contents kept */
   p = realloc(p, 10);                   /* shrink: in place */
   p = realloc(p, 10);                   /* same size */
   char* q = malloc(64);
   q = realloc(q, 0);                    /* frees q, returns NULL */
   if (q != NULL) return 2;
   p = realloc(p, 200000);               /* big grow */
   free(p);
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
