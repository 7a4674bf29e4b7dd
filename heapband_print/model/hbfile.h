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
};

/* Stored columns lo .. hi, lo <= hi: a range of an "sb" record. */
struct hb_col_range {
    uint64_t lo, hi;
};

/* What the file's end time E is (format section 8). */
enum hb_end_moment {
    HB_END_UNTOLD,            /* versions 1 to 3: the exit or a snapshot */
    HB_END_EXIT,              /* version 4 without a 'snapshot' line */
    HB_END_SNAPSHOT           /* version 4 with one */
};

struct hb_file {
    int version;              /* of the format: 1 to 4 */
    enum hb_end_moment end_moment;
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

/* ---------------------------------------------- the full matrix (version 3)
 * hbfile_matrix.c.  A quiet cell of band b in column c has no events and
 * LIVE_END = LIVE_MAX = L, LIVE_INTEGRAL = L * span(c), where L is band
 * b's LIVE_END in its last record before c (0 if none); a quiet column
 * has LIVE_END = LIVE_MAX and BLOCKS_END of the last col record before it
 * (0 if none).  In versions 1 and 2 L and the carried column are 0. */

/* Whether missing cells and columns carry values forward (version 3).
 * Inline: the parser asks it for every cell. */
static inline int hb_quiet_carries(const struct hb_file *f)
{
    return f->version >= 3;
}

/* The cell record (c, b), or NULL when the cell is quiet: a binary
 * search. */
const struct hb_cellrec *hb_cell_record(const struct hb_file *f, uint64_t c,
                                        uint64_t b);

/* The first cell record of column c or after it (ncells if none). */
size_t hb_first_cell_from(const struct hb_file *f, uint64_t c);

/* The matrix cursor: the one reader of the full matrix.  It gives a
 * range of stored columns and bands in file order, by runs: before each
 * cell record, the run of quiet cells its band has had since the band's
 * last record (or the range's first column); at the end of a chart
 * column, the rest of a band's run up to it (hb_cells_rest).  Quiet cells
 * that hold 0 are not given (they are all zeros), so in versions 1 and 2
 * every run is empty.  Columns alike (hb_cols_next).  Callers read the
 * quiet cells only through these functions. */

/* Quiet cells of band b in stored columns first..last: no events, LIVE_END
 * = LIVE_MAX = live (> 0), LIVE_INTEGRAL = live * the column's span (the
 * run's: hb_quiet_integral).  Empty when first > last. */
struct hb_quiet_cells { uint64_t b, first, last, live; };

/* Quiet columns first..last: LIVE_END = LIVE_MAX = live_end, BLOCKS_END =
 * blocks_end (not both 0).  Empty when first > last. */
struct hb_quiet_cols { uint64_t first, last, live_end, blocks_end; };

/* One step of a cell cursor: a record, and its band before it. */
struct hb_cell_step {
    const struct hb_cellrec *rec;
    struct hb_quiet_cells quiet;  /* its band's quiet cells just before it */
    uint64_t start;               /* its band's LIVE_END at the end of
                                   * column rec->c - 1 (0 for column 0) */
    uint64_t quiet_value;         /* what a quiet cell of its band in
                                   * column rec->c would hold */
};

/* Its fields are the cursor's own: read it through the functions. */
struct hb_cell_cursor {
    const struct hb_file *f;
    int carries;                  /* hb_quiet_carries(f) */
    uint64_t c_first, c_last, b_first, b_last;
    size_t next, end;             /* the records still to give */
    uint64_t *live;               /* per band: its LIVE_END at the end of */
    uint64_t *from;               /* column from - 1, from the first column
                                   * not given yet */
    hb_u128 quiet_sum;            /* the sum of what the bands' quiet cells
                                   * would hold in column min(from) */
};

/* A cursor over the cell records of stored columns c_first..c_last (c_last
 * < ncols) and bands b_first..b_last (b_last < nbands).  Returns 0, or -1
 * out of memory.  Cost: version 3, one pass over the records before
 * c_first; versions 1 and 2, over those of column c_first - 1. */
int hb_cells_open(struct hb_cell_cursor *q, const struct hb_file *f,
                  uint64_t c_first, uint64_t c_last, uint64_t b_first,
                  uint64_t b_last);
void hb_cells_close(struct hb_cell_cursor *q);

/* The next record of the range into *step (with its band's quiet run
 * before it): 1, or 0 at the end. */
int hb_cells_next(struct hb_cell_cursor *q, struct hb_cell_step *step);

/* The record hb_cells_next would give next, without giving it (NULL at
 * the end): a caller that ends a chart column before it asks for the rest
 * of the runs first (hb_cells_rest), so that the record's run starts after
 * them. */
const struct hb_cellrec *hb_cells_peek(struct hb_cell_cursor *q);

/* hb_cells_next for a record the caller has (the parser, as it stores
 * them): rec is the next one in file order, in the cursor's range. */
void hb_cells_take(struct hb_cell_cursor *q, const struct hb_cellrec *rec,
                   struct hb_cell_step *step);

/* Band b's quiet cells not given yet, up to stored column `end` excluded
 * (at most c_last), into *run: 1 when not empty, else 0. */
int hb_cells_rest(struct hb_cell_cursor *q, uint64_t b, uint64_t end,
                  struct hb_quiet_cells *run);

/* What a quiet cell of band b would hold in the first column not given
 * yet: its carried LIVE_END (version 3), or 0. */
uint64_t hb_cells_quiet(const struct hb_cell_cursor *q, uint64_t b);

/* The sum of hb_cells_quiet over the cursor's bands (0 in versions 1, 2). */
hb_u128 hb_cells_quiet_sum(const struct hb_cell_cursor *q);

/* The LIVE_INTEGRAL of a run of quiet cells: live * its time. */
hb_u128 hb_quiet_integral(const struct hb_file *f,
                          const struct hb_quiet_cells *run);

/* Its fields are the cursor's own: read it through the functions. */
struct hb_col_cursor {
    const struct hb_file *f;
    int carries;
    size_t next, end;             /* the col records still to give */
    uint64_t from, c_last;        /* the first column not given yet */
    struct hb_colrec carried;     /* column from - 1 (zeros before 0) */
};

/* A cursor over the columns c_first..c_last (c_last < ncols).  Cost: a
 * binary search. */
void hb_cols_open(struct hb_col_cursor *q, const struct hb_file *f,
                  uint64_t c_first, uint64_t c_last);

/* The next col record before column `end` (excluded), with the quiet
 * columns before it in *quiet; or NULL, with the quiet columns up to
 * `end` in *quiet. */
const struct hb_colrec *hb_cols_next(struct hb_col_cursor *q, uint64_t end,
                                     struct hb_quiet_cols *quiet);

/* The col record hb_cols_next would give next, or NULL. */
const struct hb_colrec *hb_cols_peek(const struct hb_col_cursor *q);

/* The last column given (its LIVE_END, LIVE_MAX, BLOCKS_END; zeros before
 * the first): what the heap holds when the next column starts. */
const struct hb_colrec *hb_cols_carried(const struct hb_col_cursor *q);

/* Column c, quiet or not, into *col. */
void hb_col_value(const struct hb_file *f, uint64_t c, struct hb_colrec *col);

/* Whether a and b (with the same column count) hold the same cells and
 * columns, the quiet ones derived: 1 or 0, or -1 out of memory.  When one
 * file carries quiet cells and the other does not, the cost is bounded by
 * the records of the one that does not. */
int hb_same_matrix(const struct hb_file *a, const struct hb_file *b);

/* The slop cursor (version 4, 'allocator: program'): the cells' live
 * slop ("scell"), quiet ones derived.  A (column, band) pair without a
 * record holds SLOP_END = SLOP_MAX = its band's SLOP_END in its last
 * record before (0 if none).  It reads the stored columns from 0 on, a
 * stretch at a time (a chart column), in the bands b_first..b_last. */
struct hb_slop_cursor {
    const struct hb_file *f;
    uint64_t b_first, b_last;
    size_t next;                  /* the scell records still to read */
    uint64_t *end;                /* per band: its SLOP_END at the end of
                                   * the stretches read */
    hb_u128 sum;                  /* the sum of end[] */
};

/* Returns 0, or -1 out of memory. */
int hb_slops_open(struct hb_slop_cursor *q, const struct hb_file *f,
                  uint64_t b_first, uint64_t b_last);
void hb_slops_close(struct hb_slop_cursor *q);

/* Reads the stored columns after those read up to c_last (included): per
 * band r of the range, max[r] = its largest SLOP_MAX in them (what it
 * held when they started included: a stretch's MAX merges as a column's,
 * section 5).  hb_slops_end then gives its SLOP_END at c_last.  Cost: the
 * records read, and the bands of the range. */
void hb_slops_upto(struct hb_slop_cursor *q, uint64_t c_last, uint64_t *max);

/* Band b's SLOP_END at the end of the stretches read (0 before). */
uint64_t hb_slops_end(const struct hb_slop_cursor *q, uint64_t b);

/* The sum of hb_slops_end over the cursor's bands. */
hb_u128 hb_slops_sum(const struct hb_slop_cursor *q);

/* Column c's gauges (version 4), derived when it has no fcol record;
 * all 0 in older files (hbfile_memory.c). */
struct hb_fcolrec hb_file_gauges(const struct hb_file *f, uint64_t c);

#endif
