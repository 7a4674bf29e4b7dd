/* heapband_print --html report: the model.  Part of heapband.
   SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.

   Reads the data element (html_page.c writes it: the charts as
   --format=json exports them, over every stored column, and the stored
   cells of each file) and turns a view (chart, scale, palette, --from/--to
   times, most columns; kept in the URL fragment) into the matrix to draw.
   Zooming re-bins the stored cells by grid.h's rules: chart column j takes
   stored columns first + j*k .. (k = ceil(n / most columns)); sums are
   exact (BigInt), an average is the sum of LIVE_INTEGRAL over the column's
   time divided as grid.c's ratio() does, so a zoomed view holds the cells
   --from/--to would give.  report.js draws it.  Cost: the first view is
   the exported chart as it is; a re-binned one reads every stored cell of
   its range once. */
"use strict";
const hbModel = (function () {
  const STARTED_MS = performance.now();
  const D = JSON.parse(document.getElementById("hb-data").textContent);
  const DIFF = D.mode === "diff";
  const FILES = D.files;
  const PLOT_W = 1024, PLOT_H = 480;
  const CHARTS = DIFF ? ["live", "allocs"] : ["live", "allocs", "lifetime"];
  const CHART_NAMES = { live: "Live", allocs: "Allocations", lifetime: "Lifetime" };

  /* Each file's stored bands by band number. */
  for (const f of FILES) {
    f.byBand = new Map();
    for (const b of f.bands) f.byBand.set(b.band, b);
  }
  /* Row labels of every band the full charts show. */
  const BAND_INFO = new Map();
  for (const key of CHARTS) {
    const ch = D.charts[key];
    if (key === "lifetime") continue;
    const n = ch.rows.length;
    ch.rows.forEach((row, i) => {
      const band = FILES[0].first_band + (n - 1 - i);
      BAND_INFO.set(band, row);
    });
  }
  const FULL = D.charts.live;
  const FULL_FIRST_BAND = FILES[0].first_band;
  const FULL_LAST_BAND = FULL_FIRST_BAND + FULL.rows.length - 1;
  const WIDTH = Math.max(...FILES.map((f) => f.col_width));
  const END = Math.max(...FILES.map((f) => f.end_time));

  /* ------------------------------------------------------------ view */
  const view = { chart: "live", scale: D.scale, palette: D.palette,
                 from: null, to: null, cols: PLOT_W };

  function readFragment() {
    const p = new URLSearchParams(location.hash.slice(1));
    view.chart = CHARTS.includes(p.get("chart")) ? p.get("chart") : "live";
    view.scale = ["linear", "sqrt", "log"].includes(p.get("scale")) ? p.get("scale") : D.scale;
    view.palette = ["gregg", "viridis"].includes(p.get("palette")) ? p.get("palette") : D.palette;
    const num = (k) => (/^\d+$/.test(p.get(k) || "") ? BigInt(p.get(k)) : null);
    view.from = num("from");
    view.to = num("to");
    if (!p.has("from") && !p.has("to")) {
      /* The command line's --from/--to: the times its chart covers. */
      const cols = D.charts.live.columns;
      const start = BigInt(cols[0].start), end = BigInt(cols[cols.length - 1].end);
      if (start > 0n) view.from = start;
      if (end < BigInt(END)) view.to = end - 1n;
    }
    const c = Number(p.get("cols"));
    view.cols = Number.isInteger(c) && c >= 1 ? c : PLOT_W;
  }

  function writeFragment(push) {
    const p = new URLSearchParams();
    p.set("chart", view.chart);
    p.set("scale", view.scale);
    p.set("palette", view.palette);
    if (view.from !== null) p.set("from", view.from.toString());
    if (view.to !== null) p.set("to", view.to.toString());
    if (view.cols !== PLOT_W) p.set("cols", String(view.cols));
    const h = "#" + p.toString();
    if (h === location.hash) return;
    if (push) history.pushState(null, "", h);
    else history.replaceState(null, "", h);
  }

  /* ---------------------------------------------------------- layout */
  /* As grid.c's hb_time_layout_init, on the widest column width. */
  function layout() {
    const W = BigInt(WIDTH), E = BigInt(END);
    let first = view.from !== null ? view.from / W : 0n;
    let last = E / W;
    if (first > last) first = last;
    if (view.to !== null && view.to / W < last) last = view.to / W;
    if (last < first) last = first;
    const nsel = Number(last - first) + 1;
    const per = Math.floor((nsel - 1) / view.cols) + 1;
    const ncols = Math.floor((nsel - 1) / per) + 1;
    const cols = [];
    for (let j = 0; j < ncols; j++) {
      const a = Number(first) + j * per;
      const b = Math.min(a + per - 1, Number(last));
      const start = BigInt(a) * W;
      const endCol = BigInt(b) * W;
      const end = E - endCol < W ? E : endCol + W;
      cols.push({ a, b, start, end });
    }
    return { first: Number(first), last: Number(last), per, cols,
             whole: first === 0n && last === E / W };
  }

  /* Stored columns of file f under layout columns a..b (of width WIDTH). */
  function group(f, a, b) {
    const r = WIDTH / f.col_width;
    return [a * r, Math.min((b + 1) * r - 1, f.ncols - 1)];
  }

  const big = (x) => BigInt(x);
  /* A figure as the data holds it (html_data.c: a number, or a string of
     digits above 2^53 - 1) as an exact value: a number or a BigInt, which
     compare with each other exactly. */
  const exact = (x) => (typeof x === "string" ? BigInt(x) : x);
  /* A stored row's figure (html_data.c: "V" or "V*COUNT", by commas),
     decoded on first use; values of 16 digits or more stay strings, for
     BigInt. */
  function fig(row, key) {
    let v = row[key];
    if (typeof v !== "string") return v;
    const out = [];
    for (const part of v.split(",")) {
      const k = part.indexOf("*");
      const text = k < 0 ? part : part.slice(0, k);
      const x = text.length < 16 ? Number(text) : text;
      for (let n = k < 0 ? 1 : Number(part.slice(k + 1)); n > 0; n--) out.push(x);
    }
    row[key] = out;
    return out;
  }
  /* grid.c's ratio(): the quotient as a double, the remainder added. */
  function ratio(acc, den) {
    const q = acc / den, r = acc % den;
    return Number(q) + Number(r) / Number(den);
  }

  /* The figures of one band of file f over layout column col: every
     stat, for the value and the hover. */
  function figures(f, band, col) {
    const row = f.byBand.get(band);
    const out = { allocs: 0n, frees: 0n, alloc_bytes: 0n, live_end: 0,
                  live_max: 0, avg: 0 };   /* live_*: exact (see exact) */
    const [c0, c1] = group(f, col.a, col.b);
    if (!row || c0 > c1) return out;
    let integral = 0n;
    const [al, fr, ab, lm, li] = ["allocs", "frees", "alloc_bytes", "live_max", "integral"]
      .map((k) => fig(row, k));
    for (let c = c0; c <= c1; c++) {
      out.allocs += big(al[c]);
      out.frees += big(fr[c]);
      out.alloc_bytes += big(ab[c]);
      if (exact(lm[c]) > out.live_max) out.live_max = exact(lm[c]);
      integral += big(li[c]);
    }
    out.live_end = exact(fig(row, "live_end")[c1]);
    const time = col.end - col.start;
    out.avg = time === 0n ? Number(out.live_end) : ratio(integral, time);
    return out;
  }

  function valueOf(fig, chart) {
    if (chart === "allocs")
      return Number(D.weight === "bytes" ? fig.alloc_bytes : fig.allocs);
    if (D.stat === "max") return Number(fig.live_max);
    if (D.stat === "end") return Number(fig.live_end);
    return fig.avg;
  }

  function bandHasData(f, band, col0, col1) {
    const row = f.byBand.get(band);
    if (!row) return false;
    const [c0, c1] = group(f, col0.a, col1.b);
    const figs = ["allocs", "frees", "alloc_bytes", "live_end", "live_max", "integral"]
      .map((k) => fig(row, k));
    for (let c = c0; c <= c1; c++)
      if (figs.some((v) => v[c] !== 0)) return true;
    return false;
  }

  /* The matrix of the view: rows (bottom first), cells, heap lines. */
  function matrix() {
    if (view.chart === "lifetime") return lifetimeMatrix();
    const L = layout();
    const ch = D.charts[view.chart];
    let lo = FULL_FIRST_BAND, hi = FULL_LAST_BAND;
    if (!L.whole && !D.rows_fixed) {
      lo = null; hi = null;
      for (let b = FULL_FIRST_BAND; b <= FULL_LAST_BAND; b++)
        if (FILES.some((f) => bandHasData(f, b, L.cols[0], L.cols[L.cols.length - 1]))) {
          if (lo === null) lo = b;
          hi = b;
        }
      if (lo === null) lo = hi = FULL_FIRST_BAND;
    }
    const nrows = hi - lo + 1, ncols = L.cols.length;
    const cells = new Float64Array(nrows * ncols);
    const ended = endedColumns(L);
    let noise = null;
    if (L.whole && L.per === 1 && ncols === ch.columns.length) {
      /* The exported chart is this view, its noise mask too. */
      if (DIFF) noise = new Uint8Array(nrows * ncols);
      ch.rows.forEach((row, i) => {
        const r = nrows - 1 - i;
        for (let j = 0; j < ncols; j++) {
          cells[r * ncols + j] = row.values[j];
          if (DIFF) noise[r * ncols + j] = row.noise[j];
        }
      });
    } else {
      const old = DIFF ? new Float64Array(nrows * ncols) : null;
      for (let r = 0; r < nrows; r++)
        for (let j = 0; j < ncols; j++) {
          const vals = FILES.map((f) => valueOf(figures(f, lo + r, L.cols[j]), view.chart));
          cells[r * ncols + j] = DIFF ? vals[1] : vals[0];
          if (DIFF) old[r * ncols + j] = vals[0];
        }
      if (DIFF) {
        noise = noiseMask(old, cells, nrows, ncols, ended, ch.min_change);
        for (let i = 0; i < cells.length; i++) cells[i] -= old[i];
      }
    }
    const lines = view.chart === "live"
      ? FILES.map((f) => L.cols.map((col) => {
          const [c0, c1] = group(f, col.a, col.b);
          let m = 0;
          for (let c = c0; c <= c1; c++) if (exact(f.heap[c]) > m) m = exact(f.heap[c]);
          return m;
        }))
      : [];
    const memory = view.chart === "live" && !DIFF && FILES[0].memory
      ? memoryLines(FILES[0], L) : null;
    let vmax = 0;
    for (let i = 0; i < cells.length; i++)
      if (!ended[i % ncols] && !(noise && noise[i]) && Math.abs(cells[i]) > vmax)
        vmax = Math.abs(cells[i]);
    const labels = [];
    for (let b = lo; b <= hi; b++) labels.push(BAND_INFO.get(b) || { label: String(b), lo: 0, hi: 0 });
    /* lines: exact values (see exact); Number() them to draw. */
    return { L, lo, nrows, ncols, cells, vmax, lines, memory, labels, ended, noise,
             colSpans: L.cols.map((c) => [c.start, c.end]) };
  }

  /* With --allocator=program (html_data.c's "memory"): the footprint and
     the other anonymous memory of each view column, the largest of its
     stored columns (as chart_build.c's add_memory_lines), exact. */
  function memoryLines(f, L) {
    const foot = fig(f.memory, "foot"), anon = fig(f.memory, "anon");
    const out = { foot: [], anon: [] };
    for (const col of L.cols) {
      const [c0, c1] = group(f, col.a, col.b);
      let fm = 0, am = 0;
      for (let c = c0; c <= c1; c++) {
        if (exact(foot[c]) > fm) fm = exact(foot[c]);
        if (exact(anon[c]) > am) am = exact(anon[c]);
      }
      out.foot.push(fm);
      out.anon.push(am);
    }
    return out;
  }

  /* A diff's noise, drawn blank (diff_chart.c's mark_noise, rule for
     rule): no change; or, with a --min-change of P% or N, a change under
     P% of the row's largest value (old or new) or under N, or one that a
     shift of under a column explains (each run's value within the other's
     neighbours' range); never in a column after the shorter run's end. */
  function noiseMask(old, now, nrows, ncols, ended, mc) {
    const out = new Uint8Array(nrows * ncols);
    const lenient = mc.percent > 0 || mc.amount > 0;
    const bound = (row, j, most) => {
      let v = row[j];
      for (let i = j > 0 ? j - 1 : 0; i <= j + 1 && i < ncols; i++)
        if (most ? row[i] > v : row[i] < v) v = row[i];
      return v;
    };
    const within = (row, j, v) => v >= bound(row, j, false) && v <= bound(row, j, true);
    for (let r = 0; r < nrows; r++) {
      const o = old.subarray(r * ncols, (r + 1) * ncols);
      const n = now.subarray(r * ncols, (r + 1) * ncols);
      let peak = 0;
      for (let j = 0; j < ncols; j++) peak = Math.max(peak, Math.abs(o[j]), Math.abs(n[j]));
      const least = Math.max(mc.percent / 100 * peak, mc.amount);
      for (let j = 0; j < ncols; j++) {
        const change = n[j] - o[j];
        out[r * ncols + j] = change === 0
          || (lenient && !ended[j]
              && (Math.abs(change) < least || (within(o, j, n[j]) && within(n, j, o[j])))) ? 1 : 0;
      }
    }
    return out;
  }

  /* File f's slop record of band b (format section 6): [ALLOCATED,
     AT_PEAK, AT_EXIT], exact; zeros for a band without one; null for a
     file without the figures. */
  function slopOf(f, b) {
    if (!f.memory) return null;
    const r = f.memory.slop.find((x) => x[0] === b);
    return r ? r.slice(1).map(exact) : [0, 0, 0];
  }

  /* A diff's columns that start once the shorter run is over (as
     diff_chart.c's mark_ended): 1 there, else 0.  Their cells are the
     longer run's, not changes: drawn grey and left out of vmax. */
  const OVER = DIFF && FILES[0].end_time !== FILES[1].end_time
    ? { end: BigInt(Math.min(FILES[0].end_time, FILES[1].end_time)),
        run: FILES[0].end_time < FILES[1].end_time ? "old" : "new" }
    : null;
  function endedColumns(L) {
    const out = new Uint8Array(L.cols.length);
    if (OVER)
      L.cols.forEach((c, j) => { out[j] = c.start >= OVER.end && c.start > 0n ? 1 : 0; });
    return out;
  }

  function lifetimeMatrix() {
    const ch = D.charts.lifetime;
    const nrows = ch.rows.length, ncols = ch.columns.length;
    const cells = new Float64Array(nrows * ncols);
    ch.rows.forEach((row, i) => {
      for (let j = 0; j < ncols; j++) cells[(nrows - 1 - i) * ncols + j] = row.values[j];
    });
    return { L: null, lo: null, nrows, ncols, cells, vmax: ch.vmax, lines: [],
             ended: new Uint8Array(ncols), noise: null,
             labels: ch.rows.slice().reverse(),
             colSpans: ch.columns.map((c) => [BigInt(c.start), BigInt(c.end)]) };
  }


  return { STARTED_MS, D, DIFF, FILES, PLOT_W, PLOT_H, CHARTS, CHART_NAMES, BAND_INFO, OVER,
           view, readFragment, writeFragment, group, figures, valueOf, matrix, slopOf };
})();
