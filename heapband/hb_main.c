/*--------------------------------------------------------------------*/
/*--- heapband: heap blocks by size band over time.      hb_main.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* - Owns: the tool's entry points (the malloc replacement, the client
     requests, instrumentation, start-up and fini) and the routing of every
     heap event to the modules that record it.
   - Invariant (checked at exit, check_modules_agree): every module sees
     every event, in the order below, so that they agree band by band on
     the blocks live.
   - Cost: per event, its time and band worked out once, then a direct
     call to each module; what each call costs is in that module's head
     comment.

   Overview of operation.  heapband replaces the client's allocator (the
   core's malloc replacement and the preload vgpreload_heapband-*.so), so
   it sees every allocation, resize and free, the custom-allocator and
   mempool requests of valgrind.h, and the marks and snapshots of
   heapband.h.  An event (block_born, block_dies, block_moves) is stamped
   with the current time (hb_time.c) and its block's band (hb_bands.c),
   then goes, in this order, to the live blocks (hb_blocks.c), the grid of
   columns by bands (hb_columns.c), the sites (hb_sites.c, unless
   --depth=0), the totals and the peak (hb_totals.c: after the sites, as
   it judges the peak, hb_atpeak.h) and, at a free or a resize, the
   lifetimes (hb_life.c).  The other sources of blocks end in the same
   three events: the mempool requests (hb_mempool.c) and, with
   --allocator=program, the wrappers of the program's own allocator
   (hb_program.c).  Every block carries its allocation number, and with
   --stop-at (hb_stopat.c) an allocation whose number passes a gate, or a
   free of a watched address, is handed on to halt in the gdbserver (a
   comparison each, never true without the option).  Two shortcuts keep
   the allocator path cheap and change nothing recorded: generated code
   calls malloc and free directly
   (hb_fastcall.c), and freed small blocks are kept for reuse in front of
   the core's arena (hb_heap.c).  At exit, and at each snapshot and exec
   (hb_snapshot.c), the leak scan (hb_leakscan.c) sorts the live blocks
   into memcheck's kinds and hb_output.c reads every module through its
   accessors and writes the file of docs/heapband-format.md, ending with
   how the run ended (hb_ending.c, from the system calls it sees).  The modules
   share only what their headers declare, all of it touched with the
   core's big lock held, so threads need no locking; docs/design.md draws
   the modules and what each may call. */

#include "hb_global.h"
#include "hb_bands.h"
#include "hb_blocks.h"
#include "hb_columns.h"
#include "hb_ending.h"
#include "hb_fastcall.h"
#include "hb_heap.h"
#include "hb_leakscan.h"
#include "hb_life.h"
#include "hb_liveset.h"
#include "hb_markfn.h"
#include "hb_mappings.h"
#include "hb_marks.h"
#include "hb_mempool.h"
#include "hb_options.h"
#include "hb_outfile.h"
#include "hb_output.h"
#include "hb_program.h"
#include "hb_sites.h"
#include "hb_slop.h"
#include "hb_snapshot.h"
#include "hb_stopat.h"
#include "hb_time.h"
#include "hb_totals.h"
#include "hb_vgversion.h"
#include "pub_tool_basics.h"
#include "pub_tool_aspacemgr.h"
#include "pub_tool_vki.h"
#include "heapband.h"
#include "memcheck.h"
#include "pub_tool_clreq.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_replacemalloc.h"
#include "pub_tool_tooliface.h"
#include "pub_tool_vkiscnums.h"

/*------------------------------------------------------------*/
/*--- Events                                               ---*/
/*------------------------------------------------------------*/

/* Each event goes to the block table, then the columns, the sites, the
   run totals and the lifetimes, by direct calls.  The sites come before
   the totals, which judge the peak: a site's value at the peak is kept
   lazily, before its first change after the peak (hb_atpeak.h).  The
   event's time and the block's band are computed once here and passed
   on. */

/* A new live block, with its slop (0 but from the program's allocator).
   Its site is found first, since the table keeps it. */
static void block_born_slop ( ThreadId tid, Addr addr, SizeT szB,
                              SizeT slopB, HbOrigin origin )
{
   UInt        band = HB_(band_of)(szB);
   HbLiveBlock bk;
   bk.szB    = szB;
   bk.born_t = HB_(time_of_event)(szB);
   bk.site   = HB_(site_of)(tid, band);
   bk.slopB  = slopB;
   bk.alloc_n = HB_(allocs_made) + 1;
   HB_(block_insert)(addr, origin, &bk);
   HB_(columns_alloc)(bk.born_t, band, szB);
   HB_(site_gains)(bk.site, szB);
   HB_(slop_gains)(band, slopB);
   HB_(totals_alloc)(bk.born_t, band, szB);
   if (UNLIKELY(bk.alloc_n >= HB_(stopat_from)))
      HB_(stopat_born)(tid, addr, origin, &bk);
}

static void block_born ( ThreadId tid, Addr addr, SizeT szB, HbOrigin origin )
{
   block_born_slop(tid, addr, szB, 0, origin);
}

/* The block at addr dies.  Returns False, counting an unknown free, when
   addr is not a live block of that origin. */
static Bool block_dies ( Addr addr, HbOrigin origin )
{
   HbLiveBlock bk;
   UInt        band;
   HbTime      t;
   if (HB_STOPAT_FREE_WATCHED(addr)) HB_(stopat_dies)(addr, origin);
   if (!HB_(block_remove)(addr, origin, &bk)) {
      HB_(totals_unknown_free)();
      return False;
   }
   band = HB_(band_of)(bk.szB);
   t    = HB_(time_of_event)(bk.szB);
   HB_(columns_free)(t, band, bk.szB);
   HB_(site_loses)(bk.site, bk.szB);
   HB_(slop_loses)(band, bk.slopB);
   HB_(totals_free)(t, band, bk.szB);
   HB_(life_add)(band, t - bk.born_t, bk.szB);
   return True;
}

/* The live block at old_addr now lives at new_addr with new_szB bytes: the
   free of the old block and the birth of a new one, as one event.  The
   resized block belongs to the code that resized it.  Returns False,
   counting an unknown free, when old_addr is not live. */
static Bool block_moves_slop ( ThreadId tid, Addr old_addr, Addr new_addr,
                               SizeT new_szB, SizeT slopB, HbOrigin origin )
{
   HbLiveBlock old, bk;
   UInt        old_band, new_band;
   if (HB_STOPAT_FREE_WATCHED(old_addr)) HB_(stopat_dies)(old_addr, origin);
   if (!HB_(block_remove)(old_addr, origin, &old)) {
      HB_(totals_unknown_free)();
      return False;
   }
   old_band  = HB_(band_of)(old.szB);
   new_band  = HB_(band_of)(new_szB);
   bk.szB    = new_szB;
   bk.born_t = HB_(time_of_event)(old.szB + new_szB);
   bk.site   = HB_(site_of)(tid, new_band);
   bk.slopB  = slopB;
   bk.alloc_n = HB_(allocs_made) + 1;
   HB_(block_insert)(new_addr, origin, &bk);
   HB_(columns_realloc)(bk.born_t, old_band, old.szB, new_band, new_szB);
   HB_(site_loses)(old.site, old.szB);   /* before gains: it may be one site */
   HB_(site_gains)(bk.site, new_szB);
   HB_(slop_loses)(old_band, old.slopB);
   HB_(slop_gains)(new_band, slopB);
   HB_(totals_realloc)(bk.born_t, old_band, old.szB, new_band, new_szB);
   HB_(life_add)(old_band, bk.born_t - old.born_t, old.szB);
   if (UNLIKELY(bk.alloc_n >= HB_(stopat_from)))
      HB_(stopat_born)(tid, new_addr, origin, &bk);
   return True;
}

static Bool block_moves ( ThreadId tid, Addr old_addr, Addr new_addr,
                          SizeT new_szB, HbOrigin origin )
{
   return block_moves_slop(tid, old_addr, new_addr, new_szB, 0, origin);
}

/* The events as the mempool requests reach them. */
static const HbBlockEvents block_events = {
   block_born, block_dies, block_moves
};

/* The events as the program's allocator reaches them (hb_program.c). */
static void program_born ( ThreadId tid, Addr addr, SizeT szB, SizeT slopB )
{
   block_born_slop(tid, addr, szB, slopB, HbFromProgram);
}

/* A free of a pointer that is no live block is not counted as an unknown
   free here: allocators free their own chunks through their public free
   (glibc's tcache, handed back at a thread's exit), and a program's bad
   free is the program's allocator's to report. */
static Bool program_dies ( Addr addr )
{
   SizeT ignored;
   if (!HB_(block_size)(addr, HbFromProgram, &ignored)) return False;
   return block_dies(addr, HbFromProgram);
}

static Bool program_moves ( ThreadId tid, Addr old_addr, Addr new_addr,
                            SizeT new_szB, SizeT slopB )
{
   return block_moves_slop(tid, old_addr, new_addr, new_szB, slopB,
                           HbFromProgram);
}

static ULong live_now ( void )
{
   return HB_(run_totals_at)(HB_(time_now)()).live_B;
}

static const HbProgramEvents program_events = {
   program_born, program_dies, program_moves, live_now
};

/*------------------------------------------------------------*/
/*--- Allocation and free                                  ---*/
/*------------------------------------------------------------*/

/* Returns NULL, recording nothing, when the allocator cannot satisfy the
   request: a size that does not fit a signed word is always refused. */
static void* new_block ( ThreadId tid, SizeT szB, SizeT alignB, Bool zeroed )
{
   void* p;
   if ((SSizeT)szB < 0) return NULL;
   p = HB_(heap_alloc)(alignB, szB);
   if (p == NULL) return NULL;
   if (zeroed) VG_(memset)(p, 0, szB);
   block_born(tid, (Addr)p, szB, HbFromMalloc);
   return p;
}

/* An unknown pointer is counted and not passed to the allocator, which
   could not free it anyway. */
static void free_block ( void* p )
{
   if (p == NULL) return;
   if (block_dies((Addr)p, HbFromMalloc))
      HB_(heap_free)(p);
}

static void* hb_malloc ( ThreadId tid, SizeT szB )
{
   return new_block(tid, szB, VG_(clo_alignment), False);
}

static void* hb___builtin_new ( ThreadId tid, SizeT szB )
{
   return new_block(tid, szB, VG_(clo_alignment), False);
}

static void* hb___builtin_new_aligned ( ThreadId tid, SizeT szB, SizeT alignB )
{
   return new_block(tid, szB, alignB, False);
}

static void* hb___builtin_vec_new ( ThreadId tid, SizeT szB )
{
   return new_block(tid, szB, VG_(clo_alignment), False);
}

static void* hb___builtin_vec_new_aligned ( ThreadId tid, SizeT szB,
                                            SizeT alignB )
{
   return new_block(tid, szB, alignB, False);
}

static void* hb_memalign ( ThreadId tid, SizeT alignB, SizeT szB )
{
   return new_block(tid, szB, alignB, False);
}

static void* hb_calloc ( ThreadId tid, SizeT nmemb, SizeT size1 )
{
   /* nmemb * size1 must not wrap around. */
   if (size1 != 0 && nmemb > (SizeT)-1 / size1) return NULL;
   return new_block(tid, nmemb * size1, VG_(clo_alignment), True);
}

static void hb_free ( ThreadId tid, void* p )
{
   free_block(p);
}

static void hb___builtin_delete ( ThreadId tid, void* p )
{
   free_block(p);
}

static void hb___builtin_delete_aligned ( ThreadId tid, void* p, SizeT align )
{
   free_block(p);
}

static void hb___builtin_vec_delete ( ThreadId tid, void* p )
{
   free_block(p);
}

static void hb___builtin_vec_delete_aligned ( ThreadId tid, void* p,
                                              SizeT align )
{
   free_block(p);
}

/* realloc(NULL, n) and realloc(p, 0) are turned into malloc and free by
   the preload before they get here; they are handled again for safety.
   A block shrinks in place, or grows in place while the allocator's slack
   allows; otherwise it moves. */
static void* hb_realloc ( ThreadId tid, void* p_old, SizeT new_szB )
{
   SizeT old_szB;
   void* p_new;
   if (p_old == NULL) return hb_malloc(tid, new_szB);
   if (new_szB == 0) { free_block(p_old); return NULL; }
   if ((SSizeT)new_szB < 0) return NULL;
   if (!HB_(block_size)((Addr)p_old, HbFromMalloc, &old_szB)) {
      HB_(totals_unknown_free)();   /* and the program gets NULL */
      return NULL;
   }
   if (new_szB <= VG_(cli_malloc_usable_size)(p_old)) {
      block_moves(tid, (Addr)p_old, (Addr)p_old, new_szB, HbFromMalloc);
      return p_old;
   }
   p_new = HB_(heap_alloc)(VG_(clo_alignment), new_szB);
   if (p_new == NULL) return NULL;   /* the old block stays as it was */
   VG_(memcpy)(p_new, p_old, old_szB);
   block_moves(tid, (Addr)p_old, (Addr)p_new, new_szB, HbFromMalloc);
   HB_(heap_free)(p_old);
   return p_new;
}

static SizeT hb_malloc_usable_size ( ThreadId tid, void* p )
{
   SizeT szB;
   if (!HB_(block_size)((Addr)p, HbFromMalloc, &szB)) return 0;
   return VG_(cli_malloc_usable_size)(p);
}

/*------------------------------------------------------------*/
/*--- Client requests                                      ---*/
/*------------------------------------------------------------*/

/* FREELIKE_BLOCK ends the MALLOCLIKE block at addr, or else the block
   from malloc there, as memcheck and massif do.  The malloc'ed block's
   memory is left to the program, which only said that the block is to be
   counted as freed (massif does the same; memcheck hands it back to the
   arena later), so a later free() of it is an unknown free. */
static void free_like_block ( Addr addr )
{
   SizeT ignored;
   if (addr == 0) return;
   if (!HB_(block_size)(addr, HbFromClientRequest, &ignored)
       && HB_(block_size)(addr, HbFromMalloc, &ignored))
      block_dies(addr, HbFromMalloc);
   else
      block_dies(addr, HbFromClientRequest);
}

/* memcheck.h's VALGRIND_COUNT_LEAKS and VALGRIND_COUNT_LEAK_BLOCKS: the
   figures of the last leak scan (zero before the first), as memcheck
   gives them: leaked is definitely plus indirectly lost, dubious
   possibly lost, and nothing is suppressed.  Each answer is written to
   the client's variable only if it can be. */
static void put_client_word ( UWord addr, UWord value )
{
   if (VG_(am_is_valid_for_client)(addr, sizeof(UWord), VKI_PROT_WRITE))
      *(UWord*)addr = value;
}

static void count_leaks ( const UWord* arg, Bool blocks )
{
   const HbLost* lost = HB_(lost_run)();
   HbRunTotals   run  = HB_(run_totals_at)(HB_(time_now)());
   const ULong*  fig  = blocks ? lost->n : lost->szB;
   ULong         live = blocks ? run.live_blocks : run.live_B;
   put_client_word(arg[1], fig[HbDefinitely] + fig[HbIndirectly]);
   put_client_word(arg[2], fig[HbPossibly]);
   put_client_word(arg[3], live - fig[HbDefinitely] - fig[HbIndirectly]
                           - fig[HbPossibly]);
   put_client_word(arg[4], 0);
}

/* valgrind.h's custom-allocator and mempool requests (hb_mempool.c) and
   heapband.h's marks.  A MALLOCLIKE_BLOCK at an address that is already
   live first ends the old block, so that the table never holds two blocks
   at one address. */
static Bool hb_handle_client_request ( ThreadId tid, UWord* arg, UWord* ret )
{
   if (HB_(program_request)(tid, arg, ret)) return True;
   switch (arg[0]) {
      case VG_USERREQ__MALLOCLIKE_BLOCK: {
         SizeT ignored;
         Addr  addr = (Addr)arg[1];
         if (addr == 0) break;
         if (HB_(block_size)(addr, HbFromClientRequest, &ignored))
            block_dies(addr, HbFromClientRequest);
         block_born(tid, addr, (SizeT)arg[2], HbFromClientRequest);
         break;
      }
      case VG_USERREQ__FREELIKE_BLOCK:
         free_like_block((Addr)arg[1]);
         break;
      case VG_USERREQ__HEAPBAND_MARK:
         HB_(mark)(HB_(time_now)(), (Addr)arg[1]);
         break;
      case VG_USERREQ__DO_LEAK_CHECK:   /* memcheck.h's, in all its forms */
         HB_(snapshot_request)(0);
         break;
      case VG_USERREQ__COUNT_LEAKS:
         count_leaks(arg, False);
         break;
      case VG_USERREQ__COUNT_LEAK_BLOCKS:
         count_leaks(arg, True);
         break;
      case VG_USERREQ__HEAPBAND_SNAPSHOT:
         *ret = HB_(snapshot_request)((Addr)arg[1]);
         return True;
      case VG_USERREQ__GDB_MONITOR_COMMAND: {
         Bool handled = HB_(monitor_command)((const HChar*)arg[1]);
         *ret = handled;
         return handled;
      }
      case VG_USERREQ__RESIZEINPLACE_BLOCK:
         block_moves(tid, (Addr)arg[1], (Addr)arg[1], (SizeT)arg[3],
                          HbFromClientRequest);
         break;
      default:
         return HB_(mempool_request)(tid, arg, ret);
   }
   *ret = 0;
   return True;
}

/*------------------------------------------------------------*/
/*--- Instrumentation                                      ---*/
/*------------------------------------------------------------*/

static IRSB* hb_instrument ( VgCallbackClosure* closure, IRSB* sb_in,
                             const VexGuestLayout* layout,
                             const VexGuestExtents* vge,
                             const VexArchInfo* archinfo_host,
                             IRType gWordTy, IRType hWordTy )
{
   IRSB* counted = HB_(time_instrument)(sb_in);
   IRSB* fast    = HB_(fastcall_instrument)(HB_(markfn_instrument)(counted),
                                            gWordTy);
   return HB_(stopat_instrument)(fast, layout);
}

/* The functions the preload reaches through VALGRIND_NON_SIMD_CALLn, which
   generated code may call directly (hb_fastcall.c). */
static void register_fast_calls ( void )
{
   void* fns[] = {
      hb_malloc, hb___builtin_new, hb___builtin_new_aligned,
      hb___builtin_vec_new, hb___builtin_vec_new_aligned, hb_memalign,
      hb_calloc, hb_free, hb___builtin_delete, hb___builtin_delete_aligned,
      hb___builtin_vec_delete, hb___builtin_vec_delete_aligned, hb_realloc,
      hb_malloc_usable_size
   };
   UInt i;
   for (i = 0; i < sizeof(fns) / sizeof(fns[0]); i++)
      HB_(fastcall_register)(fns[i]);
   HB_(fastcall_enable)(HB_(clo).fast_calls);
}

/*------------------------------------------------------------*/
/*--- Start and finish                                     ---*/
/*------------------------------------------------------------*/

/* Without its preload the tool would see no allocation at all and write
   an empty file: better to stop and say why. */
static void check_preload_present ( void )
{
   const HChar* name = "vgpreload_heapband-" HB_PLATFORM ".so";
   SizeT        len  = VG_(strlen)(VG_(libdir)) + VG_(strlen)(name) + 2;
   HChar*       path = VG_(malloc)("hb.main.preload", len);
   struct vg_stat st;
   VG_(snprintf)(path, len, "%s/%s", VG_(libdir), name);
   if (sr_isError(VG_(stat)(path, &st))) {
      VG_(fmsg)("heapband: its malloc replacement %s is missing.\n", path);
      VG_(fmsg)("Without it no allocation can be seen; reinstall heapband "
                "or set VALGRIND_LIB to a directory holding it.\n");
      VG_(exit)(1);
   }
   VG_(free)(path);
}

/* The output file's name now (%p: this process), checked: a run whose
   file could not be created is refused before it starts. */
static void check_out_file ( void )
{
   HChar* name = HB_(out_file_name)();
   HB_(outfile_check_can_create)(name);
   VG_(free)(name);
}

/* The core keeps one callback per event: an munmap goes to both modules
   that follow it. */
static void memory_unmapped ( Addr a, SizeT len )
{
   HB_(mappings_unmapped)(a, len);
   if (HB_(clo).leak_scan) HB_(leakscan_unmapped)(a, len);
}

static void hb_post_clo_init ( void )
{
   check_preload_present();
   HB_(check_valgrind_version)();
   HB_(options_done)();
   check_out_file();
   HB_(time_init)(HB_(clo).time_unit);
   HB_(bands_init)(HB_(clo).quarter);
   HB_(columns_init)(HB_(clo).columns, HB_(n_bands)(),
                     HB_(clo).allocator_program);
   HB_(sites_init)(HB_(clo).depth);
   HB_(blocks_init)();
   HB_(mempools_init)(&block_events);
   HB_(marks_init)();
   HB_(snapshot_init)(HB_(clo).snapshot_every);
   if (HB_(clo).leak_scan) HB_(leakscan_init)();
   VG_(track_die_mem_munmap)(memory_unmapped);
   register_fast_calls();
   /* A stop inside a direct call needs exact registers (hb_stopat.c). */
   if (HB_(stopat_init)(HB_(clo).depth)) HB_(fastcall_whole_state)();
   HB_(program_post_init)(HB_(clo).allocator_program);
   HB_(heap_cache_enable)(HB_(clo).block_cache);
}

/* --stats=yes (and gdbserver's v.info stats): how often the allocator
   path's two shortcuts were taken, and the memory of the live-address
   bitmap. */
static void hb_print_stats ( void )
{
   ULong reused;
   SizeT max_held;
   HB_(heap_cache_stats)(&reused, &max_held);
   VG_(umsg)("heapband: allocator calls from generated code: %llu\n",
             HB_(fastcall_count)());
   VG_(umsg)("heapband: small blocks reused from the cache: %llu "
             "(most bytes held: %lu)\n", reused, max_held);
   VG_(umsg)("heapband: bitmap of live block addresses: %lu bytes\n",
             HB_(liveset_bytes)());
   VG_(umsg)("heapband: cells read by the file writes: %llu\n",
             HB_(cells_read_by_writes)());
   if (HB_(clo).leak_scan) HB_(leak_scan_stats)();
}

/* Every module saw every event (the invariant of this file): per band,
   the cells' allocations less their frees are the band's live blocks
   (hb_totals.c) and its lifetimes (hb_life.c) count its frees; the bands
   add up to the run, and the last column ends with the run's live heap.
   Once, at exit: O(bands x columns), as the writing of the file. */
static void check_modules_agree ( HbTime end )
{
   HbRunTotals run = HB_(run_totals_at)(end);
   UInt        n_cols = HB_(columns_count)(), band, col, k;
   ULong       allocs_n = 0, frees_n = 0;
   for (band = 0; band < HB_(n_bands)(); band++) {
      const HbLivePart* live = HB_(band_live)(band);
      HbBlockCount      in = { 0, 0 }, out = { 0, 0 }, life = { 0, 0 };
      for (col = 0; col < n_cols; col++) {
         const HbCell* cell = HB_(cell)(col, band);
         in.n  += cell->allocs_n;   in.szB  += cell->allocs_B;
         out.n += cell->frees_n;    out.szB += cell->frees_B;
      }
      for (k = 0; k < HB_LIFE_BUCKETS; k++) {
         life.n   += HB_(life_freed)(band, k).n;
         life.szB += HB_(life_freed)(band, k).szB;
      }
      tl_assert(in.n - out.n == live->live_n
                && in.szB - out.szB == live->live_B);
      tl_assert(life.n == out.n && life.szB == out.szB);
      allocs_n += in.n;
      frees_n  += out.n;
   }
   tl_assert(allocs_n == run.allocs_n && frees_n == run.frees_n);
   tl_assert(HB_(column)(n_cols - 1)->live_end_B == run.live_B
             && HB_(column)(n_cols - 1)->blocks_end == run.live_blocks);
}

static void hb_fini ( Int exitcode )
{
   HbTime       end = HB_(time_now)();
   const HChar* written;
   HB_(program_settle)();
   HB_(columns_finish)(end);
   check_modules_agree(end);
   if (HB_(clo).leak_scan) HB_(leak_scan)(HB_(clo).leak_heuristics);
   written = HB_(write_file)(end);
   HB_(markfn_report_unmatched)();
   HB_(snapshot_report_failures)();
   HB_(stopat_report_unreached)();
   if (VG_(clo_verbosity) > 0)   /* -q silences the summary */
      HB_(print_summary)(end, written);
   if (VG_(clo_stats))   /* the core leaves a tool's statistics to fini */
      hb_print_stats();
   HB_(outfile_exit_if_failed)();   /* last: it may end the process */
}

/* Before a system call: a client that calls exit_group ends normally,
   so a lost file may change its exit status (hb_outfile.c); how the run
   ends (exit, signals sent to itself, exec) is hb_ending.c's, the file
   at an exec hb_snapshot.c's. */
static void hb_pre_syscall ( ThreadId tid, UInt sysno, UWord* args,
                             UInt n_args )
{
   if (sysno == __NR_exit_group) {
      HB_(stopat_exiting)(tid);
      HB_(outfile_client_exits)();
   }
   HB_(ending_pre_syscall)(tid, sysno, args);
   HB_(snapshot_at_exec)(sysno, args);
}

/* madvise is no memory event of the core's: hb_mappings.c follows it
   here; hb_ending.c follows sigaction and failed execs. */
static void hb_post_syscall ( ThreadId tid, UInt sysno, UWord* args,
                              UInt n_args, SysRes res )
{
   HB_(mappings_post_syscall)(tid, sysno, args, n_args, res);
   HB_(ending_post_syscall)(tid, sysno, args, res);
}

static void signal_to_handler ( ThreadId tid, Int signo, Bool alt_stack )
{
   HB_(ending_signal_handled)(tid, signo);
}

static void thread_created ( ThreadId parent, ThreadId child )
{
   HB_(ending_thread_created)(child);
}

/* The redzone each side of a client block: the core's minimum, a word,
   which is where hb_blocks.c keeps the block's header. */
#define HB_CLIENT_REDZONE_SZB sizeof(UWord)

static void hb_pre_clo_init ( void )
{
   VG_(details_name)            ("heapband");
   VG_(details_version)         (HB_VERSION);
   VG_(details_description)     ("heap blocks by size band over time");
   VG_(details_copyright_author)("Copyright (C) 2026, the heapband developers.");
   VG_(details_bug_reports_to)  ("the heapband issue tracker");
   VG_(details_avg_translation_sizeB)(330);

   /* heapband never looks at the guest's registers between superblock
      exits except the stack pointer (to unwind stacks at allocations,
      which happen at exits anyway), so VEX need not write the others back
      before every memory access; as in massif, and overridable with
      --vex-iropt-register-updates. */
   VG_(clo_vex_control).iropt_register_updates_default
      = VG_(clo_px_file_backed)
      = VexRegUpdSpAtMemAccess;

   VG_(basic_tool_funcs)        (hb_post_clo_init, hb_instrument, hb_fini);
   VG_(needs_libc_freeres)      ();
   VG_(needs_cxx_freeres)       ();
   VG_(needs_command_line_options)(HB_(process_cmd_line_option),
                                   HB_(print_usage),
                                   HB_(print_debug_usage));
   VG_(needs_client_requests)   (hb_handle_client_request);
   VG_(needs_syscall_wrapper)   (hb_pre_syscall, hb_post_syscall);
   VG_(track_pre_deliver_signal)(signal_to_handler);
   VG_(track_pre_thread_ll_create)(thread_created);
   VG_(needs_print_stats)       (hb_print_stats);
   HB_(program_pre_init)(&program_events);
   VG_(needs_malloc_replacement)(hb_malloc,
                                 hb___builtin_new,
                                 hb___builtin_new_aligned,
                                 hb___builtin_vec_new,
                                 hb___builtin_vec_new_aligned,
                                 hb_memalign,
                                 hb_calloc,
                                 hb_free,
                                 hb___builtin_delete,
                                 hb___builtin_delete_aligned,
                                 hb___builtin_vec_delete,
                                 hb___builtin_vec_delete_aligned,
                                 hb_realloc,
                                 hb_malloc_usable_size,
                                 HB_CLIENT_REDZONE_SZB);
}

VG_DETERMINE_INTERFACE_VERSION(hb_pre_clo_init)

/*--------------------------------------------------------------------*/
/*--- end                                                hb_main.c ---*/
/*--------------------------------------------------------------------*/
