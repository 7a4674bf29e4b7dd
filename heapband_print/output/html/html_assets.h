/* html_assets.h -- the HTML report's page, style sheet and script, from
 * this folder (html_assets.c is generated from them at build time by
 * embed.awk; edit report.html, report.css and the report-*.js files).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The template holds the markers @STYLE@, @DATA@ and @SCRIPT@, once each
 * and in that order (html_page.c fills them).
 */
#ifndef HEAPBAND_PRINT_HTML_ASSETS_H
#define HEAPBAND_PRINT_HTML_ASSETS_H

extern const char hb_html_template[];   /* report.html */
extern const char hb_html_css[];        /* report.css */
/* report-units.js, report-model.js, then report.js */
extern const char hb_html_js[];

#endif
