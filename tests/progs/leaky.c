/* Leaks from two known functions, everything else freed (tests/tool/
   leaks.test): cache_init keeps 3 blocks of 100 bytes (300), forgotten 1
   block of 40; scratch allocates and frees.  Live at exit: 340 bytes in 4
   blocks. */
#include <stdlib.h>

static void* cache[3];

static void cache_init(void)
{
   int i;
   for (i = 0; i < 3; i++) cache[i] = malloc(100);
}

static void forgotten(void)
{
   void* volatile lost = malloc(40);
   (void)lost;
}

static void scratch(void)
{
   int i;
   void* tmp[8];
   for (i = 0; i < 8; i++) tmp[i] = malloc(64 + (size_t)i * 100);
   for (i = 0; i < 8; i++) free(tmp[i]);
}

int main(void)
{
   cache_init();
   forgotten();
   scratch();
   return 0;
}
