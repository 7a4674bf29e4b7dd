/* ascii.c -- draw a struct hb_chart as text: see ascii.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Layout, top to bottom: a header with the run's figures; for time charts
 * the total heap as a bar graph sharing the heatmap's columns; the heatmap
 * with the largest band on top; the x axis with tick labels; the legend
 * saying which values each shade stands for.  Every chart column is drawn
 * `cw` characters wide, the largest whole number that fits the width.  In
 * a chart of one file a run of two or more empty rows is one line marked
 * '~' (ascii_fit.c chooses the rows so that the whole chart fits).
 *
 * A difference chart (chart->diverging, heapband_print --diff) has signed
 * cells: one that grew is drawn with '+' '*' '#' '@', one that shrank with
 * '-' '=' 'x' 'X' (four steps of |change| / vmax on the chosen scale, the
 * same steps on both sides of zero), an unchanged one or noise
 * (chart->diff.noise) blank; with colours, the diverging palette's blue
 * and red.  A column after the shorter run's end shows the longer run's
 * cells as '/' (grey), not as changes.  The rest of a difference chart
 * (its heap graph, header and legend) is ascii_diff.c's; the parts both
 * share are in ascii_text.h.
 *
 * Invariant: it reads only the chart and the options, and writes only to
 * `out`.  Cost: one pass over the cells.
 */
#include "ascii.h"
#include "band_merge.h"
#include "ascii_text.h"
#include "leaks.h"
#include "palette.h"
#include "units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define TICK_SPACING 10       /* characters between time ticks, at least */

static const char *const ascii_shades[] = {
    " ", ".", ":", "-", "=", "+", "*", "#", "%", "@"
};
static const char *const unicode_shades[] = {
    " ", "\u2591", "\u2592", "\u2593", "\u2588"
};
/* Difference charts: more, and less (index: the step, 1..DIFF_STEPS). */
#define DIFF_STEPS 4
static const char *const more_shades[] = { " ", "+", "*", "#", "@" };
static const char *const less_shades[] = { " ", "-", "=", "x", "X" };
/* Cells after the shorter run's end, and their colour. */
static const unsigned char ended_rgb[3] = { 190, 190, 190 };

/* ----------------------------------------------------------------- layout */

static void format_value(const struct hb_text_drawing *d, char *buf,
                         size_t len, double v)
{
    if (d->ch->value_is_bytes)
        hb_format_size(buf, len, v);
    else
        hb_format_count(buf, len, v);
}

size_t hb_ascii_gutter(const struct hb_chart *ch)
{
    size_t g = 1;
    for (size_t r = 0; r < ch->nrows; r++)
        if (strlen(ch->row_labels[r]) > g)
            g = strlen(ch->row_labels[r]);
    if (ch->line != NULL) {
        char buf[32];
        hb_format_size(buf, sizeof buf, ch->line_max);
        if (strlen(buf) > g)
            g = strlen(buf);
    }
    return g;
}

size_t hb_ascii_plot_width(int width, size_t gutter)
{
    long w = (long)width - (long)gutter - AXIS_GAP;
    return w < 1 ? 1 : (size_t)w;
}

void hb_text_repeat(FILE *out, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        fputs(s, out);
}

/* The row label (or y-axis label) right-aligned, then the axis. */
void hb_text_left_margin(const struct hb_text_drawing *d, const char *label,
                         const char *axis)
{
    fprintf(d->out, "%*s %s", (int)d->gutter, label, axis);
}

/* ----------------------------------------------------------------- header */

static const char *plural(uint64_t n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

/* "1000 (1k)", or just "500" when the short form says the same. */
void hb_text_exact_and_short(char *buf, size_t len, uint64_t v,
                             const char *unit)
{
    char shortform[32], exact[32];
    hb_format_time(shortform, sizeof shortform, (double)v, unit);
    snprintf(exact, sizeof exact, "%llu", (unsigned long long)v);
    if (strcmp(exact, shortform) == 0)
        snprintf(buf, len, "%s", exact);
    else
        snprintf(buf, len, "%s (%s)", exact, shortform);
}

/* Version 4, --allocator=program: the footprint, its fragmentation and
 * the slop (docs/heapband-format.md, the footprint line). */
static void print_memory(const struct hb_text_drawing *d)
{
    const struct hb_run_summary *f = &d->ch->run;
    char t[80];
    hb_text_exact_and_short(t, sizeof t, f->foot_peak_t, d->ch->time_unit);
    fprintf(d->out, "footprint: %llu bytes at most, at t=%s; %llu at exit\n",
            (unsigned long long)f->foot_peak, t,
            (unsigned long long)f->foot_exit);
    fprintf(d->out, "fragmentation at the peak footprint: %llu bytes; slop "
            "at exit: %llu bytes\n", (unsigned long long)f->fragmentation_peak,
            (unsigned long long)f->slop_exit);
    fprintf(d->out, "other anonymous memory: %llu bytes at most\n",
            (unsigned long long)f->anon_peak);
}

static void print_header(const struct hb_text_drawing *d)
{
    const struct hb_chart *ch = d->ch;
    const struct hb_run_summary *f = &ch->run;
    const char *u = ch->time_unit;
    char a[80], b[80];

    /* A long command is cut to the width: the header stays one line. */
    int head = snprintf(a, sizeof a, "heapband %s chart of: ", ch->chart_name);
    int room = d->o->width - head, len = (int)strlen(f->cmd);
    if (room < 4)
        room = 4;
    if (len <= room)
        fprintf(d->out, "%s%s\n", a, f->cmd);
    else
        fprintf(d->out, "%s%.*s...\n", a, room - 3, f->cmd);
    hb_text_exact_and_short(a, sizeof a, f->end_time, u);
    fprintf(d->out, "time unit: %s; run length %s; %llu stored column%s of "
            "%llu\n", u, a, (unsigned long long)f->stored_cols,
            plural(f->stored_cols, "", "s"), (unsigned long long)f->col_width);
    fprintf(d->out, "allocated: %llu block%s, %llu bytes; freed: %llu block%s, "
            "%llu bytes\n", (unsigned long long)f->total_allocs,
            plural(f->total_allocs, "", "s"),
            (unsigned long long)f->total_alloc_bytes,
            (unsigned long long)f->total_frees,
            plural(f->total_frees, "", "s"),
            (unsigned long long)f->total_free_bytes);
    char exact[32];
    snprintf(exact, sizeof exact, "%llu", (unsigned long long)f->peak_bytes);
    hb_format_size(a, sizeof a, (double)f->peak_bytes);
    hb_text_exact_and_short(b, sizeof b, f->peak_t_reached, u);
    fprintf(d->out, "peak: %s bytes%s%s%s in %llu block%s at t=%s\n", exact,
            strcmp(a, exact) ? " (" : "", strcmp(a, exact) ? a : "",
            strcmp(a, exact) ? ")" : "", (unsigned long long)f->peak_blocks,
            plural(f->peak_blocks, "", "s"), b);
    fprintf(d->out, "live at exit: %llu bytes in %llu block%s; unknown frees: "
            "%llu\n", (unsigned long long)f->exit_bytes,
            (unsigned long long)f->exit_blocks,
            plural(f->exit_blocks, "", "s"),
            (unsigned long long)f->unknown_frees);
    if (f->leak_kinds)
        hb_leaks_print_kinds(d->out, f->exit_bytes, f->exit_blocks,
                             &f->exit_lost);
    if (f->marks_dropped > 0)
        fprintf(d->out, "marks dropped past the tool's cap: %llu\n",
                (unsigned long long)f->marks_dropped);
    if (f->has_memory)
        print_memory(d);
}

static void print_mapping(const struct hb_text_drawing *d)
{
    const struct hb_chart *ch = d->ch;
    uint64_t k = ch->stored_per_col;
    static const char *const scales[] = { "linear", "sqrt", "log" };
    if (ch->col_labels == NULL) {
        fprintf(d->out, "cell: %s; column: %llu stored column%s (%llu %s); "
                "t=%llu..%llu\n", ch->value_label,
                (unsigned long long)k, k == 1 ? "" : "s",
                (unsigned long long)(k * ch->run.col_width),
                ch->time_unit, (unsigned long long)ch->x_start[0],
                (unsigned long long)ch->x_end[ch->ncols - 1]);
    } else {
        fprintf(d->out, "cell: %s;\ncolumn: blocks by lifetime L, "
                "2^(k-1) <= L < 2^k (bucket k)\n", ch->value_label);
    }
    fprintf(d->out, "rows: %s to %s", ch->row_labels[0],
            ch->row_labels[ch->nrows - 1]);
    /* What one row holds: its sizes, and how many of the file's bands. */
    if (ch->row_step > 0) {
        unsigned merged = ch->row_step / ch->file_step;
        fprintf(d->out, ", %s each", hb_band_step_words(ch->row_step));
        if (merged > 1)
            fprintf(d->out, " (%u bands)", merged);
    }
    fprintf(d->out, "; shading: %s scale\n", scales[d->o->scale]);
}

/* ------------------------------------------------------------- heap graph */

/* The number of graph lines, of h, that value v takes against top: rounded,
 * so that a drop of a few percent still shows; a value that is not 0 gets
 * at least one line. */
static int graph_lines(double v, double top, int h)
{
    int lines = v > 0 && top > 0 ? (int)floor(v / top * h + 0.5) : 0;
    return v > 0 && lines < 1 ? 1 : lines;
}

/* Column j's heights in lines: the live heap, then (with the program's
 * allocator) its footprint and the other anonymous memory stacked on it. */
static void graph_heights(const struct hb_chart *ch, size_t j, double top,
                          int h, int *live, int *foot, int *anon)
{
    double v = ch->line[j];
    *live = *foot = *anon = graph_lines(v, top, h);
    if (ch->foot_line == NULL)
        return;
    double fv = ch->foot_line[j] > v ? ch->foot_line[j] : v;
    *foot = graph_lines(fv, top, h);
    *anon = graph_lines(fv + ch->anon_line[j], top, h);
}

static void print_heap_graph(const struct hb_text_drawing *d)
{
    const struct hb_chart *ch = d->ch;
    int h = d->o->graph_height;
    double gtop = hb_chart_graph_top(ch);
    char top[32];
    hb_format_size(top, sizeof top, gtop);
    const char *bar = d->o->unicode ? "\u2592" : ":";
    const char *peak = d->o->unicode ? "\u2588" : "#";
    const char *foot = d->o->unicode ? "\u2591" : "+";
    const char *anon = ".";

    if (ch->foot_line == NULL)
        fprintf(d->out, "total heap (largest in each column), %s = peak:\n",
                peak);
    else
        fprintf(d->out, "total heap (largest in each column), %s = peak, "
                "%s = footprint, %s = other anon:\n", peak, foot, anon);
    for (int y = h; y >= 1; y--) {
        hb_text_left_margin(d, y == h ? top : "",
                            d->o->unicode ? "\u2502" : "|");
        for (size_t j = 0; j < ch->ncols; j++) {
            int live, fl, al;
            graph_heights(ch, j, gtop, h, &live, &fl, &al);
            const char *s = live >= y
                            ? ((int)j == ch->line_peak_col ? peak : bar)
                            : fl >= y ? foot : al >= y ? anon : " ";
            hb_text_repeat(d->out, s, d->cw);
        }
        fputc('\n', d->out);
    }
}

/* ---------------------------------------------------------------- heatmap */

/* The shade of value v: 0 (blank) to nshades; negative for a cell of a
 * difference chart that shrank. */
static int shade_index(const struct hb_text_drawing *d, double v)
{
    if (d->ch->diverging && v < 0)
        return -shade_index(d, -v);
    double s = hb_scale_value(v, d->ch->vmax, d->o->scale);
    if (s <= 0)
        return 0;
    int i = (int)ceil(s * d->nshades - 1e-9);
    return i < 1 ? 1 : i > d->nshades ? d->nshades : i;
}

void hb_text_start_colour(const struct hb_text_drawing *d, int shade)
{
    /* 256 colours: the legend's distinct indices (hb_text_setup). */
    if (d->o->color == HB_COLOR_256 && !d->ch->diverging) {
        fprintf(d->out, "\033[48;5;%dm", d->xterm[shade - 1]);
        return;
    }
    unsigned char rgb[3];
    if (d->ch->diverging)
        hb_palette_diverging_cell_rgb8((double)shade / d->nshades, rgb);
    else
        hb_palette_rgb8(d->o->palette, (double)shade / d->nshades, rgb);
    hb_text_start_rgb(d, rgb);
}

static void print_cell(const struct hb_text_drawing *d, int shade)
{
    if (d->o->color == HB_COLOR_NONE || shade == 0) {
        hb_text_repeat(d->out, shade < 0 ? d->less[-shade] : d->shades[shade],
                       d->cw);
        return;
    }
    hb_text_start_colour(d, shade);
    hb_text_repeat(d->out, " ", d->cw);
    fputs("\033[0m", d->out);
}

void hb_text_start_rgb(const struct hb_text_drawing *d,
                       const unsigned char rgb[3])
{
    if (d->o->color == HB_COLOR_TRUE)
        fprintf(d->out, "\033[48;2;%d;%d;%dm", rgb[0], rgb[1], rgb[2]);
    else
        fprintf(d->out, "\033[48;5;%dm", hb_palette_xterm256(rgb));
}

/* A difference chart's cell after the shorter run's end: '/' (grey) where
 * the longer run has a value. */
static void print_ended_cell(const struct hb_text_drawing *d, double v)
{
    if (v == 0 || d->o->color == HB_COLOR_NONE) {
        hb_text_repeat(d->out, v == 0 ? " " : HB_TEXT_ENDED_GLYPH, d->cw);
        return;
    }
    hb_text_start_rgb(d, ended_rgb);
    hb_text_repeat(d->out, " ", d->cw);
    fputs("\033[0m", d->out);
}

/* Rows top .. bottom (top > bottom), all empty, as one marked line:
 * "~ 128-4K: empty (5 rows)", cut to the plot's width. */
static void print_fold(const struct hb_text_drawing *d, size_t top,
                       size_t bottom)
{
    char range[64], text[128];
    hb_format_band(range, sizeof range, d->ch->row_lo[bottom],
                   d->ch->row_hi[top]);
    int n = snprintf(text, sizeof text, "%s: empty (%zu rows)", range,
                     top - bottom + 1);
    int room = (int)(d->ch->ncols * d->cw) - 1;
    hb_text_left_margin(d, "", "~ ");
    fprintf(d->out, "%.*s\n", n < room ? n : room, text);
}

void hb_text_heatmap(const struct hb_text_drawing *d)
{
    const struct hb_chart *ch = d->ch;
    if (ch->line == NULL)
        fputc('\n', d->out);
    for (size_t r = ch->nrows; r-- > 0;) {
        size_t bottom = r;
        while (d->fold && bottom > 0 && hb_chart_row_empty(ch, bottom)
               && hb_chart_row_empty(ch, bottom - 1))
            bottom--;
        if (bottom < r) {
            print_fold(d, r, bottom);
            r = bottom;
            continue;
        }
        hb_text_left_margin(d, ch->row_labels[r],
                            d->o->unicode ? "\u2502" : "|");
        const double *row = hb_chart_row(ch, r);
        for (size_t j = 0; j < ch->ncols; j++) {
            size_t i = r * ch->ncols + j;
            if (ch->diverging && ch->diff.ended[j] != HB_ENDED_NONE)
                print_ended_cell(d, row[j]);
            else if (ch->diverging && ch->diff.noise[i])
                print_cell(d, 0);
            else
                print_cell(d, shade_index(d, row[j]));
        }
        fputc('\n', d->out);
    }
}

/* ----------------------------------------------------------------- x axis */

/* The horizontal axis: under the heap graph (with "0") and the heatmap.
 * marks[i] (when given) is 0 for a dash, 1 for a tick, or a character to
 * draw there (a phase mark's symbol). */
void hb_text_axis_line(const struct hb_text_drawing *d, const char *label,
                       const char *marks)
{
    const char *dash = d->o->unicode ? "\u2500" : "-";
    hb_text_left_margin(d, label, !d->o->unicode ? "+"
                                  : *label ? "\u253c" : "\u2514");
    size_t n = d->ch->ncols * d->cw;
    for (size_t i = 0; i < n; i++) {
        char m = marks != NULL ? marks[i] : 0;
        if (m > 1)
            fputc(m, d->out);
        else
            fputs(m == 1 ? (d->o->unicode ? "\u2534" : "+") : dash, d->out);
    }
    fputc('\n', d->out);
}

static void column_label(const struct hb_text_drawing *d, size_t j, char *buf,
                         size_t len)
{
    if (d->ch->col_labels != NULL)
        snprintf(buf, len, "%s", d->ch->col_labels[j]);
    else
        hb_format_time(buf, len, (double)d->ch->x_start[j],
                       d->ch->time_unit);
}

/* The symbol of phase mark i: 1-9, then a-z, then '*'. */
static char mark_symbol(size_t i)
{
    static const char symbols[] = "123456789abcdefghijklmnopqrstuvwxyz";
    return i < sizeof symbols - 1 ? symbols[i] : '*';
}

/* Put tick label `j` at its column if it does not overlap the previous one
 * nor run past the line. */
static void place_label(const struct hb_text_drawing *d, size_t j, char *line,
                        char *marks, size_t room, size_t *next_free,
                        size_t *last)
{
    char buf[40];
    size_t pos = j * d->cw;
    column_label(d, j, buf, sizeof buf);
    size_t len = strlen(buf);
    if (pos < *next_free || pos + len > room)
        return;
    memcpy(line + pos, buf, len);
    marks[pos] = pos > 0;   /* the corner marks position 0 */
    *next_free = pos + len + 1;
    *last = pos + len;
}

/* Tick labels at the left edge of every t-th column, t a power of two
 * spacing them at least TICK_SPACING characters apart (6 for lifetime
 * buckets, whose last column, "never", is always labelled when it fits);
 * phase marks as their symbols on the axis, listed under it. */
void hb_text_x_axis(const struct hb_text_drawing *d)
{
    const struct hb_chart *ch = d->ch;
    size_t plot = ch->ncols * d->cw, room = plot + 8;
    size_t step = 1;
    while (step * d->cw < (ch->col_labels ? 6u : TICK_SPACING)
           && step < ch->ncols)
        step *= 2;
    char *line = calloc(room + 1, 1), *marks = calloc(plot + 1, 1);
    if (line == NULL || marks == NULL) {
        free(line);
        free(marks);
        return;
    }
    memset(line, ' ', room);
    size_t next_free = 0, last = 0;
    for (size_t j = 0; j < ch->ncols; j += step) {
        if (ch->col_labels != NULL && j + step >= ch->ncols && j + 1 < ch->ncols)
            break;            /* leave room for "never" */
        place_label(d, j, line, marks, room, &next_free, &last);
    }
    if (ch->col_labels != NULL)
        place_label(d, ch->ncols - 1, line, marks, room, &next_free, &last);
    for (size_t i = 0; i < ch->nmarks; i++) {   /* the first mark wins */
        size_t pos = hb_chart_col_of_time(ch, ch->marks[i].time) * d->cw;
        if (marks[pos] <= 1)
            marks[pos] = mark_symbol(i);
    }
    hb_text_axis_line(d, "", marks);
    line[last] = '\0';
    fprintf(d->out, "%*s %s\n", (int)d->gutter, "", line);
    fprintf(d->out, "%*s %s\n", (int)d->gutter, "", ch->x_label);
    for (size_t i = 0; i < ch->nmarks; i++) {
        char t[80], head[120];
        hb_text_exact_and_short(t, sizeof t, ch->marks[i].time, ch->time_unit);
        int n = snprintf(head, sizeof head, "%*s %c: mark at t=%s: ",
                         (int)d->gutter, "", mark_symbol(i), t);
        /* A long name (up to 200 bytes) is cut to the width. */
        int fits = d->o->width - n, len = (int)strlen(ch->marks[i].name);
        if (fits < 4)
            fits = 4;
        if (len <= fits)
            fprintf(d->out, "%s%s\n", head, ch->marks[i].name);
        else
            fprintf(d->out, "%s%.*s...\n", head, fits - 3, ch->marks[i].name);
    }
    free(line);
    free(marks);
}

/* ----------------------------------------------------------------- legend */

/* The value at which the scale reaches s (the inverse of hb_scale_value). */
static double unscale(const struct hb_text_drawing *d, double s)
{
    double vmax = d->ch->vmax;
    switch (d->o->scale) {
    case HB_SCALE_SQRT: return s * s * vmax;
    case HB_SCALE_LOG:  return expm1(s * log1p(vmax));
    default:            return s * vmax;
    }
}

/* The whole numbers in (lo, hi]: "A" or "A<sep>B" after prefix, each with
 * the sign (a difference chart's "+" or "-", else ""); -1 when there is
 * none. */
static int whole_range(const struct hb_text_drawing *d, double lo, double hi,
                       const char *prefix, const char *sign, const char *sep,
                       char *buf, size_t len)
{
    char a[32], b[32];
    double first = floor(lo) + 1, last = floor(hi + 1e-9);
    if (first > last)
        return -1;
    format_value(d, a, sizeof a, first);
    format_value(d, b, sizeof b, last);
    if (first == last || strcmp(a, b) == 0)
        snprintf(buf, len, "%s%s%s", prefix, sign, b);
    else
        snprintf(buf, len, "%s%s%s%s%s%s", prefix, sign, a, sep, sign, b);
    return 0;
}

/* The values shade i (1..nshades) stands for, (lo, hi]. */
void hb_text_shade_bounds(const struct hb_text_drawing *d, int i, double *lo,
                          double *hi)
{
    *lo = unscale(d, (double)(i - 1) / d->nshades);
    /* No rounding error at the top. */
    *hi = i == d->nshades ? d->ch->vmax : unscale(d, (double)i / d->nshades);
}

/* " LO-HI": the values shade i stands for, (LO, HI].  Whole-number charts
 * (counts, bytes summed) give the whole numbers in it, "A-B" or "A"; -1 when
 * there is none. */
static int legend_item(const struct hb_text_drawing *d, int i, char *buf,
                       size_t len)
{
    double lo, hi;
    char a[32], b[32];
    hb_text_shade_bounds(d, i, &lo, &hi);
    if (d->ch->values_are_whole)
        return whole_range(d, lo, hi, " ", "", "-", buf, len);
    format_value(d, a, sizeof a, lo);
    format_value(d, b, sizeof b, hi);
    snprintf(buf, len, " %s-%s", a, b);
    return 0;
}

static void print_legend(const struct hb_text_drawing *d)
{
    if (!(d->ch->vmax > 0)) {
        fprintf(d->out, "legend: every cell is empty\n");
        return;
    }
    size_t col = (size_t)fprintf(d->out, "legend (%s):", d->ch->value_label);
    for (int i = 1; i <= d->nshades; i++) {
        char item[80];
        if (legend_item(d, i, item, sizeof item) < 0)
            continue;         /* no whole value falls in this shade */
        int n = (int)strlen(item);
        size_t width = (size_t)n + 4;    /* " 'x'" + item */
        if (col + width > (size_t)d->o->width) {
            fputs("\n ", d->out);
            col = 1;
        }
        fputs(" ", d->out);
        if (d->o->color != HB_COLOR_NONE) {
            hb_text_start_colour(d, i);
            fputs("  \033[0m", d->out);
        } else {
            fprintf(d->out, "'%s'", d->shades[i]);
        }
        fputs(item, d->out);
        col += width;
    }
    fputc('\n', d->out);
}

/* ------------------------------------------------------------------ entry */

void hb_text_setup(struct hb_text_drawing *d)
{
    if (d->ch->diverging) {
        d->shades = more_shades;
        d->less = less_shades;
        d->nshades = DIFF_STEPS;
    } else if (d->o->unicode) {
        d->shades = unicode_shades;
        d->nshades = 4;
    }
    if (!d->ch->diverging && d->o->color == HB_COLOR_256)
        hb_palette_xterm256_ramp(d->o->palette, d->nshades, d->xterm);
    size_t plot = hb_ascii_plot_width(d->o->width, d->gutter);
    if (d->ch->ncols > 0 && plot / d->ch->ncols > 1)
        d->cw = plot / d->ch->ncols;
}

void hb_ascii_render(FILE *out, const struct hb_chart *ch,
                     const struct hb_ascii_opts *o)
{
    struct hb_text_drawing d = {
        .out = out, .ch = ch, .o = o, .gutter = hb_ascii_gutter(ch), .cw = 1,
        .shades = ascii_shades, .nshades = 9, .less = NULL, .xterm = { 0 },
        .fold = 1
    };
    hb_text_setup(&d);
    print_header(&d);
    print_mapping(&d);
    if (ch->line != NULL) {
        print_heap_graph(&d);
        hb_text_axis_line(&d, "0", NULL);
    }
    hb_text_heatmap(&d);
    hb_text_x_axis(&d);
    print_legend(&d);
}
