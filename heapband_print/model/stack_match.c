/* stack_match.c -- LeakSanitizer-style stack patterns: see stack_match.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Owns the matcher, what of a frame a pattern matches (its function, its
 * object, its object and offset), the suppression file's syntax and the
 * rule that a site matches through any of its frames.  A pattern is
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

/* ---------------------------------------------------------------- frames */

int hb_frame_matches(const struct hb_file *f, uint64_t n, const char *pattern)
{
    const struct hb_frame *fr = &f->frames[n - 1];
    if (hb_stack_pattern_matches(pattern, fr->function))
        return 1;
    if (f->version < 3 || fr->object == 0)
        return 0;
    const char *object = f->objects[fr->object - 1];
    if (hb_stack_pattern_matches(pattern, object))
        return 1;
    /* Only a pattern that names an offset can match the longer text. */
    if (strstr(pattern, "+0x") == NULL)
        return 0;
    char text[HB_LINE_MAX + 32];
    snprintf(text, sizeof text, "%s+0x%llx", object,
             (unsigned long long)fr->offset);
    return hb_stack_pattern_matches(pattern, text);
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

/* One line of in into buf (size HB_LINE_MAX + 1), without its newline,
 * its length in *len: 1, 0 at the end of the file, -1 for a line longer
 * than HB_LINE_MAX.  Read byte by byte, so that a NUL byte is seen where
 * it is instead of ending the line for the string functions. */
static int read_line(FILE *in, char *buf, size_t *len)
{
    size_t n = 0;
    int c;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (n == HB_LINE_MAX)
            return -1;
        buf[n++] = (char)c;
    }
    buf[n] = '\0';
    *len = n;
    return c == EOF && n == 0 ? 0 : 1;
}

int hb_suppressions_load(struct hb_suppressions *s, const char *path,
                         struct hb_error *err)
{
    FILE *in = fopen(path, "r");
    if (in == NULL)
        return hb_error_set(err, HB_ERR_INPUT, 0, "cannot read the "
                            "suppression file");
    char buf[HB_LINE_MAX + 1];
    unsigned long line = 0;
    size_t len;
    int r = 0, got;
    while (r == 0 && (got = read_line(in, buf, &len)) != 0) {
        line++;
        if (got < 0) {
            r = hb_error_set(err, HB_ERR_INPUT, line, "line longer than %d "
                             "bytes", HB_LINE_MAX);
            break;
        }
        const char *nul = memchr(buf, '\0', len);
        if (nul != NULL) {
            r = hb_error_set(err, HB_ERR_INPUT, line, "a NUL byte in "
                             "column %zu (a suppression file is text)",
                             (size_t)(nul - buf) + 1);
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
    for (size_t i = 0; i < st->nframes; i++)
        for (size_t p = 0; p < s->npatterns; p++)
            if (hb_frame_matches(f, st->frames[i], s->patterns[p]))
                return 1;
    return 0;
}
