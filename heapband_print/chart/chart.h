/* chart.h -- the matrix as drawn: the one structure shared by every output
 * of heapband_print (ASCII, CSV, JSON, PNG, SVG).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * A chart is built from a parsed heap-band file and the selection
 * (chart_build.h), or from two files (diff_chart.h); the outputs only read
 * it, and it carries everything they print, so that no output reads the
 * file.  Invariant: every value is an exact aggregate of whole stored
 * columns (grid.h; docs/heapband-format.md, "Time, columns and bands";
 * docs/manual/heapband_print.md, "Width and columns").  The functions here
 * (chart.c) allocate and free its storage and find a column by time; none
 * costs more than one pass over the chart.
 */
#ifndef HEAPBAND_PRINT_CHART_H
#define HEAPBAND_PRINT_CHART_H

#include <stddef.h>
#include <stdint.h>

#include "hbfile.h"
#include "selection.h"

enum hb_scale { HB_SCALE_LINEAR, HB_SCALE_SQRT, HB_SCALE_LOG };

/* The gauges of version 4 (docs/heapband-format.md, section 12). */
enum hb_gauge { HB_GAUGE_FOOT, HB_GAUGE_ANON, HB_GAUGE_SLOP, HB_NGAUGES };

struct hb_mark {
    uint64_t time;          /* in the file's time unit */
    const char *name;
};

/* The run a chart was drawn from (NEW for a difference chart): the file's
 * header and summary lines, for the outputs' headers. */
struct hb_run_summary {
    char *cmd;                /* the client's command line */
    uint64_t end_time, stored_cols, col_width;
    uint64_t total_allocs, total_alloc_bytes, total_frees, total_free_bytes;
    uint64_t peak_bytes, peak_blocks, peak_t_reached;
    uint64_t exit_bytes, exit_blocks, unknown_frees, marks_dropped;
    int snapshot;             /* the file says it is a snapshot */
    /* Version 5: how the run ended (ending.h): "exit", "signal", "exec",
     * "running" (NULL before), the exit status or signal number, and the
     * words ("" before version 5), owned. */
    const char *ending_how;
    uint64_t ending_status, ending_signo;
    char *ending;
    int leak_kinds;           /* the file has memcheck's leak kinds: */
    struct hb_lost exit_lost; /* those of the blocks live at exit */
    /* Version 4, --allocator=program (has_memory): the run's footprint,
     * fragmentation and slop (metrics.c's figures). */
    int has_memory;
    uint64_t foot_peak, foot_peak_t, foot_exit, fragmentation_peak,
             slop_exit, anon_peak;
};

/* What a difference chart (--diff) adds, all NULL in any other chart. */
enum hb_ended { HB_ENDED_NONE, HB_ENDED_OLD, HB_ENDED_NEW };
struct hb_chart_diff {
    unsigned char *noise;     /* nrows x ncols: 1 where the change is noise
                               * (diff_chart.h), drawn blank */
    double *old_line;         /* ncols: OLD's total heap (line is NEW's) */
    unsigned char *ended;     /* ncols: enum hb_ended, the run that is over
                               * before the column starts (time alignment) */
    uint64_t old_end, new_end;  /* the runs' end times */
    double min_pct, min_amount; /* the --min-change in force */
};

struct hb_chart {
    /* Titles and labels, all owned by the chart. */
    const char *title;        /* the command line (a difference chart: both) */
    const char *chart_name;   /* "live", "allocs" or "lifetime" */
    const char *value_label;  /* what a cell holds, e.g. "average live bytes" */
    int value_is_bytes;       /* 1: cells and line hold bytes (images add a B) */
    const char *time_unit;    /* "i", "B" or "ms" */
    const char *x_label;      /* e.g. "time (instructions)" or "lifetime" */

    size_t nrows, ncols;
    /* Rows: row 0 is the BOTTOM of the chart (smallest band). */
    char **row_labels;        /* nrows human labels, e.g. "4K-8K" */
    /* Columns: column c spans x_start[c] .. x_end[c] (x_end exclusive) in
     * the file's time unit (for "lifetime", bucket bounds). */
    uint64_t *x_start, *x_end;
    char **col_labels;        /* ncols labels, or NULL (time charts) */

    /* Row r's cells: hb_chart_row(chart, r)[c]; 0 means empty (drawn as
     * background).  row_cells NULL: every row is stored, row r at
     * cells[r * ncols].  Otherwise row r starts at cells[row_cells[r]] and
     * the rows without data share one stored row of zeros, so a chart
     * costs 8 bytes a row plus 8 a cell of its rows with data, not 8 a
     * cell of every row (bands far apart, the empty bands between);
     * ncells is then the number of doubles in cells.  Only the chart's
     * builders write cells. */
    double *cells;
    size_t *row_cells;
    size_t ncells;
    double vmax;              /* largest cell value (0 if all empty) */

    /* The total heap drawn over the heatmap (live chart), or NULL. */
    double *line;             /* ncols values, bytes */
    double line_max;
    int line_peak_col;        /* column holding the peak, -1 if none */
    /* Version 4, --allocator=program: the allocator's footprint and the
     * other anonymous memory, the largest in each column (fcol records'
     * FOOT_MAX, ANON_MAX), drawn above the total heap; NULL otherwise. */
    double *foot_line, *anon_line;
    /* Version 4, a time chart: the footprint, the other anonymous memory
     * and the live slop at each column's end (FOOT_END, ANON_END and
     * SLOP_END of the last stored column it spans, quiet ones derived),
     * for the trace export; each NULL when it is 0 at every column's end
     * (always with an older file; footprint and slop with 'allocator:
     * valgrind'). */
    double *gauge_end[HB_NGAUGES];
    /* The heap graph's top when those are drawn: the largest footprint
     * (at least the live heap) plus other anonymous memory; else 0.  Read
     * it through hb_chart_graph_top. */
    double graph_max;

    struct hb_mark *marks;    /* phase markers, may be empty */
    size_t nmarks;

    /* 0: cells hold values >= 0.  1: a difference chart (heapband_print
     * --diff): cells hold signed values in [-vmax, vmax], drawn with the
     * diverging palette (less blue, more red, 0 as the background). */
    int diverging;

    /* 1: every cell is a whole number (a count, a sum of bytes, a largest
     * or last value); 0: cells are averages over time. */
    int values_are_whole;

    /* Row r holds block sizes row_lo[r] .. row_hi[r] bytes: band
     * first_band + r of the file, unless its rows were merged
     * (band_merge.h), when first_band is the band of row 0's smallest
     * size.  file_step is the width of the file's bands and row_step that
     * of a row, in quarter-octaves (band_merge.h; 0: not known, a chart
     * that is not of one file's size bands).  row_mixed, when not 0: some
     * rows are of that coarser step, pairs of row_step rows merged so that
     * the text chart fits with more rows (ascii_fit.c). */
    uint64_t first_band;
    unsigned file_step, row_step, row_mixed;
    uint64_t *row_lo, *row_hi;

    /* How chart columns are made of stored columns: HB_ALIGN_TIME (every
     * chart of one file) takes stored_per_col of them at a time (of NEW's,
     * for a difference chart; 1 for the lifetime chart, whose columns are
     * buckets); HB_ALIGN_FRACTION (--diff --align=fraction) takes the same
     * fraction of each run, and stored_per_col is 0. */
    enum hb_align align;
    uint64_t stored_per_col;

    struct hb_run_summary run;
    struct hb_chart_diff diff;
};

/* Allocate the matrix of an empty chart: nrows x ncols cells (all 0, every
 * row stored),
 * x_start, x_end, row_labels (all NULL), row_lo, row_hi.  Returns 0, or -1
 * (out of memory; hb_chart_free frees what was allocated). */
int hb_chart_alloc(struct hb_chart *chart, size_t nrows, size_t ncols);

/* hb_chart_alloc storing only the rows r with has_data[r] (has_data
 * NULL: every row): the other rows share one row of zeros. */
int hb_chart_alloc_rows(struct hb_chart *chart, size_t nrows, size_t ncols,
                        const unsigned char *has_data);

/* Zeroed cells for nrows x ncols with only the rows has_data[r] stored
 * (NULL: all, *row_cells NULL) and the shared row of zeros: *cells,
 * *row_cells and *ncells as in struct hb_chart.  Returns 0, or -1 (out of
 * memory, nothing allocated). */
int hb_chart_rows_layout(size_t nrows, size_t ncols,
                         const unsigned char *has_data, double **cells,
                         size_t **row_cells, size_t *ncells);

/* The ncols cells of row r. */
static inline const double *hb_chart_row(const struct hb_chart *chart,
                                         size_t r)
{
    return chart->cells + (chart->row_cells != NULL ? chart->row_cells[r]
                                                    : r * chart->ncols);
}

/* The number of doubles in chart->cells. */
static inline size_t hb_chart_stored_cells(const struct hb_chart *chart)
{
    return chart->row_cells != NULL ? chart->ncells
                                    : chart->nrows * chart->ncols;
}

/* Append the phase mark "PREFIX NAME" at time t; *cap is the capacity of
 * chart->marks (0 at first).  Returns 0, or -1 (out of memory). */
int hb_chart_add_mark(struct hb_chart *chart, size_t *cap, uint64_t t,
                      const char *prefix, const char *name);

/* Free everything the chart owns and leave it empty. */
void hb_chart_free(struct hb_chart *chart);

/* The column of a time chart holding time t (the last one for the end
 * time).  O(log ncols). */
size_t hb_chart_col_of_time(const struct hb_chart *chart, uint64_t t);

/* Map a cell value to [0,1] for shading: 0 for an empty cell, otherwise a
 * value in (0,1] increasing with v, according to the scale. */
double hb_scale_value(double v, double vmax, enum hb_scale scale);

/* The value at the top of the heap graph: line_max, or graph_max when the
 * footprint and other anonymous memory stacked on the heap reach higher. */
double hb_chart_graph_top(const struct hb_chart *ch);

#endif
