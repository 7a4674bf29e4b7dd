/* massif.h -- --massif=FILE: the run as a massif.out file, which ms_print
 * and massif-visualizer read.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * One snapshot per stored column of the chart (a live chart, stat end, a
 * chart column per stored column: cmd_export.c builds it) at the column's
 * end time, its heap the rows' live bytes summed; and one more, detailed,
 * at the peak (the time the peak was reached, when the chart's time holds
 * it) with the sites' bytes live then as massif's tree: allocation points
 * first, their callers below (site_tree.h), the bands' other sites as one
 * line.  --time-unit is kept (i, B, ms).  Massif's extra heap and stacks
 * are 0: heapband counts requested bytes only.  Cost: one line per column
 * and one per tree node.
 */
#ifndef HEAPBAND_PRINT_MASSIF_H
#define HEAPBAND_PRINT_MASSIF_H

#include <stdio.h>

#include "chart.h"
#include "error.h"
#include "hbfile.h"

/* Write f's chart ch as massif.out; threshold: the per cent of the peak
 * under which tree nodes are folded into one "in N places" line (0: none
 * folded).  Returns 0, or -1 with *err (out of memory, a write error). */
int hb_massif_write(FILE *out, const struct hb_file *f,
                    const struct hb_chart *ch, double threshold,
                    struct hb_error *err);

#endif
