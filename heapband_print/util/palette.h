/* palette.h -- the colours of heapband_print's heatmaps.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * A shade t in [0,1] (see hb_scale_value() in chart.h) maps to a colour of
 * the chosen palette; t == 0 means an empty cell and is drawn as the
 * background (white), never with the palette.  Invariant: every colour is
 * an exact 8-bit sRGB triple, so that the images, the terminal and the
 * tests agree on the very same bytes.  Cost: a few multiplications per
 * colour, no tables to build.
 */
#ifndef HEAPBAND_PRINT_PALETTE_H
#define HEAPBAND_PRINT_PALETTE_H

enum hb_palette { HB_PALETTE_GREGG, HB_PALETTE_VIRIDIS };

/* The colour of shade t (clamped to [0,1]; NaN counts as 0) in 8-bit sRGB. */
void hb_palette_rgb8(enum hb_palette p, double t, unsigned char out[3]);

/* The colour of the total-heap line drawn over a heatmap of this palette:
 * chosen to stand out against every shade of it. */
void hb_palette_line_rgb8(enum hb_palette p, unsigned char out[3]);

/* For a "diff" chart: t in [-1,1] (clamped), blue for less, the background
 * (white) at 0, red for more. */
void hb_palette_diverging_rgb8(double t, unsigned char out[3]);

/* The colour of a difference chart's cell of shade t in [-1,1]: the
 * background for 0; otherwise the diverging colour of sign(t) * (0.15 +
 * 0.85 |t|), so that the smallest change is still told apart from none. */
#define HB_DIVERGING_FLOOR 0.15
void hb_palette_diverging_cell_rgb8(double t, unsigned char out[3]);

/* For terminals without truecolour: the xterm-256 index (16..255) nearest
 * to the 8-bit colour rgb (the 6x6x6 cube or the 24-step grey ramp). */
int hb_palette_xterm256(const unsigned char rgb[3]);

/* The xterm-256 indices of the n shades t = 1/n, 2/n, ..., 1 of palette p
 * into index[0 .. n-1], all different: each the nearest to its colour
 * among those the shades before it did not take (two shades near the
 * same cube colour would otherwise look the same in a legend). */
void hb_palette_xterm256_ramp(enum hb_palette p, int n, int *index);

/* "gregg" or "viridis". */
const char *hb_palette_name(enum hb_palette p);

#endif
