/* rerun.h -- the command that reruns a file's program under heapband,
 * halted in gdb at one of its allocations (docs/manual/debugging.md).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Every output that names a moment by an allocation number (version 5,
 * format section 18: the peak's allocation, a site's first allocation, a
 * loss record's first lost block) prints it through here, so that the
 * text reports, the JSON and the --html page give the same line.
 * Invariant: the command is the file's cmd: line after valgrind's
 * options, which a POSIX shell reads as written.  Cost: one string.
 */
#ifndef HEAPBAND_PRINT_RERUN_H
#define HEAPBAND_PRINT_RERUN_H

#include <stdint.h>

#include "hbfile.h"

/* "valgrind --tool=heapband [--allocator=program] --stop-at=alloc:N CMD",
 * the --stop-at word with what the block should be: =LO-HI (=LO when
 * lo == hi) unless lo > hi, and @FN unless fn is NULL or "???"; quoted
 * for a shell when it holds more than letters, digits and _./:=@+,-.
 * A string to free, or NULL out of memory. */
char *hb_rerun_command(const struct hb_file *f, uint64_t n, uint64_t lo,
                       uint64_t hi, const char *fn);

/* A site record's block to stop at: its first lost block of leak kind
 * `kind` (0 definitely, 1 indirectly, 2 possibly), or with kind -1 its
 * first allocation; 0 when the file has no numbers (versions 1 to 4) or
 * the record has no such block. */
uint64_t hb_rerun_alloc_of(const struct hb_file *f,
                           const struct hb_siterec *r, int kind);

/* The command that stops at r's block of hb_rerun_alloc_of (its band's
 * sizes, its site's innermost function); NULL when there is none (then
 * *nomem says whether memory ran out). */
char *hb_rerun_site(const struct hb_file *f, const struct hb_siterec *r,
                    int kind, int *nomem);

/* By site number (index site - 1, f->nsites of them), the record of its
 * first allocation over every band; NULL for a file without numbers (and
 * then *nomem 0) or out of memory (*nomem 1).  An array to free. */
const struct hb_siterec **hb_rerun_first_by_site(const struct hb_file *f,
                                                 int *nomem);

#endif
