#!/bin/sh
# make check: the check suites and the transcripts, first as built, then
# under AddressSanitizer + UBSan, then under valgrind. Prints one summary
# line per stage and a last line with the totals.
set -u
cd "$(dirname "$0")/.."
passed=0 failed=0
tally() { # name status
	if [ "$2" = 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $1"; fi
}

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=97
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=98
export LSAN_OPTIONS=suppressions=$(pwd)/tests/lsan.supp:print_suppressions=0
VG="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --suppressions=$(pwd)/tests/valgrind.supp"

for build in plain asan; do
	echo "== check suites ($build build)"
	for t in build/$build/tests/check_*; do
		"$t"
		tally "$t" $?
	done
	echo "== transcripts ($build build)"
	bin=./tribo
	[ $build = asan ] && bin=build/asan/tribo
	TRIBO=$bin bash tests/transcript.sh
	tally "transcripts ($build)" $?
done

if command -v valgrind >/dev/null 2>&1; then
	echo "== check suites under valgrind"
	for t in build/plain/tests/check_*; do
		CK_FORK=no $VG "$t" >/dev/null
		tally "valgrind $t" $?
	done
	echo "== transcripts under valgrind"
	TRIBO_WRAP=$VG bash tests/transcript.sh
	tally "transcripts (valgrind)" $?
else
	echo "valgrind not installed: skipping the valgrind stage"
fi

echo "make check: $passed passed, $failed failed"
[ "$failed" = 0 ]
