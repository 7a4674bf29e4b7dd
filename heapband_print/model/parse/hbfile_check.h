/* hbfile_check.h -- the invariants that relate the sections of a
 * heap-band file to each other.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * docs/heapband-format.md ends with the numbered invariants a reader
 * checks.  The grammar (hbfile_parse.c) checks those that one line and the
 * line before it decide: 1 (header), 2 (band table), 3 (col and cell
 * indexes and order), 9 (end), the peak times of 7 and the mark times of
 * 8.  This module checks those that relate records of different sections:
 * 4 (cells against total), 5 (cells against their column), 6 (exit against
 * the last column and the leaks), 7 (peak against the columns and, in
 * version 3, the at-peak lines), 8 (top lines against the sites, versions
 * 1 and 2) and 10 (lifetimes against total).  The version-3 site records
 * are checked against the bands by hbfile_sites.c, with the per-band sums
 * kept here.
 *
 * Invariants 4 and 5 are on the cells, which are most of a file: they are
 * worked out as each cell is stored (hb_check_stored_cell), so that the
 * cells are not read a second time, and reported by hb_check_sections
 * after the line pass.  Each invariant is checked once.  In version 3 a
 * column's cells include the quiet ones: the stored cells go through the
 * model's matrix cursor (hbfile.h), whose quiet sum is then what the
 * column's cells add up to.
 *
 * Invariant: the problem reported is the first one: a problem of the
 * lines before any of these, then 4, 5, 6, 10 and 7 in that order, and
 * within one the first record that breaks it.  Cost: a few additions a
 * cell; one pass over the col, leak, life and at-peak records at the end;
 * in version 3, 48 bytes a band.
 */
#ifndef HEAPBAND_PRINT_HBFILE_CHECK_H
#define HEAPBAND_PRINT_HBFILE_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "hbfile.h"

/* Invariant 5, checked column by column in increasing order as the cells
 * arrive; its first problem is kept to be reported after the line pass. */
struct hb_column_sums {
    size_t next_col;          /* the first col record not yet checked */
    int open;                 /* a column with cells is being summed */
    uint64_t c;               /* that column */
    uint64_t col_live_end, col_live_max;  /* of its col record (0 if none) */
    unsigned long line;       /* its col line, or its first cell's */
    hb_u128 cells_live_end;   /* the sum of its cells' LIVE_END so far */
    struct hb_error problem;  /* the first problem found, if any */
};

/* Version 3: what the cells of one band add up to so far. */
struct hb_band_sums {
    hb_u128 allocs, alloc_bytes;
};

/* What the checks need besides the records: where the summary lines are,
 * and what has been seen so far of the records they follow. */
struct hb_checks {
    unsigned long total_line, peak_line, exit_line;
    uint64_t sites_named;     /* sites the 'top' lines have named so far */
    hb_u128 cell_sums[4];     /* ALLOCS, ALLOC_BYTES, FREES, FREE_BYTES */
    struct hb_column_sums columns;
    struct hb_band_sums *bands;   /* version 3: one per band; else NULL */
    struct hb_cell_cursor cells;  /* version 3: the cells stored so far */
    /* Version 3: the first problem of a band's site records against the
     * band (found as the records are read, reported after the others). */
    struct hb_error sites_problem;
};

/* After the band table: what the checks of f's version need.  Returns 0,
 * or -1 out of memory (in err). */
int hb_checks_start(struct hb_checks *checks, const struct hb_file *f,
                    struct hb_error *err);

void hb_checks_free(struct hb_checks *checks);

/* Invariants 4 and 5, streamed: the last cell of f was just stored (the
 * cells come in increasing column order, and every col record is stored
 * before the first cell). */
void hb_check_stored_cell(struct hb_checks *checks, const struct hb_file *f);

/* Invariant 8, as each 'top' line is read (on line `line`): it names
 * `site`, which must be listed before it and must not come before the
 * sites not yet named.  Returns 0 or -1 with *err filled. */
int hb_check_top_site(struct hb_checks *checks, const struct hb_file *f,
                      uint64_t site, unsigned long line,
                      struct hb_error *err);

/* Invariant 8, at the 'end' line: every site listed is named. */
int hb_check_sites_named(const struct hb_checks *checks,
                         const struct hb_file *f, struct hb_error *err);

/* Invariant 8, version 3, after the line pass: no two frames share an
 * object and an offset, no two sites their frames (hbfile_sites.c).
 * Returns 0 or -1 with *err filled (out of memory too). */
int hb_check_unique_sites(const struct hb_file *f, struct hb_error *err);

/* Invariant 11 (hbfile_flow.c): count blocks of band b can hold `bytes`
 * bytes (count * LO <= bytes <= count * HI; so band 0 holds none). */
int hb_band_bytes_fit(const struct hb_file *f, uint64_t b, uint64_t count,
                      uint64_t bytes);

/* Invariants 12 and 13 (hbfile_flow.c), after the line pass and the
 * others: every cell's and column's live bytes and blocks follow from
 * the events before them, and their live integrals are at most their
 * LIVE_MAX times the span.  Returns 0, or -1 with an input error. */
int hb_check_flow(const struct hb_file *f, struct hb_error *err);

/* After the line pass: invariants 4, 5, 6, 10, 7, 12 and 13 and
 * (version 3) 8, reporting the first problem, in that order.  Returns 0 or -1 with *err
 * filled. */
int hb_check_sections(struct hb_checks *checks, const struct hb_file *f,
                      struct hb_error *err);

#endif
