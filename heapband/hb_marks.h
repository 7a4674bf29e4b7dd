/*--------------------------------------------------------------------*/
/*--- heapband: phase markers.                          hb_marks.h ---*/
/*--------------------------------------------------------------------*/

/* Part of heapband; GPL-2.0-or-later, see hb_global.h. */

#ifndef __HB_MARKS_H
#define __HB_MARKS_H

#include "hb_global.h"
#include "pub_tool_libcprint.h"

/* The longest mark name kept, in bytes. */
#define HB_MARK_NAME_MAX 200

void HB_(marks_init)  ( void );
/* Records a mark at time t, its name read from client memory at name_addr. */
void HB_(mark)        ( HbTime t, Addr name_addr );
/* Writes the `mark` records (format section 4). */
void HB_(marks_write) ( VgFile* fp );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                               hb_marks.h ---*/
/*--------------------------------------------------------------------*/
