/* hbfile_numbers.c -- the allocation numbers of a version-5 heap-band
 * file: the 'alloc-peak' and 'alloc-site' records of section 18 of
 * docs/heapband-format.md.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Invariant 20, as the lines come: one 'alloc-peak' line, within the
 * run's allocations and 0 exactly for a peak of 0 bytes; then one
 * 'alloc-site' line per 'sb' record, in their order (the site records
 * are still in file order: the ranking comes after the checks), its
 * numbers within FIRST .. ALLOCS, a lost kind's number set exactly when
 * the record's 'sl' line has a block of that kind.  After the pass
 * (hb_numbers_check): a version-5 file with an 'alloc-peak' line has a
 * number for every 'sb' record; one without any of these records (a
 * version-5 file of a tool before them) has no numbers.  The numbers go into the model
 * (f->alloc_peak, each site record's alloc_first and alloc_lost[]), for
 * the printer's rerun lines.  Cost: O(1) a line.
 */
#include "hbfile_numbers.h"

/* The next sb record (site above 0) from *next on, in file order. */
static struct hb_siterec *next_sb(struct hb_file *f, size_t *next)
{
    while (*next < f->nsiterecs && f->siterecs[*next].site == 0)
        (*next)++;
    return *next < f->nsiterecs ? &f->siterecs[(*next)++] : NULL;
}

static int need_version5(struct hb_parser *p, const char *keyword)
{
    if (p->f->version < 5)
        return hb_lex_fail(&p->lx, "'%s' needs format version 5", keyword);
    return 0;
}

/* "alloc-peak N" */
int hb_parse_alloc_peak(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    uint64_t n;
    if (need_version5(p, "alloc-peak") < 0
        || hb_lex_expect_record(lx, "alloc-peak", 1) < 0
        || hb_lex_u64(lx, 1, &n) < 0)
        return -1;
    if (p->numbers.peak_line != 0)
        return hb_lex_fail(lx, "a second 'alloc-peak' line");
    if (n > f->total_allocs)
        return hb_lex_fail(lx, "'alloc-peak %llu' is beyond the run's %llu "
                           "allocations", (unsigned long long)n,
                           (unsigned long long)f->total_allocs);
    if ((n == 0) != (f->peak_bytes == 0))
        return hb_lex_fail(lx, "'alloc-peak %llu' with a peak of %llu bytes "
                           "(0 exactly when the peak is 0)",
                           (unsigned long long)n,
                           (unsigned long long)f->peak_bytes);
    p->numbers.peak_line = lx->lineno;
    f->alloc_peak = n;
    f->has_alloc_numbers = 1;
    return 0;
}

static const char *const kind_names[HB_NLOST] = {
    "definitely", "indirectly", "possibly"
};

/* "alloc-site b S FIRST DEF IND POS" */
int hb_parse_alloc_site(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    uint64_t v[6];
    if (need_version5(p, "alloc-site") < 0
        || hb_lex_expect_record(lx, "alloc-site", 6) < 0
        || hb_lex_u64s(lx, 1, 6, v) < 0)
        return -1;
    if (p->numbers.peak_line == 0)
        return hb_lex_fail(lx, "'alloc-site' before the 'alloc-peak' line");
    struct hb_siterec *r = next_sb(f, &p->numbers.next_rec);
    if (r == NULL)
        return hb_lex_fail(lx, "more 'alloc-site' lines than 'sb' records");
    if (v[0] != r->b || v[1] != r->site)
        return hb_lex_fail(lx, "'alloc-site %llu %llu' is not the next 'sb' "
                           "record's (band %llu, site %llu)",
                           (unsigned long long)v[0], (unsigned long long)v[1],
                           (unsigned long long)r->b,
                           (unsigned long long)r->site);
    if (v[2] == 0 || v[2] > f->total_allocs)
        return hb_lex_fail(lx, "'alloc-site %llu %llu': FIRST %llu is not an "
                           "allocation of the run (1 to %llu)",
                           (unsigned long long)v[0], (unsigned long long)v[1],
                           (unsigned long long)v[2],
                           (unsigned long long)f->total_allocs);
    for (int k = 0; k < HB_NLOST; k++) {
        uint64_t n = v[3 + k];
        if (n != 0 && (n < v[2] || n > f->total_allocs))
            return hb_lex_fail(lx, "'alloc-site %llu %llu': its first %s lost "
                               "block's number %llu is not within FIRST .. "
                               "ALLOCS", (unsigned long long)v[0],
                               (unsigned long long)v[1], kind_names[k],
                               (unsigned long long)n);
        if (n != 0 && r->lost.blocks[k] == 0)
            return hb_lex_fail(lx, "'alloc-site %llu %llu' numbers a first "
                               "%s lost block, but its site has none",
                               (unsigned long long)v[0],
                               (unsigned long long)v[1], kind_names[k]);
        if (n == 0 && r->lost.blocks[k] > 0)
            return hb_lex_fail(lx, "'alloc-site %llu %llu' numbers no first "
                               "%s lost block, but its 'sl' line has %llu",
                               (unsigned long long)v[0],
                               (unsigned long long)v[1], kind_names[k],
                               (unsigned long long)r->lost.blocks[k]);
        r->alloc_lost[k] = n;
    }
    r->alloc_first = v[2];
    return 0;
}

int hb_numbers_check(struct hb_parser *p)
{
    struct hb_file *f = p->f;
    if (f->version < 5)
        return 0;
    if (p->numbers.peak_line == 0)
        return 0;   /* a file of a tool before the numbers */
    size_t next = p->numbers.next_rec;
    const struct hb_siterec *r = next_sb(f, &next);
    if (r != NULL)
        return hb_error_set(p->lx.err, HB_ERR_INPUT, p->lx.lineno,
                            "no 'alloc-site' line for 'sb %llu %llu'",
                            (unsigned long long)r->b,
                            (unsigned long long)r->site);
    return 0;
}
