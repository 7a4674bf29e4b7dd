/* main.c -- heapband_print: which command the command line asks for.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Owns only the dispatch: the diff command (--diff, --check: cmd_diff.h)
 * or the chart command (cmd_chart.h), each of which reads the whole
 * command line and returns the exit status, documented in
 * heapband_print(1) and error.h.  Cost: one pass over argv.
 */
#include <stdlib.h>

#include "cli.h"
#include "cmd_chart.h"
#include "cmd_diff.h"
#include "outfile.h"

int main(int argc, char **argv)
{
    hb_stdout_capture();    /* so that its errors keep their reason */
    if (hb_cli_command(argc, argv) == HB_CMD_DIFF)
        exit(hb_cmd_diff(argc, argv));
    exit(hb_cmd_chart(argc, argv));
}
