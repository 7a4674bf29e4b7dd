/* cli.c -- heapband_print's command line: see cli.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The table `options` below is the command line: parsing looks options up
 * in it and --help prints it in its order, so an option cannot be accepted
 * without being described, or described without being accepted.
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff_report.h"
#include "error.h"
#include "hb_format.h"
#include "img_layout.h"
#include "outfile.h"
#include "sites.h"
#include "units.h"

#define PROG HB_PROGRAM_NAME
#define DEFAULT_IMAGE_W 1200
#define DEFAULT_IMAGE_H 800
#define MAX_OPTION_NAME 64            /* longer: not an option of the table */
#define HELP_INDENT 2                 /* --help: where an option starts */
#define HELP_COLUMN 28                /* --help: where descriptions start */

const char *const hb_stat_words[] = { "avg", "max", "end", NULL };
const char *const hb_weight_words[] = { "count", "bytes", NULL };
static const char *const chart_words[] = { "live", "allocs", "lifetime",
                                           "slop", NULL };
static const char *const color_words[] = { "auto", "always", "never", NULL };
static const char *const leaks_words[] = { "lost", "all", NULL };
static const char *const charset_words[] = { "ascii", "unicode", NULL };
static const char *const palette_words[] = { "gregg", "viridis", NULL };
static const char *const scale_words[] = { "linear", "sqrt", "log", NULL };
static const char *const format_words[] = { "text", "csv", "json",
                                             "markdown", NULL };
static const char *const align_words[] = { "time", "fraction", "marks",
                                            NULL };
/* In the order of enum hb_site_metric. */
static const char *const site_by_words[] = {
    "peak", "alloc", "exit", "definitely", "indirectly", "possibly",
    "reachable", NULL
};
/* --bands: auto, then the steps of band_merge.h in order. */
static const char *const bands_words[] = { "auto", "quarter", "half",
                                           "octave", NULL };

struct option_spec;

/* Store the option's value (NULL for a flag) in *o, or end the program
 * with an error when it is out of range. */
typedef void option_handler(struct hb_options *o,
                            const struct option_spec *spec,
                            const char *value);

struct option_spec {
    const char *name;                 /* "--chart" */
    unsigned commands;                /* the hb_command bits that accept it */
    int takes_value;
    option_handler *handle;
    size_t field;                     /* set_flag, set_text...: its place */
    const char *const *words;         /* the values a choice takes, or NULL */
    /* --help: a heading printed before the option (NULL: none, "": a blank
     * line); the left column (NULL: the name, with =WORD|WORD... for a
     * choice); the description, lines separated by '\n' (NULL: the option
     * shares the line of the one above). */
    const char *heading;
    const char *synopsis;
    const char *help;
};

/* ------------------------------------------------------------- errors */

void hb_option_error(const char *name, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, PROG ": option %s: ", name);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(HB_EXIT_BAD_INPUT);
}

void hb_exit_nomem(const char *what)
{
    struct hb_error err = { HB_ERR_NONE, 0, "" };
    hb_error_nomem(&err, what);
    hb_error_print(&err, NULL);
    exit(hb_error_status(&err));
}

/* ------------------------------------------------------- value parsers */

/* The index of value in the option's words, or an error. */
static int pick_word(const struct option_spec *spec, const char *value)
{
    const char *const *words = spec->words;
    for (int i = 0; words[i] != NULL; i++)
        if (strcmp(value, words[i]) == 0)
            return i;
    char list[160] = "";
    for (int i = 0; words[i] != NULL; i++) {
        strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
        strncat(list, words[i], sizeof list - strlen(list) - 1);
    }
    hb_option_error(spec->name, "'%s' is not one of %s", value, list);
}

/* pick_word() for a choice whose default the commands tell apart from the
 * same value given: notes in *given that it was. */
static int pick_given_word(const struct option_spec *spec, const char *value,
                           int *given)
{
    *given = 1;
    return pick_word(spec, value);
}

static int parse_int(const char *name, const char *value, int min, int max)
{
    char *end;
    errno = 0;
    long v = strtol(value, &end, 10);
    if (value[0] < '0' || value[0] > '9' || *end != '\0' || errno != 0
        || v < min || v > max)
        hb_option_error(name, "'%s' is not a whole number from %d to %d",
                        value, min, max);
    return (int)v;
}

static uint64_t parse_size(const char *name, const char *value)
{
    uint64_t bytes;
    if (hb_parse_size(value, &bytes) < 0)
        hb_option_error(name, "'%s' is not a size (e.g. 100, 4K, 1.5M)",
                        value);
    return bytes;
}


/* ------------------------------------------------------------ handlers */

/* A flag (the int at spec->field of struct hb_options becomes 1), a text
 * kept as it is (the const char * at spec->field), a file name (a text
 * that is not empty). */
static void set_flag(struct hb_options *o, const struct option_spec *spec,
                     const char *value)
{
    (void)value;
    *(int *)((char *)o + spec->field) = 1;
}

static void set_text(struct hb_options *o, const struct option_spec *spec,
                     const char *value)
{
    *(const char **)((char *)o + spec->field) = value;
}

static void set_file_name(struct hb_options *o,
                          const struct option_spec *spec, const char *value)
{
    if (*value == '\0')
        hb_option_error(spec->name, "needs a file name");
    set_text(o, spec, value);
}

static void set_chart(struct hb_options *o, const struct option_spec *spec,
                      const char *value)
{
    o->sel.kind = (enum hb_chart_kind)pick_word(spec, value);
}

static void set_stat(struct hb_options *o, const struct option_spec *spec,
                     const char *value)
{
    o->sel.stat = (enum hb_stat)pick_given_word(spec, value, &o->stat_given);
}

static void set_weight(struct hb_options *o, const struct option_spec *spec,
                       const char *value)
{
    o->sel.weight = (enum hb_weight)pick_word(spec, value);
}

static void set_scale(struct hb_options *o, const struct option_spec *spec,
                      const char *value)
{
    o->scale = (enum hb_scale)pick_word(spec, value);
    o->scale_given = 1;
}

static void set_min_size(struct hb_options *o, const struct option_spec *spec,
                         const char *value)
{
    o->sel.has_min_size = 1;
    o->sel.min_size = parse_size(spec->name, value);
}

static void set_max_size(struct hb_options *o, const struct option_spec *spec,
                         const char *value)
{
    o->sel.has_max_size = 1;
    o->sel.max_size = parse_size(spec->name, value);
}

static void set_width(struct hb_options *o, const struct option_spec *spec,
                      const char *value)
{
    o->width = parse_int(spec->name, value, HB_TERM_MIN_WIDTH,
                         HB_TERM_MAX_WIDTH);
}

static void set_height(struct hb_options *o, const struct option_spec *spec,
                       const char *value)
{
    o->height = parse_int(spec->name, value, HB_TERM_MIN_HEIGHT,
                          HB_TERM_MAX_HEIGHT);
}

/* --color=WHEN, or a bare --color: always (as GNU tools take it). */
static void set_color(struct hb_options *o, const struct option_spec *spec,
                      const char *value)
{
    o->color = value == NULL ? HB_COLOR_ALWAYS
                             : (enum hb_color_choice)pick_word(spec, value);
}

/* --leaks[=lost|all]: 1 for the lost kinds (bare --leaks), 2 for all. */
static void set_leaks(struct hb_options *o, const struct option_spec *spec,
                      const char *value)
{
    o->leaks = value == NULL ? 1 : 1 + pick_word(spec, value);
}

/* --bands: 0 for auto, else the step in quarter-octaves (1, 2, 4). */
static void set_bands(struct hb_options *o, const struct option_spec *spec,
                      const char *value)
{
    int i = pick_word(spec, value);
    o->bands_step = i == 0 ? 0 : 1u << (i - 1);
}

static void set_charset(struct hb_options *o, const struct option_spec *spec,
                        const char *value)
{
    o->unicode = pick_word(spec, value);
}

static void set_format(struct hb_options *o, const struct option_spec *spec,
                       const char *value)
{
    o->format = (enum hb_out_format)pick_given_word(spec, value,
                                                    &o->format_given);
}

/* --size=WxH */
static void set_image_size(struct hb_options *o,
                           const struct option_spec *spec, const char *value)
{
    char *end;
    long w = strtol(value, &end, 10), h = 0;
    int ok = value[0] >= '0' && value[0] <= '9' && *end == 'x';
    if (ok) {
        const char *h_text = end + 1;
        h = strtol(h_text, &end, 10);
        ok = h_text[0] >= '0' && h_text[0] <= '9' && *end == '\0';
    }
    if (!ok)
        hb_option_error(spec->name, "'%s' is not WIDTHxHEIGHT", value);
    if (w < 1 || w > HB_IMAGE_MAX_SIDE || h < 1 || h > HB_IMAGE_MAX_SIDE)
        hb_option_error(spec->name, "'%s': width and height must be 1 to %d",
                        value, HB_IMAGE_MAX_SIDE);
    o->image_w = (int)w;
    o->image_h = (int)h;
}

static void set_palette(struct hb_options *o, const struct option_spec *spec,
                        const char *value)
{
    o->palette = (enum hb_palette)pick_word(spec, value);
}

static void set_site_by(struct hb_options *o, const struct option_spec *spec,
                        const char *value)
{
    o->site_by = (enum hb_site_metric)pick_given_word(spec, value,
                                                      &o->site_by_given);
}

/* --threshold=PCT: a per cent from 0 to 100, decimals allowed. */
static void set_site_threshold(struct hb_options *o,
                               const struct option_spec *spec,
                               const char *value)
{
    char *end;
    errno = 0;
    double v = strtod(value, &end);
    if (((value[0] < '0' || value[0] > '9') && value[0] != '.')
        || (*end != '\0' && strcmp(end, "%") != 0) || errno != 0
        || !(v >= 0.0 && v <= 100.0))
        hb_option_error(spec->name, "'%s' is not a per cent from 0 to 100",
                        value);
    o->site_threshold = v;
    o->site_threshold_given = 1;
}

static void set_align(struct hb_options *o, const struct option_spec *spec,
                      const char *value)
{
    o->align = (enum hb_align)pick_given_word(spec, value, &o->align_given);
}

/* --min-change=PCT%, AMOUNT or PCT%,AMOUNT (a part not given is 0). */
static void set_min_change(struct hb_options *o,
                           const struct option_spec *spec, const char *value)
{
    char *end;
    const char *amount = value;
    o->min_change_pct = 0;
    o->min_change_amount = 0;
    o->min_change_given = 1;
    if (strchr(value, '%') != NULL) {
        o->min_change_pct = strtod(value, &end);
        if (end == value || *end != '%' || !(o->min_change_pct >= 0)
            || o->min_change_pct > 100 || (end[1] != '\0' && end[1] != ','))
            hb_option_error(spec->name, "'%s' is not PERCENT%%, AMOUNT or "
                            "PERCENT%%,AMOUNT (e.g. 1%%,16)", value);
        amount = end[1] == ',' ? end + 2 : NULL;
    }
    uint64_t v = 0;
    if (amount != NULL && hb_parse_size(amount, &v) < 0)
        hb_option_error(spec->name, "'%s' is not PERCENT%%, AMOUNT or "
                        "PERCENT%%,AMOUNT (e.g. 1%%,16)", value);
    o->min_change_amount = (double)v;
}

/* --diff-sites=N or all. */
static void set_diff_sites(struct hb_options *o,
                           const struct option_spec *spec, const char *value)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(value, &end, 10);
    o->diff_sites_given = 1;
    if (strcmp(value, "all") == 0)
        o->diff_sites = SIZE_MAX;
    else if (value[0] < '0' || value[0] > '9' || *end != '\0' || errno != 0
             || v >= SIZE_MAX)
        hb_option_error(spec->name, "'%s' is not a number of sites (0, 1, "
                        "...) or all", value);
    else
        o->diff_sites = (size_t)v;
}

static void add_rule(struct hb_options *o, const struct option_spec *spec,
                     const char *value)
{
    (void)spec;
    const char **rules = realloc(o->rules, (o->nrules + 1) * sizeof *rules);
    if (rules == NULL)
        hb_exit_nomem("reading the --check rules");
    o->rules = rules;
    o->rules[o->nrules++] = value;
}

static void add_suppressions(struct hb_options *o,
                             const struct option_spec *spec,
                             const char *value)
{
    (void)spec;
    const char **files = realloc(o->suppressions,
                                 (o->nsuppressions + 1) * sizeof *files);
    if (files == NULL)
        hb_exit_nomem("reading the options");
    o->suppressions = files;
    o->suppressions[o->nsuppressions++] = value;
}

static void print_help(struct hb_options *o,
                       const struct option_spec *spec, const char *value);
static void print_version(struct hb_options *o,
                          const struct option_spec *spec, const char *value);

/* ------------------------------------------------------------- the table */

#define BOTH (HB_CMD_CHART | HB_CMD_DIFF)
#define VALUE 1
#define FLAG 0
#define OPTIONAL_VALUE 2              /* bare: the handler gets NULL */
#define FIELD(member) offsetof(struct hb_options, member)

/* In --help's order.  A member left out is 0 or NULL: no field, no words,
 * no heading, the name as the synopsis, no help line of its own (the
 * option shares the line of the one above). */
static const struct option_spec options[] = {
    { .name = "--chart", .commands = BOTH, .takes_value = VALUE,
      .handle = set_chart, .words = chart_words, .heading = "Charts:",
      .help = "what the cells hold [live]" },
    { .name = "--stat", .commands = BOTH, .takes_value = VALUE,
      .handle = set_stat, .words = hb_stat_words,
      .help = "live chart: average, peak or end-of-column live\n"
              "bytes of a band in a column [avg; --diff: max];\n"
              "slop chart: max or end [max]" },
    { .name = "--weight", .commands = BOTH, .takes_value = VALUE,
      .handle = set_weight, .words = hb_weight_words,
      .help = "allocs and lifetime charts: blocks or bytes [count]" },
    { .name = "--scale", .commands = BOTH, .takes_value = VALUE,
      .handle = set_scale, .words = scale_words,
      .help = "how values map to shades [linear]" },
    { .name = "--from", .commands = BOTH, .takes_value = VALUE,
      .handle = set_text, .field = FIELD(from_text), .heading = "Selection:",
      .synopsis = "--from=T, --to=T",
      .help = "time range: times (suffixes k, M, G) or mark\n"
              "names [whole run]" },
    { .name = "--to", .commands = BOTH, .takes_value = VALUE,
      .handle = set_text, .field = FIELD(to_text) },
    { .name = "--min-size", .commands = BOTH, .takes_value = VALUE,
      .handle = set_min_size, .synopsis = "--min-size=S, --max-size=S",
      .help = "band range (suffixes K, M, G) [bands with data]" },
    { .name = "--max-size", .commands = BOTH, .takes_value = VALUE,
      .handle = set_max_size },
    { .name = "--width", .commands = BOTH, .takes_value = VALUE,
      .handle = set_width, .heading = "Terminal output:",
      .synopsis = "--width=N",
      .help = "characters per line [$COLUMNS, terminal, 80]" },
    { .name = "--height", .commands = BOTH, .takes_value = VALUE,
      .handle = set_height, .synopsis = "--height=N",
      .help = "lines the chart fits in; the heap graph takes\n"
              "a tenth, 2 to 12 [$LINES, terminal, 24]" },
    { .name = "--bands", .commands = BOTH, .takes_value = VALUE,
      .handle = set_bands, .words = bands_words,
      .help = "rows of the chart: the file's bands merged\n"
              "exactly into quarter-, half-octaves or octaves;\n"
              "auto: the finest that fits --height (text only)" },
    { .name = "--color", .commands = BOTH, .takes_value = OPTIONAL_VALUE,
      .handle = set_color, .words = color_words,
      .help = "ANSI colours; bare --color: always\n"
              "[auto: on a terminal without NO_COLOR]" },
    { .name = "--charset", .commands = BOTH, .takes_value = VALUE,
      .handle = set_charset, .words = charset_words,
      .help = "shade and axis characters [ascii]" },
    { .name = "--format", .commands = BOTH, .takes_value = VALUE,
      .handle = set_format, .words = format_words,
      .help = "text chart, or the matrix for scripts; with\n"
              "--sites, --leaks: every site's figures;\n"
              "markdown: --diff for a pull request [text]" },
    { .name = "--sites", .commands = BOTH, .takes_value = FLAG,
      .handle = set_flag, .field = FIELD(sites),
      .help = "allocation points and their callers, as a tree" },
    { .name = "--by", .commands = BOTH, .takes_value = VALUE,
      .handle = set_site_by, .words = site_by_words,
      .help = "--sites: rank by bytes live at the run's peak,\n"
              "allocated, or live at exit (lost or still\n"
              "reachable: --leaks tells which), or live at\n"
              "exit of one of memcheck's kinds (format 4)\n"
              "[peak]" },
    { .name = "--threshold", .commands = BOTH, .takes_value = VALUE,
      .handle = set_site_threshold, .synopsis = "--threshold=PCT",
      .help = "--sites: fold what holds under PCT% of the\n"
              "whole [1]" },
    { .name = "--leaks", .commands = BOTH, .takes_value = OPTIONAL_VALUE,
      .handle = set_leaks, .words = leaks_words, .synopsis = "--leaks[=WHAT]",
      .help = "memcheck's leak kinds at exit by allocation\n"
              "point and by size band: the lost blocks, or\n"
              "all (still reachable too) [lost]" },
    { .name = "--suppressions", .commands = BOTH, .takes_value = VALUE,
      .handle = add_suppressions, .synopsis = "--suppressions=FILE",
      .help = "LeakSanitizer leak:PATTERN lines: sites left\n"
              "out of --leaks and of 'leaked'; repeatable" },
    { .name = "--png", .commands = BOTH, .takes_value = VALUE,
      .handle = set_file_name, .field = FIELD(png), .heading = "Images:",
      .synopsis = "--png=FILE, --svg=FILE",
      .help = "also (or, without --format, only) write an image" },
    { .name = "--svg", .commands = BOTH, .takes_value = VALUE,
      .handle = set_file_name, .field = FIELD(svg) },
    { .name = "--html", .commands = BOTH, .takes_value = VALUE,
      .handle = set_file_name, .field = FIELD(html), .synopsis = "--html=FILE",
      .help = "an interactive report in one offline HTML file" },
    { .name = "--pprof", .commands = HB_CMD_CHART, .takes_value = VALUE,
      .handle = set_file_name, .field = FIELD(pprof),
      .heading = "Exports for other viewers (- for standard output):",
      .synopsis = "--pprof=FILE",
      .help = "sites as a gzipped pprof profile: allocated,\n"
              "in use at the peak (--by=exit: at exit)" },
    { .name = "--folded", .commands = HB_CMD_CHART, .takes_value = VALUE,
      .handle = set_file_name, .field = FIELD(folded),
      .synopsis = "--folded=FILE",
      .help = "folded stacks of the --by bytes (flame graphs)" },
    { .name = "--massif", .commands = HB_CMD_CHART, .takes_value = VALUE,
      .handle = set_file_name, .field = FIELD(massif),
      .synopsis = "--massif=FILE",
      .help = "massif.out (ms_print): the heap at each stored\n"
              "column, the sites at the peak" },
    { .name = "--dhat", .commands = HB_CMD_CHART, .takes_value = VALUE,
      .handle = set_file_name, .field = FIELD(dhat), .synopsis = "--dhat=FILE",
      .help = "DHAT's JSON (dh_view.html): a program point per\n"
              "site, total, at the peak and at exit" },
    { .name = "--trace-json", .commands = HB_CMD_CHART, .takes_value = VALUE,
      .handle = set_file_name, .field = FIELD(trace_json),
      .synopsis = "--trace-json=FILE",
      .help = "Chrome trace events (Perfetto): live bytes per\n"
              "band and in total, the marks" },
    { .name = "--heaptrack", .commands = HB_CMD_CHART, .takes_value = VALUE,
      .handle = set_file_name, .field = FIELD(heaptrack),
      .synopsis = "--heaptrack=FILE",
      .help = "heaptrack's data file (heaptrack_print,\n"
              "heaptrack_gui): gzipped when FILE ends in .gz" },
    { .name = "--callgrind", .commands = HB_CMD_CHART, .takes_value = VALUE,
      .handle = set_file_name, .field = FIELD(callgrind),
      .synopsis = "--callgrind=FILE",
      .help = "callgrind's format (callgrind_annotate,\n"
              "KCachegrind): bytes by function and line, per band" },
    { .name = "--size", .commands = BOTH, .takes_value = VALUE,
      .handle = set_image_size, .synopsis = "--size=WxH",
      .help = "image size in pixels or points [1200x800]" },
    { .name = "--palette", .commands = BOTH, .takes_value = VALUE,
      .handle = set_palette, .words = palette_words,
      .help = "image and terminal colours [gregg]" },
    { .name = "--diff", .commands = HB_CMD_DIFF, .takes_value = FLAG,
      .handle = set_flag, .field = FIELD(diff),
      .heading = "Comparing runs (for CI):", .synopsis = "--diff OLD NEW",
      .help = "totals, bands that changed and a chart of NEW\n"
              "minus OLD (live or allocs; blue less, red more)" },
    /* Accepted by the chart command too, which then says that it applies
     * to --diff only. */
    { .name = "--align", .commands = BOTH, .takes_value = VALUE,
      .handle = set_align, .words = align_words,
      .help = "diff columns: the same times, the same fractions\n"
              "of each run, or of each stretch between the same\n"
              "marks [marks if both runs have the same, else time]" },
    { .name = "--min-change", .commands = HB_CMD_DIFF, .takes_value = VALUE,
      .handle = set_min_change, .synopsis = "--min-change=P%,N",
      .help = "draw a change only if at least P% of its band's\n"
              "largest value and N (bytes or counts), and not\n"
              "explained by a shift under a column [1%,16]" },
    { .name = "--diff-sites", .commands = HB_CMD_DIFF, .takes_value = VALUE,
      .handle = set_diff_sites, .synopsis = "--diff-sites=N",
      .help = "the changed sites the text --diff lists: N, or\n"
              "all; 0 leaves the section out [10]" },
    { .name = "--check", .commands = HB_CMD_DIFF, .takes_value = VALUE,
      .handle = add_rule, .synopsis = "--check RULE",
      .help = "a limit, e.g. 'peak <= 2M', 'leaked == 0',\n"
              "'allocs <= +10%' (against OLD), 'band 4K-8K\n"
              "peak <= +0%'; repeatable" },
    { .name = "--junit", .commands = HB_CMD_DIFF, .takes_value = VALUE,
      .handle = set_file_name, .field = FIELD(junit),
      .synopsis = "--junit=FILE",
      .help = "the --check verdicts as JUnit XML, a test case\n"
              "per rule (- for standard output)" },
    { .name = "--help", .commands = BOTH, .takes_value = FLAG,
      .handle = print_help, .heading = "", .synopsis = "-h, --help",
      .help = "this text" },
    { .name = "--version", .commands = BOTH, .takes_value = FLAG,
      .handle = print_version, .help = "the version" },
};

#define NOPTIONS (sizeof options / sizeof options[0])

/* ------------------------------------------------------ --help, --version */

static const char help_head[] =
"Usage: heapband_print [OPTION]... FILE\n"
"       heapband_print --diff [OPTION]... [--check RULE]... OLD NEW\n"
"       heapband_print --check RULE [--check RULE]... FILE\n"
"Draw the heap-band file FILE (written by valgrind --tool=heapband) as a\n"
"chart.  FILE may be - for standard input.\n"
"\n";

static const char help_tail[] =
"\n"
"Exit status: 0 success (every --check rule holds), 1 a rule is broken or\n"
"an output could not be written, 2 bad input, bad options or a bad rule.\n"
"See heapband_print(1).\n";

/* The left column of an option's help; returns the characters printed. */
static size_t print_synopsis(FILE *out, const struct option_spec *spec)
{
    if (spec->synopsis != NULL)
        return (size_t)fprintf(out, "%s", spec->synopsis);
    size_t n = (size_t)fprintf(out, "%s", spec->name);
    for (int i = 0; spec->words != NULL && spec->words[i] != NULL; i++)
        n += (size_t)fprintf(out, "%c%s", i ? '|' : '=', spec->words[i]);
    return n;
}

/* One option's help: the synopsis, then its description from HELP_COLUMN
 * (two spaces further when the synopsis reaches that column). */
static void print_option_help(FILE *out, const struct option_spec *spec)
{
    if (spec->heading != NULL)
        fprintf(out, "%s\n", spec->heading);
    if (spec->help == NULL)
        return;
    fprintf(out, "%*s", HELP_INDENT, "");
    int column = HELP_INDENT + (int)print_synopsis(out, spec);
    int pad = column < HELP_COLUMN ? HELP_COLUMN - column : 2;
    const char *line = spec->help;
    for (;;) {
        const char *end = strchr(line, '\n');
        int len = end ? (int)(end - line) : (int)strlen(line);
        fprintf(out, "%*s%.*s\n", pad, "", len, line);
        if (end == NULL)
            break;
        line = end + 1;
        pad = HELP_COLUMN;
    }
}

static void print_help(struct hb_options *o,
                       const struct option_spec *spec, const char *value)
{
    (void)o, (void)spec, (void)value;
    fputs(help_head, stdout);
    for (size_t i = 0; i < NOPTIONS; i++)
        print_option_help(stdout, &options[i]);
    fputs(help_tail, stdout);
    exit(HB_EXIT_OK);
}

static void print_version(struct hb_options *o,
                          const struct option_spec *spec, const char *value)
{
    (void)o, (void)spec, (void)value;
    printf(PROG " " PACKAGE_VERSION " (heap-band formats 1 to %d)\n",
           HB_FORMAT_VERSION);
    exit(HB_EXIT_OK);
}

/* ------------------------------------------------------------- parsing */

/* The option called name that the command accepts, or NULL. */
static const struct option_spec *find_option(const char *name,
                                             enum hb_command cmd)
{
    for (size_t i = 0; i < NOPTIONS; i++)
        if ((options[i].commands & cmd) && strcmp(options[i].name, name) == 0)
            return &options[i];
    return NULL;
}

/* The edit distance of a and b, a swap of two neighbours counting one
 * (optimal string alignment): "--widht" is 1 from "--width".  Names are
 * at most MAX_OPTION_NAME long. */
static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    size_t d[MAX_OPTION_NAME + 1][MAX_OPTION_NAME + 1];
    if (la > MAX_OPTION_NAME || lb > MAX_OPTION_NAME)
        return SIZE_MAX;
    for (size_t i = 0; i <= la; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2]
                && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

/* An unknown option: refused, with the nearest option the command takes
 * when one is within two edits (a typo, not another option). */
static void unknown_option(const char *name, enum hb_command cmd)
{
    const char *best = NULL;
    size_t best_d = 3;
    for (size_t i = 0; i < NOPTIONS; i++) {
        size_t d = edit_distance(name, options[i].name);
        if ((options[i].commands & cmd) && d < best_d) {
            best = options[i].name;
            best_d = d;
        }
    }
    if (best != NULL)
        hb_option_error(name, "unknown option; did you mean %s? (see "
                        "--help)", best);
    hb_option_error(name, "unknown option (see --help)");
}

/* Does arg name this option, alone or with "=VALUE"? */
static int names_option(const char *arg, const struct option_spec *spec)
{
    size_t len = strlen(spec->name);
    return strncmp(arg, spec->name, len) == 0
           && (arg[len] == '\0' || arg[len] == '=');
}

enum hb_command hb_cli_command(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        for (size_t k = 0; k < NOPTIONS; k++)
            if (options[k].commands == HB_CMD_DIFF
                && names_option(argv[i], &options[k]))
                return HB_CMD_DIFF;
    return HB_CMD_CHART;
}

static void add_file(struct hb_options *o, const char *arg, size_t max_files)
{
    if (o->npaths == max_files) {
        if (max_files == 1)
            fprintf(stderr, PROG ": more than one input file ('%s' and "
                    "'%s')\n", o->paths[0], arg);
        else
            fprintf(stderr, PROG ": more than %zu input files ('%s')\n",
                    max_files, arg);
        exit(HB_EXIT_BAD_INPUT);
    }
    o->paths[o->npaths++] = arg;
}

/* An image option naming an input or another heap-band file would destroy
 * it: refused before anything is read or written. */
static void refuse_overwrites(const struct hb_options *o)
{
    const char *names[] = { "--png", "--svg", "--html", "--pprof",
                            "--folded", "--massif", "--trace-json",
                            "--dhat", "--heaptrack", "--callgrind",
                            "--junit" };
    const char *paths[] = { o->png, o->svg, o->html, o->pprof, o->folded,
                            o->massif, o->trace_json, o->dhat, o->heaptrack,
                            o->callgrind, o->junit };
    struct hb_error err = { HB_ERR_NONE, 0, "" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (paths[i] != NULL
            && hb_outfile_refused(names[i], paths[i], o->paths, o->npaths,
                                  &err) != 0)
            hb_option_error(names[i], "%s", err.msg);
}

void hb_parse_args(struct hb_options *o, enum hb_command cmd, int argc,
                   char **argv)
{
    memset(o, 0, sizeof *o);
    o->image_w = DEFAULT_IMAGE_W;
    o->image_h = DEFAULT_IMAGE_H;
    o->site_threshold = HB_SITES_DEFAULT_THRESHOLD;
    o->diff_sites = HB_DIFF_SITES_SHOWN;
    size_t max_files = cmd == HB_CMD_DIFF ? HB_MAX_INPUTS : 1;
    for (int i = 1; i < argc; i++) {
        const char *arg = strcmp(argv[i], "-h") == 0 ? "--help" : argv[i];
        if (arg[0] != '-' || strcmp(arg, "-") == 0) {
            add_file(o, arg, max_files);
            continue;
        }
        const char *eq = strchr(arg, '=');
        char name[MAX_OPTION_NAME];
        size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
        if (n >= sizeof name)
            hb_option_error(arg, "unknown option (see --help)");
        memcpy(name, arg, n);
        name[n] = '\0';
        const struct option_spec *spec = find_option(name, cmd);
        if (spec == NULL)
            unknown_option(name, cmd);
        if (!spec->takes_value) {
            if (eq != NULL)
                hb_option_error(name, "takes no value");
            spec->handle(o, spec, NULL);
            continue;
        }
        if (spec->takes_value == OPTIONAL_VALUE) {
            spec->handle(o, spec, eq ? eq + 1 : NULL);
            continue;
        }
        if (eq == NULL && i + 1 >= argc)
            hb_option_error(name, "needs a value");
        spec->handle(o, spec, eq ? eq + 1 : argv[++i]);
    }
    refuse_overwrites(o);
}

void hb_options_free(struct hb_options *o)
{
    free(o->rules);
    o->rules = NULL;
    free(o->suppressions);
    o->suppressions = NULL;
    o->nsuppressions = 0;
    o->nrules = 0;
}

/* ---------------------------------------------------------- --from, --to */

/* The time of the mark of f named name (len bytes): its first, or with
 * last != 0 its last, or with nth > 0 its nth.  Returns 0, or -1. */
static int mark_time(const struct hb_file *f, const char *name, size_t len,
                     int last, unsigned long nth, uint64_t *t)
{
    unsigned long seen = 0;
    for (size_t i = 0; i < f->nmarks; i++) {
        const char *m = f->marks[i].name;
        if (strncmp(m, name, len) != 0 || m[len] != '\0')
            continue;
        *t = f->marks[i].t;
        if (++seen == nth || (nth == 0 && !last))
            return 0;
    }
    return seen > 0 && nth == 0 ? 0 : -1;
}

/* A time ("5000", "20k") or the name of a mark of f (its first for --from,
 * last != 0: its last, for --to), or "NAME#N", the Nth mark named NAME
 * (a mark whose whole name is "NAME#N" wins).  Returns 0, or -1 (no
 * message). */
static int resolve_time(const struct hb_file *f, const char *value, int last,
                        uint64_t *t)
{
    if (hb_parse_time(value, t) == 0
        || mark_time(f, value, strlen(value), last, 0, t) == 0)
        return 0;
    const char *hash = strrchr(value, '#');
    char *end;
    if (hash == NULL || hash[1] < '1' || hash[1] > '9')
        return -1;
    unsigned long nth = strtoul(hash + 1, &end, 10);
    if (*end != '\0')
        return -1;
    return mark_time(f, value, (size_t)(hash - value), last, nth, t);
}

int hb_resolve_range(const struct hb_file *const *files, size_t nfiles,
                     struct hb_options *o)
{
    const char *texts[2] = { o->from_text, o->to_text };
    for (int is_to = 0; is_to < 2; is_to++) {
        if (texts[is_to] == NULL)
            continue;
        uint64_t *t = is_to ? &o->sel.to : &o->sel.from;
        int found = 0;
        for (size_t i = 0; i < nfiles && !found; i++)
            found = resolve_time(files[i], texts[is_to], is_to, t) == 0;
        if (!found) {
            fprintf(stderr, PROG ": option %s: '%s' is neither a time (e.g. "
                    "5000, 20k, 1.5M) nor a mark of %s (NAME, or NAME#N for "
                    "the Nth)\n",
                    is_to ? "--to" : "--from", texts[is_to],
                    nfiles > 1 ? "either file" : "the file");
            return -1;
        }
        *(is_to ? &o->sel.has_to : &o->sel.has_from) = 1;
    }
    return 0;
}
