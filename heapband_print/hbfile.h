/* hbfile.h -- a heap-band file in memory: the printer's file model.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The records of a file as docs/heapband-format.md (versions 1 and 2)
 * defines them, its parser, and the queries the chart and the reports ask
 * of it.  The parser reads from a memory buffer (so that the fuzzer can
 * call it), rejects every line the format does not describe and checks
 * every invariant the format lists, reporting the first problem with its
 * line number.  Records are kept sparse, as in the file: a hostile header
 * cannot make the parser allocate more than the file's own size justifies.
 *
 * The model is split by concern: hbfile_lex.c (lines, fields, numbers),
 * hbfile_words.h (text eight bytes at a time), hbfile_parse.c and
 * hbfile_records.c (the grammar, section by section), hbfile_fast.c (the
 * fast path for "col" and "cell" lines), hbfile_check.c (the invariants
 * between sections), hbfile.c (freeing, queries).
 *
 * Invariant: a struct hb_file that hb_parse() returned holds a file that
 * meets every invariant of the format; nothing changes it afterwards.
 * Cost: hb_parse() is one pass over the buffer plus one over the col,
 * leak and life records; a stored cell takes 80 bytes.
 */
#ifndef HEAPBAND_PRINT_HBFILE_H
#define HEAPBAND_PRINT_HBFILE_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"

__extension__ typedef unsigned __int128 hb_u128;

enum hb_unit { HB_UNIT_I, HB_UNIT_B, HB_UNIT_MS };

struct hb_band { uint64_t lo, hi; };

struct hb_colrec {
    uint64_t c, live_end, live_max, blocks_end;
};

struct hb_cellrec {
    uint64_t c, b;
    uint64_t allocs, alloc_bytes, frees, free_bytes, live_end, live_max;
    hb_u128 live_integral;
};

struct hb_liferec { uint64_t b, k, count, bytes; };
struct hb_markrec { uint64_t t; char *name; };       /* version 2 */
struct hb_leakrec { uint64_t b, count, bytes; };

struct hb_site {
    uint64_t id;
    size_t nframes;
    char **frames;            /* innermost first */
    unsigned long line;       /* of its 'site' record, for messages */
};

struct hb_toprec {
    uint64_t b;
    int by_peak;              /* 0: "alloc" ranking, 1: "peak" ranking */
    uint64_t rank, site, allocs, alloc_bytes, peak_live;
};

struct hb_file {
    int version;              /* of the format: 1 or 2 */
    char *tool_version;       /* "heapband VERSION" minus "heapband " */
    char *cmd;
    uint64_t pid, ppid;
    enum hb_unit unit;
    int pow2_bands;           /* 'bands: pow2', else 'bands: quarter' */
    uint64_t nbands, columns_budget, col_width, ncols, end_time;
    struct hb_band *bands;    /* nbands */

    uint64_t total_allocs, total_alloc_bytes, total_frees, total_free_bytes;
    uint64_t peak_bytes, peak_blocks, peak_t_reached, peak_t_left;
    uint64_t exit_bytes, exit_blocks;
    uint64_t unknown_frees;

    /* The col and cell lines are each one run of lines: record i is on
     * line cols_line + i (cells_line + i). */
    struct hb_colrec *cols;    size_t ncolrecs;   /* increasing c */
    struct hb_cellrec *cells;  size_t ncells;     /* by c, then b */
    uint64_t cells_b_lo, cells_b_hi;  /* lowest, highest b of the cells */
    unsigned long cols_line, cells_line;
    struct hb_liferec *lifes;  size_t nlifes;     /* by b, then k */
    struct hb_leakrec *leaks;  size_t nleaks;     /* increasing b */
    struct hb_site *sites;     size_t nsites;     /* sites[i].id == i + 1 */
    struct hb_toprec *tops;    size_t ntops;  /* by b, alloc then peak, rank */
    struct hb_markrec *marks;  size_t nmarks;     /* non-decreasing t */
};

/* Which parser reads the "col" and "cell" lines; both give the same
 * records or the same error. */
enum hb_parse_path {
    HB_PARSE_FAST,      /* eight bytes at a time, leaving any line it is not
                         * sure of to the general parser */
    HB_PARSE_GENERAL    /* the general parser only: the reference the fuzzer
                         * compares the fast path with */
};

/* Parse len bytes at buf.  Returns 0 and fills *f, or -1 and fills *err
 * (then *f holds nothing to free): HB_ERR_INPUT with the line number of
 * the first problem, or HB_ERR_NOMEM.  Never prints, never exits. */
int hb_parse(const char *buf, size_t len, enum hb_parse_path path,
             struct hb_file *f, struct hb_error *err);

void hb_file_free(struct hb_file *f);

/* "i", "B" or "ms". */
const char *hb_unit_name(enum hb_unit u);

/* The band holding block size `size` (the table is contiguous). */
uint64_t hb_band_of_size(const struct hb_file *f, uint64_t size);

/* The span of stored column c (c < ncols): [c*W, min((c+1)*W, E)), its
 * start and its end (section "Time, columns and bands" of the format). */
uint64_t hb_col_start(const struct hb_file *f, uint64_t c);
uint64_t hb_col_span_end(const struct hb_file *f, uint64_t c);

#endif
