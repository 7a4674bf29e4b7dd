/* html_page.h -- the HTML report: one self-contained file holding the
 * page (heapband_print/output/html/, embedded at build time), its charts
 * and the files' stored cells.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * An output like img_file.h: it reads charts (export.h writes them as
 * JSON), for the page's zoom, hover and sites, the files themselves
 * (html_data.h), and a diff's sites that changed most as the command's
 * JSON export writes them (one serialisation for both).  Invariant: the file is written whole through outfile.c
 * or not at all, and nothing in it loads anything from the network.  Cost:
 * the JSON is built in memory (about 60 bytes per stored cell) and then
 * written once.
 */
#ifndef HEAPBAND_PRINT_HTML_PAGE_H
#define HEAPBAND_PRINT_HTML_PAGE_H

#include <stddef.h>

#include "chart.h"
#include "error.h"
#include "export.h"
#include "hbfile.h"
#include "palette.h"

enum hb_html_chart { HB_HTML_LIVE, HB_HTML_ALLOCS, HB_HTML_LIFETIME,
                     HB_HTML_NCHARTS };

struct hb_html_page {
    int diff;                       /* 1: --diff OLD NEW */
    /* Built over every stored column (one stored column per chart column,
     * of the widest column width in a diff); lifetime NULL in a diff. */
    const struct hb_chart *charts[HB_HTML_NCHARTS];
    const char *stat, *weight;      /* the words of --stat, --weight */
    const struct hb_file *const *files;  /* 1, or 2 (OLD, NEW) */
    const char *const *names;            /* their paths */
    size_t nfiles;
    int rows_fixed;                 /* --min-size/--max-size chose the rows */
    enum hb_palette palette;
    enum hb_scale scale;
    /* NULL, or a member the command adds to the data (the diff's "sites",
     * as its JSON export writes it: export.h), called with more_ctx. */
    hb_json_member *more;
    const void *more_ctx;
};

/* Write the report to path.  Returns 0, or -1 with the error in err
 * (HB_ERR_OUTPUT, HB_ERR_USAGE for a file too large to embed,
 * HB_ERR_NOMEM); then no file is left at path that was not there. */
int hb_html_write(const char *path, const struct hb_html_page *page,
                  struct hb_error *err);

#endif
