/* cc1-input.c -- the fixed input of bench/run-bench.sh's cc1 workload.
 *
 * Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
 *
 * heapband_print/hbfile.c as it was at commit 42e09b7 (1,378 lines: the
 * printer's parser before the file model was split), with its two local
 * headers, hbfile.h and bigmem.h of the same commit, inlined where it
 * included them, so that it needs only the C library's headers.  It is
 * not built or run: the benchmark compiles it, so it stays the same
 * workload whatever happens to the printer's sources.  Do not edit.
 */
/* hbfile.c -- parse and validate a heap-band file (format versions 1, 2).
 *
 * One pass over the lines builds the records and checks everything local to
 * a line (syntax, ranges, order); then the cross-record invariants of the
 * format (sums, exit, peak) are checked.  Those on the cells, which are
 * most of a file, are worked out as each cell is stored, so that the cells
 * are not read a second time, and reported after the line pass all the
 * same.  The first problem found stops the parse with its line number.
 */
/* ---- hbfile.h (42e09b7), inlined ---- */
/* hbfile.h -- a heap-band file in memory, and its parser.
 *
 * The parser follows docs/heapband-format.md (versions 1 and 2) to the
 * letter: it reads from a memory buffer (so that the fuzzer can call it),
 * rejects every line the format does not describe and checks every
 * invariant the format lists, reporting the first problem with its line
 * number.  Records are kept
 * sparse, as in the file: a hostile header cannot make it allocate more than
 * the file's own size justifies.
 */
#ifndef HEAPBAND_PRINT_HBFILE_H
#define HEAPBAND_PRINT_HBFILE_H

#include <stddef.h>
#include <stdint.h>

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
    int pow2_bands;
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
    struct hb_toprec *tops;    size_t ntops;
    struct hb_markrec *marks;  size_t nmarks;     /* non-decreasing t */
};

struct hb_parse_error {
    unsigned long line;       /* 1-based line the problem is on */
    char msg[256];
};

/* Parse len bytes at buf.  Returns 0 and fills *f, or -1 and fills *err
 * (then *f holds nothing to free). */
int hb_parse(const char *buf, size_t len, struct hb_file *f,
             struct hb_parse_error *err);

void hb_file_free(struct hb_file *f);

/* 1 (the default): "col" and "cell" lines go through a faster parser that
 * leaves every line it is not sure of to the general one.  The fuzzer sets
 * it to 0 to check that both give the same result. */
extern int hb_parse_fast_path;

/* "i", "B" or "ms". */
const char *hb_unit_name(enum hb_unit u);

/* The band holding block size `size` (the table is contiguous). */
uint64_t hb_band_of_size(const struct hb_file *f, uint64_t size);

/* Length of the span of stored column c: [c*W, min((c+1)*W, E)). */
uint64_t hb_col_start(const struct hb_file *f, uint64_t c);
uint64_t hb_col_span_end(const struct hb_file *f, uint64_t c);

#endif
/* ---- end of hbfile.h ---- */
/* ---- bigmem.h (42e09b7), inlined ---- */
/* bigmem.h -- large buffers in huge pages.
 *
 * The parser's cell array and the image surface are the printer's two
 * large buffers, and both are written once from start to end: in 4 KB
 * pages that is a page fault per 4 KB (thousands for a large file or
 * image), in 2 MB huge pages one per 2 MB. */
#ifndef HEAPBAND_PRINT_BIGMEM_H
#define HEAPBAND_PRINT_BIGMEM_H

#include <stddef.h>

/* At least *bytes bytes aligned to a huge page, with the kernel asked to
 * back them with huge pages; *bytes is rounded up to what was allocated.
 * Release with free().  NULL, *bytes unchanged, when the buffer is smaller
 * than a huge page, the platform has no such hint, or memory is short: the
 * caller then allocates as usual. */
void *hb_huge_alloc(size_t *bytes);

#endif
/* ---- end of bigmem.h ---- */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINE 4096     /* bytes in a line, without its newline */
#define MAX_FIELDS 12     /* the widest record, "cell", has 10 */
#define MAX_BUCKET 64     /* lifetime buckets 0..64 */

/* Invariant 5 (a column's cells add up to its LIVE_END and none is above
 * its LIVE_MAX), checked column by column in increasing order as the cells
 * arrive; the first problem is kept and reported later. */
struct column_check {
    size_t next_col;          /* the first col record not yet checked */
    int open;                 /* a column with cells is being summed */
    uint64_t c, end, max;     /* it, and its col record's LIVE_END, LIVE_MAX */
    unsigned long line;       /* its col line, or its first cell's */
    hb_u128 sum;              /* of its cells' LIVE_END so far */
    int failed;
    struct hb_parse_error problem;
};

struct parser {
    const char *buf;
    size_t len, pos;
    unsigned long lineno;     /* of the current line */
    const char *line;         /* the current line, without its newline */
    size_t linelen;
    size_t nf;                /* fields of the current line */
    const char *fs[MAX_FIELDS];
    size_t fl[MAX_FIELDS];
    struct hb_file *f;
    struct hb_parse_error *err;
    size_t cap_bands, cap_cols, cap_cells, cap_lifes, cap_leaks, cap_sites,
           cap_tops, cap_marks;
    unsigned long total_line, peak_line, exit_line;
    uint64_t sites_named;     /* sites the 'top' lines have named so far */
    /* The cross-record checks on the cells, made as each cell is stored
     * (the cells are most of the file: a second pass over them would cost
     * more than the checks) and reported after the line pass, in the
     * order of check_totals() and check_columns(). */
    hb_u128 cell_sums[4];     /* ALLOCS, ALLOC_BYTES, FREES, FREE_BYTES */
    struct column_check cols_check;
};

__attribute__((format(printf, 2, 3)))
static int fail(struct parser *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->err->msg, sizeof p->err->msg, fmt, ap);
    va_end(ap);
    p->err->line = p->lineno;
    return -1;
}

static int fail_at(struct parser *p, unsigned long line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int fail_at(struct parser *p, unsigned long line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->err->msg, sizeof p->err->msg, fmt, ap);
    va_end(ap);
    p->err->line = line;
    return -1;
}

/* Make room for one more element in a growing array. */
static int grow(struct parser *p, void **arr, size_t *cap, size_t n,
                size_t elsize)
{
    if (n < *cap)
        return 0;
    size_t ncap = *cap ? *cap * 2 : 16;
    void *a = realloc(*arr, ncap * elsize);
    if (a == NULL)
        return fail(p, "out of memory");
    *arr = a;
    *cap = ncap;
    return 0;
}

#define GROW(p, arr, cap, n) \
    grow((p), (void **)&(arr), &(cap), (n), sizeof *(arr))

static char *dup_text(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d != NULL) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

/* ------------------------------------------------------------------ lines */

/* Bytes of a word that are below 0x20 (controls, '\n') or above 0x7e: the
 * classic word-at-a-time tests, so that a line is scanned 8 bytes at a
 * time (reading the file is most of the printer's work). */
#define ONES (~(uint64_t)0 / 255)
#define HIGHS (ONES * 0x80)
static int word_has_unprintable(uint64_t w)
{
    uint64_t below = (w - ONES * 0x20) & ~w & HIGHS;
    uint64_t above = ((w & ~HIGHS) + ONES * (0x7f - 0x7e)) | w;
    return ((below | above) & HIGHS) != 0;
}

/* Length of the run of printable bytes at s (at most n). */
static size_t printable_run(const char *s, size_t n)
{
    size_t i = 0;
    while (i + 8 <= n) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        if (word_has_unprintable(w))
            break;
        i += 8;
    }
    while (i < n && (unsigned char)s[i] >= 0x20 && (unsigned char)s[i] <= 0x7e)
        i++;
    return i;
}

/* Advance to the next line.  Returns 1 with the line in p->line, 0 at the
 * end of the buffer, -1 on a line the format forbids. */
static int next_line(struct parser *p)
{
    if (p->pos >= p->len)
        return 0;
    p->lineno++;
    const char *start = p->buf + p->pos;
    size_t left = p->len - p->pos;
    size_t n = printable_run(start, left < MAX_LINE + 1 ? left : MAX_LINE + 1);
    if (n > MAX_LINE)
        return fail(p, "line longer than %d bytes", MAX_LINE);
    if (n == left)
        return fail(p, "truncated file: the last line has no newline");
    if (start[n] != '\n')
        return fail(p, "byte 0x%02x at column %zu is not printable ASCII",
                    (unsigned char)start[n], n + 1);
    p->line = start;
    p->linelen = n;
    p->pos += n + 1;
    return 1;
}

/* Split the current line at single spaces. */
static int split_fields(struct parser *p)
{
    p->nf = 0;
    size_t i = 0;
    for (;;) {
        size_t j = i;
        while (j < p->linelen && p->line[j] != ' ')
            j++;
        if (j == i)
            return fail(p, p->linelen == 0 ? "empty line"
                        : "empty field (leading, trailing or double space)");
        if (p->nf == MAX_FIELDS)
            return fail(p, "too many fields");
        p->fs[p->nf] = p->line + i;
        p->fl[p->nf] = j - i;
        p->nf++;
        if (j == p->linelen)
            return 0;
        i = j + 1;
    }
}

/* Read the next line and split it; a missing line is a truncated file. */
static int need_line(struct parser *p, const char *what)
{
    int r = next_line(p);
    if (r < 0)
        return -1;
    if (r == 0) {
        p->lineno++;
        return fail(p, "truncated file: expected %s", what);
    }
    return split_fields(p);
}

static int field_is(const struct parser *p, size_t i, const char *s)
{
    return i < p->nf && p->fl[i] == strlen(s)
           && memcmp(p->fs[i], s, p->fl[i]) == 0;
}

/* At most 40 bytes of field i, for messages. */
#define FIELD_FMT "'%.*s'"
#define FIELD_ARG(p, i) (int)((p)->fl[i] > 40 ? 40 : (p)->fl[i]), (p)->fs[i]

/* ---------------------------------------------------------------- numbers */

/* Check that field i is a number as the format writes them: digits only,
 * no leading zero. */
static int check_digits(struct parser *p, size_t i)
{
    const char *s = p->fs[i];
    size_t n = p->fl[i];
    for (size_t k = 0; k < n; k++)
        if (s[k] < '0' || s[k] > '9')
            return fail(p, FIELD_FMT " is not an unsigned decimal number",
                        FIELD_ARG(p, i));
    if (n > 1 && s[0] == '0')
        return fail(p, FIELD_FMT " has a leading zero", FIELD_ARG(p, i));
    return 0;
}

/* A number of up to 19 digits always fits in 64 bits; only a 20th digit
 * needs the overflow test (this runs for every field of every line). */
static int parse_u64(struct parser *p, size_t i, uint64_t *v)
{
    const char *s = p->fs[i];
    size_t n = p->fl[i];
    uint64_t x = 0;
    for (size_t k = 0; k < n; k++) {
        unsigned d = (unsigned)(s[k] - '0');
        if (d > 9)
            return check_digits(p, i);      /* says what is wrong */
        if (k >= 19 && (k > 19 || x > UINT64_MAX / 10
                        || (x == UINT64_MAX / 10 && d > UINT64_MAX % 10))) {
            if (check_digits(p, i) < 0)
                return -1;
            return fail(p, FIELD_FMT " does not fit in 64 bits",
                        FIELD_ARG(p, i));
        }
        x = x * 10 + d;
    }
    if (n > 1 && s[0] == '0')
        return check_digits(p, i);
    *v = x;
    return 0;
}

static int parse_u128(struct parser *p, size_t i, hb_u128 *v)
{
    static const hb_u128 max = ~(hb_u128)0;
    if (check_digits(p, i) < 0)
        return -1;
    const char *s = p->fs[i];
    hb_u128 x = 0;
    for (size_t k = 0; k < p->fl[i]; k++) {
        unsigned d = (unsigned)(s[k] - '0');
        if (x > max / 10 || (x == max / 10 && d > (unsigned)(max % 10)))
            return fail(p, FIELD_FMT " does not fit in 128 bits",
                        FIELD_ARG(p, i));
        x = x * 10 + d;
    }
    *v = x;
    return 0;
}

/* Parse fields first..first+n-1 into out[]. */
static int parse_u64s(struct parser *p, size_t first, size_t n, uint64_t *out)
{
    for (size_t i = 0; i < n; i++)
        if (parse_u64(p, first + i, &out[i]) < 0)
            return -1;
    return 0;
}

/* The current line must be `keyword` followed by nargs fields. */
static int expect_record(struct parser *p, const char *keyword, size_t nargs)
{
    if (!field_is(p, 0, keyword))
        return fail(p, "expected '%s' line, found " FIELD_FMT, keyword,
                    FIELD_ARG(p, 0));
    if (p->nf != nargs + 1)
        return fail(p, "'%s' takes %zu field%s, found %zu", keyword, nargs,
                    nargs == 1 ? "" : "s", p->nf - 1);
    return 0;
}

/* ----------------------------------------------------------------- header */

static int header_number(struct parser *p, const char *keyword, uint64_t *v)
{
    char what[64];
    snprintf(what, sizeof what, "'%s' line", keyword);
    if (need_line(p, what) < 0 || expect_record(p, keyword, 1) < 0)
        return -1;
    return parse_u64(p, 1, v);
}

/* "KEYWORD TEXT" where TEXT runs to the end of the line. */
static int header_text(struct parser *p, const char *prefix, int nonempty,
                       char **out)
{
    char what[64];
    snprintf(what, sizeof what, "'%s' line", prefix);
    int r = next_line(p);
    if (r < 0)
        return -1;
    if (r == 0) {
        p->lineno++;
        return fail(p, "truncated file: expected %s", what);
    }
    size_t n = strlen(prefix);
    if (p->linelen < n || memcmp(p->line, prefix, n) != 0)
        return fail(p, "expected a line starting with '%s'", prefix);
    if (nonempty && p->linelen == n)
        return fail(p, "'%s' has no text", prefix);
    *out = dup_text(p->line + n, p->linelen - n);
    return *out ? 0 : fail(p, "out of memory");
}

static int header_word(struct parser *p, const char *keyword,
                       const char *const *words, int *which)
{
    char what[64];
    snprintf(what, sizeof what, "'%s' line", keyword);
    if (need_line(p, what) < 0 || expect_record(p, keyword, 1) < 0)
        return -1;
    for (int i = 0; words[i] != NULL; i++)
        if (field_is(p, 1, words[i])) {
            *which = i;
            return 0;
        }
    return fail(p, "unknown %s " FIELD_FMT, keyword, FIELD_ARG(p, 1));
}

static int parse_version(struct parser *p)
{
    int r = next_line(p);
    static const char magic[] = "heapband-format ";
    /* Binary data or a long first line: say what it is not. */
    if (r < 0 && (p->len < sizeof magic - 1
                  || memcmp(p->buf, magic, sizeof magic - 1) != 0))
        return fail(p, "not a heap-band file (the first line is not "
                    "'heapband-format VERSION')");
    if (r < 0)
        return -1;
    if (r == 0) {
        p->lineno = 1;
        return fail(p, "empty file");
    }
    if (split_fields(p) < 0 || !field_is(p, 0, "heapband-format")
        || p->nf != 2)
        return fail(p, "not a heap-band file (the first line is not "
                    "'heapband-format VERSION')");
    if (field_is(p, 1, "1"))
        p->f->version = 1;
    else if (field_is(p, 1, "2"))
        p->f->version = 2;
    else
        return fail(p, "unsupported format version " FIELD_FMT
                    " (this printer reads versions 1 and 2)", FIELD_ARG(p, 1));
    return 0;
}

static int parse_geometry(struct parser *p)
{
    struct hb_file *f = p->f;
    if (header_number(p, "band-count:", &f->nbands) < 0
        || header_number(p, "columns-budget:", &f->columns_budget) < 0)
        return -1;
    if (f->columns_budget == 0)
        return fail(p, "columns-budget is 0");
    if (header_number(p, "column-width:", &f->col_width) < 0)
        return -1;
    if (f->col_width == 0 || (f->col_width & (f->col_width - 1)) != 0)
        return fail(p, "column-width %llu is not a power of two",
                    (unsigned long long)f->col_width);
    if (header_number(p, "column-count:", &f->ncols) < 0)
        return -1;
    if (f->ncols == 0 || f->ncols > f->columns_budget)
        return fail(p, "column-count %llu is not within 1..columns-budget "
                    "(%llu)", (unsigned long long)f->ncols,
                    (unsigned long long)f->columns_budget);
    unsigned long ncols_line = p->lineno;
    if (header_number(p, "end-time:", &f->end_time) < 0)
        return -1;
    hb_u128 expect = (hb_u128)(f->end_time / f->col_width) + 1;
    if (expect != f->ncols)
        return fail_at(p, ncols_line, "column-count %llu is not "
                       "floor(end-time / column-width) + 1 = %llu",
                       (unsigned long long)f->ncols,
                       (unsigned long long)(f->end_time / f->col_width) + 1);
    return 0;
}

static int parse_header(struct parser *p)
{
    static const char *const units[] = { "i", "B", "ms", NULL };
    static const char *const bands[] = { "quarter", "pow2", NULL };
    struct hb_file *f = p->f;
    int unit, band_kind;

    if (parse_version(p) < 0
        || header_text(p, "tool: heapband ", 1, &f->tool_version) < 0
        || header_text(p, "cmd: ", 0, &f->cmd) < 0
        || header_number(p, "pid:", &f->pid) < 0
        || header_number(p, "ppid:", &f->ppid) < 0
        || header_word(p, "time-unit:", units, &unit) < 0
        || header_word(p, "bands:", bands, &band_kind) < 0)
        return -1;
    f->unit = (enum hb_unit)unit;
    f->pow2_bands = band_kind == 1;
    return parse_geometry(p);
}

/* ------------------------------------------------------------- band table */

static int parse_bands(struct parser *p)
{
    struct hb_file *f = p->f;
    for (uint64_t b = 0; b < f->nbands; b++) {
        uint64_t v[3];
        if (need_line(p, "'band' line") < 0 || expect_record(p, "band", 3) < 0
            || parse_u64s(p, 1, 3, v) < 0)
            return -1;
        if (v[0] != b)
            return fail(p, "band %llu where band %llu was expected",
                        (unsigned long long)v[0], (unsigned long long)b);
        uint64_t lo = v[1], hi = v[2];
        if (b == 0 && (lo != 0 || hi != 0))
            return fail(p, "band 0 must be 'band 0 0 0'");
        if (b > 0 && (f->bands[b - 1].hi == UINT64_MAX
                      || lo != f->bands[b - 1].hi + 1))
            return fail(p, "band %llu does not start right after band %llu",
                        (unsigned long long)b, (unsigned long long)b - 1);
        if (hi < lo)
            return fail(p, "band %llu ends before it starts",
                        (unsigned long long)b);
        if (GROW(p, f->bands, p->cap_bands, (size_t)b) < 0)
            return -1;
        f->bands[b].lo = lo;
        f->bands[b].hi = hi;
    }
    if (f->nbands == 0 || f->bands[f->nbands - 1].hi != UINT64_MAX)
        return fail(p, "the last band does not end at 18446744073709551615");
    return 0;
}

/* ------------------------------------------------------------ run summary */

static int parse_summary(struct parser *p)
{
    struct hb_file *f = p->f;
    uint64_t v[4];

    if (need_line(p, "'total' line") < 0 || expect_record(p, "total", 4) < 0
        || parse_u64s(p, 1, 4, v) < 0)
        return -1;
    p->total_line = p->lineno;
    f->total_allocs = v[0];
    f->total_alloc_bytes = v[1];
    f->total_frees = v[2];
    f->total_free_bytes = v[3];

    if (need_line(p, "'peak' line") < 0 || expect_record(p, "peak", 4) < 0
        || parse_u64s(p, 1, 4, v) < 0)
        return -1;
    p->peak_line = p->lineno;
    f->peak_bytes = v[0];
    f->peak_blocks = v[1];
    f->peak_t_reached = v[2];
    f->peak_t_left = v[3];
    if (f->peak_t_reached > f->peak_t_left || f->peak_t_left > f->end_time)
        return fail(p, "peak times break T_REACHED <= T_LEFT <= end-time");

    if (need_line(p, "'exit' line") < 0 || expect_record(p, "exit", 2) < 0
        || parse_u64s(p, 1, 2, v) < 0)
        return -1;
    p->exit_line = p->lineno;
    f->exit_bytes = v[0];
    f->exit_blocks = v[1];

    if (need_line(p, "'unknown-frees' line") < 0
        || expect_record(p, "unknown-frees", 1) < 0)
        return -1;
    return parse_u64(p, 1, &f->unknown_frees);
}

/* ---------------------------------------------------------------- records */

/* The sections after the summary, each a run of one record kind, in this
 * order ("mark" lines end the run summary, section 3); "frame" lines are
 * read by parse_site. */
enum section {
    SEC_MARK, SEC_COL, SEC_CELL, SEC_LIFE, SEC_LEAK, SEC_SITE, SEC_TOP
};

static int check_column(struct parser *p, uint64_t c)
{
    if (c >= p->f->ncols)
        return fail(p, "column %llu is out of range (column-count %llu)",
                    (unsigned long long)c, (unsigned long long)p->f->ncols);
    return 0;
}

static int check_band(struct parser *p, uint64_t b)
{
    if (b >= p->f->nbands)
        return fail(p, "band %llu is out of range (band-count %llu)",
                    (unsigned long long)b, (unsigned long long)p->f->nbands);
    return 0;
}

/* ------------------------------------------------- invariant 5, streamed */

/* A 128-bit sum shown in a message: values past 64 bits are printed as
 * "more than 18446744073709551615" by the callers. */
static unsigned long long clamp_u64(hb_u128 v)
{
    return v > UINT64_MAX ? UINT64_MAX : (unsigned long long)v;
}

__attribute__((format(printf, 3, 4)))
static void column_problem(struct parser *p, unsigned long line,
                           const char *fmt, ...)
{
    struct column_check *k = &p->cols_check;
    if (k->failed)
        return;                 /* the first one is reported */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(k->problem.msg, sizeof k->problem.msg, fmt, ap);
    va_end(ap);
    k->problem.line = line;
    k->failed = 1;
}

/* The open column is complete: its cells must add up to its LIVE_END. */
static void column_check_close(struct parser *p)
{
    struct column_check *k = &p->cols_check;
    if (k->open && k->sum != k->end)
        column_problem(p, k->line, "column %llu: the cells' LIVE_END sum to "
                       "%s%llu but the column's LIVE_END is %llu",
                       (unsigned long long)k->c,
                       k->sum > UINT64_MAX ? "more than " : "",
                       clamp_u64(k->sum), (unsigned long long)k->end);
    k->open = 0;
}

/* The col records of columns before c have no cells: their LIVE_END must
 * be 0. */
static void column_check_cells_before(struct parser *p, uint64_t c)
{
    const struct hb_file *f = p->f;
    struct column_check *k = &p->cols_check;
    for (; k->next_col < f->ncolrecs && f->cols[k->next_col].c < c;
         k->next_col++) {
        const struct hb_colrec *col = &f->cols[k->next_col];
        if (col->live_end != 0)
            column_problem(p, f->cols_line + (unsigned long)k->next_col,
                           "column %llu: the cells' LIVE_END sum to 0 but "
                           "the column's LIVE_END is %llu",
                           (unsigned long long)col->c,
                           (unsigned long long)col->live_end);
    }
}

/* Cell r was just stored (cells come in increasing column order). */
static void column_check_cell(struct parser *p, const struct hb_cellrec *r)
{
    const struct hb_file *f = p->f;
    struct column_check *k = &p->cols_check;
    if (k->failed)
        return;
    if (!k->open || r->c != k->c) {
        column_check_close(p);
        column_check_cells_before(p, r->c);
        const struct hb_colrec *col = NULL;
        if (k->next_col < f->ncolrecs && f->cols[k->next_col].c == r->c)
            col = &f->cols[k->next_col++];
        k->open = 1;
        k->c = r->c;
        k->end = col ? col->live_end : 0;
        k->max = col ? col->live_max : 0;
        k->line = col ? f->cols_line + (unsigned long)(col - f->cols)
                      : f->cells_line + (unsigned long)(f->ncells - 1);
        k->sum = 0;
    }
    if (r->live_max > k->max)
        column_problem(p, f->cells_line + (unsigned long)(f->ncells - 1),
                       "cell %llu %llu: LIVE_MAX %llu is above the column's "
                       "LIVE_MAX %llu", (unsigned long long)r->c,
                       (unsigned long long)r->b,
                       (unsigned long long)r->live_max,
                       (unsigned long long)k->max);
    k->sum += r->live_end;
}

static int store_col(struct parser *p, const uint64_t *v)
{
    struct hb_file *f = p->f;
    if (check_column(p, v[0]) < 0)
        return -1;
    if (f->ncolrecs > 0 && v[0] <= f->cols[f->ncolrecs - 1].c)
        return fail(p, "'col %llu' is out of order or repeated",
                    (unsigned long long)v[0]);
    if (v[1] == 0 && v[2] == 0 && v[3] == 0)
        return fail(p, "'col' record with all fields zero");
    if (v[1] > v[2])
        return fail(p, "column %llu: LIVE_END is larger than LIVE_MAX",
                    (unsigned long long)v[0]);
    if (GROW(p, f->cols, p->cap_cols, f->ncolrecs) < 0)
        return -1;
    struct hb_colrec *r = &f->cols[f->ncolrecs++];
    r->c = v[0];
    r->live_end = v[1];
    r->live_max = v[2];
    r->blocks_end = v[3];
    if (f->ncolrecs == 1)
        f->cols_line = p->lineno;
    return 0;
}

/* The cells are most of a file.  Reserve room for as many as the rest of
 * the buffer could hold (a cell line has at least 23 bytes): address space
 * only, the pages are touched as cells are stored; in huge pages when it
 * is large (bigmem.h). */
static int reserve_cells(struct parser *p)
{
    struct hb_file *f = p->f;
    size_t want = f->ncells + (p->len - p->pos) / 23 + 16;
    if (want < 2 * p->cap_cells)
        want = 2 * p->cap_cells;
    size_t bytes = want * sizeof *f->cells;
    if (bytes / sizeof *f->cells != want)
        return fail(p, "out of memory");
    void *cells = hb_huge_alloc(&bytes);
    if (cells == NULL)
        cells = malloc(bytes);
    if (cells == NULL)
        return fail(p, "out of memory");
    if (f->ncells > 0)
        memcpy(cells, f->cells, f->ncells * sizeof *f->cells);
    free(f->cells);
    f->cells = cells;
    p->cap_cells = want;
    return 0;
}

static int store_cell(struct parser *p, const uint64_t *v, hb_u128 integral)
{
    struct hb_file *f = p->f;
    if (check_column(p, v[0]) < 0 || check_band(p, v[1]) < 0)
        return -1;
    if (f->ncells > 0) {
        const struct hb_cellrec *prev = &f->cells[f->ncells - 1];
        if (v[0] < prev->c || (v[0] == prev->c && v[1] <= prev->b))
            return fail(p, "'cell %llu %llu' is out of order or repeated",
                        (unsigned long long)v[0], (unsigned long long)v[1]);
    }
    if (!(v[2] | v[3] | v[4] | v[5] | v[6] | v[7]) && integral == 0)
        return fail(p, "'cell' record with all fields zero");
    if (v[6] > v[7])
        return fail(p, "cell %llu %llu: LIVE_END is larger than LIVE_MAX",
                    (unsigned long long)v[0], (unsigned long long)v[1]);
    if (f->ncells == p->cap_cells && reserve_cells(p) < 0)
        return -1;
    p->cell_sums[0] += v[2];
    p->cell_sums[1] += v[3];
    p->cell_sums[2] += v[4];
    p->cell_sums[3] += v[5];
    struct hb_cellrec *r = &f->cells[f->ncells++];
    r->c = v[0];
    r->b = v[1];
    r->allocs = v[2];
    r->alloc_bytes = v[3];
    r->frees = v[4];
    r->free_bytes = v[5];
    r->live_end = v[6];
    r->live_max = v[7];
    r->live_integral = integral;
    if (f->ncells == 1) {
        f->cells_line = p->lineno;
        f->cells_b_lo = f->cells_b_hi = r->b;
    }
    if (r->b < f->cells_b_lo)
        f->cells_b_lo = r->b;
    if (r->b > f->cells_b_hi)
        f->cells_b_hi = r->b;
    column_check_cell(p, r);
    return 0;
}

static int parse_col(struct parser *p)
{
    uint64_t v[4];
    if (expect_record(p, "col", 4) < 0 || parse_u64s(p, 1, 4, v) < 0)
        return -1;
    return store_col(p, v);
}

static int parse_cell(struct parser *p)
{
    uint64_t v[8];
    hb_u128 integral = 0;
    if (expect_record(p, "cell", 9) < 0 || parse_u64s(p, 1, 8, v) < 0
        || parse_u128(p, 9, &integral) < 0)
        return -1;
    return store_cell(p, v, integral);
}

/* The fast path for the bulk of a file, "col" and "cell" lines: parse the
 * numbers straight from the buffer in one pass, eight bytes at a time.  It
 * accepts only lines that are certainly well formed (digits and single
 * spaces, no leading zero, at most 19 digits a number and 38 for a cell's
 * LIVE_INTEGRAL, the right count) and leaves everything else, untouched, to
 * the general path, which then says exactly what is wrong. */
/* 1 when the fast path may be used (tests turn it off to compare). */
int hb_parse_fast_path = 1;

/* The fast path reads at most 205 bytes from the start of a line ("cell ",
 * 8 numbers of at most 20 bytes with their space, 40 bytes read for the
 * last): while this many are left in the buffer, no read needs a bound
 * check.  The last lines of a buffer go to the general path. */
#define FAST_SPAN 256

/* Eight bytes of text as a word, the first byte in the low bits. */
static uint64_t load8(const char *s)
{
    uint64_t w;
    memcpy(&w, s, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    return w;
}

/* How many of the bytes of w, from the first, are digits (0 to 8).  A byte
 * gets bit 7 set when it is not a digit: below '0' by the borrow, above
 * '9' by the carry, above 0x7f by itself.  Borrows and carries start only
 * at a non-digit, so the lowest bit set is exact. */
static unsigned leading_digits(uint64_t w)
{
    uint64_t nondigit = (w | (w + ONES * 0x46) | (w - ONES * 0x30)) & HIGHS;
    return nondigit ? (unsigned)__builtin_ctzll(nondigit) / 8 : 8;
}

/* The value of the first k digits of w, 1 <= k <= 8: shifted so that the
 * bytes not wanted become leading zeros, then combined in pairs, fours and
 * the eight, with three multiplications instead of eight. */
static uint64_t digits_value(uint64_t w, unsigned k)
{
    w = (w & (ONES * 0x0f)) << (8 * (8 - k));
    w = (w * 10 + (w >> 8)) & 0x00ff00ff00ff00ffULL;
    w = (w * 100 + (w >> 16)) & 0x0000ffff0000ffffULL;
    return (w * 10000 + (w >> 32)) & 0xffffffffULL;
}

static const uint64_t pow10_upto8[9] = {
    1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000
};

/* A number of at most 19 digits (reads 24 bytes) without a leading zero at
 * s: returns its length and puts its value in *v, or returns 0. */
static size_t fast_u64(const char *s, uint64_t *v)
{
    uint64_t x = 0;
    size_t n = 0;
    for (int chunk = 0; chunk < 3; chunk++) {
        uint64_t w = load8(s + n);
        unsigned k = leading_digits(w);
        if (k > 0)
            x = x * pow10_upto8[k] + digits_value(w, k);
        n += k;
        if (k < 8)
            break;
    }
    if (n == 0 || n > 19 || (n > 1 && s[0] == '0'))
        return 0;
    *v = x;
    return n;
}

/* The same for a 128-bit number of at most 38 digits (reads 40 bytes):
 * 38 digits always fit, the 39th needs the general path's overflow test.
 * The first 16 digits are read in 64 bits (128-bit products cost more). */
static size_t fast_u128(const char *s, hb_u128 *v)
{
    uint64_t head = 0;
    size_t n = 0;
    unsigned k = 8;
    for (int chunk = 0; chunk < 2 && k == 8; chunk++) {
        uint64_t w = load8(s + n);
        k = leading_digits(w);
        if (k > 0)
            head = head * pow10_upto8[k] + digits_value(w, k);
        n += k;
    }
    hb_u128 x = head;
    for (int chunk = 2; chunk < 5 && k == 8; chunk++) {
        uint64_t w = load8(s + n);
        k = leading_digits(w);
        if (k > 0)
            x = x * pow10_upto8[k] + digits_value(w, k);
        n += k;
    }
    if (n == 0 || n > 38 || (n > 1 && s[0] == '0'))
        return 0;
    *v = x;
    return n;
}

/* A number of at most 19 digits at q and the separator `sep` after it:
 * returns the bytes of both, or 0.  A number of up to 7 digits, the usual
 * one, is read from one word without a loop. */
static size_t fast_number(const char *q, uint64_t *v, char sep)
{
    uint64_t w = load8(q);
    size_t k = leading_digits(w);
    if (k < 8) {
        if (k == 0 || (k > 1 && *q == '0'))
            return 0;
        *v = digits_value(w, (unsigned)k);
    } else if ((k = fast_u64(q, v)) == 0) {
        return 0;
    }
    return q[k] == sep ? k + 1 : 0;
}

/* A line being read by the fast path: where it is, and whether it still
 * is for the fast path. */
struct fast_line {
    const char *q;
    int ok;
};

static void fast_next(struct fast_line *l, uint64_t *v, char sep)
{
    if (l->ok) {
        size_t used = fast_number(l->q, v, sep);
        l->ok = used != 0;
        l->q += used;
    }
}

/* The fields of two "cell" lines after their keyword (8 numbers and
 * LIVE_INTEGRAL, which ends the line), read in step.  The numbers of a
 * line come one after the other, each starting where the one before it
 * ends; the two lines do not wait for each other, so the processor works
 * on both at once.  A line that is not for the fast path, or absent, has
 * ok 0. */
static void fast_cell_pair(struct fast_line l[2], uint64_t v[2][8],
                           hb_u128 integral[2])
{
    for (size_t i = 0; i < 8; i++)
        for (size_t j = 0; j < 2; j++)
            fast_next(&l[j], &v[j][i], ' ');
    for (size_t j = 0; j < 2; j++) {
        if (!l[j].ok)
            continue;
        size_t len = fast_u128(l[j].q, &integral[j]);
        l[j].ok = len != 0 && l[j].q[len] == '\n';
        l[j].q += len + 1;
    }
}

static int fast_store_cell(struct parser *p, const char *end,
                           const uint64_t *v, hb_u128 integral)
{
    p->lineno++;
    p->pos = (size_t)(end - p->buf);
    return store_cell(p, v, integral);
}

/* One or two "cell" lines from p->pos (see fast_record). */
static int fast_cells(struct parser *p, const char *s, const char *nl)
{
    struct fast_line l[2] = { { s + 5, 1 }, { s, 0 } };
    uint64_t v[2][8];
    hb_u128 integral[2];
    if (p->len - (size_t)(nl + 1 - p->buf) >= FAST_SPAN
        && memcmp(nl + 1, "cell ", 5) == 0)
        l[1] = (struct fast_line){ nl + 6, 1 };
    fast_cell_pair(l, v, integral);
    if (!l[0].ok || l[0].q != nl + 1)
        return 0;
    if (fast_store_cell(p, l[0].q, v[0], integral[0]) < 0)
        return -1;
    if (l[1].ok && fast_store_cell(p, l[1].q, v[1], integral[1]) < 0)
        return -1;
    return 1;
}

/* A "col" line: 4 numbers. */
static size_t fast_col(const char *s, uint64_t *v)
{
    size_t at = 0;
    for (size_t i = 0; i < 4; i++) {
        size_t used = fast_number(s + at, &v[i], i < 3 ? ' ' : '\n');
        if (used == 0)
            return 0;
        at += used;
    }
    return at;
}

/* Returns 1 when it consumed and stored a line or two, 0 to leave the next
 * line to the general path, -1 on an error in its values (not its
 * syntax). */
static int fast_record(struct parser *p, enum section *current)
{
    const char *s = p->buf + p->pos;
    uint64_t v[4];
    if (p->len - p->pos < FAST_SPAN)
        return 0;
    const char *nl = memchr(s, '\n', FAST_SPAN);
    if (nl == NULL)
        return 0;
    size_t line = (size_t)(nl - s) + 1;
    if (memcmp(s, "cell ", 5) == 0 && *current <= SEC_CELL) {
        int r = fast_cells(p, s, nl);
        if (r != 0)
            *current = SEC_CELL;
        return r;
    }
    if (memcmp(s, "col ", 4) == 0 && *current <= SEC_COL) {
        if (fast_col(s + 4, v) + 4 != line)
            return 0;
        p->lineno++;
        p->pos += line;
        *current = SEC_COL;
        return store_col(p, v) < 0 ? -1 : 1;
    }
    return 0;
}

static int parse_life(struct parser *p)
{
    struct hb_file *f = p->f;
    uint64_t v[4];
    if (expect_record(p, "life", 4) < 0 || parse_u64s(p, 1, 4, v) < 0
        || check_band(p, v[0]) < 0)
        return -1;
    if (v[1] > MAX_BUCKET)
        return fail(p, "lifetime bucket %llu is above %d",
                    (unsigned long long)v[1], MAX_BUCKET);
    if (f->nlifes > 0) {
        const struct hb_liferec *prev = &f->lifes[f->nlifes - 1];
        if (v[0] < prev->b || (v[0] == prev->b && v[1] <= prev->k))
            return fail(p, "'life %llu %llu' is out of order or repeated",
                        (unsigned long long)v[0], (unsigned long long)v[1]);
    }
    if (v[2] == 0)
        return fail(p, "'life' record with COUNT 0");
    if (GROW(p, f->lifes, p->cap_lifes, f->nlifes) < 0)
        return -1;
    struct hb_liferec *r = &f->lifes[f->nlifes++];
    r->b = v[0];
    r->k = v[1];
    r->count = v[2];
    r->bytes = v[3];
    return 0;
}

static int parse_leak(struct parser *p)
{
    struct hb_file *f = p->f;
    uint64_t v[3];
    if (expect_record(p, "leak", 3) < 0 || parse_u64s(p, 1, 3, v) < 0
        || check_band(p, v[0]) < 0)
        return -1;
    if (f->nleaks > 0 && v[0] <= f->leaks[f->nleaks - 1].b)
        return fail(p, "'leak %llu' is out of order or repeated",
                    (unsigned long long)v[0]);
    if (v[1] == 0)
        return fail(p, "'leak' record with COUNT 0");
    if (GROW(p, f->leaks, p->cap_leaks, f->nleaks) < 0)
        return -1;
    struct hb_leakrec *r = &f->leaks[f->nleaks++];
    r->b = v[0];
    r->count = v[1];
    r->bytes = v[2];
    return 0;
}

/* "site S NFRAMES" and its NFRAMES "frame TEXT" lines. */
static int parse_site(struct parser *p)
{
    struct hb_file *f = p->f;
    uint64_t v[2];
    if (expect_record(p, "site", 2) < 0 || parse_u64s(p, 1, 2, v) < 0)
        return -1;
    if (v[0] != f->nsites + 1)
        return fail(p, "site %llu where site %zu was expected",
                    (unsigned long long)v[0], f->nsites + 1);
    if (GROW(p, f->sites, p->cap_sites, f->nsites) < 0)
        return -1;
    struct hb_site *s = &f->sites[f->nsites++];
    s->id = v[0];
    s->line = p->lineno;
    s->nframes = 0;
    s->frames = NULL;
    size_t cap = 0;
    for (uint64_t i = 0; i < v[1]; i++) {
        int r = next_line(p);
        if (r < 0)
            return -1;
        if (r == 0)
            p->lineno++;
        if (r == 0 || p->linelen <= 6 || memcmp(p->line, "frame ", 6) != 0)
            return fail(p, "%sexpected 'frame' line %llu of site %llu",
                        r == 0 ? "truncated file: " : "",
                        (unsigned long long)i + 1, (unsigned long long)v[0]);
        if (GROW(p, s->frames, cap, s->nframes) < 0)
            return -1;
        s->frames[s->nframes] = dup_text(p->line + 6, p->linelen - 6);
        if (s->frames[s->nframes] == NULL)
            return fail(p, "out of memory");
        s->nframes++;
    }
    return 0;
}

static int check_top_order(struct parser *p, const struct hb_toprec *t)
{
    const struct hb_file *f = p->f;
    uint64_t want_rank = 1;
    if (f->ntops > 0) {
        const struct hb_toprec *prev = &f->tops[f->ntops - 1];
        if (t->b < prev->b || (t->b == prev->b && t->by_peak < prev->by_peak))
            return fail(p, "'top' line out of order");
        if (t->b == prev->b && t->by_peak == prev->by_peak)
            want_rank = prev->rank + 1;
    }
    if (t->rank != want_rank)
        return fail(p, "'top' rank %llu where rank %llu was expected",
                    (unsigned long long)t->rank,
                    (unsigned long long)want_rank);
    return 0;
}

/* Every site listed is named by a 'top' line (invariant 8). */
static int check_sites_named(struct parser *p)
{
    const struct hb_file *f = p->f;
    if (p->sites_named < f->nsites)
        return fail_at(p, f->sites[p->sites_named].line,
                       "site %llu is listed but no 'top' line names it",
                       (unsigned long long)f->sites[p->sites_named].id);
    return 0;
}

static int parse_top(struct parser *p)
{
    struct hb_file *f = p->f;
    struct hb_toprec t;
    uint64_t v[5];
    if (expect_record(p, "top", 7) < 0 || parse_u64(p, 1, &t.b) < 0
        || check_band(p, t.b) < 0)
        return -1;
    if (field_is(p, 2, "alloc"))
        t.by_peak = 0;
    else if (field_is(p, 2, "peak"))
        t.by_peak = 1;
    else
        return fail(p, "'top' ranking " FIELD_FMT " is not 'alloc' or 'peak'",
                    FIELD_ARG(p, 2));
    if (parse_u64s(p, 3, 5, v) < 0)
        return -1;
    t.rank = v[0];
    t.site = v[1];
    t.allocs = v[2];
    t.alloc_bytes = v[3];
    t.peak_live = v[4];
    if (check_top_order(p, &t) < 0)
        return -1;
    if (t.site == 0 || t.site > f->nsites)
        return fail(p, "'top' names site %llu, which is not listed before it",
                    (unsigned long long)t.site);
    /* Sites are numbered in the order the 'top' lines first name them. */
    if (t.site > p->sites_named + 1)
        return fail(p, "'top' names site %llu before site %llu (sites are "
                    "numbered in order of first use)",
                    (unsigned long long)t.site,
                    (unsigned long long)p->sites_named + 1);
    if (t.site == p->sites_named + 1)
        p->sites_named++;
    if ((t.by_peak ? t.peak_live : t.alloc_bytes) == 0)
        return fail(p, "'top' line with zero in its ranking value");
    if (GROW(p, f->tops, p->cap_tops, f->ntops) < 0)
        return -1;
    f->tops[f->ntops++] = t;
    return 0;
}


#define MAX_MARK_NAME 200

/* "mark T NAME" (version 2): NAME runs to the end of the line and may hold
 * any printable byte, spaces included, so the line is not split. */
static int parse_mark(struct parser *p)
{
    struct hb_file *f = p->f;
    if (f->version < 2)
        return fail(p, "'mark' lines need format version 2");
    const char *s = p->line + 5;
    size_t n = p->linelen > 5 ? p->linelen - 5 : 0, i = 0;
    while (i < n && s[i] != ' ')
        i++;
    if (i == 0 || i + 1 >= n)
        return fail(p, "'mark' needs a time and a name");
    p->nf = 1;
    p->fs[0] = s;
    p->fl[0] = i;
    uint64_t t;
    if (parse_u64(p, 0, &t) < 0)
        return -1;
    if (n - i - 1 > MAX_MARK_NAME)
        return fail(p, "mark name longer than %d bytes", MAX_MARK_NAME);
    if (t > f->end_time)
        return fail(p, "mark time %llu is after end-time %llu",
                    (unsigned long long)t, (unsigned long long)f->end_time);
    if (f->nmarks > 0 && t < f->marks[f->nmarks - 1].t)
        return fail(p, "mark time %llu is before the previous mark's",
                    (unsigned long long)t);
    if (GROW(p, f->marks, p->cap_marks, f->nmarks) < 0)
        return -1;
    struct hb_markrec *m = &f->marks[f->nmarks];
    m->t = t;
    m->name = dup_text(s + i + 1, n - i - 1);
    if (m->name == NULL)
        return fail(p, "out of memory");
    f->nmarks++;
    return 0;
}

static int is_mark_line(const struct parser *p)
{
    return p->linelen >= 4 && memcmp(p->line, "mark", 4) == 0
           && (p->linelen == 4 || p->line[4] == ' ');
}

static const struct {
    const char *keyword;
    enum section sec;
    int (*parse)(struct parser *);
} record_kinds[] = {
    { "col", SEC_COL, parse_col },
    { "cell", SEC_CELL, parse_cell },
    { "life", SEC_LIFE, parse_life },
    { "leak", SEC_LEAK, parse_leak },
    { "site", SEC_SITE, parse_site },
    { "top", SEC_TOP, parse_top },
};

static int parse_records(struct parser *p)
{
    enum section current = SEC_MARK;
    for (;;) {
        int fast = hb_parse_fast_path ? fast_record(p, &current) : 0;
        if (fast < 0)
            return -1;
        if (fast > 0)
            continue;
        int r = next_line(p);
        if (r < 0)
            return -1;
        if (r == 0) {
            p->lineno++;
            return fail(p, "truncated file: expected 'end' line");
        }
        if (is_mark_line(p)) {
            if (current > SEC_MARK)
                return fail(p, "'mark' record out of section order");
            if (parse_mark(p) < 0)
                return -1;
            continue;
        }
        if (split_fields(p) < 0)
            return -1;
        if (field_is(p, 0, "end")) {
            if (p->nf != 1)
                return fail(p, "'end' takes no fields");
            if (p->pos < p->len) {
                p->lineno++;
                return fail(p, "data after the 'end' line");
            }
            return check_sites_named(p);
        }
        size_t k, nkinds = sizeof record_kinds / sizeof record_kinds[0];
        for (k = 0; k < nkinds; k++)
            if (field_is(p, 0, record_kinds[k].keyword))
                break;
        if (k == nkinds)
            return fail(p, "unknown record " FIELD_FMT, FIELD_ARG(p, 0));
        if (record_kinds[k].sec < current)
            return fail(p, "'%s' record out of section order",
                        record_kinds[k].keyword);
        current = record_kinds[k].sec;
        if (record_kinds[k].parse(p) < 0)
            return -1;
    }
}

/* ------------------------------------------------------------- invariants */

/* The cells were summed as they were stored (store_cell). */
static int check_totals(struct parser *p)
{
    const struct hb_file *f = p->f;
    const hb_u128 *s = p->cell_sums;
    const uint64_t t[4] = { f->total_allocs, f->total_alloc_bytes,
                            f->total_frees, f->total_free_bytes };
    static const char *const names[4] = { "ALLOCS", "ALLOC_BYTES", "FREES",
                                          "FREE_BYTES" };
    for (int i = 0; i < 4; i++)
        if (s[i] != t[i])
            return fail_at(p, p->total_line, "'total' contradicts the cells: "
                           "%s is %llu but the cells sum to %s%llu", names[i],
                           (unsigned long long)t[i],
                           s[i] > UINT64_MAX ? "more than " : "",
                           clamp_u64(s[i]));
    return 0;
}

/* Invariant 5 was checked as the cells were stored, up to the last
 * column with cells: finish it, then report its first problem. */
static int check_columns(struct parser *p)
{
    struct column_check *k = &p->cols_check;
    column_check_close(p);
    column_check_cells_before(p, UINT64_MAX);     /* every c < ncols */
    if (k->failed)
        return fail_at(p, k->problem.line, "%s", k->problem.msg);
    return 0;
}

static int check_exit(struct parser *p)
{
    const struct hb_file *f = p->f;
    uint64_t end = 0, blocks = 0;
    if (f->ncolrecs > 0 && f->cols[f->ncolrecs - 1].c == f->ncols - 1) {
        end = f->cols[f->ncolrecs - 1].live_end;
        blocks = f->cols[f->ncolrecs - 1].blocks_end;
    }
    if (end != f->exit_bytes || blocks != f->exit_blocks)
        return fail_at(p, p->exit_line, "'exit' contradicts the last column "
                       "(%llu bytes in %llu blocks)", (unsigned long long)end,
                       (unsigned long long)blocks);
    hb_u128 lb = 0, lc = 0;
    for (size_t i = 0; i < f->nleaks; i++) {
        lb += f->leaks[i].bytes;
        lc += f->leaks[i].count;
    }
    if (lb != f->exit_bytes || lc != f->exit_blocks)
        return fail_at(p, p->exit_line, "'exit' contradicts the 'leak' lines "
                       "(%s%llu bytes in %llu blocks)",
                       lb > UINT64_MAX || lc > UINT64_MAX ? "more than " : "",
                       clamp_u64(lb), clamp_u64(lc));
    return 0;
}

/* Invariant 10: every freed block has a lifetime, so the 'life' lines add
 * up to the frees of the 'total' line. */
static int check_lifetimes(struct parser *p)
{
    const struct hb_file *f = p->f;
    hb_u128 count = 0, bytes = 0;
    for (size_t i = 0; i < f->nlifes; i++) {
        count += f->lifes[i].count;
        bytes += f->lifes[i].bytes;
    }
    if (count != f->total_frees || bytes != f->total_free_bytes)
        return fail_at(p, p->total_line, "'total' contradicts the 'life' lines "
                       "(%s%llu frees of %llu bytes)",
                       count > UINT64_MAX || bytes > UINT64_MAX ? "more than " : "",
                       clamp_u64(count), clamp_u64(bytes));
    return 0;
}

static int check_peak(struct parser *p)
{
    const struct hb_file *f = p->f;
    uint64_t max = 0;
    for (size_t i = 0; i < f->ncolrecs; i++)
        if (f->cols[i].live_max > max)
            max = f->cols[i].live_max;
    if (max != f->peak_bytes)
        return fail_at(p, p->peak_line, "'peak' is %llu bytes but the largest "
                       "column LIVE_MAX is %llu",
                       (unsigned long long)f->peak_bytes,
                       (unsigned long long)max);
    return 0;
}

/* ------------------------------------------------------------------ entry */

int hb_parse(const char *buf, size_t len, struct hb_file *f,
             struct hb_parse_error *err)
{
    struct parser p;
    memset(&p, 0, sizeof p);
    memset(f, 0, sizeof *f);
    memset(err, 0, sizeof *err);
    p.buf = buf;
    p.len = len;
    p.f = f;
    p.err = err;
    if (parse_header(&p) < 0 || parse_bands(&p) < 0
        || parse_summary(&p) < 0 || parse_records(&p) < 0
        || check_totals(&p) < 0 || check_columns(&p) < 0
        || check_exit(&p) < 0 || check_lifetimes(&p) < 0
        || check_peak(&p) < 0) {
        hb_file_free(f);
        return -1;
    }
    return 0;
}

void hb_file_free(struct hb_file *f)
{
    free(f->tool_version);
    free(f->cmd);
    free(f->bands);
    free(f->cols);
    free(f->cells);
    free(f->lifes);
    free(f->leaks);
    for (size_t i = 0; i < f->nsites; i++) {
        for (size_t j = 0; j < f->sites[i].nframes; j++)
            free(f->sites[i].frames[j]);
        free(f->sites[i].frames);
    }
    free(f->sites);
    free(f->tops);
    for (size_t i = 0; i < f->nmarks; i++)
        free(f->marks[i].name);
    free(f->marks);
    memset(f, 0, sizeof *f);
}

const char *hb_unit_name(enum hb_unit u)
{
    switch (u) {
    case HB_UNIT_B: return "B";
    case HB_UNIT_MS: return "ms";
    default: return "i";
    }
}

uint64_t hb_band_of_size(const struct hb_file *f, uint64_t size)
{
    uint64_t lo = 0, hi = f->nbands - 1;     /* binary search */
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (f->bands[mid].hi < size)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

uint64_t hb_col_start(const struct hb_file *f, uint64_t c)
{
    return c * f->col_width;   /* c < ncols, so c*W <= end-time */
}

uint64_t hb_col_span_end(const struct hb_file *f, uint64_t c)
{
    uint64_t start = hb_col_start(f, c);
    if (f->end_time - start < f->col_width)
        return f->end_time;
    return start + f->col_width;
}
