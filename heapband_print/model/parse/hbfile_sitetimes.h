/* hbfile_sitetimes.h -- the site times that end an "sb" record
 * (hbfile_sitetimes.c), read for hbfile_sites.c.  Private to the parser.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#ifndef HEAPBAND_PRINT_HBFILE_SITETIMES_H
#define HEAPBAND_PRINT_HBFILE_SITETIMES_H

#include <stddef.h>

#include "hbfile_state.h"

/* The site times that end the split sb line being read, its fields
 * first .. nf-1, into r's run of f->site_times. */
int hb_parse_sb_times(struct hb_parser *p, size_t first, struct hb_siterec *r);

#endif
