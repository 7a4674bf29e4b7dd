/*--------------------------------------------------------------------*/
/*--- heapband: the wrappers' requests to the tool.    hb_wrapreq.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* Owns: the client requests by which hb_wrap.c (in the preload, with
   --allocator=program) tells the tool (hb_program.c) what the program's
   allocator did.  Private to heapband: not in heapband.h.  Every wrapped
   call sends ENTER before it calls the allocator and one LEAVE after it;
   only the outermost call of a thread is counted. */

#ifndef __HB_WRAPREQ_H
#define __HB_WRAPREQ_H

#include "valgrind.h"

typedef enum {
   /* heapband.h's public requests start at VG_USERREQ_TOOL_BASE('H','B');
      these keep clear of them. */
   VG_USERREQ__HB_WRAP_ENTER = VG_USERREQ_TOOL_BASE('H', 'B') + 0x100,   /* answers the depth */
   VG_USERREQ__HB_WRAP_LEAVE,          /* nothing allocated or freed */
   VG_USERREQ__HB_WRAP_LEAVE_ALLOC,    /* block, requested, usable */
   VG_USERREQ__HB_WRAP_LEAVE_FREE,     /* block */
   VG_USERREQ__HB_WRAP_LEAVE_REALLOC   /* old, new, requested, usable */
} HbWrapRequest;

#endif

/*--------------------------------------------------------------------*/
/*--- end                                              hb_wrapreq.h ---*/
/*--------------------------------------------------------------------*/
