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
 *   SUBJECT := METRIC | "band" RANGE METRIC
 *   RANGE   := SIZE | SIZE "-" SIZE       (a size, or sizes LO <= s < HI)
 *   OP      := "<=" | "<" | ">=" | ">" | "==" | "!="
 *   VALUE   := NUMBER                     an absolute limit
 *            | ("+"|"-") NUMBER "%"       OLD's value changed by a percentage
 *            | ("+"|"-") NUMBER           OLD's value plus or minus a number
 *
 * Tokens are separated by spaces.  Byte metrics take sizes (4096, 4K,
 * 1.5M: binary units), the others counts or times (5000, 5k, 2M: decimal
 * units).  The metrics are those of metrics.h, by the names there.
 *
 * A band range must fall on the file's band boundaries ("4K-8K" is the
 * quarter bands 4K-5K to 7K-8K); a single size names the band holding it.
 * Per-band metrics: allocs, alloc-bytes, frees, free-bytes (sums over the
 * run), peak (the largest LIVE_MAX of one band's cells; for a range, the
 * largest sum over a column of its bands' LIVE_MAX, an upper bound of its
 * true peak), leaked, leaked-blocks (the leak lines).
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
    HB_SUBJECT_BAND_RANGE      /* "band 4K-8K peak": whole bands */
};

struct hb_rule {
    char text[256];            /* the rule as given, for messages */
    enum hb_metric metric;
    enum hb_rule_subject subject;
    uint64_t band_lo, band_hi; /* sizes: band_lo <= s <= band_hi */
    enum hb_rule_op op;
    enum hb_rule_value_kind value_kind;
    double value;              /* the limit, the percentage or the delta
                                  (signed for the relative kinds) */
    size_t band_column;        /* 1-based position of the size range */
    size_t value_column;       /* 1-based position of the value */
};

/* Parse one rule.  Returns 0, or -1 with the column and the problem in
 * err (HB_ERR_USAGE). */
int hb_rule_parse(const char *text, struct hb_rule *rule,
                  struct hb_error *err);

/* Does the rule need an OLD file (a relative limit)? */
int hb_rule_is_relative(const struct hb_rule *rule);

/* Evaluate on NEW (and OLD, NULL when there is none).  Returns 1 when the
 * rule holds, 0 when it is broken (verdict: "rule 'TEXT' broken: ..."),
 * -1 when it cannot be evaluated (err, HB_ERR_USAGE: "column N: ..."): a
 * relative rule without OLD, or a band range that does not fall on the
 * file's band boundaries. */
int hb_rule_eval(const struct hb_rule *rule, const struct hb_file *new_file,
                 const struct hb_file *old_file, char *verdict,
                 size_t verdict_len, struct hb_error *err);

#endif
