/*--------------------------------------------------------------------*/
/*--- heapband: marks at function entries.             hb_markfn.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_MARKFN_H
#define __HB_MARKFN_H

#include "hb_global.h"
#include "pub_tool_tooliface.h"

/* Adds the pattern of option `option` (PATTERN or OBJECT:PATTERN, globs
   on the function's name and on the object's path or file name); once:
   mark only the function's first entry.  A bad pattern ends the run with
   a message. */
void  HB_(markfn_add_pattern) ( const HChar* option, const HChar* value,
                                Bool once );
/* Adds a mark at every entry of a matching function in the superblock;
   returns sb_in itself when no pattern was given. */
IRSB* HB_(markfn_instrument)  ( IRSB* sb_in );
/* At exit: one line for each --mark-fn or --mark-fn-once whose pattern
   matched no function the program entered (a misspelt name, a function
   of an object never loaded, an inlined or static one without a symbol),
   naming the option as given. */
void  HB_(markfn_report_unmatched) ( void );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                              hb_markfn.h ---*/
/*--------------------------------------------------------------------*/
