/* Blocks of every leak kind, each from its own function and of its own
   size, for tests/tool/leak-kinds.test (exact figures, and memcheck on
   the same program).  At VALGRIND_DO_LEAK_CHECK, in main:

     lost_list    a 48-byte head and three 32-byte nodes after it, the
                  head forgotten: 48 definitely lost, 96 indirectly
     interior     200 bytes, only a pointer 100 bytes in: possibly lost
     cycle        two 72-byte blocks pointing at each other, forgotten:
                  one definitely lost (the lower), one indirectly
     on_thread    120 bytes that only a waiting thread's stack holds:
                  still reachable
     in_register  136 bytes that only register r12 holds: still reachable
     pool         a 4096-byte malloc'ed block holding a pool; chunks of
                  256 bytes (kept: still reachable) and 304 (forgotten:
                  definitely lost); memcheck leaves the 4096 out
     malloclike   an 88-byte MALLOCLIKE block in a static buffer,
                  forgotten: definitely lost
     kept         24 bytes in a global: still reachable

   Then the thread forgets its block and ends (120 bytes definitely lost
   at exit), the register's block goes to a global, and the program
   exits.  Built -O0, so locals live on the stack. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "valgrind.h"
#include "memcheck.h"

struct node { struct node* next; char pad[24]; };   /* 32 bytes */

static void*       kept;
static char*       inside;          /* 100 bytes into interior's block */
static void*       from_register;
static char*       pool_mem;
static char*       pool_kept;
static char        static_buf[256];
static int         go[2], ready[2];

static void lost_list(void)
{
   struct node* head = calloc(1, 48);
   struct node* n;
   int i;
   for (i = 0; i < 3; i++) {
      n = calloc(1, sizeof(struct node));
      n->next = head->next;
      head->next = n;
   }
   head = NULL;
   n = NULL;
}

static void interior(void)
{
   char* p = calloc(1, 200);
   inside = p + 100;
   p = NULL;
}

static void cycle(void)
{
   void** a = calloc(1, 72);
   void** b = calloc(1, 72);
   a[0] = b;
   b[0] = a;
   a = b = NULL;
}

static void* on_thread(void* arg)
{
   void* volatile mine = calloc(1, 120);
   char c;
   if (write(ready[1], "r", 1) != 1) abort();
   if (read(go[0], &c, 1) != 1) abort();
   mine = NULL;
   return arg;
}

static void pool(void)
{
   char* lost;
   pool_mem = malloc(4096);
   memset(pool_mem, 0, 4096);
   VALGRIND_CREATE_MEMPOOL(pool_mem, 0, 0);
   VALGRIND_MEMPOOL_ALLOC(pool_mem, pool_mem + 64, 256);
   pool_kept = pool_mem + 64;
   VALGRIND_MEMPOOL_ALLOC(pool_mem, pool_mem + 512, 304);
   lost = pool_mem + 512;
   lost = NULL;
   (void)lost;
}

static void malloclike(void)
{
   char* p = static_buf + 64;
   VALGRIND_MALLOCLIKE_BLOCK(p, 88, 0, 0);
   p = NULL;
   (void)p;
}

/* A block only r12 holds during the leak check: nothing else in this
   function uses r12 (-O0 keeps every local in memory). */
static void in_register(void)
{
   void* p = calloc(1, 136);
   __asm__ volatile ("movq %0, %%r12" : : "m" (p) : "r12");
   p = NULL;
   VALGRIND_DO_LEAK_CHECK;
   __asm__ volatile ("movq %%r12, %0" : "=m" (p) : : "r12");
   from_register = p;
}

int main(void)
{
   pthread_t t;
   char c;
   if (pipe(go) != 0 || pipe(ready) != 0) return 1;
   kept = calloc(1, 24);
   lost_list();
   interior();
   cycle();
   pool();
   malloclike();
   if (pthread_create(&t, NULL, on_thread, NULL) != 0) return 1;
   if (read(ready[0], &c, 1) != 1) return 1;
   in_register();
   if (write(go[1], "g", 1) != 1) return 1;
   pthread_join(t, NULL);
   return 0;
}
