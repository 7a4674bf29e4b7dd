/* gzip_in.c -- reading a gzip-compressed input: see gzip_in.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#include "gzip_in.h"

#include <errno.h>
#include <string.h>

/* inflate's window bits plus 16: a gzip header and trailer only. */
#define GZIN_WINDOW_BITS (15 + 16)

int hb_gzin_magic(const unsigned char *head, size_t n)
{
    return n >= 2 && head[0] == 0x1f && head[1] == 0x8b;
}

int hb_gzin_open(struct hb_gzin *g, const unsigned char *head, size_t n,
                 hb_gzin_read_fn *read, void *read_ctx)
{
    memset(&g->strm, 0, sizeof g->strm);
    g->read = read;
    g->read_ctx = read_ctx;
    g->at_end = g->member_done = 0;
    g->msg = NULL;
    g->member_at = 0;
    if (n > sizeof g->in)
        n = sizeof g->in;
    memcpy(g->in, head, n);
    g->strm.next_in = g->in;
    g->strm.avail_in = (uInt)n;
    return inflateInit2(&g->strm, GZIN_WINDOW_BITS) == Z_OK ? 0 : -1;
}

static long fail(struct hb_gzin *g, const char *msg)
{
    g->msg = msg;
    errno = EIO;
    return -1;
}

/* More compressed bytes when inflate has used them all; 0, or -1. */
static int refill(struct hb_gzin *g)
{
    if (g->strm.avail_in > 0 || g->at_end)
        return 0;
    long got = g->read(g->read_ctx, (char *)g->in, sizeof g->in);
    if (got < 0)
        return -1;
    g->at_end = got == 0;
    g->strm.next_in = g->in;
    g->strm.avail_in = (uInt)got;
    return 0;
}

/* After a member's end: the next member, if any bytes follow. */
static int next_member(struct hb_gzin *g)
{
    if (refill(g) < 0)
        return -1;
    if (g->strm.avail_in == 0)
        return 0;                       /* the end of the input */
    g->member_done = 0;
    g->member_at += g->strm.total_in;   /* inflateReset counts from 0 */
    return inflateReset(&g->strm) == Z_OK ? 0 : -1;
}

long hb_gzin_read(void *ctx, char *dst, size_t n)
{
    struct hb_gzin *g = ctx;
    if (n > (1u << 30))
        n = 1u << 30;
    g->strm.next_out = (unsigned char *)dst;
    g->strm.avail_out = (uInt)n;
    while (g->strm.avail_out == n) {
        if (g->member_done && next_member(g) < 0)
            return g->msg ? fail(g, g->msg) : -1;
        if (g->member_done)
            return 0;                   /* every member read */
        if (refill(g) < 0)
            return -1;
        if (g->strm.avail_in == 0 && g->at_end)
            return fail(g, "the gzip stream is cut short");
        int zr = inflate(&g->strm, Z_NO_FLUSH);
        if (zr == Z_STREAM_END)
            g->member_done = 1;
        else if (zr == Z_MEM_ERROR)
            return fail(g, "out of memory inflating it");
        else if (zr != Z_OK && zr != Z_BUF_ERROR)
            return fail(g, g->strm.msg ? g->strm.msg : "not valid gzip");
    }
    return (long)(n - g->strm.avail_out);
}

uint64_t hb_gzin_failed_at(const struct hb_gzin *g)
{
    return g->member_at + g->strm.total_in;
}

void hb_gzin_close(struct hb_gzin *g)
{
    inflateEnd(&g->strm);
}
