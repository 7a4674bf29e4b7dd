/* bigmem.c -- large buffers in huge pages (see bigmem.h).
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see error.h
 * and the file COPYING.
 */
#define _DEFAULT_SOURCE             /* MADV_HUGEPAGE */

#include "bigmem.h"

#include <stdint.h>
#include <stdlib.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

void *hb_huge_alloc(size_t *bytes)
{
#if defined(MADV_HUGEPAGE)
    const size_t huge = (size_t)2 << 20;
    if (*bytes < huge || *bytes > SIZE_MAX - huge)
        return NULL;
    size_t rounded = (*bytes + huge - 1) / huge * huge;
    void *p = aligned_alloc(huge, rounded);
    if (p == NULL)
        return NULL;
    madvise(p, rounded, MADV_HUGEPAGE);     /* a hint: may fail */
    *bytes = rounded;
    return p;
#else
    (void)bytes;
    return NULL;
#endif
}
