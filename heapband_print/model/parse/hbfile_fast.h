/* hbfile_fast.h -- the fast path for "col" and "cell" lines
 * (hbfile_fast.c), tried by the record dispatch (hbfile_records.c) before
 * the general parser.  Private to the parser.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#ifndef HEAPBAND_PRINT_HBFILE_FAST_H
#define HEAPBAND_PRINT_HBFILE_FAST_H

#include "hbfile_state.h"

/* Reads the next line or two when they are "col" or "cell" lines it is
 * sure of, in section `*current` or before it.  Returns 1 when it stored
 * them (and advanced *current), 0 to leave the next line to the general
 * parser, -1 on an error in their values. */
int hb_parse_fast_record(struct hb_parser *p, enum hb_section *current);

#endif
