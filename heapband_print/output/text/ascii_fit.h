/* ascii_fit.h -- the rows of a text chart of one file, chosen so that the
 * whole chart fits the terminal: the file's bands merged (band_merge.h)
 * until it does, empty edges dropped.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Owns the choice of --bands=auto.  Invariant: the chart's cells stay exact
 * sums of the file's bands (band_merge.h); a chart is never merged past
 * HB_BANDS_COARSEST.  Cost: the chart's rows are copied, merged and drawn
 * into memory once per step tried (at most 9), to count its lines.
 */
#ifndef HEAPBAND_PRINT_ASCII_FIT_H
#define HEAPBAND_PRINT_ASCII_FIT_H

#include "ascii.h"
#include "chart.h"
#include "error.h"
#include "hbfile.h"

#include <stdio.h>

/* Give the chart of file f its rows: with step 0 (--bands=auto) the finest
 * step, from the chart's own up, at which the chart drawn with opts takes
 * fewer than `lines` lines (the last one is left for the cursor), or the
 * coarsest; else rows of `step` quarter-octaves.  Empty rows at both edges
 * are dropped unless keep_edges (--min-size or --max-size chose them).
 * Returns 0, or -1 with err: a step finer than the file's bands
 * (HB_ERR_USAGE), out of memory. */
/* Something printed into a stream: 0, or -1 when it could not be. */
typedef int hb_print_fn(FILE *out, const void *ctx);

/* The lines print(ctx) writes, counted by printing into memory (the
 * newlines: what a terminal shows): -1 out of memory or when print
 * fails.  An output's height, measured, not estimated. */
long hb_count_printed_lines(hb_print_fn *print, const void *ctx);

/* The lines of the chart (a difference chart too) drawn with opts; -1 out
 * of memory. */
long hb_ascii_count_lines(const struct hb_chart *ch,
                          const struct hb_ascii_opts *opts);

int hb_ascii_fit_rows(struct hb_chart *ch, const struct hb_file *f,
                      unsigned step, int lines, int keep_edges,
                      const struct hb_ascii_opts *opts, struct hb_error *err);

#endif
