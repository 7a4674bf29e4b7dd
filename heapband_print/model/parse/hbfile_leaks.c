/* hbfile_leaks.c -- memcheck's leak kinds in a version-4 heap-band file:
 * the 'leak-scan:' header line, 'exit-lost' (section 3), 'lost' (section
 * 6) and 'sl' (section 7) records of docs/heapband-format.md.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The records come only with 'leak-scan: yes'.  What one line decides is
 * checked as it is read: its place (an 'sl' line right after the 'sb' or
 * 'so' line it describes, with the same band and site), its order, and
 * its bounds (the three kinds never hold more than what is live at exit:
 * the 'exit' line, the band's 'leak' line, the site's EXIT figures; as
 * the kinds are disjoint, their sum is bounded, so each figure is).  What
 * relates lines is checked after the line pass (hb_leaks_check): the
 * 'lost' lines add up to 'exit-lost', and each band's 'sl' lines to its
 * 'lost' line (0 when it has none).  Kept apart from the other version-4
 * records so that each kind of record has one reader.
 *
 * Invariant: f->leak_kinds is 1 exactly for a version-4 file with
 * 'leak-scan: yes', and then every figure it holds met these checks.
 * Cost: O(1) a line; at the end one pass over the bands.
 */
#include "hbfile_leaks.h"
#include "search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The six figures of a record, in the file's order. */
static const char *const field_names[6] = {
    "DEF_BYTES", "DEF_BLOCKS", "IND_BYTES", "IND_BLOCKS", "POS_BYTES",
    "POS_BLOCKS"
};

/* The file's order (DEF_BYTES DEF_BLOCKS IND_BYTES ...) into a struct. */
static void lost_from_fields(const uint64_t *v, struct hb_lost *lost)
{
    for (int k = 0; k < HB_NLOST; k++) {
        lost->bytes[k] = v[2 * k];
        lost->blocks[k] = v[2 * k + 1];
    }
}

/* Whether the three kinds together fit in `bytes` and `blocks` (the kinds
 * are disjoint sets of the blocks live at exit). */
static int lost_fits(const struct hb_lost *lost, uint64_t bytes,
                     uint64_t blocks)
{
    hb_u128 sb = 0, sk = 0;
    for (int k = 0; k < HB_NLOST; k++) {
        sb += lost->bytes[k];
        sk += lost->blocks[k];
    }
    return sb <= bytes && sk <= blocks;
}

static int lost_has_blocks(const struct hb_lost *lost)
{
    return (lost->blocks[0] | lost->blocks[1] | lost->blocks[2]) != 0;
}

/* ------------------------------------------------------------------ header */

int hb_parse_leak_scan(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    if (p->f->version < 4)
        return 0;
    if (hb_lex_need_line(lx, "'leak-scan:' line") < 0
        || hb_lex_expect_record(lx, "leak-scan:", 1) < 0)
        return -1;
    if (hb_lex_field_is(lx, 1, "yes"))
        p->f->leak_kinds = 1;
    else if (!hb_lex_field_is(lx, 1, "no"))
        return hb_lex_fail(lx, "'leak-scan:' is " HB_FIELD_FMT ", not 'yes' "
                           "or 'no'", HB_FIELD_ARG(lx, 1));
    return 0;
}

/* ----------------------------------------------------------- run summary */

int hb_parse_exit_lost(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    uint64_t v[6];
    if (!f->leak_kinds)
        return 0;
    if (hb_lex_need_line(lx, "'exit-lost' line") < 0
        || hb_lex_expect_record(lx, "exit-lost", 6) < 0
        || hb_lex_u64s(lx, 1, 6, v) < 0)
        return -1;
    lost_from_fields(v, &f->exit_lost);
    p->leaks.exit_lost_line = lx->lineno;
    if (!lost_fits(&f->exit_lost, f->exit_bytes, f->exit_blocks))
        return hb_lex_fail(lx, "'exit-lost' holds more than 'exit %llu "
                           "%llu'", (unsigned long long)f->exit_bytes,
                           (unsigned long long)f->exit_blocks);
    return 0;
}

/* Why a leak-kind record has no place in this file (it is version 4:
 * earlier versions do not know the keyword), or 0. */
static int check_leak_scan(struct hb_parser *p, const char *keyword)
{
    if (!p->f->leak_kinds)
        return hb_lex_fail(&p->lx, "'%s' record with leak-scan: no (the run "
                           "classified no block)", keyword);
    return 0;
}

int hb_parse_v4_only(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    return hb_lex_fail(lx, HB_FIELD_FMT " records need format version 4",
                       HB_FIELD_ARG(lx, 0));
}

/* ---------------------------------------------------------------- 'lost' */

struct band_key { const struct hb_file *f; uint64_t b; };

static int leak_before(const void *ctx, size_t i)
{
    const struct band_key *k = ctx;
    return k->f->leaks[i].b < k->b;
}

/* Band b's 'leak' line, or NULL (the leak lines are read before). */
static const struct hb_leakrec *band_leak(const struct hb_file *f,
                                          uint64_t b)
{
    const struct band_key k = { f, b };
    size_t lo = hb_partition_point(f->nleaks, &k, leak_before);
    return lo < f->nleaks && f->leaks[lo].b == b ? &f->leaks[lo] : NULL;
}

/* "lost b DEF_BYTES DEF_BLOCKS IND_BYTES IND_BLOCKS POS_BYTES POS_BLOCKS":
 * bands in increasing order, each with a block live at exit that is not
 * still reachable, within its 'leak' line. */
int hb_parse_lost(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    uint64_t v[7];
    if (check_leak_scan(p, "lost") < 0
        || hb_lex_expect_record(lx, "lost", 7) < 0
        || hb_lex_u64s(lx, 1, 7, v) < 0 || hb_parse_check_band(p, v[0]) < 0)
        return -1;
    if (f->nlosts > 0 && v[0] <= f->losts[f->nlosts - 1].b)
        return hb_lex_fail(lx, "'lost %llu' is out of order or repeated",
                           (unsigned long long)v[0]);
    struct hb_lostrec r = { .b = v[0] };
    lost_from_fields(v + 1, &r.lost);
    if (!lost_has_blocks(&r.lost))
        return hb_lex_fail(lx, "'lost %llu' has no block (a band whose "
                           "blocks are all still reachable has no 'lost' "
                           "line)", (unsigned long long)r.b);
    const struct hb_leakrec *leak = band_leak(f, r.b);
    if (leak == NULL)
        return hb_lex_fail(lx, "'lost %llu' for a band with no 'leak' line "
                           "(nothing live at exit)", (unsigned long long)r.b);
    if (!lost_fits(&r.lost, leak->bytes, leak->count))
        return hb_lex_fail(lx, "'lost %llu' holds more than 'leak %llu %llu "
                           "%llu'", (unsigned long long)r.b,
                           (unsigned long long)leak->b,
                           (unsigned long long)leak->count,
                           (unsigned long long)leak->bytes);
    if (HB_PARSE_GROW(p, f->losts, p->cap_losts, f->nlosts) < 0)
        return -1;
    if (f->nlosts == 0)
        f->losts_line = lx->lineno;
    f->losts[f->nlosts++] = r;
    return 0;
}

/* ------------------------------------------------------------------ 'sl' */

/* The per-band sums of the 'sl' lines, allocated at the first one. */
static int sl_sums_start(struct hb_parser *p)
{
    struct hb_leak_checks *k = &p->leaks;
    if (k->sl_sums != NULL)
        return 0;
    k->sl_sums = calloc((size_t)p->f->nbands * 6, sizeof *k->sl_sums);
    k->sl_line = calloc((size_t)p->f->nbands, sizeof *k->sl_line);
    if (k->sl_sums == NULL || k->sl_line == NULL)
        return hb_parse_nomem(p);
    return 0;
}

/* "sl b S DEF_BYTES DEF_BLOCKS IND_BYTES IND_BLOCKS POS_BYTES POS_BLOCKS",
 * right after the 'sb' line of site S in band b (S 0: the band's 'so'
 * line), whose live-at-exit blocks hold at least one lost block. */
int hb_parse_sl(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    const struct hb_site_state *st = &p->site_state;
    uint64_t v[8];
    if (check_leak_scan(p, "sl") < 0
        || hb_lex_expect_record(lx, "sl", 8) < 0
        || hb_lex_u64s(lx, 1, 8, v) < 0)
        return -1;
    if (!st->in_band || st->last_line + 1 != lx->lineno || f->nsiterecs == 0)
        return hb_lex_fail(lx, "'sl' record not right after an 'sb' or 'so' "
                           "line");
    struct hb_siterec *r = &f->siterecs[f->nsiterecs - 1];
    if (v[0] != r->b || v[1] != r->site)
        return hb_lex_fail(lx, "'sl %llu %llu' does not describe the line "
                           "before it (band %llu, site %llu)",
                           (unsigned long long)v[0], (unsigned long long)v[1],
                           (unsigned long long)r->b,
                           (unsigned long long)r->site);
    lost_from_fields(v + 2, &r->lost);
    if (!lost_has_blocks(&r->lost))
        return hb_lex_fail(lx, "'sl %llu %llu' has no block (a line whose "
                           "blocks at exit are all still reachable has no "
                           "'sl' line)", (unsigned long long)v[0],
                           (unsigned long long)v[1]);
    if (!lost_fits(&r->lost, r->exit_bytes, r->exit_blocks))
        return hb_lex_fail(lx, "'sl %llu %llu' holds more than the line "
                           "before it (EXIT_BYTES %llu, EXIT_BLOCKS %llu)",
                           (unsigned long long)v[0], (unsigned long long)v[1],
                           (unsigned long long)r->exit_bytes,
                           (unsigned long long)r->exit_blocks);
    if (sl_sums_start(p) < 0)
        return -1;
    for (int i = 0; i < 6; i++)
        p->leaks.sl_sums[r->b * 6 + (uint64_t)i] += v[2 + i];
    p->leaks.sl_line[r->b] = lx->lineno;
    return 0;
}

/* -------------------------------------------------------- after the pass */

/* The six sums sums[] against the record `want` (its figures in the
 * file's order); the first that differs is reported on `line`. */
static int compare_sums(struct hb_parser *p, const hb_u128 *sums,
                        const struct hb_lost *want, unsigned long line,
                        const char *what, const char *whose)
{
    for (int i = 0; i < 6; i++) {
        uint64_t w = i % 2 ? want->blocks[i / 2] : want->bytes[i / 2];
        if (sums[i] != w)
            return hb_error_set(p->lx.err, HB_ERR_INPUT, line, "%s sum to %s "
                                "%s%llu but %s to %llu", what, field_names[i],
                                sums[i] > UINT64_MAX ? "more than " : "",
                                (unsigned long long)(sums[i] > UINT64_MAX
                                                     ? UINT64_MAX : sums[i]),
                                whose, (unsigned long long)w);
    }
    return 0;
}

/* Each band's 'sl' lines add up to its 'lost' line (0 without one). */
static int check_bands(struct hb_parser *p)
{
    const struct hb_file *f = p->f;
    const struct hb_leak_checks *k = &p->leaks;
    static const hb_u128 zero[6];
    size_t next = 0;
    for (uint64_t b = 0; b < f->nbands; b++) {
        const struct hb_lostrec *lost = next < f->nlosts
            && f->losts[next].b == b ? &f->losts[next] : NULL;
        const hb_u128 *sums = k->sl_sums ? &k->sl_sums[b * 6] : zero;
        unsigned long line = k->sl_line && k->sl_line[b]
            ? k->sl_line[b]
            : f->losts_line + (unsigned long)next;
        static const struct hb_lost none;
        char what[64];
        snprintf(what, sizeof what, "band %llu: its 'sl' lines",
                 (unsigned long long)b);
        if (compare_sums(p, sums, lost ? &lost->lost : &none, line, what,
                         "its 'lost' line") < 0)
            return -1;
        next += lost != NULL;
    }
    return 0;
}

int hb_leaks_check(struct hb_parser *p)
{
    const struct hb_file *f = p->f;
    if (!f->leak_kinds)
        return 0;
    hb_u128 sums[6] = { 0 };
    for (size_t i = 0; i < f->nlosts; i++)
        for (int j = 0; j < 6; j++)
            sums[j] += j % 2 ? f->losts[i].lost.blocks[j / 2]
                             : f->losts[i].lost.bytes[j / 2];
    if (compare_sums(p, sums, &f->exit_lost, p->leaks.exit_lost_line,
                     "the 'lost' lines", "'exit-lost'") < 0)
        return -1;
    return f->depth > 0 ? check_bands(p) : 0;
}

void hb_leaks_checks_free(struct hb_parser *p)
{
    free(p->leaks.sl_sums);
    free(p->leaks.sl_line);
    p->leaks.sl_sums = NULL;
    p->leaks.sl_line = NULL;
}
