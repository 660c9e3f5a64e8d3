#!/bin/bash
# Each variant's figure on a problem sheet (issue 41, point 4): the scene at
# t = 0 with the variant's own values, as the problem states it.
#  - LaTeX: fig-CODE-ID.pdf beside the sheet, \includegraphics'd after the
#    statement; the figure's text holds the variant's own values (the
#    statement's m1, m2, l, θ0); the sheet compiles with pdflatex (bounded,
#    120 s) to one page a variant.
#  - The answers are not on it: the coin's figure draws no path to its stop
#    (the distance asked for), the spinning disk's torque is 'M = ? N·m'.
#  - Markdown: fig-CODE-ID.svg beside it, named by a ![…](…) line; each SVG
#    is well-formed XML.
#  - Moodle XML passes xmllint; each question of a variant carries its PNG
#    as <file encoding="base64"> (it decodes to a PNG) and its text names
#    it as @@PLUGINFILE@@/NAME.
#  - figure = none: no file, no graphicx; figure = NAME: that figure of the
#    solve; lint refuses a NAME the solve has not, and the parser a name
#    that is not a word.
#  - An existing figure, without force, stops the set: nothing written.
#  - Without gnuplot the set is written without figures, and a note says so.
#  - generate 100 with scenes stays within 120 s (one gnuplot for the set).
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
plan sheet_figures 28

run() { timeout 120 "$TRIBO" -c "$1" 2>&1; }

# ---- LaTeX -----------------------------------------------------------------
d=$tmp/tex
out=$(run "generate 3 seed 5 to $d painleve-slip coin")
check "generate tex says what it drew: $out" grep -q "drew 6 figures (pdf) beside the sheet" <<<"$out"
n=$(ls "$d"/fig-*-painleve-slip.pdf "$d"/fig-*-coin.pdf 2>/dev/null | wc -l)
check "6 PDF figures beside the sheet, found $n" test "$n" = 6
n=$(grep -c '\\includegraphics\[width=0.8\\linewidth\]{fig-[A-Z]*[0-9]-0[123]-\(painleve-slip\|coin\)\.pdf}' "$d/sheet.tex")
check "the sheet includes 6 figures, found $n" test "$n" = 6
check "the sheet loads graphicx" grep -q '^\\usepackage{graphicx}$' "$d/sheet.tex"
check "the manifest names the figures" grep -q "^figures: 6, fig-CODE-ID.pdf, each variant's figure .* beside the sheet$" "$d/manifest.txt"
# the variant's own values on its figure: the statement's masses and length
code2=$(grep -o 'Variant [A-Z]*[0-9]-02' "$d/sheet.tex" | head -1 | sed 's/Variant //')
stmt=$(grep -m2 'Two point masses m1' "$d/sheet.tex" | sed -n 2p)
m1=$(sed -E 's/.*m1 = ([0-9.]+) kg.*/\1/' <<<"$stmt")
m2=$(sed -E 's/.*m2 = ([0-9.]+) kg.*/\1/' <<<"$stmt")
l=$(sed -E 's/.*length ([0-9.]+) m\..*/\1/' <<<"$stmt")
fig=$(pdftotext "$d/fig-$code2-painleve-slip.pdf" - 2>/dev/null | tr '\n' ' ')
check "variant $code2's figure shows its m1 = $m1 kg, m2 = $m2 kg, l = $l m: $fig" \
	grep -q "m1 = $m1 kg.*\|m2 = $m2 kg" <<<"$fig"
check "variant $code2's figure shows its length l = $l m: $fig" grep -q "l = $l m" <<<"$fig"
fig=$(pdftotext "$d/fig-$code2-coin.pdf" - 2>/dev/null | tr '\n' ' ')
check "the coin's figure tells not where it stops: $fig" no_match -e 'stops here\|more to the stop' <<<"$fig"
if command -v pdflatex >/dev/null; then
	(cd "$d" && timeout 120 pdflatex -interaction=nonstopmode -halt-on-error sheet.tex >/dev/null 2>&1)
	check "pdflatex compiles the sheet with its figures" test -s "$d/sheet.pdf"
	pages=$(pdfinfo "$d/sheet.pdf" 2>/dev/null | awk '/^Pages:/{print $2}')
	check "one page a variant's two problems and figures: 3..6 pages, $pages" \
		test "${pages:-0}" -ge 3 -a "${pages:-0}" -le 6
else
	skip 2 "no pdflatex"
fi
out=$(run "generate 1 seed 5 format moodle to $tmp/disk disk-uniform")
png=$(sed -n 's/.*<file name="\([^"]*\)" path="\/" encoding="base64">\([^<]*\)<\/file>.*/\2/p' \
	"$tmp/disk/questions.xml" | head -1 | base64 -d 2>/dev/null | tee "$tmp/disk.png" | head -c 4 | od -An -c | tr -d ' \n')
check "the disk's figure is a PNG ($png)" test "$png" = '211PNG'
out=$(run "generate 1 seed 5 format tex to $tmp/disktex disk-uniform")
fig=$(pdftotext "$tmp/disktex"/fig-*-disk-uniform.pdf - 2>/dev/null | tr '\n' ' ')
check "the spinning disk's torque, the answer, is '?': $fig" grep -q 'M = ? N·m' <<<"$fig"

# ---- Markdown ----------------------------------------------------------------
d=$tmp/md
out=$(run "generate 2 seed 5 format md to $d ladder")
n=$(grep -c '^!\[The problem.s figure\](fig-[A-Z]*[0-9]-0[12]-ladder\.svg)$' "$d/sheet.md")
check "the Markdown sheet names 2 SVGs, found $n" test "$n" = 2
bad_svg=0
for f in "$d"/fig-*-ladder.svg; do xmllint --noout "$f" 2>/dev/null || bad_svg=1; done
check "each SVG beside it is well-formed ($(ls "$d"))" test $bad_svg = 0 -a -n "$(ls "$d"/fig-*.svg 2>/dev/null)"

# ---- Moodle XML --------------------------------------------------------------
d=$tmp/moodle
out=$(run "generate 2 seed 5 format moodle to $d painleve-slip")
check "xmllint passes the Moodle XML with its images: $(xmllint --noout "$d/questions.xml" 2>&1 | head -2)" \
	xmllint --noout "$d/questions.xml"
nq=$(grep -c '<question type="numerical"' "$d/questions.xml")
nf=$(grep -c '<file name="fig-[A-Z]*[0-9]-0[12]-painleve-slip.png" path="/" encoding="base64">' "$d/questions.xml")
ni=$(grep -c '<img src="@@PLUGINFILE@@/fig-[A-Z]*[0-9]-0[12]-painleve-slip.png"' "$d/questions.xml")
check "a file and an img in each of the $nq questions: $nf files, $ni imgs" test "$nq" -gt 0 -a "$nf" = "$nq" -a "$ni" = "$nq"
check "nothing written beside the bank: $(ls "$d")" test -z "$(ls "$d" | grep fig-)"

# ---- figure = none | NAME; lint -----------------------------------------------
sed 's/^\[exercise\]$/[exercise]\nfigure = none/' "$top/exercises/painleve-slip.ini" >"$tmp/none.ini"
sed 's/^\[exercise\]$/[exercise]\nfigure = angle/' "$top/exercises/painleve-slip.ini" >"$tmp/angle.ini"
sed 's/^\[exercise\]$/[exercise]\nfigure = angel/' "$top/exercises/painleve-slip.ini" >"$tmp/angel.ini"
sed 's/^\[exercise\]$/[exercise]\nfigure = An gle!/' "$top/exercises/painleve-slip.ini" >"$tmp/word.ini"
out=$(run "generate 2 seed 5 to $tmp/none $tmp/none.ini")
check "figure = none: no figure, no graphicx: $(ls "$tmp/none")" \
	test -z "$(ls "$tmp/none" | grep fig-)" -a -z "$(grep graphicx "$tmp/none/sheet.tex")"
out=$(run "generate 1 seed 5 format md to $tmp/angle $tmp/angle.ini")
check "figure = angle: the solve's angle figure ($(ls "$tmp/angle"))" \
	grep -q 'angle\|θ' "$tmp"/angle/fig-*.svg
out=$(run "lint $tmp/angel.ini")
check "lint refuses figure = angel, naming the figures: $out" \
	grep -q "error: figure 'angel' is not one of the exercise's figures: none, scene, angle" <<<"$out"
out=$(run "lint $tmp/angle.ini")
check "lint takes figure = angle: $out" grep -q ": ok (" <<<"$out"
out=$(run "load $tmp/word.ini")
check "the parser refuses a figure that is not a word: $out" grep -q "figure 'An gle!' must be none, scene or" <<<"$out"

# ---- without force -------------------------------------------------------------
d=$tmp/again
run "generate 1 seed 5 to $d painleve-slip" >/dev/null
rm "$d/sheet.tex" "$d/key.tex" "$d/manifest.txt"
out=$(run "generate 1 seed 5 to $d painleve-slip")
check "an existing figure stops the set without force: $out" grep -q "fig-.*exists: nothing was written" <<<"$out"
check "and nothing was written" test ! -e "$d/sheet.tex"
out=$(run "generate 1 seed 5 to $d force painleve-slip")
check "force replaces it: $out" test -s "$d/sheet.tex"

# an exercise named twice: each problem its own figure
out=$(run "generate 1 seed 3 to $tmp/twice coin coin")
check "coin twice: two figures, the second named -2: $(ls "$tmp/twice" | tr '\n' ' ')" \
	test -s "$tmp/twice/fig-$(ls "$tmp/twice" | sed -n 's/^fig-\([A-Z]*[0-9]-01\)-coin\.pdf$/\1/p')-coin-2.pdf"

# ---- no gnuplot: the set without figures, said --------------------------------
out=$(GNUPLOT=/nonexistent/gnuplot run "generate 2 seed 5 to $tmp/nognuplot coin")
check "no gnuplot: the set is written, without figures, and a note says why: $out" \
	test -s "$tmp/nognuplot/sheet.tex" -a -z "$(ls "$tmp/nognuplot" | grep fig-)" -a \
	-n "$(grep "^note: the sheet shows no figures: they could not be drawn (cannot run gnuplot" <<<"$out")"

# ---- time --------------------------------------------------------------------------
start=$(date +%s)
out=$(run "generate 100 seed 5 to $tmp/hundred painleve-slip")
took=$(($(date +%s) - start))
n=$(ls "$tmp/hundred" | grep -c 'fig-.*\.pdf$')
echo "generate 100 painleve-slip with scenes: ${took} s, $n figures"
check "generate 100 with scenes: 100 figures (found $n) in $took s (at most 120)" test "$n" = 100 -a "$took" -le 120

finish
