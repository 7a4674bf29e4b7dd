/* hbfile_lex.h -- the lines, fields and numbers of a heap-band file.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Owns the "General rules" of docs/heapband-format.md: lines of printable
 * ASCII ended by '\n' and at most HB_LINE_MAX bytes, fields separated by
 * single spaces, numbers in decimal without leading zeros that fit in 64
 * (or 128) bits, a frame's offset in hexadecimal, text fields that run to
 * the end of the line.  It knows no keyword but the ones its caller names.
 * It reads a buffer in memory, or a stream through a window of
 * HB_LEX_WINDOW bytes refilled as the lines are taken (hb_lex_fill).
 *
 * Invariant: lineno is the 1-based number of the line in line/linelen (of
 * the line that is missing, after a "truncated file" error); every error
 * is recorded, with that line, as HB_ERR_INPUT in *err, and the function
 * returns -1.  Cost: one pass over each byte, eight at a time; streaming,
 * one copy of each byte into the window, and HB_LEX_WINDOW bytes of memory.
 */
#ifndef HEAPBAND_PRINT_HBFILE_LEX_H
#define HEAPBAND_PRINT_HBFILE_LEX_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "hb_format.h"
#include "hbfile.h"

/* Fields of a line: hb_lex_split takes at most HB_LEX_FIELDS (the widest
 * record of versions 1 and 2, "cell", has 10), hb_lex_split_wide up to
 * HB_LEX_MAX_FIELDS, the wider of the version-3 "site" line (keyword, S,
 * NFRAMES and up to HB_MAX_DEPTH frames) and "sb" line (keyword, 9
 * numbers and up to 64 ranges, the most that 128 time bins hold without
 * two touching). */
#define HB_LEX_FIELDS 12
#define HB_LEX_SITE_FIELDS (3 + HB_MAX_DEPTH)
#define HB_LEX_SB_FIELDS (10 + HB_SITE_TIME_BINS / 2)
#define HB_LEX_MAX_FIELDS (HB_LEX_SITE_FIELDS > HB_LEX_SB_FIELDS \
                           ? HB_LEX_SITE_FIELDS : HB_LEX_SB_FIELDS)

/* The window a streamed input is read into (hb_lex_fill): a line of
 * HB_LINE_MAX bytes and its newline, with room for the reads around it to
 * be large.  Streaming, the lexer never holds more of the input. */
#define HB_LEX_WINDOW (256 * 1024)

struct hb_lexer {
    const char *buf;              /* the input, or the window */
    size_t len, pos;              /* pos: the start of the next line */
    /* Streaming (read != NULL): buf is window, which holds input bytes
     * consumed .. consumed + len - 1; at_end once read returned 0. */
    hb_read_fn *read;
    void *read_ctx;
    char *window;
    int at_end;
    uint64_t consumed;
    uint64_t size_hint;           /* the input's size if known, else 0 */
    unsigned long lineno;         /* of the current line */
    const char *line;             /* the current line, without its newline */
    size_t linelen;
    size_t nf;                    /* fields of the current line */
    const char *fs[HB_LEX_MAX_FIELDS];
    size_t fl[HB_LEX_MAX_FIELDS];
    struct hb_error *err;
};

/* Record an input error on the current line; returns -1. */
__attribute__((format(printf, 2, 3)))
int hb_lex_fail(struct hb_lexer *lx, const char *fmt, ...);

/* Make at least `want` bytes (at most HB_LEX_WINDOW) from lx->pos readable
 * at lx->buf + lx->pos, or all that is left of the input: streaming, move
 * what is left of the window to its start and read more.  Pointers into
 * the line before (lx->line, lx->fs) are then stale.  Returns 0, or -1 on a
 * read error (HB_ERR_INPUT, line 0, the system's message).  For an input
 * in memory it does nothing. */
int hb_lex_fill(struct hb_lexer *lx, size_t want);

/* Bytes of the input after lx->pos: exact in memory or at the end of a
 * stream, else what the size hint (or the window) says. */
uint64_t hb_lex_bytes_left(const struct hb_lexer *lx);

/* Advance to the next line.  Returns 1 with the line in lx->line, 0 at the
 * end of the buffer (lineno unchanged), -1 on a line the format forbids
 * (too long, a byte that is not printable ASCII, no newline). */
int hb_lex_next_line(struct hb_lexer *lx);

/* Record "truncated file: expected WHAT" on the line after the last one. */
int hb_lex_truncated(struct hb_lexer *lx, const char *what);

/* Split the current line at single spaces into lx->fs/fl and lx->nf:
 * at most HB_LEX_FIELDS fields, or HB_LEX_MAX_FIELDS (_wide). */
int hb_lex_split(struct hb_lexer *lx);
int hb_lex_split_wide(struct hb_lexer *lx);

/* Split the current line into exactly n fields, the last of which is a
 * text that runs to the end of the line (it may hold spaces) and must not
 * be empty; `syntax` names the record's fields for the message when the
 * line has fewer, e.g. "object O PATH". */
int hb_lex_split_text(struct hb_lexer *lx, size_t n, const char *syntax);

/* Read the next line and split it; a missing line is a truncated file,
 * expected to be `what`. */
int hb_lex_need_line(struct hb_lexer *lx, const char *what);

/* Whether field i exists and is exactly s. */
int hb_lex_field_is(const struct hb_lexer *lx, size_t i, const char *s);

/* Whether the current line starts with the n bytes of s. */
int hb_lex_line_starts(const struct hb_lexer *lx, const char *s, size_t n);

/* Fields as numbers: field i, or fields first .. first+n-1 into out[]. */
int hb_lex_u64(struct hb_lexer *lx, size_t i, uint64_t *v);
int hb_lex_u128(struct hb_lexer *lx, size_t i, hb_u128 *v);
int hb_lex_u64s(struct hb_lexer *lx, size_t first, size_t n, uint64_t *out);

/* Field i as a hexadecimal number: "0x" and lower-case digits without a
 * leading zero ("0x0" for zero), at most 64 bits. */
int hb_lex_hex64(struct hb_lexer *lx, size_t i, uint64_t *v);

/* The current line must be `keyword` followed by nargs fields. */
int hb_lex_expect_record(struct hb_lexer *lx, const char *keyword,
                         size_t nargs);

/* At most 40 bytes of field i, for messages:
 * hb_lex_fail(lx, "bad " HB_FIELD_FMT, HB_FIELD_ARG(lx, i)). */
#define HB_FIELD_FMT "'%.*s'"
#define HB_FIELD_ARG(lx, i) \
    (int)((lx)->fl[i] > 40 ? 40 : (lx)->fl[i]), (lx)->fs[i]

#endif
