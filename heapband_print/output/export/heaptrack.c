/* heaptrack.c -- --heaptrack=FILE: see heaptrack.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The numbers of heaptrack's lines are hexadecimal.  Strings, instruction
 * pointers and traces are numbered from 1 in the order written (0: none,
 * the root of the trace tree), allocation infos from 0; each is written
 * just before its first use.
 */
#define _POSIX_C_SOURCE 200809L    /* open_memstream */
#include "heaptrack.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "gzip_out.h"
#include "keymap.h"

/* heaptrack 1.4.0 as its version, and its file format 3 (sized strings). */
#define HT_VERSION 0x010400u
#define HT_FILE_FORMAT 3u
#define HT_PAGE_SIZE 0x1000u

__extension__ typedef __int128 wide;

/* ------------------------------------------------------------ writer */

/* Blocks of one size of one site: one allocation info to heaptrack. */
struct kind {
    uint64_t size, trace, count;
};

struct writer {
    FILE *out;
    const struct hb_file *f;
    int nomem;
    uint64_t nstrings, nips, ntraces, ninfos;
    struct hb_keymap strings, ips, traces, infos;
    uint64_t other_ip;            /* the "(other sites)" frame, 0: none */
    /* Events: what heaptrack counts temporary, and the time written. */
    uint64_t last_info, temporaries;   /* as heaptrack sees them */
    struct kind last_kind;            /* allocated last (trace 0: none) */
    uint64_t ms;
    wide live;
};

/* The string's number, written as an 's' line when new. */
static uint64_t string_of(struct writer *w, const char *text)
{
    struct hb_keyslot *slot = hb_keymap_slot(&w->strings, 0, 0, text);
    if (slot == NULL) {
        w->nomem = 1;
        return 0;
    }
    if (slot->value == 0) {
        slot->value = ++w->nstrings;
        fprintf(w->out, "s %zx %s\n", strlen(text), text);
    }
    return slot->value;
}

/* Frame n's instruction pointer number, written as an 'i' line when
 * new: its address in its object, the object, and where debug
 * information names them its function, source file and line. */
static uint64_t ip_of(struct writer *w, uint64_t n)
{
    struct hb_keyslot *slot = hb_keymap_slot(&w->ips, n, 0, NULL);
    if (slot == NULL) {
        w->nomem = 1;
        return 0;
    }
    if (slot->value != 0)
        return slot->value;
    const struct hb_frame *fr = &w->f->frames[n - 1];
    uint64_t module = fr->object ? string_of(w, w->f->objects[fr->object - 1])
                                 : 0;
    int named = strcmp(fr->function, "???") != 0;
    uint64_t fn = named ? string_of(w, fr->function) : 0;
    uint64_t file = fr->source ? string_of(w, w->f->sources[fr->source - 1])
                               : 0;
    slot->value = ++w->nips;
    fprintf(w->out, "i %" PRIx64 " %" PRIx64, fr->offset, module);
    if (named && file != 0)
        fprintf(w->out, " %" PRIx64 " %" PRIx64 " %" PRIx64, fn, file,
                fr->line);
    else if (named)
        fprintf(w->out, " %" PRIx64, fn);
    fputc('\n', w->out);
    return slot->value;
}

/* The trace of ip called from trace parent, written when new. */
static uint64_t trace_of(struct writer *w, uint64_t ip, uint64_t parent)
{
    struct hb_keyslot *slot = hb_keymap_slot(&w->traces, ip, parent, NULL);
    if (slot == NULL) {
        w->nomem = 1;
        return 0;
    }
    if (slot->value == 0) {
        slot->value = ++w->ntraces;
        fprintf(w->out, "t %" PRIx64 " %" PRIx64 "\n", ip, parent);
    }
    return slot->value;
}

/* The trace of a record's site: its frames from the outermost caller;
 * the band's other sites are one frame, "(other sites)". */
static uint64_t site_trace(struct writer *w, uint64_t site)
{
    if (site == 0) {
        if (w->other_ip == 0) {
            uint64_t fn = string_of(w, "(other sites)");
            w->other_ip = ++w->nips;
            fprintf(w->out, "i 0 0 %" PRIx64 "\n", fn);
        }
        return trace_of(w, w->other_ip, 0);
    }
    const struct hb_site *s = &w->f->sites[site - 1];
    uint64_t trace = 0;
    for (size_t i = s->nframes; i-- > 0;)
        trace = trace_of(w, ip_of(w, s->frames[i]), trace);
    return trace;
}

static void stamp(struct writer *w, uint64_t t)
{
    uint64_t ms = w->f->unit == HB_UNIT_MS ? t
                                           : t / HB_HEAPTRACK_UNITS_PER_MS;
    if (ms > w->ms) {
        w->ms = ms;
        fprintf(w->out, "c %" PRIx64 "\n", ms);
    }
}

/* ------------------------------------------------------------ the split */

/* n blocks of b bytes in all, sizes in one band: n - b % n of size
 * b / n and b % n of one byte more. */
struct group {
    uint64_t n;
    wide bytes;
};

static int same_kind(const struct kind *a, const struct kind *b)
{
    return a->size == b->size && a->trace == b->trace;
}

/* A record's blocks: live at the peak and at exit (a), at the peak only
 * (b), at exit only (c), at neither (d). */
struct split {
    struct group a, b, c, d;
};

static wide max_w(wide x, wide y) { return x > y ? x : y; }
static wide min_w(wide x, wide y) { return x < y ? x : y; }

/* A split of r's figures whose every group's sizes lie in [lo, hi]; the
 * run's own blocks are one, so there is one; the fewest blocks live at
 * both moments are tried first. */
static struct split split_record(const struct hb_site_figures *r,
                                 uint64_t lo, uint64_t hi)
{
    wide n = r->allocs, p = r->peak_blocks, e = r->exit_blocks;
    wide bt = r->alloc_bytes, pb = r->peak_bytes, eb = r->exit_bytes;
    wide first = max_w(0, p + e - n), last = min_w(p, e);
    for (wide na = first; na <= last; na++) {
        wide nb = p - na, nc = e - na, nd = n - na - nb - nc;
        wide rest = bt - pb - eb;          /* d's bytes less a's */
        wide low = max_w(max_w(na * lo, pb - nb * (wide)hi),
                         max_w(eb - nc * (wide)hi, nd * lo - rest));
        wide high = min_w(min_w(na * (wide)hi, pb - nb * lo),
                          min_w(eb - nc * lo, nd * (wide)hi - rest));
        if (low <= high) {
            struct split s = {
                { (uint64_t)na, low }, { (uint64_t)nb, pb - low },
                { (uint64_t)nc, eb - low }, { (uint64_t)nd, rest + low }
            };
            return s;
        }
    }
    /* Figures no run can make (the parser's invariants rule them out):
     * every block at neither moment, its bytes as they are. */
    struct split s = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { (uint64_t)n, bt } };
    return s;
}

static void group_kinds(const struct group *g, uint64_t trace,
                        struct kind k[2])
{
    uint64_t q = g->n ? (uint64_t)(g->bytes / g->n) : 0;
    uint64_t more = g->n ? (uint64_t)(g->bytes % g->n) : 0;
    k[0] = (struct kind){ q, trace, g->n - more };
    k[1] = (struct kind){ q + 1, trace, more };
}

/* Every record's kinds, group by group: kinds[(NGROUPS * i + g) * 2 + j]. */
struct plan {
    struct kind *kinds;
    size_t nrecs;
};

enum { G_A, G_B, G_C, G_D, NGROUPS };

static struct kind *kind_at(struct plan *pl, size_t i, int g)
{
    return &pl->kinds[(i * NGROUPS + (size_t)g) * 2];
}

static int make_plan(struct writer *w, const struct hb_site_sel *s,
                     struct plan *pl)
{
    pl->nrecs = s->nrecs;
    pl->kinds = calloc(s->nrecs ? s->nrecs * NGROUPS * 2 : 1,
                       sizeof *pl->kinds);
    if (pl->kinds == NULL)
        return -1;
    for (size_t i = 0; i < s->nrecs && !w->nomem; i++) {
        const struct hb_sel_rec *r = &s->recs[i];
        const struct hb_band *band = &w->f->bands[r->b];
        struct split sp = split_record(&r->fig, band->lo, band->hi);
        const struct group *gs[NGROUPS] = { &sp.a, &sp.b, &sp.c, &sp.d };
        uint64_t trace = site_trace(w, r->site);
        for (int g = 0; g < NGROUPS; g++)
            group_kinds(gs[g], trace, kind_at(pl, i, g));
    }
    return w->nomem ? -1 : 0;
}

/* ------------------------------------------------------------ events */

/* The number of a kind's allocation info.  Infos are numbered in the
 * order of their first allocation, which heaptrack_gui requires, and
 * written as an 'a' line just before it; NULL-safe: 0 out of memory. */
static uint64_t info_of(struct writer *w, const struct kind *k)
{
    struct hb_keyslot *slot = hb_keymap_slot(&w->infos, k->size, k->trace,
                                             NULL);
    if (slot == NULL) {
        w->nomem = 1;
        return 0;
    }
    if (slot->value == 0) {
        slot->value = ++w->ninfos;
        fprintf(w->out, "a %" PRIx64 " %" PRIx64 "\n", k->size, k->trace);
    }
    return slot->value - 1;
}

/* heaptrack calls a free temporary when its info is that of the event
 * before it, which after a free is 0: so info 0 is best a block never
 * freed (write_events allocates one first when there is one). */
static void alloc_event(struct writer *w, const struct kind *k)
{
    uint64_t info = info_of(w, k);
    fprintf(w->out, "+ %" PRIx64 "\n", info);
    w->last_info = info;
    w->last_kind = *k;
    w->live += k->size;
}

static void free_event(struct writer *w, const struct kind *k)
{
    uint64_t info = info_of(w, k);
    if (w->last_info == info)
        w->temporaries++;
    fprintf(w->out, "- %" PRIx64 "\n", info);
    w->last_info = 0;
    w->last_kind = (struct kind){ 0, 0, 0 };   /* no trace is 0 */
    w->live -= k->size;
}

/* The blocks of group g of every record, as one list of kinds. */
static size_t gather(struct plan *pl, int g, struct kind *list)
{
    size_t n = 0;
    for (size_t i = 0; i < pl->nrecs; i++)
        for (int j = 0; j < 2; j++)
            if (kind_at(pl, i, g)[j].count > 0)
                list[n++] = kind_at(pl, i, g)[j];
    return n;
}

static int by_size_down(const void *pa, const void *pb)
{
    const struct kind *a = pa, *b = pb;
    if (a->size != b->size)
        return a->size < b->size ? 1 : -1;
    return a->trace > b->trace ? 1 : a->trace < b->trace ? -1 : 0;
}

/* The time of event k of count spread over [t0, t1]. */
static uint64_t spread(uint64_t t0, uint64_t t1, uint64_t k, uint64_t count)
{
    return count ? t0 + (uint64_t)((wide)(t1 - t0) * k / count) : t0;
}

/* The next block of d[hi .. lo) from the large end (or the small end),
 * skipping kinds used up; NULL when none is left. */
static struct kind *large_end(struct kind *d, size_t *hi, size_t lo)
{
    while (*hi < lo && d[*hi].count == 0)
        (*hi)++;
    return *hi < lo ? &d[*hi] : NULL;
}

static struct kind *small_end(struct kind *d, size_t hi, size_t *lo)
{
    while (*lo > hi && d[*lo - 1].count == 0)
        (*lo)--;
    return *lo > hi ? &d[*lo - 1] : NULL;
}

/* Blocks allocated together, then freed together: x, extra blocks of
 * one kind, y; then x first, so that the first free follows y, of
 * another kind (none without y: a temporary to heaptrack). */
struct dgroup {
    struct kind *x, *y, *extra;
    uint64_t nextra;
    wide bytes;
};

static void emit_group(struct writer *w, const struct dgroup *g)
{
    if (g->x == NULL)
        return;
    alloc_event(w, g->x);
    for (uint64_t i = 0; i < g->nextra; i++)
        alloc_event(w, g->extra);
    if (g->y != NULL)
        alloc_event(w, g->y);
    free_event(w, g->x);
    for (uint64_t i = 0; i < g->nextra; i++)
        free_event(w, g->extra);
    if (g->y != NULL)
        free_event(w, g->y);
}

/* The blocks live at neither moment (d, largest first), before the peak,
 * their times spread up to t_end: in pairs of two kinds, the largest
 * left with the smallest, so that no free follows its own allocation and
 * heaptrack calls none temporary; when one kind is left, its blocks join
 * the last pair while the group fits under the peak (with what is live
 * already).  A block that fits in no group is allocated and freed alone:
 * a temporary.  (Blocks as large as the peak are not here: at it before
 * the peak's moment, they would move it.) */
static void neither_blocks(struct writer *w, struct kind *d, size_t nd,
                           uint64_t peak, uint64_t t_end)
{
    uint64_t count = 0, k = 0;
    for (size_t i = 0; i < nd; i++)
        count += d[i].count;
    wide room = (wide)peak - w->live;       /* a group stays under it */
    size_t hi = 0, lo = nd;                 /* d[hi .. lo) are left */
    struct dgroup pending = { NULL, NULL, NULL, 0, 0 };
    struct kind *x;
    while ((x = large_end(d, &hi, lo)) != NULL) {
        stamp(w, spread(0, t_end, k++, count));
        x->count--;
        struct kind *y = small_end(d, hi, &lo);
        struct dgroup g = { x, NULL, NULL, 0, x->size };
        if (y != NULL && y != x && g.bytes + y->size < room) {
            g.y = y, g.bytes += y->size, y->count--;
            k++;
        } else if (pending.y != NULL && pending.bytes + x->size < room
                   && (pending.extra == NULL || pending.extra == x)) {
            pending.extra = x, pending.nextra++, pending.bytes += x->size;
            continue;                       /* one kind left: it joins */
        }
        emit_group(w, &pending);
        pending = g;
    }
    emit_group(w, &pending);
}

/* Allocate (free) every block of the kinds, their times spread over
 * [t0, t1]. */
static void all_blocks(struct writer *w, const struct kind *list, size_t n,
                       int allocate, uint64_t t0, uint64_t t1)
{
    uint64_t count = 0, k = 0;
    for (size_t i = 0; i < n; i++)
        count += list[i].count;
    for (size_t i = 0; i < n; i++)
        for (uint64_t j = 0; j < list[i].count; j++, k++) {
            stamp(w, spread(t0, t1, k, count));
            if (allocate)
                alloc_event(w, &list[i]);
            else
                free_event(w, &list[i]);
        }
}

/* Allocate and free, one at a time, blocks as large as the peak that
 * were live at neither moment: the run had them after its peak, when
 * nothing else was live. */
static void peak_sized_blocks(struct writer *w, const struct kind *list,
                              size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (uint64_t j = 0; j < list[i].count; j++) {
            alloc_event(w, &list[i]);
            free_event(w, &list[i]);
        }
}

/* Free the blocks live at the peak only, the first of a kind other than
 * the last allocated one, so that it is no temporary. */
static void free_after_peak(struct writer *w, struct kind *b, size_t nb,
                            uint64_t t0, uint64_t t1)
{
    for (size_t i = 0; i < nb; i++)
        if (!same_kind(&b[i], &w->last_kind)) {
            struct kind first = b[i];
            b[i] = b[0];
            b[0] = first;
            break;
        }
    all_blocks(w, b, nb, 0, t0, t1);
}

/* The events, in four steps: a block live at both moments first (so
 * that info 0 is never freed); those live at neither, before the peak;
 * at the peak's time those live at it; after it, those freed after it
 * freed and those allocated after it allocated, up to the end. */
static int write_events(struct writer *w, struct plan *pl)
{
    /* Room for one group's kinds, then the late ones (at most as many). */
    size_t most = pl->nrecs * 2 + 1;
    struct kind *list = malloc(2 * most * sizeof *list);
    if (list == NULL)
        return -1;
    const struct hb_file *f = w->f;
    uint64_t peak = 0;
    for (int g = G_A; g <= G_B; g++) {
        size_t n = gather(pl, g, list);
        for (size_t i = 0; i < n; i++)
            peak += list[i].size * list[i].count;
    }
    size_t n = gather(pl, G_A, list);
    struct kind first = n > 0 ? list[0] : (struct kind){ 0, 0, 0 };
    if (n > 0) {
        first.count = 1;
        all_blocks(w, &first, 1, 1, 0, 0);
    }

    size_t nd = gather(pl, G_D, list), nlate = 0;
    qsort(list, nd, sizeof *list, by_size_down);
    while (nlate < nd && list[nlate].size >= peak && list[nlate].size > 0)
        nlate++;
    neither_blocks(w, list + nlate, nd - nlate, peak, f->peak_t_reached);
    struct kind *late = list + most;      /* kept past the others */
    memmove(late, list, nlate * sizeof *list);

    stamp(w, f->peak_t_reached);
    n = gather(pl, G_B, list);
    all_blocks(w, list, n, 1, f->peak_t_reached, f->peak_t_reached);
    n = gather(pl, G_A, list);
    if (n > 0 && first.count > 0)
        list[0].count--;                  /* allocated first */
    all_blocks(w, list, n, 1, f->peak_t_reached, f->peak_t_reached);
    n = gather(pl, G_B, list);
    free_after_peak(w, list, n, f->peak_t_left, f->peak_t_left);
    peak_sized_blocks(w, late, nlate);
    n = gather(pl, G_C, list);
    all_blocks(w, list, n, 1, f->peak_t_left, f->end_time);
    stamp(w, f->end_time);
    free(list);
    return w->nomem ? -1 : 0;
}

/* ------------------------------------------------------------ the file */

/* The header. */
static void header(struct writer *w)
{
    fprintf(w->out, "v %x %x\n", HT_VERSION, HT_FILE_FORMAT);
    fprintf(w->out, "X %s\n", w->f->cmd);
    fprintf(w->out, "I %x 0\n", HT_PAGE_SIZE);
}

static void writer_free(struct writer *w)
{
    hb_keymap_free(&w->strings);
    hb_keymap_free(&w->ips);
    hb_keymap_free(&w->traces);
    hb_keymap_free(&w->infos);
}

/* The whole text into the stream text. */
static int write_text(FILE *text, const struct hb_file *f,
                      const struct hb_site_sel *s, uint64_t *temporaries)
{
    struct writer w = { .out = text, .f = f };
    struct plan pl = { NULL, 0 };
    header(&w);
    int r = make_plan(&w, s, &pl) < 0 || write_events(&w, &pl) < 0 ? -1 : 0;
    fprintf(text, "# strings: %" PRIx64 "\n# ips: %" PRIx64 "\n",
            w.nstrings, w.nips);
    if (temporaries != NULL)
        *temporaries = w.temporaries;
    free(pl.kinds);
    writer_free(&w);
    return r;
}

static int write_error(struct hb_error *err)
{
    return hb_error_set(err, HB_ERR_OUTPUT, 0, "cannot write: %s",
                        strerror(errno ? errno : EIO));
}

int hb_heaptrack_write(FILE *out, const struct hb_file *f,
                       const struct hb_site_sel *s, int gzip,
                       uint64_t *temporaries, struct hb_error *err)
{
    if (!gzip) {
        errno = 0;
        if (write_text(out, f, s, temporaries) < 0)
            return hb_error_nomem(err, "the heaptrack file");
        return ferror(out) ? write_error(err) : 0;
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *text = open_memstream(&buf, &len);
    if (text == NULL)
        return hb_error_nomem(err, "the heaptrack file");
    int r = write_text(text, f, s, temporaries);
    if (fclose(text) != 0 || r < 0) {
        free(buf);
        return hb_error_nomem(err, "the heaptrack file");
    }
    r = hb_gzip_write(out, buf, len, err);
    free(buf);
    return r;
}
