/* band_merge.c -- rows of several size bands, merged exactly: see
 * band_merge.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * A size's row is computed from the size alone (its octave and quarter),
 * never from a file's band numbers, so the rows of two files with
 * different band tables line up.  Merging a chart builds its new rows
 * beside the old ones and swaps them in only when all are built, so a
 * failure leaves the chart as it was.
 */
#define _POSIX_C_SOURCE 200809L     /* strdup */
#include "band_merge.h"

#include "units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t hb_band_group(uint64_t size, unsigned step)
{
    if (size == 0)
        return 0;
    unsigned k = 63u - (unsigned)__builtin_clzll(size);
    uint64_t quarter = k >= 2 ? (size - ((uint64_t)1 << k)) >> (k - 2)
                     : k == 1 ? (size - 2) * 2 : 0;
    return 1 + (4 * (uint64_t)k + quarter) / step;
}

/* Does every band of the table lie within one row of the step? */
static int bands_whole(const uint64_t *lo, const uint64_t *hi, size_t n,
                       unsigned step)
{
    for (size_t i = 0; i < n; i++)
        if (hb_band_group(lo[i], step) != hb_band_group(hi[i], step))
            return 0;
    return 1;
}

unsigned hb_band_file_step(const struct hb_file *f)
{
    unsigned step = HB_BANDS_QUARTER;
    for (size_t b = 0; b < f->nbands && step < HB_BANDS_COARSEST;)
        if (hb_band_group(f->bands[b].lo, step)
            != hb_band_group(f->bands[b].hi, step))
            step *= 2;       /* and look at band b again */
        else
            b++;
    return step;
}

/* The words of a step into buf. */
static const char *step_words(char *buf, size_t len, unsigned step)
{
    switch (step) {
    case HB_BANDS_QUARTER: return "a quarter-octave";
    case HB_BANDS_HALF: return "a half-octave";
    case HB_BANDS_OCTAVE: return "an octave";
    default:
        snprintf(buf, len, "%u octaves", step / HB_BANDS_OCTAVE);
        return buf;
    }
}

const char *hb_band_step_words(unsigned step)
{
    static char buf[32];
    return step_words(buf, sizeof buf, step);
}

void hb_band_rows_free(struct hb_band_rows *p)
{
    free(p->row_of);
    free(p->row_lo);
    free(p->row_hi);
    memset(p, 0, sizeof *p);
}

int hb_band_rows_plan(struct hb_band_rows *p, const uint64_t *lo,
                      const uint64_t *hi, size_t n, unsigned step,
                      struct hb_error *err)
{
    memset(p, 0, sizeof *p);
    if (!bands_whole(lo, hi, n, step)) {
        unsigned need = step;
        while (need < HB_BANDS_COARSEST && !bands_whole(lo, hi, n, need))
            need *= 2;
        char a[32], b[32];
        return hb_error_set(err, HB_ERR_USAGE, 0,
                            "option --bands: the file's bands span %s; "
                            "rows of %s cannot hold them whole",
                            step_words(a, sizeof a, need),
                            step_words(b, sizeof b, step));
    }
    p->nbands = n;
    p->row_of = malloc((n ? n : 1) * sizeof *p->row_of);
    p->row_lo = malloc((n ? n : 1) * sizeof *p->row_lo);
    p->row_hi = malloc((n ? n : 1) * sizeof *p->row_hi);
    if (p->row_of == NULL || p->row_lo == NULL || p->row_hi == NULL) {
        hb_band_rows_free(p);
        return hb_error_nomem(err, "merging the bands");
    }
    for (size_t i = 0; i < n; i++) {
        if (i == 0 || hb_band_group(lo[i], step)
                      != hb_band_group(lo[i - 1], step)) {
            p->row_lo[p->nrows] = lo[i];
            p->nrows++;
        }
        p->row_of[i] = p->nrows - 1;
        p->row_hi[p->nrows - 1] = hi[i];
    }
    return 0;
}

void hb_band_rows_sum(const struct hb_band_rows *p, const double *in,
                      size_t ncols, double *out)
{
    memset(out, 0, p->nrows * ncols * sizeof *out);
    for (size_t i = 0; i < p->nbands; i++) {
        double *row = out + p->row_of[i] * ncols;
        for (size_t j = 0; j < ncols; j++)
            row[j] += in[i * ncols + j];
    }
}

static void free_labels(char **labels, size_t n)
{
    for (size_t i = 0; labels != NULL && i < n; i++)
        free(labels[i]);
    free(labels);
}

static void set_vmax(struct hb_chart *ch)
{
    ch->vmax = 0;
    for (size_t i = 0; i < hb_chart_stored_cells(ch); i++)
        if (ch->cells[i] > ch->vmax)
            ch->vmax = ch->cells[i];
}

/* Merge the chart's rows as plan p says (p is consumed: its bounds become
 * the chart's); 0 or -1 out of memory (p freed, the chart unchanged). */
static int apply_plan(struct hb_chart *ch, const struct hb_file *f,
                      struct hb_band_rows p, struct hb_error *err)
{
    /* A chart storing only its rows with data (chart.h) stays so: a
     * merged row is stored when one of its rows is. */
    unsigned char *has_data = NULL;
    if (ch->row_cells != NULL
        && (has_data = calloc(p.nrows ? p.nrows : 1, 1)) != NULL)
        for (size_t i = 0; i < p.nbands; i++)
            has_data[p.row_of[i]] |= !hb_chart_row_empty(ch, i);
    double *cells = NULL;
    size_t *row_cells = NULL, ncells = 0;
    char **labels = calloc(p.nrows ? p.nrows : 1, sizeof *labels);
    int ok = (ch->row_cells == NULL || has_data != NULL) && labels != NULL
             && hb_chart_rows_layout(p.nrows, ch->ncols, has_data, &cells,
                                     &row_cells, &ncells) == 0;
    free(has_data);
    for (size_t r = 0; ok && r < p.nrows; r++) {
        char label[80];
        hb_format_band(label, sizeof label, p.row_lo[r], p.row_hi[r]);
        ok = (labels[r] = strdup(label)) != NULL;
    }
    if (!ok) {
        free(cells);
        free_labels(labels, p.nrows);
        hb_band_rows_free(&p);
        return hb_error_nomem(err, "merging the bands");
    }
    if (row_cells == NULL)
        hb_band_rows_sum(&p, ch->cells, ch->ncols, cells);
    for (size_t i = 0; row_cells != NULL && i < p.nbands; i++) {
        if (hb_chart_row_empty(ch, i))
            continue;       /* its row may be the shared one of zeros */
        double *row = cells + row_cells[p.row_of[i]];
        const double *in = hb_chart_row(ch, i);
        for (size_t j = 0; j < ch->ncols; j++)
            row[j] += in[j];
    }
    free(ch->cells);
    free(ch->row_cells);
    free_labels(ch->row_labels, ch->nrows);
    free(ch->row_lo);
    free(ch->row_hi);
    ch->cells = cells;
    ch->row_cells = row_cells;
    ch->ncells = row_cells != NULL ? ncells : 0;
    ch->row_labels = labels;
    ch->row_lo = p.row_lo;
    ch->row_hi = p.row_hi;
    ch->nrows = p.nrows;
    free(p.row_of);
    if (ch->nrows > 0)
        ch->first_band = hb_band_of_size(f, ch->row_lo[0]);
    set_vmax(ch);
    return 0;
}

int hb_chart_merge_bands(struct hb_chart *ch, const struct hb_file *f,
                         unsigned step, struct hb_error *err)
{
    struct hb_band_rows p;
    if (hb_band_rows_plan(&p, ch->row_lo, ch->row_hi, ch->nrows, step,
                          err) < 0
        || apply_plan(ch, f, p, err) < 0)
        return -1;
    ch->row_step = step;
    ch->row_mixed = 0;
    return 0;
}

int hb_chart_merge_groups(struct hb_chart *ch, const struct hb_file *f,
                          unsigned coarse, const unsigned char *merge,
                          struct hb_error *err)
{
    struct hb_band_rows p;
    size_t n = ch->nrows ? ch->nrows : 1;
    memset(&p, 0, sizeof p);
    p.nbands = ch->nrows;
    p.row_of = malloc(n * sizeof *p.row_of);
    p.row_lo = malloc(n * sizeof *p.row_lo);
    p.row_hi = malloc(n * sizeof *p.row_hi);
    if (p.row_of == NULL || p.row_lo == NULL || p.row_hi == NULL) {
        hb_band_rows_free(&p);
        return hb_error_nomem(err, "merging the bands");
    }
    int any = 0;
    for (size_t r = 0; r < ch->nrows; r++) {
        int joins = r > 0 && merge[r]
                    && hb_band_group(ch->row_lo[r], coarse)
                       == hb_band_group(ch->row_lo[r - 1], coarse);
        if (!joins)
            p.row_lo[p.nrows++] = ch->row_lo[r];
        any |= joins;
        p.row_of[r] = p.nrows - 1;
        p.row_hi[p.nrows - 1] = ch->row_hi[r];
    }
    if (apply_plan(ch, f, p, err) < 0)
        return -1;
    ch->row_mixed = any ? coarse : 0;
    return 0;
}

int hb_chart_row_empty(const struct hb_chart *ch, size_t r)
{
    const double *row = hb_chart_row(ch, r);
    for (size_t j = 0; j < ch->ncols; j++)
        if (row[j] != 0)
            return 0;
    return 1;
}

void hb_chart_trim_rows(struct hb_chart *ch, const struct hb_file *f)
{
    size_t lo = 0, hi = ch->nrows;
    while (hi > 1 && hb_chart_row_empty(ch, hi - 1))
        hi--;
    while (lo + 1 < hi && hb_chart_row_empty(ch, lo))
        lo++;
    if (lo == 0 && hi == ch->nrows)
        return;
    for (size_t r = 0; r < lo; r++)
        free(ch->row_labels[r]);
    for (size_t r = hi; r < ch->nrows; r++)
        free(ch->row_labels[r]);
    size_t n = hi - lo;
    memmove(ch->row_labels, ch->row_labels + lo, n * sizeof *ch->row_labels);
    memmove(ch->row_lo, ch->row_lo + lo, n * sizeof *ch->row_lo);
    memmove(ch->row_hi, ch->row_hi + lo, n * sizeof *ch->row_hi);
    if (ch->row_cells != NULL)      /* the rows' cells stay where they are */
        memmove(ch->row_cells, ch->row_cells + lo,
                n * sizeof *ch->row_cells);
    else
        memmove(ch->cells, ch->cells + lo * ch->ncols,
                n * ch->ncols * sizeof *ch->cells);
    ch->nrows = n;
    ch->first_band = hb_band_of_size(f, ch->row_lo[0]);
}

/* Relabel row r after its bounds changed; 0, or -1 out of memory. */
static int relabel(struct hb_chart *ch, size_t r)
{
    char label[80], *copy;
    hb_format_band(label, sizeof label, ch->row_lo[r], ch->row_hi[r]);
    if ((copy = strdup(label)) == NULL)
        return -1;
    free(ch->row_labels[r]);
    ch->row_labels[r] = copy;
    return 0;
}

int hb_chart_widen_edges(struct hb_chart *ch, const struct hb_file *f,
                         struct hb_error *err)
{
    if (ch->nrows == 0 || ch->row_step == 0)
        return 0;
    unsigned step = ch->row_step;
    size_t top = ch->nrows - 1;
    uint64_t lo = hb_band_of_size(f, ch->row_lo[0]);
    uint64_t hi = hb_band_of_size(f, ch->row_hi[top]);
    uint64_t g_lo = hb_band_group(ch->row_lo[0], step);
    uint64_t g_hi = hb_band_group(ch->row_hi[top], step);
    while (lo > 0 && hb_band_group(f->bands[lo - 1].lo, step) == g_lo)
        lo--;
    while (hi + 1 < f->nbands
           && hb_band_group(f->bands[hi + 1].hi, step) == g_hi)
        hi++;
    ch->first_band = lo;
    ch->row_lo[0] = f->bands[lo].lo;
    ch->row_hi[top] = f->bands[hi].hi;
    if (relabel(ch, 0) < 0 || relabel(ch, top) < 0)
        return hb_error_nomem(err, "merging the bands");
    return 0;
}
