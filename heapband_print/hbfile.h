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
