/* test_matrix.c -- unit tests of the matrix cursor (heapband_print/model/
 * hbfile.h, hbfile_matrix.c): the cells and columns of a file with the
 * quiet ones of version 3 given as runs, and version 4's gauges.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 *   test_matrix
 *
 * One small file built in memory (its records are written out below), read
 * as version 3 and as version 2: every step and run of the cursors over
 * the whole file and over a range of columns and bands, the rest of a run
 * cut at a chart column's end (asked for after a peek at the next
 * record), what each band held when its record's column began, the quiet
 * sums (also first asked midway), records given by the reader
 * (hb_cells_take) or skipped, and single columns; version 4's gauges of
 * single columns and of spans (fcol records).  Prints one line per failed
 * check and exits 1 if any failed.  Run as unit/test_matrix.
 */
#include "hbfile.h"
#include "unit_check.h"

#include <string.h>

/* W = 4, E = 22: columns 0 .. 5, the last [20, 22).  Four bands.  Fields:
 * c b allocs alloc_bytes frees free_bytes live_end live_max integral. */
static struct hb_cellrec cells[] = {
    { 0, 1, 1, 5, 0, 0, 5, 5, 0 },
    { 0, 2, 1, 7, 0, 0, 7, 7, 0 },
    { 2, 1, 1, 1, 0, 0, 6, 6, 0 },
    { 3, 1, 0, 0, 1, 2, 4, 6, 0 },
    { 3, 2, 1, 2, 0, 0, 9, 9, 0 },
    { 4, 0, 1, 3, 0, 0, 3, 3, 0 },
    { 5, 3, 1, 2, 0, 0, 2, 2, 0 },
};
/* c LIVE_END LIVE_MAX BLOCKS_END; columns 1 and 4 have no record. */
static struct hb_colrec cols[] = {
    { 0, 12, 12, 2 }, { 2, 13, 14, 2 }, { 3, 15, 16, 3 }, { 5, 20, 20, 5 },
};

static void make_file(struct hb_file *f, int version)
{
    memset(f, 0, sizeof *f);
    f->version = version;
    f->nbands = 4;
    f->col_width = 4;
    f->ncols = 6;
    f->end_time = 22;
    f->cells = cells;
    f->ncells = sizeof cells / sizeof cells[0];
    f->cols = cols;
    f->ncolrecs = sizeof cols / sizeof cols[0];
}

/* A run written as b first last live; first > last: empty. */
static int run_is(const struct hb_quiet_cells *run, uint64_t b,
                  uint64_t first, uint64_t last, uint64_t live)
{
    if (first > last)
        return run->first > run->last;
    return run->b == b && run->first == first && run->last == last
           && run->live == live;
}

/* What one step of a cell cursor must give. */
struct want_step {
    uint64_t c, b;                   /* the record */
    uint64_t q_first, q_last, q_live; /* its band's run before it */
    uint64_t start, quiet_value;
};

static int step_is(const struct hb_cell_step *s, const struct want_step *w)
{
    return s->rec->c == w->c && s->rec->b == w->b
           && run_is(&s->quiet, w->b, w->q_first, w->q_last, w->q_live)
           && s->start == w->start && s->quiet_value == w->quiet_value;
}

static void check_steps(struct hb_cell_cursor *q, const struct want_step *w,
                        size_t n, const char *what)
{
    struct hb_cell_step s;
    for (size_t i = 0; i < n; i++) {
        int got = hb_cells_next(q, &s);
        check(got && step_is(&s, &w[i]),
              "%s: step %zu is cell %llu %llu (got %s%llu %llu, run %llu..%llu"
              " of %llu, start %llu, quiet %llu)", what, i,
              (unsigned long long)w[i].c, (unsigned long long)w[i].b,
              got ? "" : "the end, ",
              got ? (unsigned long long)s.rec->c : 0,
              got ? (unsigned long long)s.rec->b : 0,
              (unsigned long long)s.quiet.first,
              (unsigned long long)s.quiet.last,
              (unsigned long long)s.quiet.live, (unsigned long long)s.start,
              (unsigned long long)s.quiet_value);
    }
    check(!hb_cells_next(q, &s), "%s: ends after %zu steps", what, n);
}

static void check_rest(struct hb_cell_cursor *q, uint64_t b, uint64_t end,
                       uint64_t first, uint64_t last, uint64_t live,
                       const char *what)
{
    struct hb_quiet_cells run;
    int got = hb_cells_rest(q, b, end, &run);
    check(got == (first <= last) && run_is(&run, b, first, last, live),
          "%s: band %llu's rest before %llu is %llu..%llu of %llu (got "
          "%llu..%llu of %llu)", what, (unsigned long long)b,
          (unsigned long long)end, (unsigned long long)first,
          (unsigned long long)last, (unsigned long long)live,
          (unsigned long long)run.first, (unsigned long long)run.last,
          (unsigned long long)run.live);
}

/* ---------------------------------------------------------- version 3 */

/* Every record of the file in order, read as version 3. */
static const struct want_step all[] = {
    { 0, 1, 1, 0, 0, 0, 0 },
    { 0, 2, 1, 0, 0, 0, 0 },
    { 2, 1, 1, 1, 5, 5, 5 },     /* band 1 quiet in column 1 */
    { 3, 1, 1, 0, 0, 6, 6 },
    { 3, 2, 1, 2, 7, 7, 7 },     /* band 2 quiet in columns 1, 2 */
    { 4, 0, 1, 0, 0, 0, 0 },     /* band 0 held nothing before */
    { 5, 3, 1, 0, 0, 0, 0 },
};

/* The inline steps as the readers use them: records walked by the reader
 * and given with hb_cells_take (the parser, its flow check), peek and
 * skip for the events alone, and a quiet sum first asked for midway. */
static void test_walks_v3(const struct hb_file *f)
{
    struct hb_cell_cursor q;
    struct hb_cell_step s;
    check(hb_cells_open(&q, f, 0, 5, 0, 3) == 0, "v3 walk: open");
    for (size_t i = 0; i < 7; i++) {
        hb_cells_take(&q, &cells[i], &s);
        check(step_is(&s, &all[i]), "v3 walk: record %zu taken", i);
        if (i == 2)     /* bands 1 and 2 hold 6 and 7 after column 2 */
            check(hb_cells_quiet_sum(&q) == 13,
                  "v3 walk: quiet sum 13 first asked after record 2");
    }
    check(hb_cells_quiet_sum(&q) == 18,
          "v3 walk: the sum kept from then on, 18 at the end");
    hb_cells_close(&q);

    /* Bands 1..2: peek and skip give their five records, the others
     * passed over. */
    check(hb_cells_open(&q, f, 0, 5, 1, 2) == 0, "v3 skip: open");
    size_t n = 0;
    const struct hb_cellrec *rec;
    while ((rec = hb_cells_peek(&q)) != NULL) {
        check(n < 5 && rec == &cells[n], "v3 skip: record %zu is cell %zu",
              n, n);
        hb_cells_skip(&q);
        n++;
    }
    check(n == 5, "v3 skip: 5 records of bands 1..2 (got %zu)", n);
    hb_cells_close(&q);

    /* Versions 1 and 2: no sum however late it is asked. */
    struct hb_file v2 = *f;
    v2.version = 2;
    check(hb_cells_open(&q, &v2, 0, 5, 0, 3) == 0, "v2 walk: open");
    for (size_t i = 0; i < 3; i++)
        hb_cells_take(&q, &cells[i], &s);
    check(hb_cells_quiet_sum(&q) == 0 && s.start == 0,
          "v2 walk: quiet sum 0, band 1 starts column 2 at 0");
    hb_cells_close(&q);
}

static void test_cells_v3(const struct hb_file *f)
{
    struct hb_cell_cursor q;
    check(hb_cells_open(&q, f, 0, 5, 0, 3) == 0, "v3: open");
    check(hb_cells_quiet_sum(&q) == 0, "v3: nothing carried into column 0");
    check_steps(&q, all, 7, "v3, whole file");
    check(hb_cells_quiet_sum(&q) == 3 + 4 + 9 + 2,
          "v3: quiet sum at the end is 18");
    check_rest(&q, 0, 6, 5, 5, 3, "v3, whole file");
    check_rest(&q, 1, 6, 4, 5, 4, "v3, whole file");
    check_rest(&q, 2, 6, 4, 5, 9, "v3, whole file");
    check_rest(&q, 3, 6, 1, 0, 0, "v3, whole file");   /* record in 5 */
    check_rest(&q, 2, 6, 1, 0, 0, "v3, given already");
    hb_cells_close(&q);

    /* Columns 1 .. 4, bands 1 .. 2: what the records of column 0 carry. */
    static const struct want_step mid[] = {
        { 2, 1, 1, 1, 5, 5, 5 },
        { 3, 1, 1, 0, 0, 6, 6 },
        { 3, 2, 1, 2, 7, 7, 7 },
    };
    check(hb_cells_open(&q, f, 1, 4, 1, 2) == 0, "v3: open 1..4");
    check(hb_cells_quiet(&q, 1) == 5 && hb_cells_quiet(&q, 2) == 7
          && hb_cells_quiet_sum(&q) == 12, "v3, 1..4: carried in 5 and 7");
    check_steps(&q, mid, 3, "v3, columns 1..4, bands 1..2");
    check_rest(&q, 1, 5, 4, 4, 4, "v3, 1..4");
    check_rest(&q, 2, 99, 4, 4, 9, "v3, 1..4 (cut at the range)");
    hb_cells_close(&q);

    /* A chart column of stored columns 1 .. 1 ends before band 2's next
     * record: its run is cut there, and the record gets the rest. */
    static const struct want_step cut[] = {
        { 2, 1, 1, 1, 5, 5, 5 },
        { 3, 1, 1, 0, 0, 6, 6 },
        { 3, 2, 2, 2, 7, 7, 7 },
    };
    check(hb_cells_open(&q, f, 1, 4, 1, 2) == 0, "v3: open 1..4 again");
    check(hb_cells_peek(&q) == &cells[2] && hb_cells_peek(&q) == &cells[2],
          "v3: peek gives cell 2 1 and keeps it");
    check_rest(&q, 2, 2, 1, 1, 7, "v3, chart column 1..1");
    check_steps(&q, cut, 3, "v3, cut runs");
    check(hb_cells_peek(&q) == NULL, "v3: nothing to peek at the end");
    hb_cells_close(&q);

    struct hb_quiet_cells run = { 2, 4, 5, 9 };
    check(hb_quiet_integral(f, &run) == 9 * (22 - 16),
          "v3: the run 4..5 of 9 bytes integrates to 54");
}

static void test_cols_v3(const struct hb_file *f)
{
    struct hb_col_cursor q;
    struct hb_quiet_cols quiet;
    const struct hb_colrec *rec;
    hb_cols_open(&q, f, 0, 5);
    check(hb_cols_peek(&q) == &cols[0], "v3 cols: peek col 0");
    rec = hb_cols_next(&q, 6, &quiet);
    check(rec == &cols[0] && quiet.first > quiet.last, "v3 cols: col 0");
    rec = hb_cols_next(&q, 6, &quiet);
    check(rec == &cols[1] && quiet.first == 1 && quiet.last == 1
          && quiet.live_end == 12 && quiet.blocks_end == 2,
          "v3 cols: column 1 quiet (12, 2 blocks), then col 2");
    rec = hb_cols_next(&q, 6, &quiet);
    check(rec == &cols[2] && quiet.first > quiet.last, "v3 cols: col 3");
    rec = hb_cols_next(&q, 6, &quiet);
    check(rec == &cols[3] && quiet.first == 4 && quiet.last == 4
          && quiet.live_end == 15 && quiet.blocks_end == 3,
          "v3 cols: column 4 quiet (15, 3 blocks), then col 5");
    rec = hb_cols_next(&q, 6, &quiet);
    check(rec == NULL && quiet.first > quiet.last, "v3 cols: the end");

    /* Columns 1 .. 4 in chart columns [1, 1], [2, 4]. */
    hb_cols_open(&q, f, 1, 4);
    rec = hb_cols_next(&q, 2, &quiet);
    check(rec == NULL && quiet.first == 1 && quiet.last == 1
          && quiet.live_end == 12 && hb_cols_carried(&q)->live_max == 12,
          "v3 cols 1..4: column 1 quiet, carried LIVE_MAX 12");
    check(hb_cols_next(&q, 5, &quiet) == &cols[1]
          && hb_cols_next(&q, 5, &quiet) == &cols[2], "v3 cols 1..4: 2, 3");
    rec = hb_cols_next(&q, 5, &quiet);
    check(rec == NULL && quiet.first == 4 && quiet.last == 4
          && quiet.live_end == 15, "v3 cols 1..4: column 4 quiet");

    struct hb_colrec c;
    hb_col_value(f, 1, &c);
    check(c.live_end == 12 && c.live_max == 12 && c.blocks_end == 2,
          "v3: column 1 is col 0's LIVE_END");
    hb_col_value(f, 4, &c);
    check(c.live_end == 15 && c.live_max == 15 && c.blocks_end == 3,
          "v3: column 4 is col 3's LIVE_END, LIVE_MAX 15 (not 16)");
    hb_col_value(f, 3, &c);
    check(c.live_end == 15 && c.live_max == 16, "v3: column 3 its record");
}

/* ------------------------------------------------------ gauges (version 4) */

/* c FOOT_END FOOT_MAX ANON_END ANON_MAX SLOP_END SLOP_MAX; columns 0, 2, 5
 * have no record. */
static struct hb_fcolrec fcols[] = {
    { 1, 10, 12, 3, 3, 1, 2 },
    { 3, 8, 11, 4, 9, 0, 1 },
    { 4, 20, 20, 2, 4, 5, 5 },
};

static int gauges_are(const struct hb_fcolrec *g, uint64_t c, uint64_t fe,
                      uint64_t fm, uint64_t ae, uint64_t am, uint64_t se,
                      uint64_t sm)
{
    return g->c == c && g->foot_end == fe && g->foot_max == fm
           && g->anon_end == ae && g->anon_max == am && g->slop_end == se
           && g->slop_max == sm;
}

static void test_gauges(struct hb_file *f)
{
    f->fcols = fcols;
    f->nfcols = sizeof fcols / sizeof fcols[0];
    struct hb_fcolrec g = hb_file_gauges(f, 0);
    check(gauges_are(&g, 0, 0, 0, 0, 0, 0, 0),
          "gauges: column 0, before any record, is zeros");
    g = hb_file_gauges(f, 2);
    check(gauges_are(&g, 2, 10, 10, 3, 3, 1, 1),
          "gauges: column 2 carries fcol 1's ENDs as END and MAX");
    g = hb_file_gauges(f, 4);
    check(gauges_are(&g, 4, 20, 20, 2, 4, 5, 5), "gauges: column 4 its record");
    g = hb_file_gauges(f, 5);
    check(gauges_are(&g, 5, 20, 20, 2, 2, 5, 5),
          "gauges: column 5 carries fcol 4's ENDs (ANON_MAX 2, not 4)");

    /* Spans as a chart asks them, overlapping at column 2. */
    struct hb_gauge_cursor q;
    hb_gauges_open(&q, f, 0);
    hb_gauges_span(&q, 0, 0, &g);
    check(gauges_are(&g, 0, 0, 0, 0, 0, 0, 0), "gauge span 0..0");
    hb_gauges_span(&q, 0, 2, &g);
    check(gauges_are(&g, 0, 10, 12, 3, 3, 1, 2),
          "gauge span 0..2: fcol 1's MAXes, column 2's ENDs");
    hb_gauges_span(&q, 2, 3, &g);
    check(gauges_are(&g, 2, 8, 11, 4, 9, 0, 1),
          "gauge span 2..3: quiet 2 (FOOT 10) then fcol 3 (FOOT_MAX 11)");
    hb_gauges_span(&q, 5, 5, &g);
    check(gauges_are(&g, 5, 20, 20, 2, 2, 5, 5), "gauge span 5..5");

    /* Opened past records: the one before decides. */
    hb_gauges_open(&q, f, 2);
    hb_gauges_span(&q, 2, 2, &g);
    check(gauges_are(&g, 2, 10, 10, 3, 3, 1, 1), "gauges opened at 2");
    f->fcols = NULL;
    f->nfcols = 0;
    g = hb_file_gauges(f, 3);
    check(gauges_are(&g, 3, 0, 0, 0, 0, 0, 0), "gauges: no fcol, zeros");
}

/* ---------------------------------------------------------- version 2 */

static void test_v2(const struct hb_file *f)
{
    /* No run, nothing quiet; a band held its record's LIVE_END at the
     * start of the next column only. */
    static const struct want_step all[] = {
        { 0, 1, 1, 0, 0, 0, 0 },
        { 0, 2, 1, 0, 0, 0, 0 },
        { 2, 1, 1, 0, 0, 0, 0 },
        { 3, 1, 1, 0, 0, 6, 0 },
        { 3, 2, 1, 0, 0, 0, 0 },
        { 4, 0, 1, 0, 0, 0, 0 },
        { 5, 3, 1, 0, 0, 0, 0 },
    };
    struct hb_cell_cursor q;
    check(hb_cells_open(&q, f, 0, 5, 0, 3) == 0, "v2: open");
    check_steps(&q, all, 7, "v2, whole file");
    check(hb_cells_quiet_sum(&q) == 0, "v2: quiet sum 0");
    for (uint64_t b = 0; b < 4; b++)
        check_rest(&q, b, 6, 1, 0, 0, "v2");
    hb_cells_close(&q);

    /* From column 3: the record of column 2 is what band 1 held. */
    static const struct want_step late[] = {
        { 3, 1, 1, 0, 0, 6, 0 },
        { 3, 2, 1, 0, 0, 0, 0 },
        { 4, 0, 1, 0, 0, 0, 0 },
    };
    check(hb_cells_open(&q, f, 3, 4, 0, 3) == 0, "v2: open 3..4");
    check(hb_cells_quiet(&q, 1) == 0, "v2: no quiet value");
    check_steps(&q, late, 3, "v2, columns 3..4");
    hb_cells_close(&q);

    struct hb_col_cursor k;
    struct hb_quiet_cols quiet;
    hb_cols_open(&k, f, 0, 5);
    int runs = 0;
    size_t recs = 0;
    while (hb_cols_next(&k, 6, &quiet) != NULL || quiet.first <= quiet.last) {
        runs += quiet.first <= quiet.last;
        recs++;
    }
    check(runs == 0 && recs == 4, "v2 cols: the 4 records, no run");
    struct hb_colrec c;
    hb_col_value(f, 4, &c);
    check(c.live_end == 0 && c.live_max == 0 && c.blocks_end == 0,
          "v2: a missing column is zeros");
}

int main(void)
{
    struct hb_file f;
    make_file(&f, 3);
    test_cells_v3(&f);
    test_walks_v3(&f);
    test_cols_v3(&f);
    make_file(&f, 4);
    test_gauges(&f);
    make_file(&f, 2);
    test_v2(&f);
    return check_summary();
}
