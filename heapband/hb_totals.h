/*--------------------------------------------------------------------*/
/*--- heapband: the run's totals and its peak.          hb_totals.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_TOTALS_H
#define __HB_TOTALS_H

#include "hb_global.h"
#include "hb_atpeak.h"

/* The run as a whole.  See docs/heapband-format.md, section 3, "Run
   summary", for the meaning of each field. */
typedef struct {
   ULong  allocs_n, allocs_B, frees_n, frees_B;
   ULong  peak_B, peak_blocks;
   HbTime peak_reached, peak_left;
   ULong  live_B, live_blocks;
   ULong  unknown_frees;
   ULong  peak_alloc_n;   /* the allocation that reached the peak
                             (section 18), 0 before any */
} HbRunTotals;

/* The allocations made so far: the number of the last one (section 18
   of the format), total's ALLOCS. */
extern ULong HB_(allocs_made);

/* The three events, with the band of each block.  A realloc is one event
   so that the peak is judged after both halves of it.  Every other part
   of the heap (HbLivePart) must have seen the event first. */
void HB_(totals_alloc)   ( HbTime t, UInt band, SizeT szB );
void HB_(totals_free)    ( HbTime t, UInt band, SizeT szB );
void HB_(totals_realloc) ( HbTime t, UInt old_band, SizeT old_szB,
                           UInt new_band, SizeT new_szB );
/* A free or realloc of a pointer that is not a live block. */
void HB_(totals_unknown_free) ( void );

/* The run's totals as a file written at `now` gives them: a peak still
   current is left at now (the end of the run, or of a snapshot). */
HbRunTotals        HB_(run_totals_at) ( HbTime now );
/* A band's live bytes and blocks, now (at exit: the `leak` records) and at
   the peak (the `at-peak` records). */
const HbLivePart*  HB_(band_live) ( UInt band );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                               hb_totals.h ---*/
/*--------------------------------------------------------------------*/
