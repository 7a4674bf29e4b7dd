/* keymap.c -- see keymap.h.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 */
#include "keymap.h"

#include <stdlib.h>
#include <string.h>

#define FIRST_CAP 1024

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15u + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdu;
}

/* FNV-1a. */
static uint64_t hash_text(const char *s)
{
    uint64_t h = 1469598103934665603u;
    for (; *s != '\0'; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

static int same_key(const struct hb_keyslot *slot, uint64_t k1, uint64_t k2,
                    const char *text)
{
    if (text != NULL)
        return slot->text != NULL && strcmp(slot->text, text) == 0;
    return slot->text == NULL && slot->k1 == k1 && slot->k2 == k2;
}

/* The key's slot, or the empty one where it would go. */
static struct hb_keyslot *find(const struct hb_keymap *m, uint64_t k1,
                               uint64_t k2, const char *text)
{
    uint64_t h = text != NULL ? hash_text(text) : mix(mix(0, k1), k2);
    for (size_t i = (size_t)h & (m->cap - 1);; i = (i + 1) & (m->cap - 1))
        if (m->slots[i].value == 0 || same_key(&m->slots[i], k1, k2, text))
            return &m->slots[i];
}

static int grow(struct hb_keymap *m)
{
    size_t cap = m->cap ? 2 * m->cap : FIRST_CAP;
    struct hb_keymap bigger = { calloc(cap, sizeof *m->slots), cap,
                                m->used };
    if (bigger.slots == NULL)
        return -1;
    for (size_t i = 0; i < m->cap; i++)
        if (m->slots[i].value != 0)
            *find(&bigger, m->slots[i].k1, m->slots[i].k2,
                  m->slots[i].text) = m->slots[i];
    free(m->slots);
    *m = bigger;
    return 0;
}

struct hb_keyslot *hb_keymap_slot(struct hb_keymap *m, uint64_t k1,
                                  uint64_t k2, const char *text)
{
    if (2 * (m->used + 1) > m->cap && grow(m) < 0)
        return NULL;
    struct hb_keyslot *slot = find(m, k1, k2, text);
    if (slot->value == 0) {
        slot->k1 = k1, slot->k2 = k2, slot->text = text;
        m->used++;
    }
    return slot;
}

void hb_keymap_free(struct hb_keymap *m)
{
    free(m->slots);
    m->slots = NULL;
    m->cap = m->used = 0;
}
