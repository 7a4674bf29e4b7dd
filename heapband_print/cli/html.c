/* html.c -- --html=FILE: the charts of the report built: see html.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The page re-bins the stored cells itself when zoomed and for its width,
 * so the charts are built with one stored column per chart column: the
 * page's first view then needs no re-binning.
 */
#include "html.h"

#include <stdint.h>
#include <stdio.h>

#include "html_page.h"
#include "write_errors.h"

/* Returns 0 or the exit status after printing the error. */
static int build(const struct hb_chart_job *job, enum hb_chart_kind kind,
                 struct hb_chart *ch)
{
    struct hb_selection sel = job->o->sel;
    struct hb_error err = { HB_ERR_NONE, 0, "" };
    sel.kind = kind;
    /* Every stored column its own chart column. */
    sel.max_cols = SIZE_MAX;
    if (kind == HB_CHART_LIFETIME)
        sel.has_from = sel.has_to = 0;
    /* A difference is of the same times: the page re-bins its columns by
     * time when it zooms, so the runs are not aligned by their marks. */
    struct hb_options by_time = *job->o;
    struct hb_chart_job timed = *job;
    if (by_time.diff) {
        by_time.align = HB_ALIGN_TIME;
        by_time.align_given = 1;
        timed.o = &by_time;
    }
    if (timed.build(&timed, &sel, ch, &err) == 0)
        return 0;
    hb_error_print(&err, NULL);
    return hb_error_status(&err);
}

int hb_write_html(const struct hb_chart_job *job)
{
    const struct hb_options *o = job->o;
    if (o->diff && o->align_given && o->align != HB_ALIGN_TIME)
        hb_option_error("--html", "draws differences of the same times "
                        "(not with --align=%s)",
                        o->align == HB_ALIGN_FRACTION ? "fraction" : "marks");
    struct hb_chart charts[HB_HTML_NCHARTS];
    int nbuilt = 0, status = 0;
    int ncharts = o->diff ? HB_HTML_LIFETIME : HB_HTML_NCHARTS;
    const enum hb_chart_kind kinds[HB_HTML_NCHARTS] = {
        HB_CHART_LIVE, HB_CHART_ALLOCS, HB_CHART_LIFETIME
    };
    while (status == 0 && nbuilt < ncharts) {
        status = build(job, kinds[nbuilt], &charts[nbuilt]);
        if (status == 0)
            nbuilt++;
    }
    if (status == 0) {
        struct hb_html_page page = {
            o->diff, { &charts[0], &charts[1], o->diff ? NULL : &charts[2] },
            hb_stat_words[o->sel.stat], hb_weight_words[o->sel.weight],
            job->files, o->paths, o->npaths,
            o->sel.has_min_size || o->sel.has_max_size, o->palette, o->scale,
            job->json_more, job
        };
        struct hb_error err = { HB_ERR_NONE, 0, "" };
        if (hb_html_write(o->html, &page, &err) < 0) {
            if (err.kind == HB_ERR_OUTPUT)      /* name the file, as images do */
                hb_output_error(o->html, err.msg);
            else
                hb_error_print(&err, NULL);
            status = hb_error_status(&err);
        }
    }
    for (int k = 0; k < nbuilt; k++)
        hb_chart_free(&charts[k]);
    return status;
}
