/*--------------------------------------------------------------------*/
/*--- heapband: the client's heap, with a small-block cache.       ---*/
/*---                                                     hb_heap.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* - Owns: the memory of the client's heap blocks, and a cache of freed
     small blocks.
   - Invariant (asserted at push and pop): every block on list k holds at
     least k * HB_CACHE_GRAIN usable bytes; the lists hold at most
     HB_CACHE_MAX_HELD bytes; VG_(free_queue_volume) and _length are the
     usable bytes and the number of the blocks on the lists (mallinfo).
   - Cost: a hit is a list pop; a miss or a bypass costs the arena call.

   The client's blocks come from the core's client arena (VG_(cli_malloc)),
   as in every tool that replaces malloc.  That arena is a general
   first-fit allocator that splits and coalesces blocks, and on a loop of
   small malloc/free pairs it is the largest cost left once allocator
   calls skip the scheduler (hb_fastcall.c; bench/README.md, "The malloc
   loop in detail").

   So freed small blocks are kept on per-size free lists and handed out
   again for the next request of their size class, without a trip to the
   arena.  Classes are the arena's own granularity, 16 bytes, up to
   HB_CACHE_MAX_SZB: a request of class k (up to k * 16 bytes) that misses
   the cache gets k * 16 bytes from the arena, and a freed block goes on
   the list of the class its usable size covers, so every block on list k
   holds at least k * 16 bytes with the default alignment.  The lists
   hold at most HB_CACHE_MAX_HELD bytes in all (blocks freed beyond that
   go back to the arena), so the cache never keeps more than that from
   the client's other uses of memory.  Requests with a larger alignment,
   zero-size requests and large ones go straight to the arena.

   A cached block's first word holds the link to the next one; the
   client has freed it, so nothing else looks at it.  The allocations the
   tool records are unaffected: it never writes addresses, and the same
   block table (hb_blocks.c) serves both paths.  Only the blocks'
   addresses differ, and in unit i the program's own instruction count
   may depend on them (glibc's memcpy takes its path by alignment), so
   --block-cache=no can move times by a few instructions
   (docs/manual/regressions.md, "Determinism").

   The arena panics (VG_(arena_memalign): bad alignment) on an alignment
   above 16 MiB or one that is not a power of two, which the C library
   would refuse with a NULL (glibc's posix_memalign says ENOMEM, as the
   preload does for every NULL); such a request gets NULL here instead.

   mallinfo() (the core's, through the preload) would count the cached
   blocks as in use, the arena having lent them; the core's
   VG_(free_queue_volume) and VG_(free_queue_length), meant for tools
   that defer frees, carry them, so a program sees what it would without
   the cache (Valgrind's memcheck/tests/mallinfo exited 2 before). */

#include "hb_heap.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_replacemalloc.h"

#define HB_CACHE_GRAIN     16
#define HB_CACHE_MAX_SZB   512
#define HB_CACHE_CLASSES   (HB_CACHE_MAX_SZB / HB_CACHE_GRAIN + 1)
#define HB_CACHE_MAX_HELD  (1024 * 1024)

/* The largest alignment the core's arena accepts. */
#define HB_MAX_ALIGNMENT   (16 * 1024 * 1024)

/* A cached block: the client has freed it, so its first words are ours.
   Every block holds at least HB_CACHE_GRAIN bytes, room for both. */
typedef struct _CachedBlock {
   struct _CachedBlock* next;
   SizeT                usable;   /* the arena's size of it */
} CachedBlock;

static CachedBlock* free_lists[HB_CACHE_CLASSES];
static SizeT        bytes_held = 0;
static SizeT        max_bytes_held = 0;
static ULong        n_reused = 0;       /* requests served from a list */
static Bool         cache_enabled = True;

void HB_(heap_cache_enable) ( Bool enabled )
{
   cache_enabled = enabled;
}

/* The class of a request, or 0 when it bypasses the cache. */
static UInt class_of ( SizeT szB, SizeT alignB )
{
   if (!cache_enabled || szB == 0 || szB > HB_CACHE_MAX_SZB
       || alignB != VG_(clo_alignment))
      return 0;
   return (UInt)((szB + HB_CACHE_GRAIN - 1) / HB_CACHE_GRAIN);
}

static Bool alignment_allowed ( SizeT alignB )
{
   return alignB <= HB_MAX_ALIGNMENT && (alignB & (alignB - 1)) == 0;
}

void* HB_(heap_alloc) ( SizeT alignB, SizeT szB )
{
   UInt         k = class_of(szB, alignB);
   CachedBlock* b;
   if (!alignment_allowed(alignB)) return NULL;
   if (k == 0) return VG_(cli_malloc)(alignB, szB);
   b = free_lists[k];
   if (b == NULL) return VG_(cli_malloc)(alignB, (SizeT)k * HB_CACHE_GRAIN);
   tl_assert(bytes_held >= (SizeT)k * HB_CACHE_GRAIN);
   free_lists[k] = b->next;
   b->next = NULL;   /* no stale link for the leak scan (hb_leakscan.c) */
   bytes_held -= (SizeT)k * HB_CACHE_GRAIN;
   VG_(free_queue_volume) -= (Long)b->usable;
   VG_(free_queue_length)--;
   n_reused++;
   return b;
}

/* A freed block joins the list of the largest class its usable size can
   serve, whatever it was allocated for (a block of a larger alignment or
   an exact size outside the cache serves as well as any other). */
void HB_(heap_free) ( void* p )
{
   SizeT        usable = VG_(cli_malloc_usable_size)(p);
   UInt         k      = (UInt)(usable / HB_CACHE_GRAIN);
   CachedBlock* b      = p;
   if (!cache_enabled || k == 0 || usable > HB_CACHE_MAX_SZB
       || (Addr)p % VG_(clo_alignment) != 0
       || bytes_held + (SizeT)k * HB_CACHE_GRAIN > HB_CACHE_MAX_HELD) {
      VG_(cli_free)(p);
      return;
   }
   tl_assert(k < HB_CACHE_CLASSES && usable >= (SizeT)k * HB_CACHE_GRAIN);
   b->next   = free_lists[k];
   b->usable = usable;
   free_lists[k] = b;
   bytes_held += (SizeT)k * HB_CACHE_GRAIN;
   /* The arena counts the block as on loan; the core's mallinfo() takes
      these off it, as it does for memcheck's queue of freed blocks, so
      the program sees its freed block as free, as without the cache. */
   VG_(free_queue_volume) += (Long)usable;
   VG_(free_queue_length)++;
   if (bytes_held > max_bytes_held) max_bytes_held = bytes_held;
}

void HB_(heap_cache_stats) ( ULong* reused, SizeT* max_held )
{
   *reused   = n_reused;
   *max_held = max_bytes_held;
}

/*--------------------------------------------------------------------*/
/*--- end                                                 hb_heap.c ---*/
/*--------------------------------------------------------------------*/
