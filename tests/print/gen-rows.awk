# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# gen-rows.awk: used by image-rows.test and chart-rows-memory.test.
# Write a valid heap-band file (version 1) of NB one-byte bands and NC
# columns (2 unless given) in which bands 4 and NB-2 each hold one block of
# their size for the whole run: allocated at time 0, then in each later
# column freed and replaced by a new one (so the live bytes and blocks
# follow from the events, invariant 12): a chart of NB - 5 rows between
# them, almost all empty.
BEGIN {
   if (NC == 0) NC = 2
   W = 1024; hi = NB - 2
   print "heapband-format 1"; print "tool: heapband 0.1.0"; print "cmd: ./rows"
   print "pid: 1"; print "ppid: 1"; print "time-unit: i"; print "bands: quarter"
   print "band-count: " NB; print "columns-budget: " NC; print "column-width: " W
   print "column-count: " NC; print "end-time: " (NC * W - 1)
   for (b = 0; b < NB - 1; b++) print "band " b " " b " " b
   print "band " (NB - 1) " " (NB - 1) " 18446744073709551615"
   live = 4 + hi
   printf "total %d %d %d %d\n", 2 * NC, NC * live, 2 * (NC - 1), (NC - 1) * live
   printf "peak %d 2 0 %d\n", live, NC * W - 1
   printf "exit %d 2\n", live
   print "unknown-frees 0"
   for (c = 0; c < NC; c++) printf "col %d %d %d 2\n", c, live, live
   for (c = 0; c < NC; c++) {
      span = (c == NC - 1) ? W - 1 : W
      f = c > 0 ? 1 : 0
      printf "cell %d 4 1 4 %d %d 4 4 %d\n", c, f, 4 * f, 4 * span
      printf "cell %d %d 1 %d %d %d %d %d %d\n", c, hi, hi, f, hi * f, hi, hi, hi * span
   }
   if (NC > 1) {
      printf "life 4 10 %d %d\n", NC - 1, (NC - 1) * 4
      printf "life %d 10 %d %d\n", hi, NC - 1, (NC - 1) * hi
   }
   print "leak 4 1 4"
   printf "leak %d 1 %d\n", hi, hi
   print "end"
}
