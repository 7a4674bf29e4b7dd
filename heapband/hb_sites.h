/*--------------------------------------------------------------------*/
/*--- heapband: allocation sites per band.              hb_sites.h ---*/
/*--------------------------------------------------------------------*/

/* Part of heapband; GPL-2.0-or-later, see hb_global.h. */

#ifndef __HB_SITES_H
#define __HB_SITES_H

#include "hb_global.h"
#include "pub_tool_execontext.h"
#include "pub_tool_libcprint.h"

/* One allocation site (a stack) in one size band. */
typedef struct _HbSite HbSite;

/* depth == 0 turns sites off: HB_(site_of) then returns NULL. */
void    HB_(sites_init)   ( UInt depth );
Bool    HB_(sites_wanted) ( void );
/* The site of the allocation the thread is making now, in this band. */
HbSite* HB_(site_of)      ( ThreadId tid, UInt band, HbTime now );
void    HB_(site_gains)   ( HbSite* site, SizeT szB );
void    HB_(site_loses)   ( HbSite* site, SizeT szB );
/* Writes the `site`, `frame` and `top` records (format section 7). */
void    HB_(sites_write)  ( VgFile* fp, UInt top_k );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                               hb_sites.h ---*/
/*--------------------------------------------------------------------*/
