/* hbfile_flow.c -- the invariants that tie the figures of a heap-band file
 * to the events that made them: bytes within their bands' bounds
 * (invariant 11), live bytes and blocks that follow from the cells'
 * allocations and frees (12), and live integrals that the live bytes
 * bound (13).  See hbfile_check.h.
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see error.h
 * and the file COPYING.
 *
 * Why: every earlier invariant relates sums to sums, so a file can keep
 * them all and still say that a band averaged 512 TB in a run whose peak
 * is 1 MB, that 2^64 - 1 blocks are live, or that blocks of size 0 held
 * bytes.  The tool cannot write such a file; these relations are what
 * makes that checkable.
 *
 * Cost: one pass over the cell and col records after the line pass, with
 * one entry per band; 128-bit products, so nothing overflows.
 */
#include "hbfile_check.h"

#include <stdlib.h>

int hb_band_bytes_fit(const struct hb_file *f, uint64_t b, uint64_t count,
                      uint64_t bytes)
{
    const struct hb_band *band = &f->bands[b];
    return (hb_u128)count * band->lo <= bytes
           && bytes <= (hb_u128)count * band->hi;
}

/* What a band or the whole heap holds at the end of the last column that
 * has records for it. */
struct carried {
    uint64_t c;          /* that column */
    int seen;            /* 0: no record yet */
    uint64_t live, blocks;
};

/* The value carried into column c: the last record's in version 3; in
 * versions 1 and 2 a missing record means zero, so only the record of
 * column c - 1 carries. */
static uint64_t carried_into(const struct hb_file *f, const struct carried *k,
                             uint64_t c, int blocks)
{
    if (!k->seen || (!hb_quiet_carries(f) && k->c + 1 != c))
        return 0;
    return blocks ? k->blocks : k->live;
}

static unsigned long long ull(uint64_t v)
{
    return (unsigned long long)v;
}

/* Invariants 12 and 13 for cell record i, whose band held `start` bytes
 * when its column began. */
static int check_cell(const struct hb_file *f, size_t i, uint64_t start,
                      struct hb_error *err)
{
    const struct hb_cellrec *r = &f->cells[i];
    unsigned long line = f->cells_line + (unsigned long)i;
    uint64_t span = hb_col_span_end(f, r->c) - hb_col_start(f, r->c);
    hb_u128 in = (hb_u128)start + r->alloc_bytes;
    if (in < r->free_bytes || in - r->free_bytes != r->live_end)
        return hb_error_set(err, HB_ERR_INPUT, line, "cell %llu %llu: "
                            "LIVE_END %llu is not the %llu bytes live at the "
                            "column's start plus ALLOC_BYTES minus "
                            "FREE_BYTES", ull(r->c), ull(r->b),
                            ull(r->live_end), ull(start));
    if (r->live_max < start || r->live_max > in)
        return hb_error_set(err, HB_ERR_INPUT, line, "cell %llu %llu: "
                            "LIVE_MAX %llu is outside the %llu bytes live at "
                            "the column's start and those plus ALLOC_BYTES",
                            ull(r->c), ull(r->b), ull(r->live_max),
                            ull(start));
    if (r->live_integral > (hb_u128)r->live_max * span)
        return hb_error_set(err, HB_ERR_INPUT, line, "cell %llu %llu: "
                            "LIVE_INTEGRAL is more than LIVE_MAX %llu times "
                            "the column's span %llu", ull(r->c), ull(r->b),
                            ull(r->live_max), ull(span));
    return 0;
}

/* What the cells of one column add up to. */
struct column_events {
    hb_u128 allocs, frees, alloc_bytes, integral;
    hb_u128 started;     /* the bytes their bands held at the start */
};

/* Invariants 12 and 13 for column c against its cells' events, given
 * what the heap held at its start.  col is its record, or NULL (versions
 * 1 and 2: all fields zero). */
static int check_column(const struct hb_file *f, uint64_t c,
                        const struct hb_colrec *col,
                        const struct carried *heap,
                        const struct column_events *ev,
                        struct hb_error *err)
{
    static const struct hb_colrec zero;
    const struct hb_colrec *r = col != NULL ? col : &zero;
    unsigned long line = col != NULL
        ? f->cols_line + (unsigned long)(col - f->cols)
        : f->cells_line + (unsigned long)hb_first_cell_from(f, c);
    uint64_t start = carried_into(f, heap, c, 0);
    uint64_t blocks = carried_into(f, heap, c, 1);
    uint64_t span = hb_col_span_end(f, c) - hb_col_start(f, c);
    hb_u128 in = (hb_u128)blocks + ev->allocs;
    if (in < ev->frees || in - ev->frees != r->blocks_end)
        return hb_error_set(err, HB_ERR_INPUT, line, "column %llu: "
                            "BLOCKS_END %llu is not the %llu blocks live at "
                            "its start plus its cells' ALLOCS minus FREES",
                            ull(c), ull(r->blocks_end), ull(blocks));
    if (r->live_max < start || r->live_max > start + ev->alloc_bytes)
        return hb_error_set(err, HB_ERR_INPUT, line, "column %llu: LIVE_MAX "
                            "%llu is outside the %llu bytes live at its start "
                            "and those plus its cells' ALLOC_BYTES", ull(c),
                            ull(r->live_max), ull(start));
    /* The quiet cells of version 3 carry the rest of the heap through the
     * whole span; inv. 5 has made `start` the sum of what every band
     * carries, so the subtraction cannot wrap in a file that got here. */
    hb_u128 quiet = hb_quiet_carries(f) && start > ev->started
                    ? ((hb_u128)start - ev->started) * span : 0;
    if (ev->integral + quiet > (hb_u128)r->live_max * span)
        return hb_error_set(err, HB_ERR_INPUT, line, "column %llu: its "
                            "cells' LIVE_INTEGRAL sum to more than its "
                            "LIVE_MAX %llu times its span %llu", ull(c),
                            ull(r->live_max), ull(span));
    return 0;
}

/* The cells of column c, from record *i on: each checked against what
 * its band carried in, and summed into *ev.  Advances *i past them. */
static int walk_cells(const struct hb_file *f, uint64_t c, size_t *i,
                      struct carried *bands, struct column_events *ev,
                      struct hb_error *err)
{
    for (; *i < f->ncells && f->cells[*i].c == c; (*i)++) {
        const struct hb_cellrec *r = &f->cells[*i];
        struct carried *band = &bands[r->b];
        uint64_t start = carried_into(f, band, c, 0);
        if (check_cell(f, *i, start, err) < 0)
            return -1;
        ev->allocs += r->allocs;
        ev->frees += r->frees;
        ev->alloc_bytes += r->alloc_bytes;
        ev->integral += r->live_integral;
        ev->started += start;
        band->c = c;
        band->seen = 1;
        band->live = r->live_end;
    }
    return 0;
}

int hb_check_flow(const struct hb_file *f, struct hb_error *err)
{
    struct carried *bands = calloc(f->nbands ? f->nbands : 1, sizeof *bands);
    if (bands == NULL)
        return hb_error_nomem(err, "checking a heap-band file");
    struct carried heap = { 0, 0, 0, 0 };
    size_t i = 0, j = 0;
    int r = 0;
    /* Every column with a col record or cells, in increasing order. */
    while (r == 0 && (i < f->ncells || j < f->ncolrecs)) {
        uint64_t c = i < f->ncells ? f->cells[i].c : UINT64_MAX;
        if (j < f->ncolrecs && f->cols[j].c < c)
            c = f->cols[j].c;
        const struct hb_colrec *col =
            j < f->ncolrecs && f->cols[j].c == c ? &f->cols[j++] : NULL;
        struct column_events ev = { 0, 0, 0, 0, 0 };
        r = walk_cells(f, c, &i, bands, &ev, err);
        if (r == 0)
            r = check_column(f, c, col, &heap, &ev, err);
        heap.c = c;
        heap.seen = 1;
        heap.live = col != NULL ? col->live_end : 0;
        heap.blocks = col != NULL ? col->blocks_end : 0;
    }
    free(bands);
    return r;
}
