/*--------------------------------------------------------------------*/
/*--- heapband: slop, usable minus requested bytes.       hb_slop.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* Owns: per size band, the slop (the allocator's usable size minus the
   size requested) allocated over the run, live now and live at the
   heap's peak, and the live slop of the whole heap.  Only
   --allocator=program knows a usable size; with the tool's own allocator
   every slop is 0 and this module stays empty.

   Each change of a band's live slop goes on to the columns' slop grid
   (hb_columns.c, the "scell" records): a block without slop, and so
   every block of Valgrind's allocator, changes nothing there.

   Invariant: live_B is the sum of the bands' live bytes.  Cost: two
   additions and two comparisons per event; 48 bytes per band. */

#include "hb_slop.h"
#include "hb_columns.h"
#include "pub_tool_libcassert.h"

static HbLivePart bands[HB_MAX_BANDS];
static ULong      allocated[HB_MAX_BANDS];
static ULong      live_B;

void HB_(slop_gains) ( UInt band, SizeT slopB )
{
   HB_(part_gains)(&bands[band], slopB);
   allocated[band] += slopB;
   live_B += slopB;
   if (slopB > 0) HB_(columns_slop)(band, bands[band].live_B, live_B);
}

void HB_(slop_loses) ( UInt band, SizeT slopB )
{
   tl_assert(live_B >= slopB);
   HB_(part_loses)(&bands[band], slopB);
   live_B -= slopB;
   if (slopB > 0) HB_(columns_slop)(band, bands[band].live_B, live_B);
}

ULong             HB_(slop_live)      ( void )      { return live_B; }
ULong             HB_(slop_allocated) ( UInt band ) { return allocated[band]; }
const HbLivePart* HB_(slop_band)      ( UInt band ) { return &bands[band]; }

/*--------------------------------------------------------------------*/
/*--- end                                                 hb_slop.c ---*/
/*--------------------------------------------------------------------*/
