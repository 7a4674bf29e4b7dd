/* fuzz_modes.h -- every output mode of heapband_print on a parsed file, for
 * the fuzzing harness (fuzz_parse.c): see fuzz_modes.c.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#ifndef HEAPBAND_FUZZ_MODES_H
#define HEAPBAND_FUZZ_MODES_H

#include <stdio.h>

#include "hbfile.h"
#include "selection.h"

/* One chart of f as text (ASCII, or Unicode when `unicode`), CSV and JSON,
 * and when `images` as a small PNG and SVG, all written to sink. */
void hb_fuzz_chart(const struct hb_file *f, const struct hb_selection *sel,
                   int unicode, int images, FILE *sink);

/* --sites, --leaks (with and without suppressions), --check rules and
 * --diff of f against itself, written to sink; aborts when f does not
 * diff as the same data as itself. */
void hb_fuzz_other_modes(const struct hb_file *f, FILE *sink);

#endif
