/* Allocations in a known order from known functions, for
   tests/tool/stopat.test (--stop-at) and the rerun lines of the printer:
      1-3   make_node: 3 x 48 bytes, a list kept to the end
      4     make_buffer: 1000 bytes
      5     grow_buffer: realloc to 3000 (frees allocation 4)
      6-13  scratch: 8 x 64 bytes, all live at once, then freed
      14    make_leak: 40 bytes, lost
      15    make_big: 100000 bytes, the peak, freed
   The buffer is freed at the end; the nodes stay reachable.  Peak:
   3 x 48 + 3000 + 40 + 100000 = 103184 bytes in 6 blocks. */
#include <stdlib.h>

struct node { struct node* next; char pad[40]; };

static struct node* list;

static void make_node(void)
{
   struct node* n = malloc(sizeof(struct node));
   n->next = list;
   list = n;
}

static char* make_buffer(void)
{
   return malloc(1000);
}

static char* grow_buffer(char* buf)
{
   return realloc(buf, 3000);
}

static void scratch(void)
{
   void* tmp[8];
   int i;
   for (i = 0; i < 8; i++) tmp[i] = malloc(64);
   for (i = 0; i < 8; i++) free(tmp[i]);
}

static void make_leak(void)
{
   void* volatile lost = malloc(40);
   (void)lost;
}

static void make_big(void)
{
   char* volatile big = malloc(100000);
   free(big);
}

int main(void)
{
   char* buf;
   int i;
   for (i = 0; i < 3; i++) make_node();
   buf = make_buffer();
   buf = grow_buffer(buf);
   scratch();
   make_leak();
   make_big();
   free(buf);
   return 0;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
