/* Root bracketing with GSL's Brent solver, shared by the models' event and
 * critical-value searches. */
#ifndef TRIBO_ROOTS_H
#define TRIBO_ROOTS_H

#include "util/diag.h"

struct num_root {
	double root;   /* Brent's best estimate */
	double lo, hi; /* the final bracket: f keeps lo's sign at lo, hi's at hi */
};

/* Refines [lo, hi], where f changes sign, until hi − lo ≤ epsabs + epsrel|x|.
 * Returns 0, or -1 with d saying what failed while finding `what`. */
int num_brent(double (*f)(double x, void *params), void *params, double lo, double hi,
	      double epsabs, double epsrel, struct num_root *out, const char *what, struct diag *d);

#endif
