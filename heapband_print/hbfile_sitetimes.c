/* hbfile_sitetimes.c -- the "st" records of a version-3 heap-band file:
 * the stored columns in which a listed site allocated (section 7 of
 * docs/heapband-format.md).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * An st line follows its sb line directly, and a file has one after every
 * sb line or after none (the first version-3 files have none): so the sb
 * line waiting for its st line is the last one read, and whether a file
 * has them is known from its first sb line on.  The ranges are stored in
 * f->site_times, a record's run named by its hb_siterec.
 *
 * Invariant: every rule of the record that needs only the header and the
 * line before it is checked as the line is read (its ranges: form, order,
 * within 0 .. NC-1, aligned to the time bins); that a band allocated in
 * every bin of a range is left to the file checker of the tests
 * (tests/tool/hbfile.py), as it needs the cells.  Cost: O(ranges) a line.
 */
#include "hbfile_parse.h"

#include <stdio.h>
#include <string.h>

#include "hb_format.h"

/* The sb line read last has no st line after it: an error when the file
 * has st lines, else counted.  At every sb and so line and at the end of
 * the sites. */
int hb_site_times_settle(struct hb_parser *p)
{
    struct hb_site_state *st = &p->site_state;
    if (st->sb_waiting_line == 0)
        return 0;
    if (st->nst > 0)
        return hb_lex_fail(&p->lx, "the 'sb' line %lu has no 'st' line after "
                           "it", st->sb_waiting_line);
    st->sb_without_st++;
    st->sb_waiting_line = 0;
    return 0;
}

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

/* Range r of an st line, after the range before it (prev, NULL for the
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

/* "st b S RANGE1 ... RANGEn", right after "sb b S". */
int hb_parse_st(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    struct hb_site_state *st = &p->site_state;
    uint64_t v[2];
    if (lx->nf < 4)
        return hb_lex_fail(lx, "expected 'st b S RANGE1 ... RANGEn'");
    if (hb_lex_u64s(lx, 1, 2, v) < 0)
        return -1;
    struct hb_siterec *sb = f->nsiterecs > 0 ? &f->siterecs[f->nsiterecs - 1]
                                             : NULL;
    if (st->sb_waiting_line == 0 || st->sb_waiting_line + 1 != lx->lineno
        || sb->b != v[0] || sb->site != v[1])
        return hb_lex_fail(lx, "'st %llu %llu' does not directly follow "
                           "its 'sb %llu %llu' line", (unsigned long long)v[0],
                           (unsigned long long)v[1], (unsigned long long)v[0],
                           (unsigned long long)v[1]);
    if (st->sb_without_st > 0)
        return hb_lex_fail(lx, "'st' line in a file with 'sb' lines "
                           "without one");
    st->sb_waiting_line = 0;
    st->nst++;
    sb->times_at = f->nsite_times;
    for (size_t i = 3; i < lx->nf; i++) {
        struct hb_col_range r;
        if (parse_range(lx, i, &r) < 0
            || check_range(p, &r, i > 3 ? &f->site_times[f->nsite_times - 1]
                                         : NULL) < 0
            || HB_PARSE_GROW(p, f->site_times, p->cap_site_times,
                             f->nsite_times) < 0)
            return -1;
        f->site_times[f->nsite_times++] = r;
    }
    sb->ntimes = f->nsite_times - sb->times_at;
    f->has_site_times = 1;
    return 0;
}
