/* pb_write.h -- a small Protocol Buffers encoder: messages built in memory.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Only what pprof's profile.proto needs: varint fields (wire type 0),
 * length-delimited fields (wire type 2: strings, bytes, packed varints and
 * nested messages).  A nested message is built in a buffer of its own and
 * appended whole, so no length is ever patched.  Invariant: after the
 * first failed allocation a buffer stays failed (`failed` set, later
 * writes do nothing), so a writer checks once, at the end.  Cost: amortised
 * O(1) per byte written.
 */
#ifndef HEAPBAND_PRINT_PB_WRITE_H
#define HEAPBAND_PRINT_PB_WRITE_H

#include <stddef.h>
#include <stdint.h>

struct hb_pb {
    unsigned char *data;
    size_t len, cap;
    int failed;             /* an allocation failed: the content is void */
};

/* Field `field` as a varint; nothing when v is 0 (proto3's default). */
void hb_pb_varint_field(struct hb_pb *b, unsigned field, uint64_t v);

/* Field `field` as length-delimited bytes (a string, a nested message),
 * written even when empty. */
void hb_pb_bytes_field(struct hb_pb *b, unsigned field, const void *data,
                       size_t len);

/* Field `field` as a nested message built in m. */
void hb_pb_message_field(struct hb_pb *b, unsigned field,
                         const struct hb_pb *m);

/* Field `field` as packed varints (a repeated scalar); nothing when n is
 * 0. */
void hb_pb_packed_field(struct hb_pb *b, unsigned field, const uint64_t *v,
                        size_t n);

/* Empty the buffer, keeping its memory (and its failure). */
void hb_pb_reset(struct hb_pb *b);

void hb_pb_free(struct hb_pb *b);

#endif
