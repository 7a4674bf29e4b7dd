/* The README's demo: three phases a heap profile should tell apart.
   1. a linked list of 48-byte nodes that grows and is never freed (a leak);
   2. churn: thousands of short-lived 200..1000-byte temporaries;
   3. a buffer grown by realloc doubling up to 1 MB, then freed. */
#include <stdlib.h>
#include <string.h>

struct node { struct node* next; char payload[40]; };

int main(void)
{
   struct node* list = NULL;
   char* buf = NULL;
   size_t cap = 1024;
   int i;
   for (i = 0; i < 4000; i++) {                  /* phase 1 and 2 */
      struct node* n = malloc(sizeof *n);
      n->next = list;
      list = n;
      char* tmp = malloc(200 + (i * 37) % 800);
      memset(tmp, 0, 16);
      free(tmp);
   }
   for (; cap <= (1 << 20); cap *= 2) {           /* phase 3 */
      buf = realloc(buf, cap);
      memset(buf, 1, cap);
   }
   free(buf);
   return list == NULL;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
