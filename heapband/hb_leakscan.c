/*--------------------------------------------------------------------*/
/*--- heapband: memcheck's leak kinds for the live blocks.         ---*/
/*---                                                hb_leakscan.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* Owns: the leak scan, which sorts the blocks live at one moment (exit,
   or a snapshot) into memcheck's four kinds, and its figures per run,
   band and site until the next scan.  docs/heapband-format.md ("Leak
   kinds") gives the definitions and every known difference from
   memcheck; this comment says how.

   The rules are memcheck's (3.19, mc_leakcheck.c), re-implemented:
   - The blocks: every live block of every origin (hb_blocks.c), as an
     array sorted by address, so that a word is looked up by binary
     search, start or interior.  As in memcheck, a malloc'ed or MALLOCLIKE
     block holding the first or last byte of a pool's chunk is set aside,
     and so is a malloc'ed block holding a MALLOCLIKE block or a chunk
     next to it in that order: memcheck reports neither; the file counts
     them as still reachable (it has no fifth kind).  A zero-size block
     answers to its start address.
   - The roots: the client's mappings that are anonymous, file or shared,
     readable and writable, not the client heap (the core's client arena,
     which holds the blocks and heapband's cache of freed ones: freed
     memory is never a root), and not a device other than /dev/zero;
     below a thread's stack pointer a stack is dead and is skipped, as
     memcheck marks it unaddressable (and the red zone undefined), and so
     is the dead part of the stack of a thread that has ended; then the
     general-purpose registers of every thread.  Valgrind's own memory is
     not client memory and is never read.
   - The mark: a word pointing at a block's start (or inside it where one
     of the heuristics holds) from a root or a reachable block makes it
     reachable; any other pointer into a block that is not reachable yet
     makes it possibly reachable.  Each block whose state rises is pushed
     on an explicit mark stack (at most once at a time: a pending flag),
     and its words scanned when popped, so the depth of a list costs no
     recursion.  Then, in address order, each block still unreached leads
     a clique: every unreached block its words reach, start or interior,
     transitively, is indirectly lost; the leader stays definitely lost.
     A block reached only through possibly reachable blocks is possibly
     reachable, as in memcheck.
   - Reading safely: a root range is read a page at a time, each page
     first checked with the address-space manager; a fault anyway (the
     manager out of step with the kernel) is caught and its page skipped.
     The heap's own blocks are read without checks: the core's arena owns
     them.  MALLOCLIKE and pool blocks are read with the same checks as
     roots.

   heapband has no shadow memory, so it cannot skip, as memcheck does,
   words the program never initialised: such a word that happens to hold
   an old pointer counts here.  The format spec says so.

   Cost: nothing until a scan.  A scan: a pass over the live-address
   bitmap and the block tables, an array of 24 bytes per live block and
   a mark stack of 4 bytes per block (both freed at the end; the array
   is copied once more when blocks from the tables must be merged in, and
   the pool chunks have an array of their own), a sort of
   the blocks that are not in address order already (those of the tables:
   MALLOCLIKE, pool and a few malloc'ed ones), a read of every root word
   and of every word of every reached block with a binary search for each
   word in the blocks' address range, and afterwards a pass that adds
   each block to its run, band and site figures (48 bytes per site, kept
   until the next scan). */

#include "hb_leakscan.h"
#include "hb_bands.h"
#include "hb_blocks.h"
#include "hb_sites.h"
#include "hb_time.h"
#include "hb_totals.h"
#include "pub_tool_aspacehl.h"
#include "pub_tool_aspacemgr.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_libcsetjmp.h"
#include "pub_tool_machine.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_signals.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_tooliface.h"
#include "pub_tool_vki.h"

/*------------------------------------------------------------*/
/*--- The blocks                                           ---*/
/*------------------------------------------------------------*/

typedef enum { Unreached, Possible, Reachable, Indirect } State;

typedef struct {
   Addr  start;
   SizeT szB;
   UInt  site;      /* HB_(site_id) */
   UChar origin;    /* HbOrigin */
   UChar state;     /* State */
   UChar pending;   /* on the mark stack */
   UChar aside;     /* left out, as memcheck leaves it */
} Chunk;

/* A growing array of chunks. */
typedef struct {
   Chunk* at;
   UInt   n, cap;
} Chunks;

static Chunks blocks;            /* the scan's blocks, sorted */
static UInt*  mark_stack;        /* indices into blocks.at */
static UInt   mark_top;
static Addr   lowest, beyond;    /* [lowest, beyond): the blocks' span */
static UInt   heuristics_on;

static HbLost  run_lost;
static HbLost  band_lost[HB_MAX_BANDS];
static HbLost* site_lost;        /* indexed by site id, or NULL */
static UInt    site_lost_n;

static void append ( Chunks* cs, const Chunk* ch )
{
   if (cs->n == cs->cap) {
      cs->cap = cs->cap == 0 ? 1024 : 2 * cs->cap;
      cs->at  = VG_(realloc)("hb.leakscan.chunks", cs->at,
                             cs->cap * sizeof(Chunk));
   }
   cs->at[cs->n++] = *ch;
}

typedef struct { Chunks* blocks; Chunks* chunks; } Collected;

/* Pool chunks go apart: memcheck decides which blocks hold them before
   it adds them to the others. */
static void collect ( Addr addr, HbOrigin origin, const HbLiveBlock* bk,
                      void* opaque )
{
   Collected* c = opaque;
   Chunk      ch;
   VG_(memset)(&ch, 0, sizeof(ch));
   ch.start  = addr;
   ch.szB    = bk->szB;
   ch.site   = HB_(site_id)(bk->site);
   ch.origin = (UChar)origin;
   append(origin == HbFromMempool ? c->chunks : c->blocks, &ch);
}

static Int cmp_start ( const void* a, const void* b )
{
   Addr x = ((const Chunk*)a)->start, y = ((const Chunk*)b)->start;
   return x < y ? -1 : (x > y);
}

/* cs's first p chunks and the rest, each sorted, merged into one
   sorted array. */
static void merge_parts ( Chunks* cs, UInt p )
{
   UInt   i, j, k;
   Chunk* merged;
   if (p == 0 || p >= cs->n) return;
   merged = VG_(malloc)("hb.leakscan.merge", cs->n * sizeof(Chunk));
   for (i = 0, j = p, k = 0; k < cs->n; k++) {
      if (j >= cs->n || (i < p && cs->at[i].start <= cs->at[j].start))
         merged[k] = cs->at[i++];
      else
         merged[k] = cs->at[j++];
   }
   VG_(free)(cs->at);
   cs->at  = merged;
   cs->cap = cs->n;
}

/* Sorts cs by start address.  Its first part, the malloc'ed blocks read
   from the bitmap, is in order already: only the rest is sorted, then
   merged with it. */
static void sort_chunks ( Chunks* cs )
{
   UInt p = 1;
   while (p < cs->n && cs->at[p - 1].start < cs->at[p].start) p++;
   if (p >= cs->n) return;
   VG_(ssort)(cs->at + p, cs->n - p, sizeof(Chunk), cmp_start);
   merge_parts(cs, p);
}

/* The index of the block holding a, or -1: the binary search memcheck
   makes, a zero-size block counting as one byte.  With overlapping
   blocks (a metapool's), the one found is the one memcheck finds. */
static Int find_in ( const Chunks* cs, Addr a )
{
   Int lo = 0, hi = (Int)cs->n - 1;
   while (lo <= hi) {
      Int          mid = (lo + hi) / 2;
      const Chunk* ch  = &cs->at[mid];
      Addr         end = ch->start + (ch->szB == 0 ? 1 : ch->szB);
      if (a < ch->start)  hi = mid - 1;
      else if (a >= end)  lo = mid + 1;
      else                return mid;
   }
   return -1;
}

/* A block holding the first or the last byte of a pool's chunk is not
   counted by memcheck (its pool's chunks are). */
static void set_aside_pool_holders ( Chunks* cs, const Chunks* pool )
{
   UInt i;
   for (i = 0; i < pool->n; i++) {
      const Chunk* ch = &pool->at[i];
      Int          m  = find_in(cs, ch->start);
      if (m >= 0) cs->at[m].aside = 1;
      if (ch->szB > 1) {
         m = find_in(cs, ch->start + ch->szB - 1);
         if (m >= 0) cs->at[m].aside = 1;
      }
   }
}

static Bool is_custom ( const Chunk* ch )
{
   return ch->origin != HbFromMalloc;
}

/* Whether x lies wholly inside y, as memcheck compares (the last byte of
   a zero-size block is its start minus one). */
static Bool inside ( const Chunk* x, const Chunk* y )
{
   return x->start >= y->start
          && x->start + x->szB - 1 <= y->start + y->szB - 1;
}

/* memcheck's pass over neighbours in address order: of a custom block
   wholly inside a malloc'ed one, the malloc'ed one is left out.  A
   block left out is not compared with the next, as in memcheck, which
   walks its array with one index while deleting from it. */
static void set_aside_overlaps ( Chunks* cs )
{
   UInt i = 0;
   while (i + 1 < cs->n) {
      Chunk* a = &cs->at[i];
      Chunk* b = &cs->at[i + 1];
      if (a->start + a->szB - 1 < b->start) {
         i++;
      } else if (inside(a, b) && is_custom(a) && !is_custom(b)) {
         b->aside = 1;
         i += 2;
      } else if (inside(b, a) && is_custom(b) && !is_custom(a)) {
         a->aside = 1;
         i += 2;
      } else {
         i++;   /* a metapool's: allowed */
      }
   }
}

/* Moves the blocks not set aside to the front, dropping the others. */
static void drop_set_aside ( Chunks* cs )
{
   UInt i, k = 0;
   for (i = 0; i < cs->n; i++) {
      if (cs->at[i].aside) continue;
      cs->at[k++] = cs->at[i];
   }
   cs->n = k;
}

/* The blocks to classify, sorted, in `blocks`. */
static void gather_blocks ( void )
{
   Chunks    pool = { NULL, 0, 0 };
   Collected c;
   UInt      i;
   VG_(memset)(&blocks, 0, sizeof(blocks));
   /* Sized once for every live block, so that it never grows. */
   blocks.cap = (UInt)HB_(run_totals_at)(HB_(time_now)()).live_blocks + 1;
   blocks.at  = VG_(malloc)("hb.leakscan.chunks", blocks.cap * sizeof(Chunk));
   c.blocks = &blocks;
   c.chunks = &pool;
   HB_(blocks_visit)(collect, &c);
   sort_chunks(&blocks);
   if (pool.n > 0) {
      UInt p;
      set_aside_pool_holders(&blocks, &pool);
      drop_set_aside(&blocks);
      p = blocks.n;
      VG_(ssort)(pool.at, pool.n, sizeof(Chunk), cmp_start);
      for (i = 0; i < pool.n; i++) append(&blocks, &pool.at[i]);
      VG_(free)(pool.at);
      merge_parts(&blocks, p);
   }
   set_aside_overlaps(&blocks);
   drop_set_aside(&blocks);
   lowest = beyond = 0;
   for (i = 0; i < blocks.n; i++) {
      Addr end = blocks.at[i].start + (blocks.at[i].szB == 0 ? 1
                                                             : blocks.at[i].szB);
      if (i == 0 || blocks.at[i].start < lowest) lowest = blocks.at[i].start;
      if (end > beyond) beyond = end;
   }
}

/*------------------------------------------------------------*/
/*--- Heuristics                                           ---*/
/*------------------------------------------------------------*/

/* The word at a in block ch, if it can be read. */
static Bool read_word ( const Chunk* ch, Addr a, UWord* w )
{
   if (a % sizeof(UWord) != 0 || a + sizeof(UWord) > ch->start + ch->szB)
      return False;
   if (ch->origin != HbFromMalloc
       && !VG_(am_is_valid_for_client)(a, sizeof(UWord), VKI_PROT_READ))
      return False;
   *w = *(const UWord*)a;
   return True;
}

/* Whether ptr looks like a vtable pointer: in a readable file mapping,
   with two non-null words among its first 20 (zeros allowed) before a
   word that is not a pointer to code of a file mapping. */
#define HB_VTABLE_WORDS 20

static Bool is_vtable ( Addr ptr )
{
   const NSegment* seg = VG_(am_find_nsegment)(ptr);
   Addr            a, last;
   UInt            found = 0;
   if (seg == NULL || seg->kind != SkFileC || !seg->hasR) return False;
   last = ptr + HB_VTABLE_WORDS * sizeof(Addr);
   if (last > seg->end - sizeof(Addr)) last = seg->end - sizeof(Addr);
   for (a = ptr; a <= last; a += sizeof(Addr)) {
      Addr            fn = *(const Addr*)a;
      const NSegment* fs;
      if (fn == 0) continue;
      fs = VG_(am_find_nsegment)(fn);
      if (fs == NULL || fs->kind != SkFileC || !fs->hasT) return False;
      if (++found == 2) return True;
   }
   return False;
}

static Bool looks_like_vtable ( Addr a )
{
   return a % sizeof(Addr) == 0 && a >= (Addr)VKI_PAGE_SIZE && is_vtable(a);
}

/* Whether the interior pointer ptr into ch counts as a start pointer by
   one of the heuristics on (memcheck's, in memcheck's order). */
static Bool heuristic_holds ( const Chunk* ch, Addr ptr )
{
   UWord w0, w1;
   if ((heuristics_on & HB_HEUR_STDSTRING)
       && ptr == ch->start + 3 * sizeof(SizeT)
       && read_word(ch, ch->start + sizeof(SizeT), &w1)
       && 3 * sizeof(SizeT) + w1 + 1 == ch->szB
       && read_word(ch, ch->start, &w0) && w0 <= w1)
      return True;
   if ((heuristics_on & HB_HEUR_LENGTH64)
       && ptr == ch->start + sizeof(ULong)
       && read_word(ch, ch->start, &w0)
       && w0 > 0 && ch->szB - sizeof(ULong) == w0)
      return True;
   if ((heuristics_on & HB_HEUR_NEWARRAY)
       && ptr == ch->start + sizeof(SizeT)
       && read_word(ch, ch->start, &w0)
       && w0 > 0 && (ch->szB - sizeof(SizeT)) % w0 == 0)
      return True;
   if ((heuristics_on & HB_HEUR_MULTIPLE)
       && ptr % sizeof(UWord) == 0
       && read_word(ch, ptr, &w1) && w1 % sizeof(UWord) == 0
       && w1 >= (Addr)VKI_PAGE_SIZE
       && read_word(ch, ch->start, &w0)
       && looks_like_vtable(w1) && looks_like_vtable(w0))
      return True;
   return False;
}

/*------------------------------------------------------------*/
/*--- The mark                                             ---*/
/*------------------------------------------------------------*/

static void push ( UInt i )
{
   if (blocks.at[i].pending) return;
   blocks.at[i].pending = 1;
   mark_stack[mark_top++] = i;
}

/* What a word found means: while marking from the roots (leader < 0),
   from a root or reachable block (definite) or a possibly reachable
   one; while gathering a clique, its leader. */
typedef struct {
   Int  leader;
   Bool definite;
} Mode;

static void found ( Addr p, const Mode* mode )
{
   Int    i;
   Chunk* ch;
   if (p < lowest || p >= beyond) return;
   i = find_in(&blocks, p);
   if (i < 0) return;
   ch = &blocks.at[i];
   if (mode->leader >= 0) {
      if (ch->state == Unreached && i != mode->leader) {
         push((UInt)i);
         ch->state = Indirect;
      }
      return;
   }
   if (ch->state == Reachable) return;
   if (mode->definite
       && (p == ch->start || (heuristics_on && heuristic_holds(ch, p)))) {
      ch->state = Reachable;
      push((UInt)i);
   } else if (ch->state == Unreached) {
      ch->state = Possible;
      push((UInt)i);
   }
}

/* The words of [lo, hi) that the heap's arena owns: no checks. */
static void scan_heap_words ( Addr lo, Addr hi, const Mode* mode )
{
   Addr a;
   for (a = VG_ROUNDUP(lo, sizeof(Addr)); a + sizeof(Addr) <= hi;
        a += sizeof(Addr))
      found(*(const Addr*)a, mode);
}

/* Client memory that may be unmapped or unreadable in parts: page by
   page, each checked first, with a fault caught and its page skipped. */
static VG_MINIMAL_JMP_BUF(scan_jmpbuf);
static volatile Addr fault_at;

static void scan_fault_catcher ( Int sig, Addr addr )
{
   if (sig == VKI_SIGSEGV || sig == VKI_SIGBUS) {
      fault_at = addr;
      VG_MINIMAL_LONGJMP(scan_jmpbuf);
   }
   VG_(tool_panic)("heapband: unexpected signal during the leak scan");
}

static void scan_client_words ( Addr lo, Addr hi, const Mode* mode )
{
   volatile Addr   a = VG_ROUNDUP(lo, sizeof(Addr));
   fault_catcher_t prev = VG_(set_fault_catcher)(scan_fault_catcher);
   if (VG_MINIMAL_SETJMP(scan_jmpbuf) != 0)
      a = VG_PGROUNDUP(fault_at + 1);   /* skip the faulting page */
   while (a + sizeof(Addr) <= hi) {
      Addr page_end = VG_PGROUNDUP(a + 1);
      Addr stop     = page_end < hi ? page_end : hi;
      if (VG_(am_is_valid_for_client)(a, sizeof(Addr), VKI_PROT_READ))
         scan_heap_words(a, stop, mode);
      a = stop;
   }
   VG_(set_fault_catcher)(prev);
}

static void scan_block ( UInt i, const Mode* mode )
{
   const Chunk* ch = &blocks.at[i];
   if (ch->origin == HbFromMalloc)
      scan_heap_words(ch->start, ch->start + ch->szB, mode);
   else
      scan_client_words(ch->start, ch->start + ch->szB, mode);
}

/* Pops and scans until the stack is empty.  While marking, a block's
   words are definite unless it is only possibly reachable. */
static void drain ( Int leader )
{
   while (mark_top > 0) {
      UInt i = mark_stack[--mark_top];
      Mode mode;
      blocks.at[i].pending = 0;
      mode.leader   = leader;
      mode.definite = blocks.at[i].state != Possible;
      scan_block(i, &mode);
   }
}

/*------------------------------------------------------------*/
/*--- The roots                                            ---*/
/*------------------------------------------------------------*/

#define HB_MAX_SCAN_THREADS 1024

/* Where each stack's dead part ends, the lowest byte still live: a
   thread's stack pointer.  The ABI's red zone below it (128 bytes on
   amd64) is not read: memcheck makes it undefined at every call and
   return (VEX's ABI hints), so what lies there is a dead frame's, and
   only a leaf function's own writes since its last call would be seen by
   memcheck there. */
typedef struct {
   Addr sp[HB_MAX_SCAN_THREADS];
   UInt n;
} StackFloors;

static Addr floor_of ( Addr sp )
{
   return sp;
}

static void live_floors ( StackFloors* f )
{
   ThreadId tid;
   Addr     lo, hi;
   f->n = 0;
   VG_(thread_stack_reset_iter)(&tid);
   while (VG_(thread_stack_next)(&tid, &lo, &hi) && f->n < HB_MAX_SCAN_THREADS)
      f->sp[f->n++] = floor_of(lo);
}

/* The stacks of threads that have ended: their mapping stays (the C
   library keeps it for its next thread), and memcheck keeps what lay
   below the thread's last stack pointer unaddressable, so the scan skips
   it too.  One floor per mapping, the last thread's; forgotten when the
   mapping is unmapped. */
static StackFloors dead;

static void forget_dead_floor ( UInt i )
{
   dead.sp[i] = dead.sp[--dead.n];
}

static void thread_ends ( ThreadId tid )
{
   Addr            fl  = floor_of(VG_(get_SP)(tid));
   const NSegment* seg = VG_(am_find_nsegment)(fl);
   UInt            i;
   if (seg == NULL) return;
   for (i = 0; i < dead.n; ) {
      if (dead.sp[i] >= seg->start && dead.sp[i] <= seg->end)
         forget_dead_floor(i);
      else
         i++;
   }
   if (dead.n < HB_MAX_SCAN_THREADS) dead.sp[dead.n++] = fl;
}

void HB_(leakscan_unmapped) ( Addr a, SizeT len )
{
   UInt i;
   for (i = 0; i < dead.n; ) {
      if (dead.sp[i] >= a && dead.sp[i] - a < len)
         forget_dead_floor(i);
      else
         i++;
   }
}

void HB_(leakscan_init) ( void )
{
   VG_(track_pre_thread_ll_exit)(thread_ends);
}

/* memcheck's root segments: client anonymous, file and shared mappings,
   readable and writable, not the client heap, not a device but
   /dev/zero. */
static Bool is_root_segment ( const NSegment* seg )
{
   if (!(seg->hasR && seg->hasW) || seg->isCH) return False;
   if (seg->kind == SkFileC
       && (VKI_S_ISCHR(seg->mode) || VKI_S_ISBLK(seg->mode))) {
      const HChar* name = VG_(am_get_filename)(seg);
      return name != NULL && VG_(strcmp)(name, "/dev/zero") == 0;
   }
   return True;
}

/* The lowest floor of f in seg, or 0 if none lies in it. */
static Addr lowest_floor_in ( const NSegment* seg, const StackFloors* f )
{
   Addr low = 0;
   UInt i;
   for (i = 0; i < f->n; i++) {
      if (f->sp[i] < seg->start || f->sp[i] > seg->end) continue;
      if (low == 0 || f->sp[i] < low) low = f->sp[i];
   }
   return low;
}

/* Where a segment's live part starts: above the dead part of the stack
   of a live thread whose floor lies in it (the lowest, if several do),
   else of the last thread that ended there. */
static Addr live_start ( const NSegment* seg, const StackFloors* live )
{
   Addr fl = lowest_floor_in(seg, live);
   if (fl == 0) fl = lowest_floor_in(seg, &dead);
   return fl > seg->start ? fl : seg->start;
}

static void scan_register ( ThreadId tid, const HChar* name, Addr value )
{
   Mode mode = { -1, True };
   found(value, &mode);
}

static void mark_from_roots ( void )
{
   Int          n_starts, i;
   Addr*        starts = VG_(get_segment_starts)(SkFileC | SkAnonC | SkShmC,
                                                 &n_starts);
   StackFloors* floors = VG_(malloc)("hb.leakscan.floors", sizeof(StackFloors));
   Mode         mode   = { -1, True };
   live_floors(floors);
   for (i = 0; i < n_starts; i++) {
      const NSegment* seg = VG_(am_find_nsegment)(starts[i]);
      if (seg == NULL || !is_root_segment(seg)) continue;
      scan_client_words(live_start(seg, floors), seg->end + 1, &mode);
   }
   VG_(free)(starts);
   VG_(free)(floors);
   VG_(apply_to_GP_regs)(scan_register);
   drain(-1);
}

/* Each block still unreached, in address order, leads a clique. */
static void gather_cliques ( void )
{
   UInt i;
   for (i = 0; i < blocks.n; i++) {
      if (blocks.at[i].state != Unreached) continue;
      push(i);
      drain((Int)i);
   }
}

/*------------------------------------------------------------*/
/*--- The figures                                          ---*/
/*------------------------------------------------------------*/

static void add_to ( HbLost* lost, HbLostKind k, SizeT szB )
{
   lost->szB[k] += szB;
   lost->n[k]++;
}

static void count_block ( const Chunk* ch )
{
   HbLostKind k;
   switch (ch->state) {
      case Unreached: k = HbDefinitely; break;
      case Indirect:  k = HbIndirectly; break;
      case Possible:  k = HbPossibly;   break;
      default:        return;
   }
   add_to(&run_lost, k, ch->szB);
   add_to(&band_lost[HB_(band_of)(ch->szB)], k, ch->szB);
   if (ch->site == 0) return;
   if (site_lost == NULL) {
      site_lost_n = HB_(sites_count)() + 1;
      site_lost   = VG_(calloc)("hb.leakscan.sites", site_lost_n,
                                sizeof(HbLost));
   }
   tl_assert(ch->site < site_lost_n);
   add_to(&site_lost[ch->site], k, ch->szB);
}

static void reset_figures ( void )
{
   VG_(memset)(&run_lost, 0, sizeof(run_lost));
   VG_(memset)(band_lost, 0, sizeof(band_lost));
   if (site_lost != NULL) VG_(free)(site_lost);
   site_lost   = NULL;
   site_lost_n = 0;
}

/* The last scan's cost, for --stats=yes. */
static UInt  last_ms;
static SizeT last_bytes;
static UInt  last_blocks;

void HB_(leak_scan) ( UInt heuristics )
{
   UInt i, start = VG_(read_millisecond_timer)();
   reset_figures();
   heuristics_on = heuristics;
   gather_blocks();
   last_blocks = blocks.n;
   last_bytes  = blocks.cap * sizeof(Chunk) + blocks.n * sizeof(UInt);
   if (blocks.n > 0) {
      mark_stack = VG_(malloc)("hb.leakscan.stack", blocks.n * sizeof(UInt));
      mark_top   = 0;
      mark_from_roots();
      gather_cliques();
      for (i = 0; i < blocks.n; i++) count_block(&blocks.at[i]);
      VG_(free)(mark_stack);
      mark_stack = NULL;
   }
   if (blocks.at != NULL) VG_(free)(blocks.at);
   VG_(memset)(&blocks, 0, sizeof(blocks));
   last_ms = VG_(read_millisecond_timer)() - start;
}

void HB_(leak_scan_stats) ( void )
{
   VG_(umsg)("heapband: last leak scan: %u blocks in %u ms, %lu bytes of "
             "scan tables\n", last_blocks, last_ms, last_bytes);
}

const HbLost* HB_(lost_run) ( void )
{
   return &run_lost;
}

const HbLost* HB_(lost_in_band) ( UInt band )
{
   tl_assert(band < HB_MAX_BANDS);
   return &band_lost[band];
}

const HbLost* HB_(lost_at_site) ( UInt site_id )
{
   static const HbLost none;
   if (site_lost == NULL || site_id >= site_lost_n) return &none;
   return &site_lost[site_id];
}

Bool HB_(lost_any) ( const HbLost* lost )
{
   return lost->n[HbDefinitely] + lost->n[HbIndirectly]
          + lost->n[HbPossibly] > 0;
}

/*--------------------------------------------------------------------*/
/*--- end                                            hb_leakscan.c ---*/
/*--------------------------------------------------------------------*/
