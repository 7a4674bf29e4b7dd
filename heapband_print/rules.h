/* rules.h -- "--check" rules: limits on a heap-band file, absolute or
 * relative to an older file, for CI.
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
 * units).  The metrics are listed in hb_rule_metric_names.
 *
 * A band range must fall on the file's band boundaries ("4K-8K" is the
 * quarter bands 4K-5K to 7K-8K); a single size names the band holding it.
 * Per-band metrics: allocs, alloc-bytes, frees, free-bytes (sums over the
 * run), peak (the largest LIVE_MAX of one band's cells; for a range, the
 * largest sum over a column of its bands' LIVE_MAX, an upper bound of its
 * true peak), leaked, leaked-blocks (the leak lines).
 */
#ifndef HEAPBAND_PRINT_RULES_H
#define HEAPBAND_PRINT_RULES_H

#include <stddef.h>
#include <stdint.h>

#include "hbfile.h"

enum hb_rule_op { HB_OP_LE, HB_OP_LT, HB_OP_GE, HB_OP_GT, HB_OP_EQ, HB_OP_NE };
enum hb_rule_value_kind { HB_VALUE_ABSOLUTE, HB_VALUE_PERCENT, HB_VALUE_DELTA };

struct hb_rule {
    char text[256];            /* the rule as given, for messages */
    int metric;                /* index into hb_rule_metric_names */
    int has_band;
    uint64_t band_lo, band_hi; /* sizes: band_lo <= s <= band_hi */
    enum hb_rule_op op;
    enum hb_rule_value_kind kind;
    double value;              /* the limit, the percentage or the delta
                                  (signed for the relative kinds) */
    size_t band_column;        /* 1-based position of the size range */
    size_t value_column;       /* 1-based position of the value */
};

struct hb_rule_error {
    size_t column;             /* 1-based character position in the rule */
    char msg[160];
};

/* The metric names, NULL-terminated, in the order of hb_rule.metric. */
extern const char *const hb_rule_metric_names[];

/* Parse one rule.  Returns 0, or -1 with the position and the problem. */
int hb_rule_parse(const char *text, struct hb_rule *rule,
                  struct hb_rule_error *err);

/* Does the rule need an OLD file (a relative limit)? */
int hb_rule_is_relative(const struct hb_rule *rule);

/* Evaluate on NEW (and OLD, NULL when there is none).  Returns 1 when the
 * rule holds, 0 when it is broken (msg: "rule 'TEXT' broken: ..."), -1
 * when it cannot be evaluated (msg: "rule 'TEXT': column N: ..."): a
 * relative rule without OLD, or a band range that does not fall on the
 * file's band boundaries. */
int hb_rule_eval(const struct hb_rule *rule, const struct hb_file *new_file,
                 const struct hb_file *old_file, char *msg, size_t msglen);

#endif
