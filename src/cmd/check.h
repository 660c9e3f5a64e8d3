/* check's judgement of a number against a result, shared with grade. */
#ifndef TRIBO_CHECK_H
#define TRIBO_CHECK_H

#include <stdbool.h>

#include "exercise/exercise.h"

/* Whether x is within tol of ref (both in the answer's unit); *allowed_rel
 * gets the tolerance relative to ref. */
bool check_within(const struct tolerance *tol, double x, double ref, double *allowed_rel);
/* A slip that explains the ratio of a wrong answer to the right one
 * ("half the answer: a factor of 2 missing"), or NULL; rel the tolerance
 * relative to the answer. */
const char *check_hint(double ratio, double rel);

#endif
