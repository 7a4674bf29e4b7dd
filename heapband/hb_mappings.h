/*--------------------------------------------------------------------*/
/*--- heapband: the program's anonymous memory.       hb_mappings.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_MAPPINGS_H
#define __HB_MAPPINGS_H

#include "hb_global.h"

/* The run's figures of the allocator's footprint and of the other
   anonymous memory (docs/heapband-format.md, the `footprint` and
   `other-anon` records). */
typedef struct {
   ULong  foot_B, foot_peak_B;      /* now, and the largest */
   HbTime foot_peak_t;              /* when the largest was first reached */
   ULong  live_at_foot_peak_B;      /* live requested bytes then */
   ULong  slop_at_foot_peak_B;      /* live slop then */
   ULong  anon_B, anon_peak_B;
} HbMappings;

/* Follows the client's brk, mmap, mremap, munmap and mprotect through the
   core's memory events, and madvise through the post-syscall hook.
   in_allocator(tid) says whether thread tid is inside an allocator call
   (hb_program.c), which makes a new mapping the allocator's; changed(tid)
   is called after every change of a figure, so that the caller publishes
   it now or at the end of the call. */
/* An munmap (hb_main.c routes the core's one munmap event here and to
   hb_leakscan.c: the core keeps one callback per event). */
void HB_(mappings_unmapped) ( Addr a, SizeT len );

/* The tool's post-syscall hook (hb_main.c): a successful madvise that
   gives pages back (MADV_DONTNEED, MADV_FREE, MADV_REMOVE) takes the
   accessible anonymous pages it covers out of the figures. */
void HB_(mappings_post_syscall) ( ThreadId tid, UInt sysno, UWord* args,
                                  UInt n_args, SysRes res );

/* The allocator handed out szB usable bytes at p: given-back pages the
   block overlaps (rounded out to whole pages) are back in the figures.
   The caller publishes them. */
void HB_(mappings_block) ( Addr p, SizeT szB );

void HB_(mappings_init) ( Bool (*in_allocator)(ThreadId tid),
                          void (*changed)(ThreadId tid) );

/* Publishes the figures at time t (the end of an allocator call, or a
   mapping made outside one): the columns' gauges and the footprint's
   peak.  live_B and slop_B are the live requested bytes and slop now. */
void HB_(mappings_publish) ( HbTime t, ULong live_B, ULong slop_B );

const HbMappings* HB_(mappings) ( void );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                             hb_mappings.h ---*/
/*--------------------------------------------------------------------*/
