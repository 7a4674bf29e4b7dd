/*--------------------------------------------------------------------*/
/*--- heapband: block lifetimes and leaks per band.       hb_life.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_LIFE_H
#define __HB_LIFE_H

#include "hb_global.h"

/* A number of blocks and their requested bytes. */
typedef struct { ULong n, szB; } HbBlockCount;

/* A block of szB bytes in that band was freed (or resized) after living
   `lifetime` time units. */
void         HB_(life_add)    ( UInt band, HbTime lifetime, SizeT szB );
/* The blocks of that band freed in lifetime bucket k (0 .. HB_LIFE_BUCKETS
   - 1): k = 0 for lifetime 0, else 2^(k-1) <= lifetime < 2^k. */
HbBlockCount HB_(life_freed)  ( UInt band, UInt bucket );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                                 hb_life.h ---*/
/*--------------------------------------------------------------------*/
