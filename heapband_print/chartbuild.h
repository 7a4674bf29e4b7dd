/* chartbuild.h -- building a struct hb_chart (chart.h) from a parsed file
 * and the command-line selection.  Renderers only read the result. */
#ifndef HEAPBAND_PRINT_CHARTBUILD_H
#define HEAPBAND_PRINT_CHARTBUILD_H

#include "chart.h"
#include "hbfile.h"
#include "selection.h"

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
