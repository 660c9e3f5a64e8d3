# Issue 37 (Done-when): every shipped exercise solved at its file's values
# and at the corners of its draw box shows no nan, no inf and no round-off
# as a result in `show` (tests/promises.sh says how it looks).
#! heavy
$ bash "$TRIBO_PATH/../tests/promises.sh" | tail -n 1
promises: 714 passed, 0 failed, 0 skipped
? 0
