#!/bin/bash
# The test tiers. `tests/run-all.sh test` (make test, between edits): the
# plain build's check suites and transcripts. `tests/run-all.sh check`
# (make check, what CI runs): those, the same under AddressSanitizer +
# UBSan and under valgrind, the hostile inputs, the REPL, the full screen,
# signals and a talking terminal in tmux, the man pages, the pictures and
# windows under Xvfb, and the installation.
#
# The stages run side by side, TEST_JOBS at a time (the machine's cores by
# default), the longest first, and those that mostly wait (tmux, Xvfb) one
# at a time beside them; each says what it printed and how long it
# took as it ends, and the last line adds up the test cases of every stage.
# A stage's counts are check's "Checks: N, Failures: F, Errors: E" or our
# scripts' "name: N passed, F failed, S skipped" (tests/lib.sh); a stage that fails
# without saying how many counts as one failure. Under CI=true a skipped
# case fails the run: make check installs what every stage needs.
set -u
cd "$(dirname "$0")/.."
tier=${1:-check}
case $tier in test | check) ;; *) echo "usage: $0 [test|check]" >&2; exit 2 ;; esac
jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 2)}
dir=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$dir"' EXIT
trap 'exit 130' INT TERM

export ASAN_OPTIONS=detect_leaks=1:exitcode=97
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=98
# --read-inline-info=no: a quarter of valgrind's 0.7 s start, paid by
# every one of the transcripts' 400 processes (its reports lose only the
# inlined frames)
VG="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --read-inline-info=no"

# ---- the stages: a cost (seconds on a quiet 2-core machine, to start
# the long ones first), a name and a command ----
cost=() name=() cmd=() lane=()
add() { # COST NAME CMD...
	cost+=("$1") name+=("$2") lane+=(cpu)
	shift 2
	cmd+=("$(printf '%q ' "$@")")
}
# A stage that mostly waits (on tmux, an X server, a terminal's answer, a
# sleep between keys) runs in a lane of its own beside the TEST_JOBS that
# compute: on 2 cores it would otherwise hold a core it hardly uses.
addw() { # COST NAME CMD...
	add "$@"
	lane[${#lane[@]} - 1]=wait
}
# a check suite's own time, plain (the other builds scale it)
suite_cost() {
	case $1 in
	check_domain) echo 35 ;; check_figures) echo 33 ;; check_rayleigh) echo 10 ;;
	check_sixel) echo 6 ;; check_gnuplot) echo 6 ;; check_generate | check_ragulskis) echo 4 ;;
	*) echo 1 ;;
	esac
}
# the transcripts in NCHUNK parts of about equal size, for the slow builds
chunks() { # NCHUNK K: the K-th part's files
	local n=$1 k=$2 i=0 f
	for f in tests/transcripts/*.t; do
		[ $((i % n)) = "$k" ] && printf '%s\n' "$f"
		i=$((i + 1))
	done
}

for t in build/plain/tests/check_*; do
	add "$(suite_cost "${t##*/}")" "${t##*/}, plain build" "$t"
done
add 45 "transcripts, plain build" env TRIBO=./tribo bash tests/transcript.sh
if [ "$tier" = check ]; then
	for t in build/asan/tests/check_*; do
		add $((3 * $(suite_cost "${t##*/}"))) "${t##*/}, asan build" "$t"
	done
	for k in 0 1; do
		add 60 "transcripts, asan build, part $((k + 1)) of 2" \
			env TRIBO=build/asan/tribo bash tests/transcript.sh $(chunks 2 $k)
	done
	for build in plain asan; do
		bin=./tribo
		[ $build = asan ] && bin=build/asan/tribo
		add 20 "hostile input, $build build" env TRIBO=$bin bash tests/hostile.sh
		addw 20 "the REPL in tmux, $build build" env TRIBO=$bin bash tests/repl.sh
		addw 60 "the full screen in tmux, $build build" env TRIBO=$bin bash tests/screen.sh
		addw 30 "every signal that ends a process, in tmux, $build build" \
			env TRIBO=$bin bash tests/signals.sh
		addw 15 "a terminal that talks back, $build build" env TRIBO=$bin bash tests/talkback.sh
	done
	add 30 "the man pages" env TRIBO=./tribo bash tests/man.sh
	add 30 "every name of a roster printed (lualatex, pdftotext)" \
		env TRIBO=./tribo bash tests/latex_names.sh
	add 25 "sheets in the students' words (no tool words)" \
		env TRIBO=./tribo bash tests/sheets.sh
	add 30 "each variant's figure on its sheet (pdflatex, xmllint)" \
		env TRIBO=./tribo bash tests/sheet_figures.sh
	add 5 "the code's style (clang-format)" bash tests/style.sh
	addw 60 "pictures in the plot pane: xterm as a VT340 under Xvfb" \
		env TRIBO=./tribo bash tests/sixel.sh
	addw 60 "plot NAME window on Xvfb" env TRIBO=./tribo bash tests/window.sh
	addw 30 "step play on Xvfb (the window and the sixel pane)" \
		env TRIBO=./tribo bash tests/play.sh
	add 20 "make install and uninstall" bash tests/install.sh
	if command -v valgrind >/dev/null 2>&1; then
		for t in build/plain/tests/check_*; do
			c=$(suite_cost "${t##*/}")
			case ${t##*/} in check_ragulskis) c=20 ;; check_rayleigh) c=22 ;; esac
			add $((c * 4)) "${t##*/} under valgrind" env CK_FORK=no TRIBO_TEST_LIGHT=1 $VG "$t"
		done
		for k in 0 1 2 3; do
			add 130 "transcripts under valgrind, part $((k + 1)) of 4" \
				env TRIBO_WRAP="$VG" bash tests/transcript.sh $(chunks 4 $k)
		done
	elif [ "${CI:-}" = true ]; then
		add 0 "valgrind" sh -c 'echo "valgrind: 0 passed, 0 failed, 1 skipped (not installed)"'
	else
		echo "== valgrind is not installed: the valgrind stages are skipped"
	fi
fi

# ---- running them ----
passed=0 failed=0 skipped=0
# Shows stage I's output and time, and adds its counts.
report() {
	local i=$1 out="$dir/$1.out" rc n p f s
	rc=$(cat "$dir/$i.rc")
	echo "== ${name[$i]}"
	cat "$out"
	echo "   ($(cat "$dir/$i.time") s)"
	n=$(sed -n 's/.*Checks: \([0-9]*\), Failures: \([0-9]*\), Errors: \([0-9]*\).*/\1 \2 \3 0/p
		s/^[a-zA-Z0-9_ -]*: \([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped.*/\1 \2 0 \3/p
		t
		s/^[a-zA-Z0-9_ -]*: \([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2 0 0/p' "$out" | tail -n 1)
	if [ -n "$n" ]; then
		read -r p f e s <<<"$n"
		# check counts failures, and our skips (testutil.h's run_suite:
		# "Skipped: K"), inside its total; our scripts count them apart
		if grep -q 'Checks: ' "$out"; then
			s=$(sed -n 's/^Skipped: \([0-9]*\)$/\1/p' "$out" | tail -n 1)
			s=${s:-0}
			passed=$((passed + p - f - e - s))
		else
			passed=$((passed + p))
		fi
		failed=$((failed + f + e))
		skipped=$((skipped + s))
		[ "$rc" = 0 ] || [ $((f + e)) -gt 0 ] || failed=$((failed + 1))
	elif [ "$rc" != 0 ]; then
		failed=$((failed + 1))
	fi
	[ "$rc" = 0 ] || echo "FAILED (status $rc)"
}

# the order: the dearest first, so that the cheap ones fill in at the end;
# the computing stages TEST_JOBS at a time, the waiting ones one at a time
# beside them
order() { # LANE
	local i
	for i in "${!cost[@]}"; do
		[ "${lane[$i]}" = "$1" ] && echo "${cost[$i]} $i"
	done | sort -rn | cut -d' ' -f2
}
read -r -a todo_cpu <<<"$(order cpu | tr '\n' ' ')"
read -r -a todo_wait <<<"$(order wait | tr '\n' ' ')"
t0=$(date +%s)
declare -A running=([cpu]=0 [wait]=0) shown=()
start() {
	local i=$1
	(
		s=$(date +%s)
		eval "${cmd[$i]}" >"$dir/$i.out" 2>&1 </dev/null
		rc=$?
		echo $(($(date +%s) - s)) >"$dir/$i.time"
		echo $rc >"$dir/$i.rc"
	) &
	running[${lane[$i]}]=$((running[${lane[$i]}] + 1))
}
collect() {
	local i
	for i in "${!cmd[@]}"; do
		if [ -e "$dir/$i.rc" ] && [ -z "${shown[$i]:-}" ]; then
			shown[$i]=1
			running[${lane[$i]}]=$((running[${lane[$i]}] - 1))
			report "$i"
		fi
	done
}
while :; do
	while [ ${#todo_cpu[@]} -gt 0 ] && [ "${running[cpu]}" -lt "$jobs" ]; do
		start "${todo_cpu[0]}"
		todo_cpu=("${todo_cpu[@]:1}")
	done
	while [ ${#todo_wait[@]} -gt 0 ] && [ "${running[wait]}" -lt 1 ]; do
		start "${todo_wait[0]}"
		todo_wait=("${todo_wait[@]:1}")
	done
	[ $((running[cpu] + running[wait])) -gt 0 ] || break
	wait -n 2>/dev/null || sleep 0.2
	collect
done

echo "make $tier: $passed passed, $failed failed, $skipped skipped" \
	"(${#cmd[@]} stages, $jobs at a time and 1 waiting beside them, $(($(date +%s) - t0)) s)"
if [ "$skipped" -gt 0 ] && [ "${CI:-}" = true ]; then
	echo "make $tier: under CI=true nothing may be skipped (make check installs what every stage needs)"
	exit 1
fi
[ "$failed" = 0 ]
