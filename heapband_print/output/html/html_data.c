/* html_data.c -- the stored cells, heap, summary and sites of a file as
 * JSON for the HTML report: see html_data.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The cells are laid out in a band-major matrix first, read through the
 * model's matrix cursor (hbfile.h: records by column, quiet cells as
 * runs), then written band by band.  The sites'
 * text is the --sites report of each band (sites.c), so that the page
 * lists exactly what the text printer lists; each band's report reads a
 * view of the file holding only that band's site records, so that the
 * bands together read each record once.  Each listed site's times (its
 * "sb" ranges) go with it as the stored-column ranges.  A number above
 * 2^53 - 1, which JSON.parse would round, is written as a string of its
 * digits (the page shows it as it is, or reads it with BigInt).  A file
 * of --allocator=program adds "memory": the footprint and the other
 * anonymous memory of every stored column (quiet ones derived) and the
 * slop records, for the heap graph's lines and the band panel.
 */
#define _POSIX_C_SOURCE 200809L
#include "html_data.h"

#include <stdlib.h>
#include <string.h>

#include "ending.h"
#include "json_csv.h"
#include "leak_kinds.h"
#include "leaks.h"
#include "metrics.h"
#include "rerun.h"
#include "sites.h"

/* The figures of one stored cell the page reads. */
enum figure { ALLOCS, FREES, ALLOC_BYTES, LIVE_END, LIVE_MAX, NFIGURES };
static const char *const figure_names[NFIGURES] = {
    "allocs", "frees", "alloc_bytes", "live_end", "live_max"
};

struct stored {
    size_t nrows, ncols;
    uint64_t *fig[NFIGURES];   /* fig[k][r * ncols + c] */
    hb_u128 *integral;
};

static void stored_free(struct stored *s)
{
    for (int k = 0; k < NFIGURES; k++)
        free(s->fig[k]);
    free(s->integral);
}

/* A run of quiet cells of row r into s. */
static void fill_run(struct stored *s, const struct hb_file *f, size_t r,
                     const struct hb_quiet_cells *run)
{
    for (uint64_t c = run->first; c <= run->last; c++) {
        size_t at = r * s->ncols + (size_t)c;
        s->fig[LIVE_END][at] = s->fig[LIVE_MAX][at] = run->live;
        s->integral[at] = (hb_u128)run->live * (hb_col_span_end(f, c)
                                                - hb_col_start(f, c));
    }
}

/* Fill s (zeros) from f's cells through the matrix cursor, quiet ones
 * included.  Returns 0, or -1 out of memory. */
static int stored_fill(struct stored *s, const struct hb_file *f,
                       uint64_t first_band)
{
    struct hb_cell_cursor q;
    struct hb_cell_step step;
    struct hb_quiet_cells run;
    if (s->nrows == 0)
        return 0;
    if (hb_cells_open(&q, f, 0, f->ncols - 1, first_band,
                      first_band + s->nrows - 1) < 0)
        return -1;
    while (hb_cells_next(&q, &step)) {
        const struct hb_cellrec *cell = step.rec;
        size_t r = (size_t)(cell->b - first_band);
        size_t at = r * s->ncols + (size_t)cell->c;
        fill_run(s, f, r, &step.quiet);
        s->fig[ALLOCS][at] = cell->allocs;
        s->fig[FREES][at] = cell->frees;
        s->fig[ALLOC_BYTES][at] = cell->alloc_bytes;
        s->fig[LIVE_END][at] = cell->live_end;
        s->fig[LIVE_MAX][at] = cell->live_max;
        s->integral[at] = cell->live_integral;
    }
    for (size_t r = 0; r < s->nrows; r++)
        if (hb_cells_rest(&q, first_band + r, f->ncols, &run))
            fill_run(s, f, r, &run);
    hb_cells_close(&q);
    return 0;
}

/* The largest integer a JavaScript number holds exactly. */
#define JS_SAFE_MAX ((UINT64_C(1) << 53) - 1)

/* v as a JSON number, or a string when JSON.parse would round it. */
static void put_exact(FILE *out, const char *sep, uint64_t v)
{
    fprintf(out, v > JS_SAFE_MAX ? "%s\"%llu\"" : "%s%llu", sep,
            (unsigned long long)v);
}

static void put_u128(FILE *out, hb_u128 v)
{
    char digits[48];
    size_t n = sizeof digits;
    digits[--n] = '\0';
    do {
        digits[--n] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v > 0);
    fputs(&digits[n], out);
}

/* A row of n values (of v64, or of v128 when v64 is NULL) as a string of
 * "VALUE" or "VALUE*COUNT" (a run of COUNT equal values) separated by
 * commas: a quiet band is a few runs.  In a string, values above 2^53 stay
 * exact for the page (it reads them with BigInt). */
static void put_runs(FILE *out, const char *name, const uint64_t *v64,
                     const hb_u128 *v128, size_t n)
{
    fprintf(out, ", \"%s\": \"", name);
    size_t c = 0;
    while (c < n) {
        hb_u128 v = v64 ? v64[c] : v128[c];
        size_t run = 1;
        while (c + run < n && (v64 ? v64[c + run] : v128[c + run]) == v)
            run++;
        if (c)
            fputc(',', out);
        put_u128(out, v);
        if (run > 1)
            fprintf(out, "*%zu", run);
        c += run;
    }
    fputc('"', out);
}

static void put_bands(FILE *out, const struct stored *s, uint64_t first_band)
{
    fputs(",\n  \"bands\": [", out);
    for (size_t r = 0; r < s->nrows; r++) {
        fprintf(out, "%s\n   {\"band\": %llu", r ? "," : "",
                (unsigned long long)(first_band + r));
        for (int k = 0; k < NFIGURES; k++)
            put_runs(out, figure_names[k], s->fig[k] + r * s->ncols, NULL,
                     s->ncols);
        put_runs(out, "integral", NULL, s->integral + r * s->ncols, s->ncols);
        fputc('}', out);
    }
    fputs("]", out);
}

/* The total heap of every stored column: its LIVE_MAX, quiet columns
 * included (the matrix cursor). */
static void put_heap(FILE *out, const struct hb_file *f)
{
    struct hb_col_cursor q;
    struct hb_quiet_cols quiet;
    const struct hb_colrec *rec;
    uint64_t c = 0;
    fputs(",\n  \"heap\": [", out);
    hb_cols_open(&q, f, 0, f->ncols - 1);
    do {
        rec = hb_cols_next(&q, f->ncols, &quiet);
        uint64_t upto = rec != NULL ? rec->c : f->ncols;
        for (; c < upto; c++)       /* quiet columns; 0 where not given */
            put_exact(out, c ? "," : "", c >= quiet.first && c <= quiet.last
                                         ? quiet.live_end : 0);
        if (rec != NULL)
            put_exact(out, c++ ? "," : "", rec->live_max);
    } while (rec != NULL);
    fputc(']', out);
}

/* The summary rows of the leak kinds at exit (a file with kinds),
 * "definitely lost bytes at exit" to "still reachable blocks at exit". */
static void put_leak_kinds(FILE *out, const struct hb_file *f)
{
    static const enum hb_metric kinds[] = {
        HB_METRIC_DEFINITELY, HB_METRIC_DEFINITELY_BLOCKS,
        HB_METRIC_INDIRECTLY, HB_METRIC_INDIRECTLY_BLOCKS,
        HB_METRIC_POSSIBLY, HB_METRIC_POSSIBLY_BLOCKS,
        HB_METRIC_REACHABLE, HB_METRIC_REACHABLE_BLOCKS
    };
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        fprintf(out, ", [\"%s %s at exit\"", hb_leak_kind_names[k / 2],
                k % 2 ? "blocks" : "bytes");
        put_exact(out, ", ", hb_metric_run(f, kinds[k]));
        fputc(']', out);
    }
}

/* The summary rows of the memory beyond the blocks (--allocator=program):
 * the text summary's figures, exact. */
static void put_memory_rows(FILE *out, const struct hb_file *f)
{
    const struct { const char *name; uint64_t v; } rows[] = {
        { "peak footprint", f->mem.foot_peak },
        { "peak footprint reached at", f->mem.foot_peak_t },
        { "footprint at exit", f->mem.foot_exit },
        { "fragmentation at peak footprint",
          hb_metric_run(f, HB_METRIC_FRAGMENTATION_PEAK) },
        { "slop at exit", hb_metric_run(f, HB_METRIC_SLOP) },
        { "peak other anonymous memory", f->mem.anon_peak },
    };
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        fprintf(out, ", [\"%s\"", rows[k].name);
        put_exact(out, ", ", rows[k].v);
        fputc(']', out);
    }
}

static void put_summary(FILE *out, const struct hb_file *f)
{
    const struct { const char *name; uint64_t v; } rows[] = {
        { "allocations", f->total_allocs },
        { "bytes allocated", f->total_alloc_bytes },
        { "frees", f->total_frees }, { "bytes freed", f->total_free_bytes },
        { "peak live bytes", f->peak_bytes },
        { "peak live blocks", f->peak_blocks },
        { "peak reached at", f->peak_t_reached },
        { "live bytes at exit", f->exit_bytes },
        { "live blocks at exit", f->exit_blocks },
        { "frees of unknown blocks", f->unknown_frees },
        { "end time", f->end_time }, { "stored columns", f->ncols },
        { "column width", f->col_width },
    };
    const size_t after_exit = 9;     /* the kinds follow "live blocks..." */
    fputs(",\n  \"summary\": [", out);
    if (f->ending.kind != HB_ENDING_UNTOLD) {   /* version 5: first */
        char ending[HB_ENDING_TEXT_MAX];
        hb_ending_text(f, ending, sizeof ending);
        fputs("[\"how the run ended\", ", out);
        hb_json_string(out, ending);
        fputs("], ", out);
    }
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        if (k == after_exit && f->leak_kinds)
            put_leak_kinds(out, f);
        if (k == after_exit && f->allocator_program)
            put_memory_rows(out, f);
        fprintf(out, "%s[\"%s\"", k ? ", " : "", rows[k].name);
        put_exact(out, ", ", rows[k].v);
        fputc(']', out);
    }
    fputc(']', out);
}

/* "memory" (--allocator=program): the footprint and the other
 * anonymous memory of every stored column, their largest in it (FOOT_MAX,
 * ANON_MAX; quiet columns derived by the gauge cursor), as runs; and every
 * band's slop record, [b, ALLOCATED, AT_PEAK, AT_EXIT].  Returns 0, or -1
 * out of memory. */
static int put_memory(FILE *out, const struct hb_file *f, size_t ncols)
{
    uint64_t *foot = calloc(ncols ? ncols : 1, sizeof *foot);
    uint64_t *anon = calloc(ncols ? ncols : 1, sizeof *anon);
    if (foot == NULL || anon == NULL) {
        free(foot);
        free(anon);
        return -1;
    }
    struct hb_gauge_cursor q;
    hb_gauges_open(&q, f, 0);
    for (size_t c = 0; c < ncols; c++) {
        struct hb_fcolrec g;
        hb_gauges_span(&q, c, c, &g);
        foot[c] = g.foot_max;
        anon[c] = g.anon_max;
    }
    fputs(",\n  \"memory\": {\"slop\": [", out);
    for (size_t k = 0; k < f->nslops; k++) {
        const struct hb_sloprec *r = &f->slops[k];
        fprintf(out, "%s[%llu", k ? ", " : "", (unsigned long long)r->b);
        put_exact(out, ", ", r->allocated);
        put_exact(out, ", ", r->at_peak);
        put_exact(out, ", ", r->at_exit);
        fputc(']', out);
    }
    fputc(']', out);
    put_runs(out, "foot", foot, NULL, ncols);
    put_runs(out, "anon", anon, NULL, ncols);
    fputc('}', out);
    free(foot);
    free(anon);
    return 0;
}

/* The text `--sites --min-size=LO --max-size=LO` prints for band b. */
static int sites_text(const struct hb_file *f, uint64_t b, char **text,
                      struct hb_error *err)
{
    size_t len = 0;
    *text = NULL;
    FILE *mem = open_memstream(text, &len);
    if (mem == NULL)
        return hb_error_nomem(err, "writing the sites");
    struct hb_sites_opts as_text = { HB_SITE_BY_PEAK,
                                     HB_SITES_DEFAULT_THRESHOLD, 0 };
    int reported = hb_sites_report(mem, f, b, b, &as_text, err);
    int closed = fclose(mem);
    if (reported < 0 || closed != 0) {
        free(*text);
        *text = NULL;
        return reported < 0 ? -1 : hb_error_nomem(err, "writing the sites");
    }
    return 0;
}

/* "leaks": the --leaks=all text of a file with leak kinds (the lost
 * blocks by site the sites panel can show), 100 columns wide. */
static int put_leaks(FILE *out, const struct hb_file *f, struct hb_error *err)
{
    size_t len = 0;
    char *text = NULL;
    FILE *mem = open_memstream(&text, &len);
    if (mem == NULL)
        return hb_error_nomem(err, "writing the leaks");
    int reported = hb_leaks_report(mem, f, NULL, 1, 100, err);
    int closed = fclose(mem);
    if (reported < 0 || closed != 0) {
        free(text);
        return reported < 0 ? -1 : hb_error_nomem(err, "writing the leaks");
    }
    fputs(",\n  \"leaks\": ", out);
    hb_json_string(out, text);
    free(text);
    return 0;
}

/* The stored-column ranges of each listed site of f->siterecs[lo..hi),
 * parallel to its "sites": per site [c0, c1, c0, c1, ...]. */
static void put_site_times(FILE *out, const struct hb_file *f, size_t lo,
                           size_t hi)
{
    fputs("], \"times\": [", out);
    const char *sep = "";
    for (size_t rec = lo; rec < hi; rec++) {
        const struct hb_siterec *r = &f->siterecs[rec];
        if (r->site == 0)
            continue;
        fprintf(out, "%s[", sep);
        for (size_t k = 0; k < r->ntimes; k++) {
            const struct hb_col_range *t = &f->site_times[r->times_at + k];
            fprintf(out, "%s%llu,%llu", k ? "," : "",
                    (unsigned long long)t->lo, (unsigned long long)t->hi);
        }
        fputc(']', out);
        sep = ",";
    }
}

/* Version 5: parallel to "sites", the command that reruns the program
 * stopped at each site's first allocation in the band (rerun.h), for the
 * page's copy buttons.  0, or -1 out of memory. */
static int put_site_reruns(FILE *out, const struct hb_file *f, size_t lo,
                           size_t hi, struct hb_error *err)
{
    fputs("], \"reruns\": [", out);
    const char *sep = "";
    for (size_t rec = lo; rec < hi; rec++) {
        const struct hb_siterec *r = &f->siterecs[rec];
        if (r->site == 0)
            continue;
        int nomem;
        char *line = hb_rerun_site(f, r, -1, &nomem);
        if (nomem)
            return hb_error_nomem(err, "writing the rerun lines");
        fputs(sep, out);
        if (line != NULL)
            hb_json_string(out, line);
        else
            fputs("null", out);
        free(line);
        sep = ",";
    }
    return 0;
}

/* Per band of the chart, first..last: its sites' numbers, their times when
 * the file has them, and its --sites text (which says so when it has
 * none).  f->siterecs are by band. */
static int put_sites(FILE *out, const struct hb_file *f, uint64_t first,
                     uint64_t last, struct hb_error *err)
{
    fprintf(out, ",\n  \"has_times\": %s,\n  \"sites\": [",
            f->has_site_times ? "true" : "false");
    size_t rec = 0;
    for (uint64_t b = first; b <= last && b < f->nbands; b++) {
        fprintf(out, "%s\n   {\"band\": %llu, \"sites\": [",
                b > first ? "," : "", (unsigned long long)b);
        while (rec < f->nsiterecs && f->siterecs[rec].b < b)
            rec++;
        size_t band_first = rec;
        const char *sep = "";
        for (; rec < f->nsiterecs && f->siterecs[rec].b == b; rec++)
            if (f->siterecs[rec].site != 0) {
                fprintf(out, "%s%llu", sep,
                        (unsigned long long)f->siterecs[rec].site);
                sep = ",";
            }
        if (f->has_site_times)
            put_site_times(out, f, band_first, rec);
        if (f->has_alloc_numbers
            && put_site_reruns(out, f, band_first, rec, err) < 0)
            return -1;
        /* The file as band b's report reads it: the report skips every
         * record of another band, so it is given b's records only; or,
         * when b has none, one record of another band, so that a file
         * with sites still has some and the report says b has none. */
        struct hb_file band_view = *f;
        if (rec > band_first) {
            band_view.siterecs = f->siterecs + band_first;
            band_view.nsiterecs = rec - band_first;
        } else if (f->nsiterecs > 0) {
            band_view.nsiterecs = 1;
        }
        char *text;
        if (sites_text(&band_view, b, &text, err) < 0)
            return -1;
        fputs("], \"text\": ", out);
        hb_json_string(out, text);
        fputc('}', out);
        free(text);
    }
    fputc(']', out);
    return 0;
}

int hb_html_file_json(FILE *out, const struct hb_file *f, const char *name,
                      uint64_t first_band, uint64_t last_band,
                      struct hb_error *err)
{
    struct stored s = { 0 };
    s.nrows = last_band >= first_band ? last_band - first_band + 1 : 0;
    if (f->ncols > HB_HTML_MAX_CELLS
        || s.nrows * f->ncols > HB_HTML_MAX_CELLS)
        return hb_error_set(err, HB_ERR_USAGE, 0, "option --html: the "
                            "file has %llu stored columns of %zu bands, "
                            "more than the report holds (%llu cells)",
                            (unsigned long long)f->ncols, s.nrows,
                            (unsigned long long)HB_HTML_MAX_CELLS);
    s.ncols = (size_t)f->ncols;
    size_t n = s.nrows * s.ncols;
    int ok = 1;
    for (int k = 0; k < NFIGURES; k++)
        ok &= (s.fig[k] = calloc(n ? n : 1, sizeof *s.fig[k])) != NULL;
    ok &= (s.integral = calloc(n ? n : 1, sizeof *s.integral)) != NULL;
    if (!ok) {
        stored_free(&s);
        return hb_error_nomem(err, "writing the HTML report");
    }
    if (stored_fill(&s, f, first_band) < 0) {
        stored_free(&s);
        return hb_error_nomem(err, "writing the HTML report");
    }
    fputs("{\"name\": ", out);
    hb_json_string(out, name);
    fputs(", \"command\": ", out);
    hb_json_string(out, f->cmd);
    fprintf(out, ", \"version\": %d, \"col_width\": %llu, \"end_time\": %llu,"
            " \"ncols\": %zu, \"first_band\": %llu", f->version,
            (unsigned long long)f->col_width,
            (unsigned long long)f->end_time, s.ncols,
            (unsigned long long)first_band);
    put_bands(out, &s, first_band);
    stored_free(&s);
    put_heap(out, f);
    if (f->allocator_program && put_memory(out, f, s.ncols) < 0)
        return hb_error_nomem(err, "writing the HTML report");
    put_summary(out, f);
    if (put_sites(out, f, first_band, last_band, err) < 0
        || (f->leak_kinds && put_leaks(out, f, err) < 0))
        return -1;
    fputs("}", out);
    return 0;
}
