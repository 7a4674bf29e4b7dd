/* json_csv.h -- text as a CSV field and as a JSON string.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The two quoting rules every CSV and JSON output shares (the chart's
 * matrix, the site exports, DHAT, the trace events, the --diff JSON and
 * the --html page's data), so that a name with a quote, a comma or a
 * control byte reads back the same in all of them.  Cost: one pass over
 * the text, written as it is read.
 */
#ifndef HEAPBAND_PRINT_JSON_CSV_H
#define HEAPBAND_PRINT_JSON_CSV_H

#include <stdio.h>

/* s as a CSV field: in double quotes, quotes doubled (RFC 4180). */
void hb_csv_string(FILE *out, const char *s);

/* s as a JSON string, quoted and escaped: '"' and '\' with a backslash,
 * every byte outside printable ASCII as \u00XX. */
void hb_json_string(FILE *out, const char *s);

#endif
