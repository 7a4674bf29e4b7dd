/* hbfile_ending.h -- how the run ended: the version-5 records of section
 * 13 of docs/heapband-format.md ('exec-from', 'ending', 'exec-to').
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#ifndef HBFILE_ENDING_H
#define HBFILE_ENDING_H

#include "hbfile_state.h"

/* The current line, not yet split, is one of the records ("exec-from
 * FILE", "ending ...", "exec-to FILE"); each returns 0 or -1 with the
 * error set.  A record of a file before version 5 is an error. */
int hb_parse_exec_from(struct hb_parser *p);
int hb_parse_ending(struct hb_parser *p);
int hb_parse_exec_to(struct hb_parser *p);

/* At the 'end' line: a version-5 file has had its 'ending' record. */
int hb_ending_end(struct hb_parser *p);

#endif
