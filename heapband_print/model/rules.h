/* rules.h -- "--check" rules: limits on a heap-band file, absolute or
 * relative to an older file, for CI.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 *   RULE    := SUBJECT OP VALUE
 *   SUBJECT := METRIC | "band" RANGE METRIC | "site" PATTERN METRIC
 *   RANGE   := SIZE | SIZE "-" SIZE       (a size, or sizes LO <= s < HI)
 *   PATTERN := 'TEXT' | "TEXT" | TEXT     (TEXT without spaces unquoted)
 *   OP      := "<=" | "<" | ">=" | ">" | "==" | "!="
 *   VALUE   := NUMBER                     an absolute limit
 *            | ("+"|"-") PERCENT "%"      OLD's value changed by a percentage
 *            | ("+"|"-") NUMBER           OLD's value plus or minus a number
 *
 * Tokens are separated by spaces.  Byte metrics take sizes (4096, 4K,
 * 1.5M: binary units), the others counts or times (5000, 5k, 2M: decimal
 * units); every value is an exact integer below 2^64.  A PERCENT has
 * digits, at most 6 decimals, and is at most 1000000000.  The metrics are
 * those of metrics.h, by the names there.  Limits are exact: a value is
 * compared with OLD's value times (100 + PERCENT) / 100 (or plus NUMBER)
 * in integer arithmetic, whatever its size.
 *
 * A band range must fall on the file's band boundaries ("4K-8K" is the
 * quarter bands 4K-5K to 7K-8K); a single size names the band holding it.
 * Per-band metrics: allocs, alloc-bytes, frees, free-bytes (sums over the
 * run), peak (the largest LIVE_MAX of one band's cells; for a range, the
 * largest sum over a column of its bands' LIVE_MAX, an upper bound of its
 * true peak), leaked, leaked-blocks (the leak lines).
 *
 * A site subject is every site listed in the file (version 3) with a
 * frame whose function the pattern matches (stack_match.h's LeakSanitizer
 * matching: a substring, '*' any run, '^' and '$' anchors), each site
 * counted once: the metric is the sum over those sites.  Per-site metrics
 * (metrics.h): allocs, alloc-bytes, peak and peak-blocks (live at the
 * run's peak), leaked and leaked-blocks (live at exit).  A file that
 * matches no site counts 0; a pattern that matches no site in any file
 * the rule reads, or a file without version-3 site tables, is an error.
 *
 * A rule that cannot be parsed or evaluated is an HB_ERR_USAGE error whose
 * message starts with the 1-based column of the problem in the rule
 * ("column 6: unknown metric (...)"); the front end prints it after
 * "rule 'TEXT': ".
 */
#ifndef HEAPBAND_PRINT_RULES_H
#define HEAPBAND_PRINT_RULES_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "hbfile.h"
#include "metrics.h"

enum hb_rule_op { HB_OP_LE, HB_OP_LT, HB_OP_GE, HB_OP_GT, HB_OP_EQ, HB_OP_NE };
enum hb_rule_value_kind { HB_VALUE_ABSOLUTE, HB_VALUE_PERCENT, HB_VALUE_DELTA };

/* What the metric is taken over. */
enum hb_rule_subject {
    HB_SUBJECT_RUN,            /* "peak" */
    HB_SUBJECT_BAND_OF_SIZE,   /* "band 24 peak": the band holding a size */
    HB_SUBJECT_BAND_RANGE,     /* "band 4K-8K peak": whole bands */
    HB_SUBJECT_SITES           /* "site 'png_*' peak": the sites matched */
};

/* The longest site pattern. */
#define HB_RULE_PATTERN_MAX 200

struct hb_rule {
    char text[256];            /* the rule as given, for messages */
    enum hb_metric metric;
    enum hb_rule_subject subject;
    uint64_t band_lo, band_hi; /* sizes: band_lo <= s <= band_hi */
    char pattern[HB_RULE_PATTERN_MAX + 1];   /* HB_SUBJECT_SITES */
    enum hb_rule_op op;
    enum hb_rule_value_kind value_kind;
    int negative;              /* a relative value's sign is '-' */
    uint64_t amount;           /* the limit (absolute) or the number added
                                  or taken away (delta) */
    uint64_t percent_millionths;   /* the percentage, in millionths of a
                                      percent */
    size_t subject_column;     /* 1-based position of the range or the
                                  pattern */
    size_t value_column;       /* 1-based position of the value */
    size_t metric_column;      /* 1-based position of the metric */
};

/* Parse one rule.  Returns 0, or -1 with the column and the problem in
 * err (HB_ERR_USAGE). */
int hb_rule_parse(const char *text, struct hb_rule *rule,
                  struct hb_error *err);

/* Does the rule need an OLD file (a relative limit)? */
int hb_rule_is_relative(const struct hb_rule *rule);

/* A file a rule reads, with what its suppressed sites hold at exit (NULL
 * without --suppressions): `leaked` and `leaked-blocks` of the run and of
 * bands leave that out; site rules do not. */
struct hb_rule_input {
    const struct hb_file *file;
    const struct hb_suppressed_exit *suppressed;
};

/* Evaluate on NEW (and OLD, NULL when there is none).  Returns 1 when the
 * rule holds, 0 when it is broken, with the figures in verdict ("rule
 * 'TEXT' holds: ..." or "rule 'TEXT' broken: ..."),
 * -1 when it cannot be evaluated (err, HB_ERR_USAGE: "column N: ..."): a
 * relative rule without OLD, a band range that does not fall on the
 * file's band boundaries, a site rule on a file without version-3 site
 * tables or whose pattern matches no site (HB_ERR_NOMEM: out of memory). */
int hb_rule_eval(const struct hb_rule *rule,
                 const struct hb_rule_input *new_in,
                 const struct hb_rule_input *old_in, char *verdict,
                 size_t verdict_len, struct hb_error *err);

#endif
