/* heapband_print --html report: numbers as people write them.  Part of
   heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.

   The page's copy of util/units.c, rule for rule, so that the page writes a
   value with the digits the text chart and the images give it: sizes in
   binary units (K = 1024), counts and times in decimal ones (k = 1000),
   three significant digits once a unit is used, no trailing zeros; the
   ticks of an axis are multiples of a 1, 2 or 5 times a power of ten
   step, all in one unit.  C's printf rounds a value exactly half way
   between two results to the even one, where JavaScript's toFixed rounds
   up: fixed() does as printf does.  A change to units.c goes here too
   (tests/print/html-browser.test compares the page's labels with the text
   chart's).  Cost: a few string operations per number. */
"use strict";
const hbUnits = (function () {
  const NUMBER_UNITS = 7;
  const COUNT_SUFFIXES = ["", "k", "M", "G", "T", "P", "E"];
  const SIZE_SUFFIXES = ["", "K", "M", "G", "T", "P", "E"];

  /* printf("%.*f", d, v) for v >= 0: ties to even.  A tie's digits end
     within 20 places of a value below 2^20 (the scaled values here), so
     20 more digits tell one. */
  function fixed(v, d) {
    const s = v.toFixed(d);
    const long = v.toFixed(Math.min(100, d + 20));
    const cut = long.length - 20;
    if (!/^50*$/.test(long.slice(cut))) return s;
    /* Exactly half way: keep the digits before when their last is even. */
    const before = long.slice(0, d === 0 ? cut - 1 : cut);
    const last = Number(before[before.length - 1]);
    return last % 2 === 0 ? before : s;
  }

  /* units.c's unit_suffix: styles "count", "size", "size_b". */
  function suffix(style, power) {
    if (power === 0) return style === "size_b" ? "B" : "";
    return style === "count" ? COUNT_SUFFIXES[power] : SIZE_SUFFIXES[power];
  }

  /* format_scaled: three significant digits, no trailing zeros. */
  function scaled(v, sfx) {
    let num = v >= 100 ? fixed(v, 0) : v >= 10 ? fixed(v, 1) : fixed(v, 2);
    if (num.includes(".")) num = num.replace(/0+$/, "").replace(/\.$/, "");
    return num + sfx;
  }

  /* hb_format_number. */
  function number(v, style) {
    v = Number(v);
    const base = style === "count" ? 1000 : 1024;
    if (!(v > 0)) return "0";
    if (v < base)
      return v === Math.floor(v) ? fixed(v, 0) + suffix(style, 0) : scaled(v, suffix(style, 0));
    let power = 0;
    while (power + 1 < NUMBER_UNITS && v >= base) {
      v /= base;
      power++;
    }
    if (v >= base - 0.5 && power + 1 < NUMBER_UNITS) {
      v /= base;
      power++;
    }
    return scaled(v, suffix(style, power));
  }

  const size = (v) => number(v, "size");
  const count = (v) => number(v, "count");

  /* hb_format_time: a time in the file's unit ("i", "B" or "ms"). */
  function time(t, unit) {
    t = Number(t);
    if (unit !== "ms") return count(t);
    return t < 1000 ? count(t) + "ms" : count(t / 1000) + "s";
  }

  /* hb_format_band: "0", "3", "24-28", "4K-5K" (hi + 1 written). */
  function band(lo, hi) {
    const a = size(lo);
    return BigInt(lo) === BigInt(hi) ? a : a + "-" + size(Number(BigInt(hi) + 1n));
  }

  /* nice_step and decimals_for. */
  function niceStep(raw) {
    if (!(raw > 0) || !isFinite(raw)) return 1;
    const mag = Math.pow(10, Math.floor(Math.log10(raw)));
    const norm = raw / mag;
    return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * mag;
  }
  function decimalsFor(step) {
    if (step >= 1 || !(step > 0)) return 0;
    return Math.min(6, Math.ceil(-Math.log10(step) - 1e-9));
  }

  /* hb_tick_step_bytes: {step, div, suffix, decimals}. */
  function tickStepBytes(raw, max) {
    let power = 0, div = 1;
    while (power + 1 < NUMBER_UNITS && max / (div * 1024) >= 2) {
      power++;
      div *= 1024;
    }
    const step = Math.max(1, niceStep(raw / div) * div);
    return { step, div, suffix: suffix("size_b", power), decimals: decimalsFor(step / div) };
  }

  /* hb_tick_step_count. */
  function tickStepCount(raw) {
    const step = Math.max(1, niceStep(raw));
    let power = 0, div = 1;
    while (power + 1 < NUMBER_UNITS && step >= div * 1000) {
      power++;
      div *= 1000;
    }
    return { step, div, suffix: suffix("count", power), decimals: decimalsFor(step / div) };
  }

  /* hb_tick_step_time. */
  function tickStepTime(raw, tMax, unit) {
    const s = tickStepCount(raw);
    if (unit === "ms") {
      const seconds = tMax >= 1000;
      s.div = seconds ? 1000 : 1;
      s.suffix = seconds ? "s" : "ms";
      s.decimals = decimalsFor(s.step / s.div);
    }
    return s;
  }

  /* hb_format_tick. */
  function tick(s, v) {
    return v === 0 ? "0" : fixed(v / s.div, s.decimals) + s.suffix;
  }

  /* A value for the hover: its human form (a diff's decrease signed)
     and, when that is not the value itself, the exact figure after it:
     "2.48M (2597865.40625)", "-20B (-20)". */
  function withExact(v, style) {
    const exact = typeof v === "bigint" ? v.toString() : String(v);
    const human = v < 0 ? "-" + number(-v, style) : number(v, style);
    return human === exact || human === exact + "B" ? exact : human + " (" + exact + ")";
  }

  return { fixed, number, size, count, time, band, tickStepBytes, tickStepCount,
           tickStepTime, tick, withExact };
})();
