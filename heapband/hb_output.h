/*--------------------------------------------------------------------*/
/*--- heapband: the heap-band file and the summary.    hb_output.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_OUTPUT_H
#define __HB_OUTPUT_H

#include "hb_global.h"
#include "hb_ending.h"

/* Writes the file named by --heapband-out-file (expanded now, so that a
   forked child writes its own) whole or not at all (hb_outfile.c: a
   temporary renamed onto the file the name's links lead to; a name that
   is not a regular file, /dev/null or a pipe, is written in place).
   Returns the final name, or NULL if it could not be written. */
const HChar* HB_(write_file)   ( HbTime end );
/* The output name, expanded now (%p: this process). */
HChar*       HB_(out_file_name)( void );
/* Writes a snapshot: the file of the run up to `end` to `name`, as
   HB_(write_file) does, its ending `running` (section 13); False on
   failure (said on stderr).  The columns must have been settled or
   finished at `end`. */
Bool         HB_(write_snapshot_as)( const HChar* name, HbTime end );
/* The same with the ending given (an exec's). */
Bool         HB_(write_file_ending)( const HChar* name, HbTime end,
                                     const HbEnding* ending );
void         HB_(print_summary)( HbTime end, const HChar* written );
/* For --stats: the cells every write so far has read (snapshots too). */
ULong        HB_(cells_read_by_writes)( void );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                              hb_output.h ---*/
/*--------------------------------------------------------------------*/
