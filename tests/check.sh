#!/bin/sh
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# The project's test command: set up a build (tests/setup.sh), then run
# `make check`.  The last line printed is "N passed, N failed".
#
# sh tests/check.sh --release (CI): the suite runs once, inside `make
# distcheck`, on the release tarball's contents (built with warnings as
# errors, then installed and uninstalled under a scratch prefix); then the
# release tests (tests/release/: the tarball holds every file of the
# clone, the Debian package is built, checked by lintian, installed and
# used).  The last line adds up the suite's verdicts, distcheck's own
# (release/distcheck: the tarball, install and clean-up checks) and the
# release tests'.  distcheck's whole output is kept in build/distcheck.log.
top=$(cd "$(dirname "$0")/.." && pwd)
release=no
[ "${1:-}" = --release ] && release=yes

# The harness's lines in a log, without make's messages around them.
harness_lines() {
   grep -E '^(PASS|FAIL|SKIP): |^    \| |^failed:' "$1"
}

# "P F S" from the last summary line of a log, or nothing.
summary_of() {
   grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1 |
      sed -E 's/^([0-9]+) passed, ([0-9]+) failed(, ([0-9]+) skipped)?.*/\1 \2 \3/'
}

if [ "$release" = no ]; then
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
fi

if ! sh "$top/tests/setup.sh" --configure-only; then
   echo "0 passed, 1 failed"
   exit 2
fi
cd "$top/build" || exit 2
pass=0 fail=0 skip=0
add() { pass=$((pass + ${1:-0})); fail=$((fail + ${2:-0})); skip=$((skip + ${3:-0})); }

# 1. The suite, inside distcheck.  The tarball has no node_modules: the
#    browser test takes the clone's (tests/print/html-browser.test).
HB_NODE_MODULES="$top/tests/browser/node_modules" \
   make -j"$(nproc)" distcheck > distcheck.log 2>&1
rc=$?
harness_lines distcheck.log
set -- $(summary_of distcheck.log)
add "$@"
if [ "$rc" -eq 0 ]; then
   echo "PASS: release/distcheck"
   add 1 0
elif [ "${2:-0}" -eq 0 ]; then
   # distcheck failed outside the suite's tests: count it.
   echo "FAIL: release/distcheck (exit $rc; log $top/build/distcheck.log)"
   tail -n 30 distcheck.log | sed 's/^/    | /'
   add 0 1
fi

# 2. The release tests, through the same harness.
log=$(mktemp)
HB_RELEASE=1 HB_TIMEOUT=1800 HB_SRCDIR="$top" HB_BUILDDIR="$top/build" \
   sh "$top/tests/run-tests.sh" > "$log" 2>&1
harness_lines "$log"
set -- $(summary_of "$log")
[ $# -gt 0 ] || { echo "FAIL: release tests (no summary)"; set -- 0 1; }
add "$@"
rm -f "$log"

if [ "$skip" -gt 0 ]; then
   echo "$pass passed, $fail failed, $skip skipped"
else
   echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
