#!/usr/bin/env python3
# Part of heapband.  SPDX-License-Identifier: GPL-2.0-or-later; see COPYING.
"""Writes the inputs of run-bench.sh's gawk and sqlite workloads.

Usage: gen-inputs.py gawk|sqlite OUTFILE

The inputs are generated, not stored: a 64-bit linear congruential
generator with a fixed seed (Knuth's MMIX constants) drives every choice,
so the files are the same byte for byte on every machine and every
Python version (random's algorithms are not promised to stay the same).

gawk:   40,000 lines of 3 to 11 words drawn from 30,000 distinct words.
sqlite: a script that fills a 40,000-row table in one transaction, builds
        two indexes and runs a grouping, a join, a sort and a DISTINCT."""

import sys


class Lcg:
    def __init__(self, seed):
        self.state = seed

    def next(self, n):
        """A number in [0, n), from the generator's high bits."""
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        return (self.state >> 33) % n


def gawk_input(out):
    g = Lcg(1)
    words = ["w%x" % g.next(1 << 20) for _ in range(30000)]
    for _ in range(40000):
        out.write(" ".join(words[g.next(len(words))] for _ in range(3 + g.next(9))) + "\n")


def sqlite_script(out):
    g = Lcg(2)
    out.write("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, grp INTEGER,"
              " val REAL, note TEXT);\nBEGIN;\n")
    for i in range(40000):
        out.write("INSERT INTO t VALUES(%d,'name-%d-%x',%d,%d.%02d,'%s');\n" % (
            i, i, g.next(1 << 32), g.next(500), g.next(100000), g.next(100),
            "n" * (1 + g.next(59))))
    out.write("COMMIT;\n"
              "CREATE INDEX t_name ON t(name);\n"
              "CREATE INDEX t_grp ON t(grp, val);\n"
              "SELECT grp, count(*), sum(val), length(group_concat(name)) FROM t"
              " GROUP BY grp ORDER BY 3 DESC LIMIT 3;\n"
              "SELECT count(*) FROM t a JOIN t b ON a.grp = b.id WHERE a.val > b.val;\n"
              "SELECT name FROM t ORDER BY note, name DESC LIMIT 2;\n"
              "SELECT count(DISTINCT substr(name, 1, 9)) FROM t;\n")


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("gawk", "sqlite"):
        sys.exit(__doc__)
    with open(sys.argv[2], "w") as out:
        (gawk_input if sys.argv[1] == "gawk" else sqlite_script)(out)


if __name__ == "__main__":
    main()
