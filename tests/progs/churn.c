/* A longer run for merging and determinism tests: phases of churn with
   sizes from 8 bytes to 64 KB and a slowly growing list. */
#include <stdlib.h>

struct node { struct node* next; char payload[40]; };

int main(void)
{
   struct node* list = NULL;
   unsigned seed = 12345;
   int i, phase;
   for (phase = 0; phase < 4; phase++) {
      for (i = 0; i < 3000; i++) {
         seed = seed * 1103515245u + 12345u;
         size_t sz = (size_t)8 << ((seed >> 16) % (phase + 10));
         char* tmp = malloc(sz);
         tmp[0] = 1;
         if (i % 10 == 0) {
            struct node* n = malloc(sizeof *n);
            n->next = list;
            list = n;
         }
         free(tmp);
      }
   }
   while (list) { struct node* n = list->next; free(list); list = n; }
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
