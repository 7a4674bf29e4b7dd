#!/bin/sh
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# Prepares a build of heapband in ./build: installs the Debian packages it
# needs when they are missing (as root), runs autoreconf and configure, and
# builds (not with --configure-only).  Used by tests/check.sh,
# tests/demo.sh and CI.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

packages="gcc g++ make autoconf automake pkg-config valgrind libcairo2-dev zlib1g-dev python3 tmux less libjemalloc-dev libtcmalloc-minimal4 libmimalloc2.0 sqlite3 jq"
missing=""
for p in $packages; do
   dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
      missing="$missing $p"
done
if [ -n "$missing" ]; then
   if [ "$(id -u)" = 0 ]; then
      echo "setup: installing$missing"
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -q >/dev/null
      apt-get install -y -q $missing >/dev/null
   else
      echo "setup: missing Debian packages:$missing (run as root to install them)" >&2
      exit 1
   fi
fi

[ -x configure ] && [ configure -nt configure.ac ] || autoreconf -fi >/dev/null 2>&1
mkdir -p build
cd build
# --enable-werror: the project's own checks treat warnings as errors.
[ -f Makefile ] || ../configure --quiet --enable-werror
[ "${1:-}" = --configure-only ] || make -j"$(nproc)" >/dev/null
