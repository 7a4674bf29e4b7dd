/* A pool allocator described to Valgrind with every mempool request, a
   metapool whose chunks hold MALLOCLIKE blocks, and a malloc'ed block
   ended with FREELIKE_BLOCK.  The program keeps its own tally of the
   blocks it made and ended, as heapband should count them, and prints it
   at the end as "allocs N B frees N B peak B N exit B N unknown N".

   With the argument "no-pools" it makes no mempool request (all that
   massif follows: malloc, MALLOCLIKE_BLOCK and FREELIKE_BLOCK); with
   "misuse", only requests that memcheck would report as errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "valgrind.h"

static char arena_a[8192], arena_b[16384], arena_c[1024];

static unsigned long allocs_n, allocs_B, frees_n, frees_B, unknown_n;
static unsigned long live_n, live_B, peak_n, peak_B;

static void note_peak(void)
{
   if (live_B > peak_B) { peak_B = live_B; peak_n = live_n; }
}

static void born(unsigned long szB)
{
   allocs_n++; allocs_B += szB; live_n++; live_B += szB;
   note_peak();
}

static void died(unsigned long szB)
{
   frees_n++; frees_B += szB; live_n--; live_B -= szB;
}

/* A realloc: the peak is judged after both halves. */
static void resized(unsigned long old_szB, unsigned long new_szB)
{
   frees_n++; frees_B += old_szB; allocs_n++; allocs_B += new_szB;
   live_B = live_B - old_szB + new_szB;
   note_peak();
}

/* Pool P (arena_a): every request on one pool. */
static void one_pool(void)
{
   char* a = arena_a;
   void* p = &arena_a;            /* the pool's name: any address */
   void* p_moved = &arena_a[1];
   VALGRIND_CREATE_MEMPOOL(p, 0, 0);
   if (!VALGRIND_MEMPOOL_EXISTS(p) || VALGRIND_MEMPOOL_EXISTS(p_moved))
      exit(10);
   VALGRIND_MEMPOOL_ALLOC(p, a + 0, 100);     born(100);
   VALGRIND_MEMPOOL_ALLOC(p, a + 1000, 200);  born(200);
   VALGRIND_MEMPOOL_ALLOC(p, a + 2000, 600);  born(600);
   VALGRIND_MEMPOOL_ALLOC(p, a + 3000, 400);  born(400);
   VALGRIND_MEMPOOL_ALLOC(p, a + 300, 200);   born(200);
   VALGRIND_MEMPOOL_FREE(p, a + 1000);        died(200);
   VALGRIND_MEMPOOL_FREE(p, a + 1000);        unknown_n++;   /* twice */
   /* The chunk at a+0 moves to a+500 and grows to 150 bytes. */
   VALGRIND_MEMPOOL_CHANGE(p, a + 0, a + 500, 150);  resized(100, 150);
   /* Keep [a+400, a+2400): a+500 (150) is inside and stays; a+2000 (600)
      is cut to its first 400 bytes; a+3000 is outside and freed; a+300
      (200) keeps its last 100 bytes, from a+400.  In allocation order. */
   VALGRIND_MEMPOOL_TRIM(p, a + 400, 2000);
   resized(600, 400);
   died(400);
   resized(200, 100);
   VALGRIND_MOVE_MEMPOOL(p, p_moved);
   if (VALGRIND_MEMPOOL_EXISTS(p) || !VALGRIND_MEMPOOL_EXISTS(p_moved))
      exit(11);
   VALGRIND_MEMPOOL_ALLOC(p, a + 4000, 1);    /* no such pool: ignored */
   VALGRIND_MEMPOOL_ALLOC(p_moved, a + 4000, 50);  born(50);
   /* The four chunks left: 150 + 400 + 100 + 50 bytes. */
   VALGRIND_DESTROY_MEMPOOL(p_moved);
   died(150); died(400); died(100); died(50);
   if (VALGRIND_MEMPOOL_EXISTS(p_moved)) exit(12);
}

/* A metapool (arena_b) whose chunk is carved into MALLOCLIKE blocks; with
   AUTO_FREE, freeing the chunk frees the blocks wholly inside it. */
static void metapool(void)
{
   char* b = arena_b;
   VALGRIND_CREATE_MEMPOOL_EXT(b, 0, 0,
      VALGRIND_MEMPOOL_METAPOOL | VALGRIND_MEMPOOL_AUTO_FREE);
   VALGRIND_MEMPOOL_ALLOC(b, b, 4096);        born(4096);
   VALGRIND_MALLOCLIKE_BLOCK(b, 64, 0, 0);    born(64);  /* at the chunk */
   VALGRIND_MALLOCLIKE_BLOCK(b + 128, 32, 0, 0);  born(32);
   VALGRIND_MALLOCLIKE_BLOCK(b + 8192, 16, 0, 0); born(16);  /* outside */
   VALGRIND_MEMPOOL_FREE(b, b);               died(64); died(32); died(4096);
   VALGRIND_FREELIKE_BLOCK(b + 8192, 0);      died(16);
   VALGRIND_DESTROY_MEMPOOL(b);
}

/* FREELIKE_BLOCK on a block from malloc frees it; the program's free()
   of it afterwards is then a double free. */
static void freelike_malloc(void)
{
   char* m = malloc(100);                     born(100);
   char* c = arena_b + 4096;
   VALGRIND_FREELIKE_BLOCK(m, 0);             died(100);
   VALGRIND_MALLOCLIKE_BLOCK(c, 2000, 0, 0);  born(2000);
   free(m);                                   unknown_n++;
   VALGRIND_FREELIKE_BLOCK(c, 0);             died(2000);
}

/* A pool still holding two chunks at exit. */
static void live_pool(void)
{
   VALGRIND_CREATE_MEMPOOL(arena_c, 0, 0);
   VALGRIND_MEMPOOL_ALLOC(arena_c, arena_c, 250);       born(250);
   VALGRIND_MEMPOOL_ALLOC(arena_c, arena_c + 256, 10);  born(10);
}

/* Requests memcheck reports as errors, which heapband must survive. */
static void misuse(void)
{
   char* d = arena_a;
   void* p = &arena_a[0];
   void* q = &arena_a[2];
   VALGRIND_CREATE_MEMPOOL(p, 0, 0);
   VALGRIND_CREATE_MEMPOOL(q, 0, 0);
   VALGRIND_MEMPOOL_ALLOC(p, d, 10);            born(10);
   /* A chunk at the address of another pool's chunk: that one is freed. */
   VALGRIND_MEMPOOL_ALLOC(q, d, 20);            died(10); born(20);
   VALGRIND_MEMPOOL_ALLOC(p, d + 100, 0);       born(0);
   VALGRIND_MEMPOOL_ALLOC(p, d + 200, 30);      born(30);
   /* Moved onto the zero-size chunk, which is freed first. */
   VALGRIND_MEMPOOL_CHANGE(p, d + 200, d + 100, 40);  died(0); resized(30, 40);
   /* Overlapping chunks; the trim cuts d+1000 to start at d+1050, whose
      chunk is freed first; q's chunk at d is outside. */
   VALGRIND_MEMPOOL_ALLOC(q, d + 1000, 100);    born(100);
   VALGRIND_MEMPOOL_ALLOC(q, d + 1050, 10);     born(10);
   VALGRIND_MEMPOOL_TRIM(q, d + 1050, 100);     died(20); died(10); resized(100, 50);
   /* A chunk spanning the whole range has neither end in it: freed. */
   VALGRIND_MEMPOOL_ALLOC(q, d + 2000, 500);    born(500);
   VALGRIND_MEMPOOL_TRIM(q, d + 2100, 100);     died(50); died(500);
   /* Created again, and moved onto: the old pool is destroyed first. */
   VALGRIND_CREATE_MEMPOOL(p, 0, 0);            died(40);
   VALGRIND_MEMPOOL_ALLOC(p, d + 3000, 60);     born(60);
   VALGRIND_MOVE_MEMPOOL(q, p);                 died(60);
   if (VALGRIND_MEMPOOL_EXISTS(q) || !VALGRIND_MEMPOOL_EXISTS(p)) exit(20);
   VALGRIND_MEMPOOL_ALLOC(p, d + 4000, 70);     born(70);
   /* No such pool: ignored. */
   VALGRIND_MEMPOOL_ALLOC(q, d + 4000, 1);
   VALGRIND_MEMPOOL_FREE(q, d + 4000);
   VALGRIND_MEMPOOL_TRIM(q, d, 0);
   VALGRIND_MEMPOOL_CHANGE(q, d + 4000, d, 1);
   VALGRIND_MOVE_MEMPOOL(q, d);
   VALGRIND_DESTROY_MEMPOOL(q);
   /* No such chunk: unknown frees. */
   VALGRIND_MEMPOOL_FREE(p, d + 5000);          unknown_n++;
   VALGRIND_MEMPOOL_CHANGE(p, d + 5000, d + 6000, 5);  unknown_n++;
}

int main(int argc, char** argv)
{
   char line[200];
   const char* mode = argc > 1 ? argv[1] : "";
   int  pools = strcmp(mode, "no-pools") != 0;
   if (strcmp(mode, "misuse") == 0) {
      misuse();
   } else {
      if (pools) one_pool();
      if (pools) metapool();
      freelike_malloc();
      if (pools) live_pool();
   }
   /* snprintf into a local buffer and write(): stdio's buffer would be
      one more block. */
   snprintf(line, sizeof line,
            "allocs %lu %lu frees %lu %lu peak %lu %lu exit %lu %lu "
            "unknown %lu\n", allocs_n, allocs_B, frees_n, frees_B,
            peak_B, peak_n, live_B, live_n, unknown_n);
   return write(1, line, strlen(line)) == (ssize_t)strlen(line) ? 0 : 1;
}

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
