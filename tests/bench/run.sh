#!/bin/sh
# make bench: tribo's times and errors beside SciPy's (tests/bench/bench.py),
# with Debian's python3 and its python3-scipy, never a pyenv or venv one.
set -eu
cd "$(dirname "$0")/../.."
exec /usr/bin/python3 tests/bench/bench.py "$@"
