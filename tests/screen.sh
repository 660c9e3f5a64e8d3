#!/bin/bash
# The full-screen workbench as a person uses it, driven through tmux at a
# fixed size: load, set, solve and the values in their panes; a wrong
# command that leaves the session working; resizes (down to the log-only
# fallback and back); history with Up; tab completion; Ctrl-C stopping a
# long solve with the old results kept; the ASCII fallback; NO_COLOR; and
# the terminal given back on quit, Ctrl-D and SIGTERM.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
TRIBO=${TRIBO:-$top/tribo}
case $TRIBO in /*) ;; *) TRIBO=$(pwd)/$TRIBO ;; esac
if ! command -v tmux >/dev/null 2>&1; then
	echo "screen: tmux is not installed; skipped"
	exit 0
fi
tmp=$(mktemp -d)
sock=$tmp/tmux.0
trap 'for s in "$tmp"/tmux.*; do tmux -S "$s" kill-server 2>/dev/null; done; sleep 0.2; rm -rf "$tmp"' EXIT
pass=0 fail=0

tm() { tmux -S "$sock" "$@"; }
screen() { tm capture-pane -p -t t 2>/dev/null; }
# Waits up to 10 s for the screen to show a line matching the regex $1.
wait_for() {
	for _ in $(seq 100); do
		screen | grep -qE -- "$1" && return 0
		sleep 0.1
	done
	return 1
}
ok() { pass=$((pass + 1)); }
bad() {
	fail=$((fail + 1))
	echo "FAIL screen: $1; the screen shows:"
	screen | sed 's/^/    |/'
}
check() { # description regex
	if wait_for "$2"; then ok; else bad "$1: never showed /$2/"; fi
}
# The same, for text that must NOT be on the screen (after a settle time).
check_not() { # description regex
	sleep 0.5
	if screen | grep -qE -- "$2"; then bad "$1: shows /$2/"; else ok; fi
}
nsock=0
start() { # cols rows [env…]: a shell of its own, on a server of its own
	local cols=$1 rows=$2
	shift 2
	tm kill-server 2>/dev/null
	nsock=$((nsock + 1))
	sock=$tmp/tmux.$nsock
	tm -f /dev/null new-session -d -s t -x "$cols" -y "$rows" \
		"env -i PATH=/usr/bin:/bin TERM=screen-256color HOME=$tmp XDG_STATE_HOME=$tmp/state \
		TRIBO_PATH=$top/exercises XDG_DATA_HOME=$tmp/data LC_ALL=C.UTF-8 \
		ASAN_OPTIONS=${ASAN_OPTIONS:-} UBSAN_OPTIONS=${UBSAN_OPTIONS:-} $* \
		bash --norc --noprofile"
	tm send-keys -t t "PS1='$ '; clear" Enter
	wait_for '^\$ ?$' || true
}
# Runs tribo from the shell, recording the terminal's modes before and
# after it and its process id (exec keeps the id).
run_tribo() {
	rm -f "$tmp/pid" "$tmp/stty.before" "$tmp/stty.after" "$tmp/status"
	tm send-keys -t t "stty -g > $tmp/stty.before; sh -c 'echo \$\$ > $tmp/pid; exec $TRIBO $*'; echo \$? > $tmp/status; stty -g > $tmp/stty.after" Enter
}
# The exit status tribo left: a sanitizer's report would change it.
exit_status() { # description expected
	if [ "$(cat "$tmp/status" 2>/dev/null)" = "$2" ]; then
		ok
	else
		bad "$1: exit status $(cat "$tmp/status" 2>/dev/null), not $2"
	fi
}
terminal_restored() { # description
	for _ in $(seq 100); do
		[ -s "$tmp/stty.after" ] && break
		sleep 0.1
	done
	if [ -s "$tmp/stty.after" ] && cmp -s "$tmp/stty.before" "$tmp/stty.after"; then
		ok
	else
		bad "$1: the terminal's modes were not restored"
	fi
}

# ---- the issue's run: 110x32, then 80x24 -----------------------------------
start 110 32
run_tribo
check "the banner" "'help' lists the commands"
check "the prompt" "^tribo> *$"
tm send-keys -t t 'load disk-r' Tab
check "tab completes an exercise id" "^tribo> load disk-reye *$"
tm send-keys -t t Enter
check "the statement in the exercise pane" "│A spinning disk stops \(Reye's hypothesis\)"
check "the statement has its values" "│A disk of mass 2 kg and radius 0.15 m"
check "mu in the parameters pane" "│ mu +0\.25 +\[0, 2\] +│"
check "results before solve" "│none yet: 'solve' computes them"
tm send-keys -t t 'solve' Enter
check "stop_time in the results pane" "│.stop_time +1\.22324159021 s +│"
check "the results in the log too" "^stop_time = 1\.22324159021 s"
tm resize-window -t t -x 80 -y 24
check "after a resize to 80x24: the exercise" "^┌─ exercise  disk-reye ─"
check "after a resize to 80x24: the statement" "│A spinning disk stops"
check "after a resize to 80x24: mu" "│ mu +0\.25 +\[0, 2\] *│"
check "after a resize to 80x24: stop_time" "│.stop_time +1\.22324159021 s *│"
tm send-keys -t t 'frobnicate' Enter
check "a wrong command says so" "^unknown command 'frobnicate'"
tm send-keys -t t 'print stop_time' Enter
check "and the session goes on" "^1\.22324159021$"
tm send-keys -t t 'set mu 0.5' Enter
check "a changed parameter is marked" "│\*mu +0\.5 +\[0, 2\] *│"
check "the results are out of date" "│out of date: mu changed"
tm send-keys -t t Up Up
check "Up recalls the history" "^tribo\[disk-reye\]> print stop_time *$"
tm send-keys -t t C-u 'solve' Enter
check "solve again" "│.stop_time +0\.611620795107 s *│"
tm send-keys -t t 'load imachi-fig' Tab Tab
check "Tab Tab lists the completions in the log" "6 completions: +imachi-fig4-22"
tm send-keys -t t C-u 'help' Enter
check "long output scrolls in the log" "quit"
tm send-keys -t t PPage
check "PgUp scrolls the log back" "lines below: PgDn"
tm send-keys -t t NPage
check_not "PgDn scrolls it forward" "lines below: PgDn"
tm send-keys -t t F6
check "F6 gives the exercise pane the focus" "focus: exercise"
tm send-keys -t t NPage
check "PgDn scrolls the focused pane" "above"

# ---- the plot pane --------------------------------------------------------------
tm send-keys -t t 'sweep omega 5 40 8 stop_time' Enter
check "a sweep's table in the log" "^40 +1\.22324159021$"
tm send-keys -t t 'plot sweep' Enter
check "plot names what the pane shows" "^the plot pane shows sweep: stop_time against omega"
check "the pane's frame names the figure" "┌─ plot  sweep: stop_time against omega"
check "the pane shows gnuplot's axes" "│ +omega \[rad/s\] +│"

# ---- below 60x16 only the log and the prompt, and back -----------------------
tm resize-window -t t -x 50 -y 14
check "a small terminal says it shows the log only" "log only; panes need 60x16"
check_not "and has no panes" "┌─ parameters"
tm send-keys -t t 'print mu' Enter
check "commands still work there" "^0\.5$"
tm resize-window -t t -x 100 -y 30
check "the panes come back" "┌─ parameters"
check "with nothing lost" "│\*mu +0\.5 +\[0, 2\] *│"

# ---- Ctrl-C stops a long solve and keeps the results -------------------------
tm send-keys -t t 'load ragulskis' Enter 'solve' Enter
check "ragulskis solved" "│.amp +1\.34145122767 m"
tm send-keys -t t 'set periods 100000' Enter 'set c 0' Enter 'set h 0.5' Enter \
	'set Delta 0.01' Enter 'set Delta_a 0.01' Enter 'solve' Enter
check "a long solve shows its progress" "Ctrl-C stops it"
tm send-keys -t t C-c
check "Ctrl-C interrupts it" "interrupted"
check "the old results are still there" "│.amp +1\.34145122767 m"
tm send-keys -t t 'set c 0.1' Enter 'set periods 500' Enter 'set h 3.2' Enter 'set Delta 0.8' Enter \
	'set Delta_a 0.8' Enter 'eval 6*7' Enter
check "and the session goes on" "^42$"
tm send-keys -t t 'abc' C-c
check "Ctrl-C at the prompt drops the line" "line dropped"
check "leaving an empty prompt" "^tribo\[ragulskis\]> *$"

# ---- quit gives the terminal back --------------------------------------------
tm send-keys -t t 'quit' Enter
check "quit returns to the shell" '^\$ ?$'
terminal_restored "quit"
exit_status "quit after a failed command" 1
if [ "$(stat -c %a "$tmp/state/tribo/history" 2>/dev/null)" = 600 ] &&
	grep -q '^frobnicate$' "$tmp/state/tribo/history"; then
	ok
else
	bad "history not saved in \$XDG_STATE_HOME/tribo/history with mode 600"
fi

# ---- history across sessions, Ctrl-D -------------------------------------------
start 100 30
run_tribo
check "a new session" "^tribo> *$"
tm send-keys -t t Up
check "remembers the last one" "^tribo> quit *$"
tm send-keys -t t C-u C-d
check "Ctrl-D leaves" '^\$ ?$'
terminal_restored "Ctrl-D"
exit_status "Ctrl-D after no failure" 0

# ---- SIGTERM and SIGHUP give the terminal back -----------------------------------
for sig in TERM HUP; do
	run_tribo -e disk-reye
	check "started for SIG$sig" "┌─ exercise  disk-reye"
	for _ in $(seq 50); do [ -s "$tmp/pid" ] && break; sleep 0.1; done
	kill -s $sig "$(cat "$tmp/pid")"
	check "SIG$sig returns to the shell" '^\$ ?$'
	terminal_restored "SIG$sig"
	[ $sig = TERM ] && exit_status "killed by SIGTERM" 143
	[ $sig = HUP ] && exit_status "killed by SIGHUP" 129
done

# ---- where the locale is not UTF-8: ASCII; NO_COLOR: no colours ----------------
start 100 30 LC_ALL=C NO_COLOR=1
run_tribo -e disk-reye
check "ASCII borders" "^\+- exercise  disk-reye -+"
check "§ spelled out" "Rayleigh's dissipation function at work, *\|?$|^\|S2\.2 "
tm send-keys -t t F6 NPage
check "Greek letters spelled out" "\(mu = 0\.25, g = 9\.81 m/s\^2\)"
if tm capture-pane -e -p -t t | grep -qE $'\033\\[(3[0-7]|38;5;)'; then
	bad "NO_COLOR: colours on the screen"
else
	ok
fi
tm send-keys -t t 'quit' Enter
check "quit" '^\$ ?$'
start 100 30
run_tribo -e disk-reye
tm send-keys -t t 'frobnicate' Enter
check "an error" "^unknown command"
if tm capture-pane -e -p -t t | grep -qE $'\033\\[(3[0-7]|38;5;)'; then
	ok
else
	bad "with colours allowed, errors are coloured"
fi
tm send-keys -t t 'quit' Enter

echo "screen: $pass passed, $fail failed"
[ $fail = 0 ]
