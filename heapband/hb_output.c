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

/* Owns: the heap-band file (docs/heapband-format.md) and the summary on
   stderr.  This is the only file that knows the records' syntax and the
   only one that makes text printable (write_text); the other modules
   hand over their data through accessors.  It also numbers the site
   section's tables (objects, sources, frames, sites) in order of first
   use in the file.

   Invariant: records are written in the order of the format's sections,
   and nothing written depends on addresses, the pid (except the `pid:`
   and `ppid:` lines) or the wall clock, so that two runs of a
   deterministic program give files that differ only in those two lines.
   Only cells with an event, and columns with such a cell, are written.

   A snapshot (hb_snapshot.c) writes the same file at any moment: every
   figure is read through accessors that leave the modules as they were,
   and "at exit" means at the snapshot's time.

   Cost: once, at exit (and at each snapshot): two passes over the column grid (columns x bands
   cells) and the lifetime table; with sites, choosing them
   (hb_sites.c), one hash lookup per listed site and per frame of a new
   one, and the function and line of each frame written. */

#include "hb_output.h"
#include "hb_bands.h"
#include "hb_columns.h"
#include "hb_life.h"
#include "hb_mappings.h"
#include "hb_marks.h"
#include "hb_options.h"
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
static void write_text_cut ( VgFile* fp, const HChar* s, SizeT max )
{
   HChar buf[256];
   Int   n = 0;
   for (; *s && max > 0; s++, max--) {
      buf[n++] = (*s >= 0x20 && *s <= 0x7e) ? *s : '?';
      if (n == (Int)sizeof(buf) - 1) {
         buf[n] = 0;
         VG_(fprintf)(fp, "%s", buf);
         n = 0;
      }
   }
   buf[n] = 0;
   VG_(fprintf)(fp, "%s", buf);
}

/* Text whose length its source bounds (a mark, a word of the command). */
static void write_text ( VgFile* fp, const HChar* s )
{
   write_text_cut(fp, s, (SizeT)-1);
}

/*------------------------------------------------------------*/
/*--- Header, bands and run summary (sections 1 to 3)      ---*/
/*------------------------------------------------------------*/

static void write_command ( VgFile* fp )
{
   SizeT written = VG_(strlen)(VG_(args_the_exename));
   Word  i;
   VG_(fprintf)(fp, "cmd: ");
   write_text(fp, VG_(args_the_exename));
   for (i = 0; i < VG_(sizeXA)(VG_(args_for_client)); i++) {
      const HChar* arg = *(HChar**)VG_(indexXA)(VG_(args_for_client), i);
      written += 1 + VG_(strlen)(arg);
      if (written > HB_CMD_WORDS_MAX) { VG_(fprintf)(fp, " ..."); break; }
      VG_(fprintf)(fp, " ");
      write_text(fp, arg);
   }
   VG_(fprintf)(fp, "\n");
}

static void write_header ( VgFile* fp, HbTime end )
{
   VG_(fprintf)(fp, "heapband-format %d\n", HB_FORMAT_VERSION);
   VG_(fprintf)(fp, "tool: heapband %s\n", HB_VERSION);
   write_command(fp);
   VG_(fprintf)(fp, "pid: %d\n", VG_(getpid)());
   VG_(fprintf)(fp, "ppid: %d\n", VG_(getppid)());
   VG_(fprintf)(fp, "time-unit: %s\n", HB_(time_unit_name)(HB_(time_unit)()));
   VG_(fprintf)(fp, "bands: %s\n", HB_(bands_are_quarter)() ? "quarter" : "pow2");
   VG_(fprintf)(fp, "band-count: %u\n", HB_(n_bands)());
   VG_(fprintf)(fp, "columns-budget: %u\n", HB_(columns_budget)());
   VG_(fprintf)(fp, "column-width: %llu\n", HB_(columns_width)());
   VG_(fprintf)(fp, "column-count: %u\n", HB_(columns_count)());
   VG_(fprintf)(fp, "end-time: %llu\n", end);
   VG_(fprintf)(fp, "depth: %u\n", HB_(clo).depth);
   if (HB_(clo).sites == 0)
      VG_(fprintf)(fp, "site-limit: all\n");
   else
      VG_(fprintf)(fp, "site-limit: %u\n", HB_(clo).sites);
   VG_(fprintf)(fp, "allocator: %s\n",
                HB_(clo).allocator_program ? "program" : "valgrind");
}

static void write_bands ( VgFile* fp )
{
   UInt b;
   for (b = 0; b < HB_(n_bands)(); b++)
      VG_(fprintf)(fp, "band %u %llu %llu\n", b, HB_(band_lo)(b), HB_(band_hi)(b));
}

/* The footprint and the other anonymous memory (version 4). */
static void write_memory ( VgFile* fp )
{
   const HbMappings* m = HB_(mappings)();
   VG_(fprintf)(fp, "footprint %llu %llu %llu %llu %llu\n", m->foot_peak_B,
                m->foot_peak_t, m->foot_B, m->live_at_foot_peak_B,
                m->slop_at_foot_peak_B);
   VG_(fprintf)(fp, "other-anon %llu %llu\n", m->anon_peak_B, m->anon_B);
}

static void write_run_summary ( VgFile* fp, HbTime end )
{
   HbRunTotals run = HB_(run_totals_at)(end);
   VG_(fprintf)(fp, "total %llu %llu %llu %llu\n",
                run.allocs_n, run.allocs_B, run.frees_n, run.frees_B);
   VG_(fprintf)(fp, "peak %llu %llu %llu %llu\n", run.peak_B,
                run.peak_blocks, run.peak_reached, run.peak_left);
   VG_(fprintf)(fp, "exit %llu %llu\n", run.live_B, run.live_blocks);
   VG_(fprintf)(fp, "unknown-frees %llu\n", run.unknown_frees);
   write_memory(fp);
}

static void write_marks ( VgFile* fp )
{
   UInt i;
   for (i = 0; i < HB_(marks_count)(); i++) {
      const HbMark* mark = HB_(mark_at)(i);
      VG_(fprintf)(fp, "mark %llu ", mark->t);
      write_text(fp, mark->name);
      VG_(fprintf)(fp, "\n");
   }
   if (HB_(marks_dropped)() > 0)
      VG_(fprintf)(fp, "marks-dropped %llu\n", HB_(marks_dropped)());
}

/*------------------------------------------------------------*/
/*--- Columns, cells and lifetimes (sections 4 to 6)       ---*/
/*------------------------------------------------------------*/

/* A cell with no allocation and no free only carries its band's live
   bytes forward: the reader derives it (section 5), so it is not
   written, nor is a column of such cells. */
static Bool cell_is_quiet ( const HbCell* cell )
{
   return (cell->allocs_n | cell->frees_n) == 0;
}

static Bool column_is_quiet ( UInt c )
{
   UInt b;
   for (b = 0; b < HB_(n_bands)(); b++)
      if (!cell_is_quiet(HB_(cell)(c, b))) return False;
   return True;
}

static void write_columns ( VgFile* fp )
{
   UInt c;
   for (c = 0; c < HB_(columns_count)(); c++) {
      const HbColumn* col = HB_(column)(c);
      if (column_is_quiet(c)) continue;
      VG_(fprintf)(fp, "col %u %llu %llu %llu\n", c,
                   col->live_end_B, col->live_max_B, col->blocks_end);
   }
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

static void write_gauges ( VgFile* fp )
{
   ULong prev[HbGauges] = { 0, 0, 0 };
   UInt  c, k;
   for (c = 0; c < HB_(columns_count)(); c++) {
      const HbColumnGauges* g = HB_(column_gauges)(c);
      if (!gauges_are_quiet(g, prev))
         VG_(fprintf)(fp, "fcol %u %llu %llu %llu %llu %llu %llu\n", c,
                      g->end_B[HbGaugeFoot], g->max_B[HbGaugeFoot],
                      g->end_B[HbGaugeAnon], g->max_B[HbGaugeAnon],
                      g->end_B[HbGaugeSlop], g->max_B[HbGaugeSlop]);
      for (k = 0; k < HbGauges; k++) prev[k] = g->end_B[k];
   }
}

static void write_cells ( VgFile* fp )
{
   HChar integral[48];
   UInt  c, b;
   for (c = 0; c < HB_(columns_count)(); c++) {
      for (b = 0; b < HB_(n_bands)(); b++) {
         const HbCell* cell = HB_(cell)(c, b);
         if (cell_is_quiet(cell)) continue;
         HB_(u128_to_dec)(&cell->live_integral, integral);
         VG_(fprintf)(fp, "cell %u %u %llu %llu %llu %llu %llu %llu %s\n",
                      c, b, cell->allocs_n, cell->allocs_B, cell->frees_n,
                      cell->frees_B, cell->live_end_B, cell->live_max_B,
                      integral);
      }
   }
}

/* Per band, the slop allocated, live at the peak and at exit (version
   4; only the program's allocator has any). */
static void write_band_slop ( VgFile* fp )
{
   UInt b;
   for (b = 0; b < HB_(n_bands)(); b++) {
      const HbLivePart* slop = HB_(slop_band)(b);
      if (HB_(slop_allocated)(b) > 0)
         VG_(fprintf)(fp, "slop %u %llu %llu %llu\n", b,
                      HB_(slop_allocated)(b), HB_(part_at_peak_B)(slop),
                      slop->live_B);
   }
}

/* Then the bands' live blocks at exit (`leak`) and at the peak
   (`at-peak`). */
static void write_lifetimes ( VgFile* fp )
{
   UInt b, k;
   for (b = 0; b < HB_(n_bands)(); b++) {
      for (k = 0; k < HB_LIFE_BUCKETS; k++) {
         HbBlockCount freed = HB_(life_freed)(b, k);
         if (freed.n > 0)
            VG_(fprintf)(fp, "life %u %u %llu %llu\n", b, k, freed.n, freed.szB);
      }
   }
   for (b = 0; b < HB_(n_bands)(); b++) {
      const HbLivePart* live = HB_(band_live)(b);
      if (live->live_n > 0)
         VG_(fprintf)(fp, "leak %u %llu %llu\n", b, live->live_n, live->live_B);
   }
   for (b = 0; b < HB_(n_bands)(); b++) {
      const HbLivePart* live = HB_(band_live)(b);
      if (HB_(part_at_peak_n)(live) > 0)
         VG_(fprintf)(fp, "at-peak %u %llu %llu\n", b,
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
   VgFile*   fp;
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
   VG_(fprintf)(w->fp, "%s %u ", keyword, no);
   write_text_cut(w->fp, name, HB_NAME_MAX);
   VG_(fprintf)(w->fp, "\n");
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
   VG_(fprintf)(w->fp, "frame %u %u 0x%lx %u %u ", no, object_no,
                text.offset, source_no, text.line);
   write_text_cut(w->fp, text.fn, HB_NAME_MAX);
   VG_(fprintf)(w->fp, "\n");
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
   VG_(fprintf)(w->fp, "site %u %u", no, n);
   for (i = 0; i < n; i++) VG_(fprintf)(w->fp, " %u", frame_nos[i]);
   VG_(fprintf)(w->fp, "\n");
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
static void write_site_times ( VgFile* fp, const ULong* bins )
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
      if (lo == hi) VG_(fprintf)(fp, " %u", lo);
      else          VG_(fprintf)(fp, " %u-%u", lo, hi);
      i = j + 1;
   }
   VG_(fprintf)(fp, "\n");
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
   for (i = 0; i < n; i++) {
      sorted[i].site = VG_(indexXA)(bs->listed, i);
      sorted[i].no   = stack_number(w, sorted[i].site->stack);
   }
   VG_(ssort)(sorted, n, sizeof(NumberedSite), cmp_site_no);
   for (i = 0; i < n; i++) {
      const HbSiteFigures* f = &sorted[i].site->fig;
      tl_assert(f->allocs_n > 0);
      VG_(fprintf)(w->fp, "sb %u %u %llu %llu %llu %llu %llu %llu %llu",
                   bs->band, sorted[i].no, f->allocs_n, f->allocs_B,
                   f->peak_B, f->peak_n, f->exit_B, f->exit_n, f->max_B);
      write_site_times(w->fp, sorted[i].site->bins);
   }
   if (bs->n_others > 0) {
      const HbSiteFigures* f = &bs->others;
      VG_(fprintf)(w->fp, "so %u %llu %llu %llu %llu %llu %llu %llu\n",
                   bs->band, bs->n_others, f->allocs_n, f->allocs_B,
                   f->peak_B, f->peak_n, f->exit_B, f->exit_n);
   }
   VG_(free)(sorted);
}

static void write_sites ( VgFile* fp )
{
   SiteWriter w;
   Numbering* tables[] = { &w.objects, &w.sources, &w.frames, &w.stacks };
   UInt       i;
   w.fp = fp;
   for (i = 0; i < sizeof(tables) / sizeof(tables[0]); i++) {
      tables[i]->table = VG_(HT_construct)("hb.output.numbers");
      tables[i]->count = 0;
   }
   HB_(sites_select)(HB_(clo).sites, write_band_sites, &w);
   for (i = 0; i < sizeof(tables) / sizeof(tables[0]); i++)
      VG_(HT_destruct)(tables[i]->table, VG_(free));
}

/*------------------------------------------------------------*/
/*--- The file                                             ---*/
/*------------------------------------------------------------*/

static void write_sections ( VgFile* fp, HbTime end )
{
   write_header(fp, end);
   write_bands(fp);
   write_run_summary(fp, end);
   write_marks(fp);
   write_columns(fp);
   write_gauges(fp);
   write_cells(fp);
   write_lifetimes(fp);
   write_sites(fp);
   VG_(fprintf)(fp, "end\n");
}

/* A name that exists and is not a regular file (/dev/null, a pipe, a
   terminal) is written to directly: renaming over it would replace it. */
static Bool is_special_file ( const HChar* name )
{
   struct vg_stat st;
   if (sr_isError(VG_(stat)(name, &st))) return False;
   return (st.mode & VKI_S_IFMT) != VKI_S_IFREG;
}

/* Opens `path` for writing; on failure says so, naming the file the user
   asked for (`name`), not the temporary one. */
static VgFile* create_file ( const HChar* path, const HChar* name )
{
   VgFile* fp = VG_(fopen)(path, VKI_O_CREAT | VKI_O_TRUNC | VKI_O_WRONLY,
                           VKI_S_IRUSR | VKI_S_IWUSR | VKI_S_IRGRP
                           | VKI_S_IROTH);
   if (fp == NULL)
      VG_(umsg)("error: cannot create the heap-band file %s\n", name);
   return fp;
}

/* Writes the file straight to `name`; False on failure. */
static Bool write_in_place ( const HChar* name, HbTime end )
{
   VgFile* fp = create_file(name, name);
   if (fp == NULL) return False;
   write_sections(fp, end);
   VG_(fclose)(fp);
   return True;
}

/* Writes the file under a temporary name in the same directory and
   renames it, so that a reader never sees half a file; False on failure,
   leaving no temporary file behind. */
static Bool write_and_rename ( const HChar* name, HbTime end )
{
   SizeT   tmp_len  = VG_(strlen)(name) + 32;
   HChar*  tmp_name = VG_(malloc)("hb.output.tmpname", tmp_len);
   VgFile* fp;
   Bool    ok = False;
   VG_(snprintf)(tmp_name, tmp_len, "%s.tmp.%d", name, VG_(getpid)());
   fp = create_file(tmp_name, name);
   if (fp != NULL) {
      write_sections(fp, end);
      VG_(fclose)(fp);
      ok = VG_(rename)(tmp_name, name) == 0;
      if (!ok) {
         VG_(umsg)("error: cannot rename %s to %s\n", tmp_name, name);
         VG_(unlink)(tmp_name);
      }
   }
   VG_(free)(tmp_name);
   return ok;
}

HChar* HB_(out_file_name) ( void )
{
   return VG_(expand_file_name)("--heapband-out-file", HB_(clo).out_file);
}

Bool HB_(write_file_as) ( const HChar* name, HbTime end )
{
   return is_special_file(name) ? write_in_place(name, end)
                                : write_and_rename(name, end);
}

const HChar* HB_(write_file) ( HbTime end )
{
   HChar* name = HB_(out_file_name)();
   return HB_(write_file_as)(name, end) ? name : NULL;
}

static const HChar* plural ( ULong n, const HChar* one, const HChar* many )
{
   return n == 1 ? one : many;
}

/* The memory beyond the live blocks.  With the program's allocator: its
   footprint, fragmentation and slop.  With Valgrind's: one line when the
   other anonymous memory grew past the heap (the mark of an allocator of
   the program's own, like Python's pymalloc, whose blocks the tool does
   not see), saying how to see it; 1 MB keeps the dynamic loader's and a
   small program's own mappings out of it. */
#define HB_OTHER_ANON_NOTE_MIN (1024 * 1024)

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
