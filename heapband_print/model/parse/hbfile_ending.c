/* hbfile_ending.c -- how the run ended: the version-5 records of section
 * 13 of docs/heapband-format.md, read into f->ending.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The records sit in section 8, right before 'end': 'exec-from FILE'
 * (at most once), 'ending ...' (exactly once), 'exec-to FILE' (at most
 * once, after 'ending exec').  Their order against the other sections is
 * hbfile_records.c's (each has a section of its own, after the sites);
 * what one line decides is checked here (invariant 19).  The stack of a
 * fatal signal is a site written just before the ending, named by it
 * alone: the ending names the site that waits for a band's sb lines
 * (hbfile_sites.c), which then waits no more.
 *
 * Invariant: f->ending.kind is HB_ENDING_UNTOLD exactly for files before
 * version 5.  Cost: O(1) a record.
 */
#include "hbfile_ending.h"

#include <string.h>

static int need_version5(struct hb_parser *p, const char *keyword)
{
    if (p->f->version < 5)
        return hb_lex_fail(&p->lx, "'%s' needs format version 5", keyword);
    return 0;
}

/* "KEYWORD TEXT": the text (nonempty, at most HB_NAME_MAX bytes) into
 * *out, once. */
static int parse_text_record(struct hb_parser *p, const char *keyword,
                             const char *syntax, char **out)
{
    struct hb_lexer *lx = &p->lx;
    if (need_version5(p, keyword) < 0 || hb_lex_split_text(lx, 2, syntax) < 0)
        return -1;
    if (*out != NULL)
        return hb_lex_fail(lx, "a second '%s' record", keyword);
    if (lx->fl[1] > HB_NAME_MAX)
        return hb_lex_fail(lx, "'%s' name longer than %d bytes", keyword,
                           HB_NAME_MAX);
    *out = hb_parse_text(p, lx->fs[1], lx->fl[1]);
    return *out != NULL ? 0 : -1;
}

int hb_parse_exec_from(struct hb_parser *p)
{
    return parse_text_record(p, "exec-from", "exec-from FILE",
                             &p->f->ending.exec_from);
}

int hb_parse_exec_to(struct hb_parser *p)
{
    struct hb_ending *e = &p->f->ending;
    if (p->f->version >= 5 && e->kind != HB_ENDING_EXEC)
        return hb_lex_fail(&p->lx, "'exec-to' after an ending that is no "
                           "exec");
    return parse_text_record(p, "exec-to", "exec-to FILE", &e->exec_to);
}

/* "ending signal SIGNO NAME S": S names a site written before it; the
 * one waiting for sb lines, if any, must be it. */
static int parse_signal(struct hb_parser *p, struct hb_ending *e)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_site_state *st = &p->site_state;
    if (lx->nf != 5)
        return hb_lex_fail(lx, "expected 'ending signal SIGNO NAME S'");
    if (hb_lex_u64(lx, 2, &e->signo) < 0 || hb_lex_u64(lx, 4, &e->site) < 0)
        return -1;
    int unknown = hb_lex_field_is(lx, 3, "unknown");
    if (e->signo > HB_SIGNAL_MAX)
        return hb_lex_fail(lx, "signal %llu is above %d",
                           (unsigned long long)e->signo, HB_SIGNAL_MAX);
    if ((e->signo == 0) != unknown)
        return hb_lex_fail(lx, "signal 0 is 'unknown', and only it");
    if (!unknown && (lx->fl[3] < 4 || memcmp(lx->fs[3], "SIG", 3) != 0))
        return hb_lex_fail(lx, "signal %llu's name " HB_FIELD_FMT " does "
                           "not start with SIG", (unsigned long long)e->signo,
                           HB_FIELD_ARG(lx, 3));
    if (e->site > 0 && p->f->depth == 0)
        return hb_lex_fail(lx, "a signal's site with depth: 0");
    if (e->site > p->f->nsites)
        return hb_lex_fail(lx, "the signal names site %llu, which is not "
                           "written before it", (unsigned long long)e->site);
    if (st->first_site != 0 && st->first_site == e->site
        && e->site == p->f->nsites)
        st->first_site = 0;          /* named, by this record alone */
    e->signame = hb_parse_text(p, lx->fs[3], lx->fl[3]);
    return e->signame != NULL ? 0 : -1;
}

/* "ending exit STATUS", "ending signal ...", "ending exec PROGRAM",
 * "ending running". */
int hb_parse_ending(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_ending *e = &p->f->ending;
    if (need_version5(p, "ending") < 0)
        return -1;
    if (e->kind != HB_ENDING_UNTOLD)
        return hb_lex_fail(lx, "a second 'ending' record");
    if (hb_lex_line_starts(lx, "ending exec ", 12)) {
        if (hb_lex_split_text(lx, 3, "ending exec PROGRAM") < 0)
            return -1;
        if (lx->fl[2] > HB_NAME_MAX)
            return hb_lex_fail(lx, "the program's name is longer than %d "
                               "bytes", HB_NAME_MAX);
        e->kind = HB_ENDING_EXEC;
        p->f->end_moment = HB_END_EXEC;
        e->program = hb_parse_text(p, lx->fs[2], lx->fl[2]);
        return e->program != NULL ? 0 : -1;
    }
    if (hb_lex_split(lx) < 0)
        return -1;
    if (lx->nf == 2 && hb_lex_field_is(lx, 1, "running")) {
        e->kind = HB_ENDING_RUNNING;
        p->f->end_moment = HB_END_SNAPSHOT;
        return 0;
    }
    if (lx->nf >= 2 && hb_lex_field_is(lx, 1, "exit")) {
        if (lx->nf != 3)
            return hb_lex_fail(lx, "expected 'ending exit STATUS'");
        if (hb_lex_u64(lx, 2, &e->status) < 0)
            return -1;
        if (e->status > 255)
            return hb_lex_fail(lx, "exit status %llu is above 255",
                               (unsigned long long)e->status);
        e->kind = HB_ENDING_EXIT;
        return 0;
    }
    if (lx->nf >= 2 && hb_lex_field_is(lx, 1, "signal")) {
        e->kind = HB_ENDING_SIGNAL;
        return parse_signal(p, e);
    }
    return hb_lex_fail(lx, "expected 'ending exit STATUS', 'ending signal "
                       "SIGNO NAME S', 'ending exec PROGRAM' or 'ending "
                       "running'");
}

int hb_ending_end(struct hb_parser *p)
{
    if (p->f->version >= 5 && p->f->ending.kind == HB_ENDING_UNTOLD)
        return hb_lex_fail(&p->lx, "no 'ending' record before 'end' "
                           "(version 5 says how the run ended)");
    return 0;
}
