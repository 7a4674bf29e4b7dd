/* cmd_export.c -- the exports for other viewers: see cmd_export.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#include "cmd_export.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "band_merge.h"
#include "callgrind.h"
#include "chart_build.h"
#include "dhat.h"
#include "error.h"
#include "folded.h"
#include "heaptrack.h"
#include "massif.h"
#include "outfile.h"
#include "pprof.h"
#include "site_export.h"
#include "site_select.h"
#include "trace_json.h"
#include "write_errors.h"

/* What an export reads: the site records, or the live chart at the
 * stored columns' resolution. */
enum export_input { READS_SITES, READS_CHART };

struct export_data {
    const struct hb_options *o;
    const struct hb_file *f;
    struct hb_site_sel sites;         /* READS_SITES */
    struct hb_chart chart;            /* READS_CHART */
};

/* Write the export to out; 0, or -1 with *err. */
typedef int export_writer(FILE *out, const struct export_data *d,
                          struct hb_error *err);

static int write_pprof(FILE *out, const struct export_data *d,
                       struct hb_error *err)
{
    return hb_pprof_write(out, d->f, &d->sites,
                          d->o->site_by == HB_SITE_BY_EXIT, err);
}

static int write_folded(FILE *out, const struct export_data *d,
                        struct hb_error *err)
{
    return hb_folded_write(out, d->f, &d->sites, d->o->site_by, err);
}

static int write_dhat(FILE *out, const struct export_data *d,
                      struct hb_error *err)
{
    return hb_dhat_write(out, d->f, &d->sites, err);
}

static int write_massif(FILE *out, const struct export_data *d,
                        struct hb_error *err)
{
    return hb_massif_write(out, d->f, &d->chart,
                           d->o->site_threshold_given ? d->o->site_threshold
                                                      : 0, err);
}

/* heaptrack reads a file by its name: gzip-compressed when it ends in
 * ".gz", else as text (standard output too). */
static int ends_in_gz(const char *path)
{
    size_t n = strlen(path);
    return n > 3 && strcmp(path + n - 3, ".gz") == 0;
}

static int write_heaptrack(FILE *out, const struct export_data *d,
                           struct hb_error *err)
{
    return hb_heaptrack_write(out, d->f, &d->sites,
                              ends_in_gz(d->o->heaptrack), NULL, err);
}

static int write_callgrind(FILE *out, const struct export_data *d,
                           struct hb_error *err)
{
    return hb_callgrind_write(out, d->f, &d->sites, d->o->bands_step, err);
}

static int check_callgrind(const struct export_data *d, struct hb_error *err)
{
    return hb_callgrind_check(d->f, d->o->bands_step, err);
}

static int write_trace(FILE *out, const struct export_data *d,
                       struct hb_error *err)
{
    return hb_trace_json_write(out, &d->chart, err);
}

/* What an export refuses before any file is written: 0, or -1 with *err
 * (a message that names its option). */
typedef int export_check(const struct export_data *d, struct hb_error *err);

struct export_spec {
    const char *option;
    size_t field;                     /* its file name in hb_options */
    enum export_input reads;
    export_writer *write;
    export_check *check;              /* or NULL */
};

#define FIELD(member) offsetof(struct hb_options, member)
static const struct export_spec exports[] = {
    { "--pprof", FIELD(pprof), READS_SITES, write_pprof, NULL },
    { "--folded", FIELD(folded), READS_SITES, write_folded, NULL },
    { "--massif", FIELD(massif), READS_CHART, write_massif, NULL },
    { "--dhat", FIELD(dhat), READS_SITES, write_dhat, NULL },
    { "--trace-json", FIELD(trace_json), READS_CHART, write_trace, NULL },
    { "--heaptrack", FIELD(heaptrack), READS_SITES, write_heaptrack, NULL },
    { "--callgrind", FIELD(callgrind), READS_SITES, write_callgrind,
      check_callgrind },
};
#define NEXPORTS (sizeof exports / sizeof exports[0])

static const char *path_of(const struct hb_options *o,
                           const struct export_spec *e)
{
    return *(const char *const *)((const char *)o + e->field);
}

int hb_exports_wanted(const struct hb_options *o)
{
    for (size_t i = 0; i < NEXPORTS; i++)
        if (path_of(o, &exports[i]) != NULL)
            return 1;
    return 0;
}

/* Open, write, commit; 0 or -1 with *err (the target as it was). */
static int write_one(const struct export_spec *e, const char *path,
                     const struct export_data *d, struct hb_error *err)
{
    struct hb_outfile file;
    if (hb_outfile_open(&file, path, err) < 0)
        return -1;
    if (e->write(file.fp, d, err) < 0) {
        hb_outfile_abort(&file);
        return -1;
    }
    return hb_outfile_commit(&file, err);
}

/* The selection options as the site records take them: --threshold
 * folds only when given. */
static struct hb_site_sel_opts sel_opts(const struct hb_options *o)
{
    struct hb_site_sel_opts so = {
        .sel = &o->sel, .by = o->site_by,
        .threshold = o->site_threshold_given ? o->site_threshold : 0
    };
    return so;
}

int hb_write_site_table(const struct hb_options *o, const struct hb_file *f,
                        const struct hb_suppressions *supp)
{
    struct hb_site_sel_opts so = sel_opts(o);
    struct hb_site_export_opts eo = {
        .json = o->format == HB_FORMAT_JSON,
        .leaks = (enum hb_site_export_what)o->leaks, .supp = supp
    };
    struct hb_error err = { .kind = HB_ERR_NONE };
    struct hb_site_sel s;
    if (hb_site_select(f, &so, &s, &err) < 0) {
        fprintf(stderr, HB_PROGRAM_NAME ": option %s: %s\n",
                o->leaks ? "--leaks" : "--sites", err.msg);
        return hb_error_status(&err);
    }
    int r = hb_site_export(stdout, f, &s, &eo, &err);
    hb_site_sel_free(&s);
    if (r < 0) {
        hb_error_print(&err, NULL);
        return hb_error_status(&err);
    }
    return HB_EXIT_OK;
}

/* The live chart of live bytes at each stored column's end, the rows as
 * --min-size, --max-size and --bands choose them, the time as --from and
 * --to do. */
static int build_chart(const struct hb_options *o, const struct hb_file *f,
                       struct hb_chart *ch, struct hb_error *err)
{
    struct hb_selection sel = o->sel;
    sel.kind = HB_CHART_LIVE;
    sel.stat = HB_STAT_END;
    sel.max_cols = f->ncols ? (size_t)f->ncols : 1;
    if (hb_chart_build(f, &sel, ch, err) < 0)
        return -1;
    if (o->bands_step != 0 && o->bands_step != ch->row_step
        && hb_chart_merge_bands(ch, f, o->bands_step, err) < 0) {
        hb_chart_free(ch);
        return -1;
    }
    return 0;
}

/* What export e reads, into *d.  0, or -1 with *err. */
static int prepare(const struct export_spec *e, struct export_data *d,
                   struct hb_error *err)
{
    if (e->reads == READS_CHART)
        return build_chart(d->o, d->f, &d->chart, err);
    struct hb_site_sel_opts so = sel_opts(d->o);
    return hb_site_select(d->f, &so, &d->sites, err);
}

static void release(const struct export_spec *e, struct export_data *d)
{
    if (e->reads == READS_CHART)
        hb_chart_free(&d->chart);
    else
        hb_site_sel_free(&d->sites);
}

int hb_write_exports(const struct hb_options *o, const struct hb_file *f)
{
    int status = HB_EXIT_OK;
    for (size_t i = 0; i < NEXPORTS; i++) {
        const struct export_spec *e = &exports[i];
        const char *path = path_of(o, e);
        if (path == NULL)
            continue;
        struct hb_error err = { .kind = HB_ERR_NONE };
        struct export_data d = { .o = o, .f = f };
        if (e->check != NULL && e->check(&d, &err) < 0) {
            fprintf(stderr, HB_PROGRAM_NAME ": %s\n", err.msg);
            return hb_error_status(&err);
        }
        if (prepare(e, &d, &err) < 0) {
            fprintf(stderr, HB_PROGRAM_NAME ": option %s: %s\n", e->option,
                    err.msg);
            return hb_error_status(&err);
        }
        int r = write_one(e, path, &d, &err);
        release(e, &d);
        if (r < 0) {
            hb_output_error(path, err.msg);
            if (err.kind != HB_ERR_OUTPUT)
                return hb_error_status(&err);
            status = HB_EXIT_OUTPUT;
        }
    }
    return status;
}
