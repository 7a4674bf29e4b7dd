#!/bin/sh
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# The printer on files with many sites: bench/manysites.c run under the
# tool (--sites=all) as OLD and NEW, 59,049 sites each, then
# `heapband_print --diff OLD NEW` timed ROUNDS times (user+sys CPU seconds
# and peak RSS, GNU time), the median printed.
#   sh bench/sites-bench.sh BUILD_DIR [ROUNDS] [WORK]
# BUILD_DIR is a configured and built tree (its heapband/vglib and
# heapband_print/heapband_print are used); WORK keeps the files (default:
# a temporary directory, removed).
set -e
build=$(cd "$1" && pwd)
rounds=${2:-5}
here=$(cd "$(dirname "$0")" && pwd)
work=${3:-}
if [ -z "$work" ]; then
   work=$(mktemp -d)
   trap 'rm -rf "$work"' EXIT
fi
gcc -O0 -g -fno-builtin -fno-inline -o "$work/manysites" "$here/manysites.c"
for run in old new; do
   [ -s "$work/$run.hb" ] && continue
   arg=; [ "$run" = new ] && arg=new
   VALGRIND_LIB="$build/heapband/vglib" valgrind --tool=heapband -q \
      --sites=all --heapband-out-file="$work/$run.hb" "$work/manysites" $arg
done
echo "files: $(grep -c '^site ' "$work/old.hb") sites, $(wc -c <"$work/old.hb") bytes (OLD)"
i=0
while [ "$i" -lt "$rounds" ]; do
   /usr/bin/time -f '%U %S %M' -o "$work/t" \
      "$build/heapband_print/heapband_print" --diff --width=100 \
      "$work/old.hb" "$work/new.hb" >"$work/out.txt"
   awk '{ printf "%.2f %d\n", $1 + $2, $3 }' "$work/t"
   i=$((i + 1))
done | sort -n | awk '{ s[NR] = $1; m[NR] = $2 }
   END { k = int((NR + 1) / 2); printf "median of %d: %.2f s CPU, %.1f MB peak RSS\n", NR, s[k], m[k] / 1024 }'
