/* point_times.h -- the columns an allocation point allocated in: the site
 * times ("sb" ranges, format section 7) of the point's sites, merged, for
 * the "times:" line of the --sites tree (sites.c).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * An index of the site records of a range of bands by their point, built
 * once per tree, so that each point reads only its own records and merges
 * only its own ranges.  Invariant: a column counts once however many of
 * the point's records name it.  Cost: O(R log R) to build for R records in
 * the bands, O(r log r) a point for its r ranges; memory O(R + ranges),
 * never proportional to the file's column count.
 */
#ifndef HEAPBAND_PRINT_POINT_TIMES_H
#define HEAPBAND_PRINT_POINT_TIMES_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "hbfile.h"

struct hb_point_rec;

struct hb_point_times {
    const struct hb_file *f;
    struct hb_point_rec *recs;      /* by point, then by record */
    size_t nrecs;
    struct hb_col_range *scratch;   /* room for every range of recs */
};

/* The index of f's site records in bands first..last whose site has a
 * point (site_point[site - 1], as hb_site_tree has it); empty for a file
 * without site times.  Returns 0, or -1 with *err filled. */
int hb_point_times_build(const struct hb_file *f, const size_t *site_point,
                         uint64_t first, uint64_t last,
                         struct hb_point_times *pt, struct hb_error *err);

/* Point `point`'s columns: how many (*count), the first and the last.
 * Returns 0 when its records name none (or the file has no site times). */
int hb_point_times_of(struct hb_point_times *pt, size_t point,
                      uint64_t *count, uint64_t *first, uint64_t *last);

void hb_point_times_free(struct hb_point_times *pt);

#endif
