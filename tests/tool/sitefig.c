/* Allocation sites whose figures are known exactly, for
   tests/tool/site-figures.test.  Lines 15, 17, 18 and 24: 100-byte blocks
   (band [96,111]); lines 19-20: a 40-byte block resized to 44 (band
   [40,47]), which then belongs to line 20; line 21: the peak. */
#include <stdlib.h>

static void* a[10];
static void* b[3];
static void* c[2];

int main(void)
{
   int i;
   void *x, *y, *big, *d;
   for (i = 0; i < 10; i++) a[i] = malloc(100);  /* A: 1000 bytes, freed */
   for (i = 0; i < 10; i++) free(a[i]);
   for (i = 0; i < 3; i++) b[i] = malloc(100);   /* B: live at the peak */
   for (i = 0; i < 2; i++) c[i] = malloc(100);   /* C: at the peak, at exit */
   x = malloc(40);                               /* X: resized below */
   y = realloc(x, 44);                           /* Y: at the peak, at exit */
   big = malloc(10000);                          /* the peak: 10544 bytes */
   free(big);
   for (i = 0; i < 3; i++) free(b[i]);
   d = malloc(100);                              /* D: after the peak */
   (void)d; (void)y;
   return 0;
}
