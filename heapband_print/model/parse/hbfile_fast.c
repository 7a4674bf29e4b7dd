/* hbfile_fast.c -- the fast path for the bulk of a heap-band file, its
 * "col" and "cell" lines.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Parses the numbers straight from the buffer in one pass, eight bytes at a
 * time (hbfile_words.h), and stores the records through the same
 * hb_store_col/hb_store_cell as the general parser, so that every check on
 * their values is the same.  Invariant: it accepts only lines that are
 * certainly well formed (digits and single spaces, no leading zero, at
 * most 19 digits a number and 38 for a cell's LIVE_INTEGRAL, the right
 * count of fields) and leaves everything else, untouched, to the general
 * parser, which then says exactly what is wrong; so a file gives the same
 * records or the same error on either path (tests/fuzz/fuzz_parse.c
 * checks it).  Cost: a few operations a byte, no bound check a byte.
 */
#include "hbfile_parse.h"

#include <string.h>

#include "hbfile_words.h"

/* The fast path reads at most 205 bytes from the start of a line ("cell ",
 * 8 numbers of at most 20 bytes with their space, 40 bytes read for the
 * last): while this many are left in the buffer, no read needs a bound
 * check.  The last lines of a buffer go to the general parser. */
#define FAST_SPAN 256

/* A line being read by the fast path: where it is, and whether it still
 * is for the fast path. */
struct fast_line {
    const char *q;
    int ok;
};

static void fast_next(struct fast_line *l, uint64_t *v, char sep)
{
    if (l->ok) {
        size_t used = hb_words_u64_then(l->q, v, sep);
        l->ok = used != 0;
        l->q += used;
    }
}

/* The fields of two "cell" lines after their keyword (8 numbers and
 * LIVE_INTEGRAL, which ends the line), read in step.  The numbers of a
 * line come one after the other, each starting where the one before it
 * ends; the two lines do not wait for each other, so the processor works
 * on both at once.  A line that is not for the fast path, or absent, has
 * ok 0. */
static void fast_cell_pair(struct fast_line l[2], uint64_t v[2][8],
                           hb_u128 integral[2])
{
    for (size_t i = 0; i < 8; i++)
        for (size_t j = 0; j < 2; j++)
            fast_next(&l[j], &v[j][i], ' ');
    for (size_t j = 0; j < 2; j++) {
        if (!l[j].ok)
            continue;
        size_t len = hb_words_u128(l[j].q, &integral[j]);
        l[j].ok = len != 0 && l[j].q[len] == '\n';
        l[j].q += len + 1;
    }
}

/* Store a record read by the fast path, whose line ends just before
 * `next`, as if the general parser had read its line. */
static int fast_store_cell(struct hb_parser *p, const char *next,
                           const uint64_t *v, hb_u128 integral)
{
    p->lx.lineno++;
    p->lx.pos = (size_t)(next - p->lx.buf);
    return hb_store_cell(p, v, integral);
}

/* One or two "cell" lines from the line at s, which ends at nl. */
static int fast_cells(struct hb_parser *p, const char *s, const char *nl)
{
    struct fast_line l[2] = { { .q = s + 5, .ok = 1 }, { .q = s, .ok = 0 } };
    uint64_t v[2][8];
    hb_u128 integral[2];
    if (p->lx.len - (size_t)(nl + 1 - p->lx.buf) >= FAST_SPAN
        && memcmp(nl + 1, "cell ", 5) == 0)
        l[1] = (struct fast_line){ .q = nl + 6, .ok = 1 };
    fast_cell_pair(l, v, integral);
    if (!l[0].ok || l[0].q != nl + 1)
        return 0;
    if (fast_store_cell(p, l[0].q, v[0], integral[0]) < 0)
        return -1;
    if (l[1].ok && fast_store_cell(p, l[1].q, v[1], integral[1]) < 0)
        return -1;
    return 1;
}

/* The 4 numbers of a "col" line after its keyword, through its newline:
 * returns the bytes read, or 0 when the line is not for the fast path. */
static size_t fast_col(const char *s, uint64_t *v)
{
    size_t at = 0;
    for (size_t i = 0; i < 4; i++) {
        size_t used = hb_words_u64_then(s + at, &v[i], i < 3 ? ' ' : '\n');
        if (used == 0)
            return 0;
        at += used;
    }
    return at;
}

int hb_parse_fast_record(struct hb_parser *p, enum hb_section *current)
{
    if (hb_lex_fill(&p->lx, 2 * FAST_SPAN) < 0)
        return -1;
    const char *s = p->lx.buf + p->lx.pos;
    uint64_t v[4];
    if (p->lx.len - p->lx.pos < FAST_SPAN)
        return 0;
    const char *nl = memchr(s, '\n', FAST_SPAN);
    if (nl == NULL)
        return 0;
    size_t line = (size_t)(nl - s) + 1;
    if (memcmp(s, "cell ", 5) == 0 && *current <= HB_SEC_CELL) {
        int r = fast_cells(p, s, nl);
        if (r != 0)
            *current = HB_SEC_CELL;
        return r;
    }
    if (memcmp(s, "col ", 4) == 0 && *current <= HB_SEC_COL) {
        if (fast_col(s + 4, v) + 4 != line)
            return 0;
        p->lx.lineno++;
        p->lx.pos += line;
        *current = HB_SEC_COL;
        return hb_store_col(p, v) < 0 ? -1 : 1;
    }
    return 0;
}
