/* hbfile_unique.c -- that no two frames and no two sites of a version-3
 * heap-band file are the same (invariant 8 of docs/heapband-format.md),
 * checked once the lines are read.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * A frame is its object and offset, a site its list of frame numbers; the
 * entry named is the first in the file that repeats an earlier one, and
 * the one it repeats.  Cost: expected O(n) in the frames and the sites,
 * by hashing; memory two words a slot, at most 4n slots.
 */
#include "hbfile_check.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Whether two frames (sites) are the same, and a hash of what that
 * compares: a frame's object and offset, a site's frame numbers. */
typedef int entry_same(const void *a, const void *b);
typedef uint64_t entry_hash(const void *entry);

static int same_frame(const void *a, const void *b)
{
    const struct hb_frame *x = a, *y = b;
    return x->object == y->object && x->offset == y->offset;
}

static int same_site(const void *a, const void *b)
{
    const struct hb_site *x = a, *y = b;
    return x->nframes == y->nframes
           && memcmp(x->frames, y->frames, x->nframes * sizeof *x->frames)
              == 0;
}

static uint64_t hash_mix(uint64_t h, uint64_t v)
{
    h = (h ^ v) * 0x9e3779b97f4a7c15u;
    return h ^ (h >> 31);
}

static uint64_t hash_frame(const void *entry)
{
    const struct hb_frame *fr = entry;
    return hash_mix(hash_mix(0, fr->object), fr->offset);
}

static uint64_t hash_site(const void *entry)
{
    const struct hb_site *st = entry;
    uint64_t h = hash_mix(0, st->nframes);
    for (size_t i = 0; i < st->nframes; i++)
        h = hash_mix(h, st->frames[i]);
    return h;
}

/* Of the n entries of size `size` at table, the first that is the same as
 * an earlier one (*later, an index) and the first entry it repeats
 * (*earlier).  Returns 1, 0 when all differ, -1 out of memory.  The
 * entries go in file order into an open-addressed table of at least 2n
 * slots (each an entry's index + 1 and its hash, so that a probe compares
 * entries only when their hashes are equal), the first of each kind only:
 * so the answer is the one a sort would give, at an expected O(1) a
 * table entry. */
static int first_repeat(const void *table, size_t n, size_t size,
                        entry_hash *hash, entry_same *same, size_t *earlier,
                        size_t *later)
{
    if (n > SIZE_MAX / 32)
        return -1;
    size_t nslots = 2;
    while (nslots < 2 * n)
        nslots *= 2;
    size_t *slot = calloc(nslots, sizeof *slot);
    uint64_t *slot_hash = malloc(nslots * sizeof *slot_hash);
    int found = slot != NULL && slot_hash != NULL ? 0 : -1;
    for (size_t i = 0; i < n && found == 0; i++) {
        const void *e = (const char *)table + i * size;
        uint64_t h = hash(e);
        size_t k = (size_t)h & (nslots - 1);
        while (slot[k] != 0
               && !(slot_hash[k] == h
                    && same((const char *)table + (slot[k] - 1) * size, e)))
            k = (k + 1) & (nslots - 1);
        if (slot[k] != 0) {
            *earlier = slot[k] - 1;
            *later = i;
            found = 1;
        } else {
            slot[k] = i + 1;
            slot_hash[k] = h;
        }
    }
    free(slot);
    free(slot_hash);
    return found;
}

int hb_check_unique_sites(const struct hb_file *f, struct hb_error *err)
{
    size_t x, y;
    int r = first_repeat(f->frames, f->nframes, sizeof *f->frames,
                         hash_frame, same_frame, &x, &y);
    if (r < 0)
        return hb_error_nomem(err, "checking the frames");
    if (r > 0)
        return hb_error_set(err, HB_ERR_INPUT, f->frames[y].rec_line,
                            "frame %zu has the object and offset of frame "
                            "%zu", y + 1, x + 1);
    r = first_repeat(f->sites, f->nsites, sizeof *f->sites, hash_site,
                     same_site, &x, &y);
    if (r < 0)
        return hb_error_nomem(err, "checking the sites");
    if (r > 0)
        return hb_error_set(err, HB_ERR_INPUT, f->sites[y].line, "site %llu "
                            "has the frames of site %llu",
                            (unsigned long long)f->sites[y].id,
                            (unsigned long long)f->sites[x].id);
    return 0;
}
