#!/bin/bash
# Issue 38's experiment, not part of make check: RUNS times, COPIES full
# transcript runs at once (four and ten by default), each run's counts
# printed; every run must count the same and fail none. What two tribo
# processes could share (a temporary, the history, the catalogue, the
# files a case writes) would show as a count that differs or a failure.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
copies=${COPIES:-4} runs=${RUNS:-10}
TRIBO=${TRIBO:-$top/tribo}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
bad=0 first=""
for r in $(seq "$runs"); do
	for c in $(seq "$copies"); do
		TRIBO=$TRIBO bash "$top/tests/transcript.sh" >"$out/$c" 2>&1 &
	done
	wait
	line=""
	for c in $(seq "$copies"); do
		l=$(tail -n 1 "$out/$c")
		line="$line | $l"
		[ -n "$first" ] || first=$l
		if [ "$l" != "$first" ] || ! [[ $l == *" 0 failed"* ]]; then
			bad=$((bad + 1))
			grep -A 12 '^FAIL' "$out/$c" | cut -c 1-300 | head -n 40
		fi
	done
	echo "run $r:${line#' |'}"
done
echo "concurrency: $runs runs of $copies at once, $bad differing or failing"
[ "$bad" = 0 ]
