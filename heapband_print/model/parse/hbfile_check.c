/* hbfile_check.c -- the invariants that relate the sections of a
 * heap-band file to each other: see hbfile_check.h.
 *
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see error.h
 * and the file COPYING.
 */
#include "hbfile_check.h"

#include <stdlib.h>

int hb_checks_start(struct hb_checks *checks, const struct hb_file *f,
                    struct hb_error *err)
{
    if (!hb_quiet_carries(f))
        return 0;
    checks->bands = calloc((size_t)f->nbands, sizeof *checks->bands);
    if (checks->bands == NULL
        || hb_cells_open(&checks->cells, f, 0, f->ncols - 1, 0,
                         f->nbands - 1) < 0)
        return hb_error_nomem(err, "parsing a heap-band file");
    return 0;
}

void hb_checks_free(struct hb_checks *checks)
{
    free(checks->bands);
    checks->bands = NULL;
    hb_cells_close(&checks->cells);
}

/* A 128-bit sum shown in a message: values past 64 bits are printed as
 * "more than 18446744073709551615" by the callers. */
static unsigned long long clamp_u64(hb_u128 v)
{
    return v > UINT64_MAX ? UINT64_MAX : (unsigned long long)v;
}

/* ---------------------------------------------- invariants 4, 5: streamed */

/* Invariant 5: the open column is complete, its cells must add up to its
 * LIVE_END. */
static void inv5_close_column(struct hb_column_sums *sums)
{
    if (sums->open && sums->cells_live_end != sums->col_live_end)
        hb_error_set(&sums->problem, HB_ERR_INPUT, sums->line,
                     "column %llu: the cells' LIVE_END sum to %s%llu but the "
                     "column's LIVE_END is %llu", (unsigned long long)sums->c,
                     sums->cells_live_end > UINT64_MAX ? "more than " : "",
                     clamp_u64(sums->cells_live_end),
                     (unsigned long long)sums->col_live_end);
    sums->open = 0;
}

/* Invariant 5: the col records of columns before c have no cells, their
 * LIVE_END must be 0. */
static void inv5_columns_without_cells(struct hb_column_sums *sums,
                                       const struct hb_file *f, uint64_t c)
{
    for (; sums->next_col < f->ncolrecs && f->cols[sums->next_col].c < c;
         sums->next_col++) {
        const struct hb_colrec *col = &f->cols[sums->next_col];
        if (col->live_end != 0)
            hb_error_set(&sums->problem, HB_ERR_INPUT,
                         f->cols_line + (unsigned long)sums->next_col,
                         "column %llu: the cells' LIVE_END sum to 0 but the "
                         "column's LIVE_END is %llu",
                         (unsigned long long)col->c,
                         (unsigned long long)col->live_end);
    }
}

/* Invariant 5 for the last cell stored: it joins its column's sum, and its
 * LIVE_MAX is at most the column's. */
static void inv5_add_cell(struct hb_column_sums *sums, const struct hb_file *f)
{
    const struct hb_cellrec *r = &f->cells[f->ncells - 1];
    unsigned long cell_line = f->cells_line + (unsigned long)(f->ncells - 1);
    if (sums->problem.kind != HB_ERR_NONE)
        return;
    if (!sums->open || r->c != sums->c) {
        inv5_close_column(sums);
        inv5_columns_without_cells(sums, f, r->c);
        const struct hb_colrec *col = NULL;
        if (sums->next_col < f->ncolrecs && f->cols[sums->next_col].c == r->c)
            col = &f->cols[sums->next_col++];
        sums->open = 1;
        sums->c = r->c;
        sums->col_live_end = col ? col->live_end : 0;
        sums->col_live_max = col ? col->live_max : 0;
        sums->line = col ? f->cols_line + (unsigned long)(col - f->cols)
                         : cell_line;
        sums->cells_live_end = 0;
    }
    if (r->live_max > sums->col_live_max)
        hb_error_set(&sums->problem, HB_ERR_INPUT, cell_line,
                     "cell %llu %llu: LIVE_MAX %llu is above the column's "
                     "LIVE_MAX %llu", (unsigned long long)r->c,
                     (unsigned long long)r->b, (unsigned long long)r->live_max,
                     (unsigned long long)sums->col_live_max);
    sums->cells_live_end += r->live_end;
}

/* ------------------------------------- invariants 3, 5: streamed, version 3 */

/* Invariant 5, version 3: the open column is complete; with its quiet
 * cells its cells add up to the cursor's quiet sum (the quiet cells'
 * LIVE_MAX is then at most the column's LIVE_END, so at most its
 * LIVE_MAX). */
static void inv5v3_close_column(struct hb_checks *checks)
{
    struct hb_column_sums *sums = &checks->columns;
    sums->cells_live_end = hb_cells_quiet_sum(&checks->cells);
    inv5_close_column(sums);
}

/* Invariant 3, version 3: the col records before column c have cells, and
 * column c (UINT64_MAX: none, at the end) has a col record, which is
 * returned. */
static const struct hb_colrec *inv3v3_column(struct hb_column_sums *sums,
                                             const struct hb_file *f,
                                             uint64_t c,
                                             unsigned long cell_line)
{
    if (sums->next_col < f->ncolrecs && f->cols[sums->next_col].c < c) {
        hb_error_set(&sums->problem, HB_ERR_INPUT,
                     f->cols_line + (unsigned long)sums->next_col,
                     "'col %llu' has no 'cell' record (version 3 writes a "
                     "column only with its cells)",
                     (unsigned long long)f->cols[sums->next_col].c);
        return NULL;
    }
    if (c == UINT64_MAX)
        return NULL;
    if (sums->next_col == f->ncolrecs || f->cols[sums->next_col].c != c) {
        hb_error_set(&sums->problem, HB_ERR_INPUT, cell_line, "column %llu "
                     "has 'cell' records but no 'col' record",
                     (unsigned long long)c);
        return NULL;
    }
    return &f->cols[sums->next_col++];
}

/* Invariants 3 and 5 for the last cell stored, version 3, and its band's
 * sums. */
static void inv5v3_add_cell(struct hb_checks *checks, const struct hb_file *f)
{
    struct hb_column_sums *sums = &checks->columns;
    const struct hb_cellrec *r = &f->cells[f->ncells - 1];
    struct hb_band_sums *band = &checks->bands[r->b];
    unsigned long cell_line = f->cells_line + (unsigned long)(f->ncells - 1);
    band->allocs += r->allocs;
    band->alloc_bytes += r->alloc_bytes;
    if (sums->problem.kind == HB_ERR_NONE && (!sums->open || r->c != sums->c)) {
        if (sums->open)
            inv5v3_close_column(checks);
        const struct hb_colrec *col = inv3v3_column(sums, f, r->c, cell_line);
        if (col != NULL) {
            sums->open = 1;
            sums->c = r->c;
            sums->col_live_end = col->live_end;
            sums->col_live_max = col->live_max;
            sums->line = f->cols_line + (unsigned long)(col - f->cols);
        }
    }
    if (sums->problem.kind == HB_ERR_NONE && r->live_max > sums->col_live_max)
        hb_error_set(&sums->problem, HB_ERR_INPUT, cell_line,
                     "cell %llu %llu: LIVE_MAX %llu is above the column's "
                     "LIVE_MAX %llu", (unsigned long long)r->c,
                     (unsigned long long)r->b, (unsigned long long)r->live_max,
                     (unsigned long long)sums->col_live_max);
    struct hb_cell_step step;
    hb_cells_take(&checks->cells, r, &step);
}

void hb_check_stored_cell(struct hb_checks *checks, const struct hb_file *f)
{
    const struct hb_cellrec *r = &f->cells[f->ncells - 1];
    checks->cell_sums[0] += r->allocs;                  /* invariant 4 */
    checks->cell_sums[1] += r->alloc_bytes;
    checks->cell_sums[2] += r->frees;
    checks->cell_sums[3] += r->free_bytes;
    if (checks->bands != NULL)
        inv5v3_add_cell(checks, f);
    else
        inv5_add_cell(&checks->columns, f);
}

/* ------------------------------------------------------------ invariant 8 */

int hb_check_top_site(struct hb_checks *checks, const struct hb_file *f,
                      uint64_t site, unsigned long line,
                      struct hb_error *err)
{
    uint64_t next = checks->sites_named + 1;    /* the first site not named */
    if (site == 0 || site > f->nsites)
        return hb_error_set(err, HB_ERR_INPUT, line, "'top' names site %llu, "
                            "which is not listed before it",
                            (unsigned long long)site);
    /* Sites are numbered in the order the 'top' lines first name them. */
    if (site > next)
        return hb_error_set(err, HB_ERR_INPUT, line, "'top' names site %llu "
                            "before site %llu (sites are numbered in order of "
                            "first use)", (unsigned long long)site,
                            (unsigned long long)next);
    if (site == next)
        checks->sites_named++;
    return 0;
}

int hb_check_sites_named(const struct hb_checks *checks,
                         const struct hb_file *f, struct hb_error *err)
{
    if (checks->sites_named < f->nsites) {
        const struct hb_site *unnamed = &f->sites[checks->sites_named];
        return hb_error_set(err, HB_ERR_INPUT, unnamed->line, "site %llu is "
                            "listed but no 'top' line names it",
                            (unsigned long long)unnamed->id);
    }
    return 0;
}

/* ---------------------------------------------------- after the line pass */

/* Invariant 4: the cells' ALLOCS, ALLOC_BYTES, FREES and FREE_BYTES add up
 * to the 'total' line (summed as they were stored). */
static int check_inv4_total(const struct hb_checks *checks,
                            const struct hb_file *f, struct hb_error *err)
{
    const uint64_t total[4] = { f->total_allocs, f->total_alloc_bytes,
                                f->total_frees, f->total_free_bytes };
    static const char *const names[4] = { "ALLOCS", "ALLOC_BYTES", "FREES",
                                          "FREE_BYTES" };
    for (int i = 0; i < 4; i++) {
        hb_u128 sum = checks->cell_sums[i];
        if (sum != total[i])
            return hb_error_set(err, HB_ERR_INPUT, checks->total_line,
                                "'total' contradicts the cells: %s is %llu "
                                "but the cells sum to %s%llu", names[i],
                                (unsigned long long)total[i],
                                sum > UINT64_MAX ? "more than " : "",
                                clamp_u64(sum));
    }
    return 0;
}

/* Invariant 5: checked as the cells were stored, up to the last column
 * with cells; finish it (every col record after it must have LIVE_END 0),
 * then report its first problem. */
static int check_inv5_columns(struct hb_checks *checks,
                              const struct hb_file *f, struct hb_error *err)
{
    struct hb_column_sums *sums = &checks->columns;
    if (checks->bands != NULL) {
        if (sums->problem.kind == HB_ERR_NONE && sums->open)
            inv5v3_close_column(checks);
        if (sums->problem.kind == HB_ERR_NONE)
            inv3v3_column(sums, f, UINT64_MAX, 0);
    } else {
        inv5_close_column(sums);
        inv5_columns_without_cells(sums, f, UINT64_MAX);  /* every c < ncols */
    }
    if (sums->problem.kind != HB_ERR_NONE)
        return hb_error_set(err, HB_ERR_INPUT, sums->problem.line, "%s",
                            sums->problem.msg);
    return 0;
}

/* Invariant 6: the last column's LIVE_END and BLOCKS_END (quiet or not:
 * hb_col_value) equal 'exit', and so do the sums of the 'leak' lines. */
static int check_inv6_exit(const struct hb_checks *checks,
                           const struct hb_file *f, struct hb_error *err)
{
    struct hb_colrec last;
    hb_col_value(f, f->ncols - 1, &last);
    uint64_t end = last.live_end, blocks = last.blocks_end;
    if (end != f->exit_bytes || blocks != f->exit_blocks)
        return hb_error_set(err, HB_ERR_INPUT, checks->exit_line, "'exit' "
                            "contradicts the last column (%llu bytes in %llu "
                            "blocks)", (unsigned long long)end,
                            (unsigned long long)blocks);
    hb_u128 bytes = 0, count = 0;
    for (size_t i = 0; i < f->nleaks; i++) {
        bytes += f->leaks[i].bytes;
        count += f->leaks[i].count;
    }
    if (bytes != f->exit_bytes || count != f->exit_blocks)
        return hb_error_set(err, HB_ERR_INPUT, checks->exit_line, "'exit' "
                            "contradicts the 'leak' lines (%s%llu bytes in "
                            "%llu blocks)",
                            bytes > UINT64_MAX || count > UINT64_MAX
                                ? "more than " : "",
                            clamp_u64(bytes), clamp_u64(count));
    return 0;
}

/* Invariant 10: every freed block has a lifetime, so the 'life' lines add
 * up to FREES and FREE_BYTES of the 'total' line. */
static int check_inv10_lifetimes(const struct hb_checks *checks,
                                 const struct hb_file *f,
                                 struct hb_error *err)
{
    hb_u128 count = 0, bytes = 0;
    for (size_t i = 0; i < f->nlifes; i++) {
        count += f->lifes[i].count;
        bytes += f->lifes[i].bytes;
    }
    if (count != f->total_frees || bytes != f->total_free_bytes)
        return hb_error_set(err, HB_ERR_INPUT, checks->total_line, "'total' "
                            "contradicts the 'life' lines (%s%llu frees of "
                            "%llu bytes)",
                            count > UINT64_MAX || bytes > UINT64_MAX
                                ? "more than " : "",
                            clamp_u64(count), clamp_u64(bytes));
    return 0;
}

/* Invariant 7: 'peak BYTES' is the largest LIVE_MAX of the col records
 * (T_REACHED <= T_LEFT <= E is checked on the 'peak' line itself).  A
 * quiet column's LIVE_MAX is the LIVE_END of a col record before it, at
 * most that record's LIVE_MAX: the records alone decide it.  In version 3
 * the 'at-peak' lines add up to the 'peak' line. */
static int check_inv7_peak(const struct hb_checks *checks,
                           const struct hb_file *f, struct hb_error *err)
{
    uint64_t max = 0;
    for (size_t i = 0; i < f->ncolrecs; i++)
        if (f->cols[i].live_max > max)
            max = f->cols[i].live_max;
    if (max != f->peak_bytes)
        return hb_error_set(err, HB_ERR_INPUT, checks->peak_line, "'peak' is "
                            "%llu bytes but the largest column LIVE_MAX is "
                            "%llu", (unsigned long long)f->peak_bytes,
                            (unsigned long long)max);
    if (f->version < 3)                         /* no 'at-peak' lines */
        return 0;
    hb_u128 bytes = 0, blocks = 0;
    for (size_t i = 0; i < f->natpeaks; i++) {
        bytes += f->atpeaks[i].bytes;
        blocks += f->atpeaks[i].blocks;
    }
    if (bytes != f->peak_bytes || blocks != f->peak_blocks)
        return hb_error_set(err, HB_ERR_INPUT, checks->peak_line, "'peak' "
                            "contradicts the 'at-peak' lines (%s%llu bytes in "
                            "%llu blocks)",
                            bytes > UINT64_MAX || blocks > UINT64_MAX
                                ? "more than " : "",
                            clamp_u64(bytes), clamp_u64(blocks));
    return 0;
}

int hb_check_sections(struct hb_checks *checks, const struct hb_file *f,
                      struct hb_error *err)
{
    if (check_inv4_total(checks, f, err) < 0
        || check_inv5_columns(checks, f, err) < 0
        || check_inv6_exit(checks, f, err) < 0
        || check_inv10_lifetimes(checks, f, err) < 0
        || check_inv7_peak(checks, f, err) < 0
        || hb_check_flow(f, err) < 0)
        return -1;
    if (checks->sites_problem.kind != HB_ERR_NONE)       /* invariant 8 */
        return hb_error_set(err, HB_ERR_INPUT, checks->sites_problem.line,
                            "%s", checks->sites_problem.msg);
    if (f->version >= 3)
        return hb_check_unique_sites(f, err);
    return 0;
}
