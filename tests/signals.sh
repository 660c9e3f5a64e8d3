#!/bin/bash
# Every signal whose default action ends a process (Term or Core in
# signal(7)) gives the terminal back and removes tribo's temporary files
# (issue 43: XFSZ, XCPU, TRAP, SYS, VTALRM and PROF left the full screen in
# the alternate screen with the terminal raw; a `ulimit -f` left a
# .tribo-XXXXXX beside the output). The full screen is driven through tmux
# on a socket of its own; every wait is bounded.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
TRIBO=${TRIBO:-$top/tribo}
case $TRIBO in /*) ;; *) TRIBO=$(pwd)/$TRIBO ;; esac
. "$top/tests/lib.sh"
# 6 for each signal (plan_more below, once the list is known), 6 for the
# issue's six among them, 10 for SIGXFSZ from the kernel
plan signals 16
command -v tmux >/dev/null 2>&1 || skip_rest "tmux is not installed"
tmp=$(mktemp -d)
sock=$tmp/tmux
trap 'timeout 5 tmux -S "$sock" kill-server 2>/dev/null; sleep 0.2; rm -rf "$tmp"' EXIT

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
wait_for() { # regex [seconds, 10 by default]
	for _ in $(seq $((${2:-10} * 10))); do
		screen | grep -qE -- "$1" && return 0
		server_alive
		sleep 0.1
	done
	return 1
}
fail_context() {
	echo "    the screen shows:"
	screen | sed 's/^/    |/'
}
check() { if wait_for "$2" "${3:-10}"; then ok; else bad "$1: never showed /$2/"; fi; }
has_file() { server_alive && [ -s "$1" ]; }
wait_file() { within 10 has_file "$1"; } # file: up to 10 s for it to be there and not empty

tm -f /dev/null new-session -d -s t -x 100 -y 30 \
	"env -i PATH=/usr/bin:/bin TERM=screen-256color HOME=$tmp XDG_STATE_HOME=$tmp/state \
	TRIBO_PATH=$top/exercises XDG_DATA_HOME=$tmp/data LC_ALL=C.UTF-8 \
	ASAN_OPTIONS=${ASAN_OPTIONS:-} UBSAN_OPTIONS=${UBSAN_OPTIONS:-} bash --norc --noprofile" ||
	abort "tmux did not start a server on $sock"
tm send-keys -t t "PS1='$ '; ulimit -c 0; clear" Enter
wait_for '^\$ ?$' || abort "the shell in tmux gave no prompt within 10 s"

# tribo in the full screen from the shell; afterwards the shell's own
# `stty -a` and tribo's exit status, in files
run_tribo() { # [command to type]
	rm -f "$tmp/pid" "$tmp/stty" "$tmp/status"
	tm send-keys -t t "sh -c 'echo \$\$ > $tmp/pid; exec $TRIBO -e coin'; echo \$? > $tmp/status; stty -a > $tmp/stty; clear" Enter
	check "started" "┌─ exercise  coin"
	wait_file "$tmp/pid" || abort "tribo wrote no pid file within 10 s"
}
sane() { # description expected-status
	if wait_file "$tmp/stty"; then ok; else bad "$1: tribo did not return to the shell"; fi
	if [ "$(cat "$tmp/status" 2>/dev/null)" = "$2" ]; then ok; else
		bad "$1: exit status $(cat "$tmp/status" 2>/dev/null), not $2"
	fi
	# canonical input and echo back on, as the shell had them
	if grep -qw -- icanon "$tmp/stty" && grep -qw -- echo "$tmp/stty" &&
		! grep -qw -- -icanon "$tmp/stty" && ! grep -qw -- -echo "$tmp/stty"; then
		ok
	else
		bad "$1: stty -a says $(grep -ow -- '-\?icanon\|-\?echo' "$tmp/stty" | tr '\n' ' ')"
	fi
	if [ "$(tm display -p -t t '#{alternate_on}')" = 0 ]; then ok; else bad "$1: still in the alternate screen"; fi
	if [ "$(tm display -p -t t '#{keypad_flag}')" = 0 ]; then ok; else bad "$1: keypad mode still on"; fi
}

# ---- each signal that ends a process, sent to the full screen ---------------
# The rule, not tribo's list: every name `kill -l` knows but those whose
# default is to ignore, stop or continue (and KILL, which nothing can
# catch); of the real-time ones the first, one between and the last.
# SIGINT is Ctrl-C and stays the session's own: it is left out.
ending=()
for n in $(seq 1 64); do
	name=$(kill -l "$n" 2>/dev/null) && [ -n "$name" ] || continue
	case $name in
	CHLD | CONT | STOP | TSTP | TTIN | TTOU | URG | WINCH | KILL | INT) ;;
	RTMIN+[0-46-9]* | RTMIN+1[0-9] | RTMAX-*) ;;
	*) ending+=("$name") ;;
	esac
done
[ -n "${SIGNALS:-}" ] && read -ra ending <<<"$SIGNALS" # to try a few by hand
plan_more $((6 * ${#ending[@]}))
echo "signals: ${#ending[@]} signals: ${ending[*]}"
for sig in "${ending[@]}"; do
	run_tribo
	kill -s "$sig" "$(cat "$tmp/pid")"
	sane "SIG$sig" $((128 + $(kill -l "$sig")))
done
# the issue's six among them
for sig in XFSZ XCPU TRAP SYS VTALRM PROF; do
	case " ${ending[*]} " in
	*" $sig "*) ok ;;
	*) if [ -n "${SIGNALS:-}" ]; then skip 1 "SIG$sig not tried: SIGNALS chose the signals"; else
		bad "SIG$sig not among those tried: ${ending[*]}"
	fi ;;
	esac
done

# ---- SIGXFSZ from the kernel: `export csv` past `ulimit -f` ------------------
out=$tmp/out
mkdir "$out"
tm send-keys -t t "ulimit -f 16" Enter
run_tribo
tm send-keys -t t "solve" Enter
check "solved" "stop_time" 30
tm send-keys -t t "export csv $out/big.csv" Enter
sane "ulimit -f, full screen" $((128 + $(kill -l XFSZ)))
left=$(ls -A "$out")
[ -z "$left" ] && ok || bad "ulimit -f, full screen: left $left"
# and in a batch, which has no terminal to restore
(
	ulimit -f 16
	TRIBO_PATH=$top/exercises "$TRIBO" -c "load coin; solve; export csv $out/big.csv"
) 2>/dev/null
st=$?
[ $st = $((128 + $(kill -l XFSZ))) ] && ok || bad "ulimit -f, batch: exit status $st"
left=$(ls -A "$out")
[ -z "$left" ] && ok || bad "ulimit -f, batch: left $left"

tm send-keys -t t "exit" Enter
finish
