/* img_draw.c -- drawing a laid-out chart with cairo: see img_draw.h.
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see error.h
 * and the file COPYING.
 *
 * Lines of one pixel are drawn on pixel centres (x + 0.5), so that they
 * cover whole pixels; the cells are filled without antialiasing by
 * img_raster.c.
 */
#include "img_draw.h"

#include "img_raster.h"
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HB_PI 3.14159265358979323846

/* What is being drawn. */
struct drawing {
    cairo_t *cr;
    const struct hb_chart *chart;
    const struct hb_image_opts *opts;
    const struct hb_image_layout *lay;
    int out_of_memory;          /* a part was left out for want of memory */
};

/* ---------------------------------------------------------------------- */
/* Text and lines                                                          */
/* ---------------------------------------------------------------------- */

static void set_grey(cairo_t *cr, int level)
{
    cairo_set_source_rgb(cr, level / 255.0, level / 255.0, level / 255.0);
}

static void set_font(cairo_t *cr, double size, int bold)
{
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                           bold ? CAIRO_FONT_WEIGHT_BOLD
                                : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
}

static double text_width(cairo_t *cr, const char *s)
{
    cairo_text_extents_t ext;
    cairo_text_extents(cr, s, &ext);
    return ext.x_advance;
}

/* Copy s into buf, cut with "..." so that it is at most maxw wide. */
static void fit_text(cairo_t *cr, const char *s, double maxw,
                     char *buf, size_t len)
{
    snprintf(buf, len, "%s", s ? s : "");
    size_t n = strlen(buf);
    if (text_width(cr, buf) <= maxw)
        return;
    while (n > 0) {
        n--;
        if (n + 4 > len)
            continue;
        memcpy(buf + n, "...", 4);
        if (text_width(cr, buf) <= maxw)
            return;
    }
    buf[0] = '\0';
}

/* Start a text path at (x, y) aligned by ax (0 left, 0.5 centre, 1 right)
 * and ay (0 top, 0.5 middle, 1 bottom) in the current user space. */
static void text_path_at(cairo_t *cr, const char *s, double x, double y,
                         double ax, double ay)
{
    cairo_font_extents_t fe;
    cairo_font_extents(cr, &fe);
    double h = fe.ascent + fe.descent;
    cairo_move_to(cr, x - ax * text_width(cr, s), y + fe.ascent - ay * h);
    cairo_text_path(cr, s);
}

static void text_at(cairo_t *cr, const char *s, double x, double y,
                    double ax, double ay)
{
    text_path_at(cr, s, x, y, ax, ay);
    cairo_fill(cr);
}

/* Text with a white outline, to stay readable over any cell. */
static void text_with_halo(cairo_t *cr, const char *s, double x, double y,
                           double ax, double ay, const unsigned char ink[3])
{
    text_path_at(cr, s, x, y, ax, ay);
    set_grey(cr, 255);
    cairo_set_line_width(cr, 3);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke_preserve(cr);
    hb_image_set_source_rgb8(cr, ink);
    cairo_fill(cr);
}

/* Text turned a quarter left (reading upwards), centred on (x, y). */
static void text_rotated(cairo_t *cr, const char *s, double x, double y,
                         double maxw)
{
    char buf[256];
    fit_text(cr, s, maxw, buf, sizeof buf);
    cairo_save(cr);
    cairo_translate(cr, x, y);
    cairo_rotate(cr, -HB_PI / 2);
    text_at(cr, buf, 0, 0, 0.5, 0.5);
    cairo_restore(cr);
}

static void line_px(cairo_t *cr, double x0, double y0, double x1, double y1)
{
    cairo_move_to(cr, x0, y0);
    cairo_line_to(cr, x1, y1);
    cairo_stroke(cr);
}

/* ---------------------------------------------------------------------- */
/* Axes                                                                    */
/* ---------------------------------------------------------------------- */

/* A tick below the plot at x and its label. */
static void draw_bottom_tick(const struct drawing *d, double x,
                             const char *label)
{
    const struct hb_image_rect *p = &d->lay->plot;
    double xs = floor(x) + 0.5;
    set_grey(d->cr, 90);
    line_px(d->cr, xs, p->y + p->h, xs, p->y + p->h + 4);
    text_at(d->cr, label, x, p->y + p->h + 5, 0.5, 0);
}

static void draw_time_ticks(const struct drawing *d)
{
    struct hb_image_tick tick[HB_IMAGE_MAX_TICKS];
    size_t n = hb_image_time_ticks(d->lay, d->chart, tick);
    for (size_t i = 0; i < n; i++)
        draw_bottom_tick(d, tick[i].at, tick[i].label);
}

/* From the last column back, so that it ("never") is always named. */
static void draw_column_labels(const struct drawing *d)
{
    const struct hb_chart *ch = d->chart;
    double widest = 0;
    for (size_t c = 0; c < ch->ncols; c++)
        if (ch->col_labels[c])
            widest = fmax(widest, text_width(d->cr, ch->col_labels[c]));
    size_t every = hb_image_column_label_every(d->lay, ch, widest);
    for (size_t k = 0; k < ch->ncols; k += every) {
        size_t c = ch->ncols - 1 - k;
        if (ch->col_labels[c])
            draw_bottom_tick(d, hb_image_column_centre(d->lay, ch, c),
                             ch->col_labels[c]);
    }
}

static void draw_time_axis(const struct drawing *d)
{
    const struct hb_image_rect *p = &d->lay->plot;
    set_font(d->cr, d->lay->font_size, 0);
    cairo_set_line_width(d->cr, 1);
    if (d->chart->ncols > 0 && d->chart->col_labels)
        draw_column_labels(d);
    else if (d->chart->ncols > 0)
        draw_time_ticks(d);
    set_grey(d->cr, 0);
    char buf[256];
    fit_text(d->cr, d->chart->x_label, p->w, buf, sizeof buf);
    text_at(d->cr, buf, p->x + p->w / 2.0, d->lay->text.x_title_y, 0.5, 0);
}

static void draw_row_labels(struct drawing *d)
{
    const struct hb_image_rect *p = &d->lay->plot;
    size_t n;
    struct hb_image_tick *tick = hb_image_row_ticks(d->lay, d->chart, &n);
    if (tick == NULL) {
        d->out_of_memory = 1;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        double y = floor(tick[i].at) + 0.5;
        set_grey(d->cr, 90);
        line_px(d->cr, p->x - 4, y, p->x, y);
        set_grey(d->cr, 0);
        text_at(d->cr, tick[i].label, p->x - 6, tick[i].at, 1, 0.5);
    }
    free(tick);
}

static void draw_row_axis(struct drawing *d)
{
    const struct hb_image_rect *p = &d->lay->plot;
    set_font(d->cr, d->lay->font_size, 0);
    cairo_set_line_width(d->cr, 1);
    if (d->chart->nrows > 0 && d->chart->row_labels)
        draw_row_labels(d);
    set_grey(d->cr, 0);
    text_rotated(d->cr, "size band (bytes)", d->lay->text.row_title_x,
                 p->y + p->h / 2.0, p->h);
}

static void draw_heap_axis(const struct drawing *d)
{
    const struct hb_image_rect *p = &d->lay->plot;
    cairo_t *cr = d->cr;
    double x = p->x + p->w;
    struct hb_image_tick tick[HB_IMAGE_MAX_TICKS];
    size_t n = hb_image_heap_ticks(d->lay, d->chart, tick);
    set_font(cr, d->lay->font_size, 0);
    cairo_set_line_width(cr, 1);
    for (size_t i = 0; i < n; i++) {
        set_grey(cr, 90);
        line_px(cr, x, tick[i].at, x + 4, tick[i].at);
        set_grey(cr, 0);
        text_at(cr, tick[i].label, x + 6, tick[i].at, 0, 0.5);
    }
    unsigned char ink[3];
    hb_palette_line_rgb8(d->opts->palette, ink);
    hb_image_set_source_rgb8(cr, ink);
    text_rotated(cr, "total heap", d->lay->text.heap_title_x,
                 p->y + p->h / 2.0, p->h);
}

/* ---------------------------------------------------------------------- */
/* Legend                                                                  */
/* ---------------------------------------------------------------------- */

/* The colour bar: one 1-pixel strip per row, shade (i + 1) / h for the
 * i-th strip from the bottom, so that the top strip is the hottest.  For
 * a difference chart, shades -1 (bottom) to 1 (top), 0 in the middle. */
static void draw_bar(const struct drawing *d)
{
    const struct hb_image_rect *b = &d->lay->bar;
    cairo_t *cr = d->cr;
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
    for (int i = 0; i < b->h; i++) {
        unsigned char rgb[3];
        if (d->chart->diverging)
            hb_palette_diverging_cell_rgb8(2 * (i + 0.5) / b->h - 1, rgb);
        else
            hb_palette_rgb8(d->opts->palette, (i + 1.0) / b->h, rgb);
        hb_image_set_source_rgb8(cr, rgb);
        /* Two pixels high, the upper one painted over by the next strip
         * (or the frame): the same pixels in a PNG, and no hairline gaps
         * when an SVG viewer scales the bar. */
        cairo_rectangle(cr, b->x, b->y + b->h - 2 - i, b->w, 2);
        cairo_fill(cr);
    }
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT);
    set_grey(cr, 128);
    cairo_set_line_width(cr, 1);
    cairo_rectangle(cr, b->x - 0.5, b->y - 0.5, b->w + 1, b->h + 1);
    cairo_stroke(cr);
}

static void draw_legend_ticks(const struct drawing *d)
{
    const struct hb_image_rect *b = &d->lay->bar;
    struct hb_image_tick tick[HB_IMAGE_MAX_TICKS];
    size_t n = hb_image_legend_ticks(d->lay, d->chart, d->opts->scale, tick);
    for (size_t i = 0; i < n; i++) {
        double y = floor(tick[i].at) + 0.5;
        set_grey(d->cr, 90);
        line_px(d->cr, b->x + b->w, y, b->x + b->w + 4, y);
        set_grey(d->cr, 0);
        text_at(d->cr, tick[i].label, b->x + b->w + 6, tick[i].at, 0, 0.5);
    }
}

static const char *scale_name(enum hb_scale s)
{
    return s == HB_SCALE_SQRT ? "sqrt scale"
           : s == HB_SCALE_LOG ? "log scale" : "linear scale";
}

static void draw_legend(const struct drawing *d)
{
    const struct hb_image_rect *b = &d->lay->bar;
    draw_bar(d);
    set_font(d->cr, d->lay->font_size, 0);
    cairo_set_line_width(d->cr, 1);
    draw_legend_ticks(d);
    set_grey(d->cr, 0);
    /* On the line of the x axis title, clear of the time labels. */
    text_at(d->cr, scale_name(d->opts->scale), b->x, d->lay->text.x_title_y,
            0, 0);
    text_rotated(d->cr, d->chart->value_label ? d->chart->value_label : "",
                 d->lay->text.value_title_x, b->y + b->h / 2.0, b->h);
}

/* ---------------------------------------------------------------------- */
/* Phase marks                                                             */
/* ---------------------------------------------------------------------- */

/* A dashed line across the plot, up into the label row above it. */
static void draw_mark_line(const struct drawing *d, double x)
{
    const struct hb_image_rect *p = &d->lay->plot;
    static const double dash[] = {4, 3};
    double top = d->lay->decorated ? d->lay->marks_y : p->y;
    set_grey(d->cr, 40);
    cairo_set_line_width(d->cr, 1);
    cairo_set_dash(d->cr, dash, 2, 0);
    line_px(d->cr, x, top, x, p->y + p->h);
    cairo_set_dash(d->cr, NULL, 0, 0);
}

/* The name in the row above the plot: right of its line if it fits before
 * the next mark's line, else left of it if it fits after the previous name,
 * else cut short on the roomier side (or left out when under three
 * characters fit).  Returns where the name ends on the right. */
static double draw_mark_name(const struct drawing *d, double x,
                             const char *name, double prev_end,
                             double next_x)
{
    cairo_t *cr = d->cr;
    if (!name)
        return prev_end;
    set_font(cr, 0.9 * d->lay->font_size, 0);
    double right = next_x - (x + 3) - 4, left = (x - 3) - prev_end - 4;
    double w = text_width(cr, name);
    int on_left = w > right && (w <= left || left > right);
    double room = on_left ? left : right;
    if (room < d->lay->text.mark_name_min_w)
        return prev_end;
    char buf[128];
    fit_text(cr, name, room, buf, sizeof buf);
    set_grey(cr, 40);
    text_at(cr, buf, on_left ? x - 3 : x + 3, d->lay->marks_y, on_left, 0);
    return on_left ? x - 3 : x + 3 + text_width(cr, buf);
}

static void draw_marks(struct drawing *d)
{
    const struct hb_chart *ch = d->chart;
    const struct hb_image_layout *lay = d->lay;
    if (ch->ncols == 0 || !ch->marks || ch->nmarks == 0)
        return;
    size_t n;
    struct hb_image_mark *pm = hb_image_place_marks(lay, ch, &n);
    if (!pm) {
        d->out_of_memory = 1;
        return;
    }
    for (size_t i = 0; i < n; i++)
        draw_mark_line(d, pm[i].x);
    /* Names may run on left into the margin and right over the heap axis,
     * not into the legend. */
    double end = lay->decorated ? lay->bar.x - lay->font_size : 0;
    double prev_end = lay->font_size;
    for (size_t i = 0; lay->decorated && i < n; i++)
        prev_end = draw_mark_name(d, pm[i].x, pm[i].name, prev_end,
                                  i + 1 < n ? pm[i + 1].x : end);
    free(pm);
}

/* ---------------------------------------------------------------------- */
/* The total-heap line                                                     */
/* ---------------------------------------------------------------------- */

static void heap_line_path(const struct drawing *d, const struct hb_chart *ch)
{
    cairo_t *cr = d->cr;
    int x, y;
    for (size_t c = 0; c < ch->ncols; c++) {
        hb_image_line_pixel(d->lay, ch, c, &x, &y);
        if (c == 0)
            cairo_move_to(cr, x + 0.5, y + 0.5);
        else
            cairo_line_to(cr, x + 0.5, y + 0.5);
    }
    if (ch->ncols == 1) {
        /* A single column: a level line across it. */
        struct hb_image_rect cell;
        hb_image_cell_rect(d->lay, ch, 0, 0, &cell);
        cairo_move_to(cr, cell.x + 0.5, y + 0.5);
        cairo_line_to(cr, cell.x + cell.w - 0.5, y + 0.5);
    }
}

static void draw_peak(const struct drawing *d, const unsigned char ink[3])
{
    const struct hb_chart *ch = d->chart;
    cairo_t *cr = d->cr;
    int x, y;
    if (ch->line_peak_col < 0 ||
        hb_image_line_pixel(d->lay, ch, (size_t)ch->line_peak_col, &x, &y))
        return;
    double cx = x + 0.5, cy = y + 0.5, r = d->lay->peak_radius;
    cairo_new_path(cr);
    cairo_arc(cr, cx, cy, r + 1, 0, 2 * HB_PI);
    set_grey(cr, 255);
    cairo_fill(cr);
    cairo_arc(cr, cx, cy, r, 0, 2 * HB_PI);
    hb_image_set_source_rgb8(cr, ink);
    cairo_fill(cr);

    /* The peak column's line value is the peak itself only when the line
     * shows the largest total of the column (then it is line_max); for an
     * average line it is less, and the label gives no number. */
    char label[48] = "peak";
    double v = ch->line[ch->line_peak_col];
    if (v > 0 && v >= ch->line_max) {
        char value[32];
        hb_format_number(value, sizeof value, v, HB_NUMBER_SIZE_B);
        snprintf(label, sizeof label, "peak %s", value);
    }
    set_font(cr, d->lay->font_size, 1);
    const struct hb_image_rect *p = &d->lay->plot;
    double w = text_width(cr, label);
    int right = cx + r + 3 + w <= p->x + p->w;
    int below = cy - r - 2 - 1.2 * d->lay->font_size < p->y;
    text_with_halo(cr, label, right ? cx + r + 3 : cx - r - 3,
                   below ? cy + r + 2 : cy - r - 2, right ? 0 : 1,
                   below ? 0 : 1, ink);
}

/* The line of ch->line in ink, dashed or not. */
static void stroke_heap_line(const struct drawing *d,
                             const struct hb_chart *ch,
                             const unsigned char ink[3], int dashed)
{
    static const double dash[] = {6, 4};
    cairo_t *cr = d->cr;
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap(cr, dashed ? CAIRO_LINE_CAP_BUTT
                                  : CAIRO_LINE_CAP_ROUND);
    if (d->lay->decorated) {
        /* A white halo keeps the line visible over dark and light cells. */
        heap_line_path(d, ch);
        set_grey(cr, 255);
        cairo_set_line_width(cr, d->lay->line_width + 2);
        cairo_stroke(cr);
    }
    heap_line_path(d, ch);
    hb_image_set_source_rgb8(cr, ink);
    cairo_set_line_width(cr, d->lay->line_width);
    if (dashed)
        cairo_set_dash(cr, dash, 2, 0);
    cairo_stroke(cr);
    cairo_set_dash(cr, NULL, 0, 0);
}

/* With the program's allocator: its footprint (at least the live heap)
 * and the other anonymous memory stacked on it, on the heap's axis, under
 * the heap line: the footprint solid orange, the other memory dashed
 * grey.  Out of memory for the two paths, nothing is drawn. */
static void draw_memory_lines(const struct drawing *d)
{
    const struct hb_chart *ch = d->chart;
    static const unsigned char foot_ink[3] = { 230, 120, 20 };
    static const unsigned char anon_ink[3] = { 110, 110, 110 };
    if (ch->foot_line == NULL || ch->line == NULL)
        return;
    double *foot = malloc(ch->ncols * sizeof *foot);
    double *anon = malloc(ch->ncols * sizeof *anon);
    if (foot != NULL && anon != NULL) {
        for (size_t j = 0; j < ch->ncols; j++) {
            foot[j] = ch->foot_line[j] > ch->line[j] ? ch->foot_line[j]
                                                     : ch->line[j];
            anon[j] = foot[j] + ch->anon_line[j];
        }
        struct hb_chart view = *ch;
        view.line = anon;
        stroke_heap_line(d, &view, anon_ink, 1);
        view.line = foot;
        stroke_heap_line(d, &view, foot_ink, 0);
    }
    free(foot);
    free(anon);
}

/* The total heap; for a difference chart NEW's, and OLD's dashed under it
 * (the same axis, whose top is the larger of the two). */
static void draw_heap_line(const struct drawing *d)
{
    const struct hb_chart *ch = d->chart;
    if (!ch->line || ch->ncols == 0 || ch->nrows == 0)
        return;
    draw_memory_lines(d);
    unsigned char ink[3];
    hb_palette_line_rgb8(d->opts->palette, ink);
    if (ch->diverging && ch->diff.old_line != NULL) {
        static const unsigned char old_ink[3] = { 90, 90, 90 };
        struct hb_chart old_view = *ch;
        old_view.line = ch->diff.old_line;
        stroke_heap_line(d, &old_view, old_ink, 1);
    }
    stroke_heap_line(d, ch, ink, 0);
    if (d->lay->decorated)
        draw_peak(d, ink);
}

/* ---------------------------------------------------------------------- */
/* Frame and titles                                                        */
/* ---------------------------------------------------------------------- */

static void draw_frame(const struct drawing *d)
{
    const struct hb_image_rect *p = &d->lay->plot;
    set_grey(d->cr, 128);
    cairo_set_line_width(d->cr, 1);
    /* Just outside the plot, so that no cell pixel is covered. */
    cairo_rectangle(d->cr, p->x - 0.5, p->y - 0.5, p->w + 1, p->h + 1);
    cairo_stroke(d->cr);
}

static void draw_title(const struct drawing *d)
{
    const struct hb_chart *ch = d->chart;
    const struct hb_image_text_anchors *anchor = &d->lay->text;
    cairo_t *cr = d->cr;
    double f = d->lay->font_size;
    char buf[512];

    set_grey(cr, 0);
    set_font(cr, 1.15 * f, 1);
    fit_text(cr, ch->title, anchor->title_maxw, buf, sizeof buf);
    text_at(cr, buf, anchor->pad, anchor->pad, 0, 0);

    char what[512];
    snprintf(what, sizeof what, "%s: %s, %s, %s palette%s",
             ch->chart_name ? ch->chart_name : "chart",
             ch->value_label ? ch->value_label : "value",
             scale_name(d->opts->scale),
             ch->diverging ? "diverging" : hb_palette_name(d->opts->palette),
             ch->diverging ? " (blue less, red more, grey: a run is over; "
                             "heap: new, old dashed)"
             : ch->foot_line ? "; over the heap: allocator footprint "
                               "(orange), other anonymous memory (grey, "
                               "dashed, stacked)" : "");
    set_grey(cr, 60);
    set_font(cr, f, 0);
    fit_text(cr, what, anchor->title_maxw, buf, sizeof buf);
    text_at(cr, buf, anchor->pad, anchor->subtitle_y, 0, 0);
}

static void draw_no_data(const struct drawing *d)
{
    const struct hb_image_rect *p = &d->lay->plot;
    set_grey(d->cr, 90);
    set_font(d->cr, d->lay->font_size, 0);
    text_at(d->cr, "no data", p->x + p->w / 2.0, p->y + p->h / 2.0, 0.5,
            0.5);
}

int hb_image_draw(cairo_t *cr, const struct hb_chart *chart,
                  const struct hb_image_opts *opts,
                  const struct hb_image_layout *lay)
{
    struct drawing d = { .cr = cr, .chart = chart, .opts = opts, .lay = lay,
                         .out_of_memory = 0 };
    int empty = chart->nrows == 0 || chart->ncols == 0;
    set_grey(cr, 255);
    cairo_paint(cr);
    if (!empty) {
        hb_image_fill_cells(cr, chart, opts, lay);
        draw_marks(&d);
        draw_heap_line(&d);
    }
    if (lay->decorated) {
        draw_frame(&d);
        if (empty)
            draw_no_data(&d);
        draw_row_axis(&d);
        draw_time_axis(&d);
        if (lay->heap_axis)
            draw_heap_axis(&d);
        draw_legend(&d);
        draw_title(&d);
    }
    return d.out_of_memory ? -1 : 0;
}
