# Sourced by every shell stage that run-all.sh runs (hostile, repl, screen,
# signals, talkback, man, sixel, window, install, promises): the count of
# its checks, which cannot lie (issue 38, point 4).
#
#   plan NAME N      the stage's name and how many checks it runs; where a
#                    count depends on a list the machine gives (the options
#                    of --help, the signals of kill -l), `plan_more N` adds
#                    it before the loop that runs them
#   ok               a check passed
#   bad WHY          a check failed: "FAIL NAME: WHY", then fail_context
#                    when the stage defines it (the screen it saw)
#   check WHY CMD... passes when CMD succeeds, else bad WHY
#   skip N WHY       N checks that cannot run here, counted and said with
#                    their reason; under CI=true the stage fails, since
#                    make check installs what every stage needs
#   skip_rest WHY    the checks not run yet skipped, then finish
#   abort WHY        a failed precondition that leaves the rest meaningless
#                    (a dead tmux server, no X server, no window): bad WHY,
#                    then finish, which fails on the checks that did not run
#   finish           the last line, exactly "NAME: P passed, F failed, S
#                    skipped", and the exit: 1 when a check failed, when
#                    P+F+S is not the declared count, or when CI skipped
#
# Also `within SECONDS CMD...`: CMD every tenth of a second until it
# succeeds, SECONDS at most; 1 when it never did. And `no_match GREP-ARGS`:
# grep found nothing (status 1), not that it failed (status 2: a bad
# pattern, a file missing), which `test -z "$(grep ...)"` cannot tell.
lib_name=stage lib_planned=0 pass=0 fail=0 skipped=0 lib_ci_skip=""
plan() {
	lib_name=$1 lib_planned=$2
}
plan_more() { lib_planned=$((lib_planned + $1)); }
ok() { pass=$((pass + 1)); }
bad() {
	fail=$((fail + 1))
	echo "FAIL $lib_name: $*"
	[ "$(type -t fail_context)" != function ] || fail_context
}
check() {
	local what=$1
	shift
	if "$@"; then ok; else bad "$what"; fi
}
skip() {
	skipped=$((skipped + $1))
	echo "SKIP $lib_name: $1 skipped: $2"
	if [ "${CI:-}" = true ]; then
		lib_ci_skip="$lib_ci_skip
FAIL $lib_name: CI must not skip ($1 skipped: $2)"
	fi
}
skip_rest() {
	local left=$((lib_planned - pass - fail - skipped))
	[ "$left" -gt 0 ] || left=0
	skip "$left" "$1"
	finish
}
abort() {
	bad "$*"
	echo "FAIL $lib_name: cannot go on: the checks after this one did not run"
	finish
}
finish() {
	local rc=0 ran=$((pass + fail + skipped))
	[ "$fail" = 0 ] || rc=1
	if [ "$ran" != "$lib_planned" ]; then
		echo "FAIL $lib_name: $ran checks ran (passed, failed or skipped) of the $lib_planned it declares"
		rc=1
	fi
	if [ -n "$lib_ci_skip" ]; then
		echo "${lib_ci_skip#?}"
		rc=1
	fi
	echo "$lib_name: $pass passed, $fail failed, $skipped skipped"
	exit "$rc"
}
within() {
	local i n=$(($1 * 10))
	shift
	for i in $(seq "$n"); do
		"$@" && return 0
		[ "$i" = "$n" ] || sleep 0.1
	done
	return 1
}
no_match() {
	grep -q "$@"
	[ $? = 1 ]
}
