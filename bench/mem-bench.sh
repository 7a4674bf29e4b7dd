#!/bin/bash
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# Memory per live block: bench/liveblocks.c keeps N 16-byte blocks live at
# once; the peak resident set of the valgrind process (GNU time's %M, the
# kernel's VmHWM) is measured at N = 1,000,000 and 3,000,000, and the
# difference divided by 2,000,000 gives the bytes per live block with the
# fixed costs (the core, the tool's tables at start, the program) cancelled.
# Each tool's figure is then given over --tool=none's, which pays for the
# blocks themselves under glibc's malloc (32 bytes for a 16-byte block).
# This is a benchmark, not a test; see bench/README.md.
#
# Usage: bench/mem-bench.sh [-n ROUNDS] [-b BUILDDIR] [-t TOOLS]
#   -n ROUNDS  runs per tool and N (default 3); the medians are used
#   -b DIR     build tree holding heapband/vg-in-place
#              (default $HEAPBAND_BUILD or /tmp/build-bench)
#   -t TOOLS   comma-separated subset of none,massif,dhat,hb,hb0
#              (default: all; hb0 is heapband --depth=0)

set -u
ROUNDS=3
BUILD=${HEAPBAND_BUILD:-/tmp/build-bench}
TOOLS=none,massif,dhat,hb,hb0
while getopts "n:b:t:h" opt; do
    case $opt in
        n) ROUNDS=$OPTARG ;;
        b) BUILD=$OPTARG ;;
        t) TOOLS=$OPTARG ;;
        *) sed -n '3,17p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
    esac
done
case $ROUNDS in ''|*[!0-9]*|0) echo "mem-bench: -n needs a positive number" >&2; exit 2 ;; esac
HERE=$(cd "$(dirname "$0")" && pwd)
VG_HB=$BUILD/heapband/vg-in-place
[ -x /usr/bin/time ] || { echo "mem-bench: /usr/bin/time missing (apt-get install time)" >&2; exit 1; }
WORK=$(mktemp -d /tmp/heapband-mem.XXXXXX) || exit 1
trap 'rm -rf "$WORK"' EXIT
gcc -O2 -fno-builtin -o "$WORK/liveblocks" "$HERE/liveblocks.c" || exit 1

tool_cmd() {   # sets PRE
    case $1 in
        none)   PRE=(valgrind --tool=none) ;;
        massif) PRE=(valgrind --tool=massif "--massif-out-file=$WORK/out") ;;
        dhat)   PRE=(valgrind --tool=dhat "--dhat-out-file=$WORK/out") ;;
        hb)     PRE=("$VG_HB" "--heapband-out-file=$WORK/out") ;;
        hb0)    PRE=("$VG_HB" --depth=0 "--heapband-out-file=$WORK/out") ;;
        *) echo "mem-bench: unknown tool '$1'" >&2; exit 2 ;;
    esac
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

IFS=, read -r -a TL <<< "$TOOLS"
declare -A RSS
for t in "${TL[@]}"; do
    tool_cmd "$t"
    for n in 1000000 3000000; do
        for ((r = 1; r <= ROUNDS; r++)); do
            /usr/bin/time -f %M -o "$WORK/rss" "${PRE[@]}" "$WORK/liveblocks" "$n" >/dev/null 2>&1 \
                || { echo "mem-bench: $t failed at N=$n" >&2; exit 1; }
            tail -n 1 "$WORK/rss"
        done | median > "$WORK/med"
        RSS[$t.$n]=$(cat "$WORK/med")
    done
done

printf '%-8s %12s %12s %16s %14s\n' tool "N=1M KB" "N=3M KB" "B/live block" "over none"
for t in "${TL[@]}"; do
    per=$(awk -v a="${RSS[$t.1000000]}" -v b="${RSS[$t.3000000]}" 'BEGIN { printf "%.1f", (b - a) * 1024 / 2000000 }')
    over=-
    if [ -n "${RSS[none.1000000]:-}" ]; then
        over=$(awk -v p="$per" -v a="${RSS[none.1000000]}" -v b="${RSS[none.3000000]}" 'BEGIN { printf "%.1f", p - (b - a) * 1024 / 2000000 }')
    fi
    printf '%-8s %12s %12s %16s %14s\n' "$t" "${RSS[$t.1000000]}" "${RSS[$t.3000000]}" "$per" "$over"
done
echo "(medians of $ROUNDS runs; peak RSS of the valgrind process; B/live block = (RSS(3M) - RSS(1M)) / 2M)"
