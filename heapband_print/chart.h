/* chart.h -- the matrix as drawn: the one structure shared by every output
 * of heapband_print (ASCII, CSV, JSON, PNG, SVG).
 *
 * A chart is built from a parsed heap-band file (see hbfile.h) and the
 * command-line selection; every renderer only reads it.  Values are exact
 * aggregates of whole stored columns (see docs/manual.md, "Columns").
 */
#ifndef HEAPBAND_PRINT_CHART_H
#define HEAPBAND_PRINT_CHART_H

#include <stddef.h>
#include <stdint.h>

enum hb_scale { HB_SCALE_LINEAR, HB_SCALE_SQRT, HB_SCALE_LOG };

struct hb_mark {
    uint64_t time;          /* in the file's time unit */
    const char *name;
};

struct hb_chart {
    /* Titles and labels, all owned by the chart. */
    const char *title;        /* the client's command line */
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

    /* cells[r * ncols + c]; 0 means empty (drawn as background). */
    double *cells;
    double vmax;              /* largest cell value (0 if all empty) */

    /* The total heap drawn over the heatmap (live chart), or NULL. */
    double *line;             /* ncols values, bytes */
    double line_max;
    int line_peak_col;        /* column holding the peak, -1 if none */

    struct hb_mark *marks;    /* phase markers, may be empty */
    size_t nmarks;

    /* 0: cells hold values >= 0.  1: a difference chart (heapband_print
     * --diff): cells hold signed values in [-vmax, vmax], drawn with the
     * diverging palette (less blue, more red, 0 as the background). */
    int diverging;
};

/* Map a cell value to [0,1] for shading: 0 for an empty cell, otherwise a
 * value in (0,1] increasing with v, according to the scale. */
double hb_scale_value(double v, double vmax, enum hb_scale scale);

#endif
