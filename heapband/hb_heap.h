/*--------------------------------------------------------------------*/
/*--- heapband: the client's heap, with a small-block cache.       ---*/
/*---                                                     hb_heap.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_HEAP_H
#define __HB_HEAP_H

#include "hb_global.h"

/* VG_(cli_malloc) and VG_(cli_free), with freed small blocks kept for
   reuse (see hb_heap.c).  VG_(cli_malloc_usable_size) works on every
   block these return.  heap_alloc returns NULL for an alignment the
   core's arena would refuse (above 16 MiB, or not a power of two). */
void* HB_(heap_alloc)        ( SizeT alignB, SizeT szB );
void  HB_(heap_free)         ( void* p );
/* --block-cache=no sends every request to the arena. */
void  HB_(heap_cache_enable) ( Bool enabled );
/* Requests served from the cache, and the most bytes it ever held. */
void  HB_(heap_cache_stats)  ( ULong* reused, SizeT* max_held );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                                 hb_heap.h ---*/
/*--------------------------------------------------------------------*/
