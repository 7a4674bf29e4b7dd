/*--------------------------------------------------------------------*/
/*--- heapband: stopping the run at a heap moment.     hb_stopat.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_STOPAT_H
#define __HB_STOPAT_H

#include "hb_global.h"
#include "hb_blocks.h"
#include "pub_tool_tooliface.h"

/* One --stop-at=WHAT option (option is the whole argument, for the
   messages).  A WHAT that does not parse ends the run at once with one
   line and exit status 1, before the program starts. */
void HB_(stopat_add) ( const HChar* option, const HChar* what );

/* After every option: refuses --stop-at when what it needs is off (the
   gdbserver, --depth for site:).  Returns whether any stop was asked. */
Bool HB_(stopat_init) ( UInt depth );

/* The allocation number (hb_totals.h's HB_(allocs_made)) from which an
   allocation needs a look from HB_(stopat_born): ~0 without --stop-at, so
   that hb_main.c's one comparison per allocation is never true. */
extern ULong HB_(stopat_from);
/* The addresses of the blocks whose free is awaited (free:N) are within
   [lo, lo + span]: one comparison per free, (addr - lo) <= span; lo and
   span 0 when none is (no free is of address 0). */
extern Addr  HB_(stopat_free_lo);
extern Addr  HB_(stopat_free_span);
#define HB_STOPAT_FREE_WATCHED(addr) \
   UNLIKELY((Addr)((addr) - HB_(stopat_free_lo)) <= HB_(stopat_free_span))

/* An allocation (or the new block of a resize), after every module has
   seen it; its number is HB_(allocs_made). */
void HB_(stopat_born)  ( ThreadId tid, Addr addr, HbOrigin origin,
                         const HbLiveBlock* bk );
/* A block at a watched address (HB_STOPAT_FREE_WATCHED) is about to be
   freed or resized: called before any module sees that. */
void HB_(stopat_dies)  ( Addr addr, HbOrigin origin );
/* The program is about to end (exit_group): a free:N whose block is still
   live stops here. */
void HB_(stopat_exiting) ( ThreadId tid );
/* At exit: says which stops were never reached. */
void HB_(stopat_report_unreached) ( void );

/* The return from a replacement malloc, where an allocation's stop is
   made: instruments the superblock holding it (nothing is added to any
   other superblock). */
IRSB* HB_(stopat_instrument) ( IRSB* sb, const VexGuestLayout* layout );

/* The monitor command `heapband where`: what heapband knows now. */
void HB_(stopat_where) ( void );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                              hb_stopat.h ---*/
/*--------------------------------------------------------------------*/
