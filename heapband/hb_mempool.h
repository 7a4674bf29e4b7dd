/*--------------------------------------------------------------------*/
/*--- heapband: memory pools of the mempool requests.  hb_mempool.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_MEMPOOL_H
#define __HB_MEMPOOL_H

#include "hb_global.h"
#include "hb_blocks.h"

/* The tool's block events (hb_main.c), through which every change a pool
   request makes to its chunks, or to the MALLOCLIKE blocks inside them,
   is recorded like any allocation, free or realloc.  dies and moves return
   False, counting an unknown free, when no block of that origin lives at
   the (old) address. */
typedef struct {
   void (*born)  ( ThreadId tid, Addr addr, SizeT szB, HbOrigin origin );
   Bool (*dies)  ( Addr addr, HbOrigin origin );
   Bool (*moves) ( ThreadId tid, Addr old_addr, Addr new_addr, SizeT new_szB,
                   HbOrigin origin );
} HbBlockEvents;

/* After HB_(blocks_init); events must live until the end of the run. */
void HB_(mempools_init)   ( const HbBlockEvents* events );

/* Handles valgrind.h's mempool requests (CREATE_MEMPOOL and its _EXT
   form, DESTROY_MEMPOOL, MEMPOOL_ALLOC, MEMPOOL_FREE, MEMPOOL_TRIM,
   MOVE_MEMPOOL, MEMPOOL_CHANGE, MEMPOOL_EXISTS) and sets *ret; False for
   any other request. */
Bool HB_(mempool_request) ( ThreadId tid, UWord* arg, UWord* ret );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                             hb_mempool.h ---*/
/*--------------------------------------------------------------------*/
