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
  const { STARTED_MS, D, DIFF, FILES, PLOT_W, PLOT_H, CHARTS, CHART_NAMES, BAND_INFO,
          view, readFragment, writeFragment, group, figures, valueOf, matrix } = hbModel;
  const $ = (id) => document.getElementById(id);

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

  /* The largest value of the heap lines, exact. */
  function lineMax() {
    let m = 0;
    for (const l of M.lines) for (const v of l) if (v > m) m = v;
    return m;
  }

  function drawLines(ctx) {
    const m = Number(lineMax());
    if (!m) return;
    const colours = DIFF ? ["#1f5fbf", "#c02020"] : [D.palettes[view.palette + "_line"]];
    M.lines.forEach((line, k) => {
      ctx.strokeStyle = colours[k];
      ctx.lineWidth = 2;
      ctx.setLineDash(DIFF && k === 0 ? [6, 3] : []);
      ctx.beginPath();
      line.forEach((v, j) => {
        const x0 = j * PLOT_W / M.ncols, x1 = (j + 1) * PLOT_W / M.ncols;
        const y = PLOT_H - 1 - (Number(v) / m) * (PLOT_H - 2);
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
    drawSiteTimes(ctx, rowH, colW);
    if (selected) {
      ctx.strokeStyle = "#06c";
      ctx.lineWidth = 2;
      ctx.strokeRect(selected.j * colW, PLOT_H - (selected.r + 1) * rowH, colW, rowH);
    }
  }

  /* The highlighted site's times: a strip along the top of the plot over
     every column holding a stored column it allocated in, and in each of
     its bands' rows the cells in which it allocated in that band. */
  const SITE_TIME_COLOUR = "#e0e";
  function drawSiteTimes(ctx, rowH, colW) {
    if (!siteTimes || !M.L) return;
    ctx.fillStyle = SITE_TIME_COLOUR;
    for (const j of siteColumns(siteTimes.all)) ctx.fillRect(j * colW, 0, colW, 5);
    ctx.strokeStyle = SITE_TIME_COLOUR;
    ctx.lineWidth = 2;
    for (const [b, counts] of siteTimes.byBand) {
      const r = b - M.lo;
      if (r < 0 || r >= M.nrows) continue;
      for (const j of siteColumns(counts))
        ctx.strokeRect(j * colW + 1, PLOT_H - (r + 1) * rowH + 1, Math.max(colW - 2, 1), rowH - 2);
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
