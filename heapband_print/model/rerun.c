/* rerun.c -- the command that reruns a file's program stopped at one of
 * its allocations: see rerun.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#include "rerun.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether a shell reads word as written, without quotes. */
static int shell_plain(const char *word)
{
    for (const char *c = word; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z')
              || (*c >= '0' && *c <= '9') || strchr("_./:=@+,-", *c)))
            return 0;
    return 1;
}

/* word in single quotes, each ' as '\''; a string to free or NULL. */
static char *shell_quoted(const char *word)
{
    size_t n = 3;
    for (const char *c = word; *c; c++)
        n += *c == '\'' ? 4 : 1;
    char *q = malloc(n);
    if (q == NULL)
        return NULL;
    char *o = q;
    *o++ = '\'';
    for (const char *c = word; *c; c++) {
        if (*c == '\'') {
            memcpy(o, "'\\''", 4);
            o += 4;
        } else {
            *o++ = *c;
        }
    }
    *o++ = '\'';
    *o = '\0';
    return q;
}

char *hb_rerun_command(const struct hb_file *f, uint64_t n, uint64_t lo,
                       uint64_t hi, const char *fn)
{
    char what[64];
    int len = snprintf(what, sizeof what, "--stop-at=alloc:%" PRIu64, n);
    if (lo <= hi && lo == hi)
        len += snprintf(what + len, sizeof what - (size_t)len, "=%" PRIu64, lo);
    else if (lo <= hi)
        len += snprintf(what + len, sizeof what - (size_t)len,
                        "=%" PRIu64 "-%" PRIu64, lo, hi);
    int named = fn != NULL && *fn != '\0' && strcmp(fn, "???") != 0;
    size_t wlen = (size_t)len + 1 + (named ? strlen(fn) : 0) + 1;
    char *word = malloc(wlen);
    if (word == NULL)
        return NULL;
    snprintf(word, wlen, "%s%s%s", what, named ? "@" : "", named ? fn : "");
    char *arg = shell_plain(word) ? word : shell_quoted(word);
    if (arg != word)
        free(word);
    if (arg == NULL)
        return NULL;
    const char *alloc = f->allocator_program ? " --allocator=program" : "";
    const char *cmd = f->cmd != NULL ? f->cmd : "";
    size_t clen = strlen("valgrind --tool=heapband") + strlen(alloc) + 1
                  + strlen(arg) + 1 + strlen(cmd) + 1;
    char *line = malloc(clen);
    if (line != NULL)
        snprintf(line, clen, "valgrind --tool=heapband%s %s %s", alloc, arg,
                 cmd);
    free(arg);
    return line;
}

uint64_t hb_rerun_alloc_of(const struct hb_file *f,
                           const struct hb_siterec *r, int kind)
{
    if (!f->has_alloc_numbers || r->site == 0)
        return 0;
    return kind < 0 ? r->alloc_first : r->alloc_lost[kind];
}

const struct hb_siterec **hb_rerun_first_by_site(const struct hb_file *f,
                                                 int *nomem)
{
    *nomem = 0;
    if (!f->has_alloc_numbers || f->nsites == 0)
        return NULL;
    const struct hb_siterec **first = calloc(f->nsites, sizeof *first);
    if (first == NULL) {
        *nomem = 1;
        return NULL;
    }
    for (size_t i = 0; i < f->nsiterecs; i++) {
        const struct hb_siterec *r = &f->siterecs[i];
        if (r->site == 0 || r->site > f->nsites)
            continue;
        const struct hb_siterec **best = &first[r->site - 1];
        if (*best == NULL || r->alloc_first < (*best)->alloc_first)
            *best = r;
    }
    return first;
}

char *hb_rerun_site(const struct hb_file *f, const struct hb_siterec *r,
                    int kind, int *nomem)
{
    *nomem = 0;
    uint64_t n = hb_rerun_alloc_of(f, r, kind);
    if (n == 0 || r->site > f->nsites || r->b >= f->nbands)
        return NULL;
    const struct hb_site *s = &f->sites[r->site - 1];
    const char *fn = NULL;
    if (s->nframes > 0 && s->frames[0] >= 1 && s->frames[0] <= f->nframes)
        fn = f->frames[s->frames[0] - 1].function;
    char *line = hb_rerun_command(f, n, f->bands[r->b].lo, f->bands[r->b].hi,
                                  fn);
    *nomem = line == NULL;
    return line;
}
