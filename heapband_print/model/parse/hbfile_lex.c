/* hbfile_lex.c -- the lines, fields and numbers of a heap-band file: see
 * hbfile_lex.h.
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see error.h
 * and the file COPYING.
 */
#include "hbfile_lex.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "hb_format.h"
#include "hbfile_words.h"

int hb_lex_fail(struct hb_lexer *lx, const char *fmt, ...)
{
    char msg[sizeof lx->err->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return hb_error_set(lx->err, HB_ERR_INPUT, lx->lineno, "%s", msg);
}

/* ------------------------------------------------------------------ lines */

/* Length of the run of printable bytes at s (at most n), eight at a time:
 * reading the file is most of the printer's work. */
static size_t printable_run(const char *s, size_t n)
{
    size_t i = 0;
    while (i + 8 <= n && !hb_word_has_unprintable(hb_word_load(s + i)))
        i += 8;
    while (i < n && (unsigned char)s[i] >= 0x20 && (unsigned char)s[i] <= 0x7e)
        i++;
    return i;
}

int hb_lex_fill(struct hb_lexer *lx, size_t want)
{
    if (lx->at_end || lx->len - lx->pos >= want)
        return 0;
    if (want > HB_LEX_WINDOW)
        want = HB_LEX_WINDOW;
    /* The bytes not yet parsed go to the window's start: less than a line
     * and a read, so this costs no more than reading them did. */
    size_t left = lx->len - lx->pos;
    memmove(lx->window, lx->window + lx->pos, left);
    lx->consumed += lx->pos;
    lx->pos = 0;
    lx->len = left;
    while (lx->len < want) {
        long got = lx->read(lx->read_ctx, lx->window + lx->len,
                            HB_LEX_WINDOW - lx->len);
        if (got < 0)
            return hb_error_set(lx->err, HB_ERR_INPUT, 0, "%s",
                                strerror(errno));
        if (got == 0) {
            lx->at_end = 1;
            break;
        }
        lx->len += (size_t)got;
    }
    lx->buf = lx->window;
    return 0;
}

uint64_t hb_lex_bytes_left(const struct hb_lexer *lx)
{
    uint64_t at = lx->consumed + lx->pos;
    if (!lx->at_end && lx->size_hint > at)
        return lx->size_hint - at;
    return lx->len - lx->pos;
}

int hb_lex_next_line(struct hb_lexer *lx)
{
    if (hb_lex_fill(lx, HB_LINE_MAX + 1) < 0)
        return -1;
    if (lx->pos >= lx->len)
        return 0;
    lx->lineno++;
    const char *start = lx->buf + lx->pos;
    size_t left = lx->len - lx->pos;
    size_t n = printable_run(start, left < HB_LINE_MAX + 1 ? left
                                                           : HB_LINE_MAX + 1);
    if (n > HB_LINE_MAX)
        return hb_lex_fail(lx, "line longer than %d bytes", HB_LINE_MAX);
    if (n == left)
        return hb_lex_fail(lx, "truncated file: the last line has no newline");
    if (start[n] != '\n')
        return hb_lex_fail(lx, "byte 0x%02x at column %zu is not printable "
                           "ASCII", (unsigned char)start[n], n + 1);
    lx->line = start;
    lx->linelen = n;
    lx->pos += n + 1;
    return 1;
}

int hb_lex_truncated(struct hb_lexer *lx, const char *what)
{
    lx->lineno++;
    return hb_lex_fail(lx, "truncated file: expected %s", what);
}

static int split_upto(struct hb_lexer *lx, size_t max_fields)
{
    lx->nf = 0;
    size_t i = 0;
    for (;;) {
        size_t j = i;
        while (j < lx->linelen && lx->line[j] != ' ')
            j++;
        if (j == i)
            return hb_lex_fail(lx, lx->linelen == 0 ? "empty line"
                               : "empty field (leading, trailing or double "
                                 "space)");
        if (lx->nf == max_fields)
            return hb_lex_fail(lx, "too many fields");
        lx->fs[lx->nf] = lx->line + i;
        lx->fl[lx->nf] = j - i;
        lx->nf++;
        if (j == lx->linelen)
            return 0;
        i = j + 1;
    }
}

int hb_lex_split(struct hb_lexer *lx)
{
    return split_upto(lx, HB_LEX_FIELDS);
}

int hb_lex_split_wide(struct hb_lexer *lx)
{
    return split_upto(lx, HB_LEX_MAX_FIELDS);
}

int hb_lex_split_text(struct hb_lexer *lx, size_t n, const char *syntax)
{
    size_t i = 0;
    lx->nf = 0;
    while (lx->nf + 1 < n) {
        size_t j = i;
        while (j < lx->linelen && lx->line[j] != ' ')
            j++;
        if (j == i || j == lx->linelen)
            break;
        lx->fs[lx->nf] = lx->line + i;
        lx->fl[lx->nf] = j - i;
        lx->nf++;
        i = j + 1;
    }
    if (lx->nf + 1 < n || i >= lx->linelen)
        return hb_lex_fail(lx, "expected '%s'", syntax);
    lx->fs[lx->nf] = lx->line + i;
    lx->fl[lx->nf] = lx->linelen - i;
    lx->nf++;
    return 0;
}

int hb_lex_need_line(struct hb_lexer *lx, const char *what)
{
    int r = hb_lex_next_line(lx);
    if (r < 0)
        return -1;
    if (r == 0)
        return hb_lex_truncated(lx, what);
    return hb_lex_split(lx);
}

int hb_lex_field_is(const struct hb_lexer *lx, size_t i, const char *s)
{
    return i < lx->nf && lx->fl[i] == strlen(s)
           && memcmp(lx->fs[i], s, lx->fl[i]) == 0;
}

int hb_lex_line_starts(const struct hb_lexer *lx, const char *s, size_t n)
{
    return lx->linelen >= n && memcmp(lx->line, s, n) == 0;
}

int hb_lex_expect_record(struct hb_lexer *lx, const char *keyword,
                         size_t nargs)
{
    if (!hb_lex_field_is(lx, 0, keyword))
        return hb_lex_fail(lx, "expected '%s' line, found " HB_FIELD_FMT,
                           keyword, HB_FIELD_ARG(lx, 0));
    if (lx->nf != nargs + 1)
        return hb_lex_fail(lx, "'%s' takes %zu field%s, found %zu", keyword,
                           nargs, nargs == 1 ? "" : "s", lx->nf - 1);
    return 0;
}

/* ---------------------------------------------------------------- numbers */

/* Check that field i is a number as the format writes them: digits only,
 * no leading zero. */
static int check_digits(struct hb_lexer *lx, size_t i)
{
    const char *s = lx->fs[i];
    size_t n = lx->fl[i];
    for (size_t k = 0; k < n; k++)
        if (s[k] < '0' || s[k] > '9')
            return hb_lex_fail(lx, HB_FIELD_FMT " is not an unsigned decimal "
                               "number", HB_FIELD_ARG(lx, i));
    if (n > 1 && s[0] == '0')
        return hb_lex_fail(lx, HB_FIELD_FMT " has a leading zero",
                           HB_FIELD_ARG(lx, i));
    return 0;
}

/* A number of up to 19 digits always fits in 64 bits; only a 20th digit
 * needs the overflow test (this runs for every field of every line the
 * fast path leaves to the general one). */
int hb_lex_u64(struct hb_lexer *lx, size_t i, uint64_t *v)
{
    const char *s = lx->fs[i];
    size_t n = lx->fl[i];
    uint64_t x = 0;
    for (size_t k = 0; k < n; k++) {
        unsigned d = (unsigned)(s[k] - '0');
        if (d > 9)
            return check_digits(lx, i);     /* says what is wrong */
        if (k >= 19 && (k > 19 || x > UINT64_MAX / 10
                        || (x == UINT64_MAX / 10 && d > UINT64_MAX % 10))) {
            if (check_digits(lx, i) < 0)
                return -1;
            return hb_lex_fail(lx, HB_FIELD_FMT " does not fit in 64 bits",
                               HB_FIELD_ARG(lx, i));
        }
        x = x * 10 + d;
    }
    if (n > 1 && s[0] == '0')
        return check_digits(lx, i);
    *v = x;
    return 0;
}

int hb_lex_u128(struct hb_lexer *lx, size_t i, hb_u128 *v)
{
    static const hb_u128 max = ~(hb_u128)0;
    if (check_digits(lx, i) < 0)
        return -1;
    const char *s = lx->fs[i];
    hb_u128 x = 0;
    for (size_t k = 0; k < lx->fl[i]; k++) {
        unsigned d = (unsigned)(s[k] - '0');
        if (x > max / 10 || (x == max / 10 && d > (unsigned)(max % 10)))
            return hb_lex_fail(lx, HB_FIELD_FMT " does not fit in 128 bits",
                               HB_FIELD_ARG(lx, i));
        x = x * 10 + d;
    }
    *v = x;
    return 0;
}

int hb_lex_hex64(struct hb_lexer *lx, size_t i, uint64_t *v)
{
    const char *s = lx->fs[i];
    size_t n = lx->fl[i];
    uint64_t x = 0;
    if (n < 3 || s[0] != '0' || s[1] != 'x' || (n > 3 && s[2] == '0'))
        return hb_lex_fail(lx, HB_FIELD_FMT " is not a hexadecimal offset "
                           "('0x' and digits without a leading zero)",
                           HB_FIELD_ARG(lx, i));
    if (n > 2 + 16)
        return hb_lex_fail(lx, HB_FIELD_FMT " does not fit in 64 bits",
                           HB_FIELD_ARG(lx, i));
    for (size_t k = 2; k < n; k++) {
        unsigned d = s[k] >= '0' && s[k] <= '9' ? (unsigned)(s[k] - '0')
                   : s[k] >= 'a' && s[k] <= 'f' ? (unsigned)(s[k] - 'a' + 10)
                   : 16;
        if (d == 16)
            return hb_lex_fail(lx, HB_FIELD_FMT " is not a hexadecimal "
                               "offset ('0x' and lower-case digits)",
                               HB_FIELD_ARG(lx, i));
        x = x * 16 + d;
    }
    *v = x;
    return 0;
}

int hb_lex_u64s(struct hb_lexer *lx, size_t first, size_t n, uint64_t *out)
{
    for (size_t i = 0; i < n; i++)
        if (hb_lex_u64(lx, first + i, &out[i]) < 0)
            return -1;
    return 0;
}
