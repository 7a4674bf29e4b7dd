/* load.h -- reading heapband_print's input: a heap-band file, or standard
 * input, parsed into the file model.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Owns: getting the input's bytes and handing them to the parser
 * (hbfile.h), which reads them as it parses: the first bad line stops the
 * reading, so an endless or huge stream of garbage (/dev/zero, `yes`)
 * fails at its first line.  The input is read, never mapped: a file
 * truncated while it is read is a truncated file (an error), not a fault.
 * Invariant: the bytes live only in the parser's window (HB_LEX_WINDOW
 * bytes); the model keeps no pointer into them.  Cost: the parse (one
 * pass over the bytes) and one copy of them from the kernel.
 */
#ifndef HEAPBAND_PRINT_LOAD_H
#define HEAPBAND_PRINT_LOAD_H

#include "error.h"
#include "hbfile.h"

/* Read and parse the file at path ("-": standard input) into *f.  Returns
 * 0, or -1 with err set: HB_ERR_INPUT for a file that cannot be read
 * (line 0, the system's message) or does not parse (its line),
 * HB_ERR_NOMEM; *f then holds nothing to free.  The caller prints the
 * error with hb_error_print(err, path). */
int hb_load_file(const char *path, struct hb_file *f, struct hb_error *err);

#endif
