"""Puts the last `make bench` run (build/bench/last.txt, which bench.py
writes with its commit and date in its first line) into README.md, between
the lines <!-- bench: begin --> and <!-- bench: end -->, indented as a
code block. Run from the top of the tree after `make bench`:

    /usr/bin/python3 tests/bench/readme.py

Fails, and leaves README.md alone, when there is no run to put or no
markers to put it between."""
import sys

BEGIN, END = "<!-- bench: begin -->", "<!-- bench: end -->"


def main():
    try:
        with open("build/bench/last.txt", encoding="utf-8") as fh:
            run = fh.read().rstrip("\n").split("\n")
    except OSError as e:
        sys.exit(f"readme.py: no run to put ({e}): make bench first")
    if not run or not run[0].startswith("make bench at "):
        sys.exit("readme.py: build/bench/last.txt is not a bench run")
    with open("README.md", encoding="utf-8") as fh:
        text = fh.read()
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        sys.exit(f"readme.py: README.md needs one {BEGIN} and one {END} after it")
    head, rest = text.split(BEGIN)
    _, tail = rest.split(END)
    body = "\n".join(("    " + ln).rstrip() for ln in run)
    with open("README.md", "w", encoding="utf-8") as fh:
        fh.write(f"{head}{BEGIN}\n\n{body}\n\n{END}{tail}")
    print(f"README.md: the bench run of {run[0][len('make bench at '):]}")


if __name__ == "__main__":
    main()
