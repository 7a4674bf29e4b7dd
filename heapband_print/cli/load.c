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
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
    int r = hb_parse_stream(read_fd, &fd, size_hint, HB_PARSE_FAST, f, err);
    if (fd != STDIN_FILENO)
        close(fd);
    return r < 0 ? -1 : 0;
}
