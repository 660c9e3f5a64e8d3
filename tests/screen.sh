#!/bin/bash
# The full-screen workbench as a person uses it, driven through tmux at a
# fixed size: load, set, solve and the values in their panes; a wrong
# command that leaves the session working; resizes (down to the log-only
# fallback and back); history with Up; tab completion; Ctrl-C stopping a
# long solve with the old results kept; the ASCII fallback; NO_COLOR; and
# the terminal given back on quit, Ctrl-D and SIGTERM; a gnuplot that never
# answers costing the pane 2 s once.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
TRIBO=${TRIBO:-$top/tribo}
case $TRIBO in /*) ;; *) TRIBO=$(pwd)/$TRIBO ;; esac
. "$top/tests/lib.sh"
plan screen 247
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
# Waits up to $2 s (10 by default) for the screen to show a line matching
# the regex $1.
wait_for() {
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
check() { # description regex [seconds, 10 by default]
	if wait_for "$2" "${3:-10}"; then ok; else bad "$1: never showed /$2/"; fi
}
# The same, for text that must NOT be on the screen (after a settle time).
check_not() { # description regex
	sleep 0.5
	server_alive
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
		bash --norc --noprofile" || abort "tmux did not start a server on $sock"
	tm send-keys -t t "PS1='$ '; clear" Enter
	wait_for '^\$ ?$' || abort "the shell in tmux gave no prompt within 10 s"
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
has_file() { server_alive && [ -s "$1" ]; }
terminal_restored() { # description
	within 10 has_file "$tmp/stty.after"
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
# tmux answers the device attributes itself, without sixel: text, said in
# the log, and nothing of the dialogue on the screen or in the line
check "tmux: plots as text" "^plots as text: the terminal does not show sixel images \\(its device"
check_not "no reply left on the screen" '\^\[|\?1;2c|\[\?[0-9;]*[cSt]|[0-9]+;[0-9]+;[0-9]+t'
tm send-keys -t t 'load disk-r' Tab
check "tab completes an exercise id" "^tribo> load disk-reye *$"
tm send-keys -t t Enter
check "the title in the exercise pane's frame" "^┌─ exercise  disk-reye: A spinning disk stops \(Reye's… ─+┐"
check "the statement first, with its values" "^│A disk of mass 2 kg and radius 0.15 m"
check "mu in the parameters pane" "│ mu +0\.25 +\[0, 2\] +│"
check "results before solve" "│none yet: 'solve' computes them"
tm send-keys -t t 'solve' Enter
check "stop_time in the results pane" "│.stop_time +1\.22324159021 s +│"
check "the results in the log too" "^stop_time = 1\.22324159021 s"
tm resize-window -t t -x 80 -y 24
check "after a resize to 80x24: the exercise" "^┌─ exercise  disk-reye: A spinning disk… ─+┐"
check "after a resize to 80x24: the statement" "^│A disk of mass 2 kg"
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
check "Tab Tab lists the completions in the log" "9 completions: +imachi-fig2"
tm send-keys -t t C-u 'help' Enter
check "long output scrolls in the log" "quit"
tm send-keys -t t PPage
check "PgUp scrolls the log back" "lines below: PgDn"
tm send-keys -t t NPage
check_not "PgDn scrolls it forward" "lines below: PgDn"
tm send-keys -t t F6
check "F6 gives the exercise pane the focus" "focus: exercise"
tm send-keys -t t F6
check "F6 again, the parameters pane" "focus: parameters"
tm send-keys -t t NPage
check "PgDn scrolls the focused pane" "above"

# ---- the plot pane --------------------------------------------------------------
tm send-keys -t t 'sweep omega 5 40 8 stop_time' Enter
check "a sweep's table in the log" "^40 +1\.22324159021$"
tm send-keys -t t 'plot sweep' Enter
check "plot names what the pane shows" "^the plot pane shows sweep: stop_time against omega \('zoom' or F7"
check "the pane's strip names the figure" "^┌─ plot  sweep ─"
tm send-keys -t t 'zoom' Enter
check "the zoomed pane's frame names the figure" "┌─ plot  sweep: stop_time against omega"
check "the pane shows gnuplot's axes" "│ +omega \[rad/s\] +│"
tm send-keys -t t 'zoom' Enter
check "and zoom again brings the panes back" "┌─ parameters"

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
check "ragulskis solved" "│.amp +1\.34145122788 m"
tm send-keys -t t 'set periods 100000' Enter 'set c 0' Enter 'set h 0.5' Enter \
	'set Delta 0.01' Enter 'set Delta_a 0.01' Enter 'solve' Enter
check "a long solve shows its progress" "Ctrl-C stops it"
tm send-keys -t t C-c
check "Ctrl-C interrupts it" "interrupted"
check "the old results are still there" "│.amp +1\.34145122788 m"
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
exit_status "quit after a failed command" 0
if [ "$(stat -c %a "$tmp/state/tribo/history" 2>/dev/null)" = 600 ] &&
	grep -q '^frobnicate$' "$tmp/state/tribo/history"; then
	ok
else
	bad "history not saved in \$XDG_STATE_HOME/tribo/history with mode 600"
fi

# ---- 80x24: answers at once after a big solve, the question in view, zoom ------
# The time from sending `eval N` to its answer on the screen, in
# microseconds: the least of three tries, polling the screen.
round_trip() {
	local best="" n t0 t1 k
	for k in 1 2 3; do
		n=$((RANDOM * 32768 + RANDOM + 1000000))
		t0=$(date +%s%N)
		tm send-keys -t t "eval $n+1" Enter
		for _ in $(seq 2000); do
			screen | grep -q "^$((n + 1))\$" && break
			server_alive
			sleep 0.002
		done
		t1=$(date +%s%N)
		k=$(((t1 - t0) / 1000))
		if [ -z "$best" ] || [ "$k" -lt "$best" ]; then best=$k; fi
	done
	echo "$best"
}
# The figure in the plot pane: its rows and its widest row, the frame
# taken off and blank rows and columns trimmed: "ROWSxCOLS".
figure_size() {
	screen | awk '/^┌─ plot/ { on = 1; next } /^└/ { on = 0 } on {
		sub(/^│/, ""); sub(/│ *$/, ""); s = $0; sub(/ +$/, "", s)
		if (s ~ /[^ ]/) { if (!first) first = NR; last = NR
			n = length(s); l = match(s, /[^ ]/); if (n > r) r = n; if (!lm || l < lm) lm = l } }
		END { printf "%dx%d\n", last - first + 1, r - lm + 1 }'
}
start 80 24
run_tribo
check "80x24: the prompt" "^tribo> *$"
tm send-keys -t t 'load disk-reye' Enter
check "80x24: loaded" "^loaded disk-reye"
base=$(round_trip)
tm send-keys -t t 'load ragulskis' Enter 'solve' Enter
check "80x24: ragulskis solved" "^u_end = "
tm send-keys -t t 'set Delta 0.8' Enter # a command between: nothing redrawn
after=$(round_trip)
if [ "$after" -le 200000 ] && [ "$after" -le $((3 * base)) ]; then ok; else
	bad "eval after a ragulskis solve took ${after} us, after no solve ${base} us"
fi
check "80x24: the statement's first words" "^│A mass m = 1 kg on a spring"
check "80x24: a log of 8 lines" "^── log"
if [ "$(screen | sed -n '/^── log/,$p' | wc -l)" -ge 11 ]; then ok; else
	bad "the log has fewer than 8 lines"
fi
check "80x24: the plot pane is a strip naming the figure" "^│F7 zooms: u, u̇ and ü over two"
# a solve of 40000 periods that never settles (no damping, a narrow
# transition): seconds of work and a big solution
tm send-keys -t t 'set c 0' Enter 'set h 0.5' Enter 'set Delta 0.01' Enter 'set Delta_a 0.01' Enter \
	'set periods 40000' Enter 'solve' Enter
check "a long solve shows the change against what ends it" "period [0-9]+: change [0-9.e+-]+, steady below"
check "and the time and how to stop it" " s · Ctrl-C stops it"
# it ends: done, or refused by the solve's budget (4 s of processor time
# at most, man tribo: Limits of a solve), which the plain build meets
check "the 40000-period solve ends" "done in [0-9.]+ s|budget" 90
after=$(round_trip)
if [ "$after" -le 200000 ] && [ "$after" -le $((3 * base)) ]; then ok; else
	bad "eval after the 40000-period solve took ${after} us, after no solve ${base} us"
fi
echo "screen: eval round trip: ${base} us after no solve, ${after} us after 40000 periods"

tm send-keys -t t 'load imachi-fig6' Enter 'solve' Enter 'zoom' Enter
check "zoom gives the plot the screen" "^┌─ plot  hodograph: Hodograph of u and v"
check "the zoomed plot has its key" "u, limit cycle \(period 23\)"
check "and its ticks" "^│ *-1\.0 +-0\.5 +0\.0 +0\.5 +1\.0 *│"
check_not "no other pane" "parameters"
size=$(figure_size)
if [ "${size%x*}" -ge 15 ] && [ "${size#*x}" -ge 70 ]; then ok; else
	bad "the zoomed figure is ${size} (rows x columns), not 15x70"
fi
# the tick labels: before the y axis, and rows of numbers alone
ticks=$(screen | sed -n '/^┌─ plot/,/^└/p' | sed 's/^│//; s/│ *$//' |
	awk '{ s = $0; sub(/[|+].*/, "", s); if (s ~ /[0-9]/) print s
		else if ($0 ~ /^[ 0-9.-]+$/ && $0 ~ /[0-9]/) print $0 }' | tr -s ' ' '\n' | grep .)
if [ "$(echo "$ticks" | wc -l)" -ge 10 ] &&
	! echo "$ticks" | grep -vqE '^-?[0-9]+(\.[0-9]+)?$' && ! echo "$ticks" | grep -qE '^-0(\.0+)?$'; then
	ok
else
	bad "mangled tick labels: $(echo $ticks)"
fi
if tm capture-pane -e -p -t t | grep -qE $'\033\\[38;5;[0-9]+m\\*+'; then ok; else
	bad "the zoomed plot is not in colour"
fi
tm send-keys -t t 'plot velocity' Enter
check "plot NAME in the zoomed pane" "^┌─ plot  velocity: u and v against τ"
check "a time plot takes the width" "^│ +0 +1 +2 +3 +4 +5 +6 +7 *│"
tm send-keys -t t F7
check "F7 gives the panes back" "┌─ parameters"
check "with the question in view" "^│The base moves on a circle"
tm send-keys -t t F7
check "F7 zooms" "^┌─ plot  velocity"
tm resize-window -t t -x 120 -y 40
check "a zoomed plot follows a resize" "^┌─ plot  velocity: u and v against τ over the last period.*─┐$"
tm send-keys -t t 'zoom' Enter
check "120x40: the panes" "┌─ parameters"
check "120x40: the plot in its pane, with its key" "u_xmean = 1\.002"
size=$(figure_size)
if [ "${size%x*}" -ge 14 ] && [ "${size#*x}" -ge 60 ]; then ok; else
	bad "the figure in the 120x40 pane is ${size}"
fi

# a resize during a long solve lays the screen out at once
tm resize-window -t t -x 80 -y 24
tm send-keys -t t 'load ragulskis' Enter 'set c 0' Enter 'set h 0.5' Enter 'set Delta 0.01' Enter \
	'set periods 1000000' Enter 'solve' Enter
check "a long solve runs" "Ctrl-C stops it"
tm resize-window -t t -x 100 -y 30
check "a resize during it lays out the panes again" "^┌─ exercise  ragulskis: Forced oscillator, elliptic… ─┐┌─ parameters"
check "while it runs" "Ctrl-C stops it"
tm send-keys -t t C-c
check "Ctrl-C stops it" "interrupted"

# long lines of the log wrap under their second column; a check's mark has its column
tm send-keys -t t 'list' Enter
check "list wraps under its title column" "^ {24}[A-Za-z]"
tm send-keys -t t 'load disk-reye' Enter 'solve' Enter 'check stop_time 1.223' Enter 'check R_coeff 7' Enter
check "a correct check's mark" "│▸✓ stop_time +1\.22324159021 s"
check "an incorrect check's mark" "│▸✗ R_coeff +0\.367875 N\*m  yours: 7"
tm send-keys -t t 'frobnicate' Enter
check "a typo" "^unknown command 'frobnicate'"
tm send-keys -t t 'quit' Enter
check "quit returns to the shell" '^\$ ?$'
exit_status "quit after a typo" 0

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

# ---- every signal that ends a session gives the terminal back ----------------
# (issue 18: SIGQUIT, SIGUSR1 and SIGALRM left the alternate screen, keypad
# mode, no echo); the session's lines are in the history file at once, and
# tribo dies of the signal (128 + its number); a crash (SIGSEGV) too.
hist=$tmp/state/tribo/history
n=0
for sig in TERM HUP QUIT USR1 USR2 ALRM PIPE SEGV; do
	n=$((n + 1))
	run_tribo -e disk-reye
	check "started for SIG$sig" "┌─ exercise  disk-reye"
	within 5 has_file "$tmp/pid" || abort "SIG$sig: tribo wrote no pid file within 5 s"
	tm send-keys -t t "print m $n" Enter
	check "a line before SIG$sig" "print m $n"
	kill -s $sig "$(cat "$tmp/pid")"
	check "SIG$sig returns to the shell" '^\$ ?$'
	terminal_restored "SIG$sig"
	exit_status "killed by SIG$sig" $((128 + $(kill -l $sig)))
	if [ "$(tm display -p -t t '#{alternate_on}')" = 0 ]; then ok; else bad "SIG$sig: still in the alternate screen"; fi
	if grep -qx "print m $n" "$hist" 2>/dev/null; then ok; else bad "SIG$sig: the line is not in the history file"; fi
	tm send-keys -t t clear Enter
done

# ---- where the locale is not UTF-8: ASCII; NO_COLOR: no colours ----------------
start 100 30 LC_ALL=C NO_COLOR=1
run_tribo -e disk-reye
check "ASCII borders" "^\+- exercise  disk-reye: A spinning disk stops"
check "Greek letters spelled out" "\(mu = 0\.25, g = 9\.81 m/s\^2\)"
tm send-keys -t t 'show' Enter PPage PPage
check "§ spelled out" "Rayleigh's dissipation function at work, S2\.2$"
if tm capture-pane -e -p -t t | grep -qE $'\033\\[(3[0-7]|38;5;)'; then
	bad "NO_COLOR: colours on the screen"
else
	ok
fi
tm send-keys -t t 'quit' Enter
check "quit" '^\$ ?$'

# The exercise pane is wrapped with the measure it is drawn with: at 80x24
# the imachi statement is whole, in ASCII (φ is "phi", ° " deg") as in
# UTF-8, not cut at the pane's edge. Its rows, joined, are the statement.
pane_text() {
	screen | sed 's/│/|/g; s/^└/+/' |
		awk -F'|' 'NR > 1 && /^\+/ { exit } NR > 1 { printf "%s ", $2 }' | tr -s ' '
}
statement_whole() { # description words…
	local what=$1
	shift
	for _ in $(seq 100); do
		pane_text | grep -qF -- "$*" && break
		server_alive
		sleep 0.1
	done
	if pane_text | grep -qF -- "$*"; then ok; else bad "$what: not /$*/ in '$(pane_text)'"; fi
}
start 80 24 LC_ALL=C
run_tribo -e imachi
check "imachi at 80x24 in ASCII" "^\+- exercise  imachi: "
statement_whole "the imachi statement in ASCII" "v = a cos tau e^(iphi') (a = 1.5, phi' = 60 deg, \
in Imachi's units u = omega U/g, tau = omega t). A constant force s = 0.6 (in units of mg) pushes it \
along x; the friction coefficients are mu0 = 0.9 (sliding) and mu1 = 1.3 (static)."
statement_whole "' u =' in ASCII" " u ="
statement_whole "'(in units of' in ASCII" "(in units of"
tm send-keys -t t 'quit' Enter
check "quit" '^\$ ?$'
start 80 24
run_tribo -e imachi
check "imachi at 80x24 in UTF-8" "^┌─ exercise  imachi: "
statement_whole "the imachi statement in UTF-8" "v = a cos τ e^(iφ') (a = 1.5, φ' = 60°, in \
Imachi's units u = ωU/g, τ = ωt). A constant force s = 0.6 (in units of mg) pushes it along x; the \
friction coefficients are μ0 = 0.9 (sliding) and μ1 = 1.3 (static)."
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

# ---- step: Imachi's construction drawn a step at a time (issue 19) -------------
start 120 40
run_tribo
tm send-keys -t t 'load imachi-fig3' Enter
tm send-keys -t t 'solve' Enter
check "imachi-fig3 solved" "case +III"
tm send-keys -t t 'step 21' Enter
check "step prints the step's numbers in the log" "^  it catches the base"
tm send-keys -t t 'zoom' Enter
check "the pane shows the construction to that step" "┌─ plot  construction: Imachi's construction, points 0 to 21"
tm send-keys -t t 'step' Enter
check "step advances the pane's drawing" "┌─ plot  construction: Imachi's construction, points 0 to 22"
check "and says the step" "^  no slip, it stays on the base"
tm send-keys -t t 'step reset' Enter
check "step reset puts back the solve's own drawing" "┌─ plot  construction: Imachi's construction, points 18 to 28"
tm send-keys -t t 'zoom' Enter
check "and zoom gives the panes back" "┌─ parameters"

# ---- step: the scene through the run (issue 41, point 3) -----------------------
tm send-keys -t t 'load painleve-slip' Enter 'solve' Enter
check "painleve-slip solved" "^t_slip = 0\.563"
tm send-keys -t t 'step slip' Enter
check "step slip says the step where the foot slips" "^step 156 of 200: t = 0\.5632 s, the foot slides forward"
check "the pane shows the scene at the slip" "┌─ plot  scene at t = 0\.563221 ─"
tm send-keys -t t 'step back' Enter
check "step back: the step before, the foot still held" "^step 155 of 200: t = 0\.5623 s, the foot sticks"
check "the pane's scene goes back with it" "┌─ plot  scene at t = 0\.562"
tm send-keys -t t 'zoom' Enter
check "the zoomed scene draws the rod's normal force" "λ = [0-9.]+ N"
tm send-keys -t t 'zoom' Enter
check "and the panes come back" "┌─ parameters"

tm send-keys -t t 'quit' Enter

# ---- a gnuplot that never answers (issue 43: each solve and each resize
# waited 20 s): the pane waits 2 s once, then says it is waiting, and every
# command answers at once, after a resize too
printf '#!/bin/sh\nexec sleep 60\n' >"$tmp/silent-gnuplot"
chmod +x "$tmp/silent-gnuplot"
# (100x32, 110x34: sizes where the pane draws a plot, not a strip)
start 100 32 GNUPLOT=$tmp/silent-gnuplot
run_tribo -e coin
check "started with a silent gnuplot" "┌─ exercise  coin"
tm send-keys -t t 'solve' Enter
check "the pane says it is waiting, after 2 s" "│waiting: gnuplot did not answer the pane within" 5
tm send-keys -t t 'print m' Enter
check "a command answers at once" "^0\.0075$" 1
tm resize-window -t t -x 110 -y 34
tm send-keys -t t 'print r' Enter
check "and after a resize" "^0\.012$" 1
tm send-keys -t t 'solve' Enter 'print g' Enter
check "and after another solve" "^9\.81$" 1
tm send-keys -t t 'quit' Enter


# ---- the screen's last edges (issue 40 point 4) ------------------------------------
# 80x24: the plot pane's strip marked out of date after a set, as the
# results are, and no more after solve; reset says what it put back;
# titles and choices shortened at a word's end, never inside a word; a
# long sweep's status keeps "Ctrl-C stops it"
start 80 24
run_tribo -e ragulskis
check "80x24: the title shortened at a word's end" "^┌─ exercise  ragulskis: Forced… ─+┐┌─ parameters"
tm send-keys -t t 'solve' Enter
check "80x24: solved" "^u_end = "
check_not "a fresh solve: the plot is not out of date" "┌─ plot  out of date"
tm send-keys -t t 'set c 0.2' Enter
check "80x24: the plot pane's strip is out of date after set" "^┌─ plot  out of date: motion ─+┐"
check "as the results are" "┌─ results  out of date ─+┐"
if tm capture-pane -e -p -t t | grep -qE $'plot .*\033\[[0-9;]*31m[^ ]*out of date'; then ok; else
	bad "the plot's 'out of date' is not in the error colour"
fi
tm send-keys -t t 'reset c' Enter
check "reset says the value it put back and the one it replaced" \
	"^c = 0\.1 N\*s/m \(the exercise's value; was 0\.2 N\*s/m\)$"
tm send-keys -t t 'solve' Enter
check "solved again" "^cycles = "
check_not "solve takes the plot's mark away" "┌─ plot  out of date"
tm send-keys -t t 'set c 0.3' Enter 'set h 3' Enter 'reset' Enter
check "reset alone says how many it put back" "^2 parameters back to the exercise's values:$"
check "and which, with their old values" "^  h = 3\.2 N \(was 3 N\)$"
tm send-keys -t t 'reset' Enter
check "and when none was changed" "^no parameter was changed: all have the exercise's values$"
tm send-keys -t t F6 F6 NPage
check "the choices shortened between two" "│ law +elliptic +elliptic\|… *│"
# no word of a pane's frame or row is cut before its mark (as they were:
# "Forced oscillato…", "elliptic|elliptic-peak|coul…", "out of dat")
if screen | grep -qE '…' && ! screen | grep -qE 'oscillato…|coul…|out of dat…|out of…'; then ok; else
	bad "a word cut before its mark"
fi
tm send-keys -t t 'set c 0' Enter 'set h 0.5' Enter 'set Delta 0.01' Enter 'set periods 40000' Enter \
	'sweep P 1 4 4 amp' Enter
check "80x24: a long sweep's status keeps the Ctrl-C hint whole" "point [0-9]+ of 4 · .* s · Ctrl-C stops it *$"
tm send-keys -t t C-c
check "stopped" "interrupted"
# 120x40: the whole title, the plot's mark in its frame
tm resize-window -t t -x 120 -y 40
tm send-keys -t t 'reset' Enter 'solve' Enter
check "120x40: solved" "^u_end = "
tm send-keys -t t 'set c 0.2' Enter
check "120x40: the plot's frame is out of date" "^┌─ plot  out of date: motion: u, u̇ and ü over two periods of… ─+┐"
# a resize, then quit: the shell's screen and its history hold no row of
# the panes (tmux 3.3a carried them over when the screen was left)
tm resize-window -t t -x 90 -y 28
check "90x28: laid out again" "^┌─ exercise  ragulskis"
tm send-keys -t t 'quit' Enter
check "quit after the resizes" '^\$ ?$'
if tm capture-pane -p -S -200 -t t | grep -qE '│|┌|└|tribo\[ragulskis\]>'; then
	bad "pane debris on the shell's screen: $(tm capture-pane -p -S -200 -t t | grep -E '│|┌|└' | head -3)"
else
	ok
fi
# and with a shrink as the last resize, as in the issue (110x32 to 80x24)
start 110 32
run_tribo -e disk-reye
check "110x32: started" "^┌─ exercise  disk-reye"
tm send-keys -t t 'solve' Enter
check "110x32: solved" "^stop_time = "
tm resize-window -t t -x 80 -y 24
check "80x24: laid out again" "^┌─ exercise  disk-reye: A spinning disk… ─+┐"
tm send-keys -t t 'quit' Enter
check "quit after the shrink" '^\$ ?$'
if tm capture-pane -p -S -200 -t t | grep -qE '│|┌|└|tribo\[disk-reye\]>'; then
	bad "pane debris on the shell's screen after a shrink"
else
	ok
fi


# ---- LC_ALL=C: one ASCII spelling in every mode (issue 40 point 4) ----------------
# u, u̇, ü are u, u' and u'' in the batch, in --plain, in the plot's labels
# and on the screen alike (util/glyph.c's table), never raw UTF-8
start 120 40 LC_ALL=C
tm send-keys -t t "$TRIBO -c 'load ragulskis; solve; plot; plot motion' > $tmp/c.out 2>&1; echo batch-done" Enter
check "LC_ALL=C: the batch ran" "^batch-done"
if grep -q "^  motion  u, u' and u'' over two periods" "$tmp/c.out" &&
	grep -q "u \[m\], u' \[m/s\], u'' \[m/s^2\]" "$tmp/c.out" && ! LC_ALL=C grep -q $'[\x80-\xff]' "$tmp/c.out"; then
	ok
else
	bad "LC_ALL=C batch: not u, u' and u'' in ASCII: $(grep -a 'motion\|u \[m\]' "$tmp/c.out" | head -3)"
fi
tm send-keys -t t "clear; $TRIBO --plain" Enter
check "LC_ALL=C --plain: the prompt" "^tribo> *$"
tm send-keys -t t 'load ragulskis' Enter 'plot' Enter
check "--plain: no figure yet" "^no figures yet"
tm send-keys -t t 'solve' Enter 'plot' Enter
check "--plain: the figures' titles in ASCII" "^  motion  u, u' and u'' over two periods of the steady state"
check "--plain: du's title" "^  du +Velocity u' over two periods"
tm send-keys -t t 'show' Enter
check "--plain: show in ASCII" "its slow manifold H\(u'\) \+ c u' ="
tm send-keys -t t 'quit' Enter
check "--plain: quit" '^\$ ?$'
tm send-keys -t t "clear; $TRIBO -e ragulskis" Enter
check "LC_ALL=C screen: started" "^\+- exercise  ragulskis"
tm send-keys -t t 'solve' Enter
check "the screen: the plot pane's title in ASCII" "^\+- plot  motion: u, u' and u'' over two periods"
check "the screen: the plot's labels in ASCII" "^\|u \[m\], u' \[m/s\], u'' \[m/s\^2\] +\|"
check "the screen: the plot's key in ASCII" "u' \[m/s\] \\$+u'' \[m/s\^2\]"
check "the screen: the statement in ASCII" "Dry friction H\(u'\) of"
sleep 0.5
if screen | LC_ALL=C grep -q $'[\x80-\xff]'; then bad "LC_ALL=C: a character outside ASCII on the screen"; else ok; fi
tm send-keys -t t 'quit' Enter
check "the screen: quit" '^\$ ?$'

# ---- text plots keep 8 rows of curves (issue 40 point 4: 2 rows at 100x32) ------
# The rows inside the plot's box (between its two +---+ borders) in the
# plot pane, or 0 where the pane is a strip.
plot_rows() {
	screen | awk '/^┌─ plot/ { on = 1; next } /^└/ { on = 0 } on {
		sub(/^│/, ""); sub(/│.*$/, "")
		if ($0 ~ /^ *[-0-9.e+]* *\+---/) { if (!f) f = NR; l = NR } }
		END { print (f ? l - f - 1 : 0) }'
}
rows_at_least() { # description least
	local n=0
	for _ in $(seq 20); do # gnuplot draws after the frame: up to 2 s
		n=$(plot_rows)
		[ "$n" -ge "$2" ] && break
		sleep 0.1
	done
	if [ "$n" -ge "$2" ]; then ok; else bad "$1: $n rows of curves, not $2"; fi
}
for size in "80 24" "100 32" "120 40"; do
	set -- $size
	start "$1" "$2"
	run_tribo -e imachi-fig6
	check "$1x$2: started" "^tribo\[imachi-fig6\]> *$"
	tm send-keys -t t 'solve' Enter
	check "$1x$2: solved" "^u_xmean = "
	if [ "$2" -lt 30 ]; then
		# no room beside the panes: a strip that names the figure, and
		# zoom gives it the rows
		check "$1x$2: the strip" "^│F7 zooms: Hodograph"
		tm send-keys -t t 'zoom' Enter
		check "$1x$2: zoomed" "^┌─ plot  hodograph"
	fi
	rows_at_least "$1x$2: imachi-fig6's hodograph" 8
	tm send-keys -t t 'load ragulskis' Enter 'solve' Enter
	check "$1x$2: ragulskis solved" "^u_end = "
	rows_at_least "$1x$2: ragulskis's motion" 8
	check "$1x$2: and its key" "u \[m\] +#+u̇ \[m/s\]"
	tm send-keys -t t 'quit' Enter
	check "$1x$2: quit" '^\$ ?$'
done

finish
