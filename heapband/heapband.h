/*
   heapband.h: client requests for the heapband Valgrind tool.

   A program includes this header to mark the phases of its run:

      #include <valgrind/heapband.h>
      ...
      HEAPBAND_MARK("parse done");

   Under heapband the mark is recorded with the current time in the
   heap-band file, and heapband_print draws it as a labelled vertical line
   on every chart (and accepts its name in --from and --to).  Run natively,
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
} Vg_HeapbandClientRequest;

/* Records a phase marker named by the NUL-terminated string _qzz_name. */
#define HEAPBAND_MARK(_qzz_name)                                        \
   VALGRIND_DO_CLIENT_REQUEST_STMT(VG_USERREQ__HEAPBAND_MARK,           \
                                   (_qzz_name), 0, 0, 0, 0)

#endif
