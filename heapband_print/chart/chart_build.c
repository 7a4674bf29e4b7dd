/* chart_build.c -- the chart of one heap-band file: see chart_build.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * A live or allocs chart is one grid (grid.h) on the time layout of the
 * file's own columns: chart columns are made of WHOLE stored columns, k at
 * a time, so every value in the chart is an exact aggregate of the file
 * and never an interpolation.  The lifetime chart has a column per
 * lifetime bucket and one for the blocks never freed, and needs no
 * merging.  The slop chart (version 4, --allocator=program) takes the
 * live chart's time layout and its cells from the slop cursor
 * (hbfile_matrix.c): a band's live slop merges exactly as its live bytes
 * do (the larger SLOP_MAX, the later SLOP_END).  Invariant: a chart that failed to build holds nothing (it is
 * freed before the error is returned).
 */
#define _POSIX_C_SOURCE 200809L     /* strdup */
#include "chart_build.h"

#include "band_merge.h"
#include "ending.h"
#include "grid.h"
#include "metrics.h"
#include "units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------- shared with the diff */

const char *hb_chart_unit_words(enum hb_unit u)
{
    switch (u) {
    case HB_UNIT_B: return "bytes allocated and freed";
    case HB_UNIT_MS: return "ms";
    default: return "instructions";
    }
}

const char *hb_chart_value_words(const struct hb_selection *sel)
{
    switch (sel->kind) {
    case HB_CHART_LIVE:
        return sel->stat == HB_STAT_MAX ? "peak live bytes"
             : sel->stat == HB_STAT_END ? "live bytes at column end"
             : "average live bytes";
    case HB_CHART_ALLOCS:
        return sel->weight == HB_WEIGHT_BYTES ? "bytes allocated"
                                              : "allocations";
    case HB_CHART_SLOP:
        return sel->stat == HB_STAT_END ? "live slop at column end"
                                        : "peak live slop";
    default:
        return sel->weight == HB_WEIGHT_BYTES ? "bytes freed or never freed"
                                              : "blocks freed or never freed";
    }
}

int hb_chart_set_titles(struct hb_chart *ch,
                        const struct hb_chart_titles *t, enum hb_unit unit,
                        const struct hb_selection *sel, struct hb_error *err)
{
    ch->title = strdup(t->title);
    ch->chart_name = strdup(t->chart_name);
    ch->value_label = strdup(t->value_label);
    ch->time_unit = strdup(hb_unit_name(unit));
    ch->x_label = strdup(t->x_label);
    ch->value_is_bytes = sel->kind == HB_CHART_LIVE
                         || sel->kind == HB_CHART_SLOP
                         || sel->weight == HB_WEIGHT_BYTES;
    ch->values_are_whole = sel->kind != HB_CHART_LIVE
                           || sel->stat != HB_STAT_AVG;
    if (!ch->title || !ch->chart_name || !ch->value_label || !ch->time_unit
        || !ch->x_label)
        return hb_error_nomem(err, "building the chart");
    return 0;
}

int hb_chart_choose_rows(const struct hb_file *f,
                         const struct hb_selection *sel, int have_data,
                         uint64_t data_lo, uint64_t data_hi,
                         uint64_t *first_band, uint64_t *last_band,
                         struct hb_error *err)
{
    uint64_t lo = have_data ? data_lo : 0, hi = have_data ? data_hi : 0;
    if (sel->has_min_size && sel->has_max_size
        && sel->min_size > sel->max_size)
        return hb_error_set(err, HB_ERR_USAGE, 0,
                            "option --min-size: larger than --max-size");
    if (sel->has_min_size) {
        lo = hb_band_of_size(f, sel->min_size);
        if (hi < lo)
            hi = lo;
    }
    if (sel->has_max_size) {
        /* The sizes below --max-size, as a rule's "band 4K-8K" and a row's
         * label read: --max-size=8K stops at the band ending at 8191. */
        hi = hb_band_of_size(f, sel->max_size > 0 ? sel->max_size - 1 : 0);
        if (lo > hi)
            lo = hi;
    }
    *first_band = lo;
    *last_band = hi;
    return 0;
}

static void set_run_summary(struct hb_run_summary *run,
                            const struct hb_file *f)
{
    *run = (struct hb_run_summary){
        .end_time = f->end_time, .stored_cols = f->ncols,
        .col_width = f->col_width,
        .total_allocs = f->total_allocs,
        .total_alloc_bytes = f->total_alloc_bytes,
        .total_frees = f->total_frees, .total_free_bytes = f->total_free_bytes,
        .peak_bytes = f->peak_bytes, .peak_blocks = f->peak_blocks,
        .peak_t_reached = f->peak_t_reached,
        .exit_bytes = f->exit_bytes, .exit_blocks = f->exit_blocks,
        .unknown_frees = f->unknown_frees,
        .marks_dropped = f->marks_dropped,
        .snapshot = f->end_moment == HB_END_SNAPSHOT,
        .leak_kinds = f->leak_kinds, .exit_lost = f->exit_lost,
        .has_memory = f->allocator_program,
        .foot_peak = f->mem.foot_peak, .foot_peak_t = f->mem.foot_peak_t,
        .foot_exit = f->mem.foot_exit,
        .fragmentation_peak = hb_metric_run(f, HB_METRIC_FRAGMENTATION_PEAK),
        .slop_exit = hb_metric_run(f, HB_METRIC_SLOP),
        .anon_peak = f->mem.anon_peak,
        .ending_how = hb_ending_how(f),
        .ending_status = f->ending.status, .ending_signo = f->ending.signo,
    };
}

/* hb_chart_start storing the rows with has_data only (NULL: all). */
static int start_rows(struct hb_chart *ch, const struct hb_file *f,
                      uint64_t first_band, uint64_t last_band, size_t ncols,
                      const unsigned char *has_data, struct hb_error *err)
{
    size_t nrows = (size_t)(last_band - first_band + 1);
    if (hb_chart_alloc_rows(ch, nrows, ncols, has_data) < 0)
        return hb_error_nomem(err, "building the chart");
    ch->first_band = first_band;
    ch->file_step = ch->row_step = hb_band_file_step(f);
    for (size_t r = 0; r < nrows; r++) {
        const struct hb_band *band = &f->bands[first_band + r];
        char label[80];
        hb_format_band(label, sizeof label, band->lo, band->hi);
        ch->row_lo[r] = band->lo;
        ch->row_hi[r] = band->hi;
        if ((ch->row_labels[r] = strdup(label)) == NULL)
            return hb_error_nomem(err, "building the chart");
    }
    set_run_summary(&ch->run, f);
    if ((ch->run.cmd = strdup(f->cmd)) == NULL)
        return hb_error_nomem(err, "building the chart");
    char ending[HB_ENDING_TEXT_MAX];
    hb_ending_text(f, ending, sizeof ending);
    if ((ch->run.ending = strdup(ending)) == NULL)
        return hb_error_nomem(err, "building the chart");
    return 0;
}

int hb_chart_start(struct hb_chart *ch, const struct hb_file *f,
                   uint64_t first_band, uint64_t last_band, size_t ncols,
                   struct hb_error *err)
{
    return start_rows(ch, f, first_band, last_band, ncols, NULL, err);
}

/* ------------------------------------------------------------- titles */

static int set_titles(const struct hb_file *f, const struct hb_selection *sel,
                      struct hb_chart *ch, struct hb_error *err)
{
    static const char *const names[] = { "live", "allocs", "lifetime",
                                         "slop" };
    char x_label[80];
    snprintf(x_label, sizeof x_label, "%s (%s)",
             sel->kind == HB_CHART_LIFETIME ? "lifetime" : "time",
             hb_chart_unit_words(f->unit));
    struct hb_chart_titles t = {
        .title = f->cmd, .chart_name = names[sel->kind],
        .value_label = hb_chart_value_words(sel), .x_label = x_label
    };
    return hb_chart_set_titles(ch, &t, f->unit, sel, err);
}

static void set_vmax(struct hb_chart *ch)
{
    ch->vmax = 0;
    for (size_t i = 0; i < hb_chart_stored_cells(ch); i++)
        if (ch->cells[i] > ch->vmax)
            ch->vmax = ch->cells[i];
}

/* ------------------------------------------------------------ time charts */

/* The total-heap line: the largest heap at any moment of each column (the
 * col records' LIVE_MAX), whatever the cells show, so that the line's top
 * is the selection's peak and the peak column is its tallest bar. */
static int add_heap_line(const struct hb_grid *g, struct hb_chart *ch)
{
    ch->line = calloc(ch->ncols, sizeof *ch->line);
    if (ch->line == NULL)
        return -1;
    hb_grid_fill_line(g, ch->line);
    ch->line_peak_col = -1;
    for (size_t j = 0; j < ch->ncols; j++)
        if (ch->line[j] > ch->line_max) {
            ch->line_max = ch->line[j];
            ch->line_peak_col = (int)j;
        }
    return 0;
}

/* The stored columns c0..c1 chart column j spans (its times x_start ..
 * x_end - 1), c1 at most the last stored column. */
static void stored_span(const struct hb_file *f, const struct hb_chart *ch,
                        size_t j, uint64_t *c0, uint64_t *c1)
{
    *c0 = ch->x_start[j] / f->col_width;
    *c1 = ch->x_end[j] > ch->x_start[j] ? (ch->x_end[j] - 1) / f->col_width
                                        : *c0;
    if (*c1 >= f->ncols)
        *c1 = f->ncols - 1;
}

/* The footprint and other anonymous memory of --allocator=program, the
 * largest of the stored columns each chart column spans (its times
 * x_start .. x_end - 1), read through the gauge cursor (hbfile.h). */
static int add_memory_lines(const struct hb_file *f, struct hb_chart *ch)
{
    if (!f->allocator_program)
        return 0;
    ch->foot_line = calloc(ch->ncols, sizeof *ch->foot_line);
    ch->anon_line = calloc(ch->ncols, sizeof *ch->anon_line);
    if (ch->foot_line == NULL || ch->anon_line == NULL)
        return -1;
    struct hb_gauge_cursor q;
    hb_gauges_open(&q, f, ch->x_start[0] / f->col_width);
    for (size_t j = 0; j < ch->ncols; j++) {
        uint64_t c0, c1;
        stored_span(f, ch, j, &c0, &c1);
        struct hb_fcolrec g;
        if (c0 <= c1) {         /* x_start grows with j: spans in order */
            hb_gauges_span(&q, c0, c1, &g);
            ch->foot_line[j] = (double)g.foot_max;
            ch->anon_line[j] = (double)g.anon_max;
        }
        double stacked = (ch->foot_line[j] > ch->line[j] ? ch->foot_line[j]
                                                          : ch->line[j])
                         + ch->anon_line[j];
        if (stacked > ch->graph_max)
            ch->graph_max = stacked;
    }
    return 0;
}

/* The value of gauge g in an fcol record. */
static uint64_t gauge_of(const struct hb_fcolrec *r, enum hb_gauge g)
{
    return g == HB_GAUGE_FOOT ? r->foot_end
           : g == HB_GAUGE_ANON ? r->anon_end : r->slop_end;
}

/* The gauges at each chart column's end (version 4): the END of the
 * stored columns it spans, read through the gauge cursor (hbfile.h) as
 * add_memory_lines reads them; a gauge that is 0 at every column's end
 * keeps no array. */
static int add_gauge_ends(const struct hb_file *f, struct hb_chart *ch)
{
    if (f->version < 4)
        return 0;
    for (int g = 0; g < HB_NGAUGES; g++) {
        ch->gauge_end[g] = calloc(ch->ncols, sizeof *ch->gauge_end[g]);
        if (ch->gauge_end[g] == NULL)
            return -1;
    }
    int nonzero[HB_NGAUGES] = { 0 };
    struct hb_gauge_cursor q;
    hb_gauges_open(&q, f, ch->x_start[0] / f->col_width);
    for (size_t j = 0; j < ch->ncols; j++) {
        uint64_t c0, c1;
        stored_span(f, ch, j, &c0, &c1);
        if (c0 > c1)
            c0 = c1;
        struct hb_fcolrec r;
        hb_gauges_span(&q, c0, c1, &r);
        for (int g = 0; g < HB_NGAUGES; g++) {
            ch->gauge_end[g][j] = (double)gauge_of(&r, (enum hb_gauge)g);
            nonzero[g] |= ch->gauge_end[g][j] != 0;
        }
    }
    for (int g = 0; g < HB_NGAUGES; g++)
        if (!nonzero[g]) {
            free(ch->gauge_end[g]);
            ch->gauge_end[g] = NULL;
        }
    return 0;
}

/* The file's phase marks within the time drawn (both ends included: the
 * last column holds the end time). */
static int add_file_marks(const struct hb_file *f, struct hb_chart *ch)
{
    uint64_t t0 = ch->x_start[0], t1 = ch->x_end[ch->ncols - 1];
    size_t cap = 0;
    for (size_t i = 0; i < f->nmarks; i++)
        if (f->marks[i].t >= t0 && f->marks[i].t <= t1
            && hb_chart_add_mark(ch, &cap, f->marks[i].t, "",
                                 f->marks[i].name) < 0)
            return -1;
    return 0;
}

static int build_time_chart(const struct hb_file *f,
                            const struct hb_selection *sel,
                            struct hb_chart *ch, struct hb_error *err)
{
    struct hb_time_layout lay;
    struct hb_grid g;
    if (hb_time_layout_init(&lay, f->col_width, f->end_time, sel, "the run",
                            err) < 0)
        return -1;
    hb_grid_by_time(&g, f, &lay);
    uint64_t lo = 0, hi = 0, first_band, last_band;
    int have = hb_grid_bands(&g, &lo, &hi, err);
    if (have < 0
        || hb_chart_choose_rows(f, sel, have, lo, hi, &first_band, &last_band,
                                err) < 0)
        return -1;
    /* Only the rows with data are stored (chart.h): the bands between
     * two far apart cost a row index each, not a row of cells. */
    unsigned char *has_data = malloc((size_t)(last_band - first_band + 1));
    if (has_data == NULL)
        return hb_error_nomem(err, "building the chart");
    int r = hb_grid_data_rows(&g, sel, first_band, last_band, has_data, err);
    if (r == 0)
        r = start_rows(ch, f, first_band, last_band, g.ncols, has_data, err);
    free(has_data);
    if (r < 0)
        return -1;
    ch->align = HB_ALIGN_TIME;
    ch->stored_per_col = lay.per_col;
    for (size_t j = 0; j < g.ncols; j++)
        hb_time_layout_span(&lay, j, &ch->x_start[j], &ch->x_end[j]);
    if (hb_grid_fill_rows(&g, sel, first_band, last_band, ch->x_start,
                          ch->x_end, ch->row_cells, ch->cells, err) < 0)
        return -1;
    if (add_heap_line(&g, ch) < 0 || add_file_marks(f, ch) < 0
        || add_memory_lines(f, ch) < 0 || add_gauge_ends(f, ch) < 0)
        return hb_error_nomem(err, "building the chart");
    set_vmax(ch);
    return 0;
}

/* -------------------------------------------------------- lifetime chart */

/* The band range of the life and leak records. */
static int lifetime_bands(const struct hb_file *f, uint64_t *lo, uint64_t *hi)
{
    int found = 0;
    for (size_t i = 0; i < f->nlifes; i++) {
        if (!found || f->lifes[i].b < *lo)
            *lo = f->lifes[i].b;
        if (!found || f->lifes[i].b > *hi)
            *hi = f->lifes[i].b;
        found = 1;
    }
    for (size_t i = 0; i < f->nleaks; i++) {
        if (!found || f->leaks[i].b < *lo)
            *lo = f->leaks[i].b;
        if (!found || f->leaks[i].b > *hi)
            *hi = f->leaks[i].b;
        found = 1;
    }
    return found;
}

/* Bucket k holds lifetimes [2^(k-1), 2^k) (bucket 0: lifetime 0). */
static void bucket_bounds(uint64_t k, uint64_t *start, uint64_t *end)
{
    *start = k == 0 ? 0 : (uint64_t)1 << (k - 1);
    *end = k == 0 ? 1 : k == 64 ? UINT64_MAX : (uint64_t)1 << k;
}

/* Columns: buckets first_bucket, first_bucket + 1, ..., then "never". */
static int lifetime_columns(const struct hb_file *f, struct hb_chart *ch,
                            uint64_t first_bucket)
{
    ch->col_labels = calloc(ch->ncols, sizeof *ch->col_labels);
    if (ch->col_labels == NULL)
        return -1;
    for (size_t j = 0; j < ch->ncols; j++) {
        char buf[40];
        if (j + 1 == ch->ncols) {
            snprintf(buf, sizeof buf, "never");
            ch->x_start[j] = ch->x_end[j] = f->end_time;
        } else {
            uint64_t k = first_bucket + j;
            bucket_bounds(k, &ch->x_start[j], &ch->x_end[j]);
            /* The bucket's lower bound: exact powers of two ("2^10", not
             * "1.02k"), except in milliseconds, which read better as
             * "1.02s". */
            if (k > 10 && f->unit != HB_UNIT_MS)
                snprintf(buf, sizeof buf, "2^%llu", (unsigned long long)k - 1);
            else
                hb_format_time(buf, sizeof buf, (double)ch->x_start[j],
                               hb_unit_name(f->unit));
        }
        ch->col_labels[j] = strdup(buf);
        if (ch->col_labels[j] == NULL)
            return -1;
    }
    return 0;
}

static int build_lifetime_chart(const struct hb_file *f,
                                const struct hb_selection *sel,
                                struct hb_chart *ch, struct hb_error *err)
{
    uint64_t lo = 0, hi = 0, kmin = 64, kmax = 0, first_band, last_band;
    int have = lifetime_bands(f, &lo, &hi);
    if (hb_chart_choose_rows(f, sel, have, lo, hi, &first_band, &last_band,
                             err) < 0)
        return -1;
    for (size_t i = 0; i < f->nlifes; i++) {
        const struct hb_liferec *l = &f->lifes[i];
        if (l->b < first_band || l->b > last_band)
            continue;
        kmin = l->k < kmin ? l->k : kmin;
        kmax = l->k > kmax ? l->k : kmax;
    }
    size_t nbuckets = kmin <= kmax ? (size_t)(kmax - kmin + 1) : 0;
    size_t ncols = nbuckets + 1;
    if (hb_chart_start(ch, f, first_band, last_band, ncols, err) < 0)
        return -1;
    if (lifetime_columns(f, ch, nbuckets ? kmin : 0) < 0)
        return hb_error_nomem(err, "building the chart");
    ch->align = HB_ALIGN_TIME;
    ch->stored_per_col = 1;
    int bytes = sel->weight == HB_WEIGHT_BYTES;
    for (size_t i = 0; i < f->nlifes; i++) {
        const struct hb_liferec *l = &f->lifes[i];
        if (l->b >= first_band && l->b <= last_band)
            ch->cells[(size_t)(l->b - first_band) * ncols
                      + (size_t)(l->k - kmin)] =
                (double)(bytes ? l->bytes : l->count);
    }
    for (size_t i = 0; i < f->nleaks; i++) {
        const struct hb_leakrec *l = &f->leaks[i];
        if (l->b >= first_band && l->b <= last_band)
            ch->cells[(size_t)(l->b - first_band) * ncols + ncols - 1] =
                (double)(bytes ? l->bytes : l->count);
    }
    set_vmax(ch);
    return 0;
}

/* ------------------------------------------------------------ slop chart */

/* The bands of the scell records (version 4). */
static int slop_bands(const struct hb_file *f, uint64_t *lo, uint64_t *hi)
{
    for (size_t i = 0; i < f->nscells; i++) {
        if (i == 0 || f->scells[i].b < *lo)
            *lo = f->scells[i].b;
        if (i == 0 || f->scells[i].b > *hi)
            *hi = f->scells[i].b;
    }
    return f->nscells > 0;
}

/* The last stored column chart column j spans. */
static uint64_t last_stored_col(const struct hb_file *f,
                                const struct hb_chart *ch, size_t j)
{
    uint64_t c1 = ch->x_end[j] > ch->x_start[j]
                  ? (ch->x_end[j] - 1) / f->col_width
                  : ch->x_start[j] / f->col_width;
    return c1 < f->ncols ? c1 : f->ncols - 1;
}

/* Each band's live slop per chart column: the largest of its stored
 * columns (SLOP_MAX merged), or with --stat=end that at the last one
 * (SLOP_END), quiet cells derived by the slop cursor. */
static int fill_slop(const struct hb_file *f, const struct hb_selection *sel,
                     struct hb_chart *ch)
{
    struct hb_slop_cursor q;
    uint64_t *max = calloc(ch->nrows + 1, sizeof *max);
    if (max == NULL || hb_slops_open(&q, f, ch->first_band,
                                     ch->first_band + ch->nrows - 1) < 0) {
        free(max);
        return -1;
    }
    uint64_t c0 = ch->x_start[0] / f->col_width;
    if (c0 > 0)
        hb_slops_upto(&q, c0 - 1, max);      /* before the time drawn */
    for (size_t j = 0; j < ch->ncols; j++) {
        hb_slops_upto(&q, last_stored_col(f, ch, j), max);
        for (size_t r = 0; r < ch->nrows; r++)
            ch->cells[r * ch->ncols + j] =
                (double)(sel->stat == HB_STAT_END
                         ? hb_slops_end(&q, ch->first_band + r) : max[r]);
    }
    hb_slops_close(&q);
    free(max);
    return 0;
}

static int build_slop_chart(const struct hb_file *f,
                            const struct hb_selection *sel,
                            struct hb_chart *ch, struct hb_error *err)
{
    struct hb_time_layout lay;
    uint64_t lo = 0, hi = 0, first_band, last_band;
    /* Only version 4 has 'allocator: program'.  (heapband_print says
     * which of the two a file lacks, naming it: cmd_chart.c.) */
    if (!f->allocator_program)
        return hb_error_set(err, HB_ERR_USAGE, 0, "--chart=slop: no slop "
                            "recorded; record the run with "
                            "--allocator=program");
    if (hb_time_layout_init(&lay, f->col_width, f->end_time, sel, "the run",
                            err) < 0)
        return -1;
    int have = slop_bands(f, &lo, &hi);
    if (hb_chart_choose_rows(f, sel, have, lo, hi, &first_band, &last_band,
                             err) < 0
        || hb_chart_start(ch, f, first_band, last_band, lay.ncols, err) < 0)
        return -1;
    ch->align = HB_ALIGN_TIME;
    ch->stored_per_col = lay.per_col;
    for (size_t j = 0; j < lay.ncols; j++)
        hb_time_layout_span(&lay, j, &ch->x_start[j], &ch->x_end[j]);
    if (fill_slop(f, sel, ch) < 0 || add_file_marks(f, ch) < 0)
        return hb_error_nomem(err, "building the chart");
    set_vmax(ch);
    return 0;
}

/* ------------------------------------------------------------------ entry */

int hb_chart_build(const struct hb_file *f, const struct hb_selection *sel,
                   struct hb_chart *chart, struct hb_error *err)
{
    memset(chart, 0, sizeof *chart);
    chart->line_peak_col = -1;
    int r;
    if (set_titles(f, sel, chart, err) < 0)
        r = -1;
    else if (sel->kind == HB_CHART_LIFETIME)
        r = build_lifetime_chart(f, sel, chart, err);
    else if (sel->kind == HB_CHART_SLOP)
        r = build_slop_chart(f, sel, chart, err);
    else
        r = build_time_chart(f, sel, chart, err);
    if (r < 0)
        hb_chart_free(chart);
    return r;
}
