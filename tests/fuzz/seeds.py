#!/usr/bin/env python3
"""Seeds for the fuzz harnesses, made from what the project already holds:
the shipped exercises, the commands of the transcript tests (the lines
`$ tribo -c '...'`, split on ';'), and the unit strings and expressions
found in the tests and exercises. Writes one file per distinct seed, named
by its hash, into OUT/fuzz_exercise, OUT/fuzz_command, OUT/fuzz_units, OUT/fuzz_expr and
OUT/fuzz_domain.

usage: seeds.py TOP OUT"""
import glob
import hashlib
import os
import re
import shlex
import sys

top, out = sys.argv[1], sys.argv[2]
seeds = {k: set() for k in ("fuzz_exercise", "fuzz_command", "fuzz_units", "fuzz_expr", "fuzz_domain")}

exercises = sorted(glob.glob(os.path.join(top, "exercises", "*.ini")))
# fuzz_command's first byte picks an exercise by its place in this order
ids = [os.path.basename(p)[:-4] for p in exercises]

for p in exercises + sorted(glob.glob(os.path.join(top, "tests", "data", "*.ini"))):
    data = open(p, "rb").read()
    seeds["fuzz_exercise"].add(data)
    for m in re.finditer(rb"^\s*unit\s*=\s*(.+?)\s*$", data, re.M):
        seeds["fuzz_units"].add(m.group(1))
    for m in re.finditer(rb"^\s*mu_expr\s*=\s*(.+?)\s*$", data, re.M):
        seeds["fuzz_expr"].add(m.group(1))


def split_commands(text):
    """tribo's split_commands: ';' and newlines outside quotes."""
    pieces, cur, quote, i = [], "", None, 0
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\" and quote == '"' and i + 1 < len(text):
                cur += c + text[i + 1]
                i += 2
                continue
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c in ";\n":
            pieces.append(cur)
            cur = ""
            i += 1
            continue
        cur += c
        i += 1
    pieces.append(cur)
    return [p.strip() for p in pieces if p.strip()]


for t in sorted(glob.glob(os.path.join(top, "tests", "transcripts", "*.t"))):
    for line in open(t, encoding="utf-8", errors="replace"):
        if not line.startswith("$ tribo -c"):
            continue
        try:
            words = shlex.split(line[2:].split("|")[0].split(">")[0])
        except ValueError:
            continue
        if len(words) < 3 or words[1] != "-c":
            continue
        current = 0
        rest = []
        for cmd in split_commands(words[2]):
            w = cmd.split()
            if w[0] == "load" and len(w) > 1 and w[1] in ids:
                current = ids.index(w[1])
                rest = []
                continue
            pick = bytes([current])
            seeds["fuzz_command"].add(pick + cmd.encode())
            rest.append(cmd)
            if len(rest) > 1:
                seeds["fuzz_command"].add(pick + "; ".join(rest).encode())
            if w[0] == "eval":
                seeds["fuzz_expr"].add(cmd[4:].strip().encode())
            if w[0] == "check" and len(w) > 2 and w[2] == "=":
                seeds["fuzz_expr"].add(cmd.split("=", 1)[1].strip().encode())
            if w[0] in ("set", "check") and len(w) == 4:
                seeds["fuzz_units"].add(w[3].encode())

# each exercise's numeric parameters at the extremes of a double (issue
# 18: seeded with them, the fuzzer found the ragulskis crash at once), and
# the commands that write files, inside the harness's scratch directory
EXTREMES = ("1e300", "-1e300", "1e-310", "5e-324", "0", "-0", "1e-300", "1e9")
for k, p in enumerate(exercises):
    text = open(p, encoding="utf-8", errors="replace").read()
    for name in re.findall(r"^\[param (\w+)\]", text, re.M):
        for x in EXTREMES:
            seeds["fuzz_command"].add(bytes([k]) + f"set {name} {x}; solve; print".encode())
    for cmd in ("solve; export csv out.csv", "solve; plot to f.png", "generate 3 to g",
                "sweep tmax 1 2 5 t_end", "save s.ini; load s.ini", "list"):
        seeds["fuzz_command"].add(bytes([k]) + cmd.encode())

# the set commands with the files they read (issue 43): after the commands,
# NUL, roster.csv, NUL, header.tex, NUL, answers.csv (fuzz_command.c), with
# each exercise's own answer names as the columns
ROSTERS = ("name\nAda\nBo\nCy\n", "name\n\"Ada, L.\"\n\"Bo\nline\"\nCy\r\n",
           "name\n=HYPERLINK(\"x\")\n+1+1\n@SUM(1)\n", "name\nAda\nAda\n\ufffe\n")
HEADERS = ("\\textbf{Course} 2\n", "# md \\ $x$ & <b>\ufffe\uffff</b>\n")
for k, p in enumerate(exercises):
    text = open(p, encoding="utf-8", errors="replace").read()
    answers = re.findall(r"^\[answer (\w+)\]", text, re.M)
    if not answers:
        continue
    cols = ",".join(["student"] + answers + answers[:1])
    rows = ["Ada," + ",".join(["0.6678 s"] * (len(answers) + 1)),
            "Bo," + ",".join(["1" + "0" * 308] * len(answers)),
            "Ada," + ",".join(["1e309", "1e-400", "0.6678\u00a0s", "x"][: len(answers)]),
            "Cy,"]
    ans = cols + "\n" + "\n".join(rows) + "\n"
    for fmt in ("tex", "md", "txt", "moodle"):
        for r in ROSTERS[: 1 if fmt == "moodle" else 4]:
            for h in HEADERS:
                roster = "" if fmt == "moodle" else " roster roster.csv"
                cmd = (f"generate 3 format {fmt} to set{roster} header header.tex; "
                       "grade set answers.csv; grade set answers.csv to g.csv")
                seeds["fuzz_command"].add(bytes([k]) + "\0".join((cmd, r, h, ans)).encode())

# fuzz_domain: a model byte, then (parameter, edge) pairs: every model's
# first twelve parameters at each edge of the table
for model in range(12):
    for param in range(12):
        for how in range(128, 148):
            seeds["fuzz_domain"].add(bytes([model, param, how]))

for c in sorted(glob.glob(os.path.join(top, "tests", "check_*.c"))):
    src = open(c, encoding="utf-8", errors="replace").read()
    for m in re.finditer(r'unit_parse\("((?:[^"\\]|\\.)*)"', src):
        seeds["fuzz_units"].add(m.group(1).encode())
    for m in re.finditer(r'\b(?:expr_eval|eval_exact|eval_fails|eval_ok|expr_fn_compile)\("((?:[^"\\]|\\.)*)"', src):
        seeds["fuzz_expr"].add(m.group(1).encode().decode("unicode_escape").encode("latin-1", "replace"))

for name, found in seeds.items():
    d = os.path.join(out, name)
    os.makedirs(d, exist_ok=True)
    for s in found:
        with open(os.path.join(d, hashlib.sha1(s).hexdigest()), "wb") as f:
            f.write(s)
    print(f"{name}: {len(found)} seeds")
