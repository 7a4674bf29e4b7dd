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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

#define FIRST_READ_BUFFER (1 << 16)

/* The bytes of one input, while it is parsed. */
struct input {
    char *data;
    size_t len;
    int mapped;               /* data is an mmap of the file, not malloc'd */
};

/* Read a stream that cannot be mapped (a pipe, standard input). */
static int read_stream(FILE *in, const char *path, struct input *inp,
                       struct hb_error *err)
{
    size_t cap = FIRST_READ_BUFFER, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (buf == NULL) {
            char what[sizeof err->msg];
            snprintf(what, sizeof what, "reading %s", path);
            return hb_error_nomem(err, what);
        }
        n += fread(buf + n, 1, cap - n, in);
        if (n < cap)
            break;
        cap *= 2;
        char *bigger = realloc(buf, cap);
        if (bigger == NULL)
            free(buf);
        buf = bigger;
    }
    if (ferror(in)) {
        free(buf);
        return hb_error_set(err, HB_ERR_INPUT, 0, "%s", strerror(errno));
    }
    inp->data = buf;
    inp->len = n;
    inp->mapped = 0;
    return 0;
}

/* The whole file (or standard input for "-").  A regular file is mapped:
 * no copy, and far fewer page faults than reading it into the heap. */
static int read_input(const char *path, struct input *inp,
                      struct hb_error *err)
{
    FILE *in = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (in == NULL)
        return hb_error_set(err, HB_ERR_INPUT, 0, "%s", strerror(errno));
    struct stat st;
    if (fstat(fileno(in), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
        void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE,
                       fileno(in), 0);
        if (m != MAP_FAILED) {
            inp->data = m;
            inp->len = (size_t)st.st_size;
            inp->mapped = 1;
            if (in != stdin)
                fclose(in);
            return 0;
        }
    }
    int r = read_stream(in, path, inp, err);
    if (in != stdin)
        fclose(in);
    return r;
}

int hb_load_file(const char *path, struct hb_file *f, struct hb_error *err)
{
    struct input in = { NULL, 0, 0 };
    if (read_input(path, &in, err) < 0)
        return -1;
    int r = hb_parse(in.data, in.len, HB_PARSE_FAST, f, err);
    if (in.mapped)
        munmap(in.data, in.len);
    else
        free(in.data);
    return r < 0 ? -1 : 0;
}
