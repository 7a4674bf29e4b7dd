/* test_site_diff.c -- unit tests of the matching of sites between two
 * files (heapband_print/model/site_diff.h).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 *   test_site_diff
 *
 * Two site tables built in memory, as two builds of one program would
 * write them (objects in other directories, code at other offsets), with
 * each case of the matching rule: a frame with a source line matches by
 * function and line whatever its offset; a named frame without one by
 * function and object file name, so two such frames of one function are
 * one (their sites merge); a "???" frame by its offset as well.  Checks
 * the changes found, their order and figures, and the sites a pattern
 * names.  Prints one line per failed check and exits 1 if any failed.
 * Run as unit/test_site_diff.
 */
#include "site_diff.h"
#include "unit_check.h"

#include <string.h>

static char *old_objects[] = { "/old/build/prog", "/lib/libc.so.6" };
static char *new_objects[] = { "/new/dir/prog", "/usr/lib/libc.so.6" };
static char *sources[] = { "a.c" };

/* object offset source line function */
static struct hb_frame old_frames[] = {
    { 1, 0x100, 1, 10, "f", 0 },
    { 1, 0x200, 0, 0, "g", 0 },
    { 1, 0x300, 0, 0, "???", 0 },
    { 2, 0x50, 0, 0, "???", 0 },
    { 1, 0x210, 0, 0, "g", 0 },
};
static struct hb_frame new_frames[] = {
    { 1, 0x180, 1, 10, "f", 0 },     /* moved: still f at a.c:10 */
    { 1, 0x280, 0, 0, "g", 0 },      /* g in prog */
    { 1, 0x300, 0, 0, "???", 0 },    /* the same offset */
    { 2, 0x60, 0, 0, "???", 0 },     /* another offset: another frame */
};

static uint64_t fr1[] = { 1 }, fr2[] = { 2 }, fr3[] = { 3 }, fr4[] = { 4 },
                fr5[] = { 5 };
static struct hb_site old_sites[] = {
    { 1, 1, fr1, 0 }, { 2, 1, fr2, 0 }, { 3, 1, fr3, 0 }, { 4, 1, fr5, 0 },
    { 5, 1, fr4, 0 },
};
static struct hb_site new_sites[] = {
    { 1, 1, fr1, 0 }, { 2, 1, fr2, 0 }, { 3, 1, fr3, 0 }, { 4, 1, fr4, 0 },
};

/* b site nsites allocs alloc_bytes peak_bytes peak_blocks exit_bytes
 * exit_blocks max_bytes
 * ranking rank times_at ntimes lost */
static struct hb_siterec old_recs[] = {
    { 1, 1, 0, 1, 100, 100, 1, 0, 0, 100, 0, 0, 0, 0, { { 0 }, { 0 } }, 0, { 0 } },
    { 1, 2, 0, 1, 10, 0, 0, 10, 1, 10, 0, 0, 0, 0, { { 0 }, { 0 } }, 0, { 0 } },
    { 1, 3, 0, 1, 5, 0, 0, 0, 0, 5, 0, 0, 0, 0, { { 0 }, { 0 } }, 0, { 0 } },
    { 1, 4, 0, 1, 10, 0, 0, 0, 0, 10, 0, 0, 0, 0, { { 0 }, { 0 } }, 0, { 0 } },
    { 1, 5, 0, 1, 7, 0, 0, 0, 0, 7, 0, 0, 0, 0, { { 0 }, { 0 } }, 0, { 0 } },
    { 1, 0, 2, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, { { 0 }, { 0 } }, 0, { 0 } },
};
static struct hb_siterec new_recs[] = {
    { 1, 1, 0, 1, 100, 100, 1, 0, 0, 100, 0, 0, 0, 0, { { 0 }, { 0 } }, 0, { 0 } },
    { 1, 2, 0, 2, 20, 0, 0, 10, 1, 10, 0, 0, 0, 0, { { 0 }, { 0 } }, 0, { 0 } },   /* = old sites 2 and 4 */
    { 1, 3, 0, 1, 6, 6, 1, 0, 0, 6, 0, 0, 0, 0, { { 0 }, { 0 } }, 0, { 0 } },
    { 1, 4, 0, 1, 7, 0, 0, 0, 0, 7, 0, 0, 0, 0, { { 0 }, { 0 } }, 0, { 0 } },
    { 1, 0, 2, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, { { 0 }, { 0 } }, 0, { 0 } },
};

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

static void make_file(struct hb_file *f, int is_new)
{
    memset(f, 0, sizeof *f);
    f->version = 3;
    f->depth = 12;
    f->objects = is_new ? new_objects : old_objects;
    f->nobjects = 2;
    f->sources = sources;
    f->nsources = 1;
    f->frames = is_new ? new_frames : old_frames;
    f->nframes = is_new ? COUNT(new_frames) : COUNT(old_frames);
    f->sites = is_new ? new_sites : old_sites;
    f->nsites = is_new ? COUNT(new_sites) : COUNT(old_sites);
    f->siterecs = is_new ? new_recs : old_recs;
    f->nsiterecs = is_new ? COUNT(new_recs) : COUNT(old_recs);
}

static void check_change(const struct hb_site_diff *d, size_t i,
                         uint64_t old_site, uint64_t new_site,
                         uint64_t old_bytes, uint64_t new_bytes)
{
    if (i >= d->nchanges) {
        check(0, "change %zu: only %zu changes", i, d->nchanges);
        return;
    }
    const struct hb_site_change *c = &d->changes[i];
    check(c->old_site == old_site && c->new_site == new_site,
          "change %zu: sites %llu and %llu, expected %llu and %llu", i,
          (unsigned long long)c->old_site, (unsigned long long)c->new_site,
          (unsigned long long)old_site, (unsigned long long)new_site);
    check(c->old_v.alloc_bytes == old_bytes
          && c->new_v.alloc_bytes == new_bytes,
          "change %zu: bytes %llu -> %llu, expected %llu -> %llu", i,
          (unsigned long long)c->old_v.alloc_bytes,
          (unsigned long long)c->new_v.alloc_bytes,
          (unsigned long long)old_bytes, (unsigned long long)new_bytes);
}

static void test_match(const struct hb_file *o, const struct hb_file *n)
{
    struct hb_site_diff d;
    struct hb_error err = { HB_ERR_NONE, 0, "" };
    check(hb_site_diff_build(o, n, &d, &err) == 0, "build: %s", err.msg);
    check(d.available, "available");
    /* f (moved) and g (two frames in OLD, merged) are unchanged. */
    check(d.nunchanged == 2, "unchanged: %zu, expected 2", d.nunchanged);
    check(d.nchanges == 3 && d.nnew == 1 && d.ngone == 1,
          "changes %zu (new %zu, gone %zu), expected 3 (1, 1)", d.nchanges,
          d.nnew, d.ngone);
    /* Largest byte change first; of equal ones, those in NEW first. */
    check_change(&d, 0, 0, 4, 0, 7);
    check_change(&d, 1, 5, 0, 7, 0);
    check_change(&d, 2, 3, 3, 5, 6);
    if (d.nchanges == 3)
        check(d.changes[2].byte_change == 6 && d.changes[2].block_change == 1,
              "??? site: byte change %llu, block change %llu",
              (unsigned long long)d.changes[2].byte_change,
              (unsigned long long)d.changes[2].block_change);
    check(hb_site_figures_equal(&d.old_other, &d.new_other)
          && d.old_other.alloc_bytes == 3, "other sites");
    check(hb_site_diff_any(&d), "a difference found");
    hb_site_diff_free(&d);

    check(hb_site_diff_build(o, o, &d, &err) == 0, "build: %s", err.msg);
    check(d.nchanges == 0 && d.nunchanged == 4 && !hb_site_diff_any(&d),
          "OLD against itself: %zu changes, %zu unchanged", d.nchanges,
          d.nunchanged);
    hb_site_diff_free(&d);
}

static void test_unavailable(const struct hb_file *n)
{
    struct hb_file v2;
    struct hb_site_diff d;
    struct hb_error err = { HB_ERR_NONE, 0, "" };
    make_file(&v2, 0);
    v2.version = 2;
    check(hb_site_diff_build(n, &v2, &d, &err) == 0, "build: %s", err.msg);
    check(!d.available && strcmp(d.reason, "NEW is format version 2") == 0,
          "version 2: '%s'", d.reason);
    check(!hb_site_diff_any(&d), "version 2: no difference");
    hb_site_diff_free(&d);
    v2.version = 3;
    v2.depth = 0;
    check(hb_site_diff_build(&v2, n, &d, &err) == 0, "build: %s", err.msg);
    check(!d.available
          && strcmp(d.reason, "OLD records no sites (depth: 0)") == 0,
          "depth 0: '%s'", d.reason);
    hb_site_diff_free(&d);
}

static void test_pattern(const struct hb_file *o)
{
    struct hb_site_figures sum;
    size_t n;
    struct hb_error err = { HB_ERR_NONE, 0, "" };
    check(hb_site_pattern_figures(o, "^g$", &sum, &n, &err) == 0, "pattern");
    check(n == 2 && sum.alloc_bytes == 20 && sum.exit_bytes == 10,
          "'^g$': %zu sites, %llu bytes", n,
          (unsigned long long)sum.alloc_bytes);
    /* As a suppression: "g" is also in the object "/old/build/prog". */
    check(hb_site_pattern_figures(o, "g", &sum, &n, &err) == 0, "pattern");
    check(n == 4 && sum.alloc_bytes == 125,
          "'g': %zu sites, %llu bytes", n,
          (unsigned long long)sum.alloc_bytes);
    check(hb_site_pattern_figures(o, "libc.so", &sum, &n, &err) == 0,
          "pattern");
    check(n == 1 && sum.alloc_bytes == 7, "'libc.so': %zu sites, %llu bytes",
          n, (unsigned long long)sum.alloc_bytes);
    check(hb_site_pattern_figures(o, "^/lib/libc.so.6+0x50$", &sum, &n, &err)
          == 0, "pattern");
    check(n == 1 && sum.alloc_bytes == 7, "'libc+0x50': %zu sites", n);
    check(hb_site_pattern_figures(o, "libc.so.6+0x60", &sum, &n, &err) == 0,
          "pattern");
    check(n == 0, "'libc+0x60': %zu sites", n);
    check(hb_site_pattern_figures(o, "*", &sum, &n, &err) == 0, "pattern");
    check(n == 5 && sum.alloc_bytes == 132, "'*': %zu sites, %llu bytes", n,
          (unsigned long long)sum.alloc_bytes);
    check(hb_site_pattern_figures(o, "^f$", &sum, &n, &err) == 0, "pattern");
    check(n == 1 && sum.peak_bytes == 100, "'^f$': %zu sites", n);
    check(hb_site_pattern_figures(o, "h", &sum, &n, &err) == 0, "pattern");
    check(n == 0 && sum.allocs == 0, "'h': %zu sites", n);
}

int main(void)
{
    struct hb_file o, n;
    make_file(&o, 0);
    make_file(&n, 1);
    test_match(&o, &n);
    test_unavailable(&n);
    test_pattern(&o);
    return check_summary();
}
