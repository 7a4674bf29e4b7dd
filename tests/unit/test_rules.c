/* test_rules.c -- unit tests of the --check rules (heapband_print/model/rules.h)
 * and of the metric table they read (heapband_print/model/metrics.h).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 *   test_rules
 *
 * Parses a table of rules, good and bad, checking what each parses to or
 * its exact message and column; then evaluates rules on two tiny files
 * built in memory (OLD and NEW, figures worked out by hand below) with
 * exact verdicts and messages.  Prints one line per failed check and exits
 * 1 if any failed.  Run as unit/test_rules.
 */
#include "metrics.h"
#include "rules.h"
#include "unit_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* ---------------------------------------------------------------------- */
/* Parsing                                                                 */
/* ---------------------------------------------------------------------- */

/* A rule that parses, and what it parses to: a relative value's sign,
 * the absolute limit or the delta, the percentage in millionths. */
struct good_rule {
    const char *text;
    enum hb_metric metric;
    enum hb_rule_subject subject;
    uint64_t band_lo, band_hi;
    enum hb_rule_op op;
    enum hb_rule_value_kind value_kind;
    int negative;
    uint64_t amount, millionths;
    const char *pattern;
};

static const struct good_rule good_rules[] = {
    { "peak <= 2M", HB_METRIC_PEAK, HB_SUBJECT_RUN, 0, 0, HB_OP_LE,
      HB_VALUE_ABSOLUTE, 0, 2097152, 0, NULL },
    { "allocs < 5k", HB_METRIC_ALLOCS, HB_SUBJECT_RUN, 0, 0, HB_OP_LT,
      HB_VALUE_ABSOLUTE, 0, 5000, 0, NULL },
    { "end-time >= 1.5M", HB_METRIC_END_TIME, HB_SUBJECT_RUN, 0, 0,
      HB_OP_GE, HB_VALUE_ABSOLUTE, 0, 1500000, 0, NULL },
    { "  leaked-blocks\t!=  0 ", HB_METRIC_LEAKED_BLOCKS, HB_SUBJECT_RUN,
      0, 0, HB_OP_NE, HB_VALUE_ABSOLUTE, 0, 0, 0, NULL },
    { "alloc-bytes <= +10%", HB_METRIC_ALLOC_BYTES, HB_SUBJECT_RUN, 0, 0,
      HB_OP_LE, HB_VALUE_PERCENT, 0, 0, 10000000, NULL },
    { "frees >= -2.5%", HB_METRIC_FREES, HB_SUBJECT_RUN, 0, 0, HB_OP_GE,
      HB_VALUE_PERCENT, 1, 0, 2500000, NULL },
    { "frees >= -0.000001%", HB_METRIC_FREES, HB_SUBJECT_RUN, 0, 0,
      HB_OP_GE, HB_VALUE_PERCENT, 1, 0, 1, NULL },
    { "frees >= +1000000000%", HB_METRIC_FREES, HB_SUBJECT_RUN, 0, 0,
      HB_OP_GE, HB_VALUE_PERCENT, 0, 0, 1000000000000000ULL, NULL },
    { "free-bytes == -1K", HB_METRIC_FREE_BYTES, HB_SUBJECT_RUN, 0, 0,
      HB_OP_EQ, HB_VALUE_DELTA, 1, 1024, 0, NULL },
    { "unknown-frees > +3", HB_METRIC_UNKNOWN_FREES, HB_SUBJECT_RUN, 0, 0,
      HB_OP_GT, HB_VALUE_DELTA, 0, 3, 0, NULL },
    { "allocs == 9007199254740993", HB_METRIC_ALLOCS, HB_SUBJECT_RUN, 0, 0,
      HB_OP_EQ, HB_VALUE_ABSOLUTE, 0, 9007199254740993ULL, 0, NULL },
    { "allocs <= +18446744073709551615", HB_METRIC_ALLOCS, HB_SUBJECT_RUN,
      0, 0, HB_OP_LE, HB_VALUE_DELTA, 0, UINT64_MAX, 0, NULL },
    { "band 4K-8K peak <= 1M", HB_METRIC_PEAK, HB_SUBJECT_BAND_RANGE,
      4096, 8191, HB_OP_LE, HB_VALUE_ABSOLUTE, 0, 1048576, 0, NULL },
    { "band 24 leaked == 0", HB_METRIC_LEAKED, HB_SUBJECT_BAND_OF_SIZE,
      24, 24, HB_OP_EQ, HB_VALUE_ABSOLUTE, 0, 0, 0, NULL },
    { "band 0-1 allocs == 0", HB_METRIC_ALLOCS, HB_SUBJECT_BAND_RANGE, 0, 0,
      HB_OP_EQ, HB_VALUE_ABSOLUTE, 0, 0, 0, NULL },
    { "site 'png_malloc' peak <= +5%", HB_METRIC_PEAK, HB_SUBJECT_SITES,
      0, 0, HB_OP_LE, HB_VALUE_PERCENT, 0, 0, 5000000, "png_malloc" },
    { "site \"operator new(unsigned long)\" allocs < 3", HB_METRIC_ALLOCS,
      HB_SUBJECT_SITES, 0, 0, HB_OP_LT, HB_VALUE_ABSOLUTE, 0, 3, 0,
      "operator new(unsigned long)" },
    { "site  ^grow$   leaked-blocks == 0", HB_METRIC_LEAKED_BLOCKS,
      HB_SUBJECT_SITES, 0, 0, HB_OP_EQ, HB_VALUE_ABSOLUTE, 0, 0, 0,
      "^grow$" },
};

/* A rule that does not parse: the column and the problem. */
#define PCT " (digits, at most 6 decimals, at most 1000000000)"
struct bad_rule {
    const char *text;
    size_t column;
    const char *problem;
};

static const struct bad_rule bad_rules[] = {
    { "", 1, "empty rule" },
    { "   ", 1, "empty rule" },
    { "band", 5, "expected a size range after 'band'" },
    { "band 4K", 8, "expected a metric" },
    { "peak", 5, "expected an operator" },
    { "peak <=", 8, "expected a value" },
    { "peek <= 3", 1, "unknown metric (expected allocs, alloc-bytes, frees, "
      "free-bytes, peak[-blocks], peak-time, live-at-exit[-blocks], "
      "leaked[-blocks], definitely-lost[-blocks], indirectly-lost[-blocks], "
      "possibly-lost[-blocks], reachable[-blocks], unknown-frees, "
      "end-time, footprint, footprint-exit, slop, fragmentation, "
      "other-anon, fragmentation-peak or exit-status)" },
    { "peak<=3", 1, "put spaces between the metric, the operator and the "
      "value" },
    { "peak => 3", 6, "expected one of <= < >= > == !=" },
    { "peak <= 3X", 9, "'3X' is not a size (e.g. 4096, 4K, 1.5M)" },
    { "allocs <= 3K", 11, "'3K' is not a number (e.g. 5000, 5k, 1.5M)" },
    { "peak <= 3%", 9, "a percentage is a change from the old file and needs "
      "a sign: +3% or -3%" },
    { "peak <= +x%", 10, "'+x%' is not a percentage" PCT },
    { "peak <= ++3%", 10, "'++3%' is not a percentage" PCT },
    { "peak <= -1e308%", 10, "'-1e308%' is not a percentage" PCT },
    { "peak <= +inf%", 10, "'+inf%' is not a percentage" PCT },
    { "peak <= +0x10%", 10, "'+0x10%' is not a percentage" PCT },
    { "peak <= +1.%", 10, "'+1.%' is not a percentage" PCT },
    { "peak <= +.5%", 10, "'+.5%' is not a percentage" PCT },
    { "peak <= +1.0000001%", 10, "'+1.0000001%' is not a percentage" PCT },
    { "peak <= +1000000000.5%", 10, "'+1000000000.5%' is not a percentage"
      PCT },
    { "peak <= +10000000000%", 10, "'+10000000000%' is not a percentage"
      PCT },
    { "allocs <= 18446744073709551616", 11, "'18446744073709551616' is not "
      "a number (e.g. 5000, 5k, 1.5M)" },
    { "site", 5, "expected a site pattern after 'site'" },
    { "site 'png", 6, "the pattern's quote ' is not closed" },
    { "site '' peak <= 1", 6, "empty pattern" },
    { "site f frees <= 1", 8, "'frees' is not a per-site metric (expected "
      "allocs, alloc-bytes, peak[-blocks], live-at-exit[-blocks], "
      "leaked[-blocks], definitely-lost[-blocks], indirectly-lost[-blocks], "
      "possibly-lost[-blocks] or reachable[-blocks])" },
    { "site 'a b' end-time <= 1", 12, "'end-time' is not a per-site metric "
      "(expected allocs, alloc-bytes, peak[-blocks], live-at-exit[-blocks], "
      "leaked[-blocks], definitely-lost[-blocks], indirectly-lost[-blocks], "
      "possibly-lost[-blocks] or reachable[-blocks])" },
    { "definitely-lost-blocks <= 1 x", 29, "unexpected text after the "
      "value" },
    { "site 'a b'", 11, "expected a metric" },
    { "site 'a b' peak <= 1 x", 22, "unexpected text after the value" },
    { "peak <= -3X", 10, "'3X' is not a size" },
    { "frees <= +3K", 11, "'3K' is not a number" },
    { "peak <= 1K extra", 12, "unexpected text after the value" },
    { "band x peak <= 1", 6, "'x' is not a size or a size range" },
    { "band x-8K peak <= 1", 6, "'x' is not a size" },
    { "band 4K-x peak <= 1", 9, "'x' is not a size" },
    { "band 8K-4K peak <= 1", 6, "empty size range 8K-4K" },
    { "band 4K-4K peak <= 1", 6, "empty size range 4K-4K" },
    { "band 4K peak-time <= 1", 9, "'peak-time' is not a per-band metric" },
    { "band 4K end-time <= 1", 9, "'end-time' is not a per-band metric" },
    { "alloc-bytes <= 17E", 16, "'17E' is not a size (e.g. 4096, 4K, 1.5M)" },
};

static void test_good_rules(void)
{
    for (size_t i = 0; i < sizeof good_rules / sizeof good_rules[0]; i++) {
        const struct good_rule *g = &good_rules[i];
        struct hb_rule r;
        struct hb_error err = { HB_ERR_NONE, 0, "" };
        int rc = hb_rule_parse(g->text, &r, &err);
        check(rc == 0, "'%s' does not parse: %s", g->text, err.msg);
        if (rc != 0)
            continue;
        check(strcmp(r.text, g->text) == 0, "'%s': text '%s'", g->text,
              r.text);
        check(r.metric == g->metric, "'%s': metric %d, expected %d",
              g->text, (int)r.metric, (int)g->metric);
        check(r.subject == g->subject, "'%s': subject %d, expected %d",
              g->text, (int)r.subject, (int)g->subject);
        check(r.subject == HB_SUBJECT_RUN
              || (r.band_lo == g->band_lo && r.band_hi == g->band_hi),
              "'%s': sizes %llu..%llu, expected %llu..%llu", g->text,
              (unsigned long long)r.band_lo, (unsigned long long)r.band_hi,
              (unsigned long long)g->band_lo, (unsigned long long)g->band_hi);
        check(r.op == g->op, "'%s': operator %d, expected %d", g->text,
              (int)r.op, (int)g->op);
        check(r.value_kind == g->value_kind && r.negative == g->negative
              && r.amount == g->amount
              && r.percent_millionths == g->millionths,
              "'%s': value %d %d %llu %llu, expected %d %d %llu %llu",
              g->text, (int)r.value_kind, r.negative,
              (unsigned long long)r.amount,
              (unsigned long long)r.percent_millionths, (int)g->value_kind,
              g->negative, (unsigned long long)g->amount,
              (unsigned long long)g->millionths);
        check(g->pattern == NULL || strcmp(r.pattern, g->pattern) == 0,
              "'%s': pattern '%s'", g->text, r.pattern);
        check(hb_rule_is_relative(&r) == (g->value_kind != HB_VALUE_ABSOLUTE),
              "'%s': relative is %d", g->text, hb_rule_is_relative(&r));
    }
}

static void test_bad_rules(void)
{
    for (size_t i = 0; i < sizeof bad_rules / sizeof bad_rules[0]; i++) {
        const struct bad_rule *b = &bad_rules[i];
        struct hb_rule r;
        struct hb_error err = { HB_ERR_NONE, 0, "" };
        char want[sizeof err.msg];
        snprintf(want, sizeof want, "column %zu: %s", b->column, b->problem);
        int rc = hb_rule_parse(b->text, &r, &err);
        check(rc == -1 && err.kind == HB_ERR_USAGE,
              "'%s': returns %d, error kind %d", b->text, rc, (int)err.kind);
        check(strcmp(err.msg, want) == 0, "'%s':\n  got      '%s'\n  "
              "expected '%s'", b->text, err.msg, want);
    }
}

/* ---------------------------------------------------------------------- */
/* Two tiny files                                                          */
/* ---------------------------------------------------------------------- */

/* Five bands: 0, 1-16, 17-32, 33-64, 65-128 (labels "0", "1-17",
 * "17-33", "33-65", "65-129"); three stored columns.
 *
 * NEW, band by band over the run:
 *   band 1 (1-16):   allocs 3, alloc-bytes 36, frees 2, free-bytes 20,
 *                    peak 28, leaked 16 in 2 blocks
 *   band 2 (17-32):  allocs 3, alloc-bytes 90, frees 2, free-bytes 60,
 *                    peak 90, leaked 30 in 1 block
 *   band 3 (33-64):  allocs 1, alloc-bytes 40, frees 1, free-bytes 40,
 *                    peak 40
 * Bands 1-3 together: the largest column sum of LIVE_MAX is column 1's,
 * 28 + 90 = 118.  OLD is NEW without one allocation of 30 bytes in band 2
 * (column 1), and with run figures of its own. */
static const struct hb_band bands[] = {
    { 0, 0 }, { 1, 16 }, { 17, 32 }, { 33, 64 }, { 65, 128 },
};

/*  c  b  allocs bytes frees bytes live_end live_max */
static const struct hb_cellrec new_cells[] = {
    { 0, 1, 2, 20, 1, 8, 12, 20, 0 },
    { 0, 3, 1, 40, 0, 0, 40, 40, 0 },
    { 1, 1, 1, 16, 1, 12, 16, 28, 0 },
    { 1, 2, 3, 90, 2, 60, 30, 90, 0 },
    { 2, 3, 0, 0, 1, 40, 0, 40, 0 },
};
enum { NCELLS = sizeof new_cells / sizeof new_cells[0] };
/* NEW's cells but for band 2 in column 1, which has one allocation less. */
static struct hb_cellrec old_cells[NCELLS];
static const struct hb_cellrec old_band2 = { 1, 2, 2, 60, 2, 60, 0, 60, 0 };
static const struct hb_leakrec new_leaks[] = { { 1, 2, 16 }, { 2, 1, 30 } };
static const struct hb_leakrec old_leaks[] = { { 1, 2, 16 } };

static void make_file(struct hb_file *f, int is_new)
{
    memcpy(old_cells, new_cells, sizeof old_cells);
    old_cells[3] = old_band2;
    memset(f, 0, sizeof *f);
    f->version = 2;
    f->unit = HB_UNIT_B;
    f->nbands = sizeof bands / sizeof bands[0];
    f->bands = (struct hb_band *)bands;
    f->col_width = 10;
    f->ncols = 3;
    f->end_time = is_new ? 30 : 25;
    f->cells = (struct hb_cellrec *)(is_new ? new_cells : old_cells);
    f->ncells = NCELLS;
    f->leaks = (struct hb_leakrec *)(is_new ? new_leaks : old_leaks);
    f->nleaks = is_new ? 2 : 1;
    f->total_allocs = is_new ? 7 : 6;
    f->total_alloc_bytes = is_new ? 166 : 136;
    f->total_frees = 5;
    f->total_free_bytes = 120;
    f->peak_bytes = is_new ? 150 : 4500;
    f->peak_blocks = is_new ? 5 : 4;
    f->peak_t_reached = is_new ? 14 : 12;
    f->peak_t_left = f->peak_t_reached;
    f->exit_bytes = is_new ? 46 : 16;
    f->exit_blocks = is_new ? 3 : 2;
    f->unknown_frees = is_new ? 2 : 0;
}

/* The metric table agrees with itself on NEW: a band value read alone is
 * the one of the all-bands table, and the bands' sums are the run's. */
/* hb_metric_bands' value (0, and a failed check, out of memory). */
static hb_u128 bands_value(const struct hb_file *f, enum hb_metric m,
                           uint64_t first, uint64_t last)
{
    hb_u128 value = 0;
    check(hb_metric_bands(f, m, first, last, &value) == 0,
          "hb_metric_bands: out of memory");
    return value;
}

static void test_metrics(const struct hb_file *f)
{
    static const uint64_t band2[HB_NMETRICS] = {
        [HB_METRIC_ALLOCS] = 3, [HB_METRIC_ALLOC_BYTES] = 90,
        [HB_METRIC_FREES] = 2, [HB_METRIC_FREE_BYTES] = 60,
        [HB_METRIC_PEAK] = 90, [HB_METRIC_LEAKED] = 30,
        [HB_METRIC_LEAKED_BLOCKS] = 1, [HB_METRIC_LIVE_AT_EXIT] = 30,
        [HB_METRIC_LIVE_AT_EXIT_BLOCKS] = 1,
    };
    uint64_t *all = hb_metric_all_bands(f);
    check(all != NULL, "hb_metric_all_bands: NULL");
    if (all == NULL)
        return;
    for (int m = 0; m < HB_NMETRICS; m++) {
        const char *name = hb_metrics[m].name;
        hb_u128 sum = 0;
        check(hb_metric_find(name, strlen(name)) == m, "find '%s'", name);
        check(all[2 * HB_NMETRICS + m] == band2[m], "band 2 %s: %llu, "
              "expected %llu", name,
              (unsigned long long)all[2 * HB_NMETRICS + m],
              (unsigned long long)band2[m]);
        for (uint64_t b = 0; b < f->nbands; b++) {
            hb_u128 alone = bands_value(f, (enum hb_metric)m, b, b);
            check(alone == all[b * HB_NMETRICS + m], "band %llu %s: alone "
                  "%llu, in the table %llu", (unsigned long long)b, name,
                  (unsigned long long)alone,
                  (unsigned long long)all[b * HB_NMETRICS + m]);
            sum += alone;
        }
        if (hb_metrics[m].band == HB_BAND_CELL_SUM
            || hb_metrics[m].band == HB_BAND_LEAK)
            check(sum == hb_metric_run(f, (enum hb_metric)m), "%s: the "
                  "bands sum to %llu, the run has %llu", name,
                  (unsigned long long)sum, (unsigned long long)
                  hb_metric_run(f, (enum hb_metric)m));
    }
    /* What is live at exit, with the leak kinds and without. */
    const struct hb_lost lost = { { 10, 20, 30 }, { 1, 2, 3 } };
    static const struct { enum hb_metric m; uint64_t kinds, none; } exits[] = {
        { HB_METRIC_LIVE_AT_EXIT, 100, 100 },
        { HB_METRIC_LIVE_AT_EXIT_BLOCKS, 10, 10 },
        { HB_METRIC_LEAKED, 30, 100 }, { HB_METRIC_LEAKED_BLOCKS, 3, 10 },
        { HB_METRIC_DEFINITELY, 10, 0 }, { HB_METRIC_DEFINITELY_BLOCKS, 1, 0 },
        { HB_METRIC_INDIRECTLY, 20, 0 }, { HB_METRIC_INDIRECTLY_BLOCKS, 2, 0 },
        { HB_METRIC_POSSIBLY, 30, 0 }, { HB_METRIC_POSSIBLY_BLOCKS, 3, 0 },
        { HB_METRIC_REACHABLE, 40, 0 }, { HB_METRIC_REACHABLE_BLOCKS, 4, 0 },
    };
    for (size_t i = 0; i < sizeof exits / sizeof exits[0]; i++) {
        uint64_t k = hb_metric_exit_value(exits[i].m, 100, 10, &lost, 1);
        uint64_t n = hb_metric_exit_value(exits[i].m, 100, 10, &lost, 0);
        check(k == exits[i].kinds && n == exits[i].none, "exit value of %s: "
              "%llu and %llu, expected %llu and %llu",
              hb_metrics[exits[i].m].name, (unsigned long long)k,
              (unsigned long long)n, (unsigned long long)exits[i].kinds,
              (unsigned long long)exits[i].none);
    }
    check(!hb_metric_readable(f, HB_METRIC_REACHABLE)
          && hb_metric_readable(f, HB_METRIC_LEAKED),
          "a file without kinds reads leaked, not reachable");
    check(hb_metric_find("peak", 3) == -1, "find 'pea'");
    check(bands_value(f, HB_METRIC_PEAK, 1, 3) == 118, "peak of bands 1-3");
    check(bands_value(f, HB_METRIC_PEAK, 2, 3) == 90, "peak of bands 2-3");
    free(all);
}

/* ---------------------------------------------------------------------- */
/* Evaluation                                                              */
/* ---------------------------------------------------------------------- */

enum { HOLDS = 1, BROKEN = 0, CANNOT = -1 };

/* A rule evaluated on NEW (with OLD when with_old): the verdict, and the
 * message of a broken rule or the error (NULL: not checked). */
struct evaluation {
    const char *text;
    int with_old;
    int verdict;
    const char *message;
};

static const struct evaluation evaluations[] = {
    { "allocs == 7", 0, HOLDS, NULL },
    { "alloc-bytes == 166", 0, HOLDS, NULL },
    { "frees == 5", 0, HOLDS, NULL },
    { "free-bytes == 120", 0, HOLDS, NULL },
    { "peak == 150", 0, HOLDS, NULL },
    { "peak-blocks == 5", 0, HOLDS, NULL },
    { "peak-time == 14", 0, HOLDS, NULL },
    { "leaked == 46", 0, HOLDS, NULL },
    { "leaked-blocks == 3", 0, HOLDS, NULL },
    { "unknown-frees == 2", 0, HOLDS, NULL },
    { "end-time == 30", 0, HOLDS, NULL },
    { "peak < 150", 0, BROKEN, "rule 'peak < 150' broken: peak is 150, "
      "limit < 150" },
    { "peak > 150", 0, BROKEN, NULL },
    { "peak >= 150", 0, HOLDS, NULL },
    { "peak != 150", 0, BROKEN, NULL },
    { "band 20 allocs == 3", 0, HOLDS, NULL },
    { "band 17-33 alloc-bytes == 90", 0, HOLDS, NULL },
    { "band 1-17 frees == 2", 0, HOLDS, NULL },
    { "band 1-65 free-bytes == 120", 0, HOLDS, NULL },
    { "band 16 peak == 28", 0, HOLDS, NULL },
    { "band 1-65 peak == 118", 0, HOLDS, NULL },
    { "band 17-65 peak == 90", 0, HOLDS, NULL },
    { "band 1-33 leaked == 46", 0, HOLDS, NULL },
    { "band 0 leaked-blocks == 0", 0, HOLDS, NULL },
    { "band 1-33 leaked-blocks == 3", 0, HOLDS, NULL },
    { "band 65-129 allocs == 0", 0, HOLDS, NULL },
    { "band 1-65 peak < 100", 0, BROKEN, "rule 'band 1-65 peak < 100' "
      "broken: band 1-65 peak is 118, limit < 100" },
    { "band 30 leaked-blocks != 1", 0, BROKEN, "rule 'band 30 "
      "leaked-blocks != 1' broken: band 30 leaked-blocks is 1, limit != 1" },
    { "band 18-65 peak <= 1", 0, CANNOT, "column 6: the size range does not "
      "fall on the file's band boundaries (18 is inside band 17-33)" },
    { "band 17-64 peak <= 1", 0, CANNOT, "column 6: the size range does not "
      "fall on the file's band boundaries (64 is inside band 33-65)" },
    { "peak <= +10%", 0, CANNOT, "column 9: a relative limit needs an old "
      "file (--diff OLD NEW)" },
    { "alloc-bytes <= +10%", 1, BROKEN, "rule 'alloc-bytes <= +10%' broken: "
      "alloc-bytes is 166, was 136 (+30, +22.06%), limit <= 149.60" },
    { "alloc-bytes <= +30", 1, HOLDS, NULL },
    { "alloc-bytes < +30", 1, BROKEN, NULL },
    { "peak <= -96%", 1, HOLDS, NULL },
    { "peak >= -50%", 1, BROKEN, "rule 'peak >= -50%' broken: peak is 150, "
      "was 4500 (4.39K) (-4350, -96.67%), limit >= 2250 (2.2K)" },
    { "unknown-frees <= +0%", 1, BROKEN, "rule 'unknown-frees <= +0%' "
      "broken: unknown-frees is 2, was 0 (+2), limit <= 0" },
    { "band 20 alloc-bytes == +50%", 1, HOLDS, NULL },
    { "band 17-33 peak >= +1", 1, HOLDS, NULL },
    { "band 17-33 leaked <= +0", 1, BROKEN, "rule 'band 17-33 leaked <= +0' "
      "broken: band 17-33 leaked is 30, was 0 (+30), limit <= 0" },
    { "frees == +0%", 1, HOLDS, NULL },
    { "frees != -0", 1, BROKEN, "rule 'frees != -0' broken: frees is 5, "
      "was 5 (no change), limit != 5" },
};

static void run_evaluations(const struct evaluation *table, size_t n,
                            const struct hb_rule_input *old_in,
                            const struct hb_rule_input *new_in)
{
    for (size_t i = 0; i < n; i++) {
        const struct evaluation *e = &table[i];
        struct hb_rule r;
        struct hb_error err = { HB_ERR_NONE, 0, "" };
        char verdict[512] = "";
        if (hb_rule_parse(e->text, &r, &err) < 0) {
            check(0, "'%s' does not parse: %s", e->text, err.msg);
            continue;
        }
        int got = hb_rule_eval(&r, new_in, e->with_old ? old_in : NULL,
                               verdict, sizeof verdict, &err);
        const char *message = got == CANNOT ? err.msg : verdict;
        check(got == e->verdict, "'%s'%s: verdict %d, expected %d (%s)",
              e->text, e->with_old ? " with OLD" : "", got, e->verdict,
              message);
        check(got != CANNOT || err.kind == HB_ERR_USAGE,
              "'%s': error kind %d", e->text, (int)err.kind);
        check(e->message == NULL || strcmp(message, e->message) == 0,
              "'%s':\n  got      '%s'\n  expected '%s'", e->text, message,
              e->message ? e->message : "");
    }
}

/* ---------------------------------------------------------------------- */
/* Exact arithmetic                                                        */
/* ---------------------------------------------------------------------- */

/* NEW has 2^53 + 1 allocations, OLD 2^53: a double cannot tell them
 * apart.  Bytes allocated: NEW 2^64 - 1, OLD 2^64 - 2. */
static const struct evaluation exact_evaluations[] = {
    { "allocs == 9007199254740993", 0, HOLDS, NULL },
    { "allocs == 9007199254740992", 0, BROKEN, "rule 'allocs == "
      "9007199254740992' broken: allocs is 9007199254740993 (9.01P), limit "
      "== 9007199254740992 (9.01P)" },
    { "allocs > 9007199254740992", 0, HOLDS, NULL },
    { "allocs == +1", 1, HOLDS, NULL },
    { "allocs <= +0", 1, BROKEN, NULL },
    { "allocs <= +0%", 1, BROKEN, "rule 'allocs <= +0%' broken: allocs is "
      "9007199254740993 (9.01P), was 9007199254740992 (9.01P) (+1, +0.00%), "
      "limit <= 9007199254740992 (9.01P)" },
    { "allocs <= +0.000001%", 1, HOLDS, NULL },
    { "allocs < -0.000001%", 1, BROKEN, "rule 'allocs < -0.000001%' broken: "
      "allocs is 9007199254740993 (9.01P), was 9007199254740992 (9.01P) "
      "(+1, +0.00%), limit < 9007199164668999.45 (9.01P)" },
    { "alloc-bytes == 18446744073709551615", 0, HOLDS, NULL },
    { "alloc-bytes == 18446744073709551614", 0, BROKEN, NULL },
    { "alloc-bytes == +1", 1, HOLDS, NULL },
    { "alloc-bytes <= -100%", 1, BROKEN, "rule 'alloc-bytes <= -100%' "
      "broken: alloc-bytes is 18446744073709551615 (16E), was "
      "18446744073709551614 (16E) (+1, +0.00%), limit <= 0" },
    { "alloc-bytes > +1000000000%", 1, BROKEN, "rule 'alloc-bytes > "
      "+1000000000%' broken: alloc-bytes is 18446744073709551615 (16E), was "
      "18446744073709551614 (16E) (+1, +0.00%), limit > "
      "184467459183839589849551614 (160000016E)" },
    { "alloc-bytes < -1000000000%", 1, BROKEN, NULL },
};

static void test_exact(void)
{
    struct hb_file old_file, new_file;
    make_file(&old_file, 0);
    make_file(&new_file, 1);
    new_file.total_allocs = 9007199254740993ULL;
    old_file.total_allocs = 9007199254740992ULL;
    new_file.total_alloc_bytes = UINT64_MAX;
    old_file.total_alloc_bytes = UINT64_MAX - 1;
    struct hb_rule_input old_in = { &old_file, NULL };
    struct hb_rule_input new_in = { &new_file, NULL };
    run_evaluations(exact_evaluations, sizeof exact_evaluations
                    / sizeof exact_evaluations[0], &old_in, &new_in);
}

/* ---------------------------------------------------------------------- */
/* Suppressions                                                            */
/* ---------------------------------------------------------------------- */

/* NEW with its band-2 leak (30 bytes, 1 block) suppressed, OLD with 6
 * of band 1's 16 bytes (1 of 2 blocks): the leaked figures leave them
 * out, the others do not change. */
static const struct evaluation suppressed_evaluations[] = {
    { "leaked == 16", 0, HOLDS, NULL },
    { "leaked-blocks == 2", 0, HOLDS, NULL },
    { "band 17-33 leaked == 0", 0, HOLDS, NULL },
    { "band 1-33 leaked == 16", 0, HOLDS, NULL },
    { "band 1-33 leaked-blocks == 2", 0, HOLDS, NULL },
    { "alloc-bytes == 166", 0, HOLDS, NULL },
    { "band 17-33 alloc-bytes == 90", 0, HOLDS, NULL },
    { "leaked <= +0", 1, BROKEN, "rule 'leaked <= +0' broken: leaked is 16, "
      "was 10 (+6, +60.00%), limit <= 10" },
    { "band 1-17 leaked-blocks == +1", 1, HOLDS, NULL },
};

static void test_suppressed(const struct hb_file *old_file,
                            const struct hb_file *new_file)
{
    uint64_t new_bytes[5] = { 0, 0, 30, 0, 0 }, new_blocks[5] = { 0, 0, 1 };
    uint64_t old_bytes[5] = { 0, 6 }, old_blocks[5] = { 0, 1 };
    struct hb_lost no_lost[5] = { { { 0 }, { 0 } } };
    struct hb_suppressed_exit new_s = {
        .bytes = 30, .blocks = 1, .band_bytes = new_bytes,
        .band_blocks = new_blocks, .band_lost = no_lost
    };
    struct hb_suppressed_exit old_s = {
        .bytes = 6, .blocks = 1, .band_bytes = old_bytes,
        .band_blocks = old_blocks, .band_lost = no_lost
    };
    struct hb_rule_input old_in = { old_file, &old_s };
    struct hb_rule_input new_in = { new_file, &new_s };
    check(hb_metric_suppressed(NULL, HB_METRIC_LEAKED, 1, 0) == 0,
          "nothing suppressed");
    check(hb_metric_suppressed(&new_s, HB_METRIC_ALLOC_BYTES, 1, 0) == 0,
          "suppressions leave alloc-bytes alone");
    run_evaluations(suppressed_evaluations, sizeof suppressed_evaluations
                    / sizeof suppressed_evaluations[0], &old_in, &new_in);
}

int main(void)
{
    struct hb_file old_file, new_file;
    make_file(&old_file, 0);
    make_file(&new_file, 1);
    test_good_rules();
    test_bad_rules();
    test_metrics(&new_file);
    struct hb_rule_input old_in = { &old_file, NULL };
    struct hb_rule_input new_in = { &new_file, NULL };
    run_evaluations(evaluations, sizeof evaluations / sizeof evaluations[0],
                    &old_in, &new_in);
    test_exact();
    test_suppressed(&old_file, &new_file);
    return check_summary();
}
