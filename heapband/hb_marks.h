/*--------------------------------------------------------------------*/
/*--- heapband: phase markers.                          hb_marks.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_MARKS_H
#define __HB_MARKS_H

#include "hb_global.h"

/* A phase marker: its time and its name as the client gave it (any bytes
   but NUL, at most HB_MARK_NAME_MAX of them, never empty). */
typedef struct {
   HbTime t;
   HChar  name[HB_MARK_NAME_MAX + 1];
} HbMark;

void          HB_(marks_init)  ( void );
/* Records a mark at time t, its name read from client memory at name_addr. */
void          HB_(mark)        ( HbTime t, Addr name_addr );
/* The marks in the order they were made (which is time order). */
UInt          HB_(marks_count) ( void );
const HbMark* HB_(mark_at)     ( UInt i );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                               hb_marks.h ---*/
/*--------------------------------------------------------------------*/
