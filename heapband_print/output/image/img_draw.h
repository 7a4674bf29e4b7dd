/* img_draw.h -- drawing a laid-out chart with cairo.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The picture, from back to front: white background, the cells
 * (img_raster.h), the phase marks, the total-heap line with its peak, the
 * frame and the axes (size bands on the left, time at the bottom, heap
 * bytes on the right), the colour-bar legend and the two title lines.
 * Invariant: everything goes where the layout (img_layout.h) says; only
 * text is measured here, to cut it to its room.  Cost: the cells, plus a
 * cairo text path per label (the fonts' set-up is the largest part).
 */
#ifndef HEAPBAND_PRINT_IMG_DRAW_H
#define HEAPBAND_PRINT_IMG_DRAW_H

#include <cairo.h>

#include "img_layout.h"

/* Draw chart, laid out as lay, into cr.  Returns 0, or -1 when out of
 * memory (the picture is then incomplete); cairo's own errors are left in
 * cr's status. */
int hb_image_draw(cairo_t *cr, const struct hb_chart *chart,
                  const struct hb_image_opts *opts,
                  const struct hb_image_layout *lay);

#endif
