/* Blocks that only interior pointers reach, each of the layout one of
   memcheck's heuristics accepts (tests/tool/leak-kinds.test):
     stdstring  a 24 + 100 + 1 = 125-byte block holding length 10,
                capacity 100 and a count, reached 24 bytes in
     length64   a 72-byte block whose first word is 64, reached 8 bytes in
                (newarray accepts it too: 8 divides 64)
     newarray   a 8 + 5 * 12 = 68-byte block whose first word is 5 (not
                68 - 8, so not length64), reached 8 bytes in
     plain      a 40-byte block reached 16 bytes in: no heuristic
   With every heuristic, 40 bytes are possibly lost and the rest still
   reachable; with none, all 305 bytes are possibly lost.  Before it
   exits it asks for memcheck's monitor command `leak_check summary
   heuristics none` (heapband: a snapshot, the file's name plus ".1").
   At that moment register r8 still holds the 40-byte block's address,
   where the preload's calloc left it, under heapband but not under
   memcheck, whose own memcpy and memset (it replaces the C library's)
   overwrite r8; glibc's leave it.  So heapband finds the block still
   reachable there (265 bytes possibly lost, memcheck 305):
   docs/heapband-format.md, section 10.  heurblocks_scratch.c builds this
   file with HB_CLEAR_SCRATCH, which zeroes the call-clobbered registers
   r8 to r11 before the request: then the two tools agree. */
#include <stdlib.h>
#include <string.h>
#include "valgrind.h"

static char* inner[4];

static char* block(size_t size, size_t w0, size_t w1)
{
   char* p = calloc(1, size);
   memcpy(p, &w0, sizeof w0);
   memcpy(p + sizeof w0, &w1, sizeof w1);
   return p;
}

/* Zeroes the stack below main's frame, where block() left the blocks'
   start addresses: the frames of exit() lie there later, and words they
   never write would still hold them (memcheck knows such words to be
   undefined; heapband reads them: docs/heapband-format.md, section 10). */
static void scrub(void)
{
   volatile char below[8192];
   memset((char*)below, 0, sizeof below);
}

int main(void)
{
   inner[0] = block(125, 10, 100) + 24;
   inner[1] = block(72, 64, 0) + 8;
   inner[2] = block(68, 5, 0) + 8;
   inner[3] = block(40, 0, 0) + 16;
   scrub();
#if defined(HB_CLEAR_SCRATCH) && defined(__x86_64__)
   __asm__ volatile("xor %%r8d, %%r8d\n\txor %%r9d, %%r9d\n\t"
                    "xor %%r10d, %%r10d\n\txor %%r11d, %%r11d"
                    ::: "r8", "r9", "r10", "r11");
#endif
   (void)VALGRIND_MONITOR_COMMAND("leak_check summary heuristics none");
   return 0;
}
