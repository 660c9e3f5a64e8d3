#!/bin/bash
# Every shipped exercise solved at its file's values and at the corners of
# its draw box (all of them up to 2^5 corners; beyond, all low, all high and
# the two alternating ones): `show` prints no nan, no inf and no round-off
# as a result, and every answer asked for has a value (a number below 1e-13 in size printed in exponent form, beside
# results of order 1; residuals and conditions named *residual* or *_min
# are allowed to be tiny). Issue 37, Done-when. No exception is known.
# Prints one line per bad
# point and "promises: N passed, M failed, 0 skipped" (one check a point,
# all the points listed before any runs); exit 1 when any is bad.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
TRIBO=${TRIBO:-$top/tribo}
export TRIBO_PATH=${PROMISES_DIR:-$top/exercises} LC_ALL=C.UTF-8 NO_COLOR=1
. "$top/tests/lib.sh"
# the points: exercise, commands, where, answers asked for
p_id=() p_cmds=() p_where=() p_answers=()
for f in "$TRIBO_PATH"/*.ini; do
	id=$(basename "$f" .ini)
	# name lo hi of each drawn parameter
	answers=$(awk '/^\[answer /{a=$2; sub(/\]/,"",a); print a}' "$f" | paste -sd'|')
	mapfile -t draws < <(awk '/^\[param /{p=$2; sub(/\]/,"",p)} /^draw *=/{print p, $3, $4}' "$f")
	n=${#draws[@]}
	masks=(-1)
	if [ "$n" -gt 0 ] && [ "$n" -le 5 ]; then
		for ((m = 0; m < (1 << n); m++)); do masks+=("$m"); done
	elif [ "$n" -gt 5 ]; then
		masks+=(0 $(((1 << n) - 1)) $((0x55555555 & ((1 << n) - 1))) $((0x2aaaaaaa & ((1 << n) - 1))))
	fi
	for m in "${masks[@]}"; do
		cmds="load $id"
		where="values"
		if [ "$m" -ge 0 ]; then
			where="corner"
			for ((k = 0; k < n; k++)); do
				read -r name lo hi <<<"${draws[k]}"
				v=$lo
				(((m >> k) & 1)) && v=$hi
				cmds="$cmds; set $name $v"
				where="$where $name=$v"
			done
		fi
		p_id+=("$id") p_cmds+=("$cmds") p_where+=("$where") p_answers+=("$answers")
	done
done
plan promises ${#p_id[@]}
for k in "${!p_id[@]}"; do
	id=${p_id[k]} cmds=${p_cmds[k]} where=${p_where[k]} answers=${p_answers[k]}
	{
		out=$(timeout 60 "$TRIBO" -c "$cmds; solve; show" 2>&1)
		rc=$?
		if [ $rc -ne 0 ]; then
			bad "$id at $where: exit $rc: $(printf '%s\n' "$out" | tail -n 1)"
			continue
		fi
		res=$(printf '%s\n' "$out" | sed -n '/^results:/,$p' | grep '^  [A-Za-z_0-9]* = ')
		if [ -z "$res" ]; then # nothing to look at is no pass
			bad "$id at $where: show printed no results"
			continue
		fi
		found=$(printf '%s\n' "$res" | grep -Ei '= .*(\bnan\b|\binf\b)|= -?[0-9.]+e-(1[3-9]|[2-9][0-9]|[0-9]{3})\b' |
			grep -Ev '^  [A-Za-z_0-9]*(residual|_min|_dev|_err|error)[A-Za-z_0-9]* = ')
		# an answer asked for that has no value: the promise broken
		if [ -n "$answers" ]; then
			none=$(printf '%s\n' "$res" | grep -E "^  ($answers) = —")
			found=$(printf '%s\n%s\n' "$found" "$none" | grep .)
		fi
		if [ -n "$found" ]; then
			bad "$id at $where:
$(printf '%s\n' "$found" | sed 's/^/   /')"
		else
			ok
		fi
	}
done
finish
