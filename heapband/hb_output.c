/*--------------------------------------------------------------------*/
/*--- heapband: the heap-band file and the summary.    hb_output.c ---*/
/*--------------------------------------------------------------------*/

/* Part of heapband; GPL-2.0-or-later, see hb_global.h. */

/* Writes docs/heapband-format.md, version 2, section by section.  Nothing
   here may depend on addresses, the pid (except the pid lines) or the
   wall clock, so that two runs of a deterministic program give files that
   differ only in the `pid:` and `ppid:` lines. */

#include "hb_output.h"
#include "hb_bands.h"
#include "hb_blocks.h"
#include "hb_columns.h"
#include "hb_marks.h"
#include "hb_options.h"
#include "hb_sites.h"
#include "hb_time.h"
#include "pub_tool_clientstate.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcfile.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_vki.h"
#include "pub_tool_xarray.h"


/* Text fields are printable ASCII only, so the file stays line-oriented. */
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

/* The command line is cut at about 3 KB so that no line passes the
   format's 4096-byte limit. */
static void write_command ( VgFile* fp )
{
   SizeT written = VG_(strlen)(VG_(args_the_exename));
   Word  i;
   VG_(fprintf)(fp, "cmd: ");
   write_text(fp, VG_(args_the_exename));
   for (i = 0; i < VG_(sizeXA)(VG_(args_for_client)); i++) {
      const HChar* arg = *(HChar**)VG_(indexXA)(VG_(args_for_client), i);
      written += 1 + VG_(strlen)(arg);
      if (written > 3000) { VG_(fprintf)(fp, " ..."); break; }
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
   VG_(fprintf)(fp, "unknown-frees %llu\n", HB_(unknown_frees)());
}

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

static void write_sections ( VgFile* fp, HbTime end )
{
   write_header(fp, end);
   write_bands(fp);
   write_run_summary(fp);
   HB_(marks_write)(fp);
   write_columns(fp);
   write_cells(fp);
   HB_(blocks_write_lifetimes)(fp);
   HB_(sites_write)(fp, HB_(clo).sites);
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

const HChar* HB_(write_file) ( HbTime end )
{
   HChar*  name = VG_(expand_file_name)("--heapband-out-file",
                                        HB_(clo).out_file);
   SizeT   tmp_len;
   HChar*  tmp_name;
   VgFile* fp;
   if (is_special_file(name)) {
      if ((fp = create_file(name, name)) == NULL) return NULL;
      write_sections(fp, end);
      VG_(fclose)(fp);
      return name;
   }
   /* Written under a temporary name in the same directory and renamed, so
      that a reader never sees half a file. */
   tmp_len  = VG_(strlen)(name) + 32;
   tmp_name = VG_(malloc)("hb.output.tmpname", tmp_len);
   VG_(snprintf)(tmp_name, tmp_len, "%s.tmp.%d", name, VG_(getpid)());
   fp = create_file(tmp_name, name);
   if (fp == NULL) {
      VG_(free)(tmp_name);
      return NULL;
   }
   write_sections(fp, end);
   VG_(fclose)(fp);
   if (VG_(rename)(tmp_name, name) != 0) {
      VG_(umsg)("error: cannot rename %s to %s\n", tmp_name, name);
      VG_(unlink)(tmp_name);
      VG_(free)(tmp_name);
      return NULL;
   }
   VG_(free)(tmp_name);
   return name;
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
   VG_(umsg)("Unknown frees: %'llu\n", HB_(unknown_frees)());
   if (written != NULL)
      VG_(umsg)("Heap-band file: %s\n", written);
}

/*--------------------------------------------------------------------*/
/*--- end                                              hb_output.c ---*/
/*--------------------------------------------------------------------*/
