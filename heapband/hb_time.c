/*--------------------------------------------------------------------*/
/*--- heapband: the run's clock.                         hb_time.c ---*/
/*--------------------------------------------------------------------*/

/* Part of heapband; GPL-2.0-or-later, see hb_global.h. */

/* Unit i counts guest instructions.  Rather than calling a helper per
   instruction, each superblock gets inline IR that adds the number of
   instructions executed so far to a counter: once before every side exit
   and once at the end.  This is how massif counts, so a run's times agree
   with massif's --time-unit=i; only the counter is touched, so the cost is
   one load, add and store per exit.  Units B and ms need no
   instrumentation at all. */

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

void HB_(time_add_bytes) ( SizeT szB )
{
   bytes_allocated_and_freed += szB;
}

/* Appends: counter = counter + n. */
static void add_counter_increment ( IRSB* sb_out, Int n )
{
#if defined(VG_BIGENDIAN)
   IREndness endness = Iend_BE;
#else
   IREndness endness = Iend_LE;
#endif
   IRExpr* addr    = mkIRExpr_HWord( (HWord)&guest_instrs_executed );
   IRTemp  old_val = newIRTemp(sb_out->tyenv, Ity_I64);
   IRTemp  new_val = newIRTemp(sb_out->tyenv, Ity_I64);
   addStmtToIRSB(sb_out,
      IRStmt_WrTmp(old_val, IRExpr_Load(endness, Ity_I64, addr)));
   addStmtToIRSB(sb_out,
      IRStmt_WrTmp(new_val, IRExpr_Binop(Iop_Add64, IRExpr_RdTmp(old_val),
                                         IRExpr_Const(IRConst_U64(n)))));
   addStmtToIRSB(sb_out, IRStmt_Store(endness, addr, IRExpr_RdTmp(new_val)));
}

static IRSB* count_instructions ( IRSB* sb_in )
{
   IRSB* sb_out = deepCopyIRSBExceptStmts(sb_in);
   Int   pending = 0;   /* instructions seen since the last increment */
   Int   i;
   for (i = 0; i < sb_in->stmts_used; i++) {
      IRStmt* st = sb_in->stmts[i];
      if (st == NULL || st->tag == Ist_NoOp) continue;
      if (st->tag == Ist_IMark) {
         pending++;
      } else if (st->tag == Ist_Exit && pending > 0) {
         add_counter_increment(sb_out, pending);
         pending = 0;
      }
      addStmtToIRSB(sb_out, st);
   }
   if (pending > 0)
      add_counter_increment(sb_out, pending);
   return sb_out;
}

IRSB* HB_(instrument) ( VgCallbackClosure* closure, IRSB* sb_in,
                        const VexGuestLayout* layout,
                        const VexGuestExtents* vge,
                        const VexArchInfo* archinfo_host,
                        IRType gWordTy, IRType hWordTy )
{
   if (time_unit == HbTimeInstrs)
      return count_instructions(sb_in);
   return sb_in;
}

/*--------------------------------------------------------------------*/
/*--- end                                                hb_time.c ---*/
/*--------------------------------------------------------------------*/
