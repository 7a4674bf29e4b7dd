/*--------------------------------------------------------------------*/
/*--- heapband: the run's clock.                         hb_time.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_TIME_H
#define __HB_TIME_H

#include "hb_global.h"
#include "pub_tool_tooliface.h"

typedef enum { HbTimeInstrs, HbTimeBytes, HbTimeMs } HbTimeUnit;

void         HB_(time_init)       ( HbTimeUnit unit );
HbTimeUnit   HB_(time_unit)       ( void );
const HChar* HB_(time_unit_name)  ( HbTimeUnit unit );
/* The current time.  In unit B this does not advance by itself: only
   HB_(time_of_event) moves it. */
HbTime       HB_(time_now)        ( void );
/* The time of an event that allocates and frees szB bytes in all: in unit
   B the clock first advances by those bytes. */
HbTime       HB_(time_of_event)   ( SizeT szB );

/* The time at which an instruction of the superblock now running starts,
   called from code that the instrumentation placed just after that
   instruction's IMark: `left` is the number of the superblock's
   instructions from this one to its end, this one included.  In unit i
   the counter already holds the whole superblock (see hb_time.c), so this
   is the count of instructions executed before this one; in units B and
   ms, the current time. */
HbTime       HB_(time_at_instr)   ( UInt left );

/* Adds the instruction counting of unit i to a superblock. */
IRSB* HB_(time_instrument) ( IRSB* sb_in );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                                hb_time.h ---*/
/*--------------------------------------------------------------------*/
