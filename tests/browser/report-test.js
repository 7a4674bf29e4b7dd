// Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
// The HTML report in a real browser: Debian's Chromium, headless, driven
// through puppeteer-core, offline.  Run by tests/print/html-browser.test:
//   node report-test.js PRINTER FILE [MARK_FROM MARK_TO]   checks one file
//   node report-test.js PRINTER --diff OLD NEW              checks a diff
//   node report-test.js PRINTER --memory FILE   the footprint, other anonymous
//                       memory and slop of --allocator=program (none without)
//   node report-test.js PRINTER --reruns FILE   a version-5 file's copy
//                       buttons of the rerun commands
//   node report-test.js PRINTER --diff-reruns OLD NEW   a version-5 diff's
//                       changed sites with theirs
//   node report-test.js PRINTER --leaks FILE [FILE2]   the lost blocks view
//                       of a file with leak kinds (two: of --diff FILE FILE2,
//                       and its sites that changed most)
//   node report-test.js PRINTER --screenshots DIR FILE OLD NEW   gallery
//   node report-test.js PRINTER --timing FILE   load, draw and hover times
// Every figure the page shows is compared with the printer's CSV export
// or its --sites text; the page must request nothing but itself.
"use strict";
const { execFileSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");
const chromium = require("./chromium");

const [printer, ...args] = process.argv.slice(2);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "hb-browser-"));

function fail(msg) {
  console.error("FAIL: " + msg);
  process.exitCode = 1;
  throw new Error(msg);
}
function ok(msg) { console.log("ok: " + msg); }
function expectEq(what, want, got) {
  if (String(want) !== String(got)) fail(`${what}: expected ${want}, got ${got}`);
}

function print(argv) {
  return execFileSync(printer, argv, { encoding: "utf8", maxBuffer: 1 << 28 });
}

// The CSV export: columns' starts, rows (top first) as {label, lo, cells}.
function csv(argv) {
  const out = { starts: [], rows: [] };
  for (const line of print(["--format=csv", ...argv]).trim().split("\n").slice(1)) {
    const f = line.split(",");
    if (f[0] === "start") out.starts = f.slice(4);
    if (f[0] === "band") out.rows.push({ label: f[1], lo: f[2], cells: f.slice(4).map(Number) });
  }
  return out;
}

const launch = () => chromium.launch(work);

// Open the report; every request but the page's own is refused and counted.
async function open(browser, file, fragment) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1300, height: 1000 });
  const url = "file://" + path.resolve(file);
  const others = [];
  const errors = [];
  await page.setRequestInterception(true);
  page.on("request", (req) => {
    if (req.url().split("#")[0] === url) req.continue();
    else { others.push(req.url()); req.abort(); }
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  const t0 = Date.now();
  await page.goto(url + (fragment || ""), { waitUntil: "load" });
  await page.waitForFunction(() => window.hb !== undefined);
  page.loadMs = Date.now() - t0;
  page.others = others;
  page.errors = errors;
  return page;
}

function offline(page) {
  if (page.others.length) fail("the page requested " + page.others.join(" "));
  if (page.errors.length) fail("script errors: " + page.errors.join("; "));
}

async function hover(page, r, j) {
  const p = await page.evaluate((r, j) => window.hb.cellPoint(r, j), r, j);
  await page.mouse.move(p.x, p.y);
  return page.$eval("#hb-info", (e) => e.textContent);
}

// The view's most columns, the rest of the fragment kept.
async function setCols(page, n) {
  await page.evaluate((n) => {
    const p = new URLSearchParams(location.hash.slice(1));
    p.set("cols", String(n));
    location.hash = p.toString();
  }, n);
}

function field(text, re) {
  const m = text.match(re);
  if (!m) fail("no " + re + " in: " + text);
  return m[1];
}

// A hover figure, "2.48M (2597865.40625)" or "24" (its human form is the
// figure itself): the exact figure, after checking that the human form
// is the page's (report-units.js) for it.
async function exactOf(page, text, style) {
  const m = text.match(/^(\S+) \((-?[\d.]+)\)$/);
  if (!m) {
    if (!/^-?\d+$/.test(text)) fail("not a figure: " + text);
    return text;
  }
  const want = await page.evaluate((v, st) => (v < 0 ? "-" + window.hb.units.number(-v, st)
                                                     : window.hb.units.number(v, st)), Number(m[2]), style);
  expectEq("human form of " + m[2], want, m[1]);
  return m[2];
}

// Rows of the view inside a folded run of empty rows (their hover and
// click are the fold's).
async function foldedRows(page) {
  const rows = new Set();
  for (const f of await page.evaluate(() => window.hb.folds()))
    for (let r = f.bottom; r <= f.top; r++) rows.add(r);
  return rows;
}

// The page's matrix equals the CSV's (rows top first in the CSV).
function sameMatrix(what, m, c) {
  expectEq(what + " columns", c.starts.join(" "), m.starts.join(" "));
  expectEq(what + " rows", c.rows.map((r) => r.label).reverse().join(" "), m.labels.join(" "));
  for (let i = 0; i < c.rows.length; i++) {
    const r = m.nrows - 1 - i;
    for (let j = 0; j < m.ncols; j++)
      if (c.rows[i].cells[j] !== m.cells[r * m.ncols + j])
        fail(`${what} cell ${c.rows[i].label} column ${j}: CSV ${c.rows[i].cells[j]}, page ${m.cells[r * m.ncols + j]}`);
  }
  ok(`${what}: ${m.nrows} x ${m.ncols} cells as in the CSV`);
}

async function checkFile(file, markFrom, markTo) {
  const html = path.join(work, "report.html");
  print(["--html=" + html, file]);
  const browser = await launch();
  try {
    // The chart re-binned to the CSV's width: every cell, and hover.
    const live = csv(["--width=80", file]);
    const page = await open(browser, html, "#cols=" + live.starts.length);
    ok(`${path.basename(file)}: report opened in ${page.loadMs} ms`);
    sameMatrix("live", await page.evaluate(() => window.hb.matrix()), live);
    const allocs = csv(["--width=80", "--chart=allocs", file]);
    const ends = csv(["--width=80", "--stat=end", file]);
    const m = await page.evaluate(() => window.hb.matrix());
    let hovered = 0;
    const folded = await foldedRows(page);
    for (let i = 0; i < live.rows.length; i += Math.max(1, Math.floor(live.rows.length / 12)))
      for (let j = 0; j < live.starts.length; j += Math.max(1, Math.floor(live.starts.length / 5))) {
        if (folded.has(m.nrows - 1 - i)) continue;
        const text = await hover(page, m.nrows - 1 - i, j);
        expectEq("hover band", live.rows[i].label, field(text, /^band: (\S+)/m));
        expectEq("hover value", live.rows[i].cells[j],
                 Number(await exactOf(page, field(text, /^value \(.*\): (.+)$/m), "size_b")));
        expectEq("hover allocated", allocs.rows.find((r) => r.label === live.rows[i].label).cells[j],
                 Number(await exactOf(page, field(text, /^blocks allocated: (.+)$/m), "count")));
        expectEq("hover live at end", ends.rows[i].cells[j],
                 Number(await exactOf(page, field(text, /^bytes live at the column's end: (.+)$/m), "size_b")));
        hovered++;
      }
    ok(`hover: ${hovered} cells show the CSV's value, blocks allocated and live bytes at the end`);
    await checkLabels(page, file, live);

    // The summary: the file's totals digit for digit, above 2^53 too.
    const fileText = fs.readFileSync(file, "latin1");
    const rec = (k) => fileText.match(new RegExp("^" + k + " (.*)$", "m"))[1].split(" ");
    const summary = await page.evaluate(() => Object.fromEntries(
      Array.from(document.querySelectorAll("#hb-summary tbody tr"))
        .map((tr) => [tr.cells[0].textContent, tr.cells[1].textContent])));
    expectEq("summary: bytes allocated", rec("total")[1], summary["bytes allocated"]);
    expectEq("summary: bytes freed", rec("total")[3], summary["bytes freed"]);
    expectEq("summary: peak live bytes", rec("peak")[0], summary["peak live bytes"]);
    expectEq("summary: live bytes at exit", rec("exit")[0], summary["live bytes at exit"]);
    ok("summary: the file's totals, exact (" + rec("total")[1] + " bytes allocated)");

    // Keyboard: the arrow keys move the cell whose figures are shown.
    await page.focus("#hb-canvas");
    for (const key of ["ArrowUp", "ArrowRight", "ArrowRight", "ArrowLeft"]) await page.keyboard.press(key);
    const keyed = await page.$eval("#hb-info", (e) => e.textContent);
    expectEq("keyboard: top band, second column", await hover(page, m.nrows - 1, 1), keyed);
    ok("keyboard: the arrow keys show the cell's figures");

    // Palettes: the largest cell of the allocs chart (no heap line over
    // it) has the palette's last colour (somewhere: a mark may cross it).
    await page.click("#hb-charts button[data-chart=allocs]");
    for (const palette of ["viridis", "gregg"]) {
      await page.select("#hb-palette", palette);
      const got = await page.evaluate((palette) => {
        const m = window.hb.matrix();
        const i = m.cells.indexOf(Math.max(...m.cells));
        const r = Math.floor(i / m.ncols), j = i % m.ncols;
        const canvas = document.getElementById("hb-canvas");
        const rect = canvas.getBoundingClientRect();
        const p = window.hb.cellPoint(r, j);
        const w = Math.max(1, Math.floor(rect.width / m.ncols));
        const h = Math.max(1, Math.floor(rect.height / m.nrows));
        const px = canvas.getContext("2d").getImageData(Math.floor(p.x - rect.left - w / 2),
                                                        Math.floor(p.y - rect.top - h / 2), w, h).data;
        const seen = [];
        for (let k = 0; k < px.length; k += 4)
          seen.push("#" + [px[k], px[k + 1], px[k + 2]].map((v) => v.toString(16).padStart(2, "0")).join(""));
        return { seen, want: JSON.parse(document.getElementById("hb-data").textContent).palettes[palette][255],
                 hash: location.hash };
      }, palette);
      if (!got.seen.includes(got.want))
        fail(`${palette}: the largest cell is not ${got.want}: ${[...new Set(got.seen)].join(" ")}`);
      if (!got.hash.includes("palette=" + palette)) fail("the fragment lacks the palette: " + got.hash);
    }
    await page.click("#hb-charts button[data-chart=live]");
    ok("palettes: the largest cell drawn in the palette's last colour, the fragment follows");

    // Zoom by dragging across the time axis, in the whole run's view.
    await page.evaluate(() => { location.hash = ""; });
    const full = await page.evaluate(() => window.hb.matrix());
    const colOf = (t) => full.starts.filter((s) => BigInt(s) <= BigInt(t)).length - 1;
    let from = markFrom, to = markTo, jA, jB;
    if (markFrom !== undefined) {
      const marks = JSON.parse(print(["--format=json", "--width=80", file])).marks;
      jA = colOf(marks.find((k) => k.name === markFrom).time);
      jB = colOf(marks.find((k) => k.name === markTo).time);
    } else {
      jA = Math.floor(full.ncols / 4);
      jB = Math.floor(full.ncols / 2);
      from = full.starts[jA];
      to = String(BigInt(full.starts[jB + 1]) - 1n);
    }
    const a = await page.evaluate((j) => window.hb.cellPoint(0, j), jA);
    const b = await page.evaluate((j) => window.hb.cellPoint(0, j), jB);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up();
    const zoomed = await page.evaluate(() => window.hb.view());
    const range = csv(["--width=80", "--from=" + from, "--to=" + to, file]);
    expectEq("zoomed view starts at the column of --from", range.starts[0], zoomed.from);
    await setCols(page, range.starts.length);
    sameMatrix(`zoom --from=${from} --to=${to}`, await page.evaluate(() => window.hb.matrix()), range);
    expectEq("the fragment keeps the view", true,
             await page.evaluate(() => /from=\d+/.test(location.hash) && /to=\d+/.test(location.hash)));
    await page.click("#hb-whole");
    expectEq("Whole run", null, (await page.evaluate(() => window.hb.view())).from);
    // A report made with --from/--to starts with that range.
    const ranged = path.join(work, "ranged.html");
    print(["--html=" + ranged, "--from=" + from, "--to=" + to, file]);
    const rpage = await open(browser, ranged, "#cols=" + range.starts.length);
    sameMatrix("report made with --from/--to", await rpage.evaluate(() => window.hb.matrix()), range);
    offline(rpage);
    await rpage.close();

    // Drill down: clicking a band lists the sites the text printer lists.
    const sites = await page.evaluate(() => window.hb.matrix());
    const foldedAll = await foldedRows(page);
    let listed = 0, withSites = null;
    for (let r = 0; r < sites.nrows; r += Math.max(1, Math.floor(sites.nrows / 12))) {
      if (foldedAll.has(r)) continue;
      const p = await page.evaluate((r) => window.hb.cellPoint(r, 0), r);
      await page.mouse.click(p.x, p.y);
      const shown = await page.$eval("#hb-sites", (e) => e.textContent);
      const lo = live.rows[live.rows.length - 1 - r].lo;
      // --max-size is exclusive: the band holding lo, alone.
      const want = print(["--sites", "--min-size=" + lo, "--max-size=" + (BigInt(lo) + 1n).toString(), file]);
      expectEq(`sites of band ${sites.labels[r]}`, want, shown);
      if (!/^no allocation sites/.test(want)) {
        listed++;
        withSites = p;
      }
    }
    ok(`sites: bands clicked, ${listed} with sites, as --sites lists them`);
    if (listed) {
      await page.mouse.click(withSites.x, withSites.y);
      await page.click("#hb-site-list button");
      const note = await page.$eval("#hb-site-note", (e) => e.textContent);
      if (!/^site \d+ allocates in band/.test(note)) fail("site highlight: " + note);
      ok("clicking a site outlines its bands: " + note.split(" (")[0]);
    }
    if (SB_TIMES.test(fs.readFileSync(file, "latin1"))) await checkSiteTimes(page, file);
    for (const chart of ["allocs", "lifetime"]) {
      await page.click(`#hb-charts button[data-chart=${chart}]`);
      const c = csv(["--chart=" + chart, "--width=80", file]);
      if (chart === "allocs") {
        await setCols(page, c.starts.length);
        sameMatrix("allocs", await page.evaluate(() => window.hb.matrix()), c);
      } else {
        const lm = await page.evaluate(() => window.hb.matrix());
        expectEq("lifetime rows", c.rows.map((r) => r.label).reverse().join(" "), lm.labels.join(" "));
      }
    }
    if (!/^exit-lost /m.test(fs.readFileSync(file, "latin1")))
      expectEq("no leak kinds: the lost blocks button is hidden", true, await page.$eval("#hb-lost", (b) => b.hidden));
    await page.click("#hb-charts button[data-chart=live]");
    await screenshot(page, path.basename(file, ".hb"));
    offline(page);
    ok("no network request, no script error");
  } finally {
    await browser.close();
  }
}

// An sb line with site times (format section 7): b, S, its 7 figures and
// the ranges, which are m[3].
const SB_TIMES = /^sb (\d+) (\d+)(?: \d+){7} (.+)$/m;

// The file's site times, read here: per site, the stored columns it
// allocated in, over all its bands; the column width and count.
function siteTimes(file) {
  const text = fs.readFileSync(file, "latin1");
  const header = (k) => Number(text.match(new RegExp("^" + k + " (\\d+)$", "m"))[1]);
  const sites = new Map();
  for (const m of text.matchAll(new RegExp(SB_TIMES.source, "gm"))) {
    const cols = sites.get(m[2]) || new Set();
    for (const r of m[3].split(" ")) {
      const [lo, hi] = r.split("-").map(Number);
      for (let c = lo; c <= (hi === undefined ? lo : hi); c++) cols.add(c);
    }
    sites.set(m[2], cols);
  }
  return { sites, width: BigInt(header("column-width:")), ncols: header("column-count:") };
}

// Clicking each site of each band marks the view's columns that hold a
// stored column its sb lines' times name (the view's columns from their
// starts, the last one to the view's end), in the whole run at an uneven
// number of columns and zoomed.
// Version 5: each band's copy buttons (#hb-site-reruns) give, per site,
// the command of --sites --format=json's record of that site and band,
// and clicking one shows it (copied, or to copy by hand).
async function checkRerunFile(file) {
  const html = path.join(work, "reruns.html");
  print(["--html=" + html, file]);
  const browser = await launch();
  try {
    const live = csv(["--width=80", file]);
    const page = await open(browser, html, "#cols=" + live.starts.length);
    await checkReruns(page, file, await page.evaluate(() => window.hb.matrix()), live);
    offline(page);
  } finally {
    await browser.close();
  }
}

async function checkReruns(page, file, m, live) {
  const recs = JSON.parse(print(["--sites", "--format=json", file])).records;
  const folded = await foldedRows(page);
  let checked = 0;
  for (let r = 0; r < m.nrows; r++) {
    if (folded.has(r)) continue;
    /* The panel may have scrolled the page: the plot back in view first. */
    await page.evaluate(() => window.scrollTo(0, 0));
    const p = await page.evaluate((r) => window.hb.cellPoint(r, 0), r);
    await page.mouse.click(p.x, p.y);
    const lo = live.rows[live.rows.length - 1 - r].lo;
    const want = recs.filter((x) => String(x.lo) === lo && x.site !== 0 && x.rerun)
      .map((x) => x.site + " " + x.rerun);
    const shown = await page.$$eval("#hb-site-reruns button",
      (bs) => bs.map((b) => b.dataset.site + " " + b.title));
    expectEq(`rerun buttons of band ${m.labels[r]}`, want.sort().join("|"), shown.sort().join("|"));
    if (shown.length) {
      const cmd = await page.$eval("#hb-site-reruns button", (b) => b.title);
      await page.click("#hb-site-reruns button");
      /* The clipboard answers later: the note says so when it has. */
      try {
        await page.waitForFunction((cmd) => document.getElementById("hb-site-note")
          .textContent.endsWith(": " + cmd), { timeout: 5000 }, cmd);
      } catch (e) {
        fail("copy button: the note says " + await page.$eval("#hb-site-note", (n) => n.textContent));
      }
      checked += shown.length;
    }
  }
  if (checked === 0) fail("reruns: no copy button");
  ok(`reruns: ${checked} copy buttons, each --sites --format=json's rerun of its site and band`);
}

async function checkSiteTimes(page, file) {
  const st = siteTimes(file);
  const before = await page.evaluate(() => location.hash);
  let checked = 0;
  for (const [cols, from, to] of [[37, null, null], [23, 1, Math.floor(st.ncols / 2)]]) {
    await page.evaluate((cols, from, to) => {
      location.hash = "cols=" + cols + (from === null ? "" : "&from=" + from + "&to=" + to);
    }, cols, from === null ? null : String(BigInt(from) * st.width), to === null ? null : String(BigInt(to) * st.width));
    const m = await page.evaluate(() => window.hb.matrix());
    const first = m.starts.map((s) => Number(BigInt(s) / st.width));
    const last = to === null ? st.ncols - 1 : to;
    const folded = await foldedRows(page);
    for (let r = 0; r < m.nrows; r++) {
      if (folded.has(r)) continue;
      const p = await page.evaluate((r) => window.hb.cellPoint(r, 0), r);
      await page.mouse.click(p.x, p.y);
      const n = await page.$$eval("#hb-site-list button", (bs) => bs.length);
      for (let i = 0; i < n; i++) {
        const site = await page.evaluate((i) => {
          const b = document.querySelectorAll("#hb-site-list button")[i];
          b.click();
          return b.textContent.replace("site ", "");
        }, i);
        const want = [];
        first.forEach((c0, j) => {
          const c1 = j + 1 < first.length ? first[j + 1] - 1 : last;
          for (let c = c0; c <= c1; c++) if (st.sites.get(site).has(c)) { want.push(j); break; }
        });
        expectEq(`site ${site}'s columns (${cols} columns${from === null ? "" : ", zoomed"})`,
                 want.join(" "), (await page.evaluate(() => window.hb.siteColumns())).join(" "));
        const note = await page.$eval("#hb-site-note", (e) => e.textContent);
        expectEq(`site ${site}'s note`, `in ${want.length} of the ${m.ncols} columns shown`,
                 field(note, /(in \d+ of the \d+ columns shown)/));
        checked++;
      }
    }
  }
  await page.evaluate((h) => { location.hash = h; }, before);
  if (checked === 0) fail("site times: no site to click");
  ok(`site times: ${checked} sites clicked, their columns are the file's sb ranges re-binned`);
}

// The page's numbers as the text chart writes them (util/units.c): the
// heap's top and the marks' times (the text's marks legend, the hover);
// the legend's labels human; time ticks at round times in the file's
// unit, each read back as its time and placed by it.  Then the folds.
async function checkLabels(page, file, live) {
  const text = print(["--width=80", "--height=1000", file]);
  // With --allocator=program the top is that of the memory stacked on the
  // heap, in both (checkMemory checks the rest of that legend).
  const withMemory = fileMemory(file) !== null;
  expectEq("the heap's top as the text chart's", (withMemory ? "lines: total heap; over it the allocator's footprint "
           + "(orange) and the other anonymous memory (grey, dashed, stacked on the footprint); top = "
           : "line: total heap, top = ") + field(text, /^\s*(\S+) [|│]/m),
           await page.$eval("#hb-legend-line", (e) => e.textContent));
  const lines = text.split("\n");
  const at = lines.findIndex((l) => l.startsWith("marks: "));
  const json = JSON.parse(print(["--format=json", "--width=80", file]));
  if (json.marks.length) {
    let block = lines[at];
    for (let k = at + 1; k < lines.length && lines[k].startsWith("  "); k++) block += " " + lines[k];
    const said = [...block.matchAll(/ t=([^;\s]+)/g)].map((x) => x[1]);
    if (!said.length) fail("no mark times in the text chart: " + block);
    const page_ = await page.evaluate((times, u) => times.map((t) => window.hb.units.time(t, u)),
                                      json.marks.map((k) => String(k.time)), json.time_unit);
    for (const t of said) if (!page_.includes(t)) fail(`mark time ${t} of the text chart: the page writes ${page_.join(" ")}`);
    const m = await page.evaluate(() => window.hb.matrix());
    const folded = await foldedRows(page);
    let r = m.nrows - 1;
    while (folded.has(r)) r--;
    const hovered = await hover(page, r, m.ncols - 1);
    const before = field(hovered, /^mark (?:before|in it): .* at (\S+)$/m);
    if (!said.includes(before)) fail(`hover's mark time ${before}: not the text chart's (${said.join(" ")})`);
    ok(`marks: times as the text chart writes them (${said.join(" ")}), in the hover too`);
  }
  const legend = await page.$$eval("#hb-legend-ticks span", (s) => s.map((e) => e.textContent));
  const vmax = Math.max(...live.rows.flatMap((r) => r.cells));
  expectEq("legend's left end", "0", legend[0]);
  expectEq("legend's right end", await page.evaluate((v) => (v > 0 ? window.hb.units.number(v, "size_b") : ""), vmax),
           legend[1]);
  for (const l of legend)
    if (!/^(0|\d{1,4}(\.\d{1,2})?[KMGTPE]?B?|)$/.test(l)) fail("legend label not human: " + l);
  ok(`legend: ${legend.join(" ")} (largest value ${vmax})`);

  const ticks = await page.$$eval("#hb-xlabels span", (s) => s.map((e) => ({
    text: e.textContent, time: Number(e.dataset.time), left: parseFloat(e.style.left) })));
  const mm = await page.evaluate(() => window.hb.matrix());
  if (ticks.length < 2) fail("fewer than two time ticks: " + ticks.map((t) => t.text).join(" "));
  const step = ticks[1].time - ticks[0].time;
  const mant = step / Math.pow(10, Math.floor(Math.log10(step)));
  if (![1, 2, 5].some((k) => Math.abs(mant - k) < 1e-9)) fail("time tick step not round: " + step);
  const mult = { "": 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18, ms: 1, s: 1e3 };
  ticks.forEach((t, k) => {
    if (t.time !== ticks[0].time + k * step || t.time % step !== 0) fail("time ticks not evenly round: " + t.time);
    const m = t.text.match(/^(\d+(?:\.\d+)?)(k|M|G|T|P|E|ms|s)?$/);
    if (!m || Math.abs(Number(m[1]) * mult[m[2] || ""] - t.time) > 1e-9 * t.time)
      fail(`time tick "${t.text}" does not read as its time ${t.time}`);
    let j = 0;
    while (j + 1 < mm.ncols && Number(mm.starts[j + 1]) <= t.time) j++;
    const s0 = Number(mm.starts[j]), e0 = Number(mm.ends[j]);
    const x = (j + (e0 > s0 ? (t.time - s0) / (e0 - s0) : 0)) * 1024 / mm.ncols;
    if (Math.abs(x - t.left) > 0.5) fail(`time tick ${t.text} at x=${t.left}, its time is at ${x}`);
  });
  ok(`time ticks at round times, placed by time: ${ticks.map((t) => t.text).join(" ")}`);
  await checkFolds(page, [file], live, "empty");
  await checkUnits(page);
}

// The page's formatter (report-units.js) writes every case of
// tests/unit/test_units.c's table of hb_format_number as units.c does, in
// its three styles (ties to even included).
async function checkUnits(page) {
  const src = fs.readFileSync(path.join(__dirname, "..", "unit", "test_units.c"), "utf8");
  const cases = [...src.matchAll(/^\s*\{ (-?[\d.e]+|-INFINITY), "([^"]*)", "([^"]*)", "([^"]*)" \},/gm)];
  if (cases.length < 20) fail("test_units.c: only " + cases.length + " format cases read");
  const got = await page.evaluate((vs) => vs.map((v) => ["count", "size", "size_b"].map((st) =>
    window.hb.units.number(v === "-INFINITY" ? -Infinity : Number(v), st))), cases.map((c) => c[1]));
  cases.forEach((c, i) => expectEq(`format ${c[1]}`, c.slice(2).join(" "), got[i].join(" ")));
  ok(`numbers: the ${cases.length} cases of test_units.c written as units.c writes them`);
}

// Runs of two or more blank rows of the view (the CSV's, top first) are
// one folded row each, "RANGE: empty (N rows)" ("no change" in a diff);
// a file's text chart (drawn with all its rows) folds the same runs with
// the same words.
async function checkFolds(page, argv, c, word) {
  const n = c.rows.length;
  const blank = (r) => c.rows[n - 1 - r].cells.every((v) => v === 0);
  const want = [];
  for (let r = n - 1; r >= 0; r--) {
    let b = r;
    while (b > 0 && blank(b) && blank(b - 1)) b--;
    if (b < r) want.push({ top: r, bottom: b });
    r = b;
  }
  const got = await page.evaluate(() => window.hb.folds());
  expectEq("folded runs of rows", want.map((f) => `${f.bottom}-${f.top}`).join(" "),
           got.map((f) => `${f.bottom}-${f.top}`).join(" "));
  got.forEach((f, k) => expectEq("fold's words", `${word} (${want[k].top - want[k].bottom + 1} rows)`,
                                 field(f.text, /^\S+: (.*)$/)));
  expectEq("folds drawn", got.map((f) => "~ " + f.text).join("|"),
           (await page.$$eval("#hb-folds span", (s) => s.map((e) => e.textContent))).join("|"));
  if (word === "empty") {
    const text = print(["--width=80", "--height=1000", ...argv]);
    const said = text.split("\n").filter((l) => /^\s*~ /.test(l)).map((l) => l.trim().slice(2));
    for (const l of said)
      if (!got.some((f) => f.text === l)) fail(`the text chart's fold "${l}" is not the page's: ${got.map((f) => f.text).join("; ")}`);
  }
  ok(`folds: ${got.length} runs of empty rows folded${got.length ? ": " + got.map((f) => f.text).join("; ") : ""}`);
}

// The colour most of each cell's pixels have on the canvas (cells in the
// matrix's order, bottom row first).
async function cellColours(page) {
  return page.evaluate(() => {
    const m = window.hb.matrix();
    const ctx = document.getElementById("hb-canvas").getContext("2d");
    const out = [];
    for (let r = 0; r < m.nrows; r++) {
      const [y0, y1] = window.hb.rowBox(r);
      for (let j = 0; j < m.ncols; j++) {
        const x0 = Math.ceil(j * 1024 / m.ncols), x1 = Math.floor((j + 1) * 1024 / m.ncols);
        const px = ctx.getImageData(x0, Math.ceil(y0), Math.max(1, x1 - x0), Math.max(1, Math.floor(y1) - Math.ceil(y0))).data;
        const seen = new Map();
        for (let k = 0; k < px.length; k += 4) {
          const c = "#" + [px[k], px[k + 1], px[k + 2]].map((v) => v.toString(16).padStart(2, "0")).join("");
          seen.set(c, (seen.get(c) || 0) + 1);
        }
        out.push([...seen].sort((a, b) => b[1] - a[1])[0][0]);
      }
    }
    return out;
  });
}

// A diff's noise (diff_chart.c: no change, a change under --min-change, or
// one a shift of under a column explains) is the printer's, cell for cell,
// at the CSV's width (the exported chart's mask) and re-binned narrower
// (the page's own rule): --diff --format=json's "noise" rows.  A noise
// cell holding a change is drawn blank, never in a change's colour, and
// the legend says what blank means in the text chart's words.  Returns
// the number of such cells of the re-binned view.
async function checkNoise(page, oldFile, newFile) {
  let rebinned = 0;
  for (const width of [80, 50]) {
    const j = JSON.parse(print(["--diff", "--align=time", "--format=json", "--width=" + width, oldFile, newFile]));
    await setCols(page, j.columns.length);
    const m = await page.evaluate(() => window.hb.matrix());
    expectEq(`noise at --width=${width}: columns`, j.columns.map((c) => c.start).join(" "), m.starts.join(" "));
    if (!m.noise) fail("diff: the page has no noise mask");
    const colours = await cellColours(page);
    const folded = await foldedRows(page);
    let masked = 0, blankChanges = 0, first = null;
    j.rows.forEach((row, i) => {
      const r = m.nrows - 1 - i;
      for (let c = 0; c < m.ncols; c++) {
        const k = r * m.ncols + c;
        expectEq(`noise of ${row.label} column ${c} at --width=${width}`, row.noise[c], m.noise[k]);
        expectEq(`change of ${row.label} column ${c} at --width=${width}`, row.values[c], m.cells[k]);
        masked += m.noise[k];
        if (m.noise[k] && m.cells[k] !== 0 && !folded.has(r)) {
          if (colours[k] !== "#ffffff") fail(`noise ${row.label} column ${c}: drawn ${colours[k]}, not blank`);
          if (first === null) first = [r, c];
          blankChanges++;
        }
      }
    });
    if (width === 50) rebinned = blankChanges;
    if (first !== null) {
      const said = field(await hover(page, first[0], first[1]), /^noise, drawn blank: (.*)$/m);
      const words = print(["--diff", "--align=time", "--width=80", oldFile, newFile]).match(/^\s*blank: no change, or noise \((.*)\)$/m);
      expectEq("hover on a noise cell", words ? words[1] : "(no noise in the text)", said);
    }
    ok(`noise at --width=${width} (${m.ncols} columns): ${masked} cells as the printer's, ${blankChanges} changes drawn blank`);
  }
  const text = print(["--diff", "--align=time", "--width=80", oldFile, newFile]);
  expectEq("the legend's blank", text.match(/^\s*(blank: .*)$/m)[1],
           await page.$eval("#hb-legend-blank", (e) => e.textContent));
  return rebinned;
}

// Columns that start once the shorter run is over (diff_chart.c) hold the
// longer run's cells: each non-zero one drawn grey (#bebebe, the images'
// colour, the text's '/'), never a change's colour, and left out of the
// legend's range; the legend says so in the text chart's words.
async function checkEnded(page, oldFile, newFile, diff) {
  const endOf = (f) => BigInt(fs.readFileSync(f, "latin1").match(/^end-time: (\d+)$/m)[1]);
  const [oe, ne] = [endOf(oldFile), endOf(newFile)];
  const shorter = oe < ne ? oe : ne;
  const want = diff.starts.map((s) => (oe !== ne && BigInt(s) >= shorter && BigInt(s) > 0n ? 1 : 0));
  const m = await page.evaluate(() => window.hb.matrix());
  expectEq("columns after the shorter run's end", want.join(""), m.ended.join(""));
  const colours = await cellColours(page);
  let grey = 0, changes = 0;
  for (let r = 0; r < m.nrows; r++)
    for (let j = 0; j < m.ncols; j++) {
      const i = r * m.ncols + j, v = m.cells[i];
      if (want[j] && v !== 0) {
        if (colours[i] !== "#bebebe") fail(`row ${m.labels[r]} column ${j} after the shorter run's end: ${colours[i]}, not grey`);
        grey++;
      } else if (colours[i] === "#bebebe") {
        fail(`row ${m.labels[r]} column ${j}: grey, but not after the shorter run's end`);
      } else if (v !== 0) {
        changes++;
      }
    }
  const vmax = Math.max(0, ...m.cells.filter((v, i) => !want[i % m.ncols]).map(Math.abs));
  expectEq("legend's range (changes only)", await page.evaluate((v) => (v > 0 ? "+" + window.hb.units.number(v, "size_b") : ""), vmax),
           await page.$eval("#hb-legend-hi", (e) => e.textContent));
  const text = print(["--diff", "--align=time", "--width=80", "--height=1000", oldFile, newFile]);
  const said = text.match(/^\s*'\/': (.*)$/m);
  expectEq("the legend's note on the run that is over", said ? "grey: " + said[1] : "",
           await page.$eval("#hb-legend-over", (e) => e.textContent));
  if (oe !== ne && !grey) fail("runs of different lengths and no grey cell");
  ok(`runs end at ${oe} and ${ne}: ${grey} cells grey after ${shorter}, ${changes} changes${said ? "; " + said[1] : ""}`);
}

// A screenshot of the page into the test's log directory.
async function screenshot(page, name) {
  if (!process.env.HB_LOGDIR) return;
  const file = path.join(process.env.HB_LOGDIR, "print-html-browser-" + name + ".png");
  await page.screenshot({ path: file, fullPage: true });
  console.log("screenshot: " + file);
}

// Version 5: a diff's changed sites with their copy buttons (the rest of
// the diff page is checkDiff's).
async function checkDiffReruns(oldFile, newFile) {
  const html = path.join(work, "diff-reruns.html");
  print(["--diff", "--html=" + html, oldFile, newFile]);
  const browser = await launch();
  try {
    const page = await open(browser, html, "");
    await checkChangedSites(page, oldFile, newFile);
    const cmd = await page.$eval("button.hb-rerun-copy", (b) => b.title);
    await page.click("button.hb-rerun-copy");
    try {
      await page.waitForFunction((cmd) => document.getElementById("hb-site-note")
        .textContent.endsWith(": " + cmd), { timeout: 5000 }, cmd);
    } catch (e) {
      fail("changed site's copy button: the note says "
           + await page.$eval("#hb-site-note", (n) => n.textContent));
    }
    offline(page);
    ok("a changed site's copy button gives its command");
  } finally {
    await browser.close();
  }
}

async function checkDiff(oldFile, newFile) {
  const html = path.join(work, "diff.html");
  print(["--diff", "--html=" + html, oldFile, newFile]);
  const browser = await launch();
  try {
    const diff = csv(["--diff", "--align=time", "--width=80", oldFile, newFile]);
    const page = await open(browser, html, "#cols=" + diff.starts.length);
    const m = await page.evaluate(() => window.hb.matrix());
    sameMatrix("diff", m, diff);
    let hovered = 0;
    const folded = await foldedRows(page);
    for (let i = 0; i < diff.rows.length; i++)
      for (let j = 0; j < m.ncols; j += Math.max(1, Math.floor(m.ncols / 4))) {
        if (folded.has(m.nrows - 1 - i)) continue;
        const text = await hover(page, m.nrows - 1 - i, j);
        const vals = text.match(/old (.+), new (.+), change (.+)$/m);
        if (!vals) fail("no old/new/change in: " + text);
        const ex = [];
        for (const k of [1, 2, 3]) ex.push(Number(await exactOf(page, vals[k], "size_b")));
        expectEq("hover change", diff.rows[i].cells[j], ex[2]);
        expectEq("new minus old", ex[2], ex[1] - ex[0]);
        hovered++;
      }
    ok(`diff hover: ${hovered} cells show the CSV's change, old and new`);
    const legend = await page.$eval("#hb-legend-line", (e) => e.textContent);
    if (!/OLD .* NEW/.test(legend)) fail("diff: both heap totals not drawn: " + legend);
    await checkFolds(page, ["--diff", "--align=time", oldFile, newFile], diff, "no change");
    await checkEnded(page, oldFile, newFile, diff);
    const blanked = await checkNoise(page, oldFile, newFile);
    if (/sitediff-old/.test(oldFile) && blanked === 0)
      fail("sitediff: no change drawn blank as noise in the re-binned view (it has two)");
    await setCols(page, diff.starts.length);
    await checkChangedSites(page, oldFile, newFile);
    await screenshot(page, "diff-" + path.basename(oldFile, ".hb") + "-" + path.basename(newFile, ".hb"));
    offline(page);
    ok("diff: no network request, no script error");
  } finally {
    await browser.close();
  }
}

// The panel of the sites that changed most shows the sites, figures and
// frames of --diff --format=json's "sites" member, in its order, largest
// byte change first; or, without version-3 sites, its reason.
async function checkChangedSites(page, oldFile, newFile) {
  const sites = JSON.parse(print(["--diff", "--format=json", oldFile, newFile])).sites;
  const shown = await page.evaluate(() => ({
    hidden: document.getElementById("hb-changed").hidden,
    note: document.getElementById("hb-changed-note").textContent,
    sites: Array.from(document.querySelectorAll("#hb-changed-table tbody")).map((b) => ({
      head: b.querySelector("th[scope=rowgroup]").textContent,
      rows: Array.from(b.querySelectorAll("tr[data-figure]")).map((tr) => ({
        key: tr.dataset.figure, label: tr.querySelector("th[scope=row]").textContent,
        cells: Array.from(tr.querySelectorAll("td")).map((td) => td.textContent) })),
      frames: b.querySelector("td.hb-frames").textContent,
      rerun: b.querySelector("button.hb-rerun-copy") ? b.querySelector("button.hb-rerun-copy").title : null })),
  }));
  if (shown.hidden) fail("diff: the changed sites panel is hidden");
  if (!sites.available) {
    expectEq("sites not available", `not available (${sites.reason}; per-site figures need version 3)`,
             shown.note);
    expectEq("sites not available: rows", 0, shown.sites.length);
    ok("changed sites: not available, " + sites.reason);
    return;
  }
  const count = (st) => sites.changed.filter((c) => c.status === st).length;
  expectEq("changed sites note", `${sites.changed.length} changed (${count("new")} new, `
           + `${count("gone")} gone), ${sites.unchanged} unchanged; matched by stack`, shown.note);
  expectEq("changed sites listed", sites.changed.length, shown.sites.length);
  const figures = [["alloc_bytes", "bytes allocated"], ["peak_bytes", "bytes at peak"],
                   ["exit_bytes", "bytes at exit"]];
  // With leak kinds in either run, a row per kind of the bytes at exit.
  const kinds = [["definitely_bytes", "bytes definitely lost"], ["indirectly_bytes", "bytes indirectly lost"],
                 ["possibly_bytes", "bytes possibly lost"], ["reachable_bytes", "bytes still reachable"]];
  let kindRows = 0, reruns = 0;
  let last = Infinity;
  sites.changed.forEach((c, i) => {
    const s = shown.sites[i];
    expectEq(`site ${i + 1} head`, "#" + (i + 1) + (c.status === "changed" ? "" : ` (${c.status})`), s.head);
    expectEq(`site ${i + 1} frames`, c.frames.map((f, k) => (k ? "by " : "at ") + f).join("\n"), s.frames);
    expectEq(`site ${i + 1} rerun`, c.rerun || null, s.rerun);
    if (c.rerun) reruns++;
    const withKinds = c.old.lost !== undefined || c.new.lost !== undefined;
    const rows = figures.map(([key, label]) => [key, label, c.old[key], c.new[key]]);
    if (withKinds)
      for (const [key, label] of kinds)
        rows.push(["lost." + key, label, c.old.lost ? c.old.lost[key] : null, c.new.lost ? c.new.lost[key] : null]);
    expectEq(`site ${i + 1} rows`, rows.map((f) => f[0]).join(" "), s.rows.map((r) => r.key).join(" "));
    let largest = 0;
    rows.forEach(([key, label, o, n], k) => {
      let cells = "- | - | -";
      if (o !== null && n !== null) {
        const d = n - o;
        const pct = o === 0 || d === 0 ? "" : ` (${d > 0 ? "+" : ""}${(100 * d / o).toFixed(2)}%)`;
        cells = [o, n, d === 0 ? "0" : (d > 0 ? "+" : "") + d + pct].join(" | ");
        if (k < figures.length) largest = Math.max(largest, Math.abs(d));
      } else if (o !== null || n !== null) {
        cells = [o === null ? "-" : o, n === null ? "-" : n, "-"].join(" | ");
      }
      expectEq(`site ${i + 1} ${key} label`, label, s.rows[k].label);
      expectEq(`site ${i + 1} ${key} old new change`, cells, s.rows[k].cells.join(" | "));
      if (k >= figures.length) kindRows++;
    });
    if (largest > last) fail(`site ${i + 1}: a byte change of ${largest} after one of ${last}`);
    last = largest;
  });
  ok(`changed sites: ${sites.changed.length} sites, their figures and frames as the JSON's, largest first`
     + (kindRows ? `, ${kindRows} rows of leak kinds` : "")
     + (reruns ? `, ${reruns} copy buttons of their rerun commands` : ""));
}

// memcheck's leak kinds of a format-4 file, read here: per run (exit-lost
// and exit), per band (lost and leak lines), each as [bytes, blocks] of
// definitely, indirectly, possibly lost and still reachable.
const KINDS = ["definitely lost", "indirectly lost", "possibly lost", "still reachable"];
function fileKinds(file) {
  const text = fs.readFileSync(file, "latin1");
  const nums = (line) => line.split(" ").slice(1).map(BigInt);
  const rec = (k) => nums(text.match(new RegExp("^" + k + " .*$", "m"))[0]);
  const withReachable = (lost, bytes, blocks) => {
    const k = [0, 1, 2].map((i) => [lost[2 * i], lost[2 * i + 1]]);
    k.push([bytes - k.reduce((a, x) => a + x[0], 0n), blocks - k.reduce((a, x) => a + x[1], 0n)]);
    return k.map(([a, b]) => [String(a), String(b)]);
  };
  const exit = rec("exit");
  const run = withReachable(rec("exit-lost"), exit[0], exit[1]);
  const lo = new Map(), lost = new Map(), bands = new Map();
  for (const m of text.matchAll(/^band (\d+) (\d+) \d+$/gm)) lo.set(m[1], m[2]);
  for (const m of text.matchAll(/^lost (\d+)((?: \d+){6})$/gm)) lost.set(m[1], m[2].trim().split(" ").map(BigInt));
  for (const m of text.matchAll(/^leak (\d+) (\d+) (\d+)$/gm))
    bands.set(lo.get(m[1]), withReachable(lost.get(m[1]) || [0n, 0n, 0n, 0n, 0n, 0n], BigInt(m[3]), BigInt(m[2])));
  return { run, bands };
}

// What the lost blocks view shows of one file's --leaks=all text: the
// LEAK SUMMARY, each kind's tree (its head, and the sum of its loss
// records, the "other sites" among them) and each band's kinds, every
// figure as [bytes, blocks] in KINDS order.
function shownKinds(text) {
  const amount = "(\\d+) bytes in (\\d+) blocks?";
  const empty = () => KINDS.map(() => ["0", "0"]);
  const got = { summary: empty(), heads: empty(), records: KINDS.map(() => [0n, 0n]), bands: new Map() };
  let kind = -1, band = null;
  for (const line of text.split("\n")) {
    let m;
    if ((m = line.match(new RegExp("^ +(" + KINDS.join("|") + "): " + amount + "$"))) && kind < 0 && band === null)
      got.summary[KINDS.indexOf(m[1])] = [m[2], m[3]];
    else if ((m = line.match(new RegExp("^(" + KINDS.join("|") + "), by allocation point, then callers: " + amount + "$")))) {
      kind = KINDS.indexOf(m[1]);
      got.heads[kind] = [m[2], m[3]];
    } else if ((m = line.match(new RegExp("^[ \\d]{2}\\d\\.\\d% " + amount + "(?: (" + KINDS.join("|") + "))?: ")))) {
      if (m[3] !== undefined && KINDS.indexOf(m[3]) !== kind) fail("a " + m[3] + " record in the " + KINDS[kind] + " tree");
      got.records[kind][0] += BigInt(m[1]);
      got.records[kind][1] += BigInt(m[2]);
    } else if ((m = line.match(new RegExp("^  band \\S+ \\((\\d+)\\.\\.\\d+ bytes\\): " + amount + "$")))) {
      band = empty();
      got.bands.set(m[1], band);
    } else if (band !== null && (m = line.match(new RegExp("^    (" + KINDS.join("|") + "): " + amount + "$"))))
      band[KINDS.indexOf(m[1])] = [m[2], m[3]];
  }
  got.records = got.records.map(([a, b]) => [String(a), String(b)]);
  return got;
}

const pairs = (k) => k.map(([a, b]) => a + "/" + b).join(" ");

// The "Lost blocks by site" button shows, for each file, its --leaks=all
// text (100 columns), whose figures are the file's: the run's four kinds in
// the summary, in each kind's tree head and in the sum of its loss
// records, and every band's; the summary table has the run's kinds too.
async function checkLeaks(files) {
  const html = path.join(work, "leaks.html");
  const diff = files.length === 2;
  print([...(diff ? ["--diff"] : []), "--html=" + html, ...files]);
  const browser = await launch();
  try {
    const page = await open(browser, html, "");
    expectEq("the lost blocks button is shown", false, await page.$eval("#hb-lost", (b) => b.hidden));
    await page.click("#hb-lost");
    const shown = await page.$eval("#hb-sites", (e) => e.textContent);
    expectEq("the lost blocks note", "memcheck's leak kinds at exit by allocation point, as heapband_print --leaks=all prints them",
             await page.$eval("#hb-site-note", (e) => e.textContent));
    const texts = diff ? shown.split(/^(?:OLD|NEW) .*:\n/m).slice(1) : [shown];
    expectEq("texts shown", files.length, texts.length);
    const table = await page.evaluate(() => Array.from(document.querySelectorAll("#hb-summary tbody tr"))
      .map((tr) => Array.from(tr.cells).map((c) => c.textContent)));
    files.forEach((file, k) => {
      const name = path.basename(file);
      const want = fileKinds(file);
      expectEq(`${name}: the text shown`, print(["--leaks=all", "--width=100", file]), texts[k]);
      const got = shownKinds(texts[k]);
      expectEq(`${name}: LEAK SUMMARY`, pairs(want.run), pairs(got.summary));
      expectEq(`${name}: the trees' heads`, pairs(want.run), pairs(got.heads));
      expectEq(`${name}: the loss records' sums`, pairs(want.run), pairs(got.records));
      const wantBands = [...want.bands.keys()].sort().map((lo) => lo + ": " + pairs(want.bands.get(lo)));
      const gotBands = [...got.bands.keys()].sort().map((lo) => lo + ": " + pairs(got.bands.get(lo)));
      expectEq(`${name}: the bands' kinds`, wantBands.join("; "), gotBands.join("; "));
      KINDS.forEach((kind, i) => ["bytes", "blocks"].forEach((unit, u) => {
        const row = table.find((r) => r[0] === `${kind} ${unit} at exit`);
        if (!row) fail(`${name}: no summary row "${kind} ${unit} at exit"`);
        expectEq(`${name}: summary table ${kind} ${unit}`, want.run[i][u], row[1 + k]);
      }));
      ok(`${name}: the lost blocks shown are the file's: ${pairs(want.run)} (bytes/blocks of each kind), `
         + `in ${want.bands.size} bands`);
    });
    if (diff) await checkChangedSites(page, files[0], files[1]);
    offline(page);
  } finally {
    await browser.close();
  }
}

// Format 4's memory beyond the blocks (sections 4, 6, 12), read here:
// per stored column the footprint's and the other anonymous memory's
// largest (fcol FOOT_MAX, ANON_MAX; a column without a record carries the
// ENDs of the last one) and the heap (col LIVE_MAX, a quiet column the
// last LIVE_END); the slop records by band; the run's figures.  null for
// a file without them (not "allocator: program").
function fileMemory(file) {
  const text = fs.readFileSync(file, "latin1");
  if (!/^allocator: program$/m.test(text)) return null;
  const ncols = Number(text.match(/^column-count: (\d+)$/m)[1]);
  const recs = (k, n) => new Map(Array.from(text.matchAll(new RegExp("^" + k + " (\\d+)((?: \\d+){" + n + "})$", "gm")),
                                            (m) => [Number(m[1]), m[2].trim().split(" ").map(BigInt)]));
  const fcol = recs("fcol", 6), col = recs("col", 3);
  const foot = [], anon = [], heap = [];
  let last = [0n, 0n, 0n, 0n, 0n, 0n], lastCol = [0n, 0n, 0n];
  for (let c = 0; c < ncols; c++) {
    if (fcol.has(c)) last = fcol.get(c);
    const g = fcol.has(c) ? last : [last[0], last[0], last[2], last[2]];
    foot.push(g[1]);
    anon.push(g[3]);
    if (col.has(c)) lastCol = col.get(c);
    heap.push(col.has(c) ? lastCol[1] : lastCol[0]);
  }
  const line = (k) => text.match(new RegExp("^" + k + " (.*)$", "m"))[1].split(" ").map(BigInt);
  const fp = line("footprint"), oa = line("other-anon");
  const slop = recs("slop", 3);
  const frag = fp[0] - fp[3] - fp[4];
  return { ncols, foot, anon, heap, slop,
           run: { "peak footprint": fp[0], "peak footprint reached at": fp[1], "footprint at exit": fp[2],
                  "fragmentation at peak footprint": frag > 0n ? frag : 0n,
                  "slop at exit": [...slop.values()].reduce((a, r) => a + r[2], 0n),
                  "peak other anonymous memory": oa[0] } };
}

// The memory of --allocator=program in the report (one stored column per
// chart column): the footprint line drawn is the file's fcol FOOT_MAX of
// each column (at least the heap, as in the images), in orange on the
// canvas, the other anonymous memory stacked on it; the hover gives both,
// the legend names them; clicking a band shows its slop record; the
// summary has the run's figures.  A file without them shows none of it.
async function checkMemory(file) {
  const html = path.join(work, "memory.html");
  print(["--html=" + html, file]);
  const want = fileMemory(file);
  const name = path.basename(file);
  const browser = await launch();
  try {
    const page = await open(browser, html, "");
    const m = await page.evaluate(() => window.hb.matrix());
    const mem = await page.evaluate(() => window.hb.memory());
    const summary = await page.evaluate(() => Object.fromEntries(
      Array.from(document.querySelectorAll("#hb-summary tbody tr"))
        .map((tr) => [tr.cells[0].textContent, tr.cells[1].textContent])));
    const legend = await page.$eval("#hb-legend-line", (e) => e.textContent);
    const folded = await foldedRows(page);
    const clickBand = async (r) => {
      const p = await page.evaluate((r) => window.hb.cellPoint(r, 0), r);
      await page.mouse.click(p.x, p.y);
      return page.$eval("#hb-band-slop", (e) => (e.hidden ? null : e.textContent));
    };
    if (want === null) {
      expectEq(name + ": no memory lines", null, mem);
      for (const row of Object.keys(summary))
        if (/footprint|slop|anonymous/.test(row)) fail(name + ": a summary row " + row);
      if (/footprint/.test(legend)) fail(name + ": the legend names a footprint: " + legend);
      if (/footprint/.test(await hover(page, m.nrows - 1, 0))) fail(name + ": a footprint on hover");
      const r = [...Array(m.nrows).keys()].find((k) => !folded.has(k));
      expectEq(name + ": no band slop", null, await clickBand(r));
      ok(name + ": no footprint, other memory or slop shown");
      offline(page);
      return;
    }
    expectEq(name + ": one stored column per chart column", want.ncols, m.ncols);
    let orange = 0;
    const px = await page.evaluate(() => {
      const c = document.getElementById("hb-canvas");
      return Array.from(c.getContext("2d").getImageData(0, 0, c.width, c.height).data);
    });
    const width = await page.evaluate(() => document.getElementById("hb-canvas").width);
    const rgb = (x, y) => "#" + [0, 1, 2].map((k) => px[(y * width + x) * 4 + k].toString(16).padStart(2, "0")).join("");
    for (let j = 0; j < m.ncols; j++) {
      expectEq(`${name}: footprint of column ${j}`, want.foot[j], mem.foot[j]);
      expectEq(`${name}: other anonymous memory of column ${j}`, want.anon[j], mem.anon[j]);
      const drawn = want.foot[j] > want.heap[j] ? want.foot[j] : want.heap[j];
      expectEq(`${name}: footprint drawn in column ${j}`, drawn, mem.drawnFoot[j]);
      expectEq(`${name}: other memory drawn in column ${j}`, drawn + want.anon[j], BigInt(mem.drawnAnon[j]));
      // The orange step at the column's middle, unless another line is on it.
      const x = Math.floor((j + 0.5) * width / m.ncols), y = mem.footY[j];
      if (Math.abs(y - mem.heapY[j]) > 2 && Math.abs(y - mem.anonY[j]) > 2) {
        if (rgb(x, y - 1) !== mem.footColour && rgb(x, y) !== mem.footColour)
          fail(`${name}: column ${j}: no footprint line at y=${y}: ${rgb(x, y - 1)} ${rgb(x, y)}`);
        orange++;
      }
      const text = await hover(page, m.nrows - 1, j);
      const h = text.match(/^footprint: (.+); other anonymous memory: (.+) \(the largest in the column\)$/m);
      if (!h) fail(name + ": no footprint on hover: " + text);
      expectEq(`${name}: hover footprint of column ${j}`, want.foot[j], await exactOf(page, h[1], "size_b"));
      expectEq(`${name}: hover other memory of column ${j}`, want.anon[j], await exactOf(page, h[2], "size_b"));
    }
    if (orange === 0) fail(name + ": the footprint line is nowhere apart from the others");
    ok(`${name}: the footprint and other anonymous memory of ${m.ncols} columns drawn, hovered and as the `
       + `file's fcol records (${orange} columns' orange step seen on the canvas)`);
    // At 3 columns (grid.h: k = ceil(n / 3) stored columns each) a column
    // holds the largest of its stored columns'.
    await setCols(page, 3);
    const per = Math.floor((want.ncols - 1) / 3) + 1, big = (a, v) => (v > a ? v : a);
    const merged = await page.evaluate(() => window.hb.memory());
    for (let j = 0; j * per < want.ncols; j++) {
      const part = (xs) => xs.slice(j * per, (j + 1) * per).reduce(big, 0n);
      expectEq(`${name}: 3 columns: footprint of column ${j}`, part(want.foot), merged.foot[j]);
      expectEq(`${name}: 3 columns: other memory of column ${j}`, part(want.anon), merged.anon[j]);
    }
    ok(`${name}: re-binned to 3 columns, each the largest of its ${per} stored columns`);
    if (!/footprint \(orange\)/.test(legend) || !/other anonymous memory \(grey, dashed/.test(legend))
      fail(name + ": the legend: " + legend);
    let withSlop = 0, without = 0;
    for (let r = 0; r < m.nrows; r++) {
      if (folded.has(r)) continue;
      const b = m.lo + r;
      const shown = await clickBand(r);
      if (shown === null) fail(`${name}: band ${m.labels[r]}: no slop shown`);
      const s = shown.match(/^slop of band (\S+) \(usable minus requested bytes\): allocated (.+), live at the peak (.+), live at exit (.+)$/);
      if (!s) fail(name + ": the band's slop: " + shown);
      expectEq(`${name}: slop band label`, m.labels[r], s[1]);
      const rec = want.slop.get(b) || [0n, 0n, 0n];
      for (let k = 0; k < 3; k++)
        expectEq(`${name}: band ${m.labels[r]} slop field ${k}`, rec[k], await exactOf(page, s[k + 2], "size_b"));
      if (want.slop.has(b)) withSlop++; else without++;
    }
    if (withSlop === 0) fail(name + ": no band with a slop record clicked");
    ok(`${name}: ${withSlop} bands' slop shown as their slop records, ${without} without one shown as 0`);
    for (const [row, v] of Object.entries(want.run))
      expectEq(`${name}: summary ${row}`, v, summary[row]);
    ok(`${name}: the summary's peak footprint ${want.run["peak footprint"]}, fragmentation `
       + `${want.run["fragmentation at peak footprint"]}, slop at exit ${want.run["slop at exit"]}`);
    offline(page);
  } finally {
    await browser.close();
  }
}

async function screenshots(dir, file, oldFile, newFile) {
  const html = path.join(work, "shot.html"), dhtml = path.join(work, "dshot.html");
  print(["--html=" + html, file]);
  print(["--diff", "--html=" + dhtml, oldFile, newFile]);
  const browser = await launch();
  try {
    const shots = [["live", "#chart=live&palette=viridis"], ["allocs", "#chart=allocs&scale=sqrt"],
                   ["lifetime", "#chart=lifetime&scale=log"]];
    for (const [name, frag] of shots) {
      const page = await open(browser, html, frag);
      const p = await page.evaluate(() => {
        const m = window.hb.matrix();
        return window.hb.cellPoint(m.nrows - 1, Math.floor(m.ncols / 2));
      });
      await page.mouse.click(p.x, p.y);
      await page.mouse.move(p.x, p.y);
      await page.screenshot({ path: path.join(dir, `html-${name}.png`), fullPage: true });
      offline(page);
      await page.close();
    }
    const page = await open(browser, dhtml, "");
    const p = await page.evaluate(() => {
      const m = window.hb.matrix();
      return window.hb.cellPoint(m.nrows - 1, Math.floor(m.ncols * 0.8));
    });
    await page.mouse.move(p.x, p.y);
    await page.screenshot({ path: path.join(dir, "html-diff.png"), fullPage: true });
    offline(page);
    ok("screenshots in " + dir);
  } finally {
    await browser.close();
  }
}

// Milliseconds from the start of navigation to the first chart drawn
// (the script's end), of a re-draw per chart, and of hovers.
async function timing(file) {
  const html = path.join(work, "timing.html");
  print(["--html=" + html, file]);
  console.log("report: " + fs.statSync(html).size + " bytes");
  const browser = await launch();
  try {
    for (let run = 0; run < 3; run++) {
      const page = await open(browser, html, "");
      const ready = await page.evaluate(() => window.hb.readyMs);
      const t0 = Date.now();
      for (const chart of ["allocs", "lifetime", "live"])
        await page.click(`#hb-charts button[data-chart=${chart}]`);
      const switchMs = (Date.now() - t0) / 3;
      const m = await page.evaluate(() => window.hb.matrix());
      const t1 = Date.now();
      for (let k = 0; k < 50; k++) await hover(page, k % m.nrows, (k * 37) % m.ncols);
      console.log(`run ${run}: first chart drawn ${ready.toFixed(0)} ms after navigation start; `
                  + `chart switch ${switchMs.toFixed(0)} ms; hover ${((Date.now() - t1) / 50).toFixed(1)} ms`);
      offline(page);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

(async () => {
  try {
    if (args[0] === "--timing") await timing(args[1]);
    else if (args[0] === "--diff") await checkDiff(args[1], args[2]);
    else if (args[0] === "--leaks") await checkLeaks(args.slice(1));
    else if (args[0] === "--reruns") await checkRerunFile(args[1]);
    else if (args[0] === "--diff-reruns") await checkDiffReruns(args[1], args[2]);
    else if (args[0] === "--memory") await checkMemory(args[1]);
    else if (args[0] === "--screenshots") await screenshots(args[1], args[2], args[3], args[4]);
    else await checkFile(args[0], args[1], args[2]);
  } catch (e) {
    if (!process.exitCode) console.error("FAIL: " + (e.stack || e));
    process.exitCode = 1;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
})();
