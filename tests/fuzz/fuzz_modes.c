/* fuzz_modes.c -- every output mode of heapband_print on a file the parser
 * accepted, for the libFuzzer harness (fuzz_parse.c).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * What the front ends do with a file, minus the options and the files:
 * the three charts as text, CSV and JSON (whole, and with a selection of
 * times and sizes); each chart drawn as a PNG (into memory, then encoded
 * to a discarding stream) and as an SVG (to a discarding stream); --sites;
 * --leaks, plain and with suppressions; --diff of the file against itself
 * (report, difference charts aligned by time and by fraction, as text,
 * and the first as images); and --check rules of every metric and subject, absolute and
 * relative.  Outputs go to `sink` (/dev/null): only crashes, sanitizer
 * reports and the harness's own checks count.  Images are the costliest
 * output (the PNG encoder most), so they are drawn for few charts.  A file diffed against
 * itself must be "the same data" (else the harness aborts).  Cost: a few
 * small charts and images per input, at sizes that keep the fuzzer fast.
 */
#define _POSIX_C_SOURCE 200809L
#include "fuzz_modes.h"

#include <cairo-svg.h>
#include <cairo.h>
#include <stdint.h>
#include <stdlib.h>

#include "ascii.h"
#include "callgrind.h"
#include "chart_build.h"
#include "diff_chart.h"
#include "diff_report.h"
#include "export.h"
#include "folded.h"
#include "heaptrack.h"
#include "img_draw.h"
#include "img_layout.h"
#include "leaks.h"
#include "png_write.h"
#include "pprof.h"
#include "rules.h"
#include "site_diff.h"
#include "site_select.h"
#include "sites.h"
#include "stack_match.h"

/* A chart drawn small: a PNG and an SVG, each to a sink. */
static cairo_status_t discard(void *closure, const unsigned char *data,
                              unsigned int length)
{
    (void)closure;
    (void)data;
    (void)length;
    return CAIRO_STATUS_SUCCESS;
}

static void draw_image(const struct hb_chart *ch, FILE *sink, int is_svg,
                       int width, int height)
{
    struct hb_image_opts io = { width, height, HB_PALETTE_GREGG,
                                HB_SCALE_LOG };
    struct hb_image_layout lay;
    if (hb_image_layout(ch, &io, &lay) != 0)
        return;
    cairo_surface_t *s = is_svg
        ? cairo_svg_surface_create_for_stream(discard, NULL, lay.width,
                                              lay.height)
        : cairo_image_surface_create(CAIRO_FORMAT_RGB24, lay.width,
                                     lay.height);
    if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS) {
        cairo_t *cr = cairo_create(s);
        int drawn = hb_image_draw(cr, ch, &io, &lay);
        cairo_destroy(cr);
        struct hb_error err = { 0 };
        if (drawn == 0 && !is_svg)
            hb_png_write(s, sink, &err);
    }
    cairo_surface_finish(s);
    cairo_surface_destroy(s);
}

static void draw_images(const struct hb_chart *ch, FILE *sink)
{
    draw_image(ch, sink, 0, 160, 90);
    draw_image(ch, sink, 1, 120, 240);
}

void hb_fuzz_chart(const struct hb_file *f, const struct hb_selection *sel,
                   int unicode, int images, FILE *sink)
{
    struct hb_chart ch;
    struct hb_error err = { 0 };
    if (hb_chart_build(f, sel, &ch, &err) < 0) {
        fprintf(sink, "error %d %s\n", err.kind, err.msg);
        return;
    }
    struct hb_ascii_opts ao = { 40, 4, HB_COLOR_NONE, unicode, HB_SCALE_LOG,
                                HB_PALETTE_GREGG };
    hb_ascii_render(sink, &ch, &ao);
    hb_export_csv(sink, &ch);
    hb_export_json(sink, &ch, "avg", "count", NULL, NULL);
    if (images)
        draw_images(&ch, sink);
    hb_chart_free(&ch);
}

/* ------------------------------------------------------------------ leaks */

static void leaks(const struct hb_file *f, FILE *sink)
{
    static char *patterns[] = { "main", "^malloc$", "*alloc*", "lib*.so$",
                                "???" };
    struct hb_suppressions none = { NULL, 0 };
    struct hb_suppressions some = { patterns, 5 };
    struct hb_error err = { 0 };
    hb_leaks_report(sink, f, &none, 0, 80, &err);
    hb_leaks_report(sink, f, &some, 1, 0, &err);
    struct hb_suppressed_exit held;
    if (hb_leaks_suppressed_exit(f, &some, &held, &err) == 0) {
        struct hb_rule rule;
        char verdict[512];
        struct hb_rule_input in = { f, &held };
        if (hb_rule_parse("leaked <= 40", &rule, &err) == 0)
            hb_rule_eval(&rule, &in, NULL, verdict, sizeof verdict, &err);
        if (hb_rule_parse("band 16-32 possibly-lost <= 4", &rule, &err) == 0)
            hb_rule_eval(&rule, &in, NULL, verdict, sizeof verdict, &err);
        hb_suppressed_exit_free(&held);
    }
}

/* ---------------------------------------------------------------- exports */

/* The exports that read the site records: the whole file's and the
 * sizes 2..4096's, with the records under 1% folded; heaptrack's
 * events rebuilt, gzipped and not, callgrind's at octaves and at the
 * finest rows the file allows. */
static void exports(const struct hb_file *f, FILE *sink)
{
    struct hb_selection sizes = { 0 };
    sizes.has_min_size = sizes.has_max_size = 1;
    sizes.min_size = 2;
    sizes.max_size = 4096;
    struct hb_selection whole = { 0 };
    struct hb_site_sel_opts opts[] = {
        { &whole, HB_SITE_BY_PEAK, 0 }, { &sizes, HB_SITE_BY_ALLOC, 1.0 }
    };
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++) {
        struct hb_error err = { HB_ERR_NONE, 0, "" };
        struct hb_site_sel s;
        if (hb_site_select(f, &opts[i], &s, &err) < 0)
            continue;
        hb_heaptrack_write(sink, f, &s, (int)i, NULL, &err);
        hb_callgrind_write(sink, f, &s, 0, &err);
        hb_callgrind_write(sink, f, &s, 1, &err);
        hb_pprof_write(sink, f, &s, (int)i, &err);
        hb_folded_write(sink, f, &s, HB_SITE_BY_EXIT, &err);
        hb_site_sel_free(&s);
    }
}

/* ------------------------------------------------------------------ rules */

static void rules(const struct hb_file *f, FILE *sink)
{
    static const char *const texts[] = {
        "peak <= 1M", "allocs < 5", "alloc-bytes > 1.5K", "leaked == 0",
        "leaked-blocks == 1", "end-time <= 1k", "allocs <= +10%",
        "peak >= -5%", "frees != +0", "free-bytes == -100%",
        "band 24 peak <= 100", "band 1K-2K peak <= +0%",
        "band 16-64 leaked <= 40", "band 4K-8K allocs == +0",
        "band 0 alloc-bytes <= -600", "unknown-frees == 0",
        "band 64-80 leaked-blocks > 18446744073709551615",
        "allocs == 9007199254740993", "peak <= -1e308%",
        "site 'main' peak <= +5%", "site '*alloc*' leaked == 0",
        "site ??? allocs <= 3", "definitely-lost == 0",
        "band 16-32 possibly-lost-blocks <= +1", "site 'main' reachable <= 1M",
        "indirectly-lost >= -5%", "live-at-exit-blocks == 3",
        "site '*alloc*' definitely-lost-blocks != +0",
        "band 0-64 reachable-blocks < 7", "leaked-blocks <= +0",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        struct hb_rule rule;
        struct hb_error err = { 0 };
        char verdict[512];
        if (hb_rule_parse(texts[i], &rule, &err) < 0)
            continue;
        struct hb_rule_input in = { f, NULL };
        int held = hb_rule_eval(&rule, &in, &in, verdict, sizeof verdict,
                                &err);
        fprintf(sink, "%d %s\n", held, held < 0 ? err.msg : verdict);
    }
}

/* ------------------------------------------------------------------- diff */

static void diff(const struct hb_file *f, FILE *sink)
{
    struct hb_error err = { 0 };
    if (hb_diff_compatible(f, f, &err) < 0 || !hb_diff_same_data(f, f))
        abort();
    struct hb_site_diff sites;
    if (hb_site_diff_build(f, f, &sites, &err) == 0) {
        for (int md = 0; md <= 1; md++) {
            struct hb_diff_report_opts ro = { &sites, SIZE_MAX, md };
            hb_diff_report(sink, f, f, "old", "new", &ro, &err);
        }
        hb_site_diff_free(&sites);
    }
    static const enum hb_chart_kind kinds[] = { HB_CHART_LIVE,
                                                HB_CHART_ALLOCS };
    for (size_t i = 0; i < 2; i++) {
        struct hb_selection sel = { 0 };
        sel.kind = kinds[i];
        sel.max_cols = 9;
        enum hb_align align = i == 0 ? HB_ALIGN_TIME : HB_ALIGN_FRACTION;
        /* Time: NEW's bands; fraction: rows of 4 quarter-octaves (the
         * runs merged before they are subtracted, --bands=4). */
        struct hb_diff_opts opts = { align, 1.0, -1, i == 0 ? 0u : 4u };
        struct hb_chart ch;
        if (hb_diff_chart_build(f, f, &sel, &opts, &ch, &err) < 0)
            continue;
        struct hb_ascii_opts ao = { 40, 4, HB_COLOR_NONE, (int)i,
                                    HB_SCALE_LOG, HB_PALETTE_GREGG };
        hb_ascii_render_diff(sink, &ch, &ao);
        hb_export_csv(sink, &ch);
        hb_export_json(sink, &ch, "avg", "count", NULL, NULL);
        if (align == HB_ALIGN_TIME)
            draw_images(&ch, sink);
        hb_chart_free(&ch);
    }
}

void hb_fuzz_other_modes(const struct hb_file *f, FILE *sink)
{
    /* The tree of every ranking, folded and not, whole and for the sizes
     * 2..4096's bands; version 1 and 2 files refuse the ranking. */
    for (int by = HB_SITE_BY_PEAK; by <= HB_SITE_BY_EXIT; by++) {
        struct hb_sites_opts so = { (enum hb_site_metric)by,
                                    by == HB_SITE_BY_ALLOC ? 0.0 : 1.0,
                                    by != HB_SITE_BY_PEAK };
        struct hb_error err = { HB_ERR_NONE, 0, "" };
        hb_sites_report(sink, f, 0, UINT64_MAX, &so, &err);
        err.kind = HB_ERR_NONE;
        hb_sites_report(sink, f, hb_band_of_size(f, 2),
                        hb_band_of_size(f, 4096), &so, &err);
    }
    leaks(f, sink);
    exports(f, sink);
    rules(f, sink);
    diff(f, sink);
}
