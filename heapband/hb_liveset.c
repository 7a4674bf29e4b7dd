/*--------------------------------------------------------------------*/
/*--- heapband: the addresses of the live malloc'ed blocks.        ---*/
/*---                                                 hb_liveset.c ---*/
/*--------------------------------------------------------------------*/

/*
   This file is part of heapband, a Valgrind tool that follows every heap
   block by size band.

   This program is free software; you can redistribute it and/or modify it
   under the terms of the GNU General Public License as published by the
   Free Software Foundation; either version 2 of the License, or (at your
   option) any later version.  See the file COPYING.
*/

/* - Owns: the set of addresses at which a block from the tool's malloc is
     live: how a free tells a block it handed out from an unknown pointer.
   - Invariant (asserted at add and remove): a bit is set exactly while a
     block from the tool's malloc is live at its address with its header
     written (hb_blocks.c).
   - Cost: about 3 bits per live 16-byte block plus 8 KiB per MiB of heap
     ever touched; an add, remove or test is three dependent loads.

   The core's client arena hands out payloads aligned to 16 bytes (its
   VG_MIN_MALLOC_SZB on 64-bit hosts), each at least 32 bytes apart
   (admin words and redzones), so one bit per 16-byte grain of address
   space says whether a block starts there.  The bits are kept as a radix
   tree of three levels over the low HB_LIVESET_ADDR_BITS (47) bits of
   the address, the user half of an amd64 or arm64 address space:
   a static root of 2^17 entries (one per GiB; a 1 MiB array of which only
   the pages in use become resident), then per GiB a node of 1024
   pointers (one per MiB), then per MiB a leaf of 65,536 bits (8 KiB).
   Nodes and leaves are made when first needed and kept to the end. */

#include "hb_liveset.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_mallocfree.h"

#define HB_LIVESET_GRAIN_BITS  4        /* 16-byte grains */
#define HB_LIVESET_GRAIN       (1UL << HB_LIVESET_GRAIN_BITS)
#define HB_LIVESET_ADDR_BITS   47
#define HB_LIVESET_LEAF_BITS   20       /* a leaf covers 1 MiB */
#define HB_LIVESET_NODE_BITS   30       /* a node covers 1 GiB */

#define LEAF_WORDS  ((1UL << (HB_LIVESET_LEAF_BITS - HB_LIVESET_GRAIN_BITS)) \
                     / (8 * sizeof(UWord)))
#define NODE_LEAVES (1UL << (HB_LIVESET_NODE_BITS - HB_LIVESET_LEAF_BITS))
#define ROOT_NODES  (1UL << (HB_LIVESET_ADDR_BITS - HB_LIVESET_NODE_BITS))

typedef struct { UWord bits[LEAF_WORDS]; } Leaf;
typedef struct { Leaf* leaves[NODE_LEAVES]; } Node;

static Node* root[ROOT_NODES];
static SizeT bytes_taken = 0;

Bool HB_(liveset_covers) ( Addr addr )
{
   return addr % HB_LIVESET_GRAIN == 0
          && (addr >> HB_LIVESET_ADDR_BITS) == 0;
}

/* The word holding addr's bit, its leaf made if make is set, else NULL
   when there is none. */
static inline UWord* word_of ( Addr addr, Bool make )
{
   Node** node;
   Leaf** leaf;
   UWord  grain;
   tl_assert((addr >> HB_LIVESET_NODE_BITS) < ROOT_NODES);
   node = &root[addr >> HB_LIVESET_NODE_BITS];
   if (UNLIKELY(*node == NULL)) {
      if (!make) return NULL;
      *node = VG_(calloc)("hb.liveset.node", 1, sizeof(Node));
      bytes_taken += sizeof(Node);
   }
   leaf = &(*node)->leaves[(addr >> HB_LIVESET_LEAF_BITS) % NODE_LEAVES];
   if (UNLIKELY(*leaf == NULL)) {
      if (!make) return NULL;
      *leaf = VG_(calloc)("hb.liveset.leaf", 1, sizeof(Leaf));
      bytes_taken += sizeof(Leaf);
   }
   grain = (addr % (1UL << HB_LIVESET_LEAF_BITS)) >> HB_LIVESET_GRAIN_BITS;
   tl_assert(grain / (8 * sizeof(UWord)) < LEAF_WORDS);
   return &(*leaf)->bits[grain / (8 * sizeof(UWord))];
}

static inline UWord bit_of ( Addr addr )
{
   return 1UL << ((addr >> HB_LIVESET_GRAIN_BITS) % (8 * sizeof(UWord)));
}

void HB_(liveset_add) ( Addr addr )
{
   UWord* w;
   tl_assert(HB_(liveset_covers)(addr));
   w = word_of(addr, True);
   tl_assert((*w & bit_of(addr)) == 0);   /* one live block per address */
   *w |= bit_of(addr);
}

Bool HB_(liveset_contains) ( Addr addr )
{
   UWord* w;
   if (!HB_(liveset_covers)(addr)) return False;
   w = word_of(addr, False);
   return w != NULL && (*w & bit_of(addr)) != 0;
}

Bool HB_(liveset_remove) ( Addr addr )
{
   UWord* w;
   if (!HB_(liveset_covers)(addr)) return False;
   w = word_of(addr, False);
   if (w == NULL || (*w & bit_of(addr)) == 0) return False;
   *w &= ~bit_of(addr);
   tl_assert((*w & bit_of(addr)) == 0);
   return True;
}

/* A leaf's set bits, lowest first: each word's bits are taken off one
   by one (count trailing zeros), so empty words cost one test. */
static void visit_leaf ( const Leaf* leaf, Addr base,
                         void (*visit)(Addr, void*), void* opaque )
{
   UWord w;
   for (w = 0; w < LEAF_WORDS; w++) {
      UWord bits = leaf->bits[w];
      while (bits != 0) {
         UWord bit = (UWord)__builtin_ctzl(bits);
         bits &= bits - 1;
         visit(base + ((w * 8 * sizeof(UWord) + bit) << HB_LIVESET_GRAIN_BITS),
               opaque);
      }
   }
}

void HB_(liveset_visit) ( void (*visit)(Addr addr, void* opaque),
                          void* opaque )
{
   UWord n, l;
   for (n = 0; n < ROOT_NODES; n++) {
      if (root[n] == NULL) continue;
      for (l = 0; l < NODE_LEAVES; l++) {
         if (root[n]->leaves[l] == NULL) continue;
         visit_leaf(root[n]->leaves[l],
                    (n << HB_LIVESET_NODE_BITS) | (l << HB_LIVESET_LEAF_BITS),
                    visit, opaque);
      }
   }
}

SizeT HB_(liveset_bytes) ( void )
{
   return bytes_taken;
}

/*--------------------------------------------------------------------*/
/*--- end                                              hb_liveset.c ---*/
/*--------------------------------------------------------------------*/
