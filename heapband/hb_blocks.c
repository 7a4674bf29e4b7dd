/*--------------------------------------------------------------------*/
/*--- heapband: the live heap blocks.                   hb_blocks.c ---*/
/*--------------------------------------------------------------------*/

/* Part of heapband; GPL-2.0-or-later, see hb_global.h. */

/* Live blocks are kept in the core's VgHashTable keyed by address, their
   nodes from a pool allocator (no per-node malloc header).  A node is 40
   bytes on a 64-bit host (chain link, address, size, birth time and site;
   the band is recomputed from the size, which is cheaper than storing it)
   plus one chain pointer of the table's bucket array, which the core
   keeps at about one bucket per node: about 48 bytes of tool memory per
   live block.  Blocks from malloc and blocks from the custom-allocator
   client requests are kept in two tables, because a custom allocator
   commonly hands out its first block at the very address of the pool it
   malloc'ed: both are live at once, at one address.  The lifetime histogram is a fixed table of
   bands x 65 buckets. */

#include "hb_blocks.h"
#include "hb_bands.h"
#include "hb_columns.h"
#include "hb_time.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_poolalloc.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"

typedef struct _HbBlock {
   struct _HbBlock* next;      /* VgHashNode header */
   UWord            addr;      /* the hash key */
   SizeT            szB;       /* the size the program asked for */
   HbTime           born_t;
   HbSite*          site;      /* NULL with --depth=0 */
} HbBlock;

typedef struct { ULong n, szB; } HbCount;

static VgHashTable* live_blocks[2];   /* indexed by HbOrigin */
static PoolAlloc*   block_pool;
static ULong        unknown_frees = 0;
static HbCount      lifetimes[HB_MAX_BANDS][HB_LIFE_BUCKETS];

void HB_(blocks_init) ( void )
{
   live_blocks[HbFromMalloc]        = VG_(HT_construct)("hb.blocks");
   live_blocks[HbFromClientRequest] = VG_(HT_construct)("hb.blocks.custom");
   block_pool  = VG_(newPA)(sizeof(HbBlock), 1000, VG_(malloc),
                            "hb.blocks.pool", VG_(free));
}

/* The time of an event: in unit B the event's bytes come first. */
static HbTime event_time ( SizeT szB )
{
   HB_(time_add_bytes)(szB);
   return HB_(time_now)();
}

static UInt lifetime_bucket ( HbTime lifetime )
{
   if (lifetime == 0) return 0;
   return 64 - (UInt)__builtin_clzll(lifetime);
}

static void note_death ( const HbBlock* bk, HbTime t )
{
   UInt     band = HB_(band_of)(bk->szB);
   HbCount* c    = &lifetimes[band][lifetime_bucket(t - bk->born_t)];
   c->n++;
   c->szB += bk->szB;
   HB_(site_loses)(bk->site, bk->szB);
}

void HB_(block_born) ( ThreadId tid, Addr addr, SizeT szB, HbOrigin origin )
{
   HbBlock* bk   = VG_(allocEltPA)(block_pool);
   UInt     band = HB_(band_of)(szB);
   HbTime   t    = event_time(szB);
   bk->addr   = addr;
   bk->szB    = szB;
   bk->born_t = t;
   bk->site   = HB_(site_of)(tid, band, t);
   HB_(site_gains)(bk->site, szB);
   VG_(HT_add_node)(live_blocks[origin], bk);
   HB_(columns_alloc)(t, band, szB);
}

/* Removes and returns the live block of that origin at addr. */
static HbBlock* take_block ( Addr addr, HbOrigin origin )
{
   HbBlock* bk = VG_(HT_remove)(live_blocks[origin], addr);
   if (bk == NULL) unknown_frees++;
   return bk;
}

Bool HB_(block_dies) ( Addr addr, HbOrigin origin )
{
   HbBlock* bk = take_block(addr, origin);
   HbTime   t;
   if (bk == NULL) return False;
   t = event_time(bk->szB);
   note_death(bk, t);
   HB_(columns_free)(t, HB_(band_of)(bk->szB), bk->szB);
   VG_(freeEltPA)(block_pool, bk);
   return True;
}

Bool HB_(block_moves) ( ThreadId tid, Addr old_addr, Addr new_addr,
                        SizeT new_szB, HbOrigin origin )
{
   HbBlock* bk = take_block(old_addr, origin);
   UInt     new_band = HB_(band_of)(new_szB);
   HbTime   t;
   if (bk == NULL) return False;
   t = event_time(bk->szB + new_szB);
   note_death(bk, t);
   HB_(columns_realloc)(t, HB_(band_of)(bk->szB), bk->szB, new_band, new_szB);
   /* The resized block belongs to the code that resized it. */
   bk->site   = HB_(site_of)(tid, new_band, t);
   HB_(site_gains)(bk->site, new_szB);
   bk->addr   = new_addr;
   bk->szB    = new_szB;
   bk->born_t = t;
   VG_(HT_add_node)(live_blocks[origin], bk);
   return True;
}

Bool HB_(block_size) ( Addr addr, HbOrigin origin, SizeT* szB )
{
   HbBlock* bk = VG_(HT_lookup)(live_blocks[origin], addr);
   if (bk == NULL) return False;
   *szB = bk->szB;
   return True;
}

ULong HB_(unknown_frees) ( void ) { return unknown_frees; }

void HB_(blocks_write_lifetimes) ( VgFile* fp )
{
   HbCount  leaks[HB_MAX_BANDS];
   HbBlock* bk;
   UInt     b, k;
   for (b = 0; b < HB_(n_bands)(); b++)
      for (k = 0; k < HB_LIFE_BUCKETS; k++)
         if (lifetimes[b][k].n > 0)
            VG_(fprintf)(fp, "life %u %u %llu %llu\n", b, k,
                         lifetimes[b][k].n, lifetimes[b][k].szB);
   VG_(memset)(leaks, 0, sizeof(leaks));
   for (k = 0; k < 2; k++) {
      VG_(HT_ResetIter)(live_blocks[k]);
      while ((bk = VG_(HT_Next)(live_blocks[k])) != NULL) {
         HbCount* leak = &leaks[HB_(band_of)(bk->szB)];
         leak->n++;
         leak->szB += bk->szB;
      }
   }
   for (b = 0; b < HB_(n_bands)(); b++)
      if (leaks[b].n > 0)
         VG_(fprintf)(fp, "leak %u %llu %llu\n", b, leaks[b].n, leaks[b].szB);
}

/*--------------------------------------------------------------------*/
/*--- end                                               hb_blocks.c ---*/
/*--------------------------------------------------------------------*/
