/* heapband_print: version 5's allocation numbers (hbfile_numbers.c).
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see COPYING. */
#ifndef HB_HBFILE_NUMBERS_H
#define HB_HBFILE_NUMBERS_H

#include "hbfile_state.h"

/* The 'alloc-peak' and 'alloc-site' records of section 18 (split lines;
 * each fails in a file before version 5), and after the line pass
 * whether the file has them all (hb_numbers_check). */
int hb_parse_alloc_peak(struct hb_parser *p);
int hb_parse_alloc_site(struct hb_parser *p);
int hb_numbers_check(struct hb_parser *p);

#endif
