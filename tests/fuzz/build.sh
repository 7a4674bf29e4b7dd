#!/bin/sh
# Build the parser fuzzer: sh tests/fuzz/build.sh [OUTPUT]
# Part of heapband.  Copyright (C) 2026 the heapband authors.
# GPL-2.0-or-later; see COPYING.
# Then run it, e.g.:
#   ./fuzz_parse -max_total_time=600 -max_len=8192 WORKDIR tests/fuzz/corpus
# (WORKDIR collects the new inputs; the corpus directory stays small.)
# The harness links the printer's modules below the front ends: the list
# HBP_LIB_SOURCES of heapband_print/Makefile.am, read from there, so that
# the two never disagree.  It needs clang with libFuzzer and cairo's headers
# (the image modules are in the list).
set -e
src=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-fuzz_parse}
p=$src/heapband_print
# The .c files of the (backslash-continued) assignment HBP_LIB_SOURCES =,
# paths below heapband_print/ (util/error.c, model/parse/hbfile_lex.c, ...).
lib=$(awk '
   /^HBP_LIB_SOURCES[ \t]*=/ { on = 1; sub(/^[^=]*=/, "") }
   on { more = sub(/\\$/, ""); for (i = 1; i <= NF; i++) if ($i ~ /\.c$/) print $i
        if (!more) exit }' "$p/Makefile.am")
[ -n "$lib" ] || { echo "build.sh: no HBP_LIB_SOURCES in $p/Makefile.am" >&2; exit 2; }
# Every folder of the list on the include path, as the Makefile has them
# (an #include names a header by its file name alone).
inc=$(printf '%s\n' "$lib" | sed -n "s|/[^/]*$||p" | sort -u | sed "s|^|-I$p/|")
set -- $(printf '%s\n' "$lib" | sed "s|^|$p/|")
${CLANG:-clang-14} -std=c11 -g -O1 -Wall -Wextra -Werror \
   -fsanitize=fuzzer,${FUZZ_SANITIZERS:-address,undefined} \
   -fno-sanitize-recover=undefined ${FUZZ_OPT:-} \
   $inc -I"$src/heapband" $(pkg-config --cflags cairo) -o "$out" \
   "$src/tests/fuzz/fuzz_parse.c" "$src/tests/fuzz/fuzz_modes.c" "$@" $(pkg-config --libs cairo zlib) -lm
