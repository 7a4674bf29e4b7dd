/* gzip_out.c -- bytes in memory written as one gzip member: see
 * gzip_out.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#include "gzip_out.h"

#include <errno.h>
#include <string.h>
#include <zlib.h>

#define GZ_CHUNK 65536
/* deflate's window bits plus 16: a gzip header and trailer, not zlib's. */
#define GZ_WINDOW_BITS (15 + 16)
#define GZ_MEM_LEVEL 8

/* Run deflate on what strm holds until it needs more input (or, with
 * Z_FINISH, until the end); each chunk to out. */
static int pump(z_stream *strm, int flush, FILE *out, struct hb_error *err)
{
    unsigned char buf[GZ_CHUNK];
    int zr;
    do {
        strm->next_out = buf;
        strm->avail_out = sizeof buf;
        zr = deflate(strm, flush);
        if (zr == Z_STREAM_ERROR)
            return hb_error_set(err, HB_ERR_OUTPUT, 0, "compressing: %s",
                                strm->msg ? strm->msg : "zlib error");
        size_t have = sizeof buf - strm->avail_out;
        if (have && fwrite(buf, 1, have, out) != have)
            return hb_error_set(err, HB_ERR_OUTPUT, 0, "cannot write: %s",
                                strerror(errno ? errno : EIO));
    } while (strm->avail_out == 0 || (flush == Z_FINISH && zr != Z_STREAM_END));
    return 0;
}

int hb_gzip_write(FILE *out, const void *data, size_t len,
                  struct hb_error *err)
{
    z_stream strm;
    memset(&strm, 0, sizeof strm);
    int zr = deflateInit2(&strm, Z_DEFAULT_COMPRESSION, Z_DEFLATED,
                          GZ_WINDOW_BITS, GZ_MEM_LEVEL, Z_DEFAULT_STRATEGY);
    if (zr == Z_MEM_ERROR)
        return hb_error_nomem(err, "compressing the output");
    if (zr != Z_OK)
        return hb_error_set(err, HB_ERR_OUTPUT, 0, "compressing: zlib error");
    /* avail_in is 32 bits: feed the buffer in slices. */
    const unsigned char *p = data;
    int r = 0;
    while (r == 0 && len > 0) {
        uInt n = len > (1u << 30) ? (1u << 30) : (uInt)len;
        strm.next_in = (unsigned char *)p;
        strm.avail_in = n;
        r = pump(&strm, Z_NO_FLUSH, out, err);
        p += n;
        len -= n;
    }
    if (r == 0)
        r = pump(&strm, Z_FINISH, out, err);
    deflateEnd(&strm);
    return r;
}
