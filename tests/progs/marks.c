/* Phase markers (heapband.h).  In unit B the marks' times are known:
   "start" at 0, "parse done" at 3000 (three 1000-byte blocks), "freed" at
   6000 (their frees), then a bad pointer and an over-long name. */
#include <stdlib.h>
#include <string.h>
#include "heapband.h"

int main(void)
{
   char long_name[301];
   void* p[3];
   int i;
   HEAPBAND_MARK("start");
   for (i = 0; i < 3; i++) p[i] = malloc(1000);
   HEAPBAND_MARK("parse done");
   for (i = 0; i < 3; i++) free(p[i]);
   HEAPBAND_MARK("freed");
   HEAPBAND_MARK((const char*)16);          /* not readable: "???" */
   memset(long_name, 'x', 300);
   long_name[300] = 0;
   HEAPBAND_MARK(long_name);                /* kept: the first 200 bytes */
   HEAPBAND_MARK("tab\there");              /* the tab becomes '?' */
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
