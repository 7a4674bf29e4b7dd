/* unit_check.h -- the checks of the C unit tests in tests/unit: count each
 * check, print "FAIL: " and its message when it fails, and the summary.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Every unit test links unit_check.c once, however many files it has, so
 * that one count covers them all.  Invariant: check_summary() reports every
 * check made before it.  Cost: one printf per failed check.
 */
#ifndef HEAPBAND_TESTS_UNIT_CHECK_H
#define HEAPBAND_TESTS_UNIT_CHECK_H

/* Count a check; print "FAIL: " and the message when ok is 0. */
__attribute__((format(printf, 2, 3)))
void check(int ok, const char *fmt, ...);

/* Print "N of M checks failed"; the exit status of the test: 0 or 1. */
int check_summary(void);

#endif
