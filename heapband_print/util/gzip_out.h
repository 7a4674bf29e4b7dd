/* gzip_out.h -- bytes in memory written as one gzip member (zlib).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * pprof reads its profile.proto gzip-compressed, as it writes them; this
 * compresses a buffer built in memory into a stream.  Cost: one pass of
 * zlib's deflate at its default level, 64 KB of output buffer.
 */
#ifndef HEAPBAND_PRINT_GZIP_OUT_H
#define HEAPBAND_PRINT_GZIP_OUT_H

#include <stddef.h>
#include <stdio.h>

#include "error.h"

/* Write len bytes at data to out as a gzip member.  Returns 0, or -1 with
 * *err: HB_ERR_OUTPUT (a write error), HB_ERR_NOMEM. */
int hb_gzip_write(FILE *out, const void *data, size_t len,
                  struct hb_error *err);

#endif
