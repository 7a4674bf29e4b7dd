/* img_layout.h -- where everything of a PNG or SVG chart goes: the image
 * layout as pure geometry, without cairo, so that tests can check exact
 * pixels.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The layout depends only on the image size, on the chart's shape (rows,
 * columns, whether it has a heap line or marks) and on the length in
 * characters of its row labels -- not on font metrics -- so it is the same
 * on every machine.
 *
 * Cells have whole-pixel boundaries: column c spans the pixels
 * plot.x + floor(c * plot.w / ncols) up to (excluding) the same for c + 1,
 * and row r (row 0 at the bottom) spans from plot.y + plot.h -
 * floor((r + 1) * plot.h / nrows) up to (excluding) plot.y + plot.h -
 * floor(r * plot.h / nrows).  A cell that would be 0 pixels wide or high
 * shares its pixel with the cells after it, up to the first one that has a
 * pixel of its own, and hb_image_cell_rect() gives it that pixel; the pixel
 * shows the largest value of those cells.  (Build charts with at most
 * hb_image_max_columns() columns and this does not happen.)
 * Every pixel of a cell has exactly the palette colour of the cell's shade,
 * except where a phase mark, the heap line or its peak marker are drawn.
 *
 * Cost: hb_image_layout() reads the row labels once; the position of a
 * cell, a time or a heap value is O(1) (a time: O(log columns)); the ticks
 * of an axis are O(ticks), the row labels O(rows x columns): one look at
 * each cell for the rows that hold data, then linear in the rows, however
 * thin they are.
 */
#ifndef HEAPBAND_PRINT_IMG_LAYOUT_H
#define HEAPBAND_PRINT_IMG_LAYOUT_H

#include <stddef.h>

#include "chart.h"
#include "palette.h"

/* The largest width and height accepted, in pixels or points. */
#define HB_IMAGE_MAX_SIDE 8192

/* What the image looks like. */
struct hb_image_opts {
    int width, height;        /* pixels (PNG) or points (SVG) */
    enum hb_palette palette;
    enum hb_scale scale;
};

struct hb_image_rect {
    int x, y, w, h;             /* top-left corner and size, in pixels */
};

/* Where the texts around the plot go (decorated layouts only).  x and y
 * are the anchor of the text as the drawing aligns it: titles by their
 * top-left corner, axis titles by their top centre, rotated titles (read
 * upwards) by their centre. */
struct hb_image_text_anchors {
    double pad;                 /* the title's margin; its width is */
    double title_maxw;          /* at most this */
    double subtitle_y;          /* top of the second title line */
    double row_title_x;         /* "size band (bytes)", rotated */
    double x_title_y;           /* the x axis title and the scale's name */
    double heap_title_x;        /* "total heap", rotated */
    double value_title_x;       /* the value label right of the legend */
    double mark_name_min_w;     /* a mark name with less room is left out */
};

struct hb_image_layout {
    int width, height;
    /* 0 when the image is too small for any text: then the cells fill the
     * whole image and nothing else but the heap line is drawn. */
    int decorated;
    double font_size;           /* pixels */
    struct hb_image_rect plot;  /* the heatmap */
    struct hb_image_rect bar;   /* the colour-bar legend (decorated only) */
    int heap_axis;              /* 1: the heap line's axis right of plot */
    double line_width;          /* of the heap line, pixels */
    /* The heap line and its axis: line_max is drawn on pixel row line_top,
     * 0 on the plot's bottom row (plot.y + plot.h - 1), linear between. */
    int line_top;
    /* Phase marks are dashed lines from row marks_y (decorated; the top
     * of their names, in a row above the plot) down through the plot. */
    int marks_y;
    /* The peak is a disc of this radius centred on the line's vertex at
     * chart->line_peak_col, filled with the line's colour (decorated only). */
    int peak_radius;
    struct hb_image_text_anchors text;
};

/* Compute where everything goes.  Returns 0, or -1 when opts->width or
 * opts->height is outside 1 .. HB_IMAGE_MAX_SIDE. */
int hb_image_layout(const struct hb_chart *chart,
                    const struct hb_image_opts *opts,
                    struct hb_image_layout *lay);

/* The most columns a chart can have so that each gets at least one pixel
 * column, whatever its row labels and heap line: build the chart with at
 * most this many (merging stored columns), and every column is seen.  At
 * least 1, also for an invalid size. */
int hb_image_max_columns(const struct hb_image_opts *opts);

/* The pixels of cell (r, c); r < chart->nrows, c < chart->ncols. */
void hb_image_cell_rect(const struct hb_image_layout *lay,
                        const struct hb_chart *chart, size_t r, size_t c,
                        struct hb_image_rect *cell);

/* The last of the cells i, i+1 ... (of n across len pixels) that share
 * the pixels of cell i: i itself when cell i has pixels of its own. */
size_t hb_image_pixel_group_end(size_t i, size_t n, int len);

/* The pixel at the centre of the heap line's vertex for column c: the line
 * is drawn through the centres of these pixels.  Returns -1 when the chart
 * has no line or c is out of range. */
int hb_image_line_pixel(const struct hb_image_layout *lay,
                        const struct hb_chart *chart, size_t c,
                        int *x, int *y);

/* A labelled tick of an axis: the x (time axis) or y (the others) of its
 * position, not rounded, and its label. */
struct hb_image_tick {
    double at;
    char label[32];
};

/* The most ticks an axis gets. */
#define HB_IMAGE_MAX_TICKS 1000

/* The time axis of a chart with columns and no column labels:
 * round times, left to right.  Returns how many. */
size_t hb_image_time_ticks(const struct hb_image_layout *lay,
                           const struct hb_chart *chart,
                           struct hb_image_tick tick[HB_IMAGE_MAX_TICKS]);

/* The heap axis: 0 and round sizes up to chart->line_max, bottom up. */
size_t hb_image_heap_ticks(const struct hb_image_layout *lay,
                           const struct hb_chart *chart,
                           struct hb_image_tick tick[HB_IMAGE_MAX_TICKS]);

/* The legend beside the colour bar, in the order they are drawn: 0 and
 * chart->vmax at the ends (a difference chart: -vmax, 0, +vmax), and
 * between them round values where the scale puts them, none closer to
 * another than a line of text. */
size_t hb_image_legend_ticks(const struct hb_image_layout *lay,
                             const struct hb_chart *chart,
                             enum hb_scale scale,
                             struct hb_image_tick tick[HB_IMAGE_MAX_TICKS]);

/* The row labels to draw (for nrows > 0 and row_labels != NULL), in the
 * order they are drawn, cut to the room left of the plot: all of them when
 * the rows are high enough, else the rows that hold data first, then as
 * many empty ones as fit, so that a hot row never goes unnamed.  Returns a
 * malloc'ed array of *n ticks (y: the row's centre), or NULL when out of
 * memory. */
struct hb_image_tick *hb_image_row_ticks(const struct hb_image_layout *lay,
                                         const struct hb_chart *chart,
                                         size_t *n);

/* Charts with column labels (lifetime buckets): label every n-th column,
 * counting from the last, so that labels widest_w pixels wide do not
 * touch.  The label of column c is centred on hb_image_column_centre(). */
size_t hb_image_column_label_every(const struct hb_image_layout *lay,
                                   const struct hb_chart *chart,
                                   double widest_w);
double hb_image_column_centre(const struct hb_image_layout *lay,
                              const struct hb_chart *chart, size_t c);

/* A phase mark inside the chart's time range: the x of the centre of its
 * one-pixel line, and its name. */
struct hb_image_mark {
    double x;
    const char *name;
};

/* The marks that fall within the chart's time range, sorted by x (*n of
 * them, maybe 0), for a chart with columns and marks (ncols > 0, nmarks >
 * 0).  A malloc'ed array, or NULL when out of memory. */
struct hb_image_mark *hb_image_place_marks(const struct hb_image_layout *lay,
                                           const struct hb_chart *chart,
                                           size_t *n);

#endif
