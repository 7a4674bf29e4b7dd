/* ascii.h -- the chart in a terminal: header, heap graph, heatmap, axes,
 * legend; plain ASCII shades or ANSI colours.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Reads only the chart (chart.h) and these options; writes to `out`.
 */
#ifndef HEAPBAND_PRINT_ASCII_H
#define HEAPBAND_PRINT_ASCII_H

#include <stdio.h>

#include "chart.h"
#include "palette.h"

/* How the text chart shows shades: characters only, or background colours
 * of the xterm 256-colour cube, or 24-bit colours. */
enum hb_color_mode { HB_COLOR_NONE, HB_COLOR_256, HB_COLOR_TRUE };

struct hb_ascii_opts {
    int width;                 /* characters per line */
    int graph_height;          /* lines of the heap graph */
    enum hb_color_mode color;
    int unicode;               /* block shades and box drawing */
    enum hb_scale scale;
    enum hb_palette palette;
};

/* Characters left of the plot area (row labels and the axis). */
size_t hb_ascii_gutter(const struct hb_chart *chart);

/* Chart columns that fit in `width` characters with this gutter. */
size_t hb_ascii_plot_width(int width, size_t gutter);

/* A chart of one file: the run's figures, the mapping of columns, the heap
 * graph (time charts), the heatmap, the axis with the marks, the legend. */
void hb_ascii_render(FILE *out, const struct hb_chart *chart,
                     const struct hb_ascii_opts *opts);

/* A difference chart (chart->diverging, from hb_diff_chart_build in
 * diff_chart.h): what its cells hold, the heatmap, the time axis with the
 * marks and the legend; no file header (the diff report is that). */
void hb_ascii_render_diff(FILE *out, const struct hb_chart *chart,
                          const struct hb_ascii_opts *opts);

#endif
