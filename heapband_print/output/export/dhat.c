/* dhat.c -- --dhat=FILE: see dhat.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The fields are those dh_view.js checks and reads: the run's ("mode",
 * "verb", "bklt", "bkacc", the units, "cmd", "pid", "te", "tg", "tuth"),
 * "pps" (per point "tb", "tbk", "tl", "mb", "mbk", "gb", "gbk", "eb",
 * "ebk" and "fs", its frames innermost first as indices into "ftbl"), and
 * "ftbl", whose entry 0 is "[root]".  Frame i of the file is ftbl[i];
 * the other sites' frame is ftbl[nframes + 1].  "mb" and "mbk" (dh_view's
 * "Max") are the site's most bytes live, summed over its bands, and the
 * blocks then (blocks_at_max); DHAT's own are sampled only at moments the
 * whole heap is at its largest so far, so they may be less.
 */
#include "dhat.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "json_csv.h"

/* One program point: a site's figures summed over its records. */
struct point {
    struct hb_site_figures fig;
    uint64_t max_bytes, max_blocks;
    int used;
};

/* The blocks a site had live when it held its most bytes in band
 * [lo, hi] (MAX_BYTES), which the file does not record: exact when
 * MAX_BYTES is ALLOC_BYTES (all its blocks live at once), when the band's
 * sizes allow one count of blocks (at least MAX / hi, at most MAX / lo
 * and ALLOCS: e.g. a site that never had two blocks live), or when the
 * peak or the exit is a moment of that maximum (its blocks then);
 * otherwise the fewest blocks of the band that hold those bytes,
 * so dh_view's "Max" then reads "at least".  The manual says so
 * (other-viewers.md). */
static uint64_t blocks_at_max(const struct hb_sel_rec *r,
                              const struct hb_band *band)
{
    uint64_t m = r->max_bytes;
    if (m == 0)
        return 0;
    if (m == r->fig.alloc_bytes)     /* every block it allocated, at once */
        return r->fig.allocs;
    uint64_t fewest = m / band->hi + (m % band->hi != 0);
    uint64_t most = band->lo ? m / band->lo : r->fig.allocs;
    if (most > r->fig.allocs)
        most = r->fig.allocs;
    if (fewest >= most)
        return fewest;
    if (m == r->fig.peak_bytes)
        return r->fig.peak_blocks;
    if (m == r->fig.exit_bytes)
        return r->fig.exit_blocks;
    return fewest;
}

static void header(FILE *out, const struct hb_file *f)
{
    static const char *const tu[] = { "instrs", "bytes", "ms" };
    static const char *const mtu[] = { "Minstr", "MB", "Mms" };
    fprintf(out, "{\"dhatFileVersion\": 2,\n\"mode\": \"heap\",\n"
            "\"verb\": \"Allocated\",\n\"bklt\": true,\n\"bkacc\": false,\n"
            "\"bu\": \"byte\", \"bsu\": \"bytes\", \"bksu\": \"blocks\",\n"
            "\"tu\": \"%s\", \"Mtu\": \"%s\",\n\"tuth\": -1,\n\"cmd\": ",
            tu[f->unit], mtu[f->unit]);
    hb_json_string(out, f->cmd);
    fprintf(out, ",\n\"pid\": %" PRIu64 ",\n\"te\": %" PRIu64 ",\n\"tg\": %"
            PRIu64 ",\n", f->pid, f->end_time, f->peak_t_reached);
}

static void point(FILE *out, const struct hb_file *f, uint64_t site,
                  const struct point *p, int first)
{
    const struct hb_site_figures *g = &p->fig;
    fprintf(out, "%s{\"tb\": %" PRIu64 ", \"tbk\": %" PRIu64 ", \"tl\": 0, "
            "\"mb\": %" PRIu64 ", \"mbk\": %" PRIu64 ", \"gb\": %" PRIu64
            ", \"gbk\": %" PRIu64 ", \"eb\": %" PRIu64 ", \"ebk\": %" PRIu64
            ",\n \"fs\": [", first ? "" : ",\n", g->alloc_bytes, g->allocs,
            p->max_bytes, p->max_blocks, g->peak_bytes, g->peak_blocks, g->exit_bytes, g->exit_blocks);
    if (site == 0) {
        fprintf(out, "%zu", f->nframes + 1);
    } else {
        const struct hb_site *st = &f->sites[site - 1];
        for (size_t i = 0; i < st->nframes; i++)
            fprintf(out, "%s%" PRIu64, i ? ", " : "", st->frames[i]);
    }
    fputs("]}", out);
}

static void frame_table(FILE *out, const struct hb_file *f)
{
    char buf[HB_FRAME_TEXT_MAX];
    fputs("\"ftbl\": [\n\"[root]\"", out);
    for (uint64_t n = 1; n <= f->nframes; n++) {
        hb_frame_format_tool(f, n, buf, sizeof buf);
        fputs(",\n", out);
        hb_json_string(out, buf);
    }
    fputs(",\n\"[other sites]\"\n]\n}\n", out);
}

int hb_dhat_write(FILE *out, const struct hb_file *f,
                  const struct hb_site_sel *s, struct hb_error *err)
{
    /* points[0]: the other sites; points[i]: site i. */
    struct point *points = calloc(f->nsites + 1, sizeof *points);
    if (points == NULL)
        return hb_error_nomem(err, "writing the DHAT file");
    for (size_t i = 0; i < s->nrecs; i++) {
        struct point *p = &points[s->recs[i].site];
        hb_site_figures_add(&p->fig, &s->recs[i].fig);
        p->max_bytes += s->recs[i].max_bytes;
        p->max_blocks += blocks_at_max(&s->recs[i], &f->bands[s->recs[i].b]);
        p->used = 1;
    }
    header(out, f);
    fputs("\"pps\": [\n", out);
    int first = 1;
    for (size_t site = 1; site <= f->nsites + 1; site++) {
        size_t k = site % (f->nsites + 1);   /* the other sites last */
        if (points[k].used) {
            point(out, f, k, &points[k], first);
            first = 0;
        }
    }
    fputs("\n],\n", out);
    frame_table(out, f);
    free(points);
    if (ferror(out))
        return hb_error_set(err, HB_ERR_OUTPUT, 0, "cannot write: %s",
                            strerror(errno ? errno : EIO));
    return 0;
}
