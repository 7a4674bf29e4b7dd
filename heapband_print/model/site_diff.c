/* site_diff.c -- sites compared between two runs, and the sites a function
 * pattern names: see site_diff.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Owns the matching rule of site_diff.h, and the figures of sites by
 * pattern (with stack_match.h's matcher, the one the suppressions use).
 * Matching gives every frame of both files a class number
 * (frames that match share one) by sorting the frames of both tables by
 * their matching key, then sorts the sites of both files by their frames'
 * classes: a run of equal stacks is one stack, with its sites of OLD and of
 * NEW.  Stacks are compared as arrays of class numbers (one array of the
 * sites' frame counts), so memory is linear in the tables whatever the
 * frames' text.  Invariant: reads the model only.
 * Cost: two sorts (frames, sites), O(t log t) comparisons for tables of t
 * entries, and one pass over the site records.
 */
#define _POSIX_C_SOURCE 200809L
#include "site_diff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stack_match.h"

/* -------------------------------------------------------------- figures */

/* sum plus record r's figures. */
static void add_figures(struct hb_site_figures *sum,
                        const struct hb_siterec *r)
{
    const struct hb_site_figures v = hb_site_figures_of(r);
    hb_site_figures_add(sum, &v);
}

int hb_site_figures_equal(const struct hb_site_figures *a,
                          const struct hb_site_figures *b)
{
    return a->allocs == b->allocs && a->alloc_bytes == b->alloc_bytes
           && a->peak_bytes == b->peak_bytes
           && a->peak_blocks == b->peak_blocks
           && a->exit_bytes == b->exit_bytes
           && a->exit_blocks == b->exit_blocks
           && memcmp(&a->lost, &b->lost, sizeof a->lost) == 0;
}

/* Every site's figures (by site - 1) and the other sites' (*other). */
static struct hb_site_figures *site_figures(const struct hb_file *f,
                                            struct hb_site_figures *other)
{
    struct hb_site_figures *v = calloc(f->nsites ? f->nsites : 1, sizeof *v);
    memset(other, 0, sizeof *other);
    if (v == NULL)
        return NULL;
    for (size_t i = 0; i < f->nsiterecs; i++) {
        const struct hb_siterec *r = &f->siterecs[i];
        add_figures(r->site == 0 ? other : &v[r->site - 1], r);
    }
    return v;
}

int hb_site_tables(const struct hb_file *f, char *why, size_t len)
{
    if (f->version < 3)
        snprintf(why, len, "is format version %d", f->version);
    else if (f->depth == 0)
        snprintf(why, len, "records no sites (depth: 0)");
    else
        return 1;
    return 0;
}

/* ------------------------------------------------------------- matching */

/* A frame of one of the two files, with the class it gets. */
struct frame_ref {
    const struct hb_file *f;
    const struct hb_frame *fr;
    uint64_t *cls;
};

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

static int cmp_u64(uint64_t a, uint64_t b)
{
    return (a > b) - (a < b);
}

/* The order of the matching key of site_diff.h; 0 when frames match. */
static int cmp_frame_refs(const void *pa, const void *pb)
{
    const struct frame_ref *a = pa, *b = pb;
    int c = strcmp(a->fr->function, b->fr->function);
    if (c != 0)
        return c;
    if ((a->fr->source != 0) != (b->fr->source != 0))
        return a->fr->source != 0 ? 1 : -1;
    if (a->fr->source != 0) {
        c = strcmp(a->f->sources[a->fr->source - 1],
                   b->f->sources[b->fr->source - 1]);
        return c != 0 ? c : cmp_u64(a->fr->line, b->fr->line);
    }
    c = strcmp(a->fr->object ? base_name(a->f->objects[a->fr->object - 1])
                             : "",
               b->fr->object ? base_name(b->f->objects[b->fr->object - 1])
                             : "");
    if (c != 0 || strcmp(a->fr->function, "???") != 0)
        return c;
    return cmp_u64(a->fr->offset, b->fr->offset);
}

/* A site of one of the two files, as its frames' classes, in order. */
struct site_ref {
    const uint64_t *stack;
    size_t nframes;
    uint64_t id;
    int is_new;
};

static int cmp_stacks(const struct site_ref *a, const struct site_ref *b)
{
    size_t n = a->nframes < b->nframes ? a->nframes : b->nframes;
    for (size_t i = 0; i < n; i++)
        if (a->stack[i] != b->stack[i])
            return a->stack[i] < b->stack[i] ? -1 : 1;
    return cmp_u64(a->nframes, b->nframes);
}

/* By stack, then OLD before NEW, then by number. */
static int cmp_site_refs(const void *pa, const void *pb)
{
    const struct site_ref *a = pa, *b = pb;
    int c = cmp_stacks(a, b);
    if (c != 0)
        return c;
    if (a->is_new != b->is_new)
        return a->is_new - b->is_new;
    return cmp_u64(a->id, b->id);
}

/* The class of every frame of both files: cls[0] for o's frames, cls[1]
 * for n's.  Returns -1 out of memory. */
static int frame_classes(const struct hb_file *const files[2], uint64_t *cls[2])
{
    size_t total = files[0]->nframes + files[1]->nframes, k = 0;
    struct frame_ref *refs = malloc((total ? total : 1) * sizeof *refs);
    if (refs == NULL)
        return -1;
    for (int w = 0; w < 2; w++)
        for (size_t i = 0; i < files[w]->nframes; i++)
            refs[k++] = (struct frame_ref){ files[w], &files[w]->frames[i],
                                            &cls[w][i] };
    qsort(refs, total, sizeof *refs, cmp_frame_refs);
    uint64_t c = 0;
    for (size_t i = 0; i < total; i++) {
        if (i > 0 && cmp_frame_refs(&refs[i - 1], &refs[i]) != 0)
            c++;
        *refs[i].cls = c;
    }
    free(refs);
    return 0;
}

static uint64_t abs_diff(uint64_t a, uint64_t b)
{
    return a > b ? a - b : b - a;
}

static uint64_t max3(uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t m = a > b ? a : b;
    return m > c ? m : c;
}

static void measure_change(struct hb_site_change *c)
{
    const struct hb_site_figures *o = &c->old_v, *n = &c->new_v;
    c->byte_change = max3(abs_diff(o->alloc_bytes, n->alloc_bytes),
                          abs_diff(o->peak_bytes, n->peak_bytes),
                          abs_diff(o->exit_bytes, n->exit_bytes));
    c->block_change = max3(abs_diff(o->allocs, n->allocs),
                           abs_diff(o->peak_blocks, n->peak_blocks),
                           abs_diff(o->exit_blocks, n->exit_blocks));
}

/* The order of site_diff.h; a site not in NEW sorts after those in it. */
static int by_change(const void *pa, const void *pb)
{
    const struct hb_site_change *a = pa, *b = pb;
    if (a->byte_change != b->byte_change)
        return a->byte_change > b->byte_change ? -1 : 1;
    if (a->block_change != b->block_change)
        return a->block_change > b->block_change ? -1 : 1;
    uint64_t an = a->new_site ? a->new_site : UINT64_MAX;
    uint64_t bn = b->new_site ? b->new_site : UINT64_MAX;
    if (an != bn)
        return cmp_u64(an, bn);
    return cmp_u64(a->old_site, b->old_site);
}

/* One stack: refs[0 .. n-1], OLD's sites first. */
static void add_stack(struct hb_site_diff *d, const struct site_ref *refs,
                      size_t n, struct hb_site_figures *const v[2])
{
    struct hb_site_change c;
    memset(&c, 0, sizeof c);
    for (size_t i = 0; i < n; i++) {
        uint64_t id = refs[i].id;
        uint64_t *first = refs[i].is_new ? &c.new_site : &c.old_site;
        if (*first == 0)
            *first = id;
        hb_site_figures_add(refs[i].is_new ? &c.new_v : &c.old_v,
                            &v[refs[i].is_new][id - 1]);
    }
    if (c.old_site != 0 && c.new_site != 0
        && hb_site_figures_equal(&c.old_v, &c.new_v)) {
        d->nunchanged++;
        return;
    }
    d->nnew += c.old_site == 0;
    d->ngone += c.new_site == 0;
    measure_change(&c);
    d->changes[d->nchanges++] = c;
}

/* The stacks of both files' sites as classes, one after the other in
 * *stacks (malloc'd), and a reference to each site that allocated (not
 * the stack of a fatal signal, version 5, a site with no sb line);
 * *nrefs of them.  NULL out of memory. */
static struct site_ref *site_refs(const struct hb_file *const files[2],
                                  uint64_t *const cls[2],
                                  struct hb_site_figures *const v[2],
                                  uint64_t **stacks, size_t *nrefs)
{
    size_t nsites = files[0]->nsites + files[1]->nsites, nframes = 0, k = 0;
    for (int w = 0; w < 2; w++)
        for (size_t i = 0; i < files[w]->nsites; i++)
            nframes += files[w]->sites[i].nframes;
    struct site_ref *refs = malloc((nsites ? nsites : 1) * sizeof *refs);
    uint64_t *at = *stacks = malloc((nframes ? nframes : 1) * sizeof *at);
    if (refs == NULL || at == NULL) {
        free(refs);
        free(*stacks);
        return NULL;
    }
    for (int w = 0; w < 2; w++)
        for (size_t i = 0; i < files[w]->nsites; i++) {
            const struct hb_site *s = &files[w]->sites[i];
            if (v[w][i].allocs == 0)
                continue;
            refs[k++] = (struct site_ref){ at, s->nframes, s->id, w };
            for (size_t j = 0; j < s->nframes; j++)
                *at++ = cls[w][s->frames[j] - 1];
        }
    *nrefs = k;
    return refs;
}

static int match_sites(struct hb_site_diff *d,
                       const struct hb_file *const files[2],
                       uint64_t *const cls[2],
                       struct hb_site_figures *const v[2])
{
    size_t total = 0;
    uint64_t *stacks = NULL;
    struct site_ref *refs = site_refs(files, cls, v, &stacks, &total);
    d->changes = malloc((total ? total : 1) * sizeof *d->changes);
    if (refs == NULL || d->changes == NULL) {
        free(refs);
        free(stacks);
        return -1;
    }
    qsort(refs, total, sizeof *refs, cmp_site_refs);
    for (size_t i = 0; i < total;) {
        size_t end = i + 1;
        while (end < total && cmp_stacks(&refs[i], &refs[end]) == 0)
            end++;
        add_stack(d, &refs[i], end - i, v);
        i = end;
    }
    qsort(d->changes, d->nchanges, sizeof *d->changes, by_change);
    free(refs);
    free(stacks);
    return 0;
}

int hb_site_diff_build(const struct hb_file *o, const struct hb_file *n,
                       struct hb_site_diff *d, struct hb_error *err)
{
    const struct hb_file *const files[2] = { o, n };
    char why[64];
    memset(d, 0, sizeof *d);
    for (int w = 0; w < 2; w++)
        if (!hb_site_tables(files[w], why, sizeof why)) {
            snprintf(d->reason, sizeof d->reason, "%s %s",
                     w ? "NEW" : "OLD", why);
            return 0;
        }
    d->available = 1;
    uint64_t *cls[2] = { NULL, NULL };
    struct hb_site_figures *v[2] = { NULL, NULL };
    int rc = -1;
    for (int w = 0; w < 2; w++) {
        cls[w] = malloc((files[w]->nframes ? files[w]->nframes : 1)
                        * sizeof *cls[w]);
        v[w] = site_figures(files[w], w ? &d->new_other : &d->old_other);
        if (cls[w] == NULL || v[w] == NULL)
            goto done;
    }
    if (frame_classes(files, cls) == 0 && match_sites(d, files, cls, v) == 0)
        rc = 0;
done:
    for (int w = 0; w < 2; w++) {
        free(cls[w]);
        free(v[w]);
    }
    if (rc < 0) {
        hb_site_diff_free(d);
        return hb_error_nomem(err, "comparing the sites");
    }
    return 0;
}

void hb_site_diff_free(struct hb_site_diff *d)
{
    free(d->changes);
    d->changes = NULL;
    d->nchanges = 0;
}

int hb_site_diff_any(const struct hb_site_diff *d)
{
    return d->available
           && (d->nchanges > 0
               || !hb_site_figures_equal(&d->old_other, &d->new_other));
}

/* ---------------------------------------------------- sites by pattern */

int hb_site_pattern_figures(const struct hb_file *f, const char *pattern,
                            struct hb_site_figures *sum, size_t *nmatched,
                            struct hb_error *err)
{
    unsigned char *frame_hit = calloc(f->nframes ? f->nframes : 1, 1);
    unsigned char *site_hit = calloc(f->nsites ? f->nsites : 1, 1);
    memset(sum, 0, sizeof *sum);
    *nmatched = 0;
    if (frame_hit == NULL || site_hit == NULL) {
        free(frame_hit);
        free(site_hit);
        return hb_error_nomem(err, "checking the rules");
    }
    for (size_t i = 0; i < f->nframes; i++)
        frame_hit[i] = (unsigned char)hb_frame_matches(f, i + 1, pattern);
    for (size_t i = 0; i < f->nsites; i++) {
        const struct hb_site *s = &f->sites[i];
        for (size_t k = 0; k < s->nframes && !site_hit[i]; k++)
            site_hit[i] = frame_hit[s->frames[k] - 1];
        *nmatched += site_hit[i];
    }
    for (size_t i = 0; i < f->nsiterecs; i++)
        if (f->siterecs[i].site != 0 && site_hit[f->siterecs[i].site - 1])
            add_figures(sum, &f->siterecs[i]);
    free(frame_hit);
    free(site_hit);
    return 0;
}
