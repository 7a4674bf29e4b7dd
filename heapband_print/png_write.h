/* png_write.h -- writing a cairo image surface as a PNG, fast.
 *
 * cairo's own PNG writer compresses with zlib's default level, which costs
 * more than drawing the chart; charts are large flat areas that compress
 * well at the fastest level. */
#ifndef HEAPBAND_PRINT_PNG_WRITE_H
#define HEAPBAND_PRINT_PNG_WRITE_H

#include <cairo.h>
#include <stdio.h>

/* Write an RGB24 or ARGB32 image surface to fp as an 8-bit RGB PNG.
 * Returns 0, or -1 (errno set when the failure was a write error). */
int hb_png_write(cairo_surface_t *surface, FILE *fp);

#endif
