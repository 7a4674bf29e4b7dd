/* chartbuild.h -- building a struct hb_chart (chart.h) from a parsed file
 * and the command-line selection.  Renderers only read the result. */
#ifndef HEAPBAND_PRINT_CHARTBUILD_H
#define HEAPBAND_PRINT_CHARTBUILD_H

#include "chart.h"
#include "hbfile.h"

enum hb_chart_kind { HB_CHART_LIVE, HB_CHART_ALLOCS, HB_CHART_LIFETIME };
enum hb_stat { HB_STAT_AVG, HB_STAT_MAX, HB_STAT_END };
enum hb_weight { HB_WEIGHT_COUNT, HB_WEIGHT_BYTES };

struct hb_selection {
    enum hb_chart_kind kind;
    enum hb_stat stat;
    enum hb_weight weight;
    int has_from, has_to;
    uint64_t from, to;           /* times, inclusive */
    int has_min_size, has_max_size;
    uint64_t min_size, max_size; /* block sizes in bytes */
    size_t max_cols;             /* most chart columns that fit (>= 1) */
};

/* How the chart maps onto the file, for headers and exports. */
struct hb_chart_map {
    uint64_t first_col, last_col;   /* stored columns selected (time charts) */
    uint64_t per_col;               /* k: stored columns per chart column */
    uint64_t first_band, last_band; /* band of row 0 and of the top row */
    uint64_t first_bucket;          /* lifetime bucket of chart column 0 */
    int has_never_col;              /* lifetime: last column = never freed */
};

/* Build the chart.  Returns 0, or -1 with a message about the selection
 * (e.g. "--from is after the end of the run") in err. */
int hb_chart_build(const struct hb_file *f, const struct hb_selection *sel,
                   struct hb_chart *chart, struct hb_chart_map *map,
                   char *err, size_t errlen);

void hb_chart_free(struct hb_chart *chart);

/* The rows of a chart: the bands data_lo..data_hi with data (have_data),
 * unless --min-size/--max-size choose others; into map->first_band and
 * last_band.  Returns 0, or -1 (--min-size above --max-size) with a
 * message in err. */
int hb_chart_choose_rows(const struct hb_file *f,
                         const struct hb_selection *sel, int have_data,
                         uint64_t data_lo, uint64_t data_hi,
                         struct hb_chart_map *map, char *err, size_t errlen);

/* The column of a time chart holding time t (the last one for the end
 * time). */
size_t hb_chart_col_of_time(const struct hb_chart *chart, uint64_t t);

#endif
