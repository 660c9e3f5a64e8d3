#!/bin/bash
# Transcript tests: each tests/transcripts/*.t holds cases of the form
#
#   $ tribo -c 'load disk-reye; print m'     a shell command line
#   2                                        expected standard output
#   ! tribo: …                               expected standard error
#   ? 0                                      expected exit status (ends the case)
#
# Lines before a case that start with '#' are comments; the comment
# '#! heavy' before a case keeps it out of the valgrind run (TRIBO_WRAP set),
# where a long solve takes minutes, and '#! native' one that needs the
# machine's own floating point (valgrind does not emulate IEEE's status
# flags, by which tribo sees an underflow): the plain and sanitized runs
# still check them. TRANSCRIPT_TIMES=1 prints each case's seconds. Commands run in
# a copy of tests/data of this run's own (the cases write files there: two
# runs at once must not see each other's), with `tribo` standing for
# $TRIBO (under $TRIBO_WRAP, such as valgrind, when set), the shipped
# exercises on TRIBO_PATH and a private HOME, so that nothing of the
# user's is read or written. Arguments: the .t files to run (all of them
# by default).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
TRIBO=${TRIBO:-$top/tribo}
case $TRIBO in /*) ;; *) TRIBO=$(pwd)/$TRIBO ;; esac
TRIBO_WRAP=${TRIBO_WRAP:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TRIBO TRIBO_WRAP
export TRIBO_PATH="$top/exercises" HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/data"
export XDG_STATE_HOME="$tmp/home/state" NO_COLOR=1 LC_ALL=C.UTF-8
mkdir -p "$HOME" "$tmp/tests"
cp -R "$top/tests/data" "$tmp/tests/data"
ln -s "$top"/tests/*.py "$tmp/tests/"
tribo() { $TRIBO_WRAP "$TRIBO" "$@"; }
export -f tribo

pass=0 fail=0 skipped=0
run_case() { # file line command expected_out expected_err expected_status
	local file=$1 line=$2 cmd=$3 want_out=$4 want_err=$5 want_rc=$6
	local got_out got_err got_rc t0=$SECONDS
	(cd "$tmp/tests/data" && bash -c "$cmd" >"$tmp/out" 2>"$tmp/err" </dev/null)
	got_rc=$?
	[ -z "${TRANSCRIPT_TIMES:-}" ] || echo "$((SECONDS - t0)) s $file:$line"
	got_out=$(cat "$tmp/out")
	got_err=$(cat "$tmp/err")
	if [ "$got_out" == "$want_out" ] && [ "$got_err" == "$want_err" ] &&
		[ "$got_rc" == "$want_rc" ]; then
		pass=$((pass + 1))
		return
	fi
	fail=$((fail + 1))
	echo "FAIL $file:$line: \$ $cmd"
	if [ "$got_out" != "$want_out" ]; then
		echo "  standard output differs (- expected, + got):"
		diff <(printf '%s\n' "$want_out") <(printf '%s\n' "$got_out") | sed 's/^/    /'
	fi
	if [ "$got_err" != "$want_err" ]; then
		echo "  standard error differs (- expected, + got):"
		diff <(printf '%s\n' "$want_err") <(printf '%s\n' "$got_err") | sed 's/^/    /'
	fi
	[ "$got_rc" == "$want_rc" ] || echo "  exit status $got_rc, expected $want_rc"
}

[ $# -gt 0 ] || set -- "$top"/tests/transcripts/*.t
for t in "$@"; do
	name=${t#"$top"/}
	n=0 cmd="" start=0 out="" err="" in_case=0 heavy=0
	while IFS= read -r l || [ -n "$l" ]; do
		n=$((n + 1))
		if [ $in_case = 0 ]; then
			case $l in
			'$ '*) cmd=${l#'$ '} start=$n out="" err="" in_case=1 nout=0 nerr=0 ;;
			'#! heavy' | '#! native') heavy=1 ;;
			'#'* | '') ;;
			*) echo "FAIL $name:$n: text outside a case: $l"; fail=$((fail + 1)) ;;
			esac
			continue
		fi
		case $l in
		'? '*)
			if [ $heavy = 1 ] && [ -n "$TRIBO_WRAP" ]; then
				skipped=$((skipped + 1))
			else
				run_case "$name" "$start" "$cmd" "$out" "$err" "${l#'? '}"
			fi
			in_case=0 heavy=0 ;;
		'! '* | '!')
			e=${l#'!'}
			e=${e#' '}
			if [ $nerr = 0 ]; then err=$e; else err+=$'\n'$e; fi
			nerr=$((nerr + 1)) ;;
		*)
			if [ $nout = 0 ]; then out=$l; else out+=$'\n'$l; fi
			nout=$((nout + 1)) ;;
		esac
	done <"$t"
	[ $in_case = 0 ] || { echo "FAIL $name:$start: case without '? STATUS'"; fail=$((fail + 1)); }
done
if [ $skipped = 0 ]; then
	echo "transcripts: $pass passed, $fail failed"
else
	echo "transcripts: $pass passed, $fail failed ($skipped heavy or native cases run only without $TRIBO_WRAP)"
fi
[ $fail = 0 ]
