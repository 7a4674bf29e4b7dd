/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
 * jemalloc's own statistics for the test programs that print an
 * allocator's figures beside HEAPBAND_SNAPSHOT (progs/footprint.c,
 * progs/givenback.c).  mallctl is found with dlsym, so jemalloc linked or
 * preloaded both work; without it, je_mallctl() is NULL.  The includer
 * defines _GNU_SOURCE first (RTLD_DEFAULT). */
#ifndef JESTATS_H
#define JESTATS_H
#include <dlfcn.h>
#include <string.h>

typedef int (*mallctl_fn)(const char *, void *, size_t *, void *, size_t);

static mallctl_fn je_mallctl(void)
{
    return (mallctl_fn)dlsym(RTLD_DEFAULT, "mallctl");
}

/* Statistics are as of the last epoch: a new one refreshes them. */
static void je_refresh(mallctl_fn mallctl)
{
    unsigned long long epoch = 1;
    size_t len = sizeof epoch;
    mallctl("epoch", &epoch, &len, &epoch, len);
}

/* A size_t statistic, or 0 when jemalloc does not know it. */
static unsigned long long je_stat(mallctl_fn mallctl, const char *name)
{
    size_t v = 0, len = sizeof v;
    return mallctl(name, &v, &len, NULL, 0) == 0 ? v : 0;
}

/* Bytes of the pages purged so far (madvise), over all arenas (4096 is
 * MALLCTL_ARENAS_ALL); the counters are 64-bit. */
static unsigned long long je_purged(mallctl_fn mallctl)
{
    unsigned long long dirty = 0, muzzy = 0;
    size_t len = sizeof dirty;
    mallctl("stats.arenas.4096.dirty_purged", &dirty, &len, NULL, 0);
    len = sizeof muzzy;
    mallctl("stats.arenas.4096.muzzy_purged", &muzzy, &len, NULL, 0);
    return je_stat(mallctl, "arenas.page") * (dirty + muzzy);
}

#endif
