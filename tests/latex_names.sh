#!/bin/bash
# Every name printed (issue 39, point 2): a roster of Vietnamese,
# Icelandic, Polish, Turkish, Greek, Cyrillic, Chinese and Arabic names
# makes a LaTeX sheet and key for lualatex (the manifest and the files'
# first line say so), which compile to PDF with no missing character, and
# pdftotext of each finds every name (the Arabic one's letters: pdftotext
# may give them in visual order). A roster of Latin names stays with
# pdflatex; a name no font prints (Devanagari) is refused before anything
# is written; src/util/latex.c's table of what the fonts print is theirs
# (tests/ref/latex_coverage.py). One lualatex run of the sheet and one of
# the key, each bounded by 120 s. Without lualatex, fontspec, the fonts or
# pdftotext (build-aux/deps --tests installs them) the compiling checks
# are skipped with the reason, which fails under CI=true.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
TRIBO=${TRIBO:-$top/tribo}
case $TRIBO in /*) ;; *) TRIBO=$(pwd)/$TRIBO ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# lualatex keeps its font cache (luaotfload's) in the real home
texhome=$HOME
export TRIBO_PATH="$top/exercises" HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/data"
export XDG_STATE_HOME="$tmp/home/state" NO_COLOR=1 LC_ALL=C.UTF-8
mkdir -p "$HOME"

. "$top/tests/lib.sh"
# 9 checks before the compiling ones; 2 compiles, 2 logs without a
# missing character, each of the 9 names in the sheet's and the key's
# text; the font table
names=("Thị Minh Nguyễn" "Þóra Sigurðardóttir" "Łukasz Wąsowski" "Ömer Çelik" "Ayşe Yıldız"
	"Αλέξανδρος Παπαδόπουλος" "Анна Иванова" "王小明" "محمد العلي")
plan latex_names $((9 + 4 + 2 * ${#names[@]} + 1))

{
	echo "Name"
	printf '%s\n' "${names[@]}"
} >"$tmp/roster.csv"
n=${#names[@]}
out=$("$TRIBO" -c "generate $n seed 39 to $tmp/u roster $tmp/roster.csv disk-reye" 2>&1)
check "generate with the roster fails: $out" test -s "$tmp/u/sheet.tex" -a -s "$tmp/u/key.tex"
check "the manifest does not say lualatex: $(grep latex: "$tmp/u/manifest.txt")" \
	grep -q '^latex: lualatex sheet.tex and key.tex' "$tmp/u/manifest.txt"
check "sheet.tex does not begin with '% !TEX program = lualatex': $(head -1 "$tmp/u/sheet.tex")" \
	test "$(head -1 "$tmp/u/sheet.tex")" = "% !TEX program = lualatex"
check "key.tex does not begin with '% !TEX program = lualatex': $(head -1 "$tmp/u/key.tex")" \
	test "$(head -1 "$tmp/u/key.tex")" = "% !TEX program = lualatex"

# Latin names (OT1 has their accents): pdflatex, as before
printf 'Name\nJosé Müller\nFrançois Dœuf\nÅsa Ødegård\n' >"$tmp/latin.csv"
out=$("$TRIBO" -c "generate 3 seed 39 to $tmp/l roster $tmp/latin.csv disk-reye" 2>&1)
check "the Latin roster: $out; $(grep latex: "$tmp/l/manifest.txt" 2>&1)" \
	grep -q '^latex: pdflatex sheet.tex and key.tex' "$tmp/l/manifest.txt"
check "the Latin roster's sheet is not for pdflatex: $(head -1 "$tmp/l/sheet.tex")" \
	test "$(head -1 "$tmp/l/sheet.tex")" = "% !TEX program = pdflatex"

# the header is a person's text too: a Greek title makes it lualatex
printf 'course = Μηχανική\ntitle = Άσκηση 3\n' >"$tmp/greek.ini"
out=$("$TRIBO" -c "generate 2 seed 39 to $tmp/h header $tmp/greek.ini disk-reye" 2>&1)
check "the Greek header: $out; $(grep latex: "$tmp/h/manifest.txt" 2>&1)" \
	grep -q '^latex: lualatex sheet.tex and key.tex' "$tmp/h/manifest.txt"

# a name no font prints: refused, nothing written
printf 'Name\nAnn Lee\nदेवी Shah\n' >"$tmp/deva.csv"
out=$("$TRIBO" -c "generate 2 seed 39 to $tmp/d roster $tmp/deva.csv disk-reye" 2>&1)
check "the Devanagari name is not refused as it should be: $out" \
	grep -q "the name 'देवी Shah' holds U+0926, which no font of tribo's LaTeX prints.*nothing was written" <<<"$out"
check "the refused set wrote something: $(ls "$tmp/d" 2>&1)" test ! -e "$tmp/d"

# ---- compiled ----------------------------------------------------------------

why=""
command -v lualatex >/dev/null || why="lualatex is missing (Debian's texlive-latex-base)"
[ -n "$why" ] || kpsewhich fontspec.sty >/dev/null ||
	why="fontspec.sty is missing (Debian's texlive-latex-recommended)"
[ -n "$why" ] || kpsewhich luaotfload.sty >/dev/null ||
	why="luaotfload is missing (Debian's texlive-luatex)"
for font in "Latin Modern Roman" "DejaVu Serif" "DejaVu Sans" "Droid Sans Fallback"; do
	[ -n "$why" ] || fc-list "$font" family | grep -q . ||
		why="the font $font is missing (build-aux/deps --tests names its package)"
done
[ -n "$why" ] || command -v pdftotext >/dev/null || why="pdftotext is missing (Debian's poppler-utils)"
[ -z "$why" ] || skip_rest "$why: the LaTeX of the names not compiled"

for f in sheet key; do
	(cd "$tmp/u" && HOME=$texhome timeout 120 lualatex -interaction=nonstopmode -halt-on-error \
		"$f.tex" </dev/null >"$tmp/$f.out" 2>&1)
	rc=$?
	check "lualatex $f.tex fails ($rc): $(grep -A3 '^!' "$tmp/u/$f.log" 2>/dev/null | head -8)" \
		test "$rc" = 0 -a -s "$tmp/u/$f.pdf"
	check "$f.log: $(grep -m3 'Missing character' "$tmp/u/$f.log")" \
		no_match 'Missing character' "$tmp/u/$f.log"
	pdftotext -enc UTF-8 "$tmp/u/$f.pdf" "$tmp/$f.txt" 2>/dev/null || : >"$tmp/$f.txt"
	for name in "${names[@]}"; do
		# the name as it is, or (right to left) each word's letters in a
		# line in either order
		python3 - "$name" "$tmp/$f.txt" <<'EOF'
import sys
name, text = sys.argv[1], open(sys.argv[2], encoding="utf-8").read()
if name in text:
    sys.exit(0)
rtl = lambda c: 0x590 <= ord(c) <= 0x8FF or 0xFB1D <= ord(c) <= 0xFEFF
if not any(rtl(c) for c in name):
    sys.exit(1)
words = name.split()
for line in text.splitlines():
    letters = "".join(c for c in line if rtl(c) or c == " ")
    if all(w in letters or w[::-1] in letters for w in words):
        sys.exit(0)
sys.exit(1)
EOF
		check "pdftotext of $f.pdf does not find '$name'" test $? = 0
	done
done

out=$(timeout 60 python3 "$top/tests/ref/latex_coverage.py" "$top/src/util/latex.c" 2>&1)
check "the fonts' table: $out" test $? = 0
finish
