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

/* Owns: the allocation sites and their counts, and their rankings.

   A site is the pair (stack, band).  The stack is unwound --depth frames
   deep past the malloc replacement's own frames (recognised by address:
   the text of vgpreload_heapband, found once), and interned by the core as
   an ExeContext, so that two allocations with the same written frames are
   one site.  The pair is a hash key: the ExeContext's unique number (ECU)
   times HB_MAX_BANDS plus the band.

   Invariant: a site's live_B is the sum of the sizes of the live blocks
   that point at it, and peak_live_B the largest live_B it ever had.

   Cost: each block points at its site, so a free updates the site without
   a lookup; an allocation costs the stack unwind (the dominant cost, as in
   massif and DHAT; --depth=0 skips it) plus one hash lookup.  A site is a
   72-byte node that lives until the end of the run. */

#include "hb_sites.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_stacktrace.h"

/* Frames of the malloc replacement above the caller: realloc(NULL, n)
   calls malloc inside the preload, so up to two. */
#define HB_REPLACEMENT_FRAMES 2

struct _HbSite {
   struct _HbSite* next;     /* VgHashNode header */
   UWord           key;      /* site_key(ECU of ec, band) */
   ExeContext*     ec;
   UInt            band;
   HbTime          first_t;  /* first allocation, to break ties */
   ULong           allocs_n, allocs_B;
   ULong           live_B, peak_live_B;
};

/* The key's low bits hold the band, which is below HB_MAX_BANDS
   (hb_bands.c checks it), so no two sites share a key.  HB_MAX_BANDS is a
   power of two, so the multiplication is a shift. */
STATIC_ASSERT((HB_MAX_BANDS & (HB_MAX_BANDS - 1)) == 0);

static UWord site_key ( UInt ecu, UInt band )
{
   return (UWord)ecu * HB_MAX_BANDS + band;
}

static UInt         depth = 0;
static VgHashTable* sites = NULL;

/* The text of the malloc replacement, whose frames are not the program's. */
static Bool replacement_looked_up = False;
static Addr replacement_lo = 0, replacement_hi = 0;

void HB_(sites_init) ( UInt d )
{
   depth = d;
   if (depth == 0) return;
   sites = VG_(HT_construct)("hb.sites");
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

/* A stack without the replacement's frames. */
typedef struct {
   Addr ips[HB_MAX_DEPTH];
   UInt n;
} Stack;

/* The allocating thread's stack, without the replacement's frames. */
static void current_stack ( ThreadId tid, Stack* st )
{
   Addr ips[HB_MAX_DEPTH + HB_REPLACEMENT_FRAMES];
   UInt n, skip = 0, i;
   if (!replacement_looked_up) look_up_replacement();
   n = VG_(get_StackTrace)(tid, ips, depth + HB_REPLACEMENT_FRAMES,
                           NULL, NULL, 0);
   while (skip < n && skip < HB_REPLACEMENT_FRAMES && in_replacement(ips[skip]))
      skip++;
   if (skip == n) skip = 0;           /* keep something to show */
   if (n - skip > depth) n = skip + depth;
   st->n = n - skip;
   for (i = 0; i < st->n; i++) st->ips[i] = ips[skip + i];
}

static Bool same_stack ( const Stack* a, const Stack* b )
{
   UInt i;
   if (a->n != b->n) return False;
   for (i = 0; i < a->n; i++)
      if (a->ips[i] != b->ips[i]) return False;
   return True;
}

/* The stack of the previous allocation: loops allocate from one stack
   many times in a row, and then the core's ExeContext table need not be
   searched. */
static Stack       last_stack;
static ExeContext* last_ec = NULL;

HbSite* HB_(site_of) ( ThreadId tid, UInt band, HbTime now )
{
   Stack       stack;
   ExeContext* ec;
   UWord       key;
   HbSite*     site;
   if (depth == 0) return NULL;
   current_stack(tid, &stack);
   if (last_ec != NULL && same_stack(&stack, &last_stack)) {
      ec = last_ec;
   } else {
      ec = VG_(make_ExeContext_from_StackTrace)(stack.ips, stack.n);
      last_stack = stack;
      last_ec    = ec;
   }
   key  = site_key(VG_(get_ECU_from_ExeContext)(ec), band);
   site = VG_(HT_lookup)(sites, key);
   if (site == NULL) {
      site = VG_(calloc)("hb.site", 1, sizeof(HbSite));
      site->key     = key;
      site->ec      = ec;
      site->band    = band;
      site->first_t = now;
      VG_(HT_add_node)(sites, site);
   }
   return site;
}

void HB_(site_gains) ( HbSite* site, SizeT szB )
{
   if (site == NULL) return;
   site->allocs_n++;
   site->allocs_B += szB;
   site->live_B   += szB;
   if (site->live_B > site->peak_live_B) site->peak_live_B = site->live_B;
}

void HB_(site_loses) ( HbSite* site, SizeT szB )
{
   if (site == NULL) return;
   tl_assert(site->live_B >= szB);
   site->live_B -= szB;
}

/*------------------------------------------------------------*/
/*--- Ranking                                              ---*/
/*------------------------------------------------------------*/

static Int cmp_first_t ( const HbSite* a, const HbSite* b )
{
   if (a->first_t != b->first_t) return a->first_t < b->first_t ? -1 : 1;
   return a->key < b->key ? -1 : (a->key > b->key ? 1 : 0);
}

static Int cmp_by_allocs ( const void* pa, const void* pb )
{
   const HbSite* a = *(HbSite* const*)pa;
   const HbSite* b = *(HbSite* const*)pb;
   if (a->band != b->band) return a->band < b->band ? -1 : 1;
   if (a->allocs_B != b->allocs_B) return a->allocs_B > b->allocs_B ? -1 : 1;
   return cmp_first_t(a, b);
}

static Int cmp_by_peak ( const void* pa, const void* pb )
{
   const HbSite* a = *(HbSite* const*)pa;
   const HbSite* b = *(HbSite* const*)pb;
   if (a->band != b->band) return a->band < b->band ? -1 : 1;
   if (a->peak_live_B != b->peak_live_B)
      return a->peak_live_B > b->peak_live_B ? -1 : 1;
   return cmp_first_t(a, b);
}

static ULong rank_value ( const HbSite* s, Bool by_peak )
{
   return by_peak ? s->peak_live_B : s->allocs_B;
}

/* Appends the top k of one band's slice of a sorted array. */
static void rank_band ( HbSite** slice, UInt n, UInt k, Bool by_peak,
                        XArray* ranked )
{
   UInt i, rank = 0;
   for (i = 0; i < n && rank < k; i++) {
      const HbSite* s = slice[i];
      HbRankedSite  r;
      if (rank_value(s, by_peak) == 0) continue;
      r.band        = s->band;
      r.by_peak     = by_peak;
      r.rank        = ++rank;
      r.stack       = s->ec;
      r.allocs_n    = s->allocs_n;
      r.allocs_B    = s->allocs_B;
      r.peak_live_B = s->peak_live_B;
      VG_(addToXA)(ranked, &r);
   }
}

/* Band by band, the allocation ranking then the peak ranking.  Both
   arrays are sorted by band first. */
static void rank_all_bands ( HbSite** by_allocs, HbSite** by_peak, UInt n,
                             UInt k, XArray* ranked )
{
   UInt lo = 0, lo_p = 0;
   while (lo < n) {
      UInt band = by_allocs[lo]->band, hi = lo, hi_p = lo_p;
      while (hi < n && by_allocs[hi]->band == band) hi++;
      while (hi_p < n && by_peak[hi_p]->band == band) hi_p++;
      rank_band(by_allocs + lo, hi - lo, k, False, ranked);
      rank_band(by_peak + lo_p, hi_p - lo_p, k, True, ranked);
      lo = hi;
      lo_p = hi_p;
   }
}

XArray* HB_(sites_ranked) ( UInt k )
{
   UInt      n, i;
   HbSite**  by_allocs;
   HbSite**  by_peak;
   XArray*   ranked;
   if (depth == 0 || k == 0) return NULL;
   ranked = VG_(newXA)(VG_(malloc), "hb.sites.ranked", VG_(free),
                       sizeof(HbRankedSite));
   by_allocs = (HbSite**)VG_(HT_to_array)(sites, &n);
   if (n == 0) { VG_(free)(by_allocs); return ranked; }
   by_peak = VG_(malloc)("hb.sites.sorted", n * sizeof(HbSite*));
   for (i = 0; i < n; i++) by_peak[i] = by_allocs[i];
   VG_(ssort)(by_allocs, n, sizeof(HbSite*), cmp_by_allocs);
   VG_(ssort)(by_peak,   n, sizeof(HbSite*), cmp_by_peak);
   rank_all_bands(by_allocs, by_peak, n, k, ranked);
   VG_(free)(by_allocs);
   VG_(free)(by_peak);
   return ranked;
}

/*--------------------------------------------------------------------*/
/*--- end                                               hb_sites.c ---*/
/*--------------------------------------------------------------------*/
