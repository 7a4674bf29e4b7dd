/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
 * The allocator's footprint and slop at known moments, as the allocator
 * itself counts them, beside a HEAPBAND_SNAPSHOT at each moment
 * (tests/tool/footprint.test).  Many small blocks, every other one freed,
 * then large ones and a realloc, then a thread's allocations.  At each
 * moment it writes "moment N FOOTPRINT SLOP RETAINED PURGED" to stdout
 * with write(2), so that printing allocates nothing: FOOTPRINT is glibc's
 * mallinfo2() arena + hblkhd, or jemalloc's stats.mapped when jemalloc is
 * the allocator (jestats.h), RETAINED and PURGED then its stats.retained
 * and the bytes it purged so far (-1 under glibc); SLOP is the
 * sum of malloc_usable_size minus the size asked, over the program's
 * live blocks (moment 0, before them, gives the C library's own). */
#define _GNU_SOURCE
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "heapband.h"
#include "jestats.h"

#define NSMALL 2000
static void *blocks[NSMALL + 8];
static size_t sizes[NSMALL + 8];

/* glibc's figure, or jemalloc's three (jestats.h) when it is the
   allocator: RETAINED and PURGED are -1 under glibc. */
typedef struct { unsigned long long foot; long long retained, purged; } Figures;

static Figures footprint(void)
{
    mallctl_fn mallctl = je_mallctl();
    if (mallctl != NULL) {
        je_refresh(mallctl);
        return (Figures){ je_stat(mallctl, "stats.mapped"),
                          (long long)je_stat(mallctl, "stats.retained"),
                          (long long)je_purged(mallctl) };
    }
    struct mallinfo2 mi = mallinfo2();
    return (Figures){ mi.arena + mi.hblkhd, -1, -1 };
}

static size_t live_slop(void)
{
    size_t slop = 0;
    for (int i = 0; i < NSMALL + 8; i++)
        if (blocks[i] != NULL)
            slop += malloc_usable_size(blocks[i]) - sizes[i];
    return slop;
}

static void moment(int n)
{
    char name[32], line[160];
    Figures f = footprint();
    size_t slop = live_slop();
    snprintf(name, sizeof name, "moment%d.hb", n);
    HEAPBAND_SNAPSHOT(name);
    int len = snprintf(line, sizeof line, "moment %d %llu %zu %lld %lld\n", n,
                       f.foot, slop, f.retained, f.purged);
    if (write(1, line, (size_t)len) != len)
        exit(1);
}

static void put(int i, size_t n)
{
    blocks[i] = malloc(n);
    sizes[i] = n;
}

static void *thread_main(void *arg)
{
    void *keep[100];
    for (int i = 0; i < 100; i++)
        keep[i] = malloc(40 + (size_t)i);
    for (int i = 0; i < 100; i++)
        free(keep[i]);
    return arg;
}

int main(void)
{
    moment(0);
    for (int i = 0; i < NSMALL; i++)
        put(i, 8 + (size_t)(i * 37) % 200);
    moment(1);
    for (int i = 0; i < NSMALL; i += 2) {
        free(blocks[i]);
        blocks[i] = NULL;
    }
    moment(2);
    for (int i = 0; i < 4; i++)
        put(NSMALL + i, 300000 + (size_t)i * 1000);
    blocks[NSMALL] = realloc(blocks[NSMALL], 600000);
    sizes[NSMALL] = 600000;
    moment(3);
    pthread_t t;
    if (pthread_create(&t, NULL, thread_main, NULL) != 0 || pthread_join(t, NULL) != 0)
        return 1;
    moment(4);
    return 0;
}
