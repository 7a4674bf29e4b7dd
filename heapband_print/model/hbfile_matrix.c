/* hbfile_matrix.c -- the cells and columns a heap-band file leaves out:
 * the quiet ones of version 3, derived from the records before them (see
 * hbfile.h).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Owns the rule of sections 4 and 5 of docs/heapband-format.md: a band
 * without a cell record in a column carries its LIVE_END through it, a
 * column without a col record its LIVE_END and BLOCKS_END.  The model never
 * stores the derived records (a header may declare 2^64 columns): these
 * queries give what a reader needs where it reads, and the chart's grid
 * (grid.c) carries the values through the columns it merges.
 *
 * Invariant: every answer is that of the matrix version 2 would have
 * written for the same run.  Cost: hb_live_before reads the records
 * before its column once; hb_same_matrix reads each file's records once,
 * and derives at most as many cells as the other file has records.
 */
#include "hbfile.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The first of the n records of `size` bytes at recs, sorted by column
 * (their first field, as in struct hb_cellrec and hb_colrec), in column c
 * or after it: a binary search. */
_Static_assert(offsetof(struct hb_cellrec, c) == 0
               && offsetof(struct hb_colrec, c) == 0,
               "records start with their column");

static size_t first_from(const void *recs, size_t n, size_t size, uint64_t c)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        uint64_t mid_c;
        memcpy(&mid_c, (const char *)recs + mid * size, sizeof mid_c);
        if (mid_c < c)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

size_t hb_first_cell_from(const struct hb_file *f, uint64_t c)
{
    return first_from(f->cells, f->ncells, sizeof *f->cells, c);
}

void hb_live_before(const struct hb_file *f, uint64_t c, uint64_t first,
                    uint64_t last, uint64_t *live)
{
    memset(live, 0, (size_t)(last - first + 1) * sizeof *live);
    if (!hb_quiet_carries(f))
        return;
    size_t end = hb_first_cell_from(f, c);
    for (size_t i = 0; i < end; i++)
        if (f->cells[i].b >= first && f->cells[i].b <= last)
            live[f->cells[i].b - first] = f->cells[i].live_end;
}

const struct hb_colrec *hb_col_before(const struct hb_file *f, uint64_t c)
{
    size_t at = first_from(f->cols, f->ncolrecs, sizeof *f->cols, c);
    return hb_quiet_carries(f) && at > 0 ? &f->cols[at - 1] : NULL;
}

/* ------------------------------------------------------- the whole matrix */

/* A walk through a file's cells, or its columns, as version 2 wrote them:
 * the records, and the derived quiet ones that are not all zero, in file
 * order.  Where nothing is carried the walk jumps to the next record;
 * where something is, every column has a record, so a walk compared with
 * another file's records stops, at the latest, one past them. */
struct walk {
    const struct hb_file *f;
    size_t next;          /* the next record */
    uint64_t c, b;        /* the next position to look at */
    uint64_t *live;       /* cells: each band's carried LIVE_END */
    uint64_t nlive;       /* cells: the bands carrying a LIVE_END > 0 */
    struct hb_colrec col; /* columns: the values carried */
};

static void carry(struct walk *w, uint64_t b, uint64_t live_end)
{
    w->nlive -= w->live[b] > 0;
    w->nlive += live_end > 0;
    w->live[b] = live_end;
}

/* The next cell of the walk into *out: 1, or 0 at the end. */
static int walk_cell(struct walk *w, struct hb_cellrec *out)
{
    const struct hb_file *f = w->f;
    for (;;) {
        const struct hb_cellrec *r = w->next < f->ncells ? &f->cells[w->next]
                                                         : NULL;
        if (w->nlive == 0) {
            if (r == NULL)
                return 0;
            w->c = r->c;
            w->b = r->b;
        }
        if (w->b == f->nbands) {
            w->c++;
            w->b = 0;
        }
        if (w->c >= f->ncols)
            return 0;
        uint64_t b = w->b++;
        if (r != NULL && r->c == w->c && r->b == b) {
            w->next++;
            carry(w, b, r->live_end);
            *out = *r;
            return 1;
        }
        uint64_t live = w->live[b];
        if (live > 0) {
            memset(out, 0, sizeof *out);
            out->c = w->c;
            out->b = b;
            out->live_end = out->live_max = live;
            out->live_integral = (hb_u128)live * (hb_col_span_end(f, w->c)
                                                  - hb_col_start(f, w->c));
            return 1;
        }
    }
}

/* The next column of the walk into *out: 1, or 0 at the end. */
static int walk_col(struct walk *w, struct hb_colrec *out)
{
    const struct hb_file *f = w->f;
    const struct hb_colrec *r = w->next < f->ncolrecs ? &f->cols[w->next]
                                                      : NULL;
    int carried = w->col.live_end > 0 || w->col.blocks_end > 0;
    if (!carried) {
        if (r == NULL)
            return 0;
        w->c = r->c;
    }
    if (w->c >= f->ncols)
        return 0;
    if (r != NULL && r->c == w->c) {
        w->next++;
        w->col = *r;
        *out = *r;
    } else {
        *out = w->col;
        out->c = w->c;
        out->live_max = out->live_end;
    }
    w->c++;
    return 1;
}

static int same_cell(const struct hb_cellrec *x, const struct hb_cellrec *y)
{
    return x->c == y->c && x->b == y->b && x->allocs == y->allocs
           && x->alloc_bytes == y->alloc_bytes && x->frees == y->frees
           && x->free_bytes == y->free_bytes && x->live_end == y->live_end
           && x->live_max == y->live_max
           && x->live_integral == y->live_integral;
}

static int same_col(const struct hb_colrec *x, const struct hb_colrec *y)
{
    return x->c == y->c && x->live_end == y->live_end
           && x->live_max == y->live_max && x->blocks_end == y->blocks_end;
}

/* Files that store their quiet cells alike: the records decide. */
static int same_records(const struct hb_file *a, const struct hb_file *b)
{
    if (a->ncells != b->ncells || a->ncolrecs != b->ncolrecs)
        return 0;
    for (size_t i = 0; i < a->ncells; i++)
        if (!same_cell(&a->cells[i], &b->cells[i]))
            return 0;
    for (size_t i = 0; i < a->ncolrecs; i++)
        if (!same_col(&a->cols[i], &b->cols[i]))
            return 0;
    return 1;
}

/* One file carries quiet cells (`q`), the other (`z`) writes them: q's
 * walk must give z's records, one by one. */
static int same_walks(const struct hb_file *q, const struct hb_file *z)
{
    struct walk w = { .f = q, .next = 0, .c = 0, .b = 0, .live = NULL,
                      .nlive = 0, .col = { 0 } };
    if ((w.live = calloc((size_t)q->nbands, sizeof *w.live)) == NULL)
        return -1;
    struct hb_cellrec cell;
    size_t i = 0;
    int same = 1;
    while (same && walk_cell(&w, &cell))
        same = i < z->ncells && same_cell(&cell, &z->cells[i++]);
    same = same && i == z->ncells;
    free(w.live);
    w = (struct walk){ .f = q, .next = 0, .c = 0, .b = 0, .live = NULL,
                       .nlive = 0, .col = { 0 } };
    struct hb_colrec col;
    i = 0;
    while (same && walk_col(&w, &col))
        same = i < z->ncolrecs && same_col(&col, &z->cols[i++]);
    return same && i == z->ncolrecs;
}

int hb_same_matrix(const struct hb_file *a, const struct hb_file *b)
{
    if (hb_quiet_carries(a) == hb_quiet_carries(b))
        return same_records(a, b);
    return hb_quiet_carries(a) ? same_walks(a, b) : same_walks(b, a);
}
