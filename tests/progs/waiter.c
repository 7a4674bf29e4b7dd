/* A program that waits on a pipe, for the snapshot tests: it reads one
   command per line from stdin and answers "done N" on stdout after the
   Nth, through read() and write() only, so that every heap block is one
   of its commands':
      a SIZE   allocates SIZE bytes and keeps the block
      f        frees the oldest block kept
      s FILE   HEAPBAND_SNAPSHOT(FILE) ("s" alone: the default name)
      w N      runs an empty loop N times (time passes, nothing allocated)
   At end of input it frees what it keeps and exits. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "heapband.h"

static void* kept[1000];
static int   first = 0, next = 0;

/* One line of stdin without its newline; 0 at end of input. */
static int read_line(char* line, int max)
{
   int n = 0;
   char c;
   while (read(0, &c, 1) == 1) {
      if (c == '\n') { line[n] = 0; return 1; }
      if (n < max - 1) line[n++] = c;
   }
   line[n] = 0;
   return n > 0;
}

static void answer(int count)
{
   char buf[32];
   int  n = sizeof buf;
   buf[--n] = '\n';
   do { buf[--n] = (char)('0' + count % 10); count /= 10; } while (count);
   n -= 5;
   memcpy(buf + n, "done ", 5);
   write(1, buf + n, sizeof buf - n);
}

int main(void)
{
   char line[4096];
   int  count = 0;
   while (read_line(line, sizeof line)) {
      if (line[0] == 'a' && next < 1000)
         kept[next++] = malloc((size_t)atol(line + 2));
      else if (line[0] == 'f' && first < next)
         free(kept[first++]);
      else if (line[0] == 'w') {
         volatile long i;
         for (i = atol(line + 2); i > 0; i--) {}
      }
      else if (line[0] == 's')
         HEAPBAND_SNAPSHOT(line[1] == ' ' ? line + 2 : NULL);
      answer(++count);
   }
   while (first < next) free(kept[first++]);
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING. */
