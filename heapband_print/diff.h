/* diff.h -- the difference chart of heapband_print --diff OLD NEW: the
 * matrix of a live or allocs chart of NEW minus the same matrix of OLD,
 * built on one grid of columns for both files, for the renderers to draw
 * with a diverging palette (chart.h, field `diverging`).  The text report
 * of the totals is diff_report.h's.
 */
#ifndef HEAPBAND_PRINT_DIFF_H
#define HEAPBAND_PRINT_DIFF_H

#include <stdint.h>
#include <stdio.h>

#include "chartbuild.h"
#include "hbfile.h"

enum hb_align { HB_ALIGN_TIME, HB_ALIGN_FRACTION };

/* Build the difference chart: cells hold NEW minus OLD (signed, 0 where
 * equal), vmax the largest |cell|, diverging = 1, no heap line.
 *
 * HB_ALIGN_TIME: chart columns are the same time intervals in both files,
 * whole stored columns of each (their width is a multiple of the larger
 * column width), over [0, the later end time] or --from/--to.  A run that
 * has ended counts as empty heap.
 * HB_ALIGN_FRACTION: the same number of chart columns for both files (at
 * most the stored columns of the shorter), chart column j holding the
 * stored columns [ceil(j*NC/N), ceil((j+1)*NC/N)) of each file: the same
 * fraction of each run.  The chart's times are NEW's.
 *
 * sel->kind must be live or allocs; --from/--to only with HB_ALIGN_TIME.
 * Returns 0, or -1 with a message in err. */
int hb_diff_chart_build(const struct hb_file *old_file,
                        const struct hb_file *new_file,
                        const struct hb_selection *sel, enum hb_align align,
                        struct hb_chart *chart, struct hb_chart_map *map,
                        char *err, size_t errlen);

#endif
