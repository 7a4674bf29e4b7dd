/* cmd_chart.c -- the chart command: see cmd_chart.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#define _POSIX_C_SOURCE 200809L
#include "cmd_chart.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ascii_fit.h"
#include "band_merge.h"
#include "chart_build.h"
#include "cmd_export.h"
#include "export.h"
#include "html.h"
#include "img_file.h"
#include "leaks.h"
#include "load.h"
#include "sites.h"
#include "stack_match.h"
#include "term.h"
#include "write_errors.h"

#define PROG HB_PROGRAM_NAME
/* The first guess of the text chart's gutter (row labels and axis). */
#define CHART_GUTTER_GUESS 5

/* ------------------------------ writing a chart (shared with cmd_diff.c) */

/* Build the job's chart; 0, or the exit status after printing the error. */
static int build_chart(const struct hb_chart_job *job, size_t max_cols,
                       struct hb_chart *ch)
{
    struct hb_selection sel = job->o->sel;
    struct hb_error err = { .kind = HB_ERR_NONE };
    sel.max_cols = max_cols;
    if (job->build(job, &sel, ch, &err) == 0)
        return 0;
    hb_error_print(&err, NULL);
    return hb_error_status(&err);
}

/* Give a text chart its rows (job->fit_text); 0, or the exit status
 * after printing the error (the chart is freed). */
static int fit_text(const struct hb_chart_job *job, int width,
                    struct hb_chart *ch)
{
    struct hb_error err = { .kind = HB_ERR_NONE };
    if (job->fit_text == NULL || job->o->format != HB_FORMAT_TEXT
        || job->o->sites || job->fit_text(job, ch, width, &err) == 0)
        return 0;
    hb_chart_free(ch);
    hb_error_print(&err, NULL);
    return hb_error_status(&err);
}

/* Build the chart for a text width: the gutter depends on the labels of
 * the rows chosen, so build once, measure, and rebuild if it does not
 * fit.  Returns 0 or the exit status of the error. */
static int build_for_width(const struct hb_chart_job *job, int width,
                           struct hb_chart *ch)
{
    size_t gutter = job->gutter_guess;
    for (;;) {
        int r = build_chart(job, hb_ascii_plot_width(width, gutter), ch);
        if (r == 0)
            r = fit_text(job, width, ch);
        if (r != 0)
            return r;
        size_t need = hb_ascii_gutter(ch);
        if (need <= gutter || ch->ncols <= hb_ascii_plot_width(width, need))
            return 0;
        hb_chart_free(ch);
        gutter = need;
    }
}

/* Write the chart as CSV or JSON when --format asks for one; returns 1 if
 * it did, 0 for --format=text. */
static int write_export(const struct hb_chart_job *job,
                        const struct hb_chart *ch)
{
    const struct hb_options *o = job->o;
    if (o->sites)
        return 0;    /* the site reports write their own CSV and JSON */
    if (o->format == HB_FORMAT_CSV)
        hb_export_csv(stdout, ch);
    else if (o->format == HB_FORMAT_JSON)
        hb_export_json(stdout, ch, hb_stat_words[o->sel.stat],
                       hb_weight_words[o->sel.weight], job->json_more, job);
    /* Markdown is the text writer's (the diff report). */
    return o->format == HB_FORMAT_CSV || o->format == HB_FORMAT_JSON;
}

struct hb_ascii_opts hb_text_options(const struct hb_options *o, int width,
                                     int graph_height)
{
    /* A chart of one file is shaded on a log scale unless --scale says
     * otherwise: with nine shades, a linear scale draws a band of 1% of
     * the largest band's bytes as it draws one of 10% (the manual's
     * "Shading" gives the measurements).  A difference chart keeps the
     * linear scale (cmd_diff.c): its cells are changes, of either sign. */
    enum hb_scale scale = o->scale_given ? o->scale : HB_SCALE_LOG;
    struct hb_ascii_opts ao = {
        .width = width, .graph_height = graph_height,
        .color = hb_term_color_mode(o->color), .unicode = o->unicode,
        .scale = scale, .palette = o->palette
    };
    return ao;
}

/* The text outputs; 0 or the status of the error. */
static int write_text(const struct hb_chart_job *job)
{
    const struct hb_options *o = job->o;
    struct hb_chart ch;
    int width = o->width ? o->width : hb_term_width();
    int r = build_for_width(job, width, &ch);
    if (r != 0)
        return r;
    if (!write_export(job, &ch))
        r = job->write_text(job, &ch, width);
    hb_chart_free(&ch);
    return r;
}

/* Returns 0, HB_EXIT_OUTPUT, or the status of a chart that cannot be
 * built. */
static int write_image(const struct hb_chart_job *job, const char *path,
                       int is_svg)
{
    const struct hb_options *o = job->o;
    struct hb_image_opts io = { .width = o->image_w, .height = o->image_h,
                                .palette = o->palette, .scale = o->scale };
    struct hb_chart ch;
    /* At most a column per pixel of the plot, so that no two columns share
     * a pixel. */
    int r = build_chart(job, (size_t)hb_image_max_columns(&io), &ch);
    if (r != 0)
        return r;
    struct hb_error err = { .kind = HB_ERR_NONE };
    r = hb_render_image(&ch, &io, path, is_svg, &err);
    hb_chart_free(&ch);
    if (r == 0)
        return 0;
    /* Whatever its kind, an image's error names the file. */
    hb_output_error(path, err.msg);
    return hb_error_status(&err);
}

int hb_write_outputs(const struct hb_chart_job *job)
{
    const struct hb_options *o = job->o;
    if (o->format_given || o->sites
        || (o->png == NULL && o->svg == NULL && o->html == NULL
            && !hb_exports_wanted(o))) {
        int r = write_text(job);
        if (r != 0)
            return r;
    }
    const char *images[2] = { o->png, o->svg };
    int status = HB_EXIT_OK;
    for (int is_svg = 0; is_svg < 2; is_svg++) {
        if (images[is_svg] == NULL)
            continue;
        int r = write_image(job, images[is_svg], is_svg);
        if (r == HB_EXIT_OUTPUT)
            status = r;
        else if (r != 0)
            return r;
    }
    if (o->html != NULL) {
        int r = hb_write_html(job);
        if (r != HB_EXIT_OUTPUT && r != 0)
            return r;
        status = r ? r : status;
    }
    return status;
}

int hb_read_suppressions(const struct hb_options *o,
                         struct hb_suppressions *s)
{
    for (size_t i = 0; i < o->nsuppressions; i++) {
        struct hb_error err = { .kind = HB_ERR_NONE };
        if (hb_suppressions_load(s, o->suppressions[i], &err) < 0) {
            hb_error_print(&err, o->suppressions[i]);
            return hb_error_status(&err);
        }
    }
    return 0;
}

/* -------------------------------------------------------- the command */

static void check_combinations(const struct hb_options *o)
{
    if (o->npaths == 0) {
        fprintf(stderr, PROG ": no input file (see --help)\n");
        exit(HB_EXIT_BAD_INPUT);
    }
    if (o->format == HB_FORMAT_MARKDOWN)
        hb_option_error("--format", "markdown applies to --diff OLD NEW "
                        "only");
    if (o->sel.kind == HB_CHART_LIFETIME && (o->from_text || o->to_text))
        hb_option_error(o->from_text ? "--from" : "--to",
                        "does not apply to --chart=lifetime (lifetimes cover "
                        "the whole run)");
    if (o->sel.has_min_size && o->sel.has_max_size
        && o->sel.min_size > o->sel.max_size)
        hb_option_error("--min-size", "larger than --max-size");
    if (o->sel.kind == HB_CHART_SLOP && o->stat_given
        && o->sel.stat == HB_STAT_AVG)
        hb_option_error("--stat", "--chart=slop shows max or end (a band's "
                        "slop is not averaged over time)");
    if (o->align_given)
        hb_option_error("--align", "applies to --diff OLD NEW only");
    if ((o->site_by_given || o->site_threshold_given) && !o->sites
        && !hb_exports_wanted(o)
        && !(o->leaks && o->format != HB_FORMAT_TEXT))
        hb_option_error(o->site_by_given ? "--by" : "--threshold",
                        "applies to --sites and the exports only");
    if (o->pprof != NULL && o->site_by >= HB_SITE_BY_DEFINITELY)
        hb_option_error("--by", "a leak kind applies to --sites, --folded "
                        "and the site tables, not --pprof (its in-use "
                        "samples are at the peak or, with --by=exit, at "
                        "exit)");
    if (o->leaks && (o->sites || o->png || o->svg || o->html))
        hb_option_error("--leaks", "writes its report alone (not with "
                        "--sites, --png, --svg or --html)");
    if (o->nsuppressions > 0 && !o->leaks)
        hb_option_error("--suppressions", "applies to --leaks and --check");
}

/* --leaks: the report, suppressions applied.  Returns the exit status. */
static int write_leaks(const struct hb_options *o, const struct hb_file *f)
{
    struct hb_suppressions supp = { .patterns = NULL, .npatterns = 0 };
    struct hb_error err = { .kind = HB_ERR_NONE };
    int status = hb_read_suppressions(o, &supp);
    if (status == 0 && o->format != HB_FORMAT_TEXT)
        status = hb_write_site_table(o, f, &supp);
    else if (status == 0
             && hb_leaks_report(stdout, f, &supp, o->leaks == 2,
                                o->width ? o->width : hb_term_width(),
                                &err) < 0) {
        hb_error_print(&err, NULL);
        status = hb_error_status(&err);
    }
    hb_suppressions_free(&supp);
    return status;
}

/* The chart of the file; with --bands=STEP, on rows of that step (every
 * output).  --bands=auto is the text chart's (fit_file_text). */
static int build_file_chart(const struct hb_chart_job *job,
                            const struct hb_selection *sel,
                            struct hb_chart *ch, struct hb_error *err)
{
    if (hb_chart_build(job->files[0], sel, ch, err) < 0)
        return -1;
    unsigned step = job->o->bands_step;
    if (step != 0 && step != ch->row_step
        && hb_chart_merge_bands(ch, job->files[0], step, err) < 0) {
        hb_chart_free(ch);
        return -1;
    }
    return 0;
}

/* The lines the text chart fits in: --height, $LINES, the terminal's. */
static int text_lines(const struct hb_options *o)
{
    return o->height ? o->height : hb_term_height();
}

/* The text chart's rows: merged until it fits the terminal
 * (--bands=auto), empty edges dropped unless --min-size or --max-size
 * chose the rows. */
static int fit_file_text(const struct hb_chart_job *job, struct hb_chart *ch,
                         int width, struct hb_error *err)
{
    const struct hb_options *o = job->o;
    int lines = text_lines(o);
    struct hb_ascii_opts ao = hb_text_options(o, width,
                                              hb_term_graph_height(lines));
    if (hb_ascii_fit_rows(ch, job->files[0], o->bands_step, lines,
                          o->sel.has_min_size || o->sel.has_max_size, &ao,
                          err) < 0)
        return -1;
    /* A row's peak is not recorded: the sum of its bands' peaks is what
     * a merged row can show. */
    if (o->sel.kind != HB_CHART_ALLOCS && o->sel.stat == HB_STAT_MAX
        && ch->row_step > ch->file_step) {
        char *label = strdup(o->sel.kind == HB_CHART_SLOP
                             ? "peak live slop summed over a row's bands"
                             : "peak live bytes summed over a row's bands");
        if (label == NULL)
            return hb_error_nomem(err, "building the chart");
        free((char *)ch->value_label);
        ch->value_label = label;
    }
    return 0;
}

/* The text chart, or --sites (the sites of the chart's rows when
 * --min-size or --max-size chose them).  Returns 0 or an exit status. */
static int write_file_text(const struct hb_chart_job *job,
                           const struct hb_chart *ch, int width)
{
    const struct hb_options *o = job->o;
    if (o->sites && o->format != HB_FORMAT_TEXT)
        return hb_write_site_table(o, job->files[0], NULL);
    if (o->sites) {
        int chosen = o->sel.has_min_size || o->sel.has_max_size;
        struct hb_sites_opts so = {
            .by = o->site_by, .threshold = o->site_threshold,
            .ranked = o->site_by_given || o->site_threshold_given
        };
        struct hb_error err = { .kind = HB_ERR_NONE };
        if (hb_sites_report(stdout, job->files[0],
                            chosen ? ch->first_band : 0,
                            chosen ? hb_band_of_size(job->files[0],
                                            ch->row_hi[ch->nrows - 1])
                                   : UINT64_MAX, &so, &err) < 0) {
            hb_error_print(&err, NULL);
            return hb_error_status(&err);
        }
    } else {
        struct hb_ascii_opts ao = hb_text_options(
            o, width, hb_term_graph_height(text_lines(o)));
        hb_ascii_render(stdout, ch, &ao);
    }
    return 0;
}

int hb_cmd_chart(int argc, char **argv)
{
    struct hb_options o;
    hb_parse_args(&o, HB_CMD_CHART, argc, argv);
    check_combinations(&o);

    struct hb_file f;
    struct hb_error err = { .kind = HB_ERR_NONE };
    if (hb_load_file(o.paths[0], &f, &err) < 0) {
        hb_error_print(&err, o.paths[0]);
        hb_options_free(&o);
        return hb_error_status(&err);
    }
    if (o.sel.kind == HB_CHART_SLOP && !o.stat_given)
        o.sel.stat = HB_STAT_MAX;
    if (o.sel.kind == HB_CHART_SLOP && !f.allocator_program && !o.leaks) {
        fprintf(stderr, PROG ": %s: no slop recorded (%s): --chart=slop "
                "needs a run with --allocator=program\n", o.paths[0],
                f.version < 4 ? "format version below 4"
                              : "allocator: valgrind");
        hb_file_free(&f);
        hb_options_free(&o);
        return HB_EXIT_BAD_INPUT;
    }
    const struct hb_file *files[1] = { &f };
    struct hb_chart_job job = {
        .o = &o, .files = files, .build = build_file_chart,
        .write_text = write_file_text, .gutter_guess = CHART_GUTTER_GUESS,
        .fit_text = fit_file_text, .json_more = NULL, .ctx = NULL
    };
    int status;
    if (hb_resolve_range(files, 1, &o) < 0) {
        status = HB_EXIT_BAD_INPUT;
    } else {
        status = o.leaks ? write_leaks(&o, &f) : hb_write_outputs(&job);
        if (status == HB_EXIT_OK || status == HB_EXIT_OUTPUT) {
            int r = hb_write_exports(&o, &f);
            if (r != HB_EXIT_OK)
                status = r;
        }
        if (status == HB_EXIT_OK || status == HB_EXIT_OUTPUT)
            status = hb_stdout_status(status);
    }
    hb_file_free(&f);
    hb_options_free(&o);
    return status;
}
