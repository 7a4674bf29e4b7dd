/* leaks.h -- the --leaks report, and what suppressed sites hold at exit.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Reads the file model only (its site tables and leak records); which
 * sites the suppressions match is stack_match.h's.  Invariant: nothing
 * here changes the model, prints to stderr or exits.  Cost: one pass over
 * the site records, and per site with bytes at exit one match of every
 * pattern against each of its frames.
 */
#ifndef HEAPBAND_PRINT_LEAKS_H
#define HEAPBAND_PRINT_LEAKS_H

#include <stdio.h>

#include "hbfile.h"
#include "metrics.h"
#include "stack_match.h"

/* The --leaks report of f, suppressed sites apart when s has patterns.
 * A file with leak kinds (version 4): memcheck's LEAK SUMMARY, then a tree
 * by allocation point and callers of each lost kind (definitely, then
 * indirectly, then possibly lost; still reachable too with `all`), then
 * what each band holds; the trees' lines fit in `width` columns (0: no
 * limit).  A file without: what is live at exit by site and by band.
 * Returns 0, or -1 out of memory (err filled). */
int hb_leaks_report(FILE *out, const struct hb_file *f,
                    const struct hb_suppressions *s, int all, int width,
                    struct hb_error *err);

/* What the sites s suppresses hold at exit in f, over the run and by
 * band, into *out (free it with hb_suppressed_exit_free): what the rules'
 * `leaked` and `leaked-blocks` leave out (metrics.h).  The "other sites"
 * of a band cannot be matched and stay counted.  Returns 0, or -1 out of
 * memory. */
int hb_leaks_suppressed_exit(const struct hb_file *f,
                             const struct hb_suppressions *s,
                             struct hb_suppressed_exit *out,
                             struct hb_error *err);

#endif
