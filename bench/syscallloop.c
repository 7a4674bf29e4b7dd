/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   The system-call microbenchmark: N (default 2,000,000) getppid calls,
   each a round trip through the tool's pre- and post-syscall hooks, and
   one block allocated.  bench/README.md, "The cost of knowing how a run
   ended", times it under two builds of heapband. */
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char** argv)
{
   long n = argc > 1 ? atol(argv[1]) : 2000000, i, sum = 0;
   void* p = malloc(16);
   for (i = 0; i < n; i++) sum += syscall(SYS_getppid);
   free(p);
   return sum == 0;
}
