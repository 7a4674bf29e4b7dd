/* pprof.c -- --pprof=FILE: see pprof.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The field numbers are those of pprof's profile.proto (Profile, ValueType,
 * Sample, Label, Mapping, Location, Line, Function).  The string table is
 * laid out in a fixed order, so that every index is known from a count
 * and no table of strings is searched: the fixed words, then the objects,
 * the sources, the frames' function names, the bands' labels, and the
 * comments.  Strings are not shared between those parts; pprof does not
 * ask them to be unique.
 */
#include "pprof.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "gzip_out.h"
#include "pb_write.h"

/* Profile */
enum { P_SAMPLE_TYPE = 1, P_SAMPLE, P_MAPPING, P_LOCATION, P_FUNCTION,
       P_STRING_TABLE, P_TIME_NANOS = 9, P_DURATION_NANOS, P_PERIOD_TYPE,
       P_PERIOD, P_COMMENT, P_DEFAULT_SAMPLE_TYPE };
/* ValueType, Label, Sample, Mapping, Location, Line, Function */
enum { VT_TYPE = 1, VT_UNIT };
enum { LB_KEY = 1, LB_STR, LB_NUM, LB_NUM_UNIT };
enum { SM_LOCATION_ID = 1, SM_VALUE, SM_LABEL };
enum { MP_ID = 1, MP_START, MP_LIMIT, MP_OFFSET, MP_FILENAME,
       MP_HAS_FUNCTIONS = 7, MP_HAS_FILENAMES, MP_HAS_LINES };
enum { LC_ID = 1, LC_MAPPING_ID, LC_ADDRESS, LC_LINE };
enum { LN_FUNCTION_ID = 1, LN_LINE };
enum { FN_ID = 1, FN_NAME, FN_SYSTEM_NAME, FN_FILENAME };

/* The fixed words, at string indices 0 .. NWORDS - 1. */
static const char *const words[] = {
    "", "alloc_objects", "count", "alloc_space", "bytes", "inuse_objects",
    "inuse_space", "space", "band", "(other sites)",
    "definitely_lost_objects", "definitely_lost_space",
    "indirectly_lost_objects", "indirectly_lost_space",
    "possibly_lost_objects", "possibly_lost_space",
    "reachable_objects", "reachable_space"
};
enum { S_EMPTY, S_ALLOC_OBJECTS, S_COUNT, S_ALLOC_SPACE, S_BYTES,
       S_INUSE_OBJECTS, S_INUSE_SPACE, S_SPACE, S_BAND, S_OTHER,
       S_KINDS, NWORDS = S_KINDS + 2 * (HB_NLOST + 1) };
/* The four sample types of every file, then, with memcheck's leak kinds
 * (format 4), objects and space of each kind at exit and of the still
 * reachable blocks. */
_Static_assert(sizeof words / sizeof words[0] == NWORDS, "a word per index");
#define NVALUES 4
#define NVALUES_KINDS (NVALUES + 2 * (HB_NLOST + 1))
#define OTHER_EXTRA 1                 /* the "(other sites)" location */
#define NS_PER_MS 1000000u

/* Where each part of the string table starts. */
struct strings {
    uint64_t objects, sources, functions, bands, comments;
};

struct builder {
    const struct hb_file *f;
    const struct hb_site_sel *s;
    int at_exit;
    struct strings st;
    struct hb_pb out, msg, sub;       /* the profile; scratch messages */
};

static void put_string(struct hb_pb *b, const char *s)
{
    hb_pb_bytes_field(b, P_STRING_TABLE, s, strlen(s));
}

static void value_type(struct builder *bd, unsigned field, uint64_t type,
                       uint64_t unit)
{
    hb_pb_reset(&bd->msg);
    hb_pb_varint_field(&bd->msg, VT_TYPE, type);
    hb_pb_varint_field(&bd->msg, VT_UNIT, unit);
    hb_pb_message_field(&bd->out, field, &bd->msg);
}

static void sample_types(struct builder *bd)
{
    value_type(bd, P_SAMPLE_TYPE, S_ALLOC_OBJECTS, S_COUNT);
    value_type(bd, P_SAMPLE_TYPE, S_ALLOC_SPACE, S_BYTES);
    value_type(bd, P_SAMPLE_TYPE, S_INUSE_OBJECTS, S_COUNT);
    value_type(bd, P_SAMPLE_TYPE, S_INUSE_SPACE, S_BYTES);
    if (bd->f->leak_kinds)
        for (unsigned k = 0; k <= HB_NLOST; k++) {
            value_type(bd, P_SAMPLE_TYPE, S_KINDS + 2 * k, S_COUNT);
            value_type(bd, P_SAMPLE_TYPE, S_KINDS + 2 * k + 1, S_BYTES);
        }
}

/* A record's values of the kinds' sample types into v[0 ..]: blocks and
 * bytes of each kind, then of the still reachable ones. */
static void kind_values(const struct hb_site_figures *fig, uint64_t *v)
{
    for (unsigned k = 0; k < HB_NLOST; k++) {
        v[2 * k] = fig->lost.blocks[k];
        v[2 * k + 1] = fig->lost.bytes[k];
    }
    v[2 * HB_NLOST] = fig->exit_blocks - hb_lost_blocks(&fig->lost);
    v[2 * HB_NLOST + 1] = fig->exit_bytes - hb_lost_bytes(&fig->lost);
}

static void label(struct builder *bd, uint64_t key, uint64_t str,
                  uint64_t num, uint64_t num_unit)
{
    hb_pb_reset(&bd->sub);
    hb_pb_varint_field(&bd->sub, LB_KEY, key);
    hb_pb_varint_field(&bd->sub, LB_STR, str);
    hb_pb_varint_field(&bd->sub, LB_NUM, num);
    hb_pb_varint_field(&bd->sub, LB_NUM_UNIT, num_unit);
    hb_pb_message_field(&bd->msg, SM_LABEL, &bd->sub);
}

static void sample(struct builder *bd, const struct hb_sel_rec *r,
                   uint64_t *locs)
{
    const struct hb_file *f = bd->f;
    size_t nlocs = 1;
    if (r->site == 0) {
        locs[0] = f->nframes + OTHER_EXTRA;
    } else {
        const struct hb_site *site = &f->sites[r->site - 1];
        memcpy(locs, site->frames, site->nframes * sizeof *locs);
        nlocs = site->nframes;
    }
    uint64_t values[NVALUES_KINDS] = {
        r->fig.allocs, r->fig.alloc_bytes,
        bd->at_exit ? r->fig.exit_blocks : r->fig.peak_blocks,
        bd->at_exit ? r->fig.exit_bytes : r->fig.peak_bytes
    };
    kind_values(&r->fig, values + NVALUES);
    hb_pb_reset(&bd->msg);
    hb_pb_packed_field(&bd->msg, SM_LOCATION_ID, locs, nlocs);
    hb_pb_packed_field(&bd->msg, SM_VALUE, values,
                       f->leak_kinds ? NVALUES_KINDS : NVALUES);
    label(bd, S_BYTES, 0, f->bands[r->b].lo, S_BYTES);
    label(bd, S_BAND, bd->st.bands + (r->b - bd->s->first_band), 0, 0);
    hb_pb_message_field(&bd->out, P_SAMPLE, &bd->msg);
}

/* The largest offset of object o's frames, plus one: its mapping's
 * limit. */
static uint64_t object_limit(const struct hb_file *f, uint64_t o)
{
    uint64_t limit = 1;
    for (size_t i = 0; i < f->nframes; i++)
        if (f->frames[i].object == o && f->frames[i].offset >= limit)
            limit = f->frames[i].offset + 1;
    return limit;
}

/* Mappings 1.. are the objects, at their own offsets (a frame's OFFSET is
 * already the address addr2line takes), so they may overlap: pprof keys
 * a location by its mapping, and the functions and lines are given, so it
 * has nothing to resolve. */
static void mappings(struct builder *bd)
{
    for (uint64_t o = 1; o <= bd->f->nobjects; o++) {
        hb_pb_reset(&bd->msg);
        hb_pb_varint_field(&bd->msg, MP_ID, o);
        hb_pb_varint_field(&bd->msg, MP_LIMIT, object_limit(bd->f, o));
        hb_pb_varint_field(&bd->msg, MP_FILENAME, bd->st.objects + o - 1);
        hb_pb_varint_field(&bd->msg, MP_HAS_FUNCTIONS, 1);
        hb_pb_varint_field(&bd->msg, MP_HAS_FILENAMES, 1);
        hb_pb_varint_field(&bd->msg, MP_HAS_LINES, 1);
        hb_pb_message_field(&bd->out, P_MAPPING, &bd->msg);
    }
}

/* Location and function n: frame n, or the other sites (nframes + 1). */
static void location(struct builder *bd, uint64_t n)
{
    const struct hb_frame *fr = n <= bd->f->nframes ? &bd->f->frames[n - 1]
                                                    : NULL;
    hb_pb_reset(&bd->msg);
    hb_pb_varint_field(&bd->msg, LC_ID, n);
    if (fr != NULL) {
        hb_pb_varint_field(&bd->msg, LC_MAPPING_ID, fr->object);
        hb_pb_varint_field(&bd->msg, LC_ADDRESS, fr->offset);
    }
    hb_pb_reset(&bd->sub);
    hb_pb_varint_field(&bd->sub, LN_FUNCTION_ID, n);
    hb_pb_varint_field(&bd->sub, LN_LINE, fr ? fr->line : 0);
    hb_pb_message_field(&bd->msg, LC_LINE, &bd->sub);
    hb_pb_message_field(&bd->out, P_LOCATION, &bd->msg);

    uint64_t name = fr ? bd->st.functions + n - 1 : S_OTHER;
    hb_pb_reset(&bd->msg);
    hb_pb_varint_field(&bd->msg, FN_ID, n);
    hb_pb_varint_field(&bd->msg, FN_NAME, name);
    hb_pb_varint_field(&bd->msg, FN_SYSTEM_NAME, name);
    if (fr != NULL && fr->source != 0)
        hb_pb_varint_field(&bd->msg, FN_FILENAME,
                           bd->st.sources + fr->source - 1);
    hb_pb_message_field(&bd->out, P_FUNCTION, &bd->msg);
}

/* A frame's function as pprof names it: an unknown one ("???") by its
 * place, so that unknown code in two objects stays apart. */
static void function_name(const struct hb_file *f, const struct hb_frame *fr,
                          char *buf, size_t size)
{
    if (strcmp(fr->function, "???") != 0)
        snprintf(buf, size, "%s", fr->function);
    else if (fr->object != 0)
        snprintf(buf, size, "??? (%s+0x%" PRIx64 ")",
                 f->objects[fr->object - 1], fr->offset);
    else
        snprintf(buf, size, "??? (0x%" PRIx64 ")", fr->offset);
}

/* The comments: the command, what inuse means, the marks. */
static void comments(struct builder *bd, int only_count, uint64_t *n)
{
    const struct hb_file *f = bd->f;
    char buf[HB_LINE_MAX + 64];
    *n = 0;
    const char *unit = hb_unit_name(f->unit);
    snprintf(buf, sizeof buf, "heapband %s: %s", f->tool_version, f->cmd);
    if (!only_count)
        put_string(&bd->out, buf);
    ++*n;
    if (bd->at_exit)
        snprintf(buf, sizeof buf, "inuse: live at exit (time %" PRIu64
                 " %s)", f->end_time, unit);
    else
        snprintf(buf, sizeof buf, "inuse: live at the peak (time %" PRIu64
                 " %s)", f->peak_t_reached, unit);
    if (!only_count)
        put_string(&bd->out, buf);
    ++*n;
    for (size_t i = 0; i < f->nmarks; i++, ++*n)
        if (!only_count) {
            snprintf(buf, sizeof buf, "mark %" PRIu64 " %s: %s",
                     f->marks[i].t, unit, f->marks[i].name);
            put_string(&bd->out, buf);
        }
}

static void string_table(struct builder *bd)
{
    const struct hb_file *f = bd->f;
    char buf[HB_FRAME_TEXT_MAX];
    for (size_t i = 0; i < NWORDS; i++)
        put_string(&bd->out, words[i]);
    for (size_t i = 0; i < f->nobjects; i++)
        put_string(&bd->out, f->objects[i]);
    for (size_t i = 0; i < f->nsources; i++)
        put_string(&bd->out, f->sources[i]);
    for (size_t i = 0; i < f->nframes; i++) {
        function_name(f, &f->frames[i], buf, sizeof buf);
        put_string(&bd->out, buf);
    }
    for (uint64_t b = bd->s->first_band; b <= bd->s->last_band; b++) {
        snprintf(buf, sizeof buf, "%" PRIu64 "-%" PRIu64, f->bands[b].lo,
                 f->bands[b].hi);
        put_string(&bd->out, buf);
    }
    uint64_t n;
    comments(bd, 0, &n);
}

/* Where string_table() puts each part. */
static void layout(struct builder *bd)
{
    const struct hb_file *f = bd->f;
    bd->st.objects = NWORDS;
    bd->st.sources = bd->st.objects + f->nobjects;
    bd->st.functions = bd->st.sources + f->nsources;
    bd->st.bands = bd->st.functions + f->nframes;
    bd->st.comments = bd->st.bands + (bd->s->last_band - bd->s->first_band
                                      + 1);
}

static void build(struct builder *bd, uint64_t *locs)
{
    const struct hb_file *f = bd->f;
    layout(bd);
    sample_types(bd);
    for (size_t i = 0; i < bd->s->nrecs; i++)
        sample(bd, &bd->s->recs[i], locs);
    mappings(bd);
    for (uint64_t n = 1; n <= f->nframes + OTHER_EXTRA; n++)
        location(bd, n);
    string_table(bd);
    if (f->unit == HB_UNIT_MS)
        hb_pb_varint_field(&bd->out, P_DURATION_NANOS,
                           f->end_time * NS_PER_MS);
    value_type(bd, P_PERIOD_TYPE, S_SPACE, S_BYTES);
    hb_pb_varint_field(&bd->out, P_PERIOD, 1);
    uint64_t ncomments;
    comments(bd, 1, &ncomments);
    for (uint64_t i = 0; i < ncomments; i++) {
        /* A repeated int64 with a value 0 must still be written: packed. */
        uint64_t idx = bd->st.comments + i;
        hb_pb_packed_field(&bd->out, P_COMMENT, &idx, 1);
    }
    hb_pb_varint_field(&bd->out, P_DEFAULT_SAMPLE_TYPE, S_INUSE_SPACE);
}

int hb_pprof_write(FILE *out, const struct hb_file *f,
                   const struct hb_site_sel *s, int inuse_at_exit,
                   struct hb_error *err)
{
    struct builder bd = { .f = f, .s = s, .at_exit = inuse_at_exit };
    uint64_t *locs = malloc((f->depth ? f->depth : 1) * sizeof *locs);
    if (locs == NULL)
        return hb_error_nomem(err, "building the pprof profile");
    build(&bd, locs);
    free(locs);
    int r;
    if (bd.out.failed || bd.msg.failed || bd.sub.failed)
        r = hb_error_nomem(err, "building the pprof profile");
    else
        r = hb_gzip_write(out, bd.out.data, bd.out.len, err);
    hb_pb_free(&bd.out);
    hb_pb_free(&bd.msg);
    hb_pb_free(&bd.sub);
    return r;
}
