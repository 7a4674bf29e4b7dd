/*--------------------------------------------------------------------*/
/*--- heapband: the run's clock.                         hb_time.h ---*/
/*--------------------------------------------------------------------*/

/* Part of heapband; GPL-2.0-or-later, see hb_global.h. */

#ifndef __HB_TIME_H
#define __HB_TIME_H

#include "hb_global.h"
#include "pub_tool_tooliface.h"

typedef enum { HbTimeInstrs, HbTimeBytes, HbTimeMs } HbTimeUnit;

void         HB_(time_init)       ( HbTimeUnit unit );
HbTimeUnit   HB_(time_unit)       ( void );
const HChar* HB_(time_unit_name)  ( HbTimeUnit unit );
/* The current time.  In unit B this does not advance by itself: every
   allocation and free adds its bytes with HB_(time_add_bytes). */
HbTime       HB_(time_now)        ( void );
void         HB_(time_add_bytes)  ( SizeT szB );

/* Adds the instruction counting of unit i to a superblock. */
IRSB* HB_(time_instrument) ( IRSB* sb_in );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                                hb_time.h ---*/
/*--------------------------------------------------------------------*/
