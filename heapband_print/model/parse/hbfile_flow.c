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
 * The cells and columns are read through the model's matrix cursors
 * (hbfile.h), which say what each band and the heap held when a column
 * began, quiet cells of version 3 included; what the quiet cells of a
 * column hold together is what invariant 5 leaves them.
 *
 * Cost: one pass over the cell and col records after the line pass, with
 * two entries per band; 128-bit products, so nothing overflows.
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

/* What the cell records of one column add up to. */
struct column_events {
    hb_u128 allocs, frees, alloc_bytes, integral, live_end;
};

/* Invariants 12 and 13 for column c against its cells' events, given
 * column c - 1 (`before`, quiet or not: what the heap held at c's start).
 * col is its record, or NULL (versions 1 and 2: all fields zero). */
static int check_column(const struct hb_file *f, uint64_t c,
                        const struct hb_colrec *col,
                        const struct hb_colrec *before,
                        const struct column_events *ev,
                        struct hb_error *err)
{
    static const struct hb_colrec zero;
    const struct hb_colrec *r = col != NULL ? col : &zero;
    unsigned long line = col != NULL
        ? f->cols_line + (unsigned long)(col - f->cols)
        : f->cells_line + (unsigned long)hb_first_cell_from(f, c);
    uint64_t start = before->live_end, blocks = before->blocks_end;
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
    /* The quiet cells (version 3) hold the rest of the heap through the
     * whole span: what the column's LIVE_END leaves to them, since with
     * them its cells add up to it (invariant 5, checked before). */
    hb_u128 quiet = r->live_end > ev->live_end ? r->live_end - ev->live_end
                                               : 0;
    if (ev->integral + quiet * span > (hb_u128)r->live_max * span)
        return hb_error_set(err, HB_ERR_INPUT, line, "column %llu: its "
                            "cells' LIVE_INTEGRAL sum to more than its "
                            "LIVE_MAX %llu times its span %llu", ull(c),
                            ull(r->live_max), ull(span));
    return 0;
}

/* The cells of column c, records *i on: each given to the cell cursor,
 * which says what its band held at the column's start, checked against
 * it, and summed into *ev. */
static int walk_cells(const struct hb_file *f, uint64_t c, size_t *i,
                      struct hb_cell_cursor *cells, struct column_events *ev,
                      struct hb_error *err)
{
    struct hb_cell_step s;
    for (; *i < f->ncells && f->cells[*i].c == c; ++*i) {
        const struct hb_cellrec *rec = &f->cells[*i];
        hb_cells_take(cells, rec, &s);
        if (check_cell(f, *i, s.start, err) < 0)
            return -1;
        ev->allocs += rec->allocs;
        ev->frees += rec->frees;
        ev->alloc_bytes += rec->alloc_bytes;
        ev->integral += rec->live_integral;
        ev->live_end += rec->live_end;
    }
    return 0;
}

int hb_check_flow(const struct hb_file *f, struct hb_error *err)
{
    struct hb_cell_cursor cells;    /* the matrix, read through cursors */
    struct hb_col_cursor cols;
    if (hb_cells_open(&cells, f, 0, f->ncols - 1, 0, f->nbands - 1) < 0)
        return hb_error_nomem(err, "checking a heap-band file");
    hb_cols_open(&cols, f, 0, f->ncols - 1);
    int r = 0;
    size_t i = 0;       /* the cell records, all of them in file order */
    /* Every column with a col record or cells, in increasing order. */
    const struct hb_colrec *col;
    while (r == 0 && (i < f->ncells || hb_cols_peek(&cols) != NULL)) {
        uint64_t c = i < f->ncells ? f->cells[i].c : UINT64_MAX;
        if ((col = hb_cols_peek(&cols)) != NULL && col->c < c)
            c = col->c;
        struct hb_quiet_cols quiet;
        hb_cols_next(&cols, c, &quiet);         /* the columns before c */
        struct hb_colrec before = *hb_cols_carried(&cols);
        col = hb_cols_next(&cols, c + 1, &quiet);
        struct column_events ev = { 0, 0, 0, 0, 0 };
        r = walk_cells(f, c, &i, &cells, &ev, err);
        if (r == 0)
            r = check_column(f, c, col, &before, &ev, err);
    }
    hb_cells_close(&cells);
    return r;
}
