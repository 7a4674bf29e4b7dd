/* A pool allocator described to Valgrind with client requests. */
#include <stdlib.h>
#include "valgrind.h"

static char pool[65536];

int main(void)
{
   char* a = pool;
   char* b = pool + 1024;
   char* c = pool + 4096;
   VALGRIND_MALLOCLIKE_BLOCK(a, 100, 0, 0);
   VALGRIND_MALLOCLIKE_BLOCK(b, 2000, 0, 0);
   VALGRIND_MALLOCLIKE_BLOCK(c, 300, 0, 0);
   VALGRIND_RESIZEINPLACE_BLOCK(b, 2000, 500, 0);   /* shrink b */
   VALGRIND_FREELIKE_BLOCK(a, 0);
   VALGRIND_FREELIKE_BLOCK(a, 0);                    /* twice: unknown */
   /* A pool from malloc whose first custom block starts at the pool's own
      address: both are live at one address, neither is an unknown free. */
   char* heap_pool = malloc(4096);
   VALGRIND_MALLOCLIKE_BLOCK(heap_pool, 64, 0, 0);
   VALGRIND_FREELIKE_BLOCK(heap_pool, 0);
   free(heap_pool);
   /* live at exit: b (500) and c (300) */
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
