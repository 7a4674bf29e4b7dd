/*--------------------------------------------------------------------*/
/*--- heapband: --allocator=program.                   hb_program.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_PROGRAM_H
#define __HB_PROGRAM_H

#include "hb_global.h"

/* The block events of hb_main.c, as the program's allocator reports
   them (origin HbFromProgram). */
typedef struct {
   void (*born)  ( ThreadId tid, Addr addr, SizeT szB, SizeT slopB );
   Bool (*dies)  ( Addr addr );
   Bool (*moves) ( ThreadId tid, Addr old_addr, Addr new_addr,
                   SizeT new_szB, SizeT slopB );
   /* The live requested bytes now. */
   ULong (*live) ( void );
} HbProgramEvents;

/* Before the options are read: follows the program's mappings (in both
   modes: the other anonymous memory is shown either way). */
void HB_(program_pre_init)  ( const HbProgramEvents* events );
/* After them: with --allocator=program, switches the preload's wrappers
   on (hb_wrap.c says how). */
void HB_(program_post_init) ( Bool program );

/* Publishes the figures of the memory now, before a file is written
   (at exit, or a snapshot), whether or not a call is in progress: a
   mapping made in a call that never ended (the program crashed in its
   allocator, or exited from another thread) is then counted too. */
void HB_(program_settle) ( void );

/* The wrappers' requests (hb_wrapreq.h); False if arg[0] is not one. */
Bool HB_(program_request) ( ThreadId tid, UWord* arg, UWord* ret );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                              hb_program.h ---*/
/*--------------------------------------------------------------------*/
