#!/bin/bash
# The code's style (.clang-format) held over src/ and tests/: each C file
# that clang-format would change is a failure, with the first lines of the
# change it wants. Fix with: clang-format -i FILE. Then the floors of src/:
# no file includes a header of a floor above its own.
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
# The floors of src/, lowest first: a file includes its own floor's headers
# and those of floors below it, never one above (issue 36: no arrow runs
# back up). A new directory must be placed here.
floors="util num gp dyn models exercise scene plot sheet cmd front"
for d in src/*/; do
	d=${d#src/} d=${d%/}
	case " $floors " in
	*" $d "*) pass=$((pass + 1)) ;;
	*)
		fail=$((fail + 1))
		echo "FAIL src/$d/ is not one of the floors in tests/style.sh: place it"
		;;
	esac
done
below=""
for d in $floors; do
	for f in src/$d/*.[ch]; do
		[ -e "$f" ] || continue
		up=""
		for inc in $(sed -n 's|^#include "\([a-z]*\)/.*|\1|p' "$f" | sort -u); do
			case " $below $d " in
			*" $inc "*) ;;
			*) up="$up $inc" ;;
			esac
		done
		if [ -z "$up" ]; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "FAIL $f (floor $d) includes from a floor above it or unknown:$up"
		fi
	done
	below="$below $d"
done
echo "style: $pass passed, $fail failed, 0 skipped"
[ "$fail" = 0 ]
