/* stack_match.h -- LeakSanitizer-style stack patterns: the matcher, the
 * suppression files that hold them, and whether a site's stack matches.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * One matcher for every stack pattern of the printer, so that the
 * suppressions of --leaks and of the rules' `leaked`, and the rules' "site
 * PATTERN", match alike.  A suppression file holds "leak:PATTERN" lines,
 * '#' comments and blank lines; a site is suppressed, or named by a site
 * rule, when a pattern matches one of its frames (hb_frame_matches): so a
 * stripped program, whose frames have no function names, is named by its
 * object's path.
 * Sits with the file model (it reads the model's frame and site tables),
 * below every output.  Invariant: nothing here changes the model, prints
 * or exits.  Cost: a match is O(pattern x text) whatever the number of
 * '*'s; a site, one match of every pattern against each of its frames.
 */
#ifndef HEAPBAND_PRINT_STACK_MATCH_H
#define HEAPBAND_PRINT_STACK_MATCH_H

#include <stdint.h>

#include "error.h"
#include "hbfile.h"

/* Whether a LeakSanitizer pattern matches text: a substring match, '*'
 * matching any run of characters, a leading '^' and a trailing '$'
 * anchoring the match at the start and the end. */
int hb_stack_pattern_matches(const char *pattern, const char *text);

/* Whether pattern matches frame n (1-based) of f: its function name, its
 * object's path, or "OBJECT+0xOFFSET" (lowercase hex, as the offset of
 * "0xOFFSET ??? (in OBJECT)" in the reports), one frame of a stripped
 * object.  The frame's text of versions 1 and 2 is its function. */
int hb_frame_matches(const struct hb_file *f, uint64_t n,
                     const char *pattern);

struct hb_suppressions {
    char **patterns;          /* the text after "leak:" */
    size_t npatterns;
};

/* Add the patterns of the suppression file at path to *s.  Returns 0, or
 * -1 with err filled: HB_ERR_INPUT with the line of a line that is not a
 * comment, blank or "leak:PATTERN" (or the file cannot be read), or
 * HB_ERR_NOMEM. */
int hb_suppressions_load(struct hb_suppressions *s, const char *path,
                         struct hb_error *err);

void hb_suppressions_free(struct hb_suppressions *s);

/* Whether a pattern of s matches one of the frames of site (a listed site
 * of f, numbered from 1), as hb_frame_matches says. */
int hb_suppressions_match_site(const struct hb_file *f,
                               const struct hb_suppressions *s,
                               uint64_t site);

#endif
