/* Threads, realloc and fork together, for each allocator in
   --allocator=program (tests/tool/allocator-threadfork.test).  Two
   threads each grow one block by realloc from 16 to 1616 bytes (a
   malloc, 100 reallocs), shrink it to 8 and free it, keeping a 256-byte
   block; after both are joined the process forks: the child grows a
   block from 100 to 5000 bytes by realloc and ends, and the parent
   frees the kept blocks.  No realloc(p, 0): what it returns is the
   allocator's choice (mimalloc gives a block, glibc and jemalloc free). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void* grow(void* arg)
{
   char* p = malloc(16);
   int i;
   (void)arg;
   memset(p, 'a', 16);
   for (i = 1; i <= 100; i++) {
      p = realloc(p, 16 + 16 * i);
      if (p == NULL || p[15] != 'a') return NULL;   /* contents kept */
   }
   p = realloc(p, 8);
   free(p);
   return malloc(256);
}

int main(void)
{
   pthread_t t[2];
   void* kept[2];
   int i;
   for (i = 0; i < 2; i++) pthread_create(&t[i], NULL, grow, NULL);
   for (i = 0; i < 2; i++) pthread_join(t[i], &kept[i]);
   if (kept[0] == NULL || kept[1] == NULL) return 1;
   pid_t pid = fork();
   if (pid == 0) {
      char* q = malloc(100);
      q = realloc(q, 5000);
      free(q);
      return 0;
   }
   waitpid(pid, NULL, 0);
   free(kept[0]);
   free(kept[1]);
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
