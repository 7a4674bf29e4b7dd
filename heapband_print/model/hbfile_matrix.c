/* hbfile_matrix.c -- the full matrix of a heap-band file: the matrix
 * cursor, the one reader of the cells and columns with the quiet ones of
 * version 3 and the gauges of version 4 (see hbfile_matrix.h, which holds
 * its per-record steps inline).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Owns the rule of sections 4 and 5 of docs/heapband-format.md: a band
 * without a cell record in a column carries its LIVE_END through it, a
 * column without a col record its LIVE_END and BLOCKS_END (version 3), a
 * column without an fcol record each gauge's END as its END and MAX, a
 * band without an scell record its SLOP_END (version 4); in versions 1
 * and 2 a missing record is all zeros.  No
 * other file knows it: the chart's grid, the metrics, the --html data,
 * the gauge lines and the parser's checks read the matrix through the
 * cursors here.  The model never stores the derived records (a header may
 * declare 2^64 columns), so the cursors give them as runs: a band's quiet
 * cells between two of its records, or up to a column the caller names.
 *
 * The API, in hbfile_matrix.h (through hbfile.h):
 *   - cells: hb_cells_open / _next (a record and its band's quiet run
 *     before it) / _peek / _skip (a record alone) / _take (the parser's step) /
 *     _rest (a band's run up to a column) / _quiet / _quiet_sum / _close,
 *     hb_quiet_integral; the per-record ones inline in hbfile_matrix.h;
 *   - cols: hb_cols_open / _next / _peek / _carried, hb_col_value;
 *   - gauges (fcol): hb_gauges_open / hb_gauges_span (the merged gauges of
 *     a range of columns), hb_file_gauges (one column);
 *   - cells' slop (scell): hb_slops_open / _upto (a stretch of columns:
 *     each band's largest SLOP_MAX) / _end / _sum / _close;
 *   - hb_same_matrix (two files, quiet ones derived).
 * A new kind of record that carries values through quiet columns gets
 * its rule and its cursor here, beside these, and its users read through
 * it.
 *
 * Invariant: every cell and column a cursor gives (records and runs
 * expanded) is that of the matrix version 2 would have written for the
 * same run, cells that are all zeros left out.  Cost: per record and per
 * run asked for, never per stored column; opening a cell cursor reads the
 * records before its first column once (version 3).
 */
#include "hbfile.h"
#include "search.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The first of the n records of `size` bytes at recs, sorted by column
 * (their first field, as in struct hb_cellrec and hb_colrec), in column c
 * or after it: a binary search. */
_Static_assert(offsetof(struct hb_cellrec, c) == 0
               && offsetof(struct hb_colrec, c) == 0
               && offsetof(struct hb_fcolrec, c) == 0,
               "records start with their column");

struct col_key { const char *recs; size_t size; uint64_t c; };

static int record_before(const void *ctx, size_t i)
{
    const struct col_key *k = ctx;
    uint64_t c;
    memcpy(&c, k->recs + i * k->size, sizeof c);
    return c < k->c;
}

static size_t first_from(const void *recs, size_t n, size_t size, uint64_t c)
{
    const struct col_key k = { recs, size, c };
    return hb_partition_point(n, &k, record_before);
}

size_t hb_first_cell_from(const struct hb_file *f, uint64_t c)
{
    return first_from(f->cells, f->ncells, sizeof *f->cells, c);
}

/* ----------------------------------------------------------- cell cursor */

int hb_cells_open(struct hb_cell_cursor *q, const struct hb_file *f,
                  uint64_t c_first, uint64_t c_last, uint64_t b_first,
                  uint64_t b_last)
{
    size_t nb = b_last >= b_first ? (size_t)(b_last - b_first + 1) : 0;
    *q = (struct hb_cell_cursor){ .f = f, .carries = hb_quiet_carries(f),
                                  .c_first = c_first, .c_last = c_last,
                                  .b_first = b_first, .b_last = b_last };
    q->live = calloc(nb + 1, sizeof *q->live);
    q->from = malloc((nb + 1) * sizeof *q->from);
    if (q->live == NULL || q->from == NULL) {
        hb_cells_close(q);
        return -1;
    }
    for (size_t r = 0; r < nb; r++)
        q->from[r] = c_first;
    q->next = c_first == 0 ? 0 : hb_first_cell_from(f, c_first);
    q->end = c_last + 1 >= f->ncols ? f->ncells
                                    : hb_first_cell_from(f, c_last + 1);
    /* What each band holds at the end of column c_first - 1: its last
     * record's LIVE_END (version 3), that of its record in c_first - 1
     * (versions 1 and 2). */
    size_t i = q->carries || c_first == 0 ? 0
                                          : hb_first_cell_from(f, c_first - 1);
    for (; i < q->next; i++) {
        const struct hb_cellrec *r = &f->cells[i];
        if (r->b < b_first || r->b > b_last)
            continue;
        q->live[r->b - b_first] = r->live_end;
    }
    return 0;
}

void hb_cells_close(struct hb_cell_cursor *q)
{
    free(q->live);
    free(q->from);
    q->live = q->from = NULL;
}

int hb_cells_rest(struct hb_cell_cursor *q, uint64_t b, uint64_t end,
                  struct hb_quiet_cells *run)
{
    size_t r = (size_t)(b - q->b_first);
    uint64_t from = q->from[r], live = q->live[r];
    if (end > q->c_last + 1)
        end = q->c_last + 1;
    run->b = b;
    run->first = 1;
    run->last = 0;
    run->live = 0;
    if (from >= end)
        return 0;
    q->from[r] = end;
    if (!q->carries) {
        q->live[r] = 0;         /* a missing cell is all zeros */
        return 0;
    }
    if (live == 0)
        return 0;
    run->first = from;
    run->last = end - 1;
    run->live = live;
    return 1;
}

uint64_t hb_cells_quiet(const struct hb_cell_cursor *q, uint64_t b)
{
    return q->carries ? q->live[b - q->b_first] : 0;
}

hb_u128 hb_cells_quiet_sum(struct hb_cell_cursor *q)
{
    if (!q->summing && q->carries && q->b_last >= q->b_first) {
        size_t nb = (size_t)(q->b_last - q->b_first + 1);
        for (size_t r = 0; r < nb; r++)
            q->quiet_sum += q->live[r];
    }
    q->summing = q->carries;
    return q->quiet_sum;
}

/* ------------------------------------------------------------ col cursor */

void hb_cols_open(struct hb_col_cursor *q, const struct hb_file *f,
                  uint64_t c_first, uint64_t c_last)
{
    *q = (struct hb_col_cursor){ .f = f, .carries = hb_quiet_carries(f),
                                 .from = c_first, .c_last = c_last };
    q->next = first_from(f->cols, f->ncolrecs, sizeof *f->cols, c_first);
    q->end = first_from(f->cols, f->ncolrecs, sizeof *f->cols, c_last);
    if (q->end < f->ncolrecs && f->cols[q->end].c == c_last)
        q->end++;
    /* Column c_first - 1: the last record before c_first (version 3), or
     * that of column c_first - 1 itself. */
    const struct hb_colrec *prev = q->next > 0 ? &f->cols[q->next - 1] : NULL;
    if (prev != NULL && (q->carries || prev->c + 1 == c_first))
        q->carried = *prev;
    q->carried.c = c_first - 1;
}

const struct hb_colrec *hb_cols_next(struct hb_col_cursor *q, uint64_t end,
                                     struct hb_quiet_cols *quiet)
{
    const struct hb_colrec *rec = q->next < q->end ? &q->f->cols[q->next]
                                                   : NULL;
    if (rec != NULL && rec->c >= end)
        rec = NULL;
    uint64_t upto = rec != NULL ? rec->c : end;
    if (upto > q->c_last + 1)
        upto = q->c_last + 1;
    quiet->first = 1;
    quiet->last = 0;
    quiet->live_end = q->carried.live_end;
    quiet->blocks_end = q->carried.blocks_end;
    if (q->from < upto) {
        if (!q->carries) {
            q->carried = (struct hb_colrec){ 0 };   /* all zeros */
        } else if (quiet->live_end > 0 || quiet->blocks_end > 0) {
            quiet->first = q->from;
            quiet->last = upto - 1;
            q->carried.live_max = q->carried.live_end;
        }
        q->carried.c = upto - 1;
        q->from = upto;
    }
    if (rec != NULL) {
        q->next++;
        q->carried = *rec;
        q->from = rec->c + 1;
    }
    return rec;
}

const struct hb_colrec *hb_cols_peek(const struct hb_col_cursor *q)
{
    return q->next < q->end ? &q->f->cols[q->next] : NULL;
}

const struct hb_colrec *hb_cols_carried(const struct hb_col_cursor *q)
{
    return &q->carried;
}

void hb_col_value(const struct hb_file *f, uint64_t c, struct hb_colrec *col)
{
    struct hb_col_cursor q;
    struct hb_quiet_cols quiet;
    hb_cols_open(&q, f, c, c);
    hb_cols_next(&q, c + 1, &quiet);
    *col = *hb_cols_carried(&q);
}

/* ---------------------------------------------------------- gauge cursor */

/* The gauges of column c without an fcol record, after `prev` (the last
 * record before c, NULL if none): each END and MAX is prev's END. */
static struct hb_fcolrec quiet_gauges(const struct hb_fcolrec *prev,
                                      uint64_t c)
{
    struct hb_fcolrec g = { c, 0, 0, 0, 0, 0, 0 };
    if (prev != NULL) {
        g.foot_end = g.foot_max = prev->foot_end;
        g.anon_end = g.anon_max = prev->anon_end;
        g.slop_end = g.slop_max = prev->slop_end;
    }
    return g;
}

static uint64_t max_u64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

/* g followed by the later column r: r's ENDs, the larger MAXes. */
static void merge_gauges(struct hb_fcolrec *g, const struct hb_fcolrec *r)
{
    g->foot_end = r->foot_end;
    g->anon_end = r->anon_end;
    g->slop_end = r->slop_end;
    g->foot_max = max_u64(g->foot_max, r->foot_max);
    g->anon_max = max_u64(g->anon_max, r->anon_max);
    g->slop_max = max_u64(g->slop_max, r->slop_max);
}

void hb_gauges_open(struct hb_gauge_cursor *q, const struct hb_file *f,
                    uint64_t c_first)
{
    q->f = f;
    q->next = first_from(f->fcols, f->nfcols, sizeof *f->fcols, c_first);
}

/* The quiet columns between two records of the span carry the earlier
 * one's END, at most its MAX: the records alone decide the span's MAX,
 * with the first column's gauges. */
void hb_gauges_span(struct hb_gauge_cursor *q, uint64_t first, uint64_t last,
                    struct hb_fcolrec *g)
{
    const struct hb_fcolrec *r = q->f->fcols;
    size_t n = q->f->nfcols, i;
    while (q->next < n && r[q->next].c < first)
        q->next++;
    i = q->next;
    if (i < n && r[i].c == first)
        *g = r[i++];
    else
        *g = quiet_gauges(i > 0 ? &r[i - 1] : NULL, first);
    for (; i < n && r[i].c <= last; i++)
        merge_gauges(g, &r[i]);
}

struct hb_fcolrec hb_file_gauges(const struct hb_file *f, uint64_t c)
{
    struct hb_gauge_cursor q;
    struct hb_fcolrec g;
    hb_gauges_open(&q, f, c);
    hb_gauges_span(&q, c, c, &g);
    return g;
}

/* ----------------------------------------------------------- slop cursor */

int hb_slops_open(struct hb_slop_cursor *q, const struct hb_file *f,
                  uint64_t b_first, uint64_t b_last)
{
    size_t nb = b_last >= b_first ? (size_t)(b_last - b_first + 1) : 0;
    *q = (struct hb_slop_cursor){ .f = f, .b_first = b_first,
                                  .b_last = b_last };
    q->end = calloc(nb + 1, sizeof *q->end);
    return q->end != NULL ? 0 : -1;
}

void hb_slops_close(struct hb_slop_cursor *q)
{
    free(q->end);
    q->end = NULL;
}

void hb_slops_upto(struct hb_slop_cursor *q, uint64_t c_last, uint64_t *max)
{
    size_t nb = (size_t)(q->b_last - q->b_first + 1);
    memcpy(max, q->end, nb * sizeof *max);    /* the stretch's start */
    for (; q->next < q->f->nscells && q->f->scells[q->next].c <= c_last;
         q->next++) {
        const struct hb_scellrec *s = &q->f->scells[q->next];
        if (s->b < q->b_first || s->b > q->b_last)
            continue;
        size_t r = (size_t)(s->b - q->b_first);
        if (s->slop_max > max[r])
            max[r] = s->slop_max;
        q->sum = q->sum - q->end[r] + s->slop_end;
        q->end[r] = s->slop_end;
    }
}

uint64_t hb_slops_end(const struct hb_slop_cursor *q, uint64_t b)
{
    return q->end[b - q->b_first];
}

hb_u128 hb_slops_sum(const struct hb_slop_cursor *q)
{
    return q->sum;
}

/* ------------------------------------------------------- the whole matrix */

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

struct cell_key { const struct hb_file *z; uint64_t c, b; };

static int cell_before(const void *ctx, size_t i)
{
    const struct cell_key *k = ctx;
    const struct hb_cellrec *m = &k->z->cells[i];
    return m->c < k->c || (m->c == k->c && m->b < k->b);
}

/* z's record of cell (c, b), or NULL: a binary search. */
static const struct hb_cellrec *find_cell(const struct hb_file *z, uint64_t c,
                                          uint64_t b)
{
    const struct cell_key k = { z, c, b };
    size_t lo = hb_partition_point(z->ncells, &k, cell_before);
    return lo < z->ncells && z->cells[lo].c == c && z->cells[lo].b == b
           ? &z->cells[lo] : NULL;
}

const struct hb_cellrec *hb_cell_record(const struct hb_file *f, uint64_t c,
                                        uint64_t b)
{
    return find_cell(f, c, b);
}

/* Whether z holds cell x as one of its records; *n counts the cells
 * looked for, and stops the search past z's records. */
static int cell_in(const struct hb_cellrec *x, const struct hb_file *z,
                   size_t *n)
{
    const struct hb_cellrec *y = ++*n <= z->ncells ? find_cell(z, x->c, x->b)
                                                   : NULL;
    return y != NULL && same_cell(x, y);
}

/* Whether z holds every cell of q's run of quiet cells as a record. */
static int run_in(const struct hb_file *q, const struct hb_quiet_cells *run,
                  const struct hb_file *z, size_t *n)
{
    for (uint64_t c = run->first; c <= run->last; c++) {
        struct hb_cellrec x = { .c = c, .b = run->b, .live_end = run->live,
                                .live_max = run->live };
        x.live_integral = (hb_u128)run->live * (hb_col_span_end(q, c)
                                                - hb_col_start(q, c));
        if (!cell_in(&x, z, n))
            return 0;
    }
    return 1;
}

/* One file carries quiet cells (`q`), the other (`z`) writes them: every
 * cell of q's cursor, quiet ones expanded, must be one of z's records, and
 * as many.  Returns 1, 0, or -1 out of memory. */
static int same_cells(const struct hb_file *q, const struct hb_file *z)
{
    struct hb_cell_cursor cq;
    if (hb_cells_open(&cq, q, 0, q->ncols - 1, 0, q->nbands - 1) < 0)
        return -1;
    struct hb_cell_step s;
    struct hb_quiet_cells run;
    size_t n = 0;
    int same = 1;
    while (same && hb_cells_next(&cq, &s))
        same = run_in(q, &s.quiet, z, &n) && cell_in(s.rec, z, &n);
    for (uint64_t b = 0; same && b < q->nbands; b++)
        if (hb_cells_rest(&cq, b, q->ncols, &run))
            same = run_in(q, &run, z, &n);
    hb_cells_close(&cq);
    return same && n == z->ncells;
}

/* Whether z holds col record x (LIVE_MAX live_max); *n as cell_in. */
static int col_in(const struct hb_colrec *x, const struct hb_file *z,
                  size_t *n)
{
    size_t at = first_from(z->cols, z->ncolrecs, sizeof *z->cols, x->c);
    return ++*n <= z->ncolrecs && at < z->ncolrecs
           && same_col(x, &z->cols[at]);
}

/* same_cells for the columns. */
static int same_cols(const struct hb_file *q, const struct hb_file *z)
{
    struct hb_col_cursor kq;
    struct hb_quiet_cols quiet;
    const struct hb_colrec *rec;
    size_t n = 0;
    int same = 1;
    hb_cols_open(&kq, q, 0, q->ncols - 1);
    do {
        rec = hb_cols_next(&kq, q->ncols, &quiet);
        for (uint64_t c = quiet.first; same && c <= quiet.last; c++) {
            struct hb_colrec x = { c, quiet.live_end, quiet.live_end,
                                   quiet.blocks_end };
            same = col_in(&x, z, &n);
        }
        same = same && (rec == NULL || col_in(rec, z, &n));
    } while (same && rec != NULL);
    return same && n == z->ncolrecs;
}

int hb_same_matrix(const struct hb_file *a, const struct hb_file *b)
{
    if (hb_quiet_carries(a) == hb_quiet_carries(b))
        return same_records(a, b);
    const struct hb_file *q = hb_quiet_carries(a) ? a : b;
    const struct hb_file *z = q == a ? b : a;
    int same = same_cells(q, z);
    return same == 1 ? same_cols(q, z) : same;
}
