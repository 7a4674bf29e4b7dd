#!/usr/bin/env python3
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
"""Turns bench/run-bench.sh's results.tsv into one table per workload.

Usage: bench-table.py RESULTS.tsv

Per tool: the median CPU time (user + system) over the rounds, the fastest
and slowest round, the median's ratio to valgrind --tool=none's median, the
median wall time, and the median of the valgrind process's maximum
resident set size.  Then the ratios the heapband issues set targets for:
heapband's extra cost over --tool=none at most three quarters of massif's,
and its peak memory at most massif's.  Files of the older format (wall time
only, no cpu_s column) are read too, with the wall time in place of the
CPU time.  Prints; asserts nothing."""

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
            fields = line.split("\t")
            if len(fields) == 6:      # the format before cpu_s
                fields.insert(4, fields[3])
            w, t, _r, wall, cpu, rss, status = fields
            if w not in workloads:
                workloads.append(w)
            if t not in tools:
                tools.append(t)
            runs[(w, t)].append((float(cpu), int(rss), int(status), float(wall)))
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
        med, rss_med = {}, {}
        print("== %s: %s" % (w, descs.get(w, "")))
        print("%-34s %5s %9s %8s %8s %7s %8s %9s" % (
            "tool", "runs", "median s", "min s", "max s", "x none", "wall s",
            "maxRSS MB"))
        for t in tools:
            rs = runs.get((w, t), [])
            ok = [r for r in rs if r[2] == 0]
            failed = len(rs) - len(ok)
            if not ok:
                print("%-34s %5d   %s" % (LABELS.get(t, t), len(rs),
                                          "all runs failed" if rs else "no runs"))
                continue
            cpus = [r[0] for r in ok]
            med[t] = statistics.median(cpus)
            rss_med[t] = statistics.median([r[1] for r in ok]) / 1024.0
            ratio = ""
            if "none" in med:
                ratio = "%.2f" % (med[t] / med["none"])
            print("%-34s %5d %9.2f %8.2f %8.2f %7s %8.2f %9.1f%s" % (
                LABELS.get(t, t), len(ok), med[t], min(cpus), max(cpus),
                ratio, statistics.median([r[3] for r in ok]), rss_med[t],
                "  (%d failed)" % failed if failed else ""))
        extra = {t: med[t] - med["none"] for t in med if "none" in med}
        if "hb" in extra and extra.get("massif", 0) > 0:
            r = extra["hb"] / extra["massif"]
            ok = r <= 0.75
            print("heapband extra / massif extra = %.2f   (target <= 0.75: %s)" % (
                r, "met" if ok else "NOT met"))
            verdicts.append((w, "extra cost <= 3/4 of massif's", r, ok))
        if "hb" in extra and extra.get("dhat", 0) > 0:
            print("heapband extra / DHAT extra = %.2f" % (extra["hb"] / extra["dhat"]))
        if "hb0" in extra and extra.get("massif", 0) > 0:
            print("heapband --depth=0 extra / massif extra = %.2f" % (
                extra["hb0"] / extra["massif"]))
        if "hb" in rss_med and "massif" in rss_med:
            r = rss_med["hb"] / rss_med["massif"]
            ok = r <= 1.0
            print("heapband maxRSS / massif maxRSS = %.3f   (target <= 1: %s)" % (
                r, "met" if ok else "NOT met"))
            verdicts.append((w, "peak memory <= massif's", r, ok))
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
            print("  %-7s %-32s %6.3f  %s" % (w, what, r, "met" if ok else "NOT met"))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
