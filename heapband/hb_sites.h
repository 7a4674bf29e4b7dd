/*--------------------------------------------------------------------*/
/*--- heapband: allocation sites per band.              hb_sites.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_SITES_H
#define __HB_SITES_H

#include "hb_global.h"
#include "pub_tool_execontext.h"
#include "pub_tool_xarray.h"

/* One allocation site (a stack) in one size band. */
typedef struct _HbSite HbSite;

/* depth == 0 turns sites off: HB_(site_of) then returns NULL. */
void    HB_(sites_init)   ( UInt depth );
/* The site of the allocation the thread is making now, in this band. */
HbSite* HB_(site_of)      ( ThreadId tid, UInt band, HbTime now );
/* A block of the site gained or lost szB live bytes; site may be NULL. */
void    HB_(site_gains)   ( HbSite* site, SizeT szB );
void    HB_(site_loses)   ( HbSite* site, SizeT szB );

/* A site's place in one of its band's two rankings. */
typedef struct {
   UInt        band;
   Bool        by_peak;      /* ranked by peak live bytes, else by bytes
                                allocated */
   UInt        rank;         /* from 1 */
   ExeContext* stack;
   ULong       allocs_n, allocs_B, peak_live_B;
} HbRankedSite;

/* Up to top_k sites per band and ranking, band by band in increasing
   order, each band's ranking by bytes allocated before its ranking by
   peak live bytes; sites with zero in the ranking value are left out.
   Returns an XArray of HbRankedSite that the caller deletes, or NULL when
   sites are off (--depth=0) or top_k is 0. */
XArray* HB_(sites_ranked) ( UInt top_k );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                               hb_sites.h ---*/
/*--------------------------------------------------------------------*/
