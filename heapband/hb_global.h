/*--------------------------------------------------------------------*/
/*--- heapband: types shared by every module.          hb_global.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* Owns: the HB_ naming macro and the time type every module shares.  No
   state, no cost. */

#ifndef __HB_GLOBAL_H
#define __HB_GLOBAL_H

#include "pub_tool_basics.h"

/* Names shared between heapband's modules, as memcheck's MC_(...). */
#define HB_(str)    VGAPPEND(vgHeapband_,str)

/* A moment of the run, in the unit chosen by --time-unit. */
typedef ULong HbTime;

/* HB_MAX_BANDS, HB_MAX_DEPTH, HB_LIFE_BUCKETS and the other numbers the
   printer must agree on. */
#include "hb_format.h"

#endif

/*--------------------------------------------------------------------*/
/*--- end                                              hb_global.h ---*/
/*--------------------------------------------------------------------*/
