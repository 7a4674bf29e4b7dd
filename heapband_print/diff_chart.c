/* diff_chart.c -- the difference chart of --diff OLD NEW: see
 * diff_chart.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The two files get one column layout and a grid each on it (grid.h); each
 * grid fills a matrix exactly as the chart of that file alone would, over
 * the same chart columns, and the chart holds their difference.  Under
 * time alignment an average is taken over the chart column's time in both
 * files, so a run that has ended adds nothing (empty heap); under fraction
 * alignment each file's average is over its own time.  Invariant: both
 * matrices have the chart's rows (NEW's band table, which hb_diff_compatible
 * has found equal to OLD's) and columns.
 */
#define _POSIX_C_SOURCE 200809L     /* strdup */
#include "diff_chart.h"

#include "chart_build.h"
#include "grid.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* OLD's and NEW's grids on one column layout. */
struct diff_grids {
    enum hb_align align;
    struct hb_time_layout lay;      /* HB_ALIGN_TIME */
    struct hb_grid old_grid, new_grid;
};

static int lay_out(const struct hb_file *o, const struct hb_file *n,
                   const struct hb_selection *sel, enum hb_align align,
                   struct diff_grids *d, struct hb_error *err)
{
    d->align = align;
    if (align == HB_ALIGN_TIME) {
        uint64_t width = o->col_width > n->col_width ? o->col_width
                                                     : n->col_width;
        uint64_t end = o->end_time > n->end_time ? o->end_time : n->end_time;
        if (hb_time_layout_init(&d->lay, width, end, sel, "both runs",
                                err) < 0)
            return -1;
        hb_grid_by_time(&d->old_grid, o, &d->lay);
        hb_grid_by_time(&d->new_grid, n, &d->lay);
        return 0;
    }
    if (sel->has_from || sel->has_to)
        return hb_error_set(err, HB_ERR_USAGE, 0, "option %s: does not apply "
                            "with --align=fraction",
                            sel->has_from ? "--from" : "--to");
    uint64_t nc = o->ncols < n->ncols ? o->ncols : n->ncols;
    size_t ncols = (size_t)(sel->max_cols > 0 && sel->max_cols < nc
                            ? sel->max_cols : nc);
    hb_grid_by_fraction(&d->old_grid, o, ncols);
    hb_grid_by_fraction(&d->new_grid, n, ncols);
    return 0;
}

/* The bands with data in the used stored columns of either file, unless
 * --min-size/--max-size say otherwise (as for one file). */
static int choose_rows(const struct diff_grids *d,
                       const struct hb_selection *sel, uint64_t *first_band,
                       uint64_t *last_band, struct hb_error *err)
{
    uint64_t lo = 0, hi = 0, olo = 0, ohi = 0;
    int have = hb_grid_bands(&d->new_grid, &lo, &hi, err);
    int have_old = have < 0 ? -1 : hb_grid_bands(&d->old_grid, &olo, &ohi, err);
    if (have_old < 0)
        return -1;
    if (have_old) {
        lo = have && lo < olo ? lo : olo;
        hi = have && hi > ohi ? hi : ohi;
        have = 1;
    }
    return hb_chart_choose_rows(d->new_grid.f, sel, have, lo, hi,
                                first_band, last_band, err);
}

static int set_titles(const struct hb_file *o, const struct hb_file *n,
                      const struct hb_selection *sel, enum hb_align align,
                      struct hb_chart *ch, struct hb_error *err)
{
    char title[8400], value_label[80], x_label[120];
    if (strcmp(o->cmd, n->cmd) == 0)
        snprintf(title, sizeof title, "new minus old: %s", n->cmd);
    else
        snprintf(title, sizeof title, "new minus old: %s  vs  %s", n->cmd,
                 o->cmd);
    snprintf(value_label, sizeof value_label, "change in %s",
             hb_chart_value_words(sel));
    if (align == HB_ALIGN_TIME)
        snprintf(x_label, sizeof x_label, "time (%s)",
                 hb_chart_unit_words(n->unit));
    else
        snprintf(x_label, sizeof x_label, "time of new (%s); old at the "
                 "same fraction of its run", hb_chart_unit_words(n->unit));
    struct hb_chart_titles t = {
        title, sel->kind == HB_CHART_LIVE ? "live difference"
                                          : "allocs difference",
        value_label, x_label
    };
    return hb_chart_set_titles(ch, &t, n->unit, sel, err);
}

/* ------------------------------------------------------------------ marks */

/* Where OLD's time t is drawn: itself (time), or at the same fraction of
 * the chart column holding its stored column (fraction). */
static uint64_t old_time_on_chart(const struct diff_grids *d,
                                  const struct hb_chart *ch, uint64_t t)
{
    if (d->align == HB_ALIGN_TIME)
        return t;
    const struct hb_grid *g = &d->old_grid;
    uint64_t c = t / g->f->col_width, s = 0, e = 0;
    if (c >= g->f->ncols)
        c = g->f->ncols - 1;
    size_t j = hb_grid_col(g, c);
    hb_grid_span(g, j, &s, &e);
    if (e <= s)
        return ch->x_start[j];
    long double fr = (long double)(t - s) / (long double)(e - s);
    return ch->x_start[j]
           + (uint64_t)(fr * (long double)(ch->x_end[j] - ch->x_start[j]));
}

/* Is OLD's mark k drawn, and where (*t)?  Not when it is off the chart
 * (time alignment; under fraction alignment every time of OLD has its
 * place) or NEW has a mark of the same name at the same place. */
static int old_mark_drawn(const struct diff_grids *d,
                          const struct hb_chart *ch, size_t k, uint64_t *t)
{
    const struct hb_file *n = d->new_grid.f;
    const struct hb_markrec *m = &d->old_grid.f->marks[k];
    *t = old_time_on_chart(d, ch, m->t);
    if (d->align == HB_ALIGN_TIME
        && (*t < ch->x_start[0] || *t > ch->x_end[ch->ncols - 1]))
        return 0;
    for (size_t i = 0; i < n->nmarks; i++)
        if (n->marks[i].t == *t && strcmp(n->marks[i].name, m->name) == 0)
            return 0;
    return 1;
}

/* NEW's marks on the chart, and OLD's that it draws, named "old: NAME".
 * Both come by time, so they are merged, NEW's first at equal times. */
static int add_marks(const struct diff_grids *d, struct hb_chart *ch)
{
    const struct hb_file *n = d->new_grid.f, *o = d->old_grid.f;
    uint64_t t0 = ch->x_start[0], t1 = ch->x_end[ch->ncols - 1], t_old = 0;
    size_t cap = 0, i = 0, k = 0;
    for (;;) {
        while (i < n->nmarks && (n->marks[i].t < t0 || n->marks[i].t > t1))
            i++;
        while (k < o->nmarks && !old_mark_drawn(d, ch, k, &t_old))
            k++;
        if (i == n->nmarks && k == o->nmarks)
            return 0;
        int r;
        if (k == o->nmarks || (i < n->nmarks && n->marks[i].t <= t_old)) {
            r = hb_chart_add_mark(ch, &cap, n->marks[i].t, "",
                                  n->marks[i].name);
            i++;
        } else {
            r = hb_chart_add_mark(ch, &cap, t_old, "old: ", o->marks[k].name);
            k++;
        }
        if (r < 0)
            return -1;
    }
}

/* ------------------------------------------------------------------ entry */

/* NEW's matrix minus OLD's into the chart's cells; vmax the largest
 * change. */
static int subtract(const struct diff_grids *d, const struct hb_selection *sel,
                    struct hb_chart *ch, struct hb_error *err)
{
    size_t n = ch->nrows * ch->ncols;
    uint64_t last_band = ch->first_band + ch->nrows - 1;
    /* Averages over the chart's times (time) or each file's own (NULL). */
    const uint64_t *xs = d->align == HB_ALIGN_TIME ? ch->x_start : NULL;
    const uint64_t *xe = d->align == HB_ALIGN_TIME ? ch->x_end : NULL;
    double *old_cells = calloc(n, sizeof *old_cells);
    if (old_cells == NULL)
        return hb_error_nomem(err, "building the chart");
    int r = hb_grid_fill(&d->old_grid, sel, ch->first_band, last_band, xs, xe,
                         old_cells, err);
    if (r == 0)
        r = hb_grid_fill(&d->new_grid, sel, ch->first_band, last_band, xs,
                         xe, ch->cells, err);
    ch->vmax = 0;
    for (size_t i = 0; r == 0 && i < n; i++) {
        ch->cells[i] -= old_cells[i];
        if (fabs(ch->cells[i]) > ch->vmax)
            ch->vmax = fabs(ch->cells[i]);
    }
    free(old_cells);
    return r;
}

static int build(const struct hb_file *o, const struct hb_file *n,
                 const struct hb_selection *sel, enum hb_align align,
                 struct hb_chart *ch, struct hb_error *err)
{
    struct diff_grids d;
    uint64_t first_band, last_band;
    if (sel->kind == HB_CHART_LIFETIME)
        return hb_error_set(err, HB_ERR_USAGE, 0, "option --chart: --diff "
                            "draws live or allocs charts, not lifetime");
    if (lay_out(o, n, sel, align, &d, err) < 0)
        return -1;
    if (set_titles(o, n, sel, align, ch, err) < 0)
        return -1;
    if (choose_rows(&d, sel, &first_band, &last_band, err) < 0
        || hb_chart_start(ch, n, first_band, last_band, d.new_grid.ncols,
                          err) < 0)
        return -1;
    ch->align = align;
    ch->stored_per_col = align == HB_ALIGN_TIME ? d.new_grid.per_col : 0;
    ch->diverging = 1;
    for (size_t j = 0; j < ch->ncols; j++) {
        if (align == HB_ALIGN_TIME)
            hb_time_layout_span(&d.lay, j, &ch->x_start[j], &ch->x_end[j]);
        else
            hb_grid_span(&d.new_grid, j, &ch->x_start[j], &ch->x_end[j]);
    }
    if (subtract(&d, sel, ch, err) < 0)
        return -1;
    if (add_marks(&d, ch) < 0)
        return hb_error_nomem(err, "building the chart");
    return 0;
}

int hb_diff_chart_build(const struct hb_file *o, const struct hb_file *n,
                        const struct hb_selection *sel, enum hb_align align,
                        struct hb_chart *ch, struct hb_error *err)
{
    memset(ch, 0, sizeof *ch);
    ch->line_peak_col = -1;
    int r = build(o, n, sel, align, ch, err);
    if (r < 0)
        hb_chart_free(ch);
    return r;
}
