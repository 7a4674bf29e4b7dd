/* unit_check.c -- the checks of the C unit tests: see unit_check.h.
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see
 * heapband_print/util/error.h and the file COPYING.
 *
 * Owns the two counters of a test program's checks.
 */
#include "unit_check.h"

#include <stdarg.h>
#include <stdio.h>

static int unit_failures, unit_checks;

void check(int ok, const char *fmt, ...)
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

int check_summary(void)
{
    printf("%d of %d checks failed\n", unit_failures, unit_checks);
    return unit_failures ? 1 : 0;
}
