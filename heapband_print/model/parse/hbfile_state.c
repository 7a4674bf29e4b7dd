/* hbfile_state.c -- the bottom of the parser: its helpers (out of
 * memory, growing arrays, copies of text, band numbers in range) and the
 * storing of "col" and "cell" records, which the general parser
 * (hbfile_records.c) and the fast path (hbfile_fast.c) both go through.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Every other file of model/parse/ calls down into this one; it calls
 * only the checks (hbfile_check.c), the lexer and the utilities, so the
 * parser has no circle.  Invariant: a record is stored only after every
 * check one line decides (range, order against the record before, the
 * fields a version may not leave zero); the cells are reserved for as
 * many as the rest of the input could hold.  Cost: O(1) a record.
 */
#include "hbfile_state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bigmem.h"

int hb_parse_nomem(struct hb_parser *p)
{
    return hb_error_nomem(p->lx.err, "parsing a heap-band file");
}

int hb_parse_grow(struct hb_parser *p, void **arr, size_t *cap, size_t n,
                  size_t elsize)
{
    if (n < *cap)
        return 0;
    size_t ncap = *cap ? *cap * 2 : 16;
    void *a = realloc(*arr, ncap * elsize);
    if (a == NULL)
        return hb_parse_nomem(p);
    *arr = a;
    *cap = ncap;
    return 0;
}

char *hb_parse_text(struct hb_parser *p, const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d == NULL) {
        hb_parse_nomem(p);
        return NULL;
    }
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

static int check_column(struct hb_parser *p, uint64_t c)
{
    if (c >= p->f->ncols)
        return hb_lex_fail(&p->lx, "column %llu is out of range "
                           "(column-count %llu)", (unsigned long long)c,
                           (unsigned long long)p->f->ncols);
    return 0;
}

int hb_parse_check_band(struct hb_parser *p, uint64_t b)
{
    if (b >= p->f->nbands)
        return hb_lex_fail(&p->lx, "band %llu is out of range (band-count "
                           "%llu)", (unsigned long long)b,
                           (unsigned long long)p->f->nbands);
    return 0;
}

/* ---------------------------------------------------------- columns, cells */

int hb_store_col(struct hb_parser *p, const uint64_t *v)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    if (check_column(p, v[0]) < 0)
        return -1;
    if (f->ncolrecs > 0 && v[0] <= f->cols[f->ncolrecs - 1].c)
        return hb_lex_fail(lx, "'col %llu' is out of order or repeated",
                           (unsigned long long)v[0]);
    /* Version 3 writes a column exactly when it has cells, even if its
     * fields are all zero (a zero-size block allocated and freed). */
    if (v[1] == 0 && v[2] == 0 && v[3] == 0 && !hb_quiet_carries(f))
        return hb_lex_fail(lx, "'col' record with all fields zero");
    if (v[1] > v[2])
        return hb_lex_fail(lx, "column %llu: LIVE_END is larger than "
                           "LIVE_MAX", (unsigned long long)v[0]);
    if (HB_PARSE_GROW(p, f->cols, p->cap_cols, f->ncolrecs) < 0)
        return -1;
    struct hb_colrec *r = &f->cols[f->ncolrecs++];
    r->c = v[0];
    r->live_end = v[1];
    r->live_max = v[2];
    r->blocks_end = v[3];
    if (f->ncolrecs == 1)
        f->cols_line = lx->lineno;
    return 0;
}

/* The shortest "cell" line ("cell 0 0 0 0 0 0 0 1 0\n"). */
#define MIN_CELL_LINE 23

/* The cells are most of a file.  Reserve room for as many as the rest of
 * the input could hold (as far as its size is known): address space only, the pages are touched as
 * cells are stored; in huge pages when it is large (bigmem.h). */
static int reserve_cells(struct hb_parser *p)
{
    struct hb_file *f = p->f;
    uint64_t more = hb_lex_bytes_left(&p->lx) / MIN_CELL_LINE;
    if (more > SIZE_MAX / 2)
        more = SIZE_MAX / 2;
    size_t want = f->ncells + (size_t)more + 16;
    if (want < 2 * p->cap_cells)
        want = 2 * p->cap_cells;
    size_t bytes = want * sizeof *f->cells;
    if (bytes / sizeof *f->cells != want)
        return hb_parse_nomem(p);
    void *cells = hb_huge_alloc(&bytes);
    if (cells == NULL)
        cells = malloc(bytes);
    if (cells == NULL)
        return hb_parse_nomem(p);
    if (f->ncells > 0)
        memcpy(cells, f->cells, f->ncells * sizeof *f->cells);
    free(f->cells);
    f->cells = cells;
    p->cap_cells = want;
    return 0;
}

int hb_store_cell(struct hb_parser *p, const uint64_t *v, hb_u128 integral)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    if (check_column(p, v[0]) < 0 || hb_parse_check_band(p, v[1]) < 0)
        return -1;
    if (f->ncells > 0) {
        const struct hb_cellrec *prev = &f->cells[f->ncells - 1];
        if (v[0] < prev->c || (v[0] == prev->c && v[1] <= prev->b))
            return hb_lex_fail(lx, "'cell %llu %llu' is out of order or "
                               "repeated", (unsigned long long)v[0],
                               (unsigned long long)v[1]);
    }
    if (hb_quiet_carries(f)) {
        if (v[2] == 0 && v[4] == 0)
            return hb_lex_fail(lx, "'cell' record without allocations or "
                               "frees (version 3 does not write quiet "
                               "cells)");
    } else if (!(v[2] | v[3] | v[4] | v[5] | v[6] | v[7]) && integral == 0) {
        return hb_lex_fail(lx, "'cell' record with all fields zero");
    }
    if (v[6] > v[7])
        return hb_lex_fail(lx, "cell %llu %llu: LIVE_END is larger than "
                           "LIVE_MAX", (unsigned long long)v[0],
                           (unsigned long long)v[1]);
    if (!hb_band_bytes_fit(f, v[1], v[2], v[3])
        || !hb_band_bytes_fit(f, v[1], v[4], v[5]))
        return hb_lex_fail(lx, "cell %llu %llu: ALLOC_BYTES or FREE_BYTES "
                           "does not fit its blocks in the band's sizes",
                           (unsigned long long)v[0],
                           (unsigned long long)v[1]);
    if (f->ncells == p->cap_cells && reserve_cells(p) < 0)
        return -1;
    struct hb_cellrec *r = &f->cells[f->ncells++];
    r->c = v[0];
    r->b = v[1];
    r->allocs = v[2];
    r->alloc_bytes = v[3];
    r->frees = v[4];
    r->free_bytes = v[5];
    r->live_end = v[6];
    r->live_max = v[7];
    r->live_integral = integral;
    if (f->ncells == 1) {
        f->cells_line = lx->lineno;
        f->cells_b_lo = f->cells_b_hi = r->b;
    }
    if (r->b < f->cells_b_lo)
        f->cells_b_lo = r->b;
    if (r->b > f->cells_b_hi)
        f->cells_b_hi = r->b;
    hb_check_stored_cell(&p->checks, f);
    return 0;
}

/* "KEYWORD" and n numbers into v[]; *line is set to its line. */
int hb_parse_summary_record(struct hb_parser *p, const char *keyword,
                            size_t n, uint64_t *v, unsigned long *line)
{
    char what[64];
    snprintf(what, sizeof what, "'%s' line", keyword);
    if (hb_lex_need_line(&p->lx, what) < 0
        || hb_lex_expect_record(&p->lx, keyword, n) < 0
        || hb_lex_u64s(&p->lx, 1, n, v) < 0)
        return -1;
    *line = p->lx.lineno;
    return 0;
}
