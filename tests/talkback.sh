#!/bin/bash
# A terminal that says more than it is asked (issue 43): tribo's full
# screen on a pty whose far end answers each device attributes query with
# an OSC colour report, a garbled window report (ESC[4;abc t), the DA1, a
# DCS status string, and 20 ms later a second DA1 and a DA2. None of it may
# become typed text: 'quit' typed at the first prompt ends the session, exit
# status 0 (a sanitizer's report would change it; ASan's log is checked
# too). Every wait is bounded.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
TRIBO=${TRIBO:-$top/tribo}
case $TRIBO in /*) ;; *) TRIBO=$(pwd)/$TRIBO ;; esac
. "$top/tests/lib.sh"
plan talkback 4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the pty's dialogue: one line a check, "ok WHAT" or "bad WHAT: WHY"; the
# script is bounded in itself (15 s) and by timeout
timeout -k 5 60 python3 - "$TRIBO" "$top/exercises" "$tmp" >"$tmp/said" <<'PY'
import os, pty, sys, time, select, struct, fcntl, termios, signal
tribo, exercises, tmp = sys.argv[1:4]
pid, fd = pty.fork()
if pid == 0:
    os.environ.update(TERM="xterm-256color", TRIBO_PATH=exercises, HOME=tmp,
                      XDG_STATE_HOME=tmp + "/state", LC_ALL="C.UTF-8",
                      ASAN_OPTIONS="log_path=" + tmp + "/asan")
    os.environ.pop("TRIBO_GRAPHICS", None)
    os.environ.pop("NO_COLOR", None)
    os.execv(tribo, [tribo])
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 110, 0, 0))
seen, screen, queries, typed = b"", b"", 0, False
end = time.time() + 15
status = None
while time.time() < end:
    done, st = os.waitpid(pid, os.WNOHANG)
    if done:
        status = os.waitstatus_to_exitcode(st)
        break
    r, _, _ = select.select([fd], [], [], 0.1)
    if not r:
        continue
    try:
        b = os.read(fd, 65536)
    except OSError:
        continue
    seen += b
    screen += b
    while b"\x1b[c" in seen:
        seen = seen.replace(b"\x1b[c", b"", 1)
        queries += 1
        os.write(fd, b"\x1b]11;rgb:0000/0000/0000\x07\x1b[4;abc t\x1b[?62;1c\x1bP1$r0m\x1b\\")
        time.sleep(0.02)
        os.write(fd, b"\x1b[?62;1c\x1b[>41;390;0c")
    if b"tribo>" in screen and not typed:
        time.sleep(0.5)
        os.write(fd, b"quit\r")
        typed = True
if status is None:
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
def check(good, what):
    print(("ok " if good else "bad ") + what.replace("\n", "\n    "))
check(queries >= 1, "tribo asked the terminal: %d device attributes queries" % queries)
check(status == 0, "'quit' ends the session with status 0 (%s): the terminal's words "
      "did not become typed text" % status)
check(b"unknown command" not in screen, "no reply reached the command line")
asan = [f for f in os.listdir(tmp) if f.startswith("asan")]
check(not asan, "the sanitizer reported nothing" +
      ("" if not asan else ": " + open(os.path.join(tmp, asan[0])).read()[:2000]))
PY
rc=$?
[ $rc = 0 ] || echo "talkback: the pty script ended with status $rc"
while IFS= read -r line; do
	case $line in
	"ok "*) ok ;;
	"bad "*) bad "${line#bad }" ;;
	*) echo "$line" ;;
	esac
done <"$tmp/said"
finish
