/* diff_chart.h -- the difference chart of heapband_print --diff OLD NEW:
 * the matrix of a live or allocs chart of NEW minus the same matrix of
 * OLD, for the outputs to draw with a diverging palette (struct hb_chart,
 * field `diverging`).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Owns the common column layout of two files and the subtraction; the
 * values themselves are the grid's (grid.h), so a cell of a difference
 * chart is exactly NEW's cell minus OLD's.  Invariant: a chart that failed
 * to build holds nothing.  Cost: one pass over the cell records of the
 * columns used, in each file.
 */
#ifndef HEAPBAND_PRINT_DIFF_CHART_H
#define HEAPBAND_PRINT_DIFF_CHART_H

#include "chart.h"
#include "error.h"
#include "hbfile.h"
#include "selection.h"

/* Build the difference chart: two grids (grid.h) on one column layout,
 * subtracted: cells hold NEW minus OLD (signed, 0 where equal), vmax the
 * largest |cell|, diverging = 1, no heap line.  The run summary is NEW's.
 *
 * HB_ALIGN_TIME: chart columns are the same time intervals in both files,
 * whole stored columns of each (their width is a multiple of the larger
 * column width), over [0, the later end time] or --from/--to.  A run that
 * has ended counts as empty heap.
 * HB_ALIGN_FRACTION: the same number of chart columns for both files (at
 * most the stored columns of the shorter), chart column j holding the
 * stored columns [ceil(j*NC/N), ceil((j+1)*NC/N)) of each file: the same
 * fraction of each run.  The chart's times are NEW's.
 *
 * Marks: NEW's, and OLD's that NEW does not have at the same place, named
 * "old: NAME", by time.
 *
 * sel->kind must be live or allocs; --from/--to only with HB_ALIGN_TIME.
 * Returns 0, or -1 with a usage error or HB_ERR_NOMEM in err.  The cost is
 * one pass over the cell records of the columns used, in each file. */
int hb_diff_chart_build(const struct hb_file *old_file,
                        const struct hb_file *new_file,
                        const struct hb_selection *sel, enum hb_align align,
                        struct hb_chart *chart, struct hb_error *err);

#endif
