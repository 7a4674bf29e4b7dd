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

/* - Owns: the phase marks (HEAPBAND_MARK of heapband.h, --mark-fn,
     `heapband mark` through vgdb) and the count dropped past the cap.
   - Invariant (asserted at each mark): kept in the order made, which is
     time order; each name has 1 to HB_MARK_NAME_MAX bytes; at most
     HB_MARKS_MAX kept, the later ones only counted.
   - Cost: 216 bytes per mark (2.1 MB at the cap), and an address-space
     check per byte of a client's name.

   The cap is there so that a hot function named by --mark-fn cannot grow
   the file without bound.

   A client's mark arrives as a client request with a pointer into the client's
   memory.  The name is copied at once, byte by byte, checking that each
   byte is readable client memory, so that a bad pointer gives a mark named
   "???" instead of a crash of the tool. */

#include "hb_marks.h"
#include "pub_tool_aspacemgr.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_vki.h"
#include "pub_tool_xarray.h"

static XArray* marks = NULL;   /* of HbMark */
static ULong   dropped = 0;    /* marks made past HB_MARKS_MAX */

void HB_(marks_init) ( void )
{
   marks = VG_(newXA)(VG_(malloc), "hb.marks", VG_(free), sizeof(HbMark));
}

static Bool client_byte_readable ( Addr a )
{
   return VG_(am_is_valid_for_client)(a, 1, VKI_PROT_READ);
}

SizeT HB_(client_string) ( Addr a, HChar* dst, SizeT max )
{
   SizeT n = 0;
   if (a == 0) return (SizeT)-1;
   while (n < max && client_byte_readable(a + n)) {
      HChar c = *(const HChar*)(a + n);
      if (c == 0) break;
      dst[n++] = c;
   }
   dst[n] = 0;
   return n == 0 && !client_byte_readable(a) ? (SizeT)-1 : n;
}

/* Copies the client's string, cut at HB_MARK_NAME_MAX bytes or at the
   first byte that cannot be read. */
static void copy_name ( Addr name_addr, HChar* dst )
{
   SizeT n = HB_(client_string)(name_addr, dst, HB_MARK_NAME_MAX);
   if (n == (SizeT)-1)
      VG_(strcpy)(dst, "???");
   else if (n == 0)
      VG_(strcpy)(dst, "(unnamed)");
}

/* Whether one more mark may be kept; counts it as dropped if not. */
static Bool room_for_mark ( void )
{
   if (VG_(sizeXA)(marks) < HB_MARKS_MAX) return True;
   dropped++;
   return False;
}

/* Keeps a mark: marks come in time order, each with a name. */
static void add_mark ( const HbMark* mark )
{
   UWord n = VG_(sizeXA)(marks);
   SizeT len = VG_(strlen)(mark->name);
   tl_assert(len >= 1 && len <= HB_MARK_NAME_MAX);
   tl_assert(n == 0 || ((const HbMark*)VG_(indexXA)(marks, n - 1))->t
                       <= mark->t);
   VG_(addToXA)(marks, mark);
}

void HB_(mark) ( HbTime t, Addr name_addr )
{
   HbMark mark;
   if (!room_for_mark()) return;
   mark.t = t;
   copy_name(name_addr, mark.name);
   add_mark(&mark);
}

void HB_(mark_named) ( HbTime t, const HChar* name )
{
   HbMark mark;
   if (!room_for_mark()) return;
   mark.t = t;
   VG_(strncpy)(mark.name, name, HB_MARK_NAME_MAX);
   mark.name[HB_MARK_NAME_MAX] = 0;
   if (mark.name[0] == 0) VG_(strcpy)(mark.name, "(unnamed)");
   add_mark(&mark);
}

ULong HB_(marks_dropped) ( void )
{
   return dropped;
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
