/* ascii.h -- the chart in a terminal: header, heap graph, heatmap, axes,
 * legend; plain ASCII shades or ANSI colours. */
#ifndef HEAPBAND_PRINT_ASCII_H
#define HEAPBAND_PRINT_ASCII_H

#include <stdio.h>

#include "chartbuild.h"
#include "selection.h"

struct hb_ascii_opts {
    int width;                 /* characters per line */
    int graph_height;          /* lines of the heap graph */
    enum hb_color_mode color;
    int unicode;               /* block shades and box drawing */
    enum hb_scale scale;
    enum hb_palette palette;
    int values_are_bytes;      /* format cell values as sizes */
    int whole_values;          /* cells hold whole numbers (sums of counts) */
};

/* Characters left of the plot area (row labels and the axis). */
size_t hb_ascii_gutter(const struct hb_chart *chart);

/* Chart columns that fit in `width` characters with this gutter. */
size_t hb_ascii_plot_width(int width, size_t gutter);

void hb_ascii_render(FILE *out, const struct hb_file *f,
                     const struct hb_chart *chart,
                     const struct hb_chart_map *map,
                     const struct hb_ascii_opts *opts);

/* A difference chart (chart->diverging, from hb_diff_chart_build in
 * diff.h): what its cells hold, the heatmap, the time axis with the marks
 * and the legend; no file header (the diff report is that). */
void hb_ascii_render_diff(FILE *out, const struct hb_chart *chart,
                          const struct hb_chart_map *map,
                          const struct hb_ascii_opts *opts);

#endif
