/*--------------------------------------------------------------------*/
/*--- heapband: phase markers.                          hb_marks.c ---*/
/*--------------------------------------------------------------------*/

/* Part of heapband; GPL-2.0-or-later, see hb_global.h. */

/* HEAPBAND_MARK(name) (heapband.h) arrives as a client request with a
   pointer into the client's memory.  The name is copied at once, byte by
   byte, checking that each byte is readable client memory, so that a bad
   pointer gives a mark named "???" instead of a crash of the tool.  Marks
   are kept in an XArray in the order they were made, which is time
   order. */

#include "hb_marks.h"
#include "pub_tool_aspacemgr.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_vki.h"
#include "pub_tool_xarray.h"

typedef struct {
   HbTime t;
   HChar  name[HB_MARK_NAME_MAX + 1];
} HbMark;

static XArray* marks = NULL;   /* of HbMark */

void HB_(marks_init) ( void )
{
   marks = VG_(newXA)(VG_(malloc), "hb.marks", VG_(free), sizeof(HbMark));
}

static Bool client_byte_readable ( Addr a )
{
   return VG_(am_is_valid_for_client)(a, 1, VKI_PROT_READ);
}

/* Copies the client's string, printable ASCII only. */
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
      dst[n++] = (c >= 0x20 && c <= 0x7e) ? c : '?';
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

void HB_(marks_write) ( VgFile* fp )
{
   Word i;
   for (i = 0; i < VG_(sizeXA)(marks); i++) {
      const HbMark* mark = VG_(indexXA)(marks, i);
      VG_(fprintf)(fp, "mark %llu %s\n", mark->t, mark->name);
   }
}

/*--------------------------------------------------------------------*/
/*--- end                                               hb_marks.c ---*/
/*--------------------------------------------------------------------*/
