/* units.h -- numbers as people write them: parsing sizes and times given
 * as options, and writing every number the printer shows (text, images,
 * exports).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Sizes use binary units (K = 1024), counts and times decimal ones (k =
 * 1000), as ms_print does.  This is the one place that knows the unit
 * suffixes and how many digits a number gets: the terminal and the images
 * write a value with the same digits, and differ only in the style they
 * ask for (images mark a size below 1K with "B").
 *
 * Invariant: every function writes a terminated string into buf (cut to
 * len - 1 characters if it must be) and depends on nothing but its
 * arguments.  Cost: a few snprintf calls per number.
 */
#ifndef HEAPBAND_PRINT_UNITS_H
#define HEAPBAND_PRINT_UNITS_H

#include <stddef.h>
#include <stdint.h>

/* The powers a number may be written in: 1, K (k), M, G, T, P, E. */
#define HB_NUMBER_UNITS 7

/* Parse "4096", "4K", "1.5M", "2G" (optionally followed by "B") into bytes.
 * Returns 0, or -1 when the text is not such a size or does not fit in 64
 * bits. */
int hb_parse_size(const char *text, uint64_t *bytes);

/* Parse "5000", "5k", "1.5M", "2G" (decimal suffixes) into a time.  Returns
 * 0, or -1 as hb_parse_size. */
int hb_parse_time(const char *text, uint64_t *time);

/* How hb_format_number writes a value. */
enum hb_number_style {
    HB_NUMBER_COUNT,    /* decimal units: "999", "1.5k", "20M" */
    HB_NUMBER_SIZE,     /* binary units: "500", "1.25K", "12.5M" (text) */
    HB_NUMBER_SIZE_B    /* binary units, bytes marked: "500B", "1.25K" */
};

/* v in the largest unit that keeps it at least 1, with at most three
 * significant digits once a unit is used and no trailing zeros: "0" for
 * v <= 0 (and NaN), "24", "1023", "1.25K", "4K", "16E".  A value of 1K (1k)
 * or more that would be written as 1024 (1000) of its unit is written in
 * the next one: "1M", never "1024K". */
void hb_format_number(char *buf, size_t len, double v,
                      enum hb_number_style style);

/* hb_format_number with HB_NUMBER_SIZE: a size in the text outputs. */
void hb_format_size(char *buf, size_t len, double bytes);

/* hb_format_number with HB_NUMBER_COUNT: a count, or a time in
 * instructions or bytes. */
void hb_format_count(char *buf, size_t len, double count);

/* A time in the file's unit ("i", "B" or "ms"): counts as hb_format_count;
 * milliseconds as "250ms", "1.5s". */
void hb_format_time(char *buf, size_t len, double t, const char *unit);

/* The label of the size band [lo, hi]: "0", "3", "24-28", "4K-5K" (the
 * upper bound written is hi + 1, so that labels read as octave fractions). */
void hb_format_band(char *buf, size_t len, uint64_t lo, uint64_t hi);

/* Shortest decimal text that reads back as exactly v (for CSV/JSON). */
void hb_format_exact(char *buf, size_t len, double v);

/* The ticks of an axis: multiples of a "nice" step (1, 2 or 5 times a power
 * of ten), all written in one unit with one number of decimals, so that
 * they read "0.5M", "1.0M", "1.5M" -- tick v is written v / div followed by
 * suffix, and 0 as "0". */
struct hb_tick_step {
    double step;            /* between two ticks, in the axis's own unit */
    double div;
    const char *suffix;
    int decimals;
};

/* Bytes up to max, about raw apart: the step is nice in the unit (B, K,
 * M ...) in which max is at least 2, so that the ticks read "200B",
 * "400B" or "0.5M", "1.0M" -- never "1000K" for a little less than 1M.
 * The step is at least one byte. */
void hb_tick_step_bytes(struct hb_tick_step *s, double raw, double max);

/* Whole counts about raw apart: a nice step of at least 1, written in the
 * step's decimal unit ("500", "1000", "1500" or "5k", "10k"). */
void hb_tick_step_count(struct hb_tick_step *s, double raw);

/* Times in the file's unit, about raw apart, up to t_max: as counts, but
 * milliseconds are written "ms", or "s" when t_max is a second or more. */
void hb_tick_step_time(struct hb_tick_step *s, double raw, double t_max,
                       const char *unit);

/* The label of tick v (a multiple of s->step). */
void hb_format_tick(char *buf, size_t len, const struct hb_tick_step *s,
                    double v);

#endif
