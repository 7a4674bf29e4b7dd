/* leak_kinds.h -- memcheck's four leak kinds as every output names them.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The kinds are the model's (struct hb_lost, version 4's leak scan); their
 * names are here so that the text summary, the --leaks report, the --html
 * page and the JSON exports share one spelling without reading one
 * another.  Invariant: still reachable is always index HB_NLOST, what is
 * live at exit minus the three lost kinds.  Cost: none beyond the writes.
 */
#ifndef HEAPBAND_PRINT_LEAK_KINDS_H
#define HEAPBAND_PRINT_LEAK_KINDS_H

#include <stdint.h>
#include <stdio.h>

#include "hbfile.h"

/* memcheck's names of the kinds, "definitely lost" ... "still reachable"
 * (HB_NLOST is still reachable). */
extern const char *const hb_leak_kind_names[HB_NLOST + 1];

/* A member ", \"lost\": {...}": the leak kinds of what holds `bytes` in
 * `blocks` at exit, `lost` of it lost, as "definitely_bytes",
 * "definitely_blocks", "indirectly_...", "possibly_...", "reachable_...":
 * the one JSON form of the kinds (the --sites and --leaks exports, the
 * --diff JSON). */
void hb_leak_kinds_json(FILE *out, const struct hb_lost *lost,
                        uint64_t bytes, uint64_t blocks);

#endif
