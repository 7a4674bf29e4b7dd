/* trace_json.h -- --trace-json=FILE: the live chart as Chrome trace events,
 * which Perfetto and Chromium's trace viewer open.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Reads a chart of live bytes at the end of each stored column (stat end,
 * one chart column per stored column; cmd_export.c builds it): one counter
 * track per row with bytes ("live LO-HI", its bytes; a row that holds
 * nothing in the time drawn has none), one for their total ("live
 * total"), each event the live bytes at a column's end, at its end time,
 * written for the first column and then when the value changes; then,
 * for a version-4 file, one track per gauge the chart has ("footprint",
 * "other anon", "live slop": chart.h's gauge_end), written the same way.
 * The marks are global instant events.  Time: one unit of the file (an
 * instruction, a byte) is one microsecond of "ts"; milliseconds are
 * 1000.  Cost: one event per track and column at most.
 */
#ifndef HEAPBAND_PRINT_TRACE_JSON_H
#define HEAPBAND_PRINT_TRACE_JSON_H

#include <stdio.h>

#include "chart.h"
#include "error.h"

/* Write the trace of ch (a live chart, stat end).  Returns 0, or -1 with
 * *err (out of memory, a write error). */
int hb_trace_json_write(FILE *out, const struct hb_chart *ch,
                        struct hb_error *err);

#endif
