/* band_merge.h -- chart rows made of several of the file's size bands:
 * half-octaves, octaves or coarser, merged exactly at print time.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Owns the grouping of block sizes into rows of a *step*: a number of
 * quarter-octaves (1 quarter, 2 half, 4 octave, 8 two octaves, ... up to
 * HB_BANDS_COARSEST), the same whatever band scheme a file was recorded
 * with, so that two files (`bands: quarter` and `bands: pow2`) can be drawn
 * or compared on the same rows.  Size 0 is always a row of its own; octave
 * k >= 2 is [2^k, 2^(k+1)), its quarters [2^k + q*2^(k-2), ...); octave 1's
 * two sizes 2 and 3 are its first and second half; octave 0 (size 1) is
 * one quarter.
 * Invariant: a merged row holds whole bands of the file (a step finer than
 * the file's bands is refused), and its cells are the sums of its bands'
 * cells: exact for counts, bytes allocated, live bytes at a column's end
 * and average live bytes (an average over the same time is additive); for
 * --stat=max the sum of the bands' peaks, which can exceed the row's own
 * peak (the file does not record it).  Cost: one pass over the cells.
 */
#ifndef HEAPBAND_PRINT_BAND_MERGE_H
#define HEAPBAND_PRINT_BAND_MERGE_H

#include <stddef.h>
#include <stdint.h>

#include "chart.h"
#include "error.h"
#include "hbfile.h"

#define HB_BANDS_QUARTER 1u
#define HB_BANDS_HALF 2u
#define HB_BANDS_OCTAVE 4u
#define HB_BANDS_COARSEST 256u     /* 64 octaves: every size but 0 */

/* The row of block size `size` at `step` quarter-octaves per row (a power
 * of two, 1 .. HB_BANDS_COARSEST): 0 for size 0, rows counted from 1. */
uint64_t hb_band_group(uint64_t size, unsigned step);

/* The finest step whose rows hold whole bands of f: 1 for `bands:
 * quarter`, 4 for `bands: pow2` (read from the band table). */
unsigned hb_band_file_step(const struct hb_file *f);

/* How n contiguous bands (bounds lo[i] .. hi[i], increasing) fall into
 * rows of a step: band i goes to row row_of[i]; row r holds sizes
 * row_lo[r] .. row_hi[r] (the bounds of its bands, so an edge row cut by
 * --min-size holds only what it holds). */
struct hb_band_rows {
    size_t nbands, nrows;
    size_t *row_of;
    uint64_t *row_lo, *row_hi;
};

/* Plan the rows.  Returns 0, or -1 with the error in err: HB_ERR_USAGE
 * when a band spans two rows of the step (the file's bands are coarser:
 * "the file's bands are octaves; a row cannot hold part of one"),
 * HB_ERR_NOMEM. */
int hb_band_rows_plan(struct hb_band_rows *p, const uint64_t *lo,
                      const uint64_t *hi, size_t n, unsigned step,
                      struct hb_error *err);

/* out[row_of[i] * ncols + j] = the sum of in[i * ncols + j] over the bands
 * i of the row; out holds nrows * ncols doubles (overwritten). */
void hb_band_rows_sum(const struct hb_band_rows *p, const double *in,
                      size_t ncols, double *out);

void hb_band_rows_free(struct hb_band_rows *p);

/* Merge the rows of a chart of file f (its rows: f's bands, or rows of a
 * finer step) into rows of `step`: cells summed, labels, bounds, vmax,
 * first_band (the band of row 0's smallest size) and row_step updated.
 * Returns 0, or -1 as hb_band_rows_plan (the chart is unchanged). */
int hb_chart_merge_bands(struct hb_chart *ch, const struct hb_file *f,
                         unsigned step, struct hb_error *err);

/* Merge some of the chart's rows into rows of the coarser step `coarse`:
 * row r (r > 0) with merge[r] set joins row r - 1 when both are in one
 * row of that step.  The chart's row_step stays; row_mixed becomes coarse
 * when a row was joined.  Returns 0, or -1 out of memory (the chart is
 * unchanged). */
int hb_chart_merge_groups(struct hb_chart *ch, const struct hb_file *f,
                          unsigned coarse, const unsigned char *merge,
                          struct hb_error *err);

/* Is every cell of row r 0? */
int hb_chart_row_empty(const struct hb_chart *ch, size_t r);

/* Drop the empty rows (every cell 0) at both edges of the chart, keeping
 * at least one row; first_band follows row 0 (a band of f). */
void hb_chart_trim_rows(struct hb_chart *ch, const struct hb_file *f);

/* Widen the chart's bottom and top rows to every band of f in their rows
 * of the chart's step (row_step): for a chart whose edge bands were chosen
 * by its data, the bands left out hold nothing, and a whole octave reads
 * better than part of one ("16-32", not "24-32"). */
int hb_chart_widen_edges(struct hb_chart *ch, const struct hb_file *f,
                         struct hb_error *err);

/* "a quarter-octave", "a half-octave", "an octave", "2 octaves", ... */
const char *hb_band_step_words(unsigned step);

#endif
