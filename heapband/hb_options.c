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

/* - Owns: the values of heapband's options (HB_(clo)), read before any
     event and never changed after HB_(options_done), and the checks that
     need all of them.
   - Invariant: each value is in the range --help states; the core keeps
     stacks at least --depth frames deep; the --heapband-out-file name is
     expanded (its %q{VAR}s) at start-up.
   - Cost: none after start-up. */

#include "hb_options.h"
#include "hb_leakscan.h"
#include "hb_markfn.h"
#include "hb_stopat.h"
#include "pub_tool_options.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_replacemalloc.h"

/* The most time columns kept.  The grid's touched memory grows with
   --columns times the bands in use (docs/manual/heapband.md, "What it
   costs", has the measurements), so the bound is what a chart can use: a
   budget of N keeps between N/2 and N columns, and with N = 65536 they
   all fit the widest chart heapband_print draws (--width=100000; images
   are at most 8192 pixels wide) without merging. */
#define HB_MAX_COLUMNS (1 << 16)

HbOptions HB_(clo) = {
   .time_unit = HbTimeInstrs,
   .quarter   = True,
   .columns   = 128,
   .depth     = 12,
   .sites     = 20,
   .out_file  = "heapband.out.%p",
   .fast_calls = True,
   .block_cache = True,
   .snapshot_every = 0,
   .leak_scan = True,
   .leak_heuristics = HB_HEUR_ALL,
   .exec_number = 1,
   .exec_from = NULL,
};

static void check_columns ( const HChar* arg )
{
   if (HB_(clo).columns % 2 != 0)
      VG_(fmsg_bad_option)(arg, "--columns must be an even number\n");
}

Bool HB_(process_cmd_line_option) ( const HChar* arg )
{
   Long         value = 0;
   const HChar* pattern;
   if      VG_XACT_CLO(arg, "--time-unit=i",  HB_(clo).time_unit, HbTimeInstrs) {}
   else if VG_XACT_CLO(arg, "--time-unit=B",  HB_(clo).time_unit, HbTimeBytes) {}
   else if VG_XACT_CLO(arg, "--time-unit=ms", HB_(clo).time_unit, HbTimeMs) {}
   else if VG_XACT_CLO(arg, "--allocator=valgrind", HB_(clo).allocator_program, False) {}
   else if VG_XACT_CLO(arg, "--allocator=program",  HB_(clo).allocator_program, True) {}
   else if VG_XACT_CLO(arg, "--bands=quarter", HB_(clo).quarter, True) {}
   else if VG_XACT_CLO(arg, "--bands=pow2",    HB_(clo).quarter, False) {}
   else if VG_BINT_CLO(arg, "--columns", value, 2, HB_MAX_COLUMNS) {
      HB_(clo).columns = (UInt)value;
      check_columns(arg);
   }
   else if VG_BINT_CLO(arg, "--depth", value, 0, HB_MAX_DEPTH) { HB_(clo).depth = (UInt)value; }
   else if VG_XACT_CLO(arg, "--sites=all", HB_(clo).sites, 0) {}
   else if VG_BINT_CLO(arg, "--sites", value, 1, 1000000) { HB_(clo).sites = (UInt)value; }
   else if VG_STR_CLO(arg, "--heapband-out-file", HB_(clo).out_file) {}
   else if VG_BOOL_CLO(arg, "--fast-calls", HB_(clo).fast_calls) {}
   else if VG_BOOL_CLO(arg, "--block-cache", HB_(clo).block_cache) {}
   else if VG_STR_CLO(arg, "--mark-fn", pattern)
      HB_(markfn_add_pattern)(arg, pattern, False);
   else if VG_STR_CLO(arg, "--mark-fn-once", pattern)
      HB_(markfn_add_pattern)(arg, pattern, True);
   else if VG_BINT_CLO(arg, "--snapshot-every", value, 1, (Long)1 << 62)
      HB_(clo).snapshot_every = (HbTime)value;
   else if VG_BOOL_CLO(arg, "--leak-scan", HB_(clo).leak_scan) {}
   else if VG_STR_CLO(arg, "--stop-at", pattern)
      HB_(stopat_add)(arg, pattern);
   /* Given by heapband itself to the program an exec starts (hb_ending.c). */
   else if VG_BINT_CLO(arg, "--heapband-exec-number", value, 1, 1000000)
      HB_(clo).exec_number = (UInt)value;
   else if VG_STR_CLO(arg, "--heapband-exec-from", HB_(clo).exec_from) {}
   /* memcheck's option, its name and syntax (VG_(parse_enum_set)). */
   else if VG_USET_CLO(arg, "--leak-check-heuristics", HB_HEUR_TOKENS,
                       HB_(clo).leak_heuristics) {}
   else if (VG_(strncmp)(arg, "--time-unit=", 12) == 0)
      VG_(fmsg_bad_option)(arg, "--time-unit must be i, B or ms\n");
   else if (VG_(strncmp)(arg, "--allocator=", 12) == 0)
      VG_(fmsg_bad_option)(arg, "--allocator must be valgrind or program\n");
   else if (VG_(strncmp)(arg, "--bands=", 8) == 0)
      VG_(fmsg_bad_option)(arg, "--bands must be quarter or pow2\n");
   else
      return VG_(replacement_malloc_process_cmd_line_option)(arg);
   return True;
}

/* The core makes an ExeContext of at most --num-callers frames and
   asserts it, so --depth must not exceed it: raise it as massif does for
   its --depth.  This runs after every option is read, so a --num-callers
   given after --depth cannot lower it again.  Every --depth is a value
   the core itself accepts for --num-callers. */
#define HB_CORE_MAX_CALLERS 500   /* --num-callers' upper bound */
STATIC_ASSERT(HB_MAX_DEPTH <= HB_CORE_MAX_CALLERS);

static void keep_stacks_deep_enough ( void )
{
   if (VG_(clo_backtrace_size) < (Int)HB_(clo).depth)
      VG_(clo_backtrace_size) = (Int)HB_(clo).depth;
}

/* Appends c to out (when out is not NULL) at n; returns n + 1. */
static SizeT put_char ( HChar* out, SizeT n, HChar c )
{
   if (out != NULL) out[n] = c;
   return n + 1;
}

/* Appends the decimal digits of v to out at n; returns the new length. */
static SizeT put_number ( HChar* out, SizeT n, UInt v )
{
   HChar digits[16];
   Int   i;
   VG_(snprintf)(digits, sizeof digits, "%u", v);
   for (i = 0; digits[i] != 0; i++) n = put_char(out, n, digits[i]);
   return n;
}

/* Writes format to out (when not NULL) with each %q{VAR} replaced by the
   value of VAR, its '%'s doubled, and every other %-pair (%p, %%, %n)
   kept; returns the length written.  format is one that
   VG_(expand_file_name) has accepted once its %n are replaced: each %q{
   has its } and names a set variable. */
static SizeT substitute_variables ( HChar* format, HChar* out )
{
   SizeT n = 0, i = 0;
   while (format[i] != 0) {
      if (format[i] == '%' && format[i + 1] == 'q' && format[i + 2] == '{') {
         HChar*       name  = &format[i + 3];
         HChar*       close = VG_(strchr)(name, '}');
         const HChar* value;
         *close = 0;
         value  = VG_(getenv)(name);
         *close = '}';
         for (; *value != 0; value++) {
            if (*value == '%') n = put_char(out, n, '%');
            n = put_char(out, n, *value);
         }
         i = (SizeT)(close - format) + 1;
      } else if (format[i] == '%' && format[i + 1] != 0) {
         n = put_char(out, n, format[i]);
         n = put_char(out, n, format[i + 1]);
         i += 2;
      } else {
         n = put_char(out, n, format[i++]);
      }
   }
   if (out != NULL) out[n] = 0;
   return n;
}

/* Whether format has a %c of its own (%n, %p; not the end of a %%n). */
static Bool has_conversion ( const HChar* format, HChar c )
{
   SizeT i;
   for (i = 0; format[i] != 0; i++) {
      if (format[i] != '%' || format[i + 1] == 0) continue;
      if (format[i + 1] == c) return True;
      i++;   /* %%, %p, %q: the pair is skipped whole */
   }
   return False;
}

/* Where a name without %p gets its program number: before the first '.'
   of its base name after the base name's first byte (run.hb.gz gives
   run-2.hb.gz, .hb gives .hb-2), else at its end. */
static SizeT number_place ( const HChar* format, SizeT len )
{
   const HChar* slash = VG_(strrchr)(format, '/');
   SizeT        base  = slash != NULL ? (SizeT)(slash - format) + 1 : 0;
   SizeT        i;
   for (i = base + 1; i < len; i++)
      if (format[i] == '.') return i;
   return len;
}

/* Writes format (a pattern of HB_(clo).out_pattern's kind) to out (when
   not NULL) as the name of the program numbered prog: each %n is prog;
   a name without %n, for a program after the first, gets "-prog" after
   each %p, or without %p, before the extensions of its base name
   (number_place).  Returns the length written. */
static SizeT number_program ( const HChar* format, UInt prog, HChar* out )
{
   Bool  mark = prog > 1 && !has_conversion(format, 'n');
   SizeT len = VG_(strlen)(format), n = 0, i = 0;
   SizeT place = mark && !has_conversion(format, 'p')
                 ? number_place(format, len) : (SizeT)-1;
   while (i <= len) {
      if (i == place) {
         n = put_char(out, n, '-');
         n = put_number(out, n, prog);
      }
      if (i == len) break;
      if (format[i] == '%' && format[i + 1] == 'n') {
         n = put_number(out, n, prog);
         i += 2;
      } else if (format[i] == '%' && format[i + 1] != 0) {
         n = put_char(out, n, format[i]);
         n = put_char(out, n, format[i + 1]);
         if (format[i + 1] == 'p' && mark) {
            n = put_char(out, n, '-');
            n = put_number(out, n, prog);
         }
         i += 2;
      } else {
         n = put_char(out, n, format[i++]);
      }
   }
   if (out != NULL) out[n] = 0;
   return n;
}

HChar* HB_(out_file_for) ( UInt prog )
{
   const HChar* format = HB_(clo).out_pattern;
   HChar*       name = VG_(malloc)("hb.options.outfile",
                                   number_program(format, prog, NULL) + 1);
   number_program(format, prog, name);
   return name;
}

/* The file name is expanded when the file is written, at exit.  A name
   that cannot be expanded (a %q{VAR} of an unset VAR, an empty name) would
   lose the whole run then, so it is expanded once now: the core reports
   the problem and exits before the program starts.  The program may still
   change its environment (unsetenv edits the array the core reads), so
   every %q{VAR} is replaced by its value now, and %n by the program's
   number; %p is left for the exit, where a forked child has its own
   pid. */
static void expand_out_file_variables ( void )
{
   HChar* format = VG_(strdup)("hb.options.outfile", HB_(clo).out_file);
   HChar* substituted;
   HChar* numbered;
   numbered = VG_(malloc)("hb.options.outfile",
                          number_program(format, 1, NULL) + 1);
   number_program(format, 1, numbered);
   VG_(free)(VG_(expand_file_name)("--heapband-out-file", numbered));
   VG_(free)(numbered);
   substituted = VG_(malloc)("hb.options.outfile",
                             substitute_variables(format, NULL) + 1);
   substitute_variables(format, substituted);
   VG_(free)(format);
   HB_(clo).out_pattern = substituted;
   HB_(clo).out_file    = HB_(out_file_for)(HB_(clo).exec_number);
}

void HB_(options_done) ( void )
{
   keep_stacks_deep_enough();
   expand_out_file_variables();
}

void HB_(print_usage) ( void )
{
   VG_(printf)(
"    --heapband-out-file=<file>  write the heap-band file to <file>;\n"
"                              %%p is the process id, %%q{VAR} the value of\n"
"                              the environment variable VAR, %%n the\n"
"                              program's number in its process's execs\n"
"                              (1, then 2 after an exec...; without %%n a\n"
"                              program after an exec adds -N after %%p)\n"
"                              [heapband.out.%%p]\n"
"    --time-unit=i|B|ms        time unit: guest instructions executed (i),\n"
"                              bytes allocated plus freed (B), or wall-clock\n"
"                              milliseconds (ms, not deterministic) [i]\n"
"    --columns=<n>             time columns kept; when the run outgrows them,\n"
"                              neighbours merge and the width doubles;\n"
"                              an even number in 2..65536 [128]\n"
"    --allocator=valgrind|program  whose allocator the program uses:\n"
"                              Valgrind's (replaced) or its own (followed:\n"
"                              footprint, slop, fragmentation) [valgrind]\n"
"    --bands=quarter|pow2      size bands: each power of two split into four\n"
"                              sub-bands (quarter), or one band per power of\n"
"                              two (pow2) [quarter]\n"
"    --depth=<n>               frames recorded per allocation site, 0..64;\n"
"                              0 records no sites and is fastest [12]\n"
"    --sites=<k>|all           allocation sites listed per band, 1..1000000:\n"
"                              by bytes allocated, at the peak and at exit,\n"
"                              up to k each until 95%% of the band is\n"
"                              covered; the rest are summed [20]\n"
"    --mark-fn=[<object>:]<fn>  a phase marker, named after the function,\n"
"                              at each entry of a function whose name matches\n"
"                              the glob <fn> (in an object whose path or file\n"
"                              name matches <object>); repeatable; at most\n"
"                              10000 marks are kept [none]\n"
"    --mark-fn-once=[<object>:]<fn>  the same, at the first entry only\n"
"    --snapshot-every=<T>      rewrite the heap-band file each time the run\n"
"                              passes a multiple of T (in the time unit), so\n"
"                              a killed program leaves its latest state [no]\n"
"    --leak-scan=no|yes        sort the blocks live at exit (and at each\n"
"                              snapshot) into memcheck's leak kinds:\n"
"                              definitely, indirectly and possibly lost,\n"
"                              still reachable [yes]\n"
"    --stop-at=<what>          halt in Valgrind's gdbserver at that moment\n"
"                              (then gdb; repeatable, each stops once):\n"
"                              alloc:N just after allocation N returns,\n"
"                              free:N before its block is freed, t:T the\n"
"                              first allocation at or after time T,\n"
"                              peak[:>=SIZE] each new peak (of SIZE or\n"
"                              more), band:LO-HI>SIZE when the bands of\n"
"                              sizes LO to HI hold more than SIZE bytes,\n"
"                              site:PATTERN the first allocation from a\n"
"                              site with a frame PATTERN matches [none]\n"
"    --leak-check-heuristics=heur1,heur2,...  memcheck's heuristics that\n"
"                              make an interior pointer count as a start\n"
"                              pointer: stdstring, length64, newarray,\n"
"                              multipleinheritance, all or none [all]\n"
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
"                              small blocks for reuse (slower; the same\n"
"                              allocations, but blocks lie elsewhere, which\n"
"                              can move unit i's times a little) [yes]\n"
"    --heapband-exec-number=<n>  --heapband-exec-from=<file>  given by\n"
"                              heapband to the program an exec starts under\n"
"                              --trace-children=yes: its number in the\n"
"                              chain of execs, and the file before it\n"
   );
}

/*--------------------------------------------------------------------*/
/*--- end                                             hb_options.c ---*/
/*--------------------------------------------------------------------*/
