/* cmd_diff.c -- the diff command (--diff, --check): see cmd_diff.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#define _POSIX_C_SOURCE 200809L
#include "cmd_diff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci_report.h"
#include "ascii_fit.h"
#include "band_merge.h"
#include "cmd_chart.h"
#include "diff_chart.h"
#include "diff_report.h"
#include "leaks.h"
#include "load.h"
#include "outfile.h"
#include "rules.h"
#include "site_diff.h"
#include "stack_match.h"
#include "term.h"
#include "write_errors.h"

#define PROG HB_PROGRAM_NAME
/* The first guess of the difference chart's gutter (row labels and
 * axis). */
#define DIFF_GUTTER_GUESS 7
#define VERDICT_MAX 512

/* One run of the command: its options and its rules. */
struct diff_run {
    struct hb_options o;
    struct hb_rule *rules;       /* o.rules parsed, o.nrules of them */
    char **verdicts;             /* every rule's verdict, with its figures */
    unsigned char *holds;        /* whether rule i holds */
    size_t nbroken;
};

static void check_args(const struct hb_options *o)
{
    size_t want = o->diff ? 2 : 1;
    if (o->npaths != want) {
        if (o->diff)
            fprintf(stderr, PROG ": --diff needs two files, OLD and NEW "
                    "(got %zu)\n", o->npaths);
        else
            fprintf(stderr, PROG ": --check needs one file (got %zu); to "
                    "compare two, add --diff OLD NEW\n", o->npaths);
        exit(HB_EXIT_BAD_INPUT);
    }
    if (!o->diff) {
        /* --check alone writes the rules' verdicts and nothing else. */
        const char *chart_only = o->png ? "--png" : o->svg ? "--svg"
                                 : o->html ? "--html"
                                 : o->format_given ? "--format"
                                 : o->align_given ? "--align" : NULL;
        if (chart_only != NULL)
            hb_option_error(chart_only, "draws the difference chart: it "
                            "needs --diff OLD NEW");
    }
    if (o->diff_sites_given && !o->diff)
        hb_option_error("--diff-sites", "applies to --diff OLD NEW only");
    if (o->diff_sites_given && (o->format == HB_FORMAT_CSV
                                || o->format == HB_FORMAT_JSON))
        hb_option_error("--diff-sites", "applies to the text report only "
                        "(not with --format=%s)",
                        o->format == HB_FORMAT_CSV ? "csv" : "json");
    if (o->junit != NULL && o->nrules == 0)
        hb_option_error("--junit", "writes the verdicts of --check rules: "
                        "give at least one");
    if (o->junit != NULL && o->diff && strcmp(o->junit, "-") == 0)
        hb_option_error("--junit", "standard output holds the --diff "
                        "report: give --junit a file name");
    if (o->sites)
        hb_option_error("--sites", "does not apply to --diff and --check");
    if (o->leaks)
        hb_option_error("--leaks", "does not apply to --diff and --check");
    if (o->sel.kind == HB_CHART_LIFETIME || o->sel.kind == HB_CHART_SLOP)
        hb_option_error("--chart", "--diff draws live or allocs charts, not "
                        "%s", o->sel.kind == HB_CHART_SLOP ? "slop"
                                                           : "lifetime");
    if (o->align != HB_ALIGN_TIME && (o->from_text || o->to_text))
        hb_option_error(o->from_text ? "--from" : "--to",
                        "does not apply with --align=%s",
                        o->align == HB_ALIGN_MARKS ? "marks" : "fraction");
}

static void parse_rules(struct diff_run *run)
{
    const struct hb_options *o = &run->o;
    size_t n = o->nrules ? o->nrules : 1;
    run->rules = calloc(n, sizeof *run->rules);
    run->verdicts = calloc(n, sizeof *run->verdicts);
    run->holds = calloc(n, 1);
    if (run->rules == NULL || run->verdicts == NULL || run->holds == NULL)
        hb_exit_nomem("reading the --check rules");
    for (size_t i = 0; i < o->nrules; i++) {
        struct hb_error err = { .kind = HB_ERR_NONE };
        if (hb_rule_parse(o->rules[i], &run->rules[i], &err) < 0) {
            fprintf(stderr, PROG ": rule '%s': %s\n", o->rules[i], err.msg);
            exit(HB_EXIT_BAD_INPUT);
        }
        if (!o->diff && hb_rule_is_relative(&run->rules[i])) {
            fprintf(stderr, PROG ": rule '%s': column %zu: a relative limit "
                    "needs an old file to compare with (--diff OLD NEW "
                    "--check RULE)\n", o->rules[i],
                    run->rules[i].value_column);
            exit(HB_EXIT_BAD_INPUT);
        }
    }
}

/* files[0] is OLD, files[1] NEW.  Without --align: by marks when the
 * runs have the same ones, by time when they do not or --from/--to give
 * times. */
static int build_diff_step(const struct hb_chart_job *job,
                           const struct hb_selection *sel, unsigned step,
                           struct hb_chart *ch, struct hb_error *err)
{
    const struct hb_options *o = job->o;
    struct hb_diff_opts d = { .align = o->align, .min_pct = HB_DIFF_MIN_PCT,
                              .min_amount = -1, .step = step };
    if (!o->align_given)
        d.align = sel->has_from || sel->has_to
                  ? HB_ALIGN_TIME
                  : hb_diff_default_align(job->files[0], job->files[1]);
    if (o->min_change_given) {
        d.min_pct = o->min_change_pct;
        d.min_amount = o->min_change_amount;
    }
    return hb_diff_chart_build(job->files[0], job->files[1], sel, &d, ch,
                               err);
}

/* The chart on the rows of --bands (auto: NEW's bands, fit_diff_text
 * merges them). */
static int build_diff_chart(const struct hb_chart_job *job,
                            const struct hb_selection *sel,
                            struct hb_chart *ch, struct hb_error *err)
{
    return build_diff_step(job, sel, job->o->bands_step, ch, err);
}

static int print_report(FILE *out, const void *ctx)
{
    const struct hb_chart_job *job = ctx;
    const struct hb_options *o = job->o;
    struct hb_error err = { .kind = HB_ERR_NONE };
    struct hb_diff_report_opts ro = {
        .sites = job->ctx, .max_sites = o->diff_sites,
        .markdown = o->format == HB_FORMAT_MARKDOWN };
    return hb_diff_report(out, job->files[0], job->files[1], o->paths[0],
                          o->paths[1], &ro, &err);
}

/* The lines of the report above the chart, and the blank line after it;
 * -1 out of memory or a report that cannot be written. */
static long report_lines(const struct hb_chart_job *job)
{
    long n = hb_count_printed_lines(print_report, job);
    return n < 0 ? -1 : n + 1;
}

/* The rows of a difference chart when neither the report and the chart
 * nor the chart alone fit: the finest step that draws the bands in at most
 * this many lines (the chart's other lines are fixed). */
#define DIFF_MIN_FIT_ROWS 12
/* Fewer lines of rows than this do not buy the report a place on screen:
 * the chart alone fits instead, with more rows. */
#define DIFF_FEW_ROWS 8

/* The lines of the difference chart at `step` (0: ch's own) into *n, the
 * chart built into *c (ch itself for its own step).  0, or -1 with err. */
static int diff_lines_at(const struct hb_chart_job *job,
                         const struct hb_selection *sel, unsigned step,
                         struct hb_chart *ch, struct hb_chart *c,
                         const struct hb_ascii_opts *ao, long *n,
                         struct hb_error *err)
{
    if (step == ch->row_step)
        *c = *ch;
    else if (build_diff_step(job, sel, step, c, err) < 0)
        return -1;
    if ((*n = hb_ascii_count_lines(c, ao)) >= 0)
        return 0;
    if (step != ch->row_step)
        hb_chart_free(c);
    return hb_error_nomem(err, "fitting the chart to the terminal");
}

/* --bands=auto for the difference chart, as for one file's
 * (ascii_fit.h): rows merged, both runs before they are subtracted, into
 * the finest step at which the report and the chart fit the lines with at
 * least DIFF_FEW_ROWS lines of rows; when none does (a long report), the
 * finest at which the chart alone does (the report scrolls away, the chart
 * stays whole on screen); else the finest that draws the bands in at most
 * DIFF_MIN_FIT_ROWS lines.  Empty runs of rows are folded as they are
 * drawn (ascii.c). */
static int fit_diff_text(const struct hb_chart_job *job, struct hb_chart *ch,
                         int width, struct hb_error *err)
{
    const struct hb_options *o = job->o;
    if (o->bands_step != 0
        || hb_diff_same_data(job->files[0], job->files[1]))
        return 0;
    int lines = o->height ? o->height : hb_term_height();
    struct hb_ascii_opts ao = hb_text_options(o, width,
                                              hb_term_graph_height(lines));
    ao.scale = o->scale;
    long report = report_lines(job), at[64];
    unsigned steps[64];
    size_t k = 0;
    if (report < 0)
        return hb_error_nomem(err, "fitting the chart to the terminal");
    struct hb_selection sel = o->sel;
    sel.max_cols = ch->ncols;
    for (unsigned s = ch->row_step; s <= HB_BANDS_COARSEST && k < 64;
         s *= 2) {
        struct hb_chart c;
        if (diff_lines_at(job, &sel, s, ch, &c, &ao, &at[k], err) < 0)
            return -1;
        if (s != ch->row_step)
            hb_chart_free(&c);
        steps[k++] = s;
        if (at[k - 1] < lines && k > 1 && at[k - 1] == at[k - 2])
            break;              /* merging no longer changes it */
    }
    /* The lines that are not rows: those of the coarsest chart but one. */
    long fixed = at[k - 1] - 1;
    size_t pick = k;
    for (size_t i = 0; i < k && pick == k; i++)
        if (report + at[i] < lines && at[i] - fixed >= DIFF_FEW_ROWS)
            pick = i;           /* report and chart, with rows to read */
    for (size_t i = 0; i < k && pick == k; i++)
        if (at[i] < lines)
            pick = i;           /* the chart alone, the report scrolls */
    for (size_t i = 0; i < k && pick == k; i++)
        if (at[i] - fixed <= DIFF_MIN_FIT_ROWS)
            pick = i;
    unsigned step = steps[pick < k ? pick : k - 1];
    if (step == ch->row_step)
        return 0;
    struct hb_chart c;
    if (build_diff_step(job, &sel, step, &c, err) < 0)
        return -1;
    hb_chart_free(ch);
    *ch = c;
    return 0;
}

/* The report, then the difference chart unless the files hold the same
 * data (the chart was built first, so that a bad selection is reported
 * before anything is written).  Returns 0 or the status of the error. */
static int write_diff_text(const struct hb_chart_job *job,
                           const struct hb_chart *ch, int width)
{
    const struct hb_options *o = job->o;
    const struct hb_file *old_file = job->files[0], *new_file = job->files[1];
    struct hb_error err = { .kind = HB_ERR_NONE };
    int md = o->format == HB_FORMAT_MARKDOWN;
    struct hb_diff_report_opts ro = { .sites = job->ctx,
                                      .max_sites = o->diff_sites,
                                      .markdown = md };
    if (hb_diff_report(stdout, old_file, new_file, o->paths[0], o->paths[1],
                       &ro, &err) < 0) {
        hb_error_print(&err, NULL);
        return hb_error_status(&err);
    }
    if (!hb_diff_same_data(old_file, new_file)) {
        int lines = o->height ? o->height : hb_term_height();
        struct hb_ascii_opts ao = hb_text_options(o, width,
                                                  hb_term_graph_height(lines));
        ao.scale = o->scale;      /* changes: linear unless --scale */
        /* Markdown: the chart as a text block (no colours in it), folded
         * away until opened, so that a pull-request comment stays short. */
        if (md)
            ao.color = HB_COLOR_NONE;
        fputs(md ? "\n<details><summary>difference chart</summary>\n\n"
                   "```text\n" : "\n", stdout);
        hb_ascii_render_diff(stdout, ch, &ao);
        if (md)
            fputs("```\n\n</details>\n", stdout);
    }
    return 0;
}

/* The diff's JSON member "sites" (export.h); ctx is the job. */
static void json_sites(FILE *out, const void *ctx)
{
    const struct hb_chart_job *job = ctx;
    hb_diff_sites_json(out, job->files[0], job->files[1], job->ctx);
}

/* The outputs of --diff: the sites compared once, for the text report and
 * the JSON export.  Returns the exit status. */
static int write_diff(const struct hb_options *o,
                      const struct hb_file *old_file,
                      const struct hb_file *new_file)
{
    struct hb_site_diff sites;
    struct hb_error err = { .kind = HB_ERR_NONE };
    if (hb_site_diff_build(old_file, new_file, &sites, &err) < 0) {
        hb_error_print(&err, NULL);
        return hb_error_status(&err);
    }
    const struct hb_file *pair[2] = { old_file, new_file };
    struct hb_chart_job job = {
        .o = o, .files = pair, .build = build_diff_chart,
        .write_text = write_diff_text, .gutter_guess = DIFF_GUTTER_GUESS,
        .fit_text = fit_diff_text, .json_more = json_sites, .ctx = &sites
    };
    int status = hb_write_outputs(&job);
    hb_site_diff_free(&sites);
    return status;
}

/* Evaluate every rule before anything is written: a rule that cannot be
 * evaluated (a size range off the file's bands) is bad input.  The broken
 * ones' messages go into run->broken.  Returns 0 or the exit status. */
static int eval_rules(struct diff_run *run, const struct hb_rule_input *old_in,
                      const struct hb_rule_input *new_in)
{
    char verdict[VERDICT_MAX];
    for (size_t i = 0; i < run->o.nrules; i++) {
        struct hb_error err = { .kind = HB_ERR_NONE };
        int r = hb_rule_eval(&run->rules[i], new_in, old_in, verdict,
                             sizeof verdict, &err);
        if (r < 0) {
            fprintf(stderr, PROG ": rule '%s': %s\n", run->rules[i].text,
                    err.msg);
            return hb_error_status(&err);
        }
        char *kept = malloc(strlen(verdict) + 1);
        if (kept == NULL) {
            hb_error_nomem(&err, "checking the rules");
            hb_error_print(&err, NULL);
            return hb_error_status(&err);
        }
        strcpy(kept, verdict);
        run->verdicts[i] = kept;
        run->holds[i] = (unsigned char)r;
        run->nbroken += r == 0;
    }
    return 0;
}

/* eval_rules with the leaked figures leaving out what the sites the
 * --suppressions files match hold at exit (nothing left out without
 * --suppressions).  Returns 0 or the exit status. */
static int eval_unsuppressed(struct diff_run *run,
                             const struct hb_file *old_file,
                             const struct hb_file *new_file)
{
    struct hb_rule_input in[2] = {
        { .file = old_file, .suppressed = NULL },
        { .file = new_file, .suppressed = NULL }
    };
    if (run->o.nsuppressions == 0)
        return eval_rules(run, old_file ? &in[0] : NULL, &in[1]);
    struct hb_suppressions supp = { .patterns = NULL, .npatterns = 0 };
    struct hb_error err = { .kind = HB_ERR_NONE };
    struct hb_suppressed_exit suppressed[2];
    memset(suppressed, 0, sizeof suppressed);
    int status = hb_read_suppressions(&run->o, &supp);
    for (int i = 0; i < 2 && status == 0; i++) {
        if (in[i].file == NULL)
            continue;
        if (hb_leaks_suppressed_exit(in[i].file, &supp, &suppressed[i],
                                     &err) < 0) {
            hb_error_print(&err, NULL);
            status = hb_error_status(&err);
        }
        in[i].suppressed = &suppressed[i];
    }
    if (status == 0)
        status = eval_rules(run, old_file ? &in[0] : NULL, &in[1]);
    hb_suppressed_exit_free(&suppressed[0]);
    hb_suppressed_exit_free(&suppressed[1]);
    hb_suppressions_free(&supp);
    return status;
}

static struct hb_verdicts verdicts_of(const struct diff_run *run)
{
    struct hb_verdicts v = { .rules = run->o.rules, .verdicts = run->verdicts,
                             .holds = run->holds, .n = run->o.nrules };
    return v;
}

/* --junit=FILE, written whole or not at all.  0 or HB_EXIT_OUTPUT. */
static int write_junit(const struct diff_run *run)
{
    const struct hb_options *o = &run->o;
    struct hb_error err = { .kind = HB_ERR_NONE };
    struct hb_outfile file;
    struct hb_verdicts v = verdicts_of(run);
    char suite[64 + HB_LINE_MAX];
    snprintf(suite, sizeof suite, "heapband_print --check %s",
             o->paths[o->npaths - 1]);
    if (hb_outfile_open(&file, o->junit, &err) == 0) {
        hb_junit_write(file.fp, suite, &v);
        if (hb_outfile_commit(&file, &err) == 0)
            return 0;
    }
    hb_output_error(o->junit, err.msg);
    return HB_EXIT_OUTPUT;
}

/* The verdicts, on standard output: one line per broken rule and "N of M
 * rules broken", or "all N rules hold" ("the rule holds"); with
 * --format=markdown a table of every rule; nothing when --junit=- writes
 * them there.  0 or 1. */
static int print_verdicts(const struct diff_run *run)
{
    const struct hb_options *o = &run->o;
    if (o->nrules == 0)
        return 0;
    /* --check --junit=-: the XML alone on standard output. */
    if (o->junit != NULL && strcmp(o->junit, "-") == 0)
        return run->nbroken ? 1 : 0;
    if (o->format == HB_FORMAT_MARKDOWN) {
        struct hb_verdicts v = verdicts_of(run);
        hb_verdicts_markdown(stdout, &v);
        return run->nbroken ? 1 : 0;
    }
    if (o->diff && !(o->format_given && o->format != HB_FORMAT_TEXT)
        && (o->format_given || (!o->png && !o->svg)))
        fputc('\n', stdout);
    for (size_t i = 0; i < o->nrules; i++)
        if (!run->holds[i])
            printf("%s\n", run->verdicts[i]);
    if (run->nbroken == 0)
        printf(o->nrules == 1 ? "the rule holds\n" : "all %zu rules hold\n",
               o->nrules);
    else
        printf("%zu of %zu rule%s broken\n", run->nbroken, o->nrules,
               o->nrules == 1 ? "" : "s");
    return run->nbroken ? 1 : 0;
}

/* Compare the files read (OLD and NEW for --diff, else FILE): the report,
 * the chart and the verdicts.  Returns the exit status. */
static int compare(struct diff_run *run, const struct hb_file *old_file,
                   const struct hb_file *new_file)
{
    struct hb_options *o = &run->o;
    struct hb_error err = { .kind = HB_ERR_NONE };
    int status;
    if (o->diff && hb_diff_compatible(old_file, new_file, &err) < 0) {
        fprintf(stderr, PROG ": cannot compare %s and %s: %s\n", o->paths[0],
                o->paths[1], err.msg);
        status = HB_EXIT_BAD_INPUT;
    } else if (o->diff && hb_resolve_range((const struct hb_file *[]){
                              new_file, old_file }, 2, o) < 0) {
        status = HB_EXIT_BAD_INPUT;
    } else if ((status = eval_unsuppressed(run, old_file, new_file)) == 0) {
        if (o->diff)
            status = write_diff(o, old_file, new_file);
        if (status == HB_EXIT_OK || status == HB_EXIT_OUTPUT) {
            int r = print_verdicts(run);
            if (r != 0)
                status = r;
            if (o->junit != NULL && write_junit(run) != 0
                && status == HB_EXIT_OK)
                status = HB_EXIT_OUTPUT;
        }
    }
    return hb_stdout_status(status);
}

int hb_cmd_diff(int argc, char **argv)
{
    struct diff_run run;
    memset(&run, 0, sizeof run);
    hb_parse_args(&run.o, HB_CMD_DIFF, argc, argv);
    /* The peak of each column: where in a column a block lives (which
     * the environment moves) does not change it. */
    if (!run.o.stat_given)
        run.o.sel.stat = HB_STAT_MAX;
    check_args(&run.o);
    parse_rules(&run);

    struct hb_file files[HB_MAX_INPUTS];
    size_t nloaded = 0;
    int status = HB_EXIT_OK;
    for (; nloaded < run.o.npaths; nloaded++) {
        struct hb_error err = { .kind = HB_ERR_NONE };
        if (hb_load_file(run.o.paths[nloaded], &files[nloaded], &err) < 0) {
            hb_error_print(&err, run.o.paths[nloaded]);
            status = hb_error_status(&err);
            break;
        }
    }
    if (nloaded == run.o.npaths)
        status = compare(&run, run.o.diff ? &files[0] : NULL,
                         &files[nloaded - 1]);
    for (size_t i = 0; i < nloaded; i++)
        hb_file_free(&files[i]);
    for (size_t i = 0; i < run.o.nrules; i++)
        free(run.verdicts[i]);
    free(run.verdicts);
    free(run.holds);
    free(run.rules);
    hb_options_free(&run.o);
    return status;
}
