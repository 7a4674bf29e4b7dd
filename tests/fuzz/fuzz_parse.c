/* fuzz_parse.c -- libFuzzer harness for heapband_print's file model.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Every input goes through hb_parse() with the fast path (HB_PARSE_FAST);
 * inputs it accepts also go through the chart builder and every text
 * output, so that a file the parser lets through cannot crash what comes
 * after it; and every input is parsed a second time by the general parser
 * alone (HB_PARSE_GENERAL), which must give the same records or the same
 * error.  Build with tests/fuzz/build.sh; see tests/fuzz/README.md.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "chart_build.h"
#include "export.h"
#include "hbfile.h"
#include "sites.h"

static void draw_one(const struct hb_file *f, const struct hb_selection *sel,
                     int unicode, FILE *sink)
{
    struct hb_chart ch;
    struct hb_error err = { 0 };
    if (hb_chart_build(f, sel, &ch, &err) < 0)
        return;
    struct hb_ascii_opts ao = { 40, 4, HB_COLOR_NONE, unicode, HB_SCALE_LOG,
                                HB_PALETTE_GREGG };
    hb_ascii_render(sink, &ch, &ao);
    hb_export_csv(sink, &ch);
    hb_export_json(sink, &ch, "avg", "count");
    hb_chart_free(&ch);
}

/* Every chart, whole and with a selection of the middle third of the run
 * and of the sizes 2..4096. */
static void draw_all(const struct hb_file *f, FILE *sink)
{
    static const enum hb_chart_kind kinds[] = {
        HB_CHART_LIVE, HB_CHART_ALLOCS, HB_CHART_LIFETIME
    };
    for (size_t i = 0; i < 3; i++) {
        struct hb_selection sel = { 0 };
        sel.kind = kinds[i];
        sel.stat = (enum hb_stat)(i % 3);
        sel.max_cols = 7;
        draw_one(f, &sel, (int)(i == 1), sink);
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
        draw_one(f, &sel, 0, sink);
    }
    hb_sites_report(sink, f, 0, UINT64_MAX);
}

/* Whether two arrays of n records hold the same bytes (memcmp may not be
 * given the null pointers of a file without such records, even for 0
 * bytes). */
static int same_records(const void *a, const void *b, size_t n, size_t size)
{
    return n == 0 || memcmp(a, b, n * size) == 0;
}

/* The fast path for "col" and "cell" lines must give exactly what the
 * general parser gives: the same records, or the same error. */
static void compare_paths(const struct hb_file *fast_f, int fast_r,
                          const struct hb_error *fast_err,
                          const uint8_t *data, size_t size)
{
    struct hb_file f;
    struct hb_error err;
    int r = hb_parse((const char *)data, size, HB_PARSE_GENERAL, &f, &err);
    if (r != fast_r)
        abort();
    if (r < 0) {
        if (err.kind != fast_err->kind || err.line != fast_err->line
            || strcmp(err.msg, fast_err->msg) != 0)
            abort();
        return;
    }
    if (f.ncells != fast_f->ncells || f.ncolrecs != fast_f->ncolrecs
        || f.cells_line != fast_f->cells_line
        || f.cols_line != fast_f->cols_line
        || !same_records(f.cells, fast_f->cells, f.ncells, sizeof *f.cells)
        || !same_records(f.cols, fast_f->cols, f.ncolrecs, sizeof *f.cols))
        abort();
    hb_file_free(&f);
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
        draw_all(&f, sink);
        hb_file_free(&f);
    }
    return 0;
}
