#!/bin/sh
# The test harness `make check` runs.  Every tests/<group>/*.test is a shell
# script run with the environment below; exit 0 is a pass, 77 a skip,
# anything else a failure.  The last line printed is the summary
# "N passed, N failed" (", N skipped" when any were skipped).
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
pass=0; fail=0; skip=0; failed=""

for t in "$HB_SRCDIR"/tests/*/*.test; do
   [ -f "$t" ] || continue
   group=$(basename "$(dirname "$t")")
   name="$group/$(basename "$t" .test)"
   if [ -n "${HB_TESTS:-}" ]; then
      case " $HB_TESTS " in *" $name "*) ;; *) continue ;; esac
   fi
   HB_TMP=$(mktemp -d "${TMPDIR:-/tmp}/hbtest.XXXXXX"); export HB_TMP
   log="$logdir/$group-$(basename "$t" .test).log"
   ( cd "$HB_TMP" && timeout 600 sh "$t" ) >"$log" 2>&1 </dev/null
   rc=$?
   case $rc in
      0)  pass=$((pass + 1)); echo "PASS: $name"; rm -rf "$HB_TMP" ;;
      77) skip=$((skip + 1)); echo "SKIP: $name ($(tail -n 1 "$log"))"; rm -rf "$HB_TMP" ;;
      *)  fail=$((fail + 1)); failed="$failed $name"
          echo "FAIL: $name (exit $rc; log $log, scratch $HB_TMP)"
          tail -n 15 "$log" | sed 's/^/    | /' ;;
   esac
done

[ -n "$failed" ] && echo "failed:$failed"
if [ "$skip" -gt 0 ]; then
   echo "$pass passed, $fail failed, $skip skipped"
else
   echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
