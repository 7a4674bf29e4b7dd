/* site_select.c -- the site records an export writes: see site_select.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#include "site_select.h"

#include <stdlib.h>
#include <string.h>

/* Did record r's site allocate in [from, to]?  Its ranges are stored
 * columns. */
static int allocated_in(const struct hb_file *f, const struct hb_siterec *r,
                        uint64_t from, uint64_t to)
{
    for (size_t i = 0; i < r->ntimes; i++) {
        const struct hb_col_range *c = &f->site_times[r->times_at + i];
        if (hb_col_start(f, c->lo) <= to && hb_col_span_end(f, c->hi) > from)
            return 1;
    }
    return 0;
}

static int check_file(const struct hb_file *f, const struct hb_selection *sel,
                      enum hb_site_metric by, struct hb_error *err)
{
    if (f->version < 3)
        return hb_error_set(err, HB_ERR_USAGE, 0, "site exports need a file "
                            "of format version 3 (this one is version %d)",
                            f->version);
    if (f->depth == 0)
        return hb_error_set(err, HB_ERR_USAGE, 0, "the file has no sites "
                            "(the run had --depth=0)");
    if ((sel->has_from || sel->has_to) && !f->has_site_times)
        return hb_error_set(err, HB_ERR_USAGE, 0, "--from/--to select sites "
                            "by their site times, which this file has not");
    return hb_site_by_check(f, by, err);
}

static void band_range(const struct hb_file *f, const struct hb_selection *sel,
                       uint64_t *first, uint64_t *last)
{
    *first = sel->has_min_size ? hb_band_of_size(f, sel->min_size) : 0;
    *last = sel->has_max_size ? hb_band_of_size(f, sel->max_size)
                              : f->nbands - 1;
}

/* Is record r chosen by the bands and the times? */
static int chosen(const struct hb_file *f, const struct hb_selection *sel,
                  uint64_t first, uint64_t last, const struct hb_siterec *r)
{
    if (r->b < first || r->b > last)
        return 0;
    if (!sel->has_from && !sel->has_to)
        return 1;
    if (r->site == 0)
        return 0;    /* the other sites have no times */
    return allocated_in(f, r, sel->has_from ? sel->from : 0,
                        sel->has_to ? sel->to : UINT64_MAX);
}

/* The sites folded by --threshold: folded[s - 1] set.  *whole is the
 * selection's total of the --by figure. */
static int fold_small(const struct hb_file *f, const struct hb_site_sel_opts *o,
                      const unsigned char *keep, unsigned char *folded,
                      struct hb_error *err)
{
    if (o->threshold <= 0)
        return 0;
    uint64_t *weight = calloc(f->nsites ? f->nsites : 1, sizeof *weight);
    if (weight == NULL)
        return hb_error_nomem(err, "choosing the sites");
    uint64_t whole = 0;
    for (size_t i = 0; i < f->nsiterecs; i++) {
        if (!keep[i])
            continue;
        struct hb_site_figures fig = hb_site_figures_of(&f->siterecs[i]);
        uint64_t v = hb_site_bytes(&fig, o->by);
        whole += v;
        if (f->siterecs[i].site != 0)
            weight[f->siterecs[i].site - 1] += v;
    }
    for (size_t s = 0; s < f->nsites; s++)
        folded[s] = (double)weight[s] * 100.0 < o->threshold * (double)whole;
    free(weight);
    return 0;
}

/* Append record r (or fold it into the band's site-0 record, which is
 * then the last one). */
static void add_rec(struct hb_site_sel *s, const struct hb_siterec *r,
                    int fold)
{
    struct hb_site_figures fig = hb_site_figures_of(r);
    hb_site_figures_add(&s->total, &fig);
    if (r->site != 0 && !fold) {
        s->recs[s->nrecs++] = (struct hb_sel_rec){
            .site = r->site, .b = r->b, .nsites = 1, .fig = fig,
            .max_bytes = r->max_bytes };
        return;
    }
    struct hb_sel_rec *last = s->nrecs ? &s->recs[s->nrecs - 1] : NULL;
    if (last == NULL || last->site != 0 || last->b != r->b) {
        last = &s->recs[s->nrecs++];
        *last = (struct hb_sel_rec){ .site = 0, .b = r->b };
    }
    last->nsites += r->site != 0 ? 1 : r->nsites;
    hb_site_figures_add(&last->fig, &fig);
}

/* Folded sites go after the band's kept ones: records of a band in the
 * file's order, the folded and so records gathered at the end. */
static void gather(const struct hb_file *f, const unsigned char *keep,
                   const unsigned char *folded, struct hb_site_sel *s)
{
    size_t i = 0;
    while (i < f->nsiterecs) {
        size_t end = i;
        while (end < f->nsiterecs && f->siterecs[end].b == f->siterecs[i].b)
            end++;
        for (int pass = 0; pass < 2; pass++)
            for (size_t k = i; k < end; k++) {
                const struct hb_siterec *r = &f->siterecs[k];
                int fold = r->site == 0 || folded[r->site - 1];
                if (keep[k] && fold == pass)
                    add_rec(s, r, fold);
            }
        i = end;
    }
}

int hb_site_select(const struct hb_file *f, const struct hb_site_sel_opts *o,
                   struct hb_site_sel *s, struct hb_error *err)
{
    memset(s, 0, sizeof *s);
    if (check_file(f, o->sel, o->by, err) < 0)
        return -1;
    band_range(f, o->sel, &s->first_band, &s->last_band);
    size_t n = f->nsiterecs ? f->nsiterecs : 1;
    unsigned char *keep = calloc(n, 1);
    unsigned char *folded = calloc(f->nsites ? f->nsites : 1, 1);
    s->recs = calloc(n, sizeof *s->recs);
    int r = -1;
    if (keep == NULL || folded == NULL || s->recs == NULL) {
        hb_error_nomem(err, "choosing the sites");
    } else {
        for (size_t i = 0; i < f->nsiterecs; i++)
            keep[i] = (unsigned char)chosen(f, o->sel, s->first_band,
                                            s->last_band, &f->siterecs[i]);
        r = fold_small(f, o, keep, folded, err);
        if (r == 0)
            gather(f, keep, folded, s);
    }
    free(keep);
    free(folded);
    if (r < 0)
        hb_site_sel_free(s);
    return r;
}

void hb_site_sel_free(struct hb_site_sel *s)
{
    free(s->recs);
    memset(s, 0, sizeof *s);
}
