/* trace_json.c -- --trace-json=FILE: see trace_json.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The trace event format: an object with "traceEvents", a list of events
 * each with "name", "ph" (C: counter, i: instant, M: metadata), "ts" in
 * microseconds, "pid" and "tid"; a counter's values are its "args".
 */
#include "trace_json.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "json_csv.h"

#define TRACE_PID 1
#define US_PER_MS 1000u

static uint64_t ts_of(const struct hb_chart *ch, uint64_t t)
{
    return strcmp(ch->time_unit, "ms") == 0 ? t * US_PER_MS : t;
}

/* The gauges' tracks, by enum hb_gauge. */
static const char *const gauge_track[HB_NGAUGES] = {
    "footprint", "other anon", "live slop"
};

/* One counter event of the track named PREFIX TRACK. */
static void counter(FILE *out, const char *prefix, const char *track,
                    uint64_t ts, double v)
{
    fprintf(out, ",\n{\"name\": \"%s%s\", \"ph\": \"C\", \"ts\": %" PRIu64
            ", \"pid\": %d, \"tid\": 0, \"args\": {\"bytes\": %.0f}}", prefix,
            track, ts, TRACE_PID, v);
}

static void header(FILE *out, const struct hb_chart *ch)
{
    fputs("{\"displayTimeUnit\": \"ms\", \"otherData\": {\"time_unit\": ",
          out);
    hb_json_string(out, ch->time_unit);
    fputs("},\n\"traceEvents\": [\n{\"name\": \"process_name\", \"ph\": "
          "\"M\", \"pid\": 1, \"tid\": 0, \"args\": {\"name\": ", out);
    char *name = malloc(strlen(ch->title) + 16);
    if (name != NULL) {
        sprintf(name, "heapband: %s", ch->title);
        hb_json_string(out, name);
        free(name);
    } else {
        hb_json_string(out, ch->title);
    }
    fputs("}}", out);
}

/* Whether row r holds bytes in some column: a track of zeros is left
 * out. */
static int row_has_data(const struct hb_chart *ch, size_t r)
{
    const double *v = hb_chart_row(ch, r);
    for (size_t c = 0; c < ch->ncols; c++)
        if (v[c] != 0)
            return 1;
    return 0;
}

/* Each column's end values: all in the first column, then those that
 * changed; last[] holds each row's value, then the total's. */
static void counters(FILE *out, const struct hb_chart *ch, double *last,
                     const unsigned char *has_data)
{
    for (size_t c = 0; c < ch->ncols; c++) {
        uint64_t ts = ts_of(ch, ch->x_end[c]);
        double total = 0;
        for (size_t r = 0; r < ch->nrows; r++) {
            double v = hb_chart_row(ch, r)[c];
            total += v;
            if (has_data[r] && (c == 0 || v != last[r]))
                counter(out, "live ", ch->row_labels[r], ts, last[r] = v);
        }
        if (c == 0 || total != last[ch->nrows])
            counter(out, "live ", "total", ts, last[ch->nrows] = total);
    }
}

/* The version-4 gauges the chart has, each a track of its value at each
 * column's end, written as the bands' are.  They are not in the total:
 * the footprint holds the live bytes, the slop is beside them. */
static void gauges(FILE *out, const struct hb_chart *ch)
{
    for (int g = 0; g < HB_NGAUGES; g++) {
        const double *v = ch->gauge_end[g];
        if (v == NULL)
            continue;
        for (size_t c = 0; c < ch->ncols; c++)
            if (c == 0 || v[c] != v[c - 1])
                counter(out, "", gauge_track[g], ts_of(ch, ch->x_end[c]),
                        v[c]);
    }
}

static void marks(FILE *out, const struct hb_chart *ch)
{
    for (size_t i = 0; i < ch->nmarks; i++) {
        fputs(",\n{\"name\": ", out);
        hb_json_string(out, ch->marks[i].name);
        fprintf(out, ", \"ph\": \"i\", \"s\": \"g\", \"ts\": %" PRIu64
                ", \"pid\": %d, \"tid\": 0}", ts_of(ch, ch->marks[i].time),
                TRACE_PID);
    }
}

int hb_trace_json_write(FILE *out, const struct hb_chart *ch,
                        struct hb_error *err)
{
    double *last = malloc((ch->nrows + 1) * sizeof *last);
    unsigned char *has_data = malloc(ch->nrows + 1);
    if (last == NULL || has_data == NULL) {
        free(last);
        free(has_data);
        return hb_error_nomem(err, "writing the trace");
    }
    for (size_t r = 0; r < ch->nrows; r++)
        has_data[r] = (unsigned char)row_has_data(ch, r);
    header(out, ch);
    counters(out, ch, last, has_data);
    gauges(out, ch);
    marks(out, ch);
    fputs("\n]}\n", out);
    free(last);
    free(has_data);
    if (ferror(out))
        return hb_error_set(err, HB_ERR_OUTPUT, 0, "cannot write: %s",
                            strerror(errno ? errno : EIO));
    return 0;
}
