/* img_file.h -- a chart as a PNG or SVG file: what the front ends call.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Invariant: an image that could not be written whole leaves the file
 * that was there as it was, and no half image (outfile.h).  Cost: the drawing (img_draw.h), then for a PNG one pass over
 * the pixels (png_write.h); the SVG is streamed as cairo writes it.
 */
#ifndef HEAPBAND_PRINT_IMG_FILE_H
#define HEAPBAND_PRINT_IMG_FILE_H

#include "chart.h"
#include "error.h"
#include "img_layout.h"

/* Draw the chart into the PNG (is_svg == 0) or SVG file at path ("-":
 * standard output).  Returns 0, or -1 with err set: HB_ERR_OUTPUT when the
 * size is out of range or the file cannot be written or drawn, HB_ERR_NOMEM
 * when memory ran out. */
int hb_render_image(const struct hb_chart *chart,
                    const struct hb_image_opts *opts,
                    const char *path, int is_svg, struct hb_error *err);

#endif
