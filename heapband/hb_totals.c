/*--------------------------------------------------------------------*/
/*--- heapband: the run's totals and its peak.          hb_totals.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* - Owns: the run's counts (allocations, frees, unknown frees), its live
     bytes and blocks, its peak (when reached and left, HB_(peaks_reached),
     see hb_atpeak.h), and per band the live bytes and blocks now and at
     the peak.
   - Invariant (asserted at each event): live_B = allocs_B - frees_B,
     live_blocks = allocs_n - frees_n, peak_B >= live_B; the bands add up
     to the run (checked at exit, hb_main.c).
   - Cost: a few additions and three comparisons per event; 40 bytes per
     band (10 KB).

   A peak is "reached" by the first event that makes the heap larger than
   ever before, and "left" by the first later event that makes it smaller
   (or at the end of the run, if none does).*/

#include "hb_totals.h"
#include "pub_tool_libcassert.h"

static HbRunTotals run;
static Bool        peak_is_current = False;  /* heap still at the peak? */
static HbLivePart  bands[HB_MAX_BANDS];

ULong HB_(peaks_reached) = 0;
ULong HB_(allocs_made)   = 0;

static void gains ( SizeT szB )
{
   run.allocs_n = ++HB_(allocs_made);
   run.allocs_B += szB;
   run.live_B   += szB;
   run.live_blocks++;
}

static void loses ( SizeT szB )
{
   tl_assert(run.live_B >= szB && run.live_blocks > 0);
   run.frees_n++;
   run.frees_B += szB;
   run.live_B  -= szB;
   run.live_blocks--;
}

/* After an event at time t that changed the heap from live_before_B. */
static void judge_peak ( HbTime t, ULong live_before_B )
{
   if (run.live_B > run.peak_B) {
      HB_(peaks_reached)++;
      run.peak_B       = run.live_B;
      run.peak_blocks  = run.live_blocks;
      run.peak_reached = t;
      run.peak_alloc_n = run.allocs_n;   /* a free never makes a peak */
      peak_is_current  = True;
   } else if (run.live_B < live_before_B && peak_is_current) {
      run.peak_left   = t;
      peak_is_current = False;
   }
   tl_assert(run.live_B == run.allocs_B - run.frees_B
             && run.live_blocks == run.allocs_n - run.frees_n);
   tl_assert(run.peak_B >= run.live_B && run.peak_reached <= t);
}

void HB_(totals_alloc) ( HbTime t, UInt band, SizeT szB )
{
   ULong before = run.live_B;
   HB_(part_gains)(&bands[band], szB);
   gains(szB);
   judge_peak(t, before);
}

void HB_(totals_free) ( HbTime t, UInt band, SizeT szB )
{
   ULong before = run.live_B;
   HB_(part_loses)(&bands[band], szB);
   loses(szB);
   judge_peak(t, before);
}

void HB_(totals_realloc) ( HbTime t, UInt old_band, SizeT old_szB,
                           UInt new_band, SizeT new_szB )
{
   ULong before = run.live_B;
   HB_(part_loses)(&bands[old_band], old_szB);
   HB_(part_gains)(&bands[new_band], new_szB);
   loses(old_szB);
   gains(new_szB);
   judge_peak(t, before);
}

void HB_(totals_unknown_free) ( void )
{
   run.unknown_frees++;
}

HbRunTotals HB_(run_totals_at) ( HbTime now )
{
   HbRunTotals at = run;
   if (peak_is_current) at.peak_left = now;
   return at;
}

const HbLivePart*  HB_(band_live)  ( UInt band ) { return &bands[band]; }

/*--------------------------------------------------------------------*/
/*--- end                                               hb_totals.c ---*/
/*--------------------------------------------------------------------*/
