/*--------------------------------------------------------------------*/
/*--- heapband: the program's anonymous memory.       hb_mappings.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* Owns: which of the client's address ranges are anonymous memory, whose
   (the allocator's or the rest of the program's) and whether accessible;
   the two sums that follow from it, the footprint and the other
   anonymous memory, and the footprint's peak.

   Design.  The core reports every change the client makes to its address
   space (brk, mmap, mremap, munmap, mprotect) as memory events, on the
   thread that made the system call.  A new anonymous range belongs to the
   allocator when the thread is inside an allocator call (hb_program.c
   keeps the depth of calls per thread), else to the program; a range
   keeps its owner through mprotect and mremap until it is unmapped.  The
   footprint is the allocator's accessible bytes (not PROT_NONE: glibc
   reserves 64 MB per thread arena with PROT_NONE and makes it accessible
   as the arena grows, which is what mallinfo2's `arena` counts); the
   other anonymous memory, the program's.  File mappings are neither.
   madvise is not followed: pages given back with MADV_DONTNEED stay
   mapped and counted (docs/heapband-format.md says what that means
   against an allocator's own statistics).

   The ranges are a RangeMap (the core's: an array of intervals covering
   the whole address space, each with a value), so a change costs O(log n)
   per interval it touches plus the O(n) rebinding; n is the number of
   anonymous mappings, hundreds, and changes are system calls. */

#include "hb_mappings.h"
#include "hb_columns.h"
#include "pub_tool_aspacemgr.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_rangemap.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_tooliface.h"

/* What a range holds. */
enum { NotAnon = 0, AllocOn, AllocOff, OtherOn, OtherOff };

static RangeMap*  ranges;
static HbMappings figures;
static Bool (*in_allocator)(ThreadId tid);
static void (*changed)(ThreadId tid);

static void count ( UWord val, SizeT len, Bool add )
{
   ULong* sum = val == AllocOn ? &figures.foot_B
              : val == OtherOn ? &figures.anon_B : NULL;
   if (sum == NULL) return;
   if (add) *sum += len;
   else { tl_assert(*sum >= len); *sum -= len; }
}

/* Calls f on each interval of [a, a+len) as the map holds it, clipped. */
static void each_piece ( Addr a, SizeT len,
                         void (*f)(Addr lo, Addr hi, UWord val, void* arg),
                         void* arg )
{
   Addr end = a + len - 1, at = a;
   if (len == 0) return;
   for (;;) {
      UWord lo, hi, val;
      VG_(lookupRangeMap)(&lo, &hi, &val, ranges, at);
      if (hi > end) hi = end;
      f(at, hi, val, arg);
      if (hi == end) break;
      at = hi + 1;
   }
}

static void uncount_piece ( Addr lo, Addr hi, UWord val, void* arg )
{
   count(val, hi - lo + 1, False);
}

/* Binds [a, a+len) to val, the counts following. */
static void bind ( Addr a, SizeT len, UWord val )
{
   if (len == 0) return;
   each_piece(a, len, uncount_piece, NULL);
   VG_(bindRangeMap)(ranges, a, a + len - 1, val);
   count(val, len, True);
}

static void note_changed ( void )
{
   changed(VG_(get_running_tid)());
}

static UWord owner_value ( ThreadId tid, Bool accessible )
{
   Bool mine = in_allocator(tid);
   if (mine) return accessible ? AllocOn : AllocOff;
   return accessible ? OtherOn : OtherOff;
}

static Bool is_anon ( Addr a )
{
   NSegment const* seg = VG_(am_find_nsegment)(a);
   return seg != NULL && seg->kind == SkAnonC;
}

static void new_mmap ( Addr a, SizeT len, Bool rr, Bool ww, Bool xx,
                       ULong di_handle )
{
   if (len == 0 || !is_anon(a)) return;
   bind(a, len, owner_value(VG_(get_running_tid)(), rr || ww || xx));
   note_changed();
}

static void new_brk ( Addr a, SizeT len, ThreadId tid )
{
   if (len == 0) return;
   bind(a, len, owner_value(tid, True));
   note_changed();
}

static void gone ( Addr a, SizeT len )
{
   if (len == 0) return;
   bind(a, len, NotAnon);
   note_changed();
}

/* mprotect: the owner stays, only accessibility changes. */
typedef struct { Bool on; } Protect;

static void protect_piece ( Addr lo, Addr hi, UWord val, void* arg )
{
   Bool  on = ((Protect*)arg)->on;
   UWord nv = val;
   if (val == AllocOn || val == AllocOff) nv = on ? AllocOn : AllocOff;
   if (val == OtherOn || val == OtherOff) nv = on ? OtherOn : OtherOff;
   if (nv != val) bind(lo, hi - lo + 1, nv);
}

static void mprotect_range ( Addr a, SizeT len, Bool rr, Bool ww, Bool xx )
{
   Protect p = { rr || ww || xx };
   if (len == 0) return;
   each_piece(a, len, protect_piece, &p);
   note_changed();
}

/* mremap moved len bytes from `from` to `to`: the new range takes the old
   one's owners (the core then unmaps the old range, and reports a grown
   tail as a new mapping). */
typedef struct { Addr from, to; } Move;

static void move_piece ( Addr lo, Addr hi, UWord val, void* arg )
{
   const Move* m = arg;
   bind(m->to + (lo - m->from), hi - lo + 1, val);
}

static void remap ( Addr from, Addr to, SizeT len )
{
   Move m = { from, to };
   if (len == 0 || from == to) return;
   each_piece(from, len, move_piece, &m);
   note_changed();
}

void HB_(mappings_unmapped) ( Addr a, SizeT len )
{
   gone(a, len);
}

void HB_(mappings_init) ( Bool (*in_alloc)(ThreadId tid),
                          void (*changed_fn)(ThreadId tid) )
{
   in_allocator = in_alloc;
   changed      = changed_fn;
   ranges = VG_(newRangeMap)(VG_(malloc), "hb.mappings", VG_(free), NotAnon);
   VG_(track_new_mem_mmap)(new_mmap);
   VG_(track_new_mem_brk)(new_brk);
   VG_(track_die_mem_brk)(gone);
   VG_(track_change_mem_mprotect)(mprotect_range);
   VG_(track_copy_mem_remap)(remap);
}

void HB_(mappings_publish) ( HbTime t, ULong live_B, ULong slop_B )
{
   if (figures.foot_B > figures.foot_peak_B) {
      figures.foot_peak_B         = figures.foot_B;
      figures.foot_peak_t         = t;
      figures.live_at_foot_peak_B = live_B;
      figures.slop_at_foot_peak_B = slop_B;
   }
   if (figures.anon_B > figures.anon_peak_B)
      figures.anon_peak_B = figures.anon_B;
   HB_(columns_gauges)(t, figures.foot_B, figures.anon_B, slop_B);
}

const HbMappings* HB_(mappings) ( void ) { return &figures; }

/*--------------------------------------------------------------------*/
/*--- end                                             hb_mappings.c ---*/
/*--------------------------------------------------------------------*/
