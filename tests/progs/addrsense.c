/* Work whose instruction count depends on where blocks lie: 333 small
   blocks of mixed sizes, every other one freed, then a line of about 1 KB
   copied into stdio's buffer (glibc's memcpy takes its path by the
   buffers' alignment).  With --block-cache=no the freed blocks go back to
   the arena, later blocks lie elsewhere, and in unit i the times move by a
   few instructions; in unit B nothing may change. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
   char* blocks[333];
   char* line;
   int   i;
   for (i = 0; i < 333; i++) blocks[i] = malloc(8 + (i * 37) % 500);
   for (i = 0; i < 333; i += 2) free(blocks[i]);
   line = malloc(1033);
   memset(line, 'y', 1032);
   line[1032] = 0;
   printf("%s\n", line);
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
