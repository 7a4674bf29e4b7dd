/* export.c -- CSV and JSON output of the chart: see export.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Rows come top first, as drawn.  One pass over the cells.
 */
#include "export.h"
#include "json_csv.h"
#include "units.h"

#include <string.h>

static void put_number(FILE *out, double v)
{
    char buf[64];
    hb_format_exact(buf, sizeof buf, v);
    fputs(buf, out);
}

static void csv_u64_line(FILE *out, const char *kind, const uint64_t *v,
                         size_t n)
{
    fprintf(out, "%s,,,", kind);
    for (size_t j = 0; j < n; j++)
        fprintf(out, ",%llu", (unsigned long long)v[j]);
    fputc('\n', out);
}

static void csv_double_line(FILE *out, const char *kind, const char *label,
                            const char *lohi, const double *v, size_t n)
{
    fprintf(out, "%s,%s,%s", kind, label, lohi);
    for (size_t j = 0; j < n; j++) {
        fputc(',', out);
        put_number(out, v[j]);
    }
    fputc('\n', out);
}

/* Mark names may hold commas and quotes, so they are quoted fields; row
 * labels hold only digits, letters, '.' and '-', and are written as they
 * are. */
void hb_export_csv(FILE *out, const struct hb_chart *ch)
{
    fputs("kind,label,lo,hi", out);
    for (size_t j = 0; j < ch->ncols; j++)
        fprintf(out, ",c%zu", j);
    fputc('\n', out);
    csv_u64_line(out, "start", ch->x_start, ch->ncols);
    csv_u64_line(out, "end", ch->x_end, ch->ncols);
    if (ch->col_labels != NULL) {
        fputs("collabel,,,", out);
        for (size_t j = 0; j < ch->ncols; j++)
            fprintf(out, ",%s", ch->col_labels[j]);
        fputc('\n', out);
    }
    if (ch->line != NULL)
        csv_double_line(out, "heap", "", ",", ch->line, ch->ncols);
    for (size_t i = 0; i < ch->nmarks; i++) {
        fputs("mark,", out);
        hb_csv_string(out, ch->marks[i].name);
        fprintf(out, ",%llu,%zu\n", (unsigned long long)ch->marks[i].time,
                hb_chart_col_of_time(ch, ch->marks[i].time));
    }
    for (size_t r = ch->nrows; r-- > 0;) {
        char lohi[48];
        snprintf(lohi, sizeof lohi, "%llu,%llu",
                 (unsigned long long)ch->row_lo[r],
                 (unsigned long long)ch->row_hi[r]);
        csv_double_line(out, "band", ch->row_labels[r], lohi,
                        hb_chart_row(ch, r), ch->ncols);
    }
}

/* ------------------------------------------------------------------ JSON */

static void json_doubles(FILE *out, const double *v, size_t n)
{
    fputc('[', out);
    for (size_t j = 0; j < n; j++) {
        if (j > 0)
            fputs(", ", out);
        put_number(out, v[j]);
    }
    fputc(']', out);
}

static void json_columns(FILE *out, const struct hb_chart *ch)
{
    fputs("  \"columns\": [\n", out);
    for (size_t j = 0; j < ch->ncols; j++) {
        fprintf(out, "    {\"start\": %llu, \"end\": %llu",
                (unsigned long long)ch->x_start[j],
                (unsigned long long)ch->x_end[j]);
        if (ch->col_labels != NULL) {
            fputs(", \"label\": ", out);
            hb_json_string(out, ch->col_labels[j]);
        }
        fprintf(out, "}%s\n", j + 1 < ch->ncols ? "," : "");
    }
    fputs("  ],\n", out);
}

/* A difference chart's row: which changes are noise, drawn blank (1),
 * so that scripts and the HTML report blank the cells the text does. */
static void json_noise(FILE *out, const unsigned char *noise, size_t n)
{
    fputs(", \"noise\": [", out);
    for (size_t j = 0; j < n; j++)
        fprintf(out, "%s%d", j > 0 ? ", " : "", noise[j] ? 1 : 0);
    fputc(']', out);
}

static void json_rows(FILE *out, const struct hb_chart *ch)
{
    fputs("  \"rows\": [\n", out);
    for (size_t r = ch->nrows; r-- > 0;) {
        fputs("    {\"label\": ", out);
        hb_json_string(out, ch->row_labels[r]);
        fprintf(out, ", \"lo\": %llu, \"hi\": %llu, \"values\": ",
                (unsigned long long)ch->row_lo[r],
                (unsigned long long)ch->row_hi[r]);
        json_doubles(out, hb_chart_row(ch, r), ch->ncols);
        if (ch->diff.noise != NULL)
            json_noise(out, ch->diff.noise + r * ch->ncols, ch->ncols);
        fprintf(out, "}%s\n", r > 0 ? "," : "");
    }
    fputs("  ],\n", out);
}

static void json_marks(FILE *out, const struct hb_chart *ch)
{
    fputs("  \"marks\": [", out);
    for (size_t i = 0; i < ch->nmarks; i++) {
        fprintf(out, "%s\n    {\"time\": %llu, \"column\": %zu, \"name\": ",
                i ? "," : "", (unsigned long long)ch->marks[i].time,
                hb_chart_col_of_time(ch, ch->marks[i].time));
        hb_json_string(out, ch->marks[i].name);
        fputc('}', out);
    }
    fputs(ch->nmarks ? "\n  ],\n" : "],\n", out);
}

/* The run's figures, which the text chart's summary shortens or leaves
 * out (ascii_summary.c): "run": {...}. */
static void json_run(FILE *out, const struct hb_run_summary *r)
{
    fprintf(out, "  \"run\": {\"end_time\": %llu, \"stored_columns\": %llu, "
            "\"column_width\": %llu, \"allocs\": %llu, \"alloc_bytes\": %llu, "
            "\"frees\": %llu, \"free_bytes\": %llu, \"peak_bytes\": %llu, "
            "\"peak_blocks\": %llu, \"peak_time\": %llu, \"end_bytes\": %llu, "
            "\"end_blocks\": %llu, \"unknown_frees\": %llu, "
            "\"marks_dropped\": %llu",
            (unsigned long long)r->end_time,
            (unsigned long long)r->stored_cols,
            (unsigned long long)r->col_width,
            (unsigned long long)r->total_allocs,
            (unsigned long long)r->total_alloc_bytes,
            (unsigned long long)r->total_frees,
            (unsigned long long)r->total_free_bytes,
            (unsigned long long)r->peak_bytes,
            (unsigned long long)r->peak_blocks,
            (unsigned long long)r->peak_t_reached,
            (unsigned long long)r->exit_bytes,
            (unsigned long long)r->exit_blocks,
            (unsigned long long)r->unknown_frees,
            (unsigned long long)r->marks_dropped);
    /* Version 5: how the run ended. */
    if (r->ending_how != NULL) {
        fputs(", \"ending\": {\"how\": ", out);
        hb_json_string(out, r->ending_how);
        if (strcmp(r->ending_how, "exit") == 0)
            fprintf(out, ", \"status\": %llu",
                    (unsigned long long)r->ending_status);
        else if (strcmp(r->ending_how, "signal") == 0)
            fprintf(out, ", \"signal\": %llu",
                    (unsigned long long)r->ending_signo);
        fputs(", \"text\": ", out);
        hb_json_string(out, r->ending);
        fputc('}', out);
    }
    /* --allocator=program (version 4): what the heap cost. */
    if (r->has_memory)
        fprintf(out, ", \"footprint_max\": %llu, \"footprint_max_time\": "
                "%llu, \"footprint_end\": %llu, "
                "\"fragmentation_at_max_footprint\": %llu, \"slop_end\": "
                "%llu, \"other_anon_max\": %llu",
                (unsigned long long)r->foot_peak,
                (unsigned long long)r->foot_peak_t,
                (unsigned long long)r->foot_exit,
                (unsigned long long)r->fragmentation_peak,
                (unsigned long long)r->slop_exit,
                (unsigned long long)r->anon_peak);
    fputs("},\n", out);
}

void hb_export_json(FILE *out, const struct hb_chart *ch, const char *stat,
                    const char *weight, hb_json_member *more,
                    const void *ctx)
{
    fputs("{\n  \"chart\": ", out);
    hb_json_string(out, ch->chart_name);
    fputs(",\n  \"command\": ", out);
    hb_json_string(out, ch->run.cmd);
    fputs(",\n  \"time_unit\": ", out);
    hb_json_string(out, ch->time_unit);
    fputs(",\n  \"value\": ", out);
    hb_json_string(out, ch->value_label);
    fputs(",\n  \"stat\": ", out);
    hb_json_string(out, stat);
    fputs(",\n  \"weight\": ", out);
    hb_json_string(out, weight);
    /* Under fraction alignment the count varies: 0. */
    fprintf(out, ",\n  \"stored_columns_per_column\": %llu,\n",
            (unsigned long long)(ch->align == HB_ALIGN_TIME
                                 ? ch->stored_per_col : 0));
    fputs("  \"vmax\": ", out);
    put_number(out, ch->vmax);
    fputs(",\n", out);
    if (ch->diff.noise != NULL) {
        fprintf(out, "  \"min_change\": {\"percent\": ");
        put_number(out, ch->diff.min_pct);
        fputs(", \"amount\": ", out);
        put_number(out, ch->diff.min_amount);
        fputs("},\n", out);
    }
    json_run(out, &ch->run);
    json_columns(out, ch);
    json_rows(out, ch);
    json_marks(out, ch);
    fputs("  \"heap\": ", out);
    if (ch->line != NULL)
        json_doubles(out, ch->line, ch->ncols);
    else
        fputs("null", out);
    fprintf(out, ",\n  \"peak_column\": %d", ch->line_peak_col);
    if (more != NULL) {
        fputs(",\n  ", out);
        more(out, ctx);
    }
    fputs("\n}\n", out);
}
