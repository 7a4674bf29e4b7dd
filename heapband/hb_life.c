/*--------------------------------------------------------------------*/
/*--- heapband: block lifetimes and leaks per band.       hb_life.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* Owns: the histogram of the lifetimes of freed blocks, per band and
   power-of-two bucket, and the count of the blocks never freed.

   Invariant: the histogram's counts add up to the run's frees (a resize
   counts as the free of the old block, as in the run totals).

   Cost: a fixed table of HB_MAX_BANDS x HB_LIFE_BUCKETS counts (260 KB);
   a free adds to one entry after a count-leading-zeros.  The leaks are
   counted once, at exit, by walking the block table. */

#include "hb_life.h"
#include "hb_bands.h"
#include "hb_blocks.h"
#include "pub_tool_libcbase.h"

/* Bucket k holds the lifetimes of bit length k: one bucket per bit of
   HbTime, plus bucket 0 for lifetime 0. */
STATIC_ASSERT(HB_LIFE_BUCKETS == 8 * sizeof(HbTime) + 1);

static HbBlockCount freed[HB_MAX_BANDS][HB_LIFE_BUCKETS];

static UInt lifetime_bucket ( HbTime lifetime )
{
   if (lifetime == 0) return 0;
   return 8 * sizeof(HbTime) - (UInt)__builtin_clzll(lifetime);
}

void HB_(life_add) ( UInt band, HbTime lifetime, SizeT szB )
{
   HbBlockCount* c = &freed[band][lifetime_bucket(lifetime)];
   c->n++;
   c->szB += szB;
}

HbBlockCount HB_(life_freed) ( UInt band, UInt bucket )
{
   return freed[band][bucket];
}

static void count_leak ( const HbLiveBlock* bk, void* leaks_per_band )
{
   HbBlockCount* leak = (HbBlockCount*)leaks_per_band + HB_(band_of)(bk->szB);
   leak->n++;
   leak->szB += bk->szB;
}

void HB_(life_leaks) ( HbBlockCount leaks[HB_MAX_BANDS] )
{
   VG_(memset)(leaks, 0, HB_MAX_BANDS * sizeof(HbBlockCount));
   HB_(blocks_visit_live)(count_leak, leaks);
}

/*--------------------------------------------------------------------*/
/*--- end                                                 hb_life.c ---*/
/*--------------------------------------------------------------------*/
