#!/bin/sh
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# The README's demo: build heapband, run a small program under it, print
# the summary and the chart, and write a PNG.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
sh "$top/tests/setup.sh"
out="$top/build/demo"
mkdir -p "$out"
gcc -O0 -g -fno-builtin -o "$out/demo" "$top/tests/progs/demo.c"
echo "== valgrind --tool=heapband ./demo"
"$top/build/heapband/vg-in-place" --heapband-out-file="$out/demo.hb" "$out/demo"
echo
echo "== heapband_print demo.hb"
"$top/build/heapband_print/heapband_print" --width=80 "$out/demo.hb"
"$top/build/heapband_print/heapband_print" --png="$out/demo.png" "$out/demo.hb"
echo
echo "Wrote $out/demo.hb and $out/demo.png"
