/* chart.c -- the storage of a struct hb_chart and the questions the
 * outputs ask of it: see chart.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Invariant: a chart owns every pointer it holds, and one with nothing
 * allocated is all zeros but line_peak_col (-1), which is what
 * hb_chart_free leaves.
 */
#include "chart.h"
#include "grid.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

double hb_scale_value(double v, double vmax, enum hb_scale scale)
{
    if (!(v > 0) || !(vmax > 0))
        return 0;
    double s;
    switch (scale) {
    case HB_SCALE_SQRT: s = sqrt(v / vmax); break;
    case HB_SCALE_LOG:  s = log1p(v) / log1p(vmax); break;
    default:            s = v / vmax; break;
    }
    if (!(s > 0))
        s = DBL_MIN;          /* a non-empty cell is never background */
    return s > 1 ? 1 : s;
}

int hb_chart_rows_layout(size_t nrows, size_t ncols,
                         const unsigned char *has_data, double **cells,
                         size_t **row_cells, size_t *ncells)
{
    size_t kept = 0;
    for (size_t r = 0; r < nrows; r++)
        kept += has_data == NULL || has_data[r] != 0;
    *ncells = (has_data != NULL ? kept + 1 : kept) * ncols;
    *cells = calloc(*ncells ? *ncells : 1, sizeof **cells);
    *row_cells = NULL;
    if (has_data != NULL)
        *row_cells = malloc((nrows ? nrows : 1) * sizeof **row_cells);
    if (*cells == NULL || (has_data != NULL && *row_cells == NULL)) {
        free(*cells);
        free(*row_cells);
        *cells = NULL;
        *row_cells = NULL;
        return -1;
    }
    size_t zeros = kept * ncols;        /* the shared row, last */
    kept = 0;
    for (size_t r = 0; has_data != NULL && r < nrows; r++)
        (*row_cells)[r] = has_data[r] ? kept++ * ncols : zeros;
    return 0;
}

int hb_chart_alloc_rows(struct hb_chart *ch, size_t nrows, size_t ncols,
                        const unsigned char *has_data)
{
    ch->nrows = nrows;
    ch->ncols = ncols;
    ch->row_labels = calloc(nrows, sizeof *ch->row_labels);
    ch->row_lo = calloc(nrows, sizeof *ch->row_lo);
    ch->row_hi = calloc(nrows, sizeof *ch->row_hi);
    ch->x_start = calloc(ncols, sizeof *ch->x_start);
    ch->x_end = calloc(ncols, sizeof *ch->x_end);
    if (hb_chart_rows_layout(nrows, ncols, has_data, &ch->cells,
                             &ch->row_cells, &ch->ncells) < 0)
        return -1;
    if (has_data == NULL)
        ch->ncells = 0;             /* dense: see hb_chart_stored_cells */
    return ch->row_labels && ch->row_lo && ch->row_hi && ch->x_start
           && ch->x_end ? 0 : -1;
}

int hb_chart_alloc(struct hb_chart *ch, size_t nrows, size_t ncols)
{
    return hb_chart_alloc_rows(ch, nrows, ncols, NULL);
}

int hb_chart_add_mark(struct hb_chart *ch, size_t *cap, uint64_t t,
                      const char *prefix, const char *name)
{
    if (ch->nmarks == *cap) {
        size_t ncap = *cap ? 2 * *cap : 8;
        struct hb_mark *m = realloc(ch->marks, ncap * sizeof *m);
        if (m == NULL)
            return -1;
        ch->marks = m;
        *cap = ncap;
    }
    size_t lp = strlen(prefix), ln = strlen(name);
    char *s = malloc(lp + ln + 1);
    if (s == NULL)
        return -1;
    memcpy(s, prefix, lp);
    memcpy(s + lp, name, ln + 1);
    ch->marks[ch->nmarks++] = (struct hb_mark){ .time = t, .name = s };
    return 0;
}

size_t hb_chart_col_of_time(const struct hb_chart *ch, uint64_t t)
{
    return hb_last_at_most(ch->x_start, ch->ncols, t);
}

static void free_labels(char **labels, size_t n)
{
    if (labels == NULL)
        return;
    for (size_t i = 0; i < n; i++)
        free(labels[i]);
    free(labels);
}

void hb_chart_free(struct hb_chart *ch)
{
    free((char *)ch->title);
    free((char *)ch->chart_name);
    free((char *)ch->value_label);
    free((char *)ch->time_unit);
    free((char *)ch->x_label);
    free_labels(ch->row_labels, ch->nrows);
    free_labels(ch->col_labels, ch->ncols);
    free(ch->row_lo);
    free(ch->row_hi);
    free(ch->x_start);
    free(ch->x_end);
    free(ch->cells);
    free(ch->row_cells);
    free(ch->line);
    free(ch->foot_line);
    free(ch->anon_line);
    for (size_t g = 0; g < HB_NGAUGES; g++)
        free(ch->gauge_end[g]);
    free(ch->diff.noise);
    free(ch->diff.old_line);
    free(ch->diff.ended);
    for (size_t i = 0; i < ch->nmarks; i++)
        free((char *)ch->marks[i].name);
    free(ch->marks);
    free(ch->run.cmd);
    free(ch->run.ending);
    memset(ch, 0, sizeof *ch);
    ch->line_peak_col = -1;
}

double hb_chart_graph_top(const struct hb_chart *ch)
{
    return ch->graph_max > ch->line_max ? ch->graph_max : ch->line_max;
}
