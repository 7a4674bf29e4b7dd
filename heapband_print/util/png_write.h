/* png_write.h -- writing a cairo image surface as a PNG, fast.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * cairo's own PNG writer compresses with zlib, whose search for repeats
 * costs more than drawing a chart.  Charts are made of pixels that repeat
 * the one above or the one to the left, and png_write.c writes just those
 * repeats, without zlib: larger files, in a fraction of the time.
 * Invariant: the file decodes to exactly the surface's pixels (alpha
 * dropped).  Cost: one pass over the pixels, one 64 KB buffer.
 */
#ifndef HEAPBAND_PRINT_PNG_WRITE_H
#define HEAPBAND_PRINT_PNG_WRITE_H

#include <cairo.h>
#include <stdio.h>

#include "error.h"

/* Write an RGB24 or ARGB32 image surface of at most 10922 pixels across
 * (HB_IMAGE_MAX_SIDE is 8192) to fp as an 8-bit RGB PNG.  Returns 0, or -1
 * with err set: HB_ERR_OUTPUT "cannot write: <reason>" for a failed write,
 * HB_ERR_NOMEM. */
int hb_png_write(cairo_surface_t *surface, FILE *fp, struct hb_error *err);

#endif
