/* hbfile_words.h -- reading text eight bytes at a time, for the parser.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Owns the word-at-a-time tests on text: which bytes of a 64-bit word are
 * printable, how many lead with digits, and their value.  The parser spends
 * most of its time in these (a large file is a few hundred thousand lines
 * of numbers), so they are static inline: the line scanner (hbfile_lex.c)
 * and the fast "col"/"cell" reader (hbfile_fast.c) each get them inlined.
 *
 * Invariant: a function that takes a pointer reads exactly the bytes its
 * comment says (8, 24 or 40 from it), whatever they hold; the caller makes
 * sure they are inside the buffer.  Cost: a few ALU operations a word, no
 * branch a byte.
 */
#ifndef HEAPBAND_PRINT_HBFILE_WORDS_H
#define HEAPBAND_PRINT_HBFILE_WORDS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "hbfile.h"

#define HB_WORD_ONES (~(uint64_t)0 / 255)       /* 0x01 in every byte */
#define HB_WORD_HIGHS (HB_WORD_ONES * 0x80)     /* 0x80 in every byte */

/* Eight bytes of text as a word, the first byte in the low bits. */
static inline uint64_t hb_word_load(const char *s)
{
    uint64_t w;
    memcpy(&w, s, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    return w;
}

/* Whether a byte of w is below 0x20 (a control, '\n') or above 0x7e: the
 * classic word-at-a-time tests for "less than" and "greater than" a
 * constant in every byte. */
static inline int hb_word_has_unprintable(uint64_t w)
{
    uint64_t below = (w - HB_WORD_ONES * 0x20) & ~w & HB_WORD_HIGHS;
    uint64_t above = ((w & ~HB_WORD_HIGHS) + HB_WORD_ONES * (0x7f - 0x7e)) | w;
    return ((below | above) & HB_WORD_HIGHS) != 0;
}

/* How many of the bytes of w, from the first, are digits (0 to 8).  A byte
 * gets bit 7 set when it is not a digit: below '0' by the borrow, above
 * '9' by the carry, above 0x7f by itself.  Borrows and carries start only
 * at a non-digit, so the lowest bit set is exact. */
static inline unsigned hb_word_leading_digits(uint64_t w)
{
    uint64_t nondigit = (w | (w + HB_WORD_ONES * 0x46)
                         | (w - HB_WORD_ONES * 0x30)) & HB_WORD_HIGHS;
    return nondigit ? (unsigned)__builtin_ctzll(nondigit) / 8 : 8;
}

/* The value of the first k digits of w, 1 <= k <= 8: shifted so that the
 * bytes not wanted become leading zeros, then combined in pairs, fours and
 * the eight, with three multiplications instead of eight. */
static inline uint64_t hb_word_digits_value(uint64_t w, unsigned k)
{
    w = (w & (HB_WORD_ONES * 0x0f)) << (8 * (8 - k));
    w = (w * 10 + (w >> 8)) & 0x00ff00ff00ff00ffULL;
    w = (w * 100 + (w >> 16)) & 0x0000ffff0000ffffULL;
    return (w * 10000 + (w >> 32)) & 0xffffffffULL;
}

/* 10^k for the k digits read from one word. */
static inline uint64_t hb_word_pow10(unsigned k)
{
    static const uint64_t pow10_upto8[9] = {
        1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000
    };
    return pow10_upto8[k];
}

/* A number of at most 19 digits (reads 24 bytes) without a leading zero at
 * s: returns its length and puts its value in *v, or returns 0.  19 digits
 * always fit in 64 bits. */
static inline size_t hb_words_u64(const char *s, uint64_t *v)
{
    uint64_t x = 0;
    size_t n = 0;
    for (int chunk = 0; chunk < 3; chunk++) {
        uint64_t w = hb_word_load(s + n);
        unsigned k = hb_word_leading_digits(w);
        if (k > 0)
            x = x * hb_word_pow10(k) + hb_word_digits_value(w, k);
        n += k;
        if (k < 8)
            break;
    }
    if (n == 0 || n > 19 || (n > 1 && s[0] == '0'))
        return 0;
    *v = x;
    return n;
}

/* The same for a 128-bit number of at most 38 digits (reads 40 bytes):
 * 38 digits always fit, a 39th would need an overflow test.  The first 16
 * digits are read in 64 bits (128-bit products cost more). */
static inline size_t hb_words_u128(const char *s, hb_u128 *v)
{
    uint64_t head = 0;
    size_t n = 0;
    unsigned k = 8;
    for (int chunk = 0; chunk < 2 && k == 8; chunk++) {
        uint64_t w = hb_word_load(s + n);
        k = hb_word_leading_digits(w);
        if (k > 0)
            head = head * hb_word_pow10(k) + hb_word_digits_value(w, k);
        n += k;
    }
    hb_u128 x = head;
    for (int chunk = 2; chunk < 5 && k == 8; chunk++) {
        uint64_t w = hb_word_load(s + n);
        k = hb_word_leading_digits(w);
        if (k > 0)
            x = x * hb_word_pow10(k) + hb_word_digits_value(w, k);
        n += k;
    }
    if (n == 0 || n > 38 || (n > 1 && s[0] == '0'))
        return 0;
    *v = x;
    return n;
}

/* A number of at most 19 digits at s and the byte `sep` right after it
 * (reads 24 bytes): returns the bytes of both, or 0.  A number of up to 7
 * digits, the usual one, is read from one word without a loop. */
static inline size_t hb_words_u64_then(const char *s, uint64_t *v, char sep)
{
    uint64_t w = hb_word_load(s);
    size_t k = hb_word_leading_digits(w);
    if (k < 8) {
        if (k == 0 || (k > 1 && *s == '0'))
            return 0;
        *v = hb_word_digits_value(w, (unsigned)k);
    } else if ((k = hb_words_u64(s, v)) == 0) {
        return 0;
    }
    return s[k] == sep ? k + 1 : 0;
}

#endif
