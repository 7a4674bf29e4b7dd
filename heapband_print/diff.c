/* diff.c -- the difference chart of two heap-band files: see diff.h. */
#define _POSIX_C_SOURCE 200809L     /* strdup */
#include "diff.h"

#include "units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------- the chart */

/* How one file's stored columns make the chart's columns. */
struct grid {
    const struct hb_file *f;
    enum hb_align align;
    size_t ncols;              /* chart columns */
    uint64_t c_first, c_last;  /* stored columns used; c_last < f->ncols */
    int empty;                 /* no stored column of the file is used */
    uint64_t per;              /* time: stored columns per chart column */
};

static size_t grid_col(const struct grid *g, uint64_t c)
{
    if (g->align == HB_ALIGN_TIME)
        return (size_t)((c - g->c_first) / g->per);
    __extension__ unsigned __int128 x = c;
    return (size_t)(x * g->ncols / g->f->ncols);
}

/* The stored columns [*first, *last] of chart column j; 0 if none. */
static int grid_group(const struct grid *g, size_t j, uint64_t *first,
                      uint64_t *last)
{
    if (g->empty)
        return 0;
    if (g->align == HB_ALIGN_TIME) {
        *first = g->c_first + (uint64_t)j * g->per;
        *last = *first + g->per - 1;
    } else {
        __extension__ unsigned __int128 nc = g->f->ncols, n = g->ncols;
        *first = (uint64_t)((j * nc + n - 1) / n);
        *last = (uint64_t)(((j + 1) * nc + n - 1) / n) - 1;
    }
    if (*last > g->c_last)
        *last = g->c_last;
    return *first <= *last;
}

static double ratio(hb_u128 acc, uint64_t den)
{
    hb_u128 q = acc / den, r = acc % den;
    return (double)q + (double)r / (double)den;
}

/* The chart matrix of one file on its grid: out[r * ncols + j].  span[j]
 * is the time each chart column's average is taken over. */
static int fill_matrix(const struct grid *g, const struct hb_selection *sel,
                       const struct hb_chart_map *map, const uint64_t *span,
                       double *out)
{
    const struct hb_file *f = g->f;
    size_t nrows = (size_t)(map->last_band - map->first_band + 1);
    hb_u128 *acc = calloc(nrows * g->ncols, sizeof *acc);
    if (acc == NULL)
        return -1;
    int avg = sel->kind == HB_CHART_LIVE && sel->stat == HB_STAT_AVG;
    for (size_t i = 0; !g->empty && i < f->ncells; i++) {
        const struct hb_cellrec *cell = &f->cells[i];
        if (cell->c < g->c_first || cell->c > g->c_last
            || cell->b < map->first_band || cell->b > map->last_band)
            continue;
        size_t j = grid_col(g, cell->c);
        size_t at = (size_t)(cell->b - map->first_band) * g->ncols + j;
        uint64_t first = 0, last = 0;
        grid_group(g, j, &first, &last);
        if (sel->kind == HB_CHART_ALLOCS)
            acc[at] += sel->weight == HB_WEIGHT_BYTES ? cell->alloc_bytes
                                                      : cell->allocs;
        else if (avg && span[j] > 0)
            acc[at] += cell->live_integral;
        else if (sel->stat == HB_STAT_MAX) {
            if ((double)cell->live_max > out[at])
                out[at] = (double)cell->live_max;
        } else if (cell->c == last) {
            /* The end of the column; also the average of a column of no
             * length (a last stored column starting at the end time). */
            out[at] = (double)cell->live_end;
        }
    }
    for (size_t r = 0; r < nrows; r++)
        for (size_t j = 0; j < g->ncols; j++) {
            size_t at = r * g->ncols + j;
            if (sel->kind == HB_CHART_ALLOCS)
                out[at] = ratio(acc[at], 1);
            else if (avg && span[j] > 0)
                out[at] = ratio(acc[at], span[j]);
        }
    free(acc);
    return 0;
}

/* The band range with data in the used stored columns of either file,
 * unless --min-size/--max-size say otherwise (as for one file). */
static int choose_rows(const struct grid *go, const struct grid *gn,
                       const struct hb_selection *sel,
                       struct hb_chart_map *map, char *err, size_t errlen)
{
    const struct grid *gs[2] = { go, gn };
    int have = 0;
    uint64_t lo = 0, hi = 0;
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; !gs[k]->empty && i < gs[k]->f->ncells; i++) {
            const struct hb_cellrec *c = &gs[k]->f->cells[i];
            if (c->c < gs[k]->c_first || c->c > gs[k]->c_last)
                continue;
            if (!have || c->b < lo)
                lo = c->b;
            if (!have || c->b > hi)
                hi = c->b;
            have = 1;
        }
    return hb_chart_choose_rows(gn->f, sel, have, lo, hi, map, err, errlen);
}

/* Absolute time: both grids over the same time intervals. */
static int time_grids(const struct hb_file *o, const struct hb_file *n,
                      const struct hb_selection *sel, struct grid *go,
                      struct grid *gn, uint64_t *unit, uint64_t *u0,
                      char *err, size_t errlen)
{
    uint64_t wmax = o->col_width > n->col_width ? o->col_width : n->col_width;
    uint64_t end = o->end_time > n->end_time ? o->end_time : n->end_time;
    if (sel->has_from && sel->has_to && sel->from > sel->to) {
        snprintf(err, errlen, "option --from: later than --to");
        return -1;
    }
    uint64_t first = sel->has_from ? sel->from / wmax : 0;
    uint64_t last = end / wmax;
    if (first > last) {
        snprintf(err, errlen, "option --from: %llu is after the end of both "
                 "runs (%llu)", (unsigned long long)sel->from,
                 (unsigned long long)end);
        return -1;
    }
    if (sel->has_to && sel->to / wmax < last)
        last = sel->to / wmax;
    uint64_t nsel = last - first + 1;
    uint64_t max_cols = sel->max_cols > 0 ? sel->max_cols : 1;
    uint64_t k = (nsel - 1) / max_cols + 1;
    size_t ncols = (size_t)((nsel - 1) / k + 1);
    struct grid *gs[2] = { go, gn };
    for (int i = 0; i < 2; i++) {
        const struct hb_file *f = i ? n : o;
        uint64_t r = wmax / f->col_width;
        *gs[i] = (struct grid){ f, HB_ALIGN_TIME, ncols, first * r, 0, 0,
                                k * r };
        gs[i]->c_last = (last + 1) * r - 1;
        if (gs[i]->c_last > f->ncols - 1)
            gs[i]->c_last = f->ncols - 1;
        gs[i]->empty = gs[i]->c_first > gs[i]->c_last;
    }
    *unit = k * wmax;
    *u0 = first * wmax;
    return 0;
}

/* Marks: NEW's, and OLD's that NEW does not have at the same place, named
 * "old: NAME"; by time.  t_of_old maps an OLD time to the chart's. */
static int add_mark(struct hb_chart *ch, size_t *cap, uint64_t t,
                    const char *prefix, const char *name)
{
    if (ch->nmarks == *cap) {
        size_t ncap = *cap ? 2 * *cap : 8;
        struct hb_mark *m = realloc(ch->marks, ncap * sizeof *m);
        if (m == NULL)
            return -1;
        ch->marks = m;
        *cap = ncap;
    }
    char *s = malloc(strlen(prefix) + strlen(name) + 1);
    if (s == NULL)
        return -1;
    strcpy(s, prefix);
    strcat(s, name);
    ch->marks[ch->nmarks++] = (struct hb_mark){ t, s };
    return 0;
}

static int by_time(const void *pa, const void *pb)
{
    const struct hb_mark *a = pa, *b = pb;
    return (a->time > b->time) - (a->time < b->time);
}

/* Where OLD's time t is drawn: itself (time), or at the same fraction of
 * the chart column holding its stored column (fraction). */
static uint64_t old_time_on_chart(const struct grid *go,
                                  const struct hb_chart *ch, uint64_t t)
{
    if (go->align == HB_ALIGN_TIME)
        return t;
    const struct hb_file *f = go->f;
    uint64_t c = t / f->col_width, first = 0, last = 0;
    if (c >= f->ncols)
        c = f->ncols - 1;
    size_t j = grid_col(go, c);
    grid_group(go, j, &first, &last);
    uint64_t s = hb_col_start(f, first), e = hb_col_span_end(f, last);
    if (e <= s)
        return ch->x_start[j];
    long double fr = (long double)(t - s) / (long double)(e - s);
    return ch->x_start[j]
           + (uint64_t)(fr * (long double)(ch->x_end[j] - ch->x_start[j]));
}

static int fill_marks(const struct grid *go, const struct grid *gn,
                      struct hb_chart *ch)
{
    uint64_t t0 = ch->x_start[0], t1 = ch->x_end[ch->ncols - 1];
    size_t cap = 0;
    const struct hb_file *n = gn->f, *o = go->f;
    for (size_t i = 0; i < n->nmarks; i++)
        if (n->marks[i].t >= t0 && n->marks[i].t <= t1
            && add_mark(ch, &cap, n->marks[i].t, "", n->marks[i].name) < 0)
            return -1;
    size_t nnew = ch->nmarks;
    for (size_t i = 0; i < o->nmarks; i++) {
        uint64_t t = old_time_on_chart(go, ch, o->marks[i].t);
        if (go->align == HB_ALIGN_TIME && (t < t0 || t > t1))
            continue;
        int dup = 0;
        for (size_t k = 0; k < nnew && !dup; k++)
            dup = ch->marks[k].time == t
                  && strcmp(ch->marks[k].name, o->marks[i].name) == 0;
        if (!dup && add_mark(ch, &cap, t, "old: ", o->marks[i].name) < 0)
            return -1;
    }
    if (ch->nmarks > 1)      /* stable enough: equal times keep NEW first */
        qsort(ch->marks, ch->nmarks, sizeof *ch->marks, by_time);
    return 0;
}

static const char *unit_words(enum hb_unit u)
{
    switch (u) {
    case HB_UNIT_B: return "bytes allocated and freed";
    case HB_UNIT_MS: return "ms";
    default: return "instructions";
    }
}

static int set_titles(const struct hb_file *o, const struct hb_file *n,
                      const struct hb_selection *sel, enum hb_align align,
                      struct hb_chart *ch)
{
    char buf[8400];
    if (strcmp(o->cmd, n->cmd) == 0)
        snprintf(buf, sizeof buf, "new minus old: %s", n->cmd);
    else
        snprintf(buf, sizeof buf, "new minus old: %s  vs  %s", n->cmd, o->cmd);
    ch->title = strdup(buf);
    ch->chart_name = strdup(sel->kind == HB_CHART_LIVE ? "live difference"
                                                        : "allocs difference");
    const char *what =
        sel->kind == HB_CHART_ALLOCS
            ? (sel->weight == HB_WEIGHT_BYTES ? "bytes allocated"
                                              : "allocations")
        : sel->stat == HB_STAT_MAX ? "peak live bytes"
        : sel->stat == HB_STAT_END ? "live bytes at column end"
        : "average live bytes";
    snprintf(buf, sizeof buf, "change in %s", what);
    ch->value_label = strdup(buf);
    ch->value_is_bytes = sel->kind != HB_CHART_ALLOCS
                         || sel->weight == HB_WEIGHT_BYTES;
    ch->time_unit = strdup(hb_unit_name(n->unit));
    if (align == HB_ALIGN_TIME)
        snprintf(buf, sizeof buf, "time (%s)", unit_words(n->unit));
    else
        snprintf(buf, sizeof buf, "time of new (%s); old at the same "
                 "fraction of its run", unit_words(n->unit));
    ch->x_label = strdup(buf);
    return ch->title && ch->chart_name && ch->value_label && ch->time_unit
           && ch->x_label ? 0 : -1;
}

static int build(const struct hb_file *o, const struct hb_file *n,
                 const struct hb_selection *sel, enum hb_align align,
                 struct hb_chart *ch, struct hb_chart_map *map, char *err,
                 size_t errlen)
{
    struct grid go, gn;
    uint64_t unit = 0, u0 = 0;
    if (sel->kind == HB_CHART_LIFETIME) {
        snprintf(err, errlen, "option --chart: --diff draws live or allocs "
                 "charts, not lifetime");
        return -1;
    }
    if (align == HB_ALIGN_TIME) {
        if (time_grids(o, n, sel, &go, &gn, &unit, &u0, err, errlen) < 0)
            return -1;
    } else {
        if (sel->has_from || sel->has_to) {
            snprintf(err, errlen, "option %s: does not apply with "
                     "--align=fraction", sel->has_from ? "--from" : "--to");
            return -1;
        }
        uint64_t nc = o->ncols < n->ncols ? o->ncols : n->ncols;
        size_t ncols = (size_t)(sel->max_cols > 0 && sel->max_cols < nc
                                ? sel->max_cols : nc);
        go = (struct grid){ o, align, ncols, 0, o->ncols - 1, 0, 0 };
        gn = (struct grid){ n, align, ncols, 0, n->ncols - 1, 0, 0 };
    }
    if (set_titles(o, n, sel, align, ch) < 0)
        return -2;
    if (choose_rows(&go, &gn, sel, map, err, errlen) < 0)
        return -1;
    map->first_col = gn.c_first;
    map->last_col = gn.c_last;
    map->per_col = align == HB_ALIGN_TIME ? gn.per : 0;

    size_t ncols = gn.ncols;
    ch->ncols = ncols;
    ch->nrows = (size_t)(map->last_band - map->first_band + 1);
    ch->row_labels = calloc(ch->nrows, sizeof *ch->row_labels);
    ch->x_start = calloc(ncols, sizeof *ch->x_start);
    ch->x_end = calloc(ncols, sizeof *ch->x_end);
    ch->cells = calloc(ch->nrows * ncols, sizeof *ch->cells);
    double *old_cells = calloc(ch->nrows * ncols, sizeof *old_cells);
    uint64_t *span_o = calloc(ncols, sizeof *span_o);
    uint64_t *span_n = calloc(ncols, sizeof *span_n);
    int r = -2;
    if (!ch->row_labels || !ch->x_start || !ch->x_end || !ch->cells
        || !old_cells || !span_o || !span_n)
        goto out;
    for (size_t i = 0; i < ch->nrows; i++) {
        char label[80];
        const struct hb_band *b = &n->bands[map->first_band + i];
        hb_format_band(label, sizeof label, b->lo, b->hi);
        if ((ch->row_labels[i] = strdup(label)) == NULL)
            goto out;
    }
    uint64_t end = o->end_time > n->end_time ? o->end_time : n->end_time;
    for (size_t j = 0; j < ncols; j++) {
        uint64_t first = 0, last = 0;
        if (align == HB_ALIGN_TIME) {
            ch->x_start[j] = u0 + (uint64_t)j * unit;
            ch->x_end[j] = ch->x_start[j] + unit < end ? ch->x_start[j] + unit
                                                       : end;
            span_o[j] = span_n[j] = ch->x_end[j] - ch->x_start[j];
        } else {
            grid_group(&gn, j, &first, &last);
            ch->x_start[j] = hb_col_start(n, first);
            ch->x_end[j] = hb_col_span_end(n, last);
            span_n[j] = ch->x_end[j] - ch->x_start[j];
            grid_group(&go, j, &first, &last);
            span_o[j] = hb_col_span_end(o, last) - hb_col_start(o, first);
        }
    }
    if (fill_matrix(&go, sel, map, span_o, old_cells) < 0
        || fill_matrix(&gn, sel, map, span_n, ch->cells) < 0)
        goto out;
    ch->vmax = 0;
    for (size_t i = 0; i < ch->nrows * ncols; i++) {
        ch->cells[i] -= old_cells[i];
        if (fabs(ch->cells[i]) > ch->vmax)
            ch->vmax = fabs(ch->cells[i]);
    }
    ch->diverging = 1;
    ch->line_peak_col = -1;
    r = fill_marks(&go, &gn, ch) < 0 ? -2 : 0;
out:
    free(old_cells);
    free(span_o);
    free(span_n);
    return r;
}

int hb_diff_chart_build(const struct hb_file *o, const struct hb_file *n,
                        const struct hb_selection *sel, enum hb_align align,
                        struct hb_chart *ch, struct hb_chart_map *map,
                        char *err, size_t errlen)
{
    memset(ch, 0, sizeof *ch);
    memset(map, 0, sizeof *map);
    ch->line_peak_col = -1;
    int r = build(o, n, sel, align, ch, map, err, errlen);
    if (r == -2)
        snprintf(err, errlen, "out of memory");
    if (r < 0)
        hb_chart_free(ch);
    return r < 0 ? -1 : 0;
}
