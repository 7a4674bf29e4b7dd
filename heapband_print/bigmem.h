/* bigmem.h -- large buffers in huge pages.
 *
 * The parser's cell array and the image surface are the printer's two
 * large buffers, and both are written once from start to end: in 4 KB
 * pages that is a page fault per 4 KB (thousands for a large file or
 * image), in 2 MB huge pages one per 2 MB. */
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
