#!/usr/bin/env python3
"""Issue 43: every format generate writes carries only the characters it
allows. Makes N copies of exercises/coin.ini whose title and statement hold
random text (control characters, noncharacters, U+FFFE/U+FFFF, CDATA's end
']]>', markup, quotes, emoji, combining marks; a fixed seed, so the same
set every run), generates each as Moodle XML, and runs xmllint over each
questions.xml. Bounded: N generates of 2 variants (a few seconds), each
run and xmllint under a 30 s timeout.

usage: moodle_fuzz.py TRIBO COIN.ini WORKDIR [N]"""
import os
import random
import subprocess
import sys

tribo, coin, work = sys.argv[1], sys.argv[2], sys.argv[3]
n = int(sys.argv[4]) if len(sys.argv) > 4 else 40
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
print(f"{n} sets, {bad} not well-formed")
sys.exit(1 if bad else 0)
