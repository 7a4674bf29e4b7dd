/* A heap of N live blocks (default 3,000,000) for timing the leak scan
   (bench/README.md, "The leak scan on 3 million blocks"): 32-byte nodes
   in lists of 100, the lists' heads in one array; every tenth list is
   dropped before exit, so 10% of the blocks are lost (a definitely lost
   head and 99 indirectly lost nodes per list) and 90% still reachable.
   Build -O2: the program's own time should be small beside the tools'. */
#include <stdio.h>
#include <stdlib.h>

struct node { struct node* next; long pad[3]; };

/* A global, so that the lists kept are still reachable at exit. */
static struct node** heads;

int main(int argc, char** argv)
{
   long n = argc > 1 ? atol(argv[1]) : 3000000;
   long lists = n / 100, i, j;
   heads = calloc((size_t)lists, sizeof(*heads));
   if (heads == NULL) return 1;
   for (i = 0; i < lists; i++) {
      for (j = 0; j < 100; j++) {
         struct node* x = malloc(sizeof(*x));
         if (x == NULL) return 1;
         x->next = heads[i];
         x->pad[0] = x->pad[1] = x->pad[2] = 0;
         heads[i] = x;
      }
   }
   for (i = 0; i < lists; i += 10) heads[i] = NULL;
   printf("%ld blocks\n", lists * 100);
   return 0;
}
