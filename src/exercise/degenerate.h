/* When a variant of an exercise is degenerate: one rule for `lint`, which
 * warns of it at the ends of the draw ranges, and `generate`, which draws
 * such a variant again. */
#ifndef TRIBO_DEGENERATE_H
#define TRIBO_DEGENERATE_H

#include <stddef.h>

#include "exercise/exercise.h"
#include "models/model.h"

/* Whether the results `res` of a solve of `ex` at other values are
 * degenerate next to `base`, its results at the file's own values; the
 * reason goes into buf (n bytes), which is returned, or NULL when the
 * variant is a fair one. Degenerate is: nothing happens (every asked-for
 * number that is nonzero at the file's values is zero: one alone may be
 * zero by symmetry), no steady state or limit cycle where the file's values
 * reach one, the problem changing in kind, or Painlevé's paradox where the
 * file's values give none: what each result of the model says of these is
 * in its table (`enum verdict` in models/model.h), and no result is known
 * here by its name. A verdict the exercise asks for is the question, not a
 * degenerate case. Answers that are not finite are for the caller to
 * report. */
const char *exercise_degenerate(const struct exercise *ex, const struct value *base,
				const struct value *res, char *buf, size_t n);

#endif
