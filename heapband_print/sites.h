/* sites.h -- the --sites report: per band, its allocation sites.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * A report of the file model's site tables (struct hb_site, hb_frame and
 * hb_siterec), not of the chart: it reads the parsed file.  Invariant: it
 * only reads the file and writes only to `out`.  Cost: see sites.c.
 */
#ifndef HEAPBAND_PRINT_SITES_H
#define HEAPBAND_PRINT_SITES_H

#include <stdio.h>

#include "hbfile.h"

/* Print the sites of bands first_band..last_band, largest band first:
 * versions 1 and 2 as their "top" lines rank them, version 3 each listed
 * site by bytes allocated with its figures, then the other sites. */
void hb_sites_report(FILE *out, const struct hb_file *f, uint64_t first_band,
                     uint64_t last_band);

/* Site `site`'s frames, innermost first, one a line ("       at FRAME",
 * then "       by FRAME"), as hb_frame_format writes them; --leaks prints
 * its sites' stacks with it too. */
void hb_sites_print_frames(FILE *out, const struct hb_file *f, uint64_t site);

#endif
