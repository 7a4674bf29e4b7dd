/* Frees far more small blocks than heapband's small-block cache may keep
   (1 MB), then allocates as many again: 2 x 100,000 blocks of 64 bytes,
   one of 48 bytes at the end.  The cache must hold exactly 1 MB of them
   (16,384 blocks of 64 bytes) at most, and serve the second round's first
   16,384 requests from it. */
#include <stdlib.h>

#define N 100000
static void* blocks[N];

static void round_trip(void)
{
   int i;
   for (i = 0; i < N; i++) blocks[i] = malloc(64);
   for (i = 0; i < N; i++) free(blocks[i]);
}

int main(void)
{
   round_trip();
   round_trip();
   free(malloc(48));
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
