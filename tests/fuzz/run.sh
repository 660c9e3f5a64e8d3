#!/bin/sh
# make fuzz: runs each libFuzzer harness of build/fuzz for FUZZ_TIME
# seconds (default 60), from the committed seeds (tests/fuzz/corpus/NAME),
# the seeds made from the exercises and tests (build/fuzz/seeds/NAME) and
# what earlier runs grew (build/fuzz/corpus/NAME, where new inputs go).
# A crash, leak, UB report or timeout is saved as build/fuzz/crashes/NAME-*;
# the last line adds up. usage: run.sh [HARNESS...] (default: all five)
set -u
cd "$(dirname "$0")/../.." || exit 1
# absolute: fuzz_command works in a scratch directory of its own, entered
# before libFuzzer reads the corpus and writes the artifacts
T=$(pwd)
F=$T/build/fuzz
FUZZ_TIME=${FUZZ_TIME:-60}
FUZZ_RSS=${FUZZ_RSS:-2048}
# seconds one input may take before it counts as a hang
FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-30}
[ $# -gt 0 ] || set -- fuzz_exercise fuzz_command fuzz_units fuzz_expr fuzz_domain

rm -rf "$F/seeds"
python3 tests/fuzz/seeds.py . "$F/seeds" || exit 1
mkdir -p "$F/crashes"
export ASAN_OPTIONS=detect_leaks=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
passed=0 failed=0
for h in "$@"; do
	mkdir -p "$F/corpus/$h" "tests/fuzz/corpus/$h"
	dict=""
	[ -f "tests/fuzz/$h.dict" ] && dict="-dict=$T/tests/fuzz/$h.dict"
	echo "== $h for ${FUZZ_TIME}s"
	# shellcheck disable=SC2086
	"$F/$h" -max_total_time="$FUZZ_TIME" -rss_limit_mb="$FUZZ_RSS" \
		-timeout="$FUZZ_TIMEOUT" -artifact_prefix="$F/crashes/$h-" \
		-print_final_stats=1 $dict \
		"$F/corpus/$h" "$T/tests/fuzz/corpus/$h" "$F/seeds/$h" >"$F/$h.log" 2>&1
	rc=$?
	grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ *DONE)' "$F/$h.log"
	if [ "$rc" = 0 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		grep -E 'ERROR|SUMMARY|runtime error|Test unit written' "$F/$h.log" | head -n 8
		echo "$h FAILED (status $rc): see $F/$h.log"
	fi
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" = 0 ]
