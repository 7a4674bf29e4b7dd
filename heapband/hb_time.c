/*--------------------------------------------------------------------*/
/*--- heapband: the run's clock.                         hb_time.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* - Owns: the run's clock in the unit of --time-unit: guest instructions
     (i), bytes allocated and freed (B), or milliseconds (ms).
   - Invariant: in unit i the count equals massif's at every superblock
     boundary, so times agree with massif's --time-unit=i; the clock never
     goes back (asserted where the columns take an event's time).
   - Cost: in unit i one load, add and store per superblock, and two plain
     stores per side exit; units B and ms need no instrumentation.

   Unit i counts guest instructions with inline IR, never a helper call:
   see count_instructions. */

#include "hb_time.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_libcassert.h"

static HbTimeUnit time_unit = HbTimeInstrs;
static ULong guest_instrs_executed = 0;
static ULong bytes_allocated_and_freed = 0;
static UInt  start_ms = 0;

void HB_(time_init) ( HbTimeUnit unit )
{
   time_unit = unit;
   start_ms  = VG_(read_millisecond_timer)();
}

HbTimeUnit HB_(time_unit) ( void ) { return time_unit; }

const HChar* HB_(time_unit_name) ( HbTimeUnit unit )
{
   switch (unit) {
      case HbTimeInstrs: return "i";
      case HbTimeBytes:  return "B";
      case HbTimeMs:     return "ms";
   }
   tl_assert(0);
}

HbTime HB_(time_now) ( void )
{
   switch (time_unit) {
      case HbTimeInstrs: return guest_instrs_executed;
      case HbTimeBytes:  return bytes_allocated_and_freed;
      case HbTimeMs:     return (HbTime)(VG_(read_millisecond_timer)() - start_ms);
   }
   tl_assert(0);
}

HbTime HB_(time_of_event) ( SizeT szB )
{
   bytes_allocated_and_freed += szB;
   return HB_(time_now)();
}

HbTime HB_(time_at_instr) ( UInt left )
{
   if (time_unit == HbTimeInstrs) return guest_instrs_executed - left;
   return HB_(time_now)();
}

/* The counter is updated once per superblock, on entry, by the number of
   instructions the superblock holds:
      before = LD(counter); after = before + total; ST(counter) = after
   and around every side exit before the last instruction, with the number
   of instructions up to and including the exiting one:
      ST(counter) = before + seen;   Exit(guard);   ST(counter) = after
   An exit taken leaves with the first store's count; an exit not taken
   restores the whole superblock's count at once.  Nothing runs between
   the two stores and the exit, so at every other statement the counter
   holds `after`, as code that reads it mid-superblock expects
   (HB_(time_at_instr); the fast allocator calls at the end, hb_fastcall.c).
   So the counter holds exactly what massif's per-exit increments give at
   every superblock boundary (the only places heapband reads it, apart
   from those), with one load per superblock instead of one per exit.
   Plain stores rather than one store guarded by the exit's condition: a
   guard used twice is computed into a register and tested twice, where an
   exit's own guard folds into its compare-and-branch; two stores cost
   less than that, and the count at every point is the same.  An exit on
   the last instruction needs neither store: `after` is its count.  The
   one difference from massif: a guest instruction that faults
   mid-superblock leaves the counter ahead by the instructions that did
   not run, where massif's is behind by those that did. */
static IRSB* count_instructions ( IRSB* sb_in )
{
#if defined(VG_BIGENDIAN)
   IREndness endness = Iend_BE;
#else
   IREndness endness = Iend_LE;
#endif
   IRSB*   sb_out = deepCopyIRSBExceptStmts(sb_in);
   IRExpr* addr   = mkIRExpr_HWord( (HWord)&guest_instrs_executed );
   Int     total  = 0, seen = 0, i;
   IRTemp  before, after;
   for (i = 0; i < sb_in->stmts_used; i++)
      if (sb_in->stmts[i] != NULL && sb_in->stmts[i]->tag == Ist_IMark)
         total++;
   if (total == 0) return sb_in;

   before = newIRTemp(sb_out->tyenv, Ity_I64);
   after  = newIRTemp(sb_out->tyenv, Ity_I64);
   addStmtToIRSB(sb_out,
      IRStmt_WrTmp(before, IRExpr_Load(endness, Ity_I64, addr)));
   addStmtToIRSB(sb_out,
      IRStmt_WrTmp(after, IRExpr_Binop(Iop_Add64, IRExpr_RdTmp(before),
                                       IRExpr_Const(IRConst_U64(total)))));
   addStmtToIRSB(sb_out, IRStmt_Store(endness, addr, IRExpr_RdTmp(after)));

   for (i = 0; i < sb_in->stmts_used; i++) {
      IRStmt* st = sb_in->stmts[i];
      if (st == NULL || st->tag == Ist_NoOp) continue;
      if (st->tag == Ist_IMark) {
         seen++;
      } else if (st->tag == Ist_Exit && seen < total) {
         IRTemp at_exit = newIRTemp(sb_out->tyenv, Ity_I64);
         addStmtToIRSB(sb_out,
            IRStmt_WrTmp(at_exit,
                         IRExpr_Binop(Iop_Add64, IRExpr_RdTmp(before),
                                      IRExpr_Const(IRConst_U64(seen)))));
         addStmtToIRSB(sb_out, IRStmt_Store(endness, addr,
                                            IRExpr_RdTmp(at_exit)));
         addStmtToIRSB(sb_out, st);
         addStmtToIRSB(sb_out, IRStmt_Store(endness, addr,
                                            IRExpr_RdTmp(after)));
         continue;
      }
      addStmtToIRSB(sb_out, st);
   }
   return sb_out;
}

IRSB* HB_(time_instrument) ( IRSB* sb_in )
{
   if (time_unit == HbTimeInstrs)
      return count_instructions(sb_in);
   return sb_in;
}

/*--------------------------------------------------------------------*/
/*--- end                                                hb_time.c ---*/
/*--------------------------------------------------------------------*/
