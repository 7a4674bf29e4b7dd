/* png_write.h -- writing a cairo image surface as a PNG, fast.
 *
 * cairo's own PNG writer compresses with zlib's default level, which costs
 * more than drawing the chart, and even zlib's fastest level costs as much
 * as drawing it.  Charts are made of pixels that repeat the one above or
 * the one to the left, and png_write.c writes just those repeats, without
 * zlib: about twice the size of zlib's fastest level, at a quarter of its
 * time. */
#ifndef HEAPBAND_PRINT_PNG_WRITE_H
#define HEAPBAND_PRINT_PNG_WRITE_H

#include <cairo.h>
#include <stdio.h>

/* Write an RGB24 or ARGB32 image surface of at most 10922 pixels across
 * (HB_IMAGE_MAX_SIDE is 8192) to fp as an 8-bit RGB PNG; alpha is dropped.
 * Returns 0, or -1 (errno set when the failure was a write error). */
int hb_png_write(cairo_surface_t *surface, FILE *fp);

#endif
