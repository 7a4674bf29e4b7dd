/* metrics.c -- the table of metrics and how each is read from the model
 * (see metrics.h).
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see error.h
 * and the file COPYING.
 *
 * Owns: the metric table, and the switches that say where a metric's
 * value lives: the run summary (hb_metric_run; version 4's memory figures
 * too), a cell (cell_field), what is live at exit (hb_metric_exit_value,
 * for the run, a band's leak and lost lines, a set of sites or what
 * suppressions take away: one place that knows that leaked is definitely
 * plus indirectly lost, or all that is live in a file without leak kinds)
 * or a site's records (hb_metric_sites); a band's slop is its slop line.
 * Nothing else in the printer reads those figures for a metric.
 * Invariant: a metric has a case in cell_field exactly when its band
 * reading is HB_BAND_CELL_SUM or HB_BAND_CELL_PEAK, in
 * hb_metric_exit_value exactly when it is HB_BAND_LEAK, in
 * hb_metric_sites exactly when it is per_site.  Version
 * 3's quiet cells (hbfile.h) add nothing to the sums and never raise a
 * band's own peak (a quiet
 * cell's LIVE_MAX is the LIVE_END of a record before it, at most that
 * record's LIVE_MAX); they count in the peak of several bands, which sums
 * them over each column (read through the model's matrix cursor).  Cost: a run value is one load; the band values
 * are one pass over the cells and the leak lines.
 */
#include "metrics.h"

#include <stdlib.h>
#include <string.h>

#include "site_diff.h"

#define COUNT HB_METRIC_UNIT_COUNT
#define BYTES HB_METRIC_UNIT_BYTES
#define TIME HB_METRIC_UNIT_TIME

#define NEEDED HB_KINDS_NEEDED

const struct hb_metric_info hb_metrics[HB_NMETRICS] = {
    [HB_METRIC_ALLOCS] = { "allocs", "allocations", "allocations",
                           COUNT, HB_BAND_CELL_SUM, 1, 0, 0, 0, 0 },
    [HB_METRIC_ALLOC_BYTES] = { "alloc-bytes", "bytes allocated",
                                "bytes allocated", BYTES, HB_BAND_CELL_SUM,
                                1, 0, 0, 0, 0 },
    [HB_METRIC_FREES] = { "frees", "frees", "frees", COUNT, HB_BAND_CELL_SUM,
                          0, 0, 0, 0, 0 },
    [HB_METRIC_FREE_BYTES] = { "free-bytes", "bytes freed", "bytes freed",
                               BYTES, HB_BAND_CELL_SUM, 0, 0, 0, 0, 0 },
    [HB_METRIC_PEAK] = { "peak", "peak bytes", "peak live",
                         BYTES, HB_BAND_CELL_PEAK, 1, 0, 0, 0, 0 },
    [HB_METRIC_PEAK_BLOCKS] = { "peak-blocks", "peak blocks", NULL,
                                COUNT, HB_BAND_NONE, 1, 0, 0, 0, 0 },
    [HB_METRIC_PEAK_TIME] = { "peak-time", "peak time", NULL,
                              TIME, HB_BAND_NONE, 0, 0, 0, 0, 0 },
    [HB_METRIC_LIVE_AT_EXIT] = { "live-at-exit", "live at exit, bytes",
                                 "bytes at exit", BYTES, HB_BAND_LEAK,
                                 1, 0, 0, 0, 0 },
    [HB_METRIC_LIVE_AT_EXIT_BLOCKS] = { "live-at-exit-blocks",
                                        "live at exit, blocks", NULL, COUNT,
                                        HB_BAND_LEAK, 1, 0, 0, 0, 0 },
    [HB_METRIC_LEAKED] = { "leaked", "leaked (def.+ind.), bytes",
                           "bytes leaked", BYTES, HB_BAND_LEAK, 1,
                           HB_KINDS_FALLBACK, 1, 0, 0 },
    [HB_METRIC_LEAKED_BLOCKS] = { "leaked-blocks",
                                  "leaked (def.+ind.), blocks", NULL, COUNT,
                                  HB_BAND_LEAK, 1, HB_KINDS_FALLBACK, 1, 0, 0 },
    [HB_METRIC_DEFINITELY] = { "definitely-lost", "definitely lost, bytes",
                               "bytes def. lost", BYTES, HB_BAND_LEAK,
                               1, NEEDED, 1, 0, 0 },
    [HB_METRIC_DEFINITELY_BLOCKS] = { "definitely-lost-blocks",
                                      "definitely lost, blocks", NULL, COUNT,
                                      HB_BAND_LEAK, 1, NEEDED, 1, 0, 0 },
    [HB_METRIC_INDIRECTLY] = { "indirectly-lost", "indirectly lost, bytes",
                               "bytes ind. lost", BYTES, HB_BAND_LEAK,
                               1, NEEDED, 1, 0, 0 },
    [HB_METRIC_INDIRECTLY_BLOCKS] = { "indirectly-lost-blocks",
                                      "indirectly lost, blocks", NULL, COUNT,
                                      HB_BAND_LEAK, 1, NEEDED, 1, 0, 0 },
    [HB_METRIC_POSSIBLY] = { "possibly-lost", "possibly lost, bytes",
                             "bytes pos. lost", BYTES, HB_BAND_LEAK, 1,
                             NEEDED, 1, 0, 0 },
    [HB_METRIC_POSSIBLY_BLOCKS] = { "possibly-lost-blocks",
                                    "possibly lost, blocks", NULL, COUNT,
                                    HB_BAND_LEAK, 1, NEEDED, 1, 0, 0 },
    [HB_METRIC_REACHABLE] = { "reachable", "still reachable, bytes",
                              "bytes reachable", BYTES, HB_BAND_LEAK,
                              1, NEEDED, 0, 0, 0 },
    [HB_METRIC_REACHABLE_BLOCKS] = { "reachable-blocks",
                                     "still reachable, blocks", NULL, COUNT,
                                     HB_BAND_LEAK, 1, NEEDED, 0, 0, 0 },
    [HB_METRIC_UNKNOWN_FREES] = { "unknown-frees", "unknown frees", NULL,
                                  COUNT, HB_BAND_NONE, 0, 0, 0, 0, 0 },
    [HB_METRIC_END_TIME] = { "end-time", "end time", NULL,
                             TIME, HB_BAND_NONE, 0, 0, 0, 0, 0 },
    [HB_METRIC_FOOTPRINT] = { "footprint", "footprint, largest", NULL,
                              BYTES, HB_BAND_NONE, 0, 0, 0, 1, 0 },
    [HB_METRIC_FOOTPRINT_EXIT] = { "footprint-exit", "footprint at exit",
                                   NULL, BYTES, HB_BAND_NONE, 0, 0, 0, 1, 0 },
    [HB_METRIC_SLOP] = { "slop", "slop at exit", NULL,
                         BYTES, HB_BAND_SLOP, 0, 0, 0, 1, 0 },
    [HB_METRIC_FRAGMENTATION] = { "fragmentation", "fragmentation at exit",
                                  NULL, BYTES, HB_BAND_NONE, 0, 0, 0, 1, 0 },
    [HB_METRIC_OTHER_ANON] = { "other-anon", "other anon memory at exit",
                               NULL, BYTES, HB_BAND_NONE, 0, 0, 0, 1, 0 },
    [HB_METRIC_FRAGMENTATION_PEAK] = { "fragmentation-peak",
                                       "fragmentation, peak footprint", NULL,
                                       BYTES, HB_BAND_NONE, 0, 0, 0, 1, 0 },
    [HB_METRIC_EXIT_STATUS] = { "exit-status", "exit status", NULL, COUNT,
                                HB_BAND_NONE, 0, 0, 0, 0, 1 },
};

/* A run that ended by an exit or a signal, whose exit-status is known. */
static int has_exit_status(const struct hb_file *f)
{
    return f->ending.kind == HB_ENDING_EXIT
           || f->ending.kind == HB_ENDING_SIGNAL;
}

static uint64_t exit_status(const struct hb_file *f)
{
    return f->ending.kind == HB_ENDING_SIGNAL ? 128 + f->ending.signo
                                              : f->ending.status;
}

/* The live slop at exit: the sum of the slop lines' AT_EXIT. */
static uint64_t slop_exit(const struct hb_file *f)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < f->nslops; i++)
        sum += f->slops[i].at_exit;
    return sum;
}

/* What the allocator held that no live block used: footprint - live -
 * slop, 0 when the blocks' memory came from elsewhere (docs/
 * heapband-format.md, the footprint line). */
static uint64_t unused(uint64_t footprint, uint64_t live, uint64_t slop)
{
    return footprint > live && footprint - live > slop
           ? footprint - live - slop : 0;
}

int hb_metric_find(const char *name, size_t len)
{
    for (int m = 0; m < HB_NMETRICS; m++)
        if (strlen(hb_metrics[m].name) == len
            && memcmp(hb_metrics[m].name, name, len) == 0)
            return m;
    return -1;
}

int hb_metric_readable(const struct hb_file *f, enum hb_metric m)
{
    if (hb_metrics[m].ending)
        return has_exit_status(f);
    return hb_metrics[m].kinds != HB_KINDS_NEEDED || f->leak_kinds;
}

int hb_metric_shown(enum hb_metric m, const struct hb_file *o,
                    const struct hb_file *n)
{
    if (hb_metrics[m].memory && !o->allocator_program
        && (n == NULL || !n->allocator_program))
        return 0;
    if (hb_metrics[m].ending)
        return has_exit_status(o) || (n != NULL && has_exit_status(n));
    return hb_metrics[m].kinds == HB_KINDS_NONE || o->leak_kinds
           || (n != NULL && n->leak_kinds);
}

uint64_t hb_metric_exit_value(enum hb_metric m, uint64_t bytes,
                              uint64_t blocks, const struct hb_lost *lost,
                              int kinds)
{
    static const struct hb_lost none;
    if (!kinds)
        lost = &none;
    switch (m) {
    case HB_METRIC_LIVE_AT_EXIT:        return bytes;
    case HB_METRIC_LIVE_AT_EXIT_BLOCKS: return blocks;
    case HB_METRIC_LEAKED:
        return kinds ? lost->bytes[HB_LOST_DEFINITELY]
                       + lost->bytes[HB_LOST_INDIRECTLY] : bytes;
    case HB_METRIC_LEAKED_BLOCKS:
        return kinds ? lost->blocks[HB_LOST_DEFINITELY]
                       + lost->blocks[HB_LOST_INDIRECTLY] : blocks;
    case HB_METRIC_DEFINITELY:  return lost->bytes[HB_LOST_DEFINITELY];
    case HB_METRIC_DEFINITELY_BLOCKS: return lost->blocks[HB_LOST_DEFINITELY];
    case HB_METRIC_INDIRECTLY:  return lost->bytes[HB_LOST_INDIRECTLY];
    case HB_METRIC_INDIRECTLY_BLOCKS: return lost->blocks[HB_LOST_INDIRECTLY];
    case HB_METRIC_POSSIBLY:    return lost->bytes[HB_LOST_POSSIBLY];
    case HB_METRIC_POSSIBLY_BLOCKS: return lost->blocks[HB_LOST_POSSIBLY];
    case HB_METRIC_REACHABLE:
        return kinds ? bytes - hb_lost_bytes(lost) : 0;
    case HB_METRIC_REACHABLE_BLOCKS:
        return kinds ? blocks - hb_lost_blocks(lost) : 0;
    default:
        return 0;
    }
}

uint64_t hb_metric_run(const struct hb_file *f, enum hb_metric m)
{
    if (hb_metrics[m].band == HB_BAND_LEAK)
        return hb_metric_exit_value(m, f->exit_bytes, f->exit_blocks,
                                    &f->exit_lost, f->leak_kinds);
    switch (m) {
    case HB_METRIC_ALLOCS:        return f->total_allocs;
    case HB_METRIC_ALLOC_BYTES:   return f->total_alloc_bytes;
    case HB_METRIC_FREES:         return f->total_frees;
    case HB_METRIC_FREE_BYTES:    return f->total_free_bytes;
    case HB_METRIC_PEAK:          return f->peak_bytes;
    case HB_METRIC_PEAK_BLOCKS:   return f->peak_blocks;
    case HB_METRIC_PEAK_TIME:     return f->peak_t_reached;
    case HB_METRIC_UNKNOWN_FREES: return f->unknown_frees;
    case HB_METRIC_END_TIME:      return f->end_time;
    case HB_METRIC_EXIT_STATUS:   return exit_status(f);
    case HB_METRIC_FOOTPRINT:     return f->mem.foot_peak;
    case HB_METRIC_FOOTPRINT_EXIT: return f->mem.foot_exit;
    case HB_METRIC_SLOP:          return slop_exit(f);
    case HB_METRIC_FRAGMENTATION:
        return unused(f->mem.foot_exit, f->exit_bytes, slop_exit(f));
    case HB_METRIC_OTHER_ANON:    return f->mem.anon_exit;
    case HB_METRIC_FRAGMENTATION_PEAK:
        return unused(f->mem.foot_peak, f->mem.live_at_foot_peak,
                      f->mem.slop_at_foot_peak);
    default:                      break;
    }
    return 0;
}

/* A cell's part of a per-band metric read from the cells. */
static uint64_t cell_field(const struct hb_cellrec *c, enum hb_metric m)
{
    switch (m) {
    case HB_METRIC_ALLOCS:      return c->allocs;
    case HB_METRIC_ALLOC_BYTES: return c->alloc_bytes;
    case HB_METRIC_FREES:       return c->frees;
    case HB_METRIC_FREE_BYTES:  return c->free_bytes;
    case HB_METRIC_PEAK:        return c->live_max;
    default:                    return 0;
    }
}

/* What band lk->b holds at exit, its lost line among f's at *next (the
 * lost lines are a subsequence of the leak lines' bands, both in
 * increasing order; *next moves past it). */
static const struct hb_lost *band_lost(const struct hb_file *f,
                                       const struct hb_leakrec *lk,
                                       size_t *next)
{
    while (*next < f->nlosts && f->losts[*next].b < lk->b)
        (*next)++;
    static const struct hb_lost none;
    return *next < f->nlosts && f->losts[*next].b == lk->b
           ? &f->losts[*next].lost : &none;
}

/* A leak line's value of a per-band metric read at exit. */
static uint64_t leak_field(const struct hb_file *f,
                           const struct hb_leakrec *l,
                           const struct hb_lost *lost, enum hb_metric m)
{
    return hb_metric_exit_value(m, l->bytes, l->count, lost, f->leak_kinds);
}

uint64_t *hb_metric_all_bands(const struct hb_file *f)
{
    uint64_t *values = calloc((size_t)f->nbands * HB_NMETRICS, sizeof *values);
    if (values == NULL)
        return NULL;
    for (size_t i = 0; i < f->ncells; i++) {
        const struct hb_cellrec *c = &f->cells[i];
        uint64_t *band = &values[c->b * HB_NMETRICS];
        for (int m = 0; m < HB_NMETRICS; m++) {
            uint64_t v = 0;
            switch (hb_metrics[m].band) {
            case HB_BAND_CELL_SUM:
                band[m] += cell_field(c, (enum hb_metric)m);
                break;
            case HB_BAND_CELL_PEAK:
                v = cell_field(c, (enum hb_metric)m);
                if (v > band[m])
                    band[m] = v;
                break;
            case HB_BAND_NONE:
            case HB_BAND_LEAK:
            case HB_BAND_SLOP:
                break;
            }
        }
    }
    for (size_t i = 0; i < f->nslops; i++)
        for (int m = 0; m < HB_NMETRICS; m++)
            if (hb_metrics[m].band == HB_BAND_SLOP)
                values[f->slops[i].b * HB_NMETRICS + m] = f->slops[i].at_exit;
    size_t next = 0;
    for (size_t i = 0; i < f->nleaks; i++) {
        const struct hb_lost *lost = band_lost(f, &f->leaks[i], &next);
        for (int m = 0; m < HB_NMETRICS; m++)
            if (hb_metrics[m].band == HB_BAND_LEAK)
                values[f->leaks[i].b * HB_NMETRICS + m] =
                    leak_field(f, &f->leaks[i], lost, (enum hb_metric)m);
    }
    return values;
}

static hb_u128 max_u128(hb_u128 a, hb_u128 b)
{
    return a > b ? a : b;
}

/* The largest sum over one stored column of the LIVE_MAX of the bands
 * first..last, quiet cells included: a column's sum starts from what the
 * bands' quiet cells would hold (the cursor's quiet sum, 0 before version
 * 3), and each record puts its LIVE_MAX in place of its band's quiet
 * value; a column without a record sums the quiet values alone.  Returns
 * -1 out of memory. */
static int bands_peak(const struct hb_file *f, uint64_t first, uint64_t last,
                      hb_u128 *peak)
{
    struct hb_cell_cursor q;
    if (hb_cells_open(&q, f, 0, f->ncols - 1, first, last) < 0)
        return -1;
    struct hb_cell_step s;
    hb_u128 best = 0, sum = 0, quiet = 0;   /* quiet: after the last step */
    uint64_t column = 0;
    int have = 0;
    while (hb_cells_next(&q, &s)) {
        if (!have || s.rec->c != column) {
            if (have)
                best = max_u128(best, sum);
            if (s.rec->c > (have ? column + 1 : 0))
                best = max_u128(best, quiet);     /* quiet columns before */
            sum = quiet;
            column = s.rec->c;
            have = 1;
        }
        sum = sum - s.quiet_value + s.rec->live_max;
        quiet = hb_cells_quiet_sum(&q);
    }
    best = max_u128(best, sum);
    if (have && column + 1 < f->ncols)
        best = max_u128(best, quiet);             /* quiet columns after */
    hb_cells_close(&q);
    *peak = best;
    return 0;
}

int hb_metric_bands(const struct hb_file *f, enum hb_metric m,
                    uint64_t first, uint64_t last, hb_u128 *value)
{
    hb_u128 sum = 0;
    switch (hb_metrics[m].band) {
    case HB_BAND_NONE:
        break;
    case HB_BAND_CELL_PEAK:           /* only HB_METRIC_PEAK */
        return bands_peak(f, first, last, value);
    case HB_BAND_CELL_SUM:
        for (size_t i = 0; i < f->ncells; i++)
            if (f->cells[i].b >= first && f->cells[i].b <= last)
                sum += cell_field(&f->cells[i], m);
        break;
    case HB_BAND_LEAK: {
        size_t next = 0;
        for (size_t i = 0; i < f->nleaks; i++)
            if (f->leaks[i].b >= first && f->leaks[i].b <= last)
                sum += leak_field(f, &f->leaks[i],
                                  band_lost(f, &f->leaks[i], &next), m);
        break;
    case HB_BAND_SLOP:
        for (size_t i = 0; i < f->nslops; i++)
            if (f->slops[i].b >= first && f->slops[i].b <= last)
                sum += f->slops[i].at_exit;
        break;
    }
    }
    *value = sum;
    return 0;
}

int hb_metric_sites(const struct hb_file *f, enum hb_metric m,
                    const char *pattern, hb_u128 *value, size_t *nmatched,
                    struct hb_error *err)
{
    struct hb_site_figures sum;
    if (hb_site_pattern_figures(f, pattern, &sum, nmatched, err) < 0)
        return -1;
    switch (m) {
    case HB_METRIC_ALLOCS:        *value = sum.allocs; break;
    case HB_METRIC_ALLOC_BYTES:   *value = sum.alloc_bytes; break;
    case HB_METRIC_PEAK:          *value = sum.peak_bytes; break;
    case HB_METRIC_PEAK_BLOCKS:   *value = sum.peak_blocks; break;
    default:
        *value = hb_metrics[m].band == HB_BAND_LEAK
                 ? hb_metric_exit_value(m, sum.exit_bytes, sum.exit_blocks,
                                        &sum.lost, f->leak_kinds)
                 : 0;
        break;
    }
    return 0;
}

void hb_suppressed_exit_free(struct hb_suppressed_exit *s)
{
    free(s->band_bytes);
    free(s->band_blocks);
    free(s->band_lost);
    memset(s, 0, sizeof *s);
}

uint64_t hb_metric_suppressed(const struct hb_suppressed_exit *s,
                              enum hb_metric m, uint64_t first,
                              uint64_t last)
{
    if (s == NULL || !hb_metrics[m].suppressible)
        return 0;
    if (first > last)
        return hb_metric_exit_value(m, s->bytes, s->blocks, &s->lost,
                                    s->kinds);
    uint64_t sum = 0;
    for (uint64_t b = first; b <= last; b++)
        sum += hb_metric_exit_value(m, s->band_bytes[b], s->band_blocks[b],
                                    &s->band_lost[b], s->kinds);
    return sum;
}
