/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING. */
/* Memory benchmark for bench/mem-bench.sh: N blocks of 16 bytes (default
   1,000,000), all live at once, then all freed.  Each block is written
   once so that it is really used.  Compiled with -O2 -fno-builtin so that
   the compiler cannot drop the calls. */

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000000L;
    unsigned char **blocks = malloc((size_t)n * sizeof *blocks);
    unsigned long sum = 0;
    long i;

    if (blocks == NULL) {
        perror("malloc");
        return 1;
    }
    for (i = 0; i < n; i++) {
        blocks[i] = malloc(16);
        if (blocks[i] == NULL) {
            perror("malloc");
            return 1;
        }
        blocks[i][0] = (unsigned char)i;
    }
    for (i = 0; i < n; i++) {
        sum += blocks[i][0];
        free(blocks[i]);
    }
    free(blocks);
    printf("%ld blocks, checksum %lu\n", n, sum);
    return 0;
}
