#!/bin/sh
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# The project's test command: set up a build (tests/setup.sh), then run
# `make check`.  The last line printed is "N passed, N failed".
top=$(cd "$(dirname "$0")/.." && pwd)
if ! sh "$top/tests/setup.sh"; then
   echo "0 passed, 1 failed"
   exit 2
fi
cd "$top/build" || exit 2
log=$(mktemp)
make -j"$(nproc)" check > "$log" 2>&1
rc=$?
if grep -qE '^[0-9]+ passed, [0-9]+ failed' "$log"; then
   # The harness's lines, without make's messages that may follow them.
   sed -n '/^PASS: \|^FAIL: \|^SKIP: /,$p' "$log" | grep -v '^make'
else
   tail -n 40 "$log"
   echo "0 passed, 1 failed"
   [ "$rc" -ne 0 ] || rc=1
fi
rm -f "$log"
exit $rc
