#!/bin/bash
# make install / make uninstall: the installed tribo, run from /, with no
# TRIBO_PATH and an empty user directory, lists every shipped exercise and
# solves one; the man pages are where man looks for them and render; the
# installation still works once moved to another prefix (the binary finds
# ../share/tribo/exercises from its own place); DESTDIR stages every file
# under DESTDIR and nothing elsewhere; uninstall takes away what install
# put and nothing else. The prefix has a blank in it, for the quoting.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/home" "$tmp/empty" "$tmp/state"
unset TRIBO_PATH
export HOME="$tmp/home" XDG_DATA_HOME="$tmp/empty" XDG_STATE_HOME="$tmp/state" LC_ALL=C.UTF-8

. "$top/tests/lib.sh"
# 16 checks, and 5 in each of the 3 installations works() looks at
plan install 31
mk() { timeout 300 make --no-print-directory -s -C "$top" "$@" >"$tmp/make.out" 2>&1; }

# What the build tree's tribo says, with the same environment: it reads
# exercises/ beside itself.
(cd / && "$top/tribo" -c list) >"$tmp/list.want" 2>&1
(cd / && "$top/tribo" -c 'load disk-reye; solve; print stop_time') >"$tmp/solve.want" 2>&1
shipped=("$top"/exercises/*.ini)
nshipped=${#shipped[@]}
check "the build tree's tribo does not list the $nshipped shipped exercises" \
	test "$(($(wc -l <"$tmp/list.want") - 1))" = "$nshipped"

# installed is $1: 'tribo -c list' from / lists every shipped exercise, a
# solve gives the build tree's number, and man finds and renders both pages.
works() {
	local prefix=$1 where=$2
	(cd / && "$prefix/bin/tribo" -c list) >"$tmp/list.got" 2>&1
	check "$where: 'tribo -c list' from / differs from the build tree's:
$(diff "$tmp/list.want" "$tmp/list.got")" cmp -s "$tmp/list.want" "$tmp/list.got"
	(cd / && "$prefix/bin/tribo" -c 'load disk-reye; solve; print stop_time') >"$tmp/solve.got" 2>&1
	check "$where: load and solve give $(cat "$tmp/solve.got")" cmp -s "$tmp/solve.want" "$tmp/solve.got"
	for page in 1:tribo 5:tribo-exercise; do
		MANWIDTH=80 man -M "$prefix/share/man" "${page%%:*}" "${page#*:}" 2>"$tmp/man.err" |
			col -bx >"$tmp/man.out"
		check "$where: man -M PREFIX/share/man ${page%%:*} ${page#*:} does not render: $(cat "$tmp/man.err")" \
			grep -q "^NAME" "$tmp/man.out"
	done
	MANWIDTH=80 man -l "$prefix/share/man/man1/tribo.1" 2>"$tmp/man.err" | col -bx >"$tmp/man.out"
	check "$where: man -l tribo.1: $(cat "$tmp/man.err")" \
		test -s "$tmp/man.out" -a ! -s "$tmp/man.err"
}

# The files under directory $1, one a line, relative to it.
files() { (cd "$1" && find . -type f -o -type l) | sed 's|^\./||' | sort; }
{
	echo bin/tribo
	echo share/man/man1/tribo.1
	echo share/man/man5/tribo-exercise.5
	for f in "$top"/exercises/*.ini; do echo "share/tribo/exercises/${f##*/}"; done
} | sort >"$tmp/files.want"

# ---- make install PREFIX=… ------------------------------------------------------
prefix="$tmp/inst dir/x"
mk install PREFIX="$prefix"
rc=$?
check "make install PREFIX fails: $(cat "$tmp/make.out")" test $rc = 0
files "$prefix" >"$tmp/files.got"
check "make install put other files than expected:
$(diff "$tmp/files.want" "$tmp/files.got")" cmp -s "$tmp/files.want" "$tmp/files.got"
check "the installed tribo is not executable" test -x "$prefix/bin/tribo"
works "$prefix" "installed"

# it really reads the installed directory: a file put there shows in list
sed 's/^id = disk-reye$/id = zz-canary/' "$top/exercises/disk-reye.ini" \
	>"$prefix/share/tribo/exercises/zz-canary.ini"
check "an exercise added to PREFIX/share/tribo/exercises does not show in list" \
	bash -c "cd / && '$prefix/bin/tribo' -c list | grep -q '^zz-canary '"
rm "$prefix/share/tribo/exercises/zz-canary.ini"

# ---- moved to another prefix ---------------------------------------------------
moved="$tmp/elsewhere/y"
mkdir -p "$tmp/elsewhere"
mv "$prefix" "$moved"
works "$moved" "moved"
# and through a symbolic link to the binary, as ~/bin/tribo would be
mkdir -p "$tmp/linkbin"
ln -s "$moved/bin/tribo" "$tmp/linkbin/tribo"
(cd / && "$tmp/linkbin/tribo" -c list) >"$tmp/list.got" 2>&1
check "through a symbolic link, list differs" cmp -s "$tmp/list.want" "$tmp/list.got"

# ---- make uninstall ------------------------------------------------------------
echo "mine" >"$moved/share/tribo/exercises/mine.ini"
echo "theirs" >"$moved/bin/other-program"
mk uninstall PREFIX="$moved"
rc=$?
check "make uninstall fails: $(cat "$tmp/make.out")" test $rc = 0
files "$moved" >"$tmp/files.got"
check "make uninstall left or took other files than the two not its own:
$(cat "$tmp/files.got")" test "$(cat "$tmp/files.got")" = "bin/other-program
share/tribo/exercises/mine.ini"
rm "$moved/share/tribo/exercises/mine.ini"
mk uninstall PREFIX="$moved"
rc=$?
check "a second make uninstall fails: $(cat "$tmp/make.out")" test $rc = 0
check "make uninstall leaves the empty share/tribo" test ! -e "$moved/share/tribo"
check "make uninstall took bin/ with a file in it" test -e "$moved/bin/other-program"

# ---- DESTDIR staging ----------------------------------------------------------
stage="$tmp/stage"
sprefix=/opt/tribo-install-test-$$
mk install DESTDIR="$stage" PREFIX="$sprefix"
rc=$?
check "make install DESTDIR fails: $(cat "$tmp/make.out")" test $rc = 0
check "make install DESTDIR wrote outside DESTDIR" test ! -e "$sprefix"
(cd "$stage" && find . -type f -o -type l) | sed 's|^\./||' | sort >"$tmp/files.got"
sed "s|^|${sprefix#/}/|" "$tmp/files.want" >"$tmp/files.staged"
check "make install DESTDIR put other files than expected:
$(diff "$tmp/files.staged" "$tmp/files.got")" cmp -s "$tmp/files.staged" "$tmp/files.got"
works "$stage$sprefix" "staged"
mk uninstall DESTDIR="$stage" PREFIX="$sprefix"
rc=$?
check "make uninstall DESTDIR fails: $(cat "$tmp/make.out")" test $rc = 0
check "make uninstall DESTDIR left files: $(cd "$stage" && find . -type f)" \
	test -z "$(find "$stage" -type f)"

finish
