/* export.h -- the matrix as drawn, for scripts: CSV and JSON.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Both read only the chart (chart.h) and write every number so that it
 * reads back exactly (docs/manual/heapband_print.md, "CSV" and "JSON").
 */
#ifndef HEAPBAND_PRINT_EXPORT_H
#define HEAPBAND_PRINT_EXPORT_H

#include <stdio.h>

#include "chart.h"

/* CSV: one line per row of the chart, with a first column saying what the
 * line holds:
 *   kind,label,lo,hi,<one field per chart column>
 *   start,,,,<x_start of each column>
 *   end,,,,<x_end of each column>
 *   collabel,,,,<column labels>          (lifetime chart only)
 *   heap,,,,<total heap of each column>  (time charts only)
 *   mark,"NAME",TIME,COLUMN              (one per phase mark drawn)
 *   band,LABEL,LO,HI,<cells>             (one per row, top row first)   */
void hb_export_csv(FILE *out, const struct hb_chart *chart);

/* Writes more members of the JSON object, each as "NAME": VALUE without
 * the separators (the diff's "sites"); ctx is the caller's. */
typedef void hb_json_member(FILE *out, const void *ctx);

/* JSON: one object, see docs/manual/heapband_print.md; stat and weight are
 * the words of --stat and --weight; more, when not NULL, adds a member
 * after the chart's. */
void hb_export_json(FILE *out, const struct hb_chart *chart,
                    const char *stat, const char *weight,
                    hb_json_member *more, const void *ctx);

#endif
