/* ascii_diff.c -- what a difference chart (heapband_print --diff) adds to
 * the text chart: see ascii.h, hb_ascii_render_diff.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Its header (what a cell holds, how the columns line the runs up); both
 * runs' total heap over the chart, DIFF_GRAPH_HEIGHT lines: '#' where both
 * reach, '+' NEW alone, '-' OLD alone; the heatmap and the axes
 * (ascii.c); and its legend: the same four steps for more and for less,
 * with units, then what is blank (noise, chart->diff) and what '/' is.
 * Invariant: it reads only the chart and the options, and writes only to
 * `out`.  Cost: one pass over the cells.
 */
#define _POSIX_C_SOURCE 200809L     /* open_memstream */
#include "ascii.h"
#include "ascii_text.h"
#include "band_merge.h"
#include "units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The heap graph's lines when the options do not say (graph_height 0). */
#define DIFF_GRAPH_HEIGHT 4

/* Both runs' total heap over a difference chart, h lines: a column
 * reaches line y when its heap is at least y / h of the larger peak. */
static void print_diff_heap(const struct hb_text_drawing *d)
{
    const struct hb_chart *ch = d->ch;
    char old_peak[40], new_peak[40], top[32];
    double old_max = 0, new_max = 0;
    for (size_t j = 0; j < ch->ncols; j++) {
        old_max = fmax(old_max, ch->diff.old_line[j]);
        new_max = fmax(new_max, ch->line[j]);
    }
    hb_format_size(old_peak, sizeof old_peak, old_max);
    hb_format_size(new_peak, sizeof new_peak, new_max);
    hb_format_size(top, sizeof top, ch->line_max);
    int h = d->o->graph_height > 0 ? d->o->graph_height : DIFF_GRAPH_HEIGHT;
    char title[160];
    int n = snprintf(title, sizeof title, "total heap: old up to %s, new up "
                     "to %s; '#' both, '+' new only, '-' old only", old_peak,
                     new_peak);
    char *key = strstr(title, "; '#'");
    if (n > d->o->width && key != NULL)     /* the key on a line of its own */
        key[1] = '\n';
    fprintf(d->out, "%s\n", title);
    for (int y = h; y >= 1; y--) {
        hb_text_left_margin(d, y == h ? top : "",
                    d->o->unicode ? "\u2502" : "|");
        for (size_t j = 0; j < ch->ncols; j++) {
            int in_old = hb_text_graph_lines(ch->diff.old_line[j],
                                             ch->line_max, h) >= y;
            int in_new = hb_text_graph_lines(ch->line[j], ch->line_max, h)
                         >= y;
            hb_text_repeat(d->out, in_old && in_new ? "#" : in_new ? "+"
                           : in_old ? "-" : " ", hb_text_col_w(d, j));
        }
        fputc('\n', d->out);
    }
}

/* " more: 0 + 3.31K * 6.62K # 9.93K @ 13.2K": the shades of one sign
 * between the changes they stand for, (LO, HI]; whole-number charts leave
 * out a shade no whole number falls in. */
static void print_diff_ramp(const struct hb_text_drawing *d, int sign,
                            const char *prefix)
{
    char v[32];
    int shown = 0;
    fprintf(d->out, "%s%s:", prefix, sign > 0 ? "more" : "less");
    for (int i = 1; i <= d->nshades; i++) {
        double lo, hi;
        if (!hb_text_shade_bounds(d, i, &lo, &hi))
            continue;
        if (!shown++) {
            hb_text_format_value(d, v, sizeof v, lo);
            fprintf(d->out, " %s", v);
        }
        fputs(" ", d->out);
        if (d->o->color != HB_COLOR_NONE) {
            hb_text_start_colour(d, sign * i);
            fputs("  \033[0m", d->out);
        } else {
            fputs(sign > 0 ? d->shades[i] : d->less[i], d->out);
        }
        hb_text_format_value(d, v, sizeof v, hi);
        fprintf(d->out, " %s%s", sign > 0 ? "+" : "-", v);
    }
}

static void print_diff_notes(const struct hb_text_drawing *d)
{
    const struct hb_chart_diff *df = &d->ch->diff;
    char amount[40], t[40];
    hb_text_format_value(d, amount, sizeof amount, df->min_amount);
    if (df->min_pct > 0 || df->min_amount > 0)
        fprintf(d->out, "  blank: no change, or noise (--min-change=%g%%,%s, "
                "or a shift of under a column)\n", df->min_pct, amount);
    else
        fprintf(d->out, "  blank: no change\n");
    for (size_t j = 0; j < d->ch->ncols; j++) {
        if (df->ended[j] == HB_ENDED_NONE)
            continue;
        int old_over = df->ended[j] == HB_ENDED_OLD;
        hb_format_time(t, sizeof t,
                       (double)(old_over ? df->old_end : df->new_end),
                       d->ch->time_unit);
        fprintf(d->out, "  '%s': the %s run is over (t=%s): %s's cells, not "
                "a change\n", HB_TEXT_ENDED_GLYPH, old_over ? "old" : "new",
                t, old_over ? "new" : "old");
        break;
    }
}

/* The legend: the shades of more and less on one line (two when it does
 * not fit), then what blank and '/' mean. */
static void print_diff_legend(const struct hb_text_drawing *d)
{
    fprintf(d->out, "legend (%s, new minus old):\n", d->ch->value_label);
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    struct hb_text_drawing plain = *d;
    struct hb_ascii_opts no_colour = *d->o;
    no_colour.color = HB_COLOR_NONE;
    plain.o = &no_colour;
    if (mem != NULL) {
        plain.out = mem;
        print_diff_ramp(&plain, 1, "  ");
        print_diff_ramp(&plain, -1, "; ");
        fclose(mem);
    }
    /* Measured without colours: a swatch is one character wider than a
     * glyph. */
    size_t wide = d->o->color == HB_COLOR_NONE ? 0 : 2 * (size_t)d->nshades;
    int one_line = text != NULL && len + wide <= (size_t)d->o->width;
    free(text);
    print_diff_ramp(d, 1, "  ");
    print_diff_ramp(d, -1, one_line ? "; " : "\n  ");
    fputc('\n', d->out);
    print_diff_notes(d);
}

void hb_ascii_render_diff(FILE *out, const struct hb_chart *ch,
                          const struct hb_ascii_opts *o)
{
    static const char *const scales[] = { "linear", "sqrt", "log" };
    /* hb_text_setup gives a difference chart its shades. */
    struct hb_text_drawing d = {
        .out = out, .ch = ch, .o = o, .gutter = hb_ascii_gutter(ch), .plot = 1,
        .shades = NULL, .nshades = 0, .less = NULL, .xterm = { 0 }, .fold = 1
    };
    hb_text_setup(&d);
    fprintf(out, "%s chart: %s, new minus old\n", ch->chart_name,
            ch->value_label);
    char cols[160], rows[160];
    if (ch->align == HB_ALIGN_TIME)
        snprintf(cols, sizeof cols, "column: %llu %s; t=%llu..%llu",
                 (unsigned long long)(ch->ncols > 1
                                      ? ch->x_start[1] - ch->x_start[0]
                                      : ch->x_end[0] - ch->x_start[0]),
                 ch->time_unit, (unsigned long long)ch->x_start[0],
                 (unsigned long long)ch->x_end[ch->ncols - 1]);
    else if (ch->align == HB_ALIGN_MARKS)
        snprintf(cols, sizeof cols, "columns: %zu, the same fraction of each "
                 "stretch between the runs' marks", ch->ncols);
    else
        snprintf(cols, sizeof cols, "columns: %zu, the same fraction of each "
                 "run", ch->ncols);
    int n = snprintf(rows, sizeof rows, "rows: %s to %s", ch->row_labels[0],
                     ch->row_labels[ch->nrows - 1]);
    if (ch->row_step > 0 && n > 0 && (size_t)n < sizeof rows)
        n += snprintf(rows + n, sizeof rows - (size_t)n, ", %s each",
                      hb_band_step_words(ch->row_step));
    if (n > 0 && (size_t)n < sizeof rows)
        snprintf(rows + n, sizeof rows - (size_t)n, "; %s scale",
                 scales[o->scale]);
    /* One line when it fits the width, else the rows on the next. */
    fprintf(out, "%s;%s%s\n", cols,
            strlen(cols) + 2 + strlen(rows) <= (size_t)o->width ? " " : "\n",
            rows);
    print_diff_heap(&d);
    hb_text_axis_line(&d, "0", NULL);
    hb_text_heatmap(&d);
    hb_text_x_axis(&d);
    if (ch->vmax > 0) {
        print_diff_legend(&d);
    } else {
        fprintf(out, "legend: no change to draw\n");
        print_diff_notes(&d);
    }
}
