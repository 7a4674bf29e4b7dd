#!/usr/bin/env python3
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
"""Writes a C program whose heap-band file is as large as a run's can be
at default settings: every size band busy in every column, and in every
band as many allocation sites as `--sites=20` lists, each with a 12-frame
stack of its own.

Usage: gen-worstprog.py [--bands NB] [--alloc A] [--peak P] [--exit X] OUT.c
Build: gcc -O0 -g -I$(pkg-config --variable=includedir valgrind) -o worst OUT.c
Run:   valgrind --tool=heapband ./worst ITERATIONS

The blocks are declared with VALGRIND_MALLOCLIKE_BLOCK at addresses in a
small static array (heapband never touches a block), so every band up to
2^50 bytes can hold one; a block of band b has the middle size of band b.
Each of the NB bands (default 193, the most whose byte totals still fit
the format's 64-bit fields, as in gen-maxfile.py) has sites of three kinds,
each site one chain of 11 call instructions of its own (levels lvl10 ..
lvl0, a switch on band and site) below main:
  A alloc sites take turns, one per iteration, allocating a block of the
    band and freeing the band's block of the iteration before: the band
    has an allocation and a free in every column and a block live all the
    time (so every cell's live figures are large numbers), and these sites
    lead the ranking by bytes allocated;
  P peak sites allocate one block each half-way through the run and free
    them in the next iteration: the run's peak, and they lead that ranking;
  X exit sites allocate one block each at the end, never freed.
--alloc needs at least 2 sites (two blocks of the band are live at a
moment, each at its site's address).  With more than 20 sites of each
kind (default 25, 25, 24), `--sites=20` lists 20 of each, 60 per band,
and sums the rest in one `so` record; with
`--alloc 5 --peak 0 --exit 0` the run has the 5 sites per band that
gen-maxfile.py assumes.  ITERATIONS sets the run's length, so the number
of columns kept (the budget keeps between half of it and all of it)."""

import argparse


def quarter_bands():
    """The band table of `bands: quarter` (docs/heapband-format.md)."""
    bands = [(0, 0), (1, 1), (2, 2), (3, 3)]
    k = 2
    while len(bands) < 252:
        lo, step = 1 << k, 1 << (k - 2)
        bands += [(lo + i * step, lo + (i + 1) * step - 1) for i in range(4)]
        k += 1
    return bands


LEVELS = 11   # call frames of a site below main; main makes 12


def write(out, nb, na, np_, nx):
    sites = na + np_ + nx
    w = out.write
    sizes = [lo + (hi - lo) // 2 for lo, hi in quarter_bands()[:nb]]
    w("/* Written by bench/gen-worstprog.py: %d bands, %d+%d+%d sites each. */\n"
      % (nb, na, np_, nx))
    w("#include <stdlib.h>\n#include <valgrind/valgrind.h>\n")
    w("static const unsigned long long size_of_band[%d] = {\n%s};\n"
      % (nb, ",\n".join("   %dULL" % s for s in sizes)))
    w("static char arena[%d];\n" % (nb * sites * 16))
    for d in range(LEVELS):
        w("__attribute__((noinline)) static void* lvl%d(int b, int s);\n" % d)
    for d in range(LEVELS):
        w("__attribute__((noinline)) static void* lvl%d(int b, int s)\n{\n"
          "   switch (b * %d + s) {\n" % (d, sites))
        for i in range(nb * sites):
            if d == 0:
                w("   case %d: { void* p = arena + (b * %d + s) * 16;\n"
                  "      VALGRIND_MALLOCLIKE_BLOCK(p, size_of_band[b], 0, 0);"
                  " return p; }\n" % (i, sites))
            else:
                w("   case %d: return lvl%d(b, s);\n" % (i, d - 1))
        w("   }\n   return 0;\n}\n")
    top = LEVELS - 1
    w("""int main(int argc, char** argv)
{
   static void* held[%(nb)d][%(sites)d];
   static void* last[%(nb)d];
   int iterations = argc > 1 ? atoi(argv[1]) : 1000;
   for (int it = 0; it < iterations; it++) {
      for (int b = 0; b < %(nb)d; b++) {
         void* p = lvl%(top)d(b, it %% %(na)d);
         if (it > 0)
            VALGRIND_FREELIKE_BLOCK(last[b], 0);
         last[b] = p;
      }
      if (it == iterations / 2)
         for (int b = 0; b < %(nb)d; b++)
            for (int s = %(na)d; s < %(np_end)d; s++)
               held[b][s] = lvl%(top)d(b, s);
      if (it == iterations / 2 + 1)
         for (int b = 0; b < %(nb)d; b++)
            for (int s = %(na)d; s < %(np_end)d; s++)
               VALGRIND_FREELIKE_BLOCK(held[b][s], 0);
   }
   for (int b = 0; b < %(nb)d; b++)
      for (int s = %(np_end)d; s < %(sites)d; s++)
         held[b][s] = lvl%(top)d(b, s);
   return 0;
}
""" % dict(nb=nb, sites=sites, top=top, na=na, np_end=na + np_))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bands", type=int, default=193)
    ap.add_argument("--alloc", type=int, default=25)
    ap.add_argument("--peak", type=int, default=25)
    ap.add_argument("--exit", type=int, default=24)
    ap.add_argument("out")
    a = ap.parse_args()
    if not 1 <= a.bands <= 252 or a.alloc < 2 or a.peak < 0 or a.exit < 0:
        ap.error("--bands 1..252, --alloc >= 2, --peak and --exit >= 0")
    with open(a.out, "w") as out:
        write(out, a.bands, a.alloc, a.peak, a.exit)


if __name__ == "__main__":
    main()
