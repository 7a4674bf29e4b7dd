/*--------------------------------------------------------------------*/
/*--- heapband: live bytes of a part of the heap at the peak.      ---*/
/*---                                                  hb_atpeak.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* - Owns: HbLivePart, the live bytes and blocks of one part of the heap (a
     band, a site) and what it held at the run's latest peak.
   - Invariant (asserted at each change): its value at the latest peak is
     (at_peak_B, at_peak_n) when seen_peaks == HB_(peaks_reached), else
     (live_B, live_n), provided every part changes before the event's peak
     is judged (hb_main.c calls the sites before the totals); a part never
     loses more than it holds.
   - Cost: one comparison per change, now and then a copy of two words; 40
     bytes per part.

   The peak moves each time the heap grows past its largest size so far,
   and then every part's value "at the peak" changes.  Copying every part
   at each new peak would cost O(parts) per allocation of a growing heap,
   so each part is copied lazily instead: hb_totals.c counts the new peaks
   (HB_(peaks_reached)), and a part remembers the count it last saw
   (seen_peaks).  When a part is about to change and a new peak has been
   reached since it last changed, its live values are still those it had
   at that peak: they are copied then. */

#ifndef __HB_ATPEAK_H
#define __HB_ATPEAK_H

#include "hb_global.h"
#include "pub_tool_libcassert.h"

typedef struct {
   ULong live_B, live_n;         /* now */
   ULong at_peak_B, at_peak_n;   /* at the latest peak, if seen_peaks is
                                    current */
   ULong seen_peaks;             /* HB_(peaks_reached) at the last change */
} HbLivePart;

/* How many times the heap has grown past its largest size so far (the
   number of the current peak; 0 before any, when the heap was empty).
   Owned by hb_totals.c. */
extern ULong HB_(peaks_reached);

/* Keeps the part's value at the latest peak before the part changes. */
static inline void HB_(part_note_change) ( HbLivePart* part )
{
   if (part->seen_peaks != HB_(peaks_reached)) {
      part->at_peak_B  = part->live_B;
      part->at_peak_n  = part->live_n;
      part->seen_peaks = HB_(peaks_reached);
   }
}

static inline void HB_(part_gains) ( HbLivePart* part, SizeT szB )
{
   HB_(part_note_change)(part);
   part->live_B += szB;
   part->live_n++;
   tl_assert(part->live_B >= szB);   /* no wrap-around */
}

static inline void HB_(part_loses) ( HbLivePart* part, SizeT szB )
{
   tl_assert(part->live_B >= szB && part->live_n > 0);
   HB_(part_note_change)(part);
   part->live_B -= szB;
   part->live_n--;
}

/* The part's live bytes and blocks at the latest peak. */
static inline ULong HB_(part_at_peak_B) ( const HbLivePart* part )
{
   return part->seen_peaks == HB_(peaks_reached) ? part->at_peak_B
                                                 : part->live_B;
}

static inline ULong HB_(part_at_peak_n) ( const HbLivePart* part )
{
   return part->seen_peaks == HB_(peaks_reached) ? part->at_peak_n
                                                 : part->live_n;
}

#endif

/*--------------------------------------------------------------------*/
/*--- end                                              hb_atpeak.h ---*/
/*--------------------------------------------------------------------*/
