/*
   heapband.h: client requests for the heapband Valgrind tool.

   A program includes this header to mark the phases of its run:

      #include <valgrind/heapband.h>
      ...
      HEAPBAND_MARK("parse done");

   Under heapband the mark is recorded with the current time in the
   heap-band file, and heapband_print draws it as a labelled vertical line
   on every chart (and accepts its name in --from and --to).

   A long-running program can also have the heap-band file of its run so
   far written whenever it likes (at the end of each batch of requests,
   at each phase of a test):

      HEAPBAND_SNAPSHOT("batch.hb");   ... or NULL for the default name,
                                       the output name followed by .1, .2

   The snapshot is a complete heap-band file whose end is the moment it
   was taken; the run goes on undisturbed.  The expression is 1 when the
   file was written, 0 when it could not be (or natively).  Run natively,
   or under another Valgrind tool, the macro costs a handful of
   instructions and does nothing, like every Valgrind client request.

   The name is copied when the mark is made; at most 200 bytes of it are
   kept, and bytes outside printable ASCII become '?'.

   This header is distributed with heapband under the same terms as
   valgrind.h: a BSD-style licence, so that programs of any licence may
   include it.

   Redistribution and use in source and binary forms, with or without
   modification, are permitted provided that the following conditions are
   met: redistributions of source code must retain this notice; the name
   of the authors may not be used to endorse or promote products derived
   from this software without specific prior written permission.  THIS
   SOFTWARE IS PROVIDED "AS IS" AND WITHOUT ANY EXPRESS OR IMPLIED
   WARRANTIES.
*/

#ifndef __HEAPBAND_H
#define __HEAPBAND_H

#include "valgrind.h"

typedef enum {
   VG_USERREQ__HEAPBAND_MARK = VG_USERREQ_TOOL_BASE('H', 'B'),
   VG_USERREQ__HEAPBAND_SNAPSHOT,
} Vg_HeapbandClientRequest;

/* Records a phase marker named by the NUL-terminated string _qzz_name. */
#define HEAPBAND_MARK(_qzz_name)                                        \
   VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__HEAPBAND_MARK,           \
                                   (_qzz_name), 0, 0, 0, 0)

/* Writes a heap-band file of the run so far to the file named by the
   NUL-terminated string _qzz_file, or to the default name if it is NULL;
   1 if written, else 0. */
#define HEAPBAND_SNAPSHOT(_qzz_file)                                    \
   VALGRIND_DO_CLIENT_REQUEST_EXPR(0, VG_USERREQ__HEAPBAND_SNAPSHOT,    \
                                   (_qzz_file), 0, 0, 0, 0)

#endif
