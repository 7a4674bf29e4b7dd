/*--------------------------------------------------------------------*/
/*--- heapband: the table of live heap blocks.          hb_blocks.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* Owns: the live blocks, in two tables keyed by address, and their memory.
   This module records nothing about the run; hb_main.c routes each event
   to the table first and then to the modules that count it.

   Invariant: a table holds at most one block per address.  Blocks from
   malloc, from MALLOCLIKE_BLOCK and from the mempool requests are kept in
   separate tables, because a custom allocator commonly hands out its first
   block at the very address of the pool it malloc'ed (or of a metapool's
   chunk): both are live at once, at one address.

   Cost: the tables are the core's VgHashTable, their nodes from a pool
   allocator (no per-node malloc header).  A node is 40 bytes on a 64-bit
   host (chain link, address, size, birth time, site) plus one chain
   pointer of the table's bucket array, which the core keeps at about one
   bucket per node: about 48 bytes of tool memory per live block.  Insert,
   remove and lookup are one hash-table operation each. */

#include "hb_blocks.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_poolalloc.h"
#include "pub_tool_mallocfree.h"

typedef struct _HbBlockNode {
   struct _HbBlockNode* next;   /* VgHashNode header */
   UWord                addr;   /* the hash key */
   HbLiveBlock          block;
} HbBlockNode;

static VgHashTable* live_blocks[3];   /* indexed by HbOrigin */
static PoolAlloc*   node_pool;

void HB_(blocks_init) ( void )
{
   live_blocks[HbFromMalloc]        = VG_(HT_construct)("hb.blocks");
   live_blocks[HbFromClientRequest] = VG_(HT_construct)("hb.blocks.custom");
   live_blocks[HbFromMempool]       = VG_(HT_construct)("hb.blocks.mempool");
   node_pool = VG_(newPA)(sizeof(HbBlockNode), 1000, VG_(malloc),
                          "hb.blocks.pool", VG_(free));
}

void HB_(block_insert) ( Addr addr, HbOrigin origin, const HbLiveBlock* bk )
{
   HbBlockNode* node = VG_(allocEltPA)(node_pool);
   node->addr  = addr;
   node->block = *bk;
   VG_(HT_add_node)(live_blocks[origin], node);
}

Bool HB_(block_remove) ( Addr addr, HbOrigin origin, HbLiveBlock* removed )
{
   HbBlockNode* node = VG_(HT_remove)(live_blocks[origin], addr);
   if (node == NULL) return False;
   *removed = node->block;
   VG_(freeEltPA)(node_pool, node);
   return True;
}

Bool HB_(block_size) ( Addr addr, HbOrigin origin, SizeT* szB )
{
   const HbBlockNode* node = VG_(HT_lookup)(live_blocks[origin], addr);
   if (node == NULL) return False;
   *szB = node->block.szB;
   return True;
}

void HB_(blocks_inside) ( HbOrigin origin, Addr lo, Addr hi, XArray* addrs )
{
   const HbBlockNode* node;
   VG_(HT_ResetIter)(live_blocks[origin]);
   while ((node = VG_(HT_Next)(live_blocks[origin])) != NULL) {
      if (node->addr >= lo && node->addr <= hi
          && node->block.szB <= hi - node->addr)
         VG_(addToXA)(addrs, &node->addr);
   }
}

/*--------------------------------------------------------------------*/
/*--- end                                               hb_blocks.c ---*/
/*--------------------------------------------------------------------*/
