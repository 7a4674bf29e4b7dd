/* leaks.c -- the --leaks report, and what suppressed sites hold at exit:
 * see leaks.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * A site's bytes and blocks at exit are its sb records' EXIT_BYTES and
 * EXIT_BLOCKS summed over the bands (version 3); the so records (the other
 * sites of a band) name no stack, so no pattern can match them and they
 * are always counted.  The by-band part is the leak records, which every
 * version has.  Cost: a sort of the site records that hold bytes at exit,
 * then one pass over them.
 */
#include "leaks.h"

#include <stdlib.h>
#include <string.h>

#include "leak_kinds.h"
#include "search.h"
#include "sites.h"
#include "units.h"

/* -------------------------------------------------------- sites at exit */

/* The site records that hold something at exit, sorted by site, and per
 * site its totals and whether it is suppressed. */
struct exit_sites {
    const struct hb_siterec **recs;   /* sb records, by site then band */
    size_t nrecs;
    uint64_t *bytes, *blocks;         /* by site - 1 */
    unsigned char *suppressed;        /* by site - 1 */
    uint64_t *order;                  /* sites with blocks at exit,
                                         largest first */
    size_t nsites;
};

static int by_site_then_bytes(const void *a, const void *b)
{
    const struct hb_siterec *x = *(const struct hb_siterec *const *)a;
    const struct hb_siterec *y = *(const struct hb_siterec *const *)b;
    if (x->site != y->site)
        return x->site < y->site ? -1 : 1;
    if (x->exit_bytes != y->exit_bytes)
        return x->exit_bytes > y->exit_bytes ? -1 : 1;
    return x->b < y->b ? 1 : x->b > y->b ? -1 : 0;
}

/* qsort passes no context: the totals by_exit_bytes ranks sites by, set
 * just before its one call. */
static uint64_t *sort_bytes, *sort_blocks;

static int by_exit_bytes(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a - 1, y = *(const uint64_t *)b - 1;
    if (sort_bytes[x] != sort_bytes[y])
        return sort_bytes[x] > sort_bytes[y] ? -1 : 1;
    if (sort_blocks[x] != sort_blocks[y])
        return sort_blocks[x] > sort_blocks[y] ? -1 : 1;
    return x < y ? -1 : x > y ? 1 : 0;
}

static void exit_sites_free(struct exit_sites *e)
{
    free(e->recs);
    free(e->bytes);
    free(e->blocks);
    free(e->suppressed);
    free(e->order);
}

static int exit_sites_build(const struct hb_file *f,
                            const struct hb_suppressions *s,
                            struct exit_sites *e, struct hb_error *err)
{
    memset(e, 0, sizeof *e);
    size_t n = f->nsites ? f->nsites : 1;
    e->recs = calloc(f->nsiterecs ? f->nsiterecs : 1, sizeof *e->recs);
    e->bytes = calloc(n, sizeof *e->bytes);
    e->blocks = calloc(n, sizeof *e->blocks);
    e->suppressed = calloc(n, 1);
    e->order = calloc(n, sizeof *e->order);
    if (!e->recs || !e->bytes || !e->blocks || !e->suppressed || !e->order) {
        exit_sites_free(e);
        return hb_error_nomem(err, "listing the leaks");
    }
    if (f->version < 3)
        return 0;
    for (size_t i = 0; i < f->nsiterecs; i++) {
        const struct hb_siterec *r = &f->siterecs[i];
        if (r->site == 0 || (r->exit_blocks == 0 && r->exit_bytes == 0))
            continue;
        e->recs[e->nrecs++] = r;
        if (e->blocks[r->site - 1] == 0 && e->bytes[r->site - 1] == 0)
            e->order[e->nsites++] = r->site;
        e->bytes[r->site - 1] += r->exit_bytes;
        e->blocks[r->site - 1] += r->exit_blocks;
    }
    qsort(e->recs, e->nrecs, sizeof *e->recs, by_site_then_bytes);
    sort_bytes = e->bytes, sort_blocks = e->blocks;
    qsort(e->order, e->nsites, sizeof *e->order, by_exit_bytes);
    for (size_t i = 0; s != NULL && s->npatterns > 0 && i < e->nsites; i++)
        e->suppressed[e->order[i] - 1] =
            (unsigned char)hb_suppressions_match_site(f, s, e->order[i]);
    return 0;
}

/* ----------------------------------------------------------------- report */

static const char *plural(uint64_t n)
{
    return n == 1 ? "" : "s";
}

static void print_amount(FILE *out, uint64_t bytes, uint64_t blocks)
{
    fprintf(out, "%llu byte%s in %llu block%s", (unsigned long long)bytes,
            plural(bytes), (unsigned long long)blocks, plural(blocks));
}

/* "At exit", "at the snapshot", or "at the end" for a file that does not
 * tell (versions 1 to 3; docs/heapband-format.md, section 8). */
static void print_live_at_end(FILE *out, const struct hb_file *f)
{
    fprintf(out, "live %s (t=%llu %s): ", hb_end_words(f),
            (unsigned long long)f->end_time, hb_unit_name(f->unit));
    print_amount(out, f->exit_bytes, f->exit_blocks);
    fputc('\n', out);
}

static void print_band(FILE *out, const struct hb_file *f, uint64_t b)
{
    char label[80];
    hb_format_band(label, sizeof label, f->bands[b].lo, f->bands[b].hi);
    fputs(label, out);
}

struct site_key { const struct exit_sites *e; uint64_t site; };

static int rec_before(const void *ctx, size_t i)
{
    const struct site_key *k = ctx;
    return k->e->recs[i]->site < k->site;
}

/* The first record of site in e->recs (binary search). */
static size_t first_rec(const struct exit_sites *e, uint64_t site)
{
    const struct site_key k = { e, site };
    return hb_partition_point(e->nrecs, &k, rec_before);
}

/* "  N. site S: B bytes in K blocks, in bands L (...), ...", then its
 * frames as --sites prints them. */
static void print_site(FILE *out, const struct hb_file *f,
                       const struct exit_sites *e, uint64_t rank,
                       uint64_t site)
{
    fprintf(out, "  %llu. site %llu: ", (unsigned long long)rank,
            (unsigned long long)site);
    print_amount(out, e->bytes[site - 1], e->blocks[site - 1]);
    fputs("; in band", out);
    size_t i = first_rec(e, site), end = i;
    while (end < e->nrecs && e->recs[end]->site == site)
        end++;
    fputs(end - i > 1 ? "s " : " ", out);
    for (; i < end; i++) {
        print_band(out, f, e->recs[i]->b);
        fputs(" (", out);
        print_amount(out, e->recs[i]->exit_bytes, e->recs[i]->exit_blocks);
        fputs(i + 1 < end ? "), " : ")\n", out);
    }
    hb_sites_print_frames(out, f, site);
}

/* The sites, suppressed ones or not, largest first. */
static void print_sites(FILE *out, const struct hb_file *f,
                        const struct exit_sites *e, int suppressed)
{
    uint64_t rank = 0;
    for (size_t i = 0; i < e->nsites; i++)
        if (e->suppressed[e->order[i] - 1] == suppressed)
            print_site(out, f, e, ++rank, e->order[i]);
}

/* The so records with something at exit, largest first (a band has at
 * most one, a file at most HB_MAX_BANDS). */
static int print_other_sites(FILE *out, const struct hb_file *f,
                             struct hb_error *err)
{
    const struct hb_siterec **so = malloc(HB_MAX_BANDS * sizeof *so);
    if (so == NULL)
        return hb_error_nomem(err, "listing the leaks");
    size_t n = 0;
    for (size_t i = 0; i < f->nsiterecs && n < HB_MAX_BANDS; i++) {
        const struct hb_siterec *r = &f->siterecs[i];
        if (r->site != 0 || (r->exit_bytes == 0 && r->exit_blocks == 0))
            continue;
        size_t j = n++;
        for (; j > 0 && so[j - 1]->exit_bytes < r->exit_bytes; j--)
            so[j] = so[j - 1];
        so[j] = r;
    }
    if (n == 0)
        fputs("  none\n", out);
    for (size_t i = 0; i < n; i++) {
        fputs("  band ", out);
        print_band(out, f, so[i]->b);
        fputs(": ", out);
        print_amount(out, so[i]->exit_bytes, so[i]->exit_blocks);
        fprintf(out, " (%llu site%s not listed)\n",
                (unsigned long long)so[i]->nsites, plural(so[i]->nsites));
    }
    free(so);
    return 0;
}

/* What the suppressed sites hold at exit in band b. */
static void band_suppressed(const struct exit_sites *e, uint64_t b,
                            uint64_t *bytes, uint64_t *blocks)
{
    *bytes = *blocks = 0;
    for (size_t i = 0; i < e->nrecs; i++)
        if (e->recs[i]->b == b && e->suppressed[e->recs[i]->site - 1]) {
            *bytes += e->recs[i]->exit_bytes;
            *blocks += e->recs[i]->exit_blocks;
        }
}

/* One line for each kind band l->b holds ("    definitely lost: 61 bytes
 * in 3 blocks"), then what its suppressed sites hold; each line but the
 * last ended by the caller's newline. */
static void print_band_kinds(FILE *out, const struct hb_file *f,
                             const struct hb_leakrec *l, uint64_t sup_bytes,
                             uint64_t sup_blocks)
{
    static const struct hb_lost none;
    const struct hb_lost *lost = &none;
    for (size_t i = 0; i < f->nlosts; i++)
        if (f->losts[i].b == l->b)
            lost = &f->losts[i].lost;
    for (int k = 0; k <= HB_NLOST; k++) {
        uint64_t bytes = k < HB_NLOST ? lost->bytes[k]
                                      : l->bytes - hb_lost_bytes(lost);
        uint64_t blocks = k < HB_NLOST ? lost->blocks[k]
                                       : l->count - hb_lost_blocks(lost);
        if (blocks == 0)
            continue;
        fprintf(out, "\n    %s: ", hb_leak_kind_names[k]);
        print_amount(out, bytes, blocks);
    }
    if (sup_bytes > 0 || sup_blocks > 0) {
        fputs("\n    of which suppressed: ", out);
        print_amount(out, sup_bytes, sup_blocks);
    }
}

/* The leak records, largest first, with what is suppressed of each. */
static int print_bands(FILE *out, const struct hb_file *f,
                       const struct exit_sites *e, struct hb_error *err)
{
    size_t *order = malloc((f->nleaks ? f->nleaks : 1) * sizeof *order);
    if (order == NULL)
        return hb_error_nomem(err, "listing the leaks");
    size_t n = 0;
    for (size_t i = 0; i < f->nleaks; i++)
        if (f->leaks[i].count > 0 || f->leaks[i].bytes > 0)
            order[n++] = i;
    /* insertion sort: a file has at most HB_MAX_BANDS leak records */
    for (size_t i = 1; i < n; i++) {
        size_t v = order[i], j = i;
        for (; j > 0; j--) {
            const struct hb_leakrec *a = &f->leaks[order[j - 1]];
            const struct hb_leakrec *b = &f->leaks[v];
            if (a->bytes > b->bytes
                || (a->bytes == b->bytes && a->count >= b->count))
                break;
            order[j] = order[j - 1];
        }
        order[j] = v;
    }
    fputs("by size band, largest first:\n", out);
    if (n == 0)
        fputs("  none\n", out);
    for (size_t i = 0; i < n; i++) {
        const struct hb_leakrec *l = &f->leaks[order[i]];
        fputs("  band ", out);
        print_band(out, f, l->b);
        fprintf(out, " (%llu..%llu bytes): ",
                (unsigned long long)f->bands[l->b].lo,
                (unsigned long long)f->bands[l->b].hi);
        print_amount(out, l->bytes, l->count);
        uint64_t bytes, blocks;
        band_suppressed(e, l->b, &bytes, &blocks);
        if ((bytes > 0 || blocks > 0) && !f->leak_kinds) {
            fputs(", of which suppressed ", out);
            print_amount(out, bytes, blocks);
        }
        if (f->leak_kinds)
            print_band_kinds(out, f, l, bytes, blocks);
        fputc('\n', out);
    }
    free(order);
    return 0;
}

/* ------------------------------------------------- files without kinds */

/* What is live at exit by site and by band: the report of a file without
 * leak kinds (versions 1 to 3, or a run with --leak-scan=no). */
static int report_live(FILE *out, const struct hb_file *f,
                       const struct hb_suppressions *s,
                       const struct exit_sites *e, struct hb_error *err)
{
    if (f->version < 4)
        fprintf(out, "no leak kinds: this file is format version %d (a leak "
                "scan writes them, format version 4)\n", f->version);
    else
        fputs("no leak kinds: the run had --leak-scan=no\n", out);
    print_live_at_end(out, f);
    if (f->version < 3) {
        fprintf(out, "by site: this file is format version %d; bytes at "
                "exit by site need version 3\n", f->version);
        if (s != NULL && s->npatterns > 0)
            fputs("suppressed: none (suppressions match sites)\n", out);
        return print_bands(out, f, e, err);
    }
    uint64_t sup_bytes = 0, sup_blocks = 0, sup_sites = 0;
    for (size_t i = 0; i < e->nsites; i++)
        if (e->suppressed[e->order[i] - 1]) {
            sup_bytes += e->bytes[e->order[i] - 1];
            sup_blocks += e->blocks[e->order[i] - 1];
            sup_sites++;
        }
    fputs("by site, largest first:\n", out);
    if (e->nsites == sup_sites)
        fputs("  none\n", out);
    print_sites(out, f, e, 0);
    fputs("other sites (not listed in the file, so no suppression can "
          "match them):\n", out);
    if (print_other_sites(out, f, err) < 0)
        return -1;
    if (s != NULL && s->npatterns > 0) {
        fputs("suppressed: ", out);
        print_amount(out, sup_bytes, sup_blocks);
        fprintf(out, " by %llu site%s\n", (unsigned long long)sup_sites,
                plural(sup_sites));
        print_sites(out, f, e, 1);
    }
    return print_bands(out, f, e, err);
}

/* ---------------------------------------------------- files with kinds */

/* memcheck's words for each kind, one line each. */
static const char *const kind_meanings[HB_NLOST + 1] = {
    [HB_LOST_DEFINITELY] = "no pointer to the block or into it was found",
    [HB_LOST_INDIRECTLY] = "only lost blocks point to it",
    [HB_LOST_POSSIBLY] = "only pointers into its interior were found",
    [HB_NLOST] = "a pointer to its start was found; not a leak",
};

static const enum hb_site_metric kind_ranking[HB_NLOST + 1] = {
    HB_SITE_BY_DEFINITELY, HB_SITE_BY_INDIRECTLY, HB_SITE_BY_POSSIBLY,
    HB_SITE_BY_REACHABLE
};

/* The lost blocks of the suppressed sites (memcheck's "suppressed"). */
static void suppressed_lost(const struct exit_sites *e, struct hb_lost *sup,
                            uint64_t *nsites)
{
    memset(sup, 0, sizeof *sup);
    for (size_t i = 0; i < e->nrecs; i++)
        if (e->suppressed[e->recs[i]->site - 1])
            hb_lost_add(sup, &e->recs[i]->lost);
    *nsites = 0;
    for (size_t i = 0; i < e->nsites; i++)
        *nsites += e->suppressed[e->order[i] - 1];
}

/* "LEAK SUMMARY" as memcheck prints it, the suppressed sites' lost
 * blocks apart, then what each kind means and what `leaked` counts. */
static void print_summary(FILE *out, const struct hb_file *f,
                          const struct hb_lost *sup, int suppressing)
{
    struct hb_lost shown = f->exit_lost;
    for (int k = 0; k < HB_NLOST; k++) {
        shown.bytes[k] -= sup->bytes[k];
        shown.blocks[k] -= sup->blocks[k];
    }
    fprintf(out, "LEAK SUMMARY, the blocks live %s by memcheck's leak "
            "kinds:\n", hb_end_words(f));
    for (int k = 0; k <= HB_NLOST; k++) {
        fprintf(out, "%18s: ", hb_leak_kind_names[k]);
        if (k < HB_NLOST)
            print_amount(out, shown.bytes[k], shown.blocks[k]);
        else
            print_amount(out, f->exit_bytes - hb_lost_bytes(&f->exit_lost),
                         f->exit_blocks - hb_lost_blocks(&f->exit_lost));
        fputc('\n', out);
    }
    if (suppressing) {
        fprintf(out, "%18s: ", "suppressed");
        print_amount(out, hb_lost_bytes(sup), hb_lost_blocks(sup));
        fputc('\n', out);
    }
    print_live_at_end(out, f);
    fputs("leaked (definitely and indirectly lost): ", out);
    print_amount(out, shown.bytes[HB_LOST_DEFINITELY]
                      + shown.bytes[HB_LOST_INDIRECTLY],
                 shown.blocks[HB_LOST_DEFINITELY]
                 + shown.blocks[HB_LOST_INDIRECTLY]);
    fputc('\n', out);
    for (int k = 0; k <= HB_NLOST; k++)
        fprintf(out, "  %s: %s\n", hb_leak_kind_names[k], kind_meanings[k]);
}

/* f with the records of the suppressed sites left out: what the kinds'
 * trees show.  *view shares f's tables; *kept is the records' array. */
static int unsuppressed_view(const struct hb_file *f,
                             const struct exit_sites *e,
                             struct hb_file *view, struct hb_siterec **kept,
                             struct hb_error *err)
{
    *view = *f;
    *kept = malloc((f->nsiterecs ? f->nsiterecs : 1) * sizeof **kept);
    if (*kept == NULL)
        return hb_error_nomem(err, "listing the leaks");
    size_t n = 0;
    for (size_t i = 0; i < f->nsiterecs; i++) {
        const struct hb_siterec *r = &f->siterecs[i];
        if (r->site == 0 || !e->suppressed[r->site - 1])
            (*kept)[n++] = *r;
    }
    view->siterecs = *kept;
    view->nsiterecs = n;
    return 0;
}

/* Each kind's tree (still reachable with `all`), the lost first. */
static int print_kind_trees(FILE *out, const struct hb_file *f,
                            const struct exit_sites *e, int all, int width,
                            struct hb_error *err)
{
    if (f->depth == 0) {
        fputs("\nby allocation point: the run recorded no sites "
              "(--depth=0)\n", out);
        return 0;
    }
    struct hb_file view;
    struct hb_siterec *kept;
    if (unsuppressed_view(f, e, &view, &kept, err) < 0)
        return -1;
    int r = 0;
    for (int k = 0; k <= (all ? HB_NLOST : HB_NLOST - 1) && r == 0; k++) {
        fputc('\n', out);
        r = hb_sites_kind_tree(out, &view, kind_ranking[k],
                               hb_leak_kind_names[k], width, err);
    }
    free(kept);
    return r;
}

static int report_kinds(FILE *out, const struct hb_file *f,
                        const struct hb_suppressions *s, int all, int width,
                        const struct exit_sites *e, struct hb_error *err)
{
    int suppressing = s != NULL && s->npatterns > 0;
    struct hb_lost sup;
    uint64_t sup_sites;
    suppressed_lost(e, &sup, &sup_sites);
    print_summary(out, f, &sup, suppressing);
    if (!all)
        fputs("  (--leaks=all lists the still reachable blocks too)\n", out);
    if (print_kind_trees(out, f, e, all, width, err) < 0)
        return -1;
    fputc('\n', out);
    if (suppressing) {
        fputs("suppressed: ", out);
        print_amount(out, hb_lost_bytes(&sup), hb_lost_blocks(&sup));
        fprintf(out, " lost, by %llu site%s; what each holds at exit:\n",
                (unsigned long long)sup_sites, plural(sup_sites));
        print_sites(out, f, e, 1);
    }
    return print_bands(out, f, e, err);
}

int hb_leaks_report(FILE *out, const struct hb_file *f,
                    const struct hb_suppressions *s, int all, int width,
                    struct hb_error *err)
{
    struct exit_sites e;
    if (exit_sites_build(f, s, &e, err) < 0)
        return -1;
    int r = f->leak_kinds ? report_kinds(out, f, s, all, width, &e, err)
                          : report_live(out, f, s, &e, err);
    exit_sites_free(&e);
    return r;
}

int hb_leaks_suppressed_exit(const struct hb_file *f,
                             const struct hb_suppressions *s,
                             struct hb_suppressed_exit *out,
                             struct hb_error *err)
{
    struct exit_sites e;
    size_t n = f->nbands ? (size_t)f->nbands : 1;
    memset(out, 0, sizeof *out);
    if (exit_sites_build(f, s, &e, err) < 0)
        return -1;
    out->kinds = f->leak_kinds;
    out->band_bytes = calloc(n, sizeof *out->band_bytes);
    out->band_blocks = calloc(n, sizeof *out->band_blocks);
    out->band_lost = calloc(n, sizeof *out->band_lost);
    if (out->band_bytes == NULL || out->band_blocks == NULL
        || out->band_lost == NULL) {
        exit_sites_free(&e);
        hb_suppressed_exit_free(out);
        return hb_error_nomem(err, "checking the rules");
    }
    for (size_t i = 0; i < e.nrecs; i++) {
        const struct hb_siterec *r = e.recs[i];
        if (!e.suppressed[r->site - 1])
            continue;
        out->bytes += r->exit_bytes;
        out->blocks += r->exit_blocks;
        out->band_bytes[r->b] += r->exit_bytes;
        out->band_blocks[r->b] += r->exit_blocks;
        hb_lost_add(&out->lost, &r->lost);
        hb_lost_add(&out->band_lost[r->b], &r->lost);
    }
    exit_sites_free(&e);
    return 0;
}
