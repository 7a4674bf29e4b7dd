/*--------------------------------------------------------------------*/
/*--- heapband: allocator calls without a scheduler trip.          ---*/
/*---                                                 hb_fastcall.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_FASTCALL_H
#define __HB_FASTCALL_H

#include "hb_global.h"
#include "pub_tool_tooliface.h"

/* Lets generated code call fn directly when the preload asks for it with
   a CLIENT_CALLn request.  Only the tool's malloc-replacement functions
   are registered. */
void  HB_(fastcall_register)   ( void* fn );
/* --fast-calls=no turns the fast path off. */
void  HB_(fastcall_enable)     ( Bool enabled );
/* --stop-at: the calls declare that they read and may change the whole
   guest state, so that a stop inside one (a free, hb_stopat.c) shows
   gdb exact registers. */
void  HB_(fastcall_whole_state) ( void );
/* How many calls took the fast path (for --stats=yes). */
ULong HB_(fastcall_count)      ( void );
/* Rewrites a superblock that ends in a client request (see the file's
   head comment); any other superblock is returned unchanged. */
IRSB* HB_(fastcall_instrument) ( IRSB* sb, IRType gWordTy );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                             hb_fastcall.h ---*/
/*--------------------------------------------------------------------*/
