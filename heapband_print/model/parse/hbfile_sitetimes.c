/* hbfile_sitetimes.c -- the site times of a version-3 heap-band file: the
 * ranges that end an "sb" record, the stored columns in which the listed
 * site allocated (section 7 of docs/heapband-format.md).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * A file has ranges on every sb line or on none (the first version-3
 * files have none): the first sb line decides, and every later one must
 * agree with it.  The ranges are stored in f->site_times, a record's run
 * named by its hb_siterec.
 *
 * Invariant: every rule of the ranges that needs only the header is
 * checked as the line is read (form, order, within 0 .. NC-1, aligned to
 * the time bins; at most 64 of them is the lexer's field limit); that a
 * band allocated in every bin of a range is left to the file checker of
 * the tests (tests/tool/hbfile.py), as it needs the cells.  Cost:
 * O(ranges) a line.
 */
#include "hbfile_parse.h"

#include <stdio.h>
#include <string.h>

#include "hb_format.h"

/* Field i as a number, when it is the n bytes at s of that field: the
 * lexer's rules for numbers, applied to a part of a field. */
static int part_u64(struct hb_lexer *lx, size_t i, const char *s, size_t n,
                    uint64_t *v)
{
    const char *whole = lx->fs[i];
    size_t whole_len = lx->fl[i];
    lx->fs[i] = s;
    lx->fl[i] = n;
    int rc = n == 0 ? hb_lex_fail(lx, "a range needs 'c' or 'c0-c1'")
                    : hb_lex_u64(lx, i, v);
    lx->fs[i] = whole;
    lx->fl[i] = whole_len;
    return rc;
}

/* Field i, "c" or "c0-c1" with c0 < c1, into *r. */
static int parse_range(struct hb_lexer *lx, size_t i, struct hb_col_range *r)
{
    const char *dash = memchr(lx->fs[i], '-', lx->fl[i]);
    if (dash == NULL) {
        if (part_u64(lx, i, lx->fs[i], lx->fl[i], &r->lo) < 0)
            return -1;
        r->hi = r->lo;
        return 0;
    }
    size_t before = (size_t)(dash - lx->fs[i]);
    if (part_u64(lx, i, lx->fs[i], before, &r->lo) < 0
        || part_u64(lx, i, dash + 1, lx->fl[i] - before - 1, &r->hi) < 0)
        return -1;
    if (r->lo >= r->hi)
        return hb_lex_fail(lx, "range %llu-%llu does not run upward",
                           (unsigned long long)r->lo,
                           (unsigned long long)r->hi);
    return 0;
}

/* log2 of the columns in a time bin: the smallest k with
 * columns-budget <= HB_SITE_TIME_BINS * 2^k. */
static unsigned bin_log(const struct hb_file *f)
{
    unsigned k = 0;
    while (k < 63 && ((uint64_t)HB_SITE_TIME_BINS << k) < f->columns_budget)
        k++;
    return k;
}

/* Range r as the file writes it, for messages. */
static const char *range_text(const struct hb_col_range *r, char buf[48])
{
    if (r->lo == r->hi)
        snprintf(buf, 48, "%llu", (unsigned long long)r->lo);
    else
        snprintf(buf, 48, "%llu-%llu", (unsigned long long)r->lo,
                 (unsigned long long)r->hi);
    return buf;
}

/* Range r of an sb line, after the range before it (prev, NULL for the
 * first): within the columns, after prev without touching it, on bins. */
static int check_range(struct hb_parser *p, const struct hb_col_range *r,
                       const struct hb_col_range *prev)
{
    struct hb_lexer *lx = &p->lx;
    const struct hb_file *f = p->f;
    uint64_t bin = (uint64_t)1 << bin_log(f);
    char text[48];
    if (r->hi >= f->ncols)
        return hb_lex_fail(lx, "range %s is past the last column %llu",
                           range_text(r, text),
                           (unsigned long long)(f->ncols - 1));
    if (prev != NULL && r->lo <= prev->hi + 1)
        return hb_lex_fail(lx, "range %s overlaps, touches or comes before "
                           "the range before it", range_text(r, text));
    if (r->lo % bin != 0 || ((r->hi + 1) % bin != 0 && r->hi != f->ncols - 1))
        return hb_lex_fail(lx, "range %s is not made of time bins of %llu "
                           "columns", range_text(r, text),
                           (unsigned long long)bin);
    return 0;
}

/* The ranges of the sb line being read, fields first .. nf-1, into r:
 * none or some, as the file's first sb line has them. */
int hb_parse_sb_times(struct hb_parser *p, size_t first, struct hb_siterec *r)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    struct hb_site_state *st = &p->site_state;
    int timed = lx->nf > first;
    if (st->first_sb_line == 0) {
        st->first_sb_line = lx->lineno;
        f->has_site_times = timed;
    } else if (timed != f->has_site_times) {
        return hb_lex_fail(lx, timed ? "'sb' line with site times in a file "
                           "whose 'sb' line %lu has none"
                           : "'sb' line without site times in a file whose "
                           "'sb' line %lu has them", st->first_sb_line);
    }
    r->times_at = f->nsite_times;
    for (size_t i = first; i < lx->nf; i++) {
        struct hb_col_range c;
        if (parse_range(lx, i, &c) < 0
            || check_range(p, &c, i > first
                                  ? &f->site_times[f->nsite_times - 1]
                                  : NULL) < 0
            || HB_PARSE_GROW(p, f->site_times, p->cap_site_times,
                             f->nsite_times) < 0)
            return -1;
        f->site_times[f->nsite_times++] = c;
    }
    r->ntimes = f->nsite_times - r->times_at;
    return 0;
}
