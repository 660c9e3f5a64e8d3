/* check's judgement of a number against a result, shared with grade. */
#ifndef TRIBO_CHECK_H
#define TRIBO_CHECK_H

#include <stdbool.h>

#include "exercise/exercise.h"
#include "exercise/units.h"
#include "util/strbuf.h"

/* Whether x is within tol of ref (both in the answer's unit), the bound
 * included; *allowed_rel gets the tolerance relative to ref. An answer
 * rounded to the precision the sheet asks (tolerance_precision) is. */
bool check_within(const struct tolerance *tol, double x, double ref, double *allowed_rel);
/* How far x is from ref against the tolerance, like with like: "off by
 * 6.84%, the tolerance is 1%" for a relative one, "off by 0.012 s, the
 * tolerance is ±0.01 s" for an absolute one, "off by 0.0042 s, 3
 * significant figures allow ±0.005 s" for figures (unit: the answer's). */
void check_compare(const struct tolerance *tol, double x, double ref, const char *unit,
		   struct strbuf *out);
/* A slip that explains the ratio of a wrong answer to the right one
 * ("half the answer: a factor of 2 missing"), or NULL; rel the tolerance
 * relative to the answer; u the answer's unit (NULL: not known), for the
 * slips of a time's units (minutes for seconds, ms for s). */
const char *check_hint(double ratio, double rel, const struct unit *u);

#endif
