/* callgrind.c -- --callgrind=FILE: see callgrind.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Names are written compressed, as callgrind writes them: "(N) NAME" the
 * first time, "(N)" after, numbered per kind (objects, files, functions)
 * from 1.  Costs are kept in one array per table, nev numbers an entry.
 */
#include "callgrind.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "band_merge.h"
#include "keymap.h"

/* The caller of every site's outermost frame: the frames the file does
 * not record (below main, or beyond --depth). */
#define ROOT_NAME "(callers not recorded)"

/* The figures that are events whatever the bands. */
enum { EV_ALLOC_BYTES, EV_ALLOCS, EV_PEAK_BYTES, EV_EXIT_BYTES,
       EV_LEAKED_BYTES, NFIXED };

static const char *const fixed_names[NFIXED][2] = {
    { "AllocBytes", "bytes allocated" },
    { "Allocs", "blocks allocated" },
    { "PeakBytes", "bytes live at the peak" },
    { "ExitBytes", "bytes live at exit" },
    { "LeakedBytes", "bytes leaked at exit (definitely and indirectly lost)" },
};

/* A function: a frame's object, source file and name. */
struct fn {
    uint64_t object, source;      /* 0: none */
    const char *name;
};

/* Self costs of a function at a line, or the costs of a call from a
 * line of one function to another. */
struct entry {
    uint64_t fn, line;            /* fn: 1-based in fns */
    uint64_t callee, target, count;   /* calls only */
};

struct table {
    struct entry *e;
    uint64_t *cost;               /* n * nev */
    size_t n, cap;
    struct hb_keymap index;       /* key -> 1-based entry */
};

struct builder {
    const struct hb_file *f;
    size_t nev;
    int kinds;                    /* LeakedBytes is written */
    struct hb_band_rows rows;
    /* Per row: the event of its bytes allocated (B), of its bytes at the
     * peak (P); 0: none, as the row's total is 0. */
    uint64_t *row_b, *row_p;
    struct fn *fns;
    size_t nfns, fns_cap;
    struct hb_keymap fn_index, names;
    char **made_names;            /* "0xOFFSET" names of unnamed frames */
    size_t nmade;
    struct table self, calls;
    uint64_t *rec_cost;           /* one record's costs */
    uint64_t *total;
};

/* ------------------------------------------------------------ tables */

/* The entry of the key, new ones zero; NULL out of memory. */
static struct entry *entry_of(struct builder *bd, struct table *t,
                              uint64_t k1, uint64_t k2, size_t *at)
{
    struct hb_keyslot *slot = hb_keymap_slot(&t->index, k1, k2, NULL);
    if (slot == NULL)
        return NULL;
    if (slot->value == 0) {
        if (t->n == t->cap) {
            size_t cap = t->cap ? 2 * t->cap : 256;
            struct entry *e = realloc(t->e, cap * sizeof *e);
            if (e != NULL)
                t->e = e;
            uint64_t *c = realloc(t->cost, cap * bd->nev * sizeof *c);
            if (c != NULL)
                t->cost = c;
            if (e == NULL || c == NULL)
                return NULL;
            t->cap = cap;
        }
        memset(&t->e[t->n], 0, sizeof t->e[t->n]);
        memset(&t->cost[t->n * bd->nev], 0, bd->nev * sizeof *t->cost);
        slot->value = ++t->n;
    }
    *at = (size_t)slot->value - 1;
    return &t->e[*at];
}

static void add_cost(struct builder *bd, struct table *t, size_t at)
{
    for (size_t i = 0; i < bd->nev; i++)
        t->cost[at * bd->nev + i] += bd->rec_cost[i];
}

/* The name of a frame without one: its offset, as pprof and --sites
 * show it. */
static const char *frame_name(struct builder *bd, const struct hb_frame *fr)
{
    if (strcmp(fr->function, "???") != 0)
        return fr->function;
    char **made = realloc(bd->made_names,
                          (bd->nmade + 1) * sizeof *bd->made_names);
    if (made == NULL)
        return NULL;
    bd->made_names = made;
    char *name = malloc(24);
    if (name == NULL)
        return NULL;
    snprintf(name, 24, "0x%" PRIx64, fr->offset);
    made[bd->nmade++] = name;
    return name;
}

/* The function number (1-based) of a name in an object and source (0:
 * none); 0 out of memory. */
static uint64_t fn_named(struct builder *bd, uint64_t object, uint64_t source,
                         const char *name)
{
    if (name == NULL)
        return 0;
    /* The name's number, then (name, object, source) -> function. */
    struct hb_keyslot *ns = hb_keymap_slot(&bd->names, 0, 0, name);
    if (ns == NULL)
        return 0;
    if (ns->value == 0)
        ns->value = bd->names.used;
    struct hb_keyslot *slot = hb_keymap_slot(&bd->fn_index, ns->value,
                                             object << 32 | source, NULL);
    if (slot == NULL)
        return 0;
    if (slot->value == 0) {
        if (bd->nfns == bd->fns_cap) {
            size_t cap = bd->fns_cap ? 2 * bd->fns_cap : 256;
            struct fn *fns = realloc(bd->fns, cap * sizeof *fns);
            if (fns == NULL)
                return 0;
            bd->fns = fns, bd->fns_cap = cap;
        }
        bd->fns[bd->nfns] = (struct fn){ object, source, name };
        slot->value = ++bd->nfns;
    }
    return slot->value;
}

static uint64_t fn_of_frame(struct builder *bd, uint64_t n)
{
    const struct hb_frame *fr = &bd->f->frames[n - 1];
    return fn_named(bd, fr->object, fr->source, frame_name(bd, fr));
}

/* ------------------------------------------------------------ costs */

/* The costs of record r: the fixed figures, then its band row's. */
static void record_costs(struct builder *bd, const struct hb_sel_rec *r)
{
    memset(bd->rec_cost, 0, bd->nev * sizeof *bd->rec_cost);
    bd->rec_cost[EV_ALLOC_BYTES] = r->fig.alloc_bytes;
    bd->rec_cost[EV_ALLOCS] = r->fig.allocs;
    bd->rec_cost[EV_PEAK_BYTES] = r->fig.peak_bytes;
    bd->rec_cost[EV_EXIT_BYTES] = r->fig.exit_bytes;
    if (bd->kinds)
        bd->rec_cost[EV_LEAKED_BYTES] =
            r->fig.lost.bytes[HB_LOST_DEFINITELY]
            + r->fig.lost.bytes[HB_LOST_INDIRECTLY];
    size_t row = bd->rows.row_of[r->b];
    if (bd->row_b[row] != 0)
        bd->rec_cost[bd->row_b[row]] = r->fig.alloc_bytes;
    if (bd->row_p[row] != 0)
        bd->rec_cost[bd->row_p[row]] = r->fig.peak_bytes;
    for (size_t i = 0; i < bd->nev; i++)
        bd->total[i] += bd->rec_cost[i];
}

/* Does a frame outside frame i of the site (i+1 .. depth-1) belong to
 * frame i's function? */
static int outer_again(const uint64_t *fns, size_t i, size_t depth)
{
    for (size_t j = i + 1; j < depth; j++)
        if (fns[j] == fns[i])
            return 1;
    return 0;
}

/* A record's costs: its own at the line of its innermost frame, and on
 * each call along its frames (from the caller of frame i to frame i; the
 * outermost frame's caller is ROOT_NAME), but only on the call into a
 * function's outermost frame in the site: callgrind_annotate takes a
 * called function's inclusive cost to be the sum of its calls, so each
 * function of the site gets the record's costs once. */
static int add_record(struct builder *bd, const struct hb_sel_rec *r,
                      uint64_t *fns, uint64_t *line)
{
    record_costs(bd, r);
    const struct hb_site *s = r->site ? &bd->f->sites[r->site - 1] : NULL;
    size_t depth = s ? s->nframes : 1;
    for (size_t i = 0; i < depth; i++)
        fns[i] = s ? fn_of_frame(bd, s->frames[i])
                   : fn_named(bd, 0, 0, "(other sites)");
    fns[depth] = fn_named(bd, 0, 0, ROOT_NAME);
    for (size_t i = 0; i <= depth; i++)
        if (fns[i] == 0)
            return -1;
    for (size_t i = 0; i < depth; i++)
        line[i] = s ? bd->f->frames[s->frames[i] - 1].line : 0;
    line[depth] = 0;
    size_t at;
    struct entry *e = entry_of(bd, &bd->self, fns[0], line[0], &at);
    if (e == NULL)
        return -1;
    e->fn = fns[0], e->line = line[0];
    add_cost(bd, &bd->self, at);
    for (size_t i = 0; i < depth; i++) {
        if (outer_again(fns, i, depth))
            continue;
        e = entry_of(bd, &bd->calls, fns[i + 1] << 32 | fns[i],
                     line[i + 1], &at);
        if (e == NULL)
            return -1;
        if (e->count == 0)
            e->target = line[i];
        e->fn = fns[i + 1], e->line = line[i + 1], e->callee = fns[i];
        e->count += r->fig.allocs;
        add_cost(bd, &bd->calls, at);
    }
    return 0;
}

/* ------------------------------------------------------------ events */

/* A size in the event names: exact, in K, M, G ... when it divides. */
static void size_name(char *buf, size_t len, uint64_t v)
{
    static const char units[] = "KMGTPE";
    int k = 0;
    while (v != 0 && v % 1024 == 0 && k < 6)
        v /= 1024, k++;
    if (k == 0)
        snprintf(buf, len, "%" PRIu64, v);
    else
        snprintf(buf, len, "%" PRIu64 "%c", v, units[k - 1]);
}

/* f's band table as two arrays, into *lo and *hi (freed by the caller);
 * 0, or -1 out of memory. */
static int band_bounds(const struct hb_file *f, uint64_t **lo, uint64_t **hi)
{
    *lo = malloc((f->nbands ? f->nbands : 1) * sizeof **lo);
    *hi = malloc((f->nbands ? f->nbands : 1) * sizeof **hi);
    if (*lo == NULL || *hi == NULL)
        return -1;
    for (size_t b = 0; b < f->nbands; b++)
        (*lo)[b] = f->bands[b].lo, (*hi)[b] = f->bands[b].hi;
    return 0;
}

int hb_callgrind_check(const struct hb_file *f, unsigned step,
                       struct hb_error *err)
{
    uint64_t *lo, *hi;
    struct hb_band_rows rows;
    int r = band_bounds(f, &lo, &hi) < 0
            ? hb_error_nomem(err, "the callgrind file")
            : hb_band_rows_plan(&rows, lo, hi, f->nbands,
                                step ? step : HB_BANDS_OCTAVE, err);
    if (r == 0)
        hb_band_rows_free(&rows);
    free(lo);
    free(hi);
    return r;
}

/* The band rows, and an event each for those that allocated. */
static int plan_events(struct builder *bd, const struct hb_site_sel *s,
                       unsigned step, struct hb_error *err)
{
    const struct hb_file *f = bd->f;
    uint64_t *lo, *hi;
    int r = -1;
    if (band_bounds(f, &lo, &hi) < 0) {
        hb_error_nomem(err, "the callgrind file");
        goto out;
    }
    if (hb_band_rows_plan(&bd->rows, lo, hi, f->nbands, step, err) < 0)
        goto out;
    bd->row_b = calloc(bd->rows.nrows, sizeof *bd->row_b);
    bd->row_p = calloc(bd->rows.nrows, sizeof *bd->row_p);
    if (bd->row_b == NULL || bd->row_p == NULL) {
        hb_error_nomem(err, "the callgrind file");
        goto out;
    }
    for (size_t i = 0; i < s->nrecs; i++) {
        size_t row = bd->rows.row_of[s->recs[i].b];
        bd->row_b[row] |= s->recs[i].fig.alloc_bytes > 0;
        bd->row_p[row] |= s->recs[i].fig.peak_bytes > 0;
    }
    bd->nev = NFIXED;
    for (size_t row = 0; row < bd->rows.nrows; row++)
        if (bd->row_b[row])
            bd->row_b[row] = bd->nev++;
    for (size_t row = 0; row < bd->rows.nrows; row++)
        if (bd->row_p[row])
            bd->row_p[row] = bd->nev++;
    r = 0;
out:
    free(lo);
    free(hi);
    return r;
}

/* Row row's event name, B (bytes allocated) or P (at the peak). */
static void event_name(char *buf, size_t len, const struct builder *bd,
                       size_t row, int peak)
{
    char size[24];
    size_name(size, sizeof size, bd->rows.row_lo[row]);
    snprintf(buf, len, "%c%s", peak ? 'P' : 'B', size);
}

static void write_events(FILE *out, const struct builder *bd)
{
    for (int i = 0; i < NFIXED; i++)
        fprintf(out, "event: %s : %s\n", fixed_names[i][0],
                fixed_names[i][1]);
    for (int peak = 0; peak < 2; peak++)
        for (size_t row = 0; row < bd->rows.nrows; row++) {
            if ((peak ? bd->row_p : bd->row_b)[row] == 0)
                continue;
            char name[32];
            event_name(name, sizeof name, bd, row, peak);
            fprintf(out, "event: %s : bytes %s in blocks of %" PRIu64
                    "-%" PRIu64 " bytes\n", name,
                    peak ? "live at the peak" : "allocated",
                    bd->rows.row_lo[row], bd->rows.row_hi[row]);
        }
    fputs("events:", out);
    for (int i = 0; i < NFIXED; i++)
        fprintf(out, " %s", fixed_names[i][0]);
    for (int peak = 0; peak < 2; peak++)
        for (size_t row = 0; row < bd->rows.nrows; row++)
            if ((peak ? bd->row_p : bd->row_b)[row] != 0) {
                char name[32];
                event_name(name, sizeof name, bd, row, peak);
                fprintf(out, " %s", name);
            }
    fputc('\n', out);
}

/* ------------------------------------------------------------ writing */

/* Compressed names: first use "(N) NAME", then "(N)". */
struct names_out {
    unsigned char *objects, *sources, *fns;   /* written yet */
};

static void put_name(FILE *out, const char *key, uint64_t n,
                     unsigned char *written, const char *name)
{
    if (written[n]) {
        fprintf(out, "%s=(%" PRIu64 ")\n", key, n);
    } else {
        written[n] = 1;
        fprintf(out, "%s=(%" PRIu64 ") %s\n", key, n, name);
    }
}

static const char *object_name(const struct hb_file *f, uint64_t o)
{
    return o ? f->objects[o - 1] : "???";
}

static const char *source_name(const struct hb_file *f, uint64_t src)
{
    return src ? f->sources[src - 1] : "???";
}

/* Compression numbers: the file's, and one past its last for "???". */
static uint64_t object_id(const struct hb_file *f, uint64_t o)
{
    return o ? o : f->nobjects + 1;
}

static uint64_t source_id(const struct hb_file *f, uint64_t src)
{
    return src ? src : f->nsources + 1;
}

/* Every cost, zeros too: the format lets a line end early, but
 * callgrind_annotate's annotation totals then miss the events left
 * out. */
static void put_costs(FILE *out, const uint64_t *cost, size_t nev)
{
    for (size_t i = 0; i < nev; i++)
        fprintf(out, " %" PRIu64, cost[i]);
    fputc('\n', out);
}

static int by_fn_line(const void *pa, const void *pb)
{
    const struct entry *a = *(const struct entry *const *)pa;
    const struct entry *b = *(const struct entry *const *)pb;
    if (a->fn != b->fn)
        return a->fn < b->fn ? -1 : 1;
    if (a->line != b->line)
        return a->line < b->line ? -1 : 1;
    return a->callee < b->callee ? -1 : a->callee > b->callee;
}

/* The table's entries in function, then line order (each is unique in
 * function, line and callee, so the order is whole). */
static struct entry **sorted(const struct table *t)
{
    struct entry **order = malloc((t->n ? t->n : 1) * sizeof *order);
    if (order == NULL)
        return NULL;
    for (size_t i = 0; i < t->n; i++)
        order[i] = &t->e[i];
    qsort(order, t->n, sizeof *order, by_fn_line);
    return order;
}

static void write_function(FILE *out, const struct builder *bd,
                           struct names_out *nm, uint64_t fn,
                           struct entry **self, size_t *si,
                           struct entry **calls, size_t *ci)
{
    const struct fn *x = &bd->fns[fn - 1];
    put_name(out, "ob", object_id(bd->f, x->object), nm->objects,
             object_name(bd->f, x->object));
    put_name(out, "fl", source_id(bd->f, x->source), nm->sources,
             source_name(bd->f, x->source));
    put_name(out, "fn", fn, nm->fns, x->name);
    for (; *si < bd->self.n && self[*si]->fn == fn; (*si)++) {
        fprintf(out, "%" PRIu64, self[*si]->line);
        put_costs(out, &bd->self.cost[(size_t)(self[*si] - bd->self.e)
                                      * bd->nev], bd->nev);
    }
    for (; *ci < bd->calls.n && calls[*ci]->fn == fn; (*ci)++) {
        const struct entry *c = calls[*ci];
        const struct fn *y = &bd->fns[c->callee - 1];
        put_name(out, "cob", object_id(bd->f, y->object), nm->objects,
                 object_name(bd->f, y->object));
        put_name(out, "cfi", source_id(bd->f, y->source), nm->sources,
                 source_name(bd->f, y->source));
        put_name(out, "cfn", c->callee, nm->fns, y->name);
        fprintf(out, "calls=%" PRIu64 " %" PRIu64 "\n%" PRIu64, c->count,
                c->target, c->line);
        put_costs(out, &bd->calls.cost[(size_t)(c - bd->calls.e) * bd->nev],
                  bd->nev);
    }
}

static int write_body(FILE *out, const struct builder *bd)
{
    struct entry **self = sorted(&bd->self), **calls = sorted(&bd->calls);
    struct names_out nm = {
        calloc(bd->f->nobjects + 2, 1), calloc(bd->f->nsources + 2, 1),
        calloc(bd->nfns + 1, 1)
    };
    int r = -1;
    if (self != NULL && calls != NULL && nm.objects != NULL
        && nm.sources != NULL && nm.fns != NULL) {
        size_t si = 0, ci = 0;
        for (uint64_t fn = 1; fn <= bd->nfns; fn++) {
            int has_self = si < bd->self.n && self[si]->fn == fn;
            int has_calls = ci < bd->calls.n && calls[ci]->fn == fn;
            if (has_self || has_calls)
                write_function(out, bd, &nm, fn, self, &si, calls, &ci);
        }
        r = 0;
    }
    free(self);
    free(calls);
    free(nm.objects);
    free(nm.sources);
    free(nm.fns);
    return r;
}

static void write_head(FILE *out, const struct builder *bd)
{
    fputs("# callgrind format\nversion: 1\n", out);
    fprintf(out, "creator: heapband %s, through heapband_print\n",
            bd->f->tool_version);
    fprintf(out, "pid: %" PRIu64 "\ncmd: %s\npart: 1\n\n", bd->f->pid,
            bd->f->cmd);
    fputs("positions: line\n", out);
    write_events(out, bd);
}

static void builder_free(struct builder *bd)
{
    hb_band_rows_free(&bd->rows);
    free(bd->row_b);
    free(bd->row_p);
    free(bd->fns);
    hb_keymap_free(&bd->fn_index);
    hb_keymap_free(&bd->names);
    for (size_t i = 0; i < bd->nmade; i++)
        free(bd->made_names[i]);
    free(bd->made_names);
    struct table *ts[2] = { &bd->self, &bd->calls };
    for (int i = 0; i < 2; i++) {
        free(ts[i]->e);
        free(ts[i]->cost);
        hb_keymap_free(&ts[i]->index);
    }
    free(bd->rec_cost);
    free(bd->total);
}

int hb_callgrind_write(FILE *out, const struct hb_file *f,
                       const struct hb_site_sel *s, unsigned step,
                       struct hb_error *err)
{
    struct builder bd = { .f = f, .kinds = f->leak_kinds };
    int r = -1;
    if (plan_events(&bd, s, step ? step : HB_BANDS_OCTAVE, err) < 0)
        goto out;
    bd.rec_cost = calloc(bd.nev, sizeof *bd.rec_cost);
    bd.total = calloc(bd.nev, sizeof *bd.total);
    size_t deepest = 1;
    for (size_t i = 0; i < f->nsites; i++)
        if (f->sites[i].nframes > deepest)
            deepest = f->sites[i].nframes;
    /* A record's functions and lines, its root's too. */
    uint64_t *fns = malloc((deepest + 1) * sizeof *fns);
    uint64_t *lines = malloc((deepest + 1) * sizeof *lines);
    int built = bd.rec_cost != NULL && bd.total != NULL && fns != NULL
                && lines != NULL;
    for (size_t i = 0; built && i < s->nrecs; i++)
        built = add_record(&bd, &s->recs[i], fns, lines) == 0;
    free(fns);
    free(lines);
    if (!built) {
        hb_error_nomem(err, "the callgrind file");
        goto out;
    }
    write_head(out, &bd);
    fputs("summary:", out);
    put_costs(out, bd.total, bd.nev);
    fputc('\n', out);
    if (write_body(out, &bd) < 0) {
        hb_error_nomem(err, "the callgrind file");
        goto out;
    }
    if (ferror(out)) {
        hb_error_set(err, HB_ERR_OUTPUT, 0, "cannot write: %s",
                     strerror(errno ? errno : EIO));
        goto out;
    }
    r = 0;
out:
    builder_free(&bd);
    return r;
}
