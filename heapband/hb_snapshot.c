/*--------------------------------------------------------------------*/
/*--- heapband: snapshots of a running program.      hb_snapshot.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* - Owns: the files written while the program runs and what asks for them:
     `heapband snapshot [FILE]`, its other name `heapband leak_check [FILE]`
     (memcheck's command is leak_check) and `heapband mark NAME` through
     vgdb, HEAPBAND_SNAPSHOT(name), VALGRIND_DO_LEAK_CHECK of memcheck.h
     (hb_main.c: a snapshot under the default name), --snapshot-every=T;
     and the file of the run so far at an exec (hb_ending.c decides).
     Every snapshot carries the leak kinds of its moment (hb_leakscan.c,
     unless --leak-scan=no).
   - Invariant: a snapshot leaves the run as it was (the columns are only
     settled, as the next event would); default names count up from 1;
     asserted at each change of state: the periodic snapshot's next time
     is the next multiple of --snapshot-every past now, and the first
     failure's name is kept.
   - Cost: nothing until asked; then what the file at exit costs, plus the
     leak scan.  With --snapshot-every, one clock read per time slice.

   A snapshot is the file the run would give if it ended now: the columns
   are brought up to now (HB_(columns_settle), which only does what the
   next event would do) and hb_output.c writes the file through its usual
   path, under a temporary name renamed into place, so that the run goes
   on exactly as without the snapshot and its final file is the same.

   --snapshot-every=T writes the output file itself each time the clock
   has passed a multiple of T, so a program killed before it exits still
   leaves its latest snapshot under the name its final file would have.
   The clock is looked at when a thread resumes running guest code (each
   time slice and after each system call): the core's start_client_code
   hook, registered only with the option. */

#include "hb_snapshot.h"
#include "hb_ending.h"
#include "hb_program.h"
#include "hb_columns.h"
#include "hb_leakscan.h"
#include "hb_options.h"
#include "hb_marks.h"
#include "hb_output.h"
#include "hb_stopat.h"
#include "hb_time.h"
#include "pub_tool_gdbserver.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_options.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_tooliface.h"

/* The longest file name HEAPBAND_SNAPSHOT takes from the client. */
#define HB_SNAPSHOT_NAME_MAX 4095

static UInt   snapshots_named = 0;   /* default names given so far */
static HbTime every = 0;             /* --snapshot-every, 0 for none */
static HbTime next_due = 0;          /* the next multiple of every */
static UInt   snapshots_failed = 0;  /* snapshots asked for, not written */
static HChar* first_failed = NULL;   /* the first of them, for the exit */

/* The output file's name followed by '.' and the next number. */
static HChar* default_name ( void )
{
   HChar* out  = HB_(out_file_name)();
   SizeT  len  = VG_(strlen)(out) + 16;
   HChar* name = VG_(malloc)("hb.snapshot.name", len);
   VG_(snprintf)(name, len, "%s.%u", out, ++snapshots_named);
   VG_(free)(out);
   return name;
}

/* The file of the run so far, its leak kinds found with the given
   heuristics. */
static Bool write_snapshot_with ( const HChar* name, UInt heuristics )
{
   HbTime now = HB_(time_now)();
   HB_(program_settle)();
   HB_(columns_settle)(now);
   if (HB_(clo).leak_scan) HB_(leak_scan)(heuristics);
   return HB_(write_snapshot_as)(name, now);
}

/* A snapshot that could not be written is said where it was asked for
   (vgdb shows the reason the writer gave, and this line; vgdb's own exit
   status cannot carry it: the core answers every monitor command "OK")
   and again at exit, in the run's log, so it is not lost with vgdb's
   output. */
static void note_failed ( const HChar* name )
{
   if (snapshots_failed++ == 0)
      first_failed = VG_(strdup)("hb.snapshot.failed", name);
   tl_assert(snapshots_failed > 0 && first_failed != NULL);
}

static Bool write_snapshot_with_note ( const HChar* name, UInt heuristics )
{
   Bool ok = write_snapshot_with(name, heuristics);
   if (!ok) note_failed(name);
   return ok;
}

static Bool write_snapshot ( const HChar* name )
{
   return write_snapshot_with_note(name, HB_(clo).leak_heuristics);
}

void HB_(snapshot_report_failures) ( void )
{
   if (snapshots_failed == 0) return;
   VG_(umsg)("error: %u snapshot%s could not be written (the first: %s); "
             "the reasons were given when they were asked for\n",
             snapshots_failed, snapshots_failed == 1 ? "" : "s",
             first_failed);
}

UWord HB_(snapshot_request) ( Addr name_addr )
{
   HChar* name;
   Bool   ok;
   if (name_addr == 0) {
      name = default_name();
   } else {
      SizeT len;
      name = VG_(malloc)("hb.snapshot.name", HB_SNAPSHOT_NAME_MAX + 1);
      len  = HB_(client_string)(name_addr, name, HB_SNAPSHOT_NAME_MAX);
      if (len == 0 || len == (SizeT)-1) {
         VG_(umsg)("heapband: HEAPBAND_SNAPSHOT: the file name is empty "
                   "or unreadable\n");
         VG_(free)(name);
         return 0;
      }
   }
   ok = write_snapshot(name);
   VG_(free)(name);
   return ok;
}

/*------------------------------------------------------------*/
/*--- Monitor commands                                     ---*/
/*------------------------------------------------------------*/

static void print_monitor_help ( void )
{
   VG_(gdb_printf)(
"\n"
"heapband monitor commands:\n"
"  heapband snapshot [<file>]\n"
"       writes a heap-band file of the run so far to <file>\n"
"       (default: the output file's name followed by .1, .2, ...)\n"
"  heapband leak_check [<file>]\n"
"       the same as heapband snapshot: every snapshot sorts the live\n"
"       blocks into memcheck's leak kinds (unless --leak-scan=no)\n"
"  heapband mark <name>\n"
"       adds a phase marker named <name> now\n"
"  heapband where\n"
"       what heapband knows now: the time and column, the live bytes\n"
"       and blocks, each band's, the last allocation\n"
"  leak_check [heuristics <set>] [...]\n"
"       memcheck's command: a snapshot under the default name, its leak\n"
"       kinds found with the heuristics <set> (memcheck's other words are\n"
"       accepted and change nothing in the file)\n"
"\n");
}

static void monitor_snapshot ( HChar** rest )
{
   HChar* file  = VG_(strtok_r)(NULL, " ", rest);
   HChar* extra = VG_(strtok_r)(NULL, " ", rest);
   HChar* name;
   if (extra != NULL) {
      VG_(gdb_printf)("heapband snapshot takes at most one file name\n");
      return;
   }
   name = file != NULL ? VG_(strdup)("hb.snapshot.name", file)
                       : default_name();
   if (write_snapshot(name))
      VG_(gdb_printf)("heapband: snapshot written to %s\n", name);
   else
      VG_(gdb_printf)("heapband: error: the snapshot %s was not written; "
                      "the run goes on\n", name);
   VG_(free)(name);
}

/* memcheck's own `leak_check [full|summary] [kinds ...] [heuristics
   SET] [increased|changed|any|new] [limited N]`, as programs and scripts
   written for memcheck send it: a snapshot under the default name, its
   kinds found with the heuristics named (by default --leak-check-
   heuristics).  The other words choose what memcheck prints and change
   nothing in the file. */
static void monitor_memcheck_leak_check ( HChar** rest )
{
   UInt   heur = HB_(clo).leak_heuristics;
   HChar* word;
   HChar* name;
   while ((word = VG_(strtok_r)(NULL, " ", rest)) != NULL) {
      HChar* set;
      if (VG_(strcmp)(word, "heuristics") != 0) continue;
      set = VG_(strtok_r)(NULL, " ", rest);
      if (set == NULL || !VG_(parse_enum_set)(HB_HEUR_TOKENS, True, set, &heur)) {
         VG_(gdb_printf)("leak_check heuristics takes a set of stdstring, "
                         "length64, newarray, multipleinheritance, all or "
                         "none\n");
         return;
      }
   }
   name = default_name();
   if (write_snapshot_with_note(name, heur))
      VG_(gdb_printf)("heapband: leak check written to %s\n", name);
   else
      VG_(gdb_printf)("heapband: error: the leak check %s was not written; "
                      "the run goes on\n", name);
   VG_(free)(name);
}

/* The name is the rest of the line, spaces included. */
static void monitor_mark ( HChar* rest )
{
   while (*rest == ' ') rest++;
   if (*rest == 0) {
      VG_(gdb_printf)("heapband mark needs a name\n");
      return;
   }
   HB_(mark_named)(HB_(time_now)(), rest);
}

Bool HB_(monitor_command) ( const HChar* req )
{
   HChar* line = VG_(strdup)("hb.snapshot.monitor", req);
   HChar* rest;
   HChar* word = VG_(strtok_r)(line, " ", &rest);
   Bool   handled = True;
   if (word == NULL) { VG_(free)(line); return False; }
   switch (VG_(keyword_id)("help heapband leak_check", word, kwd_report_none)) {
      case 0:
         print_monitor_help();
         break;
      case 1:
         word = VG_(strtok_r)(NULL, " ", &rest);
         if (word == NULL) {
            print_monitor_help();
            break;
         }
         switch (VG_(keyword_id)("snapshot mark leak_check where", word,
                                 kwd_report_all)) {
            case 0:  monitor_snapshot(&rest); break;
            case 1:  monitor_mark(rest); break;
            case 2:  monitor_snapshot(&rest); break;
            case 3:  HB_(stopat_where)(); break;
            default: break;   /* keyword_id has said what is expected */
         }
         break;
      case 2:
         monitor_memcheck_leak_check(&rest);
         break;
      default:
         handled = False;
         break;
   }
   VG_(free)(line);
   return handled;
}

/*------------------------------------------------------------*/
/*--- The file at an exec                                  ---*/
/*------------------------------------------------------------*/

/* The program is about to be replaced (hb_ending.c decides): the file of
   the run so far, as at exit, ending by the exec, and the summary the
   exit would print. */
void HB_(snapshot_at_exec) ( UInt sysno, const UWord* args )
{
   HbEnding e;
   HbTime   now;
   HChar*   name;
   Bool     ok;
   if (!HB_(exec_begins)(sysno, args, &e)) return;
   now  = HB_(time_now)();
   name = HB_(out_file_name)();
   HB_(program_settle)();
   HB_(columns_settle)(now);
   if (HB_(clo).leak_scan) HB_(leak_scan)(HB_(clo).leak_heuristics);
   ok = HB_(write_file_ending)(name, now, &e);
   if (VG_(clo_verbosity) > 0) {
      VG_(umsg)("heapband: the program execs %s; the run so far:\n",
                e.program);
      HB_(print_summary)(now, ok ? name : NULL);
   }
   HB_(exec_done)(&e, ok ? name : NULL);
   VG_(free)(name);
}

/*------------------------------------------------------------*/
/*--- Periodic snapshots                                   ---*/
/*------------------------------------------------------------*/

static void maybe_snapshot ( ThreadId tid, ULong blocks_done )
{
   HbTime now = HB_(time_now)();
   HChar* name;
   if (now < next_due) return;
   next_due = (now / every + 1) * every;
   tl_assert(next_due > now && next_due % every == 0);
   name = HB_(out_file_name)();
   write_snapshot(name);
   VG_(free)(name);
}

void HB_(snapshot_init) ( HbTime snapshot_every )
{
   if (snapshot_every == 0) return;
   tl_assert(every == 0);   /* set once, at start-up */
   every    = snapshot_every;
   next_due = snapshot_every;
   VG_(track_start_client_code)(maybe_snapshot);
}

/*--------------------------------------------------------------------*/
/*--- end                                            hb_snapshot.c ---*/
/*--------------------------------------------------------------------*/
