/* pb_write.c -- a small Protocol Buffers encoder: see pb_write.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The wire format: a field is a key (field << 3 | wire type) as a varint,
 * then a varint value (type 0) or a varint length and that many bytes
 * (type 2).  A varint is 7 bits a byte, least significant first, the high
 * bit set on every byte but the last.
 */
#include "pb_write.h"

#include <stdlib.h>
#include <string.h>

#define WIRE_VARINT 0u
#define WIRE_LEN 2u
#define VARINT_MAX 10            /* bytes of a 64-bit varint */

static int reserve(struct hb_pb *b, size_t more)
{
    if (b->failed)
        return -1;
    if (b->cap - b->len >= more)
        return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->len < more) {
        if (cap > SIZE_MAX / 2) {
            b->failed = 1;
            return -1;
        }
        cap *= 2;
    }
    unsigned char *d = realloc(b->data, cap);
    if (d == NULL) {
        b->failed = 1;
        return -1;
    }
    b->data = d;
    b->cap = cap;
    return 0;
}

static void put_varint(struct hb_pb *b, uint64_t v)
{
    if (reserve(b, VARINT_MAX) < 0)
        return;
    do {
        unsigned char byte = (unsigned char)(v & 0x7f);
        v >>= 7;
        b->data[b->len++] = v ? (unsigned char)(byte | 0x80) : byte;
    } while (v);
}

static void put_key(struct hb_pb *b, unsigned field, unsigned wire)
{
    put_varint(b, (uint64_t)field << 3 | wire);
}

void hb_pb_varint_field(struct hb_pb *b, unsigned field, uint64_t v)
{
    if (v == 0)
        return;
    put_key(b, field, WIRE_VARINT);
    put_varint(b, v);
}

void hb_pb_bytes_field(struct hb_pb *b, unsigned field, const void *data,
                       size_t len)
{
    put_key(b, field, WIRE_LEN);
    put_varint(b, len);
    if (len == 0 || reserve(b, len) < 0)
        return;
    memcpy(b->data + b->len, data, len);
    b->len += len;
}

void hb_pb_message_field(struct hb_pb *b, unsigned field,
                         const struct hb_pb *m)
{
    if (m->failed) {
        b->failed = 1;
        return;
    }
    hb_pb_bytes_field(b, field, m->data, m->len);
}

void hb_pb_packed_field(struct hb_pb *b, unsigned field, const uint64_t *v,
                        size_t n)
{
    if (n == 0)
        return;
    struct hb_pb packed = { NULL, 0, 0, 0 };
    for (size_t i = 0; i < n; i++)
        put_varint(&packed, v[i]);
    hb_pb_message_field(b, field, &packed);
    hb_pb_free(&packed);
}

void hb_pb_reset(struct hb_pb *b)
{
    b->len = 0;
}

void hb_pb_free(struct hb_pb *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}
