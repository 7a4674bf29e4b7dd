/* Four threads, each allocating and freeing 1000 blocks of 64 bytes and
   keeping one 512-byte block. */
#include <pthread.h>
#include <stdlib.h>

static void* work(void* arg)
{
   int i;
   for (i = 0; i < 1000; i++) free(malloc(64));
   return malloc(512);
}

int main(void)
{
   pthread_t t[4];
   void* kept[4];
   int i;
   for (i = 0; i < 4; i++) pthread_create(&t[i], NULL, work, NULL);
   for (i = 0; i < 4; i++) pthread_join(t[i], &kept[i]);
   return kept[0] && kept[1] && kept[2] && kept[3] ? 0 : 1;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
