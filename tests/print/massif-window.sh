#!/bin/sh
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# massif-window.sh FILE PNG: massif-visualizer opens FILE on the X display
# it is given (run it under xvfb-run); once its main window has a title
# naming FILE (within 60 s), the window is saved as PNG (xwd, netpbm), the
# program ended and the title printed.  massif-visualizer's log is
# FILE.log.  Used by tests/print/export-massif-gui.test and
# docs/gallery/make-viewer-shots.sh.
i=0   # Xvfb may not take connections yet
until xwininfo -root >/dev/null 2>&1 || [ $i -ge 40 ]; do sleep 0.5; i=$((i + 1)); done
massif-visualizer "$1" >"$1.log" 2>&1 &
pid=$!
name=$(basename "$1")
i=0
while [ $i -lt 120 ]; do
   win=$(xwininfo -root -tree | sed -n "s/^ *\(0x[0-9a-f]*\) \"\(.*($name) .*\)\": .*/\1 \2/p" | head -n 1)
   [ -n "$win" ] && break
   kill -0 $pid 2>/dev/null || break
   sleep 0.5; i=$((i + 1))
done
sleep 1   # the chart is drawn after the title is set
[ -n "$win" ] && xwd -id "${win%% *}" -silent | xwdtopnm 2>/dev/null | pnmtopng >"$2"
kill $pid 2>/dev/null; wait $pid 2>/dev/null
echo "${win#* }"
