/* diff.c -- comparing two heap-band files: see diff.h. */
#define _POSIX_C_SOURCE 200809L     /* strdup */
#include "diff.h"

#include "units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- checks */

int hb_diff_compatible(const struct hb_file *o, const struct hb_file *n,
                       char *err, size_t errlen)
{
    if (o->unit != n->unit) {
        snprintf(err, errlen, "the files have different time units (%s and "
                 "%s): run both with the same --time-unit",
                 hb_unit_name(o->unit), hb_unit_name(n->unit));
        return -1;
    }
    int same = o->pow2_bands == n->pow2_bands && o->nbands == n->nbands;
    for (uint64_t b = 0; same && b < o->nbands; b++)
        same = o->bands[b].lo == n->bands[b].lo
               && o->bands[b].hi == n->bands[b].hi;
    if (!same) {
        snprintf(err, errlen, "the files have different size bands (bands: "
                 "%s, %llu bands and bands: %s, %llu bands): run both with "
                 "the same --bands", o->pow2_bands ? "pow2" : "quarter",
                 (unsigned long long)o->nbands,
                 n->pow2_bands ? "pow2" : "quarter",
                 (unsigned long long)n->nbands);
        return -1;
    }
    return 0;
}

#define SAME_ARRAY(a, b, field, count) \
    ((a)->count == (b)->count \
     && ((a)->count == 0 \
         || memcmp((a)->field, (b)->field, (a)->count * sizeof *(a)->field) \
            == 0))

int hb_diff_same_data(const struct hb_file *o, const struct hb_file *n)
{
    if (o->unit != n->unit || o->col_width != n->col_width
        || o->ncols != n->ncols || o->end_time != n->end_time
        || o->nmarks != n->nmarks)
        return 0;
    uint64_t a[HB_DIFF_NTOTALS], b[HB_DIFF_NTOTALS];
    hb_diff_totals(o, a);
    hb_diff_totals(n, b);
    if (memcmp(a, b, sizeof a) != 0 || o->peak_t_left != n->peak_t_left)
        return 0;
    for (size_t i = 0; i < o->nmarks; i++)
        if (o->marks[i].t != n->marks[i].t
            || strcmp(o->marks[i].name, n->marks[i].name) != 0)
            return 0;
    if (!SAME_ARRAY(o, n, cols, ncolrecs) || !SAME_ARRAY(o, n, lifes, nlifes)
        || !SAME_ARRAY(o, n, leaks, nleaks) || o->ncells != n->ncells)
        return 0;
    /* Cells hold a 128-bit field (and padding): compare field by field. */
    for (size_t i = 0; i < o->ncells; i++) {
        const struct hb_cellrec *x = &o->cells[i], *y = &n->cells[i];
        if (x->c != y->c || x->b != y->b || x->allocs != y->allocs
            || x->alloc_bytes != y->alloc_bytes || x->frees != y->frees
            || x->free_bytes != y->free_bytes || x->live_end != y->live_end
            || x->live_max != y->live_max
            || x->live_integral != y->live_integral)
            return 0;
    }
    return 1;
}

/* ------------------------------------------------------------- totals */

const char *const hb_diff_total_names[HB_DIFF_NTOTALS] = {
    "allocations", "bytes allocated", "frees", "bytes freed", "peak bytes",
    "peak blocks", "peak time", "live at exit, bytes", "live at exit, blocks",
    "unknown frees", "end time",
};

void hb_diff_totals(const struct hb_file *f, uint64_t out[HB_DIFF_NTOTALS])
{
    const uint64_t v[HB_DIFF_NTOTALS] = {
        f->total_allocs, f->total_alloc_bytes, f->total_frees,
        f->total_free_bytes, f->peak_bytes, f->peak_blocks,
        f->peak_t_reached, f->exit_bytes, f->exit_blocks, f->unknown_frees,
        f->end_time,
    };
    memcpy(out, v, sizeof v);
}

const char *const hb_diff_band_names[HB_DIFF_NBAND] = {
    "allocations", "bytes allocated", "frees", "bytes freed", "peak live",
    "bytes leaked",
};
const int hb_diff_band_is_bytes[HB_DIFF_NBAND] = { 0, 1, 0, 1, 1, 1 };

/* The six band totals of every band: nbands * HB_DIFF_NBAND values. */
static uint64_t *band_totals(const struct hb_file *f)
{
    uint64_t *t = calloc((size_t)f->nbands * HB_DIFF_NBAND, sizeof *t);
    if (t == NULL)
        return NULL;
    for (size_t i = 0; i < f->ncells; i++) {
        const struct hb_cellrec *c = &f->cells[i];
        uint64_t *v = &t[c->b * HB_DIFF_NBAND];
        v[0] += c->allocs;
        v[1] += c->alloc_bytes;
        v[2] += c->frees;
        v[3] += c->free_bytes;
        if (c->live_max > v[4])
            v[4] = c->live_max;
    }
    for (size_t i = 0; i < f->nleaks; i++)
        t[f->leaks[i].b * HB_DIFF_NBAND + 5] = f->leaks[i].bytes;
    return t;
}

static uint64_t abs_diff(uint64_t a, uint64_t b)
{
    return a > b ? a - b : b - a;
}

static uint64_t count_change(const struct hb_band_change *c)
{
    uint64_t m = 0;
    for (int q = 0; q < HB_DIFF_NBAND; q++)
        if (!hb_diff_band_is_bytes[q] && abs_diff(c->old_v[q], c->new_v[q]) > m)
            m = abs_diff(c->old_v[q], c->new_v[q]);
    return m;
}

static int by_change(const void *pa, const void *pb)
{
    const struct hb_band_change *a = pa, *b = pb;
    if (a->byte_change != b->byte_change)
        return a->byte_change > b->byte_change ? -1 : 1;
    uint64_t ca = count_change(a), cb = count_change(b);
    if (ca != cb)
        return ca > cb ? -1 : 1;
    return (a->band > b->band) - (a->band < b->band);
}

struct hb_band_change *hb_diff_bands(const struct hb_file *o,
                                     const struct hb_file *n, size_t *count)
{
    uint64_t *to = band_totals(o), *tn = band_totals(n);
    struct hb_band_change *out = NULL;
    size_t k = 0;
    *count = 0;
    if (to == NULL || tn == NULL)
        goto done;
    for (uint64_t b = 0; b < n->nbands; b++)
        k += memcmp(&to[b * HB_DIFF_NBAND], &tn[b * HB_DIFF_NBAND],
                    HB_DIFF_NBAND * sizeof *to) != 0;
    if (k == 0 || (out = calloc(k, sizeof *out)) == NULL)
        goto done;
    for (uint64_t b = 0; b < n->nbands; b++) {
        const uint64_t *vo = &to[b * HB_DIFF_NBAND], *vn = &tn[b * HB_DIFF_NBAND];
        if (memcmp(vo, vn, HB_DIFF_NBAND * sizeof *vo) == 0)
            continue;
        struct hb_band_change *c = &out[(*count)++];
        c->band = b;
        memcpy(c->old_v, vo, sizeof c->old_v);
        memcpy(c->new_v, vn, sizeof c->new_v);
        for (int q = 0; q < HB_DIFF_NBAND; q++)
            if (hb_diff_band_is_bytes[q] && abs_diff(vo[q], vn[q]) > c->byte_change)
                c->byte_change = abs_diff(vo[q], vn[q]);
    }
    qsort(out, *count, sizeof *out, by_change);
done:
    free(to);
    free(tn);
    return out;
}

void hb_diff_format_change(char *buf, size_t len, uint64_t o, uint64_t n)
{
    if (o == n) {
        snprintf(buf, len, "0");
        return;
    }
    char sign = n > o ? '+' : '-';
    unsigned long long d = (unsigned long long)abs_diff(o, n);
    if (o == 0)
        snprintf(buf, len, "%c%llu (new)", sign, d);
    else
        snprintf(buf, len, "%c%llu (%c%.2f%%)", sign, d, sign,
                 100.0 * (double)d / (double)o);
}

/* ------------------------------------------------------------- report */

/* "LABEL WHAT OLD NEW CHANGE": label may be empty (the totals), and then
 * what takes its room. */
static void table_row(FILE *out, const char *label, const char *what,
                      uint64_t o, uint64_t n)
{
    char change[64], head[192];
    hb_diff_format_change(change, sizeof change, o, n);
    if (label == NULL)
        snprintf(head, sizeof head, "%s", what);
    else
        snprintf(head, sizeof head, "%-9s %s", label, what);
    fprintf(out, "%-26s %14llu %14llu  %s\n", head, (unsigned long long)o,
            (unsigned long long)n, change);
}

void hb_diff_report(FILE *out, const struct hb_file *o,
                    const struct hb_file *n, const char *old_name,
                    const char *new_name)
{
    fprintf(out, "heapband diff: old %s, new %s\n", old_name, new_name);
    if (hb_diff_same_data(o, n)) {
        fprintf(out, "no differences\n");
        return;
    }
    fprintf(out, "old: %s\nnew: %s\n", o->cmd, n->cmd);
    fprintf(out, "time unit: %s\n\n", hb_unit_name(n->unit));
    uint64_t to[HB_DIFF_NTOTALS], tn[HB_DIFF_NTOTALS];
    hb_diff_totals(o, to);
    hb_diff_totals(n, tn);
    fprintf(out, "%-26s %14s %14s  %s\n", "run totals", "old", "new",
            "change");
    for (int i = 0; i < HB_DIFF_NTOTALS; i++)
        table_row(out, NULL, hb_diff_total_names[i], to[i], tn[i]);

    size_t nb;
    struct hb_band_change *bc = hb_diff_bands(o, n, &nb);
    fputc('\n', out);
    if (nb == 0) {
        fprintf(out, "no band changed its totals\n");
        return;
    }
    fprintf(out, "%zu band%s changed (largest byte change first; only the "
            "figures that changed):\n", nb, nb == 1 ? "" : "s");
    fprintf(out, "%-26s %14s %14s  %s\n", "band", "old", "new", "change");
    for (size_t i = 0; i < nb; i++) {
        char label[80];
        const struct hb_band *band = &n->bands[bc[i].band];
        hb_format_band(label, sizeof label, band->lo, band->hi);
        int first = 1;
        for (int q = 0; q < HB_DIFF_NBAND; q++) {
            if (bc[i].old_v[q] == bc[i].new_v[q])
                continue;
            table_row(out, first ? label : "", hb_diff_band_names[q],
                      bc[i].old_v[q], bc[i].new_v[q]);
            first = 0;
        }
    }
    free(bc);
}

/* ------------------------------------------------------- the chart */

/* How one file's stored columns make the chart's columns. */
struct grid {
    const struct hb_file *f;
    enum hb_align align;
    size_t ncols;              /* chart columns */
    uint64_t c_first, c_last;  /* stored columns used; c_last < f->ncols */
    int empty;                 /* no stored column of the file is used */
    uint64_t per;              /* time: stored columns per chart column */
};

static size_t grid_col(const struct grid *g, uint64_t c)
{
    if (g->align == HB_ALIGN_TIME)
        return (size_t)((c - g->c_first) / g->per);
    __extension__ unsigned __int128 x = c;
    return (size_t)(x * g->ncols / g->f->ncols);
}

/* The stored columns [*first, *last] of chart column j; 0 if none. */
static int grid_group(const struct grid *g, size_t j, uint64_t *first,
                      uint64_t *last)
{
    if (g->empty)
        return 0;
    if (g->align == HB_ALIGN_TIME) {
        *first = g->c_first + (uint64_t)j * g->per;
        *last = *first + g->per - 1;
    } else {
        __extension__ unsigned __int128 nc = g->f->ncols, n = g->ncols;
        *first = (uint64_t)((j * nc + n - 1) / n);
        *last = (uint64_t)(((j + 1) * nc + n - 1) / n) - 1;
    }
    if (*last > g->c_last)
        *last = g->c_last;
    return *first <= *last;
}

static double ratio(hb_u128 acc, uint64_t den)
{
    hb_u128 q = acc / den, r = acc % den;
    return (double)q + (double)r / (double)den;
}

/* The chart matrix of one file on its grid: out[r * ncols + j].  span[j]
 * is the time each chart column's average is taken over. */
static int fill_matrix(const struct grid *g, const struct hb_selection *sel,
                       const struct hb_chart_map *map, const uint64_t *span,
                       double *out)
{
    const struct hb_file *f = g->f;
    size_t nrows = (size_t)(map->last_band - map->first_band + 1);
    hb_u128 *acc = calloc(nrows * g->ncols, sizeof *acc);
    if (acc == NULL)
        return -1;
    int avg = sel->kind == HB_CHART_LIVE && sel->stat == HB_STAT_AVG;
    for (size_t i = 0; !g->empty && i < f->ncells; i++) {
        const struct hb_cellrec *cell = &f->cells[i];
        if (cell->c < g->c_first || cell->c > g->c_last
            || cell->b < map->first_band || cell->b > map->last_band)
            continue;
        size_t j = grid_col(g, cell->c);
        size_t at = (size_t)(cell->b - map->first_band) * g->ncols + j;
        uint64_t first = 0, last = 0;
        grid_group(g, j, &first, &last);
        if (sel->kind == HB_CHART_ALLOCS)
            acc[at] += sel->weight == HB_WEIGHT_BYTES ? cell->alloc_bytes
                                                      : cell->allocs;
        else if (avg && span[j] > 0)
            acc[at] += cell->live_integral;
        else if (sel->stat == HB_STAT_MAX) {
            if ((double)cell->live_max > out[at])
                out[at] = (double)cell->live_max;
        } else if (cell->c == last) {
            /* The end of the column; also the average of a column of no
             * length (a last stored column starting at the end time). */
            out[at] = (double)cell->live_end;
        }
    }
    for (size_t r = 0; r < nrows; r++)
        for (size_t j = 0; j < g->ncols; j++) {
            size_t at = r * g->ncols + j;
            if (sel->kind == HB_CHART_ALLOCS)
                out[at] = ratio(acc[at], 1);
            else if (avg && span[j] > 0)
                out[at] = ratio(acc[at], span[j]);
        }
    free(acc);
    return 0;
}

/* The band range with data in the used stored columns of either file,
 * unless --min-size/--max-size say otherwise (as for one file). */
static int choose_rows(const struct grid *go, const struct grid *gn,
                       const struct hb_selection *sel,
                       struct hb_chart_map *map, char *err, size_t errlen)
{
    const struct grid *gs[2] = { go, gn };
    int have = 0;
    uint64_t lo = 0, hi = 0;
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; !gs[k]->empty && i < gs[k]->f->ncells; i++) {
            const struct hb_cellrec *c = &gs[k]->f->cells[i];
            if (c->c < gs[k]->c_first || c->c > gs[k]->c_last)
                continue;
            if (!have || c->b < lo)
                lo = c->b;
            if (!have || c->b > hi)
                hi = c->b;
            have = 1;
        }
    return hb_chart_choose_rows(gn->f, sel, have, lo, hi, map, err, errlen);
}

/* Absolute time: both grids over the same time intervals. */
static int time_grids(const struct hb_file *o, const struct hb_file *n,
                      const struct hb_selection *sel, struct grid *go,
                      struct grid *gn, uint64_t *unit, uint64_t *u0,
                      char *err, size_t errlen)
{
    uint64_t wmax = o->col_width > n->col_width ? o->col_width : n->col_width;
    uint64_t end = o->end_time > n->end_time ? o->end_time : n->end_time;
    if (sel->has_from && sel->has_to && sel->from > sel->to) {
        snprintf(err, errlen, "option --from: later than --to");
        return -1;
    }
    uint64_t first = sel->has_from ? sel->from / wmax : 0;
    uint64_t last = end / wmax;
    if (first > last) {
        snprintf(err, errlen, "option --from: %llu is after the end of both "
                 "runs (%llu)", (unsigned long long)sel->from,
                 (unsigned long long)end);
        return -1;
    }
    if (sel->has_to && sel->to / wmax < last)
        last = sel->to / wmax;
    uint64_t nsel = last - first + 1;
    uint64_t max_cols = sel->max_cols > 0 ? sel->max_cols : 1;
    uint64_t k = (nsel - 1) / max_cols + 1;
    size_t ncols = (size_t)((nsel - 1) / k + 1);
    struct grid *gs[2] = { go, gn };
    for (int i = 0; i < 2; i++) {
        const struct hb_file *f = i ? n : o;
        uint64_t r = wmax / f->col_width;
        *gs[i] = (struct grid){ f, HB_ALIGN_TIME, ncols, first * r, 0, 0,
                                k * r };
        gs[i]->c_last = (last + 1) * r - 1;
        if (gs[i]->c_last > f->ncols - 1)
            gs[i]->c_last = f->ncols - 1;
        gs[i]->empty = gs[i]->c_first > gs[i]->c_last;
    }
    *unit = k * wmax;
    *u0 = first * wmax;
    return 0;
}

/* Marks: NEW's, and OLD's that NEW does not have at the same place, named
 * "old: NAME"; by time.  t_of_old maps an OLD time to the chart's. */
static int add_mark(struct hb_chart *ch, size_t *cap, uint64_t t,
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
    char *s = malloc(strlen(prefix) + strlen(name) + 1);
    if (s == NULL)
        return -1;
    strcpy(s, prefix);
    strcat(s, name);
    ch->marks[ch->nmarks++] = (struct hb_mark){ t, s };
    return 0;
}

static int by_time(const void *pa, const void *pb)
{
    const struct hb_mark *a = pa, *b = pb;
    return (a->time > b->time) - (a->time < b->time);
}

/* Where OLD's time t is drawn: itself (time), or at the same fraction of
 * the chart column holding its stored column (fraction). */
static uint64_t old_time_on_chart(const struct grid *go,
                                  const struct hb_chart *ch, uint64_t t)
{
    if (go->align == HB_ALIGN_TIME)
        return t;
    const struct hb_file *f = go->f;
    uint64_t c = t / f->col_width, first = 0, last = 0;
    if (c >= f->ncols)
        c = f->ncols - 1;
    size_t j = grid_col(go, c);
    grid_group(go, j, &first, &last);
    uint64_t s = hb_col_start(f, first), e = hb_col_span_end(f, last);
    if (e <= s)
        return ch->x_start[j];
    long double fr = (long double)(t - s) / (long double)(e - s);
    return ch->x_start[j]
           + (uint64_t)(fr * (long double)(ch->x_end[j] - ch->x_start[j]));
}

static int fill_marks(const struct grid *go, const struct grid *gn,
                      struct hb_chart *ch)
{
    uint64_t t0 = ch->x_start[0], t1 = ch->x_end[ch->ncols - 1];
    size_t cap = 0;
    const struct hb_file *n = gn->f, *o = go->f;
    for (size_t i = 0; i < n->nmarks; i++)
        if (n->marks[i].t >= t0 && n->marks[i].t <= t1
            && add_mark(ch, &cap, n->marks[i].t, "", n->marks[i].name) < 0)
            return -1;
    size_t nnew = ch->nmarks;
    for (size_t i = 0; i < o->nmarks; i++) {
        uint64_t t = old_time_on_chart(go, ch, o->marks[i].t);
        if (go->align == HB_ALIGN_TIME && (t < t0 || t > t1))
            continue;
        int dup = 0;
        for (size_t k = 0; k < nnew && !dup; k++)
            dup = ch->marks[k].time == t
                  && strcmp(ch->marks[k].name, o->marks[i].name) == 0;
        if (!dup && add_mark(ch, &cap, t, "old: ", o->marks[i].name) < 0)
            return -1;
    }
    if (ch->nmarks > 1)      /* stable enough: equal times keep NEW first */
        qsort(ch->marks, ch->nmarks, sizeof *ch->marks, by_time);
    return 0;
}

static const char *unit_words(enum hb_unit u)
{
    switch (u) {
    case HB_UNIT_B: return "bytes allocated and freed";
    case HB_UNIT_MS: return "ms";
    default: return "instructions";
    }
}

static int set_titles(const struct hb_file *o, const struct hb_file *n,
                      const struct hb_selection *sel, enum hb_align align,
                      struct hb_chart *ch)
{
    char buf[8400];
    if (strcmp(o->cmd, n->cmd) == 0)
        snprintf(buf, sizeof buf, "new minus old: %s", n->cmd);
    else
        snprintf(buf, sizeof buf, "new minus old: %s  vs  %s", n->cmd, o->cmd);
    ch->title = strdup(buf);
    ch->chart_name = strdup(sel->kind == HB_CHART_LIVE ? "live difference"
                                                        : "allocs difference");
    const char *what =
        sel->kind == HB_CHART_ALLOCS
            ? (sel->weight == HB_WEIGHT_BYTES ? "bytes allocated"
                                              : "allocations")
        : sel->stat == HB_STAT_MAX ? "peak live bytes"
        : sel->stat == HB_STAT_END ? "live bytes at column end"
        : "average live bytes";
    snprintf(buf, sizeof buf, "change in %s", what);
    ch->value_label = strdup(buf);
    ch->value_is_bytes = sel->kind != HB_CHART_ALLOCS
                         || sel->weight == HB_WEIGHT_BYTES;
    ch->time_unit = strdup(hb_unit_name(n->unit));
    if (align == HB_ALIGN_TIME)
        snprintf(buf, sizeof buf, "time (%s)", unit_words(n->unit));
    else
        snprintf(buf, sizeof buf, "time of new (%s); old at the same "
                 "fraction of its run", unit_words(n->unit));
    ch->x_label = strdup(buf);
    return ch->title && ch->chart_name && ch->value_label && ch->time_unit
           && ch->x_label ? 0 : -1;
}

static int build(const struct hb_file *o, const struct hb_file *n,
                 const struct hb_selection *sel, enum hb_align align,
                 struct hb_chart *ch, struct hb_chart_map *map, char *err,
                 size_t errlen)
{
    struct grid go, gn;
    uint64_t unit = 0, u0 = 0;
    if (sel->kind == HB_CHART_LIFETIME) {
        snprintf(err, errlen, "option --chart: --diff draws live or allocs "
                 "charts, not lifetime");
        return -1;
    }
    if (align == HB_ALIGN_TIME) {
        if (time_grids(o, n, sel, &go, &gn, &unit, &u0, err, errlen) < 0)
            return -1;
    } else {
        if (sel->has_from || sel->has_to) {
            snprintf(err, errlen, "option %s: does not apply with "
                     "--align=fraction", sel->has_from ? "--from" : "--to");
            return -1;
        }
        uint64_t nc = o->ncols < n->ncols ? o->ncols : n->ncols;
        size_t ncols = (size_t)(sel->max_cols > 0 && sel->max_cols < nc
                                ? sel->max_cols : nc);
        go = (struct grid){ o, align, ncols, 0, o->ncols - 1, 0, 0 };
        gn = (struct grid){ n, align, ncols, 0, n->ncols - 1, 0, 0 };
    }
    if (set_titles(o, n, sel, align, ch) < 0)
        return -2;
    if (choose_rows(&go, &gn, sel, map, err, errlen) < 0)
        return -1;
    map->first_col = gn.c_first;
    map->last_col = gn.c_last;
    map->per_col = align == HB_ALIGN_TIME ? gn.per : 0;

    size_t ncols = gn.ncols;
    ch->ncols = ncols;
    ch->nrows = (size_t)(map->last_band - map->first_band + 1);
    ch->row_labels = calloc(ch->nrows, sizeof *ch->row_labels);
    ch->x_start = calloc(ncols, sizeof *ch->x_start);
    ch->x_end = calloc(ncols, sizeof *ch->x_end);
    ch->cells = calloc(ch->nrows * ncols, sizeof *ch->cells);
    double *old_cells = calloc(ch->nrows * ncols, sizeof *old_cells);
    uint64_t *span_o = calloc(ncols, sizeof *span_o);
    uint64_t *span_n = calloc(ncols, sizeof *span_n);
    int r = -2;
    if (!ch->row_labels || !ch->x_start || !ch->x_end || !ch->cells
        || !old_cells || !span_o || !span_n)
        goto out;
    for (size_t i = 0; i < ch->nrows; i++) {
        char label[80];
        const struct hb_band *b = &n->bands[map->first_band + i];
        hb_format_band(label, sizeof label, b->lo, b->hi);
        if ((ch->row_labels[i] = strdup(label)) == NULL)
            goto out;
    }
    uint64_t end = o->end_time > n->end_time ? o->end_time : n->end_time;
    for (size_t j = 0; j < ncols; j++) {
        uint64_t first = 0, last = 0;
        if (align == HB_ALIGN_TIME) {
            ch->x_start[j] = u0 + (uint64_t)j * unit;
            ch->x_end[j] = ch->x_start[j] + unit < end ? ch->x_start[j] + unit
                                                       : end;
            span_o[j] = span_n[j] = ch->x_end[j] - ch->x_start[j];
        } else {
            grid_group(&gn, j, &first, &last);
            ch->x_start[j] = hb_col_start(n, first);
            ch->x_end[j] = hb_col_span_end(n, last);
            span_n[j] = ch->x_end[j] - ch->x_start[j];
            grid_group(&go, j, &first, &last);
            span_o[j] = hb_col_span_end(o, last) - hb_col_start(o, first);
        }
    }
    if (fill_matrix(&go, sel, map, span_o, old_cells) < 0
        || fill_matrix(&gn, sel, map, span_n, ch->cells) < 0)
        goto out;
    ch->vmax = 0;
    for (size_t i = 0; i < ch->nrows * ncols; i++) {
        ch->cells[i] -= old_cells[i];
        if (fabs(ch->cells[i]) > ch->vmax)
            ch->vmax = fabs(ch->cells[i]);
    }
    ch->diverging = 1;
    ch->line_peak_col = -1;
    r = fill_marks(&go, &gn, ch) < 0 ? -2 : 0;
out:
    free(old_cells);
    free(span_o);
    free(span_n);
    return r;
}

int hb_diff_chart_build(const struct hb_file *o, const struct hb_file *n,
                        const struct hb_selection *sel, enum hb_align align,
                        struct hb_chart *ch, struct hb_chart_map *map,
                        char *err, size_t errlen)
{
    memset(ch, 0, sizeof *ch);
    memset(map, 0, sizeof *map);
    ch->line_peak_col = -1;
    int r = build(o, n, sel, align, ch, map, err, errlen);
    if (r == -2)
        snprintf(err, errlen, "out of memory");
    if (r < 0)
        hb_chart_free(ch);
    return r < 0 ? -1 : 0;
}
