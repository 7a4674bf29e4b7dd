/* html_data.h -- what the HTML report needs of a heap-band file besides
 * its charts: the figures of every stored cell, the heap of every stored
 * column, the run's summary and the --sites text of every band, as JSON.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The page re-bins these stored cells when the user zooms, by the rules of
 * grid.h, so that a zoomed view holds the cells --from/--to would give;
 * the charts themselves come from export.h.  Invariant: only reads the
 * file; numbers are written exactly (a band's figures as a string of runs
 * of decimal values, which the page reads with BigInt).  Cost: one pass over the cell and col records plus one entry per
 * stored column and band written (quiet cells derived, version 3).
 */
#ifndef HEAPBAND_PRINT_HTML_DATA_H
#define HEAPBAND_PRINT_HTML_DATA_H

#include <stdio.h>

#include "error.h"
#include "hbfile.h"

/* The most stored cells (columns x bands) the report embeds: 4 times the
 * tool's largest file (1024 columns by 252 bands); 56 MB of memory. */
#define HB_HTML_MAX_CELLS ((uint64_t)1 << 20)

/* Write one JSON object for f, with the stored cells of bands
 * first_band..last_band (see docs/manual/heapband_print.md, "HTML
 * report").  Returns 0, or -1: HB_ERR_USAGE when the file has more than
 * HB_HTML_MAX_CELLS of them, HB_ERR_NOMEM. */
int hb_html_file_json(FILE *out, const struct hb_file *f, const char *name,
                      uint64_t first_band, uint64_t last_band,
                      struct hb_error *err);

#endif
