#!/bin/sh
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# The screenshots of docs/manual/other-viewers.md: docs/gallery/leak.c
# run under heapband with sites, its exports opened by the viewers they are
# for, each saved here as viewer-NAME.png:
#   viewer-pprof.png       pprof's web UI (go tool pprof -http, on
#                          127.0.0.1), its flame graph of alloc_space
#   viewer-speedscope.png  speedscope (npm, tests/browser) on --folded
#                          --by=alloc
#   viewer-massif.png      massif-visualizer (under xvfb-run) on --massif
#   viewer-dhview.png      Valgrind's dh_view.html on --dhat
#   viewer-heaptrack.png   heaptrack_gui (under xvfb-run) on --heaptrack
#   viewer-kcachegrind.png KCachegrind (under xvfb-run) on --callgrind
# The browsers are Debian's Chromium through tests/browser/viewers-test.js
# (`npm ci` in tests/browser first).  The Chrome trace export has no viewer
# that works offline here (Perfetto's UI is a web site; Chromium's
# about:tracing is disabled; its DevTools Performance panel loads the file
# but draws no counter track but its own memory counters), so it has no
# screenshot.
# Usage: docs/gallery/make-viewer-shots.sh [BUILD_DIR]
set -eu
gallery=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$gallery/../.." && pwd)
build=$(cd "${1:-$srcdir/build}" && pwd)
print="$build/heapband_print/heapband_print"
viewers="$srcdir/tests/browser/viewers-test.js"
NODE_PATH="$srcdir/tests/browser/node_modules"; export NODE_PATH
work=$(mktemp -d "${TMPDIR:-/tmp}/hbviewers.XXXXXX")
pprof=
trap '[ -n "$pprof" ] && kill "$pprof" 2>/dev/null; rm -rf "$work"' EXIT

# The program, built with -g so that its sites have file:line.
cp "$gallery/leak.c" "$work/leak.c"
(cd "$work" &&
 gcc -O0 -g -fno-builtin -o leak leak.c &&
 "$build/heapband/vg-in-place" -q --depth=8 --heapband-out-file=leak.hb ./leak)
cd "$work"
"$print" --pprof=leak.pb.gz --massif=leak.massif --dhat=leak.dhat.json leak.hb
"$print" --folded=leak.folded --by=alloc leak.hb
"$print" --heaptrack=leak.heaptrack.gz --callgrind=leak.callgrind leak.hb

echo "viewers: pprof"
HOME="$work" GOCACHE="$work/gocache" go tool pprof -symbolize=none -no_browser \
   -http=127.0.0.1:8089 leak.pb.gz >pprof.log 2>&1 &
pprof=$!
i=0
until grep -q 'Serving web UI' pprof.log || [ $i -ge 60 ]; do sleep 0.5; i=$((i + 1)); done
node "$viewers" page "http://127.0.0.1:8089/ui/flamegraph?si=alloc_space" "$gallery/viewer-pprof.png"
kill "$pprof"; wait "$pprof" 2>/dev/null || true; pprof=

echo "viewers: speedscope"
node "$viewers" speedscope "$NODE_PATH/speedscope" --png="$gallery/viewer-speedscope.png" leak.folded

echo "viewers: massif-visualizer"
HOME="$work" XDG_RUNTIME_DIR="$work" xvfb-run -a -s "-screen 0 1024x768x24" \
   sh "$srcdir/tests/print/massif-window.sh" leak.massif "$gallery/viewer-massif.png" >/dev/null

echo "viewers: dh_view.html"
view=$(ls /usr/libexec/valgrind/dh_view.html /usr/lib/valgrind/dh_view.html \
          /usr/local/libexec/valgrind/dh_view.html 2>/dev/null | head -n 1)
node "$viewers" dhat "$view" --png="$gallery/viewer-dhview.png" leak.dhat.json

echo "viewers: heaptrack_gui, KCachegrind"
mkdir -p "$work/.config" "$work/run"
chmod 700 "$work/run"
printf '[TipOfDay]\nRunOnStart=false\n' >"$work/.config/kcachegrindrc"
window="$srcdir/tests/print/gui-window.sh"
HOME="$work" XDG_RUNTIME_DIR="$work/run" xvfb-run -a -s "-screen 0 1280x800x24" \
   sh "$window" "leak.heaptrack.gz — " "$gallery/viewer-heaptrack.png" heaptrack.log \
   heaptrack_gui -qwindowgeometry 1200x760+0+0 leak.heaptrack.gz >/dev/null
HOME="$work" XDG_RUNTIME_DIR="$work/run" xvfb-run -a -s "-screen 0 1280x800x24" \
   sh "$window" "leak.callgrind [" "$gallery/viewer-kcachegrind.png" kcachegrind.log \
   dbus-run-session -- kcachegrind -qwindowgeometry 1200x760+0+0 leak.callgrind >/dev/null
