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

/* Owns: the counts of the whole run (allocations, frees, unknown frees),
   the live bytes and blocks now, the peak of live bytes with the times it
   was reached and left, the count of new peaks (HB_(peaks_reached), see
   hb_atpeak.h), and per band the live bytes and blocks now and at the
   peak.

   Invariant: live_B = allocs_B - frees_B and live_blocks = allocs_n -
   frees_n; peak_B is the largest live_B after any event.  A peak is
   "reached" by the first event that makes the heap larger than ever
   before, and "left" by the first later event that makes it smaller (or
   at the end of the run, if none does).  The bands' live values add up
   to the run's, now and at the peak.

   Cost: a few additions and three comparisons per event; 40 bytes per
   band (10 KB). */

#include "hb_totals.h"

static HbRunTotals run;
static Bool        peak_is_current = False;  /* heap still at the peak? */
static HbLivePart  bands[HB_MAX_BANDS];

ULong HB_(peaks_reached) = 0;

static void gains ( SizeT szB )
{
   run.allocs_n++;
   run.allocs_B += szB;
   run.live_B   += szB;
   run.live_blocks++;
}

static void loses ( SizeT szB )
{
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
      peak_is_current  = True;
   } else if (run.live_B < live_before_B && peak_is_current) {
      run.peak_left   = t;
      peak_is_current = False;
   }
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
