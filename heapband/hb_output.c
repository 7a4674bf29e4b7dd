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
   hand over their data through accessors.

   Invariant: records are written in the order of the format's sections,
   and nothing written depends on addresses, the pid (except the `pid:`
   and `ppid:` lines) or the wall clock, so that two runs of a
   deterministic program give files that differ only in those two lines.

   Cost: once, at exit: one pass over the column grid (columns x bands
   cells), the lifetime table and the block table; with sites, sorting
   them and describing the frames of the ranked stacks. */

#include "hb_output.h"
#include "hb_bands.h"
#include "hb_columns.h"
#include "hb_life.h"
#include "hb_marks.h"
#include "hb_options.h"
#include "hb_sites.h"
#include "hb_time.h"
#include "hb_totals.h"
#include "pub_tool_clientstate.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_hashtable.h"
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
   every other byte (a newline included) becomes '?'. */
static void write_text ( VgFile* fp, const HChar* s )
{
   HChar buf[256];
   Int   n = 0;
   for (; *s; s++) {
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
}

static void write_bands ( VgFile* fp )
{
   UInt b;
   for (b = 0; b < HB_(n_bands)(); b++)
      VG_(fprintf)(fp, "band %u %llu %llu\n", b, HB_(band_lo)(b), HB_(band_hi)(b));
}

static void write_run_summary ( VgFile* fp )
{
   const HbRunTotals* run = HB_(run_totals)();
   VG_(fprintf)(fp, "total %llu %llu %llu %llu\n",
                run->allocs_n, run->allocs_B, run->frees_n, run->frees_B);
   VG_(fprintf)(fp, "peak %llu %llu %llu %llu\n", run->peak_B,
                run->peak_blocks, run->peak_reached, run->peak_left);
   VG_(fprintf)(fp, "exit %llu %llu\n", run->live_B, run->live_blocks);
   VG_(fprintf)(fp, "unknown-frees %llu\n", run->unknown_frees);
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
}

/*------------------------------------------------------------*/
/*--- Columns, cells and lifetimes (sections 4 to 6)       ---*/
/*------------------------------------------------------------*/

static void write_columns ( VgFile* fp )
{
   UInt c;
   for (c = 0; c < HB_(columns_count)(); c++) {
      const HbColumn* col = HB_(column)(c);
      if ((col->live_end_B | col->live_max_B | col->blocks_end) == 0) continue;
      VG_(fprintf)(fp, "col %u %llu %llu %llu\n", c,
                   col->live_end_B, col->live_max_B, col->blocks_end);
   }
}

static Bool cell_is_empty ( const HbCell* cell )
{
   return (cell->allocs_n | cell->allocs_B | cell->frees_n | cell->frees_B
           | cell->live_end_B | cell->live_max_B) == 0
          && HB_(u128_is_zero)(&cell->live_integral);
}

static void write_cells ( VgFile* fp )
{
   HChar integral[48];
   UInt  c, b;
   for (c = 0; c < HB_(columns_count)(); c++) {
      for (b = 0; b < HB_(n_bands)(); b++) {
         const HbCell* cell = HB_(cell)(c, b);
         if (cell_is_empty(cell)) continue;
         HB_(u128_to_dec)(&cell->live_integral, integral);
         VG_(fprintf)(fp, "cell %u %u %llu %llu %llu %llu %llu %llu %s\n",
                      c, b, cell->allocs_n, cell->allocs_B, cell->frees_n,
                      cell->frees_B, cell->live_end_B, cell->live_max_B,
                      integral);
      }
   }
}

static void write_lifetimes ( VgFile* fp )
{
   HbBlockCount leaks[HB_MAX_BANDS];
   UInt         b, k;
   for (b = 0; b < HB_(n_bands)(); b++) {
      for (k = 0; k < HB_LIFE_BUCKETS; k++) {
         HbBlockCount freed = HB_(life_freed)(b, k);
         if (freed.n > 0)
            VG_(fprintf)(fp, "life %u %u %llu %llu\n", b, k, freed.n, freed.szB);
      }
   }
   HB_(life_leaks)(leaks);
   for (b = 0; b < HB_(n_bands)(); b++)
      if (leaks[b].n > 0)
         VG_(fprintf)(fp, "leak %u %llu %llu\n", b, leaks[b].n, leaks[b].szB);
}

/*------------------------------------------------------------*/
/*--- Allocation sites (section 7)                         ---*/
/*------------------------------------------------------------*/

/* A frame's text: no addresses, so that runs compare equal. */
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

/* A stack's frames down to main (the core hides those below it). */
typedef struct {
   Addr ips[HB_MAX_DEPTH];
   UInt n;
} FrameList;

static void collect_frame ( UInt i, DiEpoch ep, Addr ip, void* opaque )
{
   FrameList* frames = opaque;
   if (frames->n < HB_MAX_DEPTH) frames->ips[frames->n++] = ip;
}

static void write_stack ( ExeContext* stack, UInt site_no, VgFile* fp )
{
   FrameList frames;
   HChar     text[1024];
   DiEpoch   ep = VG_(get_ExeContext_epoch)(stack);
   UInt      i;
   frames.n = 0;
   VG_(apply_ExeContext)(collect_frame, &frames, stack);
   VG_(fprintf)(fp, "site %u %u\n", site_no, frames.n);
   for (i = 0; i < frames.n; i++) {
      describe_frame(ep, frames.ips[i], text, sizeof(text));
      VG_(fprintf)(fp, "frame ");
      write_text(fp, text);
      VG_(fprintf)(fp, "\n");
   }
}

/* The same stack in several bands is one `site` record, numbered from 1
   in order of first use in the `top` lines: its number is kept per
   ExeContext (by its unique number) while writing. */
typedef struct _SiteNumber {
   struct _SiteNumber* next;   /* VgHashNode header */
   UWord               ecu;    /* the hash key */
   UInt                site_no;
} SiteNumber;

/* The number of the stack's `site` record, writing the record the first
   time the stack is seen. */
static UInt number_stack ( VgHashTable* numbers, UInt* next_no,
                           ExeContext* stack, VgFile* fp )
{
   UWord       ecu = VG_(get_ECU_from_ExeContext)(stack);
   SiteNumber* num = VG_(HT_lookup)(numbers, ecu);
   if (num == NULL) {
      num = VG_(malloc)("hb.output.siteno", sizeof(SiteNumber));
      num->ecu     = ecu;
      num->site_no = (*next_no)++;
      VG_(HT_add_node)(numbers, num);
      write_stack(stack, num->site_no, fp);
   }
   return num->site_no;
}

/* The `site` record of every ranked stack, at its first use; site_nos[i]
   receives the number of the i-th ranked site's stack. */
static void write_site_records ( VgFile* fp, XArray* ranked, UInt* site_nos )
{
   VgHashTable* numbers = VG_(HT_construct)("hb.output.sitenos");
   UInt         next_no = 1;
   Word         i;
   for (i = 0; i < VG_(sizeXA)(ranked); i++) {
      const HbRankedSite* r = VG_(indexXA)(ranked, i);
      site_nos[i] = number_stack(numbers, &next_no, r->stack, fp);
   }
   VG_(HT_destruct)(numbers, VG_(free));
}

static void write_top_records ( VgFile* fp, XArray* ranked,
                                const UInt* site_nos )
{
   Word i;
   for (i = 0; i < VG_(sizeXA)(ranked); i++) {
      const HbRankedSite* r = VG_(indexXA)(ranked, i);
      VG_(fprintf)(fp, "top %u %s %u %u %llu %llu %llu\n", r->band,
                   r->by_peak ? "peak" : "alloc", r->rank, site_nos[i],
                   r->allocs_n, r->allocs_B, r->peak_live_B);
   }
}

/* Every `site` record comes before the first `top` line. */
static void write_sites ( VgFile* fp )
{
   XArray* ranked = HB_(sites_ranked)(HB_(clo).sites);
   UInt*   site_nos;
   if (ranked == NULL) return;
   /* One more than needed, so that an empty ranking still allocates. */
   site_nos = VG_(malloc)("hb.output.sitenos",
                          (VG_(sizeXA)(ranked) + 1) * sizeof(UInt));
   write_site_records(fp, ranked, site_nos);
   write_top_records(fp, ranked, site_nos);
   VG_(free)(site_nos);
   VG_(deleteXA)(ranked);
}

/*------------------------------------------------------------*/
/*--- The file                                             ---*/
/*------------------------------------------------------------*/

static void write_sections ( VgFile* fp, HbTime end )
{
   write_header(fp, end);
   write_bands(fp);
   write_run_summary(fp);
   write_marks(fp);
   write_columns(fp);
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

const HChar* HB_(write_file) ( HbTime end )
{
   HChar* name = VG_(expand_file_name)("--heapband-out-file",
                                       HB_(clo).out_file);
   Bool   ok   = is_special_file(name) ? write_in_place(name, end)
                                       : write_and_rename(name, end);
   return ok ? name : NULL;
}

static const HChar* plural ( ULong n, const HChar* one, const HChar* many )
{
   return n == 1 ? one : many;
}

void HB_(print_summary) ( HbTime end, const HChar* written )
{
   const HbRunTotals* run  = HB_(run_totals)();
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
   if (written != NULL)
      VG_(umsg)("Heap-band file: %s\n", written);
}

/*--------------------------------------------------------------------*/
/*--- end                                              hb_output.c ---*/
/*--------------------------------------------------------------------*/
