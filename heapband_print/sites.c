/* sites.c -- the --sites report: for every band with "top" lines, its sites
 * ranked by bytes allocated and by peak live bytes, each with its stack. */
#include "sites.h"
#include "units.h"

static void band_label(char *buf, size_t len, const struct hb_band *band)
{
    char lo[32], hi[32];
    hb_format_size(lo, sizeof lo, (double)band->lo);
    if (band->lo == band->hi) {
        snprintf(buf, len, "%s", lo);
        return;
    }
    hb_format_size(hi, sizeof hi, (double)band->hi + 1.0);
    snprintf(buf, len, "%s-%s", lo, hi);
}

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

/* Print the "top" lines of band b, tops[*i..] being the first of them. */
static void print_band(FILE *out, const struct hb_file *f, size_t first,
                       size_t end)
{
    const struct hb_band *band = &f->bands[f->tops[first].b];
    char label[80];
    band_label(label, sizeof label, band);
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
