#!/bin/sh
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# massif-window.sh FILE PNG: massif-visualizer opens FILE on the X display
# it is given (run it under xvfb-run); once its main window has a title
# naming FILE (within 60 s), the window is saved as PNG (gui-window.sh),
# the program ended and the title printed.  massif-visualizer's log is
# FILE.log.  Used by tests/print/export-massif-gui.test and
# docs/gallery/make-viewer-shots.sh.
exec sh "$(dirname "$0")/gui-window.sh" "($(basename "$1")) " "$2" "$1.log" \
   massif-visualizer "$1"
