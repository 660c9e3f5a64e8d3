#include "num/roots.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>

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
