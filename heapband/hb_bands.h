/*--------------------------------------------------------------------*/
/*--- heapband: size bands.                             hb_bands.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_BANDS_H
#define __HB_BANDS_H

#include "hb_global.h"

/* Builds the band table: quarter == True splits each octave from 4 bytes
   up into four sub-bands, False gives one band per octave. */
void   HB_(bands_init)  ( Bool quarter );
UInt   HB_(n_bands)     ( void );
UInt   HB_(band_of)     ( SizeT szB );
ULong  HB_(band_lo)     ( UInt band );
ULong  HB_(band_hi)     ( UInt band );
Bool   HB_(bands_are_quarter) ( void );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                               hb_bands.h ---*/
/*--------------------------------------------------------------------*/
