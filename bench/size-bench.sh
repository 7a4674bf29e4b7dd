#!/bin/bash
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# The file-size benchmark: the size of the heap-band file heapband writes
# for the gallery's programs and for real Debian programs, at default
# settings unless options are given.  It measures and prints; it asserts
# nothing.  Run it once with another build's Valgrind lib directory (-l)
# to compare two versions of the tool on the same inputs (bench/README.md,
# "File sizes").
#
#   bench/size-bench.sh [-b BUILDDIR] [-l VGLIB] [-k DIR] [-- TOOL OPTIONS...]
#
#   -b BUILDDIR  the build tree (default $HEAPBAND_BUILD, else
#                /tmp/build-bench); its heapband/vglib is the tool run
#   -l VGLIB     run the tool of this Valgrind lib directory instead
#                (e.g. an older build's heapband/vglib)
#   -k DIR       keep the files in DIR (default: a scratch directory,
#                removed at the end)
#
# Prints one line per program: name, file bytes, stored columns.  Inputs,
# all fixed: sort and gawk read bench/gen-inputs.py's gawk input (sort its
# first 20,000 lines), xz compresses three copies of it, cc1 compiles
# bench/inputs/cc1-input.c.gz with -O2, git runs `log -p -n 200` in a clone
# of this source tree at commit 963f343 (skipped when the tree is not a
# git repository holding it), python3 builds a 20,000-entry dict, sqlite3
# runs the gallery's script (without the gallery's --mark-fn, which
# version 2 of the tool lacks).  Time is counted in instructions, so the
# sizes are the same on every run of the same build on the same machine,
# up to a few bytes.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/.." && pwd)
BUILD=${HEAPBAND_BUILD:-/tmp/build-bench}
VGLIB= KEEP=
while getopts b:l:k: opt; do
   case $opt in
      b) BUILD=$OPTARG ;;
      l) VGLIB=$OPTARG ;;
      k) KEEP=$OPTARG ;;
      *) exit 2 ;;
   esac
done
shift $((OPTIND - 1))
VALGRIND_LIB=${VGLIB:-$BUILD/heapband/vglib}
[ -d "$VALGRIND_LIB" ] && VALGRIND_LIB=$(cd "$VALGRIND_LIB" && pwd)
export VALGRIND_LIB
[ -x "$VALGRIND_LIB/heapband-amd64-linux" ] ||
   { echo "size-bench: no heapband in $VALGRIND_LIB (build first)" >&2; exit 1; }
for p in sort gawk xz sqlite3 python3 gcc git pkg-config; do
   command -v $p >/dev/null || { echo "size-bench: $p is missing" >&2; exit 1; }
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/hbsize.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
OUT=${KEEP:-$WORK/out}
mkdir -p "$OUT" && OUT=$(cd "$OUT" && pwd)
cd "$WORK" || exit 1
python3 "$HERE/gen-inputs.py" gawk gawk-input.txt || exit 1
head -n 20000 gawk-input.txt > sort-input.txt
cat gawk-input.txt gawk-input.txt gawk-input.txt > xz-input.txt
gzip -dc "$HERE/inputs/cc1-input.c.gz" > cc1-input.c &&
gcc -E cc1-input.c -o cc1-input.i || exit 1
CC1=$(gcc -print-prog-name=cc1)
GIT_REPO=
if git clone -q "$SRC" repo 2>/dev/null && git -C repo checkout -q 963f343 2>/dev/null; then
   GIT_REPO=repo
fi
for name in leak churn realloc fragment; do
   # As docs/gallery/make-gallery.sh builds them.
   gcc -O0 -fno-builtin -I"$SRC/heapband" \
      -I"$(pkg-config --variable=includedir valgrind)" \
      -o "$name" "$SRC/docs/gallery/$name.c" || exit 1
done
GAWK_PROG='{ for (i = 1; i <= NF; i++) { count[$i]++; lines[$i] = lines[$i] " " NR; pair[$i, $(i % NF + 1)]++ } }
END { n = asorti(count, keys); for (i = 1; i <= n; i++) t += length(lines[keys[i]])
      m = 0; for (p in pair) m++; print n, m, t }'

# run NAME PROGRAM [ARGS...]: the program under heapband, one result line.
run() {
   name=$1; shift
   valgrind -q --tool=heapband --heapband-out-file="$OUT/$name.hb" "${OPTS[@]}" \
      "$@" > /dev/null || { echo "size-bench: $name failed" >&2; return; }
   printf '%-9s %9d bytes %5d columns\n' "$name" "$(wc -c < "$OUT/$name.hb")" \
      "$(sed -n 's/^column-count: //p' "$OUT/$name.hb")"
}
OPTS=("$@")
for name in leak churn realloc fragment; do
   run "$name" "./$name"
done
run sqlite sqlite3 :memory: < "$SRC/docs/gallery/sqlite.sql"
run sort sort sort-input.txt
if [ -n "$GIT_REPO" ]; then
   run git git -C repo log -p -n 200 963f343
else
   echo "size-bench: git skipped (no commit 963f343 in $SRC)" >&2
fi
run gawk gawk "$GAWK_PROG" gawk-input.txt
run python "$(readlink -f /usr/bin/python3)" \
   -c 'd = {"k%d" % i: [i] for i in range(20000)}; print(len(d))'
run xz xz -T1 -6 -c xz-input.txt
run cc1 "$CC1" -quiet -O2 cc1-input.i -o /dev/null
