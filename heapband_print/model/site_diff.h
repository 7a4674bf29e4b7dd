/* site_diff.h -- allocation sites compared between two runs, and the sites
 * a pattern names: the per-site part of --diff and of --check.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * A site's figures are its "sb" records summed over the bands (format
 * version 3, section 7).  Sites of two files are matched by stack, frame
 * by frame, and a frame by what does not move between builds:
 *   - its function name, and
 *   - its source file and line when the file names them; else the file
 *     name of its object (without the directory) and, for a function
 *     written "???", its offset in that object (nothing else names it).
 * Sites of one file whose stacks match in this way are one site here
 * (their figures summed).  A site's stack is its frames in order, all of
 * them.  The bands' "other sites" records name no stack: they are summed
 * apart and never matched.
 */
#ifndef HEAPBAND_PRINT_SITE_DIFF_H
#define HEAPBAND_PRINT_SITE_DIFF_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "hbfile.h"

/* One stack whose figures differ between OLD and NEW. */
struct hb_site_change {
    uint64_t old_site, new_site;   /* the stack's first site in each file
                                      (the lowest number), 0: not in it */
    struct hb_site_figures old_v, new_v;
    uint64_t byte_change;          /* the largest |new - old| of the bytes
                                      allocated, at peak and at exit */
    uint64_t block_change;         /* the same of the block counts */
};

struct hb_site_diff {
    /* 0 when a file has no version-3 site tables; then why, in `reason`
     * ("OLD is format version 2"), and nothing else is filled. */
    int available;
    char reason[96];
    /* Largest byte change first, then largest block change, then by the
     * site's number in NEW, then in OLD. */
    struct hb_site_change *changes;
    size_t nchanges;
    size_t nunchanged;             /* stacks in both files, same figures */
    size_t nnew, ngone;            /* of the changes: only in NEW, OLD */
    struct hb_site_figures old_other, new_other;   /* "so" records summed */
};

/* Compare the sites of o and n into *d.  Returns 0, or -1 out of memory
 * (err).  Cost: a sort of both files' frames and one of their sites, then
 * one pass over the site records; memory proportional to the tables. */
int hb_site_diff_build(const struct hb_file *o, const struct hb_file *n,
                       struct hb_site_diff *d, struct hb_error *err);

void hb_site_diff_free(struct hb_site_diff *d);

int hb_site_figures_equal(const struct hb_site_figures *a,
                          const struct hb_site_figures *b);

/* Whether d found a difference: a stack changed, or the other sites. */
int hb_site_diff_any(const struct hb_site_diff *d);

/* Whether f has version-3 site tables; if not, why, into why ("is format
 * version 2", "records no sites (depth: 0)"). */
int hb_site_tables(const struct hb_file *f, char *why, size_t len);

/* The figures of the listed sites of f that have a frame the
 * LeakSanitizer-style pattern matches as a suppression does (its function,
 * object or object+offset: hb_frame_matches), summed, each site once; *nmatched: how many sites.  Returns 0, or -1 out of memory (err).
 * Cost: one match per frame of the table, one pass over the records. */
int hb_site_pattern_figures(const struct hb_file *f, const char *pattern,
                            struct hb_site_figures *sum, size_t *nmatched,
                            struct hb_error *err);

#endif
