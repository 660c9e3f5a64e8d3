#!/usr/bin/env python3
"""The code points the fonts of tribo's LuaLaTeX sheets print (issue 39,
point 2): Latin Modern Roman (the main font), then, for what it lacks,
DejaVu Serif, DejaVu Sans and Droid Sans Fallback (luaotfload's fallback
chain, in that order). The union of their character maps, read with
fc-query from Debian's files, as the C rows of src/util/latex.c's
`unicode_fonts` table, four ranges a line; controls (C0, DEL, C1) left
out, as no name may hold one.

usage: latex_coverage.py          the table's rows on standard output
       latex_coverage.py FILE.c   exit 1, saying so, when FILE.c's table
                                  differs from the fonts installed here;
                                  exit 2 when a font file is missing"""
import os
import re
import subprocess
import sys

FONTS = [
    "/usr/share/texmf/fonts/opentype/public/lm/lmroman10-regular.otf",  # fonts-lmodern
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",  # fonts-dejavu-core
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",  # fonts-dejavu-core
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",  # fonts-droid-fallback
]


def ranges():
    cps = set()
    for f in FONTS:
        out = subprocess.run(["fc-query", "--format=%{charset}\n", f], capture_output=True,
                             text=True, timeout=30, check=True).stdout
        for r in out.split():
            a, _, b = r.partition("-")
            cps.update(range(int(a, 16), int(b or a, 16) + 1))
    cps = {c for c in cps if c >= 0x20 and not 0x7F <= c <= 0x9F}
    rs = []
    for c in sorted(cps):
        if rs and rs[-1][1] == c - 1:
            rs[-1][1] = c
        else:
            rs.append([c, c])
    return rs


def rows(rs):
    cells = ["{0x%x, 0x%x}," % (a, b) for a, b in rs]
    return ["\t" + " ".join(cells[i:i + 4]) for i in range(0, len(cells), 4)]


if __name__ == "__main__":
    missing = [f for f in FONTS if not os.path.exists(f)]
    if len(sys.argv) > 1 and missing:
        print("not installed: " + ", ".join(missing))
        sys.exit(2)
    want = rows(ranges())
    if len(sys.argv) == 1:
        print("\n".join(want))
        sys.exit(0)
    src = open(sys.argv[1], encoding="utf-8").read()
    m = re.search(r"unicode_fonts\[\]\[2\] = \{(.*?)\};", src, re.S)
    pair = re.compile(r"\{(0x[0-9a-f]+), (0x[0-9a-f]+)\}")
    got = [(int(a, 16), int(b, 16)) for a, b in pair.findall(m.group(1) if m else "")]
    rs = [tuple(r) for r in ranges()]
    if got != rs:
        diff = next((g, r) for g, r in zip(got + [None] * len(rs), rs + [None] * len(got))
                    if g != r)
        print("%s: unicode_fonts has %d ranges, the fonts here give %d; first difference: "
              "%s in the file, %s from the fonts" % (sys.argv[1], len(got), len(rs), *diff))
        sys.exit(1)
    print("unicode_fonts matches the fonts installed here: %d ranges" % len(rs))
