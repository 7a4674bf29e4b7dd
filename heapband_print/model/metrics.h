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
    HB_METRIC_LIVE_AT_EXIT,
    HB_METRIC_LIVE_AT_EXIT_BLOCKS,
    HB_METRIC_LEAKED,
    HB_METRIC_LEAKED_BLOCKS,
    HB_METRIC_DEFINITELY,
    HB_METRIC_DEFINITELY_BLOCKS,
    HB_METRIC_INDIRECTLY,
    HB_METRIC_INDIRECTLY_BLOCKS,
    HB_METRIC_POSSIBLY,
    HB_METRIC_POSSIBLY_BLOCKS,
    HB_METRIC_REACHABLE,
    HB_METRIC_REACHABLE_BLOCKS,
    HB_METRIC_UNKNOWN_FREES,
    HB_METRIC_END_TIME,
    HB_METRIC_FOOTPRINT,         /* version 4, --allocator=program */
    HB_METRIC_FOOTPRINT_EXIT,
    HB_METRIC_SLOP,
    HB_METRIC_FRAGMENTATION,
    HB_METRIC_OTHER_ANON,
    HB_METRIC_FRAGMENTATION_PEAK,
    HB_METRIC_EXIT_STATUS,       /* version 5, a run that exited or died */
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
    HB_BAND_LEAK,              /* what the band holds at exit: its leak
                                  line and (version 4) its lost line */
    HB_BAND_SLOP               /* the band's slop line's AT_EXIT (0 if none) */
};

/* Whether a metric needs memcheck's leak kinds (a version-4 file with
 * 'leak-scan: yes', hbfile.h's leak_kinds). */
enum hb_metric_kinds {
    HB_KINDS_NONE,             /* read from every file */
    HB_KINDS_FALLBACK,         /* leaked, leaked-blocks: definitely plus
                                  indirectly lost; on a file without kinds
                                  everything live at exit (live-at-exit), as
                                  before version 4 */
    HB_KINDS_NEEDED            /* the four kinds: refused without them */
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
    enum hb_metric_kinds kinds;
    int suppressible;          /* --suppressions take the suppressed
                                  sites out of it (the lost kinds) */
    int memory;                /* of the memory beyond the blocks (version
                                  4): the diff report shows it only when a
                                  file has the program's allocator */
    int ending;                /* how the run ended (version 5): read only
                                  from a file that ended by an exit or a
                                  signal, shown only when one did */
};

extern const struct hb_metric_info hb_metrics[HB_NMETRICS];

/* The metric whose name is the len bytes at name, or -1. */
int hb_metric_find(const char *name, size_t len);

/* Whether f has what m needs: 0 for a metric that needs the leak kinds
 * on a file without them (HB_KINDS_NEEDED), and for exit-status on a file
 * that did not end by an exit or a signal (exit-status is the exit's
 * status, or 128 + the signal's number, as a shell's $? gives it; 128
 * for a signal the tool could not tell). */
int hb_metric_readable(const struct hb_file *f, enum hb_metric m);

/* Whether a report of files o and n (n NULL: o alone) shows m: a metric
 * that reads the leak kinds (HB_KINDS_FALLBACK or NEEDED) only when one
 * of them has kinds; without, `leaked` would repeat live-at-exit; a
 * memory metric only when one of them has the program's allocator. */
int hb_metric_shown(enum hb_metric m, const struct hb_file *o,
                    const struct hb_file *n);

/* The value of metric m (one that reads what is live at exit) of what
 * holds `bytes` in `blocks` at exit, `lost` of them lost; `kinds` whether
 * lost is known (else leaked is everything live at exit, and the kinds
 * 0).  The one place the exit metrics are worked out, for a run, a band,
 * a set of sites or what suppressions take away. */
uint64_t hb_metric_exit_value(enum hb_metric m, uint64_t bytes,
                              uint64_t blocks, const struct hb_lost *lost,
                              int kinds);

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
 * the rules' suppressible metrics (leaked, the lost kinds) leave it out. */
struct hb_suppressed_exit {
    int kinds;                           /* the file has leak kinds */
    uint64_t bytes, blocks;              /* over the run */
    struct hb_lost lost;
    uint64_t *band_bytes, *band_blocks;  /* by band, nbands of each */
    struct hb_lost *band_lost;           /* by band */
};

void hb_suppressed_exit_free(struct hb_suppressed_exit *s);

/* What s (NULL: nothing suppressed) takes away from m's value over the run
 * (first > last) or over the bands first..last: for a suppressible metric
 * what the suppressed sites hold of it there, else 0.  At most the value
 * hb_metric_run or hb_metric_bands gives. */
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
