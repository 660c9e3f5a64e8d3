#!/bin/bash
# Hostile input (issue 10): huge, binary, malformed and absurd exercise
# files, scripts and command lines. Each case must end with a clear message
# (file and line, or command and argument) or work, and never crash or
# hang: every run is bounded by `timeout` (HOSTILE_TIME seconds, default
# 60) and, outside AddressSanitizer (which maps terabytes of shadow
# memory), by `ulimit -v` (HOSTILE_VMEM KiB, default 1 GiB). The large
# files are made in a temporary directory, never committed.
#
# usage: TRIBO=./tribo bash tests/hostile.sh   (prints "hostile: N passed, F failed")
# HEAD and the bodies given to ex() are printf formats, on purpose.
# shellcheck disable=SC2059
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
TRIBO=${TRIBO:-$top/tribo}
case $TRIBO in /*) ;; *) TRIBO=$(pwd)/$TRIBO ;; esac
HOSTILE_TIME=${HOSTILE_TIME:-60}
if [ -z "${HOSTILE_VMEM+set}" ]; then
	HOSTILE_VMEM=1048576
	grep -qa __asan_init "$TRIBO" && HOSTILE_VMEM=
fi
. "$top/tests/lib.sh"
# one check a case: 73 calls of check below, two of them run 2 and 5
# times (digits; the values not numbers, 2 checks each)
plan hostile 80
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export TRIBO HOSTILE_TIME HOSTILE_VMEM
export TRIBO_PATH="$top/exercises" HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/data"
export XDG_STATE_HOME="$tmp/home/state" NO_COLOR=1 LC_ALL=C.UTF-8
mkdir -p "$HOME"
cd "$tmp" || exit 1

# `tribo` in a case: bounded in time and, where it can be, in memory
tribo() {
	(
		[ -n "$HOSTILE_VMEM" ] && ulimit -v "$HOSTILE_VMEM"
		exec timeout -k 5 "$HOSTILE_TIME" "$TRIBO" "$@"
	)
}
export -f tribo

# check NAME STATUS STDOUT STDERR COMMAND: runs COMMAND with bash, tribo
# standing for the bounded $TRIBO, and compares all three exactly.
check() {
	local name=$1 want_rc=$2 want_out=$3 want_err=$4 cmd=$5 got_rc
	bash -c "$cmd" >out 2>err </dev/null
	got_rc=$?
	if [ "$got_rc" == "$want_rc" ] && [ "$(cat out)" == "$want_out" ] &&
		[ "$(cat err)" == "$want_err" ]; then
		ok
		return
	fi
	bad "$name"
	[ "$got_rc" = 124 ] || [ "$got_rc" = 137 ] && echo "  timed out after ${HOSTILE_TIME}s"
	[ "$got_rc" == "$want_rc" ] || echo "  status $got_rc, expected $want_rc"
	[ "$(cat out)" == "$want_out" ] ||
		diff <(printf '%s\n' "$want_out") <(head -c 2000 out) | sed 's/^/  stdout /' | head -n 10
	[ "$(cat err)" == "$want_err" ] ||
		diff <(printf '%s\n' "$want_err") <(head -c 2000 err) | sed 's/^/  stderr /' | head -n 10
}

HEAD='[exercise]\nid = t\ntitle = T\nmodel = disk\n'
# ex FILE BODY: an exercise file, the [exercise] section then BODY (printf)
ex() { printf "$HEAD$2" >"$1"; }
# rep N TEXT: TEXT N times
rep() { head -c "$(($1 * ${#2}))" < <(yes "$2" | tr -d '\n'); }
export -f rep

# ---- exercise files -----------------------------------------------------

printf "$HEAD" >big.ini
truncate -s 100M big.ini
check "a 100 MB exercise file" 1 "" \
	"tribo: -c: command 1: load: big.ini: file too large (104857600 bytes; an exercise is at most 1048576)" \
	"tribo -c 'load big.ini'"
check "100 MB of exercise through a pipe" 1 "" \
	"tribo: -c: command 1: load: /dev/stdin: file too large (an exercise is at most 1048576 bytes)" \
	"head -c 100M /dev/zero | tribo -c 'load /dev/stdin'"
check "an endless exercise file (a device) is refused unread" 1 "" \
	"tribo: -c: command 1: load: /dev/zero: is not a regular file (a character device)" \
	"tribo -c 'load /dev/zero'"
# issue 18: a FIFO with no writer blocked `load` forever
mkfifo fifo.ini
check "a FIFO with no writer is refused at once" 1 "" \
	"tribo: -c: command 1: load: fifo.ini: is not a regular file (a FIFO)" \
	"tribo -c 'load fifo.ini'"
check "lint of a FIFO" 1 "fifo.ini: error: is not a regular file (a FIFO)
fifo.ini: 1 error, 0 warnings" "" "tribo --lint fifo.ini"
mkdir -p adir
check "a directory as an exercise" 1 "" \
	"tribo: -c: command 1: load: adir/: is a directory" "tribo -c 'load adir/'"
check "a directory as a script: exit 2" 2 "" "tribo: adir: is a directory" "tribo adir"

{ printf "${HEAD}statement = "; rep 200000 'word '; printf '\n'; } >longline.ini
check "a 1 MB statement line" 0 "2" "" "tribo -c 'load longline.ini; print m'"

{ printf "${HEAD}source = "; rep 1000000 x; printf '\n'; } >longword.ini
check "a 1 MB line without a blank reads whole" 0 "2
1000000" "" \
	"tribo -c 'load longword.ini; print m' && tribo -c 'load longword.ini; show' | grep -o 'x*' | awk '{ if (length(\$0) > n) n = length(\$0) } END { print n }'"

ex nul.ini '[param m]\nvalue = 2\0003\n'
check "a NUL byte in an exercise" 1 "" \
	"tribo: -c: command 1: load: nul.ini:6:10: NUL byte in the file
    value = 2
             ^" \
	"tribo -c 'load nul.ini'"

ex utf8.ini 'source = caf\351 \377\n'
check "invalid UTF-8 in an exercise" 1 "" \
	"tribo: -c: command 1: load: utf8.ini:5:13: invalid UTF-8
    source = caf? ?
                ^" \
	"tribo -c 'load utf8.ini'"

printf '[exercise]\nid = t\ntitle = T\nmodel = \033]0;x\007\n' >esc.ini
check "an escape sequence in an exercise" 1 "" \
	"tribo: -c: command 1: load: esc.ini:4:9: unknown model '\\x1B]0;x\\x07'
    model =  ]0;x 
            ^" \
	"tribo -c 'load esc.ini'"

# An exercise's title, source, statement and a text value reach the
# terminal escaped as messages are (\xHH), never as a control sequence:
# ESC [ 2 J clears the screen, OSC 0 sets the window title, C2 9B is the
# C1 CSI.
mkdir escdir
printf '[exercise]\nid = t\ntitle = T\033[2J\033]0;x\007\nmodel = rayleigh\nsource = S\033[31m
statement = s \033[2J {mu_expr}\n\n[param mu_expr]\nvalue = 0.3\033[2J\302\233\n' >escdir/esc.ini
# (show all: law coulomb leaves mu_expr unused, and show lists only the used)
check "escape sequences in an exercise: show" 0 't: T\x1B[2J\x1B]0;x\x07
source: S\x1B[31m
  s \x1B[2J 0.3\x1B[2J\xC2\x9B
0.3\x1B[2J\xC2\x9B' "" \
	"tribo -c 'load escdir/esc.ini; show all' | sed -n '/^t: /p; /^source: /p; /^  s /p; s/^  mu_expr  *\\([^ ]*\\).*/\\1/p'"
check "escape sequences in an exercise: print" 0 '0.3\x1B[2J\xC2\x9B' "" \
	"tribo -c 'load escdir/esc.ini; print mu_expr'"
check "escape sequences in an exercise: list" 0 't T\x1B[2J\x1B]0;x\x07 S\x1B[31m' "" \
	"TRIBO_PATH=escdir tribo -c list | grep '^t ' | tr -s ' '"
check "no ESC, BEL or C1 CSI from show, list, help ID or print" 0 "0" "" \
	"{ tribo -c 'load escdir/esc.ini; show all; print mu_expr'; TRIBO_PATH=escdir tribo -c 'list; list S; help t'; } |
	LC_ALL=C grep -c \$'\\033\\|\\007\\|\\302\\233' || true"

{ printf "$HEAD"; for i in $(seq 0 9999); do printf '[param p%d]\nvalue = 1\n' "$i"; done; } >many.ini
# every mistake is said, up to 20, then reading stops
want="tribo: -c: command 1: load: many.ini:5:1: model disk has no parameter 'p0'
    [param p0]
    ^"
for i in $(seq 19); do
	want="$want
many.ini:$((5 + 2 * i)):1: model disk has no parameter 'p$i'
    [param p$i]
    ^"
done
check "10 000 parameters the model does not have" 1 "" "$want
20 errors (reading stopped there)" \
	"tribo -c 'load many.ini'"
{ printf "$HEAD"; for i in $(seq 10000); do printf '[param m]\nvalue = %d\n' "$i"; done; } >same.ini
want="tribo: -c: command 1: load: same.ini:7:1: second [param m] section (the first is at line 5)
    [param m]
    ^"
for i in $(seq 19); do
	want="$want
same.ini:$((7 + 2 * i)):1: second [param m] section (the first is at line 5)
    [param m]
    ^"
done
check "10 000 sections of one parameter" 1 "" "$want
20 errors (reading stopped there)" \
	"tribo -c 'load same.ini'"
{ echo "load disk-reye"; for i in $(seq 10000); do echo "set m $i"; done; echo "print m"; } >many.tribo
check "10 000 parameters set by a script" 0 "10000" "" "tribo many.tribo"

# ---- absurd ranges ---------------------------------------------------------

ex minmax.ini '[param r]\nmin = 2\nmax = 1\n'
check "min larger than max" 1 "" \
	"tribo: -c: command 1: load: minmax.ini:7:1: min is larger than max
    max = 1
    ^" \
	"tribo -c 'load minmax.ini'"
ex drawout.ini '[param r]\nvalue = 0.5\nmin = 0.1\nmax = 1\ndraw = 0.01 2\n'
check "draw outside min and max" 1 "" \
	"tribo: -c: command 1: load: drawout.ini:9:1: draw range: r = 0.01 m is out of range: r must be [0.1, 1] m
    draw = 0.01 2
    ^" \
	"tribo -c 'load drawout.ini'"
ex drawrev.ini '[param r]\ndraw = 2 1\n'
check "a reversed draw range" 1 "" \
	"tribo: -c: command 1: load: drawrev.ini:6:1: draw range 2 1 is reversed
    draw = 2 1
    ^" \
	"tribo -c 'load drawrev.ini'"
# a range of ±1e308 is read; the disk's own domain (issue 18) then
# refuses a spin whose stop angle overflows: set notes it, solve refuses
ex huge.ini '[param omega]\nmin = -1e308\nmax = 1e308\nvalue = 10\ndraw = -1e308 1e308\n'
check "a range of ±1e308" 1 "10
note: omega = -1e+308 rad/s: the disk would turn more than 1e308 rad before it stops (about ω²r/(2μg)); lower omega or r, or raise mu or g (for now: solve refuses until it holds)" \
	"tribo: -c: command 4: solve: omega = -1e+308 rad/s: the disk would turn more than 1e308 rad before it stops (about ω²r/(2μg)); lower omega or r, or raise mu or g" \
	"tribo -c 'load huge.ini; print omega; set omega -1e308; solve'"
ex overflow.ini '[param r]\nvalue = 1e308\nunit = km\n'
check "a value that overflows in the model's unit" 1 "" \
	"tribo: -c: command 1: load: overflow.ini:6:1: r = 1e+308 km is too large: it overflows in m
    value = 1e308
    ^" \
	"tribo -c 'load overflow.ini'"
check "set a value that overflows in the parameter's unit" 1 "" \
	"tribo: -c: command 2: set: r = 1e308 km is too large: it overflows in m" \
	"tribo -c 'load disk-reye; set r 1e308 km'"
for digits in 0 1000; do
	ex "digits$digits.ini" "[param r]\ndigits = $digits\n"
	check "digits = $digits" 1 "" \
		"tribo: -c: command 1: load: digits$digits.ini:6:10: digits must be a whole number from 1 to 15
    digits = $digits
             ^" \
		"tribo -c 'load digits$digits.ini'"
done
ex point.ini '[param r]\nvalue = 0.5\nmin = 0.5\nmax = 0.5\n'
check "a range of one point" 1 "0.5" \
	"tribo: -c: command 4: set: r = 0.6 m is out of range: r must be [0.5, 0.5] m" \
	"tribo -c 'load point.ini; set r 0.5; print r; set r 0.6'"
ex braces.ini 'statement = {{{m}}} and {{{{r}}}}\n'
check "braces around braces around a placeholder" 0 "  {2} and {{r}}" "" \
	"tribo -c 'load braces.ini; show' | sed -n 4p"

# ---- numbers that are not numbers -----------------------------------------

for v in nan inf 1e400 -0 0x10; do
	case $v in
	nan | inf) why="'$v' is not finite" ;;
	1e400) why="'$v' is out of range (too large for a double)" ;;
	0x10) why="'$v' is not a decimal number" ;;
	-0) why="" ;;
	esac
	ex "v$v.ini" "[param omega]\nvalue = $v\n"
	if [ -z "$why" ]; then
		check "value = $v in a file" 0 "0" "" "tribo -c 'load v$v.ini; print omega'"
		check "set omega $v" 0 "0" "" "tribo -c 'load disk-reye; set omega $v; print omega'"
		continue
	fi
	check "value = $v in a file" 1 "" \
		"tribo: -c: command 1: load: v$v.ini:6:9: $why
    value = $v
            ^" \
		"tribo -c 'load v$v.ini'"
	check "set omega $v" 1 "" "tribo: -c: command 2: set: $why" \
		"tribo -c 'load disk-reye; set omega $v'"
done

# ---- command lines and scripts ---------------------------------------------

# Linux refuses an argument over 128 KiB, so -c gets just under that; a
# 1 MiB command line is a script line below (and check_command's case).
check "a -c line of 120 KiB" 0 "1" "" \
	"tribo -c \"load disk-reye; \$(rep 9400 'set omega 1; ')print omega\""
check "a -c word of 128 KiB" 1 "" \
	"tribo: -c: command 1: unknown command '$(rep 60 x)…'; 'help' lists the commands" \
	"tribo -c \"\$(rep 131000 x)\""

printf 'load disk-reye\nprint m' >open.tribo
check "a script without a final newline" 0 "2" "" "tribo open.tribo"
printf 'load disk-reye\nprint mass' >open2.tribo
check "a failing last line without a newline" 1 "" \
	"tribo: open2.tribo:2: print: unknown name 'mass' in disk-reye" "tribo open2.tribo"

{ echo "load disk-reye"; printf 'print'; rep 524285 ' m'; echo; } >print.tribo
check "a script line of 1 MiB that works" 0 "524285" "" "tribo print.tribo | wc -l"
{ echo "load disk-reye"; printf 'eval 1'; rep 524285 '+1'; echo; } >eval.tribo
check "a script line of 1 MiB that fails" 1 "" \
	"tribo: eval.tribo:2: eval: expression too long (1048571 characters; at most 4096)" \
	"tribo eval.tribo"
check "an endless script line" 1 "" \
	"tribo: stdin:1: line too long (more than 1048576 bytes)" \
	"tr '\\0' x </dev/zero | tribo"

check "a binary on standard input" 1 "" "tribo: stdin:1: NUL byte in the script" \
	"tribo <\"\$TRIBO\""
check "/dev/zero on standard input" 1 "" "tribo: stdin:1: NUL byte in the script" \
	"tribo </dev/zero"
check "control and non-UTF-8 bytes on standard input" 1 "" \
	"tribo: stdin:1: unknown command '\\x1B]0;x\\x07\\x80\\xFF'; 'help' lists the commands" \
	"printf '\\033]0;x\\007\\200\\377 more\\n' | tribo"

# ---- text from a file reaches no terminal as control (issue 18) --------

printf '[exercise]\nid = evil\ntitle = Evil \033]0;pwned\007 title \033[2J\nmodel = disk\nsource = src \302\233 31m C1\nstatement = Stmt \033[31m red \177 del\n[param m]\nvalue = 2\ndraw = 1 3\n[answer stop_time]\nhint = hint \033[2J here\n' >evil.ini
check "an exercise's title, source and statement, shown" 0 "evil: Evil \\x1B]0;pwned\\x07 title \\x1B[2J
source: src \\xC2\\x9B 31m C1
  Stmt \\x1B[31m red \\x7F del" "" "tribo -c 'load evil.ini; show' | sed -n '1,2p;5p'"
check "check's hint" 0 "  hint: hint \\x1B[2J here" "" \
	"tribo -c 'load evil.ini; solve; check stop_time 1' | sed -n 2p"
check "list" 0 "evil  Evil \\x1B]0;pwned\\x07 title \\x1B[2J  src \\xC2\\x9B 31m C1" "" \
	"TRIBO_PATH=. tribo -c list | grep -a '^evil' | sed 's/   */  /g'"
check "no control byte in any output path: show, list, hints, --plain, .txt and .md sheets" 0 "0" "" \
	"{ tribo -c 'load evil.ini; show; solve; check stop_time 1'; TRIBO_PATH=. tribo -c list; printf 'load evil.ini\\nshow\\n' | tribo --plain; tribo -c 'generate 2 format txt evil.ini to ev1' >/dev/null; tribo -c 'generate 2 format md evil.ini to ev2' >/dev/null; cat ev1/* ev2/*; } | LC_ALL=C grep -c \$'[\\x01-\\x08\\x0b-\\x1f\\x7f]\\|\\xc2[\\x80-\\x9f]' || true"

printf "[exercise]\nid = q\ntitle = 'Quoted' spin\nmodel = disk\n" >q.ini
check "a title that starts with a quote reaches gnuplot whole" 0 "yes" "" \
	"tribo -c 'load q.ini; solve; plot spin to q.png' && [ -s q.png ] && echo yes"

# ---- output files (issue 18) --------------------------------------------

check "export csv - prints the CSV" 0 "t [s],phi [rad],phidot [rad/s],phidot closed form [rad/s]
0,0,20,20" "" "tribo -c 'load disk-reye; solve; export csv -' | head -n 2 | tr -d '\\r'"
check "export csv /dev/stdout prints it, and leaves /dev/stdout alone" 0 "0,0,20,20
yes" "" \
	"tribo -c 'load disk-reye; solve; export csv /dev/stdout' | sed -n 2p | tr -d '\\r'; [ -L /dev/stdout ] && echo yes"
echo keep >ro.csv && chmod 444 ro.csv
check "a read-only file is not replaced, even as root" 1 "keep" \
	"tribo: -c: command 3: export: 'ro.csv' is read-only: not replaced" \
	"tribo -c 'load disk-reye; solve; export csv ro.csv'; s=\$?; cat ro.csv; exit \$s"
echo old >real.csv && chmod 640 real.csv && ln -sf real.csv link.csv
check "a symbolic link is written through, its target keeping its mode" 0 "link.csv -> real.csv
640 t [s],phi [rad],phidot [rad/s],phidot closed form [rad/s]" "" \
	"tribo -c 'load disk-reye; solve; export csv link.csv' && ls -l link.csv | sed 's/.* link/link/' && echo \$(stat -c %a real.csv) \$(head -n 1 real.csv | tr -d '\\r')"
mkfifo out.csv
check "a FIFO is not replaced" 1 "" \
	"tribo: -c: command 3: export: 'out.csv' is not a regular file (a FIFO): not replaced" \
	"tribo -c 'load disk-reye; solve; export csv out.csv'"
ln -sf nowhere.csv dangling.csv
check "a symbolic link to nothing is not written" 1 "" \
	"tribo: -c: command 3: export: 'dangling.csv' is a symbolic link to nothing: not written" \
	"tribo -c 'load disk-reye; solve; export csv dangling.csv'"

ln -s "$(printf 'a\033b.csv')" ctl.csv
check "a link whose target holds a control character is not followed" 1 "" \
	"tribo: -c: command 3: export: 'ctl.csv': the name its link 'ctl.csv' gives holds a control character" \
	"tribo -c 'load disk-reye; solve; export csv ctl.csv'"
ln -s loop2.csv loop1.csv && ln -s loop1.csv loop2.csv
check "a loop of links is not followed for ever" 1 "" \
	"tribo: -c: command 3: export: 'loop1.csv': too many levels of symbolic links: not written" \
	"tribo -c 'load disk-reye; solve; export csv loop1.csv'"

# ---- files written through another user's link (issue 43, point 2) ------
# The kernel's fs.protected_symlinks rule, applied by tribo whatever the
# sysctl says: in a sticky world-writable directory a link is followed
# only when it is the user's or the directory owner's. The links are
# chowned (lchown: chown -h) to nobody, which only root can do; CI runs as
# root.
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	mkdir sticky ww && chmod 1777 sticky && chmod 777 ww
	for n in link.csv link.png sheet.txt; do ln -s ../victim "sticky/$n" && chown -h nobody "sticky/$n"; done
	ln -s ../victim ww/link.csv && chown -h nobody ww/link.csv
	ln -s ../victim sticky/mine.csv
	ln -s sticky/link.csv chain.csv
	why="owned by nobody in the sticky world-writable directory 'sticky' owned by root: not followed, as the kernel's protected_symlinks would not for root"
	echo secret >victim
	check "export csv does not follow nobody's link in a sticky world-writable directory" 1 "secret" \
		"tribo: -c: command 3: export: 'sticky/link.csv' is a symbolic link $why" \
		"tribo -c 'load disk-reye; solve; export csv sticky/link.csv'; s=\$?; cat victim; exit \$s"
	check "plot to does not follow it" 1 "secret" \
		"tribo: -c: command 3: plot: 'sticky/link.png' is a symbolic link $why" \
		"tribo -c 'load disk-reye; solve; plot spin to sticky/link.png'; s=\$?; cat victim; exit \$s"
	check "generate ... force does not follow it" 1 "secret" \
		"tribo: -c: command 1: generate: 'sticky/sheet.txt' is a symbolic link $why" \
		"tribo -c 'generate 1 format txt to sticky force disk-reye'; s=\$?; cat victim; exit \$s"
	check "nor a link of one's own that leads to it" 1 "secret" \
		"tribo: -c: command 3: export: 'chain.csv' leads to 'sticky/link.csv', a symbolic link $why" \
		"tribo -c 'load disk-reye; solve; export csv chain.csv'; s=\$?; cat victim; exit \$s"
	check "a link of one's own in the sticky directory is followed" 0 \
		"t [s],phi [rad],phidot [rad/s],phidot closed form [rad/s]" "" \
		"tribo -c 'load disk-reye; solve; export csv sticky/mine.csv' && head -n 1 victim | tr -d '\\r'"
	echo secret >victim
	check "nobody's link in a directory that is not sticky is followed, as the kernel would" 0 \
		"t [s],phi [rad],phidot [rad/s],phidot closed form [rad/s]" "" \
		"tribo -c 'load disk-reye; solve; export csv ww/link.csv' && head -n 1 victim | tr -d '\\r'"
else
	skip 6 "the protected_symlinks cases need root (to chown a link to nobody) and a user nobody"
fi

# ---- formulas in CSV (issue 43, point 3) ---------------------------------
# a roster whose names a spreadsheet would take for formulas: graded.csv
# writes them as text ('= ...), the scores and codes as they are
printf 'Name\n"=HYPERLINK(""http://evil.example"",""x"")"\n+1+1\n@SUM(1)\n-2\nAda\n' >evil.csv
check "generate with a roster of formulas" 0 "" "" \
	"tribo -c 'generate 5 seed 1 format txt to evil roster evil.csv disk-reye' >/dev/null"
awk -F'\t' 'BEGIN { print "Name,R_coeff" } $1 == "student" { gsub(/"/, "\"\"", $3); who[++n] = $3; code[n] = $2 } $1 == "answer" && $4 == "R_coeff" { R[$2] = $5 } END { for (i = 1; i <= n; i++) printf "\"%s\",%s\n", who[i], R[code[i]] }' evil/manifest.txt >evil-answers.csv
check "graded.csv writes the names as text, not formulas" 0 'student,code,R_coeff,R_coeff note,score
"'"'"'=HYPERLINK(""http://evil.example"",""x"")",RT9-01,correct,,1/1
"'"'"'+1+1",RT9-02,correct,,1/1
"'"'"'@SUM(1)",RT9-03,correct,,1/1
"'"'"'-2",RT9-04,correct,,1/1
Ada,RT9-05,correct,,1/1' "" \
	"tribo -c 'grade evil evil-answers.csv to graded.csv' >/dev/null && cat graded.csv"

# ---- files that are not regular (issue 43, points 4 and 11) --------------
# each read is refused at once: a FIFO with no writer blocked generate's
# roster and header for ever in open(2)
mkfifo fifo.csv fifo.hdr fifo.tribo
mkdir -p fset && mkfifo fset/manifest.txt
check "a roster that is a FIFO is refused at once" 1 "" \
	"tribo: -c: command 1: generate: fifo.csv: is not a regular file (a FIFO)" \
	"tribo -c 'generate 2 roster fifo.csv disk-reye'"
check "a header that is a FIFO is refused at once" 1 "" \
	"tribo: -c: command 1: generate: fifo.hdr: is not a regular file (a FIFO)" \
	"tribo -c 'generate 2 header fifo.hdr disk-reye'"
check "an answer sheet that is a FIFO is refused at once" 1 "" \
	"tribo: -c: command 1: grade: fifo.csv: is not a regular file (a FIFO)" \
	"tribo -c 'grade evil fifo.csv'"
check "a manifest that is a FIFO is refused at once" 1 "" \
	"tribo: -c: command 1: grade: fset/manifest.txt: is not a regular file (a FIFO) (grade reads the manifest generate wrote there)" \
	"tribo -c 'grade fset evil-answers.csv'"
check "a script that is a FIFO is refused at once: exit 2" 2 "" \
	"tribo: fifo.tribo: is not a regular file (a FIFO)" "tribo fifo.tribo"
check "a roster that is a character device" 1 "" \
	"tribo: -c: command 1: generate: /dev/zero: is not a regular file (a character device)" \
	"tribo -c 'generate 2 roster /dev/zero disk-reye'"
check "roster DIR says it is a directory, not 'read error'" 1 "" \
	"tribo: -c: command 1: generate: adir: is a directory" \
	"tribo -c 'generate 2 roster adir disk-reye'"
check "a directory on standard input: exit 2, as a directory named" 2 "" \
	"tribo: standard input: is a directory, not a script" "tribo < adir"
check "and with '-'" 2 "" \
	"tribo: standard input: is a directory, not a script" "tribo - < adir"
check "/dev/stdin named as such is still read as given" 0 "p" "" \
	"printf '[exercise]\\nid = p\\ntitle = P\\nmodel = disk\\n' | tribo -c 'load /dev/stdin; show' | cut -d: -f1 | head -n 1"

finish
