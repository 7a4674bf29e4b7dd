#!/usr/bin/env python3
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
"""Turns bench/run-bench.sh's results.tsv into one table per workload.

Usage: bench-table.py RESULTS.tsv

Per tool: the median CPU time (user + system) over the rounds, the fastest
and slowest round, the median's ratio to valgrind --tool=none's median, the
median wall time, and the median of the valgrind process's maximum
resident set size.  Then the ratios the heapband issues set targets for:
heapband's extra cost over --tool=none at most three quarters of massif's,
and its peak memory at most massif's.

The extra-cost ratio is given two ways.  The ratio of medians,
(median hb - median none) / (median massif - median none), mixes rounds
taken under different loads.  The paired ratio is computed within each
round, from the three runs of that round (run back to back):
(hb - none) / (massif - none); the table gives its median over the rounds
and its spread (lowest, quartiles, highest), from the CPU time (user +
system) and from the user time alone, and beside it the median of
heapband's per-round extras over the median of massif's (which no single
round with a tiny massif extra can swing).  Load that changes from round
to round moves the three runs of a round together and mostly cancels in
the paired ratio; the verdict on the time goal is its median, said to be
noisy when its quartiles lie on both sides of the target.

Files of older formats (wall time only, no cpu_s column; no user_s and
sys_s columns) are read too, with the wall time in place of the CPU time
and without the user-time figures.  Prints; asserts nothing."""

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


def quartiles(values):
    """The lowest, first quartile, median, third quartile and highest."""
    v = sorted(values)
    if len(v) < 2:
        return v[0], v[0], v[0], v[0], v[0]
    q1, q2, q3 = statistics.quantiles(v, n=4, method="inclusive")
    return v[0], q1, q2, q3, v[-1]


def paired_extras(by_round, tool, field):
    """Per round with successful runs of none, massif and tool: the pair
    (tool - none, massif - none) of that round's runs.  Also the number
    of rounds left out for a failed or missing run."""
    pairs, incomplete = [], 0
    for r in sorted(by_round):
        got = by_round[r]
        if not all(t in got for t in ("none", "massif", tool)):
            incomplete += 1
            continue
        base = got["none"][field]
        pairs.append((got[tool][field] - base, got["massif"][field] - base))
    return pairs, incomplete


def print_paired(w, by_round, tool, name, verdicts):
    """The paired ratio of a heapband configuration against massif: per
    round (tool - none) / (massif - none), its median and spread over the
    rounds where massif cost something; and the median of the tool's
    paired extras over the median of massif's."""
    for field, what in ((0, "cpu"), (4, "user")):
        if any(got[t][field] is None for got in by_round.values() for t in got):
            continue
        pairs, left_out = paired_extras(by_round, tool, field)
        ratios = [a / b for a, b in pairs if b > 0]
        left_out += len(pairs) - len(ratios)
        if not ratios:
            continue
        lo, q1, med, q3, hi = quartiles(ratios)
        of_extras = statistics.median(a for a, _ in pairs) / max(
            statistics.median(b for _, b in pairs), 1e-9)
        print("%s extra / massif extra, paired by round (%s): median %.2f,"
              " quartiles %.2f..%.2f, range %.2f..%.2f, %d of %d rounds <= 0.75%s;"
              " median extras %.2f"
              % (name, what, med, q1, q3, lo, hi,
                 sum(1 for x in ratios if x <= 0.75), len(ratios),
                 ", %d rounds left out" % left_out if left_out else "",
                 of_extras))
        if tool == "hb" and field == 0:
            ok = med <= 0.75
            if q3 <= 0.75 or q1 > 0.75:
                how = "the quartiles agree"
            else:
                how = "but the quartiles straddle 0.75: noisy, take more rounds"
            print("  paired median %.2f   (target <= 0.75: %s; %s)" % (
                med, "met" if ok else "NOT met", how))
            verdicts.append((w, "extra cost <= 3/4, paired median", med, ok))


def main(path):
    header = []
    runs = defaultdict(list)          # (workload, tool) -> [(cpu, rss, status, wall, user)]
    rounds = defaultdict(dict)        # workload -> round -> tool -> that run
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
            if len(fields) == 7:      # the format before user_s and sys_s
                fields += [None, None]
            w, t, rnd, wall, cpu, rss, status, user, _sys = fields
            if w not in workloads:
                workloads.append(w)
            if t not in tools:
                tools.append(t)
            run = (float(cpu), int(rss), int(status), float(wall),
                   None if user is None else float(user))
            runs[(w, t)].append(run)
            if run[2] == 0:
                rounds[w].setdefault(rnd, {})[t] = run
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
            print("heapband extra / massif extra = %.2f   (ratio of medians)" % r)
            verdicts.append((w, "extra cost <= 3/4, of medians", r, ok))
        if "hb" in extra:
            print_paired(w, rounds[w], "hb", "heapband", verdicts)
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
