/* pngprobe.c -- read pixels of a PNG, for the image tests.
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see the file
 * COPYING.
 *
 *   pngprobe size FILE                     prints "W H"
 *   pngprobe pixel FILE X Y [X Y ...]      prints "rrggbb" per pixel
 *   pngprobe count FILE X Y W H RRGGBB     pixels of that colour in the
 *                                          rectangle (clipped to the image)
 *   pngprobe bbox FILE RRGGBB [X Y W H]    "X Y W H" of the smallest
 *                                          rectangle holding every pixel of
 *                                          that colour (in the given
 *                                          rectangle, else in the whole
 *                                          image), "none" if there is none
 *   pngprobe colours FILE X Y W H          number of distinct colours in the
 *                                          rectangle
 *
 * Colours are six lowercase hex digits, alpha ignored.  Exit 0 on success,
 * 2 on a usage or file error.  The image is decoded once, by cairo's own
 * PNG reader (not by the printer's encoder); each query is one pass over
 * its rectangle.
 */
#include <cairo.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct image {
    cairo_surface_t *surface;
    const unsigned char *data;
    int width, height, stride;
};

static int usage(void)
{
    fprintf(stderr,
            "usage: pngprobe size FILE\n"
            "       pngprobe pixel FILE X Y [X Y ...]\n"
            "       pngprobe count FILE X Y W H RRGGBB\n"
            "       pngprobe bbox FILE RRGGBB [X Y W H]\n"
            "       pngprobe colours FILE X Y W H\n");
    return 2;
}

static int load(const char *path, struct image *img)
{
    img->surface = cairo_image_surface_create_from_png(path);
    cairo_status_t st = cairo_surface_status(img->surface);
    if (st != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "pngprobe: %s: %s\n", path,
                cairo_status_to_string(st));
        cairo_surface_destroy(img->surface);
        return -1;
    }
    cairo_surface_flush(img->surface);
    img->data = cairo_image_surface_get_data(img->surface);
    img->width = cairo_image_surface_get_width(img->surface);
    img->height = cairo_image_surface_get_height(img->surface);
    img->stride = cairo_image_surface_get_stride(img->surface);
    return 0;
}

/* 0xRRGGBB of pixel (x, y), which must be inside the image.  cairo keeps
 * pixels as native-endian 32-bit words (premultiplied alpha; the heatmaps
 * are opaque, so the colour is exact). */
static uint32_t pixel(const struct image *img, int x, int y)
{
    uint32_t word;
    memcpy(&word, img->data + (size_t)y * img->stride + (size_t)x * 4, 4);
    return word & 0xffffff;
}

static int parse_int(const char *s, int *v)
{
    char *end;
    long n = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || n < -1000000 || n > 1000000)
        return -1;
    *v = (int)n;
    return 0;
}

static int parse_colour(const char *s, uint32_t *rgb)
{
    char *end;
    if (strlen(s) != 6)
        return -1;
    unsigned long n = strtoul(s, &end, 16);
    if (*end != '\0')
        return -1;
    *rgb = (uint32_t)n;
    return 0;
}

/* Parse X Y W H and clip the rectangle to the image. */
static int parse_rect(char **argv, const struct image *img, int r[4])
{
    for (int i = 0; i < 4; i++)
        if (parse_int(argv[i], &r[i]))
            return -1;
    int x1 = r[0] + r[2], y1 = r[1] + r[3];
    r[0] = r[0] < 0 ? 0 : r[0];
    r[1] = r[1] < 0 ? 0 : r[1];
    x1 = x1 > img->width ? img->width : x1;
    y1 = y1 > img->height ? img->height : y1;
    r[2] = x1 - r[0];
    r[3] = y1 - r[1];
    return 0;
}

static int cmd_pixel(const struct image *img, int argc, char **argv)
{
    if (argc < 2 || argc % 2)
        return usage();
    for (int i = 0; i < argc; i += 2) {
        int x, y;
        if (parse_int(argv[i], &x) || parse_int(argv[i + 1], &y))
            return usage();
        if (x < 0 || y < 0 || x >= img->width || y >= img->height) {
            fprintf(stderr, "pngprobe: pixel %d,%d outside %dx%d\n", x, y,
                    img->width, img->height);
            return 2;
        }
        printf("%06x\n", (unsigned)pixel(img, x, y));
    }
    return 0;
}

static int cmd_count(const struct image *img, int argc, char **argv)
{
    int r[4];
    uint32_t want;
    if (argc != 5 || parse_rect(argv, img, r) || parse_colour(argv[4], &want))
        return usage();
    long n = 0;
    for (int y = r[1]; y < r[1] + r[3]; y++)
        for (int x = r[0]; x < r[0] + r[2]; x++)
            n += pixel(img, x, y) == want;
    printf("%ld\n", n);
    return 0;
}

static int cmd_bbox(const struct image *img, int argc, char **argv)
{
    uint32_t want;
    int r[4] = {0, 0, img->width, img->height};
    if ((argc != 1 && argc != 5) || parse_colour(argv[0], &want) ||
        (argc == 5 && parse_rect(argv + 1, img, r)))
        return usage();
    int x0 = img->width, y0 = img->height, x1 = -1, y1 = -1;
    for (int y = r[1]; y < r[1] + r[3]; y++)
        for (int x = r[0]; x < r[0] + r[2]; x++)
            if (pixel(img, x, y) == want) {
                x0 = x < x0 ? x : x0;
                x1 = x > x1 ? x : x1;
                y0 = y < y0 ? y : y0;
                y1 = y > y1 ? y : y1;
            }
    if (x1 < 0)
        printf("none\n");
    else
        printf("%d %d %d %d\n", x0, y0, x1 - x0 + 1, y1 - y0 + 1);
    return 0;
}

static int compare_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static int cmd_colours(const struct image *img, int argc, char **argv)
{
    int r[4];
    if (argc != 4 || parse_rect(argv, img, r))
        return usage();
    size_t n = (size_t)(r[2] > 0 ? r[2] : 0) * (size_t)(r[3] > 0 ? r[3] : 0);
    uint32_t *all = malloc(n ? n * sizeof *all : 1);
    if (!all)
        return 2;
    size_t k = 0;
    for (int y = r[1]; y < r[1] + r[3]; y++)
        for (int x = r[0]; x < r[0] + r[2]; x++)
            all[k++] = pixel(img, x, y);
    qsort(all, n, sizeof *all, compare_u32);
    size_t distinct = 0;
    for (size_t i = 0; i < n; i++)
        distinct += i == 0 || all[i] != all[i - 1];
    free(all);
    printf("%zu\n", distinct);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 3)
        return usage();
    const char *cmd = argv[1];
    struct image img;
    if (load(argv[2], &img))
        return 2;
    int rc;
    if (strcmp(cmd, "size") == 0 && argc == 3)
        rc = (printf("%d %d\n", img.width, img.height), 0);
    else if (strcmp(cmd, "pixel") == 0)
        rc = cmd_pixel(&img, argc - 3, argv + 3);
    else if (strcmp(cmd, "count") == 0)
        rc = cmd_count(&img, argc - 3, argv + 3);
    else if (strcmp(cmd, "bbox") == 0)
        rc = cmd_bbox(&img, argc - 3, argv + 3);
    else if (strcmp(cmd, "colours") == 0 || strcmp(cmd, "colors") == 0)
        rc = cmd_colours(&img, argc - 3, argv + 3);
    else
        rc = usage();
    cairo_surface_destroy(img.surface);
    return rc;
}
