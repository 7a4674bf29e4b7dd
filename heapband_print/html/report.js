/* heapband_print --html report: the script.  Part of heapband.
   SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.

   Reads the data element (html_page.c writes it: the charts as
   --format=json exports them, over every stored column, and the stored
   cells of each file) and draws one chart at a time on a canvas.  A view
   (chart, scale, palette, --from/--to times, most columns) lives in the
   URL fragment.  Zooming re-bins the stored cells by grid.h's rules: chart
   column j takes stored columns first + j*k .. (k = ceil(n / most
   columns)); sums are exact (BigInt), an average is the sum of
   LIVE_INTEGRAL over the column's time divided as grid.c's ratio() does,
   so a zoomed view holds the cells --from/--to would give.  window.hb is
   the hook the browser test reads. */
"use strict";
(function () {
  const STARTED_MS = performance.now();
  const D = JSON.parse(document.getElementById("hb-data").textContent);
  const $ = (id) => document.getElementById(id);
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
                  live_max: 0, avg: 0, stored: false };
    const [c0, c1] = group(f, col.a, col.b);
    if (!row || c0 > c1) return out;
    out.stored = true;
    let integral = 0n;
    const [al, fr, ab, lm, li] = ["allocs", "frees", "alloc_bytes", "live_max", "integral"]
      .map((k) => fig(row, k));
    for (let c = c0; c <= c1; c++) {
      out.allocs += big(al[c]);
      out.frees += big(fr[c]);
      out.alloc_bytes += big(ab[c]);
      if (Number(lm[c]) > out.live_max) out.live_max = Number(lm[c]);
      integral += big(li[c]);
    }
    out.live_end = Number(fig(row, "live_end")[c1]);
    const time = col.end - col.start;
    out.avg = time === 0n ? out.live_end : ratio(integral, time);
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
    if (L.whole && L.per === 1 && ncols === ch.columns.length) {
      /* The exported chart is this view. */
      ch.rows.forEach((row, i) => {
        const r = nrows - 1 - i;
        for (let j = 0; j < ncols; j++) cells[r * ncols + j] = row.values[j];
      });
    } else {
      for (let r = 0; r < nrows; r++)
        for (let j = 0; j < ncols; j++) {
          const vals = FILES.map((f) => valueOf(figures(f, lo + r, L.cols[j]), view.chart));
          cells[r * ncols + j] = DIFF ? vals[1] - vals[0] : vals[0];
        }
    }
    const lines = view.chart === "live"
      ? FILES.map((f) => L.cols.map((col) => {
          const [c0, c1] = group(f, col.a, col.b);
          let m = 0;
          for (let c = c0; c <= c1; c++) if (f.heap[c] > m) m = f.heap[c];
          return m;
        }))
      : [];
    let vmax = 0;
    for (const v of cells) if (Math.abs(v) > vmax) vmax = Math.abs(v);
    const labels = [];
    for (let b = lo; b <= hi; b++) labels.push(BAND_INFO.get(b) || { label: String(b), lo: 0, hi: 0 });
    return { L, lo, nrows, ncols, cells, vmax, lines, labels,
             colSpans: L.cols.map((c) => [c.start, c.end]) };
  }

  function lifetimeMatrix() {
    const ch = D.charts.lifetime;
    const nrows = ch.rows.length, ncols = ch.columns.length;
    const cells = new Float64Array(nrows * ncols);
    ch.rows.forEach((row, i) => {
      for (let j = 0; j < ncols; j++) cells[(nrows - 1 - i) * ncols + j] = row.values[j];
    });
    return { L: null, lo: null, nrows, ncols, cells, vmax: ch.vmax, lines: [],
             labels: ch.rows.slice().reverse(),
             colSpans: ch.columns.map((c) => [BigInt(c.start), BigInt(c.end)]) };
  }

  /* --------------------------------------------------------- drawing */
  function shade(v, vmax) {
    if (!(v > 0) || !(vmax > 0)) return 0;
    let s = view.scale === "sqrt" ? Math.sqrt(v / vmax)
          : view.scale === "log" ? Math.log1p(v) / Math.log1p(vmax) : v / vmax;
    if (!(s > 0)) s = Number.MIN_VALUE;
    return s > 1 ? 1 : s;
  }

  /* The palette entry of value v (-1: empty, the background). */
  function shadeIndex(v, vmax) {
    if (v === 0) return -1;
    if (DIFF) {
      const t = Math.sign(v) * shade(Math.abs(v), vmax);
      const i = Math.round((t + 1) * 127.5);
      return v > 0 ? Math.max(128, Math.min(255, i)) : Math.min(127, Math.max(0, i));
    }
    return Math.max(1, Math.round(shade(v, vmax) * 255));
  }

  function paletteColours() {
    return DIFF ? D.palettes.diverging : D.palettes[view.palette];
  }

  /* The palette as 256 packed RGB numbers, and the background white. */
  function paletteRgb() {
    const out = new Int32Array(257);
    paletteColours().forEach((hex, i) => { out[i] = parseInt(hex.slice(1), 16); });
    out[256] = 0xffffff;
    return out;
  }

  let M = null;            /* the matrix drawn */
  let selected = null;     /* {r, j} of the keyboard or click */
  let siteBands = null;    /* bands of the highlighted site */

  function draw() {
    M = matrix();
    const canvas = $("hb-canvas");
    canvas.width = PLOT_W;
    canvas.height = PLOT_H;
    const ctx = canvas.getContext("2d");
    const img = ctx.createImageData(PLOT_W, PLOT_H);
    const px = img.data;
    const colOfX = new Int32Array(PLOT_W);
    for (let x = 0; x < PLOT_W; x++) colOfX[x] = Math.floor(x * M.ncols / PLOT_W);
    const lut = paletteRgb();
    const cellRgb = new Int32Array(M.cells.length);
    for (let i = 0; i < M.cells.length; i++) {
      const k = shadeIndex(M.cells[i], M.vmax);
      cellRgb[i] = lut[k < 0 ? 256 : k];
    }
    for (let y = 0; y < PLOT_H; y++) {
      const r = M.nrows - 1 - Math.floor(y * M.nrows / PLOT_H);
      for (let x = 0; x < PLOT_W; x++) {
        const c = cellRgb[r * M.ncols + colOfX[x]];
        const o = (y * PLOT_W + x) * 4;
        px[o] = c >> 16; px[o + 1] = (c >> 8) & 255; px[o + 2] = c & 255; px[o + 3] = 255;
      }
    }
    ctx.putImageData(img, 0, 0);
    drawLines(ctx);
    drawMarks(ctx);
    drawHighlight(ctx);
    drawLabels();
    drawLegend();
    showRange();
  }

  function lineMax() {
    let m = 0;
    for (const l of M.lines) for (const v of l) if (v > m) m = v;
    return m;
  }

  function drawLines(ctx) {
    const m = lineMax();
    if (!m) return;
    const colours = DIFF ? ["#1f5fbf", "#c02020"] : [D.palettes[view.palette + "_line"]];
    M.lines.forEach((line, k) => {
      ctx.strokeStyle = colours[k];
      ctx.lineWidth = 2;
      ctx.setLineDash(DIFF && k === 0 ? [6, 3] : []);
      ctx.beginPath();
      line.forEach((v, j) => {
        const x0 = j * PLOT_W / M.ncols, x1 = (j + 1) * PLOT_W / M.ncols;
        const y = PLOT_H - 1 - (v / m) * (PLOT_H - 2);
        if (j === 0) ctx.moveTo(x0, y); else ctx.lineTo(x0, y);
        ctx.lineTo(x1, y);
      });
      ctx.stroke();
    });
    ctx.setLineDash([]);
  }

  /* The x of time t in the view (its place in its column), or null. */
  function xOfTime(t) {
    const j = colOfTime(t);
    if (j === null) return null;
    const [s, e] = M.colSpans[j];
    const within = e > s ? Number(t - s) / Number(e - s) : 0;
    return (j + within) * PLOT_W / M.ncols;
  }

  /* A dashed line at each phase mark. */
  function drawMarks(ctx) {
    ctx.strokeStyle = "#000";
    ctx.lineWidth = 1;
    ctx.setLineDash([4, 4]);
    for (const mark of marksOf()) {
      const x = xOfTime(BigInt(mark.time));
      if (x === null) continue;
      ctx.beginPath();
      ctx.moveTo(Math.round(x) + 0.5, 0);
      ctx.lineTo(Math.round(x) + 0.5, PLOT_H);
      ctx.stroke();
    }
    ctx.setLineDash([]);
  }

  function drawHighlight(ctx) {
    const rowH = PLOT_H / M.nrows, colW = PLOT_W / M.ncols;
    if (siteBands && M.lo !== null) {
      ctx.strokeStyle = "#000";
      ctx.lineWidth = 2;
      for (const b of siteBands) {
        const r = b - M.lo;
        if (r < 0 || r >= M.nrows) continue;
        ctx.strokeRect(1, PLOT_H - (r + 1) * rowH, PLOT_W - 2, rowH);
      }
    }
    if (selected) {
      ctx.strokeStyle = "#06c";
      ctx.lineWidth = 2;
      ctx.strokeRect(selected.j * colW, PLOT_H - (selected.r + 1) * rowH, colW, rowH);
    }
  }

  function fmt(v) {
    return typeof v === "bigint" ? v.toString() : String(v);
  }

  function marksOf() {
    return view.chart === "lifetime" ? [] : D.charts[view.chart].marks;
  }

  function drawLabels() {
    const yl = $("hb-ylabels"), xl = $("hb-xlabels"), mk = $("hb-marks");
    yl.textContent = ""; xl.textContent = ""; mk.textContent = "";
    const rowH = PLOT_H / M.nrows;
    const step = Math.max(1, Math.ceil(14 / rowH));
    for (let r = 0; r < M.nrows; r += step) {
      const s = document.createElement("span");
      s.textContent = M.labels[r].label;
      s.style.top = (PLOT_H - (r + 0.5) * rowH) + "px";
      yl.appendChild(s);
    }
    const nticks = Math.min(M.ncols, 8);
    for (let k = 0; k < nticks; k++) {
      const j = Math.floor(k * M.ncols / nticks);
      const s = document.createElement("span");
      s.textContent = view.chart === "lifetime" ? D.charts.lifetime.columns[j].label
                                                : fmt(M.colSpans[j][0]);
      s.style.left = ((j + 0.5) * PLOT_W / M.ncols) + "px";
      xl.appendChild(s);
    }
    /* Mark names on up to three lines above the chart, so that close
       marks do not overlap. */
    let shown = 0;
    for (const mark of marksOf()) {
      const x = xOfTime(BigInt(mark.time));
      if (x === null) continue;
      const s = document.createElement("span");
      s.textContent = "\u25bc " + mark.name;
      s.title = mark.name + " at " + mark.time;
      s.style.left = x + "px";
      s.style.top = (-1.3 * (1 + shown++ % 3)) + "em";
      mk.appendChild(s);
    }
    const ch = view.chart === "lifetime" ? D.charts.lifetime : D.charts[view.chart];
    $("hb-chart-title").textContent = CHART_NAMES[view.chart] + ": " + ch.value
      + (DIFF ? " (NEW minus OLD)" : "");
    $("hb-xtitle").textContent = view.chart === "lifetime" ? "lifetime (" + ch.time_unit + ")"
                                                           : "time (" + ch.time_unit + ")";
  }

  /* The view's column holding time t, or null outside it. */
  function colOfTime(t) {
    if (!M.L) return null;
    for (let j = 0; j < M.ncols; j++) {
      const [s, e] = M.colSpans[j];
      if (t >= s && (t < e || j === M.ncols - 1 && t <= e)) return j;
    }
    return null;
  }

  function drawLegend() {
    const bar = $("hb-legend-bar"), ctx = bar.getContext("2d");
    for (let i = 0; i < 256; i++) {
      ctx.fillStyle = paletteColours()[i];
      ctx.fillRect(i, 0, 1, 12);
    }
    $("hb-legend-lo").textContent = DIFF ? "-" + fmt(M.vmax) : "0";
    $("hb-legend-hi").textContent = fmt(M.vmax);
    $("hb-legend-what").textContent = "(" + view.scale + " scale)";
    $("hb-legend-line").textContent = M.lines.length === 0 ? ""
      : DIFF ? "lines: total heap of OLD (dashed blue) and NEW (red), top = " + lineMax() + " bytes"
             : "line: total heap, top = " + lineMax() + " bytes";
  }

  function showRange() {
    $("hb-range").textContent = M.L
      ? "time " + M.colSpans[0][0] + " .. " + M.colSpans[M.ncols - 1][1] + ", "
        + M.ncols + " columns of " + M.L.per + " stored column" + (M.L.per === 1 ? "" : "s")
      : "";
    for (const b of document.querySelectorAll("#hb-charts button"))
      b.setAttribute("aria-pressed", String(b.dataset.chart === view.chart));
    $("hb-scale").value = view.scale;
    $("hb-palette").value = view.palette;
  }

  /* ----------------------------------------------------------- hover */
  function cellText(r, j) {
    const band = M.labels[r];
    const [s, e] = M.colSpans[j];
    const unit = (view.chart === "lifetime" ? D.charts.lifetime : D.charts[view.chart]).time_unit;
    const lines = [];
    lines.push("band: " + band.label + " (" + band.lo + ".." + band.hi + " bytes)");
    if (view.chart === "lifetime") {
      lines.push("lifetime: " + D.charts.lifetime.columns[j].label + " (" + s + " .. " + e + " " + unit + ")");
      lines.push("value (" + D.charts.lifetime.value + "): " + fmt(M.cells[r * M.ncols + j]));
      return lines.join("\n");
    }
    lines.push("time: " + s + " .. " + e + " " + unit);
    let before = null, after = null;
    for (const m of marksOf()) {
      if (BigInt(m.time) <= s) before = m;
      else if (after === null && BigInt(m.time) >= e) after = m;
      else if (BigInt(m.time) > s && BigInt(m.time) < e) lines.push("mark in it: " + m.name + " at " + m.time);
    }
    if (before) lines.push("mark before: " + before.name + " at " + before.time);
    if (after) lines.push("mark after: " + after.name + " at " + after.time);
    const what = D.charts[view.chart].value;
    const b = M.lo + r;
    const col = M.L.cols[j];
    const figs = FILES.map((f) => figures(f, b, col));
    if (DIFF) {
      const [o, n] = figs.map((fg) => valueOf(fg, view.chart));
      lines.push("value (" + what + "): old " + fmt(o) + ", new " + fmt(n)
                 + ", change " + fmt(M.cells[r * M.ncols + j]));
      ["old", "new"].forEach((name, k) => {
        lines.push(name + ": blocks allocated " + figs[k].allocs + ", freed " + figs[k].frees
                   + "; bytes live at the column's end " + figs[k].live_end);
      });
    } else {
      lines.push("value (" + what + "): " + fmt(M.cells[r * M.ncols + j]));
      lines.push("blocks allocated: " + figs[0].allocs);
      lines.push("blocks freed: " + figs[0].frees);
      lines.push("bytes live at the column's end: " + figs[0].live_end);
    }
    if (DIFF && M.lines.length)
      lines.push("total heap: old " + M.lines[0][j] + ", new " + M.lines[1][j] + " bytes");
    else if (M.lines.length)
      lines.push("total heap: " + M.lines[0][j] + " bytes");
    return lines.join("\n");
  }

  function cellAt(ev) {
    const rect = $("hb-canvas").getBoundingClientRect();
    const x = ev.clientX - rect.left, y = ev.clientY - rect.top;
    const j = Math.min(M.ncols - 1, Math.max(0, Math.floor(x * M.ncols / rect.width)));
    const r = M.nrows - 1 - Math.min(M.nrows - 1, Math.max(0, Math.floor(y * M.nrows / rect.height)));
    return { r, j, x };
  }

  function show(r, j) {
    $("hb-info").textContent = cellText(r, j);
  }

  /* ------------------------------------------------------------ zoom */
  function zoomTo(j0, j1) {
    if (!M.L) return;
    if (j1 < j0) [j0, j1] = [j1, j0];
    const s = M.colSpans[j0][0], e = M.colSpans[j1][1];
    view.from = s;
    view.to = e > s ? e - 1n : e;
    selected = null;
    writeFragment(true);
    draw();
  }

  function wholeRun() {
    view.from = view.to = null;
    writeFragment(true);
    draw();
  }

  /* ----------------------------------------------------------- sites */
  function showSites(band) {
    const pre = $("hb-sites");
    pre.textContent = "";
    const parts = [];
    FILES.forEach((f, k) => {
      const entry = f.sites.find((s) => s.band === band);
      const head = DIFF ? (k === 0 ? "OLD " : "NEW ") + f.name + ":\n" : "";
      parts.push([head, entry ? entry.text : "no allocation sites in the selected bands\n", k]);
    });
    for (const [head, text, k] of parts) {
      pre.appendChild(document.createTextNode(head));
      /* "site N" made a button that highlights the site's bands. */
      const re = /site (\d+)/g;
      let at = 0, m;
      while ((m = re.exec(text)) !== null) {
        pre.appendChild(document.createTextNode(text.slice(at, m.index)));
        const btn = document.createElement("button");
        const site = Number(m[1]);
        btn.type = "button";
        btn.textContent = m[0];
        btn.addEventListener("click", () => highlightSite(k, site, btn));
        pre.appendChild(btn);
        at = m.index + m[0].length;
      }
      pre.appendChild(document.createTextNode(text.slice(at)));
    }
  }

  function highlightSite(k, site, btn) {
    const f = FILES[k];
    siteBands = f.sites.filter((s) => s.sites.includes(site)).map((s) => s.band);
    for (const b of document.querySelectorAll("#hb-sites button"))
      b.setAttribute("aria-pressed", String(b === btn));
    const labels = siteBands.map((b) => (BAND_INFO.get(b) || { label: String(b) }).label);
    $("hb-site-note").textContent = "site " + site + " allocates in band" + (labels.length === 1 ? " " : "s ")
      + labels.join(", ") + " (outlined; the file records a site's figures per band, not per time)";
    draw();
  }

  /* ----------------------------------------------------------- setup */
  function summary() {
    const t = $("hb-summary");
    const head = t.createTHead().insertRow();
    head.appendChild(document.createElement("th"));
    for (const f of FILES) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = (DIFF ? (f === FILES[0] ? "OLD " : "NEW ") : "") + f.name;
      head.appendChild(th);
    }
    const body = t.createTBody();
    FILES[0].summary.forEach(([name], i) => {
      const tr = body.insertRow();
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = name;
      tr.appendChild(th);
      for (const f of FILES) tr.insertCell().textContent = String(f.summary[i][1]);
    });
  }

  function setup() {
    $("hb-title").textContent = DIFF ? "heapband difference report" : "heapband report";
    $("hb-command").textContent = FILES.map((f) => f.command).join("  vs  ");
    for (const key of CHARTS) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = CHART_NAMES[key];
      b.dataset.chart = key;
      b.addEventListener("click", () => { view.chart = key; selected = null; writeFragment(false); draw(); });
      $("hb-charts").appendChild(b);
    }
    $("hb-scale").addEventListener("change", (e) => { view.scale = e.target.value; writeFragment(false); draw(); });
    $("hb-palette").addEventListener("change", (e) => { view.palette = e.target.value; writeFragment(false); draw(); });
    if (DIFF) $("hb-palette").disabled = true;
    $("hb-back").addEventListener("click", () => history.back());
    $("hb-whole").addEventListener("click", wholeRun);
    window.addEventListener("hashchange", () => { readFragment(); draw(); });
    window.addEventListener("popstate", () => { readFragment(); draw(); });

    const canvas = $("hb-canvas");
    let drag = null;
    canvas.addEventListener("mousemove", (ev) => {
      const c = cellAt(ev);
      show(c.r, c.j);
      if (drag) {
        const d = $("hb-drag");
        d.hidden = false;
        d.style.left = Math.min(drag.x, c.x) + "px";
        d.style.width = Math.abs(c.x - drag.x) + "px";
      }
    });
    canvas.addEventListener("mousedown", (ev) => { drag = cellAt(ev); });
    canvas.addEventListener("mouseup", (ev) => {
      const c = cellAt(ev);
      $("hb-drag").hidden = true;
      const start = drag;
      drag = null;
      if (!start) return;
      if (Math.abs(c.x - start.x) > 3 && M.L) {
        zoomTo(start.j, c.j);
      } else {
        selected = { r: c.r, j: c.j };
        if (M.lo !== null) showSites(M.lo + c.r);
        draw();
        show(c.r, c.j);
      }
    });
    let mark = null;
    canvas.addEventListener("keydown", (ev) => {
      if (!selected) selected = { r: M.nrows - 1, j: 0 };
      const s = selected;
      const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [1, 0], ArrowDown: [-1, 0] };
      if (moves[ev.key]) {
        s.r = Math.min(M.nrows - 1, Math.max(0, s.r + moves[ev.key][0]));
        s.j = Math.min(M.ncols - 1, Math.max(0, s.j + moves[ev.key][1]));
      } else if (ev.key === "Enter") {
        if (M.lo !== null) showSites(M.lo + s.r);
      } else if (ev.key === "z") {
        if (mark === null) { mark = s.j; } else { const m0 = mark; mark = null; zoomTo(m0, s.j); return; }
      } else if (ev.key === "Escape") {
        history.back();
        return;
      } else {
        return;
      }
      ev.preventDefault();
      draw();
      show(s.r, s.j);
    });
    summary();
  }

  readFragment();
  setup();
  draw();
  writeFragment(false);

  /* The browser test's hook: where a cell is, what its hover says. */
  window.hb = {
    readyMs: performance.now(),    /* the first chart drawn */
    scriptMs: performance.now() - STARTED_MS,
    view: () => ({ chart: view.chart, from: view.from === null ? null : view.from.toString(),
                   to: view.to === null ? null : view.to.toString(), cols: view.cols }),
    matrix: () => ({ ncols: M.ncols, nrows: M.nrows, lo: M.lo,
                     labels: M.labels.map((l) => l.label),
                     starts: M.colSpans.map((s) => s[0].toString()),
                     cells: Array.from(M.cells) }),
    /* The page coordinates of the middle of cell (row r from the bottom,
       column j). */
    cellPoint: (r, j) => {
      const rect = $("hb-canvas").getBoundingClientRect();
      return { x: rect.left + (j + 0.5) * rect.width / M.ncols,
               y: rect.top + (M.nrows - r - 0.5) * rect.height / M.nrows };
    },
  };
})();
