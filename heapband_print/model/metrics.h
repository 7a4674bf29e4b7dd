/* metrics.h -- the one table of the figures heapband_print reports about a
 * run and about its size bands: the diff report's totals and band rows and
 * the --check rules' metrics are the same figures, read from the model in
 * one place.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Every metric exists for a run (it is a figure of the run summary, section
 * 3 of docs/heapband-format.md); some also exist for a band, summed (or, for
 * the peak, maximised) over the band's cells or read from its leak line,
 * and some for a set of sites, summed over their site records.
 * Values are exact unsigned 64-bit integers: a band's sum is at most the
 * run's total (invariants 4 and 6 of the format).
 */
#ifndef HEAPBAND_PRINT_METRICS_H
#define HEAPBAND_PRINT_METRICS_H

#include <stddef.h>
#include <stdint.h>

#include "hbfile.h"

/* In the order of the diff report's rows and of the names listed in the
 * rules' messages. */
enum hb_metric {
    HB_METRIC_ALLOCS,
    HB_METRIC_ALLOC_BYTES,
    HB_METRIC_FREES,
    HB_METRIC_FREE_BYTES,
    HB_METRIC_PEAK,
    HB_METRIC_PEAK_BLOCKS,
    HB_METRIC_PEAK_TIME,
    HB_METRIC_LEAKED,
    HB_METRIC_LEAKED_BLOCKS,
    HB_METRIC_UNKNOWN_FREES,
    HB_METRIC_END_TIME,
    HB_METRIC_FOOTPRINT,         /* version 4, --allocator=program */
    HB_METRIC_FOOTPRINT_EXIT,
    HB_METRIC_SLOP,
    HB_METRIC_FRAGMENTATION,
    HB_METRIC_OTHER_ANON,
    HB_METRIC_FRAGMENTATION_PEAK,
    HB_NMETRICS
};

/* What a value counts: blocks or events, bytes, or time in the file's
 * unit.  Bytes are parsed and printed with binary suffixes (4K), the
 * others with decimal ones (5k). */
enum hb_metric_unit {
    HB_METRIC_UNIT_COUNT,
    HB_METRIC_UNIT_BYTES,
    HB_METRIC_UNIT_TIME
};

/* How a band's value is read from the model. */
enum hb_band_reading {
    HB_BAND_NONE,              /* not a per-band metric */
    HB_BAND_CELL_SUM,          /* a cell field summed over the run */
    HB_BAND_CELL_PEAK,         /* the largest LIVE_MAX of the band's cells */
    HB_BAND_LEAK,              /* a field of the band's leak line (0 if none) */
    HB_BAND_SLOP               /* the band's slop line's AT_EXIT (0 if none) */
};

struct hb_metric_info {
    const char *name;          /* as the rules spell it: "alloc-bytes" */
    const char *run_label;     /* the diff report's run total row */
    const char *band_label;    /* the diff report's band row; NULL: the
                                  report does not list it per band */
    enum hb_metric_unit unit;
    enum hb_band_reading band;
    int per_site;              /* a figure of a site's records (version 3):
                                  at peak means live at the run's peak */
    int memory;                /* of the memory beyond the blocks (version
                                  4): the diff report shows it only when a
                                  file has the program's allocator */
};

extern const struct hb_metric_info hb_metrics[HB_NMETRICS];

/* The metric whose name is the len bytes at name, or -1. */
int hb_metric_find(const char *name, size_t len);

/* The run's value of m (the run summary's figure). */
uint64_t hb_metric_run(const struct hb_file *f, enum hb_metric m);

/* Every band's value of every per-band metric, in one pass over the cells
 * and one over the leak lines: a malloc'd array of nbands * HB_NMETRICS
 * values, band b's value of m at [b * HB_NMETRICS + m] (0 for the metrics
 * that are not per band), or NULL when out of memory. */
uint64_t *hb_metric_all_bands(const struct hb_file *f);

/* The value of m over the bands first..last together (m per band) into
 * *value: the sum of the bands' values, or for the peak the largest sum
 * over one stored column of the bands' LIVE_MAX (quiet cells included),
 * which is the band's peak for one band and an upper bound of the true
 * peak for several.  That sum of peaks may exceed 64 bits, hence the
 * 128-bit result.  One pass over the cells or the leak lines.  Returns 0,
 * or -1 out of memory. */
int hb_metric_bands(const struct hb_file *f, enum hb_metric m,
                    uint64_t first, uint64_t last, hb_u128 *value);

/* What the suppressed sites of a file hold at exit (leaks.h fills it):
 * the rules' leaked and leaked-blocks leave it out. */
struct hb_suppressed_exit {
    uint64_t bytes, blocks;              /* over the run */
    uint64_t *band_bytes, *band_blocks;  /* by band, nbands of each */
};

void hb_suppressed_exit_free(struct hb_suppressed_exit *s);

/* What s (NULL: nothing suppressed) takes away from m's value over the run
 * (first > last) or over the bands first..last: for leaked and
 * leaked-blocks what the suppressed sites hold there, else 0.  At most
 * the value hb_metric_run or hb_metric_bands gives. */
uint64_t hb_metric_suppressed(const struct hb_suppressed_exit *s,
                              enum hb_metric m, uint64_t first,
                              uint64_t last);

/* The value of m (per_site) summed over the sites of f that have a frame
 * whose function matches pattern (site_diff.h), into *value, and how many
 * sites into *nmatched.  f must have version-3 site tables.  Returns 0,
 * or -1 out of memory (err). */
int hb_metric_sites(const struct hb_file *f, enum hb_metric m,
                    const char *pattern, hb_u128 *value, size_t *nmatched,
                    struct hb_error *err);

#endif
