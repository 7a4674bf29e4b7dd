/* ascii_fit.c -- rows of a text chart that fit the terminal: see
 * ascii_fit.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The lines a chart takes depend on everything drawn (the legend's items,
 * the marks, the folded runs of empty rows), so they are counted by
 * drawing it, not estimated: a chart that is said to fit does.
 */
#define _POSIX_C_SOURCE 200809L     /* open_memstream */
#include "ascii_fit.h"

#include "band_merge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* When no step fits the terminal (its marks or legend alone overflow it),
 * the most lines the band rows may still take. */
#define MIN_FIT_ROWS 8

long hb_count_printed_lines(hb_print_fn *print, const void *ctx)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (mem == NULL)
        return -1;
    int r = print(mem, ctx);
    if (fclose(mem) != 0 || r < 0) {
        free(text);
        return -1;
    }
    long n = 0;
    for (size_t i = 0; i < len; i++)
        n += text[i] == '\n';
    free(text);
    return n;
}

struct drawing { const struct hb_chart *ch; const struct hb_ascii_opts *opts; };

static int print_chart(FILE *out, const void *ctx)
{
    const struct drawing *d = ctx;
    if (d->ch->diverging)
        hb_ascii_render_diff(out, d->ch, d->opts);
    else
        hb_ascii_render(out, d->ch, d->opts);
    return 0;
}

long hb_ascii_count_lines(const struct hb_chart *ch,
                          const struct hb_ascii_opts *opts)
{
    struct drawing d = { ch, opts };
    return hb_count_printed_lines(print_chart, &d);
}

/* Merge into rows of `step` and drop the empty edges. */
static int merge_rows(struct hb_chart *ch, const struct hb_file *f,
                      unsigned step, int keep_edges, struct hb_error *err)
{
    if (step != ch->row_step && hb_chart_merge_bands(ch, f, step, err) < 0)
        return -1;
    if (keep_edges)
        return 0;
    hb_chart_trim_rows(ch, f);
    return hb_chart_widen_edges(ch, f, err);
}

/* A copy of the chart whose rows (cells, labels, bounds) are its own, the
 * rest shared with ch: merging the copy leaves ch as it is.  Returns 0, or
 * -1 out of memory (free_rows frees what was copied). */
static int copy_rows(const struct hb_chart *ch, struct hb_chart *copy)
{
    size_t ncells = hb_chart_stored_cells(ch), n = ch->nrows ? ch->nrows : 1;
    *copy = *ch;
    copy->cells = malloc((ncells ? ncells : 1) * sizeof *copy->cells);
    copy->row_cells = ch->row_cells ? malloc(n * sizeof *copy->row_cells)
                                    : NULL;
    copy->row_lo = malloc(n * sizeof *copy->row_lo);
    copy->row_hi = malloc(n * sizeof *copy->row_hi);
    copy->row_labels = calloc(n, sizeof *copy->row_labels);
    if (!copy->cells || !copy->row_lo || !copy->row_hi || !copy->row_labels
        || (ch->row_cells && !copy->row_cells))
        return -1;
    memcpy(copy->cells, ch->cells, ncells * sizeof *ch->cells);
    if (ch->row_cells)
        memcpy(copy->row_cells, ch->row_cells,
               ch->nrows * sizeof *ch->row_cells);
    memcpy(copy->row_lo, ch->row_lo, ch->nrows * sizeof *ch->row_lo);
    memcpy(copy->row_hi, ch->row_hi, ch->nrows * sizeof *ch->row_hi);
    for (size_t r = 0; r < ch->nrows; r++)
        if ((copy->row_labels[r] = strdup(ch->row_labels[r])) == NULL)
            return -1;
    return 0;
}

static void free_rows(struct hb_chart *copy)
{
    for (size_t r = 0; copy->row_labels != NULL && r < copy->nrows; r++)
        free(copy->row_labels[r]);
    free(copy->row_labels);
    free(copy->cells);
    free(copy->row_cells);
    free(copy->row_lo);
    free(copy->row_hi);
}

/* The lines of the chart on rows of `step`: 0 on success with *lines set,
 * or -1 with err. */
static int lines_at(const struct hb_chart *ch, const struct hb_file *f,
                    unsigned step, int keep_edges,
                    const struct hb_ascii_opts *opts, long *lines,
                    struct hb_error *err)
{
    struct hb_chart copy;
    int r = copy_rows(ch, &copy) < 0 ? -1 : 0;
    if (r < 0)
        hb_error_nomem(err, "fitting the chart to the terminal");
    else
        r = merge_rows(&copy, f, step, keep_edges, err);
    if (r == 0 && (*lines = hb_ascii_count_lines(&copy, opts)) < 0)
        r = hb_error_nomem(err, "fitting the chart to the terminal");
    free_rows(&copy);
    return r;
}

/* The sum of row r's cells. */
static double row_total(const struct hb_chart *ch, size_t r)
{
    const double *row = hb_chart_row(ch, r);
    double sum = 0;
    for (size_t j = 0; j < ch->ncols; j++)
        sum += row[j];
    return sum;
}

/* The lines of the chart `fine` with the rows of merge[] joined into rows
 * of `coarse` (hb_chart_merge_groups); -1 with err. */
static long mixed_lines(const struct hb_chart *fine, const struct hb_file *f,
                        unsigned coarse, const unsigned char *merge,
                        const struct hb_ascii_opts *opts, struct hb_error *err)
{
    struct hb_chart copy;
    long n = -1;
    if (copy_rows(fine, &copy) < 0)
        hb_error_nomem(err, "fitting the chart to the terminal");
    else if (hb_chart_merge_groups(&copy, f, coarse, merge, err) == 0
             && (n = hb_ascii_count_lines(&copy, opts)) < 0)
        hb_error_nomem(err, "fitting the chart to the terminal");
    free_rows(&copy);
    return n;
}

/* The not yet joined pair of rows (r - 1, r) of one row of `coarse` with
 * the fewest bytes (or blocks) between them: its r, or 0 when none is
 * left.  Joining the emptiest rows first keeps the rows with data apart. */
static size_t cheapest_pair(const struct hb_chart *fine, unsigned coarse,
                            const unsigned char *merge)
{
    size_t best = 0;
    double best_sum = 0;
    for (size_t r = 1; r < fine->nrows; r++) {
        if (merge[r] || hb_band_group(fine->row_lo[r], coarse)
                        != hb_band_group(fine->row_lo[r - 1], coarse))
            continue;
        double sum = row_total(fine, r) + row_total(fine, r - 1);
        if (best == 0 || sum < best_sum) {
            best = r;
            best_sum = sum;
        }
    }
    return best;
}

/* Rows of `finer`, some pairs joined into rows of twice that step, so that
 * the chart fits with more rows than the coarser step alone gives it: the
 * pairs joined one at a time, the emptiest first, until it fits.  Returns
 * 1 with ch so merged, 0 when it cannot fit before every pair is joined
 * (ch unchanged), -1 with err. */
static int fit_mixed(struct hb_chart *ch, const struct hb_file *f,
                     unsigned finer, int lines, int keep_edges,
                     const struct hb_ascii_opts *opts, struct hb_error *err)
{
    struct hb_chart fine;
    unsigned coarse = finer * 2;
    int r = 0;
    if (copy_rows(ch, &fine) < 0) {
        free_rows(&fine);
        return hb_error_nomem(err, "fitting the chart to the terminal");
    }
    unsigned char *merge = NULL;
    if (merge_rows(&fine, f, finer, keep_edges, err) < 0
        || (merge = calloc(fine.nrows + 1, 1)) == NULL)
        r = -1;
    if (merge == NULL && r == 0)
        r = hb_error_nomem(err, "fitting the chart to the terminal");
    size_t pair;
    while (r == 0 && (pair = cheapest_pair(&fine, coarse, merge)) > 0) {
        merge[pair] = 1;
        if (cheapest_pair(&fine, coarse, merge) == 0)
            break;              /* every pair joined: the coarser step */
        long n = mixed_lines(&fine, f, coarse, merge, opts, err);
        if (n < 0)
            r = -1;
        else if (n < lines)
            r = 1;
    }
    free_rows(&fine);
    if (r == 1 && (merge_rows(ch, f, finer, keep_edges, err) < 0
                   || hb_chart_merge_groups(ch, f, coarse, merge, err) < 0))
        r = -1;
    free(merge);
    return r;
}

int hb_ascii_fit_rows(struct hb_chart *ch, const struct hb_file *f,
                      unsigned step, int lines, int keep_edges,
                      const struct hb_ascii_opts *opts, struct hb_error *err)
{
    if (step == 0) {
        /* The finest step that fits.  When none does, the lines the
         * coarsest step needs beyond its one row are fixed (header, marks,
         * legend): merging more does not help them, so take the finest
         * step that draws the bands in at most MIN_FIT_ROWS lines rather
         * than one row of every band. */
        long at[64];
        unsigned steps[64];
        size_t n = 0;
        for (unsigned s = ch->row_step; s <= HB_BANDS_COARSEST && n < 64;
             s *= 2) {
            if (lines_at(ch, f, s, keep_edges, opts, &at[n], err) < 0)
                return -1;
            steps[n++] = s;
            if (at[n - 1] < lines)
                break;
        }
        step = steps[n - 1];
        if (at[n - 1] >= lines) {
            long fixed = at[n - 1] - 1;
            for (size_t i = 0; i < n; i++)
                if (at[i] - fixed <= MIN_FIT_ROWS) {
                    step = steps[i];
                    break;
                }
        } else if (n > 1) {
            /* The finer step did not fit: some of its rows may. */
            int r = fit_mixed(ch, f, steps[n - 2], lines, keep_edges, opts,
                              err);
            if (r != 0)
                return r < 0 ? -1 : 0;
        }
    }
    return merge_rows(ch, f, step, keep_edges, err);
}
