/* ascii_summary.c -- the few lines above and below a text chart: the run's
 * summary and the marks' legend, each a flow of short items in at most a
 * given number of lines (see ascii_text.h).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The chart is what a terminal is for; the figures around it are cut to
 * what is read first.  A summary item that does not fit its lines is left
 * out, the least important first (every figure stays in the file and in
 * --format=json), so an 80x24 terminal gives its lines to the size bands.
 * Marks are grouped by name, in the order of their first time: "1-4:
 * sqlite3_prepare_v2 at 2.2M-2.5M" is four marks drawn as '1' over the
 * axis, so two marks of one name never hide each other.
 */
#include "ascii_text.h"
#include "band_merge.h"
#include "hb_format.h"
#include "leak_kinds.h"
#include "units.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The summary's lines under its title, and the marks' legend's. */
#define SUMMARY_LINES 2
#define MARK_LINES 3

/* ------------------------------------------------------------------ flow */

/* A flow of short items, "; " between them. */
#define HB_TEXT_MAX_ITEMS 48
struct hb_text_item {
    char text[160];
    int prio;                 /* the lowest is left out first */
};

/* The columns text takes: its UTF-8 characters (the unicode marks are
 * one column each), not its bytes. */
static size_t text_cols(const char *text)
{
    size_t n = 0;
    for (const unsigned char *c = (const unsigned char *)text; *c; c++)
        n += (*c & 0xc0) != 0x80;
    return n;
}

/* The bytes of text's first cols characters. */
static int text_bytes(const char *text, int cols)
{
    const unsigned char *c = (const unsigned char *)text;
    for (; *c && cols >= 0; c++)
        if ((*c & 0xc0) != 0x80 && cols-- == 0)
            break;
    return (int)(c - (const unsigned char *)text);
}

/* Lay out the items with keep[i] set: on `out`, or only counted when out
 * is NULL.  The first line starts with prefix, the others with indent;
 * items are separated by "; " and an item wider than a line alone is cut.
 * Returns the lines taken. */
static int flow_walk(FILE *out, const struct hb_text_item *items,
                     const int *keep, size_t n, size_t width,
                     const char *prefix, const char *indent)
{
    size_t col = strlen(prefix), start = col;
    int lines = 1;
    if (out != NULL)
        fputs(prefix, out);
    for (size_t i = 0; i < n; i++) {
        if (!keep[i])
            continue;
        size_t len = text_cols(items[i].text);
        if (col > start && col + 2 + len > width) {
            if (out != NULL)
                fprintf(out, ";\n%s", indent);
            col = start = strlen(indent);
            lines++;
        } else if (col > start) {
            if (out != NULL)
                fputs("; ", out);
            col += 2;
        }
        int room = col < width ? (int)(width - col) : 0;
        if (out != NULL && (int)len > room)
            fprintf(out, "%.*s...",
                    text_bytes(items[i].text, room > 3 ? room - 3 : 0),
                    items[i].text);
        else if (out != NULL)
            fputs(items[i].text, out);
        col += len;
    }
    if (out != NULL)
        fputc('\n', out);
    return lines;
}

/* The items in order, the first line after prefix, the next ones after
 * indent, in at most max_lines of width: items are left out, the lowest
 * prio first, until the rest fit. */
static void flow(FILE *out, int width, const char *prefix,
                 const char *indent, const struct hb_text_item *items,
                 size_t n, int max_lines)
{
    int keep[HB_TEXT_MAX_ITEMS];
    size_t w = width < 20 ? 20 : (size_t)width;
    if (n > HB_TEXT_MAX_ITEMS)
        n = HB_TEXT_MAX_ITEMS;
    for (size_t i = 0; i < n; i++)
        keep[i] = items[i].text[0] != '\0';
    /* Leave out the least important item until the rest fit. */
    while (flow_walk(NULL, items, keep, n, w, prefix, indent) > max_lines) {
        size_t worst = n;
        for (size_t i = 0; i < n; i++)
            if (keep[i] && (worst == n || items[i].prio < items[worst].prio))
                worst = i;
        if (worst == n)
            break;
        keep[worst] = 0;
    }
    /* Leaving out an item can move a long one to the line before and free
     * room that an item left out earlier fits in: take those back, the
     * most important first. */
    for (;;) {
        size_t best = n;
        for (size_t i = 0; i < n; i++)
            if (!keep[i] && items[i].text[0] != '\0'
                && (best == n || items[i].prio > items[best].prio)) {
                keep[i] = 1;
                if (flow_walk(NULL, items, keep, n, w, prefix, indent)
                    <= max_lines)
                    best = i;
                keep[i] = 0;
            }
        if (best == n)
            break;
        keep[best] = 1;
    }
    flow_walk(out, items, keep, n, w, prefix, indent);
}

/* --------------------------------------------------------------- summary */

static void item(struct hb_text_item *it, size_t *n, int prio,
                 const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void item(struct hb_text_item *it, size_t *n, int prio,
                 const char *fmt, ...)
{
    if (*n >= HB_TEXT_MAX_ITEMS)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(it[*n].text, sizeof it[*n].text, fmt, ap);
    va_end(ap);
    it[*n].prio = prio;
    (*n)++;
}

static const char *plural(uint64_t n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

/* What one chart column covers. */
static void column_item(const struct hb_text_drawing *d,
                        struct hb_text_item *it, size_t *n)
{
    const struct hb_chart *ch = d->ch;
    char w[32];
    if (ch->col_labels != NULL) {
        item(it, n, 60, "column: lifetime L with 2^(k-1) <= L < 2^k");
        return;
    }
    uint64_t k = ch->stored_per_col;
    hb_format_time(w, sizeof w, (double)(k * ch->run.col_width),
                   ch->time_unit);
    item(it, n, 40, "x: %s, %s a column (%llu stored)", ch->x_label, w,
         (unsigned long long)k);
}

/* What one row holds: "rows: octaves (4 bands)". */
static void rows_item(const struct hb_text_drawing *d,
                      struct hb_text_item *it, size_t *n)
{
    const struct hb_chart *ch = d->ch;
    if (ch->row_step == 0)
        return;
    unsigned merged = ch->row_step / ch->file_step;
    char bands[32] = "";
    if (merged > 1)
        snprintf(bands, sizeof bands, " (%u bands)", merged);
    if (ch->row_mixed > 0) {
        char fine[32];
        snprintf(fine, sizeof fine, "%s", hb_band_step_words(ch->row_step));
        item(it, n, 60, "rows: %s, some %s", fine,
             hb_band_step_words(ch->row_mixed));
    } else
        item(it, n, 60, "rows: %s each%s", hb_band_step_words(ch->row_step),
             bands);
}

/* memcheck's kinds of what was live at the end (a file with leak kinds):
 * "definitely lost" is the verdict, kept as long as the end's figures
 * (with the program's allocator, after the memory items: what the heap
 * costs is what that mode is run for, and --leaks has the kinds); the
 * other kinds are left out early, still reachable first. */
static void leak_items(const struct hb_run_summary *f,
                       struct hb_text_item *it, size_t *n)
{
    int prio[HB_NLOST + 1] = {
        [HB_LOST_DEFINITELY] = f->has_memory ? 74 : 80,
        [HB_LOST_INDIRECTLY] = 50, [HB_LOST_POSSIBLY] = 50, [HB_NLOST] = 20,
    };
    for (int k = 0; k <= HB_NLOST; k++) {
        uint64_t bytes = k < HB_NLOST ? f->exit_lost.bytes[k]
                         : f->exit_bytes - hb_lost_bytes(&f->exit_lost);
        uint64_t blocks = k < HB_NLOST ? f->exit_lost.blocks[k]
                          : f->exit_blocks - hb_lost_blocks(&f->exit_lost);
        char a[40];
        hb_format_number(a, sizeof a, (double)bytes, HB_NUMBER_SIZE_B);
        item(it, n, prio[k], "%s %s in %llu block%s", hb_leak_kind_names[k],
             a, (unsigned long long)blocks, plural(blocks, "", "s"));
    }
}

/* With the program's allocator (version 4, the footprint line): what the
 * heap costs, in words short enough that the largest footprint, the
 * fragmentation, the slop and the other anonymous memory share one line
 * of 80 columns with the heap graph's marks for the two memories (the
 * legend's line has no room for them); they outrank the chart's own
 * items, and the footprint at the end is left out early. */
static void memory_items(const struct hb_text_drawing *d,
                         struct hb_text_item *it, size_t *n)
{
    const struct hb_run_summary *f = &d->ch->run;
    char a[40], b[40];
    hb_format_size(a, sizeof a, (double)f->foot_peak);
    hb_format_time(b, sizeof b, (double)f->foot_peak_t, d->ch->time_unit);
    /* The graph's marks only where it draws them (not the slop chart). */
    int marks = d->ch->foot_line != NULL;
    item(it, n, 78, "footprint%s%s %s max at t=%s", marks ? " " : "",
         marks ? hb_text_foot_mark(d->o) : "", a, b);
    hb_format_number(a, sizeof a, (double)f->fragmentation_peak,
                     HB_NUMBER_SIZE_B);
    item(it, n, 77, "fragmentation %s", a);
    hb_format_number(a, sizeof a, (double)f->slop_exit, HB_NUMBER_SIZE_B);
    /* The slop chart's own figure is kept first. */
    item(it, n, strcmp(d->ch->chart_name, "slop") == 0 ? 79 : 75, "slop %s",
         a);
    if (f->anon_peak > 0) {
        hb_format_size(a, sizeof a, (double)f->anon_peak);
        item(it, n, 76, "anon%s%s %s", marks ? " " : "",
             marks ? hb_text_anon_mark(d->o) : "", a);
    }
    hb_format_number(a, sizeof a, (double)f->foot_exit, HB_NUMBER_SIZE_B);
    item(it, n, 45, "footprint %s at end", a);
}

/* With Valgrind's allocator: the tool's note (hb_output.c) when the
 * other anonymous memory exceeded the heap, the mark of an allocator of
 * the program's own whose blocks the chart does not hold (Python's
 * pymalloc); its words, or fewer where they would not fit a line.  It
 * outranks the end's figures: it says what the chart leaves out. */
static const char anon_how[] = "--allocator=program (Python: "
                               "PYTHONMALLOC=malloc)";

static void anon_note(const struct hb_text_drawing *d,
                      struct hb_text_item *it, size_t *n)
{
    const struct hb_run_summary *f = &d->ch->run;
    if (f->has_memory || f->anon_peak <= f->peak_bytes
        || f->anon_peak < HB_OTHER_ANON_NOTE_MIN)
        return;
    char a[40], text[sizeof it->text];
    hb_format_size(a, sizeof a, (double)f->anon_peak);
    int len = snprintf(text, sizeof text, "other anonymous memory (%s at "
                       "most) exceeded the heap: an allocator of the "
                       "program's own? See it with %s", a, anon_how);
    if (len > d->o->width)
        snprintf(text, sizeof text, "anon %s exceeded the heap: %s", a,
                 anon_how);
    item(it, n, 85, "%s", text);
}

void hb_text_summary(const struct hb_text_drawing *d)
{
    const struct hb_chart *ch = d->ch;
    const struct hb_run_summary *f = &ch->run;
    const char *u = ch->time_unit;
    char a[40], b[40], c[40];
    struct hb_text_item it[HB_TEXT_MAX_ITEMS];
    size_t n = 0;

    /* A long command is cut to the width: the title stays one line. */
    int head = snprintf(a, sizeof a, "heapband %s chart of: ", ch->chart_name);
    int room = d->o->width - head, len = (int)strlen(f->cmd);
    if (room < 4)
        room = 4;
    if (len <= room)
        fprintf(d->out, "%s%s\n", a, f->cmd);
    else
        fprintf(d->out, "%s%.*s...\n", a, room - 3, f->cmd);

    hb_format_size(a, sizeof a, (double)f->peak_bytes);
    hb_format_time(b, sizeof b, (double)f->peak_t_reached, u);
    item(it, &n, 90, "peak %s in %llu block%s at t=%s", a,
         (unsigned long long)f->peak_blocks, plural(f->peak_blocks, "", "s"),
         b);
    /* "end", or "snapshot" for a file that says it is one (a file of
     * versions 1 to 3 does not tell). */
    hb_format_time(b, sizeof b, (double)f->end_time, u);
    hb_format_number(a, sizeof a, (double)f->exit_bytes, HB_NUMBER_SIZE_B);
    item(it, &n, 80, "%s t=%s %s: %s live in %llu block%s",
         f->snapshot ? "snapshot" : "end", b, u, a,
         (unsigned long long)f->exit_blocks, plural(f->exit_blocks, "", "s"));
    /* How the run ended (version 5), first of all: a crash is news. */
    if (f->ending != NULL && f->ending[0] != '\0')
        item(it, &n, 95, "%s", f->ending);
    anon_note(d, it, &n);
    if (f->leak_kinds && f->exit_blocks > 0)   /* else nothing to classify */
        leak_items(f, it, &n);
    hb_format_count(a, sizeof a, (double)f->total_allocs);
    hb_format_size(b, sizeof b, (double)f->total_alloc_bytes);
    hb_format_count(c, sizeof c, (double)f->total_frees);
    item(it, &n, 30, "%s allocs (%s), %s frees", a, b, c);
    if (f->has_memory)
        memory_items(d, it, &n);
    if (f->unknown_frees > 0)
        item(it, &n, 50, "unknown frees: %llu",
             (unsigned long long)f->unknown_frees);
    if (f->marks_dropped > 0)   /* the marks drawn are not all there were */
        item(it, &n, 100, "marks dropped past the tool's cap: %llu",
             (unsigned long long)f->marks_dropped);
    item(it, &n, 70, "cell: %s", ch->value_label);
    column_item(d, it, &n);
    rows_item(d, it, &n);
    flow(d->out, d->o->width, "", "", it, n, SUMMARY_LINES);
}

/* ----------------------------------------------------------------- marks */

/* The group of each mark by comparing its name with every earlier one's:
 * O(marks x groups), used only when the hash table cannot be had. */
static size_t mark_groups_slowly(const struct hb_chart *ch, size_t *group)
{
    size_t ngroups = 0;
    for (size_t i = 0; i < ch->nmarks; i++) {
        size_t g = ngroups;
        for (size_t k = 0; k < i; k++)
            if (strcmp(ch->marks[k].name, ch->marks[i].name) == 0) {
                g = group[k];
                break;
            }
        group[i] = g;
        if (g == ngroups)
            ngroups++;
    }
    return ngroups;
}

static size_t name_hash(const char *s)
{
    uint32_t h = 2166136261u;                   /* 32-bit FNV-1a */
    for (; *s != '\0'; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* Each name's first mark in an open-addressed table of at least twice
 * the marks (slot: that mark's index + 1, 0 empty): O(marks) for the
 * 10,000 marks a file may have, where comparing each name with every
 * earlier one took 2 s. */
size_t hb_text_mark_groups(const struct hb_chart *ch, size_t *group)
{
    size_t cap = 16;
    while (cap < 2 * ch->nmarks)
        cap *= 2;
    size_t *first = calloc(cap, sizeof *first);
    if (first == NULL)
        return mark_groups_slowly(ch, group);
    size_t ngroups = 0;
    for (size_t i = 0; i < ch->nmarks; i++) {
        const char *name = ch->marks[i].name;
        size_t at = name_hash(name) & (cap - 1);
        while (first[at] != 0
               && strcmp(ch->marks[first[at] - 1].name, name) != 0)
            at = (at + 1) & (cap - 1);
        if (first[at] == 0) {
            first[at] = i + 1;
            group[i] = ngroups++;
        } else {
            group[i] = group[first[at] - 1];
        }
    }
    free(first);
    return ngroups;
}

/* The symbol of mark group g: 1-9, then a-z, then '*'. */
char hb_text_mark_symbol(size_t g)
{
    static const char symbols[] = "123456789abcdefghijklmnopqrstuvwxyz";
    return g < sizeof symbols - 1 ? symbols[g] : '*';
}

void hb_text_mark_legend(const struct hb_text_drawing *d,
                         const size_t *group, size_t ngroups,
                         const char *shared)
{
    const struct hb_chart *ch = d->ch;
    struct hb_text_item it[HB_TEXT_MAX_ITEMS];
    size_t n = 0;
    /* The groups the legend can list: their counts, first and last
     * marks, in one pass over the marks. */
    size_t listed = ngroups < HB_TEXT_MAX_ITEMS ? ngroups : HB_TEXT_MAX_ITEMS;
    size_t counts[HB_TEXT_MAX_ITEMS] = { 0 }, firsts[HB_TEXT_MAX_ITEMS],
           lasts[HB_TEXT_MAX_ITEMS];
    for (size_t i = 0; i < ch->nmarks; i++) {
        size_t g = group[i];
        if (g >= listed)
            continue;
        if (counts[g]++ == 0)
            firsts[g] = i;
        lasts[g] = i;
    }
    for (size_t g = 0; g < listed; g++) {
        size_t count = counts[g], first = firsts[g], last = lasts[g];
        char t0[40], t1[40], name[64], times[100];
        hb_format_time(t0, sizeof t0, (double)ch->marks[first].time,
                       ch->time_unit);
        hb_format_time(t1, sizeof t1, (double)ch->marks[last].time,
                       ch->time_unit);
        if (count == 1 || strcmp(t0, t1) == 0)
            snprintf(times, sizeof times, "t=%s", t0);
        else
            snprintf(times, sizeof times, "t=%s-%s", t0, t1);
        /* Long names (up to 200 bytes) are cut, so that several fit. */
        const char *nm = ch->marks[first].name;
        if (strlen(nm) > 40)
            snprintf(name, sizeof name, "%.37s...", nm);
        else
            snprintf(name, sizeof name, "%s", nm);
        char count_text[32] = "";
        if (count > 1)
            snprintf(count_text, sizeof count_text, " x%zu", count);
        /* Groups keep their order: the later ones are left out first. */
        item(it, &n, (int)(HB_TEXT_MAX_ITEMS - g), "%c %s%s %s",
             hb_text_mark_symbol(g), name, count_text, times);
    }
    /* What a '*' holds comes first: it is what the axis cannot say. */
    if (shared[0] != '\0' && n < HB_TEXT_MAX_ITEMS)
        item(it, &n, HB_TEXT_MAX_ITEMS + 1, "%s", shared);
    if (n == 0)
        return;
    flow(d->out, d->o->width, "marks: ", "  ", it, n,
                 MARK_LINES);
}
