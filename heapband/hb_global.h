/*--------------------------------------------------------------------*/
/*--- heapband: types shared by every module.          hb_global.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every
   heap block by size band over time.

   This program is free software; you can redistribute it and/or
   modify it under the terms of the GNU General Public License as
   published by the Free Software Foundation; either version 2 of the
   License, or (at your option) any later version.

   This program is distributed in the hope that it will be useful, but
   WITHOUT ANY WARRANTY; without even the implied warranty of
   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the GNU
   General Public License for more details.

   The GNU General Public License is contained in the file COPYING.
*/

#ifndef __HB_GLOBAL_H
#define __HB_GLOBAL_H

#include "pub_tool_basics.h"

/* Names shared between heapband's modules, as memcheck's MC_(...). */
#define HB_(str)    VGAPPEND(vgHeapband_,str)

/* A moment of the run, in the unit chosen by --time-unit. */
typedef ULong HbTime;

/* The most size bands any band layout has: zero, then 64 octaves of at
   most four sub-bands (see hb_bands.c). */
#define HB_MAX_BANDS 256

/* The deepest --depth. */
#define HB_MAX_DEPTH 64

/* Lifetime buckets: 0 for lifetime 0, k for [2^(k-1), 2^k), k <= 64. */
#define HB_LIFE_BUCKETS 65

#endif

/*--------------------------------------------------------------------*/
/*--- end                                              hb_global.h ---*/
/*--------------------------------------------------------------------*/
