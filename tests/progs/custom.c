/* A pool allocator described to Valgrind with client requests. */
#include <stdlib.h>
#include "valgrind.h"

static char pool[65536];

int main(void)
{
   char* a = pool;
   char* b = pool + 1024;
   char* c = pool + 4096;
   VALGRIND_MALLOCLIKE_BLOCK(a, 100, 0, 0);
   VALGRIND_MALLOCLIKE_BLOCK(b, 2000, 0, 0);
   VALGRIND_MALLOCLIKE_BLOCK(c, 300, 0, 0);
   VALGRIND_RESIZEINPLACE_BLOCK(b, 2000, 500, 0);   /* shrink b */
   VALGRIND_FREELIKE_BLOCK(a, 0);
   VALGRIND_FREELIKE_BLOCK(a, 0);                    /* twice: unknown */
   /* live at exit: b (500) and c (300) */
   return 0;
}
