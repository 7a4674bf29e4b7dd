/* folded.h -- --folded=FILE: the sites as folded stacks, the text that
 * flamegraph.pl, inferno and speedscope read.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * One line per selected (site, band) record (site_select.h) with bytes in
 * the chosen figure: its frames from the outermost caller to the
 * allocation point, then the band as one more frame ("[16-31 B]", so a
 * flame graph shows the sizes each point allocates on top of it),
 * separated by ';', then a space and the bytes.  A band's other sites are
 * the stack "(other sites)".  Frames are written as --sites writes them,
 * a ';' in one turned into ','.  Cost: one line per record.
 */
#ifndef HEAPBAND_PRINT_FOLDED_H
#define HEAPBAND_PRINT_FOLDED_H

#include <stdio.h>

#include "error.h"
#include "hbfile.h"
#include "site_select.h"
#include "site_tree.h"

/* Write the records s of f, weighed by the bytes of `by`.  Returns 0, or
 * -1 with *err (a write error). */
int hb_folded_write(FILE *out, const struct hb_file *f,
                    const struct hb_site_sel *s, enum hb_site_metric by,
                    struct hb_error *err);

#endif
