/* hbfile_sites.h -- the version-3 site records (hbfile_sites.c), read for
 * the record dispatch (hbfile_records.c).  Private to the parser.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#ifndef HEAPBAND_PRINT_HBFILE_SITES_H
#define HEAPBAND_PRINT_HBFILE_SITES_H

#include "hbfile_state.h"

/* The version-3 site records (section 7 of the format), each a line
 * already read: "object", "source" and "frame" not split (their text runs
 * to the end of the line), "site", "sb" and "so" split; and at the "end"
 * line, what must hold when the records are done. */
int hb_parse_object(struct hb_parser *p);
int hb_parse_source(struct hb_parser *p);
int hb_parse_frame(struct hb_parser *p);
int hb_parse_site3(struct hb_parser *p);
int hb_parse_sb(struct hb_parser *p);
int hb_parse_so(struct hb_parser *p);
int hb_sites_end(struct hb_parser *p);

/* Once the file is checked, version 3: each band's sb records in the
 * order of the report, by bytes allocated. */
void hb_sites_rank(struct hb_file *f);

#endif
