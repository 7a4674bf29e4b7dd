/*--------------------------------------------------------------------*/
/*--- heapband: command-line options.                 hb_options.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* Owns: the values of heapband's command-line options (HB_(clo)), read
   before any event and never changed after.  Invariant: each value is in
   the range --help states (--columns even, --depth <= HB_MAX_DEPTH,
   --sites at least 1 or all).
   Cost: none after start-up. */

#include "hb_options.h"
#include "pub_tool_options.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_replacemalloc.h"

HbOptions HB_(clo) = {
   .time_unit = HbTimeInstrs,
   .quarter   = True,
   .columns   = 1024,
   .depth     = 12,
   .sites     = 20,
   .out_file  = "heapband.out.%p",
   .fast_calls = True,
   .block_cache = True,
};

static void check_columns ( const HChar* arg )
{
   if (HB_(clo).columns % 2 != 0)
      VG_(fmsg_bad_option)(arg, "--columns must be an even number\n");
}

Bool HB_(process_cmd_line_option) ( const HChar* arg )
{
   Long value = 0;
   if      VG_XACT_CLO(arg, "--time-unit=i",  HB_(clo).time_unit, HbTimeInstrs) {}
   else if VG_XACT_CLO(arg, "--time-unit=B",  HB_(clo).time_unit, HbTimeBytes) {}
   else if VG_XACT_CLO(arg, "--time-unit=ms", HB_(clo).time_unit, HbTimeMs) {}
   else if VG_XACT_CLO(arg, "--bands=quarter", HB_(clo).quarter, True) {}
   else if VG_XACT_CLO(arg, "--bands=pow2",    HB_(clo).quarter, False) {}
   else if VG_BINT_CLO(arg, "--columns", value, 2, 1 << 20) {
      HB_(clo).columns = (UInt)value;
      check_columns(arg);
   }
   else if VG_BINT_CLO(arg, "--depth", value, 0, HB_MAX_DEPTH) { HB_(clo).depth = (UInt)value; }
   else if VG_XACT_CLO(arg, "--sites=all", HB_(clo).sites, 0) {}
   else if VG_BINT_CLO(arg, "--sites", value, 1, 1000000) { HB_(clo).sites = (UInt)value; }
   else if VG_STR_CLO(arg, "--heapband-out-file", HB_(clo).out_file) {}
   else if VG_BOOL_CLO(arg, "--fast-calls", HB_(clo).fast_calls) {}
   else if VG_BOOL_CLO(arg, "--block-cache", HB_(clo).block_cache) {}
   else if (VG_(strncmp)(arg, "--time-unit=", 12) == 0)
      VG_(fmsg_bad_option)(arg, "--time-unit must be i, B or ms\n");
   else if (VG_(strncmp)(arg, "--bands=", 8) == 0)
      VG_(fmsg_bad_option)(arg, "--bands must be quarter or pow2\n");
   else
      return VG_(replacement_malloc_process_cmd_line_option)(arg);
   return True;
}

void HB_(print_usage) ( void )
{
   VG_(printf)(
"    --heapband-out-file=<file>  write the heap-band file to <file>;\n"
"                              %%p is the process id, %%q{VAR} the value of\n"
"                              the environment variable VAR\n"
"                              [heapband.out.%%p]\n"
"    --time-unit=i|B|ms        time unit: guest instructions executed (i),\n"
"                              bytes allocated plus freed (B), or wall-clock\n"
"                              milliseconds (ms, not deterministic) [i]\n"
"    --columns=<n>             time columns kept; when the run outgrows them,\n"
"                              neighbours merge and the width doubles;\n"
"                              an even number in 2..1048576 [1024]\n"
"    --bands=quarter|pow2      size bands: each power of two split into four\n"
"                              sub-bands (quarter), or one band per power of\n"
"                              two (pow2) [quarter]\n"
"    --depth=<n>               frames recorded per allocation site, 0..64;\n"
"                              0 records no sites and is fastest [12]\n"
"    --sites=<k>|all           allocation sites listed per band, 1..1000000:\n"
"                              by bytes allocated, at the peak and at exit,\n"
"                              up to k each until 95%% of the band is\n"
"                              covered; the rest are summed [20]\n"
   );
}

void HB_(print_debug_usage) ( void )
{
   VG_(printf)(
"    --fast-calls=no           send every malloc and free through the\n"
"                              scheduler, as a client request, instead of a\n"
"                              direct call from generated code (same file,\n"
"                              slower; for checking the fast path) [yes]\n"
"    --block-cache=no          give every block back to the core's arena\n"
"                              when freed, instead of keeping up to 1 MB of\n"
"                              small blocks for reuse (same file, slower) [yes]\n"
   );
}

/*--------------------------------------------------------------------*/
/*--- end                                             hb_options.c ---*/
/*--------------------------------------------------------------------*/
