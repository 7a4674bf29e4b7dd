#!/usr/bin/env python3
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
# How the text chart's scales shade real runs: for each heap-band file, its
# cells at octave rows, shaded as the printer shades them (nine steps), on
# the linear, sqrt and log scales: the shades the rows' averages take, the
# share of cells drawn '.' (the first shade) and in the top two shades.
# Usage: HB_PRINT=path/to/heapband_print shades.py FILE.hb...
# (the measurements behind the text chart's default scale, in
# docs/manual/reading-charts.md, "Shades and the legend").
import csv, math, os, sys, subprocess
P = os.environ.get('HB_PRINT', 'heapband_print')
def shade(v, vmax, sc, n=9):
    if v <= 0: return 0
    if sc=='linear': s=v/vmax
    elif sc=='sqrt': s=math.sqrt(v/vmax)
    else: s=math.log1p(v)/math.log1p(vmax)
    return max(1, min(n, math.ceil(s*n-1e-9)))
for f in sys.argv[1:]:
    out=subprocess.run([P,'--format=csv','--bands=octave',f],capture_output=True,text=True).stdout
    rows=[r for r in csv.reader(out.splitlines()) if r and r[0]=='band']
    cells=[float(x) for r in rows for x in r[4:]]
    vmax=max(cells)
    # per-row mean: does each band read as distinct?
    means=[sum(float(x) for x in r[4:])/len(r[4:]) for r in rows]
    nz=[c for c in cells if c>0]
    res=[]
    for sc in ('linear','sqrt','log'):
        sh=[shade(c,vmax,sc) for c in nz]
        rowsh=sorted(set(shade(m,vmax,sc) for m in means if m>0))
        dots=sum(1 for s in sh if s==1)/len(sh)
        top=sum(1 for s in sh if s>=8)/len(sh)
        res.append(f"{sc}: rows' shades {len(rowsh)} {rowsh}, cells '.' {dots:.0%} top2 {top:.0%}")
    print(f, f"{len([m for m in means if m>0])} octave rows with data;", " | ".join(res))
