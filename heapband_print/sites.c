/* sites.c -- the --sites report: for every band with "top" lines, its sites
 * ranked by bytes allocated and by peak live bytes, each with its stack.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * One pass over the "top" records, which the parser keeps by band (then
 * ranking, then rank), and each site named looked up by its number.
 */
#include "sites.h"
#include "units.h"

static void print_top(FILE *out, const struct hb_file *f,
                      const struct hb_toprec *t)
{
    const struct hb_site *s = &f->sites[t->site - 1];
    fprintf(out, "  %llu. site %llu: %llu allocation%s, %llu bytes, "
            "peak live %llu bytes\n", (unsigned long long)t->rank,
            (unsigned long long)t->site, (unsigned long long)t->allocs,
            t->allocs == 1 ? "" : "s", (unsigned long long)t->alloc_bytes,
            (unsigned long long)t->peak_live);
    for (size_t i = 0; i < s->nframes; i++)
        fprintf(out, "       %s %s\n", i == 0 ? "at" : "by", s->frames[i]);
}

/* Print one band's "top" lines, tops[first .. end-1]. */
static void print_band(FILE *out, const struct hb_file *f, size_t first,
                       size_t end)
{
    const struct hb_band *band = &f->bands[f->tops[first].b];
    char label[80];
    hb_format_band(label, sizeof label, band->lo, band->hi);
    fprintf(out, "band %s (%llu..%llu bytes)\n", label,
            (unsigned long long)band->lo, (unsigned long long)band->hi);
    int ranking = -1;
    for (size_t i = first; i < end; i++) {
        const struct hb_toprec *t = &f->tops[i];
        if (t->by_peak != ranking) {
            ranking = t->by_peak;
            fprintf(out, " by %s:\n",
                    ranking ? "peak live bytes" : "bytes allocated");
        }
        print_top(out, f, t);
    }
}

void hb_sites_report(FILE *out, const struct hb_file *f, uint64_t first_band,
                     uint64_t last_band)
{
    if (f->ntops == 0) {
        fprintf(out, "no allocation sites in this file (the run had "
                "--depth=0 or no allocations)\n");
        return;
    }
    int printed = 0;
    /* tops are sorted by increasing band: walk the band groups backwards so
     * that the largest band comes first, as in the charts. */
    size_t end = f->ntops;
    while (end > 0) {
        size_t first = end - 1;
        while (first > 0 && f->tops[first - 1].b == f->tops[end - 1].b)
            first--;
        uint64_t b = f->tops[first].b;
        if (b >= first_band && b <= last_band) {
            if (printed)
                fputc('\n', out);
            print_band(out, f, first, end);
            printed = 1;
        }
        end = first;
    }
    if (!printed)
        fprintf(out, "no allocation sites in the selected bands\n");
}
