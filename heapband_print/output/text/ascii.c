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
 * saying which values each shade stands for.  The chart's columns share
 * the plot's width, each over one or more whole characters.  In
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

void hb_text_format_value(const struct hb_text_drawing *d, char *buf,
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
        hb_format_size(buf, sizeof buf, hb_chart_graph_top(ch));
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

/* ------------------------------------------------------------- heap graph */

int hb_text_graph_lines(double v, double top, int h)
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
    *live = *foot = *anon = hb_text_graph_lines(v, top, h);
    if (ch->foot_line == NULL)
        return;
    double fv = ch->foot_line[j] > v ? ch->foot_line[j] : v;
    *foot = hb_text_graph_lines(fv, top, h);
    *anon = hb_text_graph_lines(fv + ch->anon_line[j], top, h);
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
    const char *foot = hb_text_foot_mark(d->o);
    const char *anon = hb_text_anon_mark(d->o);

    for (int y = h; y >= 1; y--) {
        hb_text_left_margin(d, y == h ? top : "",
                            d->o->unicode ? "\u2502" : "|");
        for (size_t j = 0; j < ch->ncols; j++) {
            int live, fl, al;
            graph_heights(ch, j, gtop, h, &live, &fl, &al);
            const char *s = live >= y
                            ? ((int)j == ch->line_peak_col ? peak : bar)
                            : fl >= y ? foot : al >= y ? anon : " ";
            hb_text_repeat(d->out, s, hb_text_col_w(d, j));
        }
        fputc('\n', d->out);
    }
}

/* The heap graph's marks of the footprint and of the other anonymous
 * memory: characters that no shade of the heat map (above), of a
 * difference chart, of its ended cells or of the axes uses, so that the
 * legend's ramp never names them. */
const char *hb_text_foot_mark(const struct hb_ascii_opts *o)
{
    return o->unicode ? "\u2571" : "^";
}

const char *hb_text_anon_mark(const struct hb_ascii_opts *o)
{
    return o->unicode ? "\u00b7" : "'";
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

/* The background colour rgb: itself, or the nearest of the xterm's 256. */
static void start_rgb(const struct hb_text_drawing *d,
                      const unsigned char rgb[3])
{
    if (d->o->color == HB_COLOR_TRUE)
        fprintf(d->out, "\033[48;2;%d;%d;%dm", rgb[0], rgb[1], rgb[2]);
    else
        fprintf(d->out, "\033[48;5;%dm", hb_palette_xterm256(rgb));
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
    start_rgb(d, rgb);
}

/* w blanks on the background colour just started, then the colour off. */
static void print_blanks(const struct hb_text_drawing *d, size_t w)
{
    hb_text_repeat(d->out, " ", w);
    fputs("\033[0m", d->out);
}

static void print_cell(const struct hb_text_drawing *d, int shade, size_t w)
{
    if (d->o->color == HB_COLOR_NONE || shade == 0) {
        hb_text_repeat(d->out, shade < 0 ? d->less[-shade] : d->shades[shade],
                       w);
        return;
    }
    hb_text_start_colour(d, shade);
    print_blanks(d, w);
}

/* A difference chart's cell after the shorter run's end: '/' (grey) where
 * the longer run has a value. */
static void print_ended_cell(const struct hb_text_drawing *d, double v,
                             size_t w)
{
    if (v == 0 || d->o->color == HB_COLOR_NONE) {
        hb_text_repeat(d->out, v == 0 ? " " : HB_TEXT_ENDED_GLYPH, w);
        return;
    }
    start_rgb(d, ended_rgb);
    print_blanks(d, w);
}

/* Rows top .. bottom (top > bottom), all empty, as one marked line:
 * "~ 128-4K: empty (5 rows)", cut to the plot's width. */
static void print_fold(const struct hb_text_drawing *d, size_t top,
                       size_t bottom)
{
    char range[64], text[128];
    hb_format_band(range, sizeof range, d->ch->row_lo[bottom],
                   d->ch->row_hi[top]);
    int n = snprintf(text, sizeof text, "%s: %s (%zu rows)", range,
                     d->ch->diverging ? "no change" : "empty",
                     top - bottom + 1);
    int room = (int)d->plot - 1;
    hb_text_left_margin(d, "", "~ ");
    fprintf(d->out, "%.*s\n", n < room ? n : room, text);
}

/* Is every cell of row r drawn blank?  In a difference chart: no change
 * or noise, and no cell of the longer run after the shorter's end. */
static int row_blank(const struct hb_chart *ch, size_t r)
{
    if (!ch->diverging)
        return hb_chart_row_empty(ch, r);
    const double *row = hb_chart_row(ch, r);
    for (size_t j = 0; j < ch->ncols; j++)
        if (row[j] != 0 && (ch->diff.ended[j] != HB_ENDED_NONE
                            || !ch->diff.noise[r * ch->ncols + j]))
            return 0;
    return 1;
}

void hb_text_heatmap(const struct hb_text_drawing *d)
{
    const struct hb_chart *ch = d->ch;
    if (ch->line == NULL)
        fputc('\n', d->out);
    for (size_t r = ch->nrows; r-- > 0;) {
        size_t bottom = r;
        while (d->fold && bottom > 0 && row_blank(ch, bottom)
               && row_blank(ch, bottom - 1))
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
            size_t i = r * ch->ncols + j, w = hb_text_col_w(d, j);
            if (ch->diverging && ch->diff.ended[j] != HB_ENDED_NONE)
                print_ended_cell(d, row[j], w);
            else if (ch->diverging && ch->diff.noise[i])
                print_cell(d, 0, w);
            else
                print_cell(d, shade_index(d, row[j]), w);
        }
        fputc('\n', d->out);
    }
}

/* ----------------------------------------------------------------- x axis */

/* The first character of chart column j in the plot (j = ncols: the
 * plot's width). */
static size_t col_x(const struct hb_text_drawing *d, size_t j)
{
    size_t n = d->ch->ncols;
    if (j >= n)
        return d->plot;
    return n > 0 ? (size_t)((unsigned long long)j * d->plot / n) : 0;
}

/* The horizontal axis: under the heap graph (with "0") and the heatmap.
 * marks[i] (when given) is 0 for a dash, 1 for a tick, or a character to
 * draw there (a phase mark's symbol). */
void hb_text_axis_line(const struct hb_text_drawing *d, const char *label,
                       const char *marks)
{
    const char *dash = d->o->unicode ? "\u2500" : "-";
    hb_text_left_margin(d, label, !d->o->unicode ? "+"
                                  : *label ? "\u253c" : "\u2514");
    size_t n = d->plot;
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

/* Put tick label `j` at its column if it does not overlap the previous one
 * nor run past the line. */
static void place_label(const struct hb_text_drawing *d, size_t j, char *line,
                        char *marks, size_t room, size_t *next_free,
                        size_t *last)
{
    char buf[40];
    size_t pos = col_x(d, j);
    column_label(d, j, buf, sizeof buf);
    size_t len = strlen(buf);
    if (pos < *next_free || pos + len > room)
        return;
    memcpy(line + pos, buf, len);
    marks[pos] = pos > 0;   /* the corner marks position 0 */
    *next_free = pos + len + 1;
    *last = pos + len;
}

/* The marks' symbols over the axis: their group's, '*' where marks of
 * several groups share a position (said in `shared`: "'*' t=T: 1,3"). */
static void place_marks(const struct hb_text_drawing *d, const size_t *group,
                        char *marks, char *shared, size_t len)
{
    const struct hb_chart *ch = d->ch;
    size_t used = 0, entry = 0;
    for (size_t i = 0; group != NULL && i < ch->nmarks; i++) {
        size_t pos = col_x(d, hb_chart_col_of_time(ch, ch->marks[i].time));
        char sym = hb_text_mark_symbol(group[i]);
        if (marks[pos] <= 1 || marks[pos] == sym) {
            marks[pos] = sym;
            continue;
        }
        /* Another group is there: '*', and which groups it holds. */
        char t[40], add[64];
        hb_format_time(t, sizeof t, (double)ch->marks[i].time,
                       ch->time_unit);
        int n = marks[pos] == '*'
                ? snprintf(add, sizeof add, ",%c", sym)
                : snprintf(add, sizeof add, "%s'*' t=%s: %c,%c",
                           used ? "; " : "", t, marks[pos], sym);
        if (marks[pos] != '*')
            entry = used;
        const char *held = strstr(shared + entry, ": ");
        if ((held == NULL || strchr(held, sym) == NULL)
            && used + (size_t)n + 1 < len) {
            memcpy(shared + used, add, (size_t)n + 1);
            used += (size_t)n;
        }
        marks[pos] = '*';
    }
}

/* Tick labels at the left edge of every t-th column, t a power of two
 * spacing them at least TICK_SPACING characters apart (6 for lifetime
 * buckets, whose last column, "never", is always labelled when it fits);
 * phase marks as their symbols on the axis, listed under it. */
void hb_text_x_axis(const struct hb_text_drawing *d)
{
    const struct hb_chart *ch = d->ch;
    /* Labels may run past the plot, not past the line. */
    size_t plot = d->plot, room = plot + 1 + d->gutter < (size_t)d->o->width
                                  ? (size_t)d->o->width - 1 - d->gutter : plot;
    size_t step = 1;
    while (col_x(d, step) < (ch->col_labels ? 6u : TICK_SPACING)
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
    char shared[160] = "";
    size_t *group = ch->nmarks ? calloc(ch->nmarks, sizeof *group) : NULL;
    size_t ngroups = group ? hb_text_mark_groups(ch, group) : 0;
    place_marks(d, group, marks, shared, sizeof shared);
    hb_text_axis_line(d, "", marks);
    /* The axis's words after its last tick label when they fit, else on
     * a line of their own unless the summary says them (a time chart). */
    size_t xl = strlen(ch->x_label);
    if (last + 3 + xl <= room
        && last + 3 + xl + d->gutter + 1 <= (size_t)d->o->width) {
        memset(line + last, ' ', 3);
        memcpy(line + last + 3, ch->x_label, xl);
        last += 3 + xl;
        xl = 0;
    }
    line[last] = '\0';
    fprintf(d->out, "%*s %s\n", (int)d->gutter, "", line);
    if (xl > 0 && (ch->diverging || ch->col_labels != NULL))
        fprintf(d->out, "%*s %s\n", (int)d->gutter, "", ch->x_label);
    if (group != NULL)
        hb_text_mark_legend(d, group, ngroups, shared);
    free(group);
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

/* The values shade i (1..nshades) stands for, (lo, hi]. */
int hb_text_shade_bounds(const struct hb_text_drawing *d, int i, double *lo,
                         double *hi)
{
    *lo = unscale(d, (double)(i - 1) / d->nshades);
    /* No rounding error at the top. */
    *hi = i == d->nshades ? d->ch->vmax : unscale(d, (double)i / d->nshades);
    if (!d->ch->values_are_whole)
        return 1;
    *lo = floor(*lo + 1e-9);
    *hi = floor(*hi + 1e-9);
    return *lo < *hi;
}

/* The legend as a ramp on one line, "0 . 740 : 1.45K ... @ 6.5K": each
 * shade between the values it stands for, (LO, HI].  With whole values a
 * shade that holds none is left out.  Writes the ramp without colours into
 * buf (for its length) or, with d->out given, draws it. */
static size_t legend_ramp(const struct hb_text_drawing *d, FILE *out)
{
    char v[32];
    size_t len = 0;
    int shown = 0;
    for (int i = 1; i <= d->nshades; i++) {
        double lo, hi;
        if (!hb_text_shade_bounds(d, i, &lo, &hi))
            continue;         /* no whole value falls in this shade */
        if (!shown++) {
            hb_text_format_value(d, v, sizeof v, lo);
            len += out ? (size_t)fprintf(out, " %s", v) : 1 + strlen(v);
        }
        if (out != NULL && d->o->color != HB_COLOR_NONE) {
            fputs(" ", out);
            hb_text_start_colour(d, i);
            fputs("  \033[0m", out);
        } else if (out != NULL) {
            fprintf(out, " %s", d->shades[i]);
        }
        len += d->o->color != HB_COLOR_NONE ? 3 : 2;
        hb_text_format_value(d, v, sizeof v, hi);
        len += out ? (size_t)fprintf(out, " %s", v) : 1 + strlen(v);
    }
    return len;
}

/* One line: "legend (linear): RAMP; # = peak", the words left out that do
 * not fit the width. */
static void print_legend(const struct hb_text_drawing *d)
{
    static const char *const scales[] = { "linear", "sqrt", "log" };
    if (!(d->ch->vmax > 0)) {
        fprintf(d->out, "legend: every cell is empty\n");
        return;
    }
    size_t ramp = legend_ramp(d, NULL), w = (size_t)d->o->width;
    char head[40], key[24] = "";
    /* The slop chart's shades are slop, not live bytes: its legend says so
     * at every width. */
    const char *what = strcmp(d->ch->chart_name, "slop") == 0 ? "slop "
                                                               : "";
    snprintf(head, sizeof head, "%slegend (%s scale):", what,
             scales[d->o->scale]);
    if (strlen(head) + ramp > w)
        snprintf(head, sizeof head, "%slegend (%s):", what,
                 scales[d->o->scale]);
    if (strlen(head) + ramp > w)
        snprintf(head, sizeof head, "%slegend:", what);
    if (d->ch->line != NULL)
        snprintf(key, sizeof key, "; %s = peak", d->o->unicode ? "\u2588"
                                                           : "#");
    if (strlen(head) + ramp + (d->o->unicode ? 10 : 10) > w)
        key[0] = '\0';
    fputs(head, d->out);
    legend_ramp(d, d->out);
    fprintf(d->out, "%s\n", key);
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
    /* Every character of the plot's width is used: a chart of fewer
     * columns than characters draws each over one or more of them (column
     * j from col_x(j) to col_x(j + 1)), each character still one column's
     * value. */
    size_t plot = hb_ascii_plot_width(d->o->width, d->gutter);
    d->plot = plot > d->ch->ncols ? plot : d->ch->ncols;
}

size_t hb_text_col_w(const struct hb_text_drawing *d, size_t j)
{
    return col_x(d, j + 1) - col_x(d, j);
}

void hb_ascii_render(FILE *out, const struct hb_chart *ch,
                     const struct hb_ascii_opts *o)
{
    struct hb_text_drawing d = {
        .out = out, .ch = ch, .o = o, .gutter = hb_ascii_gutter(ch), .plot = 1,
        .shades = ascii_shades, .nshades = 9, .less = NULL, .xterm = { 0 },
        .fold = 1
    };
    hb_text_setup(&d);
    hb_text_summary(&d);
    if (ch->line != NULL) {
        print_heap_graph(&d);
        hb_text_axis_line(&d, "0", NULL);
    }
    hb_text_heatmap(&d);
    hb_text_x_axis(&d);
    print_legend(&d);
}
