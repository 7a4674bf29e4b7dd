# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# gen-big.awk: used by big-file.test and stdin.test.
# Write a valid heap-band file of NC columns x NB bands, every cell
# non-zero, taking the band table from the "band" lines of its input.
# Each band b = 4 .. NB+3 holds one block of LO bytes for the whole run:
# allocated at time 0, then in every later column freed and replaced by a
# new one (so the live bytes and blocks follow from the events).
BEGIN { nbt = 0 }
$1 == "band" { line[nbt] = $0; lo[nbt] = $3; nbt++ }
END {
   W = 1024
   print "heapband-format 1"; print "tool: heapband 0.1.0"; print "cmd: ./perf"
   print "pid: 1"; print "ppid: 1"; print "time-unit: i"; print "bands: quarter"
   print "band-count: " nbt; print "columns-budget: " NC; print "column-width: " W
   print "column-count: " NC; print "end-time: " (NC * W - 1)
   for (b = 0; b < nbt; b++) print line[b]
   live = 0
   for (i = 4; i < NB + 4; i++) live += lo[i]
   printf "total %d %.0f %d %.0f\n", NC * NB, NC * live, (NC - 1) * NB, (NC - 1) * live
   printf "peak %.0f %d 0 %d\n", live, NB, NC * W - 1
   printf "exit %.0f %d\n", live, NB
   print "unknown-frees 0"
   for (c = 0; c < NC; c++) printf "col %d %.0f %.0f %d\n", c, live, live, NB
   for (c = 0; c < NC; c++) {
      span = (c == NC - 1) ? W - 1 : W
      f = c > 0 ? 1 : 0
      for (i = 4; i < NB + 4; i++)
         printf "cell %d %d 1 %.0f %d %.0f %.0f %.0f %.0f\n", c, i, lo[i], f, f * lo[i], lo[i], lo[i], lo[i] * span
   }
   # Each band's NC - 1 freed blocks lived a column: bucket 11.
   if (NC > 1)
      for (i = 4; i < NB + 4; i++) printf "life %d 11 %d %.0f\n", i, NC - 1, (NC - 1) * lo[i]
   for (i = 4; i < NB + 4; i++) printf "leak %d 1 %.0f\n", i, lo[i]
   print "end"
}
