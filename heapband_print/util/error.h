/* error.h -- the one error type of heapband_print.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Every module below the front ends reports a problem by filling a struct
 * hb_error and returning -1 (or NULL); it never prints and never exits.  The
 * front end (main.c and the command modules) prints the message, once, as
 * one line on stderr, and chooses the exit status from the kind:
 *
 *   HB_ERR_INPUT   the input file is bad            "heapband_print: FILE:LINE: msg"  exit 2
 *   HB_ERR_USAGE   a bad option, rule or selection  "heapband_print: msg"             exit 2
 *   HB_ERR_OUTPUT  an output could not be written   "heapband_print: msg"             exit 1
 *   HB_ERR_NOMEM   out of memory                    "heapband_print: out of memory ..." exit 3
 *
 * Invariant: kind == HB_ERR_NONE exactly when no error was recorded; the
 * first error recorded wins (later ones do not overwrite it), so the message
 * names the first problem found.  Cost: one vsnprintf into the struct per
 * error recorded; nothing is allocated, so that out of memory can be
 * reported too.
 */
#ifndef HEAPBAND_PRINT_ERROR_H
#define HEAPBAND_PRINT_ERROR_H

#include <stddef.h>

enum hb_err_kind {
    HB_ERR_NONE = 0,
    HB_ERR_INPUT,
    HB_ERR_USAGE,
    HB_ERR_OUTPUT,
    HB_ERR_NOMEM
};

/* Exit statuses of heapband_print (documented in heapband_print(1)). */
#define HB_EXIT_OK 0
#define HB_EXIT_OUTPUT 1        /* also: a --check rule is broken */
#define HB_EXIT_BAD_INPUT 2     /* bad input, bad options, bad rule */
#define HB_EXIT_NOMEM 3         /* out of memory */

struct hb_error {
    enum hb_err_kind kind;
    unsigned long line;         /* HB_ERR_INPUT: 1-based line, 0 if none */
    char msg[384];              /* one line, no trailing newline */
};

/* Record an error (if none is recorded yet) and return -1, so that callers
 * can write `return hb_error_set(err, HB_ERR_USAGE, 0, "...", ...);`. */
__attribute__((format(printf, 4, 5)))
int hb_error_set(struct hb_error *err, enum hb_err_kind kind,
                 unsigned long line, const char *fmt, ...);

/* Record "out of memory" (what: what was being done, e.g. "reading
 * run.hb"), return -1. */
int hb_error_nomem(struct hb_error *err, const char *what);

/* The exit status for the recorded error (HB_EXIT_OK if none). */
int hb_error_status(const struct hb_error *err);

/* Print the recorded error as one line on stderr, prefixed with
 * "heapband_print: " and, for input errors, "FILE:LINE: " (file may be
 * NULL). */
void hb_error_print(const struct hb_error *err, const char *file);

#endif
