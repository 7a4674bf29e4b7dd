/*--------------------------------------------------------------------*/
/*--- heapband: buffered writes whose every error is kept.         ---*/
/*---                                                  hb_writer.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_WRITER_H
#define __HB_WRITER_H

#include "hb_global.h"

/* A file descriptor written through a buffer; the first write error is
   kept (the core's VgFile drops them). */
typedef struct _HbWriter HbWriter;

/* Takes over fd, open for writing; gzip: the bytes written are the
   text gzip-compressed (hb_sink.c), every write still checked. */
HbWriter*    HB_(writer_new)  ( Int fd, Bool gzip );
void         HB_(wprintf)     ( HbWriter* w, const HChar* format, ... )
                              PRINTF_CHECK(2, 3);
/* Flushes, closes the descriptor and frees w.  Returns 0, or the errno
   of the first write that failed (a short write that cannot go on is
   VKI_EIO, a file grown past its limit VKI_EFBIG, ...). */
Int          HB_(writer_close)( HbWriter* w );

/* A short text for an errno value of the calls the tool's files make
   ("No space left on device"); "error N" for others. */
const HChar* HB_(errno_text)  ( Int err );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                              hb_writer.h ---*/
/*--------------------------------------------------------------------*/
