/* fuzz_parse.c -- libFuzzer harness for heapband_print's file model.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Every input goes through hb_parse() with the fast path (HB_PARSE_FAST);
 * inputs it accepts also go through the chart builder and every output
 * mode (fuzz_modes.c: text, CSV, JSON, PNG, SVG, --sites, --leaks,
 * --check, --diff against itself), so that a file the parser lets through
 * cannot crash what comes after it; and every input is parsed a second
 * time by the general parser alone (HB_PARSE_GENERAL), and a third time
 * as a stream read in small pieces (hb_parse_stream): each must give the
 * same records or the same error.  A version-3 file small enough is also
 * expanded into the matrix version 2 would have written (its quiet cells
 * and columns derived one by one, the obvious way): its charts, CSV, JSON
 * and band metrics must be those of the file, whose quiet cells the grid
 * and the metrics derive a run at a time.  Build with tests/fuzz/build.sh; see tests/fuzz/README.md.
 */
#define _POSIX_C_SOURCE 200809L     /* open_memstream */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_modes.h"
#include "hbfile.h"
#include "metrics.h"

/* Every chart, whole and with a selection of the middle third of the run
 * and of the sizes 2..4096; with `all_modes`, the whole charts also drawn
 * as images (the selections only change which cells are drawn), and every
 * other mode (fuzz_modes.h). */
static void draw_all(const struct hb_file *f, FILE *sink, int all_modes)
{
    static const enum hb_chart_kind kinds[] = {
        HB_CHART_LIVE, HB_CHART_ALLOCS, HB_CHART_LIFETIME, HB_CHART_SLOP
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        struct hb_selection sel = { 0 };
        sel.kind = kinds[i];
        sel.stat = (enum hb_stat)(i % 3);
        sel.max_cols = 7;
        hb_fuzz_chart(f, &sel, (int)(i == 1), all_modes, sink);
        sel.stat = (enum hb_stat)((i + 1) % 3);
        sel.weight = HB_WEIGHT_BYTES;
        sel.max_cols = 3;
        sel.has_min_size = sel.has_max_size = 1;
        sel.min_size = 2;
        sel.max_size = 4096;
        if (kinds[i] != HB_CHART_LIFETIME) {
            sel.has_from = sel.has_to = 1;
            sel.from = f->end_time / 3;
            sel.to = f->end_time / 3 * 2;
        }
        hb_fuzz_chart(f, &sel, 0, 0, sink);
    }
    if (all_modes)
        hb_fuzz_other_modes(f, sink);
}

/* ------------------------------------------- version 3 against its expansion */

/* The matrix of version-3 file f as version 2 wrote it: every cell and
 * column whose fields are not all zero, the quiet ones derived column by
 * column.  *e shares everything else with f.  Returns 0, or -1 when f is
 * not version 3, too large to expand, or memory runs out. */
static int expand(const struct hb_file *f, struct hb_file *e)
{
    if (f->version < 3 || f->ncols > 4096 || f->nbands > 65536
        || f->ncols * f->nbands > 65536)
        return -1;
    *e = *f;
    e->version = 2;
    e->cells = calloc((size_t)(f->ncols * f->nbands) + 1, sizeof *e->cells);
    e->cols = calloc((size_t)f->ncols + 1, sizeof *e->cols);
    uint64_t *live = calloc((size_t)f->nbands, sizeof *live);
    if (e->cells == NULL || e->cols == NULL || live == NULL) {
        free(e->cells);
        free(e->cols);
        free(live);
        return -1;
    }
    e->ncells = e->ncolrecs = 0;
    size_t next = 0, next_col = 0;
    struct hb_colrec col = { 0, 0, 0, 0 };
    for (uint64_t c = 0; c < f->ncols; c++) {
        uint64_t span = hb_col_span_end(f, c) - hb_col_start(f, c);
        for (uint64_t b = 0; b < f->nbands; b++) {
            struct hb_cellrec cell = { c, b, 0, 0, 0, 0, live[b], live[b],
                                       (hb_u128)live[b] * span };
            if (next < f->ncells && f->cells[next].c == c
                && f->cells[next].b == b)
                cell = f->cells[next++];
            live[b] = cell.live_end;
            if (cell.allocs || cell.alloc_bytes || cell.frees
                || cell.free_bytes || cell.live_end || cell.live_max
                || cell.live_integral) {
                if (e->ncells == 0 || b < e->cells_b_lo)
                    e->cells_b_lo = b;
                if (e->ncells == 0 || b > e->cells_b_hi)
                    e->cells_b_hi = b;
                e->cells[e->ncells++] = cell;
            }
        }
        if (next_col < f->ncolrecs && f->cols[next_col].c == c) {
            col = f->cols[next_col++];
        } else {
            col.c = c;
            col.live_max = col.live_end;
        }
        if (col.live_end || col.live_max || col.blocks_end)
            e->cols[e->ncolrecs++] = col;
    }
    free(live);
    return 0;
}

/* Everything draw_all writes, and the band metrics, into a buffer. */
static char *outputs(const struct hb_file *f, size_t *len)
{
    char *buf = NULL;
    FILE *m = open_memstream(&buf, len);
    if (m == NULL)
        return NULL;
    draw_all(f, m, 0);
    uint64_t *all = hb_metric_all_bands(f);
    for (uint64_t b = 0; all != NULL && b < f->nbands * HB_NMETRICS; b++)
        fprintf(m, "%llu ", (unsigned long long)all[b]);
    free(all);
    for (int k = 0; k < HB_NMETRICS; k++) {
        hb_u128 v = 0;
        uint64_t last = f->nbands - 1;
        if (hb_metric_bands(f, (enum hb_metric)k, 0, last, &v) == 0)
            fprintf(m, "%llu:%llu ", (unsigned long long)(v >> 64),
                    (unsigned long long)v);
        if (hb_metric_bands(f, (enum hb_metric)k, last / 3, last / 2, &v) == 0)
            fprintf(m, "%llu:%llu ", (unsigned long long)(v >> 64),
                    (unsigned long long)v);
    }
    fclose(m);
    return buf;
}

/* A version-3 file and its expansion give the same outputs, and
 * hb_same_matrix finds them the same. */
static void compare_expanded(const struct hb_file *f)
{
    struct hb_file e;
    if (expand(f, &e) < 0)
        return;
    if (hb_same_matrix(f, &e) != 1 || hb_same_matrix(&e, f) != 1)
        abort();
    size_t lf = 0, le = 0;
    char *of = outputs(f, &lf), *oe = outputs(&e, &le);
    if (of != NULL && oe != NULL && (lf != le || memcmp(of, oe, lf) != 0))
        abort();
    free(of);
    free(oe);
    free(e.cells);
    free(e.cols);
}

/* Whether two arrays of n records hold the same bytes (memcmp may not be
 * given the null pointers of a file without such records, even for 0
 * bytes). */
static int same_records(const void *a, const void *b, size_t n, size_t size)
{
    return n == 0 || memcmp(a, b, n * size) == 0;
}

/* A parse (r, *f, *err) must give exactly what the reference parse gave:
 * the same records, or the same error. */
static void compare_parse(const struct hb_file *ref_f, int ref_r,
                          const struct hb_error *ref_err,
                          struct hb_file *f, int r,
                          const struct hb_error *err)
{
    if (r != ref_r)
        abort();
    if (r < 0) {
        if (err->kind != ref_err->kind || err->line != ref_err->line
            || strcmp(err->msg, ref_err->msg) != 0)
            abort();
        return;
    }
    if (f->ncells != ref_f->ncells || f->ncolrecs != ref_f->ncolrecs
        || f->cells_line != ref_f->cells_line
        || f->cols_line != ref_f->cols_line
        || !same_records(f->cells, ref_f->cells, f->ncells, sizeof *f->cells)
        || !same_records(f->cols, ref_f->cols, f->ncolrecs, sizeof *f->cols)
        || f->nsites != ref_f->nsites || f->nsiterecs != ref_f->nsiterecs
        || f->nmarks != ref_f->nmarks || f->nleaks != ref_f->nleaks)
        abort();
    hb_file_free(f);
}

/* An input handed to hb_parse_stream in small reads of 1 to 61 bytes, so
 * that the lexer's window is refilled (and its rest moved) at every line. */
struct chunked {
    const uint8_t *data;
    size_t size, at;
};

static long read_chunk(void *ctx, char *dst, size_t n)
{
    struct chunked *in = ctx;
    size_t k = 1 + (in->at * 31 + in->size) % 61;
    if (k > n)
        k = n;
    if (k > in->size - in->at)
        k = in->size - in->at;
    memcpy(dst, in->data + in->at, k);
    in->at += k;
    return (long)k;
}

/* The general parser alone, and the fast path reading the input as a
 * stream, must both give what the fast path gives in memory. */
static void compare_paths(const struct hb_file *fast_f, int fast_r,
                          const struct hb_error *fast_err,
                          const uint8_t *data, size_t size)
{
    struct hb_file f;
    struct hb_error err;
    int r = hb_parse((const char *)data, size, HB_PARSE_GENERAL, &f, &err);
    compare_parse(fast_f, fast_r, fast_err, &f, r, &err);
    struct chunked in = { data, size, 0 };
    r = hb_parse_stream(read_chunk, &in, size, HB_PARSE_FAST, &f, &err);
    compare_parse(fast_f, fast_r, fast_err, &f, r, &err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (sink == NULL)
        sink = fopen("/dev/null", "w");
    struct hb_file f;
    struct hb_error err;
    int r = hb_parse((const char *)data, size, HB_PARSE_FAST, &f, &err);
    compare_paths(&f, r, &err, data, size);
    if (r == 0) {
        draw_all(&f, sink, 1);
        compare_expanded(&f);
        hb_file_free(&f);
    }
    return 0;
}
