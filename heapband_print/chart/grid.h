/* grid.h -- the one aggregator of heapband_print: a file's stored columns
 * grouped into chart columns, and the exact value of each group per band.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * A grid maps one file's stored columns c_first .. c_last onto ncols chart
 * columns, each a run of whole stored columns (a group), merged by the
 * format's exact rules (docs/heapband-format.md, "Time, columns and
 * bands"): sums (kept in 128 bits and divided once), maxima, last values.
 * A chart of one file is one grid; a difference chart is two grids on one
 * column layout, subtracted (diff_chart.h).
 *
 * Two ways to group:
 *   time      (HB_ALIGN_TIME) chart column j holds the stored columns of a
 *             time layout's column j: the same time intervals in every file
 *             (a file's stored columns refine the layout's, as widths are
 *             powers of two);
 *   fraction  (HB_ALIGN_FRACTION) chart column j holds the stored columns
 *             [ceil(j*NC/N), ceil((j+1)*NC/N)) of a file of NC columns: the
 *             same fraction of every run.
 *
 * Invariant: every stored column c_first .. c_last is in exactly one chart
 * column, and the chart column of a stored column never decreases as c
 * grows (so the records, sorted by column, fill one chart column after
 * the other).  Cost: filling reads only the cell records of the grid's
 * stored columns, once, with one division per stored column and one per
 * cell of the chart; version 3's quiet cells come a run at a time from
 * the model's matrix cursor (hbfile.h), which first reads the records
 * before the grid's columns once.
 */
#ifndef HEAPBAND_PRINT_GRID_H
#define HEAPBAND_PRINT_GRID_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "hbfile.h"
#include "selection.h"

/* Chart columns over time: columns of `width` (the widest stored column of
 * the files drawn) first .. last, per_col of them to a chart column, over
 * the time [0, end) (the latest end time).  Chart column j covers
 * [(first + j*per_col) * width, min((last_of_j + 1) * width, end)), where
 * last_of_j is its last column, at most `last`. */
struct hb_time_layout {
    uint64_t width, end;
    uint64_t first, last;
    uint64_t per_col;
    size_t ncols;
};

/* The layout for the selection's --from/--to and max_cols.  Returns 0, or
 * -1 with a usage error: --from after --to, or --from after the end time
 * (the message names the end as that of `runs`, e.g. "the run"). */
int hb_time_layout_init(struct hb_time_layout *lay, uint64_t width,
                        uint64_t end, const struct hb_selection *sel,
                        const char *runs, struct hb_error *err);

/* The time chart column j covers, [*start, *end). */
void hb_time_layout_span(const struct hb_time_layout *lay, size_t j,
                         uint64_t *start, uint64_t *end);

struct hb_grid {
    const struct hb_file *f;
    enum hb_align align;
    size_t ncols;              /* chart columns */
    uint64_t c_first, c_last;  /* stored columns used; none if c_first > c_last */
    uint64_t per_col;          /* time: stored columns per chart column */
    const uint64_t *starts;    /* fraction: NULL, or chart column j's first
                                * stored column (ncols + 1 of them, the
                                * last f->ncols), owned by the caller */
};

/* The grid of file f on a time layout (f's column width divides the
 * layout's); stored columns past f's end are not there (an ended run). */
void hb_grid_by_time(struct hb_grid *g, const struct hb_file *f,
                     const struct hb_time_layout *lay);

/* The grid of every stored column of f in ncols (1 .. f->ncols) chart
 * columns, by fraction of the run. */
void hb_grid_by_fraction(struct hb_grid *g, const struct hb_file *f,
                         size_t ncols);

/* The grid of every stored column of f in ncols chart columns, chart
 * column j holding the stored columns [starts[j], starts[j + 1]) (starts
 * increasing, starts[0] = 0, starts[ncols] = f->ncols): the same fraction
 * of each segment between phase marks (diff_chart.c).  A chart column is
 * found by binary search, O(log ncols). */
void hb_grid_by_starts(struct hb_grid *g, const struct hb_file *f,
                       size_t ncols, const uint64_t *starts);

/* The last i < n with sorted[i] <= v (0 if none is); sorted never
 * decreases and n >= 1.  O(log n). */
size_t hb_last_at_most(const uint64_t *sorted, size_t n, uint64_t v);

/* The chart column of stored column c (c_first <= c <= c_last). */
size_t hb_grid_col(const struct hb_grid *g, uint64_t c);

/* The stored columns [*first, *last] of chart column j.  Returns 0 when it
 * has none (a time grid past the file's end). */
int hb_grid_group(const struct hb_grid *g, size_t j, uint64_t *first,
                  uint64_t *last);

/* The file's time under chart column j, [*start, *end); 0 when it has no
 * stored column. */
int hb_grid_span(const struct hb_grid *g, size_t j, uint64_t *start,
                 uint64_t *end);

/* The lowest and highest band of the cells in the grid's stored columns
 * that are not all zero: of the records, and in version 3 of the quiet
 * cells carrying live bytes.  Returns 1, 0 when there is none, or -1 out
 * of memory (in err). */
int hb_grid_bands(const struct hb_grid *g, uint64_t *lo, uint64_t *hi,
                  struct hb_error *err);

/* The value of the selection (sel->kind live or allocs, sel->stat,
 * sel->weight) of every band first_band .. last_band in every chart column
 * into cells[(b - first_band) * ncols + j], which must hold zeros.
 *   allocs: the sum of ALLOCS or ALLOC_BYTES;
 *   live avg: the sum of LIVE_INTEGRAL over the time of the chart column,
 *     x_end[j] - x_start[j] (NULL: the file's own time under it); over a
 *     time of length 0 (a last stored column starting at the end time), the
 *     LIVE_END of its last stored column;
 *   live max: the largest LIVE_MAX;  live end: LIVE_END of its last stored
 *     column.
 * Returns 0, or -1 (out of memory, in err). */
int hb_grid_fill(const struct hb_grid *g, const struct hb_selection *sel,
                 uint64_t first_band, uint64_t last_band,
                 const uint64_t *x_start, const uint64_t *x_end,
                 double *cells, struct hb_error *err);

/* hb_grid_fill into a chart whose row r starts at cells[row_cells[r]]
 * (chart.h; NULL: at r * ncols).  Only the rows hb_grid_data_rows marks
 * are written. */
int hb_grid_fill_rows(const struct hb_grid *g, const struct hb_selection *sel,
                      uint64_t first_band, uint64_t last_band,
                      const uint64_t *x_start, const uint64_t *x_end,
                      const size_t *row_cells, double *cells,
                      struct hb_error *err);

/* has_data[b - first_band] = 1 for every band b first_band .. last_band
 * that hb_grid_fill can give a value other than 0 (a record in the grid's
 * stored columns, or for a live chart of version 3 live bytes carried into
 * them), else 0.  Returns 0, or -1 (out of memory, in err).  One pass over
 * the grid's records. */
int hb_grid_data_rows(const struct hb_grid *g, const struct hb_selection *sel,
                      uint64_t first_band, uint64_t last_band,
                      unsigned char *has_data, struct hb_error *err);

/* The total heap of every chart column: the largest LIVE_MAX of its
 * stored columns (with version 3's quiet ones), into line[j] (zeros on
 * entry). */
void hb_grid_fill_line(const struct hb_grid *g, double *line);

#endif
