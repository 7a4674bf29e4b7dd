/*--------------------------------------------------------------------*/
/*--- heapband: the heap-band file and the summary.    hb_output.h ---*/
/*--------------------------------------------------------------------*/

/* Part of heapband; GPL-2.0-or-later, see hb_global.h. */

#ifndef __HB_OUTPUT_H
#define __HB_OUTPUT_H

#include "hb_global.h"

/* Writes the file named by --heapband-out-file (expanded now, so that a
   forked child writes its own) under a temporary name, then renames it.
   Returns the final name, or NULL if it could not be written. */
const HChar* HB_(write_file)   ( HbTime end );
void         HB_(print_summary)( HbTime end, const HChar* written );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                              hb_output.h ---*/
/*--------------------------------------------------------------------*/
