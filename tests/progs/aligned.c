/* memalign, posix_memalign, aligned_alloc, valloc, calloc (and its
   overflow check), malloc_usable_size, and a failing huge malloc. */
#define _GNU_SOURCE
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
   void* m = memalign(64, 100);
   void* pm = NULL;
   if (posix_memalign(&pm, 128, 200) != 0) return 1;
   void* aa = aligned_alloc(256, 512);
   void* v = valloc(300);
   int* c = calloc(10, 40);                       /* 400 zeroed bytes */
   int i;
   for (i = 0; i < 100; i++) if (c[i] != 0) return 2;
   if (((uintptr_t)m % 64) || ((uintptr_t)pm % 128) || ((uintptr_t)aa % 256))
      return 3;
   volatile size_t huge = SIZE_MAX - 4096;        /* hidden from gcc */
   volatile size_t half = SIZE_MAX / 2;
   if (calloc(half, 4) != NULL) return 4;          /* overflow: NULL */
   if (malloc(huge) != NULL) return 5;             /* huge: NULL */
   if (malloc_usable_size(c) < 400) return 6;
   free(m); free(pm); free(aa); free(v); free(c);
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
