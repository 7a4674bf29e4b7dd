/*--------------------------------------------------------------------*/
/*--- heapband: 128-bit unsigned sums.                   hb_u128.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* - Owns: nothing but the arithmetic of HbU128, the 128-bit sums of the
     live-byte integrals.
   - Cost: a multiply-add is one 64x64->128 multiply on 64-bit hosts;
     printing is done once per cell, at exit. */

#include "hb_u128.h"

void HB_(u128_add) ( HbU128* acc, const HbU128* x )
{
   ULong lo = acc->lo + x->lo;
   acc->hi += x->hi + (lo < acc->lo ? 1 : 0);
   acc->lo  = lo;
}

/* acc += a * b.  One multiply instruction where the compiler has 128-bit
   integers (64-bit hosts); elsewhere four 32x32->64 partial products. */
void HB_(u128_add_mul) ( HbU128* acc, ULong a, ULong b )
{
#if defined(__SIZEOF_INT128__)
   unsigned __int128 product = (unsigned __int128)a * b;
   HbU128 p;
   p.lo = (ULong)product;
   p.hi = (ULong)(product >> 64);
   HB_(u128_add)(acc, &p);
#else
   ULong a_lo = a & 0xFFFFFFFFULL, a_hi = a >> 32;
   ULong b_lo = b & 0xFFFFFFFFULL, b_hi = b >> 32;
   ULong ll = a_lo * b_lo;
   ULong lh = a_lo * b_hi;
   ULong hl = a_hi * b_lo;
   ULong hh = a_hi * b_hi;
   /* middle = carry out of the low word plus the two cross products'
      low halves; it cannot overflow 64 bits (3 * (2^32-1) < 2^64). */
   ULong middle = (ll >> 32) + (lh & 0xFFFFFFFFULL) + (hl & 0xFFFFFFFFULL);
   HbU128 product;
   product.lo = (middle << 32) | (ll & 0xFFFFFFFFULL);
   product.hi = hh + (lh >> 32) + (hl >> 32) + (middle >> 32);
   HB_(u128_add)(acc, &product);
#endif
}

/* Divides the four 32-bit limbs of *x (most significant first) by d in
   place and returns the remainder. */
static UInt divide_limbs ( UInt limbs[4], UInt d )
{
   ULong rem = 0;
   Int i;
   for (i = 0; i < 4; i++) {
      ULong cur = (rem << 32) | limbs[i];
      limbs[i] = (UInt)(cur / d);
      rem = cur % d;
   }
   return (UInt)rem;
}

void HB_(u128_to_dec) ( const HbU128* x, HChar* buf )
{
   UInt  limbs[4];
   HChar rev[40];
   Int   n = 0, i;
   limbs[0] = (UInt)(x->hi >> 32);
   limbs[1] = (UInt)x->hi;
   limbs[2] = (UInt)(x->lo >> 32);
   limbs[3] = (UInt)x->lo;
   do {
      rev[n++] = (HChar)('0' + divide_limbs(limbs, 10));
   } while (limbs[0] | limbs[1] | limbs[2] | limbs[3]);
   for (i = 0; i < n; i++)
      buf[i] = rev[n - 1 - i];
   buf[n] = 0;
}

/*--------------------------------------------------------------------*/
/*--- end                                                hb_u128.c ---*/
/*--------------------------------------------------------------------*/
