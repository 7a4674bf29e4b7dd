/*--------------------------------------------------------------------*/
/*--- heapband: allocator calls without a scheduler trip.          ---*/
/*---                                                 hb_fastcall.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* - Owns: the list of tool functions generated code may call directly, and
     the rewriting of the superblocks that end in a client request.
   - Invariant: the fast path calls only registered functions, with the
     arguments, thread and guest state the scheduler would give them, so
     the files are the same on both paths (tests/tool/fast-paths.test).
   - Cost: a superblock ending in a client request gains a helper call,
     which compares the request with at most HB_MAX_FAST_FNS addresses; no
     other superblock changes.

   Why this module exists
   ----------------------
   The core's malloc replacement (the preload) reaches the tool's malloc
   and free through a client request, VALGRIND_NON_SIMD_CALLn.  A client
   request ends the superblock with jump kind Ijk_ClientReq: the generated
   code returns to the scheduler, which decodes the request, calls the
   tool's function, stores the result in the guest's result register and
   enters the dispatcher again, which must look the next block up because
   such an exit is never chained.  On a loop of small malloc/free pairs
   that round trip is the largest single cost of a malloc-replacing tool
   (bench/README.md, "The malloc loop in detail").

   So every superblock that ends in a client request gets, at its end, a
   call to a helper (fast_client_call) that looks at the request block the
   guest passed: if it is a CLIENT_CALLn whose function is one of the
   tool's own replacement functions (registered by HB_(fastcall_register)),
   the helper calls it as the scheduler would, writes the result to the
   guest's result register and says so; the superblock then ends with an
   ordinary, chainable jump to the instruction after the request.  Any
   other request (valgrind.h's, heapband.h's, the preload's set-up call,
   another tool function) makes the helper return 0 and the superblock
   takes a guarded exit with the original Ijk_ClientReq kind, so the
   scheduler handles it exactly as before.

   What the helper may see: before the call the instruction pointer is
   set to the address after the request (where the scheduler's path has
   it), and the call declares that it reads the stack and frame pointers
   and the instruction pointer, so VEX writes them back and stacks unwind
   as from the scheduler; it declares that it writes the result register.
   The instruction counter (hb_time.c) is stored on superblock entry, so
   the time of the event is the same on both paths.  Only the guest
   architectures whose client-request registers are named below take the
   fast path (amd64, the one heapband is built and tested on); on the
   others every request goes to the scheduler. */

#include "hb_fastcall.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_machine.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_clreq.h"
#include "libvex_guest_offsets.h"
#include "libvex_guest_amd64.h"

/* Where the guest passes the request block's address and where it wants
   the result: see the client-request sequences in valgrind.h. */
#if defined(VGA_amd64)
#  define HB_CLREQ_ARGS_OFFSET  OFFSET_amd64_RAX
#  define HB_CLREQ_RET_OFFSET   OFFSET_amd64_RDX
#  define HB_IP_OFFSET          OFFSET_amd64_RIP
#  define HB_SP_OFFSET          OFFSET_amd64_RSP
#  define HB_FP_OFFSET          OFFSET_amd64_RBP
#  define HB_FAST_CALLS         1
#else
#  define HB_FAST_CALLS         0
#endif

/* The tool functions the helper may call: the malloc replacement's. */
#define HB_MAX_FAST_FNS 16
static Addr fast_fns[HB_MAX_FAST_FNS];
static Int  n_fast_fns = 0;
static Bool fast_calls_enabled = True;
static Bool whole_state = False;    /* --stop-at: see the header */
static ULong n_fast_calls = 0;      /* calls made from generated code */

void HB_(fastcall_register) ( void* fn )
{
   tl_assert(n_fast_fns < HB_MAX_FAST_FNS);
   fast_fns[n_fast_fns++] = (Addr)fn;
}

void HB_(fastcall_enable) ( Bool enabled )
{
   fast_calls_enabled = enabled;
}

void HB_(fastcall_whole_state) ( void )
{
   whole_state = True;
}

ULong HB_(fastcall_count) ( void )
{
   return n_fast_calls;
}

static Bool is_fast_fn ( Addr fn )
{
   Int i;
   for (i = 0; i < n_fast_fns; i++)
      if (fast_fns[i] == fn) return True;
   return False;
}

/* Called from generated code with the guest state and the request block's
   address.  Returns 1 when it handled the request, 0 to leave it to the
   scheduler. */
static VG_REGPARM(2) UWord fast_client_call ( void* guest_state,
                                              UWord* arg )
{
   typedef UWord (*Fn0)(ThreadId);
   typedef UWord (*Fn1)(ThreadId, UWord);
   typedef UWord (*Fn2)(ThreadId, UWord, UWord);
   typedef UWord (*Fn3)(ThreadId, UWord, UWord, UWord);
   ThreadId tid;
   UWord    ret;
   Addr     fn;
   switch (arg[0]) {
      case VG_USERREQ__CLIENT_CALL0: case VG_USERREQ__CLIENT_CALL1:
      case VG_USERREQ__CLIENT_CALL2: case VG_USERREQ__CLIENT_CALL3:
         break;
      default:
         return 0;
   }
   fn = (Addr)arg[1];
   if (!is_fast_fn(fn)) return 0;
   tid = VG_(get_running_tid)();
   n_fast_calls++;
   switch (arg[0]) {
      case VG_USERREQ__CLIENT_CALL0: ret = ((Fn0)fn)(tid); break;
      case VG_USERREQ__CLIENT_CALL1: ret = ((Fn1)fn)(tid, arg[2]); break;
      case VG_USERREQ__CLIENT_CALL2:
         ret = ((Fn2)fn)(tid, arg[2], arg[3]); break;
      default:
         ret = ((Fn3)fn)(tid, arg[2], arg[3], arg[4]); break;
   }
#if HB_FAST_CALLS
   *(UWord*)((UChar*)guest_state + HB_CLREQ_RET_OFFSET) = ret;
#endif
   return 1;
}

#if HB_FAST_CALLS
/* The address of the instruction after the request: the superblock's
   constant destination, or else the end of its last instruction, which
   is the request itself. */
static Addr after_last_instruction ( const IRSB* sb )
{
   Int i;
   if (sb->next->tag == Iex_Const && sb->next->Iex.Const.con->tag == Ico_U64)
      return (Addr)sb->next->Iex.Const.con->Ico.U64;
   for (i = sb->stmts_used - 1; i >= 0; i--) {
      const IRStmt* st = sb->stmts[i];
      if (st != NULL && st->tag == Ist_IMark)
         return (Addr)st->Ist.IMark.addr + st->Ist.IMark.len;
   }
   return 0;
}

static void declare_guest_access ( IRDirty* d, Int i, IREffect fx,
                                   Int offset )
{
   d->fxState[i].fx        = fx;
   d->fxState[i].offset    = offset;
   d->fxState[i].size      = sizeof(UWord);
   d->fxState[i].nRepeats  = 0;
   d->fxState[i].repeatLen = 0;
}

IRSB* HB_(fastcall_instrument) ( IRSB* sb, IRType gWordTy )
{
   Addr     next;
   IRTemp   args, handled, not_handled;
   IRDirty* d;
   /* amd64 only (HB_FAST_CALLS): guest words are 64 bits. */
   if (!fast_calls_enabled || sb->jumpkind != Ijk_ClientReq
       || gWordTy != Ity_I64)
      return sb;
   next = after_last_instruction(sb);
   if (next == 0) return sb;

   /* Where the scheduler's path would have the instruction pointer. */
   addStmtToIRSB(sb, IRStmt_Put(HB_IP_OFFSET, IRExpr_Const(IRConst_U64(next))));

   /* The IR must stay flat: a call's arguments and an exit's guard are
      temporaries or constants. */
   args = newIRTemp(sb->tyenv, Ity_I64);
   addStmtToIRSB(sb, IRStmt_WrTmp(args,
                                  IRExpr_Get(HB_CLREQ_ARGS_OFFSET, Ity_I64)));
   handled = newIRTemp(sb->tyenv, Ity_I64);
   d = unsafeIRDirty_1_N(handled, 2, "hb_fast_client_call",
                         VG_(fnptr_to_fnentry)(&fast_client_call),
                         mkIRExprVec_2(IRExpr_GSPTR(), IRExpr_RdTmp(args)));
   if (whole_state) {   /* gdb may read and change any register */
      d->nFxState = 1;
      declare_guest_access(d, 0, Ifx_Modify, 0);
      d->fxState[0].size = sizeof(VexGuestAMD64State);
   } else {
      d->nFxState = 4;
      declare_guest_access(d, 0, Ifx_Read,  HB_IP_OFFSET);
      declare_guest_access(d, 1, Ifx_Read,  HB_SP_OFFSET);
      declare_guest_access(d, 2, Ifx_Read,  HB_FP_OFFSET);
      declare_guest_access(d, 3, Ifx_Write, HB_CLREQ_RET_OFFSET);
   }
   addStmtToIRSB(sb, IRStmt_Dirty(d));

   not_handled = newIRTemp(sb->tyenv, Ity_I1);
   addStmtToIRSB(sb, IRStmt_WrTmp(not_handled,
      IRExpr_Binop(Iop_CmpEQ64, IRExpr_RdTmp(handled),
                   IRExpr_Const(IRConst_U64(0)))));
   addStmtToIRSB(sb, IRStmt_Exit(IRExpr_RdTmp(not_handled), Ijk_ClientReq,
                                 IRConst_U64(next), sb->offsIP));
   sb->next     = IRExpr_Const(IRConst_U64(next));
   sb->jumpkind = Ijk_Boring;
   return sb;
}
#else
IRSB* HB_(fastcall_instrument) ( IRSB* sb, IRType gWordTy )
{
   (void)fast_client_call;
   return sb;
}
#endif

/*--------------------------------------------------------------------*/
/*--- end                                             hb_fastcall.c ---*/
/*--------------------------------------------------------------------*/
