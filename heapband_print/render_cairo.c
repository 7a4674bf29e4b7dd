/* render_cairo.c -- PNG and SVG heatmaps with cairo.
 *
 * The picture, from back to front: white background, the cells, the phase
 * marks, the total-heap line with its peak, the frame and the axes (size
 * bands on the left, time at the bottom, heap bytes on the right), the
 * colour-bar legend and the two title lines.  Geometry comes from
 * hb_image_layout() (render_cairo.h) so that tests know where cells are.
 */
#define _POSIX_C_SOURCE 200809L     /* fileno, fstat */

#include "render_cairo.h"
#include "bigmem.h"

#include "palette.h"
#include "png_write.h"

#include <cairo.h>
#include <cairo-svg.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---------------------------------------------------------------------- */
/* Layout                                                                  */
/* ---------------------------------------------------------------------- */

/* Text widths are estimated, not measured, so that the layout does not
 * depend on the fonts installed: DejaVu Sans digits are 0.64 em wide. */
#define CHAR_W 0.64
/* Row labels longer than this are cut when drawn. */
#define MAX_ROW_LABEL 14
/* Room reserved for the labels of the heap axis and of the legend. */
#define AXIS_LABEL_CHARS 6
/* Below this plot size the image gets no text at all. */
#define MIN_PLOT_W 40
#define MIN_PLOT_H 30

#define HB_PI 3.14159265358979323846

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
    lay->plot = (struct hb_image_rect){0, 0, lay->width, lay->height};
    lay->bar = (struct hb_image_rect){0, 0, 0, 0};
    lay->line_width = 1;
    lay->line_top = 0;
    lay->marks_y = 0;
    lay->peak_radius = 0;
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
        left + lay->plot.w + heap + (int)f, top, bar_w, lay->plot.h};
    lay->marks_y = top - marks_row - 2;
    lay->line_width = 3;
    /* Headroom above the line, so that a level heap at its maximum is not
     * drawn over the frame. */
    lay->line_top = top + lay->plot.h / 16;
    lay->peak_radius = clampi((int)lround(f / 2.4), 3, 6);
    return 0;
}

int hb_image_max_columns(const struct hb_image_opts *opts)
{
    /* The narrowest plot: a heap axis and the longest row labels. */
    static char longest[] = "00000000000000";
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
    *cell = (struct hb_image_rect){x0, y0, x1 - x0, y1 - y0};
}

/* The pixel row of heap value v: line_max on row line_top, 0 on the
 * bottom row of the plot. */
static int heap_pixel_row(const struct hb_image_layout *lay,
                          const struct hb_chart *chart, double v)
{
    double frac = chart->line_max > 0 ? v / chart->line_max : 0;
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
/* Number formatting                                                       */
/* ---------------------------------------------------------------------- */

/* A "nice" step (1, 2 or 5 times a power of ten) near raw. */
static double nice_step(double raw)
{
    if (!(raw > 0) || !isfinite(raw))
        return 1;
    double mag = pow(10, floor(log10(raw)));
    double norm = raw / mag;
    double m = norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10;
    return m * mag;
}

/* Decimals needed to print multiples of step. */
static int decimals_for(double step)
{
    if (step >= 1 || !(step > 0))
        return 0;
    int d = (int)ceil(-log10(step) - 1e-9);
    return d > 6 ? 6 : d;
}

struct unit_scale {
    double div;
    const char *suffix;
};

#define NSUFFIXES 7

/* The largest unit not above max among base^0 .. base^6. */
static struct unit_scale pick_unit(double max, double base,
                                   const char *const suffixes[NSUFFIXES])
{
    struct unit_scale u = {1, suffixes[0]};
    for (int i = 1; i < NSUFFIXES && max >= u.div * base; i++) {
        u.div *= base;
        u.suffix = suffixes[i];
    }
    return u;
}

static const char *const decimal_suffixes[NSUFFIXES] = {
    "", "k", "M", "G", "T", "P", "E"};
static const char *const byte_suffixes[NSUFFIXES] = {
    "B", "K", "M", "G", "T", "P", "E"};

/* v with three significant digits or so and a unit suffix ("1.5K"). */
static void format_human(double v, int bytes, char *buf, size_t len)
{
    if (!(v > 0)) {
        snprintf(buf, len, "0");
        return;
    }
    struct unit_scale u = bytes ? pick_unit(v, 1024, byte_suffixes)
                                : pick_unit(v, 1000, decimal_suffixes);
    double s = v / u.div;
    int d = s >= 100 ? 0 : s >= 10 ? 1 : 2;
    snprintf(buf, len, "%.*f", d, s);
    /* Drop trailing zeros of the fraction: "2.50" -> "2.5", "3.00" -> "3". */
    char *dot = strchr(buf, '.');
    if (dot) {
        char *end = buf + strlen(buf);
        while (end > dot + 1 && end[-1] == '0')
            *--end = '\0';
        if (end == dot + 1)
            *dot = '\0';
    }
    size_t n = strlen(buf);
    snprintf(buf + n, len - n, "%s", u.suffix);
}

/* A step between axis ticks and how their labels are written: tick k is
 * k * step, labelled k * step / u.div with u.suffix. */
struct tick_step {
    double step;
    struct unit_scale u;
    int decimals;
};

/* Bytes up to max: a nice decimal step in the unit (B, K, M...) in which
 * max is at least 2, so that labels read "0.5M", "1.0M", "1.5M" or "200B",
 * "400B" -- never "1000K" for a little less than 1M. */
static struct tick_step byte_step(double raw, double max)
{
    int i = 0;
    double div = 1;
    while (i + 1 < NSUFFIXES && max / (div * 1024) >= 2) {
        i++;
        div *= 1024;
    }
    struct tick_step s;
    s.u = (struct unit_scale){div, byte_suffixes[i]};
    s.step = nice_step(raw / div) * div;
    if (s.step < 1)
        s.step = 1;
    s.decimals = decimals_for(s.step / div);
    return s;
}

/* Counts and times: a nice decimal step, labelled in the step's unit
 * ("500", "1000", "1500" or "5k", "10k"). */
static struct tick_step decimal_step(double raw, int whole)
{
    struct tick_step s;
    s.step = nice_step(raw);
    if (whole && s.step < 1)
        s.step = 1;
    s.u = pick_unit(s.step, 1000, decimal_suffixes);
    s.decimals = decimals_for(s.step / s.u.div);
    return s;
}

static void format_tick(const struct tick_step *s, double v, char *buf,
                        size_t len)
{
    if (v == 0)
        snprintf(buf, len, "0");
    else
        snprintf(buf, len, "%.*f%s", s->decimals, v / s->u.div, s->u.suffix);
}

/* ---------------------------------------------------------------------- */
/* Drawing helpers                                                         */
/* ---------------------------------------------------------------------- */

struct render {
    cairo_t *cr;
    const struct hb_chart *chart;
    const struct hb_image_opts *opts;
    struct hb_image_layout lay;
};

static void set_rgb8(cairo_t *cr, const unsigned char c[3])
{
    cairo_set_source_rgb(cr, c[0] / 255.0, c[1] / 255.0, c[2] / 255.0);
}

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
    set_rgb8(cr, ink);
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
/* Cells                                                                   */
/* ---------------------------------------------------------------------- */

/* The shade of a cell, 0 for an empty one; in a difference chart
 * (chart->diverging) negative for a cell that shrank. */
static double cell_shade(const struct render *rd, double v)
{
    if (rd->chart->diverging && v < 0 && isfinite(v))
        return -cell_shade(rd, -v);
    if (!(v > 0) || !isfinite(v))
        return 0;
    double t = hb_scale_value(v, rd->chart->vmax, rd->opts->scale);
    return t > 0 ? t : 0;
}

/* The colour of a shade that is not 0. */
static void shade_rgb8(const struct render *rd, double t,
                       unsigned char rgb[3])
{
    if (rd->chart->diverging)
        hb_palette_diverging_cell_rgb8(t, rgb);
    else
        hb_palette_rgb8(rd->opts->palette, t, rgb);
}

struct run {
    int x0, x1;                 /* pixels x0 .. x1-1, empty when x1 <= x0 */
    unsigned char rgb[3];
};

/* Where cells go: straight into an image surface's pixels (the same
 * pixels cairo would fill, without a path per rectangle), or through cairo
 * for SVG. */
struct cell_target {
    cairo_t *cr;
    unsigned char *pixels;      /* NULL: draw with cairo */
    int stride, width, height;
};

static void fill_pixels(const struct cell_target *tg, int x0, int x1, int y,
                        int h, const unsigned char rgb[3])
{
    uint32_t px = 0xff000000u | (uint32_t)rgb[0] << 16 |
                  (uint32_t)rgb[1] << 8 | rgb[2];
    if (x0 < 0) x0 = 0;
    if (x1 > tg->width) x1 = tg->width;
    for (int row = y < 0 ? 0 : y; row < y + h && row < tg->height; row++) {
        uint32_t *line = (uint32_t *)(void *)(tg->pixels + (size_t)row * (size_t)tg->stride);
        for (int x = x0; x < x1; x++)
            line[x] = px;
    }
}

static void flush_run(const struct cell_target *tg, struct run *run, int y,
                      int h)
{
    if (run->x1 > run->x0) {
        if (tg->pixels != NULL) {
            fill_pixels(tg, run->x0, run->x1, y, h, run->rgb);
        } else {
            set_rgb8(tg->cr, run->rgb);
            cairo_rectangle(tg->cr, run->x0, y, run->x1 - run->x0, h);
            cairo_fill(tg->cr);
        }
    }
    run->x1 = run->x0;
}

/* When there are more rows or columns than pixels, a cell 0 pixels wide
 * shares its pixel with the cells after it, up to the first that has a
 * pixel of its own: the last index of the group that starts at i. */
static size_t group_last(size_t i, size_t n, int len)
{
    while (i + 1 < n && split_point(i + 1, n, len) == split_point(i, n, len))
        i++;
    return i;
}

/* The largest value of the cells [r0, r1] x [c0, c1], 0 if none is > 0;
 * in a difference chart the value largest in magnitude (the first of two
 * opposite ones). */
static double group_value(const struct hb_chart *ch, size_t r0, size_t r1,
                          size_t c0, size_t c1)
{
    double best = 0;
    for (size_t r = r0; r <= r1; r++)
        for (size_t c = c0; c <= c1; c++) {
            double v = ch->cells[r * ch->ncols + c];
            if (ch->diverging ? fabs(v) > fabs(best) : v > best)
                best = v;       /* NaN never is */
        }
    return best;
}

/* A run of columns that share their pixels (a single column when each has
 * pixels of its own, see group_last) and those pixels. */
struct col_group {
    size_t c0, c1;
    int x, w;
};

static void column_group(const struct render *rd, size_t c0,
                         struct col_group *g)
{
    struct hb_image_rect cell;
    g->c0 = c0;
    g->c1 = group_last(c0, rd->chart->ncols, rd->lay.plot.w);
    hb_image_cell_rect(&rd->lay, rd->chart, 0, g->c1, &cell);
    g->x = cell.x;
    g->w = cell.w;
}

/* The column groups from left to right, worked out once for all the rows
 * (their divisions cost more than filling the cells); NULL when out of
 * memory, and then draw_row_group() works them out row by row. */
static struct col_group *column_groups(const struct render *rd)
{
    const struct hb_chart *ch = rd->chart;
    struct col_group *groups = malloc(ch->ncols * sizeof *groups);
    for (size_t i = 0, c0 = 0; groups != NULL && c0 < ch->ncols; i++) {
        column_group(rd, c0, &groups[i]);
        c0 = groups[i].c1 + 1;
    }
    return groups;
}

/* The colour of a cell value: the previous one again when the value is,
 * as it often is in a row. */
struct shade_memo {
    int valid;
    double v;
    double t;
    unsigned char rgb[3];
};

static double memo_shade(const struct render *rd, struct shade_memo *m,
                         double v)
{
    if (!m->valid || !(v == m->v)) {
        m->v = v;
        m->t = cell_shade(rd, v);
        if (m->t != 0)
            shade_rgb8(rd, m->t, m->rgb);
        m->valid = 1;
    }
    return m->t;
}

/* The rows r0..r1 (one pixel row or more), neighbouring cells of the same
 * colour drawn as one rectangle (fewer SVG elements, the same pixels).  A
 * pixel shared by several cells shows the largest of their values, so that
 * nothing hot disappears. */
static void draw_row_group(const struct render *rd,
                           const struct cell_target *tg, size_t r0, size_t r1,
                           const struct col_group *groups)
{
    const struct hb_chart *ch = rd->chart;
    struct run run = {0, 0, {0, 0, 0}};
    struct hb_image_rect rows;
    struct shade_memo memo = {0, 0, 0, {0, 0, 0}};
    hb_image_cell_rect(&rd->lay, ch, r1, 0, &rows);
    struct col_group g;
    for (size_t i = 0, c0 = 0; c0 < ch->ncols; i++, c0 = g.c1 + 1) {
        if (groups != NULL)
            g = groups[i];
        else
            column_group(rd, c0, &g);
        double t = memo_shade(rd, &memo, group_value(ch, r0, r1, g.c0, g.c1));
        if (t == 0) {
            flush_run(tg, &run, rows.y, rows.h);
            continue;
        }
        if (run.x1 > run.x0 && memcmp(memo.rgb, run.rgb, 3) == 0 &&
            g.x <= run.x1) {
            if (g.x + g.w > run.x1)
                run.x1 = g.x + g.w;
            continue;
        }
        flush_run(tg, &run, rows.y, rows.h);
        run = (struct run){g.x, g.x + g.w,
                           {memo.rgb[0], memo.rgb[1], memo.rgb[2]}};
    }
    flush_run(tg, &run, rows.y, rows.h);
}

static void draw_cells(const struct render *rd)
{
    const struct hb_chart *ch = rd->chart;
    if (!ch->cells)
        return;
    /* Whole-pixel rectangles: no antialiasing, so that every pixel of a
     * cell has exactly its colour. */
    struct cell_target tg = { rd->cr, NULL, 0, 0, 0 };
    cairo_surface_t *target = cairo_get_target(rd->cr);
    if (cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE &&
        cairo_image_surface_get_format(target) == CAIRO_FORMAT_RGB24) {
        cairo_surface_flush(target);
        tg.pixels = cairo_image_surface_get_data(target);
        tg.stride = cairo_image_surface_get_stride(target);
        tg.width = cairo_image_surface_get_width(target);
        tg.height = cairo_image_surface_get_height(target);
    }
    struct col_group *groups = column_groups(rd);
    cairo_set_antialias(rd->cr, CAIRO_ANTIALIAS_NONE);
    for (size_t r0 = 0, r1; r0 < ch->nrows; r0 = r1 + 1) {
        r1 = group_last(r0, ch->nrows, rd->lay.plot.h);
        draw_row_group(rd, &tg, r0, r1, groups);
    }
    cairo_set_antialias(rd->cr, CAIRO_ANTIALIAS_DEFAULT);
    free(groups);
    if (tg.pixels != NULL)
        cairo_surface_mark_dirty(target);
}

/* ---------------------------------------------------------------------- */
/* Time axis                                                               */
/* ---------------------------------------------------------------------- */

static double col_start(const struct hb_chart *ch, size_t c)
{
    return ch->x_start ? (double)ch->x_start[c] : (double)c;
}

static double col_end(const struct hb_chart *ch, size_t c)
{
    return ch->x_end ? (double)ch->x_end[c] : (double)c + 1;
}

/* The x of time t: linear inside each column, so that it agrees with the
 * cells even when columns differ in length. */
static double time_to_x(const struct render *rd, double t)
{
    const struct hb_chart *ch = rd->chart;
    size_t lo = 0, hi = ch->ncols;      /* last column starting <= t */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (col_start(ch, mid) <= t)
            lo = mid;
        else
            hi = mid;
    }
    struct hb_image_rect cell;
    hb_image_cell_rect(&rd->lay, ch, 0, lo, &cell);
    double s = col_start(ch, lo), e = col_end(ch, lo);
    double f = e > s ? (t - s) / (e - s) : 0;
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    return cell.x + f * cell.w;
}

/* The time step: milliseconds are shown as seconds from a second on. */
static struct tick_step time_step(const struct render *rd, double raw,
                                  double t_max)
{
    const char *unit = rd->chart->time_unit ? rd->chart->time_unit : "";
    struct tick_step s = decimal_step(raw, 1);
    if (strcmp(unit, "ms") == 0) {
        int seconds = t_max >= 1000;
        s.u = (struct unit_scale){seconds ? 1000 : 1, seconds ? "s" : "ms"};
        s.decimals = decimals_for(s.step / s.u.div);
    }
    return s;
}

static void draw_bottom_tick(const struct render *rd, double x,
                             const char *label)
{
    const struct hb_image_rect *p = &rd->lay.plot;
    double xs = floor(x) + 0.5;
    set_grey(rd->cr, 90);
    line_px(rd->cr, xs, p->y + p->h, xs, p->y + p->h + 4);
    text_at(rd->cr, label, x, p->y + p->h + 5, 0.5, 0);
}

static void draw_time_ticks(const struct render *rd)
{
    const struct hb_chart *ch = rd->chart;
    double t0 = col_start(ch, 0), t1 = col_end(ch, ch->ncols - 1);
    double f = rd->lay.font_size;
    int max_ticks = (int)(rd->lay.plot.w / (9 * CHAR_W * f));
    if (max_ticks < 2)
        max_ticks = 2;
    struct tick_step s = time_step(rd, (t1 - t0) / max_ticks, t1);
    double first = ceil(t0 / s.step), last = floor(t1 / s.step);
    for (double k = first; k <= last && k - first < 1000; k++) {
        char label[32];
        format_tick(&s, k * s.step, label, sizeof label);
        draw_bottom_tick(rd, time_to_x(rd, k * s.step), label);
    }
}

/* Charts with column labels (lifetime buckets): label every n-th column so
 * that the labels do not touch. */
static void draw_column_labels(const struct render *rd)
{
    const struct hb_chart *ch = rd->chart;
    double widest = 0;
    for (size_t c = 0; c < ch->ncols; c++)
        if (ch->col_labels[c])
            widest = fmax(widest, text_width(rd->cr, ch->col_labels[c]));
    double per_col = (double)rd->lay.plot.w / ch->ncols;
    size_t every = (size_t)ceil((widest + rd->lay.font_size) / per_col);
    if (every < 1)
        every = 1;
    /* From the last column back, so that it ("never") is always named. */
    for (size_t k = 0; k < ch->ncols; k += every) {
        size_t c = ch->ncols - 1 - k;
        struct hb_image_rect cell;
        hb_image_cell_rect(&rd->lay, ch, 0, c, &cell);
        if (ch->col_labels[c])
            draw_bottom_tick(rd, cell.x + cell.w / 2.0, ch->col_labels[c]);
    }
}

static void draw_time_axis(const struct render *rd)
{
    const struct hb_image_rect *p = &rd->lay.plot;
    double f = rd->lay.font_size;
    set_font(rd->cr, f, 0);
    cairo_set_line_width(rd->cr, 1);
    if (rd->chart->ncols > 0 && rd->chart->col_labels)
        draw_column_labels(rd);
    else if (rd->chart->ncols > 0)
        draw_time_ticks(rd);
    set_grey(rd->cr, 0);
    char buf[256];
    fit_text(rd->cr, rd->chart->x_label, p->w, buf, sizeof buf);
    text_at(rd->cr, buf, p->x + p->w / 2.0, p->y + p->h + 6 + 1.4 * f,
            0.5, 0);
}

/* ---------------------------------------------------------------------- */
/* Size-band axis                                                          */
/* ---------------------------------------------------------------------- */

static int row_has_data(const struct hb_chart *ch, size_t r)
{
    for (size_t c = 0; ch->cells && c < ch->ncols; c++)
        if (ch->cells[r * ch->ncols + c] > 0
            || (ch->diverging && ch->cells[r * ch->ncols + c] < 0))
            return 1;
    return 0;
}

static void draw_row_label(const struct render *rd, size_t r)
{
    const struct hb_image_rect *p = &rd->lay.plot;
    struct hb_image_rect cell;
    hb_image_cell_rect(&rd->lay, rd->chart, r, 0, &cell);
    double yc = cell.y + cell.h / 2.0;
    char buf[MAX_ROW_LABEL + 1];
    const char *label = rd->chart->row_labels[r];
    snprintf(buf, sizeof buf, "%s", label ? label : "");
    set_grey(rd->cr, 90);
    line_px(rd->cr, p->x - 4, floor(yc) + 0.5, p->x, floor(yc) + 0.5);
    set_grey(rd->cr, 0);
    text_at(rd->cr, buf, p->x - 6, yc, 1, 0.5);
}

/* When rows are too thin for every label, label the rows that hold data
 * first, then as many empty ones as fit: a hot row never goes unnamed. */
static void draw_row_labels(const struct render *rd)
{
    const struct hb_chart *ch = rd->chart;
    double row_h = (double)rd->lay.plot.h / ch->nrows;
    size_t every = (size_t)ceil(1.15 * rd->lay.font_size / row_h);
    if (every <= 1) {
        for (size_t r = 0; r < ch->nrows; r++)
            draw_row_label(rd, r);
        return;
    }
    unsigned char *taken = calloc(ch->nrows, 1);
    if (!taken)
        return;
    for (int pass = 0; pass < 2; pass++)
        for (size_t r = 0; r < ch->nrows; r++) {
            if (row_has_data(ch, r) != (pass == 0))
                continue;
            size_t lo = r >= every - 1 ? r - (every - 1) : 0;
            size_t hi = r + every - 1 < ch->nrows ? r + every - 1
                                                  : ch->nrows - 1;
            int free_slot = 1;
            for (size_t i = lo; i <= hi && free_slot; i++)
                free_slot = !taken[i];
            if (free_slot) {
                taken[r] = 1;
                draw_row_label(rd, r);
            }
        }
    free(taken);
}

static void draw_row_axis(const struct render *rd)
{
    const struct hb_chart *ch = rd->chart;
    const struct hb_image_rect *p = &rd->lay.plot;
    double f = rd->lay.font_size;
    set_font(rd->cr, f, 0);
    cairo_set_line_width(rd->cr, 1);
    if (ch->nrows > 0 && ch->row_labels)
        draw_row_labels(rd);
    set_grey(rd->cr, 0);
    text_rotated(rd->cr, "size band (bytes)", ceil(f / 2) + 0.7 * f,
                 p->y + p->h / 2.0, p->h);
}

/* ---------------------------------------------------------------------- */
/* Phase marks                                                             */
/* ---------------------------------------------------------------------- */

/* A mark inside the time range: where its line is drawn, and its name. */
struct placed_mark {
    double x;                   /* pixel centre */
    const char *name;
};

static int compare_placed(const void *a, const void *b)
{
    double xa = ((const struct placed_mark *)a)->x;
    double xb = ((const struct placed_mark *)b)->x;
    return (xa > xb) - (xa < xb);
}

/* The marks within the chart's time range, sorted by x; NULL if none. */
static struct placed_mark *place_marks(const struct render *rd, size_t *n)
{
    const struct hb_chart *ch = rd->chart;
    const struct hb_image_rect *p = &rd->lay.plot;
    double t0 = col_start(ch, 0), t1 = col_end(ch, ch->ncols - 1);
    struct placed_mark *pm = malloc(ch->nmarks * sizeof *pm);
    *n = 0;
    for (size_t i = 0; pm && i < ch->nmarks; i++) {
        double t = (double)ch->marks[i].time;
        if (!(t >= t0 && t <= t1))
            continue;
        double x = floor(time_to_x(rd, t));
        if (x >= p->x + p->w)
            x = p->x + p->w - 1;
        pm[(*n)++] = (struct placed_mark){x + 0.5, ch->marks[i].name};
    }
    if (pm && *n > 1)
        qsort(pm, *n, sizeof *pm, compare_placed);
    return pm;
}

/* A dashed line across the plot, up into the label row above it. */
static void draw_mark_line(const struct render *rd, double x)
{
    const struct hb_image_rect *p = &rd->lay.plot;
    static const double dash[] = {4, 3};
    double top = rd->lay.decorated ? rd->lay.marks_y : p->y;
    set_grey(rd->cr, 40);
    cairo_set_line_width(rd->cr, 1);
    cairo_set_dash(rd->cr, dash, 2, 0);
    line_px(rd->cr, x, top, x, p->y + p->h);
    cairo_set_dash(rd->cr, NULL, 0, 0);
}

/* The name in the row above the plot: right of its line if it fits before
 * the next mark's line, else left of it if it fits after the previous name,
 * else cut short on the roomier side (or left out when under three
 * characters fit).  Returns where the name ends on the right. */
static double draw_mark_label(const struct render *rd, double x,
                              const char *name, double prev_end,
                              double next_x)
{
    cairo_t *cr = rd->cr;
    if (!name)
        return prev_end;
    set_font(cr, 0.9 * rd->lay.font_size, 0);
    double right = next_x - (x + 3) - 4, left = (x - 3) - prev_end - 4;
    double w = text_width(cr, name);
    int on_left = w > right && (w <= left || left > right);
    double room = on_left ? left : right;
    if (room < 3 * CHAR_W * rd->lay.font_size)
        return prev_end;
    char buf[128];
    fit_text(cr, name, room, buf, sizeof buf);
    set_grey(cr, 40);
    text_at(cr, buf, on_left ? x - 3 : x + 3, rd->lay.marks_y, on_left, 0);
    return on_left ? x - 3 : x + 3 + text_width(cr, buf);
}

static void draw_marks(const struct render *rd)
{
    const struct hb_chart *ch = rd->chart;
    if (ch->ncols == 0 || !ch->marks || ch->nmarks == 0)
        return;
    size_t n;
    struct placed_mark *pm = place_marks(rd, &n);
    if (!pm)
        return;
    for (size_t i = 0; i < n; i++)
        draw_mark_line(rd, pm[i].x);
    /* Names may run on left into the margin and right over the heap axis,
     * not into the legend. */
    double end = rd->lay.decorated ? rd->lay.bar.x - rd->lay.font_size : 0;
    double prev_end = rd->lay.font_size;
    for (size_t i = 0; rd->lay.decorated && i < n; i++)
        prev_end = draw_mark_label(rd, pm[i].x, pm[i].name, prev_end,
                                   i + 1 < n ? pm[i + 1].x : end);
    free(pm);
}

/* ---------------------------------------------------------------------- */
/* The total-heap line                                                     */
/* ---------------------------------------------------------------------- */

static void heap_line_path(const struct render *rd)
{
    const struct hb_chart *ch = rd->chart;
    cairo_t *cr = rd->cr;
    int x, y;
    for (size_t c = 0; c < ch->ncols; c++) {
        hb_image_line_pixel(&rd->lay, ch, c, &x, &y);
        if (c == 0)
            cairo_move_to(cr, x + 0.5, y + 0.5);
        else
            cairo_line_to(cr, x + 0.5, y + 0.5);
    }
    if (ch->ncols == 1) {
        /* A single column: a level line across it. */
        struct hb_image_rect cell;
        hb_image_cell_rect(&rd->lay, ch, 0, 0, &cell);
        cairo_move_to(cr, cell.x + 0.5, y + 0.5);
        cairo_line_to(cr, cell.x + cell.w - 0.5, y + 0.5);
    }
}

static void draw_peak(const struct render *rd, const unsigned char ink[3])
{
    const struct hb_chart *ch = rd->chart;
    cairo_t *cr = rd->cr;
    int x, y;
    if (ch->line_peak_col < 0 ||
        hb_image_line_pixel(&rd->lay, ch, (size_t)ch->line_peak_col, &x, &y))
        return;
    double cx = x + 0.5, cy = y + 0.5, r = rd->lay.peak_radius;
    cairo_new_path(cr);
    cairo_arc(cr, cx, cy, r + 1, 0, 2 * HB_PI);
    set_grey(cr, 255);
    cairo_fill(cr);
    cairo_arc(cr, cx, cy, r, 0, 2 * HB_PI);
    set_rgb8(cr, ink);
    cairo_fill(cr);

    /* The peak column's line value is the peak itself only when the line
     * shows the largest total of the column (then it is line_max); for an
     * average line it is less, and the label gives no number. */
    char label[48] = "peak";
    double v = ch->line[ch->line_peak_col];
    if (v > 0 && v >= ch->line_max) {
        char value[32];
        format_human(v, 1, value, sizeof value);
        snprintf(label, sizeof label, "peak %s", value);
    }
    set_font(cr, rd->lay.font_size, 1);
    const struct hb_image_rect *p = &rd->lay.plot;
    double w = text_width(cr, label);
    int right = cx + r + 3 + w <= p->x + p->w;
    int below = cy - r - 2 - 1.2 * rd->lay.font_size < p->y;
    text_with_halo(cr, label, right ? cx + r + 3 : cx - r - 3,
                   below ? cy + r + 2 : cy - r - 2, right ? 0 : 1,
                   below ? 0 : 1, ink);
}

static void draw_heap_line(const struct render *rd)
{
    const struct hb_chart *ch = rd->chart;
    cairo_t *cr = rd->cr;
    if (!ch->line || ch->ncols == 0 || ch->nrows == 0)
        return;
    unsigned char ink[3];
    hb_palette_line_rgb8(rd->opts->palette, ink);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    if (rd->lay.decorated) {
        /* A white halo keeps the line visible over dark and light cells. */
        heap_line_path(rd);
        set_grey(cr, 255);
        cairo_set_line_width(cr, rd->lay.line_width + 2);
        cairo_stroke(cr);
    }
    heap_line_path(rd);
    set_rgb8(cr, ink);
    cairo_set_line_width(cr, rd->lay.line_width);
    cairo_stroke(cr);
    if (rd->lay.decorated)
        draw_peak(rd, ink);
}

static void draw_heap_axis(const struct render *rd)
{
    const struct hb_chart *ch = rd->chart;
    const struct hb_image_rect *p = &rd->lay.plot;
    cairo_t *cr = rd->cr;
    double f = rd->lay.font_size;
    double x = p->x + p->w;
    double max = ch->line_max > 0 && isfinite(ch->line_max) ? ch->line_max
                                                             : 0;
    int max_ticks = (int)(p->h / (3.5 * f));
    struct tick_step s = byte_step(max / (max_ticks > 1 ? max_ticks : 1),
                                   max);
    set_font(cr, f, 0);
    cairo_set_line_width(cr, 1);
    for (int k = 0; k < 1000 && k * s.step <= max * (1 + 1e-9); k++) {
        char label[32];
        format_tick(&s, k * s.step, label, sizeof label);
        double y = heap_pixel_row(&rd->lay, ch, k * s.step) + 0.5;
        set_grey(cr, 90);
        line_px(cr, x, y, x + 4, y);
        set_grey(cr, 0);
        text_at(cr, label, x + 6, y, 0, 0.5);
        if (max == 0)
            break;
    }
    unsigned char ink[3];
    hb_palette_line_rgb8(rd->opts->palette, ink);
    set_rgb8(cr, ink);
    text_rotated(cr, "total heap", x + 6 + AXIS_LABEL_CHARS * CHAR_W * f +
                 0.7 * f + 4, p->y + p->h / 2.0, p->h);
}

/* ---------------------------------------------------------------------- */
/* Legend                                                                  */
/* ---------------------------------------------------------------------- */

/* The colour bar: one 1-pixel strip per row, shade (i + 1) / h for the
 * i-th strip from the bottom, so that the top strip is the hottest.  For
 * a difference chart, shades -1 (bottom) to 1 (top), 0 in the middle. */
static void draw_bar(const struct render *rd)
{
    const struct hb_image_rect *b = &rd->lay.bar;
    cairo_t *cr = rd->cr;
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
    for (int i = 0; i < b->h; i++) {
        unsigned char rgb[3];
        if (rd->chart->diverging)
            hb_palette_diverging_cell_rgb8(2 * (i + 0.5) / b->h - 1, rgb);
        else
            hb_palette_rgb8(rd->opts->palette, (i + 1.0) / b->h, rgb);
        set_rgb8(cr, rgb);
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

static int value_is_bytes(const struct hb_chart *ch)
{
    return ch->value_label && strstr(ch->value_label, "bytes") != NULL;
}

static void legend_tick(const struct render *rd, double y, const char *label)
{
    const struct hb_image_rect *b = &rd->lay.bar;
    set_grey(rd->cr, 90);
    line_px(rd->cr, b->x + b->w, floor(y) + 0.5, b->x + b->w + 4,
            floor(y) + 0.5);
    set_grey(rd->cr, 0);
    text_at(rd->cr, label, b->x + b->w + 6, y, 0, 0.5);
}

/* A value on the legend and its label. */
struct legend_entry {
    double v;
    char label[24];
};

/* Logarithmic and square-root scales: candidates below vmax, largest
 * first, 1, 2 and 5 times a power of ten -- of bytes, KiB, MiB... for byte
 * values, so that they read "1K", "2K", "5K".  Returns how many. */
static int legend_candidates(double vmax, int bytes, struct legend_entry *e,
                             int max)
{
    static const double mults[9] = {500, 200, 100, 50, 20, 10, 5, 2, 1};
    int n = 0;
    if (bytes) {
        for (int u = NSUFFIXES - 1; u >= 0; u--)
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
        format_human(e[i].v, bytes, e[i].label, sizeof e[i].label);
    return n;
}

/* Linear scale: evenly spaced values, largest first. */
static int legend_linear(double vmax, int bytes, int max_ticks,
                         struct legend_entry *e, int max)
{
    double raw = vmax / max_ticks;
    /* Values that are not bytes are counts (allocations, blocks): whole. */
    struct tick_step s = bytes ? byte_step(raw, vmax) : decimal_step(raw, 1);
    int n = 0;
    for (double k = floor(vmax / s.step); k >= 1 && n < max; k--)
        if (k * s.step < vmax) {
            e[n].v = k * s.step;
            format_tick(&s, e[n].v, e[n].label, sizeof e[n].label);
            n++;
        }
    return n;
}

/* Label 0 at the bottom and vmax at the top, and between them the values
 * above where the scale puts them, skipping any that would crowd a label
 * already drawn. */
static void draw_legend_ticks(const struct render *rd)
{
    const struct hb_image_rect *b = &rd->lay.bar;
    double vmax = rd->chart->vmax;
    double gap = 1.3 * rd->lay.font_size;
    double bottom = b->y + b->h, top = b->y;
    int bytes = value_is_bytes(rd->chart);
    char label[24];
    if (rd->chart->diverging) {
        /* -vmax at the bottom, 0 in the middle, +vmax at the top. */
        legend_tick(rd, (top + bottom) / 2, "0");
        if (!(vmax > 0) || !isfinite(vmax))
            return;
        label[0] = '+';
        format_human(vmax, bytes, label + 1, sizeof label - 1);
        legend_tick(rd, top, label);
        label[0] = '-';
        legend_tick(rd, bottom, label);
        return;
    }
    legend_tick(rd, bottom, "0");
    if (!(vmax > 0) || !isfinite(vmax))
        return;
    format_human(vmax, bytes, label, sizeof label);
    legend_tick(rd, top, label);

    struct legend_entry e[64];
    int max_ticks = (int)(b->h / (3.5 * rd->lay.font_size));
    int n = rd->opts->scale == HB_SCALE_LINEAR
                ? legend_linear(vmax, bytes, max_ticks > 1 ? max_ticks : 1,
                                e, 64)
                : legend_candidates(vmax, bytes, e, 64);
    double last_y = top;
    for (int i = 0; i < n; i++) {
        double t = hb_scale_value(e[i].v, vmax, rd->opts->scale);
        double y = bottom - t * b->h;
        if (y > bottom - gap)
            break;              /* smaller values only come lower */
        if (y - last_y >= gap) {
            legend_tick(rd, y, e[i].label);
            last_y = y;
        }
    }
}

static const char *scale_name(enum hb_scale s)
{
    return s == HB_SCALE_SQRT ? "sqrt scale"
           : s == HB_SCALE_LOG ? "log scale" : "linear scale";
}

static void draw_legend(const struct render *rd)
{
    const struct hb_image_rect *b = &rd->lay.bar;
    double f = rd->lay.font_size;
    draw_bar(rd);
    set_font(rd->cr, f, 0);
    cairo_set_line_width(rd->cr, 1);
    draw_legend_ticks(rd);
    set_grey(rd->cr, 0);
    /* On the line of the x axis title, clear of the time labels. */
    text_at(rd->cr, scale_name(rd->opts->scale), b->x,
            b->y + b->h + 6 + 1.4 * f, 0, 0);
    text_rotated(rd->cr, rd->chart->value_label ? rd->chart->value_label : "",
                 b->x + b->w + 6 + AXIS_LABEL_CHARS * CHAR_W * f + 0.7 * f,
                 b->y + b->h / 2.0, b->h);
}

/* ---------------------------------------------------------------------- */
/* Frame and title                                                         */
/* ---------------------------------------------------------------------- */

static void draw_frame(const struct render *rd)
{
    const struct hb_image_rect *p = &rd->lay.plot;
    set_grey(rd->cr, 128);
    cairo_set_line_width(rd->cr, 1);
    /* Just outside the plot, so that no cell pixel is covered. */
    cairo_rectangle(rd->cr, p->x - 0.5, p->y - 0.5, p->w + 1, p->h + 1);
    cairo_stroke(rd->cr);
}

static void draw_title(const struct render *rd)
{
    const struct hb_chart *ch = rd->chart;
    cairo_t *cr = rd->cr;
    double f = rd->lay.font_size;
    double pad = ceil(f / 2);
    double maxw = rd->lay.width - 2 * pad;
    char buf[512];

    set_grey(cr, 0);
    set_font(cr, 1.15 * f, 1);
    fit_text(cr, ch->title, maxw, buf, sizeof buf);
    text_at(cr, buf, pad, pad, 0, 0);

    char what[512];
    snprintf(what, sizeof what, "%s: %s, %s, %s palette%s",
             ch->chart_name ? ch->chart_name : "chart",
             ch->value_label ? ch->value_label : "value",
             scale_name(rd->opts->scale),
             ch->diverging ? "diverging" : hb_palette_name(rd->opts->palette),
             ch->diverging ? " (blue: less, red: more)" : "");
    set_grey(cr, 60);
    set_font(cr, f, 0);
    fit_text(cr, what, maxw, buf, sizeof buf);
    text_at(cr, buf, pad, pad + 1.4 * 1.15 * f, 0, 0);
}

static void draw_no_data(const struct render *rd)
{
    const struct hb_image_rect *p = &rd->lay.plot;
    set_grey(rd->cr, 90);
    set_font(rd->cr, rd->lay.font_size, 0);
    text_at(rd->cr, "no data", p->x + p->w / 2.0, p->y + p->h / 2.0, 0.5, 0.5);
}

static void draw_chart(const struct render *rd)
{
    const struct hb_chart *ch = rd->chart;
    int empty = ch->nrows == 0 || ch->ncols == 0;
    set_grey(rd->cr, 255);
    cairo_paint(rd->cr);
    if (!empty) {
        draw_cells(rd);
        draw_marks(rd);
        draw_heap_line(rd);
    }
    if (!rd->lay.decorated)
        return;
    draw_frame(rd);
    if (empty)
        draw_no_data(rd);
    draw_row_axis(rd);
    draw_time_axis(rd);
    if (rd->lay.heap_axis)
        draw_heap_axis(rd);
    draw_legend(rd);
    draw_title(rd);
}

/* ---------------------------------------------------------------------- */
/* Output                                                                  */
/* ---------------------------------------------------------------------- */

/* LeakSanitizer reads these hooks (in builds with -fsanitize=address;
 * others ignore them).  fontconfig, which cairo uses to find fonts, keeps
 * what it loads for the life of the process and frees it only in FcFini(),
 * which cairo never calls: those blocks are not ours, and not a leak.  The
 * list of suppressions used is not printed, so that the printer's stderr
 * stays what the tests expect. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
    return "leak:libfontconfig.so\n";
}

const char *__lsan_default_options(void);
const char *__lsan_default_options(void)
{
    return "print_suppressions=0";
}

struct output {
    FILE *fp;
    int write_errno;            /* first write error, 0 if none */
    int regular;                /* a regular file, removed on failure */
};

static cairo_status_t write_chunk(void *closure, const unsigned char *data,
                                  unsigned int length)
{
    struct output *out = closure;
    if (fwrite(data, 1, length, out->fp) != length) {
        if (!out->write_errno)
            out->write_errno = errno ? errno : EIO;
        return CAIRO_STATUS_WRITE_ERROR;
    }
    return CAIRO_STATUS_SUCCESS;
}

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int is_stdout(const char *path)
{
    return strcmp(path, "-") == 0;
}

static const cairo_user_data_key_t pixels_key;

/* An RGB24 image surface on memory of its own in huge pages (bigmem.h),
 * which the drawing's first paint faults in with a fault per 2 MB instead
 * of one per 4 KB page (a thousand for a 1200x800 image: half the time of
 * painting it).  NULL when that cannot be had; then cairo's own is used. */
static cairo_surface_t *big_page_surface(int width, int height)
{
    int stride = cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, width);
    if (stride <= 0)
        return NULL;
    size_t bytes = (size_t)stride * (size_t)height;
    unsigned char *pixels = hb_huge_alloc(&bytes);
    if (pixels == NULL)
        return NULL;
    cairo_surface_t *s = cairo_image_surface_create_for_data(
        pixels, CAIRO_FORMAT_RGB24, width, height, stride);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS
        || cairo_surface_set_user_data(s, &pixels_key, pixels, free)
               != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(s);
        free(pixels);
        return NULL;
    }
    return s;
}

static cairo_surface_t *create_surface(const struct hb_image_layout *lay,
                                       int is_svg, struct output *out)
{
    if (is_svg)
        return cairo_svg_surface_create_for_stream(write_chunk, out,
                                                   lay->width, lay->height);
    cairo_surface_t *s = big_page_surface(lay->width, lay->height);
    return s ? s : cairo_image_surface_create(CAIRO_FORMAT_RGB24, lay->width,
                                              lay->height);
}

/* Draw and write; returns a cairo status. */
static cairo_status_t render_to(struct render *rd, int is_svg,
                                struct output *out)
{
    cairo_surface_t *surface = create_surface(&rd->lay, is_svg, out);
    cairo_status_t st = cairo_surface_status(surface);
    if (st == CAIRO_STATUS_SUCCESS) {
        rd->cr = cairo_create(surface);
        draw_chart(rd);
        st = cairo_status(rd->cr);
        cairo_destroy(rd->cr);
    }
    if (st == CAIRO_STATUS_SUCCESS && !is_svg && hb_png_write(surface, out->fp) < 0) {
        if (!out->write_errno)
            out->write_errno = errno ? errno : EIO;
        st = CAIRO_STATUS_WRITE_ERROR;
    }
    cairo_surface_finish(surface);
    if (st == CAIRO_STATUS_SUCCESS)
        st = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    return st;
}

static int open_output(const char *path, struct output *out)
{
    struct stat st;
    out->write_errno = 0;
    out->fp = is_stdout(path) ? stdout : fopen(path, "wb");
    out->regular = out->fp && !is_stdout(path) &&
                   fstat(fileno(out->fp), &st) == 0 && S_ISREG(st.st_mode);
    return out->fp ? 0 : -1;
}

static int close_output(struct output *out, const char *path, int failed)
{
    if (is_stdout(path))
        return fflush(out->fp) == 0 ? 0 : errno;
    int close_err = fclose(out->fp) == 0 ? 0 : errno;
    /* Leave no half-written image behind -- but never remove a device
     * or a pipe that the image was sent to. */
    if ((failed || close_err || out->write_errno) && out->regular)
        remove(path);
    return close_err;
}

int hb_render_image(const struct hb_chart *chart,
                    const struct hb_image_opts *opts,
                    const char *path, int is_svg,
                    char *err, size_t errlen)
{
    if (!chart || !opts || !path)
        return fail(err, errlen, "internal error: no chart to draw");
    struct render rd = {NULL, chart, opts, {0}};
    if (hb_image_layout(chart, opts, &rd.lay) != 0) {
        return fail(err, errlen,
                    "image size %dx%d out of range (1 to %d each way)",
                    opts->width, opts->height, HB_IMAGE_MAX_SIDE);
    }
    if (chart->nrows > 0 && chart->ncols > 0 && !chart->cells)
        return fail(err, errlen, "internal error: chart has no cells");

    struct output out;
    if (open_output(path, &out) != 0)
        return fail(err, errlen, "cannot write: %s", strerror(errno));
    cairo_status_t st = render_to(&rd, is_svg, &out);
    int close_err = close_output(&out, path, st != CAIRO_STATUS_SUCCESS);
    if (out.write_errno || close_err)
        return fail(err, errlen, "cannot write: %s",
                    strerror(out.write_errno ? out.write_errno : close_err));
    if (st != CAIRO_STATUS_SUCCESS)
        return fail(err, errlen, "cannot draw: %s",
                    cairo_status_to_string(st));
    return 0;
}
