/* pprof.h -- --pprof=FILE: the sites as a pprof profile (profile.proto,
 * gzip-compressed, as pprof itself writes them).
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Four sample types, as Go's heap profiles have them: alloc_objects and
 * alloc_space (the whole run), inuse_objects and inuse_space (at the run's
 * peak, or at exit).  One sample per selected (site, band) record
 * (site_select.h), with the band as the numeric label "bytes" (its
 * smallest size) and the string label "band" ("LO-HI"), so that pprof
 * -tags lists the bands and -tagfocus picks one.  A band's other sites are
 * one sample at the location "(other sites)", so the totals are the
 * file's.  Every frame is a location (mapping: its object, address: its
 * offset in the object) with one line (its function, source file and
 * line); the marks and the run are comments.  Cost: the profile is built
 * in memory (a few dozen bytes a frame and a record), then compressed.
 */
#ifndef HEAPBAND_PRINT_PPROF_H
#define HEAPBAND_PRINT_PPROF_H

#include <stdio.h>

#include "error.h"
#include "hbfile.h"
#include "site_select.h"

/* Write the profile of the records s of f to out; inuse_at_exit: the
 * inuse values are at exit, not at the peak.  Returns 0, or -1 with
 * *err (out of memory, a write error). */
int hb_pprof_write(FILE *out, const struct hb_file *f,
                   const struct hb_site_sel *s, int inuse_at_exit,
                   struct hb_error *err);

#endif
