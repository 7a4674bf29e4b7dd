/* units.c -- numbers as people write them: see units.h.
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see error.h
 * and the file COPYING.
 *
 * Owns the unit suffixes and the digits rule (three significant digits
 * once a unit is used).  Parsing keeps fractions as exact integer ratios,
 * so that "1.5K" is 1536 exactly.
 */
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Parse digits with an optional fraction and a suffix from `suffixes`, the
 * i-th suffix multiplying by base^(i+1).  The fraction is kept as an exact
 * integer ratio, so that "1.5K" is 1536 exactly (digits past the 12th
 * decimal are ignored). */
static int parse_scaled(const char *text, const char *suffixes, uint64_t base,
                        int allow_b, uint64_t *out)
{
    const char *p = text;
    __extension__ unsigned __int128 whole = 0, frac = 0, frac_div = 1;
    int ndigits = 0;

    while (*p >= '0' && *p <= '9') {
        whole = whole * 10 + (unsigned)(*p - '0');
        if (whole > UINT64_MAX)
            return -1;
        p++, ndigits++;
    }
    if (*p == '.') {
        p++;
        while (*p >= '0' && *p <= '9') {
            if (frac_div < 1000000000000ULL) {   /* ignore digits past 1e-12 */
                frac = frac * 10 + (unsigned)(*p - '0');
                frac_div *= 10;
            }
            p++, ndigits++;
        }
    }
    if (ndigits == 0)
        return -1;
    __extension__ unsigned __int128 mult = 1;
    const char *s = *p != '\0' ? strchr(suffixes, *p) : NULL;
    if (s != NULL) {
        for (int i = 0; i <= s - suffixes; i++)
            mult *= base;
        p++;
    }
    if (allow_b && *p == 'B')       /* "4KB", "100B" */
        p++;
    if (*p != '\0')
        return -1;
    /* whole < 2^64 and mult <= 1024^6: the product fits in 128 bits. */
    __extension__ unsigned __int128 v = whole * mult + frac * mult / frac_div;
    if (v > UINT64_MAX)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

int hb_parse_size(const char *text, uint64_t *bytes)
{
    return parse_scaled(text, "KMGTPE", 1024, 1, bytes);
}

int hb_parse_time(const char *text, uint64_t *time)
{
    return parse_scaled(text, "kMGTPE", 1000, 0, time);
}

static const char *const count_suffixes[HB_NUMBER_UNITS] = {
    "", "k", "M", "G", "T", "P", "E"};
static const char *const size_suffixes[HB_NUMBER_UNITS] = {
    "", "K", "M", "G", "T", "P", "E"};

/* The suffix of base^power in this style. */
static const char *unit_suffix(enum hb_number_style style, int power)
{
    if (power == 0)
        return style == HB_NUMBER_SIZE_B ? "B" : "";
    return style == HB_NUMBER_COUNT ? count_suffixes[power]
                                    : size_suffixes[power];
}

/* Print v (already divided by its unit) with three significant digits at
 * most, without trailing zeros: 1.25, 12.5, 125. */
static void format_scaled(char *buf, size_t len, double v, const char *suffix)
{
    char num[64];
    if (v >= 100)
        snprintf(num, sizeof num, "%.0f", v);
    else if (v >= 10)
        snprintf(num, sizeof num, "%.1f", v);
    else
        snprintf(num, sizeof num, "%.2f", v);
    char *dot = strchr(num, '.');
    if (dot != NULL) {
        char *end = num + strlen(num) - 1;
        while (end > dot && *end == '0')
            *end-- = '\0';
        if (end == dot)
            *end = '\0';
    }
    snprintf(buf, len, "%s%s", num, suffix);
}

/* Values below the base print exactly (rounded to 3 significant digits
 * when fractional); larger ones in the largest unit that keeps them >= 1. */
void hb_format_number(char *buf, size_t len, double v,
                      enum hb_number_style style)
{
    double base = style == HB_NUMBER_COUNT ? 1000 : 1024;
    if (!(v > 0)) {
        snprintf(buf, len, "0");
        return;
    }
    if (v < base) {
        if (v == floor(v))
            snprintf(buf, len, "%.0f%s", v, unit_suffix(style, 0));
        else
            format_scaled(buf, len, v, unit_suffix(style, 0));
        return;
    }
    int power = 0;
    while (power + 1 < HB_NUMBER_UNITS && v >= base) {
        v /= base;
        power++;
    }
    /* Rounding may give "1024K": move up one unit instead. */
    if (v >= base - 0.5 && power + 1 < HB_NUMBER_UNITS) {
        v /= base;
        power++;
    }
    format_scaled(buf, len, v, unit_suffix(style, power));
}

void hb_format_size(char *buf, size_t len, double bytes)
{
    hb_format_number(buf, len, bytes, HB_NUMBER_SIZE);
}

void hb_format_count(char *buf, size_t len, double count)
{
    hb_format_number(buf, len, count, HB_NUMBER_COUNT);
}

void hb_format_time(char *buf, size_t len, double t, const char *unit)
{
    if (strcmp(unit, "ms") != 0) {
        hb_format_count(buf, len, t);
        return;
    }
    char num[64];
    if (t < 1000) {
        hb_format_count(num, sizeof num, t);
        snprintf(buf, len, "%sms", num);
    } else {
        hb_format_count(num, sizeof num, t / 1000);
        snprintf(buf, len, "%ss", num);
    }
}

void hb_format_band(char *buf, size_t len, uint64_t lo, uint64_t hi)
{
    char a[32], b[32];
    hb_format_size(a, sizeof a, (double)lo);
    if (lo == hi) {
        snprintf(buf, len, "%s", a);
        return;
    }
    hb_format_size(b, sizeof b, (double)hi + 1.0);
    snprintf(buf, len, "%s-%s", a, b);
}

void hb_format_exact(char *buf, size_t len, double v)
{
    if (v == floor(v) && fabs(v) < 1e17) {
        snprintf(buf, len, "%.0f", v);
        return;
    }
    for (int prec = 6; prec <= 17; prec++) {
        snprintf(buf, len, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            return;
    }
}

/* A "nice" step (1, 2 or 5 times a power of ten) near raw. */
static double nice_step(double raw)
{
    if (!(raw > 0) || !isfinite(raw))
        return 1;
    double mag = pow(10, floor(log10(raw)));
    double norm = raw / mag;
    double m = norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10;
    return m * mag;
}

/* Decimals needed to print multiples of step. */
static int decimals_for(double step)
{
    if (step >= 1 || !(step > 0))
        return 0;
    int d = (int)ceil(-log10(step) - 1e-9);
    return d > 6 ? 6 : d;
}

void hb_tick_step_bytes(struct hb_tick_step *s, double raw, double max)
{
    int power = 0;
    double div = 1;
    while (power + 1 < HB_NUMBER_UNITS && max / (div * 1024) >= 2) {
        power++;
        div *= 1024;
    }
    s->div = div;
    s->suffix = unit_suffix(HB_NUMBER_SIZE_B, power);
    s->step = nice_step(raw / div) * div;
    if (s->step < 1)
        s->step = 1;
    s->decimals = decimals_for(s->step / div);
}

void hb_tick_step_count(struct hb_tick_step *s, double raw)
{
    s->step = nice_step(raw);
    if (s->step < 1)
        s->step = 1;
    /* The largest unit not above the step. */
    int power = 0;
    double div = 1;
    while (power + 1 < HB_NUMBER_UNITS && s->step >= div * 1000) {
        power++;
        div *= 1000;
    }
    s->div = div;
    s->suffix = unit_suffix(HB_NUMBER_COUNT, power);
    s->decimals = decimals_for(s->step / s->div);
}

void hb_tick_step_time(struct hb_tick_step *s, double raw, double t_max,
                       const char *unit)
{
    hb_tick_step_count(s, raw);
    if (unit != NULL && strcmp(unit, "ms") == 0) {
        int seconds = t_max >= 1000;
        s->div = seconds ? 1000 : 1;
        s->suffix = seconds ? "s" : "ms";
        s->decimals = decimals_for(s->step / s->div);
    }
}

void hb_format_tick(char *buf, size_t len, const struct hb_tick_step *s,
                    double v)
{
    if (v == 0)
        snprintf(buf, len, "0");
    else
        snprintf(buf, len, "%.*f%s", s->decimals, v / s->div, s->suffix);
}
