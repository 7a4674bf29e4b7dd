/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING. */
/* Microbenchmark for bench/run-bench.sh: N malloc/free pairs (default
   5,000,000), nothing else.  Compiled by the script with -O2 -fno-builtin
   so that the compiler cannot drop or merge the calls.  Sizes cycle
   through 16..136 bytes so that the blocks land in several size bands,
   and each block is written once so that it is really used. */

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 5000000L;
    unsigned long sum = 0;
    long i;

    for (i = 0; i < n; i++) {
        size_t size = 16 + (size_t)(i & 15) * 8;
        unsigned char *p = malloc(size);
        if (p == NULL) {
            perror("malloc");
            return 1;
        }
        p[0] = (unsigned char)i;
        sum += p[0];
        free(p);
    }
    /* Printing the sum keeps the loop's work observable. */
    printf("%ld pairs, checksum %lu\n", n, sum);
    return 0;
}
