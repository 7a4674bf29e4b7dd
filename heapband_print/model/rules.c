/* rules.c -- "--check" rules: parsing and evaluation (grammar in rules.h).
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see error.h
 * and the file COPYING.
 *
 * Owns the rule grammar, the rule's messages (a problem with its column, a
 * broken rule's verdict) and the comparison of a metric with its limit, in
 * exact integer arithmetic.  The metrics themselves, their names and
 * units, come from metrics.h.
 * Invariant: a parsed rule names a metric that exists for its subject (a
 * per-band metric when it has a band, a per-site one when it has a
 * pattern).  Cost: parsing is linear in the rule's length; evaluating a
 * run metric is constant, a band metric one pass over the cells or the
 * leak lines of each file, a site metric one match per frame of the
 * file's table and one pass over its site records.
 */
#define _POSIX_C_SOURCE 200809L
#include "rules.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "site_diff.h"
#include "units.h"

static const char *const op_names[] = { "<=", "<", ">=", ">", "==", "!=" };

/*------------------------------------------------------------------*/
/* Parsing                                                           */
/*------------------------------------------------------------------*/

struct token { const char *start; size_t len; size_t column; };

/* Record that the rule is bad at `column`; returns -1.  The problem is cut
 * at 319 characters (a long token is quoted in it). */
__attribute__((format(printf, 3, 4)))
static int bad_rule(struct hb_error *err, size_t column, const char *fmt, ...)
{
    char problem[640];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(problem, sizeof problem, fmt, ap);
    va_end(ap);
    return hb_error_set(err, HB_ERR_USAGE, 0, "column %zu: %s", column,
                        problem);
}

/* Splits text from text[from] at spaces into at most max tokens (the rest
 * is not looked at); returns how many.  Columns count from text. */
static size_t tokenize(const char *text, size_t from, struct token *tok,
                       size_t max)
{
    size_t n = 0;
    const char *p = text + from;
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

/* Whether metric m + 1 is m's "-blocks" twin. */
static int has_blocks_twin(int m)
{
    char twin[64];
    snprintf(twin, sizeof twin, "%s-blocks", hb_metrics[m].name);
    return m + 1 < HB_NMETRICS && strcmp(hb_metrics[m + 1].name, twin) == 0;
}

/* "allocs, alloc-bytes, ..., peak[-blocks], ... or end-time": the names of
 * the metrics (only the per-site ones with per_site), a "-blocks" twin
 * written as "[-blocks]" after its metric. */
static void metric_names(char *buf, size_t len, int per_site)
{
    int names[HB_NMETRICS], n = 0;
    for (int m = 0; m < HB_NMETRICS; m++) {
        if (per_site && !hb_metrics[m].per_site)
            continue;
        names[n++] = m;
        if (has_blocks_twin(m) && (!per_site || hb_metrics[m + 1].per_site))
            m++;
    }
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && at < len; i++) {
        int m = names[i];
        at += (size_t)snprintf(buf + at, len - at, "%s%s%s",
                               i == 0 ? "" : i + 1 == n ? " or " : ", ",
                               hb_metrics[m].name,
                               has_blocks_twin(m) ? "[-blocks]" : "");
    }
}

static int parse_amount(const char *text, enum hb_metric_unit unit,
                        uint64_t *out)
{
    return unit == HB_METRIC_UNIT_BYTES ? hb_parse_size(text, out)
                                        : hb_parse_time(text, out);
}

/* The largest percentage, and the decimals a percentage may have. */
#define PERCENT_MAX 1000000000ULL
#define PERCENT_DECIMALS 6
#define MILLIONTHS 1000000ULL

/* "12.5" as millionths (12500000): digits, at most PERCENT_DECIMALS
 * decimals, at most PERCENT_MAX.  -1 for anything else. */
static int parse_percent(const char *text, uint64_t *millionths)
{
    uint64_t whole = 0, frac = 0, scale = MILLIONTHS;
    const char *p = text;
    if (*p < '0' || *p > '9')
        return -1;
    for (; *p >= '0' && *p <= '9'; p++) {
        whole = whole * 10 + (uint64_t)(*p - '0');
        if (whole > PERCENT_MAX)
            return -1;
    }
    if (*p == '.') {
        if (p[1] < '0' || p[1] > '9')
            return -1;
        for (p++; *p >= '0' && *p <= '9'; p++) {
            if (scale == 1)
                return -1;
            scale /= 10;
            frac += (uint64_t)(*p - '0') * scale;
        }
    }
    if (*p != '\0' || (whole == PERCENT_MAX && frac > 0))
        return -1;
    *millionths = whole * MILLIONTHS + frac;
    return 0;
}

/* "4K-8K" (LO <= s < HI) or "24" (the band holding 24 bytes). */
static int parse_range(const struct token *t, struct hb_rule *rule,
                       struct hb_error *err)
{
    char buf[64], *dash;
    token_copy(t, buf, sizeof buf);
    rule->subject_column = t->column;
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
    size_t n = strlen(buf);
    if (buf[0] != '+' && buf[0] != '-') {
        rule->value_kind = HB_VALUE_ABSOLUTE;
        if (n > 1 && buf[n - 1] == '%')
            return bad_rule(err, t->column, "a percentage is a change from "
                            "the old file and needs a sign: +%s or -%s",
                            buf, buf);
        if (parse_amount(buf, unit, &rule->amount) < 0)
            return bad_rule(err, t->column, "'%s' is not a %s", buf,
                            bytes ? "size (e.g. 4096, 4K, 1.5M)"
                                  : "number (e.g. 5000, 5k, 1.5M)");
        return 0;
    }
    rule->negative = buf[0] == '-';
    if (n > 1 && buf[n - 1] == '%') {
        buf[n - 1] = '\0';
        if (parse_percent(buf + 1, &rule->percent_millionths) < 0)
            return bad_rule(err, t->column + 1, "'%s%%' is not a percentage "
                            "(digits, at most %d decimals, at most %llu)",
                            buf, PERCENT_DECIMALS, PERCENT_MAX);
        rule->value_kind = HB_VALUE_PERCENT;
        return 0;
    }
    if (parse_amount(buf + 1, unit, &rule->amount) < 0)
        return bad_rule(err, t->column + 1, "'%s' is not a %s", buf + 1,
                        bytes ? "size" : "number");
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
        char names[512];
        metric_names(names, sizeof names, 0);
        return bad_rule(err, tok->column, "unknown metric (expected %s)",
                        names);
    }
    rule->metric = (enum hb_metric)m;
    rule->metric_column = tok->column;
    if (rule->subject == HB_SUBJECT_SITES && !hb_metrics[m].per_site) {
        char names[200];
        metric_names(names, sizeof names, 1);
        return bad_rule(err, tok->column, "'%s' is not a per-site metric "
                        "(expected %s)", hb_metrics[m].name, names);
    }
    if ((rule->subject == HB_SUBJECT_BAND_OF_SIZE
         || rule->subject == HB_SUBJECT_BAND_RANGE)
        && hb_metrics[m].band == HB_BAND_NONE)
        return bad_rule(err, tok->column, "'%s' is not a per-band metric",
                        hb_metrics[m].name);
    return 0;
}

/* The pattern after "site" at text[*at]: quoted ('...' or "..."), which
 * may hold spaces, or up to the next space.  Moves *at past it. */
static int parse_pattern(const char *text, size_t *at, struct hb_rule *rule,
                         struct hb_error *err)
{
    const char *p = text + *at, *end;
    while (*p == ' ' || *p == '\t') p++;
    size_t column = (size_t)(p - text) + 1;
    rule->subject_column = column;
    rule->subject = HB_SUBJECT_SITES;
    if (*p == '\0')
        return bad_rule(err, column, "expected a site pattern after "
                        "'site'");
    if (*p == '\'' || *p == '"') {
        end = strchr(p + 1, *p);
        if (end == NULL)
            return bad_rule(err, column, "the pattern's quote %c is not "
                            "closed", *p);
        p++;
    } else {
        end = p + strcspn(p, " \t");
    }
    size_t len = (size_t)(end - p);
    if (len == 0)
        return bad_rule(err, column, "empty pattern");
    if (len > HB_RULE_PATTERN_MAX)
        return bad_rule(err, column, "pattern longer than %d characters",
                        HB_RULE_PATTERN_MAX);
    memcpy(rule->pattern, p, len);
    rule->pattern[len] = '\0';
    *at = (size_t)(end - text) + (*end == '\'' || *end == '"');
    return 0;
}

int hb_rule_parse(const char *text, struct hb_rule *rule,
                  struct hb_error *err)
{
    struct token tok[6];      /* "band" RANGE METRIC OP VALUE, one more */
    size_t n = tokenize(text, 0, tok, 6), i = 0;
    size_t end_column = strlen(text) + 1;
    memset(rule, 0, sizeof *rule);
    snprintf(rule->text, sizeof rule->text, "%s", text);
    if (n == 0) return bad_rule(err, 1, "empty rule");
    if (token_is(&tok[0], "band")) {
        if (n < 2) return bad_rule(err, end_column, "expected a size range after 'band'");
        if (parse_range(&tok[1], rule, err) < 0) return -1;
        i = 2;
    } else if (token_is(&tok[0], "site")) {
        size_t at = tok[0].column - 1 + tok[0].len;
        if (parse_pattern(text, &at, rule, err) < 0) return -1;
        n = tokenize(text, at, tok, 5);   /* METRIC OP VALUE, one more */
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

/* Values and limits are exact integers: a metric's value is below 2^72
 * (a sum of at most HB_MAX_BANDS 64-bit values), and a percentage's
 * limit is OLD's value times (10^8 +- millionths), below 10^8 + 10^15 <
 * 2^50, so every product below fits in 127 bits. */
__extension__ typedef __int128 amount;

/* A number num / scale: scale is 1, or 10^8 for a percentage's limit (100
 * percent in millionths). */
struct ratio { amount num, scale; };

#define PERCENT_SCALE ((amount)100 * (amount)MILLIONTHS)

/* "NEW is format version 2": why f has no site tables, into err. */
static int no_site_tables(const struct hb_rule *rule, const struct hb_file *f,
                          const char *which, struct hb_error *err)
{
    char why[64];
    if (hb_site_tables(f, why, sizeof why))
        return 0;
    return hb_error_set(err, HB_ERR_USAGE, 0, "column %zu: a site rule "
                        "needs version-3 site tables: %s %s",
                        rule->subject_column, which, why);
}

/* Why f (which: "NEW", "OLD" or "the file") has no leak kinds, for the
 * message of a metric that needs them: "is format version 3". */
static void why_no_kinds(const struct hb_file *f, char *buf, size_t len)
{
    if (f->version < 4)
        snprintf(buf, len, "it is format version %d", f->version);
    else
        snprintf(buf, len, "its run had --leak-scan=no");
}

/* A metric that needs the leak kinds, on a file without them: refused,
 * naming the metric that reads such a file. */
static int check_kinds(const struct hb_rule *rule, const struct hb_file *f,
                       const char *which, struct hb_error *err)
{
    char why[64];
    if (hb_metric_readable(f, rule->metric))
        return 0;
    if (hb_metrics[rule->metric].ending)
        return hb_error_set(err, HB_ERR_USAGE, 0, "column %zu: '%s' needs a "
                            "run that ended by an exit or a signal, which %s "
                            "does not say (%s)", rule->metric_column,
                            hb_metrics[rule->metric].name, which,
                            f->version < 5 ? "a file before format version 5"
                            : f->ending.kind == HB_ENDING_EXEC
                            ? "its run ended by an exec" : "a snapshot");
    why_no_kinds(f, why, sizeof why);
    return hb_error_set(err, HB_ERR_USAGE, 0, "column %zu: '%s' needs "
                        "memcheck's leak kinds, which %s has not (%s): "
                        "live-at-exit%s reads it", rule->metric_column,
                        hb_metrics[rule->metric].name, which, why,
                        strstr(hb_metrics[rule->metric].name, "-blocks")
                            ? "-blocks" : "");
}

/* A relative `leaked` rule compares like with like: refused when one file
 * has the leak kinds (definitely plus indirectly lost) and the other not
 * (everything live at exit). */
static int check_same_leaked(const struct hb_rule *rule,
                             const struct hb_file *o, const struct hb_file *n,
                             struct hb_error *err)
{
    char why[64];
    if (hb_metrics[rule->metric].kinds != HB_KINDS_FALLBACK
        || o->leak_kinds == n->leak_kinds)
        return 0;
    why_no_kinds(o->leak_kinds ? n : o, why, sizeof why);
    return hb_error_set(err, HB_ERR_USAGE, 0, "column %zu: '%s' is "
                        "definitely plus indirectly lost in %s but "
                        "everything live at exit in %s (%s): compare "
                        "live-at-exit%s", rule->metric_column,
                        hb_metrics[rule->metric].name,
                        o->leak_kinds ? "OLD" : "NEW",
                        o->leak_kinds ? "NEW" : "OLD", why,
                        rule->metric == HB_METRIC_LEAKED_BLOCKS
                            ? "-blocks" : "");
}

/* The rule's metric in f (which: "NEW" or "OLD", for messages), and for a
 * site rule how many sites match into *nmatched; -1 (with the problem in
 * err) when its size range is not made of whole bands of f, or f has no
 * site tables. */
static int metric_value(const struct hb_rule *rule,
                        const struct hb_rule_input *in, const char *which,
                        amount *out, size_t *nmatched, struct hb_error *err)
{
    const struct hb_file *f = in->file;
    uint64_t first, last;
    hb_u128 value;
    if (check_kinds(rule, f, which, err) < 0)
        return -1;
    if (rule->subject == HB_SUBJECT_RUN) {
        *out = (amount)hb_metric_run(f, rule->metric)
               - (amount)hb_metric_suppressed(in->suppressed, rule->metric,
                                              1, 0);
        return 0;
    }
    if (rule->subject == HB_SUBJECT_SITES) {
        if (no_site_tables(rule, f, which, err) < 0
            || hb_metric_sites(f, rule->metric, rule->pattern, &value,
                               nmatched, err) < 0)
            return -1;
        *out = (amount)value;
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
                            rule->subject_column, (unsigned long long)
                            (lo_ok ? rule->band_hi + 1 : rule->band_lo), a);
    }
    if (hb_metric_bands(f, rule->metric, first, last, &value) < 0)
        return hb_error_nomem(err, "checking the rules");
    *out = (amount)value - (amount)hb_metric_suppressed(in->suppressed,
                                                        rule->metric, first,
                                                        last);
    return 0;
}

static struct ratio rule_limit(const struct hb_rule *rule, amount before)
{
    struct ratio l = { (amount)rule->amount, 1 };
    amount sign = rule->negative ? -1 : 1;
    if (rule->value_kind == HB_VALUE_PERCENT) {
        l.scale = PERCENT_SCALE;
        l.num = before * (PERCENT_SCALE
                          + sign * (amount)rule->percent_millionths);
    } else if (rule->value_kind == HB_VALUE_DELTA) {
        l.num = before + sign * (amount)rule->amount;
    }
    return l;
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

/* v in decimal, with a sign when negative (or always, with plus). */
static void format_int(char *buf, size_t len, amount v, int plus)
{
    char digits[48];
    size_t k = sizeof digits - 1;
    hb_u128 mag = v < 0 ? -(hb_u128)v : (hb_u128)v;
    digits[k] = '\0';
    do {
        digits[--k] = (char)('0' + (int)(mag % 10));
        mag /= 10;
    } while (mag > 0);
    snprintf(buf, len, "%s%s", v < 0 ? "-" : plus ? "+" : "", digits + k);
}

/* "4216 (4.12K)", "51", "149.60": num / scale exactly (two decimals,
 * rounded, when it is not whole), then the short form when it says
 * something else. */
static void format_amount(char *buf, size_t len, struct ratio v,
                          enum hb_metric_unit unit)
{
    char human[32], exact[64];
    hb_u128 mag = v.num < 0 ? -(hb_u128)v.num : (hb_u128)v.num;
    hb_u128 whole = mag / (hb_u128)v.scale, rest = mag % (hb_u128)v.scale;
    unsigned hundredths = (unsigned)((rest * 100 + (hb_u128)v.scale / 2)
                                     / (hb_u128)v.scale);
    if (hundredths == 100)
        whole++, hundredths = 0;
    format_int(exact, sizeof exact, (amount)whole, 0);
    if (rest != 0)
        snprintf(exact + strlen(exact), sizeof exact - strlen(exact),
                 ".%02u", hundredths);
    double shown = (double)mag / (double)v.scale;
    if (unit == HB_METRIC_UNIT_BYTES)
        hb_format_size(human, sizeof human, shown);
    else
        hb_format_count(human, sizeof human, shown);
    const char *sign = v.num < 0 ? "-" : "";
    if (strcmp(human, exact) == 0 || shown < 1000)
        snprintf(buf, len, "%s%s", sign, exact);
    else
        snprintf(buf, len, "%s%s (%s%s)", sign, exact, sign, human);
}

/* The rule's subject as written: "peak", "band 4K-8K peak", "site 'png_*'
 * peak". */
static void subject(const struct hb_rule *rule, char *buf, size_t len)
{
    const char *name = hb_metrics[rule->metric].name;
    char range[80];
    switch (rule->subject) {
    case HB_SUBJECT_RUN:
        snprintf(buf, len, "%s", name);
        return;
    case HB_SUBJECT_SITES:
        snprintf(buf, len, "site '%s' %s", rule->pattern, name);
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

/* "+16, +1.60%", "+2" (from 0) or "no change". */
static void format_change(char *buf, size_t len, amount now, amount before)
{
    if (now == before) {
        snprintf(buf, len, "no change");
        return;
    }
    format_int(buf, len, now - before, 1);
    if (before != 0)
        snprintf(buf + strlen(buf), len - strlen(buf), ", %+.2Lf%%",
                 (long double)(now - before) * 100.0L / (long double)before);
}

int hb_rule_eval(const struct hb_rule *rule,
                 const struct hb_rule_input *new_in,
                 const struct hb_rule_input *old_in, char *verdict,
                 size_t verdict_len, struct hb_error *err)
{
    const struct hb_file *old_file = old_in ? old_in->file : NULL;
    enum hb_metric_unit unit = hb_metrics[rule->metric].unit;
    amount now, before = 0;
    size_t new_sites = 0, old_sites = 0;
    char now_text[80], limit_text[80], before_text[80], what[260];
    if (hb_rule_is_relative(rule) && old_file == NULL)
        return hb_error_set(err, HB_ERR_USAGE, 0, "column %zu: a relative "
                            "limit needs an old file (--diff OLD NEW)",
                            rule->value_column);
    if (old_file != NULL && hb_rule_is_relative(rule)
        && check_same_leaked(rule, old_file, new_in->file, err) < 0)
        return -1;
    /* An absolute rule reads OLD only to count its matching sites. */
    int read_old = old_file != NULL
                   && (hb_rule_is_relative(rule)
                       || hb_metric_readable(old_file, rule->metric));
    if (metric_value(rule, new_in, old_file ? "NEW" : "the file", &now,
                     &new_sites, err) < 0
        || (read_old
            && metric_value(rule, old_in, "OLD", &before, &old_sites,
                            err) < 0))
        return -1;
    if (rule->subject == HB_SUBJECT_SITES && new_sites + old_sites == 0)
        return hb_error_set(err, HB_ERR_USAGE, 0, "column %zu: no site %s "
                            "has a function or object matching '%s'",
                            rule->subject_column, old_file ? "of OLD or NEW"
                            : "of the file", rule->pattern);
    struct ratio limit = rule_limit(rule, before);
    int holds = compare(now * limit.scale, rule->op, limit.num);
    const char *verdict_word = holds ? "holds" : "broken";
    subject(rule, what, sizeof what);
    format_amount(now_text, sizeof now_text, (struct ratio){ now, 1 }, unit);
    format_amount(limit_text, sizeof limit_text, limit, unit);
    if (rule->value_kind == HB_VALUE_ABSOLUTE) {
        snprintf(verdict, verdict_len, "rule '%s' %s: %s is %s, limit "
                 "%s %s", rule->text, verdict_word, what, now_text,
                 op_names[rule->op], limit_text);
    } else {
        char change[80];
        format_amount(before_text, sizeof before_text,
                      (struct ratio){ before, 1 }, unit);
        format_change(change, sizeof change, now, before);
        snprintf(verdict, verdict_len, "rule '%s' %s: %s is %s, was %s "
                 "(%s), limit %s %s", rule->text, verdict_word, what,
                 now_text, before_text, change, op_names[rule->op],
                 limit_text);
    }
    return holds;
}
