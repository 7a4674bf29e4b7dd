/*--------------------------------------------------------------------*/
/*--- heapband: snapshots of a running program.      hb_snapshot.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_SNAPSHOT_H
#define __HB_SNAPSHOT_H

#include "hb_global.h"

/* After the options: with --snapshot-every=T (T > 0), the output file is
   rewritten each time the clock passes a multiple of T. */
void  HB_(snapshot_init)    ( HbTime snapshot_every );
/* HEAPBAND_SNAPSHOT(name): writes a snapshot to the client's file name,
   or to the default name when name_addr is 0; returns 1 if written. */
UWord HB_(snapshot_request) ( Addr name_addr );
/* At exit: says in the run's log how many snapshots could not be
   written, if any. */
void  HB_(snapshot_report_failures) ( void );
/* Before every system call: at an exec that will replace the program,
   the file of the run so far, ending by the exec (section 13). */
void  HB_(snapshot_at_exec) ( UInt sysno, const UWord* args );
/* A gdbserver monitor command (`help`, `heapband ...`); False if it is
   not heapband's. */
Bool  HB_(monitor_command)  ( const HChar* req );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                            hb_snapshot.h ---*/
/*--------------------------------------------------------------------*/
