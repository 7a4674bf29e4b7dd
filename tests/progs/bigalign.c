/* Alignments the core's arena cannot give: above 16 MiB (32 MiB and
   1 GiB) through memalign, posix_memalign and aligned_alloc must fail as
   the C library fails, with NULL (posix_memalign: non-zero, the pointer
   untouched), and the program goes on.  Alignments that are not a power
   of two never reach the tool: memalign rounds them up and posix_memalign
   refuses them.  Exits with the number of the first
   check that failed, 0 if none. */
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>

static int refused ( size_t align )
{
   void* untouched = &untouched;
   void* p = untouched;
   if (memalign(align, 100) != NULL) return 0;
   if (posix_memalign(&p, align, 200) == 0 || p != untouched) return 0;
   if (aligned_alloc(align, 512) != NULL) return 0;
   return 1;
}

int main(void)
{
   void* p = NULL;
   void* rounded;
   if (!refused((size_t)32 << 20)) return 1;
   if (!refused((size_t)1 << 30)) return 2;
   /* 16 MiB is the largest alignment the arena gives. */
   if (posix_memalign(&p, (size_t)16 << 20, 300) != 0) return 3;
   if ((uintptr_t)p % ((size_t)16 << 20) != 0) return 4;
   /* Not a power of two. */
   rounded = memalign(48, 400);                       /* as memalign(64) */
   if (rounded == NULL || (uintptr_t)rounded % 64 != 0) return 5;
   if (posix_memalign(&p, 48, 500) != EINVAL) return 6;
   free(p);
   free(rounded);
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
