#!/bin/sh
# Build the parser fuzzer: sh tests/fuzz/build.sh [OUTPUT]
# Then run it, e.g.:
#   ./fuzz_parse -max_total_time=600 -max_len=8192 WORKDIR tests/fuzz/corpus
# (WORKDIR collects the new inputs; the corpus directory stays small.)
# The file model is every heapband_print/hbfile*.c; the harness also links
# the chart builder, the text outputs and the metric table that it runs on
# accepted files.
set -e
src=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-fuzz_parse}
p=$src/heapband_print
${CLANG:-clang-14} -std=c11 -g -O1 -Wall -Wextra -Werror \
   -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
   -I"$p" -I"$src/heapband" -o "$out" "$src/tests/fuzz/fuzz_parse.c" \
   "$p"/hbfile*.c "$p/error.c" "$p/bigmem.c" \
   "$p/chart.c" "$p/chart_build.c" "$p/grid.c" "$p/units.c" "$p/ascii.c" "$p/export.c" \
   "$p/sites.c" "$p/palette.c" "$p/metrics.c" -lm
