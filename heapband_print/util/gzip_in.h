/* gzip_in.h -- reading a gzip-compressed input as it is parsed (zlib).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * A heap-band file may be gzip-compressed (gzip, or the tool's
 * --heapband-out-file=NAME.gz): the input is recognised by gzip's magic
 * bytes, not its name, and inflated into the parser's window as the
 * parser asks (hbfile.h's hb_read_fn), so a compressed file costs no more
 * memory than a plain one.  Several gzip members one after the other (as
 * `cat a.gz b.gz` makes) read as their concatenation, as gunzip reads
 * them.  Invariant: the bytes handed on are exactly gunzip's output, or
 * the reading fails with `msg` saying why.  Cost: zlib's inflate, a
 * 64 KB input buffer.
 */
#ifndef HEAPBAND_PRINT_GZIP_IN_H
#define HEAPBAND_PRINT_GZIP_IN_H

#include <stddef.h>
#include <stdint.h>
#include <zlib.h>

/* Where the compressed bytes come from: the same shape as the model's
 * hb_read_fn (hbfile.h), which util/ may not include. */
typedef long hb_gzin_read_fn(void *ctx, char *dst, size_t n);

#define HB_GZIN_BUF 65536

struct hb_gzin {
    hb_gzin_read_fn *read;           /* the compressed bytes */
    void *read_ctx;
    z_stream strm;
    unsigned char in[HB_GZIN_BUF];
    int at_end;                 /* the compressed input is over */
    int member_done;            /* the last member ended (Z_STREAM_END) */
    const char *msg;            /* why reading failed, or NULL */
    uint64_t member_at;         /* compressed bytes of the members before */
};

/* After a failure (msg set): the compressed byte, counted from 1, at
 * which inflating stopped (the input's size when it was cut short). */
uint64_t hb_gzin_failed_at(const struct hb_gzin *g);

/* Whether the n bytes at head start a gzip stream (n >= 2). */
int hb_gzin_magic(const unsigned char *head, size_t n);

/* Start inflating: the first n compressed bytes are at head (already read
 * from the input, e.g. to look for the magic), the rest come from read.
 * Returns 0, or -1 out of memory. */
int hb_gzin_open(struct hb_gzin *g, const unsigned char *head, size_t n,
                 hb_gzin_read_fn *read, void *read_ctx);

/* hb_gzin_read_fn on a struct hb_gzin: inflated bytes; -1 with errno EIO and
 * g->msg set for a stream that is not valid gzip (or is cut short), or
 * the input's own read error (g->msg NULL). */
long hb_gzin_read(void *g, char *dst, size_t n);

void hb_gzin_close(struct hb_gzin *g);

#endif
