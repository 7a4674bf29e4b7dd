/* leaks.h -- the --leaks report and LeakSanitizer-style suppressions.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Reads the file model only (its site tables and leak records).  A
 * suppression file holds "leak:PATTERN" lines, '#' comments and blank
 * lines; a site is suppressed when a pattern matches the function name or
 * the object file path of one of its frames.  Invariant: nothing here
 * changes the model, prints to stderr or exits.  Cost: one pass over the
 * site records, and per site with bytes at exit one match of every
 * pattern against each of its frames.
 */
#ifndef HEAPBAND_PRINT_LEAKS_H
#define HEAPBAND_PRINT_LEAKS_H

#include <stdio.h>

#include "hbfile.h"
#include "metrics.h"

struct hb_suppressions {
    char **patterns;          /* the text after "leak:" */
    size_t npatterns;
};

/* Add the patterns of the suppression file at path to *s.  Returns 0, or
 * -1 with err filled: HB_ERR_INPUT with the line of a line that is not a
 * comment, blank or "leak:PATTERN" (or the file cannot be read), or
 * HB_ERR_NOMEM. */
int hb_suppressions_load(struct hb_suppressions *s, const char *path,
                         struct hb_error *err);

void hb_suppressions_free(struct hb_suppressions *s);

/* Whether a LeakSanitizer pattern matches text: a substring match, '*'
 * matching any run of characters, a leading '^' and a trailing '$'
 * anchoring the match at the start and the end. */
int hb_suppression_matches(const char *pattern, const char *text);

/* The --leaks report of f, suppressed sites apart when s has patterns.
 * Returns 0, or -1 out of memory (err filled). */
int hb_leaks_report(FILE *out, const struct hb_file *f,
                    const struct hb_suppressions *s, struct hb_error *err);

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
