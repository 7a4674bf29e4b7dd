/* Blocks from the tool's malloc keep their record in a header in their
   redzones (heapband/hb_blocks.c).  Here: a program that writes one byte
   past a block, which glibc's rounding hides and which changes only the
   block's birth time in the header; and a block left with more than 4 GiB
   of slack by shrinking in place, whose record does not fit a header.
   Both are counted exactly. */
#include <stdlib.h>
#include <string.h>

int main(void)
{
   char* p = malloc(16);
   char* big;
   char* q;
   memset(p, 'x', 17);                 /* one byte past the block */
   free(p);
   big = malloc((size_t)5 << 30);      /* 5 GiB, never touched */
   if (big == NULL) return 77;
   q = realloc(big, 100);              /* shrinks in place */
   if (q != big) return 1;
   free(q);
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, as in the other test programs.) */
