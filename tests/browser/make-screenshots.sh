#!/bin/sh
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# The HTML report's screenshots in docs/gallery/ (html-live.png,
# html-allocs.png, html-lifetime.png, html-diff.png), taken by Chromium
# through report-test.js --screenshots: docs/gallery/fragment.c run under
# heapband with sites, and, for the diff, the same program with 2500 pages
# instead of 2000.  Usage: tests/browser/make-screenshots.sh [BUILD_DIR]
set -eu
browser=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$browser/../.." && pwd)
build=$(cd "${1:-$srcdir/build}" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/hbshots.XXXXXX")
trap 'rm -rf "$work"' EXIT
sed 's/^#define NPAGES 2000$/#define NPAGES 2500/' "$srcdir/docs/gallery/fragment.c" \
   >"$work/fragment2.c"
for name in fragment fragment2; do
   src="$srcdir/docs/gallery/fragment.c"
   [ $name = fragment2 ] && src="$work/fragment2.c"
   gcc -O0 -fno-builtin -I"$srcdir/heapband" \
      -I"$(pkg-config --variable=includedir valgrind)" -o "$work/$name" "$src"
   (cd "$work" && "$build/heapband/vg-in-place" -q --depth=8 \
      --heapband-out-file="$name.hb" "./$name")
done
node "$browser/report-test.js" "$build/heapband_print/heapband_print" \
   --screenshots "$srcdir/docs/gallery" "$work/fragment.hb" \
   "$work/fragment.hb" "$work/fragment2.hb"
