#!/usr/bin/env python3
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
"""Writes a synthetic heap-band file (docs/heapband-format.md, version 2) as
large as the tool writes with its default column budget: 1024 columns, and
in every column a non-zero cell for each of the first NB size bands, plus
lifetimes, leaks, 5 allocation sites of 12 frames per band and 64 phase
marks.

Usage: gen-maxfile.py [--bands NB] [--columns N] [--depth D] [--sites K]
                      [--marks M] [--version 1|2] OUT

The file is not typed in: the script simulates a run event by event and
derives every record from the events with the spec's own definitions, so
all the invariants of the spec's last section hold.  The run, in time unit
i with column width W = 2^20: in column c, for band b = 0 .. NB-1, one block
of band b is allocated at c*W + 2b + 1, and the band's block of the previous
column is freed at c*W + 2b + 2.  So each band always has one block live
(two for a moment), every cell has an allocation, a free (except column 0),
live bytes and a live integral, and the blocks still live at the end are
the leaks.  A band's block size is the middle of the band.  By default NB
is the largest number of quarter bands whose totals still fit the 64-bit
fields (about 200 of the 252: bands up to 2^50 bytes and more).
"""

import argparse
import sys

U64 = (1 << 64) - 1


def quarter_bands():
    """The band table of `bands: quarter`, as in the spec: 252 bands."""
    bands = [(0, 0)]
    for k in range(64):
        lo = 1 << k
        hi = lo + (lo - 1)
        if k == 0:
            bands.append((lo, hi))
        elif k == 1:
            bands.append((2, 2))
            bands.append((3, 3))
        else:
            step = lo >> 2
            for sub in range(4):
                bands.append((lo + sub * step, lo + (sub + 1) * step - 1))
    assert len(bands) == 252 and bands[-1][1] == U64
    return bands


def block_size(lo, hi):
    return lo + (hi - lo) // 2


def default_band_count(bands, columns):
    """The most bands whose run totals stay well inside 64 bits."""
    total = 0
    for b, (lo, hi) in enumerate(bands):
        total += block_size(lo, hi)
        # ALLOC_BYTES of the `total` line, with a factor 4 to spare.
        if total * columns * 4 > U64:
            return b
    return len(bands)


def simulate(nb_used, bands, columns, width):
    """Runs the events; returns everything the file needs."""
    nb = len(bands)
    sizes = [block_size(*bands[b]) for b in range(nb_used)]
    end = (columns - 1) * width + width // 2
    assert 2 * nb_used + 2 < width // 2

    # Per band now: live bytes, time its integral is added up to.
    live = [0] * nb
    integ_t = [0] * nb
    live_blocks = 0
    total_live = 0
    # Open column's accumulators.
    cells = {}            # (c, b) -> [allocs, allocB, frees, freeB, end, max, integral]
    cols = {}             # c -> [live_end, live_max, blocks_end]
    tot = [0, 0, 0, 0]
    peak = [0, 0, 0, 0]   # bytes, blocks, reached, left
    peak_current = False
    lifetimes = {}        # (b, k) -> [count, bytes]
    # Sites: band b has K sites; block i of the band belongs to site i % K.
    site_stats = {}       # (b, j) -> [allocs, allocB, live, peak_live, first_t]
    live_block = {}       # b -> (size, born, site j)
    open_col = -1
    bands_in_use = 0

    def cell(c, b):
        x = cells.get((c, b))
        if x is None:
            x = cells[(c, b)] = [0, 0, 0, 0, 0, 0, 0]
        return x

    def integrate(b, t):
        if live[b] > 0 and t > integ_t[b]:
            cell(open_col, b)[6] += live[b] * (t - integ_t[b])
        integ_t[b] = t

    def close_column(c, t_end):
        for b in range(bands_in_use):
            if live[b] == 0:
                continue
            integrate(b, t_end)
            cell(c, b)[4] = live[b]
        col = cols.setdefault(c, [0, 0, 0])
        col[0] = total_live
        col[2] = live_blocks

    def start_column(c):
        nonlocal open_col
        open_col = c
        for b in range(bands_in_use):
            if live[b] > 0:
                cell(c, b)[5] = live[b]
        cols.setdefault(c, [0, 0, 0])[1] = total_live

    def advance(t):
        while t >= (open_col + 1) * width:
            close_column(open_col, (open_col + 1) * width)
            start_column(open_col + 1)

    def settle(t, before):
        nonlocal peak_current
        col = cols[open_col]
        if total_live > col[1]:
            col[1] = total_live
        if total_live > peak[0]:
            peak[0], peak[1], peak[2] = total_live, live_blocks, t
            peak_current = True
        elif total_live < before and peak_current:
            peak[3] = t
            peak_current = False

    def alloc(t, b, sz, j):
        nonlocal total_live, live_blocks, bands_in_use
        before = total_live
        advance(t)
        bands_in_use = max(bands_in_use, b + 1)
        integrate(b, t)
        live[b] += sz
        x = cell(open_col, b)
        x[0] += 1
        x[1] += sz
        x[5] = max(x[5], live[b])
        tot[0] += 1
        tot[1] += sz
        total_live += sz
        live_blocks += 1
        s = site_stats.get((b, j))
        if s is None:
            s = site_stats[(b, j)] = [0, 0, 0, 0, t]
        s[0] += 1
        s[1] += sz
        s[2] += sz
        s[3] = max(s[3], s[2])
        settle(t, before)

    def free(t, b, sz, born, j):
        nonlocal total_live, live_blocks
        before = total_live
        advance(t)
        integrate(b, t)
        live[b] -= sz
        x = cell(open_col, b)
        x[2] += 1
        x[3] += sz
        tot[2] += 1
        tot[3] += sz
        total_live -= sz
        live_blocks -= 1
        life = t - born
        k = 0 if life == 0 else life.bit_length()
        lt = lifetimes.setdefault((b, k), [0, 0])
        lt[0] += 1
        lt[1] += sz
        site_stats[(b, j)][2] -= sz
        settle(t, before)

    start_column(0)
    for c in range(columns):
        for b in range(nb_used):
            t = c * width + 2 * b + 1
            j = c % SITES_PER_BAND
            old = live_block.get(b)
            alloc(t, b, sizes[b], j)
            live_block[b] = (sizes[b], t, j)
            if old is not None:
                free(t + 1, b, old[0], old[1], old[2])
    advance(end)
    close_column(open_col, end)
    if peak_current:
        peak[3] = end
    leaks = {}
    for b, (sz, _born, _j) in live_block.items():
        leaks[b] = [1, sz]
    return dict(end=end, cells=cells, cols=cols, tot=tot, peak=peak,
                exit=(total_live, live_blocks), lifetimes=lifetimes,
                leaks=leaks, sites=site_stats, ncols=open_col + 1)


SITES_PER_BAND = 5


def write(out, run, bands, columns, width, depth, k, marks, version):
    w = out.write
    w("heapband-format %d\n" % version)
    w("tool: heapband 0.1.0\n")
    w("cmd: bench/gen-maxfile.py synthetic run, %d columns x %d bands\n"
      % (columns, len({b for (_c, b) in run["cells"]})))
    w("pid: 1\nppid: 0\ntime-unit: i\nbands: quarter\n")
    w("band-count: %d\ncolumns-budget: %d\ncolumn-width: %d\n"
      % (len(bands), columns, width))
    w("column-count: %d\nend-time: %d\n" % (run["ncols"], run["end"]))
    assert run["ncols"] == run["end"] // width + 1 == columns
    for b, (lo, hi) in enumerate(bands):
        w("band %d %d %d\n" % (b, lo, hi))
    tot, peak = run["tot"], run["peak"]
    assert all(x <= U64 for x in tot)
    w("total %d %d %d %d\n" % tuple(tot))
    w("peak %d %d %d %d\n" % tuple(peak))
    w("exit %d %d\n" % run["exit"])
    w("unknown-frees 0\n")
    if version >= 2:
        # Evenly spread phase markers: non-decreasing times, all <= E.
        for m in range(marks):
            w("mark %d phase %d of the synthetic run\n" % (run["end"] * m // max(marks, 1), m + 1))
    for c in sorted(run["cols"]):
        v = run["cols"][c]
        if any(v):
            w("col %d %d %d %d\n" % (c, v[0], v[1], v[2]))
    for (c, b) in sorted(run["cells"]):
        v = run["cells"][(c, b)]
        if any(v):
            assert v[6] < (1 << 128)
            w("cell %d %d %d %d %d %d %d %d %d\n" % ((c, b) + tuple(v)))
    for (b, kk) in sorted(run["lifetimes"]):
        w("life %d %d %d %d\n" % ((b, kk) + tuple(run["lifetimes"][(b, kk)])))
    for b in sorted(run["leaks"]):
        w("leak %d %d %d\n" % ((b,) + tuple(run["leaks"][b])))
    if depth == 0 or k == 0:
        w("end\n")
        return
    # Rankings per band, as the spec orders them.
    per_band = {}
    for (b, j), s in run["sites"].items():
        per_band.setdefault(b, []).append((j, s))
    tops = []             # (b, kind, rank, (b, j), stats)
    for b in sorted(per_band):
        lst = per_band[b]
        for kind, idx in (("alloc", 1), ("peak", 3)):
            ranked = sorted(lst, key=lambda js: (-js[1][idx], js[1][4]))
            rank = 0
            for j, s in ranked:
                if rank == k or s[idx] == 0:
                    break
                rank += 1
                tops.append((b, kind, rank, (b, j), s))
    number = {}
    for t in tops:
        if t[3] not in number:
            number[t[3]] = len(number) + 1
    for key, n in sorted(number.items(), key=lambda kv: kv[1]):
        b, j = key
        w("site %d %d\n" % (n, depth))
        w("frame alloc_band%d_site%d (synthetic.c:%d)\n" % (b, j, 100 + j))
        for d in range(1, depth - 1):
            w("frame layer%d_of_band%d (synthetic_%d.c:%d)\n" % (d, b, d, 10 * d + j))
        w("frame main (synthetic.c:1)\n")
    for b, kind, rank, key, s in tops:
        w("top %d %s %d %d %d %d %d\n" % (b, kind, rank, number[key], s[0], s[1], s[3]))
    w("end\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--columns", type=int, default=1024)
    ap.add_argument("--bands", type=int, default=0,
                    help="size bands used (default: as many as fit 64 bits)")
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--sites", type=int, default=5)
    ap.add_argument("--marks", type=int, default=64)
    ap.add_argument("--version", type=int, default=2, choices=(1, 2))
    ap.add_argument("out")
    a = ap.parse_args()
    bands = quarter_bands()
    nb = a.bands or default_band_count(bands, a.columns)
    if not 1 <= nb <= len(bands):
        sys.exit("gen-maxfile: --bands must be 1..%d" % len(bands))
    width = 1 << 20
    run = simulate(nb, bands, a.columns, width)
    with open(a.out, "w") as out:
        write(out, run, bands, a.columns, width, a.depth, a.sites, a.marks, a.version)


if __name__ == "__main__":
    main()
