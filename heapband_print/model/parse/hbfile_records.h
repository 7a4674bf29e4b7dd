/* hbfile_records.h -- the records after the run summary (hbfile_records.c),
 * called by hb_parse() (hbfile_parse.c).  Private to the parser.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#ifndef HEAPBAND_PRINT_HBFILE_RECORDS_H
#define HEAPBAND_PRINT_HBFILE_RECORDS_H

#include "hbfile_state.h"

/* The records after "unknown-frees" up to and with "end", "col" and
 * "cell" lines through the fast path when `path` says so. */
int hb_parse_records(struct hb_parser *p, enum hb_parse_path path);

#endif
