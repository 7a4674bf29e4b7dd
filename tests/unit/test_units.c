/* test_units.c -- unit tests of the number formats (heapband_print/util/units.h).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 *   test_units
 *
 * Tables of inputs and their exact results: sizes and times as options
 * (suffixes, fractions, the largest value, text that is not a number), the
 * one formatter in each of its styles (rounding at the edge of a unit, 0,
 * 2^64 - 1, values that are not positive), times, band labels, exact
 * numbers for the exports, axis ticks, and text cut to the buffer.
 * Prints one line per failed check and exits 1 if any failed.  Run as
 * unit/test_units.
 */
#include "units.h"
#include "unit_check.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

/* ----------------------------------------------------------- parsing */

/* One text and what it parses to; ok == 0: the parser must refuse it. */
struct parse_case {
    const char *text;
    int ok;
    uint64_t value;
};

static const struct parse_case size_cases[] = {
    { "0", 1, 0 },
    { "4096", 1, 4096 },
    { "100B", 1, 100 },
    { "4K", 1, 4096 },
    { "4KB", 1, 4096 },
    { "1.5K", 1, 1536 },
    { ".5K", 1, 512 },
    { "1.K", 1, 1024 },
    { "0.1K", 1, 102 },             /* 102.4: the fraction is cut, not rounded */
    { "0.5", 1, 0 },
    { "1.0000000000009K", 1, 1024 },    /* digits past the 12th decimal */
    { "1.5M", 1, 1572864 },
    { "2G", 1, 2147483648ULL },
    { "1T", 1, 1099511627776ULL },
    { "1P", 1, 1125899906842624ULL },
    { "15E", 1, 17293822569102704640ULL },
    { "17179869183G", 1, 18446744072635809792ULL },
    { "18446744073709551615", 1, UINT64_MAX },
    { "18446744073709551615B", 1, UINT64_MAX },
    /* Bad: too large, no digits, unknown or repeated suffixes, spaces,
     * signs, the decimal suffix of times. */
    { "18446744073709551616", 0, 0 },
    { "99999999999999999999999", 0, 0 },
    { "16E", 0, 0 },
    { "17179869184G", 0, 0 },
    { "", 0, 0 },
    { "K", 0, 0 },
    { ".", 0, 0 },
    { ".K", 0, 0 },
    { "B", 0, 0 },
    { "4k", 0, 0 },
    { "4X", 0, 0 },
    { "4KK", 0, 0 },
    { "4BB", 0, 0 },
    { "4BK", 0, 0 },
    { "4KiB", 0, 0 },
    { "-1", 0, 0 },
    { "+1", 0, 0 },
    { " 4", 0, 0 },
    { "4 ", 0, 0 },
    { "1e3", 0, 0 },
    { "1,5K", 0, 0 },
    { "1.5.K", 0, 0 },
};

static const struct parse_case time_cases[] = {
    { "0", 1, 0 },
    { "5000", 1, 5000 },
    { "5k", 1, 5000 },
    { "1.5M", 1, 1500000 },
    { "2G", 1, 2000000000ULL },
    { "3T", 1, 3000000000000ULL },
    { "4P", 1, 4000000000000000ULL },
    { "18E", 1, 18000000000000000000ULL },
    { "0.001k", 1, 1 },
    { "0.0009k", 1, 0 },
    { "18446744073709551615", 1, UINT64_MAX },
    { "18446744073709551.615k", 1, 18446744073709551615ULL },
    { "19E", 0, 0 },
    { "18446744073709551616", 0, 0 },
    { "18446744073709551.616k", 0, 0 },
    { "5K", 0, 0 },                 /* times are decimal: k, not K */
    { "5kB", 0, 0 },                /* and take no B */
    { "100B", 0, 0 },
    { "", 0, 0 },
    { "k", 0, 0 },
    { "-5", 0, 0 },
    { "5 k", 0, 0 },
};

static void test_parse(const char *what, const struct parse_case *cases,
                       size_t n, int (*parse)(const char *, uint64_t *))
{
    for (size_t i = 0; i < n; i++) {
        const struct parse_case *c = &cases[i];
        uint64_t v = 12345;
        int rc = parse(c->text, &v);
        if (c->ok)
            check(rc == 0 && v == c->value, "%s '%s': expected %llu, got "
                  "rc %d, %llu", what, c->text,
                  (unsigned long long)c->value, rc, (unsigned long long)v);
        else
            check(rc == -1 && v == 12345, "%s '%s': expected -1 and the "
                  "value untouched, got rc %d, %llu", what, c->text, rc,
                  (unsigned long long)v);
    }
}

/* ------------------------------------------------------------ formatting */

struct format_case {
    double v;
    const char *count, *size, *size_b;  /* the three styles */
};

static const struct format_case format_cases[] = {
    /* Nothing, and values that are not positive. */
    { 0, "0", "0", "0" },
    { -0.0, "0", "0", "0" },
    { -5, "0", "0", "0" },
    { -INFINITY, "0", "0", "0" },
    /* Below the first unit: exact, or three significant digits. */
    { 1, "1", "1", "1B" },
    { 0.5, "0.5", "0.5", "0.5B" },
    { 0.333, "0.33", "0.33", "0.33B" },
    { 2.5, "2.5", "2.5", "2.5B" },
    /* Exactly half way: printf rounds to the even digit (the --html
     * page's report-units.js must too; html-browser.test runs this
     * table there). */
    { 0.125, "0.12", "0.12", "0.12B" },
    { 0.375, "0.38", "0.38", "0.38B" },
    { 12544, "12.5k", "12.2K", "12.2K" },
    { 24, "24", "24", "24B" },
    { 500, "500", "500", "500B" },
    { 999, "999", "999", "999B" },
    { 1000, "1k", "1000", "1000B" },
    { 1023, "1.02k", "1023", "1023B" },
    /* One unit, three digits, no trailing zeros. */
    { 1024, "1.02k", "1K", "1K" },
    { 1234, "1.23k", "1.21K", "1.21K" },
    { 1280, "1.28k", "1.25K", "1.25K" },
    { 1500, "1.5k", "1.46K", "1.46K" },
    { 4096, "4.1k", "4K", "4K" },
    { 9999, "10k", "9.76K", "9.76K" },
    { 12345, "12.3k", "12.1K", "12.1K" },
    { 99999, "100k", "97.7K", "97.7K" },
    { 13107200, "13.1M", "12.5M", "12.5M" },
    { 20000000, "20M", "19.1M", "19.1M" },
    /* The edge of a unit: what would round to 1000 (1024) of a unit is
     * written as 1 of the next. */
    { 999499, "999k", "976K", "976K" },
    { 999500, "1M", "976K", "976K" },
    { 999999, "1M", "977K", "977K" },
    { 1047552, "1.05M", "1023K", "1023K" },
    { 1048063, "1.05M", "1023K", "1023K" },
    { 1048064, "1.05M", "1M", "1M" },
    { 1048575, "1.05M", "1M", "1M" },
    { 1048576, "1.05M", "1M", "1M" },
    { 999500000, "1G", "953M", "953M" },
    /* The largest units. */
    { 1e12, "1T", "931G", "931G" },
    { 1e15, "1P", "909T", "909T" },
    { 1e18, "1E", "888P", "888P" },
    { 1152921504606846976.0, "1.15E", "1E", "1E" },     /* 2^60 */
    { 18446744073709551615.0, "18.4E", "16E", "16E" },  /* 2^64 - 1 */
    { 1e21, "1000E", "867E", "867E" },      /* no unit past E */
};

static void test_format(void)
{
    static const enum hb_number_style styles[3] = {
        HB_NUMBER_COUNT, HB_NUMBER_SIZE, HB_NUMBER_SIZE_B
    };
    static const char *const names[3] = { "count", "size", "size_b" };
    char buf[64];
    for (size_t i = 0; i < sizeof format_cases / sizeof format_cases[0];
         i++) {
        const struct format_case *c = &format_cases[i];
        const char *want[3] = { c->count, c->size, c->size_b };
        for (int s = 0; s < 3; s++) {
            hb_format_number(buf, sizeof buf, c->v, styles[s]);
            check(strcmp(buf, want[s]) == 0, "%s %.17g: expected '%s', "
                  "got '%s'", names[s], c->v, want[s], buf);
        }
    }

    hb_format_number(buf, sizeof buf, NAN, HB_NUMBER_SIZE_B);
    check(strcmp(buf, "0") == 0, "NaN: expected '0', got '%s'", buf);

    /* The two shorthands are the formatter in one style. */
    hb_format_size(buf, sizeof buf, 1280);
    check(strcmp(buf, "1.25K") == 0, "hb_format_size 1280: got '%s'", buf);
    hb_format_count(buf, sizeof buf, 1500);
    check(strcmp(buf, "1.5k") == 0, "hb_format_count 1500: got '%s'", buf);

    /* A buffer too short: the text is cut, and terminated. */
    memset(buf, 'x', sizeof buf);
    hb_format_number(buf, 3, 1280, HB_NUMBER_SIZE);
    check(strcmp(buf, "1.") == 0, "cut to 3 bytes: expected '1.', got "
          "'%s'", buf);
    memset(buf, 'x', sizeof buf);
    hb_format_number(buf, 1, 1280, HB_NUMBER_SIZE);
    check(buf[0] == '\0' && buf[1] == 'x', "cut to 1 byte: got '%s'", buf);
}

/* --------------------------------------- times, bands, exact numbers */

static void test_time(void)
{
    static const struct {
        double t;
        const char *unit, *want;
    } cases[] = {
        { 0, "ms", "0ms" },
        { 250, "ms", "250ms" },
        { 999, "ms", "999ms" },
        { 1000, "ms", "1s" },
        { 1500, "ms", "1.5s" },
        { 0, "i", "0" },
        { 1500, "i", "1.5k" },
        { 18446744073709551615.0, "i", "18.4E" },
        { 1024, "B", "1.02k" },             /* a time in bytes is a count */
    };
    char buf[64];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hb_format_time(buf, sizeof buf, cases[i].t, cases[i].unit);
        check(strcmp(buf, cases[i].want) == 0, "time %.17g %s: expected "
              "'%s', got '%s'", cases[i].t, cases[i].unit, cases[i].want,
              buf);
    }
}

static void test_band(void)
{
    static const struct {
        uint64_t lo, hi;
        const char *want;
    } cases[] = {
        { 0, 0, "0" },
        { 3, 3, "3" },
        { 24, 27, "24-28" },
        { 1, 1023, "1-1K" },
        { 4096, 5119, "4K-5K" },
        { 1048576, 2097151, "1M-2M" },
        { 1, UINT64_MAX, "1-16E" },
    };
    char buf[64];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hb_format_band(buf, sizeof buf, cases[i].lo, cases[i].hi);
        check(strcmp(buf, cases[i].want) == 0, "band [%llu, %llu]: "
              "expected '%s', got '%s'", (unsigned long long)cases[i].lo,
              (unsigned long long)cases[i].hi, cases[i].want, buf);
    }
}

static void test_exact(void)
{
    static const struct {
        double v;
        const char *want;
    } cases[] = {
        { 0, "0" },
        { -3, "-3" },
        { 1.5, "1.5" },
        { 0.1, "0.1" },
        { 1.0 / 3, "0.3333333333333333" },
        { 123456789.25, "123456789.25" },
        { 99999999999999984.0, "99999999999999984" },   /* below 1e17 */
        { 1e17, "1e+17" },
        { 18446744073709551615.0, "1.8446744073709552e+19" },
    };
    char buf[64];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        hb_format_exact(buf, sizeof buf, cases[i].v);
        check(strcmp(buf, cases[i].want) == 0, "exact %.17g: expected "
              "'%s', got '%s'", cases[i].v, cases[i].want, buf);
    }
}

/* ------------------------------------------------------------- ticks */

/* The labels of ticks 0, 1, 2 and 3 steps: "a b c d". */
static void check_ticks(const char *what, const struct hb_tick_step *s,
                        const char *want)
{
    char got[128] = "", label[32];
    for (int i = 0; i < 4; i++) {
        hb_format_tick(label, sizeof label, s, i * s->step);
        if (i > 0)
            strcat(got, " ");
        strcat(got, label);
    }
    check(strcmp(got, want) == 0, "ticks %s: expected '%s', got '%s'",
          what, want, got);
}

static void test_ticks(void)
{
    struct hb_tick_step s;

    hb_tick_step_bytes(&s, 180, 1000);
    check_ticks("bytes 180 to 1000", &s, "0 200B 400B 600B");
    hb_tick_step_bytes(&s, 400000, 3 * 1048576.0);
    check_ticks("bytes 400000 to 3M", &s, "0 0.5M 1.0M 1.5M");
    hb_tick_step_bytes(&s, 1500, 2047);     /* max below 2K: bytes */
    check_ticks("bytes 1500 to 2047", &s, "0 2000B 4000B 6000B");
    hb_tick_step_bytes(&s, 0.1, 10);        /* at least one byte */
    check_ticks("bytes 0.1 to 10", &s, "0 1B 2B 3B");

    hb_tick_step_count(&s, 4500);
    check_ticks("count 4500", &s, "0 5k 10k 15k");
    hb_tick_step_count(&s, 300);
    check_ticks("count 300", &s, "0 500 1000 1500");
    hb_tick_step_count(&s, 0.3);            /* whole counts */
    check_ticks("count 0.3", &s, "0 1 2 3");
    hb_tick_step_count(&s, 1500000);
    check_ticks("count 1500000", &s, "0 2M 4M 6M");

    hb_tick_step_time(&s, 300, 900, "ms");
    check_ticks("ms 300 to 900", &s, "0 500ms 1000ms 1500ms");
    hb_tick_step_time(&s, 300, 2000, "ms");
    check_ticks("ms 300 to 2000", &s, "0 0.5s 1.0s 1.5s");
    hb_tick_step_time(&s, 4500, 20000, "i");
    check_ticks("instructions 4500", &s, "0 5k 10k 15k");
}

int main(void)
{
    test_parse("size", size_cases, sizeof size_cases / sizeof size_cases[0],
               hb_parse_size);
    test_parse("time", time_cases, sizeof time_cases / sizeof time_cases[0],
               hb_parse_time);
    test_format();
    test_time();
    test_band();
    test_exact();
    test_ticks();
    return check_summary();
}
