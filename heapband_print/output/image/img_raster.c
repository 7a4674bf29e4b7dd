/* img_raster.c -- the cells of a PNG or SVG chart: see img_raster.h.
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see error.h
 * and the file COPYING.
 *
 * The cells are walked one group of pixel rows at a time (a cell row, or
 * the cell rows that share a pixel row), left to right, and neighbouring
 * cells of the same colour become one run: one memset-like loop per pixel
 * row of an image surface, or one cairo rectangle (one SVG element).
 */
#include "img_raster.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void hb_image_set_source_rgb8(cairo_t *cr, const unsigned char rgb[3])
{
    cairo_set_source_rgb(cr, rgb[0] / 255.0, rgb[1] / 255.0, rgb[2] / 255.0);
}

/* The chart being filled and where its cells go: straight into an image
 * surface's pixels (the same pixels cairo would fill, without a path per
 * rectangle), or through cairo for SVG. */
struct cell_fill {
    const struct hb_chart *chart;
    const struct hb_image_opts *opts;
    const struct hb_image_layout *lay;
    cairo_t *cr;
    unsigned char *pixels;      /* NULL: draw with cairo */
    int stride, width, height;
};

/* The shade of a cell, 0 for an empty one; in a difference chart
 * (chart->diverging) negative for a cell that shrank. */
static double cell_shade(const struct cell_fill *fill, double v)
{
    if (fill->chart->diverging && v < 0 && isfinite(v))
        return -cell_shade(fill, -v);
    if (!(v > 0) || !isfinite(v))
        return 0;
    double t = hb_scale_value(v, fill->chart->vmax, fill->opts->scale);
    return t > 0 ? t : 0;
}

/* The colour of a shade that is not 0. */
static void shade_rgb8(const struct cell_fill *fill, double t,
                       unsigned char rgb[3])
{
    if (fill->chart->diverging)
        hb_palette_diverging_cell_rgb8(t, rgb);
    else
        hb_palette_rgb8(fill->opts->palette, t, rgb);
}

/* Pixels x0 .. x1-1 of one colour, empty when x1 <= x0. */
struct run {
    int x0, x1;
    unsigned char rgb[3];
};

static void fill_pixels(const struct cell_fill *fill, int x0, int x1, int y,
                        int h, const unsigned char rgb[3])
{
    uint32_t px = 0xff000000u | (uint32_t)rgb[0] << 16 |
                  (uint32_t)rgb[1] << 8 | rgb[2];
    if (x0 < 0) x0 = 0;
    if (x1 > fill->width) x1 = fill->width;
    for (int row = y < 0 ? 0 : y; row < y + h && row < fill->height; row++) {
        uint32_t *line = (uint32_t *)(void *)(fill->pixels
                                              + (size_t)row
                                                    * (size_t)fill->stride);
        for (int x = x0; x < x1; x++)
            line[x] = px;
    }
}

static void flush_run(const struct cell_fill *fill, struct run *run, int y,
                      int h)
{
    if (run->x1 > run->x0) {
        if (fill->pixels != NULL) {
            fill_pixels(fill, run->x0, run->x1, y, h, run->rgb);
        } else {
            hb_image_set_source_rgb8(fill->cr, run->rgb);
            cairo_rectangle(fill->cr, run->x0, y, run->x1 - run->x0, h);
            cairo_fill(fill->cr);
        }
    }
    run->x1 = run->x0;
}

/* The largest value of the cells [r0, r1] x [c0, c1], 0 if none is > 0;
 * in a difference chart the value largest in magnitude (the first of two
 * opposite ones) of the cells that are not noise. */
static double group_value(const struct hb_chart *ch, size_t r0, size_t r1,
                          size_t c0, size_t c1)
{
    double best = 0;
    for (size_t r = r0; r <= r1; r++) {
        const double *row = hb_chart_row(ch, r);
        for (size_t c = c0; c <= c1; c++) {
            double v = row[c];
            if (ch->diverging && ch->diff.noise[r * ch->ncols + c])
                continue;
            if (ch->diverging ? fabs(v) > fabs(best) : v > best)
                best = v;       /* NaN never is */
        }
    }
    return best;
}

/* A difference chart's cells after the shorter run's end: grey where the
 * longer run has a value, not a change (ascii.c draws them '/'). */
static const unsigned char ended_rgb[3] = { 190, 190, 190 };

/* A run of columns that share their pixels (a single column when each has
 * pixels of its own) and those pixels. */
struct col_group {
    size_t c0, c1;
    int x, w;
};

static void column_group(const struct cell_fill *fill, size_t c0,
                         struct col_group *g)
{
    struct hb_image_rect cell;
    g->c0 = c0;
    g->c1 = hb_image_pixel_group_end(c0, fill->chart->ncols,
                                     fill->lay->plot.w);
    hb_image_cell_rect(fill->lay, fill->chart, 0, g->c1, &cell);
    g->x = cell.x;
    g->w = cell.w;
}

/* The column groups from left to right, worked out once for all the rows
 * (their divisions cost more than filling the cells); NULL when out of
 * memory, and then fill_row_group() works them out row by row, with the
 * same result. */
static struct col_group *column_groups(const struct cell_fill *fill)
{
    const struct hb_chart *ch = fill->chart;
    struct col_group *groups = malloc(ch->ncols * sizeof *groups);
    for (size_t i = 0, c0 = 0; groups != NULL && c0 < ch->ncols; i++) {
        column_group(fill, c0, &groups[i]);
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

static double memo_shade(const struct cell_fill *fill, struct shade_memo *m,
                         double v)
{
    if (!m->valid || !(v == m->v)) {
        m->v = v;
        m->t = cell_shade(fill, v);
        if (m->t != 0)
            shade_rgb8(fill, m->t, m->rgb);
        m->valid = 1;
    }
    return m->t;
}

/* The rows r0..r1 (one pixel row or more), neighbouring cells of the same
 * colour drawn as one rectangle (fewer SVG elements, the same pixels).  A
 * pixel shared by several cells shows the largest of their values, so that
 * nothing hot disappears. */
static void fill_row_group(const struct cell_fill *fill, size_t r0,
                           size_t r1, const struct col_group *groups)
{
    const struct hb_chart *ch = fill->chart;
    struct run run = { .x0 = 0, .x1 = 0, .rgb = { 0, 0, 0 } };
    struct hb_image_rect rows;
    struct shade_memo memo = { .valid = 0, .v = 0, .t = 0,
                               .rgb = { 0, 0, 0 } };
    hb_image_cell_rect(fill->lay, ch, r1, 0, &rows);
    struct col_group g;
    for (size_t i = 0, c0 = 0; c0 < ch->ncols; i++, c0 = g.c1 + 1) {
        if (groups != NULL)
            g = groups[i];
        else
            column_group(fill, c0, &g);
        double v = group_value(ch, r0, r1, g.c0, g.c1);
        int ended = ch->diverging && ch->diff.ended[g.c0] != HB_ENDED_NONE;
        double t = ended ? v != 0 : memo_shade(fill, &memo, v);
        if (ended && t != 0) {
            memcpy(memo.rgb, ended_rgb, 3);
            memo.valid = 0;
        }
        if (t == 0) {
            flush_run(fill, &run, rows.y, rows.h);
            continue;
        }
        if (run.x1 > run.x0 && memcmp(memo.rgb, run.rgb, 3) == 0 &&
            g.x <= run.x1) {
            if (g.x + g.w > run.x1)
                run.x1 = g.x + g.w;
            continue;
        }
        flush_run(fill, &run, rows.y, rows.h);
        run = (struct run){ .x0 = g.x, .x1 = g.x + g.w,
                            .rgb = { memo.rgb[0], memo.rgb[1], memo.rgb[2] } };
    }
    flush_run(fill, &run, rows.y, rows.h);
}

void hb_image_fill_cells(cairo_t *cr, const struct hb_chart *chart,
                         const struct hb_image_opts *opts,
                         const struct hb_image_layout *lay)
{
    if (!chart->cells)
        return;
    struct cell_fill fill = { .chart = chart, .opts = opts, .lay = lay,
                              .cr = cr, .pixels = NULL, .stride = 0,
                              .width = 0, .height = 0 };
    cairo_surface_t *target = cairo_get_target(cr);
    if (cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE &&
        cairo_image_surface_get_format(target) == CAIRO_FORMAT_RGB24) {
        cairo_surface_flush(target);
        fill.pixels = cairo_image_surface_get_data(target);
        fill.stride = cairo_image_surface_get_stride(target);
        fill.width = cairo_image_surface_get_width(target);
        fill.height = cairo_image_surface_get_height(target);
    }
    struct col_group *groups = column_groups(&fill);
    /* Whole-pixel rectangles: no antialiasing, so that every pixel of a
     * cell has exactly its colour. */
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
    for (size_t r0 = 0, r1; r0 < chart->nrows; r0 = r1 + 1) {
        r1 = hb_image_pixel_group_end(r0, chart->nrows, lay->plot.h);
        fill_row_group(&fill, r0, r1, groups);
    }
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT);
    free(groups);
    if (fill.pixels != NULL)
        cairo_surface_mark_dirty(target);
}
