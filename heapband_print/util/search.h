/* search.h -- the one binary search of heapband_print.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Every sorted table of the printer (bands by size, records by column,
 * site records by site, a tree's bands by point, chart columns by time) is
 * searched through hb_partition_point.  It is inline, so that the caller's
 * test, a static function, is inlined into the loop: the search costs what
 * a hand-written one does.  Cost: O(log n) calls of the test.
 */
#ifndef HEAPBAND_PRINT_SEARCH_H
#define HEAPBAND_PRINT_SEARCH_H

#include <stddef.h>

/* Whether element i of the caller's table (ctx) comes before the place
 * searched for. */
typedef int hb_before_fn(const void *ctx, size_t i);

/* The first i in 0 .. n - 1 for which before(ctx, i) is 0, or n if there
 * is none, where before is nonzero for every i below some point and zero
 * from it on (a table sorted by what before compares). */
static inline size_t hb_partition_point(size_t n, const void *ctx,
                                        hb_before_fn *before)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (before(ctx, mid))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

#endif
