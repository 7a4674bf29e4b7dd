/*--------------------------------------------------------------------*/
/*--- heapband: the live heap blocks.                   hb_blocks.h ---*/
/*--------------------------------------------------------------------*/

/* Part of heapband; GPL-2.0-or-later, see hb_global.h. */

#ifndef __HB_BLOCKS_H
#define __HB_BLOCKS_H

#include "hb_global.h"
#include "hb_sites.h"
#include "pub_tool_libcprint.h"

/* Where a block came from decides how it may be freed. */
typedef enum { HbFromMalloc, HbFromClientRequest } HbOrigin;

void  HB_(blocks_init) ( void );

/* A new live block: recorded in the table, the columns and its site. */
void  HB_(block_born)  ( ThreadId tid, Addr addr, SizeT szB, HbOrigin origin );
/* The block at addr dies.  Returns False (and counts an unknown free)
   when addr is not a live block of that origin. */
Bool  HB_(block_dies)  ( Addr addr, HbOrigin origin );
/* The live block at old_addr now lives at new_addr with new_szB bytes.
   Returns False (and counts an unknown free) when old_addr is not live. */
Bool  HB_(block_moves) ( ThreadId tid, Addr old_addr, Addr new_addr,
                         SizeT new_szB, HbOrigin origin );
/* The requested size of a live block of that origin; False if unknown. */
Bool  HB_(block_size)  ( Addr addr, HbOrigin origin, SizeT* szB );

ULong HB_(unknown_frees) ( void );
/* Writes the `life` and `leak` records (format section 6). */
void  HB_(blocks_write_lifetimes) ( VgFile* fp );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                               hb_blocks.h ---*/
/*--------------------------------------------------------------------*/
