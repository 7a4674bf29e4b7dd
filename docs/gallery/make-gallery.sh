#!/bin/sh
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# Regenerate the gallery: build each example program, run it under
# heapband, and write its text chart (NAME.txt) and image (NAME.png) here.
#
#   docs/gallery/make-gallery.sh [BUILDDIR]
#
# BUILDDIR is a configured and built heapband tree (default: the current
# directory); it must hold heapband/vg-in-place and
# heapband_print/heapband_print.  Time is counted in instructions, so the
# charts are the same on every run of the same build on the same machine.
set -eu

gallery=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$gallery/../.." && pwd)
build=$(cd "${1:-.}" && pwd)
valgrind="$build/heapband/vg-in-place"
print="$build/heapband_print/heapband_print"
for f in "$valgrind" "$print"; do
   [ -x "$f" ] || { echo "make-gallery.sh: $f not found (build first)" >&2; exit 1; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/hbgallery.XXXXXX")
trap 'rm -rf "$work"' EXIT

# chart NAME SUFFIX [OPTIONS...]: NAME$SUFFIX.txt and NAME$SUFFIX.png.
chart() {
   name=$1 suffix=$2
   shift 2
   NO_COLOR=1 "$print" --width=80 "$@" "$work/$name.hb" \
      >"$gallery/$name$suffix.txt"
   "$print" --size=1000x600 --png="$gallery/$name$suffix.png" "$@" \
      "$work/$name.hb"
}

for name in leak churn realloc fragment; do
   echo "gallery: $name"
   # -O0 -fno-builtin: the compiler keeps every malloc the program makes.
   # heapband.h (for HEAPBAND_MARK) includes Valgrind's valgrind.h.
   gcc -O0 -fno-builtin -I"$srcdir/heapband" \
      -I"$(pkg-config --variable=includedir valgrind)" \
      -o "$work/$name" "$gallery/$name.c"
   (cd "$work" && "$valgrind" -q --heapband-out-file="$name.hb" "./$name")
   chart "$name" ""
done
# What the leak example loses, in memcheck's leak kinds (the leak scan at
# exit): the loss records by allocation point (-g: with their lines).
echo "gallery: leak (--leaks)"
gcc -g -O0 -fno-builtin -o "$work/leak" "$gallery/leak.c"
(cd "$work" && "$valgrind" -q --heapband-out-file=leak.hb ./leak)
NO_COLOR=1 "$print" --leaks --width=80 "$work/leak.hb" >"$gallery/leak-leaks.txt"
# The program's own allocator: holes.c under glibc's malloc and, when
# libjemalloc2 is installed, under jemalloc (--allocator=program); the
# text at 50 lines, whose heap graph (5 lines) shows the footprint staying
# while the live heap falls.
echo "gallery: holes"
gcc -O0 -fno-builtin -I"$srcdir/heapband" \
   -I"$(pkg-config --variable=includedir valgrind)" \
   -o "$work/holes" "$gallery/holes.c"
(cd "$work" && "$valgrind" -q --allocator=program --heapband-out-file=holes.hb ./holes)
chart holes "" --height=50
# jemalloc purges freed pages after a delay in wall-clock time by default,
# so that a run's footprint (which follows the purges, madvise) would
# differ from run to run; dirty_decay_ms:0 purges at once, the same every
# run.
jemalloc=$(ls /usr/lib/*/libjemalloc.so.2 2>/dev/null | head -1)
if [ -n "$jemalloc" ]; then
   (cd "$work" && MALLOC_CONF=dirty_decay_ms:0 LD_PRELOAD=$jemalloc \
      "$valgrind" -q --allocator=program \
      --heapband-out-file=holes-jemalloc.hb ./holes)
   chart holes-jemalloc "" --height=50
fi
# A program heapband did not build: Debian's sqlite3, cut into phases by
# --mark-fn at the entries of sqlite3_prepare_v2 (libsqlite3's exported
# symbols, so the stripped library is enough).
if command -v sqlite3 >/dev/null; then
   echo "gallery: sqlite"
   (cd "$work" && "$valgrind" -q --heapband-out-file=sqlite.hb \
      --mark-fn='sqlite3_prepare*' sqlite3 :memory: \
      < "$gallery/sqlite.sql" > /dev/null)
   chart sqlite ""
fi
# Who holds the peak in sqlite3's run: its allocation points and their
# callers as a tree (--sites), and what it still holds at exit (--by=exit).
if [ -f "$work/sqlite.hb" ]; then
   NO_COLOR=1 "$print" --sites "$work/sqlite.hb" >"$gallery/sqlite-sites.txt"
   NO_COLOR=1 "$print" --sites --by=exit "$work/sqlite.hb" \
      >"$gallery/sqlite-sites-exit.txt"
fi
# A difference of two runs: tests/progs/variant.c built with one
# allocation of 1000 bytes and of 1016; the diff shows that one band.
echo "gallery: diff"
for v in a b; do
   # -g: sites are matched by source line, the two objects' names differ.
   gcc -g -O0 -fno-builtin -I"$srcdir/heapband" \
      -I"$(pkg-config --variable=includedir valgrind)" \
      -o "$work/variant_$v" "$srcdir/tests/progs/variant_$v.c"
   (cd "$work" && "$valgrind" -q --heapband-out-file="variant_$v.hb" \
      "./variant_$v")
done
(cd "$work" && NO_COLOR=1 "$print" --width=80 --diff variant_a.hb \
   variant_b.hb) >"$gallery/diff.txt" || [ $? -eq 1 ]
"$print" --size=1000x600 --png="$gallery/diff.png" --diff \
   "$work/variant_a.hb" "$work/variant_b.hb" || [ $? -eq 1 ]
# Churn hardly shows in live bytes; the allocations chart shows it.
chart churn -allocs --chart=allocs
chart churn -lifetime --chart=lifetime
