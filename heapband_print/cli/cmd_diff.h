/* cmd_diff.h -- the diff command: heapband_print --diff OLD NEW
 * [--check RULE]... and heapband_print --check RULE... FILE, comparing two
 * runs and checking limits, for CI.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Owns: which options go together for --diff and --check, the order of
 * the work (every rule is parsed before any file is read, every rule is
 * evaluated before anything is written), the report, the difference
 * chart's outputs (through cmd_chart.h) and the rules' verdicts.
 * Invariant: a rule that does not parse, or a relative one without OLD,
 * is exit 2 with nothing read or written.  Cost: reading the files, one
 * difference chart per output, and one evaluation per rule (rules.h).
 */
#ifndef HEAPBAND_PRINT_CMD_DIFF_H
#define HEAPBAND_PRINT_CMD_DIFF_H

/* Run --diff / --check; returns the exit status: 0 when every rule holds
 * (or there are none), 1 when a rule is broken or an output cannot be
 * written, 2 on bad input, bad options or a rule that does not parse, 3
 * out of memory. */
int hb_cmd_diff(int argc, char **argv);

#endif
