/* hbfile_sites.c -- the allocation sites of a version-3 heap-band file:
 * its object, source, frame and site tables and each band's sb and so
 * records (section 7 of docs/heapband-format.md).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The tables are numbered from 1 in order, and an entry is written just
 * before the first record that names it: an object or a source before the
 * next frame, frames before the next site, sites before the next band's
 * sb lines.  So an entry waits only until that record (struct
 * hb_site_state), and naming is checked without looking anything up:
 * the record after an entry either names it or proves it is misplaced.
 * A band's sb lines come in increasing site number and new sites get the
 * next numbers, so the sites a band owes are the last of its sb lines.
 *
 * Invariant 8 of the format for version 3: the numbering, naming, order
 * and bounds of the records are checked as each line is read and stop the
 * parse; what a band's records add up to against its cells, at-peak and
 * leak lines, and that every band with an allocation has an sb line, are
 * checked when the band's records end and reported after the line pass
 * (hbfile_check.c), with the invariants relating the other sections; that
 * no two frames (sites) are the same is checked after the line pass
 * (hbfile_unique.c).  Cost: O(1) a record, O(NFRAMES) a site.
 */
#include "hbfile_parse.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------- waiting entries */

/* The entries waiting for a record of another kind than the current one:
 * objects and sources (if `objects`), frames (if `frames`), sites (if
 * `sites`).  Fails on the first of them in the file. */
static int check_waiting(struct hb_parser *p, int objects, int frames,
                         int sites)
{
    const struct hb_file *f = p->f;
    const struct hb_site_state *st = &p->site_state;
    unsigned long line = 0;
    const char *msg = NULL;
    uint64_t n = 0;
    if (objects && st->object != 0) {
        line = st->object_line;
        msg = "object %llu is not named by the 'frame' record after it";
        n = st->object;
    }
    if (objects && st->source != 0 && (msg == NULL || st->source_line < line)) {
        line = st->source_line;
        msg = "source %llu is not named by the 'frame' record after it";
        n = st->source;
    }
    if (frames && st->first_frame != 0
        && (msg == NULL || f->frames[st->first_frame - 1].rec_line < line)) {
        line = f->frames[st->first_frame - 1].rec_line;
        msg = "frame %llu is not named by the 'site' record after it";
        n = st->first_frame;
    }
    if (sites && st->first_site != 0
        && (msg == NULL || f->sites[st->first_site - 1].line < line)) {
        line = f->sites[st->first_site - 1].line;
        msg = "site %llu is not named by an 'sb' line of the band after it";
        n = st->first_site;
    }
    if (msg == NULL)
        return 0;
    return hb_error_set(p->lx.err, HB_ERR_INPUT, line, msg,
                        (unsigned long long)n);
}

/* Section 7 is empty with depth: 0. */
static int check_depth(struct hb_parser *p, const char *keyword)
{
    if (p->f->depth == 0)
        return hb_lex_fail(&p->lx, "'%s' record with depth: 0 (the run "
                           "recorded no sites)", keyword);
    return 0;
}

/* ------------------------------------------------------------------ tables */

/* "object O PATH" or "source F PATH": entry n + 1 of the table names[]
 * (n entries so far), waiting in *waiting for the next frame. */
static int parse_name(struct hb_parser *p, const char *keyword,
                      const char *syntax, char ***names, size_t *n,
                      size_t *cap, uint64_t *waiting, unsigned long *line)
{
    struct hb_lexer *lx = &p->lx;
    uint64_t no;
    if (check_depth(p, keyword) < 0 || hb_lex_split_text(lx, 3, syntax) < 0
        || hb_lex_u64(lx, 1, &no) < 0)
        return -1;
    if (no != *n + 1)
        return hb_lex_fail(lx, "%s %llu where %s %zu was expected", keyword,
                           (unsigned long long)no, keyword, *n + 1);
    if (lx->fl[2] > HB_NAME_MAX)
        return hb_lex_fail(lx, "%s path longer than %d bytes", keyword,
                           HB_NAME_MAX);
    if (*waiting != 0)                  /* the next frame names only one */
        return check_waiting(p, 1, 0, 0);
    if (hb_parse_grow(p, (void **)names, cap, *n, sizeof **names) < 0)
        return -1;
    if (((*names)[*n] = hb_parse_text(p, lx->fs[2], lx->fl[2])) == NULL)
        return -1;
    (*n)++;
    *waiting = no;
    *line = lx->lineno;
    return 0;
}

int hb_parse_object(struct hb_parser *p)
{
    struct hb_file *f = p->f;
    struct hb_site_state *st = &p->site_state;
    return parse_name(p, "object", "object O PATH", &f->objects,
                      &f->nobjects, &p->cap_objects, &st->object,
                      &st->object_line);
}

int hb_parse_source(struct hb_parser *p)
{
    struct hb_file *f = p->f;
    struct hb_site_state *st = &p->site_state;
    return parse_name(p, "source", "source F PATH", &f->sources,
                      &f->nsources, &p->cap_sources, &st->source,
                      &st->source_line);
}

/* The object or source waiting for this frame (which names `named`) must
 * be the one it names. */
static int check_named(struct hb_parser *p, uint64_t waiting,
                       uint64_t named)
{
    if (waiting != 0 && waiting != named)
        return check_waiting(p, 1, 0, 0);
    return 0;
}

/* "frame N O OFFSET F LINE FUNCTION". */
int hb_parse_frame(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    struct hb_site_state *st = &p->site_state;
    uint64_t v[2], src[2], offset;
    if (check_depth(p, "frame") < 0
        || hb_lex_split_text(lx, 7, "frame N O OFFSET F LINE FUNCTION") < 0
        || hb_lex_u64s(lx, 1, 2, v) < 0 || hb_lex_hex64(lx, 3, &offset) < 0
        || hb_lex_u64s(lx, 4, 2, src) < 0)
        return -1;
    if (v[0] != f->nframes + 1)
        return hb_lex_fail(lx, "frame %llu where frame %zu was expected",
                           (unsigned long long)v[0], f->nframes + 1);
    if (v[1] > f->nobjects)
        return hb_lex_fail(lx, "frame %llu names object %llu, which is not "
                           "written before it", (unsigned long long)v[0],
                           (unsigned long long)v[1]);
    if (src[0] > f->nsources)
        return hb_lex_fail(lx, "frame %llu names source %llu, which is not "
                           "written before it", (unsigned long long)v[0],
                           (unsigned long long)src[0]);
    if (src[0] == 0 && src[1] != 0)
        return hb_lex_fail(lx, "frame %llu has a line but no source",
                           (unsigned long long)v[0]);
    if (lx->fl[6] > HB_NAME_MAX)
        return hb_lex_fail(lx, "function name longer than %d bytes",
                           HB_NAME_MAX);
    if (check_named(p, st->object, v[1]) < 0
        || check_named(p, st->source, src[0]) < 0
        || HB_PARSE_GROW(p, f->frames, p->cap_frames, f->nframes) < 0)
        return -1;
    struct hb_frame *fr = &f->frames[f->nframes];
    fr->object = v[1];
    fr->offset = offset;
    fr->source = src[0];
    fr->line = src[1];
    fr->rec_line = lx->lineno;
    if ((fr->function = hb_parse_text(p, lx->fs[6], lx->fl[6])) == NULL)
        return -1;
    f->nframes++;
    st->object = st->source = 0;
    if (st->first_frame == 0)
        st->first_frame = v[0];
    return 0;
}

/* The frames waiting for site s, which names frames[0 .. n-1], must be
 * among them. */
static int check_frames_named(struct hb_parser *p, const uint64_t *frames,
                              size_t n)
{
    struct hb_site_state *st = &p->site_state;
    if (st->first_frame == 0)
        return 0;
    for (uint64_t w = st->first_frame; w <= p->f->nframes; w++) {
        size_t i = 0;
        while (i < n && frames[i] != w)
            i++;
        if (i == n) {
            st->first_frame = w;
            return check_waiting(p, 0, 1, 0);
        }
    }
    st->first_frame = 0;
    return 0;
}

/* "site S NFRAMES N1 ... Nk", the line split (up to HB_MAX_DEPTH frames). */
int hb_parse_site3(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    uint64_t v[2];
    if (check_depth(p, "site") < 0)
        return -1;
    if (lx->nf < 3)
        return hb_lex_fail(lx, "expected 'site S NFRAMES N1 ... Nk'");
    if (hb_lex_u64s(lx, 1, 2, v) < 0)
        return -1;
    if (v[0] != f->nsites + 1)
        return hb_lex_fail(lx, "site %llu where site %zu was expected",
                           (unsigned long long)v[0], f->nsites + 1);
    if (v[1] == 0 || v[1] > f->depth)
        return hb_lex_fail(lx, "site %llu has %llu frames, not 1 to depth "
                           "%llu", (unsigned long long)v[0],
                           (unsigned long long)v[1],
                           (unsigned long long)f->depth);
    if (lx->nf != 3 + v[1])
        return hb_lex_fail(lx, "site %llu lists %zu frames, not NFRAMES "
                           "%llu", (unsigned long long)v[0], lx->nf - 3,
                           (unsigned long long)v[1]);
    if (check_waiting(p, 1, 0, 0) < 0
        || HB_PARSE_GROW(p, f->sites, p->cap_sites, f->nsites) < 0)
        return -1;
    struct hb_site *s = &f->sites[f->nsites];
    s->id = v[0];
    s->line = lx->lineno;
    s->nframes = 0;
    if ((s->frames = malloc((size_t)v[1] * sizeof *s->frames)) == NULL)
        return hb_parse_nomem(p);
    f->nsites++;
    for (size_t i = 0; i < (size_t)v[1]; i++) {
        uint64_t n;
        if (hb_lex_u64(lx, 3 + i, &n) < 0)
            return -1;
        if (n == 0 || n > f->nframes)
            return hb_lex_fail(lx, "site %llu names frame %llu, which is not "
                               "written before it", (unsigned long long)v[0],
                               (unsigned long long)n);
        s->frames[s->nframes++] = n;
    }
    if (check_frames_named(p, s->frames, s->nframes) < 0)
        return -1;
    if (p->site_state.first_site == 0)
        p->site_state.first_site = v[0];
    return 0;
}

/* ------------------------------------------------------------ bands' sites */

/* A problem of a band's records against the other sections: kept to be
 * reported after the line pass (the first one). */
__attribute__((format(printf, 3, 4)))
static void band_problem(struct hb_parser *p, unsigned long line,
                         const char *fmt, ...)
{
    char msg[sizeof p->checks.sites_problem.msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    hb_error_set(&p->checks.sites_problem, HB_ERR_INPUT, line, "%s", msg);
}

/* One sum of the band's records against the band's own figure. */
static void check_band_sum(struct hb_parser *p, const char *field,
                           hb_u128 sites, hb_u128 band, const char *whose)
{
    const struct hb_site_state *st = &p->site_state;
    if (sites != band)
        band_problem(p, st->last_line, "band %llu: its 'sb' and 'so' lines "
                     "sum to %s %s%llu but %s to %llu",
                     (unsigned long long)st->band, field,
                     sites > UINT64_MAX ? "more than " : "",
                     (unsigned long long)(sites > UINT64_MAX ? UINT64_MAX
                                                             : sites),
                     whose, (unsigned long long)band);
}

/* The band being read owes no site any more: every site written before
 * its records that no band named is named by one of its sb lines. */
static int check_owed(struct hb_parser *p)
{
    const struct hb_site_state *st = &p->site_state;
    if (st->owed_next != 0 && st->owed_next <= st->owed_last)
        return hb_error_set(p->lx.err, HB_ERR_INPUT,
                            p->f->sites[st->owed_next - 1].line, "site %llu "
                            "is not named by an 'sb' line of the band after "
                            "it", (unsigned long long)st->owed_next);
    return 0;
}

/* The band being read ends: it owes no site, lists at most 3 x
 * site-limit sites (three rankings of at most K each), and its records
 * add up to its cells, at-peak and leak lines. */
static int close_band(struct hb_parser *p)
{
    const struct hb_file *f = p->f;
    struct hb_site_state *st = &p->site_state;
    uint64_t b = st->band;
    if (check_owed(p) < 0)
        return -1;
    if (f->site_limit > 0 && st->nsb > 0
        && (st->nsb - 1) / 3 >= f->site_limit)
        return hb_error_set(p->lx.err, HB_ERR_INPUT, st->last_line, "band "
                            "%llu has %llu 'sb' lines, more than 3 x "
                            "site-limit %llu", (unsigned long long)b,
                            (unsigned long long)st->nsb,
                            (unsigned long long)f->site_limit);
    while (st->next_atpeak < f->natpeaks && f->atpeaks[st->next_atpeak].b < b)
        st->next_atpeak++;
    while (st->next_leak < f->nleaks && f->leaks[st->next_leak].b < b)
        st->next_leak++;
    const struct hb_atpeakrec *at = st->next_atpeak < f->natpeaks
        && f->atpeaks[st->next_atpeak].b == b ? &f->atpeaks[st->next_atpeak]
                                              : NULL;
    const struct hb_leakrec *leak = st->next_leak < f->nleaks
        && f->leaks[st->next_leak].b == b ? &f->leaks[st->next_leak] : NULL;
    const struct hb_band_sums *cells = &p->checks.bands[b];
    check_band_sum(p, "ALLOCS", st->sums[0], cells->allocs, "its cells");
    check_band_sum(p, "ALLOC_BYTES", st->sums[1], cells->alloc_bytes,
                   "its cells");
    check_band_sum(p, "PEAK_BYTES", st->sums[2], at ? at->bytes : 0,
                   "its 'at-peak' line");
    check_band_sum(p, "PEAK_BLOCKS", st->sums[3], at ? at->blocks : 0,
                   "its 'at-peak' line");
    check_band_sum(p, "EXIT_BYTES", st->sums[4], leak ? leak->bytes : 0,
                   "its 'leak' line");
    check_band_sum(p, "EXIT_BLOCKS", st->sums[5], leak ? leak->count : 0,
                   "its 'leak' line");
    st->in_band = 0;
    st->bands_done = b + 1;
    return 0;
}

/* Bands bands_done .. end-1 have no sb line: none of them allocates (the
 * problem is reported on line `line`, where that became known). */
static void check_bands_without_sites(struct hb_parser *p, uint64_t end,
                                      unsigned long line)
{
    struct hb_site_state *st = &p->site_state;
    for (uint64_t b = st->bands_done; b < end; b++)
        if (p->checks.bands[b].allocs > 0)
            band_problem(p, line, "band %llu has allocations but no 'sb' "
                         "line", (unsigned long long)b);
    st->bands_done = end;
}

/* An sb or so line of band b with key `key` (its site; UINT64_MAX for so)
 * and figures fig[0..5] (ALLOCS .. EXIT_BLOCKS): in order, and after it
 * the sites waiting for a band's records are owed by band b. */
static int band_record(struct hb_parser *p, const char *keyword, uint64_t b,
                       uint64_t key, const uint64_t *fig)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_site_state *st = &p->site_state;
    if (check_depth(p, keyword) < 0 || hb_parse_check_band(p, b) < 0
        || check_waiting(p, 1, 1, 0) < 0)
        return -1;
    if (st->in_band && (b < st->band || (b == st->band && key <= st->last_key)))
        return hb_lex_fail(lx, "'%s %llu' is out of order or repeated",
                           keyword, (unsigned long long)b);
    if (st->in_band && b != st->band && close_band(p) < 0)
        return -1;
    if (!st->in_band) {
        if (b < st->bands_done)
            return hb_lex_fail(lx, "'%s %llu' is out of order or repeated",
                               keyword, (unsigned long long)b);
        check_bands_without_sites(p, b, lx->lineno);
        memset(st->sums, 0, sizeof st->sums);
        st->in_band = 1;
        st->band = b;
        st->nsb = 0;
        st->owed_next = st->owed_last = 0;
    }
    if (st->first_site != 0) {
        if (st->owed_next == 0 || st->owed_next > st->owed_last)
            st->owed_next = st->first_site;
        st->owed_last = p->f->nsites;
        st->first_site = 0;
    }
    if (st->owed_next != 0 && st->owed_next <= st->owed_last
        && key >= st->owed_next) {
        if (key != st->owed_next)
            return check_owed(p);
        st->owed_next++;
    }
    for (int i = 0; i < 6; i++)
        st->sums[i] += fig[i];
    st->last_key = key;
    st->last_line = lx->lineno;
    return 0;
}

static int store_siterec(struct hb_parser *p, const struct hb_siterec *r)
{
    struct hb_file *f = p->f;
    if (HB_PARSE_GROW(p, f->siterecs, p->cap_siterecs, f->nsiterecs) < 0)
        return -1;
    f->siterecs[f->nsiterecs++] = *r;
    return 0;
}

/* "sb b S ALLOCS ALLOC_BYTES PEAK_BYTES PEAK_BLOCKS EXIT_BYTES EXIT_BLOCKS
 * MAX_BYTES RANGE1 ... RANGEn", n = 0 in a file without site times. */
int hb_parse_sb(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    uint64_t v[9];
    if (lx->nf < 10)
        return hb_lex_fail(lx, "'sb' takes at least 9 fields, found "
                           "%zu", lx->nf - 1);
    if (hb_lex_u64s(lx, 1, 9, v) < 0)
        return -1;
    if (v[1] == 0 || v[1] > p->f->nsites)
        return hb_lex_fail(lx, "'sb' names site %llu, which is not written "
                           "before it", (unsigned long long)v[1]);
    if (band_record(p, "sb", v[0], v[1], v + 2) < 0)
        return -1;
    struct hb_siterec r = {
        .b = v[0], .site = v[1], .nsites = 1, .allocs = v[2],
        .alloc_bytes = v[3], .peak_bytes = v[4], .peak_blocks = v[5],
        .exit_bytes = v[6], .exit_blocks = v[7], .max_bytes = v[8],
        .ranking = HB_RANKING_NONE, .rank = 0
    };
    if (r.allocs == 0)
        return hb_lex_fail(lx, "'sb %llu %llu' has no allocation",
                           (unsigned long long)r.b, (unsigned long long)r.site);
    if (r.peak_bytes > r.max_bytes || r.exit_bytes > r.max_bytes
        || r.max_bytes > r.alloc_bytes)
        return hb_lex_fail(lx, "'sb %llu %llu' breaks PEAK_BYTES, EXIT_BYTES "
                           "<= MAX_BYTES <= ALLOC_BYTES",
                           (unsigned long long)r.b, (unsigned long long)r.site);
    if (r.peak_blocks > r.allocs || r.exit_blocks > r.allocs)
        return hb_lex_fail(lx, "'sb %llu %llu' has more blocks live than "
                           "allocated", (unsigned long long)r.b,
                           (unsigned long long)r.site);
    if (hb_parse_sb_times(p, 10, &r) < 0)
        return -1;
    p->site_state.nsb++;
    return store_siterec(p, &r);
}

/* "so b NSITES ALLOCS ALLOC_BYTES PEAK_BYTES PEAK_BLOCKS EXIT_BYTES
 * EXIT_BLOCKS". */
int hb_parse_so(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    uint64_t v[8];
    if (hb_lex_expect_record(lx, "so", 8) < 0 || hb_lex_u64s(lx, 1, 8, v) < 0)
        return -1;
    if (p->f->site_limit == 0)
        return hb_lex_fail(lx, "'so' line with site-limit: all");
    if (v[1] == 0)
        return hb_lex_fail(lx, "'so' line with NSITES 0");
    if (band_record(p, "so", v[0], UINT64_MAX, v + 2) < 0)
        return -1;
    if (check_owed(p) < 0)          /* owed sites come before the so line */
        return -1;
    struct hb_siterec r = {
        .b = v[0], .site = 0, .nsites = v[1], .allocs = v[2],
        .alloc_bytes = v[3], .peak_bytes = v[4], .peak_blocks = v[5],
        .exit_bytes = v[6], .exit_blocks = v[7], .max_bytes = 0,
        .ranking = HB_RANKING_NONE, .rank = 0
    };
    return store_siterec(p, &r);
}

int hb_sites_end(struct hb_parser *p)
{
    if (check_waiting(p, 1, 1, 1) < 0
        || (p->site_state.in_band && close_band(p) < 0))
        return -1;
    if (p->f->depth > 0)
        check_bands_without_sites(p, p->f->nbands, p->lx.lineno);
    return 0;
}

/* ---------------------------------------------------------- after the pass */

/* The report order of a band's sb records: more bytes allocated first,
 * then more allocations, then the lower site number. */
static int cmp_ranked(const void *a, const void *b)
{
    const struct hb_siterec *x = a, *y = b;
    if (x->alloc_bytes != y->alloc_bytes)
        return x->alloc_bytes > y->alloc_bytes ? -1 : 1;
    if (x->allocs != y->allocs)
        return x->allocs > y->allocs ? -1 : 1;
    return x->site < y->site ? -1 : x->site > y->site;
}

void hb_sites_rank(struct hb_file *f)
{
    size_t first = 0;
    while (first < f->nsiterecs) {
        size_t end = first;
        while (end < f->nsiterecs && f->siterecs[end].b == f->siterecs[first].b
               && f->siterecs[end].site != 0)
            end++;
        qsort(f->siterecs + first, end - first, sizeof *f->siterecs,
              cmp_ranked);
        first = end < f->nsiterecs && f->siterecs[end].site == 0 ? end + 1
                                                                 : end;
    }
}
