/* outfile.h -- an output file written whole or not at all.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Every file the printer writes goes through here.  A regular file (new or
 * existing) is written under a temporary name beside its target, created
 * with O_EXCL and the mode a new file gets, and renamed over the target
 * only when complete; a symlink is followed (up to 40 links) and the file
 * it leads to is replaced (or created, for a dangling link), so the link
 * keeps pointing at the new file.  Temporaries that killed printers left
 * for the same target are removed, and SIGXFSZ is ignored so that a file
 * past the size limit is a write error, cleaned up after.  "-" (standard
 * output) and special files (a FIFO, /dev/null, a terminal) are written
 * directly, as there is nothing to rename.
 *
 * Invariant: after hb_outfile_abort(), or a failed hb_outfile_commit(), the
 * target is as it was and no temporary file is left.  Cost: a stat, an
 * open and a rename per file; the data is written once.
 */
#ifndef HEAPBAND_PRINT_OUTFILE_H
#define HEAPBAND_PRINT_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

#include "error.h"

struct hb_outfile {
    FILE *fp;               /* write the data here */
    int fd;                 /* under fp (not for stdout) */
    int write_errno;        /* the first write's errno, 0 if none */
    char *temp_path;        /* the temporary file, or NULL: written directly */
    char *target_path;      /* what temp_path is renamed to */
    int is_stdout;
};

/* Refuse an output path that would destroy data: one of the inputs (the
 * same name, or the same device and inode), or an existing file that
 * starts like a heap-band file.  option names the output in the message
 * ("--png").  Returns 0, or -1 with an HB_ERR_USAGE error. */
int hb_outfile_refused(const char *option, const char *path,
                       const char *const *inputs, size_t ninputs,
                       struct hb_error *err);

/* Open path for writing (see the head comment).  Returns 0, or -1 with an
 * HB_ERR_OUTPUT error and nothing created. */
int hb_outfile_open(struct hb_outfile *out, const char *path,
                    struct hb_error *err);

/* Flush and close; rename the temporary into place.  Returns 0, or -1
 * with an HB_ERR_OUTPUT error, the temporary removed and the target as
 * it was. */
int hb_outfile_commit(struct hb_outfile *out, struct hb_error *err);

/* Close and remove the temporary: the target is left as it was. */
void hb_outfile_abort(struct hb_outfile *out);

/* Standard output through a stream of our own over descriptor 1 that
 * keeps the first write's errno, as the files' streams do: stdout is that
 * stream afterwards.  Called once, first thing; -1 (stdout as it was)
 * when it cannot be made. */
int hb_stdout_capture(void);

/* Whether standard output failed (its stream's error flag), and why: the
 * first write's errno, else EIO. */
int hb_stdout_failed(void);
int hb_stdout_errno(void);

/* The name an output's messages give it: "standard output" for "-". */
const char *hb_outfile_name(const char *path);

/* 1 the first time it is asked after standard output failed, so that its
 * error is said once whatever else wrote to it; 0 after. */
int hb_stdout_first_report(void);

#endif
