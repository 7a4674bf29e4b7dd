/* test_bands.c -- unit tests of the band merging (heapband_print/chart/
 * band_merge.h): size groups, a file's own step, merged rows and their
 * sums, two band schemes drawn on the same rows, trimmed edges.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 *   test_bands
 *
 * Builds the tool's two band tables in memory (docs/heapband-format.md,
 * "Time, columns and bands") and charts of known cells on them.  Prints
 * one line per failed check and exits 1 if any failed.  Run by
 * tests/print/unit-bands.test.
 */
#define _POSIX_C_SOURCE 200809L     /* strdup */
#include "band_merge.h"
#include "unit_check.h"

#include <string.h>

/* ------------------------------------------------------- the band tables */

#define MAX_BANDS 260
static struct hb_band quarter_bands[MAX_BANDS], pow2_bands[MAX_BANDS];

/* The tool's tables: [0,0] [1,1], then [2,2] [3,3] (quarter) or [2,3]
 * (pow2), then octaves 2..63 in four quarters or whole. */
static void make_tables(struct hb_file *q, struct hb_file *p)
{
    size_t nq = 0, np = 0;
    quarter_bands[nq++] = (struct hb_band){ 0, 0 };
    quarter_bands[nq++] = (struct hb_band){ 1, 1 };
    quarter_bands[nq++] = (struct hb_band){ 2, 2 };
    quarter_bands[nq++] = (struct hb_band){ 3, 3 };
    pow2_bands[np++] = (struct hb_band){ 0, 0 };
    pow2_bands[np++] = (struct hb_band){ 1, 1 };
    pow2_bands[np++] = (struct hb_band){ 2, 3 };
    for (unsigned k = 2; k < 64; k++) {
        uint64_t base = (uint64_t)1 << k, quarter = base >> 2;
        for (uint64_t i = 0; i < 4; i++)
            quarter_bands[nq++] = (struct hb_band){
                base + i * quarter, base + (i + 1) * quarter - 1 };
        pow2_bands[np++] = (struct hb_band){ base, 2 * base - 1 };
    }
    memset(q, 0, sizeof *q);
    memset(p, 0, sizeof *p);
    q->bands = quarter_bands;
    q->nbands = nq;
    p->bands = pow2_bands;
    p->nbands = np;
    p->pow2_bands = 1;
}

/* ---------------------------------------------------------------- groups */

static void test_groups(const struct hb_file *q, const struct hb_file *p)
{
    check(hb_band_group(0, 1) == 0 && hb_band_group(0, 256) == 0,
          "size 0 is a row of its own");
    check(hb_band_group(1, 1) == 1, "size 1: quarter 0");
    check(hb_band_group(2, 1) == 5 && hb_band_group(3, 1) == 7,
          "sizes 2 and 3: octave 1's two halves (quarters 4 and 6)");
    check(hb_band_group(2, 2) == 3 && hb_band_group(3, 2) == 4,
          "sizes 2 and 3: two half-octaves");
    check(hb_band_group(2, 4) == hb_band_group(3, 4),
          "sizes 2 and 3: one octave");
    check(hb_band_group(24, 1) == 1 + 4 * 4 + 2
          && hb_band_group(27, 1) == 1 + 4 * 4 + 2
          && hb_band_group(28, 1) == 1 + 4 * 4 + 3,
          "24..27 one quarter of octave 4, 28 the next");
    check(hb_band_group(16, 4) == hb_band_group(31, 4)
          && hb_band_group(32, 4) == hb_band_group(16, 4) + 1,
          "16..31 one octave, 32 the next");
    check(hb_band_group(16, 8) == hb_band_group(63, 8)
          && hb_band_group(64, 8) == hb_band_group(16, 8) + 1,
          "2 octaves: 16..63, then 64..");
    check(hb_band_group(1, 256) == hb_band_group(UINT64_MAX, 256),
          "the coarsest step: every size but 0 in one row");
    check(hb_band_file_step(q) == HB_BANDS_QUARTER,
          "bands: quarter -> step 1 (got %u)", hb_band_file_step(q));
    check(hb_band_file_step(p) == HB_BANDS_OCTAVE,
          "bands: pow2 -> step 4 (got %u)", hb_band_file_step(p));
    /* Every quarter band lies within one pow2 band: the same group. */
    for (size_t b = 0; b < q->nbands; b++)
        if (hb_band_group(q->bands[b].lo, 4) != hb_band_group(q->bands[b].hi,
                                                               4))
            check(0, "quarter band %zu spans two octaves", b);
}

/* ---------------------------------------------------------------- charts */

/* A chart of rows first .. first + n - 1 of f, 2 columns, the cells of
 * row r (file band first + r) values[r] and 10 * values[r]. */
static void make_chart(struct hb_chart *ch, const struct hb_file *f,
                       uint64_t first, size_t n, const double *values)
{
    memset(ch, 0, sizeof *ch);
    if (hb_chart_alloc(ch, n, 2) < 0)
        check(0, "out of memory");
    ch->first_band = first;
    for (size_t r = 0; r < n; r++) {
        ch->row_lo[r] = f->bands[first + r].lo;
        ch->row_hi[r] = f->bands[first + r].hi;
        ch->row_labels[r] = strdup("x");
        ch->cells[2 * r] = values[r];
        ch->cells[2 * r + 1] = 10 * values[r];
    }
}

static void expect_row(const struct hb_chart *ch, size_t r, uint64_t lo,
                       uint64_t hi, const char *label, double v)
{
    check(r < ch->nrows && ch->row_lo[r] == lo && ch->row_hi[r] == hi,
          "row %zu: sizes %llu..%llu (got %llu..%llu)", r,
          (unsigned long long)lo, (unsigned long long)hi,
          r < ch->nrows ? (unsigned long long)ch->row_lo[r] : 0ull,
          r < ch->nrows ? (unsigned long long)ch->row_hi[r] : 0ull);
    if (r >= ch->nrows)
        return;
    check(strcmp(ch->row_labels[r], label) == 0, "row %zu: label %s (got %s)",
          r, label, ch->row_labels[r]);
    check(ch->cells[2 * r] == v && ch->cells[2 * r + 1] == 10 * v,
          "row %zu: cells %g and %g (got %g and %g)", r, v, 10 * v,
          ch->cells[2 * r], ch->cells[2 * r + 1]);
}

/* Quarter bands of sizes 8 .. 63 (bands 8 .. 19), merged into octaves,
 * two octaves, and refused at a step finer than the file's. */
static void test_merge(const struct hb_file *q, const struct hb_file *p)
{
    static const double v[12] = { 1, 2, 0, 4.5, 0, 0, 0, 0, 7, 0, 0, 0.25 };
    struct hb_chart ch;
    struct hb_error err = { HB_ERR_NONE, 0, "" };
    make_chart(&ch, q, 8, 12, v);
    check(ch.row_lo[0] == 8 && ch.row_hi[11] == 63, "rows 8..63");
    check(hb_chart_merge_bands(&ch, q, HB_BANDS_HALF, &err) == 0
          && ch.nrows == 6, "half-octaves: 6 rows");
    expect_row(&ch, 0, 8, 11, "8-12", 3);
    expect_row(&ch, 1, 12, 15, "12-16", 4.5);
    expect_row(&ch, 4, 32, 47, "32-48", 7);
    expect_row(&ch, 5, 48, 63, "48-64", 0.25);
    check(hb_chart_merge_bands(&ch, q, HB_BANDS_OCTAVE, &err) == 0
          && ch.nrows == 3, "octaves (from half-octaves): 3 rows");
    expect_row(&ch, 0, 8, 15, "8-16", 7.5);
    expect_row(&ch, 1, 16, 31, "16-32", 0);
    expect_row(&ch, 2, 32, 63, "32-64", 7.25);
    check(ch.vmax == 75, "vmax of the merged cells (got %g)", ch.vmax);
    check(ch.first_band == 8 && ch.row_step == HB_BANDS_OCTAVE,
          "first band 8, step octave");
    check(hb_chart_merge_bands(&ch, q, 8, &err) == 0 && ch.nrows == 2,
          "two octaves: 2 rows");
    expect_row(&ch, 0, 8, 15, "8-16", 7.5);
    expect_row(&ch, 1, 16, 63, "16-64", 7.25);
    check(hb_chart_merge_bands(&ch, q, HB_BANDS_OCTAVE, &err) < 0
          && err.kind == HB_ERR_USAGE,
          "octaves from rows of two octaves: refused");
    check(strstr(err.msg, "span 2 octaves") != NULL, "message: %s", err.msg);
    check(ch.nrows == 2, "a refused merge leaves the chart");
    hb_chart_free(&ch);

    /* The same cells recorded with pow2 bands (octaves 3, 4, 5: bands 4,
     * 5, 6) give the quarter file's octave rows. */
    static const double pv[3] = { 7.5, 0, 7.25 };
    make_chart(&ch, p, 4, 3, pv);
    err = (struct hb_error){ HB_ERR_NONE, 0, "" };
    check(hb_chart_merge_bands(&ch, p, HB_BANDS_HALF, &err) < 0
          && strstr(err.msg, "span an octave") != NULL,
          "pow2 in half-octaves: refused (%s)", err.msg);
    check(hb_chart_merge_bands(&ch, p, HB_BANDS_OCTAVE, &err) == 0
          && ch.nrows == 3, "pow2 in octaves: its own rows");
    expect_row(&ch, 0, 8, 15, "8-16", 7.5);
    expect_row(&ch, 2, 32, 63, "32-64", 7.25);
    hb_chart_free(&ch);
}

/* The plan alone, as the difference chart uses it: two tables, one step. */
static void test_plan(const struct hb_file *q)
{
    uint64_t lo[8], hi[8];
    for (size_t i = 0; i < 8; i++) {          /* bands 0 .. 7: sizes 0..7 */
        lo[i] = q->bands[i].lo;
        hi[i] = q->bands[i].hi;
    }
    struct hb_band_rows p;
    struct hb_error err = { HB_ERR_NONE, 0, "" };
    int planned = hb_band_rows_plan(&p, lo, hi, 8, HB_BANDS_OCTAVE, &err);
    check(planned == 0 && p.nrows == 4,
          "sizes 0..7 in octaves: 0, 1, 2-3, 4-7");
    if (planned < 0 || p.nrows != 4)
        return;
    static const size_t want[8] = { 0, 1, 2, 2, 3, 3, 3, 3 };
    for (size_t i = 0; i < 8; i++)
        check(p.row_of[i] == want[i], "band %zu in row %zu (got %zu)", i,
              want[i], p.row_of[i]);
    double in[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, out[4];
    hb_band_rows_sum(&p, in, 1, out);
    check(out[0] == 1 && out[1] == 2 && out[2] == 7 && out[3] == 26,
          "sums 1 2 7 26 (got %g %g %g %g)", out[0], out[1], out[2], out[3]);
    hb_band_rows_free(&p);
}

static void test_trim(const struct hb_file *q)
{
    static const double v[6] = { 0, 0, 3, 0, 5, 0 };
    struct hb_chart ch;
    make_chart(&ch, q, 12, 6, v);
    hb_chart_trim_rows(&ch, q);
    check(ch.nrows == 3 && ch.first_band == 14 && ch.row_lo[0] == 24
          && ch.row_hi[2] == 39 && ch.cells[0] == 3 && ch.cells[4] == 5,
          "trimmed to bands 14..16, the empty one inside kept");
    hb_chart_free(&ch);
    static const double none[3] = { 0, 0, 0 };
    make_chart(&ch, q, 12, 3, none);
    hb_chart_trim_rows(&ch, q);
    check(ch.nrows == 1 && ch.first_band == 12, "an empty chart keeps a row");
    hb_chart_free(&ch);
}

int main(void)
{
    struct hb_file q, p;
    make_tables(&q, &p);
    test_groups(&q, &p);
    test_merge(&q, &p);
    test_plan(&q);
    test_trim(&q);
    return check_summary();
}
