/*--------------------------------------------------------------------*/
/*--- heapband: allocation sites per band.              hb_sites.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* - Owns: the allocation sites, their figures, and the choice of the sites
     the file lists.
   - Invariant (asserted at each change, and per band when written): a
     site's live part (hb_atpeak.h) holds the blocks that point at it, now
     and at the peak; max_B is its largest live_B; the sites of a band add
     up to the band (hb_totals.c, hb_columns.c's cells).
   - Cost: an allocation unwinds --depth + 1 frames (the dominant cost, as
     in massif and DHAT; none with --depth=0) and, unless its stack is the
     last one's, one hash lookup; a free follows the block's pointer.  104
     bytes per site, 8 per written stack, kept to the end.

   A site's time bins (HB_SITE_TIME_BINS bits, bin i the stored columns
   [i*2^k, (i+1)*2^k), k fixed by the budget as section 7 says) have a bit
   set for every bin in which the site allocated, aligned to the columns of
   width 2^bins_width_log: when the columns merge pairwise (hb_columns.c)
   the bins merge pairwise too, lazily, the next time the site allocates or
   is written, so a merge costs nothing per site; an allocation adds a shift
   and an OR (and, once per doubling of the column width, a fold of two
   words).
   
   Memory in detail: a site is 104 bytes (16 of them its time bins) in a
   chunk of 512 (no per-site table or allocation header: a site's number
   indexes the chunks, for the blocks' headers, hb_blocks.c), plus 8 bytes
   per written stack for its list; 4 KB cache the sites of the last stack,
   and two 528-byte buffers hold the last stack and the one being unwound.
   At exit: sorting the sites and, per band, three rankings.

   A site is the pair (written stack, band).  At an allocation the stack
   is unwound --depth frames deep past the malloc replacement's own frames
   (recognised by address: the text of vgpreload_heapband, found once) and
   interned by the core as an ExeContext; hb_stacks.c maps each
   ExeContext to its written stack, so that two allocations are one site
   exactly when their written frames are equal.  Each written stack keeps
   the list of its sites, one per band it allocated in. */

#include "hb_sites.h"
#include "hb_atpeak.h"
#include "hb_columns.h"
#include "hb_totals.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_execontext.h"
#include "pub_tool_stacktrace.h"

/* Frames of the malloc replacement above the caller: realloc(NULL, n)
   calls malloc inside the preload, so up to two. */
#define HB_REPLACEMENT_FRAMES 2

struct _HbSite {
   struct _HbSite* next_in_stack;   /* the same stack's site in another band */
   const HbStack*  stack;
   UShort          band;     /* < HB_MAX_BANDS */
   UChar           bins_width_log;   /* the column width bins[] align to */
   UInt            seq;      /* order of creation, i.e. of first allocation */
   ULong           allocs_n, allocs_B;
   ULong           max_B;
   ULong           first_alloc;   /* its first allocation's number */
   HbLivePart      live;
   ULong           bins[HB_SITE_TIME_BINS / 64];   /* bin i: bit i % 64 of
                                                      word i / 64 */
};

/* Sites are never freed, so they are carved from chunks of this many,
   without the arena's per-block overhead; site number i + 1 is entry
   i % SITES_PER_CHUNK of chunk i / SITES_PER_CHUNK. */
#define SITES_PER_CHUNK 512

static UInt    depth = 0;
static UInt    n_sites = 0;
static XArray* site_chunks = NULL;      /* of HbSite*, SITES_PER_CHUNK each */
static XArray* first_site_of_stack = NULL;   /* of HbSite*, by stack id - 1:
                                                the list of its sites */

/* The text of the malloc replacement, whose frames are not the program's. */
static Bool replacement_looked_up = False;
static Addr replacement_lo = 0, replacement_hi = 0;

void HB_(sites_init) ( UInt d )
{
   depth = d;
   if (depth == 0) return;
   site_chunks = VG_(newXA)(VG_(malloc), "hb.sites.chunks", VG_(free),
                            sizeof(HbSite*));
   first_site_of_stack = VG_(newXA)(VG_(malloc), "hb.sites.bystack",
                                    VG_(free), sizeof(HbSite*));
   HB_(stacks_init)();
}

/* Looked up at the first allocation: the preload is loaded by then, since
   every allocation passes through it. */
static void look_up_replacement ( void )
{
   const DebugInfo* di;
   replacement_looked_up = True;
   for (di = VG_(next_DebugInfo)(NULL); di != NULL; di = VG_(next_DebugInfo)(di)) {
      const HChar* name = VG_(DebugInfo_get_filename)(di);
      if (name != NULL && VG_(strstr)(name, "/vgpreload_heapband-") != NULL) {
         replacement_lo = VG_(DebugInfo_get_text_avma)(di);
         replacement_hi = replacement_lo + VG_(DebugInfo_get_text_size)(di);
         return;
      }
   }
}

static Bool in_replacement ( Addr ip )
{
   return ip >= replacement_lo && ip < replacement_hi;
}

/* A stack as unwound, and the frames of it that are the program's (the
   ones past the replacement's): ips[skip .. skip + n). */
typedef struct {
   Addr ips[HB_MAX_DEPTH + HB_REPLACEMENT_FRAMES];
   UInt skip, n;
} Stack;

/* Unwinds want frames of the thread's stack into st; returns how many
   there were, and sets st->skip to the replacement's frames at its top. */
static UInt unwind ( ThreadId tid, Stack* st, UInt want )
{
   UInt n = VG_(get_StackTrace)(tid, st->ips, want, NULL, NULL, 0);
   st->skip = 0;
   while (st->skip < n && st->skip < HB_REPLACEMENT_FRAMES
          && in_replacement(st->ips[st->skip]))
      st->skip++;
   return n;
}

/* The allocating thread's stack, past the replacement's frames.  Nearly
   every call has one such frame, so depth + 1 frames are unwound first
   (each frame is a CFI lookup, the dominant cost); only when more of them
   come first is the stack unwound again, deeper.  Unwinding fewer frames
   gives a prefix of the deeper trace, so the frames kept are the same. */
static void current_stack ( ThreadId tid, Stack* st )
{
   UInt n;
   if (!replacement_looked_up) look_up_replacement();
   n = unwind(tid, st, depth + 1);
   if (st->skip > 1 && n == depth + 1)
      n = unwind(tid, st, depth + HB_REPLACEMENT_FRAMES);
   if (st->skip == n) st->skip = 0;   /* keep something to show */
   st->n = n - st->skip > depth ? depth : n - st->skip;
}

static const Addr* frames_of ( const Stack* st )
{
   return st->ips + st->skip;
}

static Bool same_stack ( const Stack* a, const Stack* b )
{
   const Addr* fa = frames_of(a);
   const Addr* fb = frames_of(b);
   UInt        i;
   if (a->n != b->n) return False;
   for (i = 0; i < a->n; i++)
      if (fa[i] != fb[i]) return False;
   return True;
}

/* A new site, zeroed, numbered n_sites + 1. */
static HbSite* new_site ( void )
{
   UInt    i = n_sites % SITES_PER_CHUNK;
   HbSite* chunk;
   tl_assert(n_sites < 0xFFFFFFFFU);   /* a number fits a block's header */
   if (i == 0) {
      chunk = VG_(calloc)("hb.sites.chunk", SITES_PER_CHUNK, sizeof(HbSite));
      VG_(addToXA)(site_chunks, &chunk);
   } else {
      chunk = *(HbSite**)VG_(indexXA)(site_chunks,
                                      VG_(sizeXA)(site_chunks) - 1);
   }
   chunk[i].seq = n_sites++;
   return &chunk[i];
}

/* The site of a stack (its ExeContext and its addresses) in a band: the
   ExeContext's written stack (hb_stacks.c keeps it by ECU), then that
   stack's list of sites, one per band it allocated in (a few). */
static HbSite* site_in_band ( ExeContext* ec, const Stack* ips, UInt band )
{
   UInt           ecu = VG_(get_ECU_from_ExeContext)(ec);
   const HbStack* stack = HB_(stack_of)(ecu, frames_of(ips), ips->n);
   UWord          slot = HB_(stack_id)(stack) - 1;
   HbSite*        none = NULL;
   HbSite**       first;
   HbSite*        site;
   tl_assert(band < HB_MAX_BANDS && stack != NULL);
   while (VG_(sizeXA)(first_site_of_stack) <= slot)
      VG_(addToXA)(first_site_of_stack, &none);
   first = VG_(indexXA)(first_site_of_stack, slot);
   for (site = *first; site != NULL; site = site->next_in_stack)
      if (site->band == band) return site;
   site = new_site();
   site->stack         = stack;
   site->band          = (UShort)band;
   site->first_alloc   = HB_(allocs_made) + 1;   /* the one being made */
   site->next_in_stack = *first;
   *first = site;
   return site;
}

/* The previous allocation's stack, and its sites by band: loops allocate
   from one stack many times in a row, often in several bands, and then
   neither the core's ExeContext table nor the written stacks need be
   searched.
   A band's entry is valid when its ec_no is that of last_ec (a count of
   the changes of last_ec, which never wraps).  The stacks are unwound
   into two buffers in turn, so that keeping the last one copies nothing. */
static Stack       stack_bufs[2];
static Stack*      last_stack = &stack_bufs[0];
static ExeContext* last_ec = NULL;
static ULong       last_ec_no = 0;
static struct {
   ULong   ec_no;
   HbSite* site;
} last_sites[HB_MAX_BANDS];

HbSite* HB_(site_of) ( ThreadId tid, UInt band )
{
   Stack* stack;
   if (depth == 0) return NULL;
   stack = last_stack == &stack_bufs[0] ? &stack_bufs[1] : &stack_bufs[0];
   current_stack(tid, stack);
   if (last_ec == NULL || !same_stack(stack, last_stack)) {
      last_ec    = VG_(make_ExeContext_from_StackTrace)(frames_of(stack),
                                                        stack->n);
      last_stack = stack;
      last_ec_no++;
   }
   if (last_sites[band].ec_no != last_ec_no) {
      last_sites[band].site  = site_in_band(last_ec, last_stack, band);
      last_sites[band].ec_no = last_ec_no;
   }
   tl_assert(last_sites[band].site->band == band);
   return last_sites[band].site;
}

UInt HB_(site_id) ( const HbSite* site )
{
   return site == NULL ? 0 : site->seq + 1;
}

HbSite* HB_(site_by_id) ( UInt id )
{
   HbSite* chunk;
   if (id == 0) return NULL;
   tl_assert(id <= n_sites);
   chunk = *(HbSite**)VG_(indexXA)(site_chunks, (id - 1) / SITES_PER_CHUNK);
   return &chunk[(id - 1) % SITES_PER_CHUNK];
}

const HbStack* HB_(site_stack) ( const HbSite* site )
{
   return site->stack;
}

UInt HB_(sites_count) ( void )
{
   return n_sites;
}

Bool HB_(site_id_valid) ( UInt id )
{
   return id <= n_sites;
}

/*------------------------------------------------------------*/
/*--- Time bins                                            ---*/
/*------------------------------------------------------------*/

/* k: a bin is 2^k stored columns, the fewest that cover the budget. */
static UInt bin_shift = 0;
static Bool bin_shift_known = False;

UInt HB_(site_bin_shift) ( void )
{
   if (!bin_shift_known) {
      while (((ULong)HB_SITE_TIME_BINS << bin_shift) < HB_(columns_budget)())
         bin_shift++;
      bin_shift_known = True;
   }
   return bin_shift;
}

/* Widths are powers of two from 1 (hb_columns.c). */
static UInt width_log ( void )
{
   return __builtin_ctzll(HB_(columns_width)());
}

/* Bit i of the result is bit 2i | bit 2i+1 of w, for i < 32: the 64 bins
   of w merged pairwise into 32. */
static ULong merge_pairs ( ULong w )
{
   w = (w | (w >> 1))  & 0x5555555555555555ULL;
   w = (w | (w >> 1))  & 0x3333333333333333ULL;
   w = (w | (w >> 2))  & 0x0F0F0F0F0F0F0F0FULL;
   w = (w | (w >> 4))  & 0x00FF00FF00FF00FFULL;
   w = (w | (w >> 8))  & 0x0000FFFF0000FFFFULL;
   w = (w | (w >> 16)) & 0x00000000FFFFFFFFULL;
   return w;
}

/* Merges bins[] pairwise once per doubling of the width since they were
   last aligned, as the columns were merged. */
static void align_bins ( ULong bins[HB_SITE_TIME_BINS / 64], UInt* wlog,
                         UInt now_log )
{
   for (; *wlog < now_log; (*wlog)++) {
      if ((bins[0] | bins[1]) == 0) break;
      bins[0] = merge_pairs(bins[0]) | (merge_pairs(bins[1]) << 32);
      bins[1] = 0;
   }
   *wlog = now_log;
}

/* The site's bin of the open column, the column of the event being
   recorded: hb_main.c gives it to the columns first. */
static void note_alloc_time ( HbSite* site )
{
   UInt now_log = width_log();
   UInt bin = (HB_(columns_count)() - 1) >> HB_(site_bin_shift)();
   if (site->bins_width_log != now_log) {
      UInt wlog = site->bins_width_log;
      align_bins(site->bins, &wlog, now_log);
      site->bins_width_log = (UChar)wlog;
   }
   tl_assert(bin < HB_SITE_TIME_BINS);
   site->bins[bin / 64] |= 1ULL << (bin % 64);
}

void HB_(site_gains) ( HbSite* site, SizeT szB )
{
   if (site == NULL) return;
   note_alloc_time(site);
   site->allocs_n++;
   site->allocs_B += szB;
   HB_(part_gains)(&site->live, szB);
   if (site->live.live_B > site->max_B) site->max_B = site->live.live_B;
   tl_assert(site->live.live_n <= site->allocs_n);
}

void HB_(site_loses) ( HbSite* site, SizeT szB )
{
   if (site == NULL) return;
   HB_(part_loses)(&site->live, szB);   /* asserts it held the block */
}

/*------------------------------------------------------------*/
/*--- Choosing the sites to list                           ---*/
/*------------------------------------------------------------*/

/* A site of the band being chosen from. */
typedef struct {
   const HbSite* site;
   HbSiteFigures fig;
   Bool          listed;
} Candidate;

/* The three figures sites are ranked by, each with its block count to
   rank sites of zero-size blocks (band 0). */
typedef enum { ByAllocs, ByPeak, ByExit } Ranking;

static ULong rank_bytes ( const HbSiteFigures* f, Ranking r )
{
   return r == ByAllocs ? f->allocs_B : r == ByPeak ? f->peak_B : f->exit_B;
}

static ULong rank_blocks ( const HbSiteFigures* f, Ranking r )
{
   return r == ByAllocs ? f->allocs_n : r == ByPeak ? f->peak_n : f->exit_n;
}

/* Largest first; ties: the earlier first allocation first. */
static Int cmp_ranked ( const Candidate* a, const Candidate* b, Ranking r )
{
   ULong va = rank_bytes(&a->fig, r), vb = rank_bytes(&b->fig, r);
   if (va != vb) return va > vb ? -1 : 1;
   va = rank_blocks(&a->fig, r);
   vb = rank_blocks(&b->fig, r);
   if (va != vb) return va > vb ? -1 : 1;
   return a->site->seq < b->site->seq ? -1 : (a->site->seq > b->site->seq);
}

#define CANDIDATES(pa, pb) *(Candidate* const*)(pa), *(Candidate* const*)(pb)
static Int cmp_by_allocs ( const void* pa, const void* pb )
{
   return cmp_ranked(CANDIDATES(pa, pb), ByAllocs);
}
static Int cmp_by_peak ( const void* pa, const void* pb )
{
   return cmp_ranked(CANDIDATES(pa, pb), ByPeak);
}
static Int cmp_by_exit ( const void* pa, const void* pb )
{
   return cmp_ranked(CANDIDATES(pa, pb), ByExit);
}
#undef CANDIDATES

/* Marks the first sites of one ranking as listed: while fewer than
   `limit` are taken and those taken hold less than 95% of the band's
   total of that figure, in bytes or in blocks (band 0's blocks have no
   bytes); never a site with nothing in that figure. */
static void take_ranked ( Candidate** order, UInt n, UInt limit, Ranking r,
                          Int (*cmp)(const void*, const void*) )
{
   ULong total_B = 0, total_n = 0, held_B = 0, held_n = 0;
   UInt  i;
   for (i = 0; i < n; i++) {
      total_B += rank_bytes(&order[i]->fig, r);
      total_n += rank_blocks(&order[i]->fig, r);
   }
   VG_(ssort)(order, n, sizeof(Candidate*), cmp);
   for (i = 0; i < n && i < limit; i++) {
      const HbSiteFigures* f = &order[i]->fig;
      /* held >= 95% of total, without overflow: total - held <= total/20 */
      if (total_B - held_B <= total_B / 20 && total_n - held_n <= total_n / 20)
         break;
      if (rank_bytes(f, r) == 0 && rank_blocks(f, r) == 0) break;
      order[i]->listed = True;
      held_B += rank_bytes(f, r);
      held_n += rank_blocks(f, r);
   }
}

static void figures_of ( const HbSite* s, HbSiteFigures* f )
{
   f->allocs_n = s->allocs_n;
   f->allocs_B = s->allocs_B;
   f->peak_B   = HB_(part_at_peak_B)(&s->live);
   f->peak_n   = HB_(part_at_peak_n)(&s->live);
   f->exit_B   = s->live.live_B;
   f->exit_n   = s->live.live_n;
   f->max_B    = s->max_B;
   tl_assert(f->exit_B <= f->max_B && f->peak_B <= f->max_B
             && f->exit_n <= f->allocs_n && f->peak_n <= f->allocs_n);
}

static void add_figures ( HbSiteFigures* sum, const HbSiteFigures* f )
{
   sum->allocs_n += f->allocs_n;
   sum->allocs_B += f->allocs_B;
   sum->peak_B   += f->peak_B;
   sum->peak_n   += f->peak_n;
   sum->exit_B   += f->exit_B;
   sum->exit_n   += f->exit_n;
}

/* The sites of a band add up to the band: its live bytes and blocks now
   and at the peak (hb_totals.c), and its allocations (hb_columns.c's
   cells).  Checked once per band when the file is written. */
static void check_band_sum ( UInt band, const HbSiteFigures* sum )
{
   const HbLivePart* part = HB_(band_live)(band);
   ULong allocs_n = 0, allocs_B = 0;
   UInt  col;
   for (col = 0; col < HB_(columns_count)(); col++) {
      allocs_n += HB_(cell)(col, band)->allocs_n;
      allocs_B += HB_(cell)(col, band)->allocs_B;
   }
   tl_assert(sum->exit_B == part->live_B && sum->exit_n == part->live_n);
   tl_assert(sum->peak_B == HB_(part_at_peak_B)(part)
             && sum->peak_n == HB_(part_at_peak_n)(part));
   tl_assert(sum->allocs_n == allocs_n && sum->allocs_B == allocs_B);
}

/* One band's n sites, in order of first allocation: chooses, then
   visits. */
static void select_in_band ( HbSite** band_sites, UInt n, UInt limit,
                             HbBandSitesVisitor visit, void* opaque )
{
   Candidate*  cands = VG_(malloc)("hb.sites.cands", n * sizeof(Candidate));
   Candidate** order = VG_(malloc)("hb.sites.order", n * sizeof(Candidate*));
   HbBandSites   bs;
   HbSiteFigures sum;
   UInt          i;
   VG_(memset)(&sum, 0, sizeof(sum));
   for (i = 0; i < n; i++) {
      cands[i].site   = band_sites[i];
      cands[i].listed = limit == 0;
      figures_of(band_sites[i], &cands[i].fig);
      add_figures(&sum, &cands[i].fig);
      order[i] = &cands[i];
   }
   check_band_sum(band_sites[0]->band, &sum);
   if (limit > 0) {
      take_ranked(order, n, limit, ByAllocs, cmp_by_allocs);
      take_ranked(order, n, limit, ByPeak,   cmp_by_peak);
      take_ranked(order, n, limit, ByExit,   cmp_by_exit);
   }
   VG_(memset)(&bs, 0, sizeof(bs));
   bs.band   = band_sites[0]->band;
   bs.listed = VG_(newXA)(VG_(malloc), "hb.sites.listed", VG_(free),
                          sizeof(HbListedSite));
   for (i = 0; i < n; i++) {
      if (cands[i].listed) {
         HbListedSite ls;
         UInt wlog = cands[i].site->bins_width_log;
         ls.id    = HB_(site_id)(cands[i].site);
         ls.stack = cands[i].site->stack;
         ls.fig   = cands[i].fig;
         ls.first_alloc = cands[i].site->first_alloc;
         ls.bins[0] = cands[i].site->bins[0];
         ls.bins[1] = cands[i].site->bins[1];
         align_bins(ls.bins, &wlog, width_log());
         VG_(addToXA)(bs.listed, &ls);
      } else {
         bs.n_others++;
         add_figures(&bs.others, &cands[i].fig);
      }
   }
   visit(&bs, opaque);
   VG_(deleteXA)(bs.listed);
   VG_(free)(order);
   VG_(free)(cands);
}

static Int cmp_band_then_seq ( const void* pa, const void* pb )
{
   const HbSite* a = *(HbSite* const*)pa;
   const HbSite* b = *(HbSite* const*)pb;
   if (a->band != b->band) return a->band < b->band ? -1 : 1;
   return a->seq < b->seq ? -1 : (a->seq > b->seq);
}

void HB_(sites_select) ( UInt limit, HbBandSitesVisitor visit, void* opaque )
{
   UInt     n = n_sites, i, lo, hi;
   HbSite** all;
   if (depth == 0 || n == 0) return;
   all = VG_(malloc)("hb.sites.all", n * sizeof(HbSite*));
   for (i = 0; i < n; i++) all[i] = HB_(site_by_id)(i + 1);
   VG_(ssort)(all, n, sizeof(HbSite*), cmp_band_then_seq);
   for (lo = 0; lo < n; lo = hi) {
      for (hi = lo; hi < n && all[hi]->band == all[lo]->band; hi++) {}
      select_in_band(all + lo, hi - lo, limit, visit, opaque);
   }
   VG_(free)(all);
}

/*--------------------------------------------------------------------*/
/*--- end                                               hb_sites.c ---*/
/*--------------------------------------------------------------------*/
