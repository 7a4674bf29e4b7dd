#!/bin/sh
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# gui-window.sh TITLE PNG LOG COMMAND [ARG...]: runs COMMAND on the X
# display it is given (run it under xvfb-run), its output in LOG; once a
# window whose title contains TITLE is mapped (within 60 s), the window
# is saved as PNG (xwd, netpbm), the program ended and the title
# printed (nothing if no such window came).  Used by the GUI viewers'
# tests (tests/print/export-*-gui.test, massif-window.sh) and
# docs/gallery/make-viewer-shots.sh.
want=$1 png=$2 log=$3
shift 3
i=0   # Xvfb may not take connections yet
until xwininfo -root >/dev/null 2>&1 || [ $i -ge 120 ]; do sleep 0.5; i=$((i + 1)); done
"$@" >"$log" 2>&1 &
pid=$!
i=0
while [ $i -lt 120 ]; do
   win=$(xwininfo -root -tree | awk -v want="$want" '
      match($0, /"[^"]*"/) {
         title = substr($0, RSTART + 1, RLENGTH - 2)
         if (index(title, want) && $0 ~ /[0-9]+x[0-9]+\+/ && $0 !~ / 1x1\+/) {
            print $1, title; exit
         }
      }')
   [ -n "$win" ] && break
   kill -0 $pid 2>/dev/null || break
   sleep 0.5; i=$((i + 1))
done
sleep 2   # the window's contents are drawn after its title is set
[ -n "$win" ] && xwd -id "${win%% *}" -silent | xwdtopnm 2>/dev/null | pnmtopng >"$png"
kill $pid 2>/dev/null; wait $pid 2>/dev/null
echo "${win#* }"
