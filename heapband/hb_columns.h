/*--------------------------------------------------------------------*/
/*--- heapband: time columns by size band.            hb_columns.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_COLUMNS_H
#define __HB_COLUMNS_H

#include "hb_global.h"
#include "hb_u128.h"

/* What one size band did in one column.  See docs/heapband-format.md,
   section 5, "Cells", for the meaning of each field. */
typedef struct {
   ULong  allocs_n, allocs_B;
   ULong  frees_n, frees_B;
   ULong  live_end_B, live_max_B;
   HbU128 live_integral;
} HbCell;

/* The whole heap in one column ("col" records, section 4). */
typedef struct {
   ULong live_end_B, live_max_B, blocks_end;
} HbColumn;

/* The three gauges of a column that are not sums of its cells ("fcol"
   records, section 4): the allocator's footprint, the other anonymous
   memory and the live slop, each at the column's end and at its largest
   within the column (its start included). */
enum { HbGaugeFoot, HbGaugeAnon, HbGaugeSlop, HbGauges };
typedef struct {
   ULong end_B[HbGauges], max_B[HbGauges];
} HbColumnGauges;

/* A band's live slop in one column ("scell" records, section 5),
   --allocator=program only: at the column's end and at its largest
   within the column (its start included). */
typedef struct {
   ULong end_B, max_B;
} HbCellSlop;

/* track_slop: keep a cell's slop too (--allocator=program); without it
   the slop grid does not exist and nothing is added per event. */
void HB_(columns_init)   ( UInt budget, UInt n_bands, Bool track_slop );

/* The three events.  A realloc is one event so that the column's maximum
   is judged after both halves of it. */
void HB_(columns_alloc)   ( HbTime t, UInt band, SizeT szB );
void HB_(columns_free)    ( HbTime t, UInt band, SizeT szB );
void HB_(columns_realloc) ( HbTime t, UInt old_band, SizeT old_szB,
                            UInt new_band, SizeT new_szB );

/* The gauges' values from time t on (hb_mappings.c). */
void HB_(columns_gauges)  ( HbTime t, ULong foot_B, ULong anon_B,
                            ULong slop_B );

/* Band `band`'s live slop is now band_slop_B and the heap's heap_slop_B,
   at the time of the event the columns were last told of (called by
   hb_slop.c right after HB_(columns_alloc), _free or _realloc): the
   open cell's slop and the column's slop gauge, so that a column's
   cells always add up to its gauge.  Nothing when slop is not tracked. */
void HB_(columns_slop)    ( UInt band, ULong band_slop_B, ULong heap_slop_B );

/* Brings the columns up to `now` (a snapshot): the open column is the one
   holding now, its live ends and integrals run to now.  What the next
   event does anyway, so it changes nothing the final file holds. */
void HB_(columns_settle)  ( HbTime now );
/* Closes the last column at the end of the run. */
void HB_(columns_finish)  ( HbTime end );

/* Reading the results, after columns_settle or columns_finish. */
UInt              HB_(columns_count)  ( void );
UInt              HB_(columns_budget) ( void );
HbTime            HB_(columns_width)  ( void );
const HbColumn*   HB_(column)         ( UInt col );
const HbCell*     HB_(cell)           ( UInt col, UInt band );
/* Whether no cell of column col has an allocation or a free (a quiet
   column, not written), and the first band >= from whose cell in col has
   one (n_bands if none): O(1) each, so that writing the file costs the
   cells written. */
Bool              HB_(column_quiet)    ( UInt col );
UInt              HB_(column_next_band)( UInt col, UInt from );
const HbColumnGauges* HB_(column_gauges) ( UInt col );
/* The slop of band `band` in column col, or NULL when slop is not
   tracked.  Only a cell with an event can differ from its band's slop at
   the previous column's end. */
const HbCellSlop*     HB_(cell_slop)     ( UInt col, UInt band );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                             hb_columns.h ---*/
/*--------------------------------------------------------------------*/
