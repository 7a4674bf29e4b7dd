#!/bin/sh
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# heapband's leak kinds beside memcheck's on one program: both run it (the
# same arguments, heapband with --sites=all --depth=D, memcheck with
# --leak-check=full --show-leak-kinds=all --num-callers=D+1), and every
# leak report memcheck prints (each VALGRIND_DO_LEAK_CHECK, then the one at
# exit) is compared with heapband's file of that moment (the snapshots
# FILE.1, FILE.2, ... then FILE): one table row per moment,
#
#   NAME MOMENT | memcheck DEF IND POS REACH | heapband DEF IND POS REACH | stacks
#
# (bytes/blocks; "stacks" is "same" when every allocation stack has the
# same figures of each lost kind, else the number of stacks that differ,
# or "(summary only)" when memcheck printed no loss record, as for
# VALGRIND_DO_QUICK_LEAK_CHECK).
# heapband's REACH also counts the blocks memcheck leaves out (a pool's
# own block): docs/heapband-format.md, section 10.
#
#   bench/leaks-vs-memcheck.sh WORKDIR NAME PROG [ARGS...]
# Environment: HB_VALGRIND (default: valgrind --tool=heapband), DEPTH (12),
# HB_OPTS and MC_OPTS (more options for each tool).
set -u
work=$1 name=$2; shift 2
here=$(cd "$(dirname "$0")/.." && pwd)
hb=${HB_VALGRIND:-valgrind --tool=heapband}
depth=${DEPTH:-12}
mkdir -p "$work"
$hb -q --heapband-out-file="$work/$name.hb" --sites=all --depth="$depth" ${HB_OPTS:-} "$@" \
   >/dev/null 2>"$work/$name.hb.err" < /dev/null
valgrind --leak-check=full --show-leak-kinds=all --num-callers=$((depth + 1)) ${MC_OPTS:-} "$@" \
   >/dev/null 2>"$work/$name.mc.log" < /dev/null
n=$(python3 "$here/tests/tool/mcleaks.py" "$work/$name.mc.log" count)
i=0
while [ "$i" -lt "$n" ]; do
   if [ "$i" -eq $((n - 1)) ]; then f="$work/$name.hb"; moment=exit; else f="$work/$name.hb.$((i + 1))"; moment="check$((i + 1))"; fi
   python3 "$here/tests/tool/mcleaks.py" "$work/$name.mc.log" "$i" > "$work/$name.$moment.mc"
   if [ -f "$f" ]; then python3 "$here/tests/tool/hbfile.py" kinds "$f" > "$work/$name.$moment.hb" 2>&1
   else echo "run (no file)" > "$work/$name.$moment.hb"; fi
   python3 - "$work/$name.$moment.mc" "$work/$name.$moment.hb" "$name" "$moment" <<'PY'
import sys
def read(p):
    run, sites = None, {}
    for line in open(p):
        line = line.rstrip("\n")
        if line.startswith("run "):
            try:
                run = [int(x) for x in line.split(" ")[1:]]
            except ValueError:
                run = None
        elif "\t" in line:
            k, v = line.split("\t")
            sites[k] = [int(x) for x in v.split(" ")]
    return run, sites
mr, ms = read(sys.argv[1]); hr, hs = read(sys.argv[2])
def fmt(r):
    if r is None: return "(none)"
    return " ".join("%d/%d" % (r[2*k], r[2*k+1]) for k in range(4))
diff = sum(1 for k in set(ms) | set(hs) if ms.get(k, [0]*8)[:6] != hs.get(k, [0]*8)[:6])
verdict = "same" if diff == 0 else "%d differ" % diff
if not ms and hs:
    verdict = "(summary only)"
print("%-24s %-7s | %-40s | %-40s | %s" % (sys.argv[3], sys.argv[4], fmt(mr), fmt(hr), verdict))
PY
   i=$((i + 1))
done
