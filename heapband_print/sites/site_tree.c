/* site_tree.c -- a file's allocation sites merged by allocation point: see
 * site_tree.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The sites are sorted by their frame lists, innermost frame first, so that
 * stacks sharing a prefix of frames are neighbours: each site then shares
 * the nodes of the prefix it has in common with the one before it and adds
 * one node for each frame after that.  No hash table, and the nodes come
 * out in depth-first order.
 */
#include "site_tree.h"
#include "search.h"

#include <stdlib.h>
#include <string.h>

int hb_site_by_check(const struct hb_file *f, enum hb_site_metric by,
                     struct hb_error *err)
{
    static const char *const kind[] = { "definitely", "indirectly",
                                        "possibly", "reachable" };
    if (by < HB_SITE_BY_DEFINITELY || f->leak_kinds)
        return 0;
    if (f->version < 4)
        return hb_error_set(err, HB_ERR_USAGE, 0, "--by=%s needs memcheck's "
                            "leak kinds, which this file has not (it is "
                            "format version %d)",
                            kind[by - HB_SITE_BY_DEFINITELY], f->version);
    return hb_error_set(err, HB_ERR_USAGE, 0, "--by=%s needs memcheck's leak "
                        "kinds, which this file has not (its run had "
                        "--leak-scan=no)", kind[by - HB_SITE_BY_DEFINITELY]);
}

uint64_t hb_site_bytes(const struct hb_site_figures *fig,
                       enum hb_site_metric by)
{
    switch (by) {
    case HB_SITE_BY_ALLOC: return fig->alloc_bytes;
    case HB_SITE_BY_EXIT:  return fig->exit_bytes;
    case HB_SITE_BY_DEFINITELY:
        return fig->lost.bytes[HB_LOST_DEFINITELY];
    case HB_SITE_BY_INDIRECTLY:
        return fig->lost.bytes[HB_LOST_INDIRECTLY];
    case HB_SITE_BY_POSSIBLY:
        return fig->lost.bytes[HB_LOST_POSSIBLY];
    case HB_SITE_BY_REACHABLE:
        return fig->exit_bytes - hb_lost_bytes(&fig->lost);
    case HB_SITE_BY_PEAK:  break;
    }
    return fig->peak_bytes;
}

uint64_t hb_site_blocks(const struct hb_site_figures *fig,
                        enum hb_site_metric by)
{
    switch (by) {
    case HB_SITE_BY_ALLOC: return fig->allocs;
    case HB_SITE_BY_EXIT:  return fig->exit_blocks;
    case HB_SITE_BY_DEFINITELY:
        return fig->lost.blocks[HB_LOST_DEFINITELY];
    case HB_SITE_BY_INDIRECTLY:
        return fig->lost.blocks[HB_LOST_INDIRECTLY];
    case HB_SITE_BY_POSSIBLY:
        return fig->lost.blocks[HB_LOST_POSSIBLY];
    case HB_SITE_BY_REACHABLE:
        return fig->exit_blocks - hb_lost_blocks(&fig->lost);
    case HB_SITE_BY_PEAK:  break;
    }
    return fig->peak_blocks;
}

void hb_site_tree_free(struct hb_site_tree *t)
{
    free(t->nodes);
    free(t->bands);
    free(t->site_point);
    memset(t, 0, sizeof *t);
}

/* ------------------------------------------------------------- building */

/* Stacks in lexicographic order of their frame numbers, a stack before
 * the longer ones it begins. */
static int cmp_stacks(const void *a, const void *b)
{
    const struct hb_site *x = *(const struct hb_site *const *)a;
    const struct hb_site *y = *(const struct hb_site *const *)b;
    size_t n = x->nframes < y->nframes ? x->nframes : y->nframes;
    for (size_t i = 0; i < n; i++)
        if (x->frames[i] != y->frames[i])
            return x->frames[i] < y->frames[i] ? -1 : 1;
    return (x->nframes > y->nframes) - (x->nframes < y->nframes);
}

/* What building needs besides the tree: each site's figures over the
 * bands, the sites in stack order, the path of nodes of the last site
 * placed and each node's last child (to append the next one). */
struct builder {
    struct hb_site_figures *site_fig;   /* by site number - 1 */
    const struct hb_site **order;
    size_t norder;
    size_t *path;                       /* path[d]: its node at depth d */
    size_t *last_child;                 /* by node, as nodes */
    size_t cap;                         /* of nodes and last_child */
};

static void builder_free(struct builder *bd)
{
    free(bd->site_fig);
    free(bd->order);
    free(bd->path);
    free(bd->last_child);
}

/* A new child of `parent` for frame `frame`; its number, or 0 when out of
 * memory. */
static size_t new_node(struct hb_site_tree *t, struct builder *bd,
                       size_t parent, uint64_t frame)
{
    if (t->nnodes == bd->cap) {
        size_t cap = bd->cap ? 2 * bd->cap : 64;
        struct hb_site_node *nodes = realloc(t->nodes, cap * sizeof *nodes);
        if (nodes == NULL)
            return 0;
        t->nodes = nodes;
        size_t *last = realloc(bd->last_child, cap * sizeof *last);
        if (last == NULL)
            return 0;
        bd->last_child = last;
        bd->cap = cap;
    }
    size_t n = t->nnodes++;
    struct hb_site_node *node = &t->nodes[n];
    memset(node, 0, sizeof *node);
    node->frame = frame;
    node->parent = parent;
    if (n != 0) {
        node->depth = t->nodes[parent].depth + 1;
        if (bd->last_child[parent] == 0)
            t->nodes[parent].first_child = n;
        else
            t->nodes[bd->last_child[parent]].next_sibling = n;
        bd->last_child[parent] = n;
    }
    bd->last_child[n] = 0;
    return n;
}

/* Each site's figures over bands first..last into bd->site_fig, the so
 * records' into t->other, the sites with records into bd->order. */
static int sum_sites(const struct hb_file *f, uint64_t first, uint64_t last,
                     struct hb_site_tree *t, struct builder *bd)
{
    size_t n = f->nsites ? f->nsites : 1;
    bd->site_fig = calloc(n, sizeof *bd->site_fig);
    bd->order = malloc(n * sizeof *bd->order);
    t->site_point = calloc(n, sizeof *t->site_point);
    if (bd->site_fig == NULL || bd->order == NULL || t->site_point == NULL)
        return -1;
    size_t depth = 0;
    for (size_t i = 0; i < f->nsiterecs; i++) {
        const struct hb_siterec *r = &f->siterecs[i];
        if (r->b < first || r->b > last)
            continue;
        struct hb_site_figures fig = hb_site_figures_of(r);
        if (r->site == 0) {
            hb_site_figures_add(&t->other, &fig);
            t->other_sites += r->nsites;
            continue;
        }
        const struct hb_site *s = &f->sites[r->site - 1];
        /* site_point marks the sites already in the order until the
         * nodes are made. */
        if (t->site_point[r->site - 1] == 0) {
            t->site_point[r->site - 1] = 1;
            bd->order[bd->norder++] = s;
            if (s->nframes > depth)
                depth = s->nframes;
        }
        hb_site_figures_add(&bd->site_fig[r->site - 1], &fig);
    }
    bd->path = calloc(depth + 1, sizeof *bd->path);
    return bd->path == NULL ? -1 : 0;
}

/* The nodes: the sites in stack order, each sharing the prefix it has in
 * common with the one before. */
static int make_nodes(struct hb_site_tree *t, struct builder *bd)
{
    if (new_node(t, bd, 0, 0) != 0)    /* the root is node 0 */
        return -1;
    qsort(bd->order, bd->norder, sizeof *bd->order, cmp_stacks);
    const struct hb_site *prev = NULL;
    for (size_t i = 0; i < bd->norder; i++) {
        const struct hb_site *s = bd->order[i];
        size_t common = 0;
        while (prev != NULL && common < prev->nframes
               && common < s->nframes
               && prev->frames[common] == s->frames[common])
            common++;
        for (size_t d = common; d < s->nframes; d++) {
            bd->path[d + 1] = new_node(t, bd, bd->path[d], s->frames[d]);
            if (bd->path[d + 1] == 0)
                return -1;
        }
        const struct hb_site_figures *fig = &bd->site_fig[s->id - 1];
        for (size_t d = 0; d <= s->nframes; d++)
            hb_site_figures_add(&t->nodes[bd->path[d]].fig, fig);
        hb_site_figures_add(&t->nodes[bd->path[s->nframes]].ends, fig);
        t->site_point[s->id - 1] = bd->path[1];
        prev = s;
    }
    return 0;
}

static int cmp_point_band(const void *a, const void *b)
{
    const struct hb_site_band *x = a, *y = b;
    if (x->point != y->point)
        return x->point < y->point ? -1 : 1;
    return (x->b > y->b) - (x->b < y->b);
}

/* Each point's figures band by band: the sb records of the bands, by
 * point and band, the records of one point in one band summed. */
static int make_bands(const struct hb_file *f, uint64_t first, uint64_t last,
                      struct hb_site_tree *t)
{
    size_t n = 0;
    for (size_t i = 0; i < f->nsiterecs; i++)
        n += f->siterecs[i].site != 0 && f->siterecs[i].b >= first
             && f->siterecs[i].b <= last;
    t->bands = malloc((n ? n : 1) * sizeof *t->bands);
    if (t->bands == NULL)
        return -1;
    for (size_t i = 0; i < f->nsiterecs; i++) {
        const struct hb_siterec *r = &f->siterecs[i];
        if (r->site == 0 || r->b < first || r->b > last)
            continue;
        struct hb_site_band *e = &t->bands[t->nbands++];
        e->point = t->site_point[r->site - 1];
        e->b = r->b;
        e->fig = hb_site_figures_of(r);
    }
    qsort(t->bands, t->nbands, sizeof *t->bands, cmp_point_band);
    size_t kept = 0;
    for (size_t i = 0; i < t->nbands; i++) {
        if (kept > 0 && t->bands[kept - 1].point == t->bands[i].point
            && t->bands[kept - 1].b == t->bands[i].b)
            hb_site_figures_add(&t->bands[kept - 1].fig, &t->bands[i].fig);
        else
            t->bands[kept++] = t->bands[i];
    }
    t->nbands = kept;
    return 0;
}

int hb_site_tree_build(const struct hb_file *f, uint64_t first, uint64_t last,
                       struct hb_site_tree *t, struct hb_error *err)
{
    struct builder bd;
    memset(&bd, 0, sizeof bd);
    memset(t, 0, sizeof *t);
    int r = sum_sites(f, first, last, t, &bd);
    if (r == 0)
        r = make_nodes(t, &bd);
    if (r == 0)
        r = make_bands(f, first, last, t);
    builder_free(&bd);
    if (r < 0) {
        hb_site_tree_free(t);
        return hb_error_nomem(err, "merging the sites");
    }
    return 0;
}

/* -------------------------------------------------------------- ranking */

/* A node or a band with what it is ranked by. */
struct ranked {
    uint64_t bytes, blocks, key;   /* key: frame number, or band (ties) */
    size_t index;
};

/* Largest first; ties: more blocks, then the lower frame number or the
 * larger band (key, negated by the caller for bands). */
static int cmp_ranked(const void *a, const void *b)
{
    const struct ranked *x = a, *y = b;
    if (x->bytes != y->bytes)
        return x->bytes > y->bytes ? -1 : 1;
    if (x->blocks != y->blocks)
        return x->blocks > y->blocks ? -1 : 1;
    return (x->key > y->key) - (x->key < y->key);
}

static void rank_children(struct hb_site_tree *t, size_t n,
                          enum hb_site_metric by, struct ranked *tmp)
{
    size_t k = 0;
    for (size_t c = t->nodes[n].first_child; c != 0;
         c = t->nodes[c].next_sibling) {
        const struct hb_site_node *child = &t->nodes[c];
        tmp[k].bytes = hb_site_bytes(&child->fig, by);
        tmp[k].blocks = hb_site_blocks(&child->fig, by);
        tmp[k].key = child->frame;
        tmp[k++].index = c;
    }
    if (k == 0)
        return;
    qsort(tmp, k, sizeof *tmp, cmp_ranked);
    t->nodes[n].first_child = tmp[0].index;
    for (size_t i = 0; i < k; i++)
        t->nodes[tmp[i].index].next_sibling = i + 1 < k ? tmp[i + 1].index
                                                         : 0;
}

/* One point's bands, t->bands[first .. end-1], largest first. */
static void rank_bands(struct hb_site_tree *t, size_t first, size_t end,
                       enum hb_site_metric by, struct ranked *tmp,
                       struct hb_site_band *copy)
{
    struct hb_site_band *bands = t->bands + first;
    size_t k = end - first;
    for (size_t i = 0; i < k; i++) {
        tmp[i].bytes = hb_site_bytes(&bands[i].fig, by);
        tmp[i].blocks = hb_site_blocks(&bands[i].fig, by);
        tmp[i].key = UINT64_MAX - bands[i].b;
        tmp[i].index = i;
    }
    qsort(tmp, k, sizeof *tmp, cmp_ranked);
    /* The order applied through a copy of the run (tmp's indexes). */
    memcpy(copy, bands, k * sizeof *copy);
    for (size_t i = 0; i < k; i++)
        bands[i] = copy[tmp[i].index];
}

int hb_site_tree_rank(struct hb_site_tree *t, enum hb_site_metric by,
                      struct hb_error *err)
{
    size_t n = t->nnodes > t->nbands ? t->nnodes : t->nbands;
    struct ranked *tmp = malloc((n ? n : 1) * sizeof *tmp);
    struct hb_site_band *copy = malloc((n ? n : 1) * sizeof *copy);
    if (tmp == NULL || copy == NULL) {
        free(tmp);
        free(copy);
        return hb_error_nomem(err, "ranking the sites");
    }
    for (size_t i = 0; i < t->nnodes; i++)
        rank_children(t, i, by, tmp);
    for (size_t first = 0; first < t->nbands;) {
        size_t end = first + 1;
        while (end < t->nbands && t->bands[end].point == t->bands[first].point)
            end++;
        rank_bands(t, first, end, by, tmp, copy);
        first = end;
    }
    free(tmp);
    free(copy);
    return 0;
}

struct point_key { const struct hb_site_tree *t; size_t point; };

static int band_before(const void *ctx, size_t i)
{
    const struct point_key *k = ctx;
    return k->t->bands[i].point < k->point;
}

size_t hb_site_tree_first_band(const struct hb_site_tree *t, size_t point)
{
    const struct point_key k = { t, point };
    size_t lo = hb_partition_point(t->nbands, &k, band_before);
    return lo < t->nbands && t->bands[lo].point == point ? lo : t->nbands;
}
