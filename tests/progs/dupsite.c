#include <stdlib.h>
void* sink[1000];
int main(void)
{
   for (int i = 0; i < 1000; i++)
      sink[i] = malloc(24);                  /* line 6 */
   return 0;
}

/* One source line, one allocation site.  Built -O2 -funroll-loops
   (tests/Makefile.am), so gcc copies the loop's body and its call of
   malloc eight times: eight code addresses at dupsite.c:6, eight program
   points in DHAT, one site in heapband (tests/tool/dup-site.test): 1000
   blocks of 24 bytes, all live at exit (sink keeps them).
   Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the line the tests expect stays put.) */
