/* sites.h -- the --sites report: allocation points and their callers.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * A report of the file model's site tables (struct hb_site, hb_frame and
 * hb_siterec), not of the chart: it reads the parsed file, through
 * site_tree.h for version 3.  Invariant: it only reads the file and
 * writes only to `out`.  Cost: see sites.c.
 */
#ifndef HEAPBAND_PRINT_SITES_H
#define HEAPBAND_PRINT_SITES_H

#include <stdio.h>

#include "error.h"
#include "hbfile.h"
#include "site_tree.h"

/* --threshold's default, per cent: callers under it are folded. */
#define HB_SITES_DEFAULT_THRESHOLD 1.0

/* What the tree is ranked by and where it folds. */
struct hb_sites_opts {
    enum hb_site_metric by;     /* --by */
    double threshold;           /* --threshold: per cent of the whole */
    int ranked;                 /* --by or --threshold given */
};

/* Print the sites of bands first_band..last_band (last_band may be past
 * the last band).  Version 3: the tree of their allocation points and
 * callers, ranked and folded as *so says.  Versions 1 and 2: per band,
 * largest first, its sites as the file's "top" lines rank them.  Returns
 * 0, or -1 with *err filled: out of memory, or (HB_ERR_USAGE) so->ranked
 * for a file of version 1 or 2. */
int hb_sites_report(FILE *out, const struct hb_file *f, uint64_t first_band,
                    uint64_t last_band, const struct hb_sites_opts *so,
                    struct hb_error *err);

/* --leaks (a version-4 file with leak kinds): the tree of f's sites over
 * every band ranked by `by` (HB_SITE_BY_DEFINITELY .. REACHABLE), none
 * folded, after the heading "KIND, by allocation point, then callers: N
 * bytes in K blocks" (or "KIND: none"); each allocation point's line, a
 * loss record, names `kind` ("definitely lost"); no line is longer than
 * `width` (0: no limit): frames are cut, and a point's bands past the
 * width are summed as "N more".  Returns 0, or -1 with *err filled (out of
 * memory). */
int hb_sites_kind_tree(FILE *out, const struct hb_file *f,
                       enum hb_site_metric by, const char *kind, int width,
                       struct hb_error *err);

/* Site `site`'s frames, innermost first, one a line ("       at FRAME",
 * then "       by FRAME"), as hb_frame_format writes them; --leaks prints
 * its sites' stacks with it too. */
void hb_sites_print_frames(FILE *out, const struct hb_file *f, uint64_t site);

#endif
