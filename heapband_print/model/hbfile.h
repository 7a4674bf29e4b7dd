/* hbfile.h -- a heap-band file in memory: the printer's file model.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The records of a file as docs/heapband-format.md (versions 1 to 4)
 * defines them, its parser, and the queries the chart and the reports ask
 * of it.  The parser reads from a memory buffer (so that the fuzzer can
 * call it), rejects every line the format does not describe and checks
 * every invariant the format lists, reporting the first problem with its
 * line number.  Records are kept sparse, as in the file: a hostile header
 * cannot make the parser allocate more than the file's own size justifies.
 *
 * Quiet cells and columns (version 3 leaves out a cell without events, and
 * a column without cells) are not stored: the matrix cursor
 * (hbfile_matrix.c) derives them from the records before them and gives
 * them as runs, and every reader of the full matrix reads it through the
 * cursor.  In versions 1 and 2 a missing record is all zeros.
 *
 * Sites have one representation for every version: a frame table, sites as
 * lists of frames, and per band the sites' figures (struct hb_siterec).
 * Version 3 fills them from its object, source, frame, site, sb and so
 * records; versions 1 and 2 from their site, frame and top lines, whose
 * frames are text only.
 *
 * The model is split by concern: its parser in model/parse/, from the
 * top down (each calls only those after it): hbfile_parse.c and
 * hbfile_records.c (the grammar, section by section), hbfile_sites.c and
 * hbfile_sitetimes.c (the site tables of version 3), hbfile_leaks.c
 * (version 4's leak kinds), hbfile_fast.c (the
 * fast path for "col" and "cell" lines), hbfile_state.c (the parser's
 * state, and the storing of col and cell records), hbfile_check.c and
 * hbfile_unique.c (the invariants between sections), hbfile_lex.c (lines,
 * fields, numbers), hbfile_words.h (text eight bytes at a time); here in
 * model/, hbfile_matrix.c (the matrix cursor), hbfile.c
 * (freeing, queries).
 *
 * Invariant: a struct hb_file that hb_parse() returned holds a file that
 * meets every invariant of the format; nothing changes it afterwards.
 * Cost: hb_parse() is one pass over the buffer plus one over the col,
 * leak and life records and a sort of the frames and sites; a stored cell
 * takes 80 bytes.
 */
#ifndef HEAPBAND_PRINT_HBFILE_H
#define HEAPBAND_PRINT_HBFILE_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "hb_format.h"

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
struct hb_markrec { uint64_t t; char *name; };       /* versions 2, 3 */
struct hb_leakrec { uint64_t b, count, bytes; };
struct hb_atpeakrec { uint64_t b, bytes, blocks; };  /* version 3 */
/* Version 4: a column's gauges ("fcol"; hbfile_memory.c derives the
 * quiet ones) and a band's slop ("slop"). */
struct hb_fcolrec {
    uint64_t c, foot_end, foot_max, anon_end, anon_max, slop_end, slop_max;
};
struct hb_sloprec { uint64_t b, allocated, at_peak, at_exit; };
/* Version 4, 'allocator: program': a cell's live slop ("scell"; the
 * matrix cursor's slop cursor derives the quiet ones). */
struct hb_scellrec { uint64_t c, b, slop_end, slop_max; };
/* Version 4's run figures of memory: the 'footprint' and 'other-anon'
 * lines (all 0 in a file without them). */
struct hb_memory {
    uint64_t foot_peak, foot_peak_t, foot_exit, live_at_foot_peak,
             slop_at_foot_peak, anon_peak, anon_exit;
};

/* Version 4, 'leak-scan: yes': memcheck's leak kinds of the blocks live
 * at exit.  Still reachable is what is live at exit minus the three. */
enum hb_lost_kind {
    HB_LOST_DEFINITELY, HB_LOST_INDIRECTLY, HB_LOST_POSSIBLY, HB_NLOST
};
struct hb_lost {
    uint64_t bytes[HB_NLOST], blocks[HB_NLOST];
};
/* A 'lost b ...' record (hbfile_leaks.c). */
struct hb_lostrec { uint64_t b; struct hb_lost lost; };

/* A code address.  Version 3: a "frame" record, object and source 1-based
 * in objects[] and sources[] (0: none, unknown), offset in the object (the
 * address itself when object is 0), function "???" when unknown.
 * Versions 1 and 2 wrote a frame as one text ("FUNCTION (FILE:LINE)" or
 * the like): it is in `function`, and the numbers are 0. */
struct hb_frame {
    uint64_t object, offset, source, line;
    char *function;
    unsigned long rec_line;   /* of its record, for messages */
};

/* A site: a stack of frames, numbers in frames[] (1-based), innermost
 * first. */
struct hb_site {
    uint64_t id;
    size_t nframes;
    uint64_t *frames;
    unsigned long line;       /* of its 'site' record, for messages */
};

/* Versions 1 and 2 list a band's sites twice, by bytes allocated and by
 * peak live bytes; version 3 lists each once. */
enum hb_site_ranking { HB_RANKING_NONE, HB_RANKING_ALLOC, HB_RANKING_PEAK };

/* A site's figures (an sb record, or sums of them: over bands, over the
 * sites of one stack or one allocation point): blocks and bytes
 * allocated, live at the run's peak, live at exit. */
struct hb_site_figures {
    uint64_t allocs, alloc_bytes;
    uint64_t peak_bytes, peak_blocks;
    uint64_t exit_bytes, exit_blocks;
    struct hb_lost lost;      /* of the exit blocks (version 4), else 0 */
};

/* One site's figures in one band.  Version 3: an "sb" record, or the
 * band's "so" record (site 0: the nsites sites not listed, summed; its
 * max_bytes is 0).  Versions 1 and 2: a "top" line, which gives allocs,
 * alloc_bytes and max_bytes (its PEAK_LIVE) only, with its ranking and
 * rank. */
struct hb_siterec {
    uint64_t b, site, nsites;
    uint64_t allocs, alloc_bytes;
    uint64_t peak_bytes, peak_blocks;   /* live at the run's peak */
    uint64_t exit_bytes, exit_blocks;   /* live at exit */
    uint64_t max_bytes;                 /* the most live at any moment */
    enum hb_site_ranking ranking;
    uint64_t rank;
    /* Its site times (version 3, the ranges that end an sb record of a
     * file that has them): f->site_times[times_at .. times_at + ntimes);
     * ntimes 0 without. */
    size_t times_at, ntimes;
    struct hb_lost lost;                /* its 'sl' line (version 4), or 0 */
    /* Version 5 (section 18), sb records only, else 0: the number of its
     * first allocation, and of its first lost block of each kind. */
    uint64_t alloc_first, alloc_lost[HB_NLOST];
};

/* Stored columns lo .. hi, lo <= hi: a range of an "sb" record. */
struct hb_col_range {
    uint64_t lo, hi;
};

/* What the file's end time E is (format section 8). */
enum hb_end_moment {
    HB_END_UNTOLD,            /* versions 1 to 3: the exit or a snapshot */
    HB_END_EXIT,              /* version 4 without a 'snapshot' line;
                               * version 5 ending by exit or signal */
    HB_END_SNAPSHOT,          /* version 4 with one; 'ending running' */
    HB_END_EXEC               /* version 5 'ending exec' */
};

/* How the run ended (version 5, format section 13). */
enum hb_ending_kind {
    HB_ENDING_UNTOLD,         /* versions 1 to 4 */
    HB_ENDING_RUNNING,
    HB_ENDING_EXIT,
    HB_ENDING_SIGNAL,
    HB_ENDING_EXEC
};

struct hb_ending {
    enum hb_ending_kind kind;
    uint64_t status;          /* exit: 0..255 */
    uint64_t signo;           /* signal: 0 when the tool could not tell */
    char *signame;            /* signal: "SIGSEGV", "unknown" with 0 */
    uint64_t site;            /* signal: its stack's site, 0 for none */
    char *program;            /* exec: the program exec'd */
    char *exec_from, *exec_to;  /* the files before and after, or NULL */
};

struct hb_file {
    int version;              /* of the format: 1 to 5 */
    enum hb_end_moment end_moment;
    struct hb_ending ending;  /* version 5 */
    char *tool_version;       /* "heapband VERSION" minus "heapband " */
    char *cmd;
    uint64_t pid, ppid;
    enum hb_unit unit;
    int pow2_bands;           /* 'bands: pow2', else 'bands: quarter' */
    uint64_t nbands, columns_budget, col_width, ncols, end_time;
    uint64_t depth;           /* version 3 ('depth:'); else 0 */
    uint64_t site_limit;      /* version 3 ('site-limit:'), 0 for 'all' */
    int allocator_program;    /* version 4 'allocator: program' */
    struct hb_band *bands;    /* nbands */

    uint64_t total_allocs, total_alloc_bytes, total_frees, total_free_bytes;
    uint64_t peak_bytes, peak_blocks, peak_t_reached, peak_t_left;
    uint64_t exit_bytes, exit_blocks;
    uint64_t unknown_frees;
    uint64_t marks_dropped;   /* 'marks-dropped' (version 3), else 0 */
    /* Version 4 with 'leak-scan: yes': the file has memcheck's leak kinds
     * ('exit-lost', 'lost', 'sl'); else 0 and everything below is 0. */
    int leak_kinds;
    struct hb_lost exit_lost;
    struct hb_lostrec *losts;  size_t nlosts;     /* increasing b */
    unsigned long losts_line;  /* line of losts[0]; the rest follow it */
    struct hb_memory mem;     /* version 4 */
    /* Version 5 (section 18): the allocation that reached the peak;
     * has_alloc_numbers when the file has them (every version-5 file). */
    uint64_t alloc_peak;
    int has_alloc_numbers;

    /* The col and cell lines are each one run of lines: record i is on
     * line cols_line + i (cells_line + i).  Version 3 leaves the quiet
     * ones out (read the full matrix through the cursor below). */
    struct hb_colrec *cols;    size_t ncolrecs;   /* increasing c */
    struct hb_cellrec *cells;  size_t ncells;     /* by c, then b */
    uint64_t cells_b_lo, cells_b_hi;  /* lowest, highest b of the cells */
    unsigned long cols_line, cells_line;
    struct hb_liferec *lifes;  size_t nlifes;     /* by b, then k */
    struct hb_leakrec *leaks;  size_t nleaks;     /* increasing b */
    struct hb_atpeakrec *atpeaks; size_t natpeaks;  /* increasing b */
    struct hb_fcolrec *fcols;  size_t nfcols;     /* version 4, increasing c */
    struct hb_sloprec *slops;  size_t nslops;     /* version 4, increasing b */
    struct hb_scellrec *scells; size_t nscells;   /* version 4, by c, then b;
                                                   * on scells_line + i */
    unsigned long scells_line;

    /* Sites; tables 1-based (object i is objects[i - 1]).  Versions 1
     * and 2 have no objects or sources, and a frame per frame line. */
    char **objects;            size_t nobjects;
    char **sources;            size_t nsources;
    struct hb_frame *frames;   size_t nframes;
    struct hb_site *sites;     size_t nsites;     /* sites[i].id == i + 1 */
    /* By band; within a band, version 3: its sb records by bytes
     * allocated (largest first; then more allocations, lower site), then
     * its so record; versions 1 and 2: the alloc ranking, then the peak
     * one, by rank. */
    struct hb_siterec *siterecs; size_t nsiterecs;
    /* The ranges of the sb records, record by record; has_site_times
     * when the file has them (on every sb record then). */
    struct hb_col_range *site_times; size_t nsite_times;
    int has_site_times;
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

/* A source of input for hb_parse_stream: up to n bytes into dst; returns
 * how many (0 at the end of the input), or -1 with errno set. */
typedef long hb_read_fn(void *ctx, char *dst, size_t n);

/* hb_parse() on the bytes that `read` returns, read as they are parsed
 * into a window of HB_LEX_WINDOW bytes: the first bad line stops the
 * reading, and an endless input costs only what its valid lines hold.
 * size_hint is the input's size when known (else 0): it only sizes the
 * arrays.  Errors as hb_parse(), and a read error (HB_ERR_INPUT, line 0). */
int hb_parse_stream(hb_read_fn *read, void *ctx, uint64_t size_hint,
                    enum hb_parse_path path, struct hb_file *f,
                    struct hb_error *err);

void hb_file_free(struct hb_file *f);

/* *to plus *from, kind by kind (version 4's leak kinds). */
void hb_lost_add(struct hb_lost *to, const struct hb_lost *from);

/* The bytes (blocks) of the three lost kinds together: at most what they
 * are part of, so never past 64 bits in a file the parser accepted. */
uint64_t hb_lost_bytes(const struct hb_lost *l);
uint64_t hb_lost_blocks(const struct hb_lost *l);

/* The figures of record r, its leak kinds with them. */
struct hb_site_figures hb_site_figures_of(const struct hb_siterec *r);

/* *to plus *from, figure by figure. */
void hb_site_figures_add(struct hb_site_figures *to,
                         const struct hb_site_figures *from);

/* "i", "B" or "ms". */
const char *hb_unit_name(enum hb_unit u);

/* When the file's end time is, in words for "live ...": "at exit", "at
 * the snapshot", or "at the end" for a file that does not tell. */
const char *hb_end_words(const struct hb_file *f);

/* The band holding block size `size` (the table is contiguous). */
uint64_t hb_band_of_size(const struct hb_file *f, uint64_t size);

/* The span of stored column c (c < ncols): [c*W, min((c+1)*W, E)), its
 * start and its end (section "Time, columns and bands" of the format). */
uint64_t hb_col_start(const struct hb_file *f, uint64_t c);
uint64_t hb_col_span_end(const struct hb_file *f, uint64_t c);

/* The longest text hb_frame_format writes, with its '\0'. */
#define HB_FRAME_TEXT_MAX (2 * HB_LINE_MAX + 64)

/* Frame n (1-based) as the report shows it, into buf (at least
 * HB_FRAME_TEXT_MAX bytes): "FUNCTION (FILE:LINE)" when its source is
 * known, else "0xOFFSET FUNCTION (in OBJECT)", or "0xADDRESS FUNCTION"
 * for code in no object; versions 1 and 2: the frame's text. */
void hb_frame_format(const struct hb_file *f, uint64_t n, char *buf,
                     size_t size);

/* Frame n as Valgrind's tools (massif, DHAT) name code, into buf (at
 * least HB_FRAME_TEXT_MAX bytes): "0xOFFSET: FUNCTION (FILE:LINE)", or
 * "0xOFFSET: FUNCTION (in OBJECT)", or "0xADDRESS: FUNCTION"; versions 1
 * and 2: the frame's text. */
void hb_frame_format_tool(const struct hb_file *f, uint64_t n, char *buf,
                          size_t size);

/* The full matrix, quiet cells and columns derived: the matrix cursor
 * (hbfile_matrix.h, hbfile_matrix.c). */
#include "hbfile_matrix.h"

#endif
