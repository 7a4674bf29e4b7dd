/*--------------------------------------------------------------------*/
/*--- heapband: the heap-band file's gzip compression.   hb_sink.h ---*/
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

/* The gzip stage of hb_writer.c's HbWriter (--heapband-out-file=NAME.gz):
   text in, one gzip member (RFC 1952) of deflate blocks with fixed
   Huffman codes (RFC 1951) out, which every gzip reader reads back
   identically.  The tool has no zlib (no libc), so the compressor is its
   own.  It never writes: its bytes go to `emit`, which checks them. */
typedef struct _HbDeflate HbDeflate;
typedef void (*HbBytesOut) ( const UChar* bytes, UInt n, void* opaque );

/* A member begun: its header goes to emit. */
HbDeflate* HB_(deflate_begin) ( HbBytesOut emit, void* opaque );
/* n more bytes of text; what is compressed so far goes to emit. */
void       HB_(deflate_text)  ( HbDeflate* d, const HChar* text, UInt n );
/* The last block, CRC-32 and size to emit; frees d. */
void       HB_(deflate_end)   ( HbDeflate* d );

/* Whether a file name asks for compression: it ends in ".gz". */
Bool       HB_(name_wants_gzip) ( const HChar* name );

#endif

/*--------------------------------------------------------------------*/
/*--- end                                                hb_sink.h ---*/
/*--------------------------------------------------------------------*/
