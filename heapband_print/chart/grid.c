/* grid.c -- stored columns grouped into chart columns, and the exact value
 * of each group per band: see grid.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Cell records come sorted by column, then band, so a chart column's
 * records are consecutive: its sums are kept in one 128-bit accumulator per
 * row and turned into cell values (divided once) when the next chart
 * column starts.  Only the records of the grid's stored columns are read
 * (found by binary search): the cells are most of a file.
 *
 * A version-3 file leaves its quiet cells out; the fill reads the cells
 * through the model's matrix cursor (hbfile.h), which gives each record
 * with the run of its band's quiet cells before it, and at the end of a
 * chart column the rest of each row's run.  A run is merged at once
 * (LIVE_MAX and LIVE_END the carried value, LIVE_INTEGRAL the value times
 * the run's time), so the cost is per record and per chart cell, never
 * per stored column.
 */
#include "grid.h"
#include "search.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ layouts */

int hb_time_layout_init(struct hb_time_layout *lay, uint64_t width,
                        uint64_t end, const struct hb_selection *sel,
                        const char *runs, struct hb_error *err)
{
    if (sel->has_from && sel->has_to && sel->from > sel->to)
        return hb_error_set(err, HB_ERR_USAGE, 0,
                            "option --from: later than --to");
    lay->width = width;
    lay->end = end;
    lay->first = sel->has_from ? sel->from / width : 0;
    lay->last = end / width;
    if (lay->first > lay->last)
        return hb_error_set(err, HB_ERR_USAGE, 0, "option --from: %llu is "
                            "after the end of %s (%llu)",
                            (unsigned long long)sel->from, runs,
                            (unsigned long long)end);
    if (sel->has_to && sel->to / width < lay->last)
        lay->last = sel->to / width;
    /* The smallest k with ceil(nsel / k) <= max_cols. */
    uint64_t nsel = lay->last - lay->first + 1;
    uint64_t max_cols = sel->max_cols > 0 ? sel->max_cols : 1;
    lay->per_col = (nsel - 1) / max_cols + 1;
    lay->ncols = (size_t)((nsel - 1) / lay->per_col + 1);
    return 0;
}

/* The end of the span of the columns of `width` ending with column c:
 * min((c + 1) * width, end), without overflow. */
static uint64_t span_end(uint64_t c, uint64_t width, uint64_t end)
{
    uint64_t start = c * width;
    return end - start < width ? end : start + width;
}

void hb_time_layout_span(const struct hb_time_layout *lay, size_t j,
                         uint64_t *start, uint64_t *end)
{
    uint64_t first = lay->first + (uint64_t)j * lay->per_col;
    uint64_t last = first + lay->per_col - 1;
    if (last > lay->last)
        last = lay->last;
    *start = first * lay->width;
    *end = span_end(last, lay->width, lay->end);
}

void hb_grid_by_time(struct hb_grid *g, const struct hb_file *f,
                     const struct hb_time_layout *lay)
{
    uint64_t r = lay->width / f->col_width;   /* f's columns per layout's */
    g->f = f;
    g->align = HB_ALIGN_TIME;
    g->ncols = lay->ncols;
    g->c_first = lay->first * r;
    g->c_last = lay->last * r + (r - 1);
    if (g->c_last > f->ncols - 1)
        g->c_last = f->ncols - 1;
    g->per_col = lay->per_col * r;
    g->starts = NULL;
}

void hb_grid_by_fraction(struct hb_grid *g, const struct hb_file *f,
                         size_t ncols)
{
    g->f = f;
    g->align = HB_ALIGN_FRACTION;
    g->ncols = ncols;
    g->c_first = 0;
    g->c_last = f->ncols - 1;
    g->per_col = 0;
    g->starts = NULL;
}

void hb_grid_by_starts(struct hb_grid *g, const struct hb_file *f,
                       size_t ncols, const uint64_t *starts)
{
    hb_grid_by_fraction(g, f, ncols);
    g->starts = starts;
}

/* -------------------------------------------------------------- groups */

struct value_key { const uint64_t *sorted; uint64_t v; };

static int at_most(const void *ctx, size_t i)
{
    const struct value_key *k = ctx;
    return k->sorted[i] <= k->v;
}

size_t hb_last_at_most(const uint64_t *sorted, size_t n, uint64_t v)
{
    const struct value_key k = { sorted, v };
    size_t after = hb_partition_point(n, &k, at_most);
    return after > 0 ? after - 1 : 0;
}

size_t hb_grid_col(const struct hb_grid *g, uint64_t c)
{
    if (g->align == HB_ALIGN_TIME)
        return (size_t)((c - g->c_first) / g->per_col);
    if (g->starts != NULL)
        return hb_last_at_most(g->starts, g->ncols, c);
    return (size_t)((hb_u128)c * g->ncols / g->f->ncols);
}

int hb_grid_group(const struct hb_grid *g, size_t j, uint64_t *first,
                  uint64_t *last)
{
    if (g->align == HB_ALIGN_TIME) {
        *first = g->c_first + (uint64_t)j * g->per_col;
        *last = *first + g->per_col - 1;
    } else if (g->starts != NULL) {
        *first = g->starts[j];
        *last = g->starts[j + 1] - 1;
    } else {
        hb_u128 nc = g->f->ncols, n = g->ncols;
        *first = (uint64_t)((j * nc + n - 1) / n);
        *last = (uint64_t)(((j + 1) * nc + n - 1) / n) - 1;
    }
    if (*last > g->c_last)
        *last = g->c_last;
    return *first <= *last;
}

int hb_grid_span(const struct hb_grid *g, size_t j, uint64_t *start,
                 uint64_t *end)
{
    uint64_t first, last;
    if (!hb_grid_group(g, j, &first, &last))
        return 0;
    *start = hb_col_start(g->f, first);
    *end = hb_col_span_end(g->f, last);
    return 1;
}

/* The cell records of the grid's stored columns: [*first, *end). */
static void grid_cells(const struct hb_grid *g, size_t *first, size_t *end)
{
    const struct hb_file *f = g->f;
    if (g->c_first > g->c_last) {
        *first = *end = 0;
        return;
    }
    *first = g->c_first == 0 ? 0 : hb_first_cell_from(f, g->c_first);
    *end = g->c_last + 1 >= f->ncols ? f->ncells
                                     : hb_first_cell_from(f, g->c_last + 1);
}

/* Widen [*lo, *hi] (`have`: it holds a band) with the bands whose quiet
 * cells carry live bytes into the grid's first stored column (version 3).
 * Returns whether it holds a band, or -1. */
static int carried_bands(const struct hb_grid *g, int have, uint64_t *lo,
                         uint64_t *hi, struct hb_error *err)
{
    const struct hb_file *f = g->f;
    struct hb_cell_cursor q;
    if (g->c_first == 0 || g->c_first > g->c_last)
        return have;
    if (hb_cells_open(&q, f, g->c_first, g->c_last, 0, f->nbands - 1) < 0)
        return hb_error_nomem(err, "building the chart");
    for (uint64_t b = 0; b < f->nbands; b++) {
        if (hb_cells_quiet(&q, b) == 0)
            continue;
        if (!have || b < *lo)
            *lo = b;
        if (!have || b > *hi)
            *hi = b;
        have = 1;
    }
    hb_cells_close(&q);
    return have;
}

int hb_grid_bands(const struct hb_grid *g, uint64_t *lo, uint64_t *hi,
                  struct hb_error *err)
{
    const struct hb_file *f = g->f;
    size_t first, end;
    grid_cells(g, &first, &end);
    if (first == 0 && end == f->ncells) {     /* the parser's range */
        *lo = f->cells_b_lo;
        *hi = f->cells_b_hi;
        return f->ncells > 0;
    }
    for (size_t i = first; i < end; i++) {
        const struct hb_cellrec *cell = &f->cells[i];
        if (i == first || cell->b < *lo)
            *lo = cell->b;
        if (i == first || cell->b > *hi)
            *hi = cell->b;
    }
    return carried_bands(g, end > first, lo, hi, err);
}

/* ------------------------------------------------------------- values */

/* acc / den (den > 0) as a double, exact to the double's precision even
 * when acc needs more than 64 bits.  Shifts when den is a power of two (as
 * the time of a chart column usually is), 64-bit operations when they are
 * enough: both give the same quotient and remainder as the 128-bit
 * division, which is much slower (there is a division per cell). */
static double ratio(hb_u128 acc, uint64_t den)
{
    hb_u128 q, r;
    if ((den & (den - 1)) == 0) {
        q = acc >> __builtin_ctzll(den);
        r = acc & (den - 1);
    } else if (acc <= UINT64_MAX) {
        q = (uint64_t)acc / den;
        r = (uint64_t)acc % den;
    } else {
        q = acc / den;
        r = acc % den;
    }
    double whole = q <= UINT64_MAX ? (double)(uint64_t)q : (double)q;
    return whole + (double)(uint64_t)r / (double)den;
}

/* What a cell record gives its chart cell. */
enum merge_rule {
    SUM_ALLOCS, SUM_ALLOC_BYTES,   /* allocs charts */
    AVG_LIVE,                      /* sum of LIVE_INTEGRAL / time */
    MAX_LIVE,                      /* the largest LIVE_MAX */
    END_LIVE                       /* LIVE_END of the last stored column */
};

static enum merge_rule merge_rule(const struct hb_selection *sel)
{
    if (sel->kind == HB_CHART_ALLOCS)
        return sel->weight == HB_WEIGHT_BYTES ? SUM_ALLOC_BYTES : SUM_ALLOCS;
    return sel->stat == HB_STAT_MAX ? MAX_LIVE
         : sel->stat == HB_STAT_END ? END_LIVE : AVG_LIVE;
}

/* The chart column being filled: its number, its stored columns (none if
 * first > last: a time grid past the file's end) and its time. */
struct fill_col {
    size_t j;
    uint64_t first, last;
    uint64_t time;
};

static void start_col(const struct hb_grid *g, const uint64_t *x_start,
                      const uint64_t *x_end, size_t j, struct fill_col *col)
{
    uint64_t start = 0, end = 0;
    col->j = j;
    if (!hb_grid_group(g, j, &col->first, &col->last)) {
        col->first = 1;
        col->last = 0;
    }
    if (x_start != NULL) {
        start = x_start[j];
        end = x_end[j];
    } else {
        hb_grid_span(g, j, &start, &end);
    }
    col->time = end - start;
}

/* What hb_grid_fill works on. */
struct fill {
    const struct hb_grid *g;
    uint64_t first_band, last_band;
    const uint64_t *x_start, *x_end;   /* NULL: the file's own times */
    double *cells;
    const size_t *row_cells;           /* NULL: row r at r * ncols */
    hb_u128 *acc;                      /* a sum per row, or NULL */
    struct hb_cell_cursor *cur;        /* the cells, quiet ones as runs
                                        * (opened for a live chart only) */
};

/* The cell of row r in chart column j. */
static inline double *cell_at(const struct fill *fl, size_t r, size_t j)
{
    return &fl->cells[(fl->row_cells != NULL ? fl->row_cells[r]
                                             : r * fl->g->ncols) + j];
}

/* Column col's sums (one per row) into its cells: counts, or averages
 * over its time; the sums are cleared for the next column. */
static void flush_sums(const struct fill *fl, enum merge_rule rule,
                       size_t nrows, const struct fill_col *col)
{
    uint64_t den = rule == AVG_LIVE ? col->time : 1;
    for (size_t r = 0; r < nrows; r++) {
        if (fl->acc[r] == 0)
            continue;               /* the cell stays 0 */
        *cell_at(fl, r, col->j) = ratio(fl->acc[r], den);
        fl->acc[r] = 0;
    }
}

/* One cell's value in its chart cell: a stored cell of stored column c
 * (LIVE_MAX live_max, LIVE_END live_end, LIVE_INTEGRAL integral, and
 * allocs, bytes), or a run of quiet cells ending with column c. */
static inline __attribute__((always_inline)) void
merge_cell(const struct fill *fl, enum merge_rule rule,
           const struct fill_col *col, size_t r, uint64_t c,
           uint64_t allocs, uint64_t bytes, uint64_t live_end,
           uint64_t live_max, hb_u128 integral)
{
    double *cell = cell_at(fl, r, col->j);
    switch (rule) {
    case SUM_ALLOCS:
        fl->acc[r] += allocs;
        break;
    case SUM_ALLOC_BYTES:
        fl->acc[r] += bytes;
        break;
    case AVG_LIVE:
        if (col->time > 0)
            fl->acc[r] += integral;
        else if (c == col->last)    /* no time: its value then */
            *cell = (double)live_end;
        break;
    case MAX_LIVE:
        if ((double)live_max > *cell)
            *cell = (double)live_max;
        break;
    case END_LIVE:
        if (c == col->last)
            *cell = (double)live_end;
        break;
    }
}

/* Does a quiet cell count for this rule?  It has no events, so only for
 * the live charts. */
static inline int quiet_counts(enum merge_rule rule)
{
    return rule != SUM_ALLOCS && rule != SUM_ALLOC_BYTES;
}

/* A run of quiet cells of row r in chart column col (see the head
 * comment), if it is not empty. */
static inline __attribute__((always_inline)) void
merge_run(const struct fill *fl, enum merge_rule rule,
          const struct fill_col *col, size_t r,
          const struct hb_quiet_cells *run)
{
    if (run->first > run->last)
        return;
    merge_cell(fl, rule, col, r, run->last, 0, 0, run->live, run->live,
               hb_quiet_integral(fl->g->f, run));
}

/* Chart column col is complete: the rest of its rows' quiet cells (for a
 * live chart), then its sums. */
static inline __attribute__((always_inline)) void
end_col(const struct fill *fl, enum merge_rule rule,
        const struct fill_col *col)
{
    size_t nrows = (size_t)(fl->last_band - fl->first_band + 1);
    struct hb_quiet_cells run;
    if (quiet_counts(rule) && col->first <= col->last)
        for (size_t r = 0; r < nrows; r++)
            if (hb_cells_rest(fl->cur, fl->first_band + r, col->last + 1,
                              &run))
                merge_run(fl, rule, col, r, &run);
    if (fl->acc != NULL)
        flush_sums(fl, rule, nrows, col);
}

/* Move the fill from chart column col to chart column j: an allocs chart
 * skips the chart columns between (they have no record, so nothing), a
 * live chart fills them with the quiet cells. */
static inline __attribute__((always_inline)) void
next_col(const struct fill *fl, enum merge_rule rule, struct fill_col *col,
         size_t j)
{
    if (col->j != SIZE_MAX)
        end_col(fl, rule, col);
    if (quiet_counts(rule))
        for (size_t k = col->j == SIZE_MAX ? 0 : col->j + 1; k < j; k++) {
            start_col(fl->g, fl->x_start, fl->x_end, k, col);
            end_col(fl, rule, col);
        }
    if (j < fl->g->ncols)
        start_col(fl->g, fl->x_start, fl->x_end, j, col);
}

/* The next cell record of the fill's bands from record *i on (up to end,
 * excluded), or NULL: for a chart of events alone, which reads no quiet
 * cell and so needs no cursor. */
static inline const struct hb_cellrec *next_event(const struct fill *fl,
                                                  size_t *i, size_t end)
{
    const struct hb_cellrec *cells = fl->g->f->cells;
    uint64_t lo = fl->first_band, width = fl->last_band - fl->first_band;
    while (*i < end && cells[*i].b - lo > width)
        ++*i;
    return *i < end ? &cells[(*i)++] : NULL;
}

/* hb_grid_fill for one rule: inlined with the rule a constant, so that
 * each rule gets a loop of its own without a test of the rule per cell.
 * A live chart reads the cells through the cursor (the quiet ones count),
 * a chart of events the records alone. */
static inline __attribute__((always_inline)) void
fill_rule(const struct fill *fl, enum merge_rule rule)
{
    const struct hb_grid *g = fl->g;
    struct fill_col col = { .j = SIZE_MAX, .first = 1, .last = 0, .time = 0 };
    struct hb_cell_step s;
    const struct hb_cellrec *cell;
    uint64_t c = 0;
    int have_c = 0;
    size_t i, end;
    grid_cells(g, &i, &end);
    while ((cell = quiet_counts(rule) ? hb_cells_peek(fl->cur)
                                      : next_event(fl, &i, end)) != NULL) {
        if (!have_c || cell->c != c) {    /* one division per column */
            c = cell->c;
            have_c = 1;
            size_t j = hb_grid_col(g, c);
            if (j != col.j)               /* before the record's run */
                next_col(fl, rule, &col, j);
        }
        size_t r = (size_t)(cell->b - fl->first_band);
        if (quiet_counts(rule)) {
            hb_cells_skip(fl->cur);
            hb_cells_take(fl->cur, cell, &s);
            merge_run(fl, rule, &col, r, &s.quiet);
        }
        merge_cell(fl, rule, &col, r, c, cell->allocs, cell->alloc_bytes,
                   cell->live_end, cell->live_max, cell->live_integral);
    }
    if (quiet_counts(rule))
        next_col(fl, rule, &col, g->ncols);
    else if (col.j != SIZE_MAX)
        end_col(fl, rule, &col);
}

/* The cursor over the grid's cells of bands first..last: 0, or -1 out of
 * memory. */
static int open_cells(const struct hb_grid *g, uint64_t first_band,
                      uint64_t last_band, struct hb_cell_cursor *q)
{
    return hb_cells_open(q, g->f, g->c_first, g->c_last, first_band,
                         last_band);
}

int hb_grid_data_rows(const struct hb_grid *g, const struct hb_selection *sel,
                      uint64_t first_band, uint64_t last_band,
                      unsigned char *has_data, struct hb_error *err)
{
    const struct hb_file *f = g->f;
    size_t nrows = (size_t)(last_band - first_band + 1), first, end;
    memset(has_data, 0, nrows);
    grid_cells(g, &first, &end);
    for (size_t i = first; i < end; i++)
        if (f->cells[i].b >= first_band && f->cells[i].b <= last_band)
            has_data[f->cells[i].b - first_band] = 1;
    if (!quiet_counts(merge_rule(sel)))
        return 0;
    struct hb_cell_cursor q;        /* the quiet cells carried in */
    if (open_cells(g, first_band, last_band, &q) < 0)
        return hb_error_nomem(err, "building the chart");
    for (size_t r = 0; r < nrows; r++)
        has_data[r] |= hb_cells_quiet(&q, first_band + r) != 0;
    hb_cells_close(&q);
    return 0;
}

int hb_grid_fill_rows(const struct hb_grid *g, const struct hb_selection *sel,
                      uint64_t first_band, uint64_t last_band,
                      const uint64_t *x_start, const uint64_t *x_end,
                      const size_t *row_cells, double *cells,
                      struct hb_error *err)
{
    enum merge_rule rule = merge_rule(sel);
    struct hb_cell_cursor q = { .live = NULL, .from = NULL };
    struct fill fl = {
        .g = g, .first_band = first_band, .last_band = last_band,
        .x_start = x_start, .x_end = x_end, .cells = cells,
        .row_cells = row_cells, .acc = NULL, .cur = &q
    };
    if (quiet_counts(rule) && open_cells(g, first_band, last_band, &q) < 0)
        return hb_error_nomem(err, "building the chart");
    int r = 0;
    if (rule == SUM_ALLOCS || rule == SUM_ALLOC_BYTES || rule == AVG_LIVE) {
        fl.acc = calloc((size_t)(last_band - first_band + 1), sizeof *fl.acc);
        r = fl.acc == NULL ? -1 : 0;
    }
    if (r == 0) {
        switch (rule) {
        case SUM_ALLOCS:      fill_rule(&fl, SUM_ALLOCS); break;
        case SUM_ALLOC_BYTES: fill_rule(&fl, SUM_ALLOC_BYTES); break;
        case AVG_LIVE:        fill_rule(&fl, AVG_LIVE); break;
        case MAX_LIVE:        fill_rule(&fl, MAX_LIVE); break;
        case END_LIVE:        fill_rule(&fl, END_LIVE); break;
        }
    }
    hb_cells_close(&q);
    free(fl.acc);
    return r < 0 ? hb_error_nomem(err, "building the chart") : 0;
}

int hb_grid_fill(const struct hb_grid *g, const struct hb_selection *sel,
                 uint64_t first_band, uint64_t last_band,
                 const uint64_t *x_start, const uint64_t *x_end,
                 double *cells, struct hb_error *err)
{
    return hb_grid_fill_rows(g, sel, first_band, last_band, x_start, x_end,
                             NULL, cells, err);
}

static inline void line_max(double *v, uint64_t x)
{
    if ((double)x > *v)
        *v = (double)x;
}

void hb_grid_fill_line(const struct hb_grid *g, double *line)
{
    struct hb_col_cursor q;
    struct hb_quiet_cols quiet;
    if (g->c_first > g->c_last)
        return;
    hb_cols_open(&q, g->f, g->c_first, g->c_last);
    /* A column's LIVE_MAX; a quiet column's is its carried LIVE_END. */
    for (size_t j = 0; j < g->ncols; j++) {
        uint64_t first, last;
        const struct hb_colrec *rec;
        if (!hb_grid_group(g, j, &first, &last))
            continue;
        do {
            rec = hb_cols_next(&q, last + 1, &quiet);
            if (quiet.first <= quiet.last)
                line_max(&line[j], quiet.live_end);
            if (rec != NULL)
                line_max(&line[j], rec->live_max);
        } while (rec != NULL);
    }
}
