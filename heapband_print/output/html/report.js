/* heapband_print --html report: drawing and interaction.  Part of heapband.
   SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.

   Draws the model's matrix (report-model.js) on a canvas, one pixel per
   plot pixel from a 256-colour palette table, with the heap lines, marks,
   labels and legend as text around it; hover, keyboard, drag-zoom, sites,
   a diff's sites that changed most and the summary table.  window.hb is the hook the browser test reads.
   Cost: a draw is one pass over the cells and the plot's pixels.  It
   follows report-model.js in the page's one script, whose "use strict"
   covers both. */
(function () {
  const { STARTED_MS, D, DIFF, FILES, PLOT_W, PLOT_H, CHARTS, CHART_NAMES, BAND_INFO, OVER,
          view, readFragment, writeFragment, group, figures, valueOf, matrix, slopOf } = hbModel;
  const U = hbUnits;
  const $ = (id) => document.getElementById(id);
  /* img_raster.c's grey of a diff's cells once a run is over. */
  const ENDED_RGB = 0xbebebe;
  /* The height of a folded run of empty rows, and the axes' font size
     (report.css), from which the number of time ticks follows as in
     img_layout.c (a tick every 9 characters of 0.64 of the font). */
  const FOLD_H = 16, AXIS_FONT = 12, CHAR_W = 0.64;

  /* Whether the view's values are bytes (chart_build.c's value_is_bytes):
     the number style of the legend and the hover. */
  function valueStyle() {
    return view.chart === "live" || D.weight === "bytes" ? "size_b" : "count";
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
  let R = null;            /* its rows on the plot (rowLayout) */
  let selected = null;     /* {r, j} of the keyboard or click */
  let siteBands = null;    /* bands of the highlighted site */
  let siteTimes = null;    /* its stored columns, when the file has them */

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
      const k = M.noise && M.noise[i] ? -1 : shadeIndex(M.cells[i], M.vmax);
      cellRgb[i] = M.ended[i % M.ncols] && M.cells[i] !== 0 ? ENDED_RGB : lut[k < 0 ? 256 : k];
    }
    R = rowLayout();
    for (let y = 0; y < PLOT_H; y++) {
      const r = R.rowOfY[y];
      for (let x = 0; x < PLOT_W; x++) {
        const c = r < 0 ? FOLD_RGB : cellRgb[r * M.ncols + colOfX[x]];
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

  /* A row is blank when every cell is drawn empty: 0 (a diff: no change;
     a cell after a run's end holds the longer run's value, not 0). */
  function rowBlank(r) {
    for (let j = 0; j < M.ncols; j++) if (M.cells[r * M.ncols + j] !== 0) return false;
    return true;
  }

  /* The plot's rows, top first, as the text chart draws them (ascii.c): a
     run of two or more blank rows is one thin folded row labelled
     "224-4K: empty (17 rows)" ("no change" in a diff); every other row
     shares the rest of the height.  y0[r], y1[r]: row r's pixels (a
     folded row's are its fold's); rowOfY[y]: the row at pixel y, or -1 on
     a fold; folds: {top, bottom, text, y0, y1}. */
  const FOLD_RGB = 0xf2f2f2;
  function rowLayout() {
    const runs = [];
    for (let r = M.nrows - 1; r >= 0; r--) {
      let bottom = r;
      while (bottom > 0 && rowBlank(bottom) && rowBlank(bottom - 1)) bottom--;
      runs.push({ top: r, bottom });
      r = bottom;
    }
    const nfold = runs.filter((u) => u.top > u.bottom).length;
    const nplain = runs.length - nfold;
    const foldH = nplain ? Math.min(FOLD_H, PLOT_H / runs.length) : PLOT_H / nfold;
    const rowH = nplain ? (PLOT_H - nfold * foldH) / nplain : 0;
    const y0 = new Float64Array(M.nrows), y1 = new Float64Array(M.nrows);
    const rowOfY = new Int32Array(PLOT_H);
    const folds = [];
    let y = 0;
    for (const u of runs) {
      const h = u.top > u.bottom ? foldH : rowH;
      for (let r = u.bottom; r <= u.top; r++) { y0[r] = y; y1[r] = y + h; }
      for (let p = Math.round(y); p < Math.min(PLOT_H, Math.round(y + h)); p++)
        rowOfY[p] = u.top > u.bottom ? -1 : u.top;
      if (u.top > u.bottom) {
        const lo = M.labels[u.bottom], hi = M.labels[u.top];
        const range = lo.lo !== undefined && hi.hi !== undefined ? U.band(lo.lo, hi.hi)
          : lo.label + "-" + hi.label;
        folds.push({ top: u.top, bottom: u.bottom, y0: y, y1: y + h,
                     text: range + ": " + (DIFF ? "no change" : "empty") + " ("
                       + (u.top - u.bottom + 1) + " rows)" });
      }
      y += h;
    }
    return { y0, y1, rowOfY, folds };
  }

  /* The fold holding row r, or null. */
  function foldOf(r) {
    return R.folds.find((f) => r >= f.bottom && r <= f.top) || null;
  }

  /* The largest value of the heap lines, exact. */
  function lineMax() {
    let m = 0;
    for (const l of M.lines) for (const v of l) if (v > m) m = v;
    return m;
  }

  /* With the program's allocator: the lines drawn over the heap, as the
     images draw them (img_draw.c's draw_memory_lines): the footprint (at
     least the live heap) and the other anonymous memory stacked on it. */
  function memoryDrawn() {
    if (!M.memory || !M.lines.length) return null;
    const foot = M.memory.foot.map((v, j) => Math.max(Number(v), Number(M.lines[0][j])));
    return { foot, anon: foot.map((v, j) => v + Number(M.memory.anon[j])) };
  }

  /* The heap axis's top: the heap lines, or the memory stacked on them
     (chart_build.c's graph_max). */
  function graphTop() {
    const mem = memoryDrawn();
    return Math.max(Number(lineMax()), ...(mem ? mem.anon : [0]));
  }

  function lineColours() {
    return DIFF ? ["#1f5fbf", "#c02020"] : [D.palettes[view.palette + "_line"]];
  }

  /* The y of heap value v (img_layout.c's heap_pixel_row, the line's top
     at the plot's second pixel row). */
  function heapY(v, m) {
    return PLOT_H - 1 - Math.floor(Math.min(1, Number(v) / m) * (PLOT_H - 2) + 0.5);
  }

  /* img_draw.c's inks of the footprint and the other anonymous memory. */
  const FOOT_COLOUR = "#e67814", ANON_COLOUR = "#6e6e6e";

  /* One line over the plot's columns: a step at each column's value. */
  function strokeLine(ctx, line, m, colour, dash) {
    ctx.strokeStyle = colour;
    ctx.lineWidth = 2;
    ctx.setLineDash(dash);
    ctx.beginPath();
    line.forEach((v, j) => {
      const x0 = j * PLOT_W / M.ncols, x1 = (j + 1) * PLOT_W / M.ncols;
      const y = heapY(v, m);
      if (j === 0) ctx.moveTo(x0, y); else ctx.lineTo(x0, y);
      ctx.lineTo(x1, y);
    });
    ctx.stroke();
    ctx.setLineDash([]);
  }

  /* The memory lines under the heap lines, as in the images. */
  function drawLines(ctx) {
    const m = graphTop();
    if (!m) return;
    const mem = memoryDrawn();
    if (mem) {
      strokeLine(ctx, mem.anon, m, ANON_COLOUR, [6, 3]);
      strokeLine(ctx, mem.foot, m, FOOT_COLOUR, []);
    }
    const colours = lineColours();
    M.lines.forEach((line, k) => strokeLine(ctx, line, m, colours[k], DIFF && k === 0 ? [6, 3] : []));
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
    const colW = PLOT_W / M.ncols;
    if (siteBands && M.lo !== null) {
      ctx.strokeStyle = "#000";
      ctx.lineWidth = 2;
      for (const b of siteBands) {
        const r = b - M.lo;
        if (r < 0 || r >= M.nrows) continue;
        ctx.strokeRect(1, R.y0[r], PLOT_W - 2, R.y1[r] - R.y0[r]);
      }
    }
    drawSiteTimes(ctx, colW);
    if (selected) {
      ctx.strokeStyle = "#06c";
      ctx.lineWidth = 2;
      ctx.strokeRect(selected.j * colW, R.y0[selected.r], colW, R.y1[selected.r] - R.y0[selected.r]);
    }
  }

  /* The highlighted site's times: a strip along the top of the plot over
     every column holding a stored column it allocated in, and in each of
     its bands' rows the cells in which it allocated in that band. */
  const SITE_TIME_COLOUR = "#e0e";
  function drawSiteTimes(ctx, colW) {
    if (!siteTimes || !M.L) return;
    ctx.fillStyle = SITE_TIME_COLOUR;
    for (const j of siteColumns(siteTimes.all)) ctx.fillRect(j * colW, 0, colW, 5);
    ctx.strokeStyle = SITE_TIME_COLOUR;
    ctx.lineWidth = 2;
    for (const [b, counts] of siteTimes.byBand) {
      const r = b - M.lo;
      if (r < 0 || r >= M.nrows) continue;
      for (const j of siteColumns(counts))
        ctx.strokeRect(j * colW + 1, R.y0[r] + 1, Math.max(colW - 2, 1), R.y1[r] - R.y0[r] - 2);
    }
  }

  /* The view's columns holding a marked stored column of the highlighted
     site's file: counts[c] is how many of its stored columns before c are
     marked, so a column's stored columns c0..c1 (grouped as the cells
     are, report-model.js) hold one when counts[c1 + 1] > counts[c0]. */
  function siteColumns(counts) {
    const f = FILES[siteTimes.k], out = [];
    M.L.cols.forEach((col, j) => {
      const [c0, c1] = group(f, col.a, col.b);
      if (c1 >= c0 && counts[c1 + 1] > counts[c0]) out.push(j);
    });
    return out;
  }

  function fmt(v) {
    return typeof v === "bigint" ? v.toString() : String(v);
  }

  function marksOf() {
    return view.chart === "lifetime" ? [] : D.charts[view.chart].marks;
  }

  /* A label span at (x, y) of a positioned box. */
  function label(box, text, x, y, cls) {
    const s = document.createElement("span");
    s.textContent = text;
    if (x !== null) s.style.left = x + "px";
    if (y !== null) s.style.top = y + "px";
    if (cls) s.className = cls;
    box.appendChild(s);
    return s;
  }

  /* Row labels at the rows' middles, none closer than a line to the one
     above; a fold's text on its strip. */
  function drawRowLabels() {
    const yl = $("hb-ylabels"), fl = $("hb-folds");
    yl.textContent = ""; fl.textContent = "";
    let last = -Infinity;
    for (let r = M.nrows - 1; r >= 0; r--) {
      if (foldOf(r)) continue;
      const y = (R.y0[r] + R.y1[r]) / 2;
      if (y - last < AXIS_FONT + 2) continue;
      label(yl, M.labels[r].label, null, y);
      last = y;
    }
    for (const f of R.folds) label(fl, "~ " + f.text, null, (f.y0 + f.y1) / 2);
  }

  /* The time axis as the images' (img_layout.c's hb_image_time_ticks):
     round times, a nice step in the file's unit, each placed by its time;
     the lifetime chart labels its columns. */
  function drawTimeTicks() {
    const xl = $("hb-xlabels");
    xl.textContent = "";
    if (view.chart === "lifetime") {
      const every = Math.max(1, Math.ceil((6 * CHAR_W * AXIS_FONT + AXIS_FONT) * M.ncols / PLOT_W));
      for (let j = 0; j < M.ncols; j += every)
        label(xl, D.charts.lifetime.columns[j].label, (j + 0.5) * PLOT_W / M.ncols, null);
      return;
    }
    const t0 = Number(M.colSpans[0][0]), t1 = Number(M.colSpans[M.ncols - 1][1]);
    const most = Math.max(2, Math.floor(PLOT_W / (9 * CHAR_W * AXIS_FONT)));
    const s = U.tickStepTime((t1 - t0) / most, t1, D.charts[view.chart].time_unit);
    const first = Math.ceil(t0 / s.step), last = Math.floor(t1 / s.step);
    for (let k = first; k <= last && k - first < 1000; k++) {
      const x = xOfTime(BigInt(Math.round(k * s.step)));
      if (x !== null) label(xl, U.tick(s, k * s.step), x, null).dataset.time = String(k * s.step);
    }
  }

  /* The heap axis on the right, as the images' (hb_image_heap_ticks). */
  function drawHeapTicks() {
    const hl = $("hb-heapticks");
    hl.textContent = "";
    $("hb-heaptitle").hidden = M.lines.length === 0;
    $("hb-heaptitle").textContent = M.memory ? "heap, footprint, other memory" : "total heap";
    const m = graphTop();
    if (!M.lines.length) return;
    const s = U.tickStepBytes(m / Math.max(1, Math.floor(PLOT_H / (3.5 * AXIS_FONT))), m);
    for (let k = 0; k < 1000 && k * s.step <= m * (1 + 1e-9); k++) {
      label(hl, U.tick(s, k * s.step), null, m > 0 ? heapY(k * s.step, m) + 0.5 : PLOT_H - 0.5);
      if (m === 0) break;
    }
    $("hb-heaptitle").style.color = DIFF ? "#000" : lineColours()[0];
  }

  /* Mark names above the plot, each on the first of up to three lines
     where it overlaps no other; the plot moves down by the lines used
     (none: no gap above the chart). */
  function drawMarkNames() {
    const mk = $("hb-marks");
    mk.textContent = "";
    const ends = [];
    for (const mark of marksOf()) {
      const x = xOfTime(BigInt(mark.time));
      if (x === null) continue;
      const text = "\u25bc " + mark.name;
      const half = text.length * CHAR_W * 11 / 2 + 4;
      let line = ends.findIndex((e) => e <= x - half);
      if (line < 0) line = ends.length < 3 ? ends.length : ends.indexOf(Math.min(...ends));
      ends[line] = x + half;
      const s = label(mk, text, x, null);
      s.title = mark.name + " at " + U.time(mark.time, D.charts[view.chart].time_unit)
        + " (" + mark.time + ")";
      s.dataset.line = String(line);
    }
    const lines = ends.length;
    for (const s of mk.children) s.style.top = (-16 * (lines - Number(s.dataset.line))) + "px";
    $("hb-plot").style.marginTop = (lines ? 16 * lines + 4 : 6) + "px";
  }

  function drawLabels() {
    drawRowLabels();
    drawTimeTicks();
    drawHeapTicks();
    drawMarkNames();
    const ch = view.chart === "lifetime" ? D.charts.lifetime : D.charts[view.chart];
    $("hb-chart-title").textContent = CHART_NAMES[view.chart] + ": " + ch.value
      + (DIFF ? " (NEW minus OLD)" : "") + ", " + view.scale + " scale"
      + (DIFF ? "" : ", " + view.palette + " palette");
    $("hb-xtitle").textContent = view.chart === "lifetime" ? "lifetime (" + unitName(ch.time_unit) + ")"
                                                           : "time (" + unitName(ch.time_unit) + ")";
  }

  /* The unit's name in the axis title, as the images write it
     (chart_build.c's hb_chart_unit_words). */
  function unitName(u) {
    return { i: "instructions", B: "bytes allocated and freed", ms: "ms" }[u] || u;
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

  /* The legend's labelled values as the images' (img_layout.c's
     hb_image_legend_ticks), along a bar that runs left (0, or a diff's
     largest decrease) to right: the ends, then round values largest
     first, each at least a label's width from the last. */
  const BAR_W = 320, LEGEND_GAP = 52;
  function legendValues(vmax, bytes) {
    const out = [];
    if (view.scale === "linear") {
      const most = Math.floor(BAR_W / (3.5 * AXIS_FONT));
      const s = bytes ? U.tickStepBytes(vmax / most, vmax) : U.tickStepCount(vmax / most);
      for (let k = Math.floor(vmax / s.step); k >= 1; k--)
        if (k * s.step < vmax) out.push([k * s.step, U.tick(s, k * s.step)]);
      return out;
    }
    const mults = [500, 200, 100, 50, 20, 10, 5, 2, 1];
    if (bytes) {
      for (let u = 6; u >= 0; u--)
        for (const m of mults)
          if (m * Math.pow(1024, u) < vmax) out.push([m * Math.pow(1024, u)]);
    } else {
      let mag = Math.pow(10, Math.floor(Math.log10(vmax)));
      for (let k = 0; k < 20; k++, mag /= 10)
        for (const m of mults.slice(6)) if (m * mag < vmax) out.push([m * mag]);
    }
    return out.map(([v]) => [v, U.number(v, bytes ? "size_b" : "count")]);
  }

  /* What a diff's blank cell means, in the text chart's words
     (ascii_diff.c's notes). */
  function noiseWhy() {
    const mc = D.charts[view.chart].min_change;
    const amount = valueStyle() === "size_b" ? U.size(mc.amount) : U.count(mc.amount);
    return "--min-change=" + mc.percent + "%," + amount + ", or a shift of under a column";
  }
  function blankWords() {
    const mc = D.charts[view.chart].min_change;
    return mc.percent > 0 || mc.amount > 0 ? "blank: no change, or noise (" + noiseWhy() + ")"
                                           : "blank: no change";
  }

  function drawLegend() {
    const bar = $("hb-legend-bar"), ctx = bar.getContext("2d");
    const colours = paletteColours();
    for (let i = 0; i < BAR_W; i++) {
      ctx.fillStyle = colours[Math.min(255, Math.floor(i * 256 / BAR_W))];
      ctx.fillRect(i, 0, 1, 12);
    }
    const box = $("hb-legend-ticks");
    box.textContent = "";
    const style = valueStyle(), vmax = M.vmax;
    const top = U.number(vmax, style);
    if (DIFF) {
      label(box, vmax > 0 ? "-" + top : "", 0, null).id = "hb-legend-lo";
      label(box, "0", BAR_W / 2, null);
      label(box, vmax > 0 ? "+" + top : "", BAR_W, null).id = "hb-legend-hi";
    } else {
      label(box, "0", 0, null).id = "hb-legend-lo";
      label(box, vmax > 0 ? top : "", BAR_W, null).id = "hb-legend-hi";
      let last = BAR_W;
      for (const [v, text] of vmax > 0 ? legendValues(vmax, style === "size_b") : []) {
        const x = shade(v, vmax) * BAR_W;
        if (x < LEGEND_GAP) break;
        if (last - x >= LEGEND_GAP) {
          label(box, text, x, null);
          last = x;
        }
      }
    }
    $("hb-legend-what").textContent = view.chart === "lifetime" ? D.charts.lifetime.value
      : D.charts[view.chart].value + (DIFF ? ", new minus old (blue less, red more)" : "");
    const top2 = U.size(graphTop());
    $("hb-legend-line").textContent = M.lines.length === 0 ? ""
      : DIFF ? "lines: total heap of OLD (dashed blue) and NEW (red), top = " + top2
             : M.memory ? "lines: total heap; over it the allocator's footprint (orange) and the other "
                          + "anonymous memory (grey, dashed, stacked on the footprint); top = " + top2
             : "line: total heap, top = " + top2;
    $("hb-legend-blank").textContent = DIFF && M.noise ? blankWords() : "";
    $("hb-legend-over").textContent = "";
    if (OVER && M.ended.some((e) => e)) {
      const unit = D.charts[view.chart].time_unit;
      $("hb-legend-over").textContent = "grey: the " + OVER.run + " run is over (t="
        + U.time(OVER.end, unit) + "): " + (OVER.run === "old" ? "new" : "old")
        + "'s cells, not a change";
    }
  }

  function showRange() {
    const unit = M.L ? D.charts[view.chart].time_unit : "";
    $("hb-range").textContent = M.L
      ? "time " + U.time(M.colSpans[0][0], unit) + " .. " + U.time(M.colSpans[M.ncols - 1][1], unit)
        + ", " + M.ncols + " columns of " + M.L.per + " stored column" + (M.L.per === 1 ? "" : "s")
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
    const t = (v) => U.time(v, unit);
    const style = valueStyle();
    const val = (v) => U.withExact(v, style);
    const bytes = (v) => U.withExact(v, "size_b");
    const lines = [];
    const fold = foldOf(r);
    if (fold) lines.push("rows: " + fold.text);
    else lines.push("band: " + band.label + " (" + band.lo + ".." + band.hi + " bytes)");
    if (view.chart === "lifetime") {
      lines.push("lifetime: " + D.charts.lifetime.columns[j].label + " (" + t(s) + " .. " + t(e) + " " + unit + ")");
      if (!fold) lines.push("value (" + D.charts.lifetime.value + "): " + val(M.cells[r * M.ncols + j]));
      return lines.join("\n");
    }
    lines.push("time: " + t(s) + " .. " + t(e) + " " + unit + " (" + s + " .. " + e + ")");
    let before = null, after = null;
    const at = (m) => m.name + " at " + t(m.time);
    for (const m of marksOf()) {
      if (BigInt(m.time) <= s) before = m;
      else if (after === null && BigInt(m.time) >= e) after = m;
      else if (BigInt(m.time) > s && BigInt(m.time) < e) lines.push("mark in it: " + at(m));
    }
    if (before) lines.push("mark before: " + at(before));
    if (after) lines.push("mark after: " + at(after));
    const what = D.charts[view.chart].value;
    if (OVER && M.ended[j])
      lines.push("the " + OVER.run + " run is over (t=" + t(OVER.end) + "): "
                 + (OVER.run === "old" ? "new" : "old") + "'s cells, not a change");
    const b = M.lo + r;
    const col = M.L.cols[j];
    const figs = fold ? null : FILES.map((f) => figures(f, b, col));
    if (fold) {
      /* The rows of a fold are empty: no figures of their own. */
    } else if (DIFF) {
      const [o, n] = figs.map((fg) => valueOf(fg, view.chart));
      lines.push("value (" + what + "): old " + val(o) + ", new " + val(n)
                 + ", change " + val(M.cells[r * M.ncols + j]));
      if (M.noise && M.noise[r * M.ncols + j] && M.cells[r * M.ncols + j] !== 0)
        lines.push("noise, drawn blank: " + noiseWhy());
      ["old", "new"].forEach((name, k) => {
        lines.push(name + ": blocks allocated " + U.withExact(figs[k].allocs, "count") + ", freed "
                   + U.withExact(figs[k].frees, "count")
                   + "; bytes live at the column's end " + bytes(figs[k].live_end));
      });
    } else {
      lines.push("value (" + what + "): " + val(M.cells[r * M.ncols + j]));
      lines.push("blocks allocated: " + U.withExact(figs[0].allocs, "count"));
      lines.push("blocks freed: " + U.withExact(figs[0].frees, "count"));
      lines.push("bytes live at the column's end: " + bytes(figs[0].live_end));
    }
    if (DIFF && M.lines.length)
      lines.push("total heap: old " + bytes(M.lines[0][j]) + ", new " + bytes(M.lines[1][j]));
    else if (M.lines.length)
      lines.push("total heap: " + bytes(M.lines[0][j]));
    if (M.memory)
      lines.push("footprint: " + bytes(M.memory.foot[j]) + "; other anonymous memory: "
                 + bytes(M.memory.anon[j]) + " (the largest in the column)");
    return lines.join("\n");
  }

  function cellAt(ev) {
    const rect = $("hb-canvas").getBoundingClientRect();
    const x = ev.clientX - rect.left, y = ev.clientY - rect.top;
    const j = Math.min(M.ncols - 1, Math.max(0, Math.floor(x * M.ncols / rect.width)));
    const py = Math.min(PLOT_H - 1, Math.max(0, Math.floor(y * PLOT_H / rect.height)));
    let r = R.rowOfY[py];
    if (r < 0) r = R.folds.find((f) => py >= Math.round(f.y0) && py < Math.round(f.y1)).bottom;
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
  /* The band's slop (format section 6's slop record) over the sites, for
     each file with the figures; hidden for files without them. */
  function showSlop(band) {
    const box = $("hb-band-slop");
    const parts = [];
    FILES.forEach((f, k) => {
      const s = slopOf(f, band);
      if (s === null) return;
      const label = (BAND_INFO.get(band) || { label: String(band) }).label;
      parts.push((DIFF ? (k === 0 ? "OLD: " : "NEW: ") : "") + "slop of band " + label
                 + " (usable minus requested bytes): allocated " + U.withExact(s[0], "size_b")
                 + ", live at the peak " + U.withExact(s[1], "size_b")
                 + ", live at exit " + U.withExact(s[2], "size_b"));
    });
    box.hidden = parts.length === 0;
    box.textContent = parts.join("\n");
  }

  function showSites(band) {
    showSlop(band);
    const pre = $("hb-sites");
    pre.textContent = "";
    const parts = [];
    FILES.forEach((f, k) => {
      const entry = f.sites.find((s) => s.band === band);
      const head = DIFF ? (k === 0 ? "OLD " : "NEW ") + f.name + ":\n" : "";
      parts.push([head, entry ? entry.text : "no allocation sites in the selected bands\n", k]);
    });
    const list = $("hb-site-list");
    list.textContent = "";
    for (const [head, text, k] of parts) {
      pre.appendChild(document.createTextNode(head + text));
      /* One button per site the file lists in the band (the text shows
         them merged by allocation point): it outlines the site's bands. */
      const entry = FILES[k].sites.find((s) => s.band === band);
      if (!entry || entry.sites.length === 0) continue;
      list.appendChild(document.createTextNode((DIFF ? head.trim() + " " : "") + "outline the bands and times of: "));
      for (const site of entry.sites) {
        const btn = document.createElement("button");
        btn.type = "button";
        btn.textContent = "site " + site;
        btn.addEventListener("click", () => highlightSite(k, site, btn));
        list.appendChild(btn);
      }
      list.appendChild(document.createElement("br"));
    }
  }

  /* The lost blocks by site (a file with leak kinds): its --leaks=all
     text, memcheck's kinds at exit by allocation point and callers. */
  function showLeaks() {
    const pre = $("hb-sites");
    pre.textContent = "";
    $("hb-site-list").textContent = "";
    $("hb-band-slop").hidden = true;
    $("hb-site-note").textContent = "memcheck's leak kinds at exit by allocation point, "
      + "as heapband_print --leaks=all prints them";
    FILES.forEach((f, k) => {
      const head = DIFF ? (k === 0 ? "OLD " : "NEW ") + f.name + ":\n" : "";
      pre.appendChild(document.createTextNode(head + (f.leaks !== undefined ? f.leaks
        : "no leak kinds in this file\n")));
    });
  }

  /* Running counts of the stored columns of file f in the ranges (flat
     [c0, c1, ...], html_data.c) of some site records. */
  function columnCounts(f, rangeLists) {
    const marked = new Uint8Array(f.ncols);
    for (const ranges of rangeLists)
      for (let i = 0; i < ranges.length; i += 2)
        marked.fill(1, ranges[i], ranges[i + 1] + 1);
    const counts = new Int32Array(f.ncols + 1);
    for (let c = 0; c < f.ncols; c++) counts[c + 1] = counts[c] + marked[c];
    return counts;
  }

  function highlightSite(k, site, btn) {
    const f = FILES[k];
    const entries = f.sites.filter((s) => s.sites.includes(site));
    siteBands = entries.map((s) => s.band);
    siteTimes = null;
    if (f.has_times) {
      const times = entries.map((s) => s.times[s.sites.indexOf(site)]);
      siteTimes = { k, all: columnCounts(f, times),
                    byBand: new Map(entries.map((s, i) => [s.band, columnCounts(f, [times[i]])])) };
    }
    for (const b of document.querySelectorAll("#hb-site-list button"))
      b.setAttribute("aria-pressed", String(b === btn));
    const labels = siteBands.map((b) => (BAND_INFO.get(b) || { label: String(b) }).label);
    draw();
    let when = "; this file has no site times (written before the tool kept them)";
    if (siteTimes && M.L)
      when = ", in " + siteColumns(siteTimes.all).length + " of the " + M.ncols
        + " columns shown (the strip along the top; outlined cells: its allocations in each band)";
    else if (siteTimes)
      when = "; its times show on the live and allocations charts";
    $("hb-site-note").textContent = "site " + site + " allocates in band" + (labels.length === 1 ? " " : "s ")
      + labels.join(", ") + " (outlined)" + when;
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
    /* The rows of the longest summary (a file with leak kinds has more),
       then any other; a file without a row shows "-". */
    const longest = FILES.reduce((a, f) => (f.summary.length > a.summary.length ? f : a));
    const names = longest.summary.map(([name]) => name);
    for (const f of FILES)
      for (const [name] of f.summary) if (!names.includes(name)) names.push(name);
    names.forEach((name) => {
      const tr = body.insertRow();
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = name;
      tr.appendChild(th);
      for (const f of FILES) {
        const row = f.summary.find(([n]) => n === name);
        tr.insertCell().textContent = row ? String(row[1]) : "-";
      }
    });
  }

  /* The diff's sites that changed most: D.sites is the "sites" member of
     --diff --format=json, its changes already largest first. */
  const SITE_FIGURES = [["bytes allocated", "alloc_bytes"], ["bytes at peak", "peak_bytes"],
                        ["bytes at exit", "exit_bytes"]];
  /* With memcheck's leak kinds (a file of format 4 with the leak scan):
     what the bytes at exit are, each kind a row; "-" for a run without. */
  const KIND_FIGURES = [["bytes definitely lost", "definitely_bytes"],
                        ["bytes indirectly lost", "indirectly_bytes"],
                        ["bytes possibly lost", "possibly_bytes"],
                        ["bytes still reachable", "reachable_bytes"]];

  /* A changed site's rows: [label, key, old, new], old or new null when
     that run has no leak kinds. */
  function siteRows(c) {
    const rows = SITE_FIGURES.map(([label, key]) => [label, key, c.old[key], c.new[key]]);
    if (c.old.lost !== undefined || c.new.lost !== undefined)
      for (const [label, key] of KIND_FIGURES)
        rows.push([label, "lost." + key, c.old.lost ? c.old.lost[key] : null,
                   c.new.lost ? c.new.lost[key] : null]);
    return rows;
  }

  function changeText(o, n) {
    const d = n - o;
    const sign = d > 0 ? "+" : "";
    if (d === 0) return "0";
    return sign + d + (o === 0 ? "" : " (" + sign + (100 * d / o).toFixed(2) + "%)");
  }

  function changedSites() {
    const sites = D.sites;
    $("hb-changed").hidden = false;
    if (!sites.available) {
      $("hb-changed-note").textContent = "not available (" + sites.reason
        + "; per-site figures need version 3)";
      return;
    }
    const n = sites.changed.length;
    $("hb-changed-note").textContent = n + " changed ("
      + sites.changed.filter((c) => c.status === "new").length + " new, "
      + sites.changed.filter((c) => c.status === "gone").length + " gone), "
      + sites.unchanged + " unchanged; matched by stack";
    if (n === 0) return;
    const t = $("hb-changed-table");
    const head = t.createTHead().insertRow();
    for (const name of ["site", "figure", "old", "new", "change"]) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = name;
      head.appendChild(th);
    }
    sites.changed.forEach((c, i) => {
      const body = t.createTBody();
      body.dataset.site = String(i);
      const rows = siteRows(c);
      rows.forEach(([label, key, o, n], k) => {
        const tr = body.insertRow();
        if (k === 0) {
          const th = document.createElement("th");
          th.scope = "rowgroup";
          th.rowSpan = rows.length + 1;
          th.textContent = "#" + (i + 1) + (c.status === "changed" ? "" : " (" + c.status + ")");
          tr.appendChild(th);
        }
        const th = document.createElement("th");
        th.scope = "row";
        th.textContent = label;
        tr.appendChild(th);
        tr.dataset.figure = key;
        const known = o !== null && n !== null;
        for (const text of [o === null ? "-" : String(o), n === null ? "-" : String(n),
                            known ? changeText(o, n) : "-"])
          tr.insertCell().textContent = text;
      });
      const frames = body.insertRow().insertCell();
      frames.colSpan = 4;
      frames.className = "hb-frames";
      frames.textContent = c.frames.map((fr, k) => (k ? "by " : "at ") + fr).join("\n");
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
    if (FILES.some((f) => f.leaks !== undefined)) {
      $("hb-lost").hidden = false;
      $("hb-lost").addEventListener("click", showLeaks);
    }
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
        if (M.lo !== null && !foldOf(c.r)) showSites(M.lo + c.r);   /* a fold: no one band */
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
        if (M.lo !== null && !foldOf(s.r)) showSites(M.lo + s.r);
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
    if (DIFF) changedSites();
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
    /* The columns of the view the highlighted site allocated in (the
       strip), or null. */
    siteColumns: () => (siteTimes && M.L ? siteColumns(siteTimes.all) : null),
    matrix: () => ({ ncols: M.ncols, nrows: M.nrows, lo: M.lo,
                     labels: M.labels.map((l) => l.label),
                     starts: M.colSpans.map((s) => s[0].toString()),
                     ends: M.colSpans.map((s) => s[1].toString()), ended: Array.from(M.ended),
                     noise: M.noise ? Array.from(M.noise) : null,
                     cells: Array.from(M.cells) }),
    /* The page coordinates of the middle of cell (row r from the bottom,
       column j). */
    cellPoint: (r, j) => {
      const rect = $("hb-canvas").getBoundingClientRect();
      return { x: rect.left + (j + 0.5) * rect.width / M.ncols,
               y: rect.top + (R.y0[r] + R.y1[r]) / 2 * rect.height / PLOT_H };
    },
    /* Row r's pixel rows on the plot (a folded row's: its fold's). */
    rowBox: (r) => [R.y0[r], R.y1[r]],
    /* With the program's allocator, the view's memory lines: per column
       the file's footprint and other anonymous memory (exact, as
       strings), and the values drawn (the footprint at least the heap,
       the other memory stacked on it) with their y on the plot; else
       null. */
    memory: () => {
      const mem = memoryDrawn();
      if (!mem) return null;
      const m = graphTop();
      return { foot: M.memory.foot.map(String), anon: M.memory.anon.map(String),
               drawnFoot: mem.foot, drawnAnon: mem.anon,
               footY: mem.foot.map((v) => heapY(v, m)), anonY: mem.anon.map((v) => heapY(v, m)),
               heapY: M.lines[0].map((v) => heapY(v, m)),
               footColour: FOOT_COLOUR, anonColour: ANON_COLOUR };
    },
    /* The folded runs of empty rows: their text and rows. */
    folds: () => R.folds.map((f) => ({ text: f.text, top: f.top, bottom: f.bottom })),
    /* The page's number formats (report-units.js), for the test to
       compare with the text chart's. */
    units: { size: (v) => hbUnits.size(v), count: (v) => hbUnits.count(v),
             time: (v, u) => hbUnits.time(v, u), number: (v, st) => hbUnits.number(v, st) },
  };
})();
