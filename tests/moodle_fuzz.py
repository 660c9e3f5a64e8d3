#!/usr/bin/env python3
"""Issue 43: every format generate writes carries only the characters it
allows. Makes N copies of exercises/coin.ini whose title and statement hold
random text (control characters, noncharacters, U+FFFE/U+FFFF, CDATA's end
']]>', markup, quotes, emoji, combining marks; a fixed seed, so the same
set every run), generates each as Moodle XML, and runs xmllint over each
questions.xml. Bounded: N generates of 2 variants (a few seconds), each
run and xmllint under a 30 s timeout.

With `lint`, each file is linted too (under a 30 s timeout): lint must
report, with FILE:LINE:COL and the code point, exactly the characters of
the keys' lines (comments left out) that no output may hold: C0 controls
but tab and newline, DEL, C1, U+FDD0..U+FDEF and U+xFFFE/U+xFFFF (the first
20, then how many more), as worked out here from the file's bytes.

usage: moodle_fuzz.py TRIBO COIN.ini WORKDIR [N [lint]]"""
import os
import random
import re
import subprocess
import sys

tribo, coin, work = sys.argv[1], sys.argv[2], sys.argv[3]
n = int(sys.argv[4]) if len(sys.argv) > 4 else 40
lint = len(sys.argv) > 5 and sys.argv[5] == "lint"


def unwritable(c):
    c = ord(c)
    return ((c < 0x20 and c not in (9, 10)) or 0x7F <= c < 0xA0 or 0xFDD0 <= c <= 0xFDEF
            or c & 0xFFFE == 0xFFFE)


def expected(text):
    """(line, byte column, code point) of each such character, in order."""
    found = []
    for no, line in enumerate(text.split("\n"), 1):
        bare = line.lstrip(" \t")
        if not bare or bare[0] in ";#" or bare[0] == "[":
            continue
        for i in range(1, len(line)):  # an inline comment: ';' after a blank
            if line[i] == ";" and line[i - 1] in " \t":
                line = line[:i]
                break
        col = 1
        for ch in line:
            if unwritable(ch):
                found.append((no, col, ord(ch)))
            col += len(ch.encode("utf-8", "surrogatepass"))
    return found


def lint_differs(path, text):
    r = subprocess.run([tribo, "--lint", path], capture_output=True, timeout=30)
    out = r.stdout.decode("utf-8", "replace")
    got = [(int(a), int(b), int(c, 16)) for a, b, c in
           re.findall(r"^" + re.escape(path) + r":(\d+):(\d+): error: U\+([0-9A-F]+), ", out, re.M)]
    want = expected(text)
    if got != want[:20]:
        return f"lint said {got[:3]}..., expected {want[:3]}..."
    more = re.search(r"error: (\d+) more characters that no output may hold", out)
    if (int(more.group(1)) if more else 0) != max(0, len(want) - 20):
        return f"lint's count of the rest is wrong ({len(want)} in all)"
    if want and r.returncode != 1:
        return f"lint exited {r.returncode}"
    return None
rng = random.Random(43)
POOL = ([chr(c) for c in range(1, 0x20) if c not in (10, 13)] +
        ["\x7f", "\x85", "\u2028", "\u2029", "\ufffe", "\uffff", "\ufdd0", "\ufdef",
         "\U0001fffe", "\U0010ffff", "\ufeff", "\u0301", "\U0001f600", "]]>", "<![CDATA[",
         "&amp;", "&", "<", ">", "\"", "'", "{", "}", "\\", "%", "$", "#", "μ", "θ"] +
        list("abc xyz 0123"))
base = open(coin, encoding="utf-8").read()
bad = 0
for i in range(n):
    junk = lambda k: "".join(rng.choice(POOL) for _ in range(k))
    text = (base.replace("id = coin\n", f"id = fuzz{i}\n", 1)
            .replace("title = ", "title = " + junk(8).replace("{", "(").replace("}", ")"), 1)
            .replace("statement = ", "statement = " + junk(30).replace("{", "(").replace("}", ")") + " ", 1))
    path = os.path.join(work, f"fuzz{i}.ini")
    with open(path, "w", encoding="utf-8", errors="surrogatepass") as f:
        f.write(text)
    if lint:
        why = lint_differs(path, text)
        if why:
            bad += 1
            print(f"fuzz{i}: {why}")
    out = os.path.join(work, f"set{i}")
    r = subprocess.run([tribo, "-c", f"load {path}; generate 2 format moodle to {out}"],
                       capture_output=True, timeout=30)
    if r.returncode:
        # refused at load with the place is allowed too; say so
        msg = r.stderr.decode("utf-8", "replace").strip().splitlines()
        print(f"fuzz{i}: refused: {msg[0] if msg else r.returncode}")
        continue
    x = subprocess.run(["xmllint", "--noout", os.path.join(out, "questions.xml")],
                       capture_output=True, timeout=30)
    if x.returncode:
        bad += 1
        print(f"fuzz{i}: not well-formed: {x.stderr.decode('utf-8', 'replace').splitlines()[0]}")
print(f"{n} sets, {bad} not well-formed" + (" or linted wrong" if lint else ""))
sys.exit(1 if bad else 0)
