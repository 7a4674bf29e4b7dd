#!/bin/bash
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# Benchmark heapband against valgrind --tool=none, massif and DHAT on real,
# allocation-heavy programs.  This is a benchmark, not a test: it asserts
# nothing and is never run by `make check`.  See bench/README.md.
#
# Usage: bench/run-bench.sh [-n ROUNDS] [-w WORKLOADS] [-t TOOLS] [-b BUILDDIR]
#                           [-o OUTDIR] [-p CPU] [-k]
#   -n ROUNDS     rounds per workload and tool (default 5); the table shows
#                 medians
#   -w WORKLOADS  comma-separated subset of: python,perl,cc1,gawk,sqlite,
#                 malloc (default: all six)
#   -t TOOLS      comma-separated subset of the tool configurations (default
#                 native,none,massif,dhat,hb,hb0); extra ones for digging:
#                 hbB   heapband --time-unit=B
#                 hb0B  heapband --depth=0 --time-unit=B
#                 hbd30 heapband --depth=30 (massif's default depth)
#                 massif0 massif --depth=1
#                 hbp   heapband --allocator=program
#                 hbp0  heapband --allocator=program --depth=0
#   -b BUILDDIR   build tree holding heapband/vg-in-place
#                 (default $HEAPBAND_BUILD or /tmp/build-bench)
#   -o OUTDIR     where raw results and the table go (default: a new
#                 directory under /tmp); results.tsv has one line per run
#   -p CPU        run every command pinned to that CPU (taskset -c CPU):
#                 no migrations between cores during a run
#   -k            keep the tools' output files (default: deleted after
#                 each run)
#
# The final measurement of the time goal, on an idle machine (about 15
# minutes on this project's 2-core VM):
#   bench/run-bench.sh -b $PWD/build -n 9 -t none,massif,hb -p 1
#
# Every round runs every workload under every tool, one after the other,
# so machine noise spreads over all tools alike; the order of the tools is
# rotated from round to round.  Wall time is measured by the script around
# each run (nanosecond clock); CPU time (user + system) and peak memory (the
# maximum resident set size of the valgrind process) by GNU time's %U, %S
# and %M.  On a shared machine the CPU time is the figure to compare: the
# wall time also counts the time other processes held the cores.  The
# table also compares the tools within each round (bench-table.py: the
# paired ratio), which cancels the load that changes from round to round.

set -u

ROUNDS=5
WORKLOADS=python,perl,cc1,gawk,sqlite,malloc
TOOLS=native,none,massif,dhat,hb,hb0
BUILD=${HEAPBAND_BUILD:-/tmp/build-bench}
OUT=
KEEP=0
PIN=

usage() { sed -n '6,32p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }

while getopts "n:w:t:b:o:p:kh" opt; do
    case $opt in
        n) ROUNDS=$OPTARG ;;
        w) WORKLOADS=$OPTARG ;;
        t) TOOLS=$OPTARG ;;
        b) BUILD=$OPTARG ;;
        o) OUT=$OPTARG ;;
        p) PIN=$OPTARG ;;
        k) KEEP=1 ;;
        h) usage 0 ;;
        *) usage ;;
    esac
done
case $ROUNDS in ''|*[!0-9]*|0) echo "run-bench: -n needs a positive number" >&2; exit 2 ;; esac
case $BUILD in /*) ;; *) BUILD=$(cd "$BUILD" 2>/dev/null && pwd) || { echo "run-bench: no build directory '$BUILD'" >&2; exit 2; } ;; esac

HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/.." && pwd)
VALGRIND=${VALGRIND:-valgrind}
VG_HB=$BUILD/heapband/vg-in-place

need() { command -v "$1" >/dev/null 2>&1 || { echo "run-bench: $1 not found${2:+ ($2)}" >&2; exit 1; }; }
need "$VALGRIND" "apt-get install valgrind"
need gcc
need python3
PIN_CMD=()
if [ -n "$PIN" ]; then
    need taskset "package util-linux"
    taskset -c "$PIN" true 2>/dev/null || { echo "run-bench: cannot pin to CPU '$PIN'" >&2; exit 2; }
    PIN_CMD=(taskset -c "$PIN")
fi
if [ ! -x /usr/bin/time ]; then
    echo "run-bench: /usr/bin/time missing, installing Debian package 'time'" >&2
    apt-get install -y time >/dev/null || { echo "run-bench: cannot install time" >&2; exit 1; }
fi
case ",$TOOLS," in
    *,hb*) [ -x "$VG_HB" ] || { echo "run-bench: $VG_HB missing: build heapband first (see bench/README.md) or pass -b" >&2; exit 1; } ;;
esac

[ -n "$OUT" ] || OUT=$(mktemp -d /tmp/heapband-bench.XXXXXX)
mkdir -p "$OUT" "$OUT/work" || exit 1
OUT=$(cd "$OUT" && pwd)
WORK=$OUT/work
RESULTS=$OUT/results.tsv

# ---------------------------------------------------------------------------
# Workloads.  Each is a command line run in $WORK; its stdout is discarded.

# valgrind must start the interpreter itself, not a wrapper script (such as a
# pyenv shim) that would run it in a child valgrind does not follow.
is_elf() { [ -f "$1" ] && [ "$(head -c 4 "$1" | tr -d '\177')" = ELF ]; }
real_binary() {   # name [fallback path]: an ELF executable for the command
    local p
    if [ -n "${2:-}" ] && [ -x "$2" ]; then p=$(readlink -f "$2"); else p=$(command -v "$1"); p=$(readlink -f "$p"); fi
    if ! is_elf "$p" && [ "$1" = python3 ]; then
        p=$("$1" -c 'import sys; print(sys.executable)' 2>/dev/null)
    fi
    is_elf "$p" || { echo "run-bench: no ELF executable for $1 (found '$p')" >&2; exit 1; }
    echo "$p"
}

CC1=$(gcc -print-prog-name=cc1)
case $CC1 in /*) ;; *) echo "run-bench: gcc -print-prog-name=cc1 gave '$CC1'" >&2; exit 1 ;; esac

prepare() {
    case $1 in
        python) PYTHON=${PYTHON:-$(real_binary python3 /usr/bin/python3)} || exit 1 ;;
        perl)   PERL=${PERL:-$(real_binary perl /usr/bin/perl)} || exit 1 ;;
        cc1)
            # A real translation unit, fixed (bench/inputs/cc1-input.c.gz
            # is the printer's parser of commit 42e09b7, kept compressed so
            # that greps and repeated-code scans of the tree pass it by),
            # preprocessed once: cc1 then compiles it with -O2 and no
            # driver in between.
            gzip -dc "$HERE/inputs/cc1-input.c.gz" > "$WORK/cc1-input.c" &&
            gcc -E "$WORK/cc1-input.c" -o "$WORK/cc1-input.i" || exit 1 ;;
        gawk)
            # gawk itself (Debian's package 'gawk'), not mawk through 'awk'.
            GAWK=${GAWK:-$(real_binary gawk /usr/bin/gawk)} || exit 1
            python3 "$HERE/gen-inputs.py" gawk "$WORK/gawk-input.txt" || exit 1 ;;
        sqlite)
            SQLITE=${SQLITE:-$(real_binary sqlite3 /usr/bin/sqlite3)} || exit 1
            python3 "$HERE/gen-inputs.py" sqlite "$WORK/sqlite-input.sql" || exit 1 ;;
        malloc)
            gcc -O2 -fno-builtin -o "$WORK/mallocloop" "$HERE/mallocloop.c" || exit 1 ;;
        *) echo "run-bench: unknown workload '$1'" >&2; exit 2 ;;
    esac
}

PY_PROG='import json
d = {"key%d" % i: [i, str(i) * 3, {"half": i * 0.5, "odd": i % 2 == 1}] for i in range(60000)}
s = json.dumps(d)
e = json.loads(s)
assert e == d
print(len(d), len(s))'

# Word counts, a list of line numbers per word and a count per pair of
# neighbouring words: gawk's strings and array elements are malloc'ed.
GAWK_PROG='{ for (i = 1; i <= NF; i++) { count[$i]++; lines[$i] = lines[$i] " " NR; pair[$i, $(i % NF + 1)]++ } }
END { n = asorti(count, keys); for (i = 1; i <= n; i++) t += length(lines[keys[i]])
      m = 0; for (p in pair) m++; print n, m, t }'

PERL_PROG='my %h; $h{"key$_"} = $_ * 2 for 1 .. 100000;
my @k = sort keys %h; my $t = 0; $t += $h{$_} for @k; print scalar(@k), " $t\n";'

workload_cmd() {   # sets the array CMD
    case $1 in
        python) CMD=("$PYTHON" -c "$PY_PROG") ;;
        perl)   CMD=("$PERL" -e "$PERL_PROG") ;;
        cc1)    CMD=("$CC1" -quiet -O2 "$WORK/cc1-input.i" -o /dev/null) ;;
        gawk)   CMD=("$GAWK" "$GAWK_PROG" "$WORK/gawk-input.txt") ;;
        sqlite) CMD=("$SQLITE" :memory: ".read $WORK/sqlite-input.sql") ;;
        malloc) CMD=("$WORK/mallocloop" 5000000) ;;
    esac
}

workload_desc() {
    case $1 in
        python) echo "$PYTHON: 60,000-entry dict through json.dumps/json.loads" ;;
        perl)   echo "$PERL: 100,000-key hash filled and sorted" ;;
        cc1)    echo "cc1 -O2 on bench/inputs/cc1-input.c preprocessed ($(wc -l < "$WORK/cc1-input.i") lines)" ;;
        gawk)   echo "$GAWK: word counts, line lists and word pairs of 40,000 generated lines (bench/gen-inputs.py)" ;;
        sqlite) echo "$SQLITE :memory:: 40,000-row table, two indexes, group, join, sort (bench/gen-inputs.py)" ;;
        malloc) echo "mallocloop: 5,000,000 malloc/free pairs (bench/mallocloop.c, -O2 -fno-builtin)" ;;
    esac
}

# ---------------------------------------------------------------------------
# Tool configurations: sets the array PRE (prepended to the workload).
# Every tool writes its output file to $WORK, deleted after the run.

tool_cmd() {
    local f=$WORK/out.$1
    case $1 in
        native)  PRE=() ;;
        none)    PRE=("$VALGRIND" --tool=none) ;;
        massif)  PRE=("$VALGRIND" --tool=massif "--massif-out-file=$f") ;;
        massif0) PRE=("$VALGRIND" --tool=massif --depth=1 "--massif-out-file=$f") ;;
        dhat)    PRE=("$VALGRIND" --tool=dhat "--dhat-out-file=$f") ;;
        hb)      PRE=("$VG_HB" "--heapband-out-file=$f") ;;
        hb0)     PRE=("$VG_HB" --depth=0 "--heapband-out-file=$f") ;;
        hbB)     PRE=("$VG_HB" --time-unit=B "--heapband-out-file=$f") ;;
        hb0B)    PRE=("$VG_HB" --depth=0 --time-unit=B "--heapband-out-file=$f") ;;
        hbd30)   PRE=("$VG_HB" --depth=30 "--heapband-out-file=$f") ;;
        hbp)     PRE=("$VG_HB" --allocator=program "--heapband-out-file=$f") ;;
        hbp0)    PRE=("$VG_HB" --allocator=program --depth=0 "--heapband-out-file=$f") ;;
        *) echo "run-bench: unknown tool '$1'" >&2; exit 2 ;;
    esac
}

IFS=, read -r -a WL <<< "$WORKLOADS"
IFS=, read -r -a TL <<< "$TOOLS"
for t in "${TL[@]}"; do tool_cmd "$t"; done
for w in "${WL[@]}"; do prepare "$w"; done

{
    echo "# heapband benchmark, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(uname -r)"
    echo "# $("$VALGRIND" --version), heapband from $VG_HB"
    echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)${PIN:+, pinned to CPU $PIN}"
    for w in "${WL[@]}"; do echo "# workload $w: $(workload_desc "$w")"; done
    printf 'workload\ttool\tround\twall_s\tcpu_s\tmaxrss_kb\tstatus\tuser_s\tsys_s\n'
} > "$RESULTS"

# Runs one workload under one tool and appends a line to $RESULTS.
run_one() {   # workload tool round
    local w=$1 t=$2 r=$3 t0 t1 rss cpu cpu_u cpu_s status log=$WORK/log.$1.$2
    workload_cmd "$w"
    tool_cmd "$t"
    rm -f "$WORK/out.$t"
    t0=$(date +%s%N)
    ( cd "$WORK" && "${PIN_CMD[@]}" /usr/bin/time -f '%U %S %M' -o "$WORK/rss" "${PRE[@]}" "${CMD[@]}" ) \
        >/dev/null 2>"$log"
    status=$?
    t1=$(date +%s%N)
    read -r cpu_u cpu_s rss < <(tail -n 1 "$WORK/rss" 2>/dev/null)
    case $rss in ''|*[!0-9]*) rss=0 ;; esac
    cpu=$(awk -v u="${cpu_u:-0}" -v s="${cpu_s:-0}" 'BEGIN { printf "%.2f", u + s }')
    if [ "$status" -ne 0 ]; then
        echo "run-bench: $w under $t failed with status $status; its stderr:" >&2
        tail -n 20 "$log" >&2
    fi
    [ "$KEEP" = 1 ] || rm -f "$WORK/out.$t"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$w" "$t" "$r" \
        "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", (b - a) / 1e9 }')" \
        "$cpu" "$rss" "$status" "${cpu_u:-0}" "${cpu_s:-0}" >> "$RESULTS"
    printf '  round %s  %-7s %-8s %8.2f s  cpu %6.2f s  %7s KB%s\n' "$r" "$w" "$t" \
        "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print (b - a) / 1e9 }')" "$cpu" "$rss" \
        "$([ "$status" -eq 0 ] || echo "  FAILED ($status)")" >&2
}

echo "run-bench: $ROUNDS rounds of ${WORKLOADS} under ${TOOLS}; raw results in $RESULTS" >&2
nt=${#TL[@]}
for ((r = 1; r <= ROUNDS; r++)); do
    for w in "${WL[@]}"; do
        for ((i = 0; i < nt; i++)); do
            run_one "$w" "${TL[$(( (i + r - 1) % nt ))]}" "$r"
        done
    done
done

python3 "$HERE/bench-table.py" "$RESULTS" | tee "$OUT/table.txt"
echo "run-bench: table in $OUT/table.txt" >&2
