/* rules.c -- "--check" rules: parsing and evaluation (grammar in rules.h).
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see error.h
 * and the file COPYING.
 *
 * Owns the rule grammar, the rule's messages (a problem with its column, a
 * broken rule's verdict) and the comparison of a metric with its limit.
 * The metrics themselves, their names and units, come from metrics.h.
 * Invariant: a parsed rule names a metric that exists for its subject (a
 * per-band metric when it has a band).  Cost: parsing is linear in the
 * rule's length; evaluating a run metric is constant, a band metric one
 * pass over the cells or the leak lines of each file.
 */
#define _POSIX_C_SOURCE 200809L
#include "rules.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "units.h"

static const char *const op_names[] = { "<=", "<", ">=", ">", "==", "!=" };

/*------------------------------------------------------------------*/
/* Parsing                                                           */
/*------------------------------------------------------------------*/

struct token { const char *start; size_t len; size_t column; };

/* Record that the rule is bad at `column`; returns -1.  The problem is cut
 * at 159 characters (a long token is quoted in it). */
__attribute__((format(printf, 3, 4)))
static int bad_rule(struct hb_error *err, size_t column, const char *fmt, ...)
{
    char problem[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(problem, sizeof problem, fmt, ap);
    va_end(ap);
    return hb_error_set(err, HB_ERR_USAGE, 0, "column %zu: %s", column,
                        problem);
}

/* Splits text at spaces into at most max tokens (the rest is not looked
 * at); returns how many. */
static size_t tokenize(const char *text, struct token *tok, size_t max)
{
    size_t n = 0;
    const char *p = text;
    while (*p != '\0') {
        while (*p == ' ' || *p == '\t') p++;
        if (*p == '\0' || n == max) break;
        tok[n].start = p;
        tok[n].column = (size_t)(p - text) + 1;
        while (*p != '\0' && *p != ' ' && *p != '\t') p++;
        tok[n].len = (size_t)(p - tok[n].start);
        n++;
    }
    return n;
}

static int token_is(const struct token *t, const char *word)
{
    return t->len == strlen(word) && memcmp(t->start, word, t->len) == 0;
}

static void token_copy(const struct token *t, char *buf, size_t len)
{
    size_t n = t->len < len - 1 ? t->len : len - 1;
    memcpy(buf, t->start, n);
    buf[n] = '\0';
}

/* "allocs, alloc-bytes, ... or end-time": the metrics' names. */
static void metric_names(char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = '\0';
    for (int m = 0; m < HB_NMETRICS && at < len; m++)
        at += (size_t)snprintf(buf + at, len - at, "%s%s",
                               m == 0 ? "" : m + 1 == HB_NMETRICS ? " or "
                                                                  : ", ",
                               hb_metrics[m].name);
}

static int parse_amount(const char *text, enum hb_metric_unit unit,
                        double *out)
{
    uint64_t v;
    int rc = unit == HB_METRIC_UNIT_BYTES ? hb_parse_size(text, &v)
                                          : hb_parse_time(text, &v);
    if (rc < 0) return -1;
    *out = (double)v;
    return 0;
}

/* "4K-8K" (LO <= s < HI) or "24" (the band holding 24 bytes). */
static int parse_range(const struct token *t, struct hb_rule *rule,
                       struct hb_error *err)
{
    char buf[64], *dash;
    token_copy(t, buf, sizeof buf);
    rule->band_column = t->column;
    dash = strchr(buf, '-');
    if (dash == NULL) {
        if (hb_parse_size(buf, &rule->band_lo) < 0)
            return bad_rule(err, t->column, "'%s' is not a size or a size range", buf);
        rule->band_hi = rule->band_lo;
        rule->subject = HB_SUBJECT_BAND_OF_SIZE;
        return 0;
    }
    *dash = '\0';
    if (hb_parse_size(buf, &rule->band_lo) < 0)
        return bad_rule(err, t->column, "'%s' is not a size", buf);
    if (hb_parse_size(dash + 1, &rule->band_hi) < 0)
        return bad_rule(err, t->column + (size_t)(dash + 1 - buf),
                        "'%s' is not a size", dash + 1);
    if (rule->band_hi <= rule->band_lo)
        return bad_rule(err, t->column, "empty size range %s-%s", buf, dash + 1);
    rule->band_hi -= 1;           /* the upper bound is exclusive */
    rule->subject = HB_SUBJECT_BAND_RANGE;
    return 0;
}

static int parse_op(const struct token *t, struct hb_rule *rule,
                    struct hb_error *err)
{
    for (int i = 0; i < 6; i++)
        if (token_is(t, op_names[i])) {
            rule->op = (enum hb_rule_op)i;
            return 0;
        }
    return bad_rule(err, t->column, "expected one of <= < >= > == !=");
}

static int parse_value(const struct token *t, struct hb_rule *rule,
                       struct hb_error *err)
{
    char buf[64];
    enum hb_metric_unit unit = hb_metrics[rule->metric].unit;
    int bytes = unit == HB_METRIC_UNIT_BYTES;
    token_copy(t, buf, sizeof buf);
    rule->value_column = t->column;
    if (buf[0] != '+' && buf[0] != '-') {
        size_t n = strlen(buf);
        rule->value_kind = HB_VALUE_ABSOLUTE;
        if (n > 1 && buf[n - 1] == '%')
            return bad_rule(err, t->column, "a percentage is a change from "
                            "the old file and needs a sign: +%s or -%s",
                            buf, buf);
        if (parse_amount(buf, unit, &rule->value) < 0)
            return bad_rule(err, t->column, "'%s' is not a %s", buf,
                            bytes ? "size (e.g. 4096, 4K, 1.5M)"
                                  : "number (e.g. 5000, 5k, 1.5M)");
        return 0;
    }
    double sign = buf[0] == '-' ? -1.0 : 1.0;
    size_t n = strlen(buf);
    if (n > 1 && buf[n - 1] == '%') {
        char *end;
        buf[n - 1] = '\0';
        errno = 0;
        rule->value = strtod(buf + 1, &end);
        if (end == buf + 1 || *end != '\0' || errno != 0 || !isfinite(rule->value)
            || buf[1] == '+' || buf[1] == '-' || buf[1] == ' ')
            return bad_rule(err, t->column + 1, "'%s%%' is not a percentage", buf);
        rule->value *= sign;
        rule->value_kind = HB_VALUE_PERCENT;
        return 0;
    }
    if (parse_amount(buf + 1, unit, &rule->value) < 0)
        return bad_rule(err, t->column + 1, "'%s' is not a %s", buf + 1,
                        bytes ? "size" : "number");
    rule->value *= sign;
    rule->value_kind = HB_VALUE_DELTA;
    return 0;
}

/* The metric at tok, which must exist for the rule's subject. */
static int parse_metric(const struct token *tok, struct hb_rule *rule,
                        struct hb_error *err)
{
    int m = hb_metric_find(tok->start, tok->len);
    if (m < 0 && strcspn(tok->start, "<>=!") < tok->len)
        return bad_rule(err, tok->column, "put spaces between the metric, "
                        "the operator and the value");
    if (m < 0) {
        char names[160];
        metric_names(names, sizeof names);
        return bad_rule(err, tok->column, "unknown metric (expected %s)",
                        names);
    }
    rule->metric = (enum hb_metric)m;
    if (rule->subject != HB_SUBJECT_RUN
        && hb_metrics[m].band == HB_BAND_NONE)
        return bad_rule(err, tok->column, "'%s' is not a per-band metric",
                        hb_metrics[m].name);
    return 0;
}

int hb_rule_parse(const char *text, struct hb_rule *rule,
                  struct hb_error *err)
{
    struct token tok[6];      /* "band" RANGE METRIC OP VALUE, one more */
    size_t n = tokenize(text, tok, 6), i = 0;
    size_t end_column = strlen(text) + 1;
    memset(rule, 0, sizeof *rule);
    snprintf(rule->text, sizeof rule->text, "%s", text);
    if (n == 0) return bad_rule(err, 1, "empty rule");
    if (token_is(&tok[0], "band")) {
        if (n < 2) return bad_rule(err, end_column, "expected a size range after 'band'");
        if (parse_range(&tok[1], rule, err) < 0) return -1;
        i = 2;
    }
    if (i >= n) return bad_rule(err, end_column, "expected a metric");
    if (parse_metric(&tok[i], rule, err) < 0) return -1;
    if (++i >= n) return bad_rule(err, end_column, "expected an operator");
    if (parse_op(&tok[i], rule, err) < 0) return -1;
    if (++i >= n) return bad_rule(err, end_column, "expected a value");
    if (parse_value(&tok[i], rule, err) < 0) return -1;
    if (++i < n) return bad_rule(err, tok[i].column, "unexpected text after the value");
    return 0;
}

int hb_rule_is_relative(const struct hb_rule *rule)
{
    return rule->value_kind != HB_VALUE_ABSOLUTE;
}

/*------------------------------------------------------------------*/
/* Evaluation                                                        */
/*------------------------------------------------------------------*/

/* The bands covered by the rule's size range: [*first, *last]; -1 when a
 * range does not fall on the file's band boundaries. */
static int band_span(const struct hb_rule *rule, const struct hb_file *f,
                     uint64_t *first, uint64_t *last)
{
    *first = hb_band_of_size(f, rule->band_lo);
    *last = hb_band_of_size(f, rule->band_hi);
    if (rule->subject == HB_SUBJECT_BAND_OF_SIZE) return 0;
    return f->bands[*first].lo == rule->band_lo
           && f->bands[*last].hi == rule->band_hi ? 0 : -1;
}

/* Values are long double: exact for every 64-bit count, and sums of a few
 * of them. */
typedef long double amount;

/* The rule's metric in f; -1 (with the problem in err) when its size range
 * is not made of whole bands of f. */
static int metric_value(const struct hb_rule *rule, const struct hb_file *f,
                        amount *out, struct hb_error *err)
{
    uint64_t first, last;
    if (rule->subject == HB_SUBJECT_RUN) {
        *out = (amount)hb_metric_run(f, rule->metric);
        return 0;
    }
    if (band_span(rule, f, &first, &last) < 0) {
        char a[80];
        const struct hb_band *bf = &f->bands[first], *bl = &f->bands[last];
        int lo_ok = bf->lo == rule->band_lo;
        hb_format_band(a, sizeof a, lo_ok ? bl->lo : bf->lo,
                       lo_ok ? bl->hi : bf->hi);
        return hb_error_set(err, HB_ERR_USAGE, 0, "column %zu: the size "
                            "range does not fall on the file's band "
                            "boundaries (%llu is inside band %s)",
                            rule->band_column, (unsigned long long)
                            (lo_ok ? rule->band_hi + 1 : rule->band_lo), a);
    }
    hb_u128 value;
    if (hb_metric_bands(f, rule->metric, first, last, &value) < 0)
        return hb_error_nomem(err, "checking the rules");
    *out = (amount)value;
    return 0;
}

static int compare(amount a, enum hb_rule_op op, amount b)
{
    switch (op) {
    case HB_OP_LE: return a <= b;
    case HB_OP_LT: return a < b;
    case HB_OP_GE: return a >= b;
    case HB_OP_GT: return a > b;
    case HB_OP_EQ: return a == b;
    case HB_OP_NE: return a != b;
    }
    return 0;
}

/* "4216 (4.12K)", "51", "56.1": the exact value, then the short form when
 * it says something else. */
static void format_amount(char *buf, size_t len, amount v,
                          enum hb_metric_unit unit)
{
    char human[32], exact[32];
    if (v == floorl(v))
        snprintf(exact, sizeof exact, "%.0Lf", v);
    else
        snprintf(exact, sizeof exact, "%.2Lf", v);
    if (unit == HB_METRIC_UNIT_BYTES)
        hb_format_size(human, sizeof human, (double)fabsl(v));
    else
        hb_format_count(human, sizeof human, (double)fabsl(v));
    if (strcmp(human, exact + (v < 0)) == 0 || fabsl(v) < 1000)
        snprintf(buf, len, "%s", exact);
    else
        snprintf(buf, len, "%s (%s%s)", exact, v < 0 ? "-" : "", human);
}

/* The rule's subject as written: "peak", "band 4K-8K peak". */
static void subject(const struct hb_rule *rule, char *buf, size_t len)
{
    const char *name = hb_metrics[rule->metric].name;
    char range[80];
    switch (rule->subject) {
    case HB_SUBJECT_RUN:
        snprintf(buf, len, "%s", name);
        return;
    case HB_SUBJECT_BAND_OF_SIZE:
        snprintf(range, sizeof range, "%llu", (unsigned long long)rule->band_lo);
        break;
    case HB_SUBJECT_BAND_RANGE:
        hb_format_band(range, sizeof range, rule->band_lo, rule->band_hi);
        break;
    }
    snprintf(buf, len, "band %s %s", range, name);
}

int hb_rule_eval(const struct hb_rule *rule, const struct hb_file *new_file,
                 const struct hb_file *old_file, char *verdict,
                 size_t verdict_len, struct hb_error *err)
{
    enum hb_metric_unit unit = hb_metrics[rule->metric].unit;
    amount now, before = 0, limit;
    char now_text[80], limit_text[80], before_text[80], what[120];
    if (hb_rule_is_relative(rule) && old_file == NULL)
        return hb_error_set(err, HB_ERR_USAGE, 0, "column %zu: a relative "
                            "limit needs an old file (--diff OLD NEW)",
                            rule->value_column);
    if (metric_value(rule, new_file, &now, err) < 0
        || (old_file != NULL
            && metric_value(rule, old_file, &before, err) < 0))
        return -1;
    if (rule->value_kind == HB_VALUE_PERCENT)
        limit = before * (1.0L + (amount)rule->value / 100.0L);
    else if (rule->value_kind == HB_VALUE_DELTA)
        limit = before + (amount)rule->value;
    else
        limit = (amount)rule->value;
    if (compare(now, rule->op, limit)) return 1;
    subject(rule, what, sizeof what);
    format_amount(now_text, sizeof now_text, now, unit);
    format_amount(limit_text, sizeof limit_text, limit, unit);
    if (rule->value_kind == HB_VALUE_ABSOLUTE) {
        snprintf(verdict, verdict_len, "rule '%s' broken: %s is %s, limit "
                 "%s %s", rule->text, what, now_text, op_names[rule->op],
                 limit_text);
    } else {
        char change[64] = "no change";
        format_amount(before_text, sizeof before_text, before, unit);
        if (now != before && before != 0)
            snprintf(change, sizeof change, "%+.0Lf, %+.2Lf%%", now - before,
                     (now - before) * 100.0L / before);
        else if (now != before)
            snprintf(change, sizeof change, "%+.0Lf", now - before);
        snprintf(verdict, verdict_len, "rule '%s' broken: %s is %s, was %s "
                 "(%s), limit %s %s", rule->text, what, now_text, before_text,
                 change, op_names[rule->op], limit_text);
    }
    return 0;
}
