# Helpers for the golden-output tests: . "$HB_SRCDIR/tests/print/golden.sh"
# golden NAME ARGS...: run the printer with ARGS and compare its stdout with
# golden/NAME.txt (diff -u); it must exit 0 and write nothing on stderr.
# With HB_REGEN=1 the golden file is (re)written instead: review it by hand.
. "$HB_SRCDIR/tests/lib.sh"
# The user's terminal settings must not change the goldens.
unset COLUMNS COLORTERM

FIX="$HB_SRCDIR/tests/print/fixtures"
GOLD="$HB_SRCDIR/tests/print/golden"
# Relative names in the output: run on copies in the scratch directory.
cp "$FIX"/*.hb . 2>/dev/null
[ -d "$FIX/real" ] && cp "$FIX"/real/*.hb . 2>/dev/null

golden() {
   name=$1; shift
   rc=0
   "$HB_PRINT" "$@" >"$name.out" 2>"$name.err" || rc=$?
   [ "$rc" -eq 0 ] || { cat "$name.err"; fail "$name: exit status $rc"; }
   [ -s "$name.err" ] && { cat "$name.err"; fail "$name: wrote to stderr"; }
   if [ "${HB_REGEN:-0}" = 1 ]; then
      cp "$name.out" "$GOLD/$name.txt"
      echo "regenerated $name"
      return 0
   fi
   diff -u "$GOLD/$name.txt" "$name.out" || fail "$name: output differs"
   echo "ok: $name"
}
