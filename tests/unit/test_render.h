/* test_render.h -- what the two files of test_render share: the output
 * directory, charts built by hand and PNGs read back (the checks are
 * unit_check.h's).
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see error.h
 * and the file COPYING.
 */
#ifndef HEAPBAND_TESTS_TEST_RENDER_H
#define HEAPBAND_TESTS_TEST_RENDER_H

#include <cairo.h>
#include <stdint.h>

#include "chart.h"
#include "img_layout.h"
#include "unit_check.h"

/* name in the output directory (a static buffer). */
const char *out_path(const char *name);

#define MAXR 256
#define MAXC 6000

/* A chart and the storage it points into. */
struct test_chart {
    struct hb_chart ch;
    char *row_labels[MAXR];
    char row_text[MAXR][16];
    uint64_t x_start[MAXC], x_end[MAXC];
    double cells[MAXR * 8];
    double line[MAXC];
    struct hb_mark marks[4];
};

/* 4 rows x 8 columns with a heap line peaking in column 4. */
void chart_with_line(struct test_chart *t);

/* A PNG read back with cairo. */
struct image {
    cairo_surface_t *s;
    const unsigned char *data;
    int w, h, stride;
};

/* Returns 0, or -1 when path is not a readable PNG. */
int load_png(const char *path, struct image *img);

/* The colour of pixel (x, y) as 0xrrggbb; 0xdeadbeef outside. */
uint32_t pixel(const struct image *img, int x, int y);

/* The tests in test_render/image_parts.c. */
void test_palettes(void);
void test_labels(void);
void test_png_encoder(void);

#endif
