/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
 * The allocator's footprint and slop at known moments, as the allocator
 * itself counts them, beside a HEAPBAND_SNAPSHOT at each moment
 * (tests/tool/footprint.test).  Many small blocks, every other one freed,
 * then large ones and a realloc, then a thread's allocations.  At each
 * moment it writes "moment N FOOTPRINT SLOP" to stdout with write(2), so
 * that printing allocates nothing: FOOTPRINT is glibc's mallinfo2()
 * arena + hblkhd, or jemalloc's stats.mapped when jemalloc is the
 * allocator (found with dlsym, so preloading it works too); SLOP is the
 * sum of malloc_usable_size minus the size asked, over the program's
 * live blocks (moment 0, before them, gives the C library's own). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "heapband.h"

#define NSMALL 2000
static void *blocks[NSMALL + 8];
static size_t sizes[NSMALL + 8];

typedef int (*mallctl_fn)(const char *, void *, size_t *, void *, size_t);

static size_t footprint(void)
{
    mallctl_fn mallctl = (mallctl_fn)dlsym(RTLD_DEFAULT, "mallctl");
    if (mallctl != NULL) {
        unsigned long long epoch = 1;
        size_t mapped = 0, len = sizeof mapped, elen = sizeof epoch;
        mallctl("epoch", &epoch, &elen, &epoch, elen);
        mallctl("stats.mapped", &mapped, &len, NULL, 0);
        return mapped;
    }
    struct mallinfo2 mi = mallinfo2();
    return mi.arena + mi.hblkhd;
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
    char name[32], line[96];
    size_t foot = footprint(), slop = live_slop();
    snprintf(name, sizeof name, "moment%d.hb", n);
    HEAPBAND_SNAPSHOT(name);
    int len = snprintf(line, sizeof line, "moment %d %zu %zu\n", n, foot, slop);
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
