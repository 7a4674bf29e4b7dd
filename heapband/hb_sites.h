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
#include "hb_stacks.h"
#include "pub_tool_xarray.h"

/* One allocation site (a written stack) in one size band. */
typedef struct _HbSite HbSite;

/* depth == 0 turns sites off: HB_(site_of) then returns NULL. */
void    HB_(sites_init)   ( UInt depth );
/* The site of the allocation the thread is making now, in this band. */
HbSite* HB_(site_of)      ( ThreadId tid, UInt band );
/* A small number for a site, so that a block's header can hold it
   (hb_blocks.c): 0 for NULL, else 1 + the order of the site's creation.
   HB_(site_by_id) takes back a number HB_(site_id) gave;
   HB_(site_id_valid) says whether a number could have come from it. */
UInt    HB_(site_id)       ( const HbSite* site );
HbSite* HB_(site_by_id)    ( UInt id );
Bool    HB_(site_id_valid) ( UInt id );
/* The site's stack (site not NULL). */
const HbStack* HB_(site_stack) ( const HbSite* site );
/* The largest number HB_(site_id) has given (the count of sites). */
UInt    HB_(sites_count)   ( void );
/* A block of the site gained or lost szB live bytes; site may be NULL.
   Called before the run totals see the event (see hb_atpeak.h), and a
   gain after the columns saw it: the open column (hb_columns.h) is the
   one the allocation's time falls in, whose time bin the site notes. */
void    HB_(site_gains)   ( HbSite* site, SizeT szB );
void    HB_(site_loses)   ( HbSite* site, SizeT szB );

/* A site's figures in its band, as an `sb` record gives them (section 7);
   for the sites summed in an `so` record, max_B is not given. */
typedef struct {
   ULong allocs_n, allocs_B;
   ULong peak_B, peak_n;     /* live at the run's peak */
   ULong exit_B, exit_n;     /* live at exit */
   ULong max_B;              /* the most live bytes it ever had */
} HbSiteFigures;

typedef struct {
   UInt           id;        /* HB_(site_id) of the site */
   const HbStack* stack;
   HbSiteFigures  fig;
   ULong          first_alloc;   /* its first allocation's number */
   /* Bit i: the site allocated in stored columns [i << k, (i + 1) << k)
      of the columns as they are now, k = HB_(site_bin_shift)(). */
   ULong          bins[HB_SITE_TIME_BINS / 64];
} HbListedSite;

/* k: a site's time bin is 2^k stored columns (section 7, `sb`'s ranges). */
UInt HB_(site_bin_shift) ( void );

/* One band's sites: those listed, in order of their first allocation in
   the band, and the sum of the others. */
typedef struct {
   UInt          band;
   XArray*       listed;       /* of HbListedSite */
   ULong         n_others;
   HbSiteFigures others;
} HbBandSites;

typedef void (*HbBandSitesVisitor) ( const HbBandSites* sites, void* opaque );

/* Calls visit for every band that has sites, in increasing order, after
   choosing the sites to list: all of them when limit is 0, else the
   selection of section 7 with K = limit.  Nothing with --depth=0. */
void HB_(sites_select) ( UInt limit, HbBandSitesVisitor visit, void* opaque );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                               hb_sites.h ---*/
/*--------------------------------------------------------------------*/
