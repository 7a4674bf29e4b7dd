// Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
// Debian's Chromium, headless and offline, through puppeteer-core: what
// report-test.js and viewers-test.js share.  HB_CHROMIUM names another
// Chromium binary.
"use strict";
const fs = require("fs");
const path = require("path");
const puppeteer = require("puppeteer-core");

const CHROMIUM = process.env.HB_CHROMIUM || "/usr/bin/chromium";

// A browser with a fresh profile under the directory WORK, no network of
// its own (no updates, no sync).
async function launch(work) {
  return puppeteer.launch({
    executablePath: CHROMIUM, headless: true,
    userDataDir: fs.mkdtempSync(path.join(work, "profile-")),
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

// Refuse every request outside the directories ALLOWED (file:// URL
// prefixes) and collect script errors: page.others and page.errors.
async function fence(page, allowed) {
  page.others = [];
  page.errors = [];
  await page.setRequestInterception(true);
  page.on("request", (req) => {
    const u = req.url().split("#")[0];
    if (u.startsWith("data:") || u.startsWith("blob:") || allowed.some((a) => u.startsWith(a))) req.continue();
    else { page.others.push(u); req.abort(); }
  });
  page.on("pageerror", (e) => page.errors.push(String(e)));
}

module.exports = { CHROMIUM, launch, fence };
