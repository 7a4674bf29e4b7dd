/* units.c -- see units.h. */
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

/* Values below `base` print exactly (rounded to 3 significant digits when
 * fractional); larger ones with the largest suffix that keeps them >= 1. */
static void format_units(char *buf, size_t len, double v, double base,
                         const char *const *suffixes, size_t nsuffixes)
{
    if (!(v > 0)) {
        snprintf(buf, len, "0");
        return;
    }
    if (v < base) {
        if (v == floor(v))
            snprintf(buf, len, "%.0f", v);
        else
            format_scaled(buf, len, v, "");
        return;
    }
    size_t i = 0;
    while (i + 1 < nsuffixes && v >= base) {
        v /= base;
        i++;
    }
    /* Rounding may give "1024K": move up one unit instead. */
    if (v >= base - 0.5 && i + 1 < nsuffixes) {
        v /= base;
        i++;
    }
    format_scaled(buf, len, v, suffixes[i]);
}

void hb_format_size(char *buf, size_t len, double bytes)
{
    static const char *const sfx[] = { "", "K", "M", "G", "T", "P", "E" };
    format_units(buf, len, bytes, 1024, sfx, sizeof sfx / sizeof sfx[0]);
}

void hb_format_count(char *buf, size_t len, double count)
{
    static const char *const sfx[] = { "", "k", "M", "G", "T", "P", "E" };
    format_units(buf, len, count, 1000, sfx, sizeof sfx / sizeof sfx[0]);
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
