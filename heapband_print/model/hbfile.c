/* hbfile.c -- a parsed heap-band file: freeing it, and the queries the
 * chart and the reports ask of it (see hbfile.h).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The queries rely on the invariants hb_parse() checked (a contiguous band
 * table, c < ncols); they do not check them again.  Cost: O(1) each, but
 * hb_band_of_size, O(log nbands).
 */
#include "hbfile.h"
#include "search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void hb_file_free(struct hb_file *f)
{
    free(f->tool_version);
    free(f->cmd);
    free(f->ending.signame);
    free(f->ending.program);
    free(f->ending.exec_from);
    free(f->ending.exec_to);
    free(f->bands);
    free(f->cols);
    free(f->cells);
    free(f->lifes);
    free(f->leaks);
    free(f->losts);
    free(f->atpeaks);
    free(f->fcols);
    free(f->slops);
    free(f->scells);
    for (size_t i = 0; i < f->nobjects; i++)
        free(f->objects[i]);
    free(f->objects);
    for (size_t i = 0; i < f->nsources; i++)
        free(f->sources[i]);
    free(f->sources);
    for (size_t i = 0; i < f->nframes; i++)
        free(f->frames[i].function);
    free(f->frames);
    for (size_t i = 0; i < f->nsites; i++)
        free(f->sites[i].frames);
    free(f->sites);
    free(f->siterecs);
    free(f->site_times);
    for (size_t i = 0; i < f->nmarks; i++)
        free(f->marks[i].name);
    free(f->marks);
    memset(f, 0, sizeof *f);
}

void hb_lost_add(struct hb_lost *to, const struct hb_lost *from)
{
    for (int k = 0; k < HB_NLOST; k++) {
        to->bytes[k] += from->bytes[k];
        to->blocks[k] += from->blocks[k];
    }
}

uint64_t hb_lost_bytes(const struct hb_lost *l)
{
    return l->bytes[0] + l->bytes[1] + l->bytes[2];
}

uint64_t hb_lost_blocks(const struct hb_lost *l)
{
    return l->blocks[0] + l->blocks[1] + l->blocks[2];
}

void hb_site_figures_add(struct hb_site_figures *to,
                         const struct hb_site_figures *from)
{
    to->allocs += from->allocs;
    to->alloc_bytes += from->alloc_bytes;
    to->peak_bytes += from->peak_bytes;
    to->peak_blocks += from->peak_blocks;
    to->exit_bytes += from->exit_bytes;
    to->exit_blocks += from->exit_blocks;
    hb_lost_add(&to->lost, &from->lost);
}

struct hb_site_figures hb_site_figures_of(const struct hb_siterec *r)
{
    struct hb_site_figures fig = {
        .allocs = r->allocs, .alloc_bytes = r->alloc_bytes,
        .peak_bytes = r->peak_bytes, .peak_blocks = r->peak_blocks,
        .exit_bytes = r->exit_bytes, .exit_blocks = r->exit_blocks,
        .lost = r->lost
    };
    return fig;
}

const char *hb_end_words(const struct hb_file *f)
{
    switch (f->end_moment) {
    case HB_END_EXIT: return "at exit";
    case HB_END_SNAPSHOT: return "at the snapshot";
    case HB_END_EXEC: return "at the exec";
    default: return "at the end";
    }
}

const char *hb_unit_name(enum hb_unit u)
{
    switch (u) {
    case HB_UNIT_B: return "B";
    case HB_UNIT_MS: return "ms";
    default: return "i";
    }
}

struct size_key { const struct hb_file *f; uint64_t size; };

static int band_below(const void *ctx, size_t i)
{
    const struct size_key *k = ctx;
    return k->f->bands[i].hi < k->size;
}

uint64_t hb_band_of_size(const struct hb_file *f, uint64_t size)
{
    /* Among all but the last band: a size past them all is the last's. */
    const struct size_key k = { f, size };
    return hb_partition_point((size_t)f->nbands - 1, &k, band_below);
}

uint64_t hb_col_start(const struct hb_file *f, uint64_t c)
{
    return c * f->col_width;   /* c < ncols, so c*W <= end-time */
}

uint64_t hb_col_span_end(const struct hb_file *f, uint64_t c)
{
    uint64_t start = hb_col_start(f, c);
    if (f->end_time - start < f->col_width)
        return f->end_time;
    return start + f->col_width;
}

/* A version-3 frame without its address: "FUNCTION (FILE:LINE)",
 * "FUNCTION (in OBJECT)" or "FUNCTION". */
static void frame_body(const struct hb_file *f, const struct hb_frame *fr,
                       char *buf, size_t size)
{
    if (fr->source != 0)
        snprintf(buf, size, "%s (%s:%llu)", fr->function,
                 f->sources[fr->source - 1], (unsigned long long)fr->line);
    else if (fr->object != 0)
        snprintf(buf, size, "%s (in %s)", fr->function,
                 f->objects[fr->object - 1]);
    else
        snprintf(buf, size, "%s", fr->function);
}

/* The address before the body, then separator. */
static void frame_with_address(const struct hb_file *f, uint64_t n,
                               const char *sep, char *buf, size_t size)
{
    const struct hb_frame *fr = &f->frames[n - 1];
    int k = snprintf(buf, size, "0x%llx%s", (unsigned long long)fr->offset,
                     sep);
    if (k > 0 && (size_t)k < size)
        frame_body(f, fr, buf + k, size - (size_t)k);
}

void hb_frame_format(const struct hb_file *f, uint64_t n, char *buf,
                     size_t size)
{
    const struct hb_frame *fr = &f->frames[n - 1];
    if (f->version < 3)                         /* versions 1, 2: a text */
        snprintf(buf, size, "%s", fr->function);
    else if (fr->source != 0)
        frame_body(f, fr, buf, size);
    else
        frame_with_address(f, n, " ", buf, size);
}

void hb_frame_format_tool(const struct hb_file *f, uint64_t n, char *buf,
                          size_t size)
{
    if (f->version < 3)
        snprintf(buf, size, "%s", f->frames[n - 1].function);
    else
        frame_with_address(f, n, ": ", buf, size);
}
