/*--------------------------------------------------------------------*/
/*--- heapband: the Valgrind it runs in.            hb_vgversion.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_VGVERSION_H
#define __HB_VGVERSION_H

#include "hb_global.h"

/* Stops the run with a clear error, before the program starts, when the
   Valgrind installation the tool was started from (VG_(libdir)) is not
   the version the tool was built against. */
void HB_(check_valgrind_version) ( void );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                           hb_vgversion.h ---*/
/*--------------------------------------------------------------------*/
