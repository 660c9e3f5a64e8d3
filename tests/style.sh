#!/bin/bash
# The code's style (.clang-format) held over src/ and tests/: each C file
# that clang-format would change is a failure, with the first lines of the
# change it wants. Fix with: clang-format -i FILE.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
pass=0 fail=0
if ! command -v clang-format >/dev/null 2>&1; then
	echo "style: 0 passed, 0 failed, 1 skipped (clang-format is not installed)"
	exit 0
fi
for f in src/*.c src/*/*.[ch] tests/*.[ch] tests/bench/*.[ch] tests/fuzz/*.[ch]; do
	[ -e "$f" ] || continue
	if clang-format "$f" | cmp -s - "$f"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $f differs from .clang-format's style (clang-format -i $f):"
		clang-format "$f" | diff "$f" - | head -n 8 | sed 's/^/    /'
	fi
done
echo "style: $pass passed, $fail failed, 0 skipped"
[ "$fail" = 0 ]
