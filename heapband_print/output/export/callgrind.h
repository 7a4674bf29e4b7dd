/* callgrind.h -- --callgrind=FILE: the sites in callgrind's profile
 * format, which callgrind_annotate and KCachegrind read: the bytes each
 * function and source line allocates and holds, in total and per size
 * band.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Owns: the events (AllocBytes, Allocs, PeakBytes, ExitBytes, LeakedBytes
 * (definitely and indirectly lost, 0 without memcheck's kinds), then per
 * row of --bands, octaves by default, B<LO> the bytes allocated and P<LO>
 * the bytes live at the peak in the row whose sizes start at LO, for the
 * rows that have any), a function per frame's function (object, source
 * file and name; "0xOFFSET" without a name), self costs at the line of a
 * site's innermost frame, and a call per pair of neighbouring frames, its
 * count the blocks allocated through it; every site's outermost frame is
 * called by the pseudo-function "(callers not recorded)".
 *
 * Invariant: a function's inclusive cost as callgrind_annotate
 * --inclusive=yes adds it up (the sum of the calls into it) is exactly the
 * figures of the sites its function appears in: a site that passes
 * through a function twice (recursion) puts its costs on the call into
 * the outermost frame of that function only.  The self costs sum to the
 * selection's totals (the summary line), which the root's inclusive cost
 * is.  KCachegrind, which adds a function's own and outgoing costs, shows
 * the same inclusive figures for a function that does not recurse.
 *
 * Cost: one pass over the selected records and their frames, tables of
 * the functions, lines and calls met.
 */
#ifndef HEAPBAND_PRINT_CALLGRIND_H
#define HEAPBAND_PRINT_CALLGRIND_H

#include <stdio.h>

#include "error.h"
#include "hbfile.h"
#include "site_select.h"

/* Whether f's bands fit rows of `step` (0: octaves): 0, or -1 with *err
 * (HB_ERR_USAGE, "option --bands: ..."), before a file is opened. */
int hb_callgrind_check(const struct hb_file *f, unsigned step,
                       struct hb_error *err);

/* Write the records s of f, the band rows `step` quarter-octaves each
 * (band_merge.h; 0: octaves).  Returns 0, or -1 with *err: HB_ERR_USAGE
 * for a step finer than the file's bands, HB_ERR_OUTPUT (a write
 * error), HB_ERR_NOMEM. */
int hb_callgrind_write(FILE *out, const struct hb_file *f,
                       const struct hb_site_sel *s, unsigned step,
                       struct hb_error *err);

#endif
