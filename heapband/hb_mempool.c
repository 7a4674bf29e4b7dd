/*--------------------------------------------------------------------*/
/*--- heapband: memory pools of the mempool requests.  hb_mempool.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* - Owns: the memory pools a program describes with valgrind.h's mempool
     requests, and which chunks belong to which pool.
   - Invariant (asserted at each chunk event): an address is in the chunk
     table of some pool exactly when a block of origin HbFromMempool lives
     there, and in one pool only.
   - Cost: a 24-byte node per chunk beside its block (hb_blocks.c); one or
     two hash operations per chunk request; destroying or trimming a pool
     sorts its chunks.

   Chunks die in the order they were allocated (their serial number) when
   a request frees several, and MALLOCLIKE blocks in the order of their
   addresses inside the chunk, so that the file does not depend on where
   the program's memory happens to lie.  A free in an auto-free pool passes
   over every live MALLOCLIKE block (as memcheck does over every block);
   finding which pool holds a chunk whose address is reused costs one
   lookup per pool.

   A pool's chunks are heap blocks like any other: each is a block of
   origin HbFromMempool in the block table (hb_blocks.c), and every change
   goes through the tool's block events (hb_main.c), so the columns, the
   totals, the sites and the lifetimes count it as they count malloc.
   This module keeps, per pool, the addresses of its chunks, so that a
   request on the whole pool finds them.  The requests mean what they mean
   to memcheck:

   CREATE_MEMPOOL(pool, rzB, zeroed), CREATE_MEMPOOL_EXT(.., flags)
      a new pool, empty, named by the address `pool`.  The redzone and
      zeroing arguments change nothing here.  With the flag
      VALGRIND_MEMPOOL_AUTO_FREE, freeing a chunk also frees the
      MALLOCLIKE blocks lying wholly inside it (a "metapool": its chunks
      are superblocks that the program carves with MALLOCLIKE_BLOCK; both
      levels are counted, as a malloc'ed pool and its MALLOCLIKE blocks
      are).
   MEMPOOL_ALLOC(pool, addr, size)    a chunk is allocated.
   MEMPOOL_FREE(pool, addr)           a chunk is freed; an address that is
                                      not a chunk of that pool is an
                                      unknown free.
   MEMPOOL_TRIM(pool, addr, size)     the chunks wholly inside [addr,
      addr+size) stay; a chunk with neither its first nor its last byte
      inside is freed; a chunk with one of them inside is cut to its part
      inside, which is a realloc (memcheck 3.19 computes the cut end of a
      chunk that starts before addr from the trim's size instead of the
      chunk's own end; heapband uses the chunk's end).
   MOVE_MEMPOOL(poolA, poolB)         the pool is now named poolB.
   MEMPOOL_CHANGE(pool, addrA, addrB, size)
                                      the chunk at addrA now lives at
                                      addrB with `size` bytes: a realloc.
   DESTROY_MEMPOOL(pool)              every chunk still in the pool is
                                      freed (not the MALLOCLIKE blocks
                                      inside, as in memcheck).
   MEMPOOL_EXISTS(pool)               1 if the pool exists, else 0.

   Where memcheck reports an error and carries on, heapband carries on
   too: a request naming a pool that does not exist is ignored (the first
   one is reported on stderr); creating a pool, or moving one, to a name
   in use first destroys the pool of that name; a chunk allocated (or
   moved) to the address of a live chunk first frees that chunk, as
   MALLOCLIKE_BLOCK does, so that no two chunks share an address. */

#include "hb_mempool.h"
#include "hb_totals.h"
#include "pub_tool_clreq.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_poolalloc.h"
#include "pub_tool_xarray.h"

typedef struct _HbChunk {
   struct _HbChunk* next;     /* VgHashNode header */
   UWord            addr;     /* the hash key */
   ULong            serial;   /* allocation order, for the order of deaths */
} HbChunk;

typedef struct _HbPool {
   struct _HbPool* next;      /* VgHashNode header */
   UWord           name;      /* the hash key: the address naming the pool */
   Bool            auto_free; /* freeing a chunk frees the blocks inside */
   VgHashTable*    chunks;    /* HbChunk, by address */
} HbPool;

static const HbBlockEvents* events;
static VgHashTable*         pools;
static PoolAlloc*           chunk_nodes;
static ULong                next_serial = 0;
static Bool                 reported_unknown_pool = False;

void HB_(mempools_init) ( const HbBlockEvents* ev )
{
   events      = ev;
   pools       = VG_(HT_construct)("hb.mempools");
   chunk_nodes = VG_(newPA)(sizeof(HbChunk), 1000, VG_(malloc),
                            "hb.mempool.chunks", VG_(free));
}

static void free_chunk_node ( void* node )
{
   VG_(freeEltPA)(chunk_nodes, node);
}

static SizeT chunk_size ( Addr addr )
{
   SizeT szB = 0;
   Bool  live = HB_(block_size)(addr, HbFromMempool, &szB);
   tl_assert(live);
   return szB;
}

/* The first request naming no pool is reported (memcheck reports each as
   an error); all are ignored. */
static void report_unknown_pool ( Addr name )
{
   if (reported_unknown_pool || VG_(clo_verbosity) == 0) return;
   VG_(umsg)("heapband: a mempool request names no pool (0x%lx); such "
             "requests are ignored, and not reported again\n", name);
   reported_unknown_pool = True;
}

/* The pool named `name`, or NULL after reporting it. */
static HbPool* pool_named ( Addr name )
{
   HbPool* pool = VG_(HT_lookup)(pools, name);
   if (pool == NULL) report_unknown_pool(name);
   return pool;
}

/* The chunk at addr, removed from its pool; it must be a chunk. */
static HbChunk* unlink_chunk ( HbPool* pool, Addr addr )
{
   HbChunk* chunk = VG_(HT_remove)(pool->chunks, addr);
   tl_assert(chunk != NULL);
   return chunk;
}

/* The chunk at addr of that pool dies: it leaves the pool and the block
   table together (it must be in both). */
static void chunk_dies ( HbPool* pool, Addr addr )
{
   Bool was_live;
   free_chunk_node(unlink_chunk(pool, addr));
   was_live = events->dies(addr, HbFromMempool);
   tl_assert(was_live);
}

/* Frees the chunk at addr, whichever pool holds it, if there is one. */
static void free_chunk_anywhere ( Addr addr )
{
   SizeT   ignored;
   HbPool* pool;
   if (!HB_(block_size)(addr, HbFromMempool, &ignored)) return;
   VG_(HT_ResetIter)(pools);
   while ((pool = VG_(HT_Next)(pools)) != NULL)
      if (VG_(HT_lookup)(pool->chunks, addr) != NULL) break;
   tl_assert(pool != NULL);
   chunk_dies(pool, addr);
}

static Int cmp_serial ( const void* pa, const void* pb )
{
   const HbChunk* a = *(const HbChunk* const*)pa;
   const HbChunk* b = *(const HbChunk* const*)pb;
   return a->serial < b->serial ? -1 : (a->serial > b->serial ? 1 : 0);
}

static Int cmp_addr ( const void* pa, const void* pb )
{
   Addr a = *(const Addr*)pa, b = *(const Addr*)pb;
   return a < b ? -1 : (a > b ? 1 : 0);
}

/* The addresses of the pool's chunks in allocation order (NULL and 0 for
   an empty pool); the caller frees the array. */
static Addr* chunks_in_order ( HbPool* pool, UInt* n )
{
   HbChunk** nodes = (HbChunk**)VG_(HT_to_array)(pool->chunks, n);
   Addr*     addrs;
   UInt      i;
   if (nodes == NULL) return NULL;
   VG_(ssort)(nodes, *n, sizeof(HbChunk*), cmp_serial);
   addrs = VG_(malloc)("hb.mempool.order", *n * sizeof(Addr));
   for (i = 0; i < *n; i++) addrs[i] = nodes[i]->addr;
   VG_(free)(nodes);
   return addrs;
}

/* An auto-free pool's chunk [lo, lo+szB) is going: the MALLOCLIKE blocks
   wholly inside it go first, lowest address first. */
static void free_blocks_inside ( Addr lo, SizeT szB )
{
   XArray* inside = VG_(newXA)(VG_(malloc), "hb.mempool.inside", VG_(free),
                               sizeof(Addr));
   Word    i;
   HB_(blocks_inside)(HbFromClientRequest, lo, lo + szB, inside);
   VG_(setCmpFnXA)(inside, cmp_addr);
   VG_(sortXA)(inside);
   for (i = 0; i < VG_(sizeXA)(inside); i++)
      events->dies(*(Addr*)VG_(indexXA)(inside, i), HbFromClientRequest);
   VG_(deleteXA)(inside);
}

/*------------------------------------------------------------*/
/*--- The requests                                         ---*/
/*------------------------------------------------------------*/

static void destroy_pool ( Addr name )
{
   HbPool* pool = VG_(HT_remove)(pools, name);
   Addr*   addrs;
   UInt    n, i;
   if (pool == NULL) { report_unknown_pool(name); return; }
   addrs = chunks_in_order(pool, &n);
   for (i = 0; i < n; i++) {
      chunk_dies(pool, addrs[i]);
   }
   VG_(free)(addrs);
   VG_(HT_destruct)(pool->chunks, free_chunk_node);
   VG_(free)(pool);
}

static void create_pool ( Addr name, UWord flags )
{
   HbPool* pool;
   if (VG_(HT_lookup)(pools, name) != NULL) destroy_pool(name);
   pool = VG_(malloc)("hb.mempool", sizeof(HbPool));
   pool->name      = name;
   pool->auto_free = (flags & VALGRIND_MEMPOOL_AUTO_FREE) != 0;
   pool->chunks    = VG_(HT_construct)("hb.mempool.chunk");
   VG_(HT_add_node)(pools, pool);
}

static void move_pool ( Addr from, Addr to )
{
   HbPool* pool = VG_(HT_remove)(pools, from);
   if (pool == NULL) { report_unknown_pool(from); return; }
   if (VG_(HT_lookup)(pools, to) != NULL) destroy_pool(to);
   pool->name = to;
   VG_(HT_add_node)(pools, pool);
}

static void alloc_chunk ( ThreadId tid, Addr name, Addr addr, SizeT szB )
{
   HbPool*  pool = pool_named(name);
   HbChunk* chunk;
   if (pool == NULL) return;
   free_chunk_anywhere(addr);
   chunk = VG_(allocEltPA)(chunk_nodes);
   chunk->addr   = addr;
   chunk->serial = next_serial++;
   VG_(HT_add_node)(pool->chunks, chunk);
   events->born(tid, addr, szB, HbFromMempool);
   tl_assert(chunk_size(addr) == szB);   /* in the pool and the table */
}

static void free_chunk ( Addr name, Addr addr )
{
   HbPool* pool = pool_named(name);
   if (pool == NULL) return;
   if (VG_(HT_lookup)(pool->chunks, addr) == NULL) {
      HB_(totals_unknown_free)();
      return;
   }
   if (pool->auto_free) free_blocks_inside(addr, chunk_size(addr));
   chunk_dies(pool, addr);
}

/* The chunk at addr_a moves to addr_b with szB bytes. */
static void change_chunk ( ThreadId tid, HbPool* pool, Addr addr_a,
                           Addr addr_b, SizeT szB )
{
   HbChunk* chunk = unlink_chunk(pool, addr_a);
   Bool     was_live;
   if (addr_b != addr_a) free_chunk_anywhere(addr_b);
   chunk->addr = addr_b;
   VG_(HT_add_node)(pool->chunks, chunk);
   was_live = events->moves(tid, addr_a, addr_b, szB, HbFromMempool);
   tl_assert(was_live && chunk_size(addr_b) == szB);
}

static void change_chunk_request ( ThreadId tid, Addr name, Addr addr_a,
                                   Addr addr_b, SizeT szB )
{
   HbPool* pool = pool_named(name);
   if (pool == NULL) return;
   if (VG_(HT_lookup)(pool->chunks, addr_a) == NULL) {
      HB_(totals_unknown_free)();
      return;
   }
   change_chunk(tid, pool, addr_a, addr_b, szB);
}

/* Whether x is in [lo, lo + szB), without overflow. */
static Bool in_range ( Addr x, Addr lo, SizeT szB )
{
   return x >= lo && x - lo < szB;
}

/* What MEMPOOL_TRIM does to the chunk at addr: memcheck's rule (see the
   head of the file) on its first and last bytes. */
static void trim_chunk ( ThreadId tid, HbPool* pool, Addr addr,
                         Addr keep_lo, SizeT keep_szB )
{
   SizeT szB  = chunk_size(addr);
   Addr  last = szB == 0 ? addr : addr + szB - 1;
   Bool  first_in = in_range(addr, keep_lo, keep_szB);
   Bool  last_in  = in_range(last, keep_lo, keep_szB);
   Addr  cut_lo, cut_last;
   if (first_in && last_in) return;
   if (!first_in && !last_in) {
      chunk_dies(pool, addr);
      return;
   }
   cut_lo   = first_in ? addr : keep_lo;
   cut_last = last_in ? last : keep_lo + (keep_szB - 1);
   change_chunk(tid, pool, addr, cut_lo, cut_last - cut_lo + 1);
}

static void trim_pool ( ThreadId tid, Addr name, Addr keep_lo, SizeT keep_szB )
{
   HbPool* pool = pool_named(name);
   Addr*   addrs;
   UInt    n, i;
   if (pool == NULL) return;
   addrs = chunks_in_order(pool, &n);
   /* A chunk cut to the front of the range may have freed the chunk that
      lived there, so each address is looked up again. */
   for (i = 0; i < n; i++)
      if (VG_(HT_lookup)(pool->chunks, addrs[i]) != NULL)
         trim_chunk(tid, pool, addrs[i], keep_lo, keep_szB);
   VG_(free)(addrs);
}

Bool HB_(mempool_request) ( ThreadId tid, UWord* arg, UWord* ret )
{
   switch (arg[0]) {
      case VG_USERREQ__CREATE_MEMPOOL:
         create_pool((Addr)arg[1], arg[4]);
         break;
      case VG_USERREQ__DESTROY_MEMPOOL:
         destroy_pool((Addr)arg[1]);
         break;
      case VG_USERREQ__MEMPOOL_ALLOC:
         alloc_chunk(tid, (Addr)arg[1], (Addr)arg[2], (SizeT)arg[3]);
         break;
      case VG_USERREQ__MEMPOOL_FREE:
         free_chunk((Addr)arg[1], (Addr)arg[2]);
         break;
      case VG_USERREQ__MEMPOOL_TRIM:
         trim_pool(tid, (Addr)arg[1], (Addr)arg[2], (SizeT)arg[3]);
         break;
      case VG_USERREQ__MOVE_MEMPOOL:
         move_pool((Addr)arg[1], (Addr)arg[2]);
         break;
      case VG_USERREQ__MEMPOOL_CHANGE:
         change_chunk_request(tid, (Addr)arg[1], (Addr)arg[2], (Addr)arg[3],
                              (SizeT)arg[4]);
         break;
      case VG_USERREQ__MEMPOOL_EXISTS:
         *ret = VG_(HT_lookup)(pools, (Addr)arg[1]) != NULL;
         return True;
      default:
         return False;
   }
   *ret = 0;
   return True;
}

/*--------------------------------------------------------------------*/
/*--- end                                             hb_mempool.c ---*/
/*--------------------------------------------------------------------*/
