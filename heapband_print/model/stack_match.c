/* stack_match.c -- LeakSanitizer-style stack patterns: see stack_match.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Owns the matcher, the suppression file's syntax and the rule that a
 * site matches through any frame's function or object.  A pattern is
 * turned into a whole-text glob once per match, without copying it.
 * Invariant: reads the model and the suppression files only.  Cost: one
 * pass over a suppression file; a match, O(pattern x text).
 */
#define _POSIX_C_SOURCE 200809L
#include "stack_match.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- matcher */

/* A pattern as a whole-text glob: the pattern's own characters, with an
 * implied '*' before them unless anchored by '^' and after them unless
 * anchored by '$' (so an unanchored pattern matches anywhere). */
struct glob {
    const char *chars;
    size_t len;                 /* of chars */
    int star_before, star_after;
};

static size_t glob_len(const struct glob *g)
{
    return g->len + (size_t)g->star_before + (size_t)g->star_after;
}

static char glob_at(const struct glob *g, size_t k)
{
    if (g->star_before) {
        if (k == 0)
            return '*';
        k--;
    }
    return k < g->len ? g->chars[k] : '*';
}

/* Whether the glob matches all of text.  One pass with a single backtrack
 * point (the last '*' seen): O(pattern x text), whatever the number of
 * '*'s. */
static int glob_matches(const struct glob *g, const char *text)
{
    size_t m = glob_len(g), j = 0, star = (size_t)-1, mark = 0, i = 0;
    while (text[i] != '\0') {
        if (j < m && glob_at(g, j) == '*') {
            star = j++;
            mark = i;
        } else if (j < m && glob_at(g, j) == text[i]) {
            i++, j++;
        } else if (star != (size_t)-1) {
            j = star + 1;
            i = ++mark;
        } else {
            return 0;
        }
    }
    while (j < m && glob_at(g, j) == '*')
        j++;
    return j == m;
}

int hb_stack_pattern_matches(const char *pattern, const char *text)
{
    struct glob g = { pattern, strlen(pattern), 1, 1 };
    if (g.len > 0 && g.chars[0] == '^')
        g.chars++, g.len--, g.star_before = 0;
    if (g.len > 0 && g.chars[g.len - 1] == '$')
        g.len--, g.star_after = 0;
    return glob_matches(&g, text);
}

/* ------------------------------------------------------ suppression files */

/* The line without its leading and trailing blanks, in place. */
static char *trim(char *line)
{
    while (*line == ' ' || *line == '\t')
        line++;
    size_t len = strlen(line);
    while (len > 0 && strchr(" \t\r\n", line[len - 1]) != NULL)
        line[--len] = '\0';
    return line;
}

static int add_pattern(struct hb_suppressions *s, const char *pattern,
                       struct hb_error *err)
{
    char **grown = realloc(s->patterns,
                           (s->npatterns + 1) * sizeof *s->patterns);
    if (grown == NULL)
        return hb_error_nomem(err, "reading the suppressions");
    s->patterns = grown;
    s->patterns[s->npatterns] = strdup(pattern);
    if (s->patterns[s->npatterns] == NULL)
        return hb_error_nomem(err, "reading the suppressions");
    s->npatterns++;
    return 0;
}

int hb_suppressions_load(struct hb_suppressions *s, const char *path,
                         struct hb_error *err)
{
    FILE *in = fopen(path, "r");
    if (in == NULL)
        return hb_error_set(err, HB_ERR_INPUT, 0, "cannot read the "
                            "suppression file");
    char buf[HB_LINE_MAX + 2];
    unsigned long line = 0;
    int r = 0;
    while (r == 0 && fgets(buf, sizeof buf, in) != NULL) {
        line++;
        if (strchr(buf, '\n') == NULL && !feof(in)) {
            r = hb_error_set(err, HB_ERR_INPUT, line, "line longer than %d "
                             "bytes", HB_LINE_MAX);
            break;
        }
        char *text = trim(buf);
        if (text[0] == '\0' || text[0] == '#')
            continue;
        if (strncmp(text, "leak:", 5) != 0 || trim(text + 5)[0] == '\0')
            r = hb_error_set(err, HB_ERR_INPUT, line, "not a suppression "
                             "(expected leak:PATTERN, a # comment or a "
                             "blank line)");
        else
            r = add_pattern(s, trim(text + 5), err);
    }
    if (r == 0 && ferror(in))
        r = hb_error_set(err, HB_ERR_INPUT, 0, "cannot read the suppression "
                         "file");
    fclose(in);
    return r;
}

void hb_suppressions_free(struct hb_suppressions *s)
{
    for (size_t i = 0; i < s->npatterns; i++)
        free(s->patterns[i]);
    free(s->patterns);
    s->patterns = NULL;
    s->npatterns = 0;
}

/* -------------------------------------------------------------- sites */

int hb_suppressions_match_site(const struct hb_file *f,
                               const struct hb_suppressions *s,
                               uint64_t site)
{
    const struct hb_site *st = &f->sites[site - 1];
    for (size_t i = 0; i < st->nframes; i++) {
        const struct hb_frame *fr = &f->frames[st->frames[i] - 1];
        const char *object = fr->object ? f->objects[fr->object - 1] : NULL;
        for (size_t p = 0; p < s->npatterns; p++)
            if (hb_stack_pattern_matches(s->patterns[p], fr->function)
                || (object != NULL
                    && hb_stack_pattern_matches(s->patterns[p], object)))
                return 1;
    }
    return 0;
}
