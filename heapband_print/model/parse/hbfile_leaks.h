/* heapband_print: version 4's leak-kind records (hbfile_leaks.c).
 * Copyright (C) 2026 the heapband authors.  GPL-2.0-or-later; see COPYING. */
#ifndef HB_HBFILE_LEAKS_H
#define HB_HBFILE_LEAKS_H

#include "hbfile_state.h"

/* Version 4's leak kinds (hbfile_leaks.c): the 'leak-scan:' header line
 * (nothing before version 4), the 'exit-lost' line (nothing without
 * 'leak-scan: yes'), the 'lost' and 'sl' records (split lines), and after
 * the line pass what relates them (hb_leaks_check); then the state is
 * freed (hb_leaks_checks_free). */
int hb_parse_leak_scan(struct hb_parser *p);
int hb_parse_exit_lost(struct hb_parser *p);
int hb_parse_lost(struct hb_parser *p);
int hb_parse_sl(struct hb_parser *p);
int hb_leaks_check(struct hb_parser *p);
/* A version-4 record in an older file: fails, saying so. */
int hb_parse_v4_only(struct hb_parser *p);
void hb_leaks_checks_free(struct hb_parser *p);

#endif
