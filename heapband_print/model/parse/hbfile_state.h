/* hbfile_state.h -- the parser's state and the helpers every part of the
 * parser stores through (hbfile_state.c): the bottom of model/parse/,
 * which the grammar (hbfile_parse.c, hbfile_records.c), the site records
 * (hbfile_sites.c, hbfile_sitetimes.c) and the fast path (hbfile_fast.c)
 * call down into, never up.  Not for use outside the parser: the public
 * entry point is hb_parse() in hbfile.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Invariant: the records stored in *f so far are exactly those of the
 * lines before lx.pos, each checked against the line before it (order,
 * ranges); cap_* is the room allocated for each array; checks holds what
 * hbfile_check.c needs of the lines read so far.  Cost: nothing of its
 * own (the state is on hb_parse()'s stack).
 */
#ifndef HEAPBAND_PRINT_HBFILE_STATE_H
#define HEAPBAND_PRINT_HBFILE_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "hbfile.h"
#include "hbfile_check.h"
#include "hbfile_lex.h"

/* What the version-3 site records (hbfile_sites.c) check as they come:
 * the entries written but not yet named by the record that must name
 * them, and the band whose sb and so lines are being read. */
struct hb_site_state {
    /* An object or source waits for the next frame (0: none). */
    uint64_t object, source;
    unsigned long object_line, source_line;
    /* Frames first_frame .. nframes wait for the next site, sites
     * first_site .. nsites for the next band's sb lines (0: none). */
    uint64_t first_frame, first_site;
    /* The band being read: its first and last sb/so line, the key of its
     * last one (site, or UINT64_MAX for its so line), its sb lines, the
     * sites it owes (owed_next .. owed_last, in order), the sums of its
     * sb and so lines (ALLOCS, ALLOC_BYTES, PEAK_BYTES, PEAK_BLOCKS,
     * EXIT_BYTES, EXIT_BLOCKS). */
    int in_band;
    uint64_t band, last_key, nsb, owed_next, owed_last;
    unsigned long last_line;
    hb_u128 sums[6];
    uint64_t bands_done;      /* bands below it have been checked */
    size_t next_leak, next_atpeak;  /* the band's leak and at-peak lines */
    /* The first sb line, whose ranges or none decide the file's
     * (hbfile_sitetimes.c); 0 before it. */
    unsigned long first_sb_line;
};

/* What the version-4 leak-kind records (hbfile_leaks.c) check after the
 * line pass: the 'exit-lost' line, and per band the sums of its 'sl'
 * lines (six a band, the file's order) and its last 'sl' line (0: none);
 * allocated at the first 'sl' line. */
struct hb_leak_checks {
    unsigned long exit_lost_line;
    hb_u128 *sl_sums;
    unsigned long *sl_line;
};

/* What the version-5 allocation numbers (hbfile_numbers.c) check: the
 * 'alloc-peak' line (0: none yet) and the next site record an
 * 'alloc-site' line numbers. */
struct hb_number_checks {
    unsigned long peak_line;
    size_t next_rec;
};

struct hb_parser {
    struct hb_lexer lx;
    struct hb_file *f;
    size_t cap_bands, cap_cols, cap_cells, cap_lifes, cap_leaks,
           cap_atpeaks, cap_objects, cap_sources, cap_frames, cap_sites,
           cap_siterecs, cap_site_times, cap_marks, cap_losts, cap_fcols,
           cap_slops, cap_scells;
    /* Version 4: the lines the run figures' checks point at
     * (hbfile_memory.c). */
    unsigned long footprint_line, other_anon_line, last_slop_line;
    /* Version 4: per band, the SLOP_END of its last scell record (NULL
     * before the first; hbfile_memory.c). */
    uint64_t *scell_end;
    struct hb_checks checks;
    struct hb_site_state site_state;
    struct hb_leak_checks leaks;
    struct hb_number_checks numbers;
};

/* The sections after the summary, each a run of one record kind, in this
 * order ("mark" lines end the run summary, section 3 of the format).
 * Versions 1 and 2: "frame" lines belong to their "site", "top" lines
 * follow.  Version 3: "at-peak" after "leak", then the site tables and
 * their band records, interleaved (HB_SEC_SITE, hbfile_sites.c).
 * Version 4: "lost" between "leak" and "at-peak", "sl" among the site
 * records (hbfile_leaks.c); "fcol" after "col", "scell" after "cell",
 * "slop" after "at-peak" (hbfile_memory.c); "snapshot" right before
 * "end".  Version 5: the allocation numbers after the site records
 * (hbfile_numbers.c); "exec-from", "ending", "exec-to" right before
 * "end" (hbfile_ending.c). */
enum hb_section {
    HB_SEC_MARK, HB_SEC_COL, HB_SEC_FCOL, HB_SEC_CELL, HB_SEC_SCELL,
    HB_SEC_LIFE,
    HB_SEC_LEAK, HB_SEC_LOST, HB_SEC_AT_PEAK, HB_SEC_SLOP, HB_SEC_SITE,
    HB_SEC_TOP, HB_SEC_NUMBERS, HB_SEC_SNAPSHOT, HB_SEC_EXEC_FROM,
    HB_SEC_ENDING, HB_SEC_EXEC_TO
};

/* A run-summary line: "KEYWORD" and n numbers into v[], *line set to its
 * line (section 3; hbfile_parse.c's and hbfile_memory.c's). */
int hb_parse_summary_record(struct hb_parser *p, const char *keyword,
                            size_t n, uint64_t *v, unsigned long *line);

/* Record "out of memory" (HB_ERR_NOMEM); returns -1. */
int hb_parse_nomem(struct hb_parser *p);

/* Make room for element n of a growing array of *cap elements of elsize
 * bytes (doubling it); returns 0, or -1 out of memory. */
int hb_parse_grow(struct hb_parser *p, void **arr, size_t *cap, size_t n,
                  size_t elsize);
#define HB_PARSE_GROW(p, arr, cap, n) \
    hb_parse_grow((p), (void **)&(arr), &(cap), (n), sizeof *(arr))

/* Band b is within the band table, or -1 with "band B is out of range". */
int hb_parse_check_band(struct hb_parser *p, uint64_t b);

/* A copy of the n bytes at s as a string, or NULL out of memory. */
char *hb_parse_text(struct hb_parser *p, const char *s, size_t n);

/* Store a "col" record (c LIVE_END LIVE_MAX BLOCKS_END) or a "cell" record
 * (c b and the six numbers after them, then LIVE_INTEGRAL) read on line
 * lx.lineno, after checking it against the record before it; both parsers
 * store through these. */
int hb_store_col(struct hb_parser *p, const uint64_t *v);
int hb_store_cell(struct hb_parser *p, const uint64_t *v, hb_u128 integral);

#endif
