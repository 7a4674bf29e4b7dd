/* main.c -- heapband_print: options, reading the file, choosing the output.
 *
 * Exit status: 0 on success, 2 on bad input or bad options (one line on
 * stderr: "heapband_print: FILE:LINE: what is wrong" or "heapband_print:
 * option --x: what is wrong"), 1 when an output cannot be written.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ascii.h"
#include "chartbuild.h"
#include "export.h"
#include "hbfile.h"
#include "render_cairo.h"
#include "sites.h"
#include "units.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1.0"
#endif

#define PROG "heapband_print"
#define EXIT_BAD_INPUT 2
#define EXIT_OUTPUT 1
#define MIN_WIDTH 20
#define MAX_WIDTH 100000
#define DEFAULT_WIDTH 80
#define DEFAULT_GRAPH_HEIGHT 8
#define MAX_GRAPH_HEIGHT 200
#define DEFAULT_IMAGE_W 1200
#define DEFAULT_IMAGE_H 800

enum color_choice { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER };
enum out_format { FORMAT_TEXT, FORMAT_CSV, FORMAT_JSON };

struct options {
    struct hb_selection sel;
    const char *from_text, *to_text;    /* times or mark names */
    const char *file;
    int width, height;            /* 0: automatic */
    enum color_choice color;
    int unicode;
    const char *png, *svg;
    int image_w, image_h;
    enum hb_palette palette;
    enum hb_scale scale;
    enum out_format format;
    int format_given;
    int sites;
};

static void usage(FILE *out)
{
    fputs(
"Usage: heapband_print [OPTION]... FILE\n"
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
"\n"
"  --help                    this text\n"
"  --version                 the version\n"
"\n"
"Exit status: 0 success, 1 an output could not be written, 2 bad input or\n"
"bad options.  See heapband_print(1).\n", out);
}

__attribute__((noreturn, format(printf, 2, 3)))
static void option_error(const char *name, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, PROG ": option %s: ", name);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(EXIT_BAD_INPUT);
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
    option_error(name, "'%s' is not one of %s", value, list);
}

static int parse_int(const char *name, const char *value, int min, int max)
{
    char *end;
    errno = 0;
    long v = strtol(value, &end, 10);
    if (value[0] < '0' || value[0] > '9' || *end != '\0' || errno != 0
        || v < min || v > max)
        option_error(name, "'%s' is not a whole number from %d to %d", value,
                     min, max);
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
        option_error(name, "'%s' is not WIDTHxHEIGHT", value);
    if (vw < 1 || vw > HB_IMAGE_MAX_SIDE || vh < 1 || vh > HB_IMAGE_MAX_SIDE)
        option_error(name, "'%s': width and height must be 1 to %d", value,
                     HB_IMAGE_MAX_SIDE);
    *w = (int)vw;
    *h = (int)vh;
}

/* --from and --to take a time, or the name of a phase mark of the file
 * (the first mark of that name for --from, the last for --to). */
static int resolve_time(const struct hb_file *f, const char *name,
                        const char *value, int last, uint64_t *t)
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
    if (found)
        return 0;
    fprintf(stderr, PROG ": option %s: '%s' is neither a time (e.g. 5000, "
            "20k, 1.5M) nor a mark of the file\n", name, value);
    return -1;
}

static int resolve_range(const struct hb_file *f, struct options *o)
{
    if (o->from_text != NULL) {
        if (resolve_time(f, "--from", o->from_text, 0, &o->sel.from) < 0)
            return -1;
        o->sel.has_from = 1;
    }
    if (o->to_text != NULL) {
        if (resolve_time(f, "--to", o->to_text, 1, &o->sel.to) < 0)
            return -1;
        o->sel.has_to = 1;
    }
    return 0;
}

static uint64_t size_value(const char *name, const char *value)
{
    uint64_t s;
    if (hb_parse_size(value, &s) < 0)
        option_error(name, "'%s' is not a size (e.g. 100, 4K, 1.5M)", value);
    return s;
}

/* Options with a value; returns 0 if `name` is not one of them. */
static int value_option(struct options *o, const char *name, const char *v)
{
    static const char *const charts[] = { "live", "allocs", "lifetime", NULL };
    static const char *const stats[] = { "avg", "max", "end", NULL };
    static const char *const weights[] = { "count", "bytes", NULL };
    static const char *const colors[] = { "auto", "always", "never", NULL };
    static const char *const charsets[] = { "ascii", "unicode", NULL };
    static const char *const palettes[] = { "gregg", "viridis", NULL };
    static const char *const scales[] = { "linear", "sqrt", "log", NULL };
    static const char *const formats[] = { "text", "csv", "json", NULL };

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
        o->width = parse_int(name, v, MIN_WIDTH, MAX_WIDTH);
    else if (strcmp(name, "--height") == 0)
        o->height = parse_int(name, v, 1, MAX_GRAPH_HEIGHT);
    else if (strcmp(name, "--color") == 0)
        o->color = (enum color_choice)pick_word(name, v, colors);
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
        o->format = (enum out_format)pick_word(name, v, formats),
        o->format_given = 1;
    else
        return 0;
    if ((strcmp(name, "--png") == 0 || strcmp(name, "--svg") == 0) && !*v)
        option_error(name, "needs a file name");
    return 1;
}

static void flag_option(struct options *o, const char *arg)
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
    option_error(arg, "unknown option (see --help)");
}

static void check_combinations(const struct options *o)
{
    if (o->file == NULL) {
        fprintf(stderr, PROG ": no input file (see --help)\n");
        exit(EXIT_BAD_INPUT);
    }
    if (o->sel.kind == HB_CHART_LIFETIME && (o->from_text || o->to_text))
        option_error(o->from_text ? "--from" : "--to",
                     "does not apply to --chart=lifetime (lifetimes cover the "
                     "whole run)");
    if (o->sel.has_min_size && o->sel.has_max_size
        && o->sel.min_size > o->sel.max_size)
        option_error("--min-size", "larger than --max-size");
    if (o->sites && o->format != FORMAT_TEXT)
        option_error("--sites", "writes text only (not with --format=%s)",
                     o->format == FORMAT_CSV ? "csv" : "json");
}

static int takes_value(const char *name)
{
    static const char *const names[] = {
        "--chart", "--stat", "--weight", "--from", "--to", "--min-size",
        "--max-size", "--width", "--height", "--color",
        "--charset", "--png", "--svg", "--size", "--palette", "--scale",
        "--format", NULL
    };
    for (int i = 0; names[i] != NULL; i++)
        if (strcmp(name, names[i]) == 0)
            return 1;
    return 0;
}

static void parse_args(struct options *o, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (arg[0] != '-' || strcmp(arg, "-") == 0) {
            if (o->file != NULL) {
                fprintf(stderr, PROG ": more than one input file ('%s' and "
                        "'%s')\n", o->file, arg);
                exit(EXIT_BAD_INPUT);
            }
            o->file = arg;
            continue;
        }
        const char *eq = strchr(arg, '=');
        char name[64];
        size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
        if (n >= sizeof name)
            option_error(arg, "unknown option (see --help)");
        memcpy(name, arg, n);
        name[n] = '\0';
        if (!takes_value(name)) {
            if (eq != NULL)
                option_error(name, "%s", strcmp(name, "--sites") == 0
                             || strcmp(name, "--help") == 0
                             || strcmp(name, "--version") == 0
                             ? "takes no value" : "unknown option (see --help)");
            flag_option(o, arg);
            continue;
        }
        if (eq == NULL && i + 1 >= argc)
            option_error(name, "needs a value");
        value_option(o, name, eq ? eq + 1 : argv[++i]);
    }
    check_combinations(o);
}

/* ---------------------------------------------------------------- input */

struct input {
    char *data;
    size_t len;
    int mapped;               /* data is an mmap of the file, not malloc'd */
};

static void input_error(const char *path, const char *what)
{
    fprintf(stderr, PROG ": %s: %s\n", path, what);
    exit(EXIT_BAD_INPUT);
}

/* Read a stream that cannot be mapped (a pipe, standard input). */
static void read_stream(FILE *in, const char *path, struct input *inp)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (buf == NULL)
            input_error(path, "out of memory");
        n += fread(buf + n, 1, cap - n, in);
        if (n < cap)
            break;
        cap *= 2;
        char *bigger = realloc(buf, cap);
        if (bigger == NULL)
            free(buf);
        buf = bigger;
    }
    if (ferror(in))
        input_error(path, strerror(errno));
    inp->data = buf;
    inp->len = n;
    inp->mapped = 0;
}

/* The whole file (or standard input for "-").  A regular file is mapped:
 * no copy, and far fewer page faults than reading it into the heap. */
static void read_input(const char *path, struct input *inp)
{
    FILE *in = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (in == NULL)
        input_error(path, strerror(errno));
    struct stat st;
    if (fstat(fileno(in), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
        void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE,
                       fileno(in), 0);
        if (m != MAP_FAILED) {
            inp->data = m;
            inp->len = (size_t)st.st_size;
            inp->mapped = 1;
            if (in != stdin)
                fclose(in);
            return;
        }
    }
    read_stream(in, path, inp);
    if (in != stdin)
        fclose(in);
}

static void release_input(struct input *inp)
{
    if (inp->mapped)
        munmap(inp->data, inp->len);
    else
        free(inp->data);
}

/* --------------------------------------------------------------- output */

static int terminal_width(void)
{
    const char *cols = getenv("COLUMNS");
    if (cols != NULL) {
        long v = strtol(cols, NULL, 10);
        if (v > 0)
            return v < MIN_WIDTH ? MIN_WIDTH : v > MAX_WIDTH ? MAX_WIDTH : (int)v;
    }
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
        return ws.ws_col < MIN_WIDTH ? MIN_WIDTH : ws.ws_col;
    return DEFAULT_WIDTH;
}

/* The heap graph's height: on a terminal a sixth of its lines (3 to 12),
 * so that the bands keep most of the screen; otherwise 8. */
static int graph_height(void)
{
    struct winsize ws;
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0
        && ws.ws_row > 0) {
        int h = ws.ws_row / 6;
        return h < 3 ? 3 : h > 12 ? 12 : h;
    }
    return DEFAULT_GRAPH_HEIGHT;
}

static enum hb_color_mode colour_mode(enum color_choice c)
{
    if (c == COLOR_NEVER)
        return HB_COLOR_NONE;
    if (c == COLOR_AUTO) {
        const char *no = getenv("NO_COLOR"), *term = getenv("TERM");
        if (!isatty(STDOUT_FILENO) || (no != NULL && *no != '\0')
            || (term != NULL && strcmp(term, "dumb") == 0))
            return HB_COLOR_NONE;
    }
    const char *ct = getenv("COLORTERM");
    if (ct != NULL && (strcmp(ct, "truecolor") == 0 || strcmp(ct, "24bit") == 0))
        return HB_COLOR_TRUE;
    return HB_COLOR_256;
}

/* Build the chart; on a selection error (e.g. --from after the end), say
 * so and return -1. */
static int build_chart(const struct hb_file *f, struct hb_selection *sel,
                       struct hb_chart *ch, struct hb_chart_map *map)
{
    char err[256];
    if (hb_chart_build(f, sel, ch, map, err, sizeof err) == 0)
        return 0;
    fprintf(stderr, PROG ": %s\n", err);
    return -1;
}

/* Build the chart for a text width: the gutter depends on the labels of
 * the rows chosen, so build once, measure, and rebuild if it does not fit. */
static int build_for_width(const struct hb_file *f, struct hb_selection *sel,
                           int width, struct hb_chart *ch,
                           struct hb_chart_map *map)
{
    size_t gutter = 5;
    for (;;) {
        sel->max_cols = hb_ascii_plot_width(width, gutter);
        if (build_chart(f, sel, ch, map) < 0)
            return -1;
        size_t need = hb_ascii_gutter(ch);
        if (need <= gutter || ch->ncols <= hb_ascii_plot_width(width, need))
            return 0;
        hb_chart_free(ch);
        gutter = need;
    }
}

/* Returns 0, EXIT_BAD_INPUT (bad selection) or EXIT_OUTPUT. */
static int write_image(const struct hb_file *f, const struct options *o,
                       const char *path, int is_svg)
{
    struct hb_selection sel = o->sel;
    struct hb_chart ch;
    struct hb_chart_map map;
    struct hb_image_opts io = { o->image_w, o->image_h, o->palette, o->scale };
    char err[256] = "";
    sel.max_cols = (size_t)o->image_w;   /* at most a column per pixel */
    if (build_chart(f, &sel, &ch, &map) < 0)
        return EXIT_BAD_INPUT;
    int r = hb_render_image(&ch, &io, path, is_svg, err, sizeof err);
    hb_chart_free(&ch);
    if (r != 0) {
        fprintf(stderr, PROG ": %s: %s\n", path, err[0] ? err : "cannot write");
        return EXIT_OUTPUT;
    }
    return 0;
}

/* The text outputs: chart, CSV, JSON or sites.  Returns 0 or
 * EXIT_BAD_INPUT. */
static int write_text(const struct hb_file *f, struct options *o)
{
    static const char *const stats[] = { "avg", "max", "end" };
    static const char *const weights[] = { "count", "bytes" };
    struct hb_chart ch;
    struct hb_chart_map map;
    int width = o->width ? o->width : terminal_width();
    if (build_for_width(f, &o->sel, width, &ch, &map) < 0)
        return EXIT_BAD_INPUT;
    if (o->sites) {
        int chosen = o->sel.has_min_size || o->sel.has_max_size;
        hb_sites_report(stdout, f, chosen ? map.first_band : 0,
                        chosen ? map.last_band : UINT64_MAX);
    } else if (o->format == FORMAT_CSV) {
        hb_export_csv(stdout, f, &ch, &map);
    } else if (o->format == FORMAT_JSON) {
        hb_export_json(stdout, f, &ch, &map, stats[o->sel.stat],
                       weights[o->sel.weight]);
    } else {
        struct hb_ascii_opts ao = {
            width, o->height ? o->height : graph_height(),
            colour_mode(o->color), o->unicode, o->scale, o->palette,
            o->sel.kind == HB_CHART_LIVE || o->sel.weight == HB_WEIGHT_BYTES,
            o->sel.kind != HB_CHART_LIVE || o->sel.stat != HB_STAT_AVG
        };
        hb_ascii_render(stdout, f, &ch, &map, &ao);
    }
    hb_chart_free(&ch);
    return 0;
}

/* Text first (its chart checks the selection before any image is written),
 * then the images. */
static int write_outputs(const struct hb_file *f, struct options *o)
{
    int status = 0, r;
    if (o->format_given || o->sites || (o->png == NULL && o->svg == NULL)) {
        if ((r = write_text(f, o)) != 0)
            return r;
    }
    if (o->png != NULL && (r = write_image(f, o, o->png, 0)) != 0) {
        if (r == EXIT_BAD_INPUT)
            return r;
        status = r;
    }
    if (o->svg != NULL && (r = write_image(f, o, o->svg, 1)) != 0)
        status = r;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, PROG ": error writing the output\n");
        status = EXIT_OUTPUT;
    }
    return status;
}

int main(int argc, char **argv)
{
    struct options o;
    memset(&o, 0, sizeof o);
    o.image_w = DEFAULT_IMAGE_W;
    o.image_h = DEFAULT_IMAGE_H;
    parse_args(&o, argc, argv);

    struct input in;
    read_input(o.file, &in);
    struct hb_file f;
    struct hb_parse_error perr;
    int r = hb_parse(in.data, in.len, &f, &perr);
    release_input(&in);
    if (r < 0) {
        fprintf(stderr, PROG ": %s:%lu: %s\n", o.file, perr.line, perr.msg);
        return EXIT_BAD_INPUT;
    }
    int status = resolve_range(&f, &o) < 0 ? EXIT_BAD_INPUT
                                           : write_outputs(&f, &o);
    hb_file_free(&f);
    return status;
}
