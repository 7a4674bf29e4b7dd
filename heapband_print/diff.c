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
