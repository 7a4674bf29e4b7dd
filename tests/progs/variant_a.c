/* variant.c built with VARIANT_SIZE 1000: see variant.c. */
#define VARIANT_SIZE 1000
#include "variant.c"

/* Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
   (Last in the file, so that the lines the tests expect in stacks stay put.) */
