/* html.h -- heapband_print --html=FILE: the interactive report of the
 * chart command or of --diff OLD NEW.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * A front end beside cmd_chart.c: it builds the charts the page holds with
 * the command's own builder (every stored column, the options' selection
 * otherwise) and has html_page.c write them.  Invariant: a chart that
 * cannot be built or a file that cannot be written is reported once, and
 * no partial file is left.  Cost: three charts over every stored column
 * and the page's data (html_page.h).
 */
#ifndef HEAPBAND_PRINT_HTML_H
#define HEAPBAND_PRINT_HTML_H

#include "cmd_chart.h"

/* Write the job's report to job->o->html.  Returns 0, HB_EXIT_OUTPUT
 * (the file could not be written), or the status of a chart that could
 * not be built, after printing the error. */
int hb_write_html(const struct hb_chart_job *job);

#endif
