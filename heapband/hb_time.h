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

/* Adds the instruction counting of unit i to a superblock. */
IRSB* HB_(time_instrument) ( IRSB* sb_in );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                                hb_time.h ---*/
/*--------------------------------------------------------------------*/
