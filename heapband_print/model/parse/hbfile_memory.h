/* hbfile_memory.h -- version 4's records of the memory beyond the live
 * blocks (hbfile_memory.c), called by hb_parse() (hbfile_parse.c) and the
 * record table (hbfile_records.c).  Private to the parser.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#ifndef HEAPBAND_PRINT_HBFILE_MEMORY_H
#define HEAPBAND_PRINT_HBFILE_MEMORY_H

#include "hbfile_state.h"

/* The 'allocator:' header line, the 'footprint' and 'other-anon' lines
 * after 'unknown-frees', the 'fcol', 'scell' and 'slop' records, and
 * their invariants (15 to 18) once the file is read (hb_check_memory). */
int hb_parse_allocator(struct hb_parser *p);
int hb_parse_memory_summary(struct hb_parser *p);
int hb_parse_fcol(struct hb_parser *p);
int hb_parse_slop(struct hb_parser *p);
int hb_parse_scell(struct hb_parser *p);
int hb_check_memory(struct hb_parser *p);

#endif
