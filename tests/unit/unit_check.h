/* unit_check.h -- the checks of the C unit tests in tests/unit: count each
 * check, print "FAIL: " and its message when it fails, and the summary.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Each test program is one file that includes this header once.
 */
#ifndef HEAPBAND_TESTS_UNIT_CHECK_H
#define HEAPBAND_TESTS_UNIT_CHECK_H

#include <stdarg.h>
#include <stdio.h>

static int unit_failures, unit_checks;

__attribute__((format(printf, 2, 3)))
static void check(int ok, const char *fmt, ...)
{
    unit_checks++;
    if (ok)
        return;
    unit_failures++;
    va_list ap;
    va_start(ap, fmt);
    fputs("FAIL: ", stdout);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
}

/* Print "N of M checks failed"; the exit status of the test: 0 or 1. */
static int check_summary(void)
{
    printf("%d of %d checks failed\n", unit_failures, unit_checks);
    return unit_failures ? 1 : 0;
}

#endif
