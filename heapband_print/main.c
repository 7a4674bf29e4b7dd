/* main.c -- heapband_print: options, reading the file, choosing the output.
 *
 * The options are in cli.c, the input in load.c and the terminal in term.c,
 * shared with
 * --diff and --check (compare.c), which take over the whole command line
 * when it holds one of them.
 *
 * Exit status: 0 on success, 2 on bad input or bad options (one line on
 * stderr: "heapband_print: FILE:LINE: what is wrong" or "heapband_print:
 * option --x: what is wrong"), 1 when an output cannot be written.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "chart_build.h"
#include "compare.h"
#include "export.h"
#include "hbfile.h"
#include "cli.h"
#include "img_file.h"
#include "load.h"
#include "sites.h"

#define PROG "heapband_print"
#define EXIT_BAD_INPUT HB_EXIT_BAD_INPUT
#define EXIT_OUTPUT HB_EXIT_OUTPUT

static void check_combinations(const struct hb_options *o)
{
    if (o->npaths == 0) {
        fprintf(stderr, PROG ": no input file (see --help)\n");
        exit(EXIT_BAD_INPUT);
    }
    if (o->sel.kind == HB_CHART_LIFETIME && (o->from_text || o->to_text))
        hb_option_error(o->from_text ? "--from" : "--to",
                        "does not apply to --chart=lifetime (lifetimes cover "
                        "the whole run)");
    if (o->sel.has_min_size && o->sel.has_max_size
        && o->sel.min_size > o->sel.max_size)
        hb_option_error("--min-size", "larger than --max-size");
    if (o->sites && o->format != HB_FORMAT_TEXT)
        hb_option_error("--sites", "writes text only (not with --format=%s)",
                        o->format == HB_FORMAT_CSV ? "csv" : "json");
    if (o->align_given)
        hb_option_error("--align", "applies to --diff OLD NEW only");
}

/* --------------------------------------------------------------- output */

/* Build the chart; on a selection error (e.g. --from after the end) or
 * out of memory, say so and return the exit status (0 if built). */
static int build_chart(const struct hb_file *f, struct hb_selection *sel,
                       struct hb_chart *ch)
{
    struct hb_error err = { 0 };
    if (hb_chart_build(f, sel, ch, &err) == 0)
        return 0;
    hb_error_print(&err, NULL);
    return hb_error_status(&err);
}

/* Build the chart for a text width: the gutter depends on the labels of
 * the rows chosen, so build once, measure, and rebuild if it does not fit.
 * Returns 0 or the exit status of the error. */
static int build_for_width(const struct hb_file *f, struct hb_selection *sel,
                           int width, struct hb_chart *ch)
{
    size_t gutter = 5;
    for (;;) {
        sel->max_cols = hb_ascii_plot_width(width, gutter);
        int r = build_chart(f, sel, ch);
        if (r != 0)
            return r;
        size_t need = hb_ascii_gutter(ch);
        if (need <= gutter || ch->ncols <= hb_ascii_plot_width(width, need))
            return 0;
        hb_chart_free(ch);
        gutter = need;
    }
}

/* Returns 0, EXIT_OUTPUT, or the status of a chart that cannot be built
 * (a bad selection, out of memory). */
static int write_image(const struct hb_file *f, const struct hb_options *o,
                       const char *path, int is_svg)
{
    struct hb_selection sel = o->sel;
    struct hb_chart ch;
    struct hb_image_opts io = { o->image_w, o->image_h, o->palette, o->scale };
    /* At most a column per pixel of the plot, so that no two columns share
     * a pixel. */
    sel.max_cols = (size_t)hb_image_max_columns(&io);
    int r = build_chart(f, &sel, &ch);
    if (r != 0)
        return r;
    return hb_write_image_file(&ch, &io, path, is_svg);
}

/* The text outputs: chart, CSV, JSON or sites.  Returns 0 or the status
 * of a chart that cannot be built. */
static int write_text(const struct hb_file *f, struct hb_options *o)
{
    struct hb_chart ch;
    int width = o->width ? o->width : hb_term_width();
    int r = build_for_width(f, &o->sel, width, &ch);
    if (r != 0)
        return r;
    if (o->sites) {
        int chosen = o->sel.has_min_size || o->sel.has_max_size;
        hb_sites_report(stdout, f, chosen ? ch.first_band : 0,
                        chosen ? ch.first_band + ch.nrows - 1 : UINT64_MAX);
    } else if (o->format == HB_FORMAT_CSV) {
        hb_export_csv(stdout, &ch);
    } else if (o->format == HB_FORMAT_JSON) {
        hb_export_json(stdout, &ch, hb_stat_words[o->sel.stat],
                       hb_weight_words[o->sel.weight]);
    } else {
        struct hb_ascii_opts ao = {
            width, o->height ? o->height : hb_term_graph_height(),
            hb_term_color_mode(o->color), o->unicode, o->scale, o->palette
        };
        hb_ascii_render(stdout, &ch, &ao);
    }
    hb_chart_free(&ch);
    return 0;
}

/* Text first (its chart checks the selection before any image is written),
 * then the images. */
static int write_outputs(const struct hb_file *f, struct hb_options *o)
{
    int status = 0, r;
    if (o->format_given || o->sites || (o->png == NULL && o->svg == NULL)) {
        if ((r = write_text(f, o)) != 0)
            return r;
    }
    if (o->png != NULL && (r = write_image(f, o, o->png, 0)) != 0) {
        if (r != EXIT_OUTPUT)
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
    if (hb_cli_command(argc, argv) == HB_CMD_DIFF)
        return hb_compare_main(argc, argv);
    struct hb_options o;
    hb_parse_args(&o, HB_CMD_CHART, argc, argv);
    check_combinations(&o);
    const char *file = o.paths[0];

    struct hb_file f;
    struct hb_error err = { HB_ERR_NONE, 0, "" };
    if (hb_load_file(file, &f, &err) < 0) {
        hb_error_print(&err, file);
        return hb_error_status(&err);
    }
    const struct hb_file *files[1] = { &f };
    int status = hb_resolve_range(files, 1, &o) < 0 ? EXIT_BAD_INPUT
                                                    : write_outputs(&f, &o);
    hb_file_free(&f);
    return status;
}
