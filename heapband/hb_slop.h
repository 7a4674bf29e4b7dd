/*--------------------------------------------------------------------*/
/*--- heapband: slop, usable minus requested bytes.       hb_slop.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_SLOP_H
#define __HB_SLOP_H

#include "hb_global.h"
#include "hb_atpeak.h"

/* A block's slop joins or leaves its band.  Called right after the
   columns were told of the event (its slop goes to the open column,
   hb_columns.h) and before the totals judge the event's peak
   (hb_atpeak.h). */
void HB_(slop_gains) ( UInt band, SizeT slopB );
void HB_(slop_loses) ( UInt band, SizeT slopB );

/* The live slop of all bands now. */
ULong HB_(slop_live) ( void );
/* Band b's slop allocated over the run. */
ULong HB_(slop_allocated) ( UInt band );
/* Band b's live slop now and at the heap's peak (the part's bytes; its
   blocks count the blocks with their slop). */
const HbLivePart* HB_(slop_band) ( UInt band );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                                 hb_slop.h ---*/
/*--------------------------------------------------------------------*/
