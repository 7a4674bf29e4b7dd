/* hbfile_matrix.h -- the full matrix of a heap-band file: the matrix
 * cursor (hbfile_matrix.c), with its per-record steps inline.  Included
 * by hbfile.h: include that.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * With hbfile_matrix.c, the one place that knows how quiet cells, columns
 * and gauges are derived (docs/heapband-format.md, sections 4 and 5).
 */
#ifndef HEAPBAND_PRINT_HBFILE_MATRIX_H
#define HEAPBAND_PRINT_HBFILE_MATRIX_H

#include "hbfile.h"

/* A quiet cell of band b in column c (version 3) has no events and
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

/* The first cell record of column c or after it (ncells if none). */
size_t hb_first_cell_from(const struct hb_file *f, uint64_t c);

/* The cell record (c, b), or NULL when the cell is quiet: a binary
 * search. */
const struct hb_cellrec *hb_cell_record(const struct hb_file *f, uint64_t c,
                                        uint64_t b);

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
    int summing;                  /* whether quiet_sum is kept: from the
                                   * first hb_cells_quiet_sum on */
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
static inline int hb_cells_next(struct hb_cell_cursor *q,
                                struct hb_cell_step *step);

/* The record hb_cells_next would give next, without giving it (NULL at
 * the end): a caller that ends a chart column before it asks for the rest
 * of the runs first (hb_cells_rest), so that the record's run starts after
 * them. */
static inline const struct hb_cellrec *
hb_cells_peek(struct hb_cell_cursor *q);

/* Pass the record hb_cells_peek gave: hb_cells_next is peek, skip and
 * hb_cells_take of the record.  A reader of the events alone (an
 * allocations chart) may skip records without taking them; its cursor
 * then gives no runs: call only peek, skip and close on it. */
static inline void hb_cells_skip(struct hb_cell_cursor *q);

/* Give rec with its band's run before it: the record just peeked at and
 * skipped, or, for a reader that walks the records itself (the parser as
 * it stores them, its flow check), the next record in file order, in the
 * cursor's range. */
static inline void hb_cells_take(struct hb_cell_cursor *q,
                                 const struct hb_cellrec *rec,
                                 struct hb_cell_step *step);

/* Band b's quiet cells not given yet, up to stored column `end` excluded
 * (at most c_last), into *run: 1 when not empty, else 0. */
int hb_cells_rest(struct hb_cell_cursor *q, uint64_t b, uint64_t end,
                  struct hb_quiet_cells *run);

/* What a quiet cell of band b would hold in the first column not given
 * yet: its carried LIVE_END (version 3), or 0. */
uint64_t hb_cells_quiet(const struct hb_cell_cursor *q, uint64_t b);

/* The sum of hb_cells_quiet over the cursor's bands (0 in versions 1, 2).
 * The first call adds them up (a pass over the bands); the cursor keeps
 * the sum from then on (a cost per record that readers who never ask do
 * not pay). */
hb_u128 hb_cells_quiet_sum(struct hb_cell_cursor *q);

/* The LIVE_INTEGRAL of a run of quiet cells: live * its time. */
static inline hb_u128 hb_quiet_integral(const struct hb_file *f,
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

/* Version 4's gauges (fcol records): a column without a record carries
 * the END of the last record before it as each END and MAX (0 if none).
 * All 0 in older files (they have no fcol records). */

/* Its fields are the cursor's own: read it through the functions. */
struct hb_gauge_cursor {
    const struct hb_file *f;
    size_t next;                  /* the first fcol record not passed */
};

/* A cursor for spans from column c_first on.  Cost: a binary search. */
void hb_gauges_open(struct hb_gauge_cursor *q, const struct hb_file *f,
                    uint64_t c_first);

/* The gauges of columns first..last merged into *g (g->c = first): each
 * END the last column's, each MAX the largest.  `first` is at least the
 * last call's (spans may overlap).  Cost: the records in the span. */
void hb_gauges_span(struct hb_gauge_cursor *q, uint64_t first, uint64_t last,
                    struct hb_fcolrec *g);

/* Column c's gauges, derived when it has no fcol record. */
struct hb_fcolrec hb_file_gauges(const struct hb_file *f, uint64_t c);

/* Version 4's cells' slop (scell records, 'allocator: program'): a
 * (column, band) pair without a record holds SLOP_END = SLOP_MAX = its
 * band's SLOP_END in its last record before (0 if none).  The slop cursor
 * reads the stored columns from 0 on, a stretch at a time (a chart
 * column), in the bands b_first..b_last. */

/* Its fields are the cursor's own: read it through the functions. */
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

/* ------------------------------------------- the per-record steps, inline
 * They run for every record of every reader (and of the parser's checks):
 * defined here so that the readers' loops compile them in. */

static inline void hb_cells_take(struct hb_cell_cursor *q,
                                 const struct hb_cellrec *rec,
                                 struct hb_cell_step *step)
{
    /* The cursor's fields are read before anything is written through a
     * pointer that could alias them. */
    uint64_t *live_of = q->live, *from_of = q->from;
    int carries = q->carries, summing = q->summing;
    size_t r = (size_t)(rec->b - q->b_first);
    uint64_t from = from_of[r], live = live_of[r];
    struct hb_quiet_cells *run = &step->quiet;
    live_of[r] = rec->live_end;
    from_of[r] = rec->c + 1;
    run->b = rec->b;
    run->first = 1;
    run->last = 0;
    run->live = 0;
    if (!carries) {
        if (from < rec->c)
            live = 0;           /* a missing cell is all zeros */
        step->quiet_value = 0;
    } else {
        if (from < rec->c && live > 0) {
            run->first = from;
            run->last = rec->c - 1;
            run->live = live;
        }
        step->quiet_value = live;
        if (summing)
            q->quiet_sum = q->quiet_sum - live + rec->live_end;
    }
    step->rec = rec;
    step->start = live;
}

static inline const struct hb_cellrec *
hb_cells_peek(struct hb_cell_cursor *q)
{
    const struct hb_cellrec *cells = q->f->cells;
    size_t i = q->next, end = q->end;
    uint64_t lo = q->b_first, width = q->b_last - q->b_first;
    while (i < end && cells[i].b - lo > width)      /* b outside lo..hi */
        i++;
    q->next = i;
    return i < end ? &cells[i] : NULL;
}

static inline void hb_cells_skip(struct hb_cell_cursor *q)
{
    q->next++;
}

static inline hb_u128 hb_quiet_integral(const struct hb_file *f,
                                        const struct hb_quiet_cells *run)
{
    return (hb_u128)run->live * (hb_col_span_end(f, run->last)
                                 - hb_col_start(f, run->first));
}

static inline int hb_cells_next(struct hb_cell_cursor *q,
                                struct hb_cell_step *step)
{
    const struct hb_cellrec *rec = hb_cells_peek(q);
    if (rec == NULL)
        return 0;
    q->next++;
    hb_cells_take(q, rec, step);
    return 1;
}

#endif
