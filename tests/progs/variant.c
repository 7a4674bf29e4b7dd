/* Built twice (variant_a.c, variant_b.c): VARIANT_SIZE 1000 and 1016.
   Both sizes fall in the band [896,1023], so a diff of the two runs must
   show that one band, 16 bytes more, and nothing else: the instruction
   stream is the same, only a constant differs. */
#include <stdlib.h>
#include "heapband.h"

#ifndef VARIANT_SIZE
#define VARIANT_SIZE 1000
#endif

int main(void)
{
   void* small[50];
   int i;
   HEAPBAND_MARK("setup");
   for (i = 0; i < 50; i++) small[i] = malloc(64);
   void* changed = malloc(VARIANT_SIZE);
   HEAPBAND_MARK("work");
   for (i = 0; i < 50; i += 2) free(small[i]);
   free(changed);
   for (i = 1; i < 50; i += 2) free(small[i]);
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
