/* hbfile_records.c -- the grammar of a heap-band file after its run
 * summary: marks, columns, cells, lifetimes, leaks, at-peak lines, the
 * sites and top lines of versions 1 and 2, and the end.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Reads sections 3 (the marks) to 9 of docs/heapband-format.md, the
 * site records of version 3 through hbfile_sites.c.  Each record is
 * checked against the line before it: the sections come in their order,
 * and within a section the records in theirs, without duplicates and with
 * indexes in range (invariant 3, the mark times of 8, 9); the checks that
 * relate sections are hbfile_check.c's.  The records
 * are stored sparse, as in the file, so a hostile header cannot make the
 * parser allocate more than the file's own size justifies.  Cost: one
 * pass over the lines; "col" and "cell" lines, most of a file, go through
 * the fast path (hbfile_fast.c) when the caller asks for it.
 */
#include "hbfile_records.h"

#include <stdlib.h>
#include <string.h>

#include "hb_format.h"
#include "hbfile_ending.h"
#include "hbfile_fast.h"
#include "hbfile_leaks.h"
#include "hbfile_memory.h"
#include "hbfile_numbers.h"
#include "hbfile_sites.h"

#define LAST_LIFE_BUCKET (HB_LIFE_BUCKETS - 1)

static int parse_col(struct hb_parser *p)
{
    uint64_t v[4];
    if (hb_lex_expect_record(&p->lx, "col", 4) < 0
        || hb_lex_u64s(&p->lx, 1, 4, v) < 0)
        return -1;
    return hb_store_col(p, v);
}

static int parse_cell(struct hb_parser *p)
{
    uint64_t v[8];
    hb_u128 integral = 0;
    if (hb_lex_expect_record(&p->lx, "cell", 9) < 0
        || hb_lex_u64s(&p->lx, 1, 8, v) < 0
        || hb_lex_u128(&p->lx, 9, &integral) < 0)
        return -1;
    return hb_store_cell(p, v, integral);
}

/* -------------------------------------------------------- lifetimes, leaks */

/* Invariant 11: a record's bytes do not fit its count of blocks. */
static int band_misfit(struct hb_lexer *lx, const char *keyword, uint64_t b)
{
    return hb_lex_fail(lx, "'%s %llu': BYTES does not fit its blocks in the "
                       "band's sizes", keyword, (unsigned long long)b);
}

static int parse_life(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    uint64_t v[4];
    if (hb_lex_expect_record(lx, "life", 4) < 0 || hb_lex_u64s(lx, 1, 4, v) < 0
        || hb_parse_check_band(p, v[0]) < 0)
        return -1;
    if (v[1] > LAST_LIFE_BUCKET)
        return hb_lex_fail(lx, "lifetime bucket %llu is above %d",
                           (unsigned long long)v[1], LAST_LIFE_BUCKET);
    if (f->nlifes > 0) {
        const struct hb_liferec *prev = &f->lifes[f->nlifes - 1];
        if (v[0] < prev->b || (v[0] == prev->b && v[1] <= prev->k))
            return hb_lex_fail(lx, "'life %llu %llu' is out of order or "
                               "repeated", (unsigned long long)v[0],
                               (unsigned long long)v[1]);
    }
    if (v[2] == 0)
        return hb_lex_fail(lx, "'life' record with COUNT 0");
    if (!hb_band_bytes_fit(f, v[0], v[2], v[3]))
        return band_misfit(lx, "life", v[0]);
    if (HB_PARSE_GROW(p, f->lifes, p->cap_lifes, f->nlifes) < 0)
        return -1;
    struct hb_liferec *r = &f->lifes[f->nlifes++];
    r->b = v[0];
    r->k = v[1];
    r->count = v[2];
    r->bytes = v[3];
    return 0;
}

static int parse_leak(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    uint64_t v[3];
    if (hb_lex_expect_record(lx, "leak", 3) < 0 || hb_lex_u64s(lx, 1, 3, v) < 0
        || hb_parse_check_band(p, v[0]) < 0)
        return -1;
    if (f->nleaks > 0 && v[0] <= f->leaks[f->nleaks - 1].b)
        return hb_lex_fail(lx, "'leak %llu' is out of order or repeated",
                           (unsigned long long)v[0]);
    if (v[1] == 0)
        return hb_lex_fail(lx, "'leak' record with COUNT 0");
    if (!hb_band_bytes_fit(f, v[0], v[1], v[2]))
        return band_misfit(lx, "leak", v[0]);
    if (HB_PARSE_GROW(p, f->leaks, p->cap_leaks, f->nleaks) < 0)
        return -1;
    struct hb_leakrec *r = &f->leaks[f->nleaks++];
    r->b = v[0];
    r->count = v[1];
    r->bytes = v[2];
    return 0;
}

/* "at-peak b BYTES BLOCKS" (version 3): bands in increasing order, each
 * with a block live at the peak. */
static int parse_at_peak(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    uint64_t v[3];
    if (hb_lex_expect_record(lx, "at-peak", 3) < 0
        || hb_lex_u64s(lx, 1, 3, v) < 0 || hb_parse_check_band(p, v[0]) < 0)
        return -1;
    if (f->natpeaks > 0 && v[0] <= f->atpeaks[f->natpeaks - 1].b)
        return hb_lex_fail(lx, "'at-peak %llu' is out of order or repeated",
                           (unsigned long long)v[0]);
    if (v[2] == 0)
        return hb_lex_fail(lx, "'at-peak' record with BLOCKS 0");
    if (!hb_band_bytes_fit(f, v[0], v[2], v[1]))
        return band_misfit(lx, "at-peak", v[0]);
    if (HB_PARSE_GROW(p, f->atpeaks, p->cap_atpeaks, f->natpeaks) < 0)
        return -1;
    struct hb_atpeakrec *r = &f->atpeaks[f->natpeaks++];
    r->b = v[0];
    r->bytes = v[1];
    r->blocks = v[2];
    return 0;
}

/* ------------------------------------------------- sites, versions 1 and 2 */

/* "site S NFRAMES" and its NFRAMES "frame TEXT" lines; each frame goes
 * into the frame table, its text as its function. */
static int parse_site(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    uint64_t v[2];
    if (hb_lex_expect_record(lx, "site", 2) < 0 || hb_lex_u64s(lx, 1, 2, v) < 0)
        return -1;
    if (v[0] != f->nsites + 1)
        return hb_lex_fail(lx, "site %llu where site %zu was expected",
                           (unsigned long long)v[0], f->nsites + 1);
    if (HB_PARSE_GROW(p, f->sites, p->cap_sites, f->nsites) < 0)
        return -1;
    struct hb_site *s = &f->sites[f->nsites++];
    s->id = v[0];
    s->line = lx->lineno;
    s->nframes = 0;
    s->frames = NULL;
    size_t cap = 0;
    for (uint64_t i = 0; i < v[1]; i++) {
        int r = hb_lex_next_line(lx);
        if (r < 0)
            return -1;
        if (r == 0)
            lx->lineno++;
        if (r == 0 || lx->linelen <= 6 || !hb_lex_line_starts(lx, "frame ", 6))
            return hb_lex_fail(lx, "%sexpected 'frame' line %llu of site %llu",
                               r == 0 ? "truncated file: " : "",
                               (unsigned long long)i + 1,
                               (unsigned long long)v[0]);
        if (HB_PARSE_GROW(p, s->frames, cap, s->nframes) < 0
            || HB_PARSE_GROW(p, f->frames, p->cap_frames, f->nframes) < 0)
            return -1;
        struct hb_frame *fr = &f->frames[f->nframes];
        memset(fr, 0, sizeof *fr);
        fr->rec_line = lx->lineno;
        fr->function = hb_parse_text(p, lx->line + 6, lx->linelen - 6);
        if (fr->function == NULL)
            return -1;
        s->frames[s->nframes++] = ++f->nframes;
    }
    return 0;
}

/* Ranked lines come by band, the "alloc" ranking before the "peak" one,
 * each with ranks 1, 2, ... */
static int check_top_order(struct hb_parser *p, const struct hb_siterec *t)
{
    const struct hb_file *f = p->f;
    uint64_t want_rank = 1;
    if (f->nsiterecs > 0) {
        const struct hb_siterec *prev = &f->siterecs[f->nsiterecs - 1];
        if (t->b < prev->b || (t->b == prev->b && t->ranking < prev->ranking))
            return hb_lex_fail(&p->lx, "'top' line out of order");
        if (t->b == prev->b && t->ranking == prev->ranking)
            want_rank = prev->rank + 1;
    }
    if (t->rank != want_rank)
        return hb_lex_fail(&p->lx, "'top' rank %llu where rank %llu was "
                           "expected", (unsigned long long)t->rank,
                           (unsigned long long)want_rank);
    return 0;
}

static int parse_top(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    struct hb_siterec t;
    uint64_t v[5];
    memset(&t, 0, sizeof t);
    if (hb_lex_expect_record(lx, "top", 7) < 0 || hb_lex_u64(lx, 1, &t.b) < 0
        || hb_parse_check_band(p, t.b) < 0)
        return -1;
    if (hb_lex_field_is(lx, 2, "alloc"))
        t.ranking = HB_RANKING_ALLOC;
    else if (hb_lex_field_is(lx, 2, "peak"))
        t.ranking = HB_RANKING_PEAK;
    else
        return hb_lex_fail(lx, "'top' ranking " HB_FIELD_FMT " is not "
                           "'alloc' or 'peak'", HB_FIELD_ARG(lx, 2));
    if (hb_lex_u64s(lx, 3, 5, v) < 0)
        return -1;
    t.rank = v[0];
    t.site = v[1];
    t.nsites = 1;
    t.allocs = v[2];
    t.alloc_bytes = v[3];
    t.max_bytes = v[4];
    if (check_top_order(p, &t) < 0
        || hb_check_top_site(&p->checks, f, t.site, lx->lineno, lx->err) < 0)
        return -1;
    if ((t.ranking == HB_RANKING_PEAK ? t.max_bytes : t.alloc_bytes) == 0)
        return hb_lex_fail(lx, "'top' line with zero in its ranking value");
    if (HB_PARSE_GROW(p, f->siterecs, p->cap_siterecs, f->nsiterecs) < 0)
        return -1;
    f->siterecs[f->nsiterecs++] = t;
    return 0;
}

/* ------------------------------------------------------------------ marks */

/* "mark T NAME" (versions 2 and 3): NAME runs to the end of the line and may hold
 * any printable byte, spaces included, so the line is not split. */
static int parse_mark(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    if (f->version < 2)
        return hb_lex_fail(lx, "'mark' lines need format version 2");
    const char *s = lx->line + 5;
    size_t n = lx->linelen > 5 ? lx->linelen - 5 : 0, i = 0;
    while (i < n && s[i] != ' ')
        i++;
    if (i == 0 || i + 1 >= n)
        return hb_lex_fail(lx, "'mark' needs a time and a name");
    lx->nf = 1;
    lx->fs[0] = s;
    lx->fl[0] = i;
    uint64_t t;
    if (hb_lex_u64(lx, 0, &t) < 0)
        return -1;
    if (n - i - 1 > HB_MARK_NAME_MAX)
        return hb_lex_fail(lx, "mark name longer than %d bytes",
                           HB_MARK_NAME_MAX);
    if (t > f->end_time)
        return hb_lex_fail(lx, "mark time %llu is after end-time %llu",
                           (unsigned long long)t,
                           (unsigned long long)f->end_time);
    if (f->marks_dropped > 0)
        return hb_lex_fail(lx, "'mark' record after 'marks-dropped'");
    if (f->nmarks > 0 && t < f->marks[f->nmarks - 1].t)
        return hb_lex_fail(lx, "mark time %llu is before the previous mark's",
                           (unsigned long long)t);
    if (f->nmarks == HB_MARKS_MAX)
        return hb_lex_fail(lx, "more than %d 'mark' lines (the format's "
                           "limit; the tool counts the rest in "
                           "'marks-dropped')", HB_MARKS_MAX);
    if (HB_PARSE_GROW(p, f->marks, p->cap_marks, f->nmarks) < 0)
        return -1;
    struct hb_markrec *m = &f->marks[f->nmarks];
    m->t = t;
    m->name = hb_parse_text(p, s + i + 1, n - i - 1);
    if (m->name == NULL)
        return -1;
    f->nmarks++;
    return 0;
}

/* "marks-dropped COUNT" (version 3): after the marks, only when the tool
 * dropped some (COUNT > 0), once. */
static int parse_marks_dropped(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    if (f->version < 3)
        return hb_lex_fail(lx, "'marks-dropped' needs format version 3");
    if (f->marks_dropped > 0)
        return hb_lex_fail(lx, "'marks-dropped' twice");
    if (hb_lex_split(lx) < 0)
        return -1;
    if (lx->nf != 2)
        return hb_lex_fail(lx, "'marks-dropped' needs one count");
    if (hb_lex_u64(lx, 1, &f->marks_dropped) < 0)
        return -1;
    if (f->marks_dropped == 0)
        return hb_lex_fail(lx, "'marks-dropped 0' is not written");
    return 0;
}

/* ---------------------------------------------------------------- records */

struct record_kind {
    const char *keyword;
    enum hb_section sec;
    int (*parse)(struct hb_parser *);
};

/* The records split into fields, by version. */
static const struct record_kind v12_kinds[] = {
    { "col", HB_SEC_COL, parse_col },
    { "cell", HB_SEC_CELL, parse_cell },
    { "life", HB_SEC_LIFE, parse_life },
    { "leak", HB_SEC_LEAK, parse_leak },
    { "site", HB_SEC_SITE, parse_site },
    { "top", HB_SEC_TOP, parse_top },
    { NULL, HB_SEC_MARK, NULL }
};
static const struct record_kind v3_kinds[] = {
    { "col", HB_SEC_COL, parse_col },
    { "cell", HB_SEC_CELL, parse_cell },
    { "life", HB_SEC_LIFE, parse_life },
    { "leak", HB_SEC_LEAK, parse_leak },
    { "at-peak", HB_SEC_AT_PEAK, parse_at_peak },
    { "site", HB_SEC_SITE, hb_parse_site3 },
    { "sb", HB_SEC_SITE, hb_parse_sb },
    { "so", HB_SEC_SITE, hb_parse_so },
    { "lost", HB_SEC_LOST, hb_parse_v4_only },
    { "sl", HB_SEC_SITE, hb_parse_v4_only },
    { "scell", HB_SEC_SCELL, hb_parse_v4_only },
    { "snapshot", HB_SEC_SNAPSHOT, hb_parse_v4_only },
    { "alloc-peak", HB_SEC_NUMBERS, hb_parse_alloc_peak },
    { "alloc-site", HB_SEC_NUMBERS, hb_parse_alloc_site },
    { NULL, HB_SEC_MARK, NULL }
};

/* Version 4: version 3's records, the leak kinds (hbfile_leaks.c) and the
 * memory records (hbfile_memory.c); version 5 (the same table): the
 * allocation numbers (hbfile_numbers.c). */
/* "snapshot" (version 4): the file is a snapshot, not the file written at
 * exit; once, right before "end" (section 8, invariant 9). */
static int parse_snapshot(struct hb_parser *p)
{
    if (p->f->version >= 5)
        return hb_lex_fail(&p->lx, "'snapshot' is version 4's: version 5 "
                           "says 'ending running'");
    if (p->lx.nf != 1)
        return hb_lex_fail(&p->lx, "'snapshot' takes no fields");
    if (p->f->end_moment == HB_END_SNAPSHOT)
        return hb_lex_fail(&p->lx, "a second 'snapshot' line");
    p->f->end_moment = HB_END_SNAPSHOT;
    return 0;
}

static const struct record_kind v4_kinds[] = {
    { "col", HB_SEC_COL, parse_col },
    { "fcol", HB_SEC_FCOL, hb_parse_fcol },
    { "cell", HB_SEC_CELL, parse_cell },
    { "scell", HB_SEC_SCELL, hb_parse_scell },
    { "life", HB_SEC_LIFE, parse_life },
    { "leak", HB_SEC_LEAK, parse_leak },
    { "lost", HB_SEC_LOST, hb_parse_lost },
    { "at-peak", HB_SEC_AT_PEAK, parse_at_peak },
    { "slop", HB_SEC_SLOP, hb_parse_slop },
    { "site", HB_SEC_SITE, hb_parse_site3 },
    { "sb", HB_SEC_SITE, hb_parse_sb },
    { "sl", HB_SEC_SITE, hb_parse_sl },
    { "so", HB_SEC_SITE, hb_parse_so },
    { "alloc-peak", HB_SEC_NUMBERS, hb_parse_alloc_peak },
    { "alloc-site", HB_SEC_NUMBERS, hb_parse_alloc_site },
    { "snapshot", HB_SEC_SNAPSHOT, parse_snapshot },
    { NULL, HB_SEC_MARK, NULL }
};

/* Version 3's records whose last field is a text that may hold spaces:
 * read before the line is split. */
static const struct record_kind v3_text_kinds[] = {
    { "object", HB_SEC_SITE, hb_parse_object },
    { "source", HB_SEC_SITE, hb_parse_source },
    { "frame", HB_SEC_SITE, hb_parse_frame },
    { "exec-from", HB_SEC_EXEC_FROM, hb_parse_exec_from },
    { "ending", HB_SEC_ENDING, hb_parse_ending },
    { "exec-to", HB_SEC_EXEC_TO, hb_parse_exec_to },
    { NULL, HB_SEC_MARK, NULL }
};

/* "end": the last line (invariant 9), after which every site listed must
 * have been named (invariant 8). */
static int parse_end(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    if (lx->nf != 1)
        return hb_lex_fail(lx, "'end' takes no fields");
    if (hb_lex_fill(lx, 1) < 0)
        return -1;
    if (lx->pos < lx->len) {
        lx->lineno++;
        return hb_lex_fail(lx, "data after the 'end' line");
    }
    if (hb_ending_end(p) < 0)
        return -1;
    if (p->f->version >= 3)
        return hb_sites_end(p);
    return hb_check_sites_named(&p->checks, p->f, lx->err);
}

/* Whether the current line is record `keyword` (alone or followed by a
 * space). */
static int is_record_line(const struct hb_lexer *lx, const char *keyword)
{
    size_t n = strlen(keyword);
    return hb_lex_line_starts(lx, keyword, n)
           && (lx->linelen == n || lx->line[n] == ' ');
}

/* The record kind of kinds[] the current line is: by its first field once
 * split (`split`), else by the start of its line.  NULL if none. */
static const struct record_kind *find_kind(const struct hb_lexer *lx,
                                           const struct record_kind *kinds,
                                           int split)
{
    for (size_t k = 0; kinds[k].keyword != NULL; k++)
        if (split ? hb_lex_field_is(lx, 0, kinds[k].keyword)
                  : is_record_line(lx, kinds[k].keyword))
            return &kinds[k];
    return NULL;
}

/* Parse the current line as record `kind`, after the records of section
 * *current (invariant 3's order). */
static int parse_kind(struct hb_parser *p, const struct record_kind *kind,
                      enum hb_section *current)
{
    if (kind->sec < *current)
        return hb_lex_fail(&p->lx, "'%s' record out of section order",
                           kind->keyword);
    *current = kind->sec;
    return kind->parse(p);
}

int hb_parse_records(struct hb_parser *p, enum hb_parse_path path)
{
    struct hb_lexer *lx = &p->lx;
    int v3 = p->f->version >= 3;
    const struct record_kind *kinds = p->f->version >= 4 ? v4_kinds
                                      : v3 ? v3_kinds : v12_kinds;
    enum hb_section current = HB_SEC_MARK;
    for (;;) {
        int done = path == HB_PARSE_FAST ? hb_parse_fast_record(p, &current)
                                         : 0;
        if (done < 0)
            return -1;
        if (done > 0)
            continue;
        int r = hb_lex_next_line(lx);
        if (r < 0)
            return -1;
        if (r == 0)
            return hb_lex_truncated(lx, "'end' line");
        if (is_record_line(lx, "mark")) {
            if (current > HB_SEC_MARK)
                return hb_lex_fail(lx, "'mark' record out of section order");
            if (parse_mark(p) < 0)
                return -1;
            continue;
        }
        if (is_record_line(lx, "marks-dropped")) {
            if (current > HB_SEC_MARK)
                return hb_lex_fail(lx, "'marks-dropped' record out of section "
                                   "order");
            if (parse_marks_dropped(p) < 0)
                return -1;
            continue;
        }
        const struct record_kind *kind =
            v3 ? find_kind(lx, v3_text_kinds, 0) : NULL;
        if (kind == NULL) {
            if ((v3 ? hb_lex_split_wide(lx) : hb_lex_split(lx)) < 0)
                return -1;
            if (hb_lex_field_is(lx, 0, "end"))
                return parse_end(p);
            kind = find_kind(lx, kinds, 1);
        }
        if (kind == NULL)
            return hb_lex_fail(lx, "unknown record " HB_FIELD_FMT,
                               HB_FIELD_ARG(lx, 0));
        if (parse_kind(p, kind, &current) < 0)
            return -1;
    }
}
