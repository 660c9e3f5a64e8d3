#!/bin/bash
# The man pages: they render without a warning (mandoc -Tlint, groff -ww,
# man -l at 80 columns), and they are complete against the program: every
# option of 'tribo --help' is in OPTIONS, every command of 'tribo -c help'
# in COMMANDS, every exercise of 'tribo -c list' in EXERCISES (and no
# other), every getenv() of the sources in ENVIRONMENT, every model's
# parameters and results in tribo-exercise(5)'s MODELS (and no others);
# the example exercise of tribo-exercise(5) loads, solves and lints, and
# the examples that show their output print just that. What a user reads
# stands alone: the README, the pages, every help text and the shipped
# exercise files point to nothing outside the project (a sibling
# directory, a design document, an issue by number, a developer's path).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
TRIBO=${TRIBO:-$top/tribo}
case $TRIBO in /*) ;; *) TRIBO=$(pwd)/$TRIBO ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TRIBO TRIBO_PATH="$top/exercises" HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/data"
export XDG_STATE_HOME="$tmp/home/state" NO_COLOR=1 LC_ALL=C.UTF-8
mkdir -p "$HOME" "$XDG_DATA_HOME/tribo/exercises" "$tmp/work"
man1=$top/man/tribo.1 man5=$top/man/tribo-exercise.5

. "$top/tests/lib.sh"
# 5 a page rendered, 16 sections, 17 single checks below; the checks for
# each option, command, exercise, variable, model and example are
# declared (plan_more) from their lists before the loops that run them
plan man 43

# ---- rendering -------------------------------------------------------------

# Each tool's complaints, or "missing" when the tool is not installed.
lint_mandoc() { command -v mandoc >/dev/null || { echo "mandoc is missing"; return; }; mandoc -Tlint -Wwarning "$1" 2>&1; }
lint_groff() { command -v groff >/dev/null || { echo "groff is missing"; return; }; groff -mdoc -ww -z "$1" 2>&1; }
render() { MANWIDTH=80 man -l "$1" 2>"$tmp/man.err" | col -bx; }

for page in "$man1" "$man5"; do
	name=${page##*/}
	out=$(lint_mandoc "$page")
	check "$name: mandoc -Tlint -Wwarning says: $out" test -z "$out"
	out=$(lint_groff "$page")
	check "$name: groff -mdoc -ww says: $out" test -z "$out"
	check "$name: not ASCII (groff without preconv): $(grep -nP '[^\x00-\x7F]' "$page" | head -3)" \
		no_match -P '[^\x00-\x7F]' "$page"
	render "$page" >"$tmp/$name.txt"
	check "$name: man -l fails or warns: $(cat "$tmp/man.err")" \
		test -s "$tmp/$name.txt" -a ! -s "$tmp/man.err"
	long=$(grep -nE '^.{81}' "$tmp/$name.txt")
	check "$name: lines wider than 80 columns: $long" no_match -E '^.{81}' "$tmp/$name.txt"
done

# The text of section $2 of a rendered page $1 (up to the next section).
section() { awk -v s="$2" '/^[A-Z]/ { on = ($0 == s); next } on' "$1"; }
# The words a list item of section $2 of page $1 names, one a line: the
# arguments of its .It line's Fl (with the dash), Ic and Cm macros, as in
# '.It Fl c Ar commands , Fl \-command' or '.It Cm imachi-fig4-90 , imachi-fig4-67'.
tags() {
	awk -v s=".Sh $2" '/^\.Sh/ { on = ($0 == s); next } on && /^\.It / {
		for (i = 2; i <= NF; i++) {
			if ($i == "Fl") { w = $(++i); gsub(/\\/, "", w); print "-" w; m = "" }
			else if ($i == "Ic" || $i == "Cm") m = $i
			else if ($i ~ /^[A-Z][a-z]$/) m = ""
			else if (m != "" && $i != ",") { w = $i; sub(/^\\&/, "", w); print w }
		}
	}' "$1"
}
# Whether word $3 shows in the rendered section $2 of page $1.
shown() { section "$1" "$2" | grep -qF -- "$3"; }

for s in NAME SYNOPSIS DESCRIPTION OPTIONS COMMANDS EXERCISES ENVIRONMENT FILES \
	"EXIT STATUS" EXAMPLES; do
	check "tribo.1 has no $s section" grep -qx "$s" "$tmp/tribo.1.txt"
done
for s in NAME SYNOPSIS DESCRIPTION MODELS FILES EXAMPLES; do
	check "tribo-exercise.5 has no $s section" grep -qx "$s" "$tmp/tribo-exercise.5.txt"
done

# ---- tribo(1) against the program ------------------------------------------

# every option of --help, short and long, as the first word of a tag
check "tribo --help fails" "$TRIBO" --help >"$tmp/help"
tags "$man1" OPTIONS >"$tmp/opt.doc"
opts=$(awk '/^ +-/ { for (i = 1; i <= NF && $i ~ /^-/; i++) { sub(/[,=].*/, "", $i); print $i } }' "$tmp/help")
check "no options found in tribo --help" test -n "$opts"
plan_more $((2 * $(printf '%s\n' $opts | grep -c .)))
for o in $opts; do
	check "option $o of tribo --help is not in tribo.1's OPTIONS" grep -qx -- "$o" "$tmp/opt.doc"
	check "option $o does not show in tribo.1's OPTIONS" shown "$tmp/tribo.1.txt" OPTIONS "$o"
done

# every command of 'help', as a tag in COMMANDS
check "tribo -c help fails" "$TRIBO" -c help >"$tmp/cmds"
tags "$man1" COMMANDS >"$tmp/cmd.doc"
cmds=$(awk 'NR > 1 && /^  [a-z]/ { print $1 }' "$tmp/cmds")
check "no commands found in tribo -c help" test -n "$cmds"
plan_more $((2 * $(printf '%s\n' $cmds | grep -c .)))
for c in $cmds; do
	check "command $c of 'help' is not in tribo.1's COMMANDS" grep -qx -- "$c" "$tmp/cmd.doc"
	check "command $c does not show in tribo.1's COMMANDS" shown "$tmp/tribo.1.txt" COMMANDS "$c"
done

# every exercise of 'list' in EXERCISES, and nothing else there
check "tribo -c list fails" "$TRIBO" -c list >"$tmp/list"
awk 'NR > 1 { print $1 }' "$tmp/list" | sort >"$tmp/ids"
tags "$man1" EXERCISES | sort -u >"$tmp/ids.doc"
check "no exercises found in tribo -c list" test -s "$tmp/ids"
plan_more $((2 * $(wc -l <"$tmp/ids") + $(wc -l <"$tmp/ids.doc")))
while read -r id; do
	check "exercise $id of 'list' is not in tribo.1's EXERCISES" grep -qx -- "$id" "$tmp/ids.doc"
	check "exercise $id does not show in tribo.1's EXERCISES" shown "$tmp/tribo.1.txt" EXERCISES "$id"
done <"$tmp/ids"
while read -r id; do
	check "tribo.1's EXERCISES lists $id, which 'list' does not show" grep -qx -- "$id" "$tmp/ids"
done <"$tmp/ids.doc"

# every environment variable the sources read, in ENVIRONMENT
section "$tmp/tribo.1.txt" ENVIRONMENT >"$tmp/env.doc"
vars=$(grep -ho 'getenv("[A-Z_]*")' "$top"/src/*.c "$top"/src/*/*.c | sed 's/.*("\(.*\)")/\1/' | sort -u)
check "no getenv() found in src" test -n "$vars"
plan_more "$(printf '%s\n' $vars | grep -c .)"
for v in $vars; do
	check "\$$v (read in src) is not in tribo.1's ENVIRONMENT" grep -qw -- "$v" "$tmp/env.doc"
done

# ---- tribo-exercise(5) against the models ------------------------------------

# The names listed for model $1 in the page's source: the .It tags of
# its .Ss subsection under MODELS.
doc_names() {
	awk -v m="$1" '/^\.Sh/ { models = ($0 == ".Sh MODELS") } /^\.S[sh]/ { on = models && $0 == ".Ss " m; next }
		on && /^\.It Cm / { n = $3; sub(/^\\&/, "", n); print n }' "$man5" | sort
}
awk '/^\.Sh/ { models = ($0 == ".Sh MODELS") } models && /^\.Ss / { print $2 }' "$man5" |
	sort >"$tmp/models.doc"
# 3 for each model the page describes (lagrange 4), found through the
# exercises that use it
plan_more $((3 * $(wc -l <"$tmp/models.doc") + $(grep -cx lagrange "$tmp/models.doc")))
: >"$tmp/models"
mapfile -t ids <"$tmp/ids"
for id in "${ids[@]}"; do
	model=$("$TRIBO" -c "load $id; show" | sed -n 's/^model: *\([^,]*\),.*/\1/p')
	grep -qx -- "$model" "$tmp/models" && continue
	echo "$model" >>"$tmp/models"
	{
		# every parameter (show all), a name at column 3 (a description's
		# continuation lines are deeper, the "unused while" header has none)
		"$TRIBO" -c "load $id; show all" | awk '/^parameters:/ { on = 1; next } on && /^$/ { exit } on && /^  [A-Za-z_]/ { print $1 }'
		"$TRIBO" -c "load $id; solve; table" | awk '{ print $1 }'
	} | sort >"$tmp/names"
	if [ "$model" = lagrange ]; then
		# A file-defined model: its coordinates' names become the page's
		# placeholders (x0 is Q0, xdot_end Qdot_end); the file's own
		# parameters and results are the file's, not the page's.
		coords=$(sed -n 's/^\(.*\)dot_end$/\1/p' "$tmp/names")
		check "model lagrange (exercise $id): no coordinate found" test -n "$coords"
		for q in $coords; do
			sed -n "s/^${q}0\$/Q0/p; s/^${q}dot0\$/Qdot0/p; s/^${q}_end\$/Q_end/p; s/^${q}dot_end\$/Qdot_end/p" "$tmp/names"
		done >"$tmp/names.auto"
		grep -xE 'tmax|t_end|t_stop|E_start|E_end|energy_lost|outcome|friction_work' "$tmp/names" >>"$tmp/names.auto"
		sort -u "$tmp/names.auto" >"$tmp/names"
	fi
	doc_names "$model" >"$tmp/names.doc"
	check "model $model (exercise $id): no parameters or results found" test -s "$tmp/names"
	missing=$(comm -23 "$tmp/names" "$tmp/names.doc" | tr '\n' ' ')
	extra=$(comm -13 "$tmp/names" "$tmp/names.doc" | tr '\n' ' ')
	check "model $model: not in tribo-exercise.5's MODELS: $missing" test -z "$missing"
	check "model $model: tribo-exercise.5 lists names it does not have: $extra" test -z "$extra"
done
sort -o "$tmp/models" "$tmp/models"
extra=$(comm -13 "$tmp/models" "$tmp/models.doc" | tr '\n' ' ')
check "tribo-exercise.5 describes models no exercise uses: $extra" test -z "$extra"

# ---- standing alone ------------------------------------------------------------

# Nothing a user reads points outside the project: a sibling directory
# (../shared), the design documents (SPEC.md, STYLE.md), the papers' working
# copies (seeds/), a path on the development machine (/work/), or an issue
# by its number ("issue 23": the reader has no tracker). The shipped
# exercises are installed alone, so a path into the source tree (tests/,
# src/) is outside for them too.
outside='\.\./shared|SPEC\.md|STYLE\.md|seeds/|/work/|[Ii]ssues? #?[0-9]'
hits() { grep -nE "$outside" "$1" | head -5; }
check "README.md points outside the project: $(hits "$top/README.md")" \
	no_match -E "$outside" "$top/README.md"
for page in tribo.1 tribo-exercise.5; do
	check "$page points outside the project: $(hits "$tmp/$page.txt")" \
		no_match -E "$outside" "$tmp/$page.txt"
done
# every help text: the commands, the topics, each model and each exercise
for w in $cmds units law keys $(cat "$tmp/models") $(cat "$tmp/ids"); do
	echo "== help $w"
	"$TRIBO" -c "help $w" 2>&1
done >"$tmp/helps"
check "help texts: fewer than 40 ($(grep -c '^== help' "$tmp/helps"))" \
	test "$(grep -c '^== help' "$tmp/helps")" -ge 40
check "a help text points outside the project: $(hits "$tmp/helps")" \
	no_match -E "$outside" "$tmp/helps"
src='(^|[^A-Za-z_.])(tests|src)/'
check "a shipped exercise file points outside the project: $(grep -HnE "$outside|$src" "$top"/exercises/*.ini | head -5)" \
	no_match -E "$outside|$src" "$top"/exercises/*.ini

# ---- the examples ------------------------------------------------------------

# The example exercise: the literal block after the marker comment, with
# roff's escapes undone.
awk '/^\.\\" tests\/man.sh extracts/ { grab = 1; next } grab && /^\.Bd/ { inside = 1; next }
	inside && /^\.Ed/ { exit } inside' "$man5" | sed 's/\\&//g; s/\\e/\\/g' >"$tmp/example.ini"
check "no example exercise in tribo-exercise.5" grep -q '^\[exercise\]' "$tmp/example.ini"
exid=$(sed -n 's/^id = //p' "$tmp/example.ini")
(cd "$tmp/work" && "$TRIBO" -c "load $tmp/example.ini; solve; table" >"$tmp/ex.out" 2>"$tmp/ex.err")
rc=$?
check "the example of tribo-exercise.5 does not load and solve: $(cat "$tmp/ex.err")" \
	test $rc = 0 -a -s "$tmp/ex.out" -a ! -s "$tmp/ex.err"
if grep -q -- '--lint' "$tmp/help"; then
	out=$("$TRIBO" --lint "$tmp/example.ini" 2>&1)
	check "tribo --lint fails on the example of tribo-exercise.5: $out" test $? = 0
else
	skip 1 "tribo --help names no --lint: the example is not linted"
fi
# installed as the page says, it is found by its id
cp "$tmp/example.ini" "$XDG_DATA_HOME/tribo/exercises/$exid.ini"

# Each example in a literal block that shows its output: a line
# '$ tribo …' (continued by a trailing '\e') and the lines up to the next
# '$ ' or the end of the block. It must print just that.
run_examples() {
	local page=$1
	awk '/^\.Sh/ { on = ($0 == ".Sh EXAMPLES") } on' "$page" | sed 's/\\&//g; s/\\-/-/g' |
		awk -v dir="$tmp/ex" '
		function flush() { if (cmd != "" && nout > 0) { n++; print cmd > (dir n ".cmd"); printf "%s", out > (dir n ".want") } cmd = ""; out = ""; nout = 0 }
		/^\.Bd -literal/ { lit = 1; next }
		/^\.Ed/ { flush(); lit = 0; next }
		!lit { next }
		cont { sub(/^ +/, ""); c = $0; cont = sub(/\\e$/, "", c); cmd = cmd " " c; next }
		/^\$ tribo / { flush(); c = substr($0, 3); cont = sub(/\\e$/, "", c); cmd = c; next }
		/^\$ / { flush(); next }
		cmd != "" { out = out $0 "\n"; nout++ }
		END { flush() }'
}
rm -f "$tmp"/ex*.cmd
tribo() { "$TRIBO" "$@"; }
export -f tribo
for page in "$man1" "$man5"; do
	rm -f "$tmp"/ex[0-9]*.cmd "$tmp"/ex[0-9]*.want
	run_examples "$page"
	n=$(find "$tmp" -maxdepth 1 -name 'ex[0-9]*.cmd' | wc -l)
	plan_more $((n > 0 ? n : 1))
	for f in "$tmp"/ex[0-9]*.cmd; do
		[ -e "$f" ] || { bad "${page##*/}: no example with its output in EXAMPLES"; break; }
		cmd=$(cat "$f")
		got=$(cd "$tmp/work" && bash -c "$cmd" 2>&1)
		want=$(cat "${f%.cmd}.want")
		check "${page##*/} EXAMPLES: '$cmd' prints
$got
and the page says
$want" test "$got" == "$want"
	done
done

finish
