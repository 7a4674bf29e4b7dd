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
 * and mark alignment each file's average is over its own time.  Mark
 * alignment is fraction alignment with the chart columns' first stored
 * columns given (hb_grid_by_starts), per stretch between marks.
 * Invariant: both matrices have the chart's rows (NEW's band table, which
 * hb_diff_compatible has found equal to OLD's) and columns; the marks of
 * both files are walked once, in time order, so that 100,000 marks cost
 * no more than a pass.
 */
#define _POSIX_C_SOURCE 200809L     /* strdup */
#include "diff_chart.h"

#include "band_merge.h"
#include "chart_build.h"
#include "grid.h"
#include "hb_format.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "units.h"

/* OLD's and NEW's grids on one column layout. */
struct diff_grids {
    enum hb_align align;
    struct hb_time_layout lay;      /* HB_ALIGN_TIME */
    struct hb_grid old_grid, new_grid;
    uint64_t *old_starts, *new_starts;  /* HB_ALIGN_MARKS, owned */
};

/* ------------------------------------------------------- mark alignment */

/* Whether the runs have the same phase marks: as many, with the same
 * names in the same order (at least one).  O(marks). */
static int same_marks(const struct hb_file *o, const struct hb_file *n)
{
    if (o->nmarks == 0 || o->nmarks != n->nmarks)
        return 0;
    for (size_t i = 0; i < n->nmarks; i++)
        if (strcmp(o->marks[i].name, n->marks[i].name) != 0)
            return 0;
    return 1;
}

enum hb_align hb_diff_default_align(const struct hb_file *o,
                                    const struct hb_file *n)
{
    return same_marks(o, n) ? HB_ALIGN_MARKS : HB_ALIGN_TIME;
}

/* The stored column of f where stretch k (after its k-th cut) starts. */
struct stretch_cuts {
    uint64_t *old_col, *new_col;    /* ncuts + 2: 0, the cuts, ncols */
    size_t ncuts;
};

/* The marks that cut both runs into stretches of at least one stored
 * column, every step-th of them when there are more stretches than
 * max_cols. */
static int find_cuts(const struct hb_file *o, const struct hb_file *n,
                     size_t max_cols, struct stretch_cuts *sc)
{
    sc->old_col = malloc((n->nmarks + 2) * sizeof *sc->old_col);
    sc->new_col = malloc((n->nmarks + 2) * sizeof *sc->new_col);
    if (sc->old_col == NULL || sc->new_col == NULL)
        return -1;
    size_t k = 0;
    sc->old_col[0] = sc->new_col[0] = 0;
    for (size_t i = 0; i < n->nmarks; i++) {
        uint64_t co = o->marks[i].t / o->col_width;
        uint64_t cn = n->marks[i].t / n->col_width;
        if (co > sc->old_col[k] && cn > sc->new_col[k]
            && co < o->ncols && cn < n->ncols) {
            k++;
            sc->old_col[k] = co;
            sc->new_col[k] = cn;
        }
    }
    size_t max_cuts = max_cols > 0 ? max_cols - 1 : 0;
    if (k > max_cuts) {             /* keep cuts step, 2 step, ... */
        size_t step = (k + 1 + max_cols - 1) / max_cols, kept = 0;
        for (size_t i = step; i <= k; i += step) {
            kept++;
            sc->old_col[kept] = sc->old_col[i];
            sc->new_col[kept] = sc->new_col[i];
        }
        k = kept;
    }
    sc->ncuts = k;
    sc->old_col[k + 1] = o->ncols;
    sc->new_col[k + 1] = n->ncols;
    return 0;
}

/* Stretch s of `cols` split in m chart columns from chart column j0. */
static void split_stretch(const uint64_t *cols, size_t s, size_t m,
                          size_t j0, uint64_t *starts)
{
    uint64_t a = cols[s], len = cols[s + 1] - cols[s];
    for (size_t i = 0; i < m; i++)
        starts[j0 + i] = a + (uint64_t)(((hb_u128)i * len + m - 1) / m);
}

/* Chart columns per stretch: one each, the rest in proportion to NEW's
 * stretch, never more than either run's stored columns there; then the
 * first stored column of every chart column, in each file. */
static int lay_out_marks(const struct hb_file *o, const struct hb_file *n,
                         size_t max_cols, struct diff_grids *d)
{
    /* A stretch gets at most NEW's stored columns in it: from NEW's
     * stored columns plus one per stretch, more chart columns change
     * nothing (and "all", SIZE_MAX, would overflow the sizes below). */
    uint64_t enough = n->ncols + n->nmarks + 1;
    if (max_cols > enough)
        max_cols = (size_t)enough;
    struct stretch_cuts sc;
    int r = find_cuts(o, n, max_cols, &sc);
    size_t nstretch = sc.ncuts + 1, ncols = 0;
    size_t spare = max_cols > nstretch ? max_cols - nstretch : 0;
    if (r == 0) {
        d->old_starts = malloc((max_cols + nstretch + 1) * sizeof(uint64_t));
        d->new_starts = malloc((max_cols + nstretch + 1) * sizeof(uint64_t));
        r = d->old_starts && d->new_starts ? 0 : -1;
    }
    for (size_t s = 0; r == 0 && s < nstretch; s++) {
        uint64_t lo = sc.old_col[s + 1] - sc.old_col[s];
        uint64_t ln = sc.new_col[s + 1] - sc.new_col[s];
        uint64_t m = 1 + (uint64_t)((hb_u128)spare * ln / n->ncols);
        m = m < lo ? m : lo;
        m = m < ln ? m : ln;
        split_stretch(sc.old_col, s, (size_t)m, ncols, d->old_starts);
        split_stretch(sc.new_col, s, (size_t)m, ncols, d->new_starts);
        ncols += (size_t)m;
    }
    if (r == 0) {
        d->old_starts[ncols] = o->ncols;
        d->new_starts[ncols] = n->ncols;
        hb_grid_by_starts(&d->old_grid, o, ncols, d->old_starts);
        hb_grid_by_starts(&d->new_grid, n, ncols, d->new_starts);
    }
    free(sc.old_col);
    free(sc.new_col);
    return r;
}

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
                            "with --align=%s",
                            sel->has_from ? "--from" : "--to",
                            align == HB_ALIGN_MARKS ? "marks" : "fraction");
    size_t max_cols = sel->max_cols > 0 ? sel->max_cols : 1;
    if (align == HB_ALIGN_MARKS) {
        if (!same_marks(o, n))
            return hb_error_set(err, HB_ERR_USAGE, 0, "option --align: "
                                "marks needs runs with the same phase "
                                "marks, in the same order");
        if (lay_out_marks(o, n, max_cols, d) < 0)
            return hb_error_nomem(err, "building the chart");
        return 0;
    }
    uint64_t nc = o->ncols < n->ncols ? o->ncols : n->ncols;
    size_t ncols = (size_t)(max_cols < nc ? max_cols : nc);
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

/* "new minus old: NEW  vs  OLD": each command is the text of a header
 * line, so at most HB_LINE_MAX bytes; the title is never cut. */
#define DIFF_TITLE_SIZE \
    (sizeof "new minus old: " + sizeof "  vs  " + 2 * HB_LINE_MAX)

static int set_titles(const struct hb_file *o, const struct hb_file *n,
                      const struct hb_selection *sel, enum hb_align align,
                      struct hb_chart *ch, struct hb_error *err)
{
    char title[DIFF_TITLE_SIZE], value_label[80], x_label[120];
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
    else if (align == HB_ALIGN_MARKS)
        snprintf(x_label, sizeof x_label, "time of new (%s); old lined up "
                 "at the same marks", hb_chart_unit_words(n->unit));
    else
        snprintf(x_label, sizeof x_label, "time of new (%s); old at the "
                 "same fraction of its run", hb_chart_unit_words(n->unit));
    struct hb_chart_titles t = {
        .title = title,
        .chart_name = sel->kind == HB_CHART_LIVE ? "live difference"
                                                 : "allocs difference",
        .value_label = value_label, .x_label = x_label
    };
    return hb_chart_set_titles(ch, &t, n->unit, sel, err);
}

/* ------------------------------------------------------------------ marks */

/* Where OLD's time t is drawn: itself (time), or at the same fraction of
 * the chart column holding its stored column (fraction).  Never decreases
 * as t grows. */
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

/* The marks of one file at one time, [first, end). */
struct mark_group {
    size_t first, end;
};

static void next_group(const struct hb_file *f, size_t first,
                       struct mark_group *g)
{
    g->first = g->end = first;
    while (g->end < f->nmarks && f->marks[g->end].t == f->marks[first].t)
        g->end++;
}

/* Marks at one time that are compared name by name beyond their rank. */
#define SMALL_GROUP 16

/* Is OLD's mark k drawn?  Not when NEW's marks at the same place (the
 * group ng, or none) hold one of the same name: the one at the same rank
 * among them, or (in a group of at most SMALL_GROUP, so that 100,000
 * marks at one time still cost a pass) any.  Marks at one time keep their
 * order in a file, so equal files pair up in one pass. */
static int old_mark_differs(const struct hb_file *o, const struct hb_file *n,
                            const struct mark_group *og,
                            const struct mark_group *ng, size_t k)
{
    size_t rank = k - og->first;
    if (ng == NULL)
        return 1;
    if (ng->first + rank < ng->end
        && strcmp(n->marks[ng->first + rank].name, o->marks[k].name) == 0)
        return 0;
    if (ng->end - ng->first > SMALL_GROUP)
        return 1;
    for (size_t i = ng->first; i < ng->end; i++)
        if (strcmp(n->marks[i].name, o->marks[k].name) == 0)
            return 0;
    return 1;
}

/* NEW's marks on the chart and (time and fraction alignment) OLD's that
 * it draws, named "old: NAME", merged by time, NEW's first at equal
 * times.  OLD's times on the chart never decrease, so both files are
 * walked once. */
static int add_marks(const struct diff_grids *d, struct hb_chart *ch)
{
    const struct hb_file *n = d->new_grid.f, *o = d->old_grid.f;
    uint64_t t0 = ch->x_start[0], t1 = ch->x_end[ch->ncols - 1];
    size_t cap = 0, i = 0, k = 0;
    size_t o_end = d->align == HB_ALIGN_MARKS ? 0 : o->nmarks;
    struct mark_group og = { .first = 0, .end = 0 }, ng = og;
    while (i < n->nmarks || k < o_end) {
        while (i < n->nmarks && (n->marks[i].t < t0 || n->marks[i].t > t1))
            i++;
        if (k < o_end && k == og.end)
            next_group(o, k, &og);
        uint64_t t_old = k < o_end ? old_time_on_chart(d, ch, o->marks[k].t)
                                   : 0;
        int old_on = k < o_end && t_old >= t0 && t_old <= t1;
        if (k < o_end && !old_on) {
            k++;
            continue;
        }
        if (i < n->nmarks && (!old_on || n->marks[i].t <= t_old)) {
            if (i >= ng.end)
                next_group(n, i, &ng);
            if (hb_chart_add_mark(ch, &cap, n->marks[i].t, "",
                                  n->marks[i].name) < 0)
                return -1;
            i++;
            continue;
        }
        if (!old_on)
            break;
        /* Every mark of NEW up to t_old is on the chart: ng is the last
         * group met, the one at t_old if there is one. */
        int same_place = ng.end > ng.first && n->marks[ng.first].t == t_old;
        if (old_mark_differs(o, n, &og, same_place ? &ng : NULL, k)
            && hb_chart_add_mark(ch, &cap, t_old, "old: ",
                                 o->marks[k].name) < 0)
            return -1;
        k++;
    }
    return 0;
}

/* ---------------------------------------------------------------- noise */

static double max3(const double *row, size_t j, size_t ncols, int want_max)
{
    double v = row[j];
    for (size_t i = j > 0 ? j - 1 : 0; i <= j + 1 && i < ncols; i++)
        if (want_max ? row[i] > v : row[i] < v)
            v = row[i];
    return v;
}

/* Is v within the range of row[j - 1 .. j + 1]? */
static int within_neighbours(const double *row, size_t j, size_t ncols,
                             double v)
{
    return v >= max3(row, j, ncols, 0) && v <= max3(row, j, ncols, 1);
}

/* The noise mask of one row: below the threshold, or explained by a
 * shift of under a column (diff_chart.h). */
static void mark_noise(struct hb_chart *ch, size_t r, const double *old_row,
                       const double *new_row, double min_pct,
                       double min_amount)
{
    size_t nc = ch->ncols;
    double peak = 0;
    for (size_t j = 0; j < nc; j++) {
        peak = fabs(old_row[j]) > peak ? fabs(old_row[j]) : peak;
        peak = fabs(new_row[j]) > peak ? fabs(new_row[j]) : peak;
    }
    double least = min_pct / 100 * peak;
    if (least < min_amount)
        least = min_amount;
    int lenient = min_pct > 0 || min_amount > 0;
    for (size_t j = 0; j < nc; j++) {
        double change = new_row[j] - old_row[j];
        int noise = change == 0
                    || (lenient && ch->diff.ended[j] == HB_ENDED_NONE
                        && (fabs(change) < least
                            || (within_neighbours(old_row, j, nc, new_row[j])
                                && within_neighbours(new_row, j, nc,
                                                     old_row[j]))));
        ch->diff.noise[r * nc + j] = (unsigned char)noise;
    }
}

/* ------------------------------------------------------------------ entry */

/* The columns that start once the shorter run is over (time alignment). */
static void mark_ended(const struct diff_grids *d, struct hb_chart *ch)
{
    uint64_t oe = d->old_grid.f->end_time, ne = d->new_grid.f->end_time;
    ch->diff.old_end = oe;
    ch->diff.new_end = ne;
    if (d->align != HB_ALIGN_TIME || oe == ne)
        return;
    uint64_t shorter = oe < ne ? oe : ne;
    for (size_t j = 0; j < ch->ncols; j++)
        if (ch->x_start[j] >= shorter && ch->x_start[j] > 0)
            ch->diff.ended[j] = oe < ne ? HB_ENDED_OLD : HB_ENDED_NEW;
}

/* Both runs' matrices merged into rows of `step` (band_merge.h) before
 * they are subtracted, so that a merged cell's change and its noise are
 * those of the merged bands: *old_cells and the chart's cells, labels and
 * bounds replaced.  Returns 0, or -1 with err (a step finer than the
 * file's bands, out of memory). */
static int merge_runs(struct hb_chart *ch, const struct hb_file *f,
                      unsigned step, double **old_cells,
                      struct hb_error *err)
{
    struct hb_band_rows p;
    if (hb_band_rows_plan(&p, ch->row_lo, ch->row_hi, ch->nrows, step,
                          err) < 0)
        return -1;
    size_t n = (p.nrows ? p.nrows : 1) * ch->ncols;
    double *old_rows = malloc(n * sizeof *old_rows);
    double *new_rows = malloc(n * sizeof *new_rows);
    char **labels = calloc(p.nrows ? p.nrows : 1, sizeof *labels);
    int ok = old_rows != NULL && new_rows != NULL && labels != NULL;
    for (size_t r = 0; ok && r < p.nrows; r++) {
        char label[80];
        hb_format_band(label, sizeof label, p.row_lo[r], p.row_hi[r]);
        ok = (labels[r] = strdup(label)) != NULL;
    }
    if (!ok) {
        free(old_rows);
        free(new_rows);
        for (size_t r = 0; labels != NULL && r < p.nrows; r++)
            free(labels[r]);
        free(labels);
        hb_band_rows_free(&p);
        return hb_error_nomem(err, "merging the bands");
    }
    hb_band_rows_sum(&p, *old_cells, ch->ncols, old_rows);
    hb_band_rows_sum(&p, ch->cells, ch->ncols, new_rows);
    free(*old_cells);
    *old_cells = old_rows;
    free(ch->cells);
    ch->cells = new_rows;
    for (size_t r = 0; r < ch->nrows; r++)
        free(ch->row_labels[r]);
    free(ch->row_labels);
    ch->row_labels = labels;
    free(ch->row_lo);
    free(ch->row_hi);
    ch->row_lo = p.row_lo;
    ch->row_hi = p.row_hi;
    ch->nrows = p.nrows;
    free(p.row_of);
    ch->row_step = step;
    ch->first_band = hb_band_of_size(f, ch->row_lo[0]);
    return 0;
}

/* NEW's matrix minus OLD's into the chart's cells, the noise mask, vmax
 * (the largest change drawn as a change), and both runs' heap lines. */
static int subtract(const struct diff_grids *d, const struct hb_selection *sel,
                    const struct hb_diff_opts *opts, struct hb_chart *ch,
                    struct hb_error *err)
{
    size_t n = ch->nrows * ch->ncols, nc = ch->ncols;
    uint64_t last_band = ch->first_band + ch->nrows - 1;
    /* Averages over the chart's times (time) or each file's own (NULL). */
    const uint64_t *xs = d->align == HB_ALIGN_TIME ? ch->x_start : NULL;
    const uint64_t *xe = d->align == HB_ALIGN_TIME ? ch->x_end : NULL;
    double *old_cells = calloc(n, sizeof *old_cells);
    ch->diff.noise = calloc(n, 1);
    ch->diff.ended = calloc(nc, 1);
    ch->line = calloc(nc, sizeof *ch->line);
    ch->diff.old_line = calloc(nc, sizeof *ch->diff.old_line);
    if (old_cells == NULL || ch->diff.noise == NULL || ch->diff.ended == NULL
        || ch->line == NULL || ch->diff.old_line == NULL) {
        free(old_cells);
        return hb_error_nomem(err, "building the chart");
    }
    int r = hb_grid_fill(&d->old_grid, sel, ch->first_band, last_band, xs, xe,
                         old_cells, err);
    if (r == 0)
        r = hb_grid_fill(&d->new_grid, sel, ch->first_band, last_band, xs,
                         xe, ch->cells, err);
    if (r == 0 && opts->step > ch->row_step && ch->row_cells == NULL) {
        r = merge_runs(ch, d->new_grid.f, opts->step, &old_cells, err);
        n = ch->nrows * nc;
    }
    mark_ended(d, ch);
    ch->diff.min_pct = opts->min_pct;
    ch->diff.min_amount = opts->min_amount >= 0 ? opts->min_amount
                          : ch->value_is_bytes ? HB_DIFF_MIN_BYTES : 1;
    for (size_t row = 0; r == 0 && row < ch->nrows; row++)
        mark_noise(ch, row, old_cells + row * nc, ch->cells + row * nc,
                   ch->diff.min_pct, ch->diff.min_amount);
    ch->vmax = 0;
    for (size_t i = 0; r == 0 && i < n; i++) {
        ch->cells[i] -= old_cells[i];
        if (!ch->diff.noise[i] && ch->diff.ended[i % nc] == HB_ENDED_NONE
            && fabs(ch->cells[i]) > ch->vmax)
            ch->vmax = fabs(ch->cells[i]);
    }
    free(old_cells);
    hb_grid_fill_line(&d->new_grid, ch->line);
    hb_grid_fill_line(&d->old_grid, ch->diff.old_line);
    ch->line_max = 0;
    for (size_t j = 0; j < nc; j++) {
        if (ch->line[j] > ch->line_max)
            ch->line_max = ch->line[j];
        if (ch->diff.old_line[j] > ch->line_max)
            ch->line_max = ch->diff.old_line[j];
    }
    return r;
}

static int build(const struct hb_file *o, const struct hb_file *n,
                 const struct hb_selection *sel,
                 const struct hb_diff_opts *opts, struct diff_grids *d,
                 struct hb_chart *ch, struct hb_error *err)
{
    uint64_t first_band, last_band;
    enum hb_align align = opts->align;
    if (sel->kind == HB_CHART_LIFETIME)
        return hb_error_set(err, HB_ERR_USAGE, 0, "option --chart: --diff "
                            "draws live or allocs charts, not lifetime");
    if (lay_out(o, n, sel, align, d, err) < 0)
        return -1;
    if (set_titles(o, n, sel, align, ch, err) < 0)
        return -1;
    if (choose_rows(d, sel, &first_band, &last_band, err) < 0)
        return -1;
    /* Fewer columns when the rows are many (the rows chosen do not depend
     * on the number of columns). */
    uint64_t nrows = last_band - first_band + 1;
    if (nrows * (uint64_t)d->new_grid.ncols > HB_DIFF_MAX_CELLS) {
        struct hb_selection fewer = *sel;
        fewer.max_cols = (size_t)(HB_DIFF_MAX_CELLS / nrows);
        fewer.max_cols = fewer.max_cols > 0 ? fewer.max_cols : 1;
        free(d->old_starts);
        free(d->new_starts);
        d->old_starts = d->new_starts = NULL;
        if (lay_out(o, n, &fewer, align, d, err) < 0)
            return -1;
    }
    if (hb_chart_start(ch, n, first_band, last_band, d->new_grid.ncols,
                       err) < 0)
        return -1;
    ch->align = align;
    ch->stored_per_col = align == HB_ALIGN_TIME ? d->new_grid.per_col : 0;
    ch->diverging = 1;
    for (size_t j = 0; j < ch->ncols; j++) {
        if (align == HB_ALIGN_TIME)
            hb_time_layout_span(&d->lay, j, &ch->x_start[j], &ch->x_end[j]);
        else
            hb_grid_span(&d->new_grid, j, &ch->x_start[j], &ch->x_end[j]);
    }
    if (subtract(d, sel, opts, ch, err) < 0)
        return -1;
    if (add_marks(d, ch) < 0)
        return hb_error_nomem(err, "building the chart");
    return 0;
}

int hb_diff_chart_build(const struct hb_file *o, const struct hb_file *n,
                        const struct hb_selection *sel,
                        const struct hb_diff_opts *opts,
                        struct hb_chart *ch, struct hb_error *err)
{
    struct diff_grids d;
    memset(&d, 0, sizeof d);
    memset(ch, 0, sizeof *ch);
    ch->line_peak_col = -1;
    int r = build(o, n, sel, opts, &d, ch, err);
    free(d.old_starts);
    free(d.new_starts);
    if (r < 0)
        hb_chart_free(ch);
    return r;
}
