/* selection.h -- what the user asked to see: which chart, which part of the
 * run and of the sizes, and how a difference chart lines up its two runs.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Plain values, filled by the front ends from the options and read by the
 * chart builders (chart_build.h, diff_chart.h) and the outputs; no code.
 */
#ifndef HEAPBAND_PRINT_SELECTION_H
#define HEAPBAND_PRINT_SELECTION_H

#include <stddef.h>
#include <stdint.h>

enum hb_chart_kind {
    HB_CHART_LIVE, HB_CHART_ALLOCS, HB_CHART_LIFETIME,
    HB_CHART_SLOP            /* version 4, allocator: program */
};
enum hb_stat { HB_STAT_AVG, HB_STAT_MAX, HB_STAT_END };
enum hb_weight { HB_WEIGHT_COUNT, HB_WEIGHT_BYTES };

struct hb_selection {
    enum hb_chart_kind kind;
    enum hb_stat stat;           /* live and slop charts */
    enum hb_weight weight;       /* allocs and lifetime charts */
    int has_from, has_to;
    uint64_t from, to;           /* times, inclusive */
    int has_min_size, has_max_size;
    uint64_t min_size, max_size; /* block sizes in bytes */
    size_t max_cols;             /* most chart columns that fit (>= 1) */
};

/* How the columns of a difference chart (--diff OLD NEW) match the two
 * runs: the same time intervals in both, the same fraction of each run,
 * or the same fraction of each stretch between two phase marks (runs with
 * the same marks).  A chart of one file is always HB_ALIGN_TIME. */
enum hb_align { HB_ALIGN_TIME, HB_ALIGN_FRACTION, HB_ALIGN_MARKS };

#endif
