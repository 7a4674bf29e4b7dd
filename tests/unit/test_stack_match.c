/* test_stack_match.c -- unit tests of the stack patterns
 * (heapband_print/model/stack_match.h).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 *   test_stack_match        (in a scratch directory: it writes files there)
 *
 * The matcher on substrings, '*' runs (with the backtracking they need)
 * and the '^' and '$' anchors; suppression files read into patterns, a
 * bad line reported by its number; and which sites of a table in memory
 * a set of patterns matches, through a function or an object.  Prints one
 * line per failed check and exits 1 if any failed.  Run as
 * unit/test_stack_match.
 */
#include "stack_match.h"
#include "unit_check.h"

#include <stdio.h>
#include <string.h>

static void test_matcher(void)
{
    static const struct {
        const char *pattern, *text;
        int matches;
    } cases[] = {
        { "png", "png_malloc", 1 },        /* a substring anywhere */
        { "malloc", "png_malloc", 1 },
        { "png", "libpng", 1 },
        { "pnh", "png_malloc", 0 },
        { "^png", "png_malloc", 1 },       /* anchored at the start */
        { "^png", "libpng", 0 },
        { "malloc$", "png_malloc", 1 },    /* anchored at the end */
        { "png$", "png_malloc", 0 },
        { "^grow$", "grow", 1 },
        { "^grow$", "grower", 0 },
        { "^gro*$", "grow", 1 },
        { "p*c", "png_malloc", 1 },        /* '*': any run, even empty */
        { "^png_*malloc$", "png_malloc", 1 },
        { "a*b*c", "xaYbZcx", 1 },
        { "^a*b*c$", "acb", 0 },
        { "^*ab$", "aab", 1 },             /* the star must backtrack */
        { "^a*ab$", "aaab", 1 },
        { "^a*ab$", "aaa", 0 },
        { "^$", "", 1 },
        { "^$", "x", 0 },
        { "x", "", 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check(hb_stack_pattern_matches(cases[i].pattern, cases[i].text)
              == cases[i].matches, "'%s' on '%s': want %d", cases[i].pattern,
              cases[i].text, cases[i].matches);
}

static int write_file(const char *path, const char *text)
{
    FILE *out = fopen(path, "w");
    if (out == NULL)
        return -1;
    fputs(text, out);
    return fclose(out);
}

static void test_files(void)
{
    struct hb_suppressions s = { .patterns = NULL, .npatterns = 0 };
    struct hb_error err = { .kind = HB_ERR_NONE };
    check(write_file("good.supp", "# png's own pools\n\n  leak:  png_*  \n"
                     "leak:^keep$\r\n") == 0, "writing good.supp");
    check(write_file("more.supp", "leak:libz\n") == 0, "writing more.supp");
    check(write_file("bad.supp", "leak:a\n# fine\nleak:\n") == 0,
          "writing bad.supp");
    check(hb_suppressions_load(&s, "good.supp", &err) == 0,
          "good.supp: %s", err.msg);
    check(hb_suppressions_load(&s, "more.supp", &err) == 0,
          "more.supp: %s", err.msg);
    check(s.npatterns == 3, "3 patterns, got %zu", s.npatterns);
    if (s.npatterns == 3) {
        check(strcmp(s.patterns[0], "png_*") == 0, "pattern 1 '%s'",
              s.patterns[0]);
        check(strcmp(s.patterns[1], "^keep$") == 0, "pattern 2 '%s'",
              s.patterns[1]);
        check(strcmp(s.patterns[2], "libz") == 0, "pattern 3 '%s'",
              s.patterns[2]);
    }
    hb_suppressions_free(&s);
    check(s.npatterns == 0 && s.patterns == NULL, "freed");

    check(hb_suppressions_load(&s, "bad.supp", &err) < 0, "bad.supp read");
    check(err.kind == HB_ERR_INPUT && err.line == 3
          && strcmp(err.msg, "not a suppression (expected leak:PATTERN, a "
                    "# comment or a blank line)") == 0,
          "bad.supp: kind %d, line %lu, '%s'", (int)err.kind, err.line,
          err.msg);
    hb_suppressions_free(&s);
    err = (struct hb_error){ .kind = HB_ERR_NONE };
    check(hb_suppressions_load(&s, "no-such.supp", &err) < 0
          && err.kind == HB_ERR_INPUT && err.line == 0,
          "a missing file: kind %d, line %lu", (int)err.kind, err.line);
    hb_suppressions_free(&s);
}

static void test_sites(void)
{
    static char *objects[] = { "/usr/bin/prog", "/usr/lib/libpng16.so" };
    static struct hb_frame frames[] = {
        { .object = 2, .offset = 0x10, .function = "inflate_chunk" },
        { .object = 1, .offset = 0x20, .function = "read_image" },
        { .object = 1, .offset = 0x30, .function = "main" },
        { .object = 0, .offset = 0x40, .function = "???" },
    };
    static uint64_t stack1[] = { 1, 2, 3 }, stack2[] = { 2, 3 },
                    stack3[] = { 4 };
    static struct hb_site sites[] = {
        { .id = 1, .nframes = 3, .frames = stack1 },
        { .id = 2, .nframes = 2, .frames = stack2 },
        { .id = 3, .nframes = 1, .frames = stack3 },
    };
    struct hb_file f;
    memset(&f, 0, sizeof f);
    f.version = 3;
    f.objects = objects;
    f.nobjects = 2;
    f.frames = frames;
    f.nframes = 4;
    f.sites = sites;
    f.nsites = 3;
    static const struct {
        char *pattern;
        int site1, site2, site3;
    } cases[] = {
        { "read_image", 1, 1, 0 },     /* a function of both stacks */
        { "^inflate", 1, 0, 0 },       /* the innermost frame only */
        { "libpng", 1, 0, 0 },         /* an object's path */
        { "/usr/", 1, 1, 0 },
        { "^main$", 1, 1, 0 },
        { "???", 0, 0, 1 },            /* no object: the function alone */
        { "nothing", 0, 0, 0 },
        /* An object and an offset, in lowercase hex: one frame. */
        { "/usr/bin/prog+0x20", 1, 1, 0 },
        { "^/usr/bin/prog+0x30$", 1, 1, 0 },
        { "prog+0x2", 1, 1, 0 },       /* a prefix of 0x20 and of 0x30 */
        { "libpng16.so+0x10$", 1, 0, 0 },
        { "/usr/bin/prog+0x10", 0, 0, 0 },   /* the offset of another object */
        { "/usr/bin/prog+0x2$", 0, 0, 0 },
        { "+0x40", 0, 0, 0 },          /* no object, no object+offset */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *one[1] = { cases[i].pattern };
        struct hb_suppressions s = { .patterns = one, .npatterns = 1 };
        int want[3] = { cases[i].site1, cases[i].site2, cases[i].site3 };
        for (uint64_t site = 1; site <= 3; site++)
            check(hb_suppressions_match_site(&f, &s, site) == want[site - 1],
                  "'%s' on site %llu: want %d", cases[i].pattern,
                  (unsigned long long)site, want[site - 1]);
    }
    char *two[2] = { "nothing", "main" };
    struct hb_suppressions s = { .patterns = two, .npatterns = 2 };
    check(hb_suppressions_match_site(&f, &s, 2) == 1,
          "the second of two patterns");
}

int main(void)
{
    test_matcher();
    test_files();
    test_sites();
    return check_summary();
}
