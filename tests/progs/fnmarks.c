/* Marks at function entries (--mark-fn): work() is entered three times
   and marks its own first line with HEAPBAND_MARK, so each entry gives
   two marks a fixed number of instructions apart; tick() is called
   argv[1] times (for the cap on marks).  Linked with -rdynamic, so that
   a stripped copy still names both in its dynamic symbols.  Allocations:
   100, 200 and 300 bytes from work(), all freed. */
#include <stdlib.h>
#include "heapband.h"

void* work(size_t n)
{
   HEAPBAND_MARK("work line 1");
   return malloc(n);
}

void tick(void)
{
}

int main(int argc, char** argv)
{
   int   ticks = argc > 1 ? atoi(argv[1]) : 0;
   void* a = work(100);
   void* b = work(200);
   int   i;
   free(a);
   free(b);
   for (i = 0; i < ticks; i++) tick();
   free(work(300));
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING. */
