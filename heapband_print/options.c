/* options.c -- heapband_print's command line: see options.h.  (The terminal
 * is term.c's, reading the input load.c's.) */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include "options.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "img_layout.h"
#include "units.h"

#define PROG "heapband_print"
#define MAX_GRAPH_HEIGHT 200
#define DEFAULT_IMAGE_W 1200
#define DEFAULT_IMAGE_H 800

static void usage(FILE *out)
{
    fputs(
"Usage: heapband_print [OPTION]... FILE\n"
"       heapband_print --diff [OPTION]... [--check RULE]... OLD NEW\n"
"       heapband_print --check RULE [--check RULE]... FILE\n"
"Draw the heap-band file FILE (written by valgrind --tool=heapband) as a\n"
"chart.  FILE may be - for standard input.\n"
"\n"
"Charts:\n"
"  --chart=live|allocs|lifetime  what the cells hold [live]\n"
"  --stat=avg|max|end        live chart: average, peak or end-of-column live\n"
"                            bytes of a band in a column [avg]\n"
"  --weight=count|bytes      allocs and lifetime charts: blocks or bytes [count]\n"
"  --scale=linear|sqrt|log   how values map to shades [linear]\n"
"Selection:\n"
"  --from=T, --to=T          time range: times (suffixes k, M, G) or mark\n"
"                            names [whole run]\n"
"  --min-size=S, --max-size=S  band range (suffixes K, M, G) [bands with data]\n"
"Terminal output:\n"
"  --width=N                 characters per line [$COLUMNS, terminal, 80]\n"
"  --height=N                lines of the total-heap graph [8; on a\n"
"                            terminal, a sixth of its height, 3 to 12]\n"
"  --color=auto|always|never ANSI colours [auto: on a terminal without NO_COLOR]\n"
"  --charset=ascii|unicode   shade and axis characters [ascii]\n"
"  --format=text|csv|json    text chart, or the matrix for scripts [text]\n"
"  --sites                   per band, the top allocation sites and stacks\n"
"Images:\n"
"  --png=FILE, --svg=FILE    also (or, without --format, only) write an image\n"
"  --size=WxH                image size in pixels or points [1200x800]\n"
"  --palette=gregg|viridis   image and terminal colours [gregg]\n"
"Comparing runs (for CI):\n"
"  --diff OLD NEW            totals, bands that changed and a chart of NEW\n"
"                            minus OLD (live or allocs; blue less, red more)\n"
"  --align=time|fraction     diff columns: the same times, or the same\n"
"                            fractions of each run [time]\n"
"  --check RULE              a limit, e.g. 'peak <= 2M', 'leaked == 0',\n"
"                            'allocs <= +10%' (against OLD), 'band 4K-8K\n"
"                            peak <= +0%'; repeatable\n"
"\n"
"  --help                    this text\n"
"  --version                 the version\n"
"\n"
"Exit status: 0 success (every --check rule holds), 1 a rule is broken or\n"
"an output could not be written, 2 bad input, bad options or a bad rule.\n"
"See heapband_print(1).\n", out);
}

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

void hb_options_init(struct hb_options *o)
{
    memset(o, 0, sizeof *o);
    o->image_w = DEFAULT_IMAGE_W;
    o->image_h = DEFAULT_IMAGE_H;
}

/* The index of value in the NULL-terminated list `words`, or an error. */
static int pick_word(const char *name, const char *value,
                     const char *const *words)
{
    for (int i = 0; words[i] != NULL; i++)
        if (strcmp(value, words[i]) == 0)
            return i;
    char list[160] = "";
    for (int i = 0; words[i] != NULL; i++) {
        strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
        strncat(list, words[i], sizeof list - strlen(list) - 1);
    }
    hb_option_error(name, "'%s' is not one of %s", value, list);
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

static void parse_size_opt(const char *name, const char *value, int *w, int *h)
{
    char *end;
    long vw = strtol(value, &end, 10), vh = 0;
    int ok = value[0] >= '0' && value[0] <= '9' && *end == 'x';
    if (ok) {
        const char *hs = end + 1;
        vh = strtol(hs, &end, 10);
        ok = hs[0] >= '0' && hs[0] <= '9' && *end == '\0';
    }
    if (!ok)
        hb_option_error(name, "'%s' is not WIDTHxHEIGHT", value);
    if (vw < 1 || vw > HB_IMAGE_MAX_SIDE || vh < 1 || vh > HB_IMAGE_MAX_SIDE)
        hb_option_error(name, "'%s': width and height must be 1 to %d", value,
                        HB_IMAGE_MAX_SIDE);
    *w = (int)vw;
    *h = (int)vh;
}

int hb_resolve_time(const struct hb_file *f, const char *value, int last,
                    uint64_t *t)
{
    if (hb_parse_time(value, t) == 0)
        return 0;
    int found = 0;
    for (size_t i = 0; i < f->nmarks; i++)
        if (strcmp(f->marks[i].name, value) == 0) {
            *t = f->marks[i].t;
            found = 1;
            if (!last)
                break;
        }
    return found ? 0 : -1;
}

int hb_resolve_range(const struct hb_file *const *files, size_t nfiles,
                     struct hb_options *o)
{
    const char *texts[2] = { o->from_text, o->to_text };
    for (int k = 0; k < 2; k++) {
        if (texts[k] == NULL)
            continue;
        uint64_t *t = k ? &o->sel.to : &o->sel.from;
        int found = 0;
        for (size_t i = 0; i < nfiles && !found; i++)
            found = hb_resolve_time(files[i], texts[k], k, t) == 0;
        if (!found) {
            fprintf(stderr, PROG ": option %s: '%s' is neither a time (e.g. "
                    "5000, 20k, 1.5M) nor a mark of %s\n",
                    k ? "--to" : "--from", texts[k],
                    nfiles > 1 ? "either file" : "the file");
            return -1;
        }
        *(k ? &o->sel.has_to : &o->sel.has_from) = 1;
    }
    return 0;
}

static uint64_t size_value(const char *name, const char *value)
{
    uint64_t s;
    if (hb_parse_size(value, &s) < 0)
        hb_option_error(name, "'%s' is not a size (e.g. 100, 4K, 1.5M)",
                        value);
    return s;
}

static const char *const value_names[] = {
    "--chart", "--stat", "--weight", "--from", "--to", "--min-size",
    "--max-size", "--width", "--height", "--color", "--charset", "--png",
    "--svg", "--size", "--palette", "--scale", "--format", "--align", NULL
};

/* An option with a value (one of value_names). */
static void value_option(struct hb_options *o, const char *name, const char *v)
{
    static const char *const charts[] = { "live", "allocs", "lifetime", NULL };
    static const char *const stats[] = { "avg", "max", "end", NULL };
    static const char *const weights[] = { "count", "bytes", NULL };
    static const char *const colors[] = { "auto", "always", "never", NULL };
    static const char *const charsets[] = { "ascii", "unicode", NULL };
    static const char *const palettes[] = { "gregg", "viridis", NULL };
    static const char *const scales[] = { "linear", "sqrt", "log", NULL };
    static const char *const formats[] = { "text", "csv", "json", NULL };
    static const char *const aligns[] = { "time", "fraction", NULL };

    if (strcmp(name, "--chart") == 0)
        o->sel.kind = (enum hb_chart_kind)pick_word(name, v, charts);
    else if (strcmp(name, "--stat") == 0)
        o->sel.stat = (enum hb_stat)pick_word(name, v, stats);
    else if (strcmp(name, "--weight") == 0)
        o->sel.weight = (enum hb_weight)pick_word(name, v, weights);
    else if (strcmp(name, "--from") == 0)
        o->from_text = v;
    else if (strcmp(name, "--to") == 0)
        o->to_text = v;
    else if (strcmp(name, "--min-size") == 0)
        o->sel.has_min_size = 1, o->sel.min_size = size_value(name, v);
    else if (strcmp(name, "--max-size") == 0)
        o->sel.has_max_size = 1, o->sel.max_size = size_value(name, v);
    else if (strcmp(name, "--width") == 0)
        o->width = parse_int(name, v, HB_TERM_MIN_WIDTH,
                             HB_TERM_MAX_WIDTH);
    else if (strcmp(name, "--height") == 0)
        o->height = parse_int(name, v, 1, MAX_GRAPH_HEIGHT);
    else if (strcmp(name, "--color") == 0)
        o->color = (enum hb_color_choice)pick_word(name, v, colors);
    else if (strcmp(name, "--charset") == 0)
        o->unicode = pick_word(name, v, charsets);
    else if (strcmp(name, "--png") == 0)
        o->png = v;
    else if (strcmp(name, "--svg") == 0)
        o->svg = v;
    else if (strcmp(name, "--size") == 0)
        parse_size_opt(name, v, &o->image_w, &o->image_h);
    else if (strcmp(name, "--palette") == 0)
        o->palette = (enum hb_palette)pick_word(name, v, palettes);
    else if (strcmp(name, "--scale") == 0)
        o->scale = (enum hb_scale)pick_word(name, v, scales);
    else if (strcmp(name, "--format") == 0)
        o->format = (enum hb_out_format)pick_word(name, v, formats),
        o->format_given = 1;
    else if (strcmp(name, "--align") == 0)
        o->align = (enum hb_align)pick_word(name, v, aligns),
        o->align_given = 1;
    if ((strcmp(name, "--png") == 0 || strcmp(name, "--svg") == 0) && !*v)
        hb_option_error(name, "needs a file name");
}

/* A flag: --help, --version, --sites; anything else is unknown. */
static void flag_option(struct hb_options *o, const char *arg)
{
    if (strcmp(arg, "--help") == 0) {
        usage(stdout);
        exit(0);
    }
    if (strcmp(arg, "--version") == 0) {
        printf(PROG " " PACKAGE_VERSION " (heap-band formats 1 and 2)\n");
        exit(0);
    }
    if (strcmp(arg, "--sites") == 0) {
        o->sites = 1;
        return;
    }
    hb_option_error(arg, "unknown option (see --help)");
}

static int in_list(const char *name, const char *const *names)
{
    for (int i = 0; names[i] != NULL; i++)
        if (strcmp(name, names[i]) == 0)
            return 1;
    return 0;
}

/* The extra option called name, or NULL. */
static const struct hb_extra_option *
find_extra(const struct hb_extra_option *extra, const char *name)
{
    for (; extra != NULL && extra->name != NULL; extra++)
        if (strcmp(extra->name, name) == 0)
            return extra;
    return NULL;
}

static void add_file(const char *arg, const char **files, size_t max_files,
                     size_t *nfiles)
{
    if (*nfiles == max_files) {
        if (max_files == 1)
            fprintf(stderr, PROG ": more than one input file ('%s' and "
                    "'%s')\n", files[0], arg);
        else
            fprintf(stderr, PROG ": more than %zu input files ('%s')\n",
                    max_files, arg);
        exit(HB_EXIT_BAD_INPUT);
    }
    files[(*nfiles)++] = arg;
}

void hb_parse_args(struct hb_options *o, int argc, char **argv,
                   const struct hb_extra_option *extra, hb_extra_fn *fn,
                   void *ctx, const char **files, size_t max_files,
                   size_t *nfiles)
{
    *nfiles = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (arg[0] != '-' || strcmp(arg, "-") == 0) {
            add_file(arg, files, max_files, nfiles);
            continue;
        }
        const char *eq = strchr(arg, '=');
        char name[64];
        size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
        if (n >= sizeof name)
            hb_option_error(arg, "unknown option (see --help)");
        memcpy(name, arg, n);
        name[n] = '\0';
        const struct hb_extra_option *x = find_extra(extra, name);
        int takes = x ? x->takes_value : in_list(name, value_names);
        if (!takes) {
            if (eq != NULL)
                hb_option_error(name, "%s", x || strcmp(name, "--sites") == 0
                                || strcmp(name, "--help") == 0
                                || strcmp(name, "--version") == 0
                                ? "takes no value"
                                : "unknown option (see --help)");
            if (x == NULL || !fn(ctx, name, NULL))
                flag_option(o, arg);
            continue;
        }
        if (eq == NULL && i + 1 >= argc)
            hb_option_error(name, "needs a value");
        const char *v = eq ? eq + 1 : argv[++i];
        if (x == NULL || !fn(ctx, name, v))
            value_option(o, name, v);
    }
}
