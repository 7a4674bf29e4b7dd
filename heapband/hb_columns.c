/*--------------------------------------------------------------------*/
/*--- heapband: time columns by size band.            hb_columns.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* - Owns: the column grid (a cell per column and band, the whole heap per
     column) and the live bytes per band now; with --allocator=program a
     second grid of the cells' live slop (end and largest) and the live
     slop per band now, merged as the live bytes are.
   - Invariants (asserted at each column change and merge): heap_live_B is
     the sum of band_live_B; a cell's or column's maximum is at least its
     end; bands at or above bands_in_use have all-zero cells; W only doubles.
   - Cost: O(1) per event, O(bands in use) per column change; the grid is
     bands x budget cells of 64 bytes of address space (2 MB by default),
     of which only the pages of cells that hold something are touched.

   Memory: 252 x 128 cells, 2 MB of address space with the defaults (16.5
   MB at --columns=1024), mapped once as anonymous memory, a band's row of
   cells after another's; a cell that would stay empty is never written, so
   a band live through the whole run touches its row (8 KB at the default
   budget) and one that held a block for a moment a page, instead of every
   band up to the largest in every column.  A clock jump over many columns
   costs at most `budget` column changes per doubling of W.

   Time is cut into columns of width W (a power of two, starting at 1);
   column c holds times [c*W, (c+1)*W).  At most `budget` columns are kept:
   when the clock passes the last one, every pair (2j, 2j+1) is merged into
   column j and W doubles.  Because W only ever doubles from 1, column
   boundaries of a run with a small budget are boundaries of the same run
   with a large one, and merging is exact (sums, maxima and "value at the
   end"), so a small budget loses resolution, never accuracy.

   Per band the module keeps the live bytes now and the time up to which
   the column's time-integral of those bytes has been added (integral_t).
   An event in a band first adds live * (t - integral_t) to the open cell;
   closing a column does the same up to the column's end for every band
   with live bytes. */

#include "hb_columns.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_aspacemgr.h"

static UInt      budget;          /* columns kept at most */
static UInt      n_bands;
static UInt      bands_in_use;    /* 1 + the highest band seen so far */
static HbTime    width = 1;       /* W */
static UInt      open_col = 0;    /* the column receiving events */
static HbTime    open_col_end = 1;/* (open_col + 1) * width */
static Bool      finished = False;
static HbCell*   cells;           /* n_bands * budget, cells[b*budget+col] */
static HbColumn* columns;         /* budget */
static HbColumnGauges* gauges;    /* budget */
static ULong     gauge_now_B[HbGauges];
/* --allocator=program only (else NULL): per cell its band's live slop,
   laid out as `cells`, and per band the live slop now.  A separate grid
   so that Valgrind's allocator pays nothing for it. */
static HbCellSlop* slop_cells;    /* n_bands * budget, as cells */
static ULong     band_slop_B[HB_MAX_BANDS];

/* Per column, a bit per band whose cell has an allocation or a free:
   the cells a file writes, found without reading the other cells, so a
   write costs the records it writes, not columns x bands. */
#define HB_MASK_WORDS (HB_MAX_BANDS / 64)
typedef struct { ULong w[HB_MASK_WORDS]; } BandMask;
static BandMask* event_bands;     /* budget */

static ULong     band_live_B[HB_MAX_BANDS];
static HbTime    band_integral_t[HB_MAX_BANDS];
static ULong     heap_live_B = 0;
static ULong     heap_live_blocks = 0;

/* The grid comes straight from the address-space manager as anonymous
   memory: its pages read as zero and cost nothing until first written, and
   only the bands in use of each column are ever written. */
static void* alloc_zeroed_grid ( SizeT bytes )
{
   void* grid = VG_(am_shadow_alloc)(bytes);
   if (grid == NULL)
      VG_(out_of_memory_NORETURN)("heapband's column grid", bytes);
   return grid;
}

void HB_(columns_init) ( UInt budget_cols, UInt bands, Bool track_slop )
{
   tl_assert(budget_cols >= 2 && budget_cols % 2 == 0);
   tl_assert(bands <= HB_MAX_BANDS);
   budget  = budget_cols;
   n_bands = bands;
   cells   = alloc_zeroed_grid((SizeT)budget * n_bands * sizeof(HbCell));
   columns = VG_(calloc)("hb.columns.cols", budget, sizeof(HbColumn));
   event_bands = VG_(calloc)("hb.columns.events", budget, sizeof(BandMask));
   gauges  = VG_(calloc)("hb.columns.gauges", budget, sizeof(HbColumnGauges));
   if (track_slop)
      slop_cells = alloc_zeroed_grid((SizeT)budget * n_bands
                                     * sizeof(HbCellSlop));
}

static void note_event ( UInt col, UInt band )
{
   event_bands[col].w[band / 64] |= 1ULL << (band % 64);
}

static HbCell* cell_at ( UInt col, UInt band )
{
   return &cells[(SizeT)band * budget + col];
}

static HbCellSlop* slop_at ( UInt col, UInt band )
{
   return &slop_cells[(SizeT)band * budget + col];
}

/* The open column's slop ends, written only where they changed (as the
   live ends, to leave untouched pages untouched). */
static void close_slop ( void )
{
   UInt b;
   for (b = 0; b < bands_in_use; b++) {
      HbCellSlop* s = slop_at(open_col, b);
      if (s->end_B != band_slop_B[b]) s->end_B = band_slop_B[b];
      tl_assert(s->max_B >= s->end_B);
   }
}

/* Adds the band's live bytes from integral_t up to t to the open cell. */
static void integrate_band ( UInt band, HbTime t )
{
   if (band_live_B[band] > 0 && t > band_integral_t[band])
      HB_(u128_add_mul)(&cell_at(open_col, band)->live_integral,
                        band_live_B[band], t - band_integral_t[band]);
   band_integral_t[band] = t;
}

/* Every band in use gets its live end, zero included: a snapshot may have
   closed this column before (HB_(columns_settle)) with other values.  A
   cell that already holds it is not written, so that a band empty in
   this column leaves the cell's page untouched (reading a page that was
   never written costs no memory; writing even a zero would). */
static void close_open_column ( HbTime end )
{
   UInt  b;
   ULong sum_B = 0;
   tl_assert(end <= open_col_end && end >= open_col_end - width);
   for (b = 0; b < bands_in_use; b++) {
      HbCell* cell = cell_at(open_col, b);
      integrate_band(b, end);
      if (cell->live_end_B != band_live_B[b])
         cell->live_end_B = band_live_B[b];
      tl_assert(cell->live_max_B >= band_live_B[b]);
      sum_B += band_live_B[b];
   }
   tl_assert(sum_B == heap_live_B);
   tl_assert(columns[open_col].live_max_B >= heap_live_B);
   columns[open_col].live_end_B = heap_live_B;
   columns[open_col].blocks_end = heap_live_blocks;
   for (b = 0; b < HbGauges; b++)
      gauges[open_col].end_B[b] = gauge_now_B[b];
   if (slop_cells != NULL) close_slop();
}

/* A new column starts with its maxima at the live values it inherits. */
static void start_column ( UInt col )
{
   UInt b;
   tl_assert(col < budget);
   open_col = col;
   open_col_end = (HbTime)(col + 1) * width;
   for (b = 0; b < bands_in_use; b++)   /* the others' cells hold 0 */
      if (band_live_B[b] > 0) cell_at(col, b)->live_max_B = band_live_B[b];
   columns[col].live_max_B = heap_live_B;
   for (b = 0; b < HbGauges; b++)
      gauges[col].max_B[b] = gauge_now_B[b];
   if (slop_cells != NULL)
      for (b = 0; b < bands_in_use; b++)
         if (band_slop_B[b] > 0) slop_at(col, b)->max_B = band_slop_B[b];
}

static void merge_cells ( HbCell* dst, const HbCell* a, const HbCell* b )
{
   HbCell m = *a;
   m.allocs_n += b->allocs_n;   m.allocs_B += b->allocs_B;
   m.frees_n  += b->frees_n;    m.frees_B  += b->frees_B;
   m.live_end_B = b->live_end_B;
   if (b->live_max_B > m.live_max_B) m.live_max_B = b->live_max_B;
   HB_(u128_add)(&m.live_integral, &b->live_integral);
   tl_assert(m.live_max_B >= m.live_end_B
             && m.allocs_n >= a->allocs_n && m.frees_n >= a->frees_n);
   *dst = m;
}

static Bool cell_is_empty ( const HbCell* cell )
{
   static const HbCell empty;
   return VG_(memcmp)(cell, &empty, sizeof(HbCell)) == 0;
}

/* The gauges merge as the columns do: the end of the second half, the
   larger maximum. */
static void merge_gauges ( UInt kept )
{
   UInt j, g;
   for (j = 0; j < kept; j++) {
      HbColumnGauges m = gauges[2 * j + 1];
      for (g = 0; g < HbGauges; g++)
         if (gauges[2 * j].max_B[g] > m.max_B[g])
            m.max_B[g] = gauges[2 * j].max_B[g];
      gauges[j] = m;
   }
   VG_(memset)(&gauges[kept], 0, (budget - kept) * sizeof(HbColumnGauges));
}

/* A band's slop cells merge as its live bytes: the end of the second
   half, the larger maximum; the upper half is emptied. */
static void halve_slop ( UInt kept )
{
   UInt b, j;
   for (b = 0; b < bands_in_use; b++) {
      for (j = 0; j < kept; j++) {
         HbCellSlop m = *slop_at(2 * j + 1, b);
         const HbCellSlop* a = slop_at(2 * j, b);
         if (a->max_B > m.max_B) m.max_B = a->max_B;
         if (m.end_B != slop_at(j, b)->end_B
             || m.max_B != slop_at(j, b)->max_B)
            *slop_at(j, b) = m;
      }
      for (j = kept; j < budget; j++) {
         HbCellSlop* s = slop_at(j, b);
         if (s->end_B != 0 || s->max_B != 0) s->end_B = s->max_B = 0;
      }
   }
}

/* Merges every pair of the `budget` closed columns (budget is even, so
   column budget/2 starts exactly where the old last column ended);
   afterwards the first budget/2 columns hold the run and W has doubled.
   Bands above bands_in_use have only empty cells, so they are skipped;
   an empty cell is never written, so that the pages of cells that never
   held anything stay untouched. */
static void halve_resolution ( void )
{
   UInt kept = budget / 2, j, b;
   tl_assert(open_col == budget - 1 && kept * 2 == budget);
   for (b = 0; b < bands_in_use; b++) {
      for (j = 0; j < kept; j++) {
         HbCell* a = cell_at(2 * j, b);
         HbCell* c = cell_at(2 * j + 1, b);
         if (!cell_is_empty(a) || !cell_is_empty(c)
             || !cell_is_empty(cell_at(j, b)))
            merge_cells(cell_at(j, b), a, c);
      }
      for (j = kept; j < budget; j++)
         if (!cell_is_empty(cell_at(j, b)))
            VG_(memset)(cell_at(j, b), 0, sizeof(HbCell));
   }
   for (j = 0; j < kept; j++) {
      UInt a = 2 * j, c = 2 * j + 1, k;
      for (k = 0; k < HB_MASK_WORDS; k++)
         event_bands[j].w[k] = event_bands[a].w[k] | event_bands[c].w[k];
      columns[j].live_end_B = columns[c].live_end_B;
      columns[j].blocks_end = columns[c].blocks_end;
      columns[j].live_max_B = columns[a].live_max_B > columns[c].live_max_B
                              ? columns[a].live_max_B : columns[c].live_max_B;
      tl_assert(columns[j].live_max_B >= columns[j].live_end_B);
   }
   VG_(memset)(&columns[kept], 0, (budget - kept) * sizeof(HbColumn));
   tl_assert(width * 2 > width);   /* W never wraps around */
   VG_(memset)(&event_bands[kept], 0, (budget - kept) * sizeof(BandMask));
   merge_gauges(kept);
   if (slop_cells != NULL) halve_slop(kept);
   width *= 2;
   open_col = kept;   /* not started yet: the caller starts it */
}

/* Moves the open column forward until it contains t.  Most events fall in
   the open column: one comparison. */
static inline void advance_to ( HbTime t )
{
   while (t >= open_col_end) {
      UInt next;
      close_open_column((HbTime)(open_col + 1) * width);
      next = open_col + 1;
      if (next == budget) {
         halve_resolution();
         next = open_col;
      }
      start_column(next);
   }
   tl_assert(t >= open_col_end - width);   /* time never goes back */
}

static void note_band_used ( UInt band )
{
   if (band >= bands_in_use) bands_in_use = band + 1;
}

static void band_gains ( HbTime t, UInt band, SizeT szB )
{
   HbCell* cell = cell_at(open_col, band);
   tl_assert(band < n_bands);
   note_band_used(band);
   integrate_band(band, t);
   band_live_B[band] += szB;
   note_event(open_col, band);
   cell->allocs_n++;
   cell->allocs_B += szB;
   if (band_live_B[band] > cell->live_max_B)
      cell->live_max_B = band_live_B[band];
   heap_live_B += szB;
   heap_live_blocks++;
}

static void band_loses ( HbTime t, UInt band, SizeT szB )
{
   HbCell* cell = cell_at(open_col, band);
   integrate_band(band, t);
   tl_assert(band < bands_in_use && band_live_B[band] >= szB);
   tl_assert(heap_live_B >= szB && heap_live_blocks > 0);
   band_live_B[band] -= szB;
   note_event(open_col, band);
   cell->frees_n++;
   cell->frees_B += szB;
   heap_live_B -= szB;
   heap_live_blocks--;
}

/* After an event: the open column's maximum of the whole heap. */
static void note_heap_max ( void )
{
   HbColumn* col = &columns[open_col];
   if (heap_live_B > col->live_max_B) col->live_max_B = heap_live_B;
}

void HB_(columns_alloc) ( HbTime t, UInt band, SizeT szB )
{
   advance_to(t);
   band_gains(t, band, szB);
   note_heap_max();
}

void HB_(columns_free) ( HbTime t, UInt band, SizeT szB )
{
   advance_to(t);
   band_loses(t, band, szB);
   note_heap_max();
}

void HB_(columns_realloc) ( HbTime t, UInt old_band, SizeT old_szB,
                            UInt new_band, SizeT new_szB )
{
   advance_to(t);
   band_loses(t, old_band, old_szB);
   band_gains(t, new_band, new_szB);
   note_heap_max();
}

void HB_(columns_gauges) ( HbTime t, ULong foot_B, ULong anon_B,
                           ULong slop_B )
{
   UInt g;
   advance_to(t);
   gauge_now_B[HbGaugeFoot] = foot_B;
   gauge_now_B[HbGaugeAnon] = anon_B;
   gauge_now_B[HbGaugeSlop] = slop_B;
   for (g = 0; g < HbGauges; g++)
      if (gauge_now_B[g] > gauges[open_col].max_B[g])
         gauges[open_col].max_B[g] = gauge_now_B[g];
}

void HB_(columns_slop) ( UInt band, ULong band_slop_B_now, ULong heap_slop_B )
{
   HbCellSlop* s;
   if (slop_cells == NULL) return;
   tl_assert(band < bands_in_use);
   s = slop_at(open_col, band);
   band_slop_B[band] = band_slop_B_now;
   if (band_slop_B_now > s->max_B) s->max_B = band_slop_B_now;
   gauge_now_B[HbGaugeSlop] = heap_slop_B;
   if (heap_slop_B > gauges[open_col].max_B[HbGaugeSlop])
      gauges[open_col].max_B[HbGaugeSlop] = heap_slop_B;
}

/* What the next event at or after `now` does first, so the final
   columns are the same whether or not a snapshot settled them. */
void HB_(columns_settle) ( HbTime now )
{
   tl_assert(!finished);
   advance_to(now);
   close_open_column(now);
}

void HB_(columns_finish) ( HbTime end )
{
   HB_(columns_settle)(end);
   finished = True;
}

UInt   HB_(columns_count)  ( void ) { return open_col + 1; }
UInt   HB_(columns_budget) ( void ) { return budget; }
HbTime HB_(columns_width)  ( void ) { return width; }
const HbColumn* HB_(column) ( UInt col ) { return &columns[col]; }
const HbCell*   HB_(cell)   ( UInt col, UInt band ) { return cell_at(col, band); }
const HbColumnGauges* HB_(column_gauges) ( UInt col ) { return &gauges[col]; }

const HbCellSlop* HB_(cell_slop) ( UInt col, UInt band )
{
   return slop_cells != NULL ? slop_at(col, band) : NULL;
}

Bool HB_(column_quiet) ( UInt col )
{
   UInt k;
   for (k = 0; k < HB_MASK_WORDS; k++)
      if (event_bands[col].w[k] != 0) return False;
   return True;
}

UInt HB_(column_next_band) ( UInt col, UInt from )
{
   UInt k = from / 64;
   ULong word;
   if (from >= n_bands) return n_bands;
   word = event_bands[col].w[k] & (~0ULL << (from % 64));
   for (;;) {
      if (word != 0) return k * 64 + (UInt)__builtin_ctzll(word);
      if (++k == HB_MASK_WORDS) return n_bands;
      word = event_bands[col].w[k];
   }
}

/*--------------------------------------------------------------------*/
/*--- end                                             hb_columns.c ---*/
/*--------------------------------------------------------------------*/
