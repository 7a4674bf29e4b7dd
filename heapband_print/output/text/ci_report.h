/* ci_report.h -- the --check verdicts as CI systems show them: a Markdown
 * table (--format=markdown) and a JUnit XML file (--junit=FILE).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Both read the rules' verdicts as rules.h words them, with the figures,
 * for the rules that hold as for those broken.  JUnit: one test suite, one
 * test case per rule named by its text, a <failure> for a broken rule
 * with the verdict as its message, the verdict of a rule that holds as
 * its <system-out>; text escaped for XML.  Cost: one line per rule.
 */
#ifndef HEAPBAND_PRINT_CI_REPORT_H
#define HEAPBAND_PRINT_CI_REPORT_H

#include <stddef.h>
#include <stdio.h>

/* The rules' verdicts: rule i's text, its verdict, whether it holds. */
struct hb_verdicts {
    const char *const *rules;
    char *const *verdicts;
    const unsigned char *holds;
    size_t n;
};

/* "### rules: N of M broken" (or "all hold") and a table of every rule. */
void hb_verdicts_markdown(FILE *out, const struct hb_verdicts *v);

/* The JUnit XML document; suite names the test suite (e.g. the file
 * checked). */
void hb_junit_write(FILE *out, const char *suite, const struct hb_verdicts *v);

#endif
