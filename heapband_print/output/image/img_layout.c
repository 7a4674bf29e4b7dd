/* img_layout.c -- the geometry of heapband_print's PNG and SVG charts: see
 * img_layout.h.
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see error.h
 * and the file COPYING.
 *
 * Text widths are estimated from character counts, never measured, so that
 * the layout does not depend on the fonts installed.  Nothing here calls
 * cairo; the drawing (img_draw.c) puts text and lines where this says.
 */
#include "img_layout.h"

#include "search.h"
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* DejaVu Sans digits are 0.64 em wide. */
#define CHAR_W 0.64
/* Row labels longer than this are cut when drawn. */
#define MAX_ROW_LABEL 14
/* Room reserved for the labels of the heap axis and of the legend. */
#define AXIS_LABEL_CHARS 6
/* Below this plot size the image gets no text at all. */
#define MIN_PLOT_W 40
#define MIN_PLOT_H 30
/* The legend's labels are at most this long, the sign included. */
#define LEGEND_LABEL_LEN 24

static int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static size_t longest_row_label(const struct hb_chart *chart)
{
    size_t longest = 0;
    for (size_t r = 0; chart->row_labels && r < chart->nrows; r++) {
        size_t n = chart->row_labels[r] ? strlen(chart->row_labels[r]) : 0;
        if (n > longest)
            longest = n;
    }
    return longest < MAX_ROW_LABEL ? longest : MAX_ROW_LABEL;
}

/* The font grows with the image up to 12 px and never goes below 8 px. */
static double font_size_for(int width, int height)
{
    double f = floor(fmin(width / 70.0, height / 40.0));
    return f < 8 ? 8 : f > 12 ? 12 : f;
}

static void layout_undecorated(struct hb_image_layout *lay)
{
    lay->decorated = 0;
    lay->heap_axis = 0;
    lay->plot = (struct hb_image_rect){ .x = 0, .y = 0, .w = lay->width,
                                        .h = lay->height };
    lay->bar = (struct hb_image_rect){ .x = 0, .y = 0, .w = 0, .h = 0 };
    lay->line_width = 1;
    lay->line_top = 0;
    lay->marks_y = 0;
    lay->peak_radius = 0;
    memset(&lay->text, 0, sizeof lay->text);
}

/* The texts' places, once plot and bar are known. */
static void place_texts(struct hb_image_layout *lay)
{
    const struct hb_image_rect *p = &lay->plot, *b = &lay->bar;
    double f = lay->font_size;
    struct hb_image_text_anchors *t = &lay->text;
    t->pad = ceil(f / 2);
    t->title_maxw = lay->width - 2 * t->pad;
    t->subtitle_y = t->pad + 1.4 * 1.15 * f;
    t->row_title_x = ceil(f / 2) + 0.7 * f;
    t->x_title_y = p->y + p->h + 6 + 1.4 * f;
    double heap_x = p->x + p->w;
    t->heap_title_x = heap_x + 6 + AXIS_LABEL_CHARS * CHAR_W * f + 0.7 * f
                      + 4;
    t->value_title_x = b->x + b->w + 6 + AXIS_LABEL_CHARS * CHAR_W * f
                       + 0.7 * f;
    t->mark_name_min_w = 3 * CHAR_W * f;
}

int hb_image_layout(const struct hb_chart *chart,
                    const struct hb_image_opts *opts,
                    struct hb_image_layout *lay)
{
    memset(lay, 0, sizeof *lay);
    if (opts->width < 1 || opts->width > HB_IMAGE_MAX_SIDE ||
        opts->height < 1 || opts->height > HB_IMAGE_MAX_SIDE)
        return -1;
    lay->width = opts->width;
    lay->height = opts->height;

    double f = font_size_for(opts->width, opts->height);
    double cw = CHAR_W * f;
    int pad = (int)ceil(f / 2);
    int rotated_title = (int)ceil(1.4 * f);     /* a rotated axis title */
    int axis_labels = (int)ceil(AXIS_LABEL_CHARS * cw) + 6;

    int top = pad + (int)ceil(1.4 * 1.15 * f + 1.4 * f) + pad;
    /* A row for the names of the phase marks, between title and plot. */
    int marks_row = chart->marks && chart->nmarks > 0 ? (int)ceil(1.3 * f)
                                                      : 0;
    top += marks_row;
    int bottom = 6 + (int)ceil(2.8 * f) + pad;
    int left = pad + rotated_title + (int)ceil(longest_row_label(chart) * cw)
               + 6;
    int heap = chart->line ? axis_labels + rotated_title : 0;
    int bar_w = (int)ceil(1.2 * f);
    int legend = (int)f + bar_w + axis_labels + rotated_title + pad;

    lay->font_size = f;
    lay->plot.x = left;
    lay->plot.y = top;
    lay->plot.w = opts->width - left - heap - legend;
    lay->plot.h = opts->height - top - bottom;
    if (lay->plot.w < MIN_PLOT_W || lay->plot.h < MIN_PLOT_H) {
        layout_undecorated(lay);
        return 0;
    }
    lay->decorated = 1;
    lay->heap_axis = chart->line != NULL;
    lay->bar = (struct hb_image_rect){
        .x = left + lay->plot.w + heap + (int)f, .y = top, .w = bar_w,
        .h = lay->plot.h };
    lay->marks_y = top - marks_row - 2;
    lay->line_width = 3;
    /* Headroom above the line, so that a level heap at its maximum is not
     * drawn over the frame. */
    lay->line_top = top + lay->plot.h / 16;
    lay->peak_radius = clampi((int)lround(f / 2.4), 3, 6);
    place_texts(lay);
    return 0;
}

int hb_image_max_columns(const struct hb_image_opts *opts)
{
    /* The narrowest plot: a heap axis and row labels as long as any is
     * drawn (MAX_ROW_LABEL characters, each as wide as a digit). */
    char longest[MAX_ROW_LABEL + 1];
    memset(longest, '0', MAX_ROW_LABEL);
    longest[MAX_ROW_LABEL] = '\0';
    char *labels[1] = {longest};
    double line[1] = {0};
    struct hb_chart worst;
    memset(&worst, 0, sizeof worst);
    worst.nrows = 1;
    worst.row_labels = labels;
    worst.line = line;
    struct hb_image_layout lay;
    if (hb_image_layout(&worst, opts, &lay) != 0)
        return 1;
    if (!lay.decorated)     /* then a chart may be drawn either way */
        return opts->width < MIN_PLOT_W ? opts->width : MIN_PLOT_W;
    return lay.plot.w;
}

/* floor(i * len / n) without overflow for any realistic n. */
static int split_point(size_t i, size_t n, int len)
{
    if (n == 0)
        return 0;
    return (int)((unsigned long long)i * (unsigned)len / n);
}

void hb_image_cell_rect(const struct hb_image_layout *lay,
                        const struct hb_chart *chart, size_t r, size_t c,
                        struct hb_image_rect *cell)
{
    const struct hb_image_rect *p = &lay->plot;
    int x0 = p->x + split_point(c, chart->ncols, p->w);
    int x1 = p->x + split_point(c + 1, chart->ncols, p->w);
    int y1 = p->y + p->h - split_point(r, chart->nrows, p->h);
    int y0 = p->y + p->h - split_point(r + 1, chart->nrows, p->h);
    if (x1 == x0)
        x1 = x0 + 1;
    if (y1 == y0)
        y0 = y1 - 1;
    *cell = (struct hb_image_rect){ .x = x0, .y = y0, .w = x1 - x0,
                                    .h = y1 - y0 };
}

size_t hb_image_pixel_group_end(size_t i, size_t n, int len)
{
    while (i + 1 < n && split_point(i + 1, n, len) == split_point(i, n, len))
        i++;
    return i;
}

/* The pixel row of heap value v: the graph's top (line_max, or the
 * footprint stacked higher) on row line_top, 0 on the bottom row of the
 * plot. */
static int heap_pixel_row(const struct hb_image_layout *lay,
                          const struct hb_chart *chart, double v)
{
    double top = hb_chart_graph_top(chart);
    double frac = top > 0 ? v / top : 0;
    if (!(frac > 0))
        frac = 0;
    if (frac > 1)
        frac = 1;
    int bottom = lay->plot.y + lay->plot.h - 1;
    return bottom - (int)floor(frac * (bottom - lay->line_top) + 0.5);
}

int hb_image_line_pixel(const struct hb_image_layout *lay,
                        const struct hb_chart *chart, size_t c,
                        int *x, int *y)
{
    if (!chart->line || c >= chart->ncols || chart->nrows == 0)
        return -1;
    struct hb_image_rect cell;
    hb_image_cell_rect(lay, chart, 0, c, &cell);
    *x = cell.x + (cell.w - 1) / 2;
    *y = heap_pixel_row(lay, chart, chart->line[c]);
    return 0;
}

/* ---------------------------------------------------------------------- */
/* Time                                                                    */
/* ---------------------------------------------------------------------- */

static double col_start(const struct hb_chart *ch, size_t c)
{
    return ch->x_start ? (double)ch->x_start[c] : (double)c;
}

static double col_end(const struct hb_chart *ch, size_t c)
{
    return ch->x_end ? (double)ch->x_end[c] : (double)c + 1;
}

struct time_key { const struct hb_chart *ch; double t; };

static int starts_by(const void *ctx, size_t i)
{
    const struct time_key *k = ctx;
    return col_start(k->ch, i) <= k->t;
}

/* The x of time t: linear inside each column, so that it agrees with the
 * cells even when columns differ in length. */
static double time_to_x(const struct hb_image_layout *lay,
                        const struct hb_chart *ch, double t)
{
    /* The last column starting at t or before (the first, if none). */
    const struct time_key k = { ch, t };
    size_t lo = hb_partition_point(ch->ncols, &k, starts_by);
    lo = lo > 0 ? lo - 1 : 0;
    struct hb_image_rect cell;
    hb_image_cell_rect(lay, ch, 0, lo, &cell);
    double s = col_start(ch, lo), e = col_end(ch, lo);
    double f = e > s ? (t - s) / (e - s) : 0;
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    return cell.x + f * cell.w;
}

size_t hb_image_time_ticks(const struct hb_image_layout *lay,
                           const struct hb_chart *chart,
                           struct hb_image_tick tick[HB_IMAGE_MAX_TICKS])
{
    double t0 = col_start(chart, 0), t1 = col_end(chart, chart->ncols - 1);
    int max_ticks = (int)(lay->plot.w / (9 * CHAR_W * lay->font_size));
    if (max_ticks < 2)
        max_ticks = 2;
    struct hb_tick_step s;
    hb_tick_step_time(&s, (t1 - t0) / max_ticks, t1, chart->time_unit);
    double first = ceil(t0 / s.step), last = floor(t1 / s.step);
    size_t n = 0;
    for (double k = first; k <= last && k - first < HB_IMAGE_MAX_TICKS
                           && n < HB_IMAGE_MAX_TICKS; k++, n++) {
        hb_format_tick(tick[n].label, sizeof tick[n].label, &s, k * s.step);
        tick[n].at = time_to_x(lay, chart, k * s.step);
    }
    return n;
}

size_t hb_image_column_label_every(const struct hb_image_layout *lay,
                                   const struct hb_chart *chart,
                                   double widest_w)
{
    double per_col = (double)lay->plot.w / chart->ncols;
    size_t every = (size_t)ceil((widest_w + lay->font_size) / per_col);
    return every < 1 ? 1 : every;
}

double hb_image_column_centre(const struct hb_image_layout *lay,
                              const struct hb_chart *chart, size_t c)
{
    struct hb_image_rect cell;
    hb_image_cell_rect(lay, chart, 0, c, &cell);
    return cell.x + cell.w / 2.0;
}

static int compare_marks(const void *a, const void *b)
{
    double xa = ((const struct hb_image_mark *)a)->x;
    double xb = ((const struct hb_image_mark *)b)->x;
    return (xa > xb) - (xa < xb);
}

struct hb_image_mark *hb_image_place_marks(const struct hb_image_layout *lay,
                                           const struct hb_chart *chart,
                                           size_t *n)
{
    const struct hb_image_rect *p = &lay->plot;
    double t0 = col_start(chart, 0), t1 = col_end(chart, chart->ncols - 1);
    struct hb_image_mark *pm = malloc(chart->nmarks * sizeof *pm);
    *n = 0;
    for (size_t i = 0; pm && i < chart->nmarks; i++) {
        double t = (double)chart->marks[i].time;
        if (!(t >= t0 && t <= t1))
            continue;
        double x = floor(time_to_x(lay, chart, t));
        if (x >= p->x + p->w)
            x = p->x + p->w - 1;
        pm[(*n)++] = (struct hb_image_mark){ .x = x + 0.5,
                                             .name = chart->marks[i].name };
    }
    if (pm && *n > 1)
        qsort(pm, *n, sizeof *pm, compare_marks);
    return pm;
}

/* ---------------------------------------------------------------------- */
/* The heap axis and the legend                                            */
/* ---------------------------------------------------------------------- */

size_t hb_image_heap_ticks(const struct hb_image_layout *lay,
                           const struct hb_chart *chart,
                           struct hb_image_tick tick[HB_IMAGE_MAX_TICKS])
{
    double top = hb_chart_graph_top(chart);
    double max = top > 0 && isfinite(top) ? top : 0;
    int max_ticks = (int)(lay->plot.h / (3.5 * lay->font_size));
    struct hb_tick_step s;
    hb_tick_step_bytes(&s, max / (max_ticks > 1 ? max_ticks : 1), max);
    size_t n = 0;
    for (int k = 0; k < HB_IMAGE_MAX_TICKS && k * s.step <= max * (1 + 1e-9);
         k++) {
        hb_format_tick(tick[n].label, sizeof tick[n].label, &s, k * s.step);
        tick[n++].at = heap_pixel_row(lay, chart, k * s.step) + 0.5;
        if (max == 0)
            break;
    }
    return n;
}

/* Values the legend may label, largest first. */
struct legend_value {
    double v;
    char label[LEGEND_LABEL_LEN];
};

/* Logarithmic and square-root scales: 1, 2 and 5 times a power of ten
 * below vmax -- of bytes, KiB, MiB... for byte values, so that they read
 * "1K", "2K", "5K".  Returns how many. */
static int legend_round_values(double vmax, int bytes, struct legend_value *e,
                               int max)
{
    static const double mults[9] = {500, 200, 100, 50, 20, 10, 5, 2, 1};
    int n = 0;
    if (bytes) {
        for (int u = HB_NUMBER_UNITS - 1; u >= 0; u--)
            for (int m = 0; m < 9; m++)
                if (mults[m] * pow(1024, u) < vmax && n < max)
                    e[n++].v = mults[m] * pow(1024, u);
    } else {
        double mag = pow(10, floor(log10(vmax)));
        for (int k = 0; k < 20 && n < max; k++, mag /= 10)
            for (int m = 6; m < 9; m++)
                if (mults[m] * mag < vmax && n < max)
                    e[n++].v = mults[m] * mag;
    }
    for (int i = 0; i < n; i++)
        hb_format_number(e[i].label, sizeof e[i].label, e[i].v,
                         bytes ? HB_NUMBER_SIZE_B : HB_NUMBER_COUNT);
    return n;
}

/* Linear scale: evenly spaced values, largest first. */
static int legend_linear_values(double vmax, int bytes, int max_ticks,
                                struct legend_value *e, int max)
{
    double raw = vmax / max_ticks;
    /* Values that are not bytes are counts (allocations, blocks): whole. */
    struct hb_tick_step s;
    if (bytes)
        hb_tick_step_bytes(&s, raw, vmax);
    else
        hb_tick_step_count(&s, raw);
    int n = 0;
    for (double k = floor(vmax / s.step); k >= 1 && n < max; k--)
        if (k * s.step < vmax) {
            e[n].v = k * s.step;
            hb_format_tick(e[n].label, sizeof e[n].label, &s, e[n].v);
            n++;
        }
    return n;
}

static void set_tick(struct hb_image_tick *tick, double at, const char *label)
{
    tick->at = at;
    snprintf(tick->label, sizeof tick->label, "%s", label);
}

size_t hb_image_legend_ticks(const struct hb_image_layout *lay,
                             const struct hb_chart *chart,
                             enum hb_scale scale,
                             struct hb_image_tick tick[HB_IMAGE_MAX_TICKS])
{
    const struct hb_image_rect *b = &lay->bar;
    double vmax = chart->vmax;
    double gap = 1.3 * lay->font_size;
    double bottom = b->y + b->h, top = b->y;
    enum hb_number_style style = chart->value_is_bytes ? HB_NUMBER_SIZE_B
                                                       : HB_NUMBER_COUNT;
    char label[LEGEND_LABEL_LEN];
    size_t n = 0;
    if (chart->diverging) {
        set_tick(&tick[n++], (top + bottom) / 2, "0");
        if (!(vmax > 0) || !isfinite(vmax))
            return n;
        label[0] = '+';
        hb_format_number(label + 1, sizeof label - 1, vmax, style);
        set_tick(&tick[n++], top, label);
        label[0] = '-';
        set_tick(&tick[n++], bottom, label);
        return n;
    }
    set_tick(&tick[n++], bottom, "0");
    if (!(vmax > 0) || !isfinite(vmax))
        return n;
    hb_format_number(label, sizeof label, vmax, style);
    set_tick(&tick[n++], top, label);

    struct legend_value e[64];
    int max_ticks = (int)(b->h / (3.5 * lay->font_size));
    int ne = scale == HB_SCALE_LINEAR
                 ? legend_linear_values(vmax, chart->value_is_bytes,
                                        max_ticks > 1 ? max_ticks : 1, e, 64)
                 : legend_round_values(vmax, chart->value_is_bytes, e, 64);
    double last_y = top;
    for (int i = 0; i < ne; i++) {
        double t = hb_scale_value(e[i].v, vmax, scale);
        double y = bottom - t * b->h;
        if (y > bottom - gap)
            break;              /* smaller values only come lower */
        if (y - last_y >= gap) {
            set_tick(&tick[n++], y, e[i].label);
            last_y = y;
        }
    }
    return n;
}

/* ---------------------------------------------------------------------- */
/* Row labels                                                              */
/* ---------------------------------------------------------------------- */

static int row_has_data(const struct hb_chart *ch, size_t r)
{
    const double *row = ch->cells ? hb_chart_row(ch, r) : NULL;
    for (size_t c = 0; row && c < ch->ncols; c++)
        if (row[c] > 0 || (ch->diverging && row[c] < 0))
            return 1;
    return 0;
}

static void row_tick(const struct hb_image_layout *lay,
                     const struct hb_chart *chart, size_t r,
                     struct hb_image_tick *tick)
{
    struct hb_image_rect cell;
    hb_image_cell_rect(lay, chart, r, 0, &cell);
    tick->at = cell.y + cell.h / 2.0;
    const char *label = chart->row_labels[r];
    snprintf(tick->label, MAX_ROW_LABEL + 1, "%s", label ? label : "");
}

/* When rows are thinner than a label, a row is labelled only if no
 * labelled row is closer than `every` rows: first the rows that hold data,
 * top to bottom, then the empty ones between them.  Each pass takes rows
 * in increasing order, so the labelled rows of the pass so far are all
 * above the row (only the last one matters), and those of the first pass
 * are a sorted list walked once: linear in the rows, whatever `every`.
 * picked[] receives the rows labelled; returns how many. */
static size_t thin_row_labels(const unsigned char *has_data, size_t nrows,
                              size_t every, size_t *picked)
{
    size_t n = 0;
    for (size_t r = 0; r < nrows; r++)
        if (has_data[r] && (n == 0 || r - picked[n - 1] >= every))
            picked[n++] = r;
    size_t first_pass = n, next = 0;
    int have_last = 0;
    size_t last = 0;                   /* the last row of this pass */
    for (size_t r = 0; r < nrows; r++) {
        if (has_data[r])
            continue;
        /* The first-pass rows above r - every + 1 are too far to matter. */
        while (next < first_pass && picked[next] + every <= r)
            next++;
        if (next < first_pass && picked[next] <= r + every - 1)
            continue;
        if (have_last && r - last < every)
            continue;
        picked[n++] = r;
        last = r;
        have_last = 1;
    }
    return n;
}

struct hb_image_tick *hb_image_row_ticks(const struct hb_image_layout *lay,
                                         const struct hb_chart *chart,
                                         size_t *n)
{
    size_t nrows = chart->nrows;
    struct hb_image_tick *tick = malloc(nrows * sizeof *tick);
    *n = 0;
    if (tick == NULL)
        return NULL;
    double row_h = (double)lay->plot.h / nrows;
    double every_f = ceil(1.15 * lay->font_size / row_h);
    size_t every = every_f < (double)nrows ? (size_t)every_f : nrows;
    if (every <= 1) {
        for (size_t r = 0; r < nrows; r++)
            row_tick(lay, chart, r, &tick[(*n)++]);
        return tick;
    }
    unsigned char *has_data = malloc(nrows);
    size_t *picked = malloc(nrows * sizeof *picked);
    if (has_data == NULL || picked == NULL) {
        free(has_data);
        free(picked);
        free(tick);
        return NULL;
    }
    for (size_t r = 0; r < nrows; r++)
        has_data[r] = (unsigned char)row_has_data(chart, r);
    size_t npicked = thin_row_labels(has_data, nrows, every, picked);
    for (size_t i = 0; i < npicked; i++)
        row_tick(lay, chart, picked[i], &tick[(*n)++]);
    free(has_data);
    free(picked);
    return tick;
}
