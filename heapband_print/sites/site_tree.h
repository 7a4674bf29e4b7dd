/* site_tree.h -- a file's allocation sites merged by allocation point: a
 * tree whose first level is the innermost frames and whose branches are
 * their callers.
 *
 * Copyright (C) 2026 the heapband authors.
 * This program is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License as published by the Free
 * Software Foundation; either version 2 of the License, or (at your option)
 * any later version.  See the file COPYING.
 *
 * The sites of a version-3 file are stacks of frames, innermost first, and
 * the frame table holds every frame once (the parser checks it), so a frame
 * number names a code address.  Merging the stacks frame by frame from the
 * innermost one gives a tree: node 0 is the root, its children are the
 * allocation points (innermost frames), and a node's children are the
 * frames that called it along the stacks through it.  Every node sums the
 * figures of the sites whose stacks pass through it, over a range of bands;
 * the bands' "other sites" (so records) are summed apart, so that the root
 * plus `other` is what the bands hold.  For each allocation point, its
 * figures band by band.
 *
 * Read by the --sites report (sites.c); any report that matches sites by
 * allocation point can build one.  Invariant: a node's figures are the sum
 * of its children's and of the stacks that end at it (its `ends`).  Cost:
 * a sort of the sites by their frames, O(n log n) comparisons of up to
 * --depth frames, and one node per distinct frame prefix.
 */
#ifndef HEAPBAND_PRINT_SITE_TREE_H
#define HEAPBAND_PRINT_SITE_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "hbfile.h"

/* What a tree is ranked by: bytes live at the run's peak, bytes allocated,
 * bytes live at exit, bytes live at exit of one of memcheck's kinds
 * (version 4): the order of the --by words. */
enum hb_site_metric {
    HB_SITE_BY_PEAK, HB_SITE_BY_ALLOC, HB_SITE_BY_EXIT,
    HB_SITE_BY_DEFINITELY, HB_SITE_BY_INDIRECTLY, HB_SITE_BY_POSSIBLY,
    HB_SITE_BY_REACHABLE
};

/* A frame reached along one path of callers.  Links are node numbers; 0
 * (the root, never a child) means none. */
struct hb_site_node {
    uint64_t frame;              /* 1-based in the file's frames; root 0 */
    size_t parent;
    size_t first_child, next_sibling;
    size_t depth;                /* 1 for an allocation point */
    struct hb_site_figures fig;  /* of the stacks through it */
    struct hb_site_figures ends; /* of the stacks that end at it */
};

/* An allocation point's figures in one band. */
struct hb_site_band {
    size_t point;                /* its node */
    uint64_t b;
    struct hb_site_figures fig;
};

struct hb_site_tree {
    struct hb_site_node *nodes;  size_t nnodes;  /* nodes[0]: the root */
    struct hb_site_band *bands;  size_t nbands;  /* by point, then band */
    struct hb_site_figures other;  /* the so records of the bands */
    uint64_t other_sites;          /* how many sites they sum */
    size_t *site_point;            /* site s's point, site_point[s - 1];
                                    * 0 for a site with no record in the
                                    * bands */
};

/* Build the tree of f's sites over bands first..last (f->version 3).
 * Returns 0, or -1 with *err filled (out of memory); then *t holds
 * nothing to free.  Children are in the order of their frame numbers
 * until hb_site_tree_rank() orders them. */
int hb_site_tree_build(const struct hb_file *f, uint64_t first, uint64_t last,
                       struct hb_site_tree *t, struct hb_error *err);

/* Order every node's children by `by`, largest first (ties: more blocks,
 * then lower frame number), and each point's bands likewise.  Returns 0,
 * or -1 with *err filled (out of memory). */
int hb_site_tree_rank(struct hb_site_tree *t, enum hb_site_metric by,
                      struct hb_error *err);

void hb_site_tree_free(struct hb_site_tree *t);

/* Whether f has the figures `by` ranks: 0, or -1 with a usage error in
 * *err for a leak kind (--by=definitely ...) on a file without memcheck's
 * kinds. */
int hb_site_by_check(const struct hb_file *f, enum hb_site_metric by,
                     struct hb_error *err);

/* The bytes (blocks) that `by` ranks in fig. */
uint64_t hb_site_bytes(const struct hb_site_figures *fig,
                       enum hb_site_metric by);
uint64_t hb_site_blocks(const struct hb_site_figures *fig,
                        enum hb_site_metric by);

/* The first of point's entries in t->bands (nbands if it has none). */
size_t hb_site_tree_first_band(const struct hb_site_tree *t, size_t point);

#endif
