/* options.h -- heapband_print's command line: the options shared by the
 * chart (main.c) and by --diff/--check (compare.c).
 *
 * Errors are reported on stderr as "heapband_print: option --x: what is
 * wrong" and end the program with status 2.
 */
#ifndef HEAPBAND_PRINT_OPTIONS_H
#define HEAPBAND_PRINT_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "chart.h"
#include "error.h"
#include "hbfile.h"
#include "palette.h"
#include "selection.h"
#include "term.h"

enum hb_out_format { HB_FORMAT_TEXT, HB_FORMAT_CSV, HB_FORMAT_JSON };

struct hb_options {
    struct hb_selection sel;
    const char *from_text, *to_text;    /* times or mark names */
    int width, height;            /* 0: automatic */
    enum hb_color_choice color;
    int unicode;
    const char *png, *svg;
    int image_w, image_h;
    enum hb_palette palette;
    enum hb_scale scale;
    enum hb_out_format format;
    int format_given;
    int sites;
    enum hb_align align;          /* --diff */
    int align_given;
};

/* Defaults: image 1200x800, everything else 0. */
void hb_options_init(struct hb_options *o);

/* Options that only one mode knows: a name ("--check") and whether it
 * takes a value.  The list ends with a NULL name. */
struct hb_extra_option {
    const char *name;
    int takes_value;
};

/* Called for an extra option (value NULL for a flag); returns 1 if it took
 * it. */
typedef int hb_extra_fn(void *ctx, const char *name, const char *value);

/* Parse argv: options into *o, extra ones through fn, the other arguments
 * (file names, "-" for standard input) into files[0 .. max_files-1] and
 * their count into *nfiles (more than max_files is an error).  --help and
 * --version print and exit 0. */
void hb_parse_args(struct hb_options *o, int argc, char **argv,
                   const struct hb_extra_option *extra, hb_extra_fn *fn,
                   void *ctx, const char **files, size_t max_files,
                   size_t *nfiles);

__attribute__((noreturn, format(printf, 2, 3)))
void hb_option_error(const char *name, const char *fmt, ...);

/* A time ("5000", "20k") or the name of a mark of f (its first for
 * --from, last != 0: its last, for --to).  Returns 0, or -1 (no message). */
int hb_resolve_time(const struct hb_file *f, const char *value, int last,
                    uint64_t *t);

/* Resolve --from and --to (o->from_text, o->to_text) into o->sel: a time,
 * or a mark of files[0], else of files[1] ...  Returns 0, or -1 after
 * saying on stderr that the value is neither a time nor a mark ("of the
 * file" for one file, "of either file" for two). */
int hb_resolve_range(const struct hb_file *const *files, size_t nfiles,
                     struct hb_options *o);

#endif
