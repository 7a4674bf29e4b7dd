/*--------------------------------------------------------------------*/
/*--- heapband: 128-bit unsigned sums.                   hb_u128.h ---*/
/*--------------------------------------------------------------------*/

/* Part of heapband; GPL-2.0-or-later, see hb_global.h. */

#ifndef __HB_U128_H
#define __HB_U128_H

#include "hb_global.h"

/* The time-integral of live bytes needs more than 64 bits: 10^12
   instructions times 10^10 live bytes is about 2^73.  Only the
   operations heapband needs: add, multiply-add, print. */
typedef struct { ULong lo; ULong hi; } HbU128;

void  HB_(u128_add)     ( HbU128* acc, const HbU128* x );
void  HB_(u128_add_mul) ( HbU128* acc, ULong a, ULong b );
Bool  HB_(u128_is_zero) ( const HbU128* x );
/* Writes the decimal digits of x into buf (at least 40 bytes). */
void  HB_(u128_to_dec)  ( const HbU128* x, HChar* buf );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                                hb_u128.h ---*/
/*--------------------------------------------------------------------*/
