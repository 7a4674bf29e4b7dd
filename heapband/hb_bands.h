/*--------------------------------------------------------------------*/
/*--- heapband: size bands.                             hb_bands.h ---*/
/*--------------------------------------------------------------------*/

/* Part of heapband; GPL-2.0-or-later, see hb_global.h. */

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
