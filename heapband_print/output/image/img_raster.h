/* img_raster.h -- the cells of a PNG or SVG chart.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Invariant: every pixel of a cell (hb_image_cell_rect() in img_layout.h)
 * gets exactly the 8-bit palette colour of the cell's shade; an empty cell
 * keeps the background.  Cost: O(rows x columns) plus the plot's pixels,
 * once each; for an image surface no cairo path at all.
 */
#ifndef HEAPBAND_PRINT_IMG_RASTER_H
#define HEAPBAND_PRINT_IMG_RASTER_H

#include <cairo.h>

#include "img_layout.h"

/* Fill the cells of chart into cr's target: straight into the pixels of an
 * RGB24 image surface, else (SVG) as rectangles, neighbouring cells of the
 * same colour as one.  The background must already be painted. */
void hb_image_fill_cells(cairo_t *cr, const struct hb_chart *chart,
                         const struct hb_image_opts *opts,
                         const struct hb_image_layout *lay);

/* Make the 8-bit colour rgb cairo's source. */
void hb_image_set_source_rgb8(cairo_t *cr, const unsigned char rgb[3]);

#endif
