/*--------------------------------------------------------------------*/
/*--- heapband: allocation sites per band.              hb_sites.c ---*/
/*--------------------------------------------------------------------*/

/* Part of heapband; GPL-2.0-or-later, see hb_global.h. */

/* A site is the pair (stack, band).  The stack is unwound --depth frames
   deep past the malloc replacement's own frames (recognised by address:
   the text of vgpreload_heapband, found once), and interned by the core as
   an ExeContext, so that two allocations with the same written frames are
   one site.  The pair is a hash key: the ExeContext's unique number shifted
   left by 8 with the band in the low bits.  Each block points at its site,
   so a free updates the site without a lookup; an allocation costs the
   stack unwind (the dominant cost, as in massif and DHAT) plus one hash
   lookup. */

#include "hb_sites.h"
#include "hb_bands.h"
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
   UWord           key;      /* ecu << 8 | band */
   ExeContext*     ec;
   UInt            band;
   UInt            file_id;  /* number in the file, 0 until written */
   HbTime          first_t;  /* first allocation, to break ties */
   ULong           allocs_n, allocs_B;
   ULong           live_B, peak_live_B;
};

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

Bool HB_(sites_wanted) ( void ) { return depth > 0; }

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
   key  = ((UWord)VG_(get_ECU_from_ExeContext)(ec) << 8) | band;
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

/* Called for each site that makes a band's top k, in file order. */
typedef void (*SiteVisitor)( HbSite* site, UInt rank, Bool by_peak,
                             VgFile* fp );

/* Visits the top k of one band's slice of a sorted array. */
static void visit_band_top ( HbSite** slice, UInt n, UInt k, Bool by_peak,
                             SiteVisitor visit, VgFile* fp )
{
   UInt i, rank = 0;
   for (i = 0; i < n && rank < k; i++)
      if (rank_value(slice[i], by_peak) > 0)
         visit(slice[i], ++rank, by_peak, fp);
}

/* Band by band, the allocation ranking then the peak ranking: the order
   of the `top` lines.  Both arrays are sorted by band first. */
static void visit_all_tops ( HbSite** by_allocs, HbSite** by_peak, UInt n,
                             UInt k, SiteVisitor visit, VgFile* fp )
{
   UInt lo = 0, lo_p = 0;
   while (lo < n) {
      UInt band = by_allocs[lo]->band, hi = lo, hi_p = lo_p;
      while (hi < n && by_allocs[hi]->band == band) hi++;
      while (hi_p < n && by_peak[hi_p]->band == band) hi_p++;
      visit_band_top(by_allocs + lo, hi - lo, k, False, visit, fp);
      visit_band_top(by_peak + lo_p, hi_p - lo_p, k, True, visit, fp);
      lo = hi;
      lo_p = hi_p;
   }
}

/*------------------------------------------------------------*/
/*--- Writing                                              ---*/
/*------------------------------------------------------------*/

/* The same stack in several bands is one `site` record: its number is
   kept per ExeContext while writing. */
typedef struct _StackNumber {
   struct _StackNumber* next;
   UWord                key;     /* ecu */
   UInt                 file_id;
} StackNumber;

static VgHashTable* stack_numbers = NULL;
static UInt         next_file_id  = 1;

/* The frame text: no addresses, so that runs compare equal. */
static void describe_frame ( DiEpoch ep, Addr ip, HChar* buf, Int size )
{
   const HChar *fn = NULL, *file = NULL, *dir = NULL, *obj = NULL;
   UInt line = 0;
   Bool has_fn   = VG_(get_fnname)(ep, ip, &fn);
   Bool has_line = VG_(get_filename_linenum)(ep, ip, &file, &dir, &line);
   Bool has_obj  = VG_(get_objname)(ep, ip, &obj);
   if (!has_fn) fn = "???";
   if (has_line)
      VG_(snprintf)(buf, size, "%s (%s:%u)", fn, file, line);
   else if (has_obj)
      VG_(snprintf)(buf, size, "%s (in %s)", fn, obj);
   else
      VG_(snprintf)(buf, size, "%s", fn);
}

/* The stack's frames down to main (the core hides those below it). */
typedef struct {
   Addr ips[HB_MAX_DEPTH];
   UInt n;
} FrameList;

static void collect_frame ( UInt i, DiEpoch ep, Addr ip, void* opaque )
{
   FrameList* fl = opaque;
   if (fl->n < HB_MAX_DEPTH) fl->ips[fl->n++] = ip;
}

static void sanitize ( HChar* s )
{
   for (; *s; s++)
      if (*s < 0x20 || *s > 0x7e) *s = '?';
}

static void write_stack ( ExeContext* ec, UInt file_id, VgFile* fp )
{
   FrameList fl;
   HChar     text[1024];
   DiEpoch   ep = VG_(get_ExeContext_epoch)(ec);
   UInt      i;
   fl.n = 0;
   VG_(apply_ExeContext)(collect_frame, &fl, ec);
   VG_(fprintf)(fp, "site %u %u\n", file_id, fl.n);
   for (i = 0; i < fl.n; i++) {
      describe_frame(ep, fl.ips[i], text, sizeof(text));
      sanitize(text);
      VG_(fprintf)(fp, "frame %s\n", text);
   }
}

static void write_site ( HbSite* site, UInt rank, Bool by_peak, VgFile* fp )
{
   UWord        ecu = site->key >> 8;
   StackNumber* num;
   if (site->file_id != 0) return;
   num = VG_(HT_lookup)(stack_numbers, ecu);
   if (num == NULL) {
      num = VG_(malloc)("hb.sites.number", sizeof(StackNumber));
      num->key     = ecu;
      num->file_id = next_file_id++;
      VG_(HT_add_node)(stack_numbers, num);
      write_stack(site->ec, num->file_id, fp);
   }
   site->file_id = num->file_id;
}

static void write_top ( HbSite* site, UInt rank, Bool by_peak, VgFile* fp )
{
   VG_(fprintf)(fp, "top %u %s %u %u %llu %llu %llu\n", site->band,
                by_peak ? "peak" : "alloc", rank, site->file_id,
                site->allocs_n, site->allocs_B, site->peak_live_B);
}

void HB_(sites_write) ( VgFile* fp, UInt k )
{
   UInt      n, i;
   HbSite**  by_allocs;
   HbSite**  by_peak;
   if (depth == 0 || k == 0) return;
   by_allocs = (HbSite**)VG_(HT_to_array)(sites, &n);
   if (n == 0) { VG_(free)(by_allocs); return; }
   by_peak = VG_(malloc)("hb.sites.sorted", n * sizeof(HbSite*));
   for (i = 0; i < n; i++) by_peak[i] = by_allocs[i];
   VG_(ssort)(by_allocs, n, sizeof(HbSite*), cmp_by_allocs);
   VG_(ssort)(by_peak,   n, sizeof(HbSite*), cmp_by_peak);
   stack_numbers = VG_(HT_construct)("hb.sites.numbers");
   /* Sites are numbered in order of first use in the top lines, and all
      are written before the first top line. */
   visit_all_tops(by_allocs, by_peak, n, k, write_site, fp);
   visit_all_tops(by_allocs, by_peak, n, k, write_top, fp);
   VG_(HT_destruct)(stack_numbers, VG_(free));
   VG_(free)(by_allocs);
   VG_(free)(by_peak);
}

/*--------------------------------------------------------------------*/
/*--- end                                               hb_sites.c ---*/
/*--------------------------------------------------------------------*/
