/* export.h -- the matrix as drawn, for scripts: CSV and JSON. */
#ifndef HEAPBAND_PRINT_EXPORT_H
#define HEAPBAND_PRINT_EXPORT_H

#include <stdio.h>

#include "chartbuild.h"

/* CSV: one line per row of the chart, with a first column saying what the
 * line holds:
 *   kind,label,lo,hi,<one field per chart column>
 *   start,,,,<x_start of each column>
 *   end,,,,<x_end of each column>
 *   collabel,,,,<column labels>          (lifetime chart only)
 *   heap,,,,<total heap of each column>  (time charts only)
 *   mark,"NAME",TIME,COLUMN              (one per phase mark drawn)
 *   band,LABEL,LO,HI,<cells>             (one per row, top row first)   */
void hb_export_csv(FILE *out, const struct hb_file *f,
                   const struct hb_chart *chart,
                   const struct hb_chart_map *map);

/* JSON: one object, see docs/manual/heapband_print.md. */
void hb_export_json(FILE *out, const struct hb_file *f,
                    const struct hb_chart *chart,
                    const struct hb_chart_map *map, const char *stat,
                    const char *weight);

#endif
