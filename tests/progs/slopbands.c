/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
 * Live slop by size, as the allocator counts it, beside a HEAPBAND_SNAPSHOT
 * at known moments (tests/tool/slop-cells.test).  Blocks of five sizes in
 * five size bands; some freed, one realloc'ed to another band.  At each
 * moment it writes "moment N SIZE SLOP" for every size with live blocks
 * (SLOP: the sum of malloc_usable_size minus SIZE over them) with
 * write(2), so that printing allocates nothing; moment 0, before any
 * block, writes only "moment 0" (the C library's own blocks are the
 * test's base). */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "heapband.h"

#define NBLOCKS 26
static void *blocks[NBLOCKS];
static size_t sizes[NBLOCKS];

static void say(const char *line, int len)
{
    if (write(1, line, (size_t)len) != len)
        exit(1);
}

static void moment(int n)
{
    static const size_t kinds[] = { 20, 70, 100, 1001, 3001, 5001 };
    char name[32], line[96];
    snprintf(name, sizeof name, "moment%d.hb", n);
    HEAPBAND_SNAPSHOT(name);
    say(line, snprintf(line, sizeof line, "moment %d\n", n));
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        size_t slop = 0;
        int live = 0;
        for (int i = 0; i < NBLOCKS; i++)
            if (blocks[i] != NULL && sizes[i] == kinds[k]) {
                slop += malloc_usable_size(blocks[i]) - sizes[i];
                live = 1;
            }
        if (live)
            say(line, snprintf(line, sizeof line, "moment %d %zu %zu\n", n,
                               kinds[k], slop));
    }
}

static void put(int i, size_t n)
{
    blocks[i] = malloc(n);
    sizes[i] = n;
}

static void drop(int i)
{
    free(blocks[i]);
    blocks[i] = NULL;
}

int main(void)
{
    moment(0);
    for (int i = 0; i < 10; i++)
        put(i, 20);
    for (int i = 10; i < 14; i++)
        put(i, 70);
    for (int i = 14; i < 21; i++)
        put(i, 100);
    for (int i = 21; i < 24; i++)
        put(i, 1001);
    for (int i = 24; i < 26; i++)
        put(i, 5001);
    moment(1);
    for (int i = 0; i < 10; i += 2)
        drop(i);
    for (int i = 14; i < 21; i++)
        drop(i);
    moment(2);
    blocks[21] = realloc(blocks[21], 3001);
    sizes[21] = 3001;
    drop(24);
    moment(3);
    for (int i = 0; i < NBLOCKS; i++)
        if (blocks[i] != NULL)
            drop(i);
    return 0;
}
