/*--------------------------------------------------------------------*/
/*--- heapband: the heap-band file's bytes, plain or gzip. hb_sink.h ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

#ifndef __HB_SINK_H
#define __HB_SINK_H

#include "hb_global.h"

/* A buffered writer on a file descriptor that hb_output.c prints the
   file's records to: the text as it is, or (--heapband-out-file=NAME.gz)
   compressed as it is written into one gzip member (RFC 1952) of
   deflate blocks with fixed Huffman codes (RFC 1951), which every gzip
   reader reads back identically.  The tool has no zlib (no libc), so the
   compressor is its own. */
typedef struct _HbSink HbSink;

/* A sink on fd (open for writing); gzip: compress. */
HbSink* HB_(sink_open)   ( Int fd, Bool gzip );
void    HB_(sink_printf) ( HbSink* s, const HChar* format, ... )
                         PRINTF_CHECK(2, 3);
/* Flush (and end the gzip member), close fd, free s.  False if a write
   failed, at any time. */
Bool    HB_(sink_close)  ( HbSink* s );

/* Whether a file name asks for compression: it ends in ".gz". */
Bool    HB_(name_wants_gzip) ( const HChar* name );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                                hb_sink.h ---*/
/*--------------------------------------------------------------------*/
