/* Root bracketing with GSL's Brent solver, shared by the models' event and
 * critical-value searches, and the first-crossing search built on it. */
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

/* The least value of f on [lo, hi], given a point mid inside where f is
 * below both ends (fmid < flo, fmid < fhi: a minimum is bracketed), by
 * GSL's Brent minimizer until the bracket is within epsabs + epsrel|x|.
 * Returns 0 with *x and *fx, or -1 with d saying what failed. */
int num_brent_min(double (*f)(double x, void *params), void *params, double lo, double mid,
		  double hi, double flo, double fmid, double fhi, double epsabs, double epsrel,
		  double *x, double *fx, const char *what, struct diag *d);

/* Where a function that is ≤ 0 at lo first goes above 0 on [lo, hi]: the end
 * of a stick (f the excess of the force the stick needs over what static
 * friction gives), found in two stages. A scan over the grid points
 * anchor + k·step inside (lo, hi], and hi itself, stops at the first point
 * where f > level (level ≥ 0: a margin for f touching 0 to rounding); then
 * Brent, to epsrel, on [the point before, that point]. The step must be
 * finer than any excursion of f above 0, or one may be missed between two
 * points.
 *
 * The answer is the FAR end of Brent's final bracket, where f > 0: the
 * stick has given way there, so the slip that follows starts on its side
 * of the switch, never just before it. If f ≥ 0 already at the point before,
 * that point is the answer (the stick ends at once). */
struct num_scan {
	double lo, hi;
	double step, anchor; /* the scan's grid: anchor + k·step */
	double level;	     /* a grid point counts as past the crossing where f > level */
	double epsrel;	     /* Brent's tolerance, relative to x */
	const char *what;    /* what is being found, for the error message */
};

/* Returns 0 with *x the crossing, or *x = INFINITY when f > level at no
 * grid point (no crossing in the range); -1 with d filled when Brent fails
 * (d names s->what): never a silently wrong crossing. lo, hi and step > 0
 * must be finite. */
int num_first_crossing(double (*f)(double x, void *params), void *params, const struct num_scan *s,
		       double *x, struct diag *d);

#endif
