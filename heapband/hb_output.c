/*--------------------------------------------------------------------*/
/*--- heapband: the heap-band file and the summary.    hb_output.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* - Owns: the heap-band file (docs/heapband-format.md) and the summary on
     stderr: the only file that knows the records' syntax and makes text
     printable (write_text); the others hand over data through accessors.
   - Invariant: records in the order of the format's sections; nothing
     written depends on addresses, the pid (but the `pid:` and `ppid:`
     lines) or the wall clock; only cells with an event are written.
   - Cost: once at exit (and per snapshot): two passes over the grid and the
     lifetime table; with sites, choosing them and one lookup per frame.

   It also numbers the site section's tables (objects, sources, frames,
   sites) in order of first use in the file.  Two runs of a deterministic
   program give files that differ only in their `pid:` and `ppid:` lines.
   With sites, writing costs one hash lookup per listed site and per frame
   of a new one, and the function and line of each frame written.

   Where the bytes go, and whether they stay, is hb_outfile.c's: this
   file only hands them to its writer (hb_writer.c), which checks every
   write.

   A snapshot (hb_snapshot.c) writes the same file at any moment: every
   figure is read through accessors that leave the modules as they were,
   and "at exit" means at the snapshot's time. */

#include "hb_output.h"
#include "hb_bands.h"
#include "hb_columns.h"
#include "hb_ending.h"
#include "hb_leakscan.h"
#include "hb_life.h"
#include "hb_mappings.h"
#include "hb_marks.h"
#include "hb_options.h"
#include "hb_outfile.h"
#include "hb_sites.h"
#include "hb_slop.h"
#include "hb_stacks.h"
#include "hb_time.h"
#include "hb_totals.h"
#include "pub_tool_clientstate.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_vki.h"
#include "pub_tool_xarray.h"

/* The `cmd:` line's text (the program and its arguments) is cut at the
   first argument that would take it past this many bytes.  The line needs
   only 9 bytes beside the text ("cmd: " and the " ..." that marks a cut);
   the rest of the margin is slack, kept so that a command gives the same
   `cmd:` line with every version of the tool. */
#define HB_CMD_WORDS_MAX (HB_LINE_MAX - 1096)

/* Text fields are printable ASCII only, so the file stays line-oriented:
   every other byte (a newline included) becomes '?'.  At most max bytes
   are written. */
static void write_text_cut ( HbWriter* fp, const HChar* s, SizeT max )
{
   HChar buf[256];
   Int   n = 0;
   for (; *s && max > 0; s++, max--) {
      buf[n++] = (*s >= 0x20 && *s <= 0x7e) ? *s : '?';
      if (n == (Int)sizeof(buf) - 1) {
         buf[n] = 0;
         HB_(wprintf)(fp, "%s", buf);
         n = 0;
      }
   }
   buf[n] = 0;
   HB_(wprintf)(fp, "%s", buf);
}

/* Text whose length its source bounds (a mark, a word of the command). */
static void write_text ( HbWriter* fp, const HChar* s )
{
   write_text_cut(fp, s, (SizeT)-1);
}

/*------------------------------------------------------------*/
/*--- Header, bands and run summary (sections 1 to 3)      ---*/
/*------------------------------------------------------------*/

static void write_command ( HbWriter* fp )
{
   SizeT written = VG_(strlen)(VG_(args_the_exename));
   Word  i;
   HB_(wprintf)(fp, "cmd: ");
   write_text(fp, VG_(args_the_exename));
   for (i = 0; i < VG_(sizeXA)(VG_(args_for_client)); i++) {
      const HChar* arg = *(HChar**)VG_(indexXA)(VG_(args_for_client), i);
      written += 1 + VG_(strlen)(arg);
      if (written > HB_CMD_WORDS_MAX) { HB_(wprintf)(fp, " ..."); break; }
      HB_(wprintf)(fp, " ");
      write_text(fp, arg);
   }
   HB_(wprintf)(fp, "\n");
}

static void write_header ( HbWriter* fp, HbTime end )
{
   HB_(wprintf)(fp, "heapband-format %d\n", HB_FORMAT_VERSION);
   HB_(wprintf)(fp, "tool: heapband %s\n", HB_VERSION);
   write_command(fp);
   HB_(wprintf)(fp, "pid: %d\n", VG_(getpid)());
   HB_(wprintf)(fp, "ppid: %d\n", VG_(getppid)());
   HB_(wprintf)(fp, "time-unit: %s\n", HB_(time_unit_name)(HB_(time_unit)()));
   HB_(wprintf)(fp, "bands: %s\n", HB_(bands_are_quarter)() ? "quarter" : "pow2");
   HB_(wprintf)(fp, "band-count: %u\n", HB_(n_bands)());
   HB_(wprintf)(fp, "columns-budget: %u\n", HB_(columns_budget)());
   HB_(wprintf)(fp, "column-width: %llu\n", HB_(columns_width)());
   HB_(wprintf)(fp, "column-count: %u\n", HB_(columns_count)());
   HB_(wprintf)(fp, "end-time: %llu\n", end);
   HB_(wprintf)(fp, "depth: %u\n", HB_(clo).depth);
   if (HB_(clo).sites == 0)
      HB_(wprintf)(fp, "site-limit: all\n");
   else
      HB_(wprintf)(fp, "site-limit: %u\n", HB_(clo).sites);
   HB_(wprintf)(fp, "leak-scan: %s\n", HB_(clo).leak_scan ? "yes" : "no");
   HB_(wprintf)(fp, "allocator: %s\n",
                HB_(clo).allocator_program ? "program" : "valgrind");
}

/* The six figures of the lost kinds, after a record's leading fields. */
static void write_lost ( HbWriter* fp, const HbLost* lost )
{
   UInt k;
   for (k = 0; k < HbLostKinds; k++)
      HB_(wprintf)(fp, " %llu %llu", lost->szB[k], lost->n[k]);
   HB_(wprintf)(fp, "\n");
}

static void write_bands ( HbWriter* fp )
{
   UInt b;
   for (b = 0; b < HB_(n_bands)(); b++)
      HB_(wprintf)(fp, "band %u %llu %llu\n", b, HB_(band_lo)(b), HB_(band_hi)(b));
}

/* The footprint and the other anonymous memory (version 4). */
static void write_memory ( HbWriter* fp )
{
   const HbMappings* m = HB_(mappings)();
   HB_(wprintf)(fp, "footprint %llu %llu %llu %llu %llu\n", m->foot_peak_B,
                m->foot_peak_t, m->foot_B, m->live_at_foot_peak_B,
                m->slop_at_foot_peak_B);
   HB_(wprintf)(fp, "other-anon %llu %llu\n", m->anon_peak_B, m->anon_B);
}

static void write_run_summary ( HbWriter* fp, HbTime end )
{
   HbRunTotals run = HB_(run_totals_at)(end);
   HB_(wprintf)(fp, "total %llu %llu %llu %llu\n",
                run.allocs_n, run.allocs_B, run.frees_n, run.frees_B);
   HB_(wprintf)(fp, "peak %llu %llu %llu %llu\n", run.peak_B,
                run.peak_blocks, run.peak_reached, run.peak_left);
   HB_(wprintf)(fp, "exit %llu %llu\n", run.live_B, run.live_blocks);
   if (HB_(clo).leak_scan) {
      HB_(wprintf)(fp, "exit-lost");
      write_lost(fp, HB_(lost_run)());
   }
   HB_(wprintf)(fp, "unknown-frees %llu\n", run.unknown_frees);
   write_memory(fp);
}

static void write_marks ( HbWriter* fp )
{
   UInt i;
   for (i = 0; i < HB_(marks_count)(); i++) {
      const HbMark* mark = HB_(mark_at)(i);
      HB_(wprintf)(fp, "mark %llu ", mark->t);
      write_text(fp, mark->name);
      HB_(wprintf)(fp, "\n");
   }
   if (HB_(marks_dropped)() > 0)
      HB_(wprintf)(fp, "marks-dropped %llu\n", HB_(marks_dropped)());
}

/*------------------------------------------------------------*/
/*--- Columns, cells and lifetimes (sections 4 to 6)       ---*/
/*------------------------------------------------------------*/

/* A cell with no allocation and no free only carries its band's live
   bytes forward: the reader derives it (section 5), so it is not
   written, nor is a column of such cells.  hb_columns.c says which cells
   have events, so the quiet ones are never read: a write costs the
   records it writes, not columns x bands (1.3 s at --columns=65536). */
static Bool cell_is_quiet ( const HbCell* cell )
{
   return (cell->allocs_n | cell->frees_n) == 0;
}

static void write_columns ( HbWriter* fp )
{
   UInt c;
   for (c = 0; c < HB_(columns_count)(); c++) {
      const HbColumn* col = HB_(column)(c);
      if (HB_(column_quiet)(c)) continue;
      HB_(wprintf)(fp, "col %u %llu %llu %llu\n", c,
                   col->live_end_B, col->live_max_B, col->blocks_end);
   }
}

/* The cells the writes have read, for --stats: equal to the cell
   records written, whatever the column budget (tests/tool/write-cost). */
static ULong cells_read = 0;

ULong HB_(cells_read_by_writes) ( void )
{
   return cells_read;
}

/* A column's gauges as a reader derives them when it has no `fcol`
   record: every end and maximum at the previous column's end. */
static Bool gauges_are_quiet ( const HbColumnGauges* g, const ULong* prev )
{
   UInt k;
   for (k = 0; k < HbGauges; k++)
      if (g->end_B[k] != prev[k] || g->max_B[k] != prev[k]) return False;
   return True;
}

static void write_gauges ( HbWriter* fp )
{
   ULong prev[HbGauges] = { 0, 0, 0 };
   UInt  c, k;
   for (c = 0; c < HB_(columns_count)(); c++) {
      const HbColumnGauges* g = HB_(column_gauges)(c);
      if (!gauges_are_quiet(g, prev))
         HB_(wprintf)(fp, "fcol %u %llu %llu %llu %llu %llu %llu\n", c,
                      g->end_B[HbGaugeFoot], g->max_B[HbGaugeFoot],
                      g->end_B[HbGaugeAnon], g->max_B[HbGaugeAnon],
                      g->end_B[HbGaugeSlop], g->max_B[HbGaugeSlop]);
      for (k = 0; k < HbGauges; k++) prev[k] = g->end_B[k];
   }
}

static void write_cells ( HbWriter* fp )
{
   HChar integral[48];
   UInt  c, b;
   for (c = 0; c < HB_(columns_count)(); c++) {
      for (b = HB_(column_next_band)(c, 0); b < HB_(n_bands)();
           b = HB_(column_next_band)(c, b + 1)) {
         const HbCell* cell = HB_(cell)(c, b);
         cells_read++;
         tl_assert(!cell_is_quiet(cell));
         HB_(u128_to_dec)(&cell->live_integral, integral);
         HB_(wprintf)(fp, "cell %u %u %llu %llu %llu %llu %llu %llu %s\n",
                      c, b, cell->allocs_n, cell->allocs_B, cell->frees_n,
                      cell->frees_B, cell->live_end_B, cell->live_max_B,
                      integral);
      }
   }
}

/* Per (column, band) with an event, its live slop, when it is not the
   one a reader derives (the band's slop at the end of its previous
   `scell`, section 5): slop changes only with a block's event, so the
   cells without one never differ and are never read. */
static void write_cell_slop ( HbWriter* fp )
{
   static ULong prev[HB_MAX_BANDS];   /* per band, the END derived now */
   UInt c, b;
   if (HB_(cell_slop)(0, 0) == NULL) return;
   VG_(memset)(prev, 0, sizeof prev);
   for (c = 0; c < HB_(columns_count)(); c++) {
      for (b = HB_(column_next_band)(c, 0); b < HB_(n_bands)();
           b = HB_(column_next_band)(c, b + 1)) {
         const HbCellSlop* s = HB_(cell_slop)(c, b);
         if (s->end_B == prev[b] && s->max_B == prev[b]) continue;
         HB_(wprintf)(fp, "scell %u %u %llu %llu\n", c, b, s->end_B,
                      s->max_B);
         prev[b] = s->end_B;
      }
   }
}

/* Per band, the slop allocated, live at the peak and at exit (version
   4; only the program's allocator has any). */
static void write_band_slop ( HbWriter* fp )
{
   UInt b;
   for (b = 0; b < HB_(n_bands)(); b++) {
      const HbLivePart* slop = HB_(slop_band)(b);
      if (HB_(slop_allocated)(b) > 0)
         HB_(wprintf)(fp, "slop %u %llu %llu %llu\n", b,
                      HB_(slop_allocated)(b), HB_(part_at_peak_B)(slop),
                      slop->live_B);
   }
}

/* Then the bands' live blocks at exit (`leak`) and at the peak
   (`at-peak`). */
static void write_lifetimes ( HbWriter* fp )
{
   UInt b, k;
   for (b = 0; b < HB_(n_bands)(); b++) {
      for (k = 0; k < HB_LIFE_BUCKETS; k++) {
         HbBlockCount freed = HB_(life_freed)(b, k);
         if (freed.n > 0)
            HB_(wprintf)(fp, "life %u %u %llu %llu\n", b, k, freed.n, freed.szB);
      }
   }
   for (b = 0; b < HB_(n_bands)(); b++) {
      const HbLivePart* live = HB_(band_live)(b);
      if (live->live_n > 0)
         HB_(wprintf)(fp, "leak %u %llu %llu\n", b, live->live_n, live->live_B);
   }
   for (b = 0; HB_(clo).leak_scan && b < HB_(n_bands)(); b++) {
      if (!HB_(lost_any)(HB_(lost_in_band)(b))) continue;
      HB_(wprintf)(fp, "lost %u", b);
      write_lost(fp, HB_(lost_in_band)(b));
   }
   for (b = 0; b < HB_(n_bands)(); b++) {
      const HbLivePart* live = HB_(band_live)(b);
      if (HB_(part_at_peak_n)(live) > 0)
         HB_(wprintf)(fp, "at-peak %u %llu %llu\n", b,
                      HB_(part_at_peak_B)(live), HB_(part_at_peak_n)(live));
   }
   write_band_slop(fp);
}

/*------------------------------------------------------------*/
/*--- Allocation sites (section 7)                         ---*/
/*------------------------------------------------------------*/

/* The numbers of one table's entries, given in order of first use. */
typedef struct _Numbered {
   struct _Numbered* next;   /* VgHashNode header */
   UWord             key;    /* what is numbered: a pointer or an id */
   UInt              no;
} Numbered;

typedef struct {
   VgHashTable* table;
   UInt         count;
} Numbering;

/* key's number, or 0 if it has none yet. */
static UInt number_of ( const Numbering* numbering, UWord key )
{
   const Numbered* entry = VG_(HT_lookup)(numbering->table, key);
   return entry != NULL ? entry->no : 0;
}

static UInt give_number ( Numbering* numbering, UWord key )
{
   Numbered* entry = VG_(malloc)("hb.output.number", sizeof(Numbered));
   entry->key = key;
   entry->no  = ++numbering->count;
   VG_(HT_add_node)(numbering->table, entry);
   return entry->no;
}

/* The file and the four tables: an entry's record is written when it
   gets its number, just before the first record that uses it. */
typedef struct {
   HbWriter*   fp;
   Numbering objects, sources, frames, stacks;
} SiteWriter;

static UInt name_number ( SiteWriter* w, Numbering* numbering,
                          const HChar* keyword, const HChar* name )
{
   UInt no;
   if (name == NULL) return 0;
   no = number_of(numbering, (UWord)name);
   if (no > 0) return no;
   no = give_number(numbering, (UWord)name);
   HB_(wprintf)(w->fp, "%s %u ", keyword, no);
   write_text_cut(w->fp, name, HB_NAME_MAX);
   HB_(wprintf)(w->fp, "\n");
   return no;
}

static UInt frame_number ( SiteWriter* w, const HbFrame* frame )
{
   HbFrameText text;
   UInt        no = number_of(&w->frames, (UWord)frame);
   UInt        object_no, source_no;
   if (no > 0) return no;
   HB_(frame_text)(frame, &text);
   object_no = name_number(w, &w->objects, "object", text.object);
   source_no = name_number(w, &w->sources, "source", text.file);
   no = give_number(&w->frames, (UWord)frame);
   HB_(wprintf)(w->fp, "frame %u %u 0x%lx %u %u ", no, object_no,
                text.offset, source_no, text.line);
   write_text_cut(w->fp, text.fn, HB_NAME_MAX);
   HB_(wprintf)(w->fp, "\n");
   return no;
}

static UInt stack_number ( SiteWriter* w, const HbStack* stack )
{
   UInt frame_nos[HB_MAX_DEPTH];
   UInt n  = HB_(stack_depth)(stack);
   UInt no = number_of(&w->stacks, HB_(stack_id)(stack));
   UInt i;
   if (no > 0) return no;
   for (i = 0; i < n; i++)
      frame_nos[i] = frame_number(w, HB_(stack_frame)(stack, i));
   no = give_number(&w->stacks, HB_(stack_id)(stack));
   HB_(wprintf)(w->fp, "site %u %u", no, n);
   for (i = 0; i < n; i++) HB_(wprintf)(w->fp, " %u", frame_nos[i]);
   HB_(wprintf)(w->fp, "\n");
   return no;
}

typedef struct {
   UInt                no;
   const HbListedSite* site;
} NumberedSite;

static Int cmp_site_no ( const void* a, const void* b )
{
   UInt na = ((const NumberedSite*)a)->no, nb = ((const NumberedSite*)b)->no;
   return na < nb ? -1 : (na > nb);
}

/* The end of a site's `sb` line: the stored columns of its set time
   bins, as ranges of consecutive columns (" c" or " c0-c1"), the last
   bin cut at the last column, and the newline.  A listed site allocated
   in its band (hb_main.c counts a block at the site it takes it from),
   so at least one bin is set. */
static void write_site_times ( HbWriter* fp, const ULong* bins )
{
   UInt k = HB_(site_bin_shift)(), last = HB_(columns_count)() - 1, i = 0;
   while (i < HB_SITE_TIME_BINS) {
      UInt lo, hi, j;
      if (!(bins[i / 64] >> (i % 64) & 1)) { i++; continue; }
      for (j = i; j + 1 < HB_SITE_TIME_BINS
                  && (bins[(j + 1) / 64] >> ((j + 1) % 64) & 1); j++) {}
      lo = i << k;
      hi = ((j + 1) << k) - 1;
      if (hi > last) hi = last;
      if (lo == hi) HB_(wprintf)(fp, " %u", lo);
      else          HB_(wprintf)(fp, " %u-%u", lo, hi);
      i = j + 1;
   }
   HB_(wprintf)(fp, "\n");
}

/* The `sl` line after a site's `sb` line (S its number) or the `so`
   line (S = 0), when some of its blocks live at exit are lost. */
static void write_site_lost ( HbWriter* fp, UInt band, UInt s,
                              const HbLost* lost )
{
   if (!HB_(clo).leak_scan || !HB_(lost_any)(lost)) return;
   HB_(wprintf)(fp, "sl %u %u", band, s);
   write_lost(fp, lost);
}

/* What a band loses at the sites not listed: the band's figures less
   the listed sites'. */
static void subtract_lost ( HbLost* from, const HbLost* lost )
{
   UInt k;
   for (k = 0; k < HbLostKinds; k++) {
      tl_assert(from->szB[k] >= lost->szB[k] && from->n[k] >= lost->n[k]);
      from->szB[k] -= lost->szB[k];
      from->n[k]   -= lost->n[k];
   }
}

/* Section 18: the allocation numbers of each `sb` record's site, kept
   while the sites are written and written after them (their records sit
   together, before section 8). */
typedef struct {
   UInt  band, no;
   ULong first, lost[HbLostKinds];
} AllocNumbers;

static XArray* site_numbers = NULL;   /* of AllocNumbers, in sb order */

static void note_site_numbers ( UInt band, UInt no, const HbListedSite* site )
{
   AllocNumbers  an;
   const HbLost* lost = HB_(lost_at_site)(site->id);
   UInt          k;
   an.band  = band;
   an.no    = no;
   an.first = site->first_alloc;
   for (k = 0; k < HbLostKinds; k++) an.lost[k] = lost->first_alloc[k];
   VG_(addToXA)(site_numbers, &an);
}

/* One band's `sb` lines in increasing site number, each ending with its
   site's times, then its `so` line.
   Sites listed for the first time get their numbers (and records) in
   the order hb_sites.c gives them, after every site numbered before. */
static void write_band_sites ( const HbBandSites* bs, void* opaque )
{
   SiteWriter*   w = opaque;
   UInt          n = VG_(sizeXA)(bs->listed), i;
   NumberedSite* sorted = VG_(malloc)("hb.output.sorted",   /* never 0 */
                                      (n + 1) * sizeof(NumberedSite));
   HbLost        others_lost;
   for (i = 0; i < n; i++) {
      sorted[i].site = VG_(indexXA)(bs->listed, i);
      sorted[i].no   = stack_number(w, sorted[i].site->stack);
   }
   VG_(ssort)(sorted, n, sizeof(NumberedSite), cmp_site_no);
   others_lost = *HB_(lost_in_band)(bs->band);
   for (i = 0; i < n; i++) {
      const HbSiteFigures* f = &sorted[i].site->fig;
      tl_assert(f->allocs_n > 0);
      HB_(wprintf)(w->fp, "sb %u %u %llu %llu %llu %llu %llu %llu %llu",
                   bs->band, sorted[i].no, f->allocs_n, f->allocs_B,
                   f->peak_B, f->peak_n, f->exit_B, f->exit_n, f->max_B);
      write_site_times(w->fp, sorted[i].site->bins);
      write_site_lost(w->fp, bs->band, sorted[i].no,
                      HB_(lost_at_site)(sorted[i].site->id));
      note_site_numbers(bs->band, sorted[i].no, sorted[i].site);
      subtract_lost(&others_lost, HB_(lost_at_site)(sorted[i].site->id));
   }
   if (bs->n_others > 0) {
      const HbSiteFigures* f = &bs->others;
      HB_(wprintf)(w->fp, "so %u %llu %llu %llu %llu %llu %llu %llu\n",
                   bs->band, bs->n_others, f->allocs_n, f->allocs_B,
                   f->peak_B, f->peak_n, f->exit_B, f->exit_n);
      write_site_lost(w->fp, bs->band, 0, &others_lost);
   }
   VG_(free)(sorted);
}

/* The numberings live from the first site to the last record that
   names a stack (section 13's signal). */
#define SITE_TABLES(w) { &(w)->objects, &(w)->sources, &(w)->frames, \
                         &(w)->stacks }

static void open_site_writer ( SiteWriter* w, HbWriter* fp )
{
   Numbering* tables[] = SITE_TABLES(w);
   UInt       i;
   w->fp = fp;
   site_numbers = VG_(newXA)(VG_(malloc), "hb.output.numbers", VG_(free),
                             sizeof(AllocNumbers));
   for (i = 0; i < sizeof(tables) / sizeof(tables[0]); i++) {
      tables[i]->table = VG_(HT_construct)("hb.output.numbers");
      tables[i]->count = 0;
   }
}

static void close_site_writer ( SiteWriter* w )
{
   Numbering* tables[] = SITE_TABLES(w);
   UInt       i;
   for (i = 0; i < sizeof(tables) / sizeof(tables[0]); i++)
      VG_(HT_destruct)(tables[i]->table, VG_(free));
}

/* Section 18: the peak's allocation, then each listed site's first
   allocation and its first lost block of each kind (all 0 without the
   leak scan). */
static void write_alloc_numbers ( HbWriter* fp, HbTime end )
{
   HbRunTotals run = HB_(run_totals_at)(end);
   Word        i;
   HB_(wprintf)(fp, "alloc-peak %llu\n", run.peak_alloc_n);
   for (i = 0; i < VG_(sizeXA)(site_numbers); i++) {
      const AllocNumbers* an = VG_(indexXA)(site_numbers, i);
      HB_(wprintf)(fp, "alloc-site %u %u %llu %llu %llu %llu\n", an->band,
                   an->no, an->first, an->lost[HbDefinitely],
                   an->lost[HbIndirectly], an->lost[HbPossibly]);
   }
   VG_(deleteXA)(site_numbers);
   site_numbers = NULL;
}

static void write_sites ( SiteWriter* w )
{
   HB_(sites_select)(HB_(clo).sites, write_band_sites, w);
}

/*------------------------------------------------------------*/
/*--- How the run ended (section 13)                       ---*/
/*------------------------------------------------------------*/

/* A text record: keyword, the text, cut as a name is. */
static void write_named ( HbWriter* fp, const HChar* keyword,
                          const HChar* text )
{
   HB_(wprintf)(fp, "%s ", keyword);
   write_text_cut(fp, text, HB_NAME_MAX);
   HB_(wprintf)(fp, "\n");
}

/* The signal's stack first (its records, when new, come before the
   records that name it), then the file this program follows, the ending
   and the file of the program an exec starts. */
static void write_ending ( SiteWriter* w, const HbEnding* e )
{
   HbWriter* fp   = w->fp;
   UInt      site = e->kind == HbEndSignal && e->stack != NULL
                    ? stack_number(w, e->stack) : 0;
   if (HB_(exec_from)() != NULL)
      write_named(fp, "exec-from", HB_(exec_from)());
   switch (e->kind) {
      case HbEndRunning:
         HB_(wprintf)(fp, "ending running\n");
         break;
      case HbEndExit:
         HB_(wprintf)(fp, "ending exit %d\n", e->status);
         break;
      case HbEndSignal:
         HB_(wprintf)(fp, "ending signal %d %s %u\n", e->signo,
                      e->signo > 0 ? HB_(signal_name)(e->signo) : "unknown",
                      site);
         break;
      case HbEndExec:
         write_named(fp, "ending exec", e->program);
         if (e->next_file != NULL) write_named(fp, "exec-to", e->next_file);
         break;
   }
}

/*------------------------------------------------------------*/
/*--- The file                                             ---*/
/*------------------------------------------------------------*/

static void write_sections ( HbWriter* fp, HbTime end,
                             const HbEnding* ending )
{
   SiteWriter w;
   write_header(fp, end);
   write_bands(fp);
   write_run_summary(fp, end);
   write_marks(fp);
   write_columns(fp);
   write_gauges(fp);
   write_cells(fp);
   write_cell_slop(fp);
   write_lifetimes(fp);
   open_site_writer(&w, fp);
   write_sites(&w);
   /* A fatal signal's stack is a site of section 7's table: numbered (its
      records written) before section 18's records, which follow 7's. */
   if (ending->kind == HbEndSignal && ending->stack != NULL)
      (void)stack_number(&w, ending->stack);
   write_alloc_numbers(fp, end);
   write_ending(&w, ending);
   close_site_writer(&w);
   HB_(wprintf)(fp, "end\n");
}

HChar* HB_(out_file_name) ( void )
{
   return VG_(expand_file_name)("--heapband-out-file", HB_(clo).out_file);
}

/* hb_outfile.c decides where the bytes go and whether they stay. */
Bool HB_(write_file_ending) ( const HChar* name, HbTime end,
                              const HbEnding* ending )
{
   HbOutFile* of = HB_(outfile_begin)(name);
   if (of == NULL) return False;
   write_sections(HB_(outfile_writer)(of), end, ending);
   return HB_(outfile_commit)(of);
}

Bool HB_(write_snapshot_as) ( const HChar* name, HbTime end )
{
   HbEnding running;
   VG_(memset)(&running, 0, sizeof running);
   running.kind = HbEndRunning;
   return HB_(write_file_ending)(name, end, &running);
}

const HChar* HB_(write_file) ( HbTime end )
{
   HChar*   name = HB_(out_file_name)();
   HbEnding ending = HB_(ending_at_exit)();
   return HB_(write_file_ending)(name, end, &ending) ? name : NULL;
}

static const HChar* plural ( ULong n, const HChar* one, const HChar* many )
{
   return n == 1 ? one : many;
}

/* The kinds of the blocks live at exit, in memcheck's words. */
static void print_leak_summary ( const HbRunTotals* run )
{
   static const HChar* const names[HbLostKinds] = {
      "definitely lost", "indirectly lost", "  possibly lost"
   };
   const HbLost* lost = HB_(lost_run)();
   ULong         reach_B = run->live_B, reach_n = run->live_blocks;
   UInt          k;
   for (k = 0; k < HbLostKinds; k++) {
      VG_(umsg)("  %s: %'llu bytes in %'llu %s\n", names[k], lost->szB[k],
                lost->n[k], plural(lost->n[k], "block", "blocks"));
      reach_B -= lost->szB[k];
      reach_n -= lost->n[k];
   }
   VG_(umsg)("  still reachable: %'llu bytes in %'llu %s\n", reach_B,
             reach_n, plural(reach_n, "block", "blocks"));
}

/* The memory beyond the live blocks.  With the program's allocator: its
   footprint, fragmentation and slop.  With Valgrind's: one line when the
   other anonymous memory grew past the heap (the mark of an allocator of
   the program's own, like Python's pymalloc, whose blocks the tool does
   not see), saying how to see it; HB_OTHER_ANON_NOTE_MIN (hb_format.h,
   which heapband_print's summary shares) keeps the dynamic loader's and
   a small program's own mappings out of it. */

static void print_memory_summary ( const HbRunTotals* run )
{
   const HbMappings* m = HB_(mappings)();
   if (HB_(clo).allocator_program) {
      ULong used = m->live_at_foot_peak_B + m->slop_at_foot_peak_B;
      VG_(umsg)("Footprint: %'llu bytes at most, reached at %'llu %s; "
                "%'llu at exit\n", m->foot_peak_B, m->foot_peak_t,
                HB_(time_unit_name)(HB_(time_unit)()), m->foot_B);
      VG_(umsg)("Fragmentation at the peak footprint: %'llu bytes; "
                "slop at exit: %'llu bytes\n",
                m->foot_peak_B > used ? m->foot_peak_B - used : 0,
                HB_(slop_live)());
      VG_(umsg)("Other anonymous memory: %'llu bytes at most, %'llu at "
                "exit\n", m->anon_peak_B, m->anon_B);
   } else if (m->anon_peak_B > run->peak_B
              && m->anon_peak_B >= HB_OTHER_ANON_NOTE_MIN) {
      VG_(umsg)("Other anonymous memory (%'llu bytes at most) exceeded the "
                "heap: an allocator of the program's own? See it with "
                "--allocator=program (Python: PYTHONMALLOC=malloc).\n",
                m->anon_peak_B);
   }
}

void HB_(print_summary) ( HbTime end, const HChar* written )
{
   HbRunTotals        at   = HB_(run_totals_at)(end);
   const HbRunTotals* run  = &at;
   const HChar*       unit = HB_(time_unit_name)(HB_(time_unit)());
   VG_(umsg)("Allocated: %'llu bytes in %'llu %s; freed %'llu bytes in "
             "%'llu %s\n", run->allocs_B, run->allocs_n,
             plural(run->allocs_n, "block", "blocks"), run->frees_B,
             run->frees_n, plural(run->frees_n, "block", "blocks"));
   VG_(umsg)("Peak:      %'llu bytes in %'llu %s, reached at %'llu %s, "
             "left at %'llu %s\n", run->peak_B, run->peak_blocks,
             plural(run->peak_blocks, "block", "blocks"),
             run->peak_reached, unit, run->peak_left, unit);
   VG_(umsg)("At exit:   %'llu bytes in %'llu %s (end time %'llu %s)\n",
             run->live_B, run->live_blocks,
             plural(run->live_blocks, "block", "blocks"), end, unit);
   if (HB_(clo).leak_scan) print_leak_summary(run);
   VG_(umsg)("Unknown frees: %'llu\n", run->unknown_frees);
   print_memory_summary(run);
   if (HB_(marks_dropped)() > 0)
      VG_(umsg)("Marks dropped: %'llu (the first %'u kept)\n",
                HB_(marks_dropped)(), HB_MARKS_MAX);
   if (written != NULL)
      VG_(umsg)("Heap-band file: %s\n", written);
}

/*--------------------------------------------------------------------*/
/*--- end                                              hb_output.c ---*/
/*--------------------------------------------------------------------*/
