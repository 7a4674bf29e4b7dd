/* test_grid.c -- unit tests of the grid arithmetic (heapband_print/chart/grid.h)
 * and of the two charts built on it (chart_build.h, diff_chart.h).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 *   test_grid
 *
 * Builds small files in memory (their figures are written out below) and
 * checks the column layouts, the groups of stored columns, every merge
 * rule (sums, averages over time, a column of no time, largest, last),
 * the charts' times, rows and run summary, and the difference chart.
 * Prints one line per failed check and exits 1 if any failed.  Run as
 * unit/test_grid.
 */
#include "chart_build.h"
#include "diff_chart.h"
#include "grid.h"
#include "unit_check.h"

#include <string.h>

/* ------------------------------------------------------------ the files */

/* Bands: 0 = [0,0], 1 = [1,1], 2 = [2, max]. */
static struct hb_band bands[3] = {
    { 0, 0 }, { 1, 1 }, { 2, UINT64_MAX }
};

/* File A: W = 4, E = 16, so 5 stored columns, the last one [16, 16) of no
 * time.  Fields: c b allocs alloc_bytes frees free_bytes live_end
 * live_max live_integral. */
static struct hb_cellrec cells_a[] = {
    { 0, 1, 2, 10, 0, 0, 3, 5, 12 },
    { 1, 1, 1, 4, 0, 0, 4, 6, 14 },
    { 1, 2, 1, 100, 0, 0, 100, 100, 200 },
    { 2, 2, 0, 0, 0, 0, 100, 100, 400 },
    { 3, 1, 3, 9, 0, 0, 7, 9, 30 },
    { 4, 1, 1, 1, 0, 0, 8, 8, 0 },
};
static struct hb_colrec cols_a[] = {
    { 0, 3, 5, 1 }, { 1, 104, 106, 2 }, { 2, 104, 104, 2 },
    { 3, 7, 109, 1 }, { 4, 8, 8, 1 },
};
static struct hb_markrec marks_a[] = {
    { 5, (char *)"load" }, { 16, (char *)"end" },
};

/* File B: A with band 1's integral in column 3 raised from 30 to 50, and
 * a mark of its own. */
static struct hb_cellrec cells_b[6];
static struct hb_markrec marks_b[] = {
    { 5, (char *)"load" }, { 9, (char *)"save" },
};

static void make_file(struct hb_file *f, struct hb_cellrec *cells,
                      size_t ncells, struct hb_markrec *marks, size_t nmarks,
                      const char *cmd)
{
    memset(f, 0, sizeof *f);
    f->version = 2;
    f->cmd = (char *)cmd;
    f->unit = HB_UNIT_B;
    f->nbands = 3;
    f->bands = bands;
    f->col_width = 4;
    f->ncols = 5;
    f->end_time = 16;
    f->cells = cells;
    f->ncells = ncells;
    f->cells_b_lo = 1;
    f->cells_b_hi = 2;
    f->cols = cols_a;
    f->ncolrecs = 5;
    f->marks = marks;
    f->nmarks = nmarks;
    f->total_allocs = 8;
    f->peak_bytes = 109;
}

static struct hb_selection selection(enum hb_chart_kind kind,
                                     enum hb_stat stat, enum hb_weight w,
                                     size_t max_cols)
{
    struct hb_selection sel;
    memset(&sel, 0, sizeof sel);
    sel.kind = kind;
    sel.stat = stat;
    sel.weight = w;
    sel.max_cols = max_cols;
    return sel;
}

/* ---------------------------------------------------------- the layouts */

static void test_layouts(const struct hb_file *a)
{
    struct hb_selection sel = selection(HB_CHART_LIVE, HB_STAT_AVG,
                                        HB_WEIGHT_COUNT, 2);
    struct hb_time_layout lay;
    struct hb_error err = { 0 };
    uint64_t s, e, first, last;

    check(hb_time_layout_init(&lay, 4, 16, &sel, "the run", &err) == 0,
          "layout of 5 columns in 2");
    check(lay.per_col == 3 && lay.ncols == 2, "5 columns in 2: k = 3, 2 "
          "columns (got %llu, %zu)", (unsigned long long)lay.per_col,
          lay.ncols);
    hb_time_layout_span(&lay, 1, &s, &e);
    check(s == 12 && e == 16, "second column [12, 16) (got [%llu, %llu))",
          (unsigned long long)s, (unsigned long long)e);

    /* --to=9 selects columns 0..2: the last chart column is column 2
     * alone, and its time ends where column 2 does, at 12. */
    sel.has_to = 1;
    sel.to = 9;
    hb_time_layout_init(&lay, 4, 16, &sel, "the run", &err);
    hb_time_layout_span(&lay, 1, &s, &e);
    check(lay.per_col == 2 && s == 8 && e == 12, "--to=9: last column "
          "[8, 12) (got k=%llu, [%llu, %llu))",
          (unsigned long long)lay.per_col, (unsigned long long)s,
          (unsigned long long)e);

    sel.has_to = 0;
    sel.has_from = 1;
    sel.from = 16;
    check(hb_time_layout_init(&lay, 4, 16, &sel, "the run", &err) == 0
          && lay.ncols == 1, "--from=16: the column of the end time");
    hb_time_layout_span(&lay, 0, &s, &e);
    check(s == 16 && e == 16, "--from=16: a column of no time");
    sel.from = 20;
    check(hb_time_layout_init(&lay, 4, 16, &sel, "the run", &err) < 0
          && err.kind == HB_ERR_USAGE
          && strcmp(err.msg, "option --from: 20 is after the end of the run "
                    "(16)") == 0, "--from=20: '%s'", err.msg);
    err = (struct hb_error){ 0 };
    sel.has_to = 1;
    sel.to = 10;
    check(hb_time_layout_init(&lay, 4, 16, &sel, "both runs", &err) < 0
          && strcmp(err.msg, "option --from: later than --to") == 0,
          "--from after --to: '%s'", err.msg);

    /* A file of columns of 2 on a layout of columns of 4, and a file that
     * ended at 10 on a layout that goes on to 16. */
    struct hb_file fine = *a, short_run = *a;
    fine.col_width = 2;
    fine.ncols = 9;
    short_run.end_time = 10;
    short_run.ncols = 3;
    sel = selection(HB_CHART_LIVE, HB_STAT_AVG, HB_WEIGHT_COUNT, 5);
    err = (struct hb_error){ 0 };
    hb_time_layout_init(&lay, 4, 16, &sel, "both runs", &err);
    struct hb_grid g;
    hb_grid_by_time(&g, &fine, &lay);
    check(g.per_col == 2 && g.c_last == 8 && hb_grid_col(&g, 7) == 3,
          "columns of 2 on columns of 4");
    hb_grid_by_time(&g, &short_run, &lay);
    check(g.c_last == 2 && hb_grid_group(&g, 2, &first, &last)
          && first == 2 && last == 2 && !hb_grid_group(&g, 3, &first, &last),
          "a run that ended has no stored column after its end");

    /* Fraction: 5 columns in 3 chart columns: [0,1], [2,3], [4]. */
    hb_grid_by_fraction(&g, a, 3);
    static const uint64_t want_col[5] = { 0, 0, 1, 1, 2 };
    for (uint64_t c = 0; c < 5; c++)
        check(hb_grid_col(&g, c) == want_col[c], "fraction: column %llu",
              (unsigned long long)c);
    check(hb_grid_group(&g, 1, &first, &last) && first == 2 && last == 3,
          "fraction: group 1 is [2, 3]");
    check(hb_grid_span(&g, 2, &s, &e) && s == 16 && e == 16,
          "fraction: group 2 has no time");
}

/* ------------------------------------------------------------ the fills */

/* A fill of A's bands 1 and 2 on a time layout of max_cols columns, and
 * the cells it must give, want[r * ncols + j] (r = 0 for band 1). */
struct fill_case {
    const char *what;
    enum hb_chart_kind kind;
    enum hb_stat stat;
    enum hb_weight weight;
    size_t max_cols;
    double want[10];
};

static const struct fill_case fill_cases[] = {
    /* One chart column per stored column: averages over 4, and the last
     * column, of no time, shows its LIVE_END. */
    { "avg, 5 columns", HB_CHART_LIVE, HB_STAT_AVG, HB_WEIGHT_COUNT, 5,
      { 3, 3.5, 0, 7.5, 8, 0, 50, 100, 0, 0 } },
    /* Three stored columns, then two: over 12 and over 4. */
    { "avg, 2 columns", HB_CHART_LIVE, HB_STAT_AVG, HB_WEIGHT_COUNT, 2,
      { 2 + 2.0 / 12, 7.5, 50, 0 } },
    { "max, 2 columns", HB_CHART_LIVE, HB_STAT_MAX, HB_WEIGHT_COUNT, 2,
      { 6, 9, 100, 0 } },
    /* LIVE_END of the last stored column of each group: band 1 has no
     * record in column 2 (so 0), band 2 none in column 4. */
    { "end, 2 columns", HB_CHART_LIVE, HB_STAT_END, HB_WEIGHT_COUNT, 2,
      { 0, 8, 100, 0 } },
    { "allocs, 2 columns", HB_CHART_ALLOCS, HB_STAT_AVG, HB_WEIGHT_COUNT, 2,
      { 3, 4, 1, 0 } },
    { "alloc bytes, 2 columns", HB_CHART_ALLOCS, HB_STAT_AVG,
      HB_WEIGHT_BYTES, 2, { 14, 10, 100, 0 } },
};

static void test_fill(const struct hb_file *a, const struct fill_case *fc)
{
    struct hb_selection sel = selection(fc->kind, fc->stat, fc->weight,
                                        fc->max_cols);
    struct hb_time_layout lay;
    struct hb_grid g;
    struct hb_error err = { 0 };
    uint64_t xs[5], xe[5];
    double out[10] = { 0 };
    hb_time_layout_init(&lay, 4, 16, &sel, "the run", &err);
    hb_grid_by_time(&g, a, &lay);
    for (size_t j = 0; j < lay.ncols; j++)
        hb_time_layout_span(&lay, j, &xs[j], &xe[j]);
    check(hb_grid_fill(&g, &sel, 1, 2, xs, xe, out, &err) == 0, "%s: fill",
          fc->what);
    for (size_t i = 0; i < 2 * lay.ncols; i++)
        check(out[i] == fc->want[i], "%s: cell %zu is %.17g, not %.17g",
              fc->what, i, out[i], fc->want[i]);
}

static void test_fills(const struct hb_file *a)
{
    for (size_t i = 0; i < sizeof fill_cases / sizeof fill_cases[0]; i++)
        test_fill(a, &fill_cases[i]);

    /* The heap line: the largest col LIVE_MAX of each group. */
    struct hb_selection sel = selection(HB_CHART_LIVE, HB_STAT_AVG,
                                        HB_WEIGHT_COUNT, 2);
    struct hb_time_layout lay;
    struct hb_grid g;
    struct hb_error err = { 0 };
    double line[2] = { 0, 0 };
    hb_time_layout_init(&lay, 4, 16, &sel, "the run", &err);
    hb_grid_by_time(&g, a, &lay);
    hb_grid_fill_line(&g, line);
    check(line[0] == 106 && line[1] == 109, "heap line %g %g", line[0],
          line[1]);
}

/* ----------------------------------------------------------- the charts */

static void test_chart(const struct hb_file *a)
{
    struct hb_selection sel = selection(HB_CHART_LIVE, HB_STAT_AVG,
                                        HB_WEIGHT_COUNT, 2);
    struct hb_chart ch;
    struct hb_error err = { 0 };
    check(hb_chart_build(a, &sel, &ch, &err) == 0, "chart: %s", err.msg);
    check(ch.nrows == 2 && ch.ncols == 2 && ch.first_band == 1
          && ch.row_lo[0] == 1 && ch.row_hi[1] == UINT64_MAX,
          "chart: rows are bands 1 and 2");
    check(ch.align == HB_ALIGN_TIME && ch.stored_per_col == 3
          && ch.x_start[1] == 12 && ch.x_end[1] == 16,
          "chart: 3 stored columns a column");
    check(ch.value_is_bytes && !ch.values_are_whole, "chart: averages of "
          "bytes");
    check(ch.run.end_time == 16 && ch.run.stored_cols == 5
          && ch.run.total_allocs == 8 && strcmp(ch.run.cmd, "./a") == 0,
          "chart: run summary");
    check(ch.line_max == 109 && ch.line_peak_col == 1, "chart: peak");
    check(ch.nmarks == 2 && ch.marks[1].time == 16
          && hb_chart_col_of_time(&ch, 16) == 1, "chart: marks");
    check(ch.vmax == 50, "chart: vmax");
    hb_chart_free(&ch);

    sel = selection(HB_CHART_ALLOCS, HB_STAT_AVG, HB_WEIGHT_COUNT, 2);
    sel.has_min_size = sel.has_max_size = 1;
    sel.min_size = 2;
    sel.max_size = 1;
    check(hb_chart_build(a, &sel, &ch, &err) < 0 && err.kind == HB_ERR_USAGE
          && strcmp(err.msg, "option --min-size: larger than --max-size")
             == 0, "chart: --min-size above --max-size");
}

/* Every change drawn: no --min-change. */
static const struct hb_diff_opts exact_time = { HB_ALIGN_TIME, 0, 0, 0 };
static const struct hb_diff_opts exact_fraction = { HB_ALIGN_FRACTION, 0, 0, 0 };

static void test_diff(const struct hb_file *a, const struct hb_file *b)
{
    struct hb_selection sel = selection(HB_CHART_LIVE, HB_STAT_AVG,
                                        HB_WEIGHT_COUNT, 5);
    struct hb_chart ch;
    struct hb_error err = { 0 };
    check(hb_diff_chart_build(a, b, &sel, &exact_time, &ch, &err) == 0,
          "diff: %s", err.msg);
    /* Only band 1's column 3 changed: (50 - 30) / 4. */
    check(ch.nrows == 2 && ch.ncols == 5 && ch.diverging && ch.vmax == 5,
          "diff: shape");
    for (size_t i = 0; i < 10; i++)
        check(ch.cells[i] == (i == 3 ? 5 : 0), "diff: cell %zu is %g", i,
              ch.cells[i]);
    check(strcmp(ch.title, "new minus old: ./b  vs  ./a") == 0
          && strcmp(ch.run.cmd, "./b") == 0, "diff: NEW's titles");
    check(ch.nmarks == 3 && strcmp(ch.marks[0].name, "load") == 0
          && strcmp(ch.marks[1].name, "save") == 0
          && strcmp(ch.marks[2].name, "old: end") == 0, "diff: marks");
    hb_chart_free(&ch);

    /* --to: the last column's time is that of its stored columns, as in
     * the chart of one file. */
    sel = selection(HB_CHART_LIVE, HB_STAT_AVG, HB_WEIGHT_COUNT, 2);
    sel.has_to = 1;
    sel.to = 9;
    hb_diff_chart_build(a, b, &sel, &exact_time, &ch, &err);
    check(ch.ncols == 2 && ch.x_end[1] == 12, "diff --to=9: ends at 12 "
          "(got %llu)", (unsigned long long)ch.x_end[ch.ncols - 1]);
    hb_chart_free(&ch);

    sel = selection(HB_CHART_LIVE, HB_STAT_AVG, HB_WEIGHT_COUNT, 3);
    hb_diff_chart_build(a, b, &sel, &exact_fraction, &ch, &err);
    check(ch.align == HB_ALIGN_FRACTION && ch.stored_per_col == 0
          && ch.ncols == 3 && ch.x_start[1] == 8 && ch.x_end[1] == 16
          && ch.cells[1] == 20.0 / 8, "diff, fraction: columns [2, 3]");
    hb_chart_free(&ch);

    sel.kind = HB_CHART_LIFETIME;
    check(hb_diff_chart_build(a, b, &sel, &exact_time, &ch, &err) < 0
          && strcmp(err.msg, "option --chart: --diff draws live or allocs "
                    "charts, not lifetime") == 0, "diff: no lifetime");
}

int main(void)
{
    struct hb_file a, b;
    memcpy(cells_b, cells_a, sizeof cells_b);
    cells_b[4].live_integral = 50;
    make_file(&a, cells_a, 6, marks_a, 2, "./a");
    make_file(&b, cells_b, 6, marks_b, 2, "./b");
    test_layouts(&a);
    test_fills(&a);
    test_chart(&a);
    test_diff(&a, &b);
    return check_summary();
}
