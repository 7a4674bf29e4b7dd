/* ending.c -- how a file's run ended, in words (see ending.h).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * One text for the chart's summary, --format=json, the HTML report and the
 * diff's reports, so that they say the same.  A signal is named where the
 * program was: a fault in main is "in main (prog.c:22)", and abort() is
 * named by the program's frame that called it, not by glibc's raise.
 * Cost: O(frames of one stack).
 */
#include "ending.h"

#include <stdio.h>
#include <string.h>

#include "units.h"

const char *hb_ending_how(const struct hb_file *f)
{
    switch (f->ending.kind) {
    case HB_ENDING_EXIT: return "exit";
    case HB_ENDING_SIGNAL: return "signal";
    case HB_ENDING_EXEC: return "exec";
    case HB_ENDING_RUNNING: return "running";
    default: return NULL;
    }
}

/* The file name of the command's first word: the executable. */
static void exe_name(const struct hb_file *f, char *buf, size_t size)
{
    const char *cmd = f->cmd != NULL ? f->cmd : "";
    size_t len = strcspn(cmd, " ");
    const char *start = cmd;
    for (size_t i = 0; i < len; i++)
        if (cmd[i] == '/')
            start = cmd + i + 1;
    snprintf(buf, size, "%.*s", (int)(cmd + len - start), start);
}

/* Whether object path's file name is name. */
static int object_is(const char *path, const char *name)
{
    const char *slash = strrchr(path, '/');
    return strcmp(slash != NULL ? slash + 1 : path, name) == 0;
}

uint64_t hb_ending_frame(const struct hb_file *f)
{
    const struct hb_ending *e = &f->ending;
    char exe[256];
    if (e->kind != HB_ENDING_SIGNAL || e->site == 0)
        return 0;
    const struct hb_site *s = &f->sites[e->site - 1];
    exe_name(f, exe, sizeof exe);
    for (size_t i = 0; i < s->nframes; i++) {
        const struct hb_frame *fr = &f->frames[s->frames[i] - 1];
        if (exe[0] != '\0' && fr->object != 0
            && object_is(f->objects[fr->object - 1], exe))
            return s->frames[i];
    }
    return s->nframes > 0 ? s->frames[0] : 0;
}

/* Frame n as its function and source line ("main (prog.c:22)"), or its
 * object: the same words whatever else the file's version changes (the
 * fuzzer reads a file as version 2 too). */
static void frame_words(const struct hb_file *f, uint64_t n, char *buf,
                        size_t size)
{
    const struct hb_frame *fr = &f->frames[n - 1];
    if (fr->source != 0)
        snprintf(buf, size, "%s (%s:%llu)", fr->function,
                 f->sources[fr->source - 1], (unsigned long long)fr->line);
    else if (fr->object != 0)
        snprintf(buf, size, "%s (in %s)", fr->function,
                 f->objects[fr->object - 1]);
    else
        snprintf(buf, size, "%s", fr->function);
}

void hb_ending_text(const struct hb_file *f, char *buf, size_t size)
{
    const struct hb_ending *e = &f->ending;
    char t[40], where[HB_ENDING_TEXT_MAX - 200];
    hb_format_time(t, sizeof t, (double)f->end_time, hb_unit_name(f->unit));
    where[0] = '\0';
    uint64_t frame = hb_ending_frame(f);
    if (frame != 0) {
        char fr[sizeof where - 8];
        frame_words(f, frame, fr, sizeof fr);
        snprintf(where, sizeof where, " in %s", fr);
    }
    switch (e->kind) {
    case HB_ENDING_EXIT:
        snprintf(buf, size, "exited with status %llu",
                 (unsigned long long)e->status);
        break;
    case HB_ENDING_SIGNAL:
        if (e->signo != 0)
            snprintf(buf, size, "killed by %s at t=%s%s", e->signame, t,
                     where);
        else
            snprintf(buf, size, "killed by a signal (the tool cannot tell "
                     "which) at t=%s%s", t, where);
        break;
    case HB_ENDING_EXEC:
        snprintf(buf, size, "exec'd %s at t=%s", e->program, t);
        break;
    case HB_ENDING_RUNNING:
        snprintf(buf, size, "still running at t=%s", t);
        break;
    default:
        buf[0] = '\0';
        break;
    }
}

int hb_ending_differs(const struct hb_file *o, const struct hb_file *n)
{
    const struct hb_ending *a = &o->ending, *b = &n->ending;
    if (a->kind != b->kind)
        return 1;
    switch (a->kind) {
    case HB_ENDING_EXIT: return a->status != b->status;
    case HB_ENDING_SIGNAL: return a->signo != b->signo;
    case HB_ENDING_EXEC: return strcmp(a->program, b->program) != 0;
    default: return 0;
    }
}
