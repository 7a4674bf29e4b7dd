/*--------------------------------------------------------------------*/
/*--- heapband: 128-bit unsigned sums.                   hb_u128.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_U128_H
#define __HB_U128_H

#include "hb_global.h"

/* The time-integral of live bytes needs more than 64 bits: 10^12
   instructions times 10^10 live bytes is about 2^73.  Only the
   operations heapband needs: add, multiply-add, print. */
typedef struct { ULong lo; ULong hi; } HbU128;

void  HB_(u128_add)     ( HbU128* acc, const HbU128* x );
void  HB_(u128_add_mul) ( HbU128* acc, ULong a, ULong b );
/* Writes the decimal digits of x into buf (at least 40 bytes). */
void  HB_(u128_to_dec)  ( const HbU128* x, HChar* buf );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                                hb_u128.h ---*/
/*--------------------------------------------------------------------*/
