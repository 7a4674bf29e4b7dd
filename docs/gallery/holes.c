/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
 * Holes: 20,000 small records (64 to 127 bytes), every other one freed,
 * then 16 buffers of 64 KB.  Live bytes halve when the records go, but
 * the freed records are holes between live ones: the allocator cannot
 * hand their memory back, nor use it for the buffers, so its footprint
 * stays and grows again for the buffers.  Run with --allocator=program
 * (docs/gallery/README.md), under glibc and under jemalloc. */
#include <stdlib.h>
#include <string.h>
#include "heapband.h"

#define NRECORDS 20000
#define NBUFFERS 16

int main(void)
{
   static char *records[NRECORDS];
   static char *buffers[NBUFFERS];
   int i;
   for (i = 0; i < NRECORDS; i++) {
      records[i] = malloc(64 + (size_t)(i * 7) % 64);
      memset(records[i], 1, 64);
   }
   HEAPBAND_MARK("records");
   for (i = 0; i < NRECORDS; i += 2) {
      free(records[i]);
      records[i] = NULL;
   }
   HEAPBAND_MARK("half freed");
   for (i = 0; i < NBUFFERS; i++) {
      buffers[i] = malloc(64 * 1024);
      memset(buffers[i], 2, 64 * 1024);
   }
   HEAPBAND_MARK("buffers");
   for (i = 0; i < NBUFFERS; i++)
      free(buffers[i]);
   for (i = 1; i < NRECORDS; i += 2)
      free(records[i]);
   return 0;
}
