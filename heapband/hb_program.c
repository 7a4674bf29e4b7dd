/*--------------------------------------------------------------------*/
/*--- heapband: --allocator=program.                   hb_program.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* Owns: the tool's side of --allocator=program: switching the preload's
   wrappers on, each thread's depth of allocator calls, and turning the
   outermost call's result into a block event; and when the figures of
   hb_mappings.c and hb_slop.c are published to the columns.

   Design (hb_wrap.c has the preload's side and why it is built so).  The
   wrappers' redirections name sonames through synonyms the core ignores
   unless --soname-synonyms defines them; after the options are read this
   module appends the definitions to the core's own option string,
   VG_(clo_soname_synonyms), which m_redir.c reads when the client maps
   the preload.  That variable is the core's (pub_core_options.h), not
   part of the tool interface: it is the one place where heapband reaches
   past it, because the core offers a tool no other way to choose at
   start-up between replacing the allocator and wrapping it.

   A thread's depth counts its allocator calls in progress (ENTER adds
   one, LEAVE takes one away): only a LEAVE that brings it back to 0 is an
   event, so operator new calling malloc, or an allocator calling its own
   public functions, counts once.  A mapping made at depth > 0 is the
   allocator's (hb_mappings.c asks in_allocator).  The figures are
   published at the end of the outermost call, after its block event, so
   that a block and the memory taken for it are one moment; a mapping
   made outside any call is published at once.

   A block handed out is also shown to hb_mappings.c, which takes back
   into the footprint the given-back pages it overlaps.

   Cost: two client requests per wrapped call (ENTER, LEAVE), a
   hash-table operation per block (HbFromProgram blocks are in a table),
   one malloc_usable_size call in the program per allocation, and one
   comparison per allocation while no page is given back. */

#include "hb_program.h"
#include "hb_mappings.h"
#include "hb_slop.h"
#include "hb_time.h"
#include "hb_wrapreq.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_threadstate.h"

/* The core's --soname-synonyms (coregrind/pub_core_options.h). */
extern const HChar* VG_(clo_soname_synonyms);

static HbProgramEvents events;
static UInt*           depth;        /* VG_N_THREADS, per ThreadId */

static Bool in_allocator ( ThreadId tid )
{
   return depth != NULL && tid < VG_N_THREADS && depth[tid] > 0;
}

static void publish ( void )
{
   HB_(mappings_publish)(HB_(time_now)(), events.live(), HB_(slop_live)());
}

void HB_(program_settle) ( void )
{
   publish();
}

/* A mapping changed: inside an allocator call it is published with the
   call's event. */
static void mapping_changed ( ThreadId tid )
{
   if (!in_allocator(tid)) publish();
}

void HB_(program_pre_init) ( const HbProgramEvents* ev )
{
   events = *ev;
   HB_(mappings_init)(in_allocator, mapping_changed);
}

/* The value the user gave somalloc, or NULL. */
static const HChar* user_somalloc ( const HChar* syns, SizeT* len )
{
   const HChar* at = syns;
   while (at != NULL && *at) {
      const HChar* end = VG_(strchr)(at, ',');
      if (end == NULL) end = at + VG_(strlen)(at);
      if (VG_(strncmp)(at, "somalloc=", 9) == 0) {
         *len = end - (at + 9);
         return at + 9;
      }
      at = *end ? end + 1 : end;
   }
   return NULL;
}

/* Defines the wrappers' synonyms (hb_wrap.c's HB_SO_*) after the user's:
   the C library, the two C++ libraries, and where the user's somalloc
   points (any object when none is given, as the replacement's default). */
static void switch_wrappers_on ( void )
{
   const HChar* user = VG_(clo_soname_synonyms);
   SizeT        mlen = 1, len;
   const HChar* malloc_so = user_somalloc(user, &mlen);
   HChar*       syns;
   if (malloc_so == NULL) { malloc_so = "*"; mlen = 1; }
   len  = (user ? VG_(strlen)(user) : 0) + mlen + 80;
   syns = VG_(malloc)("hb.program.synonyms", len);
   VG_(snprintf)(syns, len, "%s%shbpc=libc.so*,hbps=libstdc++*,hbpx=libc++*,"
                 "hbpm=", user ? user : "", user && *user ? "," : "");
   VG_(strncat)(syns, malloc_so, mlen);
   VG_(clo_soname_synonyms) = syns;
}

void HB_(program_post_init) ( Bool program )
{
   if (!program) return;
   depth = VG_(calloc)("hb.program.depth", VG_N_THREADS, sizeof(UInt));
   switch_wrappers_on();
}

/* The end of a call: True when it was the thread's outermost. */
static Bool leave ( ThreadId tid )
{
   tl_assert(in_allocator(tid));
   return --depth[tid] == 0;
}

/* An allocator never hands out less than was asked; if one claimed to,
   its slop is taken as 0. */
static SizeT slop_of ( SizeT usable, SizeT szB )
{
   return usable > szB ? usable - szB : 0;
}

static void left_realloc ( ThreadId tid, Addr old, Addr p, SizeT szB,
                           SizeT usable )
{
   if (p != 0 && old == 0)
      events.born(tid, p, szB, slop_of(usable, szB));
   else if (p != 0)
      events.moves(tid, old, p, szB, slop_of(usable, szB));
   else if (old != 0 && szB == 0)   /* realloc(p, 0) freed p */
      events.dies(old);
   if (p != 0) HB_(mappings_block)(p, usable);
}

Bool HB_(program_request) ( ThreadId tid, UWord* arg, UWord* ret )
{
   switch (arg[0]) {
      case VG_USERREQ__HB_WRAP_ENTER:   /* answers the depth */
         *ret = depth != NULL ? ++depth[tid] : 1;
         return True;
      case VG_USERREQ__HB_WRAP_LEAVE:
      case VG_USERREQ__HB_WRAP_LEAVE_ALLOC:
      case VG_USERREQ__HB_WRAP_LEAVE_FREE:
      case VG_USERREQ__HB_WRAP_LEAVE_REALLOC:
         if (depth == NULL || !leave(tid)) break;
         if (arg[0] == VG_USERREQ__HB_WRAP_LEAVE_ALLOC && arg[1] != 0) {
            events.born(tid, arg[1], arg[2], slop_of(arg[3], arg[2]));
            HB_(mappings_block)(arg[1], arg[3]);
         } else if (arg[0] == VG_USERREQ__HB_WRAP_LEAVE_FREE && arg[1] != 0)
            events.dies(arg[1]);
         else if (arg[0] == VG_USERREQ__HB_WRAP_LEAVE_REALLOC)
            left_realloc(tid, arg[1], arg[2], arg[3], arg[4]);
         publish();
         break;
      default:
         return False;
   }
   *ret = 0;
   return True;
}

/*--------------------------------------------------------------------*/
/*--- end                                              hb_program.c ---*/
/*--------------------------------------------------------------------*/
