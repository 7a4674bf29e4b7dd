# Helpers sourced by the tests: . "$HB_SRCDIR/tests/lib.sh"

fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "skipped: $*"; exit 77; }

# expect_eq WHAT EXPECTED ACTUAL
expect_eq() {
   if [ "$2" != "$3" ]; then fail "$1: expected '$2', got '$3'"; fi
   echo "ok: $1 = $3"
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
