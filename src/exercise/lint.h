/* lint: what an instructor wants to know about an exercise file that the
 * parser lets pass (issue 9). The file is read with the normal parser (its
 * first error is lint's error); then come the checks the parser does not
 * make, and the exercise is solved at its own values and at the ends of
 * every draw range. Nothing here touches a session. */
#ifndef TRIBO_LINT_H
#define TRIBO_LINT_H

#include "util/strbuf.h"

struct lint_count {
	int errors, warnings, solves;
};

/* Lints the file at `path`, appending to `out` one finding per line as
 * "FILE:LINE: error|warning: message" (a parse error as the parser gives
 * it, with its column, line and caret) and a summary line, "FILE: ok (K
 * solves)" or "FILE: N errors, M warnings". *count (may be NULL) gets the
 * numbers. Returns the number of errors.
 *
 * Errors with FILE:LINE:COL, the line and a caret: each character of
 * the file's text that no output may hold (utf8_cp_unwritable: U+FFFE, a
 * C0 control...; the first EX_UNWRITABLE_KEPT, then how many more).
 *
 * Warnings: a drawn parameter that the statement never shows; draw
 * without digits; digits without draw; a draw range that its digits round
 * to one value; no [answer] section. At the file's values (a failure there
 * is an error), at each drawn parameter's low and high end (the others at
 * the file's values) and with all of them low, then all high: a solve that
 * fails, an asked-for result that is not finite, or a degenerate outcome,
 * each with the values that caused it. Degenerate means: an asked-for
 * number that is 0 where the file's values give another; `converged` or
 * `steady` false where they give true; `moves` or `stuck` other than they
 * give (the problem changes in kind); `outcome` = paradox where they give
 * none and the exercise does not ask for outcome or mode. An exercise with
 * `keep` is solved at 64 draws made as generate makes them (seed 1): a
 * warning with the fraction that keeps the verdict when it is under half,
 * an error when none does. */
int exercise_lint(const char *path, struct strbuf *out, struct lint_count *count);

#endif
