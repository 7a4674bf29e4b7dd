/*--------------------------------------------------------------------*/
/*--- heapband: the live heap blocks.                   hb_blocks.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_BLOCKS_H
#define __HB_BLOCKS_H

#include "hb_global.h"
#include "hb_sites.h"
#include "pub_tool_xarray.h"

/* Where a block came from decides how it may be freed: malloc and its
   kin, the MALLOCLIKE_BLOCK request, a pool's MEMPOOL_ALLOC
   (hb_mempool.c), or the program's own allocator (--allocator=program,
   hb_program.c). */
typedef enum { HbFromMalloc, HbFromClientRequest, HbFromMempool,
               HbFromProgram, HbOrigins } HbOrigin;

/* What the table keeps of a live block: enough that its free needs no
   other lookup (its band is recomputed from the size). */
typedef struct {
   SizeT   szB;      /* the size the program asked for */
   HbTime  born_t;   /* its allocation, or its last resize */
   HbSite* site;     /* NULL with --depth=0 */
   SizeT   slopB;    /* usable minus requested size: HbFromProgram only */
   ULong   alloc_n;  /* its allocation's number (format section 18) */
} HbLiveBlock;

void HB_(blocks_init)  ( void );

/* Adds the block at addr; the table must hold no block of that origin at
   that address. */
void HB_(block_insert) ( Addr addr, HbOrigin origin, const HbLiveBlock* bk );
/* Removes the block at addr and copies it to *removed; False if there was
   none of that origin. */
Bool HB_(block_remove) ( Addr addr, HbOrigin origin, HbLiveBlock* removed );
/* The requested size of the block at addr; False if there is none. */
Bool HB_(block_size)   ( Addr addr, HbOrigin origin, SizeT* szB );

/* Appends to addrs (an XArray of Addr) the address of every live block
   of that origin (not HbFromMalloc) lying wholly inside [lo, hi), in no
   set order.  Costs a pass over all the live blocks of that origin. */
void HB_(blocks_inside) ( HbOrigin origin, Addr lo, Addr hi, XArray* addrs );

/* Calls visit for every live block of every origin: the malloc'ed blocks
   whose record is in their header in increasing address order first,
   then those in the tables, in no set order.  The block given is a copy.
   Costs a pass over the live-address bitmap and the tables, and a header
   read per malloc'ed block. */
typedef void (*HbBlockVisitor) ( Addr addr, HbOrigin origin,
                                 const HbLiveBlock* bk, void* opaque );
void HB_(blocks_visit) ( HbBlockVisitor visit, void* opaque );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                               hb_blocks.h ---*/
/*--------------------------------------------------------------------*/
