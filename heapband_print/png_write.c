/* png_write.c -- writing a cairo image surface as a PNG with libpng. */
#include "png_write.h"

#include <png.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* One row of cairo pixels (native-endian 0xAARRGGBB words) as RGB bytes.
 * The charts are opaque, so alpha is dropped. */
static void row_to_rgb(const unsigned char *src, int width, png_byte *dst)
{
    for (int x = 0; x < width; x++) {
        uint32_t px;
        memcpy(&px, src + 4 * (size_t)x, sizeof px);
        dst[3 * x] = (png_byte)(px >> 16);
        dst[3 * x + 1] = (png_byte)(px >> 8);
        dst[3 * x + 2] = (png_byte)px;
    }
}

/* Everything libpng may longjmp out of; `row` is freed by the caller. */
static int write_rows(png_structp png, png_infop info, FILE *fp,
                      cairo_surface_t *surface, png_byte *row)
{
    int width = cairo_image_surface_get_width(surface);
    int height = cairo_image_surface_get_height(surface);
    int stride = cairo_image_surface_get_stride(surface);
    const unsigned char *data = cairo_image_surface_get_data(surface);
    if (setjmp(png_jmpbuf(png)))
        return -1;
    png_init_io(png, fp);
    png_set_compression_level(png, 1);
    /* No filter: flat colours already give deflate long runs, and filtering
     * costs a pass over every byte. */
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        row_to_rgb(data + (size_t)y * (size_t)stride, width, row);
        png_write_row(png, row);
    }
    png_write_end(png, info);
    return 0;
}

int hb_png_write(cairo_surface_t *surface, FILE *fp)
{
    cairo_format_t format = cairo_image_surface_get_format(surface);
    int width = cairo_image_surface_get_width(surface);
    if ((format != CAIRO_FORMAT_RGB24 && format != CAIRO_FORMAT_ARGB32)
        || width <= 0 || cairo_image_surface_get_height(surface) <= 0)
        return -1;
    cairo_surface_flush(surface);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL,
                                              NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    png_byte *row = malloc(3 * (size_t)width);
    int rc = -1;
    if (png != NULL && info != NULL && row != NULL)
        rc = write_rows(png, info, fp, surface, row);
    png_destroy_write_struct(&png, &info);
    free(row);
    return rc;
}
