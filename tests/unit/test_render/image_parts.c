/* image_parts.c -- unit tests of the parts of the image output that
 * draw nothing: the palettes, the labels, the layout of the axes and the
 * PNG encoder.  Part of test_render (see test_render.c).
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see error.h
 * and the file COPYING.
 */
#include "test_render.h"

#include "palette.h"
#include "png_write.h"
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* hb_png_write's encoder on images made to use each of its ways to write
 * pixels (repeats of the row above and of the left neighbour, runs longer
 * than one deflate match, literals, several IDAT chunks) and on the edge
 * sizes: read back by libpng (through cairo), every pixel must be the
 * same. */
static void check_png_roundtrip(int w, int h, int pattern, unsigned seed)
{
#define RND(n) (((seed = seed * 1103515245u + 12345u) >> 8) % (n))
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
    unsigned char *data = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s);
    for (int y = 0; y < h; y++) {
        uint32_t *row = (uint32_t *)(void *)(data + (size_t)y * stride);
        const uint32_t *above = y > 0 ? row - stride / 4 : row;
        for (int x = 0; x < w; x++) {
            uint32_t px = RND(1u << 24);
            if (pattern == 1 && y > 0 && RND(8) != 0)
                px = above[x];
            else if (pattern == 1 && x > 0 && RND(3) != 0)
                px = row[x - 1];
            else if (pattern == 2)
                px = (uint32_t)((x / 97 + y / 5) % 3) * 0x405060u;
            /* the unused byte holds anything: it must not matter */
            row[x] = px | RND(256) << 24;
        }
    }
    cairo_surface_mark_dirty(s);
    const char *path = out_path("roundtrip.png");
    FILE *fp = fopen(path, "wb");
    struct hb_error err = {HB_ERR_NONE, 0, ""};
    int rc = fp ? hb_png_write(s, fp, &err) : -1;
    if (fp && fclose(fp) != 0)
        rc = -1;
    check(rc == 0, "png encoder %dx%d pattern %d: write failed: %s", w, h,
          pattern, err.msg);
    struct image img;
    if (rc == 0 && load_png(path, &img) == 0) {
        long wrong = 0;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                uint32_t want;
                memcpy(&want, data + (size_t)y * stride + 4 * (size_t)x, 4);
                wrong += pixel(&img, x, y) != (want & 0xffffff);
            }
        check(img.w == w && img.h == h && wrong == 0,
              "png encoder %dx%d pattern %d: %ld wrong pixels", w, h,
              pattern, wrong);
        cairo_surface_destroy(img.s);
    } else {
        check(0, "png encoder %dx%d pattern %d: unreadable", w, h, pattern);
    }
    cairo_surface_destroy(s);
#undef RND
}

void test_png_encoder(void)
{
    static const int sizes[][2] = {
        {1, 1}, {1, 300}, {2, 2}, {3, 1}, {86, 3}, {87, 3}, {173, 4},
        {300, 40}, {700, 500}, {HB_IMAGE_MAX_SIDE, 3},
    };
    unsigned seed = 777;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        for (int pattern = 0; pattern < 3; pattern++)
            check_png_roundtrip(sizes[i][0], sizes[i][1], pattern, seed++);
}

static void check_text(const char *got, const char *want, const char *what)
{
    check(strcmp(got, want) == 0, "%s: '%s', not '%s'", what, got, want);
}

/* The labels of the images: the numbers of the text outputs, with "B" on
 * sizes under 1K, and axis ticks in one unit each. */
void test_labels(void)
{
    char buf[32];
    hb_format_number(buf, sizeof buf, 500, HB_NUMBER_SIZE_B);
    check_text(buf, "500B", "500 bytes in an image");
    hb_format_size(buf, sizeof buf, 500);
    check_text(buf, "500", "500 bytes in the text");
    hb_format_number(buf, sizeof buf, 1536, HB_NUMBER_SIZE_B);
    check_text(buf, "1.5K", "1536 bytes in an image");
    hb_format_number(buf, sizeof buf, 1048500, HB_NUMBER_SIZE_B);
    check_text(buf, "1M", "1048500 bytes in an image");
    hb_format_number(buf, sizeof buf, 999600, HB_NUMBER_COUNT);
    check_text(buf, "1M", "999600 allocations");
    hb_format_number(buf, sizeof buf, 0, HB_NUMBER_SIZE_B);
    check_text(buf, "0", "0 bytes in an image");

    struct hb_tick_step s;
    hb_tick_step_bytes(&s, 250, 1000);
    hb_format_tick(buf, sizeof buf, &s, s.step);
    check_text(buf, "500B", "byte tick below 2K");
    hb_tick_step_bytes(&s, 0.5 * 1048576, 3 * 1048576);
    hb_format_tick(buf, sizeof buf, &s, 2 * s.step);
    check_text(buf, "1.0M", "byte tick in M");
    hb_tick_step_time(&s, 1000, 5000, "ms");
    hb_format_tick(buf, sizeof buf, &s, 3 * s.step);
    check_text(buf, "3s", "millisecond tick past a second");

    /* The axes of a chart with a heap line: ticks from the bottom up. */
    struct test_chart *t = malloc(sizeof *t);
    chart_with_line(t);
    struct hb_image_opts o = {800, 500, HB_PALETTE_GREGG, HB_SCALE_LINEAR};
    struct hb_image_layout lay;
    hb_image_layout(&t->ch, &o, &lay);
    static struct hb_image_tick tick[HB_IMAGE_MAX_TICKS];
    const struct hb_image_rect *p = &lay.plot, *b = &lay.bar;
    size_t n = hb_image_heap_ticks(&lay, &t->ch, tick);
    check(n >= 2 && strcmp(tick[0].label, "0") == 0
          && tick[0].at == p->y + p->h - 0.5, "heap axis: first tick");
    for (size_t i = 1; i < n; i++)
        check(tick[i].at < tick[i - 1].at && tick[i].at >= lay.line_top,
              "heap axis: tick %zu at %g", i, tick[i].at);
    n = hb_image_legend_ticks(&lay, &t->ch, o.scale, tick);
    check(n >= 2 && tick[0].at == b->y + b->h && tick[1].at == b->y
          && strcmp(tick[1].label, "200B") == 0, "legend: ends");
    n = hb_image_time_ticks(&lay, &t->ch, tick);
    for (size_t i = 1; i < n; i++)
        check(tick[i].at > tick[i - 1].at && tick[i].at <= p->x + p->w,
              "time axis: tick %zu at %g", i, tick[i].at);
    struct hb_image_tick *rows = hb_image_row_ticks(&lay, &t->ch, &n);
    check(rows != NULL && n == t->ch.nrows, "row labels: %zu", n);
    for (size_t r = 0; rows && r < n; r++) {
        struct hb_image_rect cell;
        hb_image_cell_rect(&lay, &t->ch, r, 0, &cell);
        check(rows[r].at == cell.y + cell.h / 2.0
              && strcmp(rows[r].label, t->row_labels[r]) == 0,
              "row label %zu", r);
    }
    free(rows);
    free(t);
}

void test_palettes(void)
{
    unsigned char c[3], d[3];
    hb_palette_rgb8(HB_PALETTE_GREGG, 0, c);
    check(c[0] == 255 && c[1] > 200 && c[2] > 150 && c[2] < 255,
          "gregg 0 is not cream: %d,%d,%d", c[0], c[1], c[2]);
    hb_palette_rgb8(HB_PALETTE_GREGG, 1, c);
    check(c[0] > 120 && c[0] < 200 && c[1] < 40 && c[2] < 40,
          "gregg 1 is not dark red: %d,%d,%d", c[0], c[1], c[2]);
    hb_palette_rgb8(HB_PALETTE_VIRIDIS, 0, c);
    check(c[0] == 68 && c[1] == 1 && c[2] == 84, "viridis 0");
    hb_palette_rgb8(HB_PALETTE_VIRIDIS, 1, c);
    check(c[0] == 253 && c[1] == 231 && c[2] == 37, "viridis 1");

    /* Hotter is darker for gregg, lighter for viridis, step by step. */
    double prev_g = 1e9, prev_v = -1;
    for (int i = 0; i <= 100; i++) {
        hb_palette_rgb8(HB_PALETTE_GREGG, i / 100.0, c);
        hb_palette_rgb8(HB_PALETTE_VIRIDIS, i / 100.0, d);
        double lg = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
        double lv = 0.2126 * d[0] + 0.7152 * d[1] + 0.0722 * d[2];
        check(lg < prev_g && lv > prev_v, "luminance not monotonic at %d", i);
        prev_g = lg;
        prev_v = lv;
    }
    hb_palette_rgb8(HB_PALETTE_GREGG, NAN, c);
    hb_palette_rgb8(HB_PALETTE_GREGG, -3, d);
    check(memcmp(c, d, 3) == 0, "NaN is not clamped to 0");

    hb_palette_diverging_rgb8(0, c);
    check(c[0] == 255 && c[1] == 255 && c[2] == 255, "diverging 0 not white");
    hb_palette_diverging_rgb8(-1, c);
    check(c[2] > c[0] + 80, "diverging -1 not blue");
    hb_palette_diverging_rgb8(1, c);
    check(c[0] > c[2] + 80, "diverging 1 not red");
    hb_palette_diverging_rgb8(-0.2, c);
    hb_palette_diverging_rgb8(-0.8, d);
    check(d[0] < c[0], "diverging: more negative is not bluer");

    static const unsigned char red[3] = {255, 0, 0}, black[3] = {0, 0, 0},
                               grey[3] = {128, 128, 128};
    check(hb_palette_xterm256(red) == 196, "xterm red");
    check(hb_palette_xterm256(black) == 16, "xterm black");
    check(hb_palette_xterm256(grey) == 244, "xterm grey");
}
