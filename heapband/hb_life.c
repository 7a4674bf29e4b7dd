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

/* - Owns: the lifetimes of freed blocks, per band and power-of-two bucket
     (blocks never freed are counted by hb_totals.c).
   - Invariant (checked at exit, hb_main.c): per band, the counts add up to
     the band's frees (a resize frees the old block).
   - Cost: a fixed table of HB_MAX_BANDS x HB_LIFE_BUCKETS counts (260 KB);
     a free adds to one entry after a count-leading-zeros. */

#include "hb_life.h"
#include "pub_tool_libcassert.h"

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
   HbBlockCount* c;
   tl_assert(band < HB_MAX_BANDS);
   c = &freed[band][lifetime_bucket(lifetime)];
   c->n++;
   c->szB += szB;
}

HbBlockCount HB_(life_freed) ( UInt band, UInt bucket )
{
   return freed[band][bucket];
}

/*--------------------------------------------------------------------*/
/*--- end                                                 hb_life.c ---*/
/*--------------------------------------------------------------------*/
