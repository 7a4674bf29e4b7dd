#!/usr/bin/env python3
# memcheck's leak reports, read from its log, in the form of
# `hbfile.py kinds`, so that a test can compare the two tools line by line:
#
#   mcleaks.py LOG count the number of leak reports in LOG
#   mcleaks.py LOG [N]   the N-th leak report of LOG (0 the first, -1 the
#                        last, the default): a line "run" with the
#                        definitely, indirectly, possibly lost and still
#                        reachable bytes and blocks of its LEAK SUMMARY,
#                        then one line per allocation stack with lost or
#                        still reachable blocks: its frames joined by " | ",
#                        a tab, its definitely, indirectly, possibly lost
#                        and still reachable bytes and blocks, sorted
#
# A loss record's stack starts, for a malloc'ed block, with the allocation
# function (in vg_replace_malloc.c), which a heapband site leaves out: so
# is it here.  A frame without a source line is "FUNCTION (in OBJECT)",
# without its address, as `hbfile.py kinds` writes it.  memcheck's run
# with --num-callers=D+1 groups its records as heapband's --depth=D does.
#
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
import re
import sys

KIND = {"definitely lost": 0, "indirectly lost": 1, "possibly lost": 2,
        "still reachable": 3}
RECORD = re.compile(r"^==\d+== ([\d,]+)(?: \(([\d,]+) direct, [\d,]+ indirect\))?(?: \([+-][\d,]+\))? bytes in "
                    r"([\d,]+)(?: \([+-][\d,]+\))? blocks are (definitely lost|indirectly lost|possibly lost|still reachable) "
                    r"in loss record")
FRAME = re.compile(r"^==\d+==    (?:at|by) (0x[0-9A-F]+): (.*)$")
SUMMARY = re.compile(r"^==\d+== +(definitely lost|indirectly lost|possibly lost|still reachable): "
                     r"([\d,]+)(?: \([+-][\d,]+\))? bytes in ([\d,]+)(?: \([+-][\d,]+\))? blocks")


def num(s):
    return int(s.replace(",", ""))


def frame_key(text):
    """ "fn (file:line)" stays; "fn (in /obj)" stays; both as written."""
    return text.strip()


def collapse_inlined(frames):
    """memcheck writes a call inlined into another as frames of one
    address, innermost first; heapband as one frame, the outermost
    function with the innermost source line."""
    out = []
    for addr, text in frames:
        if out and out[-1][0] == addr:
            fn = text.split(" (")[0]
            out[-1] = (addr, fn + " (" + out[-1][1].split(" (", 1)[1])
        else:
            out.append((addr, text))
    return [text for _, text in out]


def reports(lines):
    out, cur, rec = [], None, None
    for line in lines:
        m = RECORD.match(line)
        if m:
            cur = cur or {"sites": {}, "run": [0] * 8}
            nbytes = num(m.group(2) or m.group(1))
            rec = [KIND[m.group(4)], nbytes, num(m.group(3)), []]
            continue
        m = FRAME.match(line)
        if m and rec is not None:
            rec[3].append((m.group(1), frame_key(m.group(2))))
            continue
        if rec is not None:
            frames = collapse_inlined(rec[3])
            if frames and ("vg_replace_malloc.c" in frames[0] or "vgpreload_memcheck" in frames[0]):
                frames = frames[1:]
            key = " | ".join(frames)
            fig = cur["sites"].setdefault(key, [0] * 8)
            fig[2 * rec[0]] += rec[1]
            fig[2 * rec[0] + 1] += rec[2]
            rec = None
        if "All heap blocks were freed -- no leaks are possible" in line:
            out.append({"sites": {}, "run": [0] * 8})
            cur = None
            continue
        m = SUMMARY.match(line)
        if m:
            cur = cur or {"sites": {}, "run": [0] * 8}
            k = KIND[m.group(1)]
            cur["run"][2 * k] = num(m.group(2))
            cur["run"][2 * k + 1] = num(m.group(3))
            if k == 3:
                out.append(cur)
                cur = None
    return out


def main():
    with open(sys.argv[1]) as f:
        reps = reports(f.read().split("\n"))
    if len(sys.argv) > 2 and sys.argv[2] == "count":
        print(len(reps))
        return
    n = int(sys.argv[2]) if len(sys.argv) > 2 else -1
    if not reps:
        sys.exit("mcleaks.py: no leak report in %s" % sys.argv[1])
    r = reps[n]
    print("run %s" % " ".join(str(x) for x in r["run"]))
    for key in sorted(r["sites"]):
        print("%s\t%s" % (key, " ".join(str(x) for x in r["sites"][key])))


main()
