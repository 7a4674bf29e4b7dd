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

/* The most marks a run keeps, HB_MARKS_MAX (hb_format.h: the format's
   limit); later ones are counted as dropped. */

/* A phase marker: its time and its name as the client gave it (any bytes
   but NUL, at most HB_MARK_NAME_MAX of them, never empty). */
typedef struct {
   HbTime t;
   HChar  name[HB_MARK_NAME_MAX + 1];
} HbMark;

void          HB_(marks_init)  ( void );
/* Records a mark at time t, its name read from client memory at name_addr. */
void          HB_(mark)        ( HbTime t, Addr name_addr );
/* Records a mark at time t named by the tool's own string (cut at
   HB_MARK_NAME_MAX bytes). */
void          HB_(mark_named)  ( HbTime t, const HChar* name );
/* How many marks were made past the cap and not kept. */
ULong         HB_(marks_dropped) ( void );
/* Copies the client's NUL-terminated string at a into dst (max + 1
   bytes), cut at max bytes or at the first byte that cannot be read;
   returns its length, or (SizeT)-1 when a is 0 or unreadable. */
SizeT         HB_(client_string) ( Addr a, HChar* dst, SizeT max );
/* The marks in the order they were made (which is time order). */
UInt          HB_(marks_count) ( void );
const HbMark* HB_(mark_at)     ( UInt i );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                               hb_marks.h ---*/
/*--------------------------------------------------------------------*/
