/* heaptrack.h -- --heaptrack=FILE: the sites as heaptrack's own data file,
 * the one heaptrack_print and heaptrack_gui read.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Owns: heaptrack's text format, file format 3 (what heaptrack 1.4's
 * heaptrack_interpret writes): strings, instruction pointers (a frame
 * each, with its function, source and line), the trace tree, allocation
 * infos (a size and a trace), and the events: '+' allocates one block
 * of an info, '-' frees one, 'c' is a time stamp in milliseconds.
 *
 * Invariant: the file keeps per (site, band) the blocks and bytes
 * allocated, live at the peak and live at exit, not every event, so the
 * events are rebuilt from them: each record's blocks are split into four
 * groups (live at the peak and at exit, at the peak only, at exit only,
 * neither), each of its count and bytes, sizes within the band (one size,
 * or two a byte apart); one block live at both moments is allocated
 * first, those live at neither are allocated and freed before the peak,
 * a few at a time under the peak, the peak's blocks are allocated at the
 * peak's time, then those freed after it are freed and those allocated
 * after it allocated, up to the end.  So what heaptrack_print prints of
 * the totals (calls, peak, leaked) and of every site (its calls, its
 * bytes at the peak, leaked) equals the file's, and so does the bytes
 * allocated per site; the curve between the peak and the end is rebuilt.
 * heaptrack calls a free temporary when it follows its own block's
 * allocation with no event between: the file does not know those, and
 * the events make none where blocks of two kinds fit under the peak
 * together (hb_heaptrack_write counts the rest as heaptrack will).  With
 * --min-size/--max-size the sites' figures stay exact; the peak heaptrack
 * prints is then at least the selection's bytes at the run's peak.  Time:
 * a millisecond per 1,000,000 units of the file's time (instructions, or
 * bytes; milliseconds as they are).
 *
 * Cost: one pass over the selected records, hash tables of the strings,
 * traces and infos written, the text built in memory and then
 * gzip-compressed when asked.
 */
#ifndef HEAPBAND_PRINT_HEAPTRACK_H
#define HEAPBAND_PRINT_HEAPTRACK_H

#include <stdint.h>
#include <stdio.h>

#include "error.h"
#include "hbfile.h"
#include "site_select.h"

/* The file's time in heaptrack's milliseconds. */
#define HB_HEAPTRACK_UNITS_PER_MS 1000000u

/* Write the records s of f to out, gzip-compressed when gzip is set.
 * *temporaries (if not NULL) is set to the frees heaptrack will call
 * temporary.  Returns 0, or -1 with *err (a write error, out of
 * memory). */
int hb_heaptrack_write(FILE *out, const struct hb_file *f,
                       const struct hb_site_sel *s, int gzip,
                       uint64_t *temporaries, struct hb_error *err);

#endif
