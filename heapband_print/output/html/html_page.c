/* html_page.c -- the HTML report written whole: see html_page.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The template report.html holds three markers that html_assets.c
 * (generated from this folder by embed.awk) leaves in place: the style
 * sheet, the data and the script go there.  The data is JSON inside a
 * <script type="application/json"> element; every '<' in it is written
 * \u003c (only strings can hold one), so that no text of the file ends the
 * element early.  The palettes are written as tables of 256 colours by
 * palette.c, so that the page shades cells as the images do.
 */
#define _POSIX_C_SOURCE 200809L
#include "html_page.h"

#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "html_assets.h"
#include "html_data.h"
#include "outfile.h"

static const char *const chart_keys[HB_HTML_NCHARTS] = {
    "live", "allocs", "lifetime"
};
static const char *const scale_words[] = { "linear", "sqrt", "log" };

/* 256 colours "#rrggbb" of shade i/255 (diverging: t from -1 to 1). */
static void put_palette(FILE *out, const char *name, int which)
{
    fprintf(out, "\"%s\": [", name);
    for (int i = 0; i < 256; i++) {
        unsigned char rgb[3];
        if (which < 0)
            hb_palette_diverging_cell_rgb8(i / 127.5 - 1, rgb);
        else
            hb_palette_rgb8((enum hb_palette)which, i / 255.0, rgb);
        fprintf(out, "%s\"#%02x%02x%02x\"", i ? "," : "", rgb[0], rgb[1],
                rgb[2]);
    }
    unsigned char line[3];
    if (which >= 0) {
        hb_palette_line_rgb8((enum hb_palette)which, line);
        fprintf(out, "], \"%s_line\": \"#%02x%02x%02x\"", name, line[0],
                line[1], line[2]);
    } else {
        fputc(']', out);
    }
}

static int put_data(FILE *out, const struct hb_html_page *p,
                    struct hb_error *err)
{
    fprintf(out, "{\"mode\": \"%s\", \"stat\": \"%s\", \"weight\": \"%s\", "
            "\"scale\": \"%s\", \"palette\": \"%s\", \"rows_fixed\": %d,\n"
            "\"palettes\": {", p->diff ? "diff" : "chart", p->stat, p->weight,
            scale_words[p->scale], hb_palette_name(p->palette), p->rows_fixed);
    put_palette(out, hb_palette_name(HB_PALETTE_GREGG), HB_PALETTE_GREGG);
    fputs(", ", out);
    put_palette(out, hb_palette_name(HB_PALETTE_VIRIDIS), HB_PALETTE_VIRIDIS);
    fputs(", ", out);
    put_palette(out, "diverging", -1);
    fputs("},\n\"charts\": {", out);
    for (int k = 0; k < HB_HTML_NCHARTS; k++) {
        fprintf(out, "%s\"%s\": ", k ? ",\n" : "", chart_keys[k]);
        if (p->charts[k] == NULL)
            fputs("null", out);
        else
            hb_export_json(out, p->charts[k], p->stat, p->weight, NULL,
                           NULL);
    }
    fputs("},\n\"files\": [", out);
    const struct hb_chart *live = p->charts[HB_HTML_LIVE];
    for (size_t i = 0; i < p->nfiles; i++) {
        if (i)
            fputs(",\n", out);
        if (hb_html_file_json(out, p->files[i], p->names[i], live->first_band,
                              live->first_band + live->nrows - 1, err) < 0)
            return -1;
    }
    fputc(']', out);
    if (p->more != NULL) {
        fputs(",\n", out);
        p->more(out, p->more_ctx);
    }
    fputc('}', out);
    return 0;
}

/* The template with the style, the data (each '<' escaped) and the script
 * at their markers. */
static void put_page(FILE *out, const char *data, size_t len)
{
    const char *markers[3] = { "@STYLE@", "@DATA@", "@SCRIPT@" };
    const char *t = hb_html_template;
    for (int m = 0; m < 3; m++) {
        const char *at = strstr(t, markers[m]);
        fwrite(t, 1, (size_t)(at - t), out);
        if (m == 0) {
            fputs(hb_html_css, out);
        } else if (m == 2) {
            fputs(hb_html_js, out);
        } else {
            for (size_t i = 0; i < len; i++) {
                if (data[i] == '<')
                    fputs("\\u003c", out);
                else
                    fputc(data[i], out);
            }
        }
        t = at + strlen(markers[m]);
    }
    fputs(t, out);
}

int hb_html_write(const char *path, const struct hb_html_page *page,
                  struct hb_error *err)
{
    char *data = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&data, &len);
    if (mem == NULL)
        return hb_error_nomem(err, "writing the HTML report");
    int r = put_data(mem, page, err);
    if (fclose(mem) != 0 && r == 0)
        r = hb_error_nomem(err, "writing the HTML report");
    struct hb_outfile file;
    if (r == 0 && (r = hb_outfile_open(&file, path, err)) == 0) {
        put_page(file.fp, data, len);
        r = hb_outfile_commit(&file, err);
    }
    free(data);
    return r;
}
