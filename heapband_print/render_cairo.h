/* render_cairo.h -- the geometry of heapband_print's PNG and SVG charts.
 *
 * hb_render_image() (chart.h) draws a chart; the functions here say where
 * it draws what, so that tests can check exact pixels.  The layout depends
 * only on the image size, on the chart's shape (rows, columns, whether it
 * has a heap line) and on the length in characters of its row labels -- not
 * on font metrics -- so it is the same on every machine.
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
 */
#ifndef HEAPBAND_PRINT_RENDER_CAIRO_H
#define HEAPBAND_PRINT_RENDER_CAIRO_H

#include "chart.h"

/* The largest width and height accepted, in pixels or points. */
#define HB_IMAGE_MAX_SIDE 8192

struct hb_image_rect {
    int x, y, w, h;             /* top-left corner and size, in pixels */
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

/* The pixel at the centre of the heap line's vertex for column c: the line
 * is drawn through the centres of these pixels.  Returns -1 when the chart
 * has no line or c is out of range. */
int hb_image_line_pixel(const struct hb_image_layout *lay,
                        const struct hb_chart *chart, size_t c,
                        int *x, int *y);

#endif
