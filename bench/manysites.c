/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING. */
/* Many allocation sites, for bench/sites-bench.sh: walk() calls itself
   from three places, LEVELS deep, so the leaves are reached through
   3^LEVELS different stacks (59,049 for 10 levels) and each leaf
   allocates one block there.  With an argument ("new") every ninth leaf
   allocates twice as much, so that two runs differ in some sites.
   Compiled -O0 -fno-builtin -fno-inline: the three calls stay three
   return addresses and no call is merged. */

#include <stdlib.h>
#include <string.h>

#define LEVELS 10

static unsigned long leaves;
static int grow;

static void leaf(void)
{
    size_t size = 64 + (leaves % 7) * 16;
    if (grow && leaves % 9 == 0)
        size *= 2;
    char *p = malloc(size);
    if (p != NULL)
        memset(p, 0, 1);
    leaves++;
    free(p);
}

static void walk(int level)
{
    if (level == 0) {
        leaf();
        return;
    }
    walk(level - 1);
    walk(level - 1);
    walk(level - 1);
}

int main(int argc, char **argv)
{
    grow = argc > 1 && strcmp(argv[1], "new") == 0;
    walk(LEVELS);
    return 0;
}
