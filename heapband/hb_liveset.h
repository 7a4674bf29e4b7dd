/*--------------------------------------------------------------------*/
/*--- heapband: the addresses of the live malloc'ed blocks.        ---*/
/*---                                                 hb_liveset.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_LIVESET_H
#define __HB_LIVESET_H

#include "hb_global.h"

/* Whether the set can hold addr at all: a multiple of HB_LIVESET_GRAIN
   below 2^HB_LIVESET_ADDR_BITS. */
Bool HB_(liveset_covers)   ( Addr addr );
/* addr must be covered and not in the set. */
void HB_(liveset_add)      ( Addr addr );
/* Takes addr out of the set; False if it was not in it (or not covered). */
Bool HB_(liveset_remove)   ( Addr addr );
Bool HB_(liveset_contains) ( Addr addr );
/* Calls visit(addr, opaque) for every address in the set, in increasing
   order.  Costs a pass over the bitmap's leaves (8 KiB per MiB of address
   space the heap ever touched) and one call per address. */
void HB_(liveset_visit)    ( void (*visit)(Addr addr, void* opaque),
                             void* opaque );
/* Bytes the set has taken from the tool's arena. */
SizeT HB_(liveset_bytes)   ( void );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                              hb_liveset.h ---*/
/*--------------------------------------------------------------------*/
