/* cmd_chart.h -- the chart command, heapband_print [OPTION]... FILE, and
 * the steps of writing a chart that the diff command (cmd_diff.h) shares.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Owns: which options go together for a chart, and which outputs are
 * written (text chart, CSV, JSON, --sites, PNG, SVG), each from a chart
 * built for its size: the text width or the image's plot.
 * Invariant: an output's chart is built before the output writes anything,
 * so that a selection that cannot be drawn is reported with nothing
 * written, and text is written before any image.  Cost: one chart build
 * per output (a second one for text when the row labels are wider than
 * guessed), on top of reading the file (load.h).
 */
#ifndef HEAPBAND_PRINT_CMD_CHART_H
#define HEAPBAND_PRINT_CMD_CHART_H

#include <stddef.h>

#include "ascii.h"
#include "chart.h"
#include "cli.h"
#include "error.h"
#include "export.h"

/* Run the chart command; returns the exit status: 0, 1 when an output
 * could not be written, 2 on bad input or options, 3 out of memory. */
int hb_cmd_chart(int argc, char **argv);

/* ------------------------------------------------ shared with cmd_diff.c */

struct hb_chart_job;

/* Build the job's chart of the selection sel (the options' selection, its
 * max_cols set for the output) into *ch.  Returns 0, or -1 with err set. */
typedef int hb_chart_builder(const struct hb_chart_job *job,
                             const struct hb_selection *sel,
                             struct hb_chart *ch, struct hb_error *err);

/* Write the job's text output for --format=text: ch was built for a line
 * of `width` characters.  Returns 0, or an exit status after printing the
 * error. */
typedef int hb_text_writer(const struct hb_chart_job *job,
                           const struct hb_chart *ch, int width);

/* Choose the rows of the text chart ch (--format=text), built for a line
 * of `width` characters.  Returns 0, or -1 with err set. */
typedef int hb_text_fitter(const struct hb_chart_job *job,
                           struct hb_chart *ch, int width,
                           struct hb_error *err);

/* What a command draws: a chart of one file, or of the difference of two. */
struct hb_chart_job {
    const struct hb_options *o;
    const struct hb_file *const *files;   /* the command's files, in order */
    hb_chart_builder *build;
    hb_text_writer *write_text;
    size_t gutter_guess;        /* characters the text chart's row labels
                                   and axis take, before they are known */
    hb_text_fitter *fit_text;   /* or NULL: the rows as built */
    hb_json_member *json_more;  /* NULL, or a member the command adds to
                                   the JSON export (export.h), called with
                                   the job */
    const void *ctx;            /* the command's own data for write_text
                                   and json_more */
};

/* The options of a text chart `width` characters wide. */
struct hb_ascii_opts hb_text_options(const struct hb_options *o, int width,
                                     int graph_height);

/* The job's outputs: the text (asked for with --format or --sites, or
 * when no image is: CSV, JSON, or job->write_text), then the PNG, then the
 * SVG.  Returns 0; or HB_EXIT_OUTPUT when an image could not be written
 * (the next is still written); or at once the status of a chart that
 * could not be built. */
int hb_write_outputs(const struct hb_chart_job *job);

struct hb_suppressions;

/* Read the --suppressions files of o into *s.  Returns 0, or the exit
 * status after printing the error (FILE:LINE for a bad line). */
int hb_read_suppressions(const struct hb_options *o,
                         struct hb_suppressions *s);

#endif
