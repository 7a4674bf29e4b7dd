/* leak_kinds.c -- memcheck's four leak kinds by name: see leak_kinds.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#include "leak_kinds.h"

const char *const hb_leak_kind_names[HB_NLOST + 1] = {
    [HB_LOST_DEFINITELY] = "definitely lost",
    [HB_LOST_INDIRECTLY] = "indirectly lost",
    [HB_LOST_POSSIBLY] = "possibly lost",
    [HB_NLOST] = "still reachable",
};

void hb_leak_kinds_json(FILE *out, const struct hb_lost *lost,
                        uint64_t bytes, uint64_t blocks)
{
    static const char *const keys[HB_NLOST + 1] = {
        "definitely", "indirectly", "possibly", "reachable"
    };
    fputs(", \"lost\": {", out);
    for (int k = 0; k <= HB_NLOST; k++)
        fprintf(out, "%s\"%s_bytes\": %llu, \"%s_blocks\": %llu",
                k ? ", " : "", keys[k], (unsigned long long)
                (k < HB_NLOST ? lost->bytes[k] : bytes - hb_lost_bytes(lost)),
                keys[k], (unsigned long long)
                (k < HB_NLOST ? lost->blocks[k]
                              : blocks - hb_lost_blocks(lost)));
    fputc('}', out);
}
