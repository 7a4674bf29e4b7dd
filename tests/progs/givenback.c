/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
 * Memory given back with madvise, at known moments (tests/tool/madvise.test).
 *
 * Part 1, glibc's own madvise: a thread's arena grows by NBLK blocks of
 * BLK bytes (moment 1), frees them last first, so that the top of its
 * heap is trimmed with madvise(MADV_DONTNEED) (moment 2), then takes
 * NBLK/2 (moment 3) and all NBLK again (moment 4): glibc grows a trimmed
 * heap again without a system call.  Under glibc the thread then frees
 * them (trimmed again) and makes the arena grow for a block whose usable
 * end lies 8 bytes before a page boundary (moment 13, then "edge 4088",
 * where the block ends in its page): glibc's arena then reaches one page
 * further than the block (its top chunk keeps 32 bytes), which the
 * footprint counts only once a block reaches it.  Part 2, the program's own madvise
 * on its own mapping, in main after the thread has ended (moments 5 to
 * 10).  Part 3, glibc only: malloc_trim gives back the whole pages inside
 * free chunks of the main arena with madvise but keeps them in
 * mallinfo2's arena (moment 11, after which the program writes
 * "trimmed GAP", the bytes of those pages); blocks handed out over them
 * again bring them back (moment 12).
 *
 * At each moment it writes "moment N FOOTPRINT ANON" with write(2), so
 * that printing allocates nothing: FOOTPRINT is mallinfo2()'s arena +
 * hblkhd, ANON what the program's own mappings should add to the other
 * anonymous memory since moment 5 (-1 before it).
 *
 * Under jemalloc (found with dlsym, so preloading it works too) the
 * thread's freed blocks are flushed from its cache and purged before
 * moment 2, and the line is "moment N MAPPED RETAINED PURGED ANON":
 * stats.mapped, stats.retained, and the pages purged so far
 * (stats.arenas.<all>.dirty_purged + muzzy_purged) in bytes. */
#define _GNU_SOURCE
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "heapband.h"
#include "jestats.h"

#define NBLK 256
#define BLK 4000
#define PG 4096L

static void *blocks[NBLK];

static mallctl_fn mallctl;

/* The allocator's own figures, as the line gives them. */
static int figures(char *line, size_t size, int n, long anon)
{
    if (mallctl == NULL) {
        struct mallinfo2 mi = mallinfo2();
        return snprintf(line, size, "moment %d %zu %ld\n", n,
                        mi.arena + mi.hblkhd, anon);
    }
    je_refresh(mallctl);
    return snprintf(line, size, "moment %d %llu %llu %llu %ld\n", n,
                    je_stat(mallctl, "stats.mapped"),
                    je_stat(mallctl, "stats.retained"), je_purged(mallctl),
                    anon);
}

static void moment(int n, long anon)
{
    char name[32], line[160];
    snprintf(name, sizeof name, "moment%d.hb", n);
    HEAPBAND_SNAPSHOT(name);
    int len = figures(line, sizeof line, n, anon);
    if (write(1, line, (size_t)len) != len)
        exit(1);
}

static void take(int from, int to)
{
    for (int i = from; i < to; i++) {
        blocks[i] = malloc(BLK);
        memset(blocks[i], 1, BLK);
    }
}

/* A block that makes the trimmed arena grow, its usable end 8 bytes
   before a page boundary: the first block fits in the top chunk glibc
   keeps after a trim (128 KB), the second, sized from where the first
   ends, does not. */
static void page_edge(void)
{
    char *first = malloc(100000);
    uintptr_t next = (uintptr_t)first - 16 + malloc_usable_size(first) + 8;
    uintptr_t end = ((next + 100000 + PG - 1) & ~(uintptr_t)(PG - 1)) + PG - 8;
    char *second = malloc(end - next - 16);   /* chunk next..end-8 */
    char line[64];
    moment(13, -1);
    /* Where the block ends in its page: 4088 if glibc laid it out so. */
    int len = snprintf(line, sizeof line, "edge %lu\n", (unsigned long)
                       (((uintptr_t)second + malloc_usable_size(second)) % PG));
    if (write(1, line, (size_t)len) != len)
        exit(1);
    free(second);
    free(first);
}

static void *arena_thread(void *arg)
{
    take(0, NBLK);
    moment(1, -1);
    for (int i = NBLK - 1; i >= 0; i--)
        free(blocks[i]);
    if (mallctl != NULL) {   /* 4096 is MALLCTL_ARENAS_ALL */
        mallctl("thread.tcache.flush", NULL, NULL, NULL, 0);
        mallctl("arena.4096.purge", NULL, NULL, NULL, 0);
    }
    moment(2, -1);
    take(0, NBLK / 2);
    moment(3, -1);
    take(NBLK / 2, NBLK);
    moment(4, -1);
    for (int i = NBLK - 1; i >= 0; i--)
        free(blocks[i]);
    if (mallctl == NULL)
        page_edge();
    return arg;
}

/* The program's own pages: given back, then made accessible again. */
static int own_mappings(void)
{
    char *m = mmap(NULL, 64 * PG, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return 1;
    memset(m, 1, 64 * PG);
    moment(6, 64 * PG);
    if (madvise(m + 16 * PG, 16 * PG, MADV_DONTNEED) != 0)
        return 1;
    moment(7, 48 * PG);
    /* MADV_FREE gives back; MADV_WILLNEED does not; MADV_REMOVE fails on
       private memory and so changes nothing. */
    if (madvise(m + 32 * PG, 8 * PG, MADV_FREE) != 0
        || madvise(m, 8 * PG, MADV_WILLNEED) != 0
        || madvise(m + 40 * PG, 8 * PG, MADV_REMOVE) == 0)
        return 1;
    moment(8, 40 * PG);
    /* Made accessible again: back. */
    if (mprotect(m + 16 * PG, 24 * PG, PROT_READ | PROT_WRITE) != 0)
        return 1;
    moment(9, 64 * PG);
    if (madvise(m, 32 * PG, MADV_DONTNEED) != 0 || munmap(m, 64 * PG) != 0)
        return 1;
    /* Shared memory's pages are removed with MADV_REMOVE. */
    char *s = mmap(NULL, 16 * PG, PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (s == MAP_FAILED)
        return 1;
    memset(s, 1, 16 * PG);
    if (madvise(s + 4 * PG, 4 * PG, MADV_REMOVE) != 0)
        return 1;
    moment(10, 12 * PG);
    return munmap(s, 16 * PG) != 0;
}

/* The whole pages glibc's malloc_trim gives back inside the free chunk
   of block p (malloc/malloc.c, mtrim): from the first page boundary 48
   bytes (a free chunk's header and links) past the chunk's start to the
   chunk's end, rounded down to whole pages. */
static size_t inner_pages(void *p)
{
    uintptr_t chunk = (uintptr_t)p - 16;
    uintptr_t end = chunk + malloc_usable_size(p) + 8;
    uintptr_t from = (chunk + 48 + PG - 1) & ~(uintptr_t)(PG - 1);
    return end > from ? (end - from) & ~(uintptr_t)(PG - 1) : 0;
}

static int trim_part(void)
{
    void *b[10];
    size_t gap = 0;
    char line[64];
    for (int i = 0; i < 10; i++) {
        b[i] = malloc(100000);
        memset(b[i], 1, 100000);
    }
    /* Blocks 2, 4, 6, 8: each free chunk between two live ones. */
    for (int i = 2; i < 9; i += 2) {
        gap += inner_pages(b[i]);
        free(b[i]);
    }
    malloc_trim(0);
    moment(11, -1);
    int len = snprintf(line, sizeof line, "trimmed %zu\n", gap);
    if (write(1, line, (size_t)len) != len)
        return 1;
    for (int i = 2; i < 9; i += 2)
        b[i] = malloc(100000);
    moment(12, -1);
    for (int i = 0; i < 10; i++)
        free(b[i]);
    return 0;
}

int main(void)
{
    pthread_t t;
    mallctl = je_mallctl();
    moment(0, -1);
    if (pthread_create(&t, NULL, arena_thread, NULL) != 0
        || pthread_join(t, NULL) != 0)
        return 1;
    moment(5, 0);
    if (own_mappings() != 0)
        return 1;
    return mallctl == NULL ? trim_part() : 0;
}
