/* massif.c -- --massif=FILE: see massif.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The massif.out syntax as ms_print reads it: "desc:", "cmd:",
 * "time_unit:" lines, then per snapshot "snapshot=N", "time=", "mem_heap_B=",
 * "mem_heap_extra_B=", "mem_stacks_B=", "heap_tree=" (empty, detailed or
 * peak) and, unless empty, the tree: one line per node, "nK: BYTES TEXT",
 * K its children, which follow it, indented one space deeper.
 */
#include "massif.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "site_tree.h"

#define SEPARATOR "#-----------\n"

struct writer {
    FILE *out;
    const struct hb_file *f;
    const struct hb_site_tree *t;     /* NULL: no sites */
    uint64_t whole;                   /* the peak snapshot's heap */
    double threshold;
    char frame[HB_FRAME_TEXT_MAX];    /* one frame's text, not on the
                                         stack of the tree's recursion */
};

/* The bytes live at the peak in bands first..last. */
static uint64_t peak_in_bands(const struct hb_file *f, uint64_t first,
                              uint64_t last)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < f->natpeaks; i++)
        if (f->atpeaks[i].b >= first && f->atpeaks[i].b <= last)
            sum += f->atpeaks[i].bytes;
    return sum;
}

static void snapshot(FILE *out, size_t n, uint64_t t, uint64_t heap,
                     const char *tree)
{
    fprintf(out, SEPARATOR "snapshot=%zu\n" SEPARATOR "time=%" PRIu64
            "\nmem_heap_B=%" PRIu64 "\nmem_heap_extra_B=0\nmem_stacks_B=0\n"
            "heap_tree=%s\n", n, t, heap, tree);
}

static int shown(const struct writer *w, uint64_t bytes)
{
    return bytes > 0 && (double)bytes * 100.0 >= w->threshold
                                                 * (double)w->whole;
}

/* The children from `first` on: how many are shown, and the bytes of
 * those folded (and how many). */
struct kids {
    size_t shown, folded;
    uint64_t folded_bytes;
};

static struct kids count_kids(const struct writer *w, size_t first)
{
    struct kids k = { 0, 0, 0 };
    for (size_t c = first; c != 0; c = w->t->nodes[c].next_sibling) {
        uint64_t b = w->t->nodes[c].fig.peak_bytes;
        if (shown(w, b))
            k.shown++;
        else if (b > 0) {
            k.folded++;
            k.folded_bytes += b;
        }
    }
    return k;
}

static void node(struct writer *w, size_t n, int depth);

/* The shown children, then one line for the folded ones. */
static void print_kids(struct writer *w, size_t first, int depth,
                       const struct kids *k)
{
    for (size_t c = first; c != 0; c = w->t->nodes[c].next_sibling)
        if (shown(w, w->t->nodes[c].fig.peak_bytes))
            node(w, c, depth);
    if (k->folded > 0)
        fprintf(w->out, "%*sn0: %" PRIu64 " in %zu places, all below "
                "massif's threshold (%.2f%%)\n", depth, "", k->folded_bytes,
                k->folded, w->threshold);
}

/* Node n and the nodes under it, `depth` spaces in. */
static void node(struct writer *w, size_t n, int depth)
{
    const struct hb_site_node *nd = &w->t->nodes[n];
    struct kids k = count_kids(w, nd->first_child);
    fprintf(w->out, "%*sn%zu: %" PRIu64 " ", depth, "",
            k.shown + (k.folded > 0), nd->fig.peak_bytes);
    hb_frame_format_tool(w->f, nd->frame, w->frame, sizeof w->frame);
    fprintf(w->out, "%s\n", w->frame);
    print_kids(w, nd->first_child, depth + 1, &k);
}

/* The peak snapshot's tree: the root, its allocation points, the other
 * sites. */
static void peak_tree(struct writer *w)
{
    const struct hb_site_tree *t = w->t;
    int other = t != NULL && t->other.peak_bytes > 0;
    struct kids k = { 0, 0, 0 };
    if (t != NULL)
        k = count_kids(w, t->nodes[0].first_child);
    fprintf(w->out, "n%zu: %" PRIu64 " (heap allocation functions) "
            "malloc/new/new[], --alloc-fns, etc.\n",
            k.shown + (k.folded > 0) + (size_t)other, w->whole);
    if (t != NULL)
        print_kids(w, t->nodes[0].first_child, 1, &k);
    if (other)
        fprintf(w->out, " n0: %" PRIu64 " in %" PRIu64 " places, the "
                "other sites (not listed in the heap-band file)\n",
                t->other.peak_bytes, t->other_sites);
}

static void snapshots(struct writer *w, const struct hb_chart *ch)
{
    const struct hb_file *f = w->f;
    uint64_t t_peak = f->peak_t_reached;
    int peak_due = ch->ncols > 0 && t_peak >= ch->x_start[0]
                   && t_peak <= ch->x_end[ch->ncols - 1];
    size_t n = 0;
    for (size_t c = 0; c < ch->ncols; c++) {
        if (peak_due && t_peak <= ch->x_end[c]) {
            snapshot(w->out, n++, t_peak, w->whole, "peak");
            peak_tree(w);
            peak_due = 0;
        }
        uint64_t heap = 0;
        for (size_t r = 0; r < ch->nrows; r++)
            heap += (uint64_t)hb_chart_row(ch, r)[c];
        snapshot(w->out, n++, ch->x_end[c], heap, "empty");
    }
}

int hb_massif_write(FILE *out, const struct hb_file *f,
                    const struct hb_chart *ch, double threshold,
                    struct hb_error *err)
{
    uint64_t first = ch->nrows ? ch->row_lo[0] : 0;
    uint64_t last = ch->nrows ? ch->row_hi[ch->nrows - 1] : 0;
    first = hb_band_of_size(f, first);
    last = hb_band_of_size(f, last);
    struct hb_site_tree tree;
    int have_tree = f->version >= 3 && f->depth > 0 && ch->nrows > 0;
    if (have_tree && (hb_site_tree_build(f, first, last, &tree, err) < 0
                      || hb_site_tree_rank(&tree, HB_SITE_BY_PEAK, err) < 0))
        return -1;
    struct writer w = {
        .out = out, .f = f, .t = have_tree ? &tree : NULL,
        /* Versions 1 and 2 have no peak by band: the run's. */
        .whole = f->version < 3 ? f->peak_bytes
               : ch->nrows ? peak_in_bands(f, first, last) : 0,
        .threshold = threshold
    };
    fprintf(out, "desc: heapband %s (requested bytes; bands %s to %s)\n"
            "cmd: %s\ntime_unit: %s\n", f->tool_version,
            ch->nrows ? ch->row_labels[0] : "-",
            ch->nrows ? ch->row_labels[ch->nrows - 1] : "-", f->cmd,
            hb_unit_name(f->unit));
    snapshots(&w, ch);
    if (have_tree)
        hb_site_tree_free(&tree);
    if (ferror(out))
        return hb_error_set(err, HB_ERR_OUTPUT, 0, "cannot write: %s",
                            strerror(errno ? errno : EIO));
    return 0;
}
