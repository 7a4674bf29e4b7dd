/* sites.c -- the --sites report: for every band with sites, its sites with
 * their figures and stacks.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Versions 1 and 2: a band's sites ranked by bytes allocated and by peak
 * live bytes, as their "top" lines list them.  Version 3: a band's listed
 * sites by bytes allocated (the model keeps them in that order), each with
 * its share of the band and what it held at the peak and at exit, then
 * the "other sites" the file sums in one record; the figures of a band's
 * lines add up to the band's.  One pass over the site records, which the
 * parser keeps by band, and each site named looked up by its number.
 */
#include "sites.h"
#include "units.h"

static const char *plural(uint64_t n)
{
    return n == 1 ? "" : "s";
}

void hb_sites_print_frames(FILE *out, const struct hb_file *f, uint64_t site)
{
    const struct hb_site *s = &f->sites[site - 1];
    char text[HB_FRAME_TEXT_MAX];
    for (size_t i = 0; i < s->nframes; i++) {
        hb_frame_format(f, s->frames[i], text, sizeof text);
        fprintf(out, "       %s %s\n", i == 0 ? "at" : "by", text);
    }
}

static void print_band_label(FILE *out, const struct hb_band *band)
{
    char label[80];
    hb_format_band(label, sizeof label, band->lo, band->hi);
    fprintf(out, "band %s (%llu..%llu bytes)", label,
            (unsigned long long)band->lo, (unsigned long long)band->hi);
}

/* ------------------------------------------------------- versions 1 and 2 */

static void print_top(FILE *out, const struct hb_file *f,
                      const struct hb_siterec *t)
{
    fprintf(out, "  %llu. site %llu: %llu allocation%s, %llu bytes, "
            "peak live %llu bytes\n", (unsigned long long)t->rank,
            (unsigned long long)t->site, (unsigned long long)t->allocs,
            plural(t->allocs), (unsigned long long)t->alloc_bytes,
            (unsigned long long)t->max_bytes);
    hb_sites_print_frames(out, f, t->site);
}

/* One band's "top" lines, recs[first .. end-1]. */
static void print_band_tops(FILE *out, const struct hb_file *f, size_t first,
                            size_t end)
{
    print_band_label(out, &f->bands[f->siterecs[first].b]);
    fputc('\n', out);
    enum hb_site_ranking ranking = HB_RANKING_NONE;
    for (size_t i = first; i < end; i++) {
        const struct hb_siterec *t = &f->siterecs[i];
        if (t->ranking != ranking) {
            ranking = t->ranking;
            fprintf(out, " by %s:\n", ranking == HB_RANKING_PEAK
                                          ? "peak live bytes"
                                          : "bytes allocated");
        }
        print_top(out, f, t);
    }
}

/* -------------------------------------------------------------- version 3 */

/* "live at the peak N bytes in N blocks, at exit N bytes in N blocks" */
static void print_live(FILE *out, const struct hb_siterec *r)
{
    fprintf(out, "live at the peak %llu bytes in %llu block%s, at exit %llu "
            "bytes in %llu block%s", (unsigned long long)r->peak_bytes,
            (unsigned long long)r->peak_blocks, plural(r->peak_blocks),
            (unsigned long long)r->exit_bytes,
            (unsigned long long)r->exit_blocks, plural(r->exit_blocks));
}

/* A site's (or the other sites') allocations and their share of the
 * band's: of its bytes, or of its blocks in a band of zero-size ones. */
static void print_share(FILE *out, const struct hb_siterec *r,
                        const struct hb_siterec *band)
{
    fprintf(out, "%llu allocation%s, %llu bytes",
            (unsigned long long)r->allocs, plural(r->allocs),
            (unsigned long long)r->alloc_bytes);
    if (band->alloc_bytes > 0)
        fprintf(out, " (%.1f%%)", 100.0 * (double)r->alloc_bytes
                                  / (double)band->alloc_bytes);
    else if (band->allocs > 0)
        fprintf(out, " (%.1f%% of the allocations)",
                100.0 * (double)r->allocs / (double)band->allocs);
}

/* One band's records, recs[first .. end-1]: its sb records by bytes
 * allocated, then its so record. */
static void print_band_sites(FILE *out, const struct hb_file *f,
                             size_t first, size_t end)
{
    struct hb_siterec band = { 0 };
    for (size_t i = first; i < end; i++) {
        const struct hb_siterec *r = &f->siterecs[i];
        band.allocs += r->allocs;
        band.alloc_bytes += r->alloc_bytes;
        band.peak_bytes += r->peak_bytes;
        band.peak_blocks += r->peak_blocks;
        band.exit_bytes += r->exit_bytes;
        band.exit_blocks += r->exit_blocks;
    }
    print_band_label(out, &f->bands[f->siterecs[first].b]);
    fprintf(out, ": %llu allocation%s, %llu bytes; ",
            (unsigned long long)band.allocs, plural(band.allocs),
            (unsigned long long)band.alloc_bytes);
    print_live(out, &band);
    fprintf(out, "\n by bytes allocated:\n");
    uint64_t rank = 0;
    for (size_t i = first; i < end; i++) {
        const struct hb_siterec *r = &f->siterecs[i];
        if (r->site == 0)
            fprintf(out, "  other sites (%llu): ",
                    (unsigned long long)r->nsites);
        else
            fprintf(out, "  %llu. site %llu: ", (unsigned long long)++rank,
                    (unsigned long long)r->site);
        print_share(out, r, &band);
        fprintf(out, "; ");
        print_live(out, r);
        if (r->site != 0)
            fprintf(out, "; at most %llu bytes",
                    (unsigned long long)r->max_bytes);
        fputc('\n', out);
        if (r->site != 0)
            hb_sites_print_frames(out, f, r->site);
    }
}

/* ------------------------------------------------------------------ report */

void hb_sites_report(FILE *out, const struct hb_file *f, uint64_t first_band,
                     uint64_t last_band)
{
    if (f->nsiterecs == 0) {
        fprintf(out, "no allocation sites in this file (the run had "
                "--depth=0 or no allocations)\n");
        return;
    }
    int printed = 0;
    /* The records are sorted by increasing band: walk the band groups
     * backwards so that the largest band comes first, as in the charts. */
    size_t end = f->nsiterecs;
    while (end > 0) {
        size_t first = end - 1;
        while (first > 0 && f->siterecs[first - 1].b == f->siterecs[end - 1].b)
            first--;
        uint64_t b = f->siterecs[first].b;
        if (b >= first_band && b <= last_band) {
            if (printed)
                fputc('\n', out);
            if (f->version < 3)
                print_band_tops(out, f, first, end);
            else
                print_band_sites(out, f, first, end);
            printed = 1;
        }
        end = first;
    }
    if (!printed)
        fprintf(out, "no allocation sites in the selected bands\n");
}
