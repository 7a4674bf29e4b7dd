/* test_render.c -- unit tests of the PNG/SVG output and the palettes:
 * the harness, and the tests that draw charts.
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see error.h
 * and the file COPYING.
 *
 *   test_render [DIR]
 *   test_render --shade PALETTE SCALE V VMAX    colour of a cell, rrggbb
 *   test_render --line-colour PALETTE           colour of the heap line
 *
 * Builds small charts by hand, draws them into DIR (default: the current
 * directory) as PNG and SVG, reads the PNGs back and checks exact pixels
 * against the layout (img_layout.h) and the palettes (palette.h).  The
 * SVGs are left in DIR for the shell test to check as XML.  Prints one line
 * per failed check and exits 1 if any failed.  Built with the sanitizers;
 * a run takes a few seconds.  The tests of the parts that draw nothing
 * are in test_render/image_parts.c.
 */
#include "test_render.h"

#include "img_file.h"
#include "palette.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *out_dir = ".";

const char *out_path(const char *name)
{
    static char buf[4096];
    snprintf(buf, sizeof buf, "%s/%s", out_dir, name);
    return buf;
}

/* ---------------------------------------------------------------------- */
/* Charts built by hand                                                    */
/* ---------------------------------------------------------------------- */

static double *big_cells;       /* for charts larger than cells[] */

/* nrows x ncols, columns of width col_w starting at 0, all cells empty. */
static void init_chart(struct test_chart *t, size_t nrows, size_t ncols,
                       uint64_t col_w)
{
    memset(t, 0, sizeof *t);
    t->ch.title = "./prog --test arguments";
    t->ch.chart_name = "live";
    t->ch.value_label = "average live bytes";
    t->ch.value_is_bytes = 1;
    t->ch.time_unit = "i";
    t->ch.x_label = "time (instructions)";
    t->ch.nrows = nrows;
    t->ch.ncols = ncols;
    for (size_t r = 0; r < nrows && r < MAXR; r++) {
        snprintf(t->row_text[r], sizeof t->row_text[r], "%zuK-%zuK", r,
                 r + 1);
        t->row_labels[r] = t->row_text[r];
    }
    t->ch.row_labels = t->row_labels;
    for (size_t c = 0; c < ncols && c < MAXC; c++) {
        t->x_start[c] = c * col_w;
        t->x_end[c] = (c + 1) * col_w;
    }
    t->ch.x_start = t->x_start;
    t->ch.x_end = t->x_end;
    if (nrows * ncols <= sizeof t->cells / sizeof t->cells[0]) {
        t->ch.cells = t->cells;
    } else {
        free(big_cells);
        big_cells = calloc(nrows * ncols, sizeof *big_cells);
        t->ch.cells = big_cells;
    }
    t->ch.line_peak_col = -1;
}

static void set_vmax(struct test_chart *t)
{
    t->ch.vmax = 0;
    for (size_t i = 0; i < t->ch.nrows * t->ch.ncols; i++)
        if (t->ch.cells[i] > t->ch.vmax)
            t->ch.vmax = t->ch.cells[i];
}

/* The 3 x 4 chart of known values, with empty cells in each row. */
static void chart_3x4(struct test_chart *t)
{
    static const double values[12] = {
        /* row 0 (bottom) */ 1000, 0, 250, 4000,
        /* row 1 */ 0, 64, 1, 2000,
        /* row 2 (top) */ 3000, 500, 0, 0,
    };
    init_chart(t, 3, 4, 1000);
    memcpy(t->cells, values, sizeof values);
    set_vmax(t);
}

/* 4 rows x 8 columns with a heap line peaking in column 4. */
void chart_with_line(struct test_chart *t)
{
    static const double line[8] = {0, 100, 200, 200, 400, 400, 300, 100};
    init_chart(t, 4, 8, 4096);
    for (size_t c = 0; c < 8; c++) {
        t->cells[0 * 8 + c] = line[c] / 2;
        t->cells[2 * 8 + c] = line[c] / 4;
        t->line[c] = line[c];
    }
    set_vmax(t);
    t->ch.line = t->line;
    t->ch.line_max = 400;
    t->ch.line_peak_col = 4;
}

/* ---------------------------------------------------------------------- */
/* Reading images back                                                     */
/* ---------------------------------------------------------------------- */

int load_png(const char *path, struct image *img)
{
    img->s = cairo_image_surface_create_from_png(path);
    if (cairo_surface_status(img->s) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(img->s);
        img->s = NULL;
        return -1;
    }
    img->data = cairo_image_surface_get_data(img->s);
    img->w = cairo_image_surface_get_width(img->s);
    img->h = cairo_image_surface_get_height(img->s);
    img->stride = cairo_image_surface_get_stride(img->s);
    return 0;
}

uint32_t pixel(const struct image *img, int x, int y)
{
    uint32_t word;
    if (x < 0 || y < 0 || x >= img->w || y >= img->h)
        return 0xdeadbeef;
    memcpy(&word, img->data + (size_t)y * img->stride + (size_t)x * 4, 4);
    return word & 0xffffff;
}

static uint32_t rgb8_word(const unsigned char c[3])
{
    return (uint32_t)c[0] << 16 | (uint32_t)c[1] << 8 | c[2];
}

static uint32_t shade_word(enum hb_palette p, double t)
{
    unsigned char c[3];
    hb_palette_rgb8(p, t, c);
    return rgb8_word(c);
}

static uint32_t line_word(enum hb_palette p)
{
    unsigned char c[3];
    hb_palette_line_rgb8(p, c);
    return rgb8_word(c);
}

/* Pixels of rect that do not have colour want. */
static long wrong_pixels(const struct image *img,
                         const struct hb_image_rect *rect, uint32_t want)
{
    long n = 0;
    for (int y = rect->y; y < rect->y + rect->h; y++)
        for (int x = rect->x; x < rect->x + rect->w; x++)
            n += pixel(img, x, y) != want;
    return n;
}

static int render(const struct test_chart *t, const struct hb_image_opts *o,
                  const char *name, int is_svg)
{
    struct hb_error err = {HB_ERR_NONE, 0, ""};
    int rc = hb_render_image(&t->ch, o, out_path(name), is_svg, &err);
    check(rc == 0, "%s: render failed: %s", name, err.msg);
    return rc;
}

/* ---------------------------------------------------------------------- */
/* Tests                                                                   */
/* ---------------------------------------------------------------------- */

/* Every pixel of every cell has its exact colour; empty cells are white. */
static void check_cells(const struct test_chart *t,
                        const struct hb_image_opts *o, const char *name)
{
    struct image img;
    struct hb_image_layout lay;
    if (render(t, o, name, 0))
        return;
    check(load_png(out_path(name), &img) == 0, "%s: cannot load", name);
    if (!img.s)
        return;
    hb_image_layout(&t->ch, o, &lay);
    check(img.w == o->width && img.h == o->height, "%s: size %dx%d", name,
          img.w, img.h);
    for (size_t r = 0; r < t->ch.nrows; r++) {
        for (size_t c = 0; c < t->ch.ncols; c++) {
            double v = t->ch.cells[r * t->ch.ncols + c];
            double s = hb_scale_value(v, t->ch.vmax, o->scale);
            uint32_t want = v > 0 ? shade_word(o->palette, s) : 0xffffff;
            struct hb_image_rect cell;
            hb_image_cell_rect(&lay, &t->ch, r, c, &cell);
            long bad = wrong_pixels(&img, &cell, want);
            check(bad == 0, "%s: cell %zu,%zu: %ld of %d pixels not %06x "
                  "(centre %06x)", name, r, c, bad, cell.w * cell.h, want,
                  pixel(&img, cell.x + cell.w / 2, cell.y + cell.h / 2));
        }
    }
    cairo_surface_destroy(img.s);
}

static void test_cells(void)
{
    struct test_chart *t = malloc(sizeof *t);
    chart_3x4(t);
    struct hb_image_opts o = {640, 400, HB_PALETTE_GREGG, HB_SCALE_LINEAR};
    check_cells(t, &o, "cells-gregg-linear.png");
    o = (struct hb_image_opts){641, 397, HB_PALETTE_VIRIDIS, HB_SCALE_SQRT};
    check_cells(t, &o, "cells-viridis-sqrt.png");
    o = (struct hb_image_opts){1000, 600, HB_PALETTE_GREGG, HB_SCALE_LOG};
    check_cells(t, &o, "cells-gregg-log.png");
    /* Too small for text: the cells fill the image. */
    o = (struct hb_image_opts){10, 10, HB_PALETTE_GREGG, HB_SCALE_LINEAR};
    check_cells(t, &o, "cells-10x10.png");
    /* Row 0 is at the bottom: the top-left cell (row 2) holds 3000. */
    struct hb_image_layout lay;
    hb_image_layout(&t->ch, &o, &lay);
    struct hb_image_rect top_left;
    hb_image_cell_rect(&lay, &t->ch, 2, 0, &top_left);
    check(top_left.x == 0 && top_left.y == 0, "row 2 is not at the top");
    free(t);
}

static void test_layout(void)
{
    struct test_chart *t = malloc(sizeof *t);
    chart_with_line(t);
    struct hb_image_opts o = {800, 500, HB_PALETTE_GREGG, HB_SCALE_LINEAR};
    struct hb_image_layout lay;
    check(hb_image_layout(&t->ch, &o, &lay) == 0, "layout 800x500");
    const struct hb_image_rect *p = &lay.plot, *b = &lay.bar;
    check(lay.decorated && lay.heap_axis, "800x500 not decorated");
    check(p->x > 0 && p->y > 0 && p->w > 400 && p->h > 300,
          "plot %d,%d %dx%d too small", p->x, p->y, p->w, p->h);
    check(b->x > p->x + p->w + 40 && b->x + b->w < o.width,
          "legend at %d not right of the heap axis", b->x);
    /* The cells tile the plot exactly. */
    struct hb_image_rect first, last;
    hb_image_cell_rect(&lay, &t->ch, 0, 0, &first);
    hb_image_cell_rect(&lay, &t->ch, t->ch.nrows - 1, t->ch.ncols - 1, &last);
    check(first.x == p->x && first.y + first.h == p->y + p->h,
          "cell 0,0 not at the plot's bottom left");
    check(last.x + last.w == p->x + p->w && last.y == p->y,
          "last cell not at the plot's top right");
    for (size_t c = 0; c + 1 < t->ch.ncols; c++) {
        struct hb_image_rect a, n;
        hb_image_cell_rect(&lay, &t->ch, 0, c, &a);
        hb_image_cell_rect(&lay, &t->ch, 0, c + 1, &n);
        check(a.x + a.w == n.x, "gap between columns %zu and %zu", c, c + 1);
    }
    /* hb_image_max_columns() columns get a pixel each in any chart. */
    static const int sizes[][2] = {{800, 500}, {300, 120}, {120, 80},
                                   {100, 60}, {60, 60}, {10, 10}, {1, 1}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        struct hb_image_opts so = {sizes[i][0], sizes[i][1], o.palette,
                                   o.scale};
        int maxc = hb_image_max_columns(&so);
        for (int variant = 0; variant < 4; variant++) {
            chart_with_line(t);
            t->ch.line = variant & 1 ? t->line : NULL;
            if (variant & 2)
                strcpy(t->row_text[0], "1023.75K-1024K+");
            hb_image_layout(&t->ch, &so, &lay);
            check(maxc >= 1 && maxc <= lay.plot.w, "%dx%d variant %d: max "
                  "columns %d, plot %d wide", so.width, so.height, variant,
                  maxc, lay.plot.w);
        }
    }
    chart_with_line(t);
    o.width = 10;
    hb_image_layout(&t->ch, &o, &lay);
    check(!lay.decorated && lay.plot.w == 10 && lay.plot.h == 500,
          "10x500 should be cells only");
    free(t);
}

static void test_line(enum hb_palette pal, const char *name)
{
    struct test_chart *t = malloc(sizeof *t);
    chart_with_line(t);
    struct hb_image_opts o = {800, 500, pal, HB_SCALE_LINEAR};
    struct image img;
    struct hb_image_layout lay;
    if (render(t, &o, name, 0) || load_png(out_path(name), &img)) {
        check(0, "%s: no image", name);
        free(t);
        return;
    }
    hb_image_layout(&t->ch, &o, &lay);
    uint32_t ink = line_word(pal);
    int x, y;
    for (size_t c = 0; c < t->ch.ncols; c++) {
        hb_image_line_pixel(&lay, &t->ch, c, &x, &y);
        check(pixel(&img, x, y) == ink, "%s: line at column %zu (%d,%d) is "
              "%06x, not %06x", name, c, x, y, pixel(&img, x, y), ink);
    }
    /* Columns 2 and 3 both hold 200: halfway up the plot, and the line is
     * level between them, three pixels thick (away from the round joins at
     * the vertices). */
    hb_image_line_pixel(&lay, &t->ch, 2, &x, &y);
    int bottom = lay.plot.y + lay.plot.h - 1;
    int mid = bottom - (int)floor((bottom - lay.line_top) / 2.0 + 0.5);
    check(y == mid, "%s: 200 of 400 drawn at row %d, not %d", name, y, mid);
    int x3, y3;
    hb_image_line_pixel(&lay, &t->ch, 3, &x3, &y3);
    for (int xi = x + 2; xi <= x3 - 2; xi++)
        for (int dy = -1; dy <= 1; dy++)
            check(pixel(&img, xi, y + dy) == ink, "%s: level line missing "
                  "at %d,%d", name, xi, y + dy);
    /* Well above the line in column 0 (line at 0): no line colour. */
    hb_image_line_pixel(&lay, &t->ch, 0, &x, &y);
    check(pixel(&img, x, y - 10) != ink, "%s: line colour above the line",
          name);
    /* The peak (column 4, 400 = line_max) on the line's top row, with its
     * disc: pixels above and below the vertex, outside the 3-pixel line,
     * have the line colour. */
    hb_image_line_pixel(&lay, &t->ch, 4, &x, &y);
    check(y == lay.line_top && lay.line_top > lay.plot.y, "%s: peak on row "
          "%d, not the line's top %d below the plot's top", name, y,
          lay.line_top);
    int r = lay.peak_radius;
    check(pixel(&img, x, y + r - 1) == ink && pixel(&img, x, y - r + 1) == ink,
          "%s: no peak disc around %d,%d", name, x, y);
    /* Column 5 also holds 400, but has no disc. */
    hb_image_line_pixel(&lay, &t->ch, 5, &x, &y);
    check(pixel(&img, x, y + r - 1) != ink, "%s: a disc at column 5", name);
    cairo_surface_destroy(img.s);
    render(t, &o, "line.svg", 1);
    free(t);
}

/* A phase mark at the start of column 3 is a dashed vertical line on the
 * first pixel column of that cell. */
static void test_marks(void)
{
    struct test_chart *t = malloc(sizeof *t);
    chart_3x4(t);
    t->marks[0] = (struct hb_mark){3000, "phase two"};
    t->marks[1] = (struct hb_mark){999999, "after the end"};
    t->ch.marks = t->marks;
    t->ch.nmarks = 2;
    struct hb_image_opts o = {640, 400, HB_PALETTE_GREGG, HB_SCALE_LINEAR};
    struct image img;
    struct hb_image_layout lay;
    if (render(t, &o, "marks.png", 0) || load_png(out_path("marks.png"), &img)) {
        check(0, "marks.png: no image");
        free(t);
        return;
    }
    hb_image_layout(&t->ch, &o, &lay);
    struct hb_image_rect cell;
    hb_image_cell_rect(&lay, &t->ch, 0, 3, &cell);
    struct hb_image_rect column = {cell.x, lay.plot.y, 1, lay.plot.h};
    long dark = column.h - wrong_pixels(&img, &column, 0x282828);
    check(dark > lay.plot.h / 3, "marks.png: %ld dash pixels on x=%d", dark,
          cell.x);
    render(t, &o, "marks.svg", 1);
    cairo_surface_destroy(img.s);
    free(t);
}

/* The colour bar: top strip is the hottest shade, bottom the coldest. */
static void test_legend(void)
{
    struct test_chart *t = malloc(sizeof *t);
    chart_3x4(t);
    struct hb_image_opts o = {640, 400, HB_PALETTE_VIRIDIS, HB_SCALE_LINEAR};
    struct image img;
    struct hb_image_layout lay;
    if (render(t, &o, "legend.png", 0) ||
        load_png(out_path("legend.png"), &img)) {
        check(0, "legend.png: no image");
        free(t);
        return;
    }
    hb_image_layout(&t->ch, &o, &lay);
    const struct hb_image_rect *b = &lay.bar;
    struct hb_image_rect top = {b->x, b->y, b->w, 1};
    struct hb_image_rect bottom = {b->x, b->y + b->h - 1, b->w, 1};
    check(wrong_pixels(&img, &top, shade_word(o.palette, 1)) == 0,
          "legend.png: bar top is not the hottest shade");
    check(wrong_pixels(&img, &bottom,
                       shade_word(o.palette, 1.0 / b->h)) == 0,
          "legend.png: bar bottom is not the coldest shade");
    cairo_surface_destroy(img.s);
    free(t);
}

/* More columns than pixels: a pixel shows the hottest of its cells. */
static void test_dense(void)
{
    struct test_chart *t = malloc(sizeof *t);
    init_chart(t, 1, 1000, 1);
    for (size_t c = 0; c < 1000; c++)
        t->ch.cells[c] = c == 333 ? 100 : 1;
    set_vmax(t);
    struct hb_image_opts o = {10, 6, HB_PALETTE_GREGG, HB_SCALE_LINEAR};
    struct image img;
    if (render(t, &o, "dense.png", 0) || load_png(out_path("dense.png"), &img)) {
        check(0, "dense.png: no image");
        free(t);
        return;
    }
    struct hb_image_rect all = {0, 0, 10, 6}, hot_col = {3, 0, 1, 6};
    uint32_t hot = shade_word(o.palette, 1);
    uint32_t cold = shade_word(o.palette, hb_scale_value(1, 100, o.scale));
    check(wrong_pixels(&img, &all, hot) == 60 - 6, "dense.png: the hot "
          "column is not exactly one pixel column");
    check(wrong_pixels(&img, &hot_col, hot) == 0, "dense.png: column 333 is "
          "not drawn at x=3");
    check(wrong_pixels(&img, &all, cold) == 6, "dense.png: the other pixels "
          "are not the cold colour");
    cairo_surface_destroy(img.s);
    free(t);
}

/* Render; the result must be a PNG of the requested size, or an error with
 * a one-line message. */
static void render_survives(const struct test_chart *t, int w, int h,
                            const char *name)
{
    struct hb_image_opts o = {w, h, HB_PALETTE_GREGG, HB_SCALE_LOG};
    struct hb_error err = {HB_ERR_NONE, 0, ""};
    char png[128], svg[128];
    snprintf(png, sizeof png, "degenerate-%s.png", name);
    snprintf(svg, sizeof svg, "degenerate-%s.svg", name);
    int rc = hb_render_image(&t->ch, &o, out_path(png), 0, &err);
    int valid = w >= 1 && h >= 1 && w <= HB_IMAGE_MAX_SIDE &&
                h <= HB_IMAGE_MAX_SIDE;
    if (!valid) {
        check(rc != 0 && err.kind == HB_ERR_OUTPUT && err.msg[0]
              && !strchr(err.msg, '\n'),
              "%s: %dx%d accepted or bad message '%s'", name, w, h, err.msg);
        return;
    }
    check(rc == 0, "%s: render failed: %s", name, err.msg);
    struct image img;
    if (rc == 0 && load_png(out_path(png), &img) == 0) {
        check(img.w == w && img.h == h, "%s: size %dx%d", name, img.w, img.h);
        cairo_surface_destroy(img.s);
    } else {
        check(0, "%s: cannot load", name);
    }
    rc = hb_render_image(&t->ch, &o, out_path(svg), 1, &err);
    check(rc == 0, "%s (svg): render failed: %s", name, err.msg);
}

static void test_degenerate(void)
{
    struct test_chart *t = malloc(sizeof *t);
    init_chart(t, 0, 0, 1);
    render_survives(t, 300, 200, "empty");
    init_chart(t, 3, 0, 1);
    render_survives(t, 300, 200, "no-columns");
    init_chart(t, 0, 5, 1);
    t->ch.line = t->line;           /* a line but no rows */
    render_survives(t, 300, 200, "no-rows");
    init_chart(t, 3, 1, 7);         /* one column, vmax 0, line_max 0 */
    t->ch.line = t->line;
    t->ch.line_peak_col = 0;
    render_survives(t, 400, 300, "one-column");
    render_survives(t, 10, 10, "10x10");
    render_survives(t, 1, 1, "1x1");
    render_survives(t, 0, 0, "0x0");
    render_survives(t, -5, 100, "negative");
    render_survives(t, 100000, 100, "too-wide");
    render_survives(t, HB_IMAGE_MAX_SIDE, 20, "widest");

    /* Huge values and times, NaN and negative cells, a peak column out of
     * range, marks everywhere, no labels and no time bounds. */
    init_chart(t, 5, 6, UINT64_MAX / 8);
    for (size_t i = 0; i < 30; i++)
        t->cells[i] = i % 3 ? 1e300 * (double)i : 0;
    t->cells[4] = NAN;
    t->cells[5] = -1;
    t->cells[7] = INFINITY;
    set_vmax(t);
    for (size_t c = 0; c < 6; c++)
        t->line[c] = 1e18 * (double)c;
    t->ch.line = t->line;
    t->ch.line_max = 5e18;
    t->ch.line_peak_col = 99;
    t->marks[0] = (struct hb_mark){0, "start"};
    t->marks[1] = (struct hb_mark){UINT64_MAX, NULL};
    t->marks[2] = (struct hb_mark){UINT64_MAX / 2, "a very long phase name "
                                   "that will not fit anywhere at all"};
    t->ch.marks = t->marks;
    t->ch.nmarks = 3;
    render_survives(t, 500, 300, "huge");
    t->ch.row_labels = NULL;
    t->ch.x_start = t->ch.x_end = NULL;
    t->ch.title = t->ch.chart_name = t->ch.value_label = NULL;
    t->ch.value_is_bytes = 0;
    t->ch.time_unit = t->ch.x_label = NULL;
    render_survives(t, 500, 300, "no-labels");

    /* More columns and rows than pixels. */
    init_chart(t, 200, 5000, 3);
    for (size_t i = 0; i < 200 * 5000; i++)
        t->ch.cells[i] = (double)(i % 977);
    set_vmax(t);
    t->ch.time_unit = "ms";
    render_survives(t, 300, 120, "dense");
    free(t);
}

/* Random shapes, values, sizes and options: every render succeeds (the
 * sanitizers watch for the rest).  A fixed seed keeps runs identical. */
static void test_random(void)
{
    struct test_chart *t = malloc(sizeof *t);
    unsigned seed = 12345;
#define RND(n) (((seed = seed * 1103515245u + 12345u) >> 8) % (n))
    static const double specials[] = {0, 0, 1, 1e-300, 1e300, NAN, -5,
                                      INFINITY, 0.5, 123456789};
    for (int i = 0; i < 60; i++) {
        size_t nrows = RND(30), ncols = RND(400);
        init_chart(t, nrows, ncols, 1 + RND(100000));
        for (size_t k = 0; k < nrows * ncols; k++)
            t->ch.cells[k] = RND(3) ? (double)RND(1000) : specials[RND(10)];
        set_vmax(t);
        if (RND(2)) {
            for (size_t c = 0; c < ncols; c++)
                t->line[c] = RND(4) ? (double)RND(1u << 20) : specials[RND(10)];
            t->ch.line = t->line;
            t->ch.line_max = RND(5) ? (double)(1u << 20) : specials[RND(10)];
            t->ch.line_peak_col = (int)RND(ncols + 2) - 1;
        }
        t->ch.time_unit = RND(2) ? "ms" : "B";
        for (size_t m = 0; m < 4; m++) {
            /* Two statements: the order of the random draws is fixed. */
            uint64_t when = RND(100000 * (ncols + 1));
            const char *name = RND(3) ? "mark" : NULL;
            t->marks[m] = (struct hb_mark){when, name};
        }
        t->ch.marks = t->marks;
        t->ch.nmarks = RND(5);
        int width = 1 + (int)RND(700);
        int height = 1 + (int)RND(500);
        enum hb_palette palette = (enum hb_palette)RND(2);
        enum hb_scale scale = (enum hb_scale)RND(3);
        struct hb_image_opts o = {width, height, palette, scale};
        int svg = RND(4) == 0;
        struct hb_error err = {HB_ERR_NONE, 0, ""};
        int rc = hb_render_image(&t->ch, &o, out_path(svg ? "random.svg"
                                                          : "random.png"),
                                 svg, &err);
        check(rc == 0, "random chart %d (%zux%zu, %dx%d): %s", i, nrows,
              ncols, o.width, o.height, err.msg);
    }
#undef RND
    free(t);
}

static void test_errors(void)
{
    struct test_chart *t = malloc(sizeof *t);
    chart_3x4(t);
    struct hb_image_opts o = {300, 200, HB_PALETTE_GREGG, HB_SCALE_LINEAR};
    struct hb_error err = {HB_ERR_NONE, 0, ""};
    const char *bad = "/nonexistent-dir/x.png";
    int rc = hb_render_image(&t->ch, &o, bad, 0, &err);
    check(rc != 0 && err.kind == HB_ERR_OUTPUT
          && strcmp(err.msg, "cannot write: No such file or directory") == 0,
          "unwritable path: rc %d, message '%s'", rc, err.msg);
    err = (struct hb_error){HB_ERR_NONE, 0, ""};
    rc = hb_render_image(&t->ch, &o, "/nonexistent-dir/x.svg", 1, &err);
    check(rc != 0 && err.kind == HB_ERR_OUTPUT && err.msg[0],
          "unwritable svg: rc %d", rc);
    /* A device that refuses the bytes: an error, and the device stays. */
    FILE *full = fopen("/dev/full", "wb");
    if (full) {
        fclose(full);
        err = (struct hb_error){HB_ERR_NONE, 0, ""};
        rc = hb_render_image(&t->ch, &o, "/dev/full", 0, &err);
        check(rc != 0 && strstr(err.msg, "cannot write"), "/dev/full: rc %d, "
              "message '%s'", rc, err.msg);
        full = fopen("/dev/full", "wb");
        check(full != NULL, "/dev/full was removed");
        if (full)
            fclose(full);
    }
    free(t);
}

/* test_render --shade PALETTE SCALE V VMAX: the colour of a cell, for the
 * shell tests that check the printer's images. */
static int print_shade(char **argv)
{
    enum hb_palette p = strcmp(argv[0], "viridis") == 0 ? HB_PALETTE_VIRIDIS
                                                        : HB_PALETTE_GREGG;
    enum hb_scale s = strcmp(argv[1], "sqrt") == 0  ? HB_SCALE_SQRT
                      : strcmp(argv[1], "log") == 0 ? HB_SCALE_LOG
                                                    : HB_SCALE_LINEAR;
    double v = strtod(argv[2], NULL), vmax = strtod(argv[3], NULL);
    double t = hb_scale_value(v, vmax, s);
    printf("%06x\n", t > 0 ? (unsigned)shade_word(p, t) : 0xffffffu);
    return 0;
}

/* test_render --line-colour PALETTE: the heap line's colour. */
static int print_line_colour(char **argv)
{
    enum hb_palette p = strcmp(argv[0], "viridis") == 0 ? HB_PALETTE_VIRIDIS
                                                        : HB_PALETTE_GREGG;
    printf("%06x\n", (unsigned)line_word(p));
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 6 && strcmp(argv[1], "--shade") == 0)
        return print_shade(argv + 2);
    if (argc == 3 && strcmp(argv[1], "--line-colour") == 0)
        return print_line_colour(argv + 2);
    if (argc > 1)
        out_dir = argv[1];
    test_palettes();
    test_labels();
    test_layout();
    test_cells();
    test_line(HB_PALETTE_GREGG, "line-gregg.png");
    test_line(HB_PALETTE_VIRIDIS, "line-viridis.png");
    test_marks();
    test_legend();
    test_dense();
    test_degenerate();
    test_random();
    test_png_encoder();
    test_errors();
    free(big_cells);
    return check_summary();
}
