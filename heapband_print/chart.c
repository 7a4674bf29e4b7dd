/* chart.c -- build the matrix as drawn (struct hb_chart) from a parsed file.
 *
 * Chart columns are made of WHOLE stored columns, k at a time, merged by the
 * format's exact rules (sum, max, last), so every value in the chart is an
 * exact aggregate of the file and never an interpolation.  Sums are kept in
 * 128 bits and divided once at the end.
 */
#include "chartbuild.h"
#include "units.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
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

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d != NULL)
        memcpy(d, s, n);
    return d;
}

/* acc / den (den > 0) as a double, exact to the double's precision even
 * when acc needs more than 64 bits.  Shifts when den is a power of two (as
 * the span of a chart column usually is), 64-bit operations when they are
 * enough: both give the same q and r as the 128-bit division, much faster
 * (a chart has a division per cell). */
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

static char *band_label(const struct hb_band *band)
{
    char out[80];
    hb_format_band(out, sizeof out, band->lo, band->hi);
    return dup_str(out);
}

static const char *unit_words(enum hb_unit u)
{
    switch (u) {
    case HB_UNIT_B: return "bytes allocated and freed";
    case HB_UNIT_MS: return "ms";
    default: return "instructions";
    }
}

static const char *value_label(const struct hb_selection *sel)
{
    switch (sel->kind) {
    case HB_CHART_LIVE:
        return sel->stat == HB_STAT_MAX ? "peak live bytes"
             : sel->stat == HB_STAT_END ? "live bytes at column end"
             : "average live bytes";
    case HB_CHART_ALLOCS:
        return sel->weight == HB_WEIGHT_BYTES ? "bytes allocated"
                                              : "allocations";
    default:
        return sel->weight == HB_WEIGHT_BYTES ? "bytes freed or never freed"
                                              : "blocks freed or never freed";
    }
}

static int set_titles(const struct hb_file *f, const struct hb_selection *sel,
                      struct hb_chart *ch)
{
    static const char *const names[] = { "live", "allocs", "lifetime" };
    char xl[80];
    snprintf(xl, sizeof xl, "%s (%s)",
             sel->kind == HB_CHART_LIFETIME ? "lifetime" : "time",
             unit_words(f->unit));
    ch->title = dup_str(f->cmd);
    ch->chart_name = dup_str(names[sel->kind]);
    ch->value_label = dup_str(value_label(sel));
    ch->value_is_bytes = sel->kind == HB_CHART_LIVE
                         || sel->weight == HB_WEIGHT_BYTES;
    ch->time_unit = dup_str(hb_unit_name(f->unit));
    ch->x_label = dup_str(xl);
    return ch->title && ch->chart_name && ch->value_label && ch->time_unit
           && ch->x_label ? 0 : -1;
}

/* Rows: the band range [lo, hi] with data, unless the sizes override it. */
int hb_chart_choose_rows(const struct hb_file *f,
                         const struct hb_selection *sel, int have_data,
                         uint64_t data_lo, uint64_t data_hi,
                         struct hb_chart_map *map, char *err, size_t errlen)
{
    uint64_t lo = have_data ? data_lo : 0, hi = have_data ? data_hi : 0;
    if (sel->has_min_size && sel->has_max_size
        && sel->min_size > sel->max_size) {
        snprintf(err, errlen, "option --min-size: larger than --max-size");
        return -1;
    }
    if (sel->has_min_size) {
        lo = hb_band_of_size(f, sel->min_size);
        if (hi < lo)
            hi = lo;
    }
    if (sel->has_max_size) {
        hi = hb_band_of_size(f, sel->max_size);
        if (lo > hi)
            lo = hi;
    }
    map->first_band = lo;
    map->last_band = hi;
    return 0;
}

/* Allocate the matrix and row labels once the shape is known. */
static int alloc_matrix(const struct hb_file *f, struct hb_chart *ch,
                        const struct hb_chart_map *map, size_t ncols)
{
    ch->nrows = (size_t)(map->last_band - map->first_band + 1);
    ch->ncols = ncols;
    ch->row_labels = calloc(ch->nrows, sizeof *ch->row_labels);
    ch->x_start = calloc(ncols, sizeof *ch->x_start);
    ch->x_end = calloc(ncols, sizeof *ch->x_end);
    ch->cells = calloc(ch->nrows * ncols, sizeof *ch->cells);
    if (!ch->row_labels || !ch->x_start || !ch->x_end || !ch->cells)
        return -1;
    for (size_t r = 0; r < ch->nrows; r++) {
        ch->row_labels[r] = band_label(&f->bands[map->first_band + r]);
        if (ch->row_labels[r] == NULL)
            return -1;
    }
    return 0;
}

static void set_vmax(struct hb_chart *ch)
{
    ch->vmax = 0;
    for (size_t i = 0; i < ch->nrows * ch->ncols; i++)
        if (ch->cells[i] > ch->vmax)
            ch->vmax = ch->cells[i];
}

/* ------------------------------------------------------------ time charts */

static int select_columns(const struct hb_file *f,
                          const struct hb_selection *sel,
                          struct hb_chart_map *map, char *err, size_t errlen)
{
    if (sel->has_from && sel->has_to && sel->from > sel->to) {
        snprintf(err, errlen, "option --from: later than --to");
        return -1;
    }
    map->first_col = sel->has_from ? sel->from / f->col_width : 0;
    if (map->first_col >= f->ncols) {
        snprintf(err, errlen, "option --from: %llu is after the end of the "
                 "run (%llu)", (unsigned long long)sel->from,
                 (unsigned long long)f->end_time);
        return -1;
    }
    map->last_col = f->ncols - 1;
    if (sel->has_to && sel->to / f->col_width < map->last_col)
        map->last_col = sel->to / f->col_width;
    /* The smallest k with ceil(nsel / k) <= max_cols. */
    uint64_t nsel = map->last_col - map->first_col + 1;
    uint64_t max_cols = sel->max_cols > 0 ? sel->max_cols : 1;
    map->per_col = (nsel - 1) / max_cols + 1;
    return 0;
}

/* The first cell of column c or after it (cells are sorted by column). */
static size_t first_cell_from(const struct hb_file *f, uint64_t c)
{
    size_t lo = 0, hi = f->ncells;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (f->cells[mid].c < c)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The cells of the selected columns: [*first, *end) of f->cells.  Only
 * these are read (the cells are most of a file). */
static void selected_cells(const struct hb_file *f,
                           const struct hb_chart_map *map, size_t *first,
                           size_t *end)
{
    *first = map->first_col == 0 ? 0 : first_cell_from(f, map->first_col);
    *end = map->last_col + 1 >= f->ncols ? f->ncells
                                         : first_cell_from(f, map->last_col + 1);
}

/* The band range of the cells within the selected columns: the parser's
 * when every column is selected. */
static int data_bands(const struct hb_file *f, const struct hb_chart_map *map,
                      uint64_t *lo, uint64_t *hi)
{
    size_t first, end;
    selected_cells(f, map, &first, &end);
    if (first == 0 && end == f->ncells) {
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
    return end > first;
}

struct time_grid {
    const struct hb_file *f;
    const struct hb_chart_map *map;
    size_t ncols;
    int cached;               /* chart_col_of's last answer */
    uint64_t cached_c;
    size_t cached_j;
};

/* The chart column of stored column c.  Records come sorted by column, so
 * the last answer is kept: one division per stored column, not per cell. */
static size_t chart_col_of(struct time_grid *g, uint64_t c)
{
    if (!g->cached || c != g->cached_c) {
        g->cached_c = c;
        g->cached_j = (size_t)((c - g->map->first_col) / g->map->per_col);
        g->cached = 1;
    }
    return g->cached_j;
}

static uint64_t group_first(const struct time_grid *g, size_t j)
{
    return g->map->first_col + (uint64_t)j * g->map->per_col;
}

static uint64_t group_last(const struct time_grid *g, size_t j)
{
    uint64_t last = group_first(g, j) + g->map->per_col - 1;
    return last < g->map->last_col ? last : g->map->last_col;
}

/* Chart column j's sums (acc, one per row) into its cells, as averages
 * over its time or as counts; acc is cleared for the next column. */
static void flush_sums(const struct hb_selection *sel, struct hb_chart *ch,
                       hb_u128 *acc, size_t j)
{
    uint64_t span = ch->x_end[j] - ch->x_start[j];
    for (size_t r = 0; r < ch->nrows; r++) {
        if (acc[r] == 0)
            continue;           /* the cell stays 0 */
        size_t at = r * ch->ncols + j;
        if (sel->kind == HB_CHART_ALLOCS)
            ch->cells[at] = ratio(acc[r], 1);
        else if (span > 0)
            ch->cells[at] = ratio(acc[r], span);
        acc[r] = 0;
    }
}

/* What each cell record adds to its chart cell: to its sum (in acc, one per
 * row: the cells come column by column, so a chart column's sums are
 * complete when the next column starts) or as the candidate for max/last. */
static void fill_cells(struct time_grid *g, const struct hb_selection *sel,
                       struct hb_chart *ch, hb_u128 *acc)
{
    const struct hb_file *f = g->f;
    int summed = sel->kind == HB_CHART_ALLOCS || sel->stat == HB_STAT_AVG;
    size_t first, end, sum_col = SIZE_MAX;
    selected_cells(f, g->map, &first, &end);
    for (size_t i = first; i < end; i++) {
        const struct hb_cellrec *cell = &f->cells[i];
        if (cell->b < g->map->first_band || cell->b > g->map->last_band)
            continue;
        size_t j = chart_col_of(g, cell->c);
        size_t r = (size_t)(cell->b - g->map->first_band);
        size_t at = r * g->ncols + j;
        if (summed && j != sum_col) {
            if (sum_col != SIZE_MAX)
                flush_sums(sel, ch, acc, sum_col);
            sum_col = j;
        }
        if (sel->kind == HB_CHART_ALLOCS)
            acc[r] += sel->weight == HB_WEIGHT_BYTES ? cell->alloc_bytes
                                                     : cell->allocs;
        else if (sel->stat == HB_STAT_AVG)
            acc[r] += cell->live_integral;
        else if (sel->stat == HB_STAT_MAX) {
            if ((double)cell->live_max > ch->cells[at])
                ch->cells[at] = (double)cell->live_max;
        } else if (cell->c == group_last(g, j))
            ch->cells[at] = (double)cell->live_end;
    }
    if (sum_col != SIZE_MAX)
        flush_sums(sel, ch, acc, sum_col);
}

/* A column made only of a last stored column starting exactly at the end
 * time has an empty span: its average is its value at that time. */
static void finish_cells(struct time_grid *g,
                         const struct hb_selection *sel, struct hb_chart *ch)
{
    size_t last = ch->ncols - 1;
    if (sel->kind == HB_CHART_LIVE && sel->stat == HB_STAT_AVG
        && ch->x_end[last] == ch->x_start[last]) {
        const struct hb_file *f = g->f;
        for (size_t i = f->ncells; i-- > 0 && f->cells[i].c >= g->map->last_col;) {
            const struct hb_cellrec *cell = &f->cells[i];
            if (cell->c < g->map->first_col || cell->c > g->map->last_col
                || cell->b < g->map->first_band || cell->b > g->map->last_band)
                continue;
            size_t j = chart_col_of(g, cell->c);
            if (ch->x_end[j] == ch->x_start[j])
                ch->cells[(size_t)(cell->b - g->map->first_band) * g->ncols
                          + j] = (double)cell->live_end;
        }
    }
}

/* The total-heap line: the largest heap at any moment of each column (the
 * col records' LIVE_MAX), whatever the cells show, so that the line's top
 * is the selection's peak and the peak column is its tallest bar. */
static int fill_heap_line(struct time_grid *g, struct hb_chart *ch)
{
    const struct hb_file *f = g->f;
    ch->line = calloc(ch->ncols, sizeof *ch->line);
    if (ch->line == NULL)
        return -1;
    for (size_t i = 0; i < f->ncolrecs; i++) {
        const struct hb_colrec *col = &f->cols[i];
        if (col->c < g->map->first_col || col->c > g->map->last_col)
            continue;
        size_t j = chart_col_of(g, col->c);
        if ((double)col->live_max > ch->line[j])
            ch->line[j] = (double)col->live_max;
    }
    ch->line_peak_col = -1;
    for (size_t j = 0; j < ch->ncols; j++)
        if (ch->line[j] > ch->line_max) {
            ch->line_max = ch->line[j];
            ch->line_peak_col = (int)j;
        }
    return 0;
}

/* The phase marks within the time drawn (both ends included: the last
 * column holds the end time). */
static int fill_marks(const struct hb_file *f, struct hb_chart *ch)
{
    uint64_t t0 = ch->x_start[0], t1 = ch->x_end[ch->ncols - 1];
    size_t n = 0;
    for (size_t i = 0; i < f->nmarks; i++)
        n += f->marks[i].t >= t0 && f->marks[i].t <= t1;
    if (n == 0)
        return 0;
    ch->marks = calloc(n, sizeof *ch->marks);
    if (ch->marks == NULL)
        return -1;
    for (size_t i = 0; i < f->nmarks; i++) {
        if (f->marks[i].t < t0 || f->marks[i].t > t1)
            continue;
        struct hb_mark *m = &ch->marks[ch->nmarks++];
        m->time = f->marks[i].t;
        m->name = dup_str(f->marks[i].name);
        if (m->name == NULL)
            return -1;
    }
    return 0;
}

size_t hb_chart_col_of_time(const struct hb_chart *ch, uint64_t t)
{
    size_t lo = 0, hi = ch->ncols - 1;      /* the last column with start <= t */
    while (lo < hi) {
        size_t mid = lo + (hi - lo + 1) / 2;
        if (ch->x_start[mid] <= t)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

static int build_time_chart(const struct hb_file *f,
                            const struct hb_selection *sel,
                            struct hb_chart *ch, struct hb_chart_map *map,
                            char *err, size_t errlen)
{
    if (select_columns(f, sel, map, err, errlen) < 0)
        return -1;
    uint64_t lo = 0, hi = 0;
    int have = data_bands(f, map, &lo, &hi);
    if (hb_chart_choose_rows(f, sel, have, lo, hi, map, err, errlen) < 0)
        return -1;
    uint64_t nsel = map->last_col - map->first_col + 1;
    struct time_grid g = { f, map, (size_t)((nsel - 1) / map->per_col + 1),
                           0, 0, 0 };
    if (alloc_matrix(f, ch, map, g.ncols) < 0)
        goto nomem;
    for (size_t j = 0; j < g.ncols; j++) {
        ch->x_start[j] = hb_col_start(f, group_first(&g, j));
        ch->x_end[j] = hb_col_span_end(f, group_last(&g, j));
    }
    hb_u128 *acc = calloc(ch->nrows, sizeof *acc);
    if (acc == NULL)
        goto nomem;
    fill_cells(&g, sel, ch, acc);
    finish_cells(&g, sel, ch);
    free(acc);
    if (fill_heap_line(&g, ch) < 0 || fill_marks(f, ch) < 0)
        goto nomem;
    set_vmax(ch);
    return 0;
nomem:
    snprintf(err, errlen, "out of memory");
    return -1;
}

/* -------------------------------------------------------- lifetime chart */

static int lifetime_rows(const struct hb_file *f, uint64_t *lo, uint64_t *hi)
{
    int found = 0;
    for (size_t i = 0; i < f->nlifes; i++) {
        if (!found || f->lifes[i].b < *lo)
            *lo = f->lifes[i].b;
        if (!found || f->lifes[i].b > *hi)
            *hi = f->lifes[i].b;
        found = 1;
    }
    for (size_t i = 0; i < f->nleaks; i++) {
        if (!found || f->leaks[i].b < *lo)
            *lo = f->leaks[i].b;
        if (!found || f->leaks[i].b > *hi)
            *hi = f->leaks[i].b;
        found = 1;
    }
    return found;
}

/* Bucket k holds lifetimes [2^(k-1), 2^k) (bucket 0: lifetime 0). */
static void bucket_bounds(uint64_t k, uint64_t *start, uint64_t *end)
{
    *start = k == 0 ? 0 : (uint64_t)1 << (k - 1);
    *end = k == 0 ? 1 : k == 64 ? UINT64_MAX : (uint64_t)1 << k;
}

static int lifetime_labels(const struct hb_file *f, struct hb_chart *ch,
                           const struct hb_chart_map *map)
{
    ch->col_labels = calloc(ch->ncols, sizeof *ch->col_labels);
    if (ch->col_labels == NULL)
        return -1;
    for (size_t j = 0; j < ch->ncols; j++) {
        char buf[40];
        if (j + 1 == ch->ncols) {
            snprintf(buf, sizeof buf, "never");
            ch->x_start[j] = ch->x_end[j] = f->end_time;
        } else {
            uint64_t k = map->first_bucket + j;
            bucket_bounds(k, &ch->x_start[j], &ch->x_end[j]);
            /* The bucket's lower bound: exact powers of two ("2^10", not
             * "1.02k"), except in milliseconds, which read better as
             * "1.02s". */
            if (k > 10 && f->unit != HB_UNIT_MS)
                snprintf(buf, sizeof buf, "2^%llu", (unsigned long long)k - 1);
            else
                hb_format_time(buf, sizeof buf, (double)ch->x_start[j],
                               hb_unit_name(f->unit));
        }
        ch->col_labels[j] = dup_str(buf);
        if (ch->col_labels[j] == NULL)
            return -1;
    }
    return 0;
}

static int build_lifetime_chart(const struct hb_file *f,
                                const struct hb_selection *sel,
                                struct hb_chart *ch, struct hb_chart_map *map,
                                char *err, size_t errlen)
{
    uint64_t lo = 0, hi = 0, kmin = 64, kmax = 0;
    int have = lifetime_rows(f, &lo, &hi);
    if (hb_chart_choose_rows(f, sel, have, lo, hi, map, err, errlen) < 0)
        return -1;
    for (size_t i = 0; i < f->nlifes; i++) {
        const struct hb_liferec *l = &f->lifes[i];
        if (l->b < map->first_band || l->b > map->last_band)
            continue;
        kmin = l->k < kmin ? l->k : kmin;
        kmax = l->k > kmax ? l->k : kmax;
    }
    size_t nbuckets = kmin <= kmax ? (size_t)(kmax - kmin + 1) : 0;
    map->first_bucket = nbuckets ? kmin : 0;
    map->has_never_col = 1;
    map->per_col = 1;
    size_t ncols = nbuckets + 1;
    if (alloc_matrix(f, ch, map, ncols) < 0 || lifetime_labels(f, ch, map) < 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int bytes = sel->weight == HB_WEIGHT_BYTES;
    for (size_t i = 0; i < f->nlifes; i++) {
        const struct hb_liferec *l = &f->lifes[i];
        if (l->b >= map->first_band && l->b <= map->last_band)
            ch->cells[(size_t)(l->b - map->first_band) * ncols
                      + (size_t)(l->k - kmin)] =
                (double)(bytes ? l->bytes : l->count);
    }
    for (size_t i = 0; i < f->nleaks; i++) {
        const struct hb_leakrec *l = &f->leaks[i];
        if (l->b >= map->first_band && l->b <= map->last_band)
            ch->cells[(size_t)(l->b - map->first_band) * ncols + ncols - 1] =
                (double)(bytes ? l->bytes : l->count);
    }
    ch->line_peak_col = -1;
    set_vmax(ch);
    return 0;
}

int hb_chart_build(const struct hb_file *f, const struct hb_selection *sel,
                   struct hb_chart *chart, struct hb_chart_map *map,
                   char *err, size_t errlen)
{
    memset(chart, 0, sizeof *chart);
    memset(map, 0, sizeof *map);
    chart->line_peak_col = -1;
    int r;
    if (set_titles(f, sel, chart) < 0) {
        snprintf(err, errlen, "out of memory");
        r = -1;
    } else if (sel->kind == HB_CHART_LIFETIME) {
        r = build_lifetime_chart(f, sel, chart, map, err, errlen);
    } else {
        r = build_time_chart(f, sel, chart, map, err, errlen);
    }
    if (r < 0)
        hb_chart_free(chart);
    return r;
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
    free(ch->x_start);
    free(ch->x_end);
    free(ch->cells);
    free(ch->line);
    for (size_t i = 0; i < ch->nmarks; i++)
        free((char *)ch->marks[i].name);
    free(ch->marks);
    memset(ch, 0, sizeof *ch);
    ch->line_peak_col = -1;
}
