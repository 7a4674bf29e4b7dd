/* hbfile_memory.c -- version 4's records of the memory beyond the live
 * blocks: the 'allocator:' header line, the 'footprint' and 'other-anon'
 * run figures, the columns' gauges ('fcol'), the cells' live slop
 * ('scell') and the bands' slop ('slop').
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * docs/heapband-format.md, sections 1, 3, 4, 5 and 6 (version 4), and
 * invariants 15 to 18.  A record is checked against the one before it as
 * it is read (order, range, a maximum never below an end); the run
 * figures against the columns once the file is read.  A quiet column's
 * gauges come from the matrix cursor (hbfile_matrix.c), which owns the
 * rule, and so do the scell records' quiet cells (the slop cursor).
 * Cost: a binary search per fcol record, one pass over them at the end;
 * per scell record a binary search of the cells and of the fcol records,
 * and at the end one pass over the scell and fcol records (a binary
 * search each).
 */
#include "hbfile_memory.h"

#include <stdlib.h>

int hb_parse_allocator(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    if (hb_lex_need_line(lx, "'allocator:' line") < 0
        || hb_lex_expect_record(lx, "allocator:", 1) < 0)
        return -1;
    if (hb_lex_field_is(lx, 1, "program"))
        p->f->allocator_program = 1;
    else if (!hb_lex_field_is(lx, 1, "valgrind"))
        return hb_lex_fail(lx, "unknown allocator: " HB_FIELD_FMT,
                           HB_FIELD_ARG(lx, 1));
    return 0;
}

/* "footprint PEAK T_REACHED EXIT LIVE SLOP" and "other-anon PEAK EXIT". */
int hb_parse_memory_summary(struct hb_parser *p)
{
    struct hb_memory *m = &p->f->mem;
    uint64_t v[5];
    if (hb_parse_summary_record(p, "footprint", 5, v,
                                &p->footprint_line) < 0)
        return -1;
    m->foot_peak = v[0];
    m->foot_peak_t = v[1];
    m->foot_exit = v[2];
    m->live_at_foot_peak = v[3];
    m->slop_at_foot_peak = v[4];
    if (m->foot_peak_t > p->f->end_time)
        return hb_lex_fail(&p->lx, "footprint T_REACHED is after end-time");
    if (m->foot_exit > m->foot_peak)
        return hb_lex_fail(&p->lx, "footprint EXIT is above its PEAK");
    if (hb_parse_summary_record(p, "other-anon", 2, v,
                                &p->other_anon_line) < 0)
        return -1;
    m->anon_peak = v[0];
    m->anon_exit = v[1];
    if (m->anon_exit > m->anon_peak)
        return hb_lex_fail(&p->lx, "other-anon EXIT is above its PEAK");
    return 0;
}

static int same_gauges(const struct hb_fcolrec *a, const struct hb_fcolrec *b)
{
    return a->foot_end == b->foot_end && a->foot_max == b->foot_max
           && a->anon_end == b->anon_end && a->anon_max == b->anon_max
           && a->slop_end == b->slop_end && a->slop_max == b->slop_max;
}

/* "fcol c FOOT_END FOOT_MAX ANON_END ANON_MAX SLOP_END SLOP_MAX". */
int hb_parse_fcol(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    uint64_t v[7];
    if (hb_lex_expect_record(lx, "fcol", 7) < 0 || hb_lex_u64s(lx, 1, 7, v) < 0)
        return -1;
    if (v[0] >= f->ncols)
        return hb_lex_fail(lx, "column %llu is out of range (column-count "
                           "%llu)", (unsigned long long)v[0],
                           (unsigned long long)f->ncols);
    const struct hb_fcolrec *prev = f->nfcols ? &f->fcols[f->nfcols - 1] : NULL;
    if (prev != NULL && v[0] <= prev->c)
        return hb_lex_fail(lx, "'fcol %llu' is out of order or repeated",
                           (unsigned long long)v[0]);
    struct hb_fcolrec g = { v[0], v[1], v[2], v[3], v[4], v[5], v[6] };
    /* What column v[0] holds without this record: the matrix cursor's
     * rule (hbfile_matrix.c) on the records before it. */
    struct hb_fcolrec d = hb_file_gauges(f, v[0]);
    if (same_gauges(&g, &d))
        return hb_lex_fail(lx, "'fcol %llu' is quiet (its derived values) "
                           "and must not be written", (unsigned long long)v[0]);
    if (g.foot_end > g.foot_max || g.anon_end > g.anon_max
        || g.slop_end > g.slop_max || d.foot_end > g.foot_max
        || d.anon_end > g.anon_max || d.slop_end > g.slop_max)
        return hb_lex_fail(lx, "'fcol %llu' has a maximum below its end or "
                           "below the column's start",
                           (unsigned long long)v[0]);
    if (!f->allocator_program && (g.foot_max != 0 || g.slop_max != 0))
        return hb_lex_fail(lx, "'fcol %llu' has a footprint or slop with "
                           "'allocator: valgrind'", (unsigned long long)v[0]);
    if (HB_PARSE_GROW(p, f->fcols, p->cap_fcols, f->nfcols) < 0)
        return -1;
    f->fcols[f->nfcols++] = g;
    return 0;
}

/* A record of four numbers, v[band_at] a band: "slop" and "scell". */
static int band_record(struct hb_parser *p, const char *keyword, uint64_t *v,
                       size_t band_at)
{
    struct hb_lexer *lx = &p->lx;
    return hb_lex_expect_record(lx, keyword, 4) < 0
           || hb_lex_u64s(lx, 1, 4, v) < 0
           || hb_parse_check_band(p, v[band_at]) < 0 ? -1 : 0;
}

/* "slop b ALLOCATED AT_PEAK AT_EXIT". */
int hb_parse_slop(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    uint64_t v[4];
    if (band_record(p, "slop", v, 0) < 0)
        return -1;
    if (!f->allocator_program)
        return hb_lex_fail(lx, "'slop' record with 'allocator: valgrind'");
    if (f->nslops > 0 && v[0] <= f->slops[f->nslops - 1].b)
        return hb_lex_fail(lx, "'slop %llu' is out of order or repeated",
                           (unsigned long long)v[0]);
    if (v[1] == 0 || v[2] > v[1] || v[3] > v[1])
        return hb_lex_fail(lx, "'slop %llu' needs 0 < ALLOCATED and AT_PEAK, "
                           "AT_EXIT <= ALLOCATED", (unsigned long long)v[0]);
    if (HB_PARSE_GROW(p, f->slops, p->cap_slops, f->nslops) < 0)
        return -1;
    p->last_slop_line = lx->lineno;
    struct hb_sloprec *r = &f->slops[f->nslops++];
    r->b = v[0];
    r->allocated = v[1];
    r->at_peak = v[2];
    r->at_exit = v[3];
    return 0;
}

/* The checks of one scell record against the records before it: order,
 * a cell record of its own, not quiet, a maximum never below an end. */
static int check_scell(struct hb_parser *p, const struct hb_scellrec *r)
{
    struct hb_lexer *lx = &p->lx;
    const struct hb_file *f = p->f;
    const struct hb_scellrec *prev = f->nscells ? &f->scells[f->nscells - 1]
                                                : NULL;
    unsigned long long c = r->c, b = r->b;
    uint64_t start = p->scell_end[r->b];   /* what the band carries in */
    if (!f->allocator_program)
        return hb_lex_fail(lx, "'scell' record with 'allocator: valgrind'");
    if (prev != NULL && (r->c < prev->c || (r->c == prev->c && r->b <= prev->b)))
        return hb_lex_fail(lx, "'scell %llu %llu' is out of order or "
                           "repeated", c, b);
    if (hb_cell_record(f, r->c, r->b) == NULL)
        return hb_lex_fail(lx, "'scell %llu %llu' has no cell record", c, b);
    if (r->slop_end == start && r->slop_max == start)
        return hb_lex_fail(lx, "'scell %llu %llu' is quiet (its derived "
                           "values) and must not be written", c, b);
    if (r->slop_end > r->slop_max || start > r->slop_max)
        return hb_lex_fail(lx, "'scell %llu %llu' has a maximum below its "
                           "end or below the column's start", c, b);
    /* A quiet cell's SLOP_MAX, its band's END before, is at most the
     * column's start, which the column's SLOP_MAX is at least
     * (hb_parse_fcol); the fcol records come before. */
    if (r->slop_max > hb_file_gauges(f, r->c).slop_max)
        return hb_lex_fail(lx, "'scell %llu %llu' has a SLOP_MAX above its "
                           "column's", c, b);
    return 0;
}

/* "scell c b SLOP_END SLOP_MAX". */
int hb_parse_scell(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    uint64_t v[4];
    if (band_record(p, "scell", v, 1) < 0)
        return -1;
    if (p->scell_end == NULL
        && (p->scell_end = calloc((size_t)f->nbands, sizeof *p->scell_end))
               == NULL)
        return hb_parse_nomem(p);
    struct hb_scellrec r = { v[0], v[1], v[2], v[3] };
    if (check_scell(p, &r) < 0
        || HB_PARSE_GROW(p, f->scells, p->cap_scells, f->nscells) < 0)
        return -1;
    if (f->nscells == 0)
        f->scells_line = lx->lineno;
    f->scells[f->nscells++] = r;
    p->scell_end[r.b] = r.slop_end;
    return 0;
}

/* Invariant 18 across the records, the quiet cells derived by the slop
 * cursor (hbfile_matrix.c): per column, the cells' SLOP_END add up to the
 * column's, and per band the last SLOP_END is the slop record's AT_EXIT.
 * The sum changes only at an scell record and the gauges only at an fcol
 * record, so the columns of either are the ones to check. */
static int check_scell_sums(struct hb_parser *p)
{
    const struct hb_file *f = p->f;
    struct hb_error *err = p->lx.err;
    struct hb_slop_cursor q;
    if (hb_slops_open(&q, f, 0, f->nbands - 1) < 0)
        return hb_parse_nomem(p);
    uint64_t *max = malloc(((size_t)f->nbands + 1) * sizeof *max);
    size_t i = 0, k = 0;
    int r = max != NULL ? 0 : hb_parse_nomem(p);
    while (r == 0 && (i < f->nscells || k < f->nfcols)) {
        uint64_t c = i < f->nscells ? f->scells[i].c : UINT64_MAX;
        if (k < f->nfcols && f->fcols[k].c < c)
            c = f->fcols[k].c;
        for (; i < f->nscells && f->scells[i].c == c; i++)
            ;
        for (; k < f->nfcols && f->fcols[k].c == c; k++)
            ;
        hb_slops_upto(&q, c, max);
        if (hb_slops_sum(&q) != hb_file_gauges(f, c).slop_end)
            r = hb_error_set(err, HB_ERR_INPUT, i > 0 ? f->scells_line
                             + (unsigned long)(i - 1) : p->footprint_line,
                             "the cells' SLOP_END in column %llu do not add "
                             "up to the column's", (unsigned long long)c);
    }
    for (size_t j = 0, b = 0; r == 0 && b < f->nbands; b++) {
        uint64_t at_exit = j < f->nslops && f->slops[j].b == b
                           ? f->slops[j++].at_exit : 0;
        if (hb_slops_end(&q, b) != at_exit)
            r = hb_error_set(err, HB_ERR_INPUT, p->last_slop_line
                             ? p->last_slop_line : p->footprint_line,
                             "band %llu's last SLOP_END is not its slop "
                             "AT_EXIT", (unsigned long long)b);
    }
    hb_slops_close(&q);
    free(max);
    return r;
}

/* Invariants 16 and 17: the run figures are the columns' (the largest
 * maximum, the last end) and the bands' slop at exit adds up to the last
 * column's. */
int hb_check_memory(struct hb_parser *p)
{
    const struct hb_file *f = p->f;
    if (f->version < 4)
        return 0;
    uint64_t foot_max = 0, anon_max = 0, slop_exit = 0;
    for (size_t i = 0; i < f->nfcols; i++) {
        if (f->fcols[i].foot_max > foot_max)
            foot_max = f->fcols[i].foot_max;
        if (f->fcols[i].anon_max > anon_max)
            anon_max = f->fcols[i].anon_max;
    }
    for (size_t i = 0; i < f->nslops; i++)
        slop_exit += f->slops[i].at_exit;
    struct hb_fcolrec last = hb_file_gauges(f, f->ncols - 1);
    const struct hb_memory *m = &f->mem;
    struct hb_error *err = p->lx.err;
    if (m->foot_peak != foot_max || m->foot_exit != last.foot_end)
        return hb_error_set(err, HB_ERR_INPUT, p->footprint_line,
                            "footprint PEAK and EXIT are not the columns' "
                            "largest FOOT_MAX and last FOOT_END");
    if (m->live_at_foot_peak > f->peak_bytes)
        return hb_error_set(err, HB_ERR_INPUT, p->footprint_line,
                            "footprint LIVE is above the peak's bytes");
    if (m->anon_peak != anon_max || m->anon_exit != last.anon_end)
        return hb_error_set(err, HB_ERR_INPUT, p->other_anon_line,
                            "other-anon PEAK and EXIT are not the columns' "
                            "largest ANON_MAX and last ANON_END");
    if (slop_exit != last.slop_end)
        return hb_error_set(err, HB_ERR_INPUT, p->last_slop_line
                            ? p->last_slop_line : p->footprint_line,
                            "the slop records' AT_EXIT do not add up to the "
                            "last column's SLOP_END");
    return f->allocator_program ? check_scell_sums(p) : 0;
}
