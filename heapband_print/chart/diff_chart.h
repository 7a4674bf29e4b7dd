/* diff_chart.h -- the difference chart of heapband_print --diff OLD NEW:
 * the matrix of a live or allocs chart of NEW minus the same matrix of
 * OLD, for the outputs to draw with a diverging palette (struct hb_chart,
 * fields `diverging` and `diff`), with its noise marked.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Owns the common column layout of two files and the subtraction; the
 * values themselves are the grid's (grid.h), so a cell of a difference
 * chart is exactly NEW's cell minus OLD's; which changes are noise is a
 * mask beside it.  Invariant: a chart that failed to build holds nothing.
 * Cost: one pass over the cell records of the columns used, in each file,
 * and linear in the marks and the chart's cells.
 */
#ifndef HEAPBAND_PRINT_DIFF_CHART_H
#define HEAPBAND_PRINT_DIFF_CHART_H

#include "chart.h"
#include "error.h"
#include "hbfile.h"
#include "selection.h"

/* The defaults of --min-change: a change is noise when it is smaller
 * than HB_DIFF_MIN_PCT percent of its band's largest value (in either run,
 * over the chart) or than HB_DIFF_MIN_BYTES (charts of bytes; counts: 1).
 * docs/manual/heapband_print.md, "Comparing two runs", says why. */
#define HB_DIFF_MIN_PCT 1.0
#define HB_DIFF_MIN_BYTES 16.0

/* The most cells of a difference chart (unless it has more rows, then one
 * column): with OLD's matrix while it is built, 2^21 x 17 bytes = 34 MiB,
 * whatever the image size. */
#define HB_DIFF_MAX_CELLS ((uint64_t)1 << 21)

struct hb_diff_opts {
    enum hb_align align;
    double min_pct;           /* percent of the band's largest value */
    double min_amount;        /* bytes or counts; < 0: the default */
    unsigned step;            /* rows of this many quarter-octaves
                               * (band_merge.h), both runs merged before
                               * they are subtracted; 0: NEW's bands */
};

/* The alignment when --align is not given: by marks when the runs have
 * the same marks, else by time. */
enum hb_align hb_diff_default_align(const struct hb_file *old_file,
                                    const struct hb_file *new_file);

/* Build the difference chart: two grids (grid.h) on one column layout,
 * subtracted: cells hold NEW minus OLD exactly (signed, 0 where equal);
 * line holds NEW's total heap and diff.old_line OLD's (the largest
 * LIVE_MAX of each chart column); the run summary is NEW's.
 *
 * Noise (diff.noise, drawn blank; the cells keep the exact values): a
 * change smaller than max(min_pct% of the band's largest value in either
 * run, min_amount), or one that a shift of under one chart column
 * explains (NEW's cell within OLD's range over the column and its two
 * neighbours, and OLD's within NEW's).  min_pct = min_amount = 0: only the
 * cells that are equal are noise.  vmax is the largest change that is not
 * noise, in a column where both runs still go on.
 *
 * HB_ALIGN_TIME: chart columns are the same time intervals in both files,
 * whole stored columns of each (their width is a multiple of the larger
 * column width), over [0, the later end time] or --from/--to.  A column
 * that starts after the shorter run's end is marked in diff.ended.
 * HB_ALIGN_FRACTION: the same number of chart columns for both files (at
 * most the stored columns of the shorter), chart column j holding the
 * stored columns [ceil(j*NC/N), ceil((j+1)*NC/N)) of each file: the same
 * fraction of each run.  The chart's times are NEW's.
 * HB_ALIGN_MARKS (the runs have the same marks): the runs cut at their
 * marks, and each stretch between two marks split as under fraction
 * alignment, its columns in proportion to NEW's stretch (marks in one
 * stored column, or more stretches than columns, are merged).
 *
 * Marks: NEW's, and (time and fraction) OLD's that NEW does not have at
 * the same place, named "old: NAME", by time.
 *
 * sel->kind must be live or allocs; --from/--to only with HB_ALIGN_TIME.
 * Returns 0, or -1 with a usage error or HB_ERR_NOMEM in err.  The cost is
 * one pass over the cell records of the columns used, in each file, and
 * O(marks + cells of the chart); at most HB_DIFF_MAX_CELLS cells (fewer
 * columns when the rows are many), two matrices of doubles and a byte per
 * cell while it is built. */
int hb_diff_chart_build(const struct hb_file *old_file,
                        const struct hb_file *new_file,
                        const struct hb_selection *sel,
                        const struct hb_diff_opts *opts,
                        struct hb_chart *chart, struct hb_error *err);

#endif
