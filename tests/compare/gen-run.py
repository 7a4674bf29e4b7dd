# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# gen-run.py: used by bounds.test.  Writes a valid heap-band file (version
# 2, unit i) of NC columns of width W, end time E, NB bands (band b holds
# exactly the size b, the last one the rest), two blocks live for the
# whole run (1 byte, and SIZE bytes), and the marks given:
#   python3 gen-run.py OUT NC W E NB SIZE [MARKS]
# MARKS: "N@T" (N marks "m0" .. at time T, T + 2, ...) or "N@T/moved"
# (the same, but mark N/2 one later) or "list:T1=NAME,T2=NAME".
import sys

out, nc, w, e, nb, size = sys.argv[1], *map(int, sys.argv[2:7])
spec = sys.argv[7] if len(sys.argv) > 7 else ""
marks = []
if spec.startswith("list:"):
    for item in spec[5:].split(","):
        t, name = item.split("=")
        marks.append((int(t), name))
elif spec:
    count, rest = spec.split("@")
    moved = rest.endswith("/moved")
    t0 = int(rest.split("/")[0])
    marks = [(t0 + 2 * i + (1 if moved and i == int(count) // 2 else 0), "m%d" % i)
             for i in range(int(count))]
lines = ["heapband-format 2", "tool: heapband 0.1.0", "cmd: ./generated",
         "pid: 1", "ppid: 1", "time-unit: i", "bands: quarter",
         "band-count: %d" % nb, "columns-budget: %d" % nc,
         "column-width: %d" % w, "column-count: %d" % nc, "end-time: %d" % e,
         "band 0 0 0"]
lines += ["band %d %d %d" % (b, b, b) for b in range(1, nb - 1)]
lines.append("band %d %d 18446744073709551615" % (nb - 1, nb - 1))
live = 1 + size
lines += ["total 2 %d 0 0" % live, "peak %d 2 0 %d" % (live, e),
          "exit %d 2" % live, "unknown-frees 0"]
lines += ["mark %d %s" % m for m in marks]
lines += ["col %d %d %d 2" % (c, live, live) for c in range(nc)]
for c in range(nc):
    span = w if c < nc - 1 else e - c * w
    for sz in (1, size):
        n = 1 if c == 0 else 0
        lines.append("cell %d %d %d %d 0 0 %d %d %d"
                     % (c, min(sz, nb - 1), n, n * sz, sz, sz, sz * span))
lines += ["leak 1 1 1", "leak %d 1 %d" % (min(size, nb - 1), size), "end"]
open(out, "w").write("\n".join(lines) + "\n")
