#!/bin/bash
# A test of the test harness (issue 38, point 2), not part of make check:
# a stage whose own tmux server or Xvfb is killed in the middle of its run
# fails within 30 s, saying why, and its last line still counts its checks.
# Each stage runs with TMPDIR in a directory of this script's own, so its
# tmux socket (mktemp -d under TMPDIR) is found there by its path, and its
# Xvfb as the child of the stage's own shell: only what that stage started
# is killed, never another session's server.
#
#   screen.sh, its tmux server killed 3 s after its second one is up (the
#     80x24 session, which runs 20 s and more; the first, 5 s, may be
#     ending: the stage's own kill-server then takes it)
#   window.sh, its tmux server killed 4 s after its first one is up
#   window.sh, its Xvfb killed 6 s after its first tmux server is up
#
# usage: TRIBO=./tribo bash tests/harness_kill.sh
# (HARNESS_STAGES=DIR takes the stages from DIR, to try another version's)
# prints one paragraph an experiment and "harness_kill: N passed, F failed,
# 0 skipped"; exit 1 when a stage did not fail within 30 s with the reason.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
TRIBO=${TRIBO:-$top/tribo}
case $TRIBO in /*) ;; *) TRIBO=$(pwd)/$TRIBO ;; esac
export TRIBO
stages=${HARNESS_STAGES:-$top/tests}
. "$top/tests/lib.sh"
plan harness_kill 3
work=$(mktemp -d)
stage_pid=
trap '[ -z "$stage_pid" ] || kill -KILL -- "-$stage_pid" 2>/dev/null; rm -rf "$work"' EXIT

now() { date +%s%N; }
ms_since() { echo $((($(now) - $1) / 1000000)); }

# The server on the stage's tmux socket NAME (tmux.1, tmux.2: the stages
# start one a session), under its TMPDIR: "PID SOCKET" when it answers.
tmux_server() { # dir name
	local s pid
	for s in "$1"/tmp.*/"$2"; do
		[ -S "$s" ] || continue
		pid=$(timeout 5 tmux -S "$s" display-message -p '#{pid}' 2>/dev/null) || continue
		[ -n "$pid" ] && {
			echo "$pid $s"
			return 0
		}
	done
	return 1
}

# experiment NAME STAGE TARGET SOCKET DELAY: runs STAGE, waits (up to
# 120 s) for the server on its tmux socket SOCKET, then DELAY s, kills
# TARGET (tmux: that server; xvfb: the stage's Xvfb) of that stage's own,
# and waits up to 60 s for the stage to end.
experiment() {
	local name=$1 stage=$2 target=$3 socket=$4 delay=$5 dir=$work/$1 t0 found="" victim what rc ms last
	mkdir -p "$dir"
	t0=$(now)
	TMPDIR=$dir setsid bash "$stages/$stage" >"$dir.out" 2>&1 &
	stage_pid=$!
	for _ in $(seq 1200); do
		found=$(tmux_server "$dir" "$socket") && break
		kill -0 "$stage_pid" 2>/dev/null || break
		sleep 0.1
	done
	if [ -z "$found" ]; then
		bad "$name: $stage started no tmux server on $socket under $dir in 120 s: $(tail -n 3 "$dir.out")"
		kill -KILL -- "-$stage_pid" 2>/dev/null
		wait "$stage_pid" 2>/dev/null
		stage_pid=
		return
	fi
	sleep "$delay"
	# the stage's own, found again now: it must still answer
	if [ "$target" = tmux ]; then
		found=$(tmux_server "$dir" "$socket")
		victim=${found%% *}
		what="its tmux server (pid $victim, socket ${found#* })"
	else
		victim=$(pgrep -P "$stage_pid" -x Xvfb | head -n 1)
		what="its Xvfb (pid $victim, child of the stage's shell $stage_pid, display :$(cat "$dir"/tmp.*/display 2>/dev/null))"
	fi
	if [ -z "$victim" ]; then
		bad "$name: no $target of $stage's own to kill $(($(ms_since "$t0") / 1000)) s into it"
		kill -KILL -- "-$stage_pid" 2>/dev/null
		wait "$stage_pid" 2>/dev/null
		stage_pid=
		return
	fi
	echo "== $name: $stages/$stage; killed $what with SIGKILL $(($(ms_since "$t0") / 1000)) s into the stage"
	kill -KILL "$victim"
	local tk
	tk=$(now)
	for _ in $(seq 600); do
		kill -0 "$stage_pid" 2>/dev/null || break
		sleep 0.1
	done
	ms=$(ms_since "$tk")
	if kill -0 "$stage_pid" 2>/dev/null; then
		kill -KILL -- "-$stage_pid" 2>/dev/null
		wait "$stage_pid" 2>/dev/null
		stage_pid=
		sed 's/^/   | /' "$dir.out"
		bad "$name: $stage still ran 60 s after the kill (killed now)"
		return
	fi
	wait "$stage_pid"
	rc=$?
	stage_pid=
	last=$(tail -n 1 "$dir.out")
	echo "   the stage ended $ms ms after the kill, exit status $rc; its last lines:"
	tail -n 5 "$dir.out" | sed 's/^/   | /'
	local sname=${stage%.sh}
	if [ "$rc" != 0 ] && [ "$ms" -le 30000 ] &&
		grep -qE "^$sname: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped\$" <<<"$last" &&
		grep -q "^FAIL $sname: the stage's $target_word" "$dir.out"; then
		ok
	else
		bad "$name: wanted a failure (status not 0) within 30 s saying the stage's $target_word is gone, and the count as the last line"
	fi
}

target_word="tmux server"
experiment screen-tmux screen.sh tmux tmux.2 3
experiment window-tmux window.sh tmux tmux.1 4
target_word="Xvfb"
experiment window-xvfb window.sh xvfb tmux.1 6
finish
