/* cli.h -- heapband_print's command line: which command it asks for, the
 * one table of options (from which --help is written), and the parsed
 * options that the commands read.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Owns: the option table (name, value or flag, the commands that accept
 * it, its handler and its --help lines), parsing argv with it, --help and
 * --version, and turning --from/--to into times of the files read.
 * Invariant: an option is accepted, described and checked in one table
 * entry; a command line that parses leaves every value checked against
 * its range or list.  Errors are one line on stderr ("heapband_print:
 * option --x: what is wrong") and end the program with status 2; --help
 * and --version end it with status 0.  Cost: one pass over argv and a
 * linear look-up per option in a table of two dozen entries.
 */
#ifndef HEAPBAND_PRINT_CLI_H
#define HEAPBAND_PRINT_CLI_H

#include <stddef.h>

#include "chart.h"
#include "hbfile.h"
#include "palette.h"
#include "selection.h"
#include "site_tree.h"
#include "term.h"

#define HB_PROGRAM_NAME "heapband_print"

/* The commands: a chart of one file, or --diff OLD NEW and --check RULE
 * (with or without --diff).  Bits, so that an option can name both. */
enum hb_command { HB_CMD_CHART = 1, HB_CMD_DIFF = 2 };

/* The most input files a command takes (--diff OLD NEW). */
#define HB_MAX_INPUTS 2

enum hb_out_format { HB_FORMAT_TEXT, HB_FORMAT_CSV, HB_FORMAT_JSON,
                     HB_FORMAT_MARKDOWN };

struct hb_options {
    struct hb_selection sel;
    const char *from_text, *to_text;    /* times or mark names */
    int width, height;                  /* 0: ask the terminal (term.h) */
    unsigned bands_step;                /* --bands: 0 auto, else quarter-
                                           octaves per row (band_merge.h) */
    enum hb_color_choice color;
    int unicode;                        /* --charset=unicode */
    const char *png, *svg;              /* image files, or NULL */
    const char *html;                   /* --html report, or NULL */
    const char *pprof, *folded;         /* exports (cmd_export.h), or NULL */
    const char *massif, *trace_json, *dhat, *heaptrack, *callgrind;
    const char *junit;                  /* --junit=FILE, or NULL */
    int image_w, image_h;
    enum hb_palette palette;
    enum hb_scale scale;
    enum hb_out_format format;
    int format_given;
    int scale_given;          /* --scale given (the text chart's default is
                               * log, the images' linear) */
    int stat_given;                     /* --diff's default is max */
    int sites;
    enum hb_site_metric site_by;        /* --by */
    int site_by_given;
    double site_threshold;              /* --threshold, per cent */
    int site_threshold_given;
    int leaks;                          /* --leaks: 1 lost, 2 all */
    const char **suppressions;          /* --suppressions files */
    size_t nsuppressions;
    enum hb_align align;                /* --diff */
    int align_given;
    double min_change_pct, min_change_amount;  /* --min-change */
    int min_change_given;
    size_t diff_sites;                  /* --diff-sites: SIZE_MAX for all */
    int diff_sites_given;
    int diff;                           /* --diff given */
    const char **rules;                 /* the --check texts, in order */
    size_t nrules;
    const char *paths[HB_MAX_INPUTS];   /* input files ("-": stdin) */
    size_t npaths;
};

/* The words of --stat and --weight, indexed by enum hb_stat and enum
 * hb_weight (the JSON export names the chart's values with them). */
extern const char *const hb_stat_words[];
extern const char *const hb_weight_words[];

/* The command argv asks for: the diff command when an argument names an
 * option only that command accepts (--diff, --check, alone or with
 * "=VALUE"), else the chart command. */
enum hb_command hb_cli_command(int argc, char **argv);

/* Parse argv for the command cmd into *o: the options the table accepts
 * for cmd, and the other arguments (file names, "-" for standard input)
 * into o->paths, at most one for the chart command and two for the diff
 * command.  Free o with hb_options_free(). */
void hb_parse_args(struct hb_options *o, enum hb_command cmd, int argc,
                   char **argv);

void hb_options_free(struct hb_options *o);

/* "heapband_print: option NAME: message" on stderr, then exit status 2. */
__attribute__((noreturn, format(printf, 2, 3)))
void hb_option_error(const char *name, const char *fmt, ...);

/* "heapband_print: out of memory (what)" on stderr, then exit status 3. */
__attribute__((noreturn))
void hb_exit_nomem(const char *what);

/* Resolve --from and --to (o->from_text, o->to_text) into o->sel: a time,
 * or a mark of files[0], else of files[1] ...  Returns 0, or -1 after
 * saying on stderr that the value is neither a time nor a mark ("of the
 * file" for one file, "of either file" for two). */
int hb_resolve_range(const struct hb_file *const *files, size_t nfiles,
                     struct hb_options *o);

#endif
