/*--------------------------------------------------------------------*/
/*--- heapband: size bands.                             hb_bands.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* - Owns: the size bands, chosen by --bands, and their bounds.
   - Invariant (asserted at start-up): the bands are contiguous from size 0
     to 2^64 - 1, at most HB_MAX_BANDS, and band_of agrees with the table.
   - Cost: two tables of bounds; band_of, on the allocation path, is a
     count-leading-zeros and a shift.

   Band 0 holds zero-size blocks.  After it come the octaves
   [2^k, 2^(k+1)), k = 0..63.  With quarter bands an octave from k = 2 up
   is cut into four equal sub-bands, so blocks of 24, 32 and 48 bytes fall
   in different bands; octaves 0 and 1 hold only one and two sizes, so they
   get one band per size.  That is 1 + 1 + 2 + 62*4 = 252 bands; with one
   band per octave, 65. */

#include "hb_bands.h"
#include "pub_tool_libcassert.h"

static Bool  quarter_bands = True;
static UInt  n_bands = 0;
static ULong band_lo_B[HB_MAX_BANDS];
static ULong band_hi_B[HB_MAX_BANDS];

static UInt octave_of ( SizeT szB )
{
   return 63 - (UInt)__builtin_clzll((ULong)szB);
}

UInt HB_(band_of) ( SizeT szB )
{
   UInt k;
   if (szB == 0) return 0;
   k = octave_of(szB);
   if (!quarter_bands) return 1 + k;
   if (k == 0) return 1;
   if (k == 1) return 2 + (UInt)(szB & 1);
   return 4 + 4 * (k - 2) + (UInt)((szB >> (k - 2)) & 3);
}

static void add_band ( ULong lo, ULong hi )
{
   tl_assert(n_bands < HB_MAX_BANDS);
   band_lo_B[n_bands] = lo;
   band_hi_B[n_bands] = hi;
   n_bands++;
}

/* The bands cover 0 .. 2^64 - 1 without gap or overlap, and band_of
   puts both ends of each band in it.  Once, at start-up. */
static void check_table ( void )
{
   UInt b;
   tl_assert(n_bands == (quarter_bands ? 252 : 65));
   tl_assert(band_lo_B[0] == 0 && band_hi_B[n_bands - 1] == ~0ULL);
   for (b = 0; b < n_bands; b++) {
      tl_assert(band_lo_B[b] <= band_hi_B[b]);
      tl_assert(b == 0 || band_lo_B[b] == band_hi_B[b - 1] + 1);
      tl_assert(HB_(band_of)(band_lo_B[b]) == b
                && HB_(band_of)(band_hi_B[b]) == b);
   }
}

void HB_(bands_init) ( Bool quarter )
{
   UInt k, sub;
   quarter_bands = quarter;
   n_bands = 0;
   add_band(0, 0);
   for (k = 0; k < 64; k++) {
      ULong octave_lo = 1ULL << k;
      ULong octave_hi = octave_lo + (octave_lo - 1);   /* no overflow at 63 */
      if (!quarter || k == 0) {
         add_band(octave_lo, octave_hi);
      } else if (k == 1) {
         add_band(2, 2);
         add_band(3, 3);
      } else {
         ULong step = octave_lo >> 2;
         for (sub = 0; sub < 4; sub++)
            add_band(octave_lo + sub * step, octave_lo + (sub + 1) * step - 1);
      }
   }
   check_table();
}

UInt  HB_(n_bands) ( void )              { return n_bands; }
ULong HB_(band_lo) ( UInt band )         { return band_lo_B[band]; }
ULong HB_(band_hi) ( UInt band )         { return band_hi_B[band]; }
Bool  HB_(bands_are_quarter) ( void )    { return quarter_bands; }

/*--------------------------------------------------------------------*/
/*--- end                                               hb_bands.c ---*/
/*--------------------------------------------------------------------*/
