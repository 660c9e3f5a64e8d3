#include "num/roots.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_min.h>
#include <gsl/gsl_roots.h>
#include <math.h>

#include "num/num.h"

int num_brent(double (*f)(double x, void *params), void *params, double lo, double hi,
	      double epsabs, double epsrel, struct num_root *out, const char *what, struct diag *d)
{
	gsl_function F = {f, params};
	gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
	int status = gsl_root_fsolver_set(s, &F, lo, hi);
	out->lo = lo;
	out->hi = hi;
	out->root = 0.5 * (lo + hi);
	for (int it = 0; !status && it < 200; it++) {
		status = gsl_root_fsolver_iterate(s);
		if (status)
			break;
		out->lo = gsl_root_fsolver_x_lower(s);
		out->hi = gsl_root_fsolver_x_upper(s);
		out->root = gsl_root_fsolver_root(s);
		if (gsl_root_test_interval(out->lo, out->hi, epsabs, epsrel) == GSL_SUCCESS)
			break;
	}
	gsl_root_fsolver_free(s);
	return status ? num_fail(d, status, what) : 0;
}

int num_brent_min(double (*f)(double x, void *params), void *params, double lo, double mid,
		  double hi, double flo, double fmid, double fhi, double epsabs, double epsrel,
		  double *x, double *fx, const char *what, struct diag *d)
{
	gsl_function F = {f, params};
	gsl_min_fminimizer *s = gsl_min_fminimizer_alloc(gsl_min_fminimizer_brent);
	int status = gsl_min_fminimizer_set_with_values(s, &F, mid, fmid, lo, flo, hi, fhi);
	*x = mid;
	*fx = fmid;
	for (int it = 0; !status && it < 200; it++) {
		status = gsl_min_fminimizer_iterate(s);
		if (status)
			break;
		*x = gsl_min_fminimizer_x_minimum(s);
		*fx = gsl_min_fminimizer_f_minimum(s);
		if (gsl_min_test_interval(gsl_min_fminimizer_x_lower(s),
					  gsl_min_fminimizer_x_upper(s), epsabs,
					  epsrel) == GSL_SUCCESS)
			break;
	}
	gsl_min_fminimizer_free(s);
	return status ? num_fail(d, status, what) : 0;
}

int num_first_crossing(double (*f)(double x, void *params), void *params, const struct num_scan *s,
		       double *x, struct diag *d)
{
	if (!(s->step > 0) || !isfinite(s->lo) || !isfinite(s->hi))
		return diag_set(d, "%s: no finite range and step to search (a bug)", s->what);
	double a = s->lo, fa = f(a, params);
	if (fa > s->level) {
		*x = a;
		return 0;
	}
	for (double k = floor((s->lo - s->anchor) / s->step) + 1;; k++) {
		double b = fmin(s->anchor + k * s->step, s->hi), fb = f(b, params);
		if (fb > s->level) {
			if (fa >= 0) {
				*x = a;
				return 0;
			}
			struct num_root r;
			if (num_brent(f, params, a, b, 1e-300, s->epsrel, &r, s->what, d))
				return -1;
			*x = r.hi;
			return 0;
		}
		if (b >= s->hi) {
			*x = INFINITY;
			return 0;
		}
		a = b, fa = fb;
	}
}
