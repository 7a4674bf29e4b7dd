/* site_select.h -- the site records an export writes: a file's (site,
 * band) figures chosen by the chart's selection options.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The exports that keep sites (--pprof, --folded, --dhat, --sites and
 * --leaks with --format=csv|json) read the version-3 site records through
 * here, so that one set of rules picks what they write:
 *   --min-size/--max-size  the bands holding those sizes;
 *   --from/--to            the sites that allocated in that time (their
 *                          site times, at the file's bin resolution); the
 *                          figures stay the whole run's, as the file keeps
 *                          a site's figures for the whole run only;
 *   --threshold=PCT        a site holding under PCT% of the selection's
 *                          total of the --by figure is summed into its
 *                          band's "other sites" record (site 0).
 * Invariant: with no selection the records sum, band by band, to the
 * file's band totals (the "so" records are the site-0 records), so an
 * export's totals are the file's.  Cost: two passes over the site
 * records and an array of one figure per site.
 */
#ifndef HEAPBAND_PRINT_SITE_SELECT_H
#define HEAPBAND_PRINT_SITE_SELECT_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "hbfile.h"
#include "selection.h"
#include "site_tree.h"

/* One site's figures in one band; site 0: the band's other sites (the
 * file's so record plus the sites --threshold folded), nsites of them. */
struct hb_sel_rec {
    uint64_t site, b, nsites;
    struct hb_site_figures fig;
    uint64_t max_bytes;          /* 0 for site 0 */
};

struct hb_site_sel {
    struct hb_sel_rec *recs;     /* by band, then site (0 last) */
    size_t nrecs;
    uint64_t first_band, last_band;
    struct hb_site_figures total;  /* of every record */
};

struct hb_site_sel_opts {
    const struct hb_selection *sel;  /* sizes and times */
    enum hb_site_metric by;          /* what --threshold weighs */
    double threshold;                /* per cent; 0 keeps every site */
};

/* Choose f's records.  Returns 0, or -1 with *err: HB_ERR_USAGE for a
 * file without site records of version 3 (the message says why), or
 * --from/--to on a file without site times; out of memory. */
int hb_site_select(const struct hb_file *f, const struct hb_site_sel_opts *o,
                   struct hb_site_sel *s, struct hb_error *err);

void hb_site_sel_free(struct hb_site_sel *s);

#endif
