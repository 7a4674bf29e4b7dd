// Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
// heapband_print's exports opened by the viewers they are for, in Debian's
// Chromium (headless, offline, through chromium.js), and what each viewer
// shows written out as text for the test to compare with the heap-band
// file (tests/print/export-viewers.test):
//   node viewers-test.js dhat DH_VIEW_HTML [--png=PNG] FILE.json...
//     Valgrind's dh_view.html loads each FILE through its "Load…" button;
//     FILE.shown gets "root|node|leaf TB TBK GB GBK EB EBK" per node of
//     the tree it shows (its Total, At t-gmax and At t-end lines), a
//     leaf's "Max" line after them ("MB MBK"), the node's frames after a
//     tab.
//   node viewers-test.js speedscope SPEEDSCOPE_DIR [--png=PNG] FILE...
//     speedscope's release build (npm's speedscope, dist/release) imports
//     each FILE the way its command line hands a file over
//     (#localProfilePath), then its Export button saves the profile it
//     read; FILE.shown gets the importer it chose ("importer: ..."), then
//     the exported profile as folded stacks, "frame;...;frame WEIGHT",
//     and "total WEIGHT".
//   node viewers-test.js page URL PNG
//     A screenshot of a viewer served on this machine (pprof's web UI:
//     go tool pprof -http=127.0.0.1:PORT); nothing else is requested.
// PNG: a screenshot of the viewer (with the first FILE), for the manual
// (docs/gallery/make-viewer-shots.sh).  One browser serves every FILE:
// starting Chromium is most of the time taken.
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const chromium = require("./chromium");

const work = fs.mkdtempSync(path.join(os.tmpdir(), "hb-viewers-"));

function fail(msg) {
  console.error("FAIL: " + msg);
  process.exitCode = 1;
  throw new Error(msg);
}

function offline(page) {
  if (page.others.length) fail("the viewer requested " + page.others.join(" "));
  if (page.errors.length) fail("script errors: " + page.errors.join("; "));
}

// dh_view.js's figures: "1,234 bytes (12.5%, ...)" -> 1234.
function figure(text, re, what) {
  const m = text.match(re);
  if (!m) fail(`no ${what} in: ${text}`);
  return m.slice(1).map((s) => s.replace(/,/g, "")).join(" ");
}

// One node of dh_view's tree, as text: its figures (a leaf's "Max" last),
// and a leaf's frames (the "Allocated at" lines, "^N:" inherited from the
// parent, "#N:" new).
function node(text, leaf) {
  const num = "([0-9,]+) bytes[^\\n]* in ([0-9,]+) blocks";
  const tot = figure(text, new RegExp("Total: +" + num), "Total");
  const gmax = figure(text, new RegExp("At t-gmax: +" + num), "At t-gmax");
  const end = figure(text, new RegExp("At t-end: +" + num), "At t-end");
  const max = leaf ? " " + figure(text, new RegExp("Max: +" + num), "Max") : "";
  const frames = [...text.matchAll(/^[│├└─ ]*[#^]\d+: (.*)$/gm)].map((m) => m[1]);
  return `${tot} ${gmax} ${end}${max}\t${frames.join(";")}`;
}

// What dh_view.html shows of FILE, as lines.
async function dhat(browser, viewHtml, file, png) {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 1100, height: 900 });
    const dir = "file://" + path.dirname(path.resolve(viewHtml)) + "/";
    await chromium.fence(page, [dir]);
    await page.goto("file://" + path.resolve(viewHtml), { waitUntil: "load" });
    const input = await page.$("input[type=file]");
    if (!input) fail("dh_view.html has no file input");
    await input.uploadFile(path.resolve(file));
    await page.waitForFunction(() => document.querySelector("pre") ||
                               document.querySelector(".error"), { timeout: 20000 });
    const err = await page.$eval(".error", (e) => e.textContent).catch(() => null);
    if (err) fail("dh_view.html: " + err);
    // Each node is a span.internal or span.leaf whose own text (not its
    // children's) holds its lines.
    const nodes = await page.$$eval("pre span.internal, pre span.leaf", (spans) => spans.map((s) => ({
      leaf: s.classList.contains("leaf"),
      text: Array.from(s.childNodes).filter((c) => c.nodeType === 3 || !/internal|leaf/.test(c.className))
        .map((c) => c.textContent).join(""),
    })));
    offline(page);
    if (!nodes.length) fail("dh_view.html shows no tree");
    if (png) await page.screenshot({ path: png });
    return nodes.map((n, i) => (i === 0 ? "root " : n.leaf ? "leaf " : "node ") + node(n.text, n.leaf && i > 0));
  } finally {
    await page.close();
  }
}

// An evented profile (speedscope's export: frames opened and closed at
// points of a weight axis) as folded stacks: the weight between two
// events goes to the stack open between them.
function stacks(p, frames) {
  const open = [], out = new Map();
  let at = p.startValue;
  for (const e of p.events) {
    if (e.at > at && open.length) {
      const k = open.map((f) => frames[f]).join(";");
      out.set(k, (out.get(k) || 0) + e.at - at);
    }
    at = e.at;
    if (e.type === "O") open.push(e.frame);
    else if (open.pop() !== e.frame) fail("frames closed out of order at " + e.at);
  }
  if (open.length) fail("frames left open");
  return out;
}

// speedscope's page, opened with the first file and kept for the others.
let ssPage;

// What speedscope read of FILE, as lines.
async function speedscope(browser, dir, file, png) {
  const name = path.basename(file);
  const base64 = fs.readFileSync(file).toString("base64");
  let page = ssPage;
  if (!page) {
    page = ssPage = await browser.newPage();
    await page.setViewport({ width: 1100, height: 600 });
    // What speedscope's command line does: the file, base64, in a script
    // that calls speedscope.loadFileFromBase64.
    const js = path.join(work, "profile.js");
    fs.writeFileSync(js, `speedscope.loadFileFromBase64(${JSON.stringify(name)}, ${JSON.stringify(base64)})`);
    const release = "file://" + path.resolve(dir, "dist/release") + "/";
    await chromium.fence(page, [release, "file://" + js, "file:///" + js]);
    page.logs = [];
    page.on("console", (m) => page.logs.push(m.text()));
    // The exported profile: its Blob, kept as the Export button makes it.
    await page.evaluateOnNewDocument(() => {
      const make = URL.createObjectURL;
      URL.createObjectURL = (blob) => {
        blob.text().then((t) => { window.hbExported = t; });
        return make.call(URL, blob);
      };
    });
    await page.goto(release + "index.html#localProfilePath=" + js, { waitUntil: "load" });
  } else {
    // The next file, through the same call.
    page.logs.length = 0;
    await page.evaluate((n, b) => {
      window.hbExported = undefined;
      document.title = "";
      window.speedscope.loadFileFromBase64(n, b);
    }, name, base64);
  }
  // speedscope titles the page after the profile it has read.
  await page.waitForFunction((t) => document.title === t, { timeout: 20000 }, name + " - speedscope");
  const logs = page.logs;
  const importer = logs.find((l) => l.startsWith("Importing as"));
  if (!importer) fail("speedscope did not import the file: " + logs.join(" | "));
  const lines = ["importer: " + importer];
  if (png) await page.screenshot({ path: png });
  await page.evaluate(() => Array.from(document.querySelectorAll("div"))
    .find((d) => d.textContent === "\u2934\uFE0FExport").click());
  await page.waitForFunction(() => window.hbExported !== undefined, { timeout: 20000 });
  offline(page);
  const out = JSON.parse(await page.evaluate(() => window.hbExported));
  const frames = out.shared.frames.map((f) => f.name);
  let total = 0;
  for (const p of out.profiles) {
    if (p.type !== "evented") fail("not an evented profile: " + p.type);
    for (const [stack, w] of stacks(p, frames)) {
      lines.push(stack + " " + w);
      total += w;
    }
    if (p.endValue - p.startValue !== total)
      fail(`the profile's span ${p.endValue - p.startValue} is not its stacks' ${total}`);
  }
  lines.push("total " + total);
  return lines;
}

async function shot(browser, url, png) {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 1100, height: 600 });
    await chromium.fence(page, [new URL(url).origin + "/"]);
    await page.goto(url, { waitUntil: "networkidle0", timeout: 30000 });
    offline(page);
    await page.screenshot({ path: png });
  } finally {
    await page.close();
  }
}

// Each FILE through VIEWER, one after the other in one browser.
async function each(browser, viewer, where, args) {
  let png;
  if (args.length && args[0].startsWith("--png=")) png = args.shift().slice(6);
  for (const file of args) {
    const lines = await viewer(browser, where, file, png);
    fs.writeFileSync(file + ".shown", lines.join("\n") + "\n");
    png = undefined;
  }
}

(async () => {
  const [mode, where, ...args] = process.argv.slice(2);
  let browser;
  try {
    browser = await chromium.launch(work);
    if (mode === "dhat") await each(browser, dhat, where, args);
    else if (mode === "speedscope") await each(browser, speedscope, where, args);
    else if (mode === "page") await shot(browser, where, args[0]);
    else fail("usage: viewers-test.js dhat|speedscope|page ...");
  } catch (e) {
    if (!process.exitCode) console.error("FAIL: " + (e && e.stack || e));
    process.exitCode = 1;
  } finally {
    if (browser) await browser.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
})();
