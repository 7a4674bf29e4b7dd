/*--------------------------------------------------------------------*/
/*--- heapband: phase markers.                          hb_marks.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* Owns: the phase markers made with HEAPBAND_MARK(name) (heapband.h).

   The mark arrives as a client request with a pointer into the client's
   memory.  The name is copied at once, byte by byte, checking that each
   byte is readable client memory, so that a bad pointer gives a mark named
   "???" instead of a crash of the tool.

   Invariant: marks are kept in an XArray in the order they were made,
   which is time order; every name has 1 to HB_MARK_NAME_MAX bytes.

   Cost: one XArray element per mark, and an address-space check per byte
   of its name. */

#include "hb_marks.h"
#include "pub_tool_aspacemgr.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_vki.h"
#include "pub_tool_xarray.h"

static XArray* marks = NULL;   /* of HbMark */

void HB_(marks_init) ( void )
{
   marks = VG_(newXA)(VG_(malloc), "hb.marks", VG_(free), sizeof(HbMark));
}

static Bool client_byte_readable ( Addr a )
{
   return VG_(am_is_valid_for_client)(a, 1, VKI_PROT_READ);
}

/* Copies the client's string, cut at HB_MARK_NAME_MAX bytes or at the
   first byte that cannot be read. */
static void copy_name ( Addr name_addr, HChar* dst )
{
   Int n = 0;
   if (name_addr == 0 || !client_byte_readable(name_addr)) {
      VG_(strcpy)(dst, "???");
      return;
   }
   while (n < HB_MARK_NAME_MAX && client_byte_readable(name_addr + n)) {
      HChar c = *(const HChar*)(name_addr + n);
      if (c == 0) break;
      dst[n++] = c;
   }
   dst[n] = 0;
   if (n == 0) VG_(strcpy)(dst, "(unnamed)");
}

void HB_(mark) ( HbTime t, Addr name_addr )
{
   HbMark mark;
   mark.t = t;
   copy_name(name_addr, mark.name);
   VG_(addToXA)(marks, &mark);
}

UInt HB_(marks_count) ( void )
{
   return (UInt)VG_(sizeXA)(marks);
}

const HbMark* HB_(mark_at) ( UInt i )
{
   return VG_(indexXA)(marks, i);
}

/*--------------------------------------------------------------------*/
/*--- end                                               hb_marks.c ---*/
/*--------------------------------------------------------------------*/
