# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# Set-up for the printer's golden-output tests: . "$HB_SRCDIR/tests/print/golden.sh"
# copies the fixtures here and points golden() (tests/lib.sh) at golden/.
. "$HB_SRCDIR/tests/lib.sh"
# The user's terminal settings must not change the goldens.
unset COLUMNS LINES COLORTERM

FIX="$HB_SRCDIR/tests/print/fixtures"
GOLD="$HB_SRCDIR/tests/print/golden"
# Relative names in the output: run on copies in the scratch directory.
cp "$FIX"/*.hb . 2>/dev/null
[ -d "$FIX/real" ] && cp "$FIX"/real/*.hb . 2>/dev/null
