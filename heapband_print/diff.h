/* diff.h -- comparing two heap-band files (heapband_print --diff OLD NEW).
 *
 * Two views of what changed from OLD to NEW: the run's totals and the
 * per-band totals (only bands that changed); the third, the difference
 * chart, is in diff_chart.h.
 */
#ifndef HEAPBAND_PRINT_DIFF_H
#define HEAPBAND_PRINT_DIFF_H

#include <stdint.h>
#include <stdio.h>

#include "hbfile.h"

/* Can the two files be compared?  They need the same time unit and the
 * same band table.  Returns 0, or -1 with a message in err. */
int hb_diff_compatible(const struct hb_file *old_file,
                       const struct hb_file *new_file, char *err,
                       size_t errlen);

/* Do the files hold the same data: everything but the header lines cmd,
 * pid, ppid, tool and columns-budget, and the allocation sites (whose
 * stack text depends on where the program was built)? */
int hb_diff_same_data(const struct hb_file *old_file,
                      const struct hb_file *new_file);

/* The run's totals, in the order of hb_diff_total_names. */
enum { HB_DIFF_NTOTALS = 11 };
extern const char *const hb_diff_total_names[HB_DIFF_NTOTALS];
void hb_diff_totals(const struct hb_file *f, uint64_t out[HB_DIFF_NTOTALS]);

/* A band's totals over the run: allocations, bytes allocated, frees,
 * bytes freed, peak live bytes (the largest LIVE_MAX of its cells), bytes
 * never freed; names in hb_diff_band_names. */
enum { HB_DIFF_NBAND = 6 };
extern const char *const hb_diff_band_names[HB_DIFF_NBAND];
/* Which of them are bytes (1) rather than counts (0). */
extern const int hb_diff_band_is_bytes[HB_DIFF_NBAND];

struct hb_band_change {
    uint64_t band;
    uint64_t old_v[HB_DIFF_NBAND], new_v[HB_DIFF_NBAND];
    uint64_t byte_change;      /* the largest |new - old| of a byte column */
};

/* The bands whose totals differ, largest byte change first (then by count
 * change, then by band); *n of them in a malloc'd array (NULL when none). */
struct hb_band_change *hb_diff_bands(const struct hb_file *old_file,
                                     const struct hb_file *new_file,
                                     size_t *n);

/* "+16 (+1.60%)", "-3 (-50.00%)", "+5 (new)" or "0". */
void hb_diff_format_change(char *buf, size_t len, uint64_t old_v,
                           uint64_t new_v);

/* The report's text part: the two files, the totals side by side and the
 * bands that changed (or "no differences").  Names are the file names as
 * given. */
void hb_diff_report(FILE *out, const struct hb_file *old_file,
                    const struct hb_file *new_file, const char *old_name,
                    const char *new_name);

#endif
