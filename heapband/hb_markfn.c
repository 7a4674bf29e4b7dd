/*--------------------------------------------------------------------*/
/*--- heapband: marks at function entries.             hb_markfn.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* - Owns: the --mark-fn and --mark-fn-once patterns, and the marks they
     make at the entries of matching functions (kept by hb_marks.c).
   - Invariant (asserted where a node is made and where an entry is
     marked): a matched function keeps its node (name, once, done) to the
     end, found by entry address and name, so a retranslated superblock finds
     it and a --mark-fn-once function marks only its first entry.
   - Cost: none without a pattern; with patterns, a debug-info lookup per
     instruction translated and a helper call per matched entry.

   The decision is taken when code is translated, not when it runs: every
   instruction of a new superblock is looked up in the debug info
   (VG_(get_fnname_if_entry), which knows the entries of the symbol table
   and, in a stripped object, of its dynamic symbols), and only an
   instruction that is the first of a matching function gets a call to
   fn_entered, placed just after its IMark.  An entry can be in the middle
   of a superblock (the translator follows calls and jumps), so every
   instruction is looked at, not only the superblock's first.  The mark's
   time is that of the entry instruction itself: in unit i, the
   instructions executed before it (hb_time.c's HB_(time_at_instr)). */

#include "hb_markfn.h"
#include "hb_marks.h"
#include "hb_time.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_machine.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_seqmatch.h"
#include "pub_tool_xarray.h"

/* One --mark-fn or --mark-fn-once option. */
typedef struct {
   const HChar* object;   /* glob on the object's path or name, or NULL */
   const HChar* fn;       /* glob on the function's name */
   Bool         once;
   const HChar* option;   /* the option as given, for the message at exit */
   Bool         matched;  /* a function it names has been entered */
} FnPattern;

/* A matched function entry. */
typedef struct _FnEntry {
   struct _FnEntry* next;   /* VgHashNode header */
   UWord            entry;  /* its guest address */
   HChar*           name;
   Bool             once;
   Bool             done;   /* once: its first entry has been marked */
} FnEntry;

static XArray*      patterns = NULL;   /* of FnPattern */
static VgHashTable* entries  = NULL;   /* of FnEntry, by entry address */

/* A C++ name holds "::", so the object is split off at the first ':'
   that is not part of one. */
static HChar* object_separator ( HChar* arg )
{
   HChar* s;
   for (s = arg; *s != 0; s++) {
      if (*s != ':') continue;
      if (s[1] == ':') { s++; continue; }
      return s;
   }
   return NULL;
}

void HB_(markfn_add_pattern) ( const HChar* option, const HChar* value,
                               Bool once )
{
   FnPattern pattern;
   HChar*    arg = VG_(strdup)("hb.markfn.pattern", value);
   HChar*    sep = object_separator(arg);
   if (patterns == NULL)
      patterns = VG_(newXA)(VG_(malloc), "hb.markfn.patterns", VG_(free),
                            sizeof(FnPattern));
   pattern.object  = NULL;
   pattern.fn      = arg;
   pattern.once    = once;
   pattern.option  = VG_(strdup)("hb.markfn.option", option);
   pattern.matched = False;
   if (sep != NULL) {
      *sep = 0;
      pattern.object = arg;
      pattern.fn     = sep + 1;
   }
   if (pattern.fn[0] == 0
       || (pattern.object != NULL && pattern.object[0] == 0))
      VG_(fmsg_bad_option)(option,
                           "the pattern is PATTERN or OBJECT:PATTERN\n");
   VG_(addToXA)(patterns, &pattern);
}

static Bool object_matches ( const HChar* glob, Addr a )
{
   const HChar* path;
   const HChar* base;
   if (glob == NULL) return True;
   if (!VG_(get_objname)(VG_(current_DiEpoch)(), a, &path)) return False;
   base = VG_(strrchr)(path, '/');
   base = base != NULL ? base + 1 : path;
   return VG_(string_match)(glob, path) || VG_(string_match)(glob, base);
}

/* The first pattern that matches the function entered at a, or NULL;
   every pattern that matches it is marked as matched. */
static const FnPattern* pattern_for ( Addr a, const HChar* fn )
{
   Word             i;
   const FnPattern* first = NULL;
   for (i = 0; i < VG_(sizeXA)(patterns); i++) {
      FnPattern* p = VG_(indexXA)(patterns, i);
      if (VG_(string_match)(p->fn, fn) && object_matches(p->object, a)) {
         p->matched = True;
         if (first == NULL) first = p;
      }
   }
   return first;
}

void HB_(markfn_report_unmatched) ( void )
{
   Word i;
   for (i = 0; patterns != NULL && i < VG_(sizeXA)(patterns); i++) {
      const FnPattern* p = VG_(indexXA)(patterns, i);
      if (!p->matched)
         VG_(umsg)("heapband: %s matched no function the program entered: "
                   "no marks from it\n", p->option);
   }
}

/* The node of the function entered at a, made on its first translation;
   NULL if a is no entry of a matching function.  A node whose name is
   not the function's any more (its object was unmapped and another one
   mapped at its address) is left to the translations made for it, which
   the core discarded with the object, and a new one takes its place. */
static FnEntry* entry_at ( Addr a )
{
   FnEntry*         e;
   const HChar*     fn;
   const FnPattern* p;
   if (!VG_(get_fnname_if_entry)(VG_(current_DiEpoch)(), a, &fn)) return NULL;
   e = VG_(HT_lookup)(entries, a);
   if (e != NULL && VG_(strcmp)(e->name, fn) == 0) return e;
   p = pattern_for(a, fn);
   if (p == NULL) return NULL;
   if (e != NULL) VG_(HT_remove)(entries, a);
   e = VG_(malloc)("hb.markfn.entry", sizeof(FnEntry));
   e->entry = a;
   e->name  = VG_(strdup)("hb.markfn.name", fn);
   e->once  = p->once;
   e->done  = False;
   VG_(HT_add_node)(entries, e);
   tl_assert(VG_(HT_lookup)(entries, a) == e);
   return e;
}

static VG_REGPARM(2) void fn_entered ( HWord entry, HWord left )
{
   FnEntry* e = (FnEntry*)entry;
   tl_assert(e->name != NULL && (e->once || !e->done));
   if (e->once) {
      if (e->done) return;
      e->done = True;
   }
   HB_(mark_named)(HB_(time_at_instr)((UInt)left), e->name);
}

static IRStmt* call_fn_entered ( FnEntry* e, Int left )
{
   IRDirty* d = unsafeIRDirty_0_N(
                   2, "hb_fn_entered", VG_(fnptr_to_fnentry)(fn_entered),
                   mkIRExprVec_2(mkIRExpr_HWord((HWord)e),
                                 mkIRExpr_HWord((HWord)left)));
   return IRStmt_Dirty(d);
}

IRSB* HB_(markfn_instrument) ( IRSB* sb_in )
{
   IRSB* sb_out;
   Int   total = 0, seen = 0, i;
   if (patterns == NULL) return sb_in;
   if (entries == NULL) entries = VG_(HT_construct)("hb.markfn.entries");
   for (i = 0; i < sb_in->stmts_used; i++)
      if (sb_in->stmts[i] != NULL && sb_in->stmts[i]->tag == Ist_IMark)
         total++;
   sb_out = deepCopyIRSBExceptStmts(sb_in);
   for (i = 0; i < sb_in->stmts_used; i++) {
      IRStmt* st = sb_in->stmts[i];
      if (st == NULL) continue;
      addStmtToIRSB(sb_out, st);
      if (st->tag != Ist_IMark) continue;
      {
         FnEntry* e = entry_at((Addr)st->Ist.IMark.addr);
         tl_assert(seen < total);   /* the mark's time needs left >= 1 */
         if (e != NULL && !(e->once && e->done))
            addStmtToIRSB(sb_out, call_fn_entered(e, total - seen));
      }
      seen++;
   }
   return sb_out;
}

/*--------------------------------------------------------------------*/
/*--- end                                              hb_markfn.c ---*/
/*--------------------------------------------------------------------*/
