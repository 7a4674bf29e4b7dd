#!/bin/sh
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# The test harness `make check` runs.  Every tests/<group>/*.test is a shell
# script run with the environment below; exit 0 is a pass, 77 a skip,
# anything else a failure.  Tests run in parallel, as many at once as make
# was given jobs (`make -j2 check`), or HB_JOBS; each has its own scratch
# directory, so no two share a file.  A line PASS:/FAIL:/SKIP: is printed as
# each test ends; the last line printed is the summary "N passed, N failed"
# (", N skipped" when any were skipped).
#
# Environment given to each test:
#   HB_SRCDIR     top of the source tree
#   HB_BUILDDIR   top of the build tree
#   HB_VALGRIND   command that runs valgrind --tool=heapband from the build tree
#   HB_PRINT      heapband_print built with AddressSanitizer and UBSan
#   HB_PRINT_PLAIN heapband_print as installed (no sanitizers)
#   HB_PROGS      directory of the compiled test programs
#   HB_TMP        a fresh scratch directory for this test, removed on success
# Set HB_TESTS to a space-separated list of test names to run only those.
# A C unit test is one file, tests/unit/test_NAME.c: heapband_print's
# Makefile builds it into test_NAME, and it runs here as unit/test_NAME
# (its program in the scratch directory, no wrapper script).
# The tests of tests/release/ (the tarball's files, the Debian package
# built, installed and used) run only when named in HB_TESTS or with
# HB_RELEASE=1, which runs them alone (tests/check.sh --release does).
# A test is stopped after HB_TIMEOUT seconds (600 unless set; building the
# Debian package takes longer).

: "${HB_SRCDIR:?}" "${HB_BUILDDIR:?}"
export HB_SRCDIR HB_BUILDDIR
export HB_VALGRIND="$HB_BUILDDIR/heapband/vg-in-place"
export HB_PRINT="$HB_BUILDDIR/heapband_print/heapband_print-asan"
export HB_PRINT_PLAIN="$HB_BUILDDIR/heapband_print/heapband_print"
export HB_PROGS="$HB_BUILDDIR/tests/progs"
export NO_COLOR=1
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:exitcode=99"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=98"

logdir="$HB_BUILDDIR/tests/logs"
rm -rf "$logdir"; mkdir -p "$logdir"
export HB_LOGDIR="$logdir"

# Jobs: HB_JOBS, else the -jN make was given (GNU make puts it in
# MAKEFLAGS), else 1.
jobs=${HB_JOBS:-$(printf '%s\n' "${MAKEFLAGS:-}" | sed -n 's/.*-j *\([0-9][0-9]*\).*/\1/p')}
[ -n "$jobs" ] && [ "$jobs" -ge 1 ] 2>/dev/null || jobs=1

# The tests to run, one path a line.
list="$logdir/list"
for t in "$HB_SRCDIR"/tests/*/*.test "$HB_SRCDIR"/tests/unit/test_*.c; do
   [ -f "$t" ] || continue
   group=$(basename "$(dirname "$t")")
   name="$group/$(basename "${t%.c}" .test)"
   if [ -n "${HB_TESTS:-}" ]; then
      case " $HB_TESTS " in *" $name "*) ;; *) continue ;; esac
   elif [ "${HB_RELEASE:-0}" = 1 ]; then
      [ "$group" = release ] || continue
   else
      [ "$group" != release ] || continue
   fi
   echo "$t"
done > "$list"

# One test: run it in its scratch directory, write its verdict to
# $logdir/<group>-<name>.result and print it.
run_one='
   t=$1
   group=$(basename "$(dirname "$t")")
   name="$group/$(basename "${t%.c}" .test)"
   base="$HB_LOGDIR/$group-$(basename "${t%.c}" .test)"
   HB_TMP=$(mktemp -d "${TMPDIR:-/tmp}/hbtest.XXXXXX"); export HB_TMP
   case $t in
      *.c) set -- "$HB_BUILDDIR/heapband_print/$(basename "$t" .c)" ;;
      *)   set -- sh "$t" ;;
   esac
   ( cd "$HB_TMP" && timeout "${HB_TIMEOUT:-600}" "$@" ) >"$base.log" 2>&1 </dev/null
   rc=$?
   case $rc in
      0)  v="PASS: $name"; rm -rf "$HB_TMP" ;;
      77) v="SKIP: $name ($(tail -n 1 "$base.log"))"; rm -rf "$HB_TMP" ;;
      *)  v="FAIL: $name (exit $rc; log $base.log, scratch $HB_TMP)" ;;
   esac
   echo "$v" > "$base.result"
   echo "$v"
'
tr '\n' '\0' < "$list" | xargs -0 -r -n 1 -P "$jobs" sh -c "$run_one" sh

pass=0; fail=0; skip=0; failed=""
while read -r t; do
   group=$(basename "$(dirname "$t")")
   name="$group/$(basename "${t%.c}" .test)"
   base="$logdir/$group-$(basename "${t%.c}" .test)"
   v=$(cat "$base.result" 2>/dev/null || echo "FAIL: $name (no verdict)")
   case $v in
      PASS:*) pass=$((pass + 1)) ;;
      SKIP:*) skip=$((skip + 1)) ;;
      *)      fail=$((fail + 1)); failed="$failed $name"
              echo "$v"
              tail -n 15 "$base.log" 2>/dev/null | sed 's/^/    | /' ;;
   esac
done < "$list"

[ -n "$failed" ] && echo "failed:$failed"
if [ "$skip" -gt 0 ]; then
   echo "$pass passed, $fail failed, $skip skipped"
else
   echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
