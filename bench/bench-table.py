#!/usr/bin/env python3
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
"""Turns bench/run-bench.sh's results.tsv into one table per workload.

Usage: bench-table.py RESULTS.tsv

Per tool: the median wall time over the rounds, the fastest and slowest
round, the median's ratio to valgrind --tool=none's median, and the median
of the valgrind process's maximum resident set size.  Then the ratios the
heapband issue sets targets for.  Prints; asserts nothing."""

import statistics
import sys
from collections import OrderedDict, defaultdict

LABELS = OrderedDict([
    ("native", "native (no valgrind)"),
    ("none", "valgrind --tool=none"),
    ("massif", "massif (default)"),
    ("massif0", "massif --depth=1"),
    ("dhat", "DHAT"),
    ("hb", "heapband (default)"),
    ("hb0", "heapband --depth=0"),
    ("hbB", "heapband --time-unit=B"),
    ("hb0B", "heapband --depth=0 --time-unit=B"),
    ("hbd30", "heapband --depth=30"),
])


def main(path):
    header = []
    runs = defaultdict(list)          # (workload, tool) -> [(wall, rss, status)]
    workloads, tools = [], []
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("#"):
                header.append(line[2:])
                continue
            if line.startswith("workload\t"):
                continue
            w, t, _r, wall, rss, status = line.split("\t")
            if w not in workloads:
                workloads.append(w)
            if t not in tools:
                tools.append(t)
            runs[(w, t)].append((float(wall), int(rss), int(status)))
    tools.sort(key=lambda t: list(LABELS).index(t) if t in LABELS else 99)
    descs = {}
    for h in header:
        if h.startswith("workload "):
            name, desc = h[len("workload "):].split(": ", 1)
            descs[name] = desc
    for h in header:
        if not h.startswith("workload "):
            print(h)
    print()

    verdicts = []
    for w in workloads:
        med = {}
        print("== %s: %s" % (w, descs.get(w, "")))
        print("%-34s %5s %9s %9s %9s %8s %9s" % (
            "tool", "runs", "median s", "min s", "max s", "x none", "maxRSS MB"))
        for t in tools:
            rs = runs.get((w, t), [])
            ok = [r for r in rs if r[2] == 0]
            failed = len(rs) - len(ok)
            if not ok:
                print("%-34s %5d   all runs failed" % (LABELS.get(t, t), len(rs)))
                continue
            walls = [r[0] for r in ok]
            med[t] = statistics.median(walls)
            rss = statistics.median([r[1] for r in ok]) / 1024.0
            ratio = ""
            if "none" in med:
                ratio = "%.2f" % (med[t] / med["none"])
            print("%-34s %5d %9.2f %9.2f %9.2f %8s %9.1f%s" % (
                LABELS.get(t, t), len(ok), med[t], min(walls), max(walls),
                ratio, rss, "  (%d failed)" % failed if failed else ""))
        if "hb" in med and "massif" in med:
            r = med["hb"] / med["massif"]
            ok = r < 1.0
            print("heapband/massif = %.2f   (target < 1: %s)" % (r, "met" if ok else "NOT met"))
            verdicts.append((w, "heapband default faster than massif", r, ok))
        if "hb0" in med and "massif" in med:
            print("heapband --depth=0/massif = %.2f" % (med["hb0"] / med["massif"]))
        if "hb" in med and "dhat" in med:
            print("heapband/DHAT = %.2f" % (med["hb"] / med["dhat"]))
        if w == "malloc" and "hb0" in med and "none" in med:
            r = med["hb0"] / med["none"]
            ok = r <= 1.8
            print("heapband --depth=0 / none = %.2f   (target <= 1.8: %s)" % (
                r, "met" if ok else "NOT met"))
            verdicts.append((w, "--depth=0 <= 1.8x none", r, ok))
        print()
    if verdicts:
        print("targets:")
        for w, what, r, ok in verdicts:
            print("  %-7s %-38s %5.2f  %s" % (w, what, r, "met" if ok else "NOT met"))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
