/* compare.c -- heapband_print --diff OLD NEW [--check RULE]... and
 * heapband_print --check RULE... FILE (see compare.h).
 *
 * Order of work: options, then every rule is parsed (a rule that does not
 * parse, or a relative one without OLD, is exit 2 before any file is
 * read), then the files, then the report, the chart and the rules'
 * verdicts.
 */
#define _POSIX_C_SOURCE 200809L
#include "compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "diff_chart.h"
#include "diff_report.h"
#include "export.h"
#include "cli.h"
#include "img_file.h"
#include "load.h"
#include "rules.h"

#define PROG "heapband_print"

struct compare {
    struct hb_options o;
    struct hb_rule *parsed;
    char **broken;            /* messages of the broken rules */
    size_t nbroken;
};

static void parse_rules(struct compare *c)
{
    c->parsed = calloc(c->o.nrules ? c->o.nrules : 1, sizeof *c->parsed);
    c->broken = calloc(c->o.nrules ? c->o.nrules : 1, sizeof *c->broken);
    if (c->parsed == NULL || c->broken == NULL)
        hb_exit_nomem("reading the --check rules");
    for (size_t i = 0; i < c->o.nrules; i++) {
        struct hb_error err = { HB_ERR_NONE, 0, "" };
        if (hb_rule_parse(c->o.rules[i], &c->parsed[i], &err) < 0) {
            fprintf(stderr, PROG ": rule '%s': %s\n", c->o.rules[i], err.msg);
            exit(HB_EXIT_BAD_INPUT);
        }
        if (!c->o.diff && hb_rule_is_relative(&c->parsed[i])) {
            fprintf(stderr, PROG ": rule '%s': column %zu: a relative limit "
                    "needs an old file to compare with (--diff OLD NEW "
                    "--check RULE)\n", c->o.rules[i], c->parsed[i].value_column);
            exit(HB_EXIT_BAD_INPUT);
        }
    }
}

static void check_args(struct compare *c)
{
    size_t want = c->o.diff ? 2 : 1;
    if (c->o.npaths != want) {
        if (c->o.diff)
            fprintf(stderr, PROG ": --diff needs two files, OLD and NEW "
                    "(got %zu)\n", c->o.npaths);
        else
            fprintf(stderr, PROG ": --check needs one file (got %zu); to "
                    "compare two, add --diff OLD NEW\n", c->o.npaths);
        exit(HB_EXIT_BAD_INPUT);
    }
    const struct hb_options *o = &c->o;
    if (!c->o.diff) {
        /* --check alone writes the rules' verdicts and nothing else. */
        const char *chart_only = o->png ? "--png" : o->svg ? "--svg"
                                 : o->format_given ? "--format"
                                 : o->align_given ? "--align" : NULL;
        if (chart_only != NULL)
            hb_option_error(chart_only, "draws the difference chart: it "
                            "needs --diff OLD NEW");
    }
    if (o->sites)
        hb_option_error("--sites", "does not apply to --diff and --check");
    if (o->sel.kind == HB_CHART_LIFETIME)
        hb_option_error("--chart", "--diff draws live or allocs charts, not "
                        "lifetime");
    if (o->align == HB_ALIGN_FRACTION && (o->from_text || o->to_text))
        hb_option_error(o->from_text ? "--from" : "--to",
                        "does not apply with --align=fraction");
}

/* Build the difference chart; on a selection error or out of memory, say
 * so and return the exit status (0 if built). */
static int build_diff(const struct hb_file *o, const struct hb_file *n,
                      const struct hb_options *opt, size_t max_cols,
                      struct hb_chart *ch)
{
    struct hb_selection sel = opt->sel;
    struct hb_error err = { 0 };
    sel.max_cols = max_cols;
    if (hb_diff_chart_build(o, n, &sel, opt->align, ch, &err) == 0)
        return 0;
    hb_error_print(&err, NULL);
    return hb_error_status(&err);
}

/* The difference chart in text (after the report: the chart is built
 * first, so that a bad selection is reported before anything is written),
 * CSV or JSON; 0 or the status of a chart that cannot be built. */
static int write_diff_text(const struct compare *c, const struct hb_file *o,
                           const struct hb_file *n)
{
    const struct hb_options *opt = &c->o;
    struct hb_chart ch;
    int width = opt->width ? opt->width : hb_term_width();
    size_t gutter = 7;
    for (;;) {                  /* as main.c: the gutter depends on rows */
        int r = build_diff(o, n, opt, hb_ascii_plot_width(width, gutter),
                           &ch);
        if (r != 0)
            return r;
        size_t need = hb_ascii_gutter(&ch);
        if (need <= gutter || ch.ncols <= hb_ascii_plot_width(width, need))
            break;
        hb_chart_free(&ch);
        gutter = need;
    }
    if (opt->format == HB_FORMAT_CSV) {
        hb_export_csv(stdout, &ch);
    } else if (opt->format == HB_FORMAT_JSON) {
        hb_export_json(stdout, &ch, hb_stat_words[opt->sel.stat],
                       hb_weight_words[opt->sel.weight]);
    } else {
        struct hb_error err = { HB_ERR_NONE, 0, "" };
        if (hb_diff_report(stdout, o, n, c->o.paths[0], c->o.paths[1], &err) < 0) {
            hb_error_print(&err, NULL);
            hb_chart_free(&ch);
            return hb_error_status(&err);
        }
        if (hb_diff_same_data(o, n)) {
            hb_chart_free(&ch);
            return 0;
        }
        struct hb_ascii_opts ao = {
            width, 0, hb_term_color_mode(opt->color), opt->unicode, opt->scale,
            opt->palette
        };
        fputc('\n', stdout);
        hb_ascii_render_diff(stdout, &ch, &ao);
    }
    hb_chart_free(&ch);
    return 0;
}

static int write_diff_image(const struct hb_file *o, const struct hb_file *n,
                            const struct hb_options *opt, const char *path,
                            int is_svg)
{
    struct hb_chart ch;
    struct hb_image_opts io = { opt->image_w, opt->image_h, opt->palette,
                                opt->scale };
    int r = build_diff(o, n, opt, (size_t)hb_image_max_columns(&io), &ch);
    if (r != 0)
        return r;
    return hb_write_image_file(&ch, &io, path, is_svg);
}

/* The report, the chart and the images; 0, 1, 2 or 3. */
static int write_diff(const struct compare *c, const struct hb_file *o,
                      const struct hb_file *n)
{
    const struct hb_options *opt = &c->o;
    int text = opt->format_given || (opt->png == NULL && opt->svg == NULL);
    int status = 0, r;
    if (text && (r = write_diff_text(c, o, n)) != 0)
        return r;
    if (opt->png && (r = write_diff_image(o, n, opt, opt->png, 0)) != 0) {
        if (r != HB_EXIT_OUTPUT)
            return r;
        status = r;
    }
    if (opt->svg && (r = write_diff_image(o, n, opt, opt->svg, 1)) != 0)
        status = r;
    return status;
}

/* Evaluate every rule before anything is written: a rule that cannot be
 * evaluated (a size range off the file's bands) is bad input, exit 2.
 * The broken ones' messages go into c->broken. */
static int eval_rules(struct compare *c, const struct hb_file *o,
                      const struct hb_file *n)
{
    char msg[512];
    for (size_t i = 0; i < c->o.nrules; i++) {
        struct hb_error err = { HB_ERR_NONE, 0, "" };
        int r = hb_rule_eval(&c->parsed[i], n, o, msg, sizeof msg, &err);
        if (r < 0) {
            fprintf(stderr, PROG ": rule '%s': %s\n", c->parsed[i].text,
                    err.msg);
            return -1;
        }
        if (r == 0) {
            char *m = malloc(strlen(msg) + 1);
            if (m == NULL) {
                hb_error_nomem(&err, "checking the rules");
                hb_error_print(&err, NULL);
                return -1;
            }
            strcpy(m, msg);
            c->broken[c->nbroken++] = m;
        }
    }
    return 0;
}

/* The verdicts, on standard output: one line per broken rule and "N of M
 * rules broken", or "all N rules hold" ("the rule holds").  0 or 1. */
static int print_verdicts(const struct compare *c)
{
    if (c->o.nrules == 0)
        return 0;
    if (c->o.diff && !(c->o.format_given && c->o.format != HB_FORMAT_TEXT)
        && (c->o.format_given || (!c->o.png && !c->o.svg)))
        fputc('\n', stdout);
    for (size_t i = 0; i < c->nbroken; i++)
        printf("%s\n", c->broken[i]);
    if (c->nbroken == 0)
        printf(c->o.nrules == 1 ? "the rule holds\n" : "all %zu rules hold\n",
               c->o.nrules);
    else
        printf("%zu of %zu rule%s broken\n", c->nbroken, c->o.nrules,
               c->o.nrules == 1 ? "" : "s");
    return c->nbroken ? 1 : 0;
}

int hb_compare_main(int argc, char **argv)
{
    struct compare c;
    memset(&c, 0, sizeof c);
    hb_parse_args(&c.o, HB_CMD_DIFF, argc, argv);
    check_args(&c);
    parse_rules(&c);

    struct hb_file files[2];
    for (size_t i = 0; i < c.o.npaths; i++) {
        struct hb_error load_err = { HB_ERR_NONE, 0, "" };
        if (hb_load_file(c.o.paths[i], &files[i], &load_err) < 0) {
            hb_error_print(&load_err, c.o.paths[i]);
            for (size_t k = 0; k < i; k++)
                hb_file_free(&files[k]);
            hb_options_free(&c.o);
            free(c.parsed);
            free(c.broken);
            return hb_error_status(&load_err);
        }
    }
    const struct hb_file *o = c.o.diff ? &files[0] : NULL;
    const struct hb_file *n = &files[c.o.npaths - 1];
    int status = 0;
    struct hb_error err = { HB_ERR_NONE, 0, "" };
    if (c.o.diff && hb_diff_compatible(o, n, &err) < 0) {
        fprintf(stderr, PROG ": cannot compare %s and %s: %s\n", c.o.paths[0],
                c.o.paths[1], err.msg);
        status = HB_EXIT_BAD_INPUT;
    } else if ((c.o.diff && hb_resolve_range((const struct hb_file *[]){ n, o },
                                           2, &c.o) < 0)
               || eval_rules(&c, o, n) < 0) {
        status = HB_EXIT_BAD_INPUT;
    } else {
        if (c.o.diff)
            status = write_diff(&c, o, n);
        if (status == 0 || status == HB_EXIT_OUTPUT) {
            int r = print_verdicts(&c);
            if (r != 0)
                status = r;
        }
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, PROG ": error writing the output\n");
        if (status == 0)
            status = HB_EXIT_OUTPUT;
    }
    for (size_t i = 0; i < c.o.npaths; i++)
        hb_file_free(&files[i]);
    for (size_t i = 0; i < c.nbroken; i++)
        free(c.broken[i]);
    free(c.broken);
    hb_options_free(&c.o);
    free(c.parsed);
    return status;
}
