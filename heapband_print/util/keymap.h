/* keymap.h -- a hash table from a key (two numbers, or a string) to a
 * number, for the exports that number what they write once each.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * Owns: open addressing over a power-of-two array, at most half full.
 * A string key is not copied: it must outlive the table.  Invariant:
 * value 0 means "not in the table", so callers number from 1.  Cost:
 * O(1) a lookup on average; 32 bytes a slot.
 */
#ifndef HEAPBAND_PRINT_KEYMAP_H
#define HEAPBAND_PRINT_KEYMAP_H

#include <stddef.h>
#include <stdint.h>

struct hb_keyslot {
    uint64_t k1, k2;
    const char *text;             /* the string key, or NULL */
    uint64_t value;               /* 0: no entry yet */
};

struct hb_keymap {
    struct hb_keyslot *slots;
    size_t cap, used;
};

/* The slot of the key (text, or k1 and k2 when text is NULL), made
 * room for: its value is 0 when the key is new, and the caller sets it
 * before the next call on the table.  NULL when out of memory. */
struct hb_keyslot *hb_keymap_slot(struct hb_keymap *m, uint64_t k1,
                                  uint64_t k2, const char *text);

void hb_keymap_free(struct hb_keymap *m);

#endif
