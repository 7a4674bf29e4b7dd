/* hbfile_parse.c -- hb_parse(), and the grammar of the first sections of a
 * heap-band file: header, band table and run summary.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * One pass over the lines builds the records and checks everything one
 * line decides (syntax, ranges, order against the line before); then the
 * invariants that relate sections are checked (hbfile_check.c).  This
 * file reads sections 1 to 3 of docs/heapband-format.md up to
 * "unknown-frees" (invariants 1 and 2, and the peak times of 7), in
 * versions 1, 2 and 3; hbfile_records.c reads the rest.
 *
 * Invariant: the first problem found stops the parse, is the one
 * reported (with its line number) and leaves nothing allocated.  Cost:
 * a dozen header lines, then one line per band.
 */
#include "hbfile.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hb_format.h"
#include "hbfile_records.h"
#include "hbfile_sites.h"
#include "hbfile_leaks.h"
#include "hbfile_numbers.h"
#include "hbfile_memory.h"
#include "hbfile_state.h"

/* ----------------------------------------------------------------- header */

static int header_number(struct hb_parser *p, const char *keyword,
                         uint64_t *v)
{
    char what[64];
    snprintf(what, sizeof what, "'%s' line", keyword);
    if (hb_lex_need_line(&p->lx, what) < 0
        || hb_lex_expect_record(&p->lx, keyword, 1) < 0)
        return -1;
    return hb_lex_u64(&p->lx, 1, v);
}

/* "PREFIXTEXT" where TEXT runs to the end of the line. */
static int header_text(struct hb_parser *p, const char *prefix, int nonempty,
                       char **out)
{
    struct hb_lexer *lx = &p->lx;
    char what[64];
    snprintf(what, sizeof what, "'%s' line", prefix);
    int r = hb_lex_next_line(lx);
    if (r < 0)
        return -1;
    if (r == 0)
        return hb_lex_truncated(lx, what);
    size_t n = strlen(prefix);
    if (!hb_lex_line_starts(lx, prefix, n))
        return hb_lex_fail(lx, "expected a line starting with '%s'", prefix);
    if (nonempty && lx->linelen == n)
        return hb_lex_fail(lx, "'%s' has no text", prefix);
    *out = hb_parse_text(p, lx->line + n, lx->linelen - n);
    return *out ? 0 : -1;
}

/* "KEYWORD WORD" with WORD one of words[]; *which is its index. */
static int header_word(struct hb_parser *p, const char *keyword,
                       const char *const *words, int *which)
{
    struct hb_lexer *lx = &p->lx;
    char what[64];
    snprintf(what, sizeof what, "'%s' line", keyword);
    if (hb_lex_need_line(lx, what) < 0
        || hb_lex_expect_record(lx, keyword, 1) < 0)
        return -1;
    for (int i = 0; words[i] != NULL; i++)
        if (hb_lex_field_is(lx, 1, words[i])) {
            *which = i;
            return 0;
        }
    return hb_lex_fail(lx, "unknown %s " HB_FIELD_FMT, keyword,
                       HB_FIELD_ARG(lx, 1));
}

static int starts_with(const char *buf, size_t len, const char *head)
{
    size_t n = strlen(head);
    return len >= n && memcmp(buf, head, n) == 0;
}

/* The kind of file that is not a heap-band file but is read by another
 * heap profiler's program, said as "a KIND file: read it with PROGRAM",
 * or NULL.  Massif starts "desc:" (then "cmd:", "time_unit:"), DHAT is
 * JSON with "dhatFileVersion" in its first field, heaptrack's raw data
 * starts "v VERSION" and is usually gzip or zstd compressed. */
#define FOREIGN_HEAD 256

static const char *foreign_file(const char *buf, size_t len)
{
    size_t head = len < FOREIGN_HEAD ? len : FOREIGN_HEAD;
    if (starts_with(buf, len, "desc:") || starts_with(buf, len, "cmd:")
        || starts_with(buf, len, "time_unit:"))
        return "a massif file: read it with ms_print";
    if (starts_with(buf, len, "{"))
        for (size_t i = 1; i < head; i++)
            if (starts_with(buf + i, head - i, "dhatFileVersion"))
                return "a DHAT file: open it in dh_view.html";
    if (starts_with(buf, len, "\x1f\x8b")
        || starts_with(buf, len, "\x28\xb5\x2f\xfd"))
        return "a compressed file (gzip or zstd), as heaptrack writes: "
               "read a heaptrack file with heaptrack_print";
    if (starts_with(buf, len, "v ") && len > 2
        && isxdigit((unsigned char)buf[2]))
        return "a heaptrack file: read it with heaptrack_print";
    return NULL;
}

/* "heapband-format VERSION".  Anything else on the first line, including
 * binary data or a line too long for the format, is "not a heap-band
 * file", unless the line starts as the format's first line does. */
static int parse_version(struct hb_parser *p)
{
    static const char magic[] = "heapband-format ";
    static const char not_hb[] = "not a heap-band file (the first line is "
                                 "not 'heapband-format VERSION')";
    struct hb_lexer *lx = &p->lx;
    const size_t magic_len = sizeof magic - 1;
    if (hb_lex_fill(lx, FOREIGN_HEAD) < 0)
        return -1;
    if (lx->len > 0 && (lx->len < magic_len
                        || memcmp(lx->buf, magic, magic_len) != 0)) {
        lx->lineno = 1;
        const char *foreign = foreign_file(lx->buf, lx->len);
        if (foreign != NULL)
            return hb_lex_fail(lx, "not a heap-band file: %s", foreign);
        return hb_lex_fail(lx, "%s", not_hb);
    }
    int r = hb_lex_next_line(lx);
    if (r < 0)
        return -1;
    if (r == 0) {
        lx->lineno = 1;
        return hb_lex_fail(lx, "empty file");
    }
    /* The version: one field, the rest of the line after the magic. */
    const char *version = lx->line + magic_len;
    size_t version_len = lx->linelen - magic_len;
    if (version_len == 0 || memchr(version, ' ', version_len) != NULL)
        return hb_lex_fail(lx, "%s", not_hb);
    if (version_len == 1 && version[0] == '1')
        p->f->version = 1;
    else if (version_len == 1 && version[0] == '2')
        p->f->version = 2;
    else if (version_len == 1 && version[0] == '3')
        p->f->version = 3;
    else if (version_len == 1 && version[0] == '4')
        p->f->version = 4;
    else if (version_len == 1 && version[0] == '5')
        p->f->version = 5;
    else
        return hb_lex_fail(lx, "unsupported format version '%.*s' (this "
                           "printer reads versions 1 to 5)",
                           (int)(version_len > 40 ? 40 : version_len),
                           version);
    /* A file of version 4 or later is written at exit unless it says
     * otherwise. */
    p->f->end_moment = p->f->version >= 4 ? HB_END_EXIT : HB_END_UNTOLD;
    return 0;
}

/* band-count to end-time: the time and band geometry. */
static int parse_geometry(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    if (header_number(p, "band-count:", &f->nbands) < 0
        || header_number(p, "columns-budget:", &f->columns_budget) < 0)
        return -1;
    if (f->columns_budget == 0)
        return hb_lex_fail(lx, "columns-budget is 0");
    if (header_number(p, "column-width:", &f->col_width) < 0)
        return -1;
    if (f->col_width == 0 || (f->col_width & (f->col_width - 1)) != 0)
        return hb_lex_fail(lx, "column-width %llu is not a power of two",
                           (unsigned long long)f->col_width);
    if (header_number(p, "column-count:", &f->ncols) < 0)
        return -1;
    if (f->ncols == 0 || f->ncols > f->columns_budget)
        return hb_lex_fail(lx, "column-count %llu is not within "
                           "1..columns-budget (%llu)",
                           (unsigned long long)f->ncols,
                           (unsigned long long)f->columns_budget);
    unsigned long ncols_line = lx->lineno;
    if (header_number(p, "end-time:", &f->end_time) < 0)
        return -1;
    hb_u128 expect = (hb_u128)(f->end_time / f->col_width) + 1;
    if (expect != f->ncols) {
        /* 2^64 when end-time is 2^64 - 1 and column-width 1. */
        char want[24];
        if (expect > UINT64_MAX)
            snprintf(want, sizeof want, "18446744073709551616");
        else
            snprintf(want, sizeof want, "%llu", (unsigned long long)expect);
        return hb_error_set(lx->err, HB_ERR_INPUT, ncols_line,
                            "column-count %llu is not floor(end-time / "
                            "column-width) + 1 = %s",
                            (unsigned long long)f->ncols, want);
    }
    return 0;
}

/* Version 3's last header lines: "depth: D" (0 <= D <= HB_MAX_DEPTH) and
 * "site-limit: K|all" (K >= 1). */
static int parse_site_header(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    if (header_number(p, "depth:", &f->depth) < 0)
        return -1;
    if (f->depth > HB_MAX_DEPTH)
        return hb_lex_fail(lx, "depth %llu is above %d",
                           (unsigned long long)f->depth, HB_MAX_DEPTH);
    if (hb_lex_need_line(lx, "'site-limit:' line") < 0
        || hb_lex_expect_record(lx, "site-limit:", 1) < 0)
        return -1;
    if (hb_lex_field_is(lx, 1, "all")) {
        f->site_limit = 0;
        return 0;
    }
    if (hb_lex_u64(lx, 1, &f->site_limit) < 0)
        return -1;
    if (f->site_limit == 0)
        return hb_lex_fail(lx, "site-limit 0 is neither a count of at least "
                           "1 nor 'all'");
    return 0;
}

/* Section 1, invariant 1: the header lines, in order, once each. */
static int parse_header(struct hb_parser *p)
{
    static const char *const units[] = { "i", "B", "ms", NULL };
    static const char *const bands[] = { "quarter", "pow2", NULL };
    struct hb_file *f = p->f;
    int unit, band_kind;

    if (parse_version(p) < 0
        || header_text(p, "tool: heapband ", 1, &f->tool_version) < 0
        || header_text(p, "cmd: ", 0, &f->cmd) < 0
        || header_number(p, "pid:", &f->pid) < 0
        || header_number(p, "ppid:", &f->ppid) < 0
        || header_word(p, "time-unit:", units, &unit) < 0
        || header_word(p, "bands:", bands, &band_kind) < 0)
        return -1;
    f->unit = (enum hb_unit)unit;
    f->pow2_bands = band_kind == 1;
    if (parse_geometry(p) < 0)
        return -1;
    if (f->version >= 3 && parse_site_header(p) < 0)
        return -1;
    if (hb_parse_leak_scan(p) < 0)
        return -1;
    return f->version >= 4 ? hb_parse_allocator(p) : 0;
}

/* ------------------------------------------------------------- band table */

/* Section 2, invariant 2: bands 0 .. NB-1 in order, band 0 is 'band 0 0 0',
 * each starts right after the one before, the last ends at 2^64 - 1. */
static int parse_bands(struct hb_parser *p)
{
    struct hb_lexer *lx = &p->lx;
    struct hb_file *f = p->f;
    for (uint64_t b = 0; b < f->nbands; b++) {
        uint64_t v[3];
        if (hb_lex_need_line(lx, "'band' line") < 0
            || hb_lex_expect_record(lx, "band", 3) < 0
            || hb_lex_u64s(lx, 1, 3, v) < 0)
            return -1;
        if (v[0] != b)
            return hb_lex_fail(lx, "band %llu where band %llu was expected",
                               (unsigned long long)v[0],
                               (unsigned long long)b);
        uint64_t lo = v[1], hi = v[2];
        if (b == 0 && (lo != 0 || hi != 0))
            return hb_lex_fail(lx, "band 0 must be 'band 0 0 0'");
        if (b > 0 && (f->bands[b - 1].hi == UINT64_MAX
                      || lo != f->bands[b - 1].hi + 1))
            return hb_lex_fail(lx, "band %llu does not start right after "
                               "band %llu", (unsigned long long)b,
                               (unsigned long long)b - 1);
        if (hi < lo)
            return hb_lex_fail(lx, "band %llu ends before it starts",
                               (unsigned long long)b);
        if (HB_PARSE_GROW(p, f->bands, p->cap_bands, (size_t)b) < 0)
            return -1;
        f->bands[b].lo = lo;
        f->bands[b].hi = hi;
    }
    if (f->nbands == 0 || f->bands[f->nbands - 1].hi != UINT64_MAX)
        return hb_lex_fail(lx, "the last band does not end at "
                           "18446744073709551615");
    return 0;
}

/* ------------------------------------------------------------ run summary */

/* Section 3 up to the marks: total, peak, exit, unknown-frees.  Their
 * agreement with the records after them is checked at the end. */
static int parse_summary(struct hb_parser *p)
{
    struct hb_file *f = p->f;
    struct hb_checks *k = &p->checks;
    uint64_t v[4];
    unsigned long line;

    if (hb_parse_summary_record(p, "total", 4, v, &k->total_line) < 0)
        return -1;
    f->total_allocs = v[0];
    f->total_alloc_bytes = v[1];
    f->total_frees = v[2];
    f->total_free_bytes = v[3];

    if (hb_parse_summary_record(p, "peak", 4, v, &k->peak_line) < 0)
        return -1;
    f->peak_bytes = v[0];
    f->peak_blocks = v[1];
    f->peak_t_reached = v[2];
    f->peak_t_left = v[3];
    if (f->peak_t_reached > f->peak_t_left || f->peak_t_left > f->end_time)
        return hb_lex_fail(&p->lx, "peak times break T_REACHED <= T_LEFT "
                           "<= end-time");                  /* invariant 7 */

    if (hb_parse_summary_record(p, "exit", 2, v, &k->exit_line) < 0)
        return -1;
    f->exit_bytes = v[0];
    f->exit_blocks = v[1];
    if (hb_parse_exit_lost(p) < 0)
        return -1;

    if (hb_parse_summary_record(p, "unknown-frees", 1, v, &line) < 0)
        return -1;
    f->unknown_frees = v[0];
    return f->version >= 4 ? hb_parse_memory_summary(p) : 0;
}

/* Sections 1 to 3 of the format, up to the "unknown-frees" line. */
static int parse_head(struct hb_parser *p)
{
    if (parse_header(p) < 0 || parse_bands(p) < 0
        || hb_checks_start(&p->checks, p->f, p->lx.err) < 0
        || parse_summary(p) < 0)
        return -1;
    return 0;
}

/* ------------------------------------------------------------------ entry */

/* Parse the input p.lx reads; the lexer's buffer is already set up. */
static int parse_lexed(struct hb_parser *p, enum hb_parse_path path)
{
    struct hb_file *f = p->f;
    int r = parse_head(p) < 0
            || hb_parse_records(p, path) < 0
            || hb_check_sections(&p->checks, f, p->lx.err) < 0
            || hb_leaks_check(p) < 0
            || hb_check_memory(p) < 0
            || hb_numbers_check(p) < 0 ? -1 : 0;
    hb_checks_free(&p->checks);
    hb_leaks_checks_free(p);
    free(p->scell_end);
    p->scell_end = NULL;
    if (r < 0)
        hb_file_free(f);
    else if (f->version >= 3)
        hb_sites_rank(f);
    return r;
}

static void parser_init(struct hb_parser *p, struct hb_file *f,
                        struct hb_error *err)
{
    memset(p, 0, sizeof *p);
    memset(f, 0, sizeof *f);
    memset(err, 0, sizeof *err);
    p->lx.err = err;
    p->lx.at_end = 1;
    p->f = f;
}

int hb_parse(const char *buf, size_t len, enum hb_parse_path path,
             struct hb_file *f, struct hb_error *err)
{
    struct hb_parser p;
    parser_init(&p, f, err);
    p.lx.buf = buf;
    p.lx.len = len;
    return parse_lexed(&p, path);
}

int hb_parse_stream(hb_read_fn *read, void *ctx, uint64_t size_hint,
                    enum hb_parse_path path, struct hb_file *f,
                    struct hb_error *err)
{
    struct hb_parser p;
    parser_init(&p, f, err);
    p.lx.window = malloc(HB_LEX_WINDOW);
    if (p.lx.window == NULL)
        return hb_parse_nomem(&p);
    p.lx.buf = p.lx.window;
    p.lx.read = read;
    p.lx.read_ctx = ctx;
    p.lx.at_end = 0;
    p.lx.size_hint = size_hint;
    int r = parse_lexed(&p, path);
    free(p.lx.window);
    return r;
}
