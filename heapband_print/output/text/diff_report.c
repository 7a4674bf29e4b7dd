/* diff_report.c -- the report of heapband_print --diff (see
 * diff_report.h).
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see error.h
 * and the file COPYING.
 *
 * Owns: whether two files can be compared, whether they hold the same
 * data, and the report's layout (the totals table, then the changed bands,
 * largest byte change first, then the changed sites), and the sites'
 * member of the diff's JSON export.  The figures come from metrics.h, the
 * sites' comparison from site_diff.h.
 * Invariant: a band is listed exactly when one of the metrics the report
 * shows per band differs, and then only those that differ are printed; the
 * same for a site and its figures.
 * Cost: one pass over each file's cells and leak lines, and a sort of the
 * changed bands; the sites are compared once by the caller.
 */
#include "diff_report.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ending.h"
#include "json_csv.h"
#include "leak_kinds.h"
#include "metrics.h"
#include "rerun.h"
#include "sites.h"
#include "units.h"

/* ------------------------------------------------------------- checks */

int hb_diff_compatible(const struct hb_file *o, const struct hb_file *n,
                       struct hb_error *err)
{
    if (o->unit != n->unit)
        return hb_error_set(err, HB_ERR_INPUT, 0, "the files have different "
                            "time units (%s and %s): run both with the same "
                            "--time-unit", hb_unit_name(o->unit),
                            hb_unit_name(n->unit));
    int same = o->pow2_bands == n->pow2_bands && o->nbands == n->nbands;
    for (uint64_t b = 0; same && b < o->nbands; b++)
        same = o->bands[b].lo == n->bands[b].lo
               && o->bands[b].hi == n->bands[b].hi;
    if (!same)
        return hb_error_set(err, HB_ERR_INPUT, 0, "the files have different "
                            "size bands (bands: %s, %llu bands and bands: %s, "
                            "%llu bands): run both with the same --bands",
                            o->pow2_bands ? "pow2" : "quarter",
                            (unsigned long long)o->nbands,
                            n->pow2_bands ? "pow2" : "quarter",
                            (unsigned long long)n->nbands);
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
        || o->nmarks != n->nmarks || o->peak_t_left != n->peak_t_left)
        return 0;
    for (int m = 0; m < HB_NMETRICS; m++)
        if (hb_metric_run(o, (enum hb_metric)m)
            != hb_metric_run(n, (enum hb_metric)m))
            return 0;
    for (size_t i = 0; i < o->nmarks; i++)
        if (o->marks[i].t != n->marks[i].t
            || strcmp(o->marks[i].name, n->marks[i].name) != 0)
            return 0;
    if (!SAME_ARRAY(o, n, lifes, nlifes) || !SAME_ARRAY(o, n, leaks, nleaks)
        || !SAME_ARRAY(o, n, losts, nlosts))
        return 0;
    /* The cells and columns with the quiet ones of version 3 derived, so
     * that a run written as version 2 and as version 3 is the same data.
     * Out of memory (-1) they count as different: the report is then
     * longer, but what it says is true. */
    return hb_same_matrix(o, n) == 1;
}

/* -------------------------------------------------------- band changes */

/* The files compared, for which metrics their report shows (a metric of
 * the leak kinds only when one of them has kinds: hb_metric_shown). */
static const struct hb_file *shown_old, *shown_new;

/* Does the report list metric m for each band? */
static int shown_per_band(int m)
{
    return hb_metrics[m].band_label != NULL
           && hb_metric_shown((enum hb_metric)m, shown_old, shown_new);
}

static uint64_t abs_diff(uint64_t a, uint64_t b)
{
    return a > b ? a - b : b - a;
}

/* A band whose shown metrics differ; the values of the metrics not shown
 * per band are left 0. */
struct band_change {
    uint64_t band;
    uint64_t old_v[HB_NMETRICS], new_v[HB_NMETRICS];
    uint64_t byte_change;      /* the largest |new - old| of a byte metric */
    uint64_t count_change;     /* the same of the other metrics */
};

static int band_differs(const uint64_t *old_v, const uint64_t *new_v)
{
    for (int m = 0; m < HB_NMETRICS; m++)
        if (shown_per_band(m) && old_v[m] != new_v[m])
            return 1;
    return 0;
}

/* Largest byte change first, then largest count change, then by band. */
static int by_change(const void *pa, const void *pb)
{
    const struct band_change *a = pa, *b = pb;
    if (a->byte_change != b->byte_change)
        return a->byte_change > b->byte_change ? -1 : 1;
    if (a->count_change != b->count_change)
        return a->count_change > b->count_change ? -1 : 1;
    return (a->band > b->band) - (a->band < b->band);
}

static void fill_change(struct band_change *c, uint64_t band,
                        const uint64_t *old_v, const uint64_t *new_v)
{
    c->band = band;
    for (int m = 0; m < HB_NMETRICS; m++) {
        if (!shown_per_band(m))
            continue;
        uint64_t d = abs_diff(old_v[m], new_v[m]);
        uint64_t *largest = hb_metrics[m].unit == HB_METRIC_UNIT_BYTES
                            ? &c->byte_change : &c->count_change;
        c->old_v[m] = old_v[m];
        c->new_v[m] = new_v[m];
        if (d > *largest)
            *largest = d;
    }
}

/* The bands whose shown totals differ, in by_change order: *count of them
 * in *changes (malloc'd, NULL when none).  -1 when out of memory. */
static int changed_bands(const struct hb_file *o, const struct hb_file *n,
                         struct band_change **changes, size_t *count)
{
    uint64_t *vo = hb_metric_all_bands(o), *vn = hb_metric_all_bands(n);
    size_t k = 0;
    shown_old = o;
    shown_new = n;
    int rc = -1;
    *changes = NULL;
    *count = 0;
    if (vo == NULL || vn == NULL)
        goto done;
    for (uint64_t b = 0; b < n->nbands; b++)
        k += band_differs(&vo[b * HB_NMETRICS], &vn[b * HB_NMETRICS]);
    if (k > 0 && (*changes = calloc(k, sizeof **changes)) == NULL)
        goto done;
    for (uint64_t b = 0; b < n->nbands; b++)
        if (band_differs(&vo[b * HB_NMETRICS], &vn[b * HB_NMETRICS]))
            fill_change(&(*changes)[(*count)++], b, &vo[b * HB_NMETRICS],
                        &vn[b * HB_NMETRICS]);
    if (k > 0)
        qsort(*changes, k, sizeof **changes, by_change);
    rc = 0;
done:
    free(vo);
    free(vn);
    return rc;
}

/* ------------------------------------------------------------- report */

/* The report's layout: aligned text, or Markdown tables (--format=
 * markdown).  The same rows in both. */
enum layout { LAYOUT_TEXT, LAYOUT_MARKDOWN };

/* "+16 (+1.60%)", "-3 (-50.00%)", "+5 (new)" or "0". */
static void format_change(char *buf, size_t len, uint64_t o, uint64_t n)
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

/* "LABEL WHAT OLD NEW CHANGE": label may be empty (the totals), and then
 * what takes its room.  A value a file does not have (a leak kind of a
 * file without kinds: o_has or n_has 0) is "-", and so is the change. */
static void table_row_of(FILE *out, enum layout lay, const char *label,
                         const char *what, uint64_t o, int o_has,
                         uint64_t n, int n_has)
{
    char change[64], head[192], ov[24] = "-", nv[24] = "-";
    format_change(change, sizeof change, o, n);
    if (!o_has || !n_has)
        snprintf(change, sizeof change, "-");
    if (o_has)
        snprintf(ov, sizeof ov, "%llu", (unsigned long long)o);
    if (n_has)
        snprintf(nv, sizeof nv, "%llu", (unsigned long long)n);
    if (lay == LAYOUT_MARKDOWN) {
        fprintf(out, "| %s%s%s | %s | %s | %s |\n", label ? label : "",
                label && *label ? " " : "", what, ov, nv, change);
        return;
    }
    if (label == NULL)
        snprintf(head, sizeof head, "%s", what);
    else
        snprintf(head, sizeof head, "%-9s %s", label, what);
    fprintf(out, "%-26s %14s %14s  %s\n", head, ov, nv, change);
}

static void table_row(FILE *out, enum layout lay, const char *label,
                      const char *what, uint64_t o, uint64_t n)
{
    table_row_of(out, lay, label, what, o, 1, n, 1);
}

/* A row of metric m: "-" for a file that has no value of it (leaked, of
 * a file without kinds when the other has them, is everything live at
 * exit: not comparable either). */
static void metric_row(FILE *out, enum layout lay, const char *label,
                       const char *what, enum hb_metric m,
                       const struct hb_file *o, uint64_t ov,
                       const struct hb_file *n, uint64_t nv)
{
    int o_has = hb_metrics[m].kinds == HB_KINDS_NONE || o->leak_kinds;
    int n_has = hb_metrics[m].kinds == HB_KINDS_NONE || n->leak_kinds;
    if (!o_has && !n_has)
        o_has = n_has = 1;      /* leaked, both files without kinds */
    table_row_of(out, lay, label, what, ov, o_has, nv, n_has);
}

/* A table's head: its first column's name, then old, new, change. */
static void table_head(FILE *out, enum layout lay, const char *what)
{
    if (lay == LAYOUT_MARKDOWN)
        fprintf(out, "\n| %s | old | new | change |\n|:--|--:|--:|--:|\n",
                what);
    else
        fprintf(out, "%-26s %14s %14s  %s\n", what, "old", "new", "change");
}

/* A section's title line: text as it is, Markdown as a heading. */
static void title(FILE *out, enum layout lay, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void title(FILE *out, enum layout lay, const char *fmt, ...)
{
    va_list ap;
    if (lay == LAYOUT_MARKDOWN)
        fputs("### ", out);
    va_start(ap, fmt);
    vfprintf(out, fmt, ap);
    va_end(ap);
    fputc('\n', out);
}

static void band_rows(FILE *out, enum layout lay, const struct hb_file *o,
                      const struct hb_file *n,
                      const struct band_change *changes, size_t count)
{
    title(out, lay, "%zu band%s changed (largest byte change first; only "
          "the figures that changed):", count, count == 1 ? "" : "s");
    table_head(out, lay, "band");
    for (size_t i = 0; i < count; i++) {
        const struct band_change *c = &changes[i];
        const struct hb_band *band = &n->bands[c->band];
        char label[80];
        hb_format_band(label, sizeof label, band->lo, band->hi);
        int first = 1;
        for (int m = 0; m < HB_NMETRICS; m++) {
            if (!shown_per_band(m) || c->old_v[m] == c->new_v[m])
                continue;
            /* A Markdown row cannot lean on the one above: labelled. */
            metric_row(out, lay, first || lay == LAYOUT_MARKDOWN ? label : "",
                       hb_metrics[m].band_label, (enum hb_metric)m,
                       o, c->old_v[m], n, c->new_v[m]);
            first = 0;
        }
    }
}

/* ---------------------------------------------------------------- sites */

/* The site figures the report shows, in its order, with their labels. */
static const struct {
    const char *label;
    size_t offset;
} site_rows[] = {
    { "allocations", offsetof(struct hb_site_figures, allocs) },
    { "bytes allocated", offsetof(struct hb_site_figures, alloc_bytes) },
    { "bytes at peak", offsetof(struct hb_site_figures, peak_bytes) },
    { "blocks at peak", offsetof(struct hb_site_figures, peak_blocks) },
    { "bytes at exit", offsetof(struct hb_site_figures, exit_bytes) },
    { "blocks at exit", offsetof(struct hb_site_figures, exit_blocks) },
    /* The leak kinds (version 4); 0 in a file without them. */
    { "bytes def. lost",
      offsetof(struct hb_site_figures, lost.bytes[HB_LOST_DEFINITELY]) },
    { "blocks def. lost",
      offsetof(struct hb_site_figures, lost.blocks[HB_LOST_DEFINITELY]) },
    { "bytes ind. lost",
      offsetof(struct hb_site_figures, lost.bytes[HB_LOST_INDIRECTLY]) },
    { "blocks ind. lost",
      offsetof(struct hb_site_figures, lost.blocks[HB_LOST_INDIRECTLY]) },
    { "bytes pos. lost",
      offsetof(struct hb_site_figures, lost.bytes[HB_LOST_POSSIBLY]) },
    { "blocks pos. lost",
      offsetof(struct hb_site_figures, lost.blocks[HB_LOST_POSSIBLY]) },
};

static uint64_t site_value(const struct hb_site_figures *v, size_t row)
{
    uint64_t x;
    memcpy(&x, (const char *)v + site_rows[row].offset, sizeof x);
    return x;
}

/* The figures that differ, the first one's row labelled. */
static void site_figure_rows(FILE *out, enum layout lay, const char *label,
                             const struct hb_site_figures *o,
                             const struct hb_site_figures *n)
{
    for (size_t r = 0; r < sizeof site_rows / sizeof site_rows[0]; r++) {
        uint64_t a = site_value(o, r), b = site_value(n, r);
        if (a == b)
            continue;
        table_row(out, lay, label, site_rows[r].label, a, b);
        if (lay == LAYOUT_TEXT)
            label = "";
    }
}

/* A site's frames: as --sites prints them, or one Markdown table row
 * ("at F1 ← F2 ← ..."), '|' escaped. */
static void site_frames(FILE *out, enum layout lay, const struct hb_file *f,
                        uint64_t site)
{
    if (lay == LAYOUT_TEXT) {
        hb_sites_print_frames(out, f, site);
        return;
    }
    const struct hb_site *s = &f->sites[site - 1];
    char text[HB_FRAME_TEXT_MAX];
    fputs("| ", out);
    for (size_t i = 0; i < s->nframes; i++) {
        hb_frame_format(f, s->frames[i], text, sizeof text);
        fputs(i == 0 ? "at " : " ← ", out);
        for (const char *p = text; *p; p++) {
            if (*p == '|')
                fputc('\\', out);
            fputc(*p, out);
        }
    }
    fputs(" | | | |\n", out);
}

/* Version 5: the line that reruns NEW stopped at the site's first
 * allocation, under its frames (first: rerun.h's records by site). */
static void site_rerun(FILE *out, enum layout lay, const struct hb_file *n,
                       const struct hb_siterec **first, uint64_t site)
{
    int nomem;
    if (first == NULL || site == 0 || first[site - 1] == NULL)
        return;
    char *line = hb_rerun_site(n, first[site - 1], -1, &nomem);
    if (line == NULL)
        return;
    if (lay == LAYOUT_MARKDOWN)
        fprintf(out, "| rerun: `%s` | | | |\n", line);
    else
        fprintf(out, "       rerun: %s\n", line);
    free(line);
}

/* The sites section, the first max_sites changed stacks listed. */
static void site_rows_report(FILE *out, enum layout lay,
                             const struct hb_file *o, const struct hb_file *n,
                             const struct hb_site_diff *d, size_t max_sites)
{
    if (!d->available) {
        title(out, lay, "sites: not available (%s; per-site figures need "
              "version 3)", d->reason);
        return;
    }
    size_t shown = d->nchanges < max_sites ? d->nchanges : max_sites;
    int other = !hb_site_figures_equal(&d->old_other, &d->new_other);
    title(out, lay, "sites, matched by stack: %zu changed (%zu new, %zu "
          "gone), %zu unchanged", d->nchanges, d->nnew, d->ngone,
          d->nunchanged);
    if (d->nchanges == 0 && !other)
        return;
    table_head(out, lay, "site");
    int nomem;
    const struct hb_siterec **first = hb_rerun_first_by_site(n, &nomem);
    for (size_t i = 0; i < shown; i++) {
        const struct hb_site_change *c = &d->changes[i];
        char label[32];
        snprintf(label, sizeof label, "#%zu%s", i + 1, c->old_site == 0
                 ? " new" : c->new_site == 0 ? " gone" : "");
        site_figure_rows(out, lay, label, &c->old_v, &c->new_v);
        if (c->new_site != 0)
            site_frames(out, lay, n, c->new_site);
        else
            site_frames(out, lay, o, c->old_site);
        site_rerun(out, lay, n, first, c->new_site);
    }
    free(first);
    if (shown < d->nchanges)
        fprintf(out, "%s... and %zu more sites changed (--diff-sites=all or "
                "--format=json lists them all)\n",
                lay == LAYOUT_MARKDOWN ? "\n" : "", d->nchanges - shown);
    if (other) {
        site_figure_rows(out, lay, "others", &d->old_other, &d->new_other);
        fputs(lay == LAYOUT_MARKDOWN
              ? "| (the sites the files do not list, summed) | | | |\n"
              : "       (the sites the files do not list, summed)\n", out);
    }
}

/* Version 5: a change of how the run ended comes first (the new run
 * died where the old one exited). */
static void ending_change(FILE *out, enum layout lay, const struct hb_file *o,
                          const struct hb_file *n)
{
    char a[HB_ENDING_TEXT_MAX], b[HB_ENDING_TEXT_MAX];
    if (o->ending.kind == HB_ENDING_UNTOLD || n->ending.kind == HB_ENDING_UNTOLD
        || !hb_ending_differs(o, n))
        return;
    hb_ending_text(o, a, sizeof a);
    hb_ending_text(n, b, sizeof b);
    if (lay == LAYOUT_MARKDOWN)
        fprintf(out, "**The ending changed:** old %s; new %s.\n\n", a, b);
    else
        fprintf(out, "the ending changed: old %s; new %s\n", a, b);
}

int hb_diff_report(FILE *out, const struct hb_file *o,
                   const struct hb_file *n, const char *old_name,
                   const char *new_name, const struct hb_diff_report_opts *ro,
                   struct hb_error *err)
{
    enum layout lay = ro->markdown ? LAYOUT_MARKDOWN : LAYOUT_TEXT;
    struct band_change *changes;
    size_t count;
    if (lay == LAYOUT_MARKDOWN)
        fprintf(out, "## heapband diff: old `%s`, new `%s`\n\n", old_name,
                new_name);
    else
        fprintf(out, "heapband diff: old %s, new %s\n", old_name, new_name);
    ending_change(out, lay, o, n);
    if (hb_diff_same_data(o, n) && !hb_site_diff_any(ro->sites)) {
        fprintf(out, "no differences\n");
        return 0;
    }
    if (changed_bands(o, n, &changes, &count) < 0)
        return hb_error_nomem(err, "comparing the bands");
    if (lay == LAYOUT_MARKDOWN)
        fprintf(out, "old: `%s`  \nnew: `%s`  \ntime unit: %s\n", o->cmd,
                n->cmd, hb_unit_name(n->unit));
    else
        fprintf(out, "old: %s\nnew: %s\ntime unit: %s\n\n", o->cmd, n->cmd,
                hb_unit_name(n->unit));
    table_head(out, lay, "run totals");
    for (int m = 0; m < HB_NMETRICS; m++)
        if (hb_metric_shown((enum hb_metric)m, o, n))
            metric_row(out, lay, NULL, hb_metrics[m].run_label,
                       (enum hb_metric)m,
                       o, hb_metric_run(o, (enum hb_metric)m),
                       n, hb_metric_run(n, (enum hb_metric)m));
    fputc('\n', out);
    if (count == 0)
        title(out, lay, "no band changed its totals");
    else
        band_rows(out, lay, o, n, changes, count);
    free(changes);
    if (ro->max_sites > 0) {
        fputc('\n', out);
        site_rows_report(out, lay, o, n, ro->sites, ro->max_sites);
    }
    return 0;
}

/* ---------------------------------------------------------- sites, JSON */

/* A site's figures; with kinds (its file has them), its leak kinds: a
 * run without kinds has no "lost" member, not zeros. */
static void json_figures(FILE *out, const char *name,
                         const struct hb_site_figures *v, int kinds)
{
    fprintf(out, "\"%s\": {\"allocs\": %llu, \"alloc_bytes\": %llu, "
            "\"peak_bytes\": %llu, \"peak_blocks\": %llu, \"exit_bytes\": "
            "%llu, \"exit_blocks\": %llu", name,
            (unsigned long long)v->allocs, (unsigned long long)v->alloc_bytes,
            (unsigned long long)v->peak_bytes,
            (unsigned long long)v->peak_blocks,
            (unsigned long long)v->exit_bytes,
            (unsigned long long)v->exit_blocks);
    if (kinds)
        hb_leak_kinds_json(out, &v->lost, v->exit_bytes, v->exit_blocks);
    fputc('}', out);
}

static void json_frames(FILE *out, const struct hb_file *f, uint64_t site)
{
    const struct hb_site *s = &f->sites[site - 1];
    char text[HB_FRAME_TEXT_MAX];
    fputs("\"frames\": [", out);
    for (size_t i = 0; i < s->nframes; i++) {
        hb_frame_format(f, s->frames[i], text, sizeof text);
        if (i > 0)
            fputs(", ", out);
        hb_json_string(out, text);
    }
    fputc(']', out);
}

static void json_change(FILE *out, const struct hb_file *o,
                        const struct hb_file *n, const struct hb_site_change *c,
                        const struct hb_siterec **first)
{
    fprintf(out, "      {\"status\": \"%s\", \"old_site\": %llu, "
            "\"new_site\": %llu,\n       ",
            c->old_site == 0 ? "new" : c->new_site == 0 ? "gone" : "changed",
            (unsigned long long)c->old_site, (unsigned long long)c->new_site);
    if (c->new_site != 0)
        json_frames(out, n, c->new_site);
    else
        json_frames(out, o, c->old_site);
    fputs(",\n       ", out);
    json_figures(out, "old", &c->old_v, o->leak_kinds);
    fputs(",\n       ", out);
    json_figures(out, "new", &c->new_v, n->leak_kinds);
    if (n->has_alloc_numbers) {
        int nomem;
        char *line = first != NULL && c->new_site != 0
                     && first[c->new_site - 1] != NULL
                     ? hb_rerun_site(n, first[c->new_site - 1], -1, &nomem)
                     : NULL;
        fputs(", \"rerun\": ", out);
        if (line != NULL)
            hb_json_string(out, line);
        else
            fputs("null", out);
        free(line);
    }
    fputc('}', out);
}

void hb_diff_sites_json(FILE *out, const struct hb_file *o,
                       const struct hb_file *n, const struct hb_site_diff *d)
{
    fputs("\"sites\": {", out);
    if (!d->available) {
        fputs("\"available\": false, \"reason\": ", out);
        hb_json_string(out, d->reason);
        fputc('}', out);
        return;
    }
    fprintf(out, "\"available\": true, \"unchanged\": %zu,\n    "
            "\"other_sites\": {", d->nunchanged);
    json_figures(out, "old", &d->old_other, o->leak_kinds);
    fputs(", ", out);
    json_figures(out, "new", &d->new_other, n->leak_kinds);
    fputs("},\n    \"changed\": [", out);
    int nomem;
    const struct hb_siterec **first = hb_rerun_first_by_site(n, &nomem);
    for (size_t i = 0; i < d->nchanges; i++) {
        fputs(i ? ",\n" : "\n", out);
        json_change(out, o, n, &d->changes[i], first);
    }
    free(first);
    fputs(d->nchanges ? "\n    ]}" : "]}", out);
}
