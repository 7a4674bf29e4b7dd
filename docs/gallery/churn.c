/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING. */
/* churn.c -- churn of short-lived temporaries.
 *
 * A parser keeps a small symbol table for the whole run, but builds every
 * token in a temporary string that it frees at once.  The heap stays
 * small, yet the allocator is busy all the time: the live chart shows a
 * level heap, the allocs chart shows the small bands hot in every column,
 * and the lifetime chart puts almost every block in the shortest buckets. */
#include <stdlib.h>
#include <string.h>

#define NSYMBOLS 64

int main(void)
{
    char *symbols[NSYMBOLS];
    for (int i = 0; i < NSYMBOLS; i++)
        symbols[i] = calloc(1, 256);

    unsigned seed = 1;
    for (int i = 0; i < 200000; i++) {
        seed = seed * 1103515245 + 12345;
        size_t len = 8 + (seed >> 16) % 56;         /* 8..63 bytes */
        char *token = malloc(len);
        memset(token, 'a' + i % 26, len - 1);
        token[len - 1] = '\0';
        if (strlen(token) > 60)                     /* rarely kept */
            memcpy(symbols[i % NSYMBOLS], token, 60);
        free(token);
    }
    for (int i = 0; i < NSYMBOLS; i++)
        free(symbols[i]);
    return 0;
}
