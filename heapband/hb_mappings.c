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
   as the arena grows, which is what mallinfo2's `arena` counts) that
   have not been given back; the other anonymous memory, the program's.
   File mappings are neither.

   Given back.  madvise is no memory event: the core's wrapper of it
   (syswrap-generic.c) only checks its arguments, so the tool sees it in
   its post-syscall hook, with the arguments and the result.  A successful
   MADV_DONTNEED, MADV_FREE or MADV_REMOVE on accessible anonymous pages,
   made by anyone, turns them "given back": the kernel may take them
   away, and an allocator that does it has given the memory up (glibc
   shrinks a thread arena this way and takes the bytes out of mallinfo2's
   `arena`; jemalloc purges).  Given-back pages keep their owner and leave
   the figures.  They come back when a later mmap, mprotect to an
   accessible protection or brk covers them (a remap keeps their state:
   the kernel moves the page tables as they are), or when the allocator
   hands out a block that overlaps them, the block rounded out to whole
   pages: an allocator reuses given-back memory without a system call
   (glibc grows a trimmed thread arena again within the accessible part
   by moving its end), and the block is the first sign of it the tool
   has.  The program's own ranges follow the same rule; without a block
   to see, pages it writes again with no system call stay out of the
   other anonymous memory (docs/heapband-format.md, section 12).

   The ranges are a RangeMap (the core's: an array of intervals covering
   the whole address space, each with a value), so a change costs O(log n)
   per interval it touches plus the O(n) rebinding; n is the number of
   anonymous mappings, hundreds, and changes are system calls.  The check
   of a block against given-back pages costs one comparison while no page
   is given back (a program whose allocator never calls madvise), else a
   lookup per page interval the block touches. */

#include "hb_mappings.h"
#include "hb_columns.h"
#include "pub_tool_aspacemgr.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_rangemap.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_tooliface.h"
#include "pub_tool_vki.h"
#include "pub_tool_vkiscnums.h"

/* madvise's advice values that give pages back (Linux's
   asm-generic/mman-common.h; Valgrind's vki headers do not name them). */
#define HB_MADV_DONTNEED 4
#define HB_MADV_FREE     8
#define HB_MADV_REMOVE   9

/* What a range holds: whose, and accessible (On), PROT_NONE (Off) or
   accessible but given back with madvise (Gone). */
enum { NotAnon = 0, AllocOn, AllocOff, AllocGone, OtherOn, OtherOff,
       OtherGone };

static RangeMap*  ranges;
static HbMappings figures;
static ULong      gone_B;     /* bytes given back, of either owner */
static Bool (*in_allocator)(ThreadId tid);
static void (*changed)(ThreadId tid);

static void count ( UWord val, SizeT len, Bool add )
{
   ULong* sum = val == AllocOn ? &figures.foot_B
              : val == OtherOn ? &figures.anon_B
              : val == AllocGone || val == OtherGone ? &gone_B : NULL;
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

static Bool is_alloc ( UWord val )
{
   return val == AllocOn || val == AllocOff || val == AllocGone;
}

/* mprotect: the owner stays, only accessibility changes; given-back
   pages made accessible again are back. */
typedef struct { Bool on; } Protect;

static void protect_piece ( Addr lo, Addr hi, UWord val, void* arg )
{
   Bool  on = ((Protect*)arg)->on;
   UWord nv;
   if (val == NotAnon) return;
   if (is_alloc(val)) nv = on ? AllocOn : AllocOff;
   else               nv = on ? OtherOn : OtherOff;
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

/* madvise: accessible pages given back leave the figures. */
static void give_back_piece ( Addr lo, Addr hi, UWord val, void* arg )
{
   if (val == AllocOn)      bind(lo, hi - lo + 1, AllocGone);
   else if (val == OtherOn) bind(lo, hi - lo + 1, OtherGone);
}

static Bool gives_back ( UWord advice )
{
   return advice == HB_MADV_DONTNEED || advice == HB_MADV_FREE
          || advice == HB_MADV_REMOVE;
}

void HB_(mappings_post_syscall) ( ThreadId tid, UInt sysno, UWord* args,
                                  UInt n_args, SysRes res )
{
   SizeT len;
   if (sysno != __NR_madvise || n_args < 3 || sr_isError(res)
       || !gives_back(args[2]))
      return;
   /* The kernel takes whole pages from a page-aligned start. */
   len = VG_PGROUNDUP(args[1]);
   if (len == 0 || args[0] + len < args[0]) return;
   each_piece(args[0], len, give_back_piece, NULL);
   changed(tid);
}

/* A block handed out over given-back pages: they are back. */
static void take_back_piece ( Addr lo, Addr hi, UWord val, void* arg )
{
   if (val == AllocGone)      bind(lo, hi - lo + 1, AllocOn);
   else if (val == OtherGone) bind(lo, hi - lo + 1, OtherOn);
}

void HB_(mappings_block) ( Addr p, SizeT szB )
{
   Addr lo, hi;
   if (gone_B == 0 || p == 0) return;   /* the common case: nothing to do */
   lo = VG_PGROUNDDN(p);
   hi = VG_PGROUNDUP(p + (szB > 0 ? szB : 1));
   if (hi <= lo) return;                /* wrapped around the top */
   each_piece(lo, hi - lo, take_back_piece, NULL);
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
