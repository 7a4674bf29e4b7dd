#!/bin/sh
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# The HTML report's screenshots in docs/gallery/ (html-live.png,
# html-allocs.png, html-lifetime.png, html-diff.png), taken by Chromium
# through report-test.js --screenshots: docs/gallery/fragment.c run under
# heapband with sites, and, for the diff, the same program with 2500 pages
# instead of 2000.  Both builds are ./fragment built from fragment.c with
# -g, each in its own directory, so that their sites match by function and
# file:line and the diff's panel of the sites that changed most shows
# changed sites (not one gone and one new).
# Usage: tests/browser/make-screenshots.sh [BUILD_DIR]
set -eu
browser=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$browser/../.." && pwd)
build=$(cd "${1:-$srcdir/build}" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/hbshots.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir "$work/old" "$work/new"
cp "$srcdir/docs/gallery/fragment.c" "$work/old/fragment.c"
sed 's/^#define NPAGES 2000$/#define NPAGES 2500/' "$srcdir/docs/gallery/fragment.c" \
   >"$work/new/fragment.c"
for run in old new; do
   (cd "$work/$run" &&
    gcc -O0 -g -fno-builtin -I"$srcdir/heapband" \
       -I"$(pkg-config --variable=includedir valgrind)" -o fragment fragment.c &&
    "$build/heapband/vg-in-place" -q --depth=8 \
       --heapband-out-file=fragment.hb ./fragment)
done
node "$browser/report-test.js" "$build/heapband_print/heapband_print" \
   --screenshots "$srcdir/docs/gallery" "$work/old/fragment.hb" \
   "$work/old/fragment.hb" "$work/new/fragment.hb"
