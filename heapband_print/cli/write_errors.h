/* write_errors.h -- the one way the front ends say an output failed.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#ifndef HEAPBAND_PRINT_WRITE_ERRORS_H
#define HEAPBAND_PRINT_WRITE_ERRORS_H

/* "heapband_print: NAME: MSG" on stderr, NAME "standard output" for
 * "-": standard output's error is said once, whichever output (the chart,
 * an export to "-") met it first. */
void hb_output_error(const char *path, const char *msg);

/* At the end of a command: when standard output failed, says so (once,
 * with the reason) and returns HB_EXIT_OUTPUT unless status is already
 * an error; else status. */
int hb_stdout_status(int status);

#endif
