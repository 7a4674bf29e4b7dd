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
#include "ascii.h"
#include "ascii_text.h"
#include "units.h"

#include <math.h>
#include <string.h>

#define DIFF_GRAPH_HEIGHT 4

/* Both runs' total heap over a difference chart, DIFF_GRAPH_HEIGHT lines:
 * a column reaches line y when its heap is at least y / height of the
 * larger peak (rounded; a heap that is not empty reaches line 1). */
static int heap_lines(double v, double vmax)
{
    int lines = v > 0 && vmax > 0
                ? (int)floor(v / vmax * DIFF_GRAPH_HEIGHT + 0.5) : 0;
    return v > 0 && lines < 1 ? 1 : lines;
}

static void print_diff_heap(const struct hb_text_drawing *d)
{
    const struct hb_chart *ch = d->ch;
    char old_peak[40], new_peak[40], top[32];
    double old_max = 0, new_max = 0;
    for (size_t j = 0; j < ch->ncols; j++) {
        old_max = fmax(old_max, ch->diff.old_line[j]);
        new_max = fmax(new_max, ch->line[j]);
    }
    hb_format_amount(old_peak, sizeof old_peak, old_max, 1);
    hb_format_amount(new_peak, sizeof new_peak, new_max, 1);
    hb_format_size(top, sizeof top, ch->line_max);
    fprintf(d->out, "total heap (largest in each column): old up to %s, new "
            "up to %s;\n'#' both, '+' new only, '-' old only:\n", old_peak,
            new_peak);
    for (int y = DIFF_GRAPH_HEIGHT; y >= 1; y--) {
        hb_text_left_margin(d, y == DIFF_GRAPH_HEIGHT ? top : "",
                    d->o->unicode ? "\u2502" : "|");
        for (size_t j = 0; j < ch->ncols; j++) {
            int in_old = heap_lines(ch->diff.old_line[j], ch->line_max) >= y;
            int in_new = heap_lines(ch->line[j], ch->line_max) >= y;
            hb_text_repeat(d->out, in_old && in_new ? "#" : in_new ? "+"
                           : in_old ? "-" : " ", hb_text_col_w(d, j));
        }
        fputc('\n', d->out);
    }
}

/* Difference charts: the changes step i stands for, in magnitude, with
 * their sign and unit: whole numbers "+A" or "+A to +B" (-1 when there is
 * none), others "up to +B" for the first step and "to +B" after it. */
static int diff_legend_item(const struct hb_text_drawing *d, int i, char sign,
                            char *buf, size_t len)
{
    double lo, hi;
    char a[32], b[32];
    hb_text_shade_bounds(d, i, &lo, &hi);
    if (d->ch->values_are_whole) {
        double first = floor(lo) + 1, last = floor(hi + 1e-9);
        if (first > last)
            return -1;
        hb_format_amount(a, sizeof a, first, d->ch->value_is_bytes);
        hb_format_amount(b, sizeof b, last, d->ch->value_is_bytes);
        if (first == last || strcmp(a, b) == 0)
            snprintf(buf, len, "%c%s", sign, b);
        else
            snprintf(buf, len, "%c%s to %c%s", sign, a, sign, b);
        return 0;
    }
    hb_format_amount(b, sizeof b, hi, d->ch->value_is_bytes);
    snprintf(buf, len, "%s%c%s", i == 1 ? "up to " : "to ", sign, b);
    return 0;
}

/* What is blank, and what '/' stands for. */
static void print_diff_notes(const struct hb_text_drawing *d)
{
    const struct hb_chart_diff *df = &d->ch->diff;
    char amount[40], t[80];
    hb_format_amount(amount, sizeof amount, df->min_amount,
                     d->ch->value_is_bytes);
    if (df->min_pct > 0 || df->min_amount > 0)
        fprintf(d->out, "  blank: no change, or noise (--min-change): "
                "under %g%% of the band's\n    largest value or under %s, "
                "or a shift of under a column\n", df->min_pct, amount);
    else
        fprintf(d->out, "  blank: no change\n");
    for (size_t j = 0; j < d->ch->ncols; j++) {
        if (df->ended[j] == HB_ENDED_NONE)
            continue;
        int old_over = df->ended[j] == HB_ENDED_OLD;
        hb_text_exact_and_short(t, sizeof t,
                                old_over ? df->old_end : df->new_end,
                                d->ch->time_unit);
        fprintf(d->out, "  '%s': the %s run is over (it ends at t=%s):\n"
                "    %s's cells, not a change\n", HB_TEXT_ENDED_GLYPH,
                old_over ? "old" : "new", t, old_over ? "new" : "old");
        break;
    }
}

static void print_diff_legend(const struct hb_text_drawing *d)
{
    fprintf(d->out, "legend (%s, new minus old):\n", d->ch->value_label);
    for (int sign = 1; sign >= -1; sign -= 2) {
        const char *sep = "";
        size_t col = (size_t)fprintf(d->out, sign > 0 ? "  more:" : "  less:");
        for (int i = 1; i <= d->nshades; i++) {
            char item[96];
            if (diff_legend_item(d, i, sign > 0 ? '+' : '-', item,
                                 sizeof item) < 0)
                continue;
            size_t width = strlen(sep) + strlen(item) + 5;  /* " 'x' " */
            if (*sep && col + width > (size_t)d->o->width) {
                fputs(",\n       ", d->out);
                col = 7;
                sep = "";
            }
            fprintf(d->out, "%s ", sep);
            if (d->o->color != HB_COLOR_NONE) {
                hb_text_start_colour(d, sign * i);
                fputs("  \033[0m", d->out);
            } else {
                fprintf(d->out, "'%s'", sign > 0 ? d->shades[i] : d->less[i]);
            }
            fprintf(d->out, " %s", item);
            col += width;
            sep = ",";
        }
        fputc('\n', d->out);
    }
    print_diff_notes(d);
}

void hb_ascii_render_diff(FILE *out, const struct hb_chart *ch,
                          const struct hb_ascii_opts *o)
{
    static const char *const scales[] = { "linear", "sqrt", "log" };
    /* hb_text_setup gives a difference chart its shades. */
    struct hb_text_drawing d = {
        .out = out, .ch = ch, .o = o, .gutter = hb_ascii_gutter(ch), .plot = 1,
        .shades = NULL, .nshades = 0, .less = NULL, .xterm = { 0 }, .fold = 0
    };
    hb_text_setup(&d);
    fprintf(out, "%s chart: %s, new minus old\n", ch->chart_name,
            ch->value_label);
    if (ch->align == HB_ALIGN_TIME)
        fprintf(out, "column: %llu %s; t=%llu..%llu; ",
                (unsigned long long)(ch->ncols > 1
                                     ? ch->x_start[1] - ch->x_start[0]
                                     : ch->x_end[0] - ch->x_start[0]),
                ch->time_unit, (unsigned long long)ch->x_start[0],
                (unsigned long long)ch->x_end[ch->ncols - 1]);
    else if (ch->align == HB_ALIGN_MARKS)
        fprintf(out, "columns: %zu, the same fraction of each stretch "
                "between the runs' marks;\n", ch->ncols);
    else
        fprintf(out, "columns: %zu, the same fraction of each run; ",
                ch->ncols);
    fprintf(out, "rows: %s to %s; %s scale\n", ch->row_labels[0],
            ch->row_labels[ch->nrows - 1], scales[o->scale]);
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
