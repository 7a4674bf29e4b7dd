/* sites.h -- the --sites report: per band, its top allocation sites. */
#ifndef HEAPBAND_PRINT_SITES_H
#define HEAPBAND_PRINT_SITES_H

#include <stdio.h>

#include "hbfile.h"

/* Print the sites of bands first_band..last_band (all bands when the range
 * is empty) from the file's "top" lines, largest band first. */
void hb_sites_report(FILE *out, const struct hb_file *f, uint64_t first_band,
                     uint64_t last_band);

#endif
