#!/bin/bash
# The plain REPL as a person uses it, driven through tmux: typing, tab
# completion, an error that leaves the session working, history recall
# with Up (and across sessions), Ctrl-C at the prompt, quit and Ctrl-D
# (exit status 0 whatever failed), and a long command's status line on
# standard error.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
TRIBO=${TRIBO:-$top/tribo}
case $TRIBO in /*) ;; *) TRIBO=$(pwd)/$TRIBO ;; esac
. "$top/tests/lib.sh"
plan repl 59
command -v tmux >/dev/null 2>&1 || skip_rest "tmux is not installed"
tmp=$(mktemp -d)
sock=$tmp/tmux.0
trap 'for s in "$tmp"/tmux.*; do timeout 5 tmux -S "$s" kill-server 2>/dev/null; done; sleep 0.2; rm -rf "$tmp"' EXIT

# every tmux command bounded: a server that hangs fails the check, not the stage
tm() { timeout 10 tmux -S "$sock" "$@"; }
screen() { tm capture-pane -p -t t 2>/dev/null; }
# The stage's tmux server answers, else the stage cannot go on: it ends
# now, saying so, rather than wait out every check that follows.
server_alive() {
	screen >/dev/null && return 0
	tm has-session -t t 2>/dev/null ||
		abort "the stage's tmux server (socket $sock) is gone or does not answer"
}
# Waits up to 5 s for the screen to show a line matching the regex $1.
wait_for() {
	for _ in $(seq 50); do
		screen | grep -qE -- "$1" && return 0
		server_alive
		sleep 0.1
	done
	return 1
}
fail_context() {
	echo "    the screen shows:"
	screen | grep -v '^$' | sed 's/^/    /'
}
check() { # description regex
	if wait_for "$2"; then ok; else bad "$1: the screen never showed /$2/"; fi
}
has_file() { server_alive && [ -s "$1" ]; }
nsock=0
start() { # each session on a server of its own
	tm kill-server 2>/dev/null
	nsock=$((nsock + 1))
	sock=$tmp/tmux.$nsock
	tm -f /dev/null new-session -d -s t -x 100 -y 30 \
		"env -i PATH=/usr/bin:/bin TERM=xterm HOME=$tmp XDG_STATE_HOME=$tmp/state \
		TRIBO_PATH=$top/exercises XDG_DATA_HOME=$tmp/data LC_ALL=C.UTF-8 \
		bash --norc --noprofile"
	tm send-keys -t t "PS1='$ '; clear" Enter
	tm send-keys -t t "$TRIBO --plain" Enter
	check "banner" "'help' lists the commands"
	check "prompt" "^tribo>$"
}

start
tm send-keys -t t 'load disk-r' Tab Enter
check "exercise id completed" "^loaded disk-reye: "
tm send-keys -t t 'set o' Tab '10' Enter
check "parameter completed" "^omega = 10 rad/s"
tm send-keys -t t 'set r 20 c' Tab Enter
check "unit completed" "^r = 0.2 m"
tm send-keys -t t 'set mu 0.3' Enter 'frobnicate' Enter
check "an error names the problem" "^unknown command 'frobnicate'"
tm send-keys -t t 'solve' Enter
check "solve shows the results" "^stop_time = 0.67957866123 s"
tm send-keys -t t 'print stop_time_exact' Enter
check "the session goes on after an error" "^0.67957866123$"
tm send-keys -t t Up Up Enter
check "Up recalls the history" "^tribo\[disk-reye\]> solve$"
tm send-keys -t t 'eval omega*r/(mu*g'
check "typing shows" "^tribo\[disk-reye\]> eval omega\*r/\(mu\*g$"
tm send-keys -t t C-c
check "Ctrl-C at the prompt drops the line" "^tribo\[disk-reye\]> eval omega\*r/\(mu\*g\^C$"
tm send-keys -t t 'eval 2^10' Enter
check "and the prompt goes on" "^1024$"
tm send-keys -t t 'quit' Enter
check "quit returns to the shell" '^\$ ?$'
tm send-keys -t t 'echo "status=$?"' Enter
check "an interactive session ends with 0 after a failed command" "^status=0$"
if [ "$(stat -c %a "$tmp/state/tribo/history" 2>/dev/null)" = 600 ] &&
	grep -q '^set mu 0.3$' "$tmp/state/tribo/history"; then
	ok
else
	bad "history not saved in \$XDG_STATE_HOME/tribo/history with mode 600"
fi

start
tm send-keys -t t Up Up Up
check "history survives the session" "^tribo> eval 2\^10$|^tribo> quit$|^tribo> solve$"
tm send-keys -t t C-u
# a long command shows its status on one line of stderr, cleared at its end
tm send-keys -t t 'load ragulskis' Enter 'set c 0' Enter 'set h 0.5' Enter 'set Delta 0.01' Enter \
	'set periods 1000000' Enter 'solve' Enter
check "a long solve shows its status line" "^period [0-9]+: change [0-9.e+-]+, steady below [0-9.e+-]+ · [0-9.]+ s · Ctrl-C stops it$"
tm send-keys -t t C-c
check "Ctrl-C stops it" "^solve: .*interrupted"
if screen | grep -q "Ctrl-C stops it"; then
	bad "the status line stayed after the command"
else
	ok
fi
tm send-keys -t t C-d
check "Ctrl-D leaves too" '^\$ ?$'
# fed from a pipe it is a batch: the failure counts, and no status line
tm send-keys -t t "printf 'frobnicate\\n' | $TRIBO --plain; echo \"piped=\$?\"" Enter
check "--plain from a pipe keeps the batch's exit status" "^piped=1$"
tm send-keys -t t "$TRIBO -c 'load disk-reye; sweep mu 0.1 1 200 stop_time' 2>&1 >/dev/null | wc -c" Enter
check "a batch shows no status line" "^0$"

# two sessions at once: each appends its own lines, neither loses the other's
start
tm new-session -d -s u -x 100 -y 30 \
	"env -i PATH=/usr/bin:/bin TERM=xterm HOME=$tmp XDG_STATE_HOME=$tmp/state \
	TRIBO_PATH=$top/exercises XDG_DATA_HOME=$tmp/data LC_ALL=C.UTF-8 $TRIBO --plain"
pane_u() { # waits up to 10 s for session u to show the regex $1
	for _ in $(seq 100); do
		tm capture-pane -p -t u 2>/dev/null | grep -qE -- "$1" && return 0
		server_alive
		sleep 0.1
	done
	return 1
}
pane_u '^tribo>'
tm send-keys -t t 'eval 111' Enter
check "first session" "^111$"
tm send-keys -t u 'eval 222' Enter
pane_u '^222$'
tm send-keys -t u 'quit' Enter
session_u_gone() { server_alive && ! tm has-session -t u 2>/dev/null; }
within 10 session_u_gone
tm send-keys -t t 'quit' Enter
wait_for '^\$ ?$' || wait_for '^\$ ?$'
check "first session ends" '^\$ ?$'
if grep -q '^eval 111$' "$tmp/state/tribo/history" && grep -q '^eval 222$' "$tmp/state/tribo/history"; then
	ok
else
	bad "two sessions at once: the history file lacks a line of one:"
	tail -n 5 "$tmp/state/tribo/history" | sed 's/^/    /'
fi

# ---- a signal ends --plain with the terminal as it was and the lines kept --
# (issue 18: SIGTERM, SIGHUP and SIGQUIT left echo and canonical input off)
n=0
for sig in TERM HUP QUIT USR1 ALRM SEGV; do
	n=$((n + 1))
	tm kill-server 2>/dev/null
	nsock=$((nsock + 1))
	sock=$tmp/tmux.$nsock
	rm -f "$tmp/pid" "$tmp/stty.before" "$tmp/stty.after" "$tmp/status"
	tm -f /dev/null new-session -d -s t -x 100 -y 30 \
		"env -i PATH=/usr/bin:/bin TERM=xterm HOME=$tmp XDG_STATE_HOME=$tmp/state \
		TRIBO_PATH=$top/exercises LC_ALL=C.UTF-8 bash --norc --noprofile"
	tm send-keys -t t "PS1='$ '; clear" Enter
	tm send-keys -t t "stty -g > $tmp/stty.before; sh -c 'echo \$\$ > $tmp/pid; exec $TRIBO --plain'; echo \$? > $tmp/status; stty -g > $tmp/stty.after" Enter
	check "--plain started for SIG$sig" "^tribo>"
	tm send-keys -t t "eval $n + 1000" Enter
	check "a line before SIG$sig" "^$((n + 1000))$"
	within 5 has_file "$tmp/pid" || abort "SIG$sig: tribo wrote no pid file within 5 s"
	kill -s $sig "$(cat "$tmp/pid")"
	within 10 has_file "$tmp/stty.after"
	if [ -s "$tmp/stty.after" ] && cmp -s "$tmp/stty.before" "$tmp/stty.after"; then
		ok
	else
		bad "SIG$sig: the terminal's modes were not restored"
	fi
	if [ "$(cat "$tmp/status" 2>/dev/null)" = $((128 + $(kill -l $sig))) ]; then
		ok
	else
		bad "SIG$sig: exit status $(cat "$tmp/status" 2>/dev/null)"
	fi
	if grep -qx "eval $n + 1000" "$tmp/state/tribo/history"; then
		ok
	else
		bad "SIG$sig: the line is not in the history file"
	fi
done

finish
