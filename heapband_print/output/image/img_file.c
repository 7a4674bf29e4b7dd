/* img_file.c -- a chart as a PNG or SVG file: see img_file.h.
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see error.h
 * and the file COPYING.
 *
 * A PNG is drawn on an RGB24 image surface and written by png_write.c; an
 * SVG surface streams its text to the file through write_chunk().  The
 * file is opened and replaced whole by outfile.c.
 */

#include "img_file.h"

#include "bigmem.h"
#include "chart.h"
#include "img_draw.h"
#include "outfile.h"
#include "png_write.h"

#include <cairo.h>
#include <cairo-svg.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The file being written. */
struct output {
    FILE *fp;
    int write_errno;            /* first write error, 0 if none */
};

static cairo_status_t write_chunk(void *closure, const unsigned char *data,
                                  unsigned int length)
{
    struct output *out = closure;
    if (fwrite(data, 1, length, out->fp) != length) {
        if (!out->write_errno)
            out->write_errno = errno ? errno : EIO;
        return CAIRO_STATUS_WRITE_ERROR;
    }
    return CAIRO_STATUS_SUCCESS;
}

static const cairo_user_data_key_t pixels_key;

/* An RGB24 image surface on memory of its own in huge pages (bigmem.h),
 * which the drawing's first paint faults in with a fault per 2 MB instead
 * of one per 4 KB page.  NULL when that cannot be had; then cairo's own is
 * used. */
static cairo_surface_t *big_page_surface(int width, int height)
{
    int stride = cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, width);
    if (stride <= 0)
        return NULL;
    size_t bytes = (size_t)stride * (size_t)height;
    unsigned char *pixels = hb_huge_alloc(&bytes);
    if (pixels == NULL)
        return NULL;
    cairo_surface_t *s = cairo_image_surface_create_for_data(
        pixels, CAIRO_FORMAT_RGB24, width, height, stride);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS
        || cairo_surface_set_user_data(s, &pixels_key, pixels, free)
               != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(s);
        free(pixels);
        return NULL;
    }
    return s;
}

static cairo_surface_t *create_surface(const struct hb_image_layout *lay,
                                       int is_svg, struct output *out)
{
    if (is_svg)
        return cairo_svg_surface_create_for_stream(write_chunk, out,
                                                   lay->width, lay->height);
    cairo_surface_t *s = big_page_surface(lay->width, lay->height);
    return s ? s : cairo_image_surface_create(CAIRO_FORMAT_RGB24, lay->width,
                                              lay->height);
}

/* Draw and write; returns a cairo status, CAIRO_STATUS_NO_MEMORY also when
 * the drawing ran out of memory, CAIRO_STATUS_WRITE_ERROR when the PNG
 * encoder failed (and then png_err says why). */
static cairo_status_t draw_to(const struct hb_chart *chart,
                              const struct hb_image_opts *opts,
                              const struct hb_image_layout *lay, int is_svg,
                              struct output *out, struct hb_error *png_err)
{
    cairo_surface_t *surface = create_surface(lay, is_svg, out);
    cairo_status_t st = cairo_surface_status(surface);
    if (st == CAIRO_STATUS_SUCCESS) {
        cairo_t *cr = cairo_create(surface);
        int drawn = hb_image_draw(cr, chart, opts, lay);
        st = cairo_status(cr);
        if (st == CAIRO_STATUS_SUCCESS && drawn != 0)
            st = CAIRO_STATUS_NO_MEMORY;
        cairo_destroy(cr);
    }
    if (st == CAIRO_STATUS_SUCCESS && !is_svg
        && hb_png_write(surface, out->fp, png_err) < 0)
        st = CAIRO_STATUS_WRITE_ERROR;
    cairo_surface_finish(surface);
    if (st == CAIRO_STATUS_SUCCESS)
        st = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    return st;
}

int hb_render_image(const struct hb_chart *chart,
                    const struct hb_image_opts *opts,
                    const char *path, int is_svg, struct hb_error *err)
{
    if (!chart || !opts || !path)
        return hb_error_set(err, HB_ERR_OUTPUT, 0,
                            "internal error: no chart to draw");
    struct hb_image_layout lay;
    if (hb_image_layout(chart, opts, &lay) != 0)
        return hb_error_set(err, HB_ERR_OUTPUT, 0,
                            "image size %dx%d out of range (1 to %d each way)",
                            opts->width, opts->height, HB_IMAGE_MAX_SIDE);
    if (chart->nrows > 0 && chart->ncols > 0 && !chart->cells)
        return hb_error_set(err, HB_ERR_OUTPUT, 0,
                            "internal error: chart has no cells");

    struct hb_outfile file;
    if (hb_outfile_open(&file, path, err) != 0)
        return -1;
    struct output out = { .fp = file.fp, .write_errno = 0 };
    struct hb_error png_err = { .kind = HB_ERR_NONE };
    cairo_status_t st = draw_to(chart, opts, &lay, is_svg, &out, &png_err);
    if (st != CAIRO_STATUS_SUCCESS || out.write_errno)
        hb_outfile_abort(&file);
    else if (hb_outfile_commit(&file, err) != 0)
        return -1;
    if (png_err.kind != HB_ERR_NONE)
        return hb_error_set(err, png_err.kind, 0, "%s", png_err.msg);
    if (out.write_errno)
        return hb_error_set(err, HB_ERR_OUTPUT, 0, "cannot write: %s",
                            strerror(out.write_errno));
    if (st == CAIRO_STATUS_NO_MEMORY)
        return hb_error_nomem(err, "drawing the image");
    if (st != CAIRO_STATUS_SUCCESS)
        return hb_error_set(err, HB_ERR_OUTPUT, 0, "cannot draw: %s",
                            cairo_status_to_string(st));
    return 0;
}
