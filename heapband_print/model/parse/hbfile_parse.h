/* hbfile_parse.h -- the parser's state, shared by the grammar
 * (hbfile_parse.c, hbfile_records.c) and the fast path for "col" and
 * "cell" lines (hbfile_fast.c).  Not for use outside the file model: the
 * public entry point is hb_parse() in hbfile.h.
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
#ifndef HEAPBAND_PRINT_HBFILE_PARSE_H
#define HEAPBAND_PRINT_HBFILE_PARSE_H

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

struct hb_parser {
    struct hb_lexer lx;
    struct hb_file *f;
    size_t cap_bands, cap_cols, cap_cells, cap_lifes, cap_leaks,
           cap_atpeaks, cap_objects, cap_sources, cap_frames, cap_sites,
           cap_siterecs, cap_site_times, cap_marks, cap_fcols, cap_slops;
    /* Version 4: the lines the run figures' checks point at. */
    unsigned long footprint_line, other_anon_line, last_slop_line;
    struct hb_checks checks;
    struct hb_site_state site_state;
};

/* The sections after the summary, each a run of one record kind, in this
 * order ("mark" lines end the run summary, section 3 of the format).
 * Versions 1 and 2: "frame" lines belong to their "site", "top" lines
 * follow.  Version 3: "at-peak" after "leak", then the site tables and
 * their band records, interleaved (HB_SEC_SITE, hbfile_sites.c). */
enum hb_section {
    HB_SEC_MARK, HB_SEC_COL, HB_SEC_FCOL, HB_SEC_CELL, HB_SEC_LIFE,
    HB_SEC_LEAK, HB_SEC_AT_PEAK, HB_SEC_SLOP, HB_SEC_SITE, HB_SEC_TOP
};

/* A run-summary line: "KEYWORD" and n numbers into v[], *line set to its
 * line (section 3). */
int hb_parse_summary_record(struct hb_parser *p, const char *keyword,
                            size_t n, uint64_t *v, unsigned long *line);

/* Version 4 (hbfile_memory.c): the 'allocator:' header line, the
 * 'footprint' and 'other-anon' lines after 'unknown-frees', the 'fcol'
 * and 'slop' records, and their invariants (11 to 13) at the end. */
int hb_parse_allocator(struct hb_parser *p);
int hb_parse_memory_summary(struct hb_parser *p);
int hb_parse_fcol(struct hb_parser *p);
int hb_parse_slop(struct hb_parser *p);
int hb_check_memory(struct hb_parser *p);

/* Sections 1 to 3 of the format, up to the "unknown-frees" line
 * (hbfile_parse.c). */
int hb_parse_head(struct hb_parser *p);

/* The records after "unknown-frees" up to and with "end", "col" and
 * "cell" lines through the fast path when `path` says so
 * (hbfile_records.c). */
int hb_parse_records(struct hb_parser *p, enum hb_parse_path path);

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
 * store through these (hbfile_records.c). */
int hb_store_col(struct hb_parser *p, const uint64_t *v);
int hb_store_cell(struct hb_parser *p, const uint64_t *v, hb_u128 integral);

/* The version-3 site records (section 7 of the format), each a line
 * already read: "object", "source" and "frame" not split (their text runs
 * to the end of the line), "site", "sb" and "so" split; and at the "end"
 * line, what must hold when the records are done (hbfile_sites.c). */
int hb_parse_object(struct hb_parser *p);
int hb_parse_source(struct hb_parser *p);
int hb_parse_frame(struct hb_parser *p);
int hb_parse_site3(struct hb_parser *p);
int hb_parse_sb(struct hb_parser *p);
int hb_parse_so(struct hb_parser *p);
int hb_sites_end(struct hb_parser *p);

/* The site times that end the split sb line being read, its fields
 * first .. nf-1, into r's run of f->site_times (hbfile_sitetimes.c). */
int hb_parse_sb_times(struct hb_parser *p, size_t first, struct hb_siterec *r);

/* Once the file is checked, version 3: each band's sb records in the
 * order of the report, by bytes allocated (hbfile_sites.c). */
void hb_sites_rank(struct hb_file *f);

/* The fast path: reads the next line or two when they are "col" or "cell"
 * lines it is sure of, in section `*current` or before it.  Returns 1 when
 * it stored them (and advanced *current), 0 to leave the next line to the
 * general parser, -1 on an error in their values (hbfile_fast.c). */
int hb_parse_fast_record(struct hb_parser *p, enum hb_section *current);

#endif
