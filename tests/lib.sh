# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# Helpers sourced by the tests: . "$HB_SRCDIR/tests/lib.sh"

fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "skipped: $*"; exit 77; }

# expect_eq WHAT EXPECTED ACTUAL
expect_eq() {
   if [ "$2" != "$3" ]; then fail "$1: expected '$2', got '$3'"; fi
   echo "ok: $1 = $3"
}

# je_footprint WHAT FOOT MAPPED RETAINED PURGED: heapband's footprint FOOT
# against jemalloc's stats.mapped, stats.retained and bytes purged at one
# moment (docs/heapband-format.md, section 12): all jemalloc mapped,
# MAPPED + RETAINED, exactly while nothing was purged; else between that
# less the purged bytes and it.
je_footprint() {
   all=$(($3 + $4))
   if [ "$5" = 0 ]; then
      expect_eq "$1: footprint = mapped + retained" "$all" "$2"
   elif [ "$2" -ge "$((all - $5))" ] && [ "$2" -le "$all" ]; then
      echo "ok: $1: footprint $2 in [$((all - $5)), $all]"
   else
      fail "$1: footprint $2 outside [$((all - $5)), $all]"
   fi
}

# check_hb FILE [draw]: the independent checker, tests/tool/hbfile.py,
# accepts FILE (else the test fails with its reason); with draw, the
# printer draws FILE too.  Silent on success, so that it may stand in a
# command substitution.
check_hb() {
   why=$(python3 "$HB_SRCDIR/tests/tool/hbfile.py" check "$1") ||
      fail "$1: hbfile.py: $why"
   [ "${2:-}" != draw ] || "$HB_PRINT" --width=80 "$1" >/dev/null ||
      fail "$1: heapband_print"
}

# run_hb OUTFILE PROG [ARGS...]: the program under heapband, quietly.
run_hb() {
   out=$1; shift
   "$HB_VALGRIND" -q --heapband-out-file="$out" "$@"
}

# field FILE KEYWORD N: the Nth field (1 = keyword) of the first line that
# starts with KEYWORD followed by a space.
field() {
   awk -v k="$2" -v n="$3" '$1 == k { print $n; exit }' "$1"
}

# The Valgrind platform (amd64-linux) and the directory of Valgrind's own
# tools, read from the build tree's private lib directory.
vglib="$HB_BUILDDIR/heapband/vglib"
hb_platform() {
   ls "$vglib" | sed -n 's/^heapband-\(.*\)$/\1/p'
}
vg_tooldir() {
   dirname "$(readlink "$vglib/vgpreload_core-$(hb_platform).so")"
}

# strip_pid FILE: the file without the lines that may differ between runs
# of the same program (pid, ppid) or between build trees (cmd).
strip_pid() {
   grep -v -e '^pid: ' -e '^ppid: ' -e '^cmd: ' "$1"
}

# sum_band FILE BAND FIELD: sum of a cell field over all columns of a band
# (FIELD 4 = allocations, 5 = bytes allocated, 6 = frees, 7 = bytes freed).
sum_band() {
   awk -v b="$2" -v f="$3" '$1 == "cell" && $3 == b { s += $f } END { print s + 0 }' "$1"
}

# dhat_numbers KIND PROG...: "BYTES BLOCKS" of DHAT's Total, At t-gmax or At t-end.
dhat_numbers() {
   kind=$1; shift
   valgrind --tool=dhat --dhat-out-file=/dev/null "$@" 2>&1 >/dev/null |
      sed -n "s/^==[0-9]*== $kind: *\([0-9,]*\) bytes in \([0-9,]*\) blocks.*/\1 \2/p" |
      tr -d ,
}

# band_of FILE SIZE: the band holding SIZE, from the file's band table.
band_of() {
   awk -v s="$2" '$1 == "band" && $3 <= s + 0 && s + 0 <= $4 { print $2; exit }' "$1"
}

# band_sums FILE SIZE: "allocs bytes frees bytes" of the band holding SIZE.
band_sums() {
   b=$(band_of "$1" "$2")
   echo "$(sum_band "$1" "$b" 4) $(sum_band "$1" "$b" 5) $(sum_band "$1" "$b" 6) $(sum_band "$1" "$b" 7)"
}

# expect_exit STATUS CMD [ARGS...]: run CMD (the printer, Valgrind, a
# wrapper) with ARGS, its stdout into out.txt and its stderr into err.txt
# (stdin is the caller's); it must exit with STATUS.  On another status
# both files go to the log before the failure.  The caller then reads
# out.txt and err.txt.
expect_exit() {
   want_rc=$1; shift
   rc=0
   "$@" >out.txt 2>err.txt || rc=$?
   if [ "$rc" != "$want_rc" ]; then
      sed 's/^/stdout: /' out.txt | head -n 20; sed 's/^/stderr: /' err.txt | head -n 20
   fi
   expect_eq "$* : exit status" "$want_rc" "$rc"
}

# expect_fail STATUS 'STDERR' ARGS...: run the printer ($HB_PRINT) with ARGS
# as expect_exit does.  It must exit with STATUS and write exactly STDERR
# on stderr (or, when STDERR holds a '*', what matches it as a `case`
# pattern; '' is nothing at all); with STATUS 2 (bad input, options or
# rules) nothing on stdout.  `expect_fail 0 '' ARGS...` is a run that must
# succeed quietly; the caller then reads out.txt.
expect_fail() {
   want_rc=$1; want_err=$2; shift 2
   expect_exit "$want_rc" "$HB_PRINT" "$@"
   err=$(cat err.txt)
   if [ -z "$want_err" ] && [ -s err.txt ]; then
      fail "$* : stderr: expected nothing, got '$err'"
   fi
   if [ "$err" != "$want_err" ]; then
      case $want_err in
         *'*'*) case $err in $want_err) ;; *) fail "$* : stderr '$err' does not match '$want_err'" ;; esac ;;
         *) fail "$* : stderr: expected '$want_err', got '$err'" ;;
      esac
   fi
   if [ "$want_rc" -eq 2 ] && [ -s out.txt ]; then
      fail "$* : wrote to stdout: $(head -n 5 out.txt)"
   fi
   echo "ok: $* : exit $rc"
}

# golden NAME ARGS...: run the printer with ARGS and compare its stdout with
# $GOLD/NAME.txt (diff -u); it must exit 0 and write nothing on stderr.
# With HB_REGEN=1 the golden file is (re)written instead: review it by hand.
# golden_exit STATUS NAME ARGS...: the same with the exit status given (a
# broken --check rule: 1).
golden() {
   golden_exit 0 "$@"
}
golden_exit() {
   status=$1 name=$2; shift 2
   expect_fail "$status" '' "$@"
   mv out.txt "$name.out"
   if [ "${HB_REGEN:-0}" = 1 ]; then
      cp "$name.out" "${GOLD:?}/$name.txt"
      echo "regenerated $name"
      return 0
   fi
   diff -u "${GOLD:?}/$name.txt" "$name.out" || fail "$name: output differs"
   echo "ok: $name"
}

# The version configure.ac's AC_INIT gives (config.h of the build tree).
hb_version() {
   sed -n 's/^#define PACKAGE_VERSION "\(.*\)"$/\1/p' "$HB_BUILDDIR/config.h"
}

# The release tarball of the build tree, made if it is not there yet.
hb_tarball() {
   t="$HB_BUILDDIR/heapband-$(hb_version).tar.gz"
   [ -f "$t" ] || make -C "$HB_BUILDDIR" dist >/dev/null 2>&1 ||
      fail "make dist failed"
   echo "$t"
}

# need_tool CMD PACKAGE: skip without it, except in CI (CI=true), where
# the release steps must run.
need_tool() {
   command -v "$1" >/dev/null && return 0
   [ "${CI:-}" = true ] && fail "$1 is missing (apt-get install $2)"
   skip "$1 is not installed (apt-get install $2)"
}

# need_browser [NPM_PACKAGE...]: skip without node, Debian's Chromium
# (HB_CHROMIUM names another) or the npm packages tests/browser installs
# (`npm ci` there; .ci/run does it): puppeteer-core and those named.
# Sets NODE_PATH and HB_NODE_MODULES to where they are: tests/browser/
# node_modules, or HB_NODE_MODULES (tests/check.sh --release points a
# tarball's tests at the clone's).
need_browser() {
   HB_NODE_MODULES="${HB_NODE_MODULES:-$HB_SRCDIR/tests/browser/node_modules}"
   NODE_PATH="$HB_NODE_MODULES"; export NODE_PATH HB_NODE_MODULES
   command -v node >/dev/null || skip "node is not installed (apt-get install nodejs)"
   [ -x "${HB_CHROMIUM:-/usr/bin/chromium}" ] || skip "no /usr/bin/chromium (apt-get install chromium)"
   for m in puppeteer-core "$@"; do
      [ -d "$HB_NODE_MODULES/$m" ] || skip "$m is not installed (cd tests/browser && npm ci)"
   done
}
