/* rules.c -- "--check" rules: parsing and evaluation (grammar in rules.h). */
#define _POSIX_C_SOURCE 200809L
#include "rules.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "units.h"

enum metric_kind { KIND_COUNT, KIND_BYTES, KIND_TIME };

struct metric {
    const char *name;
    enum metric_kind kind;
    int for_run, for_band;
};

/* Keep in the order of hb_rule_metric_names. */
static const struct metric metrics[] = {
    { "allocs",        KIND_COUNT, 1, 1 },
    { "alloc-bytes",   KIND_BYTES, 1, 1 },
    { "frees",         KIND_COUNT, 1, 1 },
    { "free-bytes",    KIND_BYTES, 1, 1 },
    { "peak",          KIND_BYTES, 1, 1 },
    { "peak-blocks",   KIND_COUNT, 1, 0 },
    { "peak-time",     KIND_TIME,  1, 0 },
    { "leaked",        KIND_BYTES, 1, 1 },
    { "leaked-blocks", KIND_COUNT, 1, 1 },
    { "unknown-frees", KIND_COUNT, 1, 0 },
    { "end-time",      KIND_TIME,  1, 0 },
};
enum { N_METRICS = sizeof metrics / sizeof metrics[0] };

const char *const hb_rule_metric_names[] = {
    "allocs", "alloc-bytes", "frees", "free-bytes", "peak", "peak-blocks",
    "peak-time", "leaked", "leaked-blocks", "unknown-frees", "end-time", NULL
};

static const char *const op_names[] = { "<=", "<", ">=", ">", "==", "!=" };

/*------------------------------------------------------------------*/
/* Parsing                                                           */
/*------------------------------------------------------------------*/

struct token { const char *start; size_t len; size_t column; };

static int rule_fail(struct hb_rule_error *err, size_t column,
                     const char *fmt, ...)
{
    va_list ap;
    err->column = column;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return -1;
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

static int find_metric(const struct token *t)
{
    for (int i = 0; i < N_METRICS; i++)
        if (token_is(t, metrics[i].name)) return i;
    return -1;
}

static int parse_amount(const char *text, enum metric_kind kind, double *out)
{
    uint64_t v;
    int rc = kind == KIND_BYTES ? hb_parse_size(text, &v)
                                : hb_parse_time(text, &v);
    if (rc < 0) return -1;
    *out = (double)v;
    return 0;
}

/* "4K-8K" (LO <= s < HI) or "24" (the band holding 24 bytes). */
static int parse_range(const struct token *t, struct hb_rule *rule,
                       struct hb_rule_error *err)
{
    char buf[64], *dash;
    token_copy(t, buf, sizeof buf);
    rule->band_column = t->column;
    dash = strchr(buf, '-');
    if (dash == NULL) {
        if (hb_parse_size(buf, &rule->band_lo) < 0)
            return rule_fail(err, t->column, "'%s' is not a size or a size range", buf);
        rule->band_hi = rule->band_lo;
        return 0;
    }
    *dash = '\0';
    if (hb_parse_size(buf, &rule->band_lo) < 0)
        return rule_fail(err, t->column, "'%s' is not a size", buf);
    if (hb_parse_size(dash + 1, &rule->band_hi) < 0)
        return rule_fail(err, t->column + (size_t)(dash + 1 - buf),
                         "'%s' is not a size", dash + 1);
    if (rule->band_hi <= rule->band_lo)
        return rule_fail(err, t->column, "empty size range %s-%s", buf, dash + 1);
    rule->band_hi -= 1;           /* the upper bound is exclusive */
    rule->has_band = 2;           /* a range, not a single size */
    return 0;
}

static int parse_op(const struct token *t, struct hb_rule *rule,
                    struct hb_rule_error *err)
{
    for (int i = 0; i < 6; i++)
        if (token_is(t, op_names[i])) {
            rule->op = (enum hb_rule_op)i;
            return 0;
        }
    return rule_fail(err, t->column, "expected one of <= < >= > == !=");
}

static int parse_value(const struct token *t, struct hb_rule *rule,
                       struct hb_rule_error *err)
{
    char buf[64];
    enum metric_kind kind = metrics[rule->metric].kind;
    token_copy(t, buf, sizeof buf);
    rule->value_column = t->column;
    if (buf[0] != '+' && buf[0] != '-') {
        size_t n = strlen(buf);
        rule->kind = HB_VALUE_ABSOLUTE;
        if (n > 1 && buf[n - 1] == '%')
            return rule_fail(err, t->column, "a percentage is a change from "
                             "the old file and needs a sign: +%s or -%s",
                             buf, buf);
        if (parse_amount(buf, kind, &rule->value) < 0)
            return rule_fail(err, t->column, "'%s' is not a %s", buf,
                             kind == KIND_BYTES
                             ? "size (e.g. 4096, 4K, 1.5M)"
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
            return rule_fail(err, t->column + 1, "'%s%%' is not a percentage", buf);
        rule->value *= sign;
        rule->kind = HB_VALUE_PERCENT;
        return 0;
    }
    if (parse_amount(buf + 1, kind, &rule->value) < 0)
        return rule_fail(err, t->column + 1, "'%s' is not a %s", buf + 1,
                         kind == KIND_BYTES ? "size" : "number");
    rule->value *= sign;
    rule->kind = HB_VALUE_DELTA;
    return 0;
}

int hb_rule_parse(const char *text, struct hb_rule *rule,
                  struct hb_rule_error *err)
{
    struct token tok[6];      /* "band" RANGE METRIC OP VALUE, one more */
    size_t n = tokenize(text, tok, 6), i = 0;
    memset(rule, 0, sizeof *rule);
    snprintf(rule->text, sizeof rule->text, "%s", text);
    if (n == 0) return rule_fail(err, 1, "empty rule");
    if (token_is(&tok[0], "band")) {
        if (n < 2) return rule_fail(err, strlen(text) + 1, "expected a size range after 'band'");
        if (parse_range(&tok[1], rule, err) < 0) return -1;
        if (rule->has_band == 0) rule->has_band = 1;
        i = 2;
    }
    if (i >= n) return rule_fail(err, strlen(text) + 1, "expected a metric");
    rule->metric = find_metric(&tok[i]);
    if (rule->metric < 0 && strcspn(tok[i].start, "<>=!") < tok[i].len)
        return rule_fail(err, tok[i].column, "put spaces between the metric, "
                         "the operator and the value");
    if (rule->metric < 0)
        return rule_fail(err, tok[i].column, "unknown metric (expected allocs, "
                         "alloc-bytes, frees, free-bytes, peak, peak-blocks, "
                         "peak-time, leaked, leaked-blocks, unknown-frees or end-time)");
    if (rule->has_band && !metrics[rule->metric].for_band)
        return rule_fail(err, tok[i].column, "'%s' is not a per-band metric",
                         metrics[rule->metric].name);
    if (++i >= n) return rule_fail(err, strlen(text) + 1, "expected an operator");
    if (parse_op(&tok[i], rule, err) < 0) return -1;
    if (++i >= n) return rule_fail(err, strlen(text) + 1, "expected a value");
    if (parse_value(&tok[i], rule, err) < 0) return -1;
    if (++i < n) return rule_fail(err, tok[i].column, "unexpected text after the value");
    return 0;
}

int hb_rule_is_relative(const struct hb_rule *rule)
{
    return rule->kind != HB_VALUE_ABSOLUTE;
}

/*------------------------------------------------------------------*/
/* Evaluation                                                        */
/*------------------------------------------------------------------*/

/* The bands covered by the rule's size range: [*first, *last]. */
static int band_span(const struct hb_rule *rule, const struct hb_file *f,
                     uint64_t *first, uint64_t *last)
{
    *first = hb_band_of_size(f, rule->band_lo);
    *last = hb_band_of_size(f, rule->band_hi);
    if (rule->has_band == 1) return 0;       /* one size: its band */
    return f->bands[*first].lo == rule->band_lo
           && f->bands[*last].hi == rule->band_hi ? 0 : -1;
}

/* Values are long double: exact for every 64-bit count, and sums of a few
 * of them. */
typedef long double amount;

/* Largest total over stored columns of the selected bands' LIVE_MAX: the
 * exact peak of one band, an upper bound of a range's. */
static amount band_peak(const struct hb_file *f, uint64_t first, uint64_t last)
{
    amount best = 0, sum = 0;
    uint64_t col = UINT64_MAX;
    for (size_t i = 0; i < f->ncells; i++) {
        const struct hb_cellrec *c = &f->cells[i];
        if (c->c != col) { if (sum > best) best = sum; sum = 0; col = c->c; }
        if (c->b >= first && c->b <= last) sum += (amount)c->live_max;
    }
    return sum > best ? sum : best;
}

static amount band_value(int metric, const struct hb_file *f,
                         uint64_t first, uint64_t last)
{
    const char *name = metrics[metric].name;
    amount sum = 0;
    if (strcmp(name, "peak") == 0) return band_peak(f, first, last);
    if (strncmp(name, "leaked", 6) == 0) {
        for (size_t i = 0; i < f->nleaks; i++)
            if (f->leaks[i].b >= first && f->leaks[i].b <= last)
                sum += (amount)(name[6] == '\0' ? f->leaks[i].bytes : f->leaks[i].count);
        return sum;
    }
    for (size_t i = 0; i < f->ncells; i++) {
        const struct hb_cellrec *c = &f->cells[i];
        if (c->b < first || c->b > last) continue;
        if (strcmp(name, "allocs") == 0) sum += (amount)c->allocs;
        else if (strcmp(name, "alloc-bytes") == 0) sum += (amount)c->alloc_bytes;
        else if (strcmp(name, "frees") == 0) sum += (amount)c->frees;
        else sum += (amount)c->free_bytes;
    }
    return sum;
}

static amount run_value(int metric, const struct hb_file *f)
{
    const uint64_t values[N_METRICS] = {
        f->total_allocs, f->total_alloc_bytes, f->total_frees,
        f->total_free_bytes, f->peak_bytes, f->peak_blocks, f->peak_t_reached,
        f->exit_bytes, f->exit_blocks, f->unknown_frees, f->end_time,
    };
    return (amount)values[metric];
}

/* The rule's metric in f; -1 (with the reason in msg) when its size range
 * is not made of whole bands of f. */
static int metric_value(const struct hb_rule *rule, const struct hb_file *f,
                        amount *out, char *msg, size_t msglen)
{
    uint64_t first, last;
    if (!rule->has_band) { *out = run_value(rule->metric, f); return 0; }
    if (band_span(rule, f, &first, &last) < 0) {
        char a[80], b[80];
        const struct hb_band *bf = &f->bands[first], *bl = &f->bands[last];
        int lo_ok = bf->lo == rule->band_lo;
        hb_format_band(a, sizeof a, lo_ok ? bl->lo : bf->lo,
                       lo_ok ? bl->hi : bf->hi);
        snprintf(b, sizeof b, "%llu", (unsigned long long)
                 (lo_ok ? rule->band_hi + 1 : rule->band_lo));
        snprintf(msg, msglen, "rule '%s': column %zu: the size range does not "
                 "fall on the file's band boundaries (%s is inside band %s)",
                 rule->text, rule->band_column, b, a);
        return -1;
    }
    *out = band_value(rule->metric, f, first, last);
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
static void format_amount(char *buf, size_t len, amount v, enum metric_kind kind)
{
    char human[32], exact[32];
    if (v == floorl(v))
        snprintf(exact, sizeof exact, "%.0Lf", v);
    else
        snprintf(exact, sizeof exact, "%.2Lf", v);
    if (kind == KIND_BYTES) hb_format_size(human, sizeof human, (double)fabsl(v));
    else hb_format_count(human, sizeof human, (double)fabsl(v));
    if (strcmp(human, exact + (v < 0)) == 0 || fabsl(v) < 1000)
        snprintf(buf, len, "%s", exact);
    else
        snprintf(buf, len, "%s (%s%s)", exact, v < 0 ? "-" : "", human);
}

/* The rule's subject as written: "peak", "band 4K-8K peak". */
static void subject(const struct hb_rule *rule, char *buf, size_t len)
{
    const char *name = metrics[rule->metric].name;
    if (!rule->has_band) {
        snprintf(buf, len, "%s", name);
        return;
    }
    char range[80];
    if (rule->has_band == 1)
        snprintf(range, sizeof range, "%llu", (unsigned long long)rule->band_lo);
    else
        hb_format_band(range, sizeof range, rule->band_lo, rule->band_hi);
    snprintf(buf, len, "band %s %s", range, name);
}

int hb_rule_eval(const struct hb_rule *rule, const struct hb_file *new_file,
                 const struct hb_file *old_file, char *msg, size_t msglen)
{
    enum metric_kind kind = metrics[rule->metric].kind;
    amount now, before = 0, limit;
    char now_text[80], limit_text[80], before_text[80], what[120];
    if (hb_rule_is_relative(rule) && old_file == NULL) {
        snprintf(msg, msglen, "rule '%s': column %zu: a relative limit needs "
                 "an old file (--diff OLD NEW)", rule->text,
                 rule->value_column);
        return -1;
    }
    if (metric_value(rule, new_file, &now, msg, msglen) < 0
        || (old_file != NULL
            && metric_value(rule, old_file, &before, msg, msglen) < 0))
        return -1;
    if (rule->kind == HB_VALUE_PERCENT)
        limit = before * (1.0L + (amount)rule->value / 100.0L);
    else if (rule->kind == HB_VALUE_DELTA)
        limit = before + (amount)rule->value;
    else
        limit = (amount)rule->value;
    if (compare(now, rule->op, limit)) return 1;
    subject(rule, what, sizeof what);
    format_amount(now_text, sizeof now_text, now, kind);
    format_amount(limit_text, sizeof limit_text, limit, kind);
    if (rule->kind == HB_VALUE_ABSOLUTE) {
        snprintf(msg, msglen, "rule '%s' broken: %s is %s, limit %s %s",
                 rule->text, what, now_text, op_names[rule->op], limit_text);
    } else {
        char change[64] = "no change";
        format_amount(before_text, sizeof before_text, before, kind);
        if (now != before && before != 0)
            snprintf(change, sizeof change, "%+.0Lf, %+.2Lf%%", now - before,
                     (now - before) * 100.0L / before);
        else if (now != before)
            snprintf(change, sizeof change, "%+.0Lf", now - before);
        snprintf(msg, msglen, "rule '%s' broken: %s is %s, was %s (%s), "
                 "limit %s %s", rule->text, what, now_text, before_text,
                 change, op_names[rule->op], limit_text);
    }
    return 0;
}
