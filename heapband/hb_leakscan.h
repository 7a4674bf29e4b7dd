/*--------------------------------------------------------------------*/
/*--- heapband: memcheck's leak kinds for the live blocks.         ---*/
/*---                                                hb_leakscan.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_LEAKSCAN_H
#define __HB_LEAKSCAN_H

#include "hb_global.h"

/* The three kinds of lost blocks, in the order the file gives them;
   every other live block is still reachable. */
typedef enum { HbDefinitely, HbIndirectly, HbPossibly, HbLostKinds } HbLostKind;

/* Bytes and blocks of each lost kind. */
typedef struct {
   ULong szB[HbLostKinds];
   ULong n[HbLostKinds];
} HbLost;

/* memcheck's heuristics (--leak-check-heuristics), as bits of a set:
   bit 0 is unused, as in memcheck's own numbering. */
#define HB_HEUR_STDSTRING   (1U << 1)
#define HB_HEUR_LENGTH64    (1U << 2)
#define HB_HEUR_NEWARRAY    (1U << 3)
#define HB_HEUR_MULTIPLE    (1U << 4)
#define HB_HEUR_ALL         (HB_HEUR_STDSTRING | HB_HEUR_LENGTH64 \
                             | HB_HEUR_NEWARRAY | HB_HEUR_MULTIPLE)
/* The option's keywords, in the order of the bits above, for
   VG_(parse_enum_set): "-" holds bit 0's place. */
#define HB_HEUR_TOKENS "-,stdstring,length64,newarray,multipleinheritance"

/* At start-up, with the scan on: follows thread exits and unmappings
   (the dead parts of stacks). */
void          HB_(leakscan_init)   ( void );
/* An munmap: a dead stack there ends (hb_main.c routes the core's one
   munmap event here and to hb_mappings.c). */
void          HB_(leakscan_unmapped) ( Addr a, SizeT len );
/* Classifies every live block now, as memcheck's leak checker would with
   the given heuristics, and keeps the figures until the next scan. */
void          HB_(leak_scan)       ( UInt heuristics );
/* The last scan's figures: the run's, a band's, a site's (by
   HB_(site_id); all zero for a site the scan did not see). */
const HbLost* HB_(lost_run)        ( void );
const HbLost* HB_(lost_in_band)    ( UInt band );
const HbLost* HB_(lost_at_site)    ( UInt site_id );
/* --stats=yes: the last scan's blocks, time and memory. */
void          HB_(leak_scan_stats) ( void );
/* Whether a figure has any lost block. */
Bool          HB_(lost_any)        ( const HbLost* lost );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                            hb_leakscan.h ---*/
/*--------------------------------------------------------------------*/
