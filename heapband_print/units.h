/* units.h -- human sizes and times: parsing option values and formatting
 * labels.  Sizes use binary units (K = 1024), times decimal ones (k = 1000),
 * as ms_print does. */
#ifndef HEAPBAND_PRINT_UNITS_H
#define HEAPBAND_PRINT_UNITS_H

#include <stddef.h>
#include <stdint.h>

/* Parse "4096", "4K", "1.5M", "2G" (optionally followed by "B") into bytes.
 * Returns 0, or -1 when the text is not such a size or does not fit in 64
 * bits. */
int hb_parse_size(const char *text, uint64_t *bytes);

/* Parse "5000", "5k", "1.5M", "2G" (decimal suffixes) into a time.  Returns
 * 0, or -1 as hb_parse_size. */
int hb_parse_time(const char *text, uint64_t *time);

/* "0", "24", "1023", "1.25K", "4K", "12.5M", "16E": v bytes, at most three
 * significant digits once a suffix is used. */
void hb_format_size(char *buf, size_t len, double bytes);

/* "0", "999", "1.5k", "20M": a count or a time in instructions/bytes. */
void hb_format_count(char *buf, size_t len, double count);

/* A time in the file's unit ("i", "B" or "ms"): counts as hb_format_count;
 * milliseconds as "250ms", "1.5s". */
void hb_format_time(char *buf, size_t len, double t, const char *unit);

/* The label of the size band [lo, hi]: "0", "3", "24-28", "4K-5K" (the
 * upper bound written is hi + 1, so that labels read as octave fractions). */
void hb_format_band(char *buf, size_t len, uint64_t lo, uint64_t hi);

/* Shortest decimal text that reads back as exactly v (for CSV/JSON). */
void hb_format_exact(char *buf, size_t len, double v);

#endif
