#!/bin/sh
# make coverage: runs the instrumented build's check suites (build/cov,
# gcc --coverage) and the transcripts over build/cov/tribo, the
# transcripts alongside the suites (one a core), then prints the line and
# branch coverage of each file of src/ with gcovr. The counters of an
# earlier run are cleared first. Two processes that end at once merge
# their counts into the same .gcda files one after the other: libgcov
# takes an fcntl write lock on each file (F_SETLKW) before it reads,
# adds and writes back. Besides the table: build/cov/coverage.txt (the
# lines no test reaches, file by file), coverage.csv and coverage.json.
# The tmux and X stages of make check (repl.sh, screen.sh, signals.sh,
# window.sh, sixel.sh) are not run: src/front/ is measured by the suites
# and the batch transcripts alone.
# Arguments: the check suites to run (all of build/cov/tests/check_* by
# default); COVERAGE_TRANSCRIPTS=0 leaves the transcripts out.
set -u
cd "$(dirname "$0")/.."
C=build/cov
command -v gcovr >/dev/null 2>&1 || {
	echo "coverage: gcovr is not installed (make coverage installs it: build-aux/deps --coverage)" >&2
	exit 1
}
find "$C" -name '*.gcda' -delete
# -O0 and the counters make the suites slower than the plain build that
# their time limits were set for
export CK_TIMEOUT_MULTIPLIER="${CK_TIMEOUT_MULTIPLIER:-4}"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
failed=0

# the transcripts in the background, on the other core
if [ "${COVERAGE_TRANSCRIPTS:-1}" != 0 ]; then
	(
		t0=$(date +%s)
		env TRIBO="$C/tribo" bash tests/transcript.sh >"$out/transcripts" 2>&1
		echo $? >"$out/transcripts.rc"
		echo $(($(date +%s) - t0)) >"$out/transcripts.time"
	) &
	tpid=$!
fi

[ $# -gt 0 ] || set -- "$C"/tests/check_*
echo "== check suites, coverage build (CK_TIMEOUT_MULTIPLIER=$CK_TIMEOUT_MULTIPLIER)"
for t in "$@"; do
	# the suites' own counters (check_X-check_X.gcda) lie beside them
	case $t in *.gcno | *.gcda) continue ;; esac
	t0=$(date +%s)
	"$t" >"$out/suite" 2>&1
	rc=$?
	# check's last line: "100%: Checks: N, Failures: F, Errors: E"
	echo "$(basename "$t"): $(tail -n 1 "$out/suite") ($(($(date +%s) - t0)) s)"
	if [ $rc != 0 ]; then
		cat "$out/suite"
		echo "FAILED (status $rc)"
		failed=$((failed + 1))
	fi
done
if [ "${COVERAGE_TRANSCRIPTS:-1}" != 0 ]; then
	wait "$tpid"
	echo "== transcripts over $C/tribo ($(cat "$out/transcripts.time") s, alongside the suites)"
	cat "$out/transcripts"
	[ "$(cat "$out/transcripts.rc")" = 0 ] || failed=$((failed + 1))
fi

echo "== coverage of src/ (gcovr $(gcovr --version | sed -n '1s/^gcovr //p'))"
# --exclude-unreachable-branches: a line with no code of its own (a
# closing brace) carries no branch
gcovr -r . -f 'src/' --exclude-unreachable-branches --txt "$C/coverage.txt" \
	--csv "$C/coverage.csv" --json "$C/coverage.json" "$C" || exit 1
# filename,line_total,line_covered,line_percent,branch_total,branch_covered,...
awk -F, '
function pct(c, t) { return t ? sprintf("%5.1f%%", 100 * c / t) : "    -" }
function row(name, lt, lc, bt, bc) {
	printf "%-28s %6d %6d %s %6d %6d %s\n", name, lt, lc, pct(lc, lt), bt, bc, pct(bc, bt)
}
NR == 1 { printf "%-28s %6s %6s %6s %6s %6s %6s\n", "file", "lines", "run", "%", "branch", "taken", "%"; next }
{
	row($1, $2, $3, $5, $6)
	d = $1; sub(/\/[^\/]*$/, "/", d)
	if (d == "src/")
		d = "src/ (top level)"
	dl[d] += $2; dc[d] += $3; db[d] += $5; dbc[d] += $6
	lt += $2; lc += $3; bt += $5; bc += $6
}
END {
	print ""
	n = 0
	for (d in dl) dirs[++n] = d
	for (i = 1; i <= n; i++)
		for (j = i + 1; j <= n; j++)
			if (dirs[j] < dirs[i]) { x = dirs[i]; dirs[i] = dirs[j]; dirs[j] = x }
	for (i = 1; i <= n; i++) row(dirs[i], dl[dirs[i]], dc[dirs[i]], db[dirs[i]], dbc[dirs[i]])
	row("src/ (all)", lt, lc, bt, bc)
}' "$C/coverage.csv"
echo "(the lines no test reaches: $C/coverage.txt)"
if [ $failed != 0 ]; then
	echo "coverage: $failed stages failed: the figures above count what ran"
	exit 1
fi
