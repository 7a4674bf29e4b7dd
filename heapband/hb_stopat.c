/*--------------------------------------------------------------------*/
/*--- heapband: stopping the run at a heap moment.     hb_stopat.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* - Owns: the --stop-at moments, the stops made in Valgrind's gdbserver,
     and the monitor command `heapband where`.
   - Invariant: each WHAT stops at most once (peak: at each new maximum),
     and a stop changes nothing the file holds: the run goes on as if it
     had not stopped.
   - Cost: nothing without --stop-at but a comparison per allocation and
     one per free in hb_main.c, both never true.  With it, the same
     comparison gates everything: alloc:N and free:N look at one
     allocation each; t:, peak, band: and site: look at every allocation
     until they stop, one comparison each (site: a table lookup, its
     pattern matched once per site); each return from the preload gains
     a load and a comparison, and the direct calls (hb_fastcall.c) write
     every register back.

   How a stop is made
   ------------------
   A tool enters the gdbserver by calling VG_(gdbserver)(tid) on the
   running thread (as the core does for memcheck's --vgdb-error): the
   gdbserver reports the thread stopped and serves gdb (through vgdb)
   until gdb resumes it.  What gdb sees is the guest state at that call,
   so the call must be made where the guest state is exact:

   - an allocation by heapband's preload (the malloc replacement: malloc,
     new, realloc, ...; with --allocator=program, the wrappers of the
     program's allocator) stops just after the preload returns into the
     program, in the allocating function, with the block's address in
     the return register: at the allocation, where it returns to and
     the stack pointer after the return are taken from the stack (the
     first frame outside the preload), and every superblock of the
     preload that ends in a return has, at its end, after the return's
     effects, a helper call guarded by a pending stop, which declares
     that it reads and may change the whole guest state (so VEX writes
     every register back first) and stops when the thread returns there
     with that stack pointer.  (Discarding the translations of the
     return address instead is not allowed from a malloc replacement:
     the core allows it only in a tool's client-request handler.);
   - a free, and an allocation of another origin (MALLOCLIKE_BLOCK, a
     mempool), stops in the client request that reports it, before the
     block is freed: the request has ended its superblock, and
     hb_fastcall.c's direct calls declare the whole guest state read and
     written while --stop-at is given;
   - free:N of a block never freed stops at the program's exit_group.

   Allocation numbers are those of the file (section 18 of
   docs/heapband-format.md): the Nth event counted in `total`'s ALLOCS,
   HB_(allocs_made) of hb_totals.c. */

#include "hb_stopat.h"
#include "hb_bands.h"
#include "hb_columns.h"
#include "hb_sites.h"
#include "hb_stacks.h"
#include "hb_time.h"
#include "hb_totals.h"
#include "pub_tool_clientstate.h"
#include "pub_tool_gdbserver.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_machine.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_stacktrace.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_xarray.h"

ULong HB_(stopat_from)      = ~0ULL;
Addr  HB_(stopat_free_lo)   = 0;
Addr  HB_(stopat_free_span) = 0;

typedef enum { StopAlloc, StopFree, StopTime, StopPeak, StopBand,
               StopSite } StopKind;

/* One --stop-at. */
typedef struct {
   StopKind     kind;
   const HChar* what;        /* as given, for the messages */
   ULong        n;           /* alloc:, free: the allocation's number */
   HbTime       t;           /* t: */
   ULong        size;        /* peak: the floor; band: the live bytes */
   ULong        lo_B, hi_B;        /* band: LO and HI */
   UInt         band_lo, band_hi;  /* band: their bands */
   const HChar* pattern;     /* site: */
   XArray*      matches;     /* site: by HB_(site_id), 0 not yet matched,
                                1 no, 2 yes (of UChar) */
   Bool         expect;      /* alloc:N=LO[-HI][@FN] */
   ULong        expect_lo, expect_hi;
   const HChar* expect_fn;   /* NULL: any */
   Bool         done;
   /* free: the block, once allocation n is made */
   Bool         born;
   Addr         addr;
   HbOrigin     origin;
} Stop;

static XArray* stops = NULL;        /* of Stop */
static ULong   peaks_seen = 0;      /* HB_(peaks_reached) at the last look */
static Bool    stops_asked = False; /* any --stop-at */

/*------------------------------------------------------------*/
/*--- Parsing WHAT                                         ---*/
/*------------------------------------------------------------*/

static void bad_what ( const HChar* option, const HChar* why )
{
   VG_(fmsg)("heapband: %s: %s\n", option, why);
   VG_(exit)(1);
}

/* A decimal number from *s on, at least one digit, no sign, fitting 64
   bits; *s is moved past it.  False if there is none. */
static Bool parse_number ( const HChar** s, ULong* value )
{
   const HChar* p = *s;
   ULong        v = 0;
   if (*p < '0' || *p > '9') return False;
   for (; *p >= '0' && *p <= '9'; p++) {
      ULong digit = (ULong)(*p - '0');
      if (v > (~0ULL - digit) / 10) return False;
      v = v * 10 + digit;
   }
   *s = p;
   *value = v;
   return True;
}

/* A size: a number, optionally followed by K, M or G (powers of 1024). */
static Bool parse_size ( const HChar** s, ULong* value )
{
   ULong v, unit = 1;
   if (!parse_number(s, &v)) return False;
   switch (**s) {
      case 'K': unit = 1ULL << 10; break;
      case 'M': unit = 1ULL << 20; break;
      case 'G': unit = 1ULL << 30; break;
      default:  break;
   }
   if (unit != 1) {
      if (v > ~0ULL / unit) return False;
      (*s)++;
   }
   *value = v * unit;
   return True;
}

/* alloc:N[=SIZE[@FN]] and free:N: what the block is expected to be, its
   size or a band's sizes LO-HI and its innermost function (the rerun
   lines of heapband_print say so), so that a rerun that differs says
   so. */
static void parse_numbered ( const HChar* option, const HChar* s, Stop* st )
{
   if (!parse_number(&s, &st->n) || st->n == 0)
      bad_what(option, "N must be an allocation number, 1 or more");
   if (*s == '=') {
      s++;
      if (!parse_size(&s, &st->expect_lo))
         bad_what(option, "after '=' comes the block's size in bytes, or "
                          "LO-HI");
      st->expect_hi = st->expect_lo;
      if (*s == '-'
          && (s++, !parse_size(&s, &st->expect_hi)
              || st->expect_hi < st->expect_lo))
         bad_what(option, "after '=' comes the block's size in bytes, or "
                          "LO-HI with LO <= HI");
      st->expect = True;
      if (*s == '@') {
         if (s[1] == 0) bad_what(option, "after '@' comes a function name");
         st->expect_fn = VG_(strdup)("hb.stopat.fn", s + 1);
         s += VG_(strlen)(s);
      }
   }
   if (*s != 0)
      bad_what(option, "N is a number, optionally followed by =SIZE, "
                       "=LO-HI and @FUNCTION");
}

/* band:LO-HI>SIZE */
static void parse_band ( const HChar* option, const HChar* s, Stop* st )
{
   if (!parse_size(&s, &st->lo_B) || *s++ != '-'
       || !parse_size(&s, &st->hi_B) || *s++ != '>'
       || !parse_size(&s, &st->size) || *s != 0)
      bad_what(option, "the form is band:LO-HI>SIZE (sizes in bytes, "
                       "or with K, M or G)");
   if (st->lo_B > st->hi_B) bad_what(option, "LO is larger than HI");
}

static void parse_what ( const HChar* option, const HChar* what, Stop* st )
{
   const HChar* arg;
   if (VG_(strncmp)(what, "alloc:", 6) == 0) {
      st->kind = StopAlloc;
      parse_numbered(option, what + 6, st);
   } else if (VG_(strncmp)(what, "free:", 5) == 0) {
      st->kind = StopFree;
      parse_numbered(option, what + 5, st);
   } else if (VG_(strncmp)(what, "t:", 2) == 0) {
      arg = what + 2;
      st->kind = StopTime;
      if (!parse_number(&arg, &st->t) || *arg != 0)
         bad_what(option, "T must be a time in the run's unit, a number");
   } else if (VG_(strcmp)(what, "peak") == 0) {
      st->kind = StopPeak;
      st->size = 0;
   } else if (VG_(strncmp)(what, "peak:>=", 7) == 0) {
      arg = what + 7;
      st->kind = StopPeak;
      if (!parse_size(&arg, &st->size) || *arg != 0)
         bad_what(option, "the form is peak:>=SIZE (bytes, or with K, M "
                          "or G)");
   } else if (VG_(strncmp)(what, "band:", 5) == 0) {
      st->kind = StopBand;
      parse_band(option, what + 5, st);
   } else if (VG_(strncmp)(what, "site:", 5) == 0) {
      st->kind = StopSite;
      if (what[5] == 0) bad_what(option, "site: needs a pattern");
      st->pattern = VG_(strdup)("hb.stopat.pattern", what + 5);
   } else {
      bad_what(option, "WHAT is alloc:N, free:N, t:T, peak, peak:>=SIZE, "
                       "band:LO-HI>SIZE or site:PATTERN");
   }
}

void HB_(stopat_add) ( const HChar* option, const HChar* what )
{
   Stop st;
   VG_(memset)(&st, 0, sizeof(st));
   st.what = VG_(strdup)("hb.stopat.what", what);
   parse_what(option, what, &st);
   if (stops == NULL)
      stops = VG_(newXA)(VG_(malloc), "hb.stopat.stops", VG_(free),
                         sizeof(Stop));
   VG_(addToXA)(stops, &st);
}

/*------------------------------------------------------------*/
/*--- Start-up                                             ---*/
/*------------------------------------------------------------*/

/* Whether the core's gdbserver is on: --vgdb=yes (the default) or full;
   the last --vgdb= given wins, as in the core. */
static Bool gdbserver_on ( void )
{
   Bool on = True;
   Word i;
   for (i = 0; i < VG_(sizeXA)(VG_(args_for_valgrind)); i++) {
      const HChar* arg = *(HChar**)VG_(indexXA)(VG_(args_for_valgrind), i);
      if (VG_(strncmp)(arg, "--vgdb=", 7) == 0)
         on = VG_(strcmp)(arg + 7, "no") != 0;
   }
   return on;
}

static Stop* stop_at ( Word i )
{
   return VG_(indexXA)(stops, i);
}

/* The gate: the first allocation number that needs a look. */
static void set_gate ( void )
{
   ULong from = ~0ULL;
   Word  i;
   for (i = 0; i < VG_(sizeXA)(stops); i++) {
      const Stop* st = stop_at(i);
      if (st->done) continue;
      switch (st->kind) {
         case StopAlloc: if (st->n < from) from = st->n; break;
         case StopFree:  if (!st->born && st->n < from) from = st->n; break;
         default:        from = 1; break;   /* every allocation */
      }
   }
   HB_(stopat_from) = from;
}

Bool HB_(stopat_init) ( UInt depth )
{
   Word i;
   if (stops == NULL) return False;
   if (!gdbserver_on()) {
      VG_(fmsg)("heapband: --stop-at stops in Valgrind's gdbserver, which "
                "--vgdb=no turns off\n");
      VG_(exit)(1);
   }
   for (i = 0; i < VG_(sizeXA)(stops); i++) {
      Stop* st = stop_at(i);
      if (st->kind == StopSite && depth == 0) {
         VG_(fmsg)("heapband: --stop-at=%s: site: needs the sites, which "
                   "--depth=0 turns off\n", st->what);
         VG_(exit)(1);
      }
      if (st->kind == StopSite)
         st->matches = VG_(newXA)(VG_(malloc), "hb.stopat.sites",
                                  VG_(free), sizeof(UChar));
      if (st->kind == StopBand) {   /* the bands exist from now on */
         st->band_lo = HB_(band_of)((SizeT)st->lo_B);
         st->band_hi = HB_(band_of)((SizeT)st->hi_B);
      }
   }
   stops_asked = True;
   set_gate();
   return True;
}

/*------------------------------------------------------------*/
/*--- Describing a block                                   ---*/
/*------------------------------------------------------------*/

/* The innermost frame of a site, as the text reports show it. */
static void describe_site ( HChar* buf, SizeT len, const HbSite* site )
{
   HbFrameText text;
   if (site == NULL) { VG_(snprintf)(buf, len, "an unknown site"); return; }
   HB_(frame_text)(HB_(stack_frame)(HB_(site_stack)(site), 0), &text);
   if (text.file != NULL)
      VG_(snprintf)(buf, len, "%s (%s:%u)", text.fn, text.file, text.line);
   else if (text.object != NULL)
      VG_(snprintf)(buf, len, "%s (in %s)", text.fn, text.object);
   else
      VG_(snprintf)(buf, len, "%s (%#lx)", text.fn, text.offset);
}

static const HChar* site_fn ( const HbSite* site )
{
   HbFrameText text;
   if (site == NULL) return NULL;
   HB_(frame_text)(HB_(stack_frame)(HB_(site_stack)(site), 0), &text);
   return text.fn;
}

/*------------------------------------------------------------*/
/*--- Stopping                                             ---*/
/*------------------------------------------------------------*/

#define HB_STOP_LINE 1024

/* Says what the stop is and how to attach, then serves gdb until it
   resumes the thread. */
static void stop_now ( ThreadId tid, const HChar* what )
{
   const HChar* prefix = VG_(arg_vgdb_prefix);
   VG_(umsg)("heapband: stopped at %s; attach: gdb %s -ex 'target remote "
             "| vgdb%s%s --pid=%d'\n", what, VG_(args_the_exename),
             prefix != NULL ? " " : "", prefix != NULL ? prefix : "",
             VG_(getpid)());
   VG_(gdbserver)(tid);
}

/* The span of the addresses whose free is awaited. */
static void set_free_watch ( void )
{
   Addr lo = 0, hi = 0;
   Bool any = False;
   Word i;
   for (i = 0; i < VG_(sizeXA)(stops); i++) {
      const Stop* st = stop_at(i);
      if (st->kind != StopFree || !st->born || st->done) continue;
      if (!any || st->addr < lo) lo = st->addr;
      if (!any || st->addr > hi) hi = st->addr;
      any = True;
   }
   tl_assert(hi >= lo);
   HB_(stopat_free_lo)   = any ? lo : 0;
   HB_(stopat_free_span) = any ? hi - lo : 0;
}

/* A stop made at the return from the preload (see the head comment):
   the thread, where it returns to and with which stack pointer, and the
   stop line, made at the allocation. */
static struct {
   ThreadId tid;
   Addr     ret_addr;    /* 0: none pending; read by the generated code */
   Addr     ret_sp;
   HChar    line[HB_STOP_LINE];
} pending;

/* Whether code address a is in heapband's preload (its malloc
   replacement and its wrappers). */
static Bool in_preload ( Addr a )
{
   const HChar* path;
   const HChar* base;
   if (!VG_(get_objname)(VG_(current_DiEpoch)(), a, &path)) return False;
   base = VG_(strrchr)(path, '/');
   base = base != NULL ? base + 1 : path;
   return VG_(strncmp)(base, "vgpreload_heapband-", 19) == 0;
}

/* Called at the end of a superblock of the preload that returns, after
   the return's effects (the stack pointer popped), when a stop is
   pending: stops if this is the return into the program the pending
   stop waits for. */
static VG_REGPARM(1) void preload_returns ( Addr target )
{
   ThreadId tid = VG_(get_running_tid)();
   if (0) VG_(printf)("DBG returns target %#lx sp %#lx pending %#lx %#lx\n", target, VG_(get_SP)(tid), pending.ret_addr, pending.ret_sp);
   if (pending.ret_addr != target || tid != pending.tid
       || VG_(get_SP)(tid) != pending.ret_sp)
      return;
   pending.ret_addr = 0;
   stop_now(tid, pending.line);
}

/* Where the allocation returns into the program: the first frame outside
   the preload (whose functions may call each other); the unwinder gives
   an address inside the call instruction, one before the return address,
   and the stack pointer after the return.  False if the stack cannot be
   unwound that far. */
#define HB_PRELOAD_FRAMES 6
static Bool return_into_program ( ThreadId tid, Addr* ret, Addr* sp )
{
   Addr ips[HB_PRELOAD_FRAMES], sps[HB_PRELOAD_FRAMES], fps[HB_PRELOAD_FRAMES];
   UInt n = VG_(get_StackTrace)(tid, ips, HB_PRELOAD_FRAMES, sps, fps, 0);
   UInt i;
   if (n == 0 || !in_preload(ips[0])) return False;
   for (i = 1; i < n; i++) {
      if (in_preload(ips[i])) continue;
      *ret = ips[i] + 1;
      *sp  = sps[i];
      return True;
   }
   return False;
}

static void stop_after_return ( ThreadId tid, const HChar* line )
{
   Addr ret, sp;
   if (pending.ret_addr != 0 || !return_into_program(tid, &ret, &sp)) {
      stop_now(tid, line);
      return;
   }
   tl_assert(pending.ret_addr == 0 && ret != 0);
   pending.tid      = tid;
   pending.ret_sp   = sp;
   VG_(strncpy)(pending.line, line, HB_STOP_LINE - 1);
   pending.line[HB_STOP_LINE - 1] = 0;
   pending.ret_addr = ret;
   if (0) VG_(printf)("DBG pending %#lx %#lx\n", ret, sp);
}


/* A superblock of the preload that ends in a return gets, at its end, a
   call of preload_returns guarded by a pending stop: a load and a
   comparison per return from the preload, and only with --stop-at. */
IRSB* HB_(stopat_instrument) ( IRSB* sb, const VexGuestLayout* layout )
{
   IRTemp   armed, is_armed;
   IRDirty* d;
   Int      i;
   if (!stops_asked || sb->jumpkind != Ijk_Ret) return sb;
   for (i = 0; i < sb->stmts_used; i++)
      if (sb->stmts[i] != NULL && sb->stmts[i]->tag == Ist_IMark) break;
   if (i == sb->stmts_used
       || !in_preload((Addr)sb->stmts[i]->Ist.IMark.addr))
      return sb;
   if (0) VG_(printf)("DBG instrument %#lx\n", (Addr)sb->stmts[i]->Ist.IMark.addr);
   armed = newIRTemp(sb->tyenv, Ity_I64);
   addStmtToIRSB(sb, IRStmt_WrTmp(armed, IRExpr_Load(Iend_LE, Ity_I64,
      mkIRExpr_HWord((HWord)&pending.ret_addr))));
   is_armed = newIRTemp(sb->tyenv, Ity_I1);
   addStmtToIRSB(sb, IRStmt_WrTmp(is_armed, IRExpr_Binop(Iop_CmpNE64,
      IRExpr_RdTmp(armed), IRExpr_Const(IRConst_U64(0)))));
   /* Where the return goes is the instruction pointer gdb must see. */
   addStmtToIRSB(sb, IRStmt_Put(layout->offset_IP, sb->next));
   d = unsafeIRDirty_0_N(1, "hb_preload_returns",
                         VG_(fnptr_to_fnentry)(&preload_returns),
                         mkIRExprVec_1(sb->next));
   d->guard = IRExpr_RdTmp(is_armed);
   /* gdb reads and may change any register: VEX writes them all back
      before the call and reads them again after it. */
   d->nFxState = 1;
   d->fxState[0].fx        = Ifx_Modify;
   d->fxState[0].offset    = 0;
   d->fxState[0].size      = layout->total_sizeB;
   d->fxState[0].nRepeats  = 0;
   d->fxState[0].repeatLen = 0;
   addStmtToIRSB(sb, IRStmt_Dirty(d));
   return sb;
}

/*------------------------------------------------------------*/
/*--- The moments                                          ---*/
/*------------------------------------------------------------*/

/* Whether the site has a frame that pattern matches (the printer's
   stack patterns: a substring glob, '*' any run of characters, '^' and
   '$' anchoring it): its function, its object's path, or
   OBJECT+0xOFFSET. */
static Bool glob_here ( const HChar* p, const HChar* pend, const HChar* s,
                        Bool anchored_end )
{
   const HChar* star = NULL;
   const HChar* mark = NULL;
   while (*s != 0) {
      if (p < pend && *p == '*') { star = p++; mark = s; continue; }
      if (p < pend && *p == *s) { p++; s++; continue; }
      if (p == pend && !anchored_end) return True;
      if (star == NULL) return False;
      p = star + 1;
      s = ++mark;
   }
   while (p < pend && *p == '*') p++;
   return p == pend;
}

static Bool pattern_matches ( const HChar* pattern, const HChar* text )
{
   SizeT        len = VG_(strlen)(pattern);
   Bool         at_start = len > 0 && pattern[0] == '^';
   Bool         at_end   = len > (SizeT)at_start && pattern[len - 1] == '$';
   const HChar* p    = pattern + at_start;
   const HChar* pend = pattern + len - at_end;
   const HChar* s;
   if (at_start) return glob_here(p, pend, text, at_end);
   for (s = text; ; s++) {
      if (glob_here(p, pend, s, at_end)) return True;
      if (*s == 0) return False;
   }
}

static Bool frame_matches ( const HChar* pattern, const HbFrame* frame )
{
   HbFrameText text;
   HChar       where[4200];
   HB_(frame_text)(frame, &text);
   if (pattern_matches(pattern, text.fn)) return True;
   if (text.object == NULL) return False;
   if (pattern_matches(pattern, text.object)) return True;
   VG_(snprintf)(where, sizeof(where), "%s+%#lx", text.object, text.offset);
   return pattern_matches(pattern, where);
}

static Bool site_matches_pattern ( const HbSite* site, const HChar* pattern )
{
   const HbStack* stack = HB_(site_stack)(site);
   UInt           i;
   for (i = 0; i < HB_(stack_depth)(stack); i++)
      if (frame_matches(pattern, HB_(stack_frame)(stack, i))) return True;
   return False;
}

/* Whether site matches st's pattern: matched once per site, then read
   from st's table. */
static Bool site_stop_matches ( const Stop* st, const HbSite* site )
{
   UInt   id = HB_(site_id)(site);
   UChar* known;
   if (site == NULL) return False;
   while ((UInt)VG_(sizeXA)(st->matches) <= id) {
      UChar unknown = 0;
      VG_(addToXA)(st->matches, &unknown);
   }
   known = VG_(indexXA)(st->matches, id);
   if (*known == 0) *known = site_matches_pattern(site, st->pattern) ? 2 : 1;
   return *known == 2;
}

static ULong bands_live ( UInt lo, UInt hi )
{
   ULong sum = 0;
   UInt  b;
   for (b = lo; b <= hi; b++) sum += HB_(band_live)(b)->live_B;
   return sum;
}

/* The stop's reason, appended to line. */
static void say ( HChar* line, const HChar* format, ULong a, ULong b )
{
   SizeT used = VG_(strlen)(line);
   VG_(snprintf)(line + used, HB_STOP_LINE - used, format, a, b);
}

/* Whether the allocation just made is stop st's moment; the reason is
   added to line. */
static Bool is_moment ( Stop* st, const HbLiveBlock* bk, UInt band,
                        ULong n, HChar* line )
{
   HbRunTotals run;
   switch (st->kind) {
      case StopAlloc:
         return n == st->n;
      case StopTime:
         if (bk->born_t < st->t) return False;
         say(line, " (the first allocation at or after t=%llu)", st->t, 0);
         return True;
      case StopPeak:
         if (HB_(peaks_reached) == peaks_seen) return False;
         run = HB_(run_totals_at)(bk->born_t);
         if (run.live_B < st->size) return False;
         say(line, " (a new peak: %llu bytes in %llu blocks)",
             run.live_B, run.live_blocks);
         return True;
      case StopBand: {
         ULong live;
         if (band < st->band_lo || band > st->band_hi) return False;
         live = bands_live(st->band_lo, st->band_hi);
         if (live <= st->size) return False;
         say(line, " (the bands of sizes %llu-%llu", HB_(band_lo)(st->band_lo),
             HB_(band_hi)(st->band_hi));
         say(line, " hold %llu bytes)", live, 0);
         return True;
      }
      case StopSite:
         return site_stop_matches(st, bk->site);
      default:
         return False;
   }
}

/* Whether a block of szB bytes from a site whose innermost function is
   fn is the one st expects. */
static Bool as_expected ( const Stop* st, SizeT szB, const HChar* fn )
{
   if (!st->expect) return True;
   if (szB < st->expect_lo || szB > st->expect_hi) return False;
   return st->expect_fn == NULL
          || (fn != NULL && VG_(strcmp)(fn, st->expect_fn) == 0);
}

/* "; this run differs ...", when the block is not the one expected. */
static void say_differs ( HChar* line, const Stop* st, ULong n )
{
   SizeT used = VG_(strlen)(line);
   if (st->expect_lo == st->expect_hi)
      VG_(snprintf)(line + used, HB_STOP_LINE - used, "; this run differs "
                    "from the file's, where allocation %llu is %llu bytes "
                    "from %s", n, st->expect_lo,
                    st->expect_fn != NULL ? st->expect_fn : "its site");
   else
      VG_(snprintf)(line + used, HB_STOP_LINE - used, "; this run differs "
                    "from the file's, where allocation %llu is %llu-%llu "
                    "bytes from %s", n, st->expect_lo, st->expect_hi,
                    st->expect_fn != NULL ? st->expect_fn : "its site");
}

/* The part of the stop line that says which block it is, and whether it
   is the one the rerun line expected. */
static void describe_block ( HChar* line, const Stop* st, ULong n, Addr addr,
                             const HbLiveBlock* bk )
{
   HChar        site[512];
   const HChar* fn = site_fn(bk->site);
   describe_site(site, sizeof(site), bk->site);
   VG_(snprintf)(line + VG_(strlen)(line), HB_STOP_LINE - VG_(strlen)(line),
                 "allocation %llu, %lu bytes at %#lx from %s, t=%llu", n,
                 bk->szB, addr, site, bk->born_t);
   if (!as_expected(st, bk->szB, fn)) say_differs(line, st, n);
}


void HB_(stopat_born) ( ThreadId tid, Addr addr, HbOrigin origin,
                        const HbLiveBlock* bk )
{
   HChar whats[HB_STOP_LINE], line[HB_STOP_LINE];
   const Stop* first = NULL;
   ULong n = HB_(allocs_made);
   UInt  band = HB_(band_of)(bk->szB);
   Word  i;
   tl_assert(n == bk->alloc_n && n >= HB_(stopat_from));
   whats[0] = 0;
   for (i = 0; i < VG_(sizeXA)(stops); i++) {
      Stop* st = stop_at(i);
      HChar reason[HB_STOP_LINE];
      if (st->done) continue;
      if (st->kind == StopFree) {
         if (!st->born && n == st->n) {
            st->born   = True;
            st->addr   = addr;
            st->origin = origin;
            set_free_watch();
         }
         continue;
      }
      reason[0] = 0;
      if (!is_moment(st, bk, band, n, reason)) continue;
      if (st->kind != StopPeak) st->done = True;
      if (first != NULL) VG_(strcat)(whats, ", ");
      VG_(strcat)(whats, st->what);
      VG_(strcat)(whats, reason);
      if (first == NULL) first = st;
   }
   peaks_seen = HB_(peaks_reached);
   set_gate();
   if (first == NULL) return;
   VG_(snprintf)(line, sizeof(line), "%s: ", whats);
   describe_block(line, first, n, addr, bk);
   if (origin == HbFromMalloc || origin == HbFromProgram)
      stop_after_return(tid, line);
   else
      stop_now(tid, line);
}

/* The free:N stop of the block at addr, or NULL. */
static Stop* free_stop_of ( Addr addr, HbOrigin origin )
{
   Word i;
   for (i = 0; i < VG_(sizeXA)(stops); i++) {
      Stop* st = stop_at(i);
      if (st->kind == StopFree && st->born && !st->done && st->addr == addr
          && st->origin == origin)
         return st;
   }
   return NULL;
}


static void stop_at_free ( ThreadId tid, Stop* st, const HChar* how )
{
   HChar line[HB_STOP_LINE];
   SizeT szB = 0;
   Bool  live = HB_(block_size)(st->addr, st->origin, &szB);
   tl_assert(live);   /* the stop comes before the block is freed */
   VG_(snprintf)(line, sizeof(line), "%s: allocation %llu, %lu bytes at "
                 "%#lx, %s, t=%llu", st->what, st->n, szB, st->addr, how,
                 HB_(time_now)());
   if (st->expect && (szB < st->expect_lo || szB > st->expect_hi))
      say_differs(line, st, st->n);
   st->done = True;
   set_free_watch();
   stop_now(tid, line);
}

void HB_(stopat_dies) ( Addr addr, HbOrigin origin )
{
   Stop* st = free_stop_of(addr, origin);
   if (st != NULL)
      stop_at_free(VG_(get_running_tid)(), st, "about to be freed");
}

void HB_(stopat_exiting) ( ThreadId tid )
{
   Word i;
   for (i = 0; stops != NULL && i < VG_(sizeXA)(stops); i++) {
      Stop* st = stop_at(i);
      if (st->kind == StopFree && st->born && !st->done)
         stop_at_free(tid, st, "never freed: the program is exiting");
   }
}

void HB_(stopat_report_unreached) ( void )
{
   Word i;
   for (i = 0; stops != NULL && i < VG_(sizeXA)(stops); i++) {
      const Stop* st = stop_at(i);
      if (st->done || st->kind == StopPeak) continue;
      if (st->kind == StopAlloc || (st->kind == StopFree && !st->born))
         VG_(umsg)("heapband: --stop-at=%s: the run made %llu allocations; "
                   "it did not stop\n", st->what, HB_(allocs_made));
      else if (st->kind != StopFree)
         VG_(umsg)("heapband: --stop-at=%s: the run never came to that "
                   "moment; it did not stop\n", st->what);
   }
}

/*------------------------------------------------------------*/
/*--- heapband where                                       ---*/
/*------------------------------------------------------------*/

typedef struct {
   ULong n;
   Addr  addr;
   Bool  found;
   HbLiveBlock bk;
} LastBlock;

static void find_block ( Addr addr, HbOrigin origin, const HbLiveBlock* bk,
                         void* opaque )
{
   LastBlock* last = opaque;
   if (bk->alloc_n != last->n) return;
   last->found = True;
   last->addr  = addr;
   last->bk    = *bk;
}

static void where_last_allocation ( void )
{
   LastBlock last;
   HChar     site[512];
   last.n     = HB_(allocs_made);
   last.found = False;
   if (last.n == 0) {
      VG_(gdb_printf)("last allocation: none yet\n");
      return;
   }
   HB_(blocks_visit)(find_block, &last);
   if (!last.found) {
      VG_(gdb_printf)("last allocation: %llu (freed since)\n", last.n);
      return;
   }
   describe_site(site, sizeof(site), last.bk.site);
   VG_(gdb_printf)("last allocation: %llu, %lu bytes at %#lx from %s, "
                   "t=%llu\n", last.n, last.bk.szB, last.addr, site,
                   last.bk.born_t);
}

static const HChar* blocks_word ( ULong n )
{
   return n == 1 ? "block" : "blocks";
}

void HB_(stopat_where) ( void )
{
   HbTime          now = HB_(time_now)();
   HbRunTotals     run = HB_(run_totals_at)(now);
   UInt            col, band;
   HbTime          width;
   const HbColumn* c;
   HB_(columns_settle)(now);
   col   = HB_(columns_count)() - 1;
   width = HB_(columns_width)();
   c     = HB_(column)(col);
   VG_(gdb_printf)("heapband where: t=%llu, column %u (t=%llu..%llu, "
                   "width %llu)\n", now, col, (ULong)col * width,
                   (ULong)(col + 1) * width - 1, width);
   VG_(gdb_printf)("live: %llu bytes in %llu %s; peak so far %llu "
                   "bytes\n", run.live_B, run.live_blocks,
                   blocks_word(run.live_blocks), run.peak_B);
   VG_(gdb_printf)("column %u so far: most live %llu bytes, %llu %s "
                   "live\n", col, c->live_max_B, c->blocks_end,
                   blocks_word(c->blocks_end));
   for (band = 0; band < HB_(n_bands)(); band++) {
      const HbCell*     cell = HB_(cell)(col, band);
      const HbLivePart* live = HB_(band_live)(band);
      if (live->live_B == 0 && cell->allocs_n == 0 && cell->frees_n == 0)
         continue;
      VG_(gdb_printf)("band %u (%llu-%llu): live %llu bytes in %llu %s; "
                      "column %u: %llu allocs %llu bytes, %llu frees %llu "
                      "bytes, most live %llu bytes\n", band,
                      HB_(band_lo)(band), HB_(band_hi)(band), live->live_B,
                      live->live_n, blocks_word(live->live_n), col,
                      cell->allocs_n, cell->allocs_B,
                      cell->frees_n, cell->frees_B, cell->live_max_B);
   }
   where_last_allocation();
}

/*--------------------------------------------------------------------*/
/*--- end                                              hb_stopat.c ---*/
/*--------------------------------------------------------------------*/
