/* dhat.h -- --dhat=FILE: the sites as DHAT's JSON (dhatFileVersion 2,
 * mode heap), which Valgrind's dh_view.html opens.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * One program point per site, its selected records (site_select.h)
 * summed over the bands: total bytes and blocks, at t-gmax (heapband's
 * peak) and at t-end, as DHAT's same program point gives them
 * (docs/heapband-format.md, section 7); the bands' other sites are one
 * point, "[other sites]".  What heapband does not keep per site is
 * written so that dh_view shows it as absent: the lifetimes (tl 0, and no
 * point is short-lived: tuth -1), the most live (mb: the sum of the
 * site's bands' MAX_BYTES, exact for a site of one band, mbk 0); no
 * access counts (bkacc false).  Cost: one point per site.
 */
#ifndef HEAPBAND_PRINT_DHAT_H
#define HEAPBAND_PRINT_DHAT_H

#include <stdio.h>

#include "error.h"
#include "hbfile.h"
#include "site_select.h"

/* Write the records s of f.  Returns 0, or -1 with *err (out of memory, a
 * write error). */
int hb_dhat_write(FILE *out, const struct hb_file *f,
                  const struct hb_site_sel *s, struct hb_error *err);

#endif
