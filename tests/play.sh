#!/bin/bash
# 'step play' on a real X server (Xvfb, on a display of its own): the
# scene of painleve-slip (a run of 0.72 s, 200 steps) plays in the window
# 'plot scene window' opened, in the plain REPL driven through tmux: it
# ends on the last step with its phase ("step 200 of 200", the foot
# slides), the window's picture has moved, a slow play takes its time on
# the clock and little of tribo's CPU (no busy loop), and a Ctrl-C stops
# it mid-run at a step 'step' then goes on from. Then in the full-screen
# workbench in an xterm as a VT340 (sixel): the plot pane moves while it
# plays, any key stops it, and a play ends on the last step. The refusals
# (a text terminal, a batch without a window, a bad SPEED) are in
# tests/transcripts/scene-step.t. Every wait is bounded and every X and
# tmux command is under timeout.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
TRIBO=${TRIBO:-$top/tribo}
case $TRIBO in /*) ;; *) TRIBO=$(pwd)/$TRIBO ;; esac
tmp=$(mktemp -d)
xvfb_pid="" xterm_pid="" sock=$tmp/tmux.sock
cleanup() {
	timeout 5 tmux -S "$sock" kill-server 2>/dev/null
	[ -z "$xterm_pid" ] || kill "$xterm_pid" 2>/dev/null
	[ -z "$xvfb_pid" ] || kill "$xvfb_pid" 2>/dev/null
	sleep 0.2
	rm -rf "$tmp"
}
trap cleanup EXIT
export TRIBO_PATH="$top/exercises" HOME="$tmp" XDG_DATA_HOME="$tmp/data" \
	XDG_STATE_HOME="$tmp/state" LC_ALL=C.UTF-8 NO_COLOR=1
. "$top/tests/lib.sh"
plan play 11
missing=""
for tool in Xvfb xterm xdotool import convert compare tmux gnuplot; do
	command -v $tool >/dev/null 2>&1 || missing="$missing $tool"
done
[ -z "$missing" ] || skip_rest "not installed:$missing"
terms=$(echo 'print GPVAL_TERMINALS' | timeout 30 gnuplot 2>&1)
grep -qwE 'qt|wxt|x11' <<<"$terms" || skip_rest "this gnuplot has no window terminal"
# the X tools, each bounded (timeout runs the programs, not these functions)
xdotool() { timeout 10 "$(type -P xdotool)" "$@"; }
import() { timeout 30 "$(type -P import)" "$@"; }
compare() { timeout 30 "$(type -P compare)" "$@"; }
. "$top/tests/xvfb.sh"
xvfb_start "$tmp" 1280x1024x24 noreset || abort "Xvfb did not start: $(cat "$tmp/xvfb.log")"

# ---- the window, from the plain REPL ----------------------------------

tm() { timeout 10 tmux -S "$sock" "$@"; }
screen() { tm capture-pane -p -S - -t t 2>/dev/null; }
tm -f /dev/null new-session -d -s t -x 120 -y 50 \
	"exec env -i PATH=/usr/bin:/bin TERM=xterm HOME=$tmp XDG_STATE_HOME=$tmp/state \
	XDG_DATA_HOME=$tmp/data TRIBO_PATH=$top/exercises LC_ALL=C.UTF-8 \
	DISPLAY=$DISPLAY $TRIBO --plain" || abort "tmux did not start"
tribo_pid=$(tm display-message -p -t t '#{pane_pid}')
[ -n "$tribo_pid" ] || abort "tmux gave no pid for tribo's pane"
mark=0
# Runs one command and waits (up to $2 s, 10 by default) for the prompt
# after it; $out is the screen's lines since the command.
run() {
	mark=$((mark + 1))
	tm send-keys -t t "$1" Enter "eval 1000+$mark" Enter
	within "${2:-10}" sh -c "tmux -S '$sock' capture-pane -p -S - -t t | grep -q '^$((1000 + mark))\$'"
	out=$(screen | awk -v c="> $1" 'index($0, c) { buf = ""; on = 1; next } on { buf = buf $0 "\n" } END { printf "%s", buf }')
}
# tribo's own CPU time (user and system), in clock ticks
cpu() { awk '{ print $14 + $15 }' "/proc/$tribo_pid/stat"; }

run "load painleve-slip"
run "solve" 60
run "plot scene window"
win=""
for _ in $(seq 100); do
	win=$(xdotool search --onlyvisible --name '^tribo$' 2>/dev/null | head -n 1)
	[ -n "$win" ] && break
	sleep 0.1
done
[ -n "$win" ] || abort "no window titled tribo after 'plot scene window': $(screen | tail -5)"
ok
sleep 1
import -window "$win" "$tmp/start.png"
run "step play" 15
grep -q '^step 200 of 200: t = 0.7216 s, the foot slides forward' <<<"$out" && ok ||
	bad "a play ends on the last step with its phase: printed '$out'"
sleep 1
import -window "$win" "$tmp/end.png"
moved=$(compare -metric AE -fuzz 5% "$tmp/start.png" "$tmp/end.png" null: 2>&1)
[ "${moved%% *}" -gt 2000 ] 2>/dev/null && ok ||
	bad "the window's picture moved from the start to the end: $moved pixels differ"

# a slow play from the start (it is at the end): 0.72 s at 1/4, some 2.9 s
c0=$(cpu) t0=$(date +%s%N)
run "step play 0.25" 20
ms=$((($(date +%s%N) - t0) / 1000000))
c1=$(cpu)
grep -q '^step 200 of 200' <<<"$out" && ok || bad "the slow play ends on the last step: '$out'"
[ "$ms" -ge 2600 ] && [ "$ms" -le 12000 ] && ok ||
	bad "a play at 0.25 of a 0.72 s run took $ms ms, not about 2900"
ticks=$((c1 - c0)) hz=$(getconf CLK_TCK)
[ $((ticks * 1000 / hz)) -le $((ms / 2)) ] && ok ||
	bad "tribo used $((ticks * 1000 / hz)) ms of CPU in a $ms ms play: a busy loop?"

# a Ctrl-C mid-run: at 0.1 the run takes 7.2 s, stopped after some 1.5
tm send-keys -t t "step play 0.1" Enter
sleep 1.5
tm send-keys -t t C-c
run "step"
k=$(screen | sed -n 's/.*stopped at step \([0-9]*\) of 200: .*/\1/p' | tail -n 1)
[ -n "$k" ] && [ "$k" -gt 0 ] && [ "$k" -lt 200 ] && ok ||
	bad "a Ctrl-C stops the play mid-run: $(screen | grep -E 'step|interrupt' | tail -3)"
grep -q "^step $((${k:-0} + 1)) of 200" <<<"$out" && ok ||
	bad "'step' after the stop goes on from step $k: printed '$out'"
tm kill-server 2>/dev/null
kill -0 "$xvfb_pid" 2>/dev/null || abort "the stage's Xvfb (DISPLAY $DISPLAY) is gone"
# the stage's Xvfb does not reset when its last client goes (-noreset,
# xvfb.sh); the xterm still waits for it to take a client
for _ in $(seq 50); do
	xdotool getdisplaygeometry >/dev/null 2>&1 && break
	sleep 0.1
done

# ---- the sixel pane, in an xterm as a VT340 ----------------------------

# without NO_COLOR: with it the screen draws the pane as text, where a
# play refuses
xterm -ti vt340 -xrm 'XTerm*numColorRegisters: 256' -title tribo-play-test \
	-geometry 100x32+0+0 -fa 'DejaVu Sans Mono' -fs 11 -l -lf "$tmp/xterm.log" \
	-e env -u NO_COLOR sh -c "cd '$top' && \"\$0\"; sleep 60" "$TRIBO" &
xterm_pid=$!
xw=""
for _ in $(seq 50); do
	xw=$(xdotool search --name tribo-play-test 2>/dev/null | head -n 1)
	[ -n "$xw" ] && break
	sleep 0.1
done
[ -n "$xw" ] || abort "the xterm showed no window within 5 s"
xdotool mousemove 300 200
sleep 1
type_line() { xdotool type --delay 8 "$1"; xdotool key Return; }
logged() { grep -aq "$1" "$tmp/xterm.log" 2>/dev/null; }
# what the log said of steps, for a failure's message
said() { grep -ao "step [^$(printf '\033')]*" "$tmp/xterm.log" | tail -n 2; }
type_line 'load painleve-slip'
type_line solve
within 30 logged 'lambda_dev_max' || abort "the solve did not end within 30 s"
type_line 'plot scene'
type_line zoom
sleep 1
type_line 'step play 0.1'
sleep 1.5
import -window "$xw" "$tmp/p1.png"
sleep 1
import -window "$xw" "$tmp/p2.png"
moved=$(compare -metric AE -fuzz 5% "$tmp/p1.png" "$tmp/p2.png" null: 2>&1)
[ "${moved%% *}" -gt 500 ] 2>/dev/null && ok ||
	bad "the sixel pane moves while it plays: $moved pixels differ in 1 s"
xdotool key space
within 5 logged 'stopped at step [0-9]* of 200' && ok ||
	bad "a key stops the play in the full screen: $(grep -ao 'step [^]*' "$tmp/xterm.log" | tail -2)"
xdotool key BackSpace
type_line 'step play 2'
within 10 logged 'step 200 of 200: t = 0.7216 s' && ok ||
	bad "the pane's play ends on the last step: $(grep -ao 'step [^]*' "$tmp/xterm.log" | tail -2)"
finish
