/*--------------------------------------------------------------------*/
/*--- heapband: allocation stacks as written.          hb_stacks.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* - Owns: the written form of the allocation stacks, interned: object,
     function and source names, frames, stacks (lists of frames).  Two
     ExeContexts share an HbStack exactly when their frames read alike,
     which is what makes a site (hb_sites.c).
   - Invariant: a frame is a place in the program as the user reads it:
     with a source line, its (object, function, file, line), else its
     (object, offset); no two frames have the same such key, and no two
     stacks the same frame list; every ExeContext maps to one stack.
   - Cost: per new ExeContext of an allocation, a cache probe and at most one
     hash lookup; per new ExeContext, a lookup per frame.  56 bytes per
     frame, 24 + 8 x depth per stack.

   In detail: per allocation whose ExeContext differs from the previous one
   (hb_sites.c asks then), one look in a small direct-mapped cache by ECU,
   and on a miss one hash lookup.  Once per new ExeContext: one hash lookup
   per frame, and for an address not seen before in the current epoch a
   walk of the DebugInfo list, a symbol lookup and a line lookup.  Memory:
   56 bytes per frame and 24 + 8 x depth bytes per stack, plus 24 bytes per
   ExeContext and per address seen, one copy of each object path, function
   and source name, and the 16 KB cache.

   A frame is located when its stack is first seen, while its object is
   mapped: the offset is the code address minus the object's load bias
   (the text bias of Valgrind's DebugInfo for it), the address that
   addr2line -e OBJECT takes, and it does not move between runs.  Code in
   a mapped file of which Valgrind read no ELF information gets the offset
   in the file, and code in no file (generated code) its address.  Its
   function and source line are looked up at the same time, because they
   say which frame it is: a compiler that unrolls a loop or copies a line
   (-funroll-loops, tail duplication) leaves several calls at one source
   line, which the user reads as one place, so they are one frame, and the
   allocations of a loop one site whatever copy of its body ran.  Such a
   frame is written with the lowest of its addresses, so that which copy
   ran first does not change the file.  Without a source line nothing
   tells two addresses apart but their offsets: each is a frame.  Only the
   kind of the function (main, below main, other) is kept besides, to end
   the stack at main as the core shows stacks (--show-below-main=no). */

#include "hb_stacks.h"
#include "pub_tool_aspacemgr.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"

/* An interned name: an object's path, a function's or a source file's. */
typedef struct _Name {
   struct _Name* next;         /* VgHashNode header */
   UWord         key;          /* hash of text */
   HChar*        text;
} Name;

struct _HbFrame {
   struct _HbFrame* next;      /* VgHashNode header */
   UWord            key;       /* hash of what identifies it (same_frame) */
   const HChar*     object;    /* interned path; NULL: in no object file */
   Addr             offset;    /* the lowest of its addresses */
   const HChar*     fn;        /* interned; "???" when unknown */
   const HChar*     file;      /* interned; NULL: no source line */
   UInt             line;
   Vg_FnNameKind    kind;      /* of its function: main, below main, other */
};

struct _HbStack {
   struct _HbStack* next;      /* VgHashNode header */
   UWord            key;       /* hash of the frame list */
   UInt             id;
   UInt             n_frames;
   const HbFrame*   frames[0];
};

/* Small nodes that map a key (an ExeContext's unique number, a code
   address) to a stack or a frame. */
typedef struct _KeyToPtr {
   struct _KeyToPtr* next;     /* VgHashNode header */
   UWord             key;
   const void*       ptr;
} KeyToPtr;

static VgHashTable* objects;        /* Name: object paths */
static VgHashTable* functions;      /* Name: function names */
static VgHashTable* sources;        /* Name: source file names */
static VgHashTable* frames;
static VgHashTable* stacks;
static VgHashTable* stack_of_ecu;   /* KeyToPtr: ECU -> HbStack */
static VgHashTable* frame_of_ip;    /* KeyToPtr: address -> HbFrame, valid
                                       in ip_epoch only */
static DiEpoch      ip_epoch;
static UInt         n_stacks = 0;

/* The stacks of recently seen ExeContexts, in front of stack_of_ecu:
   allocations alternate among a few stacks, and the table costs a
   division and a walk of a chain.  An entry holds the ECU it maps, so a
   stale or empty one (ECU 0, which no ExeContext has) is a miss; the map
   from ECU to stack never changes, so a hit is always right. */
#define ECU_CACHE_SIZE 1024
static struct {
   UInt           ecu;
   const HbStack* stack;
} ecu_cache[ECU_CACHE_SIZE];

void HB_(stacks_init) ( void )
{
   objects      = VG_(HT_construct)("hb.stacks.objects");
   functions    = VG_(HT_construct)("hb.stacks.functions");
   sources      = VG_(HT_construct)("hb.stacks.sources");
   frames       = VG_(HT_construct)("hb.stacks.frames");
   stacks       = VG_(HT_construct)("hb.stacks.stacks");
   stack_of_ecu = VG_(HT_construct)("hb.stacks.ecus");
   frame_of_ip  = VG_(HT_construct)("hb.stacks.ips");
   ip_epoch     = VG_(current_DiEpoch)();
}

/* Hashes for the tables' keys (the tables take them modulo a prime). */
static UWord mix ( UWord h, UWord word )
{
   h ^= word + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
   return h;
}

static UWord hash_string ( const HChar* s )
{
   UWord h = 14695981039346656037ULL;
   for (; *s; s++) h = (h ^ (UChar)*s) * 1099511628211ULL;
   return h;
}

static void add_key_to_ptr ( VgHashTable* table, UWord key, const void* ptr )
{
   KeyToPtr* node = VG_(malloc)("hb.stacks.keyptr", sizeof(KeyToPtr));
   node->key = key;
   node->ptr = ptr;
   VG_(HT_add_node)(table, node);
}

/*------------------------------------------------------------*/
/*--- Objects and frames                                   ---*/
/*------------------------------------------------------------*/

static Word cmp_name ( const void* a, const void* b )
{
   return VG_(strcmp)(((const Name*)a)->text, ((const Name*)b)->text);
}

/* The one copy of text in the table. */
static const HChar* intern ( VgHashTable* names, const HChar* text )
{
   Name  probe, *name;
   probe.key  = hash_string(text);
   probe.text = (HChar*)text;
   name = VG_(HT_gen_lookup)(names, &probe, cmp_name);
   if (name == NULL) {
      name = VG_(malloc)("hb.stacks.name", sizeof(Name));
      name->key  = probe.key;
      name->text = VG_(strdup)("hb.stacks.text", text);
      VG_(HT_add_node)(names, name);
   }
   return name->text;
}

/* The object holding ip and the offset in it: see the head comment. */
static void locate ( DiEpoch ep, Addr ip, const HChar** obj, Addr* offset )
{
   const DebugInfo* di = VG_(find_DebugInfo)(ep, ip);
   const NSegment*  seg;
   const HChar*     name;
   if (di != NULL && VG_(DebugInfo_get_filename)(di) != NULL) {
      *obj    = intern(objects, VG_(DebugInfo_get_filename)(di));
      *offset = ip - VG_(DebugInfo_get_text_bias)(di);
      return;
   }
   seg  = VG_(am_find_nsegment)(ip);
   name = seg != NULL ? VG_(am_get_filename)(seg) : NULL;
   if (name != NULL) {
      *obj    = intern(objects, name);
      *offset = ip - seg->start + (Addr)seg->offset;
      return;
   }
   *obj    = NULL;
   *offset = ip;
}

/* Its function and source line, as the frame record names them. */
static void name_frame ( DiEpoch ep, Addr ip, HbFrame* frame )
{
   const HChar *fn, *file, *dir;
   UInt         line;
   frame->fn = intern(functions, VG_(get_fnname)(ep, ip, &fn) ? fn : "???");
   if (VG_(get_filename_linenum)(ep, ip, &file, &dir, &line)) {
      frame->file = intern(sources, file);
      frame->line = line;
   } else {
      frame->file = NULL;
      frame->line = 0;
   }
}

/* Names are interned, so equal names are one pointer. */
static Bool same_frame ( const HbFrame* a, const HbFrame* b )
{
   if (a->object != b->object || a->file != b->file) return False;
   if (a->file == NULL) return a->offset == b->offset;
   return a->line == b->line && a->fn == b->fn;
}

static UWord frame_key ( const HbFrame* f )
{
   if (f->file == NULL) return mix((UWord)f->object, f->offset);
   return mix(mix(mix((UWord)f->object, (UWord)f->file), f->line),
              (UWord)f->fn);
}

static Word cmp_frame ( const void* pa, const void* pb )
{
   return !same_frame(pa, pb);
}

static const HbFrame* frame_located ( DiEpoch ep, Addr ip )
{
   HbFrame  probe, *frame;
   locate(ep, ip, &probe.object, &probe.offset);
   name_frame(ep, ip, &probe);
   probe.key = frame_key(&probe);
   frame = VG_(HT_gen_lookup)(frames, &probe, cmp_frame);
   if (frame == NULL) {
      frame = VG_(malloc)("hb.stacks.frame", sizeof(HbFrame));
      *frame       = probe;
      frame->kind  = VG_(get_fnname_kind_from_IP)(ep, ip);
      VG_(HT_add_node)(frames, frame);
   } else if (probe.offset < frame->offset) {
      frame->offset = probe.offset;   /* not in the key: the same node */
   }
   tl_assert(same_frame(frame, &probe));
   return frame;
}

/* An address maps to one frame for as long as the set of mapped objects
   (the epoch) stays the same. */
static const HbFrame* frame_at ( DiEpoch ep, Addr ip )
{
   const KeyToPtr* cached;
   const HbFrame*  frame;
   if (ep.n != ip_epoch.n) {
      VG_(HT_destruct)(frame_of_ip, VG_(free));
      frame_of_ip = VG_(HT_construct)("hb.stacks.ips");
      ip_epoch    = ep;
   }
   cached = VG_(HT_lookup)(frame_of_ip, ip);
   if (cached != NULL) return cached->ptr;
   frame = frame_located(ep, ip);
   add_key_to_ptr(frame_of_ip, ip, frame);
   return frame;
}

/*------------------------------------------------------------*/
/*--- Stacks                                               ---*/
/*------------------------------------------------------------*/

typedef struct {
   UInt           n;
   const HbFrame* frames[HB_MAX_DEPTH];
} FrameList;

/* How many of the frames the core shows (--show-below-main=no): down to
   the outermost main, or without a main (a stripped program) down to the
   first function that runs before main. */
static UInt frames_shown ( const FrameList* list )
{
   UInt i;
   if (VG_(clo_show_below_main)) return list->n;
   for (i = list->n; i > 0; i--)
      if (list->frames[i - 1]->kind == Vg_FnNameMain) return i;
   for (i = 0; i < list->n; i++)
      if (list->frames[i]->kind == Vg_FnNameBelowMain) return i + 1;
   return list->n;
}

static Word cmp_stack ( const void* pa, const void* pb )
{
   const HbStack* a = pa;
   const HbStack* b = pb;
   UInt i;
   if (a->n_frames != b->n_frames) return 1;
   for (i = 0; i < a->n_frames; i++)
      if (a->frames[i] != b->frames[i]) return 1;
   return 0;
}

static const HbStack* intern_stack ( const FrameList* list )
{
   SizeT    size = sizeof(HbStack) + list->n * sizeof(HbFrame*);
   HbStack* probe = VG_(malloc)("hb.stacks.stack", size);
   HbStack* stack;
   UWord    h = list->n;
   UInt     i;
   for (i = 0; i < list->n; i++) {
      probe->frames[i] = list->frames[i];
      h = mix(h, (UWord)list->frames[i]);
   }
   probe->key      = h;
   probe->n_frames = list->n;
   stack = VG_(HT_gen_lookup)(stacks, probe, cmp_stack);
   if (stack != NULL) {
      VG_(free)(probe);
      return stack;
   }
   probe->id = ++n_stacks;
   VG_(HT_add_node)(stacks, probe);
   return probe;
}

/* The written stack of a new ExeContext, kept in stack_of_ecu. */
static const HbStack* new_stack_of ( UInt ecu, const Addr* ips, UInt n_ips )
{
   const HbStack*  stack;
   DiEpoch         ep = VG_(current_DiEpoch)();
   FrameList       list;
   UInt            i;
   tl_assert(n_ips <= HB_MAX_DEPTH);
   for (i = 0; i < n_ips; i++) list.frames[i] = frame_at(ep, ips[i]);
   list.n = n_ips;
   list.n = frames_shown(&list);
   stack = intern_stack(&list);
   tl_assert(stack->n_frames == list.n && stack->id >= 1
             && stack->id <= n_stacks);
   add_key_to_ptr(stack_of_ecu, ecu, stack);
   return stack;
}

const HbStack* HB_(stack_of) ( UInt ecu, const Addr* ips, UInt n_ips )
{
   /* ECUs are multiples of 4. */
   UInt            slot = (ecu >> 2) % ECU_CACHE_SIZE;
   const KeyToPtr* known;
   if (ecu_cache[slot].ecu == ecu) return ecu_cache[slot].stack;
   known = VG_(HT_lookup)(stack_of_ecu, ecu);
   ecu_cache[slot].ecu   = ecu;
   ecu_cache[slot].stack = known != NULL ? known->ptr
                                         : new_stack_of(ecu, ips, n_ips);
   return ecu_cache[slot].stack;
}

UInt HB_(stack_id)    ( const HbStack* stack ) { return stack->id; }
UInt HB_(stack_depth) ( const HbStack* stack ) { return stack->n_frames; }

const HbFrame* HB_(stack_frame) ( const HbStack* stack, UInt i )
{
   tl_assert(i < stack->n_frames);
   return stack->frames[i];
}

void HB_(frame_text) ( const HbFrame* frame, HbFrameText* text )
{
   text->object = frame->object;
   text->offset = frame->offset;
   text->fn     = frame->fn;
   text->file   = frame->file;
   text->line   = frame->line;
}

/*--------------------------------------------------------------------*/
/*--- end                                              hb_stacks.c ---*/
/*--------------------------------------------------------------------*/
