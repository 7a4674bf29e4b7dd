/* error.c -- the one error type of heapband_print: see error.h.
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see error.h
 * and the file COPYING.
 */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>

#define PROG "heapband_print"

int hb_error_set(struct hb_error *err, enum hb_err_kind kind,
                 unsigned long line, const char *fmt, ...)
{
    if (err == NULL || err->kind != HB_ERR_NONE)
        return -1;
    err->kind = kind;
    err->line = line;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return -1;
}

int hb_error_nomem(struct hb_error *err, const char *what)
{
    return hb_error_set(err, HB_ERR_NOMEM, 0, "out of memory (%s)", what);
}

int hb_error_status(const struct hb_error *err)
{
    switch (err->kind) {
    case HB_ERR_NONE:   return HB_EXIT_OK;
    case HB_ERR_OUTPUT: return HB_EXIT_OUTPUT;
    case HB_ERR_NOMEM:  return HB_EXIT_NOMEM;
    case HB_ERR_INPUT:
    case HB_ERR_USAGE:  break;
    }
    return HB_EXIT_BAD_INPUT;
}

void hb_error_print(const struct hb_error *err, const char *file)
{
    if (err->kind == HB_ERR_NONE)
        return;
    if (err->kind == HB_ERR_INPUT && file != NULL && err->line > 0)
        fprintf(stderr, PROG ": %s:%lu: %s\n", file, err->line, err->msg);
    else if (err->kind == HB_ERR_INPUT && file != NULL)
        fprintf(stderr, PROG ": %s: %s\n", file, err->msg);
    else
        fprintf(stderr, PROG ": %s\n", err->msg);
}
