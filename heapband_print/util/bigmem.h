/* bigmem.h -- large buffers in huge pages.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The parser's cell array and the image surface are the printer's two
 * large buffers, and both are written once from start to end: in 4 KB
 * pages that is a page fault per 4 KB (thousands for a large file or
 * image), in 2 MB huge pages one per 2 MB.  Invariant: a buffer returned
 * is aligned to a huge page and freed with free().  Cost: one allocation
 * and one madvise() call. */
#ifndef HEAPBAND_PRINT_BIGMEM_H
#define HEAPBAND_PRINT_BIGMEM_H

#include <stddef.h>

/* At least *bytes bytes aligned to a huge page, with the kernel asked to
 * back them with huge pages; *bytes is rounded up to what was allocated.
 * Release with free().  NULL, *bytes unchanged, when the buffer is smaller
 * than a huge page, the platform has no such hint, or memory is short: the
 * caller then allocates as usual. */
void *hb_huge_alloc(size_t *bytes);

#endif
