/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING. */
/* realloc.c -- a buffer grown by realloc doubling.
 *
 * A growable array appends a million 8-byte items, doubling its capacity
 * with realloc whenever it is full.  Each doubling moves the buffer one
 * power of two up: in the chart a staircase climbs the size bands, one
 * band at a time, each step twice as long as the one before, and at the
 * end the whole heap is one 8 MB block. */
#include <stdint.h>
#include <stdlib.h>

struct vec {
    uint64_t *items;
    size_t len, cap;
};

static void push(struct vec *v, uint64_t x)
{
    if (v->len == v->cap) {
        v->cap = v->cap ? 2 * v->cap : 2;
        v->items = realloc(v->items, v->cap * sizeof *v->items);
    }
    v->items[v->len++] = x;
}

int main(void)
{
    struct vec v = {NULL, 0, 0};
    for (uint64_t i = 0; i < 1000000; i++)
        push(&v, i * i);
    uint64_t sum = 0;
    for (size_t i = 0; i < v.len; i++)
        sum += v.items[i];
    free(v.items);
    return sum == 0;
}
