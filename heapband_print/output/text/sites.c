/* sites.c -- the --sites report: the allocation points and their callers as
 * a tree (version 3), or each band's sites as the file ranks them
 * (versions 1 and 2).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Version 3: the sites of the chosen bands merged by allocation point
 * (site_tree.h), ranked by bytes live at the run's peak, allocated or live
 * at exit, each line with its share of the whole: what the bands hold,
 * their "other sites" records included.  A point's line gives the bands it
 * allocates in, and, when the file has site times ("sb" ranges), the
 * columns it allocates in and when its bytes were live; its callers
 * follow, one line per frame, figures written only where stacks part (a caller that carries all of its callee's bytes
 * is a "by" line under it, and a recursion's repeated frame one line with
 * its count; a chain of "by" lines that was printed before, under another
 * line, is one line referring to it); what holds less than the threshold
 * is folded into one line per level, so that the lines under a line add
 * up to it.
 * Versions 1 and 2 have no figures at the peak or at exit and only each
 * band's top sites: a band's sites as their "top" lines rank them.
 * Cost: building the tree (site_tree.h), numbering its chains (one pass
 * over the nodes with a hash table), then two visits of each node printed
 * or folded: one to find the chains printed twice, one to print; with
 * site times, an index of the site records by point (point_times.h).
 */
#include "sites.h"

#include <stdlib.h>
#include <string.h>

#include "point_times.h"
#include "units.h"

static const char *plural(uint64_t n)
{
    return n == 1 ? "" : "s";
}

void hb_sites_print_frames(FILE *out, const struct hb_file *f, uint64_t site)
{
    const struct hb_site *s = &f->sites[site - 1];
    char text[HB_FRAME_TEXT_MAX];
    for (size_t i = 0; i < s->nframes; i++) {
        hb_frame_format(f, s->frames[i], text, sizeof text);
        fprintf(out, "       %s %s\n", i == 0 ? "at" : "by", text);
    }
}

static void print_band_label(FILE *out, const struct hb_band *band)
{
    char label[80];
    hb_format_band(label, sizeof label, band->lo, band->hi);
    fprintf(out, "band %s (%llu..%llu bytes)", label,
            (unsigned long long)band->lo, (unsigned long long)band->hi);
}

/* ------------------------------------------------------- versions 1 and 2 */

static void print_top(FILE *out, const struct hb_file *f,
                      const struct hb_siterec *t)
{
    fprintf(out, "  %llu. site %llu: %llu allocation%s, %llu bytes, "
            "peak live %llu bytes\n", (unsigned long long)t->rank,
            (unsigned long long)t->site, (unsigned long long)t->allocs,
            plural(t->allocs), (unsigned long long)t->alloc_bytes,
            (unsigned long long)t->max_bytes);
    hb_sites_print_frames(out, f, t->site);
}

/* One band's "top" lines, recs[first .. end-1]. */
static void print_band_tops(FILE *out, const struct hb_file *f, size_t first,
                            size_t end)
{
    print_band_label(out, &f->bands[f->siterecs[first].b]);
    fputc('\n', out);
    enum hb_site_ranking ranking = HB_RANKING_NONE;
    for (size_t i = first; i < end; i++) {
        const struct hb_siterec *t = &f->siterecs[i];
        if (t->ranking != ranking) {
            ranking = t->ranking;
            fprintf(out, " by %s:\n", ranking == HB_RANKING_PEAK
                                          ? "peak live bytes"
                                          : "bytes allocated");
        }
        print_top(out, f, t);
    }
}

/* ------------------------------------------------------ version 3: a tree */

/* Caller chains that end a stack, numbered so that the same frames get
 * the same number wherever they are in the tree: a frame with no callers,
 * or a frame and the chain of its sole caller (sole_caller()).  A "by"
 * line starts such a chain; when the chain has been printed before, the
 * line refers to it instead of repeating its frames. */
struct chains {
    size_t *id;          /* by node: its chain, 0 if it is none */
    size_t nids;
    size_t *first;       /* by chain: the node of its first "by" line */
    size_t *tag;         /* by chain: REFERRED when a later line refers to
                          * it, then its tag once printed; else 0 */
    size_t ntags;
};

#define REFERRED SIZE_MAX

/* How many bands a point's line names before summing the rest. */
#define MAX_BANDS_NAMED 5
/* The width of a share, "100.0% ", where a "by" line's frame starts. */
#define SHARE_WIDTH 7

struct tree_report {
    FILE *out;
    const struct hb_file *f;
    const struct hb_site_tree *t;
    enum hb_site_metric by;
    uint64_t whole;            /* bytes of the bands, other sites included */
    double threshold;          /* per cent of whole */
    double cut;                /* the threshold in bytes: a line holds at
                                * least this, or is folded */
    struct chains *chains;
    struct hb_point_times *times;   /* the points' columns */
    /* --leaks: the leak kind ranked ("definitely lost"), named on each
     * point's line; blocks count as well as bytes (a lost block of 0
     * bytes is a loss record).  NULL for --sites. */
    const char *kind;
    int width;                 /* --leaks: no line longer (0: no limit) */
};

static uint64_t node_bytes(const struct tree_report *r, size_t n)
{
    return hb_site_bytes(&r->t->nodes[n].fig, r->by);
}

static uint64_t node_blocks(const struct tree_report *r, size_t n)
{
    return hb_site_blocks(&r->t->nodes[n].fig, r->by);
}

/* Whether node n has a line of its own (else it is folded). */
static int shown(const struct tree_report *r, size_t n)
{
    uint64_t bytes = node_bytes(r, n);
    if (r->kind != NULL)
        return bytes > 0 || node_blocks(r, n) > 0;
    return bytes > 0 && (double)bytes >= r->cut;
}

/* Whether fig holds any of what is ranked. */
static int holds(const struct tree_report *r, const struct hb_site_figures *f)
{
    return hb_site_bytes(f, r->by) > 0
           || (r->kind != NULL && hb_site_blocks(f, r->by) > 0);
}

static double percent(const struct tree_report *r, uint64_t bytes)
{
    return r->whole ? 100.0 * (double)bytes / (double)r->whole : 0.0;
}

/* "80%", "33.3%": one decimal, left out when it is 0 (a static buffer:
 * one use at a time). */
static const char *short_percent(double pct)
{
    static char text[32];
    snprintf(text, sizeof text, "%.1f", pct);
    size_t len = strlen(text);
    if (len > 2 && strcmp(text + len - 2, ".0") == 0)
        text[len - 2] = '\0';
    strcat(text, "%");
    return text;
}

static void print_short_percent(FILE *out, double pct)
{
    fputs(short_percent(pct), out);
}

/* The start of a line with figures: "INDENT 15.3% 900 bytes in 3 blocks
 * KIND: ", KIND (a loss record's) left out when NULL. */
static int print_figures_of(const struct tree_report *r, int indent,
                            uint64_t bytes, uint64_t blocks,
                            const char *kind)
{
    return fprintf(r->out, "%*s%5.1f%% %llu bytes in %llu block%s%s%s: ",
                   indent, "", percent(r, bytes), (unsigned long long)bytes,
                   (unsigned long long)blocks, plural(blocks),
                   kind ? " " : "", kind ? kind : "");
}

static int print_figures(const struct tree_report *r, int indent,
                         uint64_t bytes, uint64_t blocks)
{
    return print_figures_of(r, indent, bytes, blocks, NULL);
}

/* The frame's text after `used` columns of its line; with a width, cut
 * to fit ("..." at the end), but never below 16 characters. */
static void print_frame(const struct tree_report *r, uint64_t frame,
                        int used)
{
    char text[HB_FRAME_TEXT_MAX];
    hb_frame_format(r->f, frame, text, sizeof text);
    int room = r->width - used;
    if (room < 16)
        room = 16;
    if (r->width > 0 && (int)strlen(text) > room)
        fprintf(r->out, "%.*s...", room - 3, text);
    else
        fputs(text, r->out);
}

/* "bands: 64K-80K 80%, 1K-1.25K 20%": the bands of point n, largest
 * first, as shares of the point. */
static void print_point_bands(const struct tree_report *r, size_t n,
                              int indent)
{
    const struct hb_site_tree *t = r->t;
    uint64_t total = node_bytes(r, n);
    uint64_t rest = 0;
    size_t named = 0, unnamed = 0;
    int used = fprintf(r->out, "%*sbands:", indent + SHARE_WIDTH, "");
    /* A loss record of zero-size blocks only: shares of its blocks. */
    int by_blocks = total == 0;
    if (by_blocks)
        total = node_blocks(r, n);
    size_t left = 0;           /* the bands with a share still to name */
    for (size_t i = hb_site_tree_first_band(t, n);
         i < t->nbands && t->bands[i].point == n; i++)
        left += (by_blocks ? hb_site_blocks(&t->bands[i].fig, r->by)
                           : hb_site_bytes(&t->bands[i].fig, r->by)) > 0;
    for (size_t i = hb_site_tree_first_band(t, n);
         i < t->nbands && t->bands[i].point == n; i++) {
        const struct hb_site_figures *fig = &t->bands[i].fig;
        uint64_t bytes = by_blocks ? hb_site_blocks(fig, r->by)
                                   : hb_site_bytes(fig, r->by);
        if (bytes == 0)
            continue;
        left--;
        if (named == MAX_BANDS_NAMED) {
            rest += bytes;
            unnamed++;
            continue;
        }
        const struct hb_band *band = &r->f->bands[t->bands[i].b];
        char label[80], share[120];
        hb_format_band(label, sizeof label, band->lo, band->hi);
        int len = snprintf(share, sizeof share, "%s %s %s", named ? "," : "",
                           label, short_percent(100.0 * (double)bytes
                                                / (double)total));
        /* With a width: room kept for ", 63 more 100%" unless it is the
         * last. */
        if (r->width > 0 && named > 0
            && used + len + (left > 0 ? 15 : 0) > r->width) {
            named = MAX_BANDS_NAMED;
            rest += bytes;
            unnamed++;
            continue;
        }
        used += fprintf(r->out, "%s", share);
        named++;
    }
    if (unnamed > 0) {
        fprintf(r->out, ", %zu more ", unnamed);
        print_short_percent(r->out, 100.0 * (double)rest / (double)total);
    }
    fputc('\n', r->out);
}

/* "live: t=0..9M, to exit": when point n's bytes were live, from what the
 * file keeps of a site: from its first allocation, and its bytes live at
 * exit and at the run's peak (the file has no site's last free), so
 * "live: from t=A, at the peak (t=P), freed before exit" or "live: from
 * t=A, freed before exit, none at the peak" when nothing is left. */
static void print_live_span(const struct tree_report *r, size_t n,
                            int indent, const char *from)
{
    const struct hb_file *f = r->f;
    const struct hb_site_figures *fig = &r->t->nodes[n].fig;
    const char *unit = hb_unit_name(f->unit);
    char t[40];
    fprintf(r->out, "%*slive: ", indent + SHARE_WIDTH, "");
    if (fig->exit_bytes > 0 || fig->exit_blocks > 0) {
        hb_format_time(t, sizeof t, (double)f->end_time, unit);
        fprintf(r->out, "t=%s..%s, to exit\n", from, t);
    } else if (fig->peak_bytes > 0 || fig->peak_blocks > 0) {
        hb_format_time(t, sizeof t, (double)f->peak_t_reached, unit);
        fprintf(r->out, "from t=%s, at the peak (t=%s), freed before "
                "exit\n", from, t);
    } else {
        fprintf(r->out, "from t=%s, freed before exit, none at the peak\n",
                from);
    }
}

/* "times: allocated in 3 of 68 columns, t=0..8.4M": the stored columns in
 * which point n's sites allocated in the report's bands (their sb
 * ranges), from the start of the first to the end of the last; then when
 * its bytes were live (print_live_span).  Nothing for a file without
 * site times. */
static void print_point_times(const struct tree_report *r, size_t n,
                              int indent)
{
    const struct hb_file *f = r->f;
    const char *unit = hb_unit_name(f->unit);
    uint64_t count, first, last;
    char from[40], to[40];
    if (!hb_point_times_of(r->times, n, &count, &first, &last))
        return;
    hb_format_time(from, sizeof from, (double)hb_col_start(f, first), unit);
    hb_format_time(to, sizeof to, (double)hb_col_span_end(f, last), unit);
    fprintf(r->out, "%*stimes: allocated in %llu of %llu column%s, "
            "t=%s..%s\n", indent + SHARE_WIDTH, "", (unsigned long long)count,
            (unsigned long long)f->ncols, plural(f->ncols), from, to);
    print_live_span(r, n, indent, from);
}

/* The caller of n that carries all of n's bytes (children are ranked,
 * largest first), or 0 when n's stacks part or end at n. */
static size_t sole_caller(const struct tree_report *r, size_t n)
{
    size_t c = r->t->nodes[n].first_child;
    return c != 0 && node_bytes(r, c) == node_bytes(r, n)
           && (r->kind == NULL || node_blocks(r, c) == node_blocks(r, n))
           ? c : 0;
}

/* A line for what has no line of its own: `count` callers (points) under
 * the threshold, or (count 0) the stacks that end at a node that has
 * callers. */
static void print_rest(const struct tree_report *r, int indent,
                       const struct hb_site_figures *fig, size_t count,
                       const char *what)
{
    uint64_t bytes = hb_site_bytes(fig, r->by);
    if (!holds(r, fig))
        return;
    print_figures(r, indent, bytes, hb_site_blocks(fig, r->by));
    if (count == 0) {
        fprintf(r->out, "no caller recorded\n");
        return;
    }
    fprintf(r->out, "%zu other %s%s, %sunder ", count, what, plural(count),
            count == 1 ? "" : "each ");
    print_short_percent(r->out, r->threshold);
    fputc('\n', r->out);
}

static void print_branches(const struct tree_report *r, size_t n, int indent,
                           const char *what);

/* The node of the "by" line after n's line, or 0 where n's stacks part
 * or end: n's sole caller, or the last of a run of sole callers with the
 * same frame (a recursion), *times the length of the run. */
static size_t next_by_line(const struct tree_report *r, size_t n,
                           size_t *times)
{
    const struct hb_site_node *nodes = r->t->nodes;
    size_t c = sole_caller(r, n), next;
    *times = 1;
    while (c != 0 && (next = sole_caller(r, c)) != 0
           && nodes[next].frame == nodes[c].frame) {
        c = next;
        (*times)++;
    }
    return c;
}

/* Whether the "by" line of node c starts a chain of two frames or more
 * printed before (at another node). */
static int repeated_chain(const struct tree_report *r, size_t c)
{
    size_t id = r->chains->id[c];
    return id != 0 && r->t->nodes[c].first_child != 0
           && r->chains->first[id] != 0 && r->chains->first[id] != c;
}

/* The walk of print_node() from n, in its order, printing nothing: the
 * first "by" line of each chain, and the chains a later line refers to. */
static void mark_chains(const struct tree_report *r, size_t n)
{
    struct chains *ch = r->chains;
    size_t c, times;
    while ((c = next_by_line(r, n, &times)) != 0) {
        if (repeated_chain(r, c)) {
            ch->tag[ch->id[c]] = REFERRED;
            return;
        }
        if (ch->id[c] != 0 && ch->first[ch->id[c]] == 0)
            ch->first[ch->id[c]] = c;
        n = c;
    }
    for (c = r->t->nodes[n].first_child; c != 0;
         c = r->t->nodes[c].next_sibling)
        if (shown(r, c))
            mark_chains(r, c);
}

/* "by FRAME", with the recursion's count, the chain's tag when a later
 * line refers to it, or the reference.  Returns whether the frames after
 * it are to be printed. */
static int print_by_line(const struct tree_report *r, size_t c, size_t times,
                         int indent)
{
    struct chains *ch = r->chains;
    size_t id = ch->id[c];
    char suffix[96] = "";
    int more = 1;
    if (times > 1)
        snprintf(suffix, sizeof suffix, " (%zu times)", times);
    size_t len = strlen(suffix);
    if (repeated_chain(r, c)) {
        snprintf(suffix + len, sizeof suffix - len, " [%zu], callers as above",
                 ch->tag[id]);
        more = 0;
    } else if (id != 0 && ch->first[id] == c && ch->tag[id] == REFERRED) {
        snprintf(suffix + len, sizeof suffix - len, " [%zu]",
                 ch->tag[id] = ++ch->ntags);
    }
    int used = fprintf(r->out, "%*sby ", indent + SHARE_WIDTH, "");
    print_frame(r, r->t->nodes[c].frame, used + (int)strlen(suffix));
    fprintf(r->out, "%s\n", suffix);
    return more;
}

/* Node n's line and its callers; point n also with its bands. */
static void print_node(const struct tree_report *r, size_t n, int indent)
{
    const struct hb_site_node *node = &r->t->nodes[n];
    /* A point's line is a loss record in --leaks: it names its kind. */
    int used = print_figures_of(r, indent, node_bytes(r, n),
                                node_blocks(r, n),
                                node->depth == 1 ? r->kind : NULL);
    print_frame(r, node->frame, used);
    fputc('\n', r->out);
    if (node->depth == 1) {
        print_point_bands(r, n, indent);
        print_point_times(r, n, indent);
    }
    /* Its callers while one caller carries them all. */
    size_t c, times;
    while ((c = next_by_line(r, n, &times)) != 0) {
        if (!print_by_line(r, c, times, indent))
            return;
        n = c;
    }
    print_branches(r, n, indent + 2, "caller");
}

/* Number the chains of t (struct chains).  Children have larger numbers
 * than their parent, so a backwards pass meets a chain's rest before its
 * first frame; a hash table of (frame, chain of the rest) finds the
 * number.  Returns 0, or -1 out of memory. */
static int number_chains(const struct tree_report *r, struct chains *ch)
{
    const struct hb_site_node *nodes = r->t->nodes;
    size_t n = r->t->nnodes, cap = 16;
    while (cap < 2 * n)
        cap *= 2;
    struct chain_key { uint64_t frame; size_t rest, id; } *table;
    table = calloc(cap, sizeof *table);
    ch->id = calloc(n, sizeof *ch->id);
    if (table == NULL || ch->id == NULL) {
        free(table);
        return -1;
    }
    for (size_t i = n; i-- > 1;) {
        size_t rest = 0;
        if (nodes[i].first_child != 0) {
            size_t c = sole_caller(r, i);
            if (c == 0 || ch->id[c] == 0)
                continue;
            rest = ch->id[c];
        }
        uint64_t frame = nodes[i].frame;
        size_t h = (size_t)(frame * UINT64_C(0x9E3779B97F4A7C15)
                            ^ rest * UINT64_C(0xC2B2AE3D27D4EB4F)) & (cap - 1);
        while (table[h].id != 0
               && (table[h].frame != frame || table[h].rest != rest))
            h = (h + 1) & (cap - 1);
        if (table[h].id == 0) {
            table[h].frame = frame;
            table[h].rest = rest;
            table[h].id = ++ch->nids;
        }
        ch->id[i] = table[h].id;
    }
    free(table);
    ch->first = calloc(ch->nids + 1, sizeof *ch->first);
    ch->tag = calloc(ch->nids + 1, sizeof *ch->tag);
    return ch->first == NULL || ch->tag == NULL ? -1 : 0;
}

static void chains_free(struct chains *ch)
{
    free(ch->id);
    free(ch->first);
    free(ch->tag);
}

/* Where n's stacks part: each of n's children (the points, for the root)
 * at the threshold or over it, then one line for the others and one for
 * the stacks that end at n. */
static void print_branches(const struct tree_report *r, size_t n, int indent,
                           const char *what)
{
    const struct hb_site_node *nodes = r->t->nodes;
    if (nodes[n].first_child == 0)
        return;
    struct hb_site_figures folded = { 0 };
    size_t nfolded = 0;
    for (size_t c = nodes[n].first_child; c != 0; c = nodes[c].next_sibling) {
        if (shown(r, c)) {
            print_node(r, c, indent);
        } else if (holds(r, &nodes[c].fig)) {
            hb_site_figures_add(&folded, &nodes[c].fig);
            nfolded++;
        }
    }
    print_rest(r, indent, &folded, nfolded, what);
    print_rest(r, indent, &nodes[n].ends, 0, what);
}

/* The number of points that hold none of what is ranked. */
static size_t empty_points(const struct tree_report *r)
{
    size_t n = 0;
    for (size_t c = r->t->nodes[0].first_child; c != 0;
         c = r->t->nodes[c].next_sibling)
        n += !holds(r, &r->t->nodes[c].fig);
    return n;
}

static const char *const metric_names[] = {
    [HB_SITE_BY_PEAK] = "bytes live at the run's peak",
    [HB_SITE_BY_ALLOC] = "bytes allocated",
    [HB_SITE_BY_EXIT] = "bytes live at exit",
    [HB_SITE_BY_DEFINITELY] = "bytes definitely lost at exit",
    [HB_SITE_BY_INDIRECTLY] = "bytes indirectly lost at exit",
    [HB_SITE_BY_POSSIBLY] = "bytes possibly lost at exit",
    [HB_SITE_BY_REACHABLE] = "bytes still reachable at exit",
};

static void print_heading(const struct tree_report *r, uint64_t first,
                          uint64_t last, const struct hb_site_figures *all)
{
    fprintf(r->out, "allocation sites, ");
    if (first == 0 && last + 1 >= r->f->nbands) {
        fprintf(r->out, "all bands");
    } else {
        char lo[80], hi[80];
        hb_format_band(lo, sizeof lo, r->f->bands[first].lo,
                       r->f->bands[first].hi);
        hb_format_band(hi, sizeof hi, r->f->bands[last].lo,
                       r->f->bands[last].hi);
        fprintf(r->out, first == last ? "band %s" : "bands %s to %s", lo, hi);
    }
    fprintf(r->out, ", by %s: %llu bytes in %llu block%s\n",
            metric_names[r->by], (unsigned long long)r->whole,
            (unsigned long long)hb_site_blocks(all, r->by),
            plural(hb_site_blocks(all, r->by)));
    if (r->whole == 0)
        return;
    fprintf(r->out, "by allocation point, then callers; ");
    if (r->threshold > 0.0) {
        fprintf(r->out, "under ");
        print_short_percent(r->out, r->threshold);
        fprintf(r->out, " folded\n\n");
    } else {
        fprintf(r->out, "none folded\n\n");
    }
}

/* Nothing of what is ranked in the bands: say what they have. */
static void print_nothing(const struct tree_report *r)
{
    size_t points = empty_points(r);
    if (points == 0 && r->t->other_sites == 0)
        fprintf(r->out, "no allocation sites in the selected bands\n");
    else
        fprintf(r->out, "%zu allocation point%s and %llu other site%s, none "
                "holding any\n", points, plural(points),
                (unsigned long long)r->t->other_sites,
                plural(r->t->other_sites));
}

/* The points and their callers, then the sites the file does not list
 * and how many points hold nothing of the whole. */
static void print_ranked(const struct tree_report *r)
{
    const struct hb_site_tree *t = r->t;
    print_branches(r, 0, 0, "allocation point");
    if (t->other_sites > 0 && (r->kind == NULL || holds(r, &t->other))) {
        print_figures(r, 0, hb_site_bytes(&t->other, r->by),
                      hb_site_blocks(&t->other, r->by));
        fprintf(r->out, "%llu other site%s, not listed in the file%s\n",
                (unsigned long long)t->other_sites, plural(t->other_sites),
                r->kind ? "" : " (heapband --sites=all lists every site)");
    }
    size_t empty = r->kind == NULL ? empty_points(r) : 0;
    if (empty > 0)
        fprintf(r->out, "%zu more allocation point%s hold%s none of it\n",
                empty, plural(empty), empty == 1 ? "s" : "");
}

/* --leaks: "KIND, by allocation point, then callers: N bytes in K
 * blocks", or "KIND: none". */
static void print_kind_heading(const struct tree_report *r,
                               const struct hb_site_figures *all)
{
    uint64_t blocks = hb_site_blocks(all, r->by);
    if (!holds(r, all)) {
        fprintf(r->out, "%s: none\n", r->kind);
        return;
    }
    fprintf(r->out, "%s, by allocation point, then callers: %llu bytes in "
            "%llu block%s\n", r->kind, (unsigned long long)r->whole,
            (unsigned long long)blocks, plural(blocks));
}

/* The tree of bands first..last; with kind (--leaks), of that leak kind,
 * none folded.  Returns 0, or -1 with *err filled. */
static int print_tree(FILE *out, const struct hb_file *f, uint64_t first,
                      uint64_t last, const struct hb_sites_opts *so,
                      const char *kind, int width, struct hb_error *err)
{
    struct hb_site_tree t;
    if (hb_site_tree_build(f, first, last, &t, err) < 0)
        return -1;
    if (hb_site_tree_rank(&t, so->by, err) < 0) {
        hb_site_tree_free(&t);
        return -1;
    }
    struct hb_site_figures all = t.nodes[0].fig;
    hb_site_figures_add(&all, &t.other);
    struct chains chains = { NULL, 0, NULL, NULL, 0 };
    struct hb_point_times times;
    if (hb_point_times_build(f, t.site_point, first, last, &times, err) < 0) {
        hb_site_tree_free(&t);
        return -1;
    }
    struct tree_report r = {
        .out = out, .f = f, .t = &t, .by = so->by,
        .whole = hb_site_bytes(&all, so->by), .threshold = so->threshold,
        .chains = &chains, .times = &times, .kind = kind, .width = width,
    };
    r.cut = so->threshold / 100.0 * (double)r.whole;
    if (number_chains(&r, &chains) < 0) {
        hb_point_times_free(&times);
        chains_free(&chains);
        hb_site_tree_free(&t);
        return hb_error_nomem(err, "printing the sites");
    }
    for (size_t c = t.nodes[0].first_child; c != 0;
         c = t.nodes[c].next_sibling)
        if (shown(&r, c))
            mark_chains(&r, c);
    if (kind != NULL) {
        print_kind_heading(&r, &all);
        if (holds(&r, &all))
            print_ranked(&r);
    } else {
        print_heading(&r, first, last, &all);
        if (r.whole == 0)
            print_nothing(&r);
        else
            print_ranked(&r);
    }
    hb_point_times_free(&times);
    chains_free(&chains);
    hb_site_tree_free(&t);
    return 0;
}

/* ------------------------------------------------------------------ report */

int hb_sites_report(FILE *out, const struct hb_file *f, uint64_t first_band,
                    uint64_t last_band, const struct hb_sites_opts *so,
                    struct hb_error *err)
{
    if (f->nsiterecs == 0) {
        fprintf(out, "no allocation sites in this file (the run had "
                "--depth=0 or no allocations)\n");
        return 0;
    }
    if (last_band >= f->nbands)
        last_band = f->nbands - 1;
    if (f->version >= 3)
        return hb_site_by_check(f, so->by, err) < 0 ? -1
               : print_tree(out, f, first_band, last_band, so, NULL, 0, err);
    if (so->ranked)
        return hb_error_set(err, HB_ERR_USAGE, 0, "--by and --threshold need "
                            "a file of format version 3 (this one is version "
                            "%d: --sites alone lists its sites as it ranks "
                            "them)", f->version);
    int printed = 0;
    /* The records are sorted by increasing band: walk the band groups
     * backwards so that the largest band comes first, as in the charts. */
    size_t end = f->nsiterecs;
    while (end > 0) {
        size_t first = end - 1;
        while (first > 0 && f->siterecs[first - 1].b == f->siterecs[end - 1].b)
            first--;
        uint64_t b = f->siterecs[first].b;
        if (b >= first_band && b <= last_band) {
            if (printed)
                fputc('\n', out);
            print_band_tops(out, f, first, end);
            printed = 1;
        }
        end = first;
    }
    if (!printed)
        fprintf(out, "no allocation sites in the selected bands\n");
    return 0;
}

int hb_sites_kind_tree(FILE *out, const struct hb_file *f,
                       enum hb_site_metric by, const char *kind, int width,
                       struct hb_error *err)
{
    struct hb_sites_opts none_folded = { by, 0.0, 1 };
    return print_tree(out, f, 0, f->nbands - 1, &none_folded, kind, width,
                      err);
}
