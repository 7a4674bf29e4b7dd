#!/usr/bin/env python3
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# What heaptrack_print and callgrind_annotate must read from the
# heaptrack and callgrind exports of a heap-band file, computed from the
# file itself (through hbfile.py, independently of heapband_print), and
# the comparison with what they did read:
#
#   viewer_figures.py heaptrack FILE.hb COST FLAMEGRAPH
#       COST is heaptrack_print's --flamegraph-cost-type (allocations,
#       peak, leaked) and FLAMEGRAPH its -F output for the export: per
#       stack as heaptrack names it (frames from main inwards,
#       "FUNCTION (SOURCE'S BASENAME)", "FUNCTION" without a source,
#       "0xOFFSET" without a name), the blocks allocated, the bytes live
#       at the peak, the bytes live at exit of the file's sites with that
#       stack, summed; "(other sites)" for the bands' other sites.
#   viewer_figures.py callgrind FILE.hb STEP ANNOTATED
#       ANNOTATED is `callgrind_annotate --inclusive=yes --show-percs=no
#       --threshold=100 --auto=no` of the export (rows of STEP
#       quarter-octaves; 4 for octaves): per function ("SOURCE:NAME
#       [OBJECT]"), every event's inclusive cost: the figures of the
#       sites whose frames include the function (once per site), per
#       band row for the B (allocated) and P (at the peak) events, and
#       LeakedBytes, memcheck's definitely and indirectly lost bytes; the
#       pseudo-function "(callers not recorded)", every site's caller,
#       has the whole file's.
#
# Prints "ok: ..." and exits 0 when every figure is equal, else prints
# the differences and exits 1.
import collections
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hbfile  # noqa: E402


def records(h):
    """(band, site or 0, allocs, alloc bytes, peak bytes, exit bytes)."""
    for b, s, fig in h.sb:
        yield b, s, fig[0], fig[1], fig[2], fig[4]
    for b, nsites, fig in h.so:
        yield b, 0, fig[0], fig[1], fig[2], fig[4]


def heaptrack_frame(h, n):
    o, off, src, ln, fn = h.frames[n]
    if fn == "???":
        return "0x%x" % off
    if src:
        return "%s (%s)" % (fn, os.path.basename(h.sources[src]))
    return fn


def heaptrack(h, cost, flame):
    field = {"allocations": 2, "peak": 4, "leaked": 5}[cost]
    want = collections.Counter()
    for rec in records(h):
        s = rec[1]
        stack = ";".join(heaptrack_frame(h, n) for n in reversed(h.sites[s])) \
            if s else "(other sites)"
        want[stack] += rec[field]
    got = collections.Counter()
    for line in open(flame):
        stack, value = line.rstrip("\n").rsplit(" ", 1)
        got[stack.rstrip(";")] += int(value)
    return compare("heaptrack %s" % cost, want, got)


def size_name(v):
    k = 0
    while v and v % 1024 == 0 and k < 6:
        v //= 1024
        k += 1
    return "%d%s" % (v, "" if k == 0 else "KMGTPE"[k - 1])


def band_group(size, step):
    """chart/band_merge.c's row of a size: quarter-octaves from size 1."""
    if size == 0:
        return 0
    k = size.bit_length() - 1
    quarter = (size - (1 << k)) >> (k - 2) if k >= 2 else \
        (size - 2) * 2 if k == 1 else 0
    return 1 + (4 * k + quarter) // step


def band_row_lo(h, b, step):
    """The lowest size of band b's row at step quarter-octaves: of the
    bands of the file in it."""
    row = band_group(h.bands[b][0], step)
    return min(lo for lo, hi in h.bands if band_group(lo, step) == row)


def callgrind_fn(h, n):
    o, off, src, ln, fn = h.frames[n]
    name = "0x%x" % off if fn == "???" else fn
    return "%s:%s [%s]" % (h.sources[src] if src else "???", name,
                           h.objects[o] if o else "???")


def callgrind(h, step, annotated):
    want = collections.defaultdict(collections.Counter)
    leaked = {(b, s): fig[0] + fig[2] for b, s, fig, _ in h.sl}
    for b, s, allocs, abytes, pbytes, ebytes in records(h):
        row = size_name(band_row_lo(h, b, step))
        fns = {callgrind_fn(h, n) for n in h.sites[s]} if s else \
            {"???:(other sites) [???]"}
        fns.add("???:(callers not recorded) [???]")   # every site's root
        for fn in fns:
            c = want[fn]
            c["AllocBytes"] += abytes
            c["Allocs"] += allocs
            c["PeakBytes"] += pbytes
            c["ExitBytes"] += ebytes
            c["LeakedBytes"] += leaked.get((b, s), 0)
            c["B" + row] += abytes
            c["P" + row] += pbytes
    text = open(annotated).read()
    events = re.search(r"^Events shown: +(.*)$", text, re.M).group(1).split()
    got = collections.defaultdict(collections.Counter)
    table = text.split("file:function")[1].split("\n")[2:]
    for line in table:
        if not line.strip() or line.startswith("-"):
            break
        fields = line.split()
        values, fn = fields[:len(events)], " ".join(fields[len(events):])
        for ev, v in zip(events, values):
            v = 0 if v == "." else int(v.replace(",", ""))
            if v:
                got[fn][ev] = v
    bad = 0
    for fn in sorted(set(want) | set(got)):
        w = {k: v for k, v in want[fn].items() if v and k in events}
        if w != dict(got[fn]):
            print("differs: %s: wanted %s, read %s" % (fn, sorted(w.items()),
                                                       sorted(got[fn].items())))
            bad += 1
    if bad:
        return 1
    print("ok: callgrind: %d functions, %d events" % (len(want), len(events)))
    return 0


def compare(what, want, got):
    want = {k: v for k, v in want.items() if v}
    got = {k: v for k, v in got.items() if v}
    if want == got:
        print("ok: %s: %d stacks, %d in all" % (what, len(want),
                                                 sum(want.values())))
        return 0
    for k in sorted(set(want) | set(got)):
        if want.get(k, 0) != got.get(k, 0):
            print("differs: %s: %s: wanted %d, read %d"
                  % (what, k, want.get(k, 0), got.get(k, 0)))
    return 1


def main():
    kind, path = sys.argv[1], sys.argv[2]
    h = hbfile.HbFile(path)
    if kind == "heaptrack":
        return heaptrack(h, sys.argv[3], sys.argv[4])
    return callgrind(h, int(sys.argv[3]), sys.argv[4])


if __name__ == "__main__":
    sys.exit(main())
