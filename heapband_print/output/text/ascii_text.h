/* ascii_text.h -- the parts of the text chart that ascii.c (charts of one
 * file, and the heatmap and axes of every chart) and ascii_diff.c (what a
 * difference chart adds) share.  Internal to those two files.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Invariant: these functions read only the drawing's chart and options and
 * write only to its `out`.  Cost: each is one pass over what it draws.
 */
#ifndef HEAPBAND_PRINT_ASCII_TEXT_H
#define HEAPBAND_PRINT_ASCII_TEXT_H

#include <stdint.h>
#include <stdio.h>

#include "ascii.h"
#include "chart.h"

#define AXIS_GAP 2            /* " |" between the labels and the plot */
/* A difference chart's cell after the shorter run's end. */
#define HB_TEXT_ENDED_GLYPH "/"

/* One chart being drawn. */
struct hb_text_drawing {
    FILE *out;
    const struct hb_chart *ch;
    const struct hb_ascii_opts *o;
    size_t gutter;            /* label width, without AXIS_GAP */
    size_t plot;              /* characters of the plot, >= ncols */
    const char *const *shades;
    int nshades;              /* not counting the blank */
    const char *const *less;  /* difference charts: shades of less */
    int xterm[9];             /* 256 colours: shade i's index, xterm[i-1] */
    int fold;                 /* fold runs of empty rows into one line */
};

/* The shades and the column width for the chart and the options. */
void hb_text_setup(struct hb_text_drawing *d);

/* The characters chart column j is drawn over in the plot (at least 1). */
size_t hb_text_col_w(const struct hb_text_drawing *d, size_t j);

/* The chart's title line and the run's summary in at most two more lines. */
void hb_text_summary(const struct hb_text_drawing *d);

/* Marks grouped by name: group[i] for mark i (group 0 is the name of the
 * first mark); returns the number of groups. */
size_t hb_text_mark_groups(const struct hb_chart *ch, size_t *group);

/* The symbol of a group over the axis: 1-9, a-z, then '*'. */
char hb_text_mark_symbol(size_t g);

/* The marks' legend in at most 3 lines: "1 NAME xN t=A-B" per group, and
 * what a '*' (marks of several groups in one column) holds. */
void hb_text_mark_legend(const struct hb_text_drawing *d,
                         const size_t *group, size_t ngroups,
                         const char *shared);

/* s n times. */
void hb_text_repeat(FILE *out, const char *s, size_t n);

/* The lines, of h, that a heap graph's value v takes against top: rounded,
 * so that a drop of a few percent still shows; a value that is not 0 gets
 * at least one line. */
int hb_text_graph_lines(double v, double top, int h);

/* The heap graph's marks of the footprint and of the other anonymous
 * memory (--allocator=program): no shade of any chart uses them. */
const char *hb_text_foot_mark(const struct hb_ascii_opts *o);
const char *hb_text_anon_mark(const struct hb_ascii_opts *o);

/* The row label (or y-axis label) right-aligned, then the axis. */
void hb_text_left_margin(const struct hb_text_drawing *d, const char *label,
                         const char *axis);

/* The background colour of shade (negative: less, in a difference
 * chart). */
void hb_text_start_colour(const struct hb_text_drawing *d, int shade);

/* A value as the axis and the rows write it: "15.3K" for bytes, "1.5k"
 * for counts (one unit everywhere in the chart, the diff's too). */
void hb_text_format_value(const struct hb_text_drawing *d, char *buf,
                          size_t len, double v);

/* The values shade i (1..nshades) stands for, (lo, hi]; on a chart of
 * whole values, the whole numbers in it, (floor(lo), floor(hi)].  Returns
 * 0 when no whole value falls in the shade (a legend leaves it out). */
int hb_text_shade_bounds(const struct hb_text_drawing *d, int i, double *lo,
                         double *hi);

/* The heatmap, largest band on top; a horizontal axis (marks: NULL, or
 * per character 0 a dash, 1 a tick, else a character); the time axis
 * with its labels and the phase marks. */
void hb_text_heatmap(const struct hb_text_drawing *d);
void hb_text_axis_line(const struct hb_text_drawing *d, const char *label,
                       const char *marks);
void hb_text_x_axis(const struct hb_text_drawing *d);

#endif
