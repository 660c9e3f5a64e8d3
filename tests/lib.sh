# Sourced by the script stages that count their own checks (man.sh,
# install.sh): ok/bad tally them, `check WHAT CMD...` passes when CMD
# succeeds; the script prints "NAME: $pass passed, $fail failed" at the end.
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() {
	fail=$((fail + 1))
	echo "FAIL: $*"
}
check() {
	local what=$1
	shift
	if "$@"; then ok; else bad "$what"; fi
}
