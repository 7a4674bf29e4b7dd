/* site_export.c -- --sites and --leaks as CSV and JSON: see
 * site_export.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#include "site_export.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "json_csv.h"
#include "leak_kinds.h"

/* --sites keeps every record; --leaks those with blocks live at exit, and
 * on a file with leak kinds bare --leaks only those with lost blocks, as
 * its text report does. */
static int wanted(const struct hb_file *f, const struct hb_sel_rec *r,
                  const struct hb_site_export_opts *o)
{
    if (o->leaks == HB_SITE_EXPORT_SITES)
        return 1;
    if (o->leaks == HB_SITE_EXPORT_LOST && f->leak_kinds)
        return hb_lost_blocks(&r->fig.lost) > 0;
    return r->fig.exit_blocks > 0;
}

static int suppressed(const struct hb_file *f, const struct hb_sel_rec *r,
                      const struct hb_site_export_opts *o)
{
    return o->supp != NULL && r->site != 0
           && hb_suppressions_match_site(f, o->supp, r->site);
}

#define NSUMS 6                       /* figures that add up */
#define NFIGURES 8

/* The leak kinds' CSV columns, after exit_blocks (files with kinds). */
static const char csv_kinds_header[] =
    "definitely_bytes,definitely_blocks,indirectly_bytes,indirectly_blocks,"
    "possibly_bytes,possibly_blocks,reachable_bytes,reachable_blocks,";

/* Figures from .. to - 1 of r, in the order of the CSV header's: as CSV
 * fields, each after a comma, or as JSON members, each after ", " but
 * the first when `first`. */
static void put_figures(FILE *out, const struct hb_sel_rec *r, size_t from,
                        size_t to, int json, int first)
{
    const uint64_t v[NFIGURES] = { r->fig.allocs, r->fig.alloc_bytes,
                                   r->fig.peak_bytes, r->fig.peak_blocks,
                                   r->fig.exit_bytes, r->fig.exit_blocks,
                                   r->max_bytes, r->nsites };
    static const char *const names[NFIGURES] = {
        "allocs", "alloc_bytes", "peak_bytes", "peak_blocks", "exit_bytes",
        "exit_blocks", "max_bytes", "nsites" };
    for (size_t i = from; i < to; i++)
        if (json)
            fprintf(out, "%s\"%s\": %" PRIu64, i == from && first ? "" : ", ",
                    names[i], v[i]);
        else
            fprintf(out, ",%" PRIu64, v[i]);
}

/* ------------------------------------------------------------------ CSV */

static void csv_frames(FILE *out, const struct hb_file *f, uint64_t site)
{
    char buf[HB_FRAME_TEXT_MAX];
    if (site == 0) {
        hb_csv_string(out, "(other sites)");
        return;
    }
    const struct hb_site *s = &f->sites[site - 1];
    fputc('"', out);
    for (size_t i = 0; i < s->nframes; i++) {
        hb_frame_format(f, s->frames[i], buf, sizeof buf);
        if (i > 0)
            fputs(" | ", out);
        for (const char *p = buf; *p; p++) {
            if (*p == '"')
                fputc('"', out);
            fputc(*p, out);
        }
    }
    fputc('"', out);
}

/* The four kinds of r's exit blocks as CSV fields, each after a comma:
 * still reachable is what the three lost kinds leave. */
static void csv_kinds(FILE *out, const struct hb_site_figures *fig)
{
    for (int k = 0; k < HB_NLOST; k++)
        fprintf(out, ",%" PRIu64 ",%" PRIu64, fig->lost.bytes[k],
                fig->lost.blocks[k]);
    fprintf(out, ",%" PRIu64 ",%" PRIu64,
            fig->exit_bytes - hb_lost_bytes(&fig->lost),
            fig->exit_blocks - hb_lost_blocks(&fig->lost));
}

static void write_csv(FILE *out, const struct hb_file *f,
                      const struct hb_site_sel *s,
                      const struct hb_site_export_opts *o)
{
    fputs("site,band,lo,hi,allocs,alloc_bytes,peak_bytes,peak_blocks,"
          "exit_bytes,exit_blocks,", out);
    if (f->leak_kinds)
        fputs(csv_kinds_header, out);
    fputs("max_bytes,nsites,", out);
    fputs(o->leaks ? "suppressed,frames\n" : "frames\n", out);
    for (size_t i = 0; i < s->nrecs; i++) {
        const struct hb_sel_rec *r = &s->recs[i];
        if (!wanted(f, r, o))
            continue;
        fprintf(out, "%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64, r->site,
                r->b, f->bands[r->b].lo, f->bands[r->b].hi);
        put_figures(out, r, 0, NSUMS, 0, 0);
        if (f->leak_kinds)
            csv_kinds(out, &r->fig);
        put_figures(out, r, NSUMS, NFIGURES, 0, 0);
        if (o->leaks)
            fprintf(out, ",%d", suppressed(f, r, o));
        fputc(',', out);
        csv_frames(out, f, r->site);
        fputc('\n', out);
    }
}

/* ----------------------------------------------------------------- JSON */

static void json_frame(FILE *out, const struct hb_file *f, uint64_t n)
{
    const struct hb_frame *fr = &f->frames[n - 1];
    fputs("{\"function\": ", out);
    hb_json_string(out, fr->function);
    fputs(", \"object\": ", out);
    if (fr->object != 0)
        hb_json_string(out, f->objects[fr->object - 1]);
    else
        fputs("null", out);
    fprintf(out, ", \"offset\": \"0x%" PRIx64 "\", \"file\": ", fr->offset);
    if (fr->source != 0)
        hb_json_string(out, f->sources[fr->source - 1]);
    else
        fputs("null", out);
    fprintf(out, ", \"line\": %" PRIu64 "}", fr->line);
}

static void json_record(FILE *out, const struct hb_file *f,
                        const struct hb_sel_rec *r,
                        const struct hb_site_export_opts *o)
{
    fprintf(out, "    {\"site\": %" PRIu64 ", \"band\": %" PRIu64
            ", \"lo\": %" PRIu64 ", \"hi\": %" PRIu64, r->site, r->b,
            f->bands[r->b].lo, f->bands[r->b].hi);
    put_figures(out, r, 0, NFIGURES, 1, 0);
    if (f->leak_kinds)
        hb_leak_kinds_json(out, &r->fig.lost, r->fig.exit_bytes,
                           r->fig.exit_blocks);
    if (o->leaks)
        fprintf(out, ", \"suppressed\": %s",
                suppressed(f, r, o) ? "true" : "false");
    fputs(",\n     \"frames\": [", out);
    const struct hb_site *s = r->site ? &f->sites[r->site - 1] : NULL;
    for (size_t i = 0; s != NULL && i < s->nframes; i++) {
        fputs(i ? ",\n       " : "\n       ", out);
        json_frame(out, f, s->frames[i]);
    }
    fputs("]}", out);
}

static void write_json(FILE *out, const struct hb_file *f,
                       const struct hb_site_sel *s,
                       const struct hb_site_export_opts *o)
{
    fputs("{\n  \"command\": ", out);
    hb_json_string(out, f->cmd);
    fprintf(out, ",\n  \"report\": \"%s\",\n", o->leaks ? "leaks" : "sites");
    fputs("  \"total\": {", out);
    struct hb_sel_rec total = { .fig = s->total };
    put_figures(out, &total, 0, NSUMS, 1, 1);
    if (f->leak_kinds)
        hb_leak_kinds_json(out, &s->total.lost, s->total.exit_bytes,
                           s->total.exit_blocks);
    fputs("},\n  \"records\": [", out);
    int first = 1;
    for (size_t i = 0; i < s->nrecs; i++) {
        if (!wanted(f, &s->recs[i], o))
            continue;
        fputs(first ? "\n" : ",\n", out);
        first = 0;
        json_record(out, f, &s->recs[i], o);
    }
    fputs("\n  ]\n}\n", out);
}

int hb_site_export(FILE *out, const struct hb_file *f,
                   const struct hb_site_sel *s,
                   const struct hb_site_export_opts *o,
                   struct hb_error *err)
{
    if (o->json)
        write_json(out, f, s, o);
    else
        write_csv(out, f, s, o);
    if (ferror(out))
        return hb_error_set(err, HB_ERR_OUTPUT, 0, "cannot write: %s",
                            strerror(errno ? errno : EIO));
    return 0;
}
