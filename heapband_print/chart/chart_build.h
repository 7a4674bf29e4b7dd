/* chart_build.h -- building the chart of one heap-band file (chart.h) from
 * the parsed file and the selection; and the pieces of a chart that the
 * difference chart (diff_chart.h) builds the same way.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Owns what a chart of one file holds besides its cells (grid.h fills
 * those): its rows, titles, run summary, marks and heap line.  Invariant:
 * a chart that failed to build holds nothing.  Cost: one pass over the
 * cell records and the col records of the columns selected; the rest is
 * linear in the chart's rows, columns and the file's marks.
 */
#ifndef HEAPBAND_PRINT_CHART_BUILD_H
#define HEAPBAND_PRINT_CHART_BUILD_H

#include "chart.h"
#include "error.h"
#include "hbfile.h"
#include "selection.h"

/* Build the chart (live, allocs or lifetime: sel->kind) into *chart.
 * Returns 0, or -1 with the error in err: HB_ERR_USAGE for a selection
 * that cannot be drawn (e.g. "option --from: 5000 is after the end of the
 * run (1000)"), HB_ERR_NOMEM.  The cost is one pass over the cell records
 * of the columns selected (see grid.h). */
int hb_chart_build(const struct hb_file *f, const struct hb_selection *sel,
                   struct hb_chart *chart, struct hb_error *err);

/* ---------------------------------------------- shared with diff_chart.c */

/* The rows of a chart: the bands data_lo .. data_hi with data (have_data),
 * unless --min-size/--max-size choose others; into *first_band and
 * *last_band.  Returns 0, or -1 (--min-size above --max-size) with a usage
 * error. */
int hb_chart_choose_rows(const struct hb_file *f,
                         const struct hb_selection *sel, int have_data,
                         uint64_t data_lo, uint64_t data_hi,
                         uint64_t *first_band, uint64_t *last_band,
                         struct hb_error *err);

/* Give the chart its matrix of rows first_band .. last_band of f (labels
 * and band bounds) by ncols columns, and f's run summary.  Returns 0, or
 * -1 (out of memory, in err). */
int hb_chart_start(struct hb_chart *chart, const struct hb_file *f,
                   uint64_t first_band, uint64_t last_band, size_t ncols,
                   struct hb_error *err);

/* What a cell of a chart of this selection holds, e.g. "average live
 * bytes". */
const char *hb_chart_value_words(const struct hb_selection *sel);

/* The time unit in words for the x axis, e.g. "instructions". */
const char *hb_chart_unit_words(enum hb_unit unit);

/* The words of a chart (see struct hb_chart). */
struct hb_chart_titles {
    const char *title, *chart_name, *value_label, *x_label;
};

/* Give the chart copies of its titles, its time unit's name and what its
 * cells hold (bytes or not, whole numbers or not) for this selection.
 * Returns 0, or -1 (out of memory, in err). */
int hb_chart_set_titles(struct hb_chart *chart,
                        const struct hb_chart_titles *titles,
                        enum hb_unit unit, const struct hb_selection *sel,
                        struct hb_error *err);

#endif
