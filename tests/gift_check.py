#!/usr/bin/env python3
"""A strict reader of Moodle's GIFT format, for generate's `format gift`
(issue 39, point 6), written from Moodle's documentation of the format
(docs.moodle.org, "GIFT format"), not from tribo's writer:

  - questions are separated by blank lines; a line starting with // is a
    comment;
  - "$CATEGORY: path" alone in its block switches the category;
  - "::name::" names a question; "[html]" (or [moodle], [plain],
    [markdown]) right after it gives the text's format;
  - the answer is in braces: {#VALUE:TOLERANCE} for a numerical question,
    {=WORD} for a short answer; no braces make a description;
  - the characters ~ = # { } : are written \\~ \\= \\# \\{ \\} \\: in a name,
    a text or an answer, a backslash as \\\\, a line break as \\n.

Strict: an unescaped reserved character in a name, text or word, a
backslash before anything else, a line break inside a question, a second
answer section, or an answer section not at the end is an error, as is a
question before the first $CATEGORY. With the set's manifest, every
numerical question's VALUE and TOLERANCE must be the manifest's answer
for its code and name (VALUE to 12 significant figures; TOLERANCE the
absolute one check applies: rel F as F|x|, abs A as A, sig N as half a
unit in the N-th figure, to 6 figures), and every short answer its word.

usage: gift_check.py QUESTIONS.txt [MANIFEST.txt]
Prints "gift: C categories, N numerical, S short-answer, D description"
and each description's text (unescaped) on a line "description: TEXT";
exits 1 with the first error."""
import math
import re
import sys

RESERVED = "~=#{}:"


def fail(no, why):
    print(f"gift: block at line {no}: {why}")
    sys.exit(1)


def unescape(s, no, what):
    """s without its escapes; an unescaped reserved character is an error."""
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c == "\\":
            if i + 1 == len(s):
                fail(no, f"{what} ends with a lone backslash")
            n = s[i + 1]
            if n in RESERVED or n == "\\":
                out.append(n)
            elif n == "n":
                out.append("\n")
            else:
                fail(no, f"{what}: backslash before {n!r}, which is not an escape")
            i += 2
            continue
        if c in RESERVED:
            fail(no, f"{what}: {c!r} not escaped at {i}: ...{s[max(0, i - 20):i + 20]}...")
        out.append(c)
        i += 1
    return "".join(out)


def split_unescaped(s, sep):
    """The index of the first unescaped sep in s, or -1."""
    i = 0
    while i < len(s):
        if s[i] == "\\":
            i += 2
            continue
        if s.startswith(sep, i):
            return i
        i += 1
    return -1


def parse(text):
    blocks, cur, start = [], [], 0
    for no, line in enumerate(text.split("\n"), 1):
        if line.strip() == "":
            if cur:
                blocks.append((start, cur))
            cur = []
            continue
        if line.strip().startswith("//"):
            continue
        if not cur:
            start = no
        cur.append(line)
    if cur:
        blocks.append((start, cur))
    questions, category = [], None
    for no, lines in blocks:
        if len(lines) != 1:
            fail(no, "a question over several lines (a line break not written as \\n)")
        b = lines[0]
        if b.startswith("$CATEGORY:"):
            category = b[len("$CATEGORY:"):].strip()
            if not category or any(c in category for c in RESERVED + "\\"):
                fail(no, f"category path {category!r}")
            questions.append({"type": "category", "category": category})
            continue
        if category is None:
            fail(no, "a question before any $CATEGORY")
        if not b.startswith("::"):
            fail(no, "a question without a name")
        end = split_unescaped(b[2:], "::")
        if end < 0:
            fail(no, "the name is not closed by ::")
        name = unescape(b[2:2 + end], no, "name")
        rest = b[2 + end + 2:]
        fmt = "moodle"
        m = re.match(r"\[(html|moodle|plain|markdown)\]", rest)
        if m:
            fmt, rest = m.group(1), rest[m.end():]
        open_ = split_unescaped(rest, "{")
        close = split_unescaped(rest, "}")
        q = {"category": category, "name": name, "format": fmt}
        if open_ < 0 and close < 0:
            q["type"] = "description"
            q["text"] = unescape(rest, no, "text")
            questions.append(q)
            continue
        if open_ < 0 or close < open_ or close != len(rest) - 1:
            fail(no, "the answer section is not one {...} at the end")
        q["text"] = unescape(rest[:open_], no, "text")
        ans = rest[open_ + 1:close]
        if ans.startswith("#"):
            colon = split_unescaped(ans, ":")
            if colon < 0:
                fail(no, "a numerical answer without its tolerance")
            try:
                q["value"] = float(unescape(ans[1:colon], no, "value"))
                q["tolerance"] = float(unescape(ans[colon + 1:], no, "tolerance"))
            except ValueError as e:
                fail(no, f"numerical answer {ans!r}: {e}")
            if not (math.isfinite(q["value"]) and q["tolerance"] >= 0):
                fail(no, f"numerical answer {ans!r}")
            q["type"] = "numerical"
        elif ans.startswith("="):
            q["type"] = "shortanswer"
            q["word"] = unescape(ans[1:], no, "answer")
        else:
            fail(no, f"answer section {ans!r} is neither {{#...}} nor {{=...}}")
        questions.append(q)
    return questions


def abs_tolerance(kind, t, x):
    if kind == "rel":
        return float(t) * abs(x)
    if kind == "abs":
        return float(t)
    if kind == "sig":
        return 0.5 * 10 ** (math.floor(math.log10(abs(x))) - int(t) + 1) if x else 0.0
    raise ValueError(kind)


def check_manifest(questions, path):
    want = {}
    for line in open(path, encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        if f[0] == "answer":
            want[(f[1], f[2], f[3])] = f[4:]
    seen = 0
    for q in questions:
        if q["type"] not in ("numerical", "shortanswer"):
            continue
        m = re.fullmatch(r"(\S+) (\S+): (\S+)", q["name"])
        if not m or (m.group(2), m.group(1), m.group(3)) not in want:
            print(f"gift: {q['name']!r} is no answer of the manifest")
            sys.exit(1)
        value, unit, tol = want[(m.group(2), m.group(1), m.group(3))]
        seen += 1
        if q["type"] == "shortanswer":
            if tol != "exact" or q["word"] != value:
                print(f"gift: {q['name']}: {q['word']!r}, the manifest {value!r} ({tol})")
                sys.exit(1)
            continue
        x = float(value)
        kind, t = tol.split()
        at = abs_tolerance(kind, t, x)
        if abs(q["value"] - x) > 1e-11 * abs(x) or abs(q["tolerance"] - at) > 1e-5 * at:
            print(f"gift: {q['name']}: {q['value']!r} ± {q['tolerance']!r}, the manifest "
                  f"{x!r} ± {at!r} ({tol})")
            sys.exit(1)
    if seen != len(want):
        print(f"gift: {seen} questions, the manifest has {len(want)} answers")
        sys.exit(1)


if __name__ == "__main__":
    qs = parse(open(sys.argv[1], encoding="utf-8").read())
    if len(sys.argv) > 2:
        check_manifest(qs, sys.argv[2])
    count = lambda t: sum(q["type"] == t for q in qs)
    print(f"gift: {count('category')} categories, {count('numerical')} numerical, "
          f"{count('shortanswer')} short-answer, {count('description')} description")
    for q in qs:
        if q["type"] == "description":
            print("description: " + q["text"].replace("\n", "\\n"))
