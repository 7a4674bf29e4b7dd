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
   the live bytes and blocks now, and the peak of live bytes with the
   times it was reached and left.

   Invariant: live_B = allocs_B - frees_B and live_blocks = allocs_n -
   frees_n; peak_B is the largest live_B after any event.  A peak is
   "reached" by the first event that makes the heap larger than ever
   before, and "left" by the first later event that makes it smaller (or
   at the end of the run, if none does).

   Cost: a few additions and two comparisons per event, no memory. */

#include "hb_totals.h"

static HbRunTotals run;
static Bool        peak_is_current = False;  /* heap still at the peak? */

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
      run.peak_B       = run.live_B;
      run.peak_blocks  = run.live_blocks;
      run.peak_reached = t;
      peak_is_current  = True;
   } else if (run.live_B < live_before_B && peak_is_current) {
      run.peak_left   = t;
      peak_is_current = False;
   }
}

void HB_(totals_alloc) ( HbTime t, SizeT szB )
{
   ULong before = run.live_B;
   gains(szB);
   judge_peak(t, before);
}

void HB_(totals_free) ( HbTime t, SizeT szB )
{
   ULong before = run.live_B;
   loses(szB);
   judge_peak(t, before);
}

void HB_(totals_realloc) ( HbTime t, SizeT old_szB, SizeT new_szB )
{
   ULong before = run.live_B;
   loses(old_szB);
   gains(new_szB);
   judge_peak(t, before);
}

void HB_(totals_unknown_free) ( void )
{
   run.unknown_frees++;
}

void HB_(totals_finish) ( HbTime end )
{
   if (peak_is_current) run.peak_left = end;
   peak_is_current = False;
}

const HbRunTotals* HB_(run_totals) ( void ) { return &run; }

/*--------------------------------------------------------------------*/
/*--- end                                               hb_totals.c ---*/
/*--------------------------------------------------------------------*/
