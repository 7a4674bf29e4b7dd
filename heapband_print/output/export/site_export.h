/* site_export.h -- --sites and --leaks with --format=csv|json: every
 * figure per site and band, for scripts.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The selected (site, band) records (site_select.h), one CSV line or one
 * JSON object each, with the site's frames and, when the file has them,
 * the leak kinds of its blocks live at exit; --leaks keeps the records with
 * lost blocks (--leaks=all, or a file without kinds: with blocks live at
 * exit) and says of each whether a suppression matches its site.  docs/manual/heapband_print.md ("Sites and leaks as CSV and JSON")
 * gives the columns and members.  Cost: one line per record, and per
 * record its site's frames.
 */
#ifndef HEAPBAND_PRINT_SITE_EXPORT_H
#define HEAPBAND_PRINT_SITE_EXPORT_H

#include <stdio.h>

#include "error.h"
#include "hbfile.h"
#include "site_select.h"
#include "stack_match.h"

/* What the records are for: --sites, bare --leaks, --leaks=all (the
 * values of hb_options' leaks). */
enum hb_site_export_what {
    HB_SITE_EXPORT_SITES, HB_SITE_EXPORT_LOST, HB_SITE_EXPORT_ALL
};

struct hb_site_export_opts {
    int json;                         /* else CSV */
    enum hb_site_export_what leaks;
    const struct hb_suppressions *supp;  /* --leaks: NULL for none */
};

/* Write the records s of f.  Returns 0, or -1 with *err (a write
 * error). */
int hb_site_export(FILE *out, const struct hb_file *f,
                   const struct hb_site_sel *s,
                   const struct hb_site_export_opts *o,
                   struct hb_error *err);

#endif
