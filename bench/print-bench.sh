#!/bin/bash
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# Times heapband_print on the largest heap-band file the tool writes with its
# default column budget (1024 columns, every cell non-zero), against
# `wc -l` on the same file.  A benchmark, not a test: it asserts nothing
# about timings.  See bench/README.md.
#
# Usage: bench/print-bench.sh [-n ROUNDS] [-b BUILDDIR] [-o OUTDIR] [FILE...]
#   -n ROUNDS   rounds (default 5); the table shows medians
#   -b BUILDDIR build tree holding heapband_print/heapband_print
#               (default $HEAPBAND_BUILD or /tmp/build-bench)
#   -o OUTDIR   where the generated file, results and PNGs go
#               (default: a new directory under /tmp)
#   FILE...     heap-band files to time as well (for example one written by
#               a real run); the synthetic file is always generated and timed
#
# The synthetic files come from bench/gen-maxfile.py, which simulates a run
# event by event so that every invariant of docs/heapband-format.md holds:
# max.hb, the largest file, and marks.hb, 128 columns with the format's
# limit of 10,000 marks, each of its own name (the text chart groups marks
# by name; issue 36 measured it quadratic there).  The script first checks
# that heapband_print accepts them.  Per file, the text chart's time over
# the PNG's is also given as the median of the rounds' ratios (the two run
# one after the other in each round: paired).

set -u

ROUNDS=5
BUILD=${HEAPBAND_BUILD:-/tmp/build-bench}
OUT=

usage() { sed -n '7,16p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }

while getopts "n:b:o:h" opt; do
    case $opt in
        n) ROUNDS=$OPTARG ;;
        b) BUILD=$OPTARG ;;
        o) OUT=$OPTARG ;;
        h) usage 0 ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
case $ROUNDS in ''|*[!0-9]*|0) echo "print-bench: -n needs a positive number" >&2; exit 2 ;; esac

HERE=$(cd "$(dirname "$0")" && pwd)
PRINT=$BUILD/heapband_print/heapband_print
command -v python3 >/dev/null || { echo "print-bench: python3 not found" >&2; exit 1; }
if [ ! -x "$PRINT" ]; then
    echo "print-bench: $PRINT missing: build it first (make in the build tree) or pass -b" >&2
    exit 1
fi

[ -n "$OUT" ] || OUT=$(mktemp -d /tmp/heapband-print-bench.XXXXXX)
mkdir -p "$OUT" || exit 1
OUT=$(cd "$OUT" && pwd)
RESULTS=$OUT/print-results.tsv

FILES=("$OUT/max.hb" "$OUT/marks.hb")
for f in "$@"; do
    [ -r "$f" ] || { echo "print-bench: cannot read $f" >&2; exit 1; }
    FILES+=("$(cd "$(dirname "$f")" && pwd)/$(basename "$f")")
done

echo "print-bench: generating $OUT/max.hb" >&2
python3 "$HERE/gen-maxfile.py" "$OUT/max.hb" || exit 1
echo "print-bench: generating $OUT/marks.hb" >&2
python3 "$HERE/gen-maxfile.py" --columns 128 --marks 10000 "$OUT/marks.hb" || exit 1

# Every file must be accepted (the printer checks the spec's invariants);
# this also brings the files into the page cache before any timing.
for f in "${FILES[@]}"; do
    if ! "$PRINT" --width 200 "$f" > "$OUT/check.txt" 2> "$OUT/check.err"; then
        echo "print-bench: heapband_print rejects $f:" >&2
        cat "$OUT/check.err" >&2
        exit 1
    fi
    wc -l < "$f" > /dev/null
done

printf 'file\tcommand\tround\twall_s\tstatus\n' > "$RESULTS"

run_one() {   # file label round command...
    local f=$1 label=$2 r=$3 t0 t1 status
    shift 3
    t0=$(date +%s%N)
    "$@" > /dev/null 2> "$OUT/err.$label"
    status=$?
    t1=$(date +%s%N)
    if [ "$status" -ne 0 ]; then
        echo "print-bench: $label on $f failed ($status):" >&2
        head -n 5 "$OUT/err.$label" >&2
    fi
    printf '%s\t%s\t%s\t%s\t%s\n' "$f" "$label" "$r" \
        "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", (b - a) / 1e9 }')" \
        "$status" >> "$RESULTS"
}

for ((r = 1; r <= ROUNDS; r++)); do
    for f in "${FILES[@]}"; do
        run_one "$f" wc "$r" wc -l "$f"
        run_one "$f" ascii "$r" "$PRINT" --width 200 "$f"
        run_one "$f" png "$r" "$PRINT" "--png=$OUT/x.png" "$f"
    done
done

python3 - "$RESULTS" <<'EOF' | tee "$OUT/print-table.txt"
import os, statistics, sys
from collections import defaultdict
rows = defaultdict(list)
by_round = defaultdict(dict)
files = []
for line in open(sys.argv[1]).read().splitlines()[1:]:
    f, label, r, wall, status = line.split("\t")
    if f not in files:
        files.append(f)
    if status == "0":
        rows[(f, label)].append(float(wall))
        by_round[(f, r)][label] = float(wall)
labels = [("wc", "wc -l FILE"), ("ascii", "heapband_print --width 200 FILE"),
          ("png", "heapband_print --png=X.png FILE")]
for f in files:
    nlines = sum(1 for _ in open(f))
    print("== %s: %d lines, %.1f MB" % (f, nlines, os.path.getsize(f) / 1e6))
    print("%-34s %5s %10s %10s %10s %8s" % ("command", "runs", "median ms", "min ms", "max ms", "x wc -l"))
    med = {}
    for key, name in labels:
        w = rows.get((f, key), [])
        if not w:
            print("%-34s %5d   all runs failed" % (name, 0))
            continue
        med[key] = statistics.median(w)
        ratio = "%.1f" % (med[key] / med["wc"]) if "wc" in med else ""
        print("%-34s %5d %10.1f %10.1f %10.1f %8s" % (
            name, len(w), med[key] * 1e3, min(w) * 1e3, max(w) * 1e3, ratio))
    for key in ("ascii", "png"):
        if key in med and "wc" in med:
            r = med[key] / med["wc"]
            print("%s/wc -l = %.1f   (target <= 10: %s)" % (
                key, r, "met" if r <= 10 else "NOT met"))
    pairs = [t["ascii"] / t["png"] for (ff, _), t in by_round.items()
             if ff == f and "ascii" in t and "png" in t and t["png"] > 0]
    if pairs:
        r = statistics.median(pairs)
        print("ascii/png, paired by round: median %.2f, min %.2f, max %.2f"
              "   (target for marks.hb <= 2: %s)" % (
                  r, min(pairs), max(pairs), "met" if r <= 2 else "NOT met"))
    print()
EOF
echo "print-bench: raw results in $RESULTS" >&2
