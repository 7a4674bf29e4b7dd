/* write_errors.c -- the one way the front ends say an output failed (see
 * write_errors.h).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Standard output is one stream for the chart, the reports and every
 * export to "-": its first failure is its only message, with the reason
 * its stream kept (util/outfile.c), "No space left on device" or "Bad
 * file descriptor", never stdio's bare error flag.
 */
#include "write_errors.h"

#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "outfile.h"

void hb_output_error(const char *path, const char *msg)
{
    if (strcmp(path, "-") == 0 && !hb_stdout_first_report())
        return;
    fprintf(stderr, HB_PROGRAM_NAME ": %s: %s\n", hb_outfile_name(path), msg);
}

int hb_stdout_status(int status)
{
    if (fflush(stdout) == 0 && !hb_stdout_failed())
        return status;
    if (hb_stdout_first_report())
        fprintf(stderr, HB_PROGRAM_NAME ": standard output: cannot write: "
                "%s\n", strerror(hb_stdout_errno()));
    return status == HB_EXIT_OK ? HB_EXIT_OUTPUT : status;
}
