/* load.c -- reading heapband_print's input: see load.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#define _POSIX_C_SOURCE 200809L
#include "load.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gzip_in.h"

/* The bytes read to tell a gzip stream from a plain file. */
#define MAGIC_LEN 2

/* hb_read_fn for a file descriptor: read(2), again when interrupted. */
static long read_fd(void *ctx, char *dst, size_t n)
{
    int fd = *(const int *)ctx;
    for (;;) {
        ssize_t got = read(fd, dst, n);
        if (got >= 0 || errno != EINTR)
            return (long)got;
    }
}

/* The input: a descriptor, and the bytes read from it before parsing
 * (to look for gzip's magic), handed on first. */
struct input {
    int fd;
    unsigned char head[MAGIC_LEN];
    size_t nhead, head_pos;
};

static long read_input(void *ctx, char *dst, size_t n)
{
    struct input *in = ctx;
    if (in->head_pos < in->nhead && n > 0) {
        size_t k = in->nhead - in->head_pos;
        k = k < n ? k : n;
        memcpy(dst, in->head + in->head_pos, k);
        in->head_pos += k;
        return (long)k;
    }
    return read_fd(&in->fd, dst, n);
}

/* Read the first MAGIC_LEN bytes (fewer at the end of the input).
 * Returns 0, or -1 with errno set. */
static int read_head(struct input *in)
{
    while (in->nhead < MAGIC_LEN) {
        long got = read_fd(&in->fd, (char *)in->head + in->nhead,
                           MAGIC_LEN - in->nhead);
        if (got < 0)
            return -1;
        if (got == 0)
            break;
        in->nhead += (size_t)got;
    }
    return 0;
}

/* Parse a gzip-compressed input (gzip_in.h): the size hint is left out,
 * as the file's size is not the text's. */
static int parse_gzip(struct input *in, struct hb_file *f,
                      struct hb_error *err)
{
    struct hb_gzin *g = malloc(sizeof *g);     /* 64 KB: not on the stack */
    if (g == NULL || hb_gzin_open(g, in->head, in->nhead, read_fd,
                                  &in->fd) < 0) {
        if (g != NULL)
            hb_gzin_close(g);
        free(g);
        return hb_error_nomem(err, "starting to inflate the input");
    }
    int r = hb_parse_stream(hb_gzin_read, g, 0, HB_PARSE_FAST, f, err);
    if (r < 0 && g->msg != NULL && err->line == 0) {
        /* The parser said "Input/output error"; say what zlib found. */
        *err = (struct hb_error){ .kind = HB_ERR_NONE };
        hb_error_set(err, HB_ERR_INPUT, 0, "not a valid gzip file: %s (at "
                     "compressed byte %llu)", g->msg,
                     (unsigned long long)hb_gzin_failed_at(g));
    }
    hb_gzin_close(g);
    free(g);
    return r;
}

int hb_load_file(const char *path, struct hb_file *f, struct hb_error *err)
{
    int fd = strcmp(path, "-") == 0 ? STDIN_FILENO
                                    : open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return hb_error_set(err, HB_ERR_INPUT, 0, "%s", strerror(errno));
    struct stat st;
    uint64_t size_hint = 0;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
        size_hint = (uint64_t)st.st_size;
    struct input in = { .fd = fd, .nhead = 0, .head_pos = 0 };
    int r;
    if (read_head(&in) < 0)
        r = hb_error_set(err, HB_ERR_INPUT, 0, "%s", strerror(errno));
    else if (hb_gzin_magic(in.head, in.nhead))
        r = parse_gzip(&in, f, err);
    else
        r = hb_parse_stream(read_input, &in, size_hint, HB_PARSE_FAST, f,
                            err);
    if (fd != STDIN_FILENO)
        close(fd);
    return r < 0 ? -1 : 0;
}
