#!/bin/sh
# make check: the check suites, the transcripts and the hostile inputs
# (tests/hostile.sh), first as built, then under AddressSanitizer + UBSan,
# then under valgrind; the man pages, the gnuplot windows and the
# installation once. The last line adds up the test cases of every stage.
set -u
cd "$(dirname "$0")/.."
out=$(mktemp)
trap 'rm -f "$out"' EXIT
passed=0 failed=0

# Runs one stage, shows its output, and adds its counts: check's
# "Checks: N, Failures: F, Errors: E" or our scripts' "name: N passed, F failed".
# A stage that fails without saying how many counts as one failure; each
# says how long it took, as CI must stay under 20 minutes.
stage() {
	t0=$(date +%s)
	"$@" >"$out" 2>&1
	rc=$?
	cat "$out"
	echo "   ($(($(date +%s) - t0)) s)"
	n=$(sed -n 's/.*Checks: \([0-9]*\), Failures: \([0-9]*\), Errors: \([0-9]*\).*/\1 \2 \3/p;
		s/^[a-z]*: \([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2 0/p' "$out" | tail -n 1)
	if [ -n "$n" ]; then
		set -- $n
		passed=$((passed + $1 - $2 - $3))
		failed=$((failed + $2 + $3))
		[ "$rc" = 0 ] || [ $(($2 + $3)) -gt 0 ] || failed=$((failed + 1))
	elif [ "$rc" != 0 ]; then
		failed=$((failed + 1))
	fi
	[ "$rc" = 0 ] || echo "FAILED (status $rc)"
}

export ASAN_OPTIONS=detect_leaks=1:exitcode=97
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=98
VG="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite"

for build in plain asan; do
	echo "== check suites, $build build"
	for t in build/$build/tests/check_*; do
		stage "$t"
	done
	echo "== transcripts, $build build"
	bin=./tribo
	[ $build = asan ] && bin=build/asan/tribo
	stage env TRIBO=$bin bash tests/transcript.sh
	echo "== hostile input, $build build"
	stage env TRIBO=$bin bash tests/hostile.sh
	echo "== the REPL in tmux, $build build"
	stage env TRIBO=$bin bash tests/repl.sh
	echo "== the full screen in tmux, $build build"
	stage env TRIBO=$bin bash tests/screen.sh
	echo "== every signal that ends a process, in tmux, $build build"
	stage env TRIBO=$bin bash tests/signals.sh
	echo "== a terminal that talks back, $build build"
	stage env TRIBO=$bin bash tests/talkback.sh
done

echo "== the man pages"
stage env TRIBO=./tribo bash tests/man.sh
# the two X stages side by side, each on an Xvfb of its own: they wait
# for xterm and gnuplot's windows far more than they compute
xout=$(mktemp)
(
	env TRIBO=./tribo bash tests/window.sh >"$xout" 2>&1
	echo $? >"$xout.rc"
) &
xpid=$!
echo "== pictures in the plot pane: xterm as a VT340 under Xvfb (plot NAME window alongside)"
stage env TRIBO=./tribo bash tests/sixel.sh
wait "$xpid"
echo "== plot NAME window on Xvfb"
stage sh -c 'cat "$1"; exit "$(cat "$1.rc")"' sh "$xout"
rm -f "$xout" "$xout.rc"
echo "== make install and uninstall"
stage bash tests/install.sh

if command -v valgrind >/dev/null 2>&1; then
	# the two halves of the valgrind stage side by side, one a core: the
	# transcripts (5 minutes) in the background while the check suites run
	vgout=$(mktemp)
	vg0=$(date +%s)
	(
		env TRIBO_WRAP="$VG" bash tests/transcript.sh >"$vgout" 2>&1
		echo $? >"$vgout.rc"
		echo $(($(date +%s) - vg0)) >"$vgout.time"
	) &
	vgpid=$!
	echo "== check suites under valgrind (the transcripts under valgrind alongside)"
	for t in build/plain/tests/check_*; do
		stage env CK_FORK=no TRIBO_TEST_LIGHT=1 $VG "$t"
	done
	wait "$vgpid"
	echo "== transcripts under valgrind ($(cat "$vgout.time") s, alongside the check suites)"
	stage sh -c 'cat "$1"; exit "$(cat "$1.rc")"' sh "$vgout"
	rm -f "$vgout" "$vgout.rc" "$vgout.time"
else
	echo "== valgrind is not installed: the valgrind stage is skipped"
fi

echo "make check: $passed passed, $failed failed"
[ "$failed" = 0 ]
