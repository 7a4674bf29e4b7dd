#!/usr/bin/env python3
# Reads a heap-band file of version 5 (the tool's), or 4, as
# docs/heapband-format.md specifies it, independently of heapband_print,
# for the tool's tests:
#
#   hbfile.py check FILE     every invariant of the spec's list; prints
#                            "ok: FILE" or the first broken one (exit 1);
#                            also the spec's rules for what this tree's
#                            tool writes (section 7: no two frames with
#                            the same O F LINE FUNCTION, F not 0), since
#                            the tests check the files it just wrote
#   hbfile.py check --earlier-tool FILE
#                            the same for a file an earlier tool wrote:
#                            only what a reader must accept (the tool:
#                            line cannot tell: earlier tools wrote the
#                            same version)
#   hbfile.py expand FILE    the col and cell records with the quiet ones
#                            derived, as version 2 wrote them (records
#                            whose fields are all zero left out)
#   hbfile.py scells FILE    per (column, band) its live slop, quiet ones
#                            derived: "scell C B SLOP_END SLOP_MAX"
#                            (pairs of 0 and 0 left out)
#   hbfile.py sites FILE     one line per site: its number, its frames
#                            ("FUNCTION (FILE:LINE)", or "0xOFFSET
#                            FUNCTION (in OBJECT)" without a source)
#                            joined by " | ", then per band its figures
#   hbfile.py numbers FILE   one line per alloc-site record (version 5):
#                            B S FIRST DEF IND POS, a tab, the site's
#                            frames as `sites` gives them
#   hbfile.py frames FILE    one line per frame: OBJECT OFFSET FUNCTION
#                            SOURCE LINE (SOURCE "-" when unknown)
#   hbfile.py times FILE     one line per sb record with site times: the
#                            site's frames
#                            as `sites` gives them, its band, its ranges
#   hbfile.py kinds FILE     the leak kinds: a line "run" with the run's
#                            definitely, indirectly, possibly lost and still
#                            reachable bytes and blocks, then one line per
#                            site with a block live at exit (its frames as
#                            `sites` gives them but "FUNCTION (in OBJECT)"
#                            for a frame without a source, a tab, the same
#                            eight figures summed over its bands), sorted;
#                            as tests/tool/mcleaks.py reads memcheck's
#
# The file is plain text; numbers are Python integers, so 128-bit
# integrals are exact.
#
# Copyright (C) 2026 the heapband authors.
# This program is free software; you can redistribute it and/or modify it
# under the terms of the GNU General Public License as published by the Free
# Software Foundation; either version 2 of the License, or (at your option)
# any later version.  See the file COPYING.
import sys


class Bad(Exception):
    pass


def need(cond, msg):
    if not cond:
        raise Bad(msg)


HEADER = ["heapband-format", "tool:", "cmd:", "pid:", "ppid:", "time-unit:",
          "bands:", "band-count:", "columns-budget:", "column-width:",
          "column-count:", "end-time:", "depth:", "site-limit:",
          "leak-scan:"]
KINDS = ("definitely", "indirectly", "possibly")
# Version 4's last header line, after leak-scan:.
ALLOCATORS = ("valgrind", "program")


class HbFile:
    def __init__(self, path):
        with open(path, "rb") as f:
            data = f.read()
        need(data.endswith(b"\n"), "no final newline")
        self.lines = data.decode("ascii").split("\n")[:-1]
        self.header = {}
        self.bands = []          # (lo, hi)
        self.total = self.peak = self.exit = None
        self.cols = {}           # c -> (live_end, live_max, blocks_end)
        self.cells = {}          # (c, b) -> 7 numbers
        self.life = []
        self.leak = {}           # b -> (count, bytes)
        self.at_peak = {}        # b -> (bytes, blocks)
        self.objects = {}
        self.sources = {}
        self.frames = {}         # n -> (o, offset, f, line, function)
        self.sites = {}          # s -> [frame numbers]
        self.sb = []             # (b, s, 7 figures)
        self.so = []             # (b, nsites, 6 figures)
        self.st = {}             # (b, s) -> [(lo, hi)]: the sb line's times
        self.order = []          # keyword of each record, in order
        self.marks_dropped = 0   # marks-dropped (0: no such record)
        self.exit_lost = None    # 6 figures, or None
        self.lost = {}           # b -> 6 figures
        self.sl = []             # (b, s, 6 figures, index of the line before)
        self.footprint = None    # version 4: PEAK T_REACHED EXIT LIVE SLOP
        self.other_anon = None   # version 4: PEAK EXIT
        self.fcols = {}          # c -> 6 gauges (version 4)
        self.slop = {}           # b -> (allocated, at peak, at exit)
        self.scells = {}         # (c, b) -> (slop end, slop max)
        self.alloc_peak = []     # version 5: the alloc-peak lines' N
        self.alloc_site = []     # version 5: (b, S, FIRST, DEF, IND, POS)
        self.ending = None       # version 5: the ending record's fields
        self.exec_from = self.exec_to = None   # version 5: FILE
        self._parse()

    def _parse(self):
        for i, key in enumerate(HEADER):
            need(i < len(self.lines), "truncated header")
            line = self.lines[i]
            need(line.startswith(key + " "), "header line %d is not %s" % (i + 1, key))
            self.header[key] = line[len(key) + 1:]
        need(self.header["heapband-format"] in ("4", "5"), "version is not 4 or 5")
        need(self.header["leak-scan:"] in ("yes", "no"), "bad leak-scan")
        self.scan = self.header["leak-scan:"] == "yes"
        self.version = int(self.header["heapband-format"])
        nhead = len(HEADER)
        need(nhead < len(self.lines), "truncated header")
        line = self.lines[nhead]
        need(line.startswith("allocator: ") and line[11:] in ALLOCATORS,
             "no allocator: line after the header")
        self.allocator = line[11:]
        nhead += 1
        self.nhead = nhead
        self.nb = int(self.header["band-count:"])
        self.nc = int(self.header["column-count:"])
        self.width = int(self.header["column-width:"])
        self.end = int(self.header["end-time:"])
        self.depth = int(self.header["depth:"])
        self.limit = self.header["site-limit:"]
        need(self.limit == "all" or int(self.limit) >= 1, "bad site-limit")
        for line in self.lines[nhead:]:
            kw, _, rest = line.partition(" ")
            self.order.append(kw)
            if kw in ("mark", "end", "snapshot"):
                continue
            if kw in ("exec-from", "exec-to"):
                need(self.version >= 5, "%s before version 5" % kw)
                need(rest != "", "%s without a file" % kw)
                need(getattr(self, kw.replace("-", "_")) is None, "%s twice" % kw)
                setattr(self, kw.replace("-", "_"), rest)
                continue
            if kw == "ending":
                need(self.version >= 5, "ending before version 5")
                need(self.ending is None, "ending twice")
                self._parse_ending(rest)
                continue
            if kw in ("object", "source"):
                n, _, path = rest.partition(" ")
                table = self.objects if kw == "object" else self.sources
                n = int(n)
                need(n == len(table) + 1, "%s %d out of order" % (kw, n))
                table[n] = path
                continue
            if kw == "frame":
                f = rest.split(" ", 5)
                n, o, off, src, ln = int(f[0]), int(f[1]), f[2], int(f[3]), int(f[4])
                need(n == len(self.frames) + 1, "frame %d out of order" % n)
                need(o == 0 or o in self.objects, "frame %d: object %d not yet written" % (n, o))
                need(src == 0 or src in self.sources, "frame %d: source %d not yet written" % (n, src))
                need(off.startswith("0x") and off == "0x%x" % int(off, 16), "frame %d: offset %s" % (n, off))
                need((src == 0) == (ln == 0), "frame %d: a line without a source" % n)
                self.frames[n] = (o, int(off, 16), src, ln, f[5])
                continue
            if kw == "sb":
                f = rest.split(" ")
                need(len(f) >= 9, "sb: %d fields" % len(f))
                self._parse_times(int(f[0]), int(f[1]), f[9:])
                rest = " ".join(f[:9])
            v = [int(x) for x in rest.split(" ")]
            if kw == "band":
                need(v[0] == len(self.bands), "band %d out of order" % v[0])
                self.bands.append((v[1], v[2]))
            elif kw == "total":
                self.total = v
            elif kw == "peak":
                self.peak = v
            elif kw == "exit":
                self.exit = v
            elif kw == "unknown-frees":
                pass
            elif kw == "exit-lost":
                need(len(v) == 6, "exit-lost: %d fields" % len(v))
                need(self.exit_lost is None, "exit-lost twice")
                self.exit_lost = v
            elif kw == "lost":
                need(len(v) == 7, "lost: %d fields" % len(v))
                need(v[0] not in self.lost, "lost %d twice" % v[0])
                self.lost[v[0]] = v[1:]
            elif kw == "sl":
                need(len(v) == 8, "sl: %d fields" % len(v))
                self.sl.append((v[0], v[1], v[2:], len(self.order) - 2))
            elif kw == "footprint":
                need(len(v) == 5 and self.footprint is None, "footprint line")
                self.footprint = v
            elif kw == "other-anon":
                need(len(v) == 2 and self.other_anon is None, "other-anon line")
                self.other_anon = v
            elif kw == "fcol":
                need(len(v) == 7 and v[0] not in self.fcols, "fcol %d" % v[0])
                self.fcols[v[0]] = tuple(v[1:])
            elif kw == "scell":
                need(len(v) == 4 and (v[0], v[1]) not in self.scells, "scell %d %d" % (v[0], v[1]))
                self.scells[(v[0], v[1])] = tuple(v[2:])
            elif kw == "slop":
                need(len(v) == 4 and v[0] not in self.slop, "slop %d" % v[0])
                self.slop[v[0]] = tuple(v[1:])
            elif kw == "alloc-peak":
                need(len(v) == 1, "alloc-peak: %d fields" % len(v))
                self.alloc_peak.append(v[0])
            elif kw == "alloc-site":
                need(len(v) == 6, "alloc-site: %d fields" % len(v))
                self.alloc_site.append(tuple(v))
            elif kw == "marks-dropped":
                need(len(v) == 1 and v[0] > 0, "marks-dropped needs a count > 0")
                need(self.marks_dropped == 0, "marks-dropped twice")
                self.marks_dropped = v[0]
            elif kw == "col":
                need(v[0] not in self.cols, "col %d twice" % v[0])
                self.cols[v[0]] = tuple(v[1:])
            elif kw == "cell":
                self.cells[(v[0], v[1])] = tuple(v[2:])
            elif kw == "life":
                self.life.append(v)
            elif kw == "leak":
                self.leak[v[0]] = (v[1], v[2])
            elif kw == "at-peak":
                self.at_peak[v[0]] = (v[1], v[2])
            elif kw == "site":
                need(v[0] == len(self.sites) + 1, "site %d out of order" % v[0])
                need(v[1] == len(v) - 2, "site %d: frame count" % v[0])
                for n in v[2:]:
                    need(n in self.frames, "site %d: frame %d not yet written" % (v[0], n))
                self.sites[v[0]] = v[2:]
            elif kw == "sb":
                need(v[1] in self.sites, "sb: site %d not yet written" % v[1])
                self.sb.append((v[0], v[1], tuple(v[2:])))
            elif kw == "so":
                self.so.append((v[0], v[1], tuple(v[2:])))
            else:
                raise Bad("unknown record %s" % kw)

    def _parse_ending(self, rest):
        """Section 13: exit STATUS, signal SIGNO NAME S, exec PROGRAM, running."""
        how, _, more = rest.partition(" ")
        if how == "exec":
            need(more != "", "ending exec without a program")
            self.ending = ("exec", more)
            return
        f = more.split(" ") if more else []
        if how == "running":
            need(not f, "ending running with fields")
            self.ending = ("running",)
        elif how == "exit":
            need(len(f) == 1 and f[0] == str(int(f[0])) and int(f[0]) <= 255,
                 "ending exit: bad status %r" % more)
            self.ending = ("exit", int(f[0]))
        elif how == "signal":
            need(len(f) == 3 and f[0] == str(int(f[0])) and f[2] == str(int(f[2])),
                 "ending signal: bad fields %r" % more)
            no, name, site = int(f[0]), f[1], int(f[2])
            need(no <= 64, "ending signal: number %d" % no)
            need((no == 0) == (name == "unknown"), "ending signal %d %s" % (no, name))
            need(no == 0 or name.startswith("SIG"), "ending signal: name %s" % name)
            need(site == 0 or site in self.sites, "ending signal: site %d not yet written" % site)
            self.ending = ("signal", no, name, site)
        else:
            raise Bad("unknown ending %r" % how)

    def _parse_times(self, b, s, fields):
        """The ranges that end sb line b s; none in a file without times."""
        if not fields:
            return
        ranges = []
        for r in fields:
            lo, dash, hi = r.partition("-")
            need(lo == str(int(lo)) and (not dash or hi == str(int(hi))),
                 "sb %d %d: range %s" % (b, s, r))
            lo, hi = int(lo), int(hi) if dash else int(lo)
            need(lo < hi or not dash, "sb %d %d: range %s does not run upward" % (b, s, r))
            ranges.append((lo, hi))
        self.st[(b, s)] = ranges

    def span(self, c):
        lo = c * self.width
        return max(0, min((c + 1) * self.width, self.end) - lo)

    def expanded(self):
        """Every (c, b) cell and every column, written or derived."""
        used = sorted({b for (_, b) in self.cells})
        cells, cols = {}, {}
        last = {b: 0 for b in used}
        col_last = (0, 0)   # live_end, blocks_end
        for c in range(self.nc):
            for b in used:
                if (c, b) in self.cells:
                    cells[(c, b)] = self.cells[(c, b)]
                    last[b] = self.cells[(c, b)][4]
                else:
                    L = last[b]
                    cells[(c, b)] = (0, 0, 0, 0, L, L, L * self.span(c))
            if c in self.cols:
                cols[c] = self.cols[c]
                col_last = (self.cols[c][0], self.cols[c][2])
            else:
                cols[c] = (col_last[0], col_last[0], col_last[1])
        return cols, cells

    def kind_frame_text(self, n):
        """A frame as memcheck writes it, without the address."""
        o, off, src, ln, fn = self.frames[n]
        if src:
            return "%s (%s:%d)" % (fn, self.sources[src], ln)
        return "%s (in %s)" % (fn, self.objects[o] if o else "?")

    def frame_text(self, n):
        o, off, src, ln, fn = self.frames[n]
        if src:
            return "%s (%s:%d)" % (fn, self.sources[src], ln)
        return "0x%x %s (in %s)" % (off, fn, self.objects[o] if o else "?")


def check(h):
    # 1: header (parsed), last line end, nothing after it.
    need(h.order and h.order[-1] == "end" and h.order.count("end") == 1, "the last line is not end")
    # 2: bands.
    need(len(h.bands) == h.nb, "band count")
    need(h.bands[0] == (0, 0), "band 0")
    for b in range(1, h.nb):
        need(h.bands[b][0] == h.bands[b - 1][1] + 1, "bands not contiguous at %d" % b)
    need(h.bands[-1][1] == 2**64 - 1, "last band")
    # Section order.
    rank = {"band": 1, "total": 2, "peak": 3, "exit": 4, "exit-lost": 4.5,
            "unknown-frees": 5, "footprint": 5.1, "other-anon": 5.2,
            "mark": 6, "marks-dropped": 6.5, "col": 7, "fcol": 7.5,
            "cell": 8, "scell": 8.5, "life": 9, "leak": 10, "lost": 10.5, "at-peak": 11,
            "slop": 11.5, "object": 12, "source": 12, "frame": 12, "site": 12,
            "sb": 12, "so": 12, "sl": 12, "alloc-peak": 12.8, "alloc-site": 12.85,
            "snapshot": 12.9, "exec-from": 12.95, "ending": 12.96, "exec-to": 12.97, "end": 13}
    ranks = [rank[k] for k in h.order]
    need(ranks == sorted(ranks), "records out of section order")
    check_ending(h)
    # 9: a snapshot's one 'snapshot' line, with no field, right before end.
    need(h.order.count("snapshot") <= 1, "more than one snapshot line")
    need(all(l != "snapshot" or i == len(h.lines) - 2 for i, l in enumerate(h.lines)),
         "the snapshot line is not right before end")
    need(not any(l.startswith("snapshot ") for l in h.lines), "a snapshot line with fields")
    # 3: cells and cols in range, ordered, only with events.
    keys = [tuple(int(x) for x in l.split(" ")[1:3]) for l in h.lines if l.startswith("cell ")]
    need(keys == sorted(set(keys)), "cells out of order or twice")
    for (c, b), v in h.cells.items():
        need(0 <= c < h.nc and 0 <= b < h.nb, "cell %d %d out of range" % (c, b))
        need(v[0] + v[2] > 0, "quiet cell %d %d written" % (c, b))
    cs = [int(l.split(" ")[1]) for l in h.lines if l.startswith("col ")]
    need(cs == sorted(set(cs)), "cols out of order or twice")
    need(set(cs) == {c for (c, _) in h.cells}, "cols not exactly the columns with cells")
    # 4: totals.
    sums = [sum(v[i] for v in h.cells.values()) for i in range(4)]
    need(sums == h.total, "cells do not add up to total: %s %s" % (sums, h.total))
    # 5 and 6 and 7, with the derived records.
    cols, cells = h.expanded()
    used = sorted({b for (_, b) in h.cells})
    for c in range(h.nc):
        need(sum(cells[(c, b)][4] for b in used) == cols[c][0], "column %d: LIVE_END sum" % c)
        for b in used:
            need(cells[(c, b)][5] <= cols[c][1], "column %d band %d: LIVE_MAX" % (c, b))
    if h.nc:
        need((cols[h.nc - 1][0], cols[h.nc - 1][2]) == tuple(h.exit), "last column is not exit")
    need([sum(v[1] for v in h.leak.values()), sum(v[0] for v in h.leak.values())] == h.exit,
         "leak records do not add up to exit")
    need(h.peak[0] == max([v[1] for v in cols.values()] + [0]), "peak is not the largest LIVE_MAX")
    need(h.peak[2] <= h.peak[3] <= h.end, "peak times")
    # New in 3: at-peak adds up to peak.
    need([sum(v[0] for v in h.at_peak.values()), sum(v[1] for v in h.at_peak.values())] == h.peak[:2],
         "at-peak records do not add up to peak")
    # 10: lifetimes.
    need([sum(v[2] for v in h.life), sum(v[3] for v in h.life)] == h.total[2:4], "life sums")
    # 8: at most 10,000 marks.
    need(h.order.count("mark") <= 10000, "more than 10000 marks")
    check_flow(h, cols, cells, used)
    check_sites(h)
    check_kinds(h)
    check_memory(h)
    check_alloc_numbers(h)


def check_alloc_numbers(h):
    """Invariant 20 (version 5): the allocation numbers of section 18."""
    if h.version < 5:
        need(not h.alloc_peak and not h.alloc_site, "version 5 records in version 4")
        return
    allocs = h.total[0]
    if not h.alloc_peak and not h.alloc_site:
        return   # a version-5 file of a tool before the numbers (the
                 # tool's own files have them: tool/known-golden, tool/stopat)
    need(len(h.alloc_peak) == 1, "%d alloc-peak lines" % len(h.alloc_peak))
    n = h.alloc_peak[0]
    need(n <= allocs, "alloc-peak %d beyond the %d allocations" % (n, allocs))
    need((n == 0) == (h.peak[0] == 0), "alloc-peak %d with a peak of %d bytes" % (n, h.peak[0]))
    need([(b, s) for (b, s, _, _, _, _) in h.alloc_site] == [(b, s) for (b, s, _) in h.sb],
         "alloc-site records are not one per sb record, in its order")
    sl = {(v[0], v[1]): v[2] for v in h.sl}
    for (b, s, first, *lost) in h.alloc_site:
        need(1 <= first <= allocs, "alloc-site %d %d: FIRST %d" % (b, s, first))
        blocks = sl.get((b, s), [0] * 6)[1::2]
        for k, num in enumerate(lost):
            need(num == 0 or first <= num <= allocs,
                 "alloc-site %d %d: a lost block's number %d outside %d..%d" % (b, s, num, first, allocs))
            need((num != 0) == (blocks[k] > 0),
                 "alloc-site %d %d: kind %d's number %d, its sl record %d blocks" % (b, s, k, num, blocks[k]))


def lost_within(fig, live_bytes, live_blocks, what):
    """The three kinds of fig (bytes, blocks pairs) fit in the live
    figures, and a kind with no block has no byte."""
    need(all(x >= 0 for x in fig), "%s: a negative figure" % what)
    for k in range(3):
        need(fig[2 * k + 1] > 0 or fig[2 * k] == 0, "%s: %s lost bytes without blocks" % (what, KINDS[k]))
    need(fig[0] + fig[2] + fig[4] <= live_bytes, "%s: lost bytes above live bytes %d" % (what, live_bytes))
    need(fig[1] + fig[3] + fig[5] <= live_blocks, "%s: lost blocks above live blocks %d" % (what, live_blocks))


def check_kinds(h):
    """Version 4's leak kinds: exit-lost right after exit (with
    leak-scan: yes only), lost per band within its leak line and adding up
    to exit-lost, sl right after its sb or so line, within its figures,
    and adding up to its band's lost line."""
    if not h.scan:
        need(h.exit_lost is None and not h.lost and not h.sl, "kind records with leak-scan: no")
        return
    need(h.exit_lost is not None, "no exit-lost with leak-scan: yes")
    i = h.order.index("exit")
    need(h.order[i + 1] == "exit-lost", "exit-lost does not follow exit")
    lost_within(h.exit_lost, h.exit[0], h.exit[1], "exit-lost")
    keys = [int(l.split(" ")[1]) for l in h.lines if l.startswith("lost ")]
    need(keys == sorted(keys), "lost lines out of order")
    for b, f in h.lost.items():
        need(0 <= b < h.nb, "lost %d: no such band" % b)
        need(any(f[1::2]), "lost %d: no lost block" % b)
        count, nbytes = h.leak.get(b, (0, 0))
        lost_within(f, nbytes, count, "lost %d" % b)
    need([sum(f[k] for f in h.lost.values()) for k in range(6)] == h.exit_lost,
         "lost lines do not add up to exit-lost")
    if h.depth == 0:
        need(not h.sl, "sl lines with depth 0")
        return
    rows = [l for l in h.lines[h.nhead:]]
    sb = {(b, s): f for (b, s, f) in h.sb}
    so = {b: f for (b, _, f) in h.so}
    per_band = {}
    for (b, s, f, before) in h.sl:
        prev = rows[before].split(" ")
        need(prev[0] in ("sb", "so") and int(prev[1]) == b
             and (int(prev[2]) == s if prev[0] == "sb" else s == 0),
             "sl %d %d does not follow its sb or so line" % (b, s))
        need(any(f[1::2]), "sl %d %d: no lost block" % (b, s))
        line = sb[(b, s)] if s else so[b]
        lost_within(f, line[4], line[5], "sl %d %d" % (b, s))
        per_band.setdefault(b, [0] * 6)
        per_band[b] = [x + y for x, y in zip(per_band[b], f)]
    need(sorted(per_band) == sorted(h.lost), "bands with sl lines %s, with lost lines %s"
         % (sorted(per_band), sorted(h.lost)))
    for b, f in per_band.items():
        need(f == h.lost[b], "band %d: sl lines add up to %s, lost to %s" % (b, f, h.lost[b]))


def kinds(h):
    """The `kinds` command's lines."""
    need(h.scan, "leak-scan: no")
    e = h.exit_lost
    reach = (h.exit[0] - e[0] - e[2] - e[4], h.exit[1] - e[1] - e[3] - e[5])
    print("run %s %d %d" % (" ".join(str(x) for x in e), reach[0], reach[1]))
    need(not h.so, "kinds: sites not listed (use --sites=all)")
    lost = {(b, s): f for (b, s, f, _) in h.sl}
    by_site = {}
    for (b, s, f) in h.sb:
        if f[5] == 0:
            continue
        key = " | ".join(h.kind_frame_text(n) for n in h.sites[s])
        k = list(lost.get((b, s), [0] * 6))
        k += [f[4] - k[0] - k[2] - k[4], f[5] - k[1] - k[3] - k[5]]
        by_site[key] = [x + y for x, y in zip(by_site.get(key, [0] * 8), k)]
    for key in sorted(by_site):
        print("%s\t%s" % (key, " ".join(str(x) for x in by_site[key])))


def check_flow(h, cols, cells, used):
    """Invariants 11 to 13: bytes fit their band, live bytes and blocks
    follow from the events, integrals are bounded by the most live."""
    def fits(b, count, nbytes):
        lo, hi = h.bands[b]
        return count * lo <= nbytes <= count * hi
    for (c, b), v in h.cells.items():
        need(fits(b, v[0], v[1]) and fits(b, v[2], v[3]), "cell %d %d: bytes outside the band" % (c, b))
    for v in h.life:
        need(fits(v[0], v[2], v[3]), "life %d %d: bytes outside the band" % (v[0], v[1]))
    for b, (n, nbytes) in h.leak.items():
        need(fits(b, n, nbytes), "leak %d: bytes outside the band" % b)
    for b, (nbytes, n) in h.at_peak.items():
        need(fits(b, n, nbytes), "at-peak %d: bytes outside the band" % b)
    start = {b: 0 for b in used}
    heap_live = heap_blocks = 0
    for c in range(h.nc):
        span = h.span(c)
        ev = [0, 0, 0, 0]   # allocs, frees, alloc bytes, integral
        for b in used:
            a, ab, f, fb, end, mx, integral = cells[(c, b)]
            need(end == start[b] + ab - fb, "cell %d %d: LIVE_END not from the events" % (c, b))
            need(start[b] <= mx <= start[b] + ab, "cell %d %d: LIVE_MAX out of bounds" % (c, b))
            need(integral <= mx * span, "cell %d %d: LIVE_INTEGRAL above LIVE_MAX x span" % (c, b))
            ev = [ev[0] + a, ev[1] + f, ev[2] + ab, ev[3] + integral]
            start[b] = end
        live_end, live_max, blocks_end = cols[c]
        need(blocks_end == heap_blocks + ev[0] - ev[1], "column %d: BLOCKS_END not from the events" % c)
        need(heap_live <= live_max <= heap_live + ev[2], "column %d: LIVE_MAX out of bounds" % c)
        need(ev[3] <= live_max * span, "column %d: LIVE_INTEGRAL above LIVE_MAX x span" % c)
        heap_live, heap_blocks = live_end, blocks_end




def expanded_gauges(h):
    """Every column's six gauges, the quiet ones derived (version 4)."""
    out, prev = {}, (0, 0, 0)
    for c in range(h.nc):
        g = h.fcols.get(c)
        if g is None:
            g = (prev[0], prev[0], prev[1], prev[1], prev[2], prev[2])
        out[c] = g
        prev = (g[0], g[2], g[4])
    return out


def expanded_scells(h):
    """Every (c, b) pair's live slop (end, max), quiet ones derived."""
    out, last = {}, {}
    for c in range(h.nc):
        for b in range(h.nb):
            s = h.scells.get((c, b))
            if s is None:
                L = last.get(b, 0)
                s = (L, L)
            if s != (0, 0):
                out[(c, b)] = s
            last[b] = s[0]
    return out


def check_scells(h, gs):
    """Invariant 18: the cells' live slop."""
    need(h.allocator == "program" or not h.scells, "scell with allocator: valgrind")
    keys = [tuple(int(x) for x in l.split(" ")[1:3]) for l in h.lines if l.startswith("scell ")]
    need(keys == sorted(set(keys)), "scells out of order or twice")
    last = {}
    for (c, b) in keys:
        e, m = h.scells[(c, b)]
        start = last.get(b, 0)
        need((c, b) in h.cells, "scell %d %d without a cell" % (c, b))
        need((e, m) != (start, start), "quiet scell %d %d written" % (c, b))
        need(start <= m and e <= m, "scell %d %d: a maximum below an end" % (c, b))
        last[b] = e
    ex = expanded_scells(h)
    for c in range(h.nc):
        row = [v for (cc, _), v in ex.items() if cc == c]
        need(sum(v[0] for v in row) == gs[c][4], "column %d: the cells' SLOP_END do not add up to fcol's" % c)
        need(all(v[1] <= gs[c][5] for v in row), "column %d: a cell's SLOP_MAX above fcol's" % c)
    for b in range(h.nb):
        at_exit = h.slop[b][2] if b in h.slop else 0
        need(last.get(b, 0) == at_exit, "band %d: last SLOP_END is not slop's AT_EXIT" % b)


def check_memory(h):
    """Version 4's footprint, other-anon, fcol, slop and scell records
    (invariants 15 to 18)."""
    if h.version < 4:
        need(not (h.fcols or h.slop or h.footprint or h.other_anon or h.scells), "version 4 records in version 3")
        return
    need(h.footprint is not None and h.other_anon is not None, "no footprint or other-anon line")
    need(h.order.index("footprint") + 1 == h.order.index("other-anon"), "other-anon not after footprint")
    fs = sorted(h.fcols)
    need([int(l.split(" ")[1]) for l in h.lines if l.startswith("fcol ")] == fs, "fcols out of order")
    prev = (0, 0, 0)
    for c in fs:
        g = h.fcols[c]
        need(0 <= c < h.nc, "fcol %d out of range" % c)
        need(g != (prev[0], prev[0], prev[1], prev[1], prev[2], prev[2]), "quiet fcol %d written" % c)
        for k in range(3):
            need(prev[k] <= g[2 * k + 1] and g[2 * k] <= g[2 * k + 1], "fcol %d: a maximum below an end" % c)
        prev = (g[0], g[2], g[4])
    gs = expanded_gauges(h)
    last = gs[h.nc - 1]
    fp, oa = h.footprint, h.other_anon
    need(fp[0] == max(g[1] for g in gs.values()) and fp[2] == last[0], "footprint is not the columns'")
    need(oa[0] == max(g[3] for g in gs.values()) and oa[1] == last[2], "other-anon is not the columns'")
    need(fp[1] <= h.end and fp[3] <= h.peak[0], "footprint: time or live bytes")
    for b, s in h.slop.items():
        need(0 <= b < h.nb and s[0] > 0 and s[1] <= s[0] and s[2] <= s[0], "slop %d" % b)
    need(sum(s[2] for s in h.slop.values()) == last[4], "slop records do not add up to the last column's")
    check_scells(h, gs)
    if h.allocator == "valgrind":
        need(fp == [0, 0, 0, 0, 0] and not h.slop and all(g[0] == g[1] == g[4] == g[5] == 0 for g in gs.values()),
             "footprint or slop with allocator: valgrind")


def check_one_frame_per_line(h):
    """Section 7: the tool writes one frame per line of source."""
    seen = {}
    for n, (o, off, src, ln, fn) in h.frames.items():
        if src == 0:
            continue
        key = (o, src, ln, fn)
        need(key not in seen, "frames %d and %d share O F LINE FUNCTION (%d %d %d %s)"
             % (seen.get(key, 0), n, o, src, ln, fn))
        seen[key] = n


def check_ending(h):
    """19: version 5 has one ending record, right before end or exec-to;
    exec-from right before it; exec-to only after 'ending exec'; no
    snapshot line.  The signal's site is one no sb line names."""
    if h.version < 5:
        return
    need(h.ending is not None, "no ending record")
    need("snapshot" not in h.order, "a snapshot line in version 5")
    i = h.order.index("ending")
    tail = h.order[i + 1:]
    need(tail in (["end"], ["exec-to", "end"]), "ending is not right before end or exec-to")
    need(tail == ["end"] or h.ending[0] == "exec", "exec-to after an ending that is no exec")
    need(h.exec_from is None or h.order[i - 1] == "exec-from", "exec-from is not right before ending")
    if h.ending[0] == "signal" and h.depth == 0:
        need(h.ending[3] == 0, "ending signal names a site with depth 0")


def signal_site(h):
    """The site only the ending names (the stack of a fatal signal), or 0."""
    if h.ending and h.ending[0] == "signal" and h.ending[3] not in {s for (_, s, _) in h.sb}:
        return h.ending[3]
    return 0


def check_sites(h):
    if h.depth == 0:
        need(not (h.objects or h.sources or h.frames or h.sites or h.sb or h.so),
             "site records with depth 0")
        return
    # Tables: frames unique by object and offset, sites by frame list,
    # every entry used, at most depth frames.
    need(len({(f[0], f[1]) for f in h.frames.values()}) == len(h.frames), "two frames share object and offset")
    if h.this_tool:
        check_one_frame_per_line(h)
    need(len({tuple(s) for s in h.sites.values()}) == len(h.sites), "two sites share their frames")
    used_frames = {n for s in h.sites.values() for n in s}
    need(used_frames == set(h.frames), "a frame no site uses")
    need({f[0] for f in h.frames.values()} - {0} == set(h.objects), "an object no frame uses")
    need({f[2] for f in h.frames.values()} - {0} == set(h.sources), "a source no frame uses")
    need({s for (_, s, _) in h.sb} | ({signal_site(h)} - {0}) == set(h.sites),
         "a site no sb line names")
    for s, fl in h.sites.items():
        need(1 <= len(fl) <= h.depth, "site %d: %d frames" % (s, len(fl)))
    # Each site record precedes its first sb; sb by band then site, so last.
    seq = [(l.split(" ")[0], [int(x) for x in l.split(" ")[1:3]]) for l in h.lines
           if l.startswith("sb ") or l.startswith("so ")]
    prev = None
    for kw, (b, s) in seq:
        key = (b, 0 if kw == "sb" else 1, s if kw == "sb" else 0)
        need(prev is None or key > prev, "sb/so out of order at band %d" % b)
        prev = key
    if h.limit == "all":
        need(not h.so, "so records with site-limit: all")
    # Sums per band.
    bands = {b for (c, b), v in h.cells.items() if v[0] > 0}
    sb_bands = {b for (b, _, _) in h.sb}
    need(sb_bands == bands, "bands with allocations %s, with sb lines %s" % (sorted(bands), sorted(sb_bands)))
    for b in bands:
        rows = [f[:6] for (bb, _, f) in h.sb if bb == b] + [f for (bb, _, f) in h.so if bb == b]
        got = [sum(r[i] for r in rows) for i in range(6)]
        want = [sum(v[0] for (c, bb), v in h.cells.items() if bb == b),
                sum(v[1] for (c, bb), v in h.cells.items() if bb == b),
                h.at_peak.get(b, (0, 0))[0], h.at_peak.get(b, (0, 0))[1],
                h.leak.get(b, (0, 0))[1], h.leak.get(b, (0, 0))[0]]
        need(got == want, "band %d: sites add up to %s, the band to %s" % (b, got, want))
    for (b, s, f) in h.sb:
        need(f[0] >= 1, "sb %d %d: no allocation" % (b, s))
        need(f[2] <= f[6] and f[4] <= f[6] <= f[1], "sb %d %d: MAX_BYTES" % (b, s))
        need(f[3] <= f[0] and f[5] <= f[0], "sb %d %d: blocks" % (b, s))
    for (b, n, f) in h.so:
        need(n >= 1, "so %d: no site" % b)
    check_times(h)


def check_times(h):
    """The site times: on every sb line or on none, ranges of whole time
    bins within the columns, increasing and apart, and the band allocated
    in every bin of them."""
    need(not h.st or set(h.st) == {(b, s) for (b, s, _) in h.sb},
         "some sb lines with site times, some without")
    budget = int(h.header["columns-budget:"])
    k = 0
    while (128 << k) < budget:
        k += 1
    binw = 1 << k
    alloc_cols = {(b, c) for (c, b), v in h.cells.items() if v[0] > 0}
    for (b, s), ranges in h.st.items():
        need(1 <= len(ranges) <= 64, "sb %d %d: %d ranges" % (b, s, len(ranges)))
        last = -2
        for lo, hi in ranges:
            need(lo > last + 1, "sb %d %d: ranges out of order or touching" % (b, s))
            need(hi < h.nc, "sb %d %d: range past the last column" % (b, s))
            need(lo % binw == 0 and ((hi + 1) % binw == 0 or hi == h.nc - 1),
                 "sb %d %d: range %d-%d not of bins of %d columns" % (b, s, lo, hi, binw))
            for bin_lo in range(lo, hi + 1, binw):
                need(any((b, c) in alloc_cols for c in range(bin_lo, min(bin_lo + binw, hi + 1))),
                     "sb %d %d: band %d allocates nothing in columns %d.." % (b, s, b, bin_lo))
            last = hi


def main():
    cmd, args = sys.argv[1], sys.argv[2:]
    this_tool = not (cmd == "check" and args[0] == "--earlier-tool")
    path = args[-1]
    try:
        h = HbFile(path)
        h.this_tool = this_tool
        if cmd == "check":
            check(h)
            print("ok: %s" % path)
        elif cmd == "expand":
            cols, cells = h.expanded()
            for c in range(h.nc):
                if any(cols[c]):
                    print("col %d %d %d %d" % ((c,) + cols[c]))
            for (c, b) in sorted(cells):
                if any(cells[(c, b)]):
                    print("cell %d %d %s" % (c, b, " ".join(str(x) for x in cells[(c, b)])))
        elif cmd == "scells":
            for (c, b), v in sorted(expanded_scells(h).items()):
                print("scell %d %d %d %d" % (c, b, v[0], v[1]))
        elif cmd == "sites":
            for s, fl in h.sites.items():
                figs = ["%d:%s" % (b, ",".join(str(x) for x in f))
                        for (b, ss, f) in h.sb if ss == s]
                print("%d\t%s\t%s" % (s, " | ".join(h.frame_text(n) for n in fl), " ".join(figs)))
        elif cmd == "times":
            for (b, s), ranges in h.st.items():
                print("%s\t%d\t%s" % (" | ".join(h.frame_text(n) for n in h.sites[s]), b,
                                       " ".join("%d" % lo if lo == hi else "%d-%d" % (lo, hi)
                                                for lo, hi in ranges)))
        elif cmd == "kinds":
            kinds(h)
        elif cmd == "numbers":
            for (b, s, first, d, i, p) in h.alloc_site:
                print("%d %d %d %d %d %d\t%s" % (b, s, first, d, i, p,
                                                 " | ".join(h.frame_text(n) for n in h.sites[s])))
        elif cmd == "ending":
            # How the run ended, one line; a signal's stack as frames.
            e = h.ending
            if e is None:
                print("none")
            elif e[0] == "signal":
                stack = " | ".join(h.kind_frame_text(n) for n in h.sites.get(e[3], []))
                print("signal %d %s%s" % (e[1], e[2], " at " + stack if stack else ""))
            else:
                print(" ".join(str(x) for x in e))
            if h.exec_from is not None:
                print("exec-from %s" % h.exec_from)
            if h.exec_to is not None:
                print("exec-to %s" % h.exec_to)
        elif cmd == "frames":
            for n, (o, off, src, ln, fn) in h.frames.items():
                print("%s 0x%x %s %s %d" % (h.objects.get(o, "-"), off, fn, h.sources.get(src, "-"), ln))
        else:
            sys.exit("hbfile.py: unknown command %s" % cmd)
    except Bad as e:
        print("bad %s: %s" % (path, e))
        sys.exit(1)


if __name__ == "__main__":   # also a module (viewer_figures.py)
    main()
