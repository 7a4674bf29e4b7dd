/* cmd_export.h -- the exports for other viewers (--pprof, --folded ...):
 * which are asked for, and writing each to its file.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Owns: the table of exports (option, writer), opening each file through
 * outfile.h (whole or absent, "-" for standard output) and reporting its
 * error.  The writers (pprof.c, folded.c ...) only write to a stream.
 * Invariant: an export's records are chosen (site_select.h) before its file
 * is opened, so a selection that cannot be made leaves no file.  Cost:
 * one choice of the site records per export, and the writer's.
 */
#ifndef HEAPBAND_PRINT_CMD_EXPORT_H
#define HEAPBAND_PRINT_CMD_EXPORT_H

#include "cli.h"
#include "hbfile.h"

/* Is any export asked for? */
int hb_exports_wanted(const struct hb_options *o);

/* Write every export o asks for, of file f.  Returns 0, HB_EXIT_OUTPUT
 * when a file could not be written (the others are still written), or at
 * once the status of an error that no export can get past (a selection
 * the file cannot make, out of memory), after printing it. */
int hb_write_exports(const struct hb_options *o, const struct hb_file *f);

struct hb_suppressions;

/* --sites or --leaks (o->leaks) with --format=csv|json: the site records
 * to standard output; supp: --leaks's suppressions.  Returns the exit
 * status, after printing the error if any. */
int hb_write_site_table(const struct hb_options *o, const struct hb_file *f,
                        const struct hb_suppressions *supp);

#endif
