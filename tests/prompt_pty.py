#!/usr/bin/env python3
"""tribo on a terminal with its standard output in a file (issue 43: the
prompts went into the file). usage: prompt_pty.py TRIBO FILE; prints
whether the terminal saw the prompt; every wait is bounded (10 s)."""
import os, pty, select, subprocess, sys, time
# tribo with a terminal on stdin and stderr, stdout into a file
tribo, out = sys.argv[1], sys.argv[2]
m, s = pty.openpty()
with open(out, "wb") as f:
    p = subprocess.Popen([tribo], stdin=s, stdout=f, stderr=s, close_fds=True)
os.close(s)
os.write(m, b"eval 6*7\nquit\n")
seen = b""
end = time.time() + 10
while time.time() < end:
    r, _, _ = select.select([m], [], [], 0.2)
    if r:
        try:
            got = os.read(m, 4096)
        except OSError:
            break
        if not got:
            break
        seen += got
    elif p.poll() is not None:
        break
p.wait(timeout=10)
print("terminal saw the prompt:", b"tribo>" in seen)
