/* ending.h -- how a file's run ended (version 5, section 13 of
 * docs/heapband-format.md), in the words every output uses.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#ifndef HEAPBAND_PRINT_ENDING_H
#define HEAPBAND_PRINT_ENDING_H

#include <stddef.h>

#include "hbfile.h"

/* Room for any of the texts below. */
#define HB_ENDING_TEXT_MAX 4400

/* "how" of --format=json: "exit", "signal", "exec", "running", or NULL
 * for a file before version 5 (it does not tell). */
const char *hb_ending_how(const struct hb_file *f);

/* The frame a signal's stack is named by: the innermost of the program's
 * own executable (by the file name of the command's first word), else the
 * innermost; 0 without a stack. */
uint64_t hb_ending_frame(const struct hb_file *f);

/* The ending in words into buf (size >= HB_ENDING_TEXT_MAX): "exited
 * with status 3", "killed by SIGSEGV at t=157k in main (prog.c:22)",
 * "killed by a signal (which, the tool cannot tell) at t=...", "exec'd
 * ./prog at t=...", "still running at t=..."; "" before version 5. */
void hb_ending_text(const struct hb_file *f, char *buf, size_t size);

/* Whether the two files ended differently (kind, status, signal or
 * program; not where or when): the diff says so first. */
int hb_ending_differs(const struct hb_file *o, const struct hb_file *n);

#endif
