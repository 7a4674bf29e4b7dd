/*--------------------------------------------------------------------*/
/*--- heapband: the live heap blocks.                   hb_blocks.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* - Owns: the live blocks and what is kept of each (HbLiveBlock): size,
     birth time, site.  It records nothing about the run.
   - Invariant (asserted at insert and remove): at most one live block per
     address and origin; a malloc'ed block is in the bitmap with its header
     written, or in the table, never both.
   - Cost: a malloc'ed block, about 3 bits of bitmap; insert or remove reads
     or writes two words and a bit.  Other blocks: a 48-byte table node and
     one hash operation per event.

   A program that writes outside its block (a bug memcheck reports) can
   overwrite the header: past the end, the birth time (below); before the
   start, the size and site, which, if then implausible, stop the run with
   a message saying so, as the core's arena does when its own admin words
   are overwritten.

   Blocks from the tool's malloc keep their record in a header in the
   block's own redzones.  The tool owns the client's allocator: the core's
   client arena puts, around every payload, a low and a high redzone of at
   least a pointer's size each (m_mallocfree.c: the redzones of the
   client arena are never checked by the core, and hold its free-list
   links only while the block is free), the high one right after the
   usable size VG_(cli_malloc_usable_size) gives.  So a live block's
   record costs no memory of its own:
     - the low word, just below the payload, holds its site's number
       (HB_(site_id)) in the upper 24 bits, its slack, usable size minus
       requested size, in the next 8, and the low 32 bits of its
       allocation's number in the lower 32;
     - the high word, just past its usable size, holds the number's next
       8 bits in its upper 8 and its birth time in the lower 56.
   The birth time goes above the block because a program that writes a
   few bytes past its block (an off-by-one that glibc's rounding hides)
   then changes only a lifetime, which is clamped to be no later than the
   free, instead of the block's size and site.
   hb_liveset.c's bitmap says at which addresses such a header is live, so
   that an unknown or repeated free is recognised without reading memory
   that is not a live block's.  A block whose record does not fit that way
   (a slack of 256 or more, left by shrinking a block in place; a site
   number of 2^24 or more; an allocation number of 2^40 or more; a birth
   time of 2^56 or more; an address the bitmap does not cover) is kept in
   the table below instead.

   Blocks from MALLOCLIKE_BLOCK and from the mempool requests are not the
   tool's to annotate: they are kept in tables keyed by address, one per
   origin, because a custom allocator commonly hands out its first block
   at the very address of the pool it malloc'ed (or of a metapool's
   chunk): both are live at once, at one address.

   Invariant: at most one live block per address and origin; a malloc'ed
   block is either in the bitmap with its header written, or in the
   table, never both.  A program that writes outside its block (a bug
   memcheck reports) can overwrite the header: past the end, the birth
   time (above); before the start, the size and site, which, if then
   implausible, stop the run with a message saying so, as the core's
   arena does when its own admin words are overwritten.

   Cost: a malloc'ed block costs about 3 bits of bitmap and nothing else;
   insert and remove write or read two words and one bit, plus the
   arena's usable size.  The tables are the core's VgHashTable with nodes
   from a pool allocator: about 56 bytes per block (a 48-byte node and a
   bucket pointer), one hash-table operation per event.  With
   --allocator=program every block is in a table (HbFromProgram): the
   program's allocator owns the memory around its blocks. */

#include "hb_blocks.h"
#include "hb_liveset.h"
#include "hb_time.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_poolalloc.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_replacemalloc.h"

/* The header's two words are 64-bit: 24 bits of site number, 8 of slack
   and 32 of allocation number; 8 more of allocation number and 56 of
   birth time. */
STATIC_ASSERT(sizeof(UWord) == 8 && sizeof(HbTime) == 8);

/* The fields' masks; a value past its mask is tabled. */
#define HB_SLACK_LIMIT  0xFFUL
#define HB_BIRTH_LIMIT  0xFFFFFFFFFFFFFFULL

typedef struct _HbBlockNode {
   struct _HbBlockNode* next;   /* VgHashNode header */
   UWord                addr;   /* the hash key */
   HbLiveBlock          block;
} HbBlockNode;

static VgHashTable* live_blocks[HbOrigins];   /* indexed by HbOrigin */
static PoolAlloc*   node_pool;

void HB_(blocks_init) ( void )
{
   live_blocks[HbFromMalloc]        = VG_(HT_construct)("hb.blocks");
   live_blocks[HbFromClientRequest] = VG_(HT_construct)("hb.blocks.custom");
   live_blocks[HbFromMempool]       = VG_(HT_construct)("hb.blocks.mempool");
   live_blocks[HbFromProgram]       = VG_(HT_construct)("hb.blocks.program");
   node_pool = VG_(newPA)(sizeof(HbBlockNode), 1000, VG_(malloc),
                          "hb.blocks.pool", VG_(free));
}

/*------------------------------------------------------------*/
/*--- Headers of malloc'ed blocks                          ---*/
/*------------------------------------------------------------*/

static UWord* low_word ( Addr addr )
{
   return (UWord*)(addr - sizeof(UWord));
}

static UWord* high_word ( Addr addr, SizeT usable )
{
   return (UWord*)(addr + usable);
}

/* Writes the header of the block at addr; False if the record does not
   fit one. */
static Bool write_header ( Addr addr, const HbLiveBlock* bk )
{
   SizeT usable;
   if (!HB_(liveset_covers)(addr)) return False;
   usable = VG_(cli_malloc_usable_size)((void*)addr);
   tl_assert(bk->szB <= usable);
   /* One test for the four fields' limits: each shifted past its width. */
   if ((((UWord)(usable - bk->szB) >> 8) | ((UWord)HB_(site_id)(bk->site) >> 24)
        | (bk->alloc_n >> 40) | (bk->born_t >> 56)) != 0)
      return False;
   *low_word(addr)          = ((UWord)HB_(site_id)(bk->site) << 40)
                              | ((UWord)(usable - bk->szB) << 32)
                              | (bk->alloc_n & 0xFFFFFFFFUL);
   *high_word(addr, usable) = ((UWord)(bk->alloc_n >> 32) << 56)
                              | bk->born_t;
   HB_(liveset_add)(addr);   /* asserts that no block was live there */
   return True;
}

/* The record in the header of the live block at addr. */
static void read_header ( Addr addr, HbLiveBlock* bk )
{
   SizeT  usable = VG_(cli_malloc_usable_size)((void*)addr);
   UWord  low    = *low_word(addr);
   UWord  high   = *high_word(addr, usable);
   UInt   site   = (UInt)(low >> 40);
   SizeT  slack  = (low >> 32) & HB_SLACK_LIMIT;
   HbTime now    = HB_(time_now)();
   if (slack > usable || !HB_(site_id_valid)(site)) {
      VG_(umsg)("heapband: the header of the heap block at %#lx was "
                "overwritten: the program wrote before the start of a "
                "block (memcheck can show where).\n", addr);
      tl_assert2(0, "block header at %#lx overwritten", addr);
   }
   bk->szB    = usable - slack;
   bk->born_t  = high & HB_BIRTH_LIMIT;
   bk->alloc_n = ((ULong)(high >> 56) << 32) | (low & 0xFFFFFFFFUL);
   bk->site    = HB_(site_by_id)(site);
   tl_assert(bk->site != NULL || site == 0);
   bk->slopB  = 0;
   if (bk->born_t > now) bk->born_t = now;
}

/*------------------------------------------------------------*/
/*--- The table                                            ---*/
/*------------------------------------------------------------*/

void HB_(block_insert) ( Addr addr, HbOrigin origin, const HbLiveBlock* bk )
{
   HbBlockNode* node;
   tl_assert(origin < HbOrigins);
   if (origin == HbFromMalloc && write_header(addr, bk)) return;
   /* In the table: one block per address and origin, and a malloc'ed
      block never also in the bitmap.  (Tables hold few blocks of malloc;
      custom blocks pay a lookup more.) */
   tl_assert(VG_(HT_lookup)(live_blocks[origin], addr) == NULL);
   tl_assert(origin != HbFromMalloc || !HB_(liveset_contains)(addr));
   node = VG_(allocEltPA)(node_pool);
   node->addr  = addr;
   node->block = *bk;
   VG_(HT_add_node)(live_blocks[origin], node);
}

Bool HB_(block_remove) ( Addr addr, HbOrigin origin, HbLiveBlock* removed )
{
   HbBlockNode* node;
   if (origin == HbFromMalloc && HB_(liveset_remove)(addr)) {
      read_header(addr, removed);
      return True;
   }
   node = VG_(HT_remove)(live_blocks[origin], addr);
   if (node == NULL) return False;
   tl_assert(node->addr == addr);
   *removed = node->block;
   VG_(freeEltPA)(node_pool, node);
   return True;
}

Bool HB_(block_size) ( Addr addr, HbOrigin origin, SizeT* szB )
{
   const HbBlockNode* node;
   if (origin == HbFromMalloc && HB_(liveset_contains)(addr)) {
      HbLiveBlock bk;
      read_header(addr, &bk);
      *szB = bk.szB;
      return True;
   }
   node = VG_(HT_lookup)(live_blocks[origin], addr);
   if (node == NULL) return False;
   *szB = node->block.szB;
   return True;
}

void HB_(blocks_inside) ( HbOrigin origin, Addr lo, Addr hi, XArray* addrs )
{
   const HbBlockNode* node;
   tl_assert(origin != HbFromMalloc);   /* those are not all in a table */
   VG_(HT_ResetIter)(live_blocks[origin]);
   while ((node = VG_(HT_Next)(live_blocks[origin])) != NULL) {
      if (node->addr >= lo && node->addr <= hi
          && node->block.szB <= hi - node->addr)
         VG_(addToXA)(addrs, &node->addr);
   }
}

typedef struct {
   HbBlockVisitor visit;
   void*          opaque;
} HeaderVisit;

static void visit_header ( Addr addr, void* opaque )
{
   const HeaderVisit* hv = opaque;
   HbLiveBlock        bk;
   read_header(addr, &bk);
   hv->visit(addr, HbFromMalloc, &bk, hv->opaque);
}

void HB_(blocks_visit) ( HbBlockVisitor visit, void* opaque )
{
   HeaderVisit        hv = { visit, opaque };
   const HbBlockNode* node;
   UInt               origin;
   HB_(liveset_visit)(visit_header, &hv);
   for (origin = HbFromMalloc; origin < HbOrigins; origin++) {
      VG_(HT_ResetIter)(live_blocks[origin]);
      while ((node = VG_(HT_Next)(live_blocks[origin])) != NULL)
         visit(node->addr, (HbOrigin)origin, &node->block, opaque);
   }
}

/*--------------------------------------------------------------------*/
/*--- end                                               hb_blocks.c ---*/
/*--------------------------------------------------------------------*/
