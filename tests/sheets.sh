#!/bin/bash
# Every shipped exercise read as a printed sheet (issue 39, point 3): what
# a student reads says what the problem is, never how to drive tribo.
# Each exercise is generated (one variant, seed 7) as a txt sheet, a
# LaTeX sheet and a Moodle question bank, and what a student sees there
# (the sheet from its first variant on; the Moodle questions' text, not
# the category path, which only the teacher's bank shows) is searched for
# the workbench's words: a command ('set ', 'solve', 'plot', 'step N',
# 'Then set'), "issue N" or "tribo" as a source, a result's notes for
# the workbench ('coulomb, rigid:', 'at tmax', 'nan', 'the stop
# expression', 'the current state', 'the run', 'the last period'), a
# parameter's id where a symbol or a word belongs (phidot, mu = ...,
# theta_min, 'the law elliptic', 'shape disk', contact(...)). The
# answers' own names (t_stop, lambda), the labels a student answers
# under, are left out of the search.
# An exercise with no draw range cannot be generated (every variant would
# be the same): its statement and source as 'show' prints them are
# searched instead. `list` must not name an issue as a source either.
# A hit fails with the file, the line and the words around the hit.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
TRIBO=${TRIBO:-$top/tribo}
case $TRIBO in /*) ;; *) TRIBO=$(pwd)/$TRIBO ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TRIBO_PATH="$top/exercises" HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/data"
export XDG_STATE_HOME="$tmp/home/state" NO_COLOR=1 LC_ALL=C.UTF-8
mkdir -p "$HOME"

. "$top/tests/lib.sh"

ids=$(cd "$top/exercises" && ls ./*.ini | sed 's|^\./||; s|\.ini$||')
n=$(echo "$ids" | wc -l)
# 3 formats an exercise, `list`, and the 2 checks that the search finds
# what it looks for (a sheet with the old words fails)
plan sheets $((3 * n + 3))

# The workbench's words, as Perl regular expressions (grep -P), case
# folded. Greek letters spelt out: not after a backslash (LaTeX's \mu).
words='\bset \b|\bThen set\b|\bsolve[ds]?\b|\bplot\b|\bstep (N|[0-9])|`'
words="$words"'|\bissues?\b|\btribo\b'
words="$words"'|\bcoulomb, |\btmax\b|\bnan\b|\bstop expression|\bcurrent state'
words="$words"'|\b(the|a|whole|this) run\b|\brun it\b|\b(last|measured) period|\bwithin periods\b|\bmethod accurate\b'
words="$words"'|\b(xdot|ydot|phidot|thetadot)\b|\bcontact\('
words="$words"'|(?<![\\\w])(mu|phi|theta|alpha|omega|lambda|rho)(\b|_|\{\\char95\})'
words="$words"'|\b(law|shape|pressure) (coulomb|elliptic|peaked|exact|uniform|reye|disk|ring|annulus|rect|expr|bouchet)\b'

# What a student reads of FILE in FORMAT, each line numbered as in FILE,
# the answers' names left out.
student_text() {
	case $2 in
	txt) awk 'f || /^Variant /{f=1; line=$0; sub(/^  [A-Za-z_][A-Za-z0-9_]*/, "", line); print NR": "line}' "$1" ;;
	tex) awk 'f || /^\\begin\{document\}/{f=1; line=$0; gsub(/\\texttt\{[^}]*(\{\\char95\}[^}]*)*\}/, "", line); print NR": "line}' "$1" ;;
	xml) grep -n '<questiontext' "$1" | sed 's|<code>[^<]*</code>||g' ;;
	show) grep -n '' "$1" ;;
	esac
}

# Fails naming FILE when the student's text holds a tool word.
search() { # FILE FORMAT WHAT
	local hits
	hits=$(student_text "$1" "$2" | grep -iP "^[0-9]+: .*($words)" |
		sed -E 's/^([0-9]+): (.*)$/\1\t\2/' |
		while IFS=$'\t' read -r line text; do
			echo "$line: $(echo "$text" | grep -oiP ".{0,30}($words).{0,30}" | head -2 | paste -sd'|')"
		done)
	if [ -z "$hits" ]; then
		ok
	else
		bad "$3: the workbench's words on paper, $1:
$(echo "$hits" | head -5 | sed "s|^|    ${1#"$tmp"/}:|")"
	fi
}

for id in $ids; do
	for fmt in txt tex moodle; do
		ext=$fmt file=sheet
		[ "$fmt" = moodle ] && ext=xml file=questions
		dir=$tmp/$fmt/$id
		out=$(timeout 120 "$TRIBO" -c "generate 1 seed 7 format $fmt to $dir $id" 2>&1)
		if [ -f "$dir/$file.$ext" ]; then
			search "$dir/$file.$ext" "$ext" "$id ($fmt)"
		elif echo "$out" | grep -q "no parameter with a draw range"; then
			# show's statement and source: up to 'parameters:', without
			# the workbench's hint paragraph
			timeout 60 "$TRIBO" -c "load $id; show" 2>&1 |
				awk '/^parameters:/{exit} /^  hint: /{h=1} /^$/{h=0} !h' >"$tmp/$id.$fmt.show"
			if grep -q "^source: " "$tmp/$id.$fmt.show"; then
				search "$tmp/$id.$fmt.show" show "$id (show, no draw range)"
			else
				bad "$id: show printed no source: $(head -3 "$tmp/$id.$fmt.show")"
			fi
		else
			bad "$id ($fmt): generate wrote no $file.$ext: $out"
		fi
	done
done

# `list`: the sources, never "issue N"
hits=$(timeout 60 "$TRIBO" -c list 2>&1 | grep -niP '\bissues? [0-9]')
check "list names an issue as a source: $hits" test -z "$hits"

# The search finds the words it looks for: the sheet of main c4e3203's
# painleve-paradox ("Then set θ̇ = 8 rad/s.") and painleve-slip
# ("coulomb, rigid:" in a Give line) fail it.
cat >"$tmp/old.txt" <<'EOF'
Variant QZ8-01
--------------
classify the state as Painlevé did. Then set θ̇ = 8 rad/s.
EOF
cat >"$tmp/old2.tex" <<'EOF'
\begin{document}
\item \texttt{theta{\char95}slip} in deg, to 0.1\%, i.e. 4 significant figures --- coulomb, rigid: \(\theta\) where a stuck foot first starts to slip
EOF
hits=$(student_text "$tmp/old.txt" txt | grep -ciP "^[0-9]+: .*($words)")
check "the search misses 'Then set' in a txt sheet (found $hits)" test "$hits" = 1
hits=$(student_text "$tmp/old2.tex" tex | grep -ciP "^[0-9]+: .*($words)")
check "the search misses 'coulomb, rigid:' in a LaTeX sheet (found $hits)" test "$hits" = 1

finish
