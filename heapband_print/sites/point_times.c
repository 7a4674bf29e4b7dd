/* point_times.c -- the columns an allocation point allocated in, from its
 * sites' "sb" ranges (see point_times.h).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#include "point_times.h"
#include "search.h"

#include <stdlib.h>

struct hb_point_rec {
    size_t point, rec;
};

static int cmp_point_rec(const void *a, const void *b)
{
    const struct hb_point_rec *x = a, *y = b;
    if (x->point != y->point)
        return x->point < y->point ? -1 : 1;
    return x->rec < y->rec ? -1 : x->rec > y->rec;
}

static int cmp_range_lo(const void *a, const void *b)
{
    const struct hb_col_range *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

static int counted(const struct hb_siterec *rec, const size_t *site_point,
                   uint64_t first, uint64_t last)
{
    return rec->site != 0 && rec->b >= first && rec->b <= last
           && site_point[rec->site - 1] != 0;
}

int hb_point_times_build(const struct hb_file *f, const size_t *site_point,
                         uint64_t first, uint64_t last,
                         struct hb_point_times *pt, struct hb_error *err)
{
    *pt = (struct hb_point_times){ .f = f };
    if (!f->has_site_times)
        return 0;
    size_t n = 0, nranges = 0;
    for (size_t i = 0; i < f->nsiterecs; i++)
        if (counted(&f->siterecs[i], site_point, first, last)) {
            n++;
            nranges += f->siterecs[i].ntimes;
        }
    pt->recs = malloc((n ? n : 1) * sizeof *pt->recs);
    pt->scratch = malloc((nranges ? nranges : 1) * sizeof *pt->scratch);
    if (pt->recs == NULL || pt->scratch == NULL) {
        hb_point_times_free(pt);
        return hb_error_nomem(err, "printing the sites");
    }
    for (size_t i = 0; i < f->nsiterecs; i++)
        if (counted(&f->siterecs[i], site_point, first, last))
            pt->recs[pt->nrecs++] = (struct hb_point_rec){
                .point = site_point[f->siterecs[i].site - 1], .rec = i };
    qsort(pt->recs, pt->nrecs, sizeof *pt->recs, cmp_point_rec);
    return 0;
}

struct point_key { const struct hb_point_times *pt; size_t point; };

static int rec_before(const void *ctx, size_t i)
{
    const struct point_key *k = ctx;
    return k->pt->recs[i].point < k->point;
}

/* The first of pt->recs whose point is not below `point`. */
static size_t first_of_point(const struct hb_point_times *pt, size_t point)
{
    const struct point_key k = { pt, point };
    return hb_partition_point(pt->nrecs, &k, rec_before);
}

int hb_point_times_of(struct hb_point_times *pt, size_t point,
                      uint64_t *count, uint64_t *first, uint64_t *last)
{
    const struct hb_file *f = pt->f;
    size_t nranges = 0;
    for (size_t i = first_of_point(pt, point);
         i < pt->nrecs && pt->recs[i].point == point; i++) {
        const struct hb_siterec *rec = &f->siterecs[pt->recs[i].rec];
        for (size_t k = 0; k < rec->ntimes; k++)
            pt->scratch[nranges++] = f->site_times[rec->times_at + k];
    }
    if (nranges == 0)
        return 0;
    qsort(pt->scratch, nranges, sizeof *pt->scratch, cmp_range_lo);
    /* Sorted by start, each range adds the columns past the end of those
     * before it; `end` is one past the last column counted (hi < ncols,
     * so hi + 1 does not wrap). */
    uint64_t n = 0, end = 0;
    for (size_t k = 0; k < nranges; k++) {
        const struct hb_col_range *c = &pt->scratch[k];
        uint64_t from = c->lo > end ? c->lo : end;
        if (c->hi + 1 > from)
            n += c->hi + 1 - from;
        if (c->hi + 1 > end)
            end = c->hi + 1;
    }
    *count = n;
    *first = pt->scratch[0].lo;
    *last = end - 1;
    return 1;
}

void hb_point_times_free(struct hb_point_times *pt)
{
    free(pt->recs);
    free(pt->scratch);
    pt->recs = NULL;
    pt->scratch = NULL;
    pt->nrecs = 0;
}
