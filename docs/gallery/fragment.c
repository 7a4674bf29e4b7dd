/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING. */
/* fragment.c -- a phase change that fragments the heap.
 *
 * Phase 1 loads 20000 records of 200 bytes.  Phase 2 drops every other
 * record and works with 4 KB pages, which the 200-byte holes left behind
 * cannot hold.  In the chart the 192-224 band halves at the phase change
 * but stays live -- scattered over the heap -- while a new band, 4K-5K,
 * appears and grows above it.  HEAPBAND_MARK names the phases: the chart
 * draws each mark as a labelled vertical line. */
#include <heapband.h>
#include <stdlib.h>
#include <string.h>

#define NRECORDS 20000
#define NPAGES 2000

int main(void)
{
    static char *records[NRECORDS];
    static char *pages[NPAGES];

    /* Phase 1: load. */
    for (int i = 0; i < NRECORDS; i++) {
        records[i] = malloc(200);
        memset(records[i], i & 0xff, 200);
    }
    /* Phase 2: drop every other record, then work in pages. */
    HEAPBAND_MARK("drop half");
    for (int i = 0; i < NRECORDS; i += 2) {
        free(records[i]);
        records[i] = NULL;
    }
    HEAPBAND_MARK("pages");
    for (int i = 0; i < NPAGES; i++) {
        pages[i] = malloc(4096);
        memset(pages[i], 0, 4096);
        if (i % 4 == 3) {                   /* some pages are short-lived */
            free(pages[i]);
            pages[i] = NULL;
        }
    }
    for (int i = 0; i < NPAGES; i++)
        free(pages[i]);
    for (int i = 0; i < NRECORDS; i++)
        free(records[i]);
    return 0;
}
