/* diff_report.h -- the text report of heapband_print --diff OLD NEW: the
 * two runs' totals side by side, the size bands whose totals changed and
 * the allocation sites whose figures changed.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The figures are those of the metric table (metrics.h): every metric for
 * the run, and the metrics with a band label for each band.  The
 * difference chart that follows the report is diff_chart.h's.
 */
#ifndef HEAPBAND_PRINT_DIFF_REPORT_H
#define HEAPBAND_PRINT_DIFF_REPORT_H

#include <stdio.h>

#include "error.h"
#include "hbfile.h"
#include "site_diff.h"

/* Can the two files be compared?  They need the same time unit and the
 * same band table.  Returns 0, or -1 with the reason in err
 * (HB_ERR_INPUT, no line). */
int hb_diff_compatible(const struct hb_file *old_file,
                       const struct hb_file *new_file, struct hb_error *err);

/* Do the files hold the same data: everything but the header lines cmd,
 * pid, ppid, tool and columns-budget, and the allocation sites (whose
 * stack text depends on where the program was built)? */
int hb_diff_same_data(const struct hb_file *old_file,
                      const struct hb_file *new_file);

/* How many changed sites the text report lists by default (--diff-sites;
 * JSON lists all). */
#define HB_DIFF_SITES_SHOWN 10

/* What the report shows and how. */
struct hb_diff_report_opts {
    const struct hb_site_diff *sites;   /* from hb_site_diff_build */
    size_t max_sites;        /* sites listed (SIZE_MAX: all; 0: no section) */
    int markdown;            /* Markdown tables (--format=markdown), not
                                aligned text */
};

/* The report: the two files, the totals side by side, the bands that
 * changed, then the sites that changed, largest byte change first, at
 * most ro->max_sites of them, or "no differences" when the files hold the
 * same data and sites.  Names are the file names as given.  Returns 0,
 * or -1 when out of memory (err, HB_ERR_NOMEM). */
int hb_diff_report(FILE *out, const struct hb_file *old_file,
                   const struct hb_file *new_file, const char *old_name,
                   const char *new_name, const struct hb_diff_report_opts *ro,
                   struct hb_error *err);

/* The "sites" member of the diff's JSON export, from its name to its
 * closing brace (the caller writes the separators around it): every
 * changed stack of `sites`, in its order, with both files' figures. */
void hb_diff_sites_json(FILE *out, const struct hb_file *old_file,
                        const struct hb_file *new_file,
                        const struct hb_site_diff *sites);

#endif
