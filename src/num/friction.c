#include "num/friction.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <math.h>

#include "num/num.h"

enum { MU_INTEGRAL_LIMIT = 100 };

static double fn_mu(struct friction_law *law, double v)
{
	if (law->bad)
		return NAN;
	double mu = law->fn(v, law->ctx);
	if (!isfinite(mu) || mu < 0) {
		law->bad = true;
		law->bad_v = v;
		law->bad_mu = mu;
		return NAN;
	}
	return mu;
}

double friction_mu(struct friction_law *law, double v)
{
	switch (law->kind) {
	case FRICTION_COULOMB:
		return law->mu;
	case FRICTION_STOKES:
		return law->k * v;
	case FRICTION_BOUCHET:
		return (law->mu0 - law->muinf) / (1.0 + law->a * v) + law->muinf;
	case FRICTION_FN:
		return fn_mu(law, v);
	}
	return NAN;
}

static double fn_integrand(double v, void *p)
{
	return fn_mu(p, v);
}

double friction_mu_integral(struct friction_law *law, double v)
{
	switch (law->kind) {
	case FRICTION_COULOMB:
		return law->mu * v;
	case FRICTION_STOKES:
		return 0.5 * law->k * v * v;
	case FRICTION_BOUCHET: {
		/* Minguzzi §2.1: (μ0 − μ∞) ln(1 + a v)/a + μ∞ v, written with
		 * ln(1 + x)/x, x = a v, so that a tiny a (1e-310) does not make
		 * (μ0 − μ∞)/a overflow; a → 0 is Coulomb with μ0 */
		const double x = law->a * v;
		double q; /* ln(1 + x)/x */
		if (fabs(x) < 1e-8)
			q = 1 - x / 2;
		else if (isinf(x))
			q = (log(law->a) + log(v)) / x;
		else
			q = log1p(x) / x;
		return (law->mu0 - law->muinf) * v * q + law->muinf * v;
	}
	case FRICTION_FN: {
		if (law->bad)
			return NAN;
		if (v == 0)
			return 0.0;
		if (!law->ws)
			law->ws = gsl_integration_workspace_alloc(MU_INTEGRAL_LIMIT);
		gsl_function F = {fn_integrand, law};
		double r, err;
		int s = gsl_integration_qag(&F, 0.0, v, 0.0, 1e-13, MU_INTEGRAL_LIMIT,
					    GSL_INTEG_GAUSS21, law->ws, &r, &err);
		if (law->bad)
			return NAN;
		/* Roundoff is the limit when μ is smooth: accept the result if
		 * its error estimate is still tiny. */
		if (s && !(s == GSL_EROUND && err <= 1e-10 * fabs(r))) {
			law->bad = true;
			law->bad_v = v;
			law->bad_mu = NAN;
			return NAN;
		}
		return r;
	}
	}
	return NAN;
}

void friction_law_release(struct friction_law *law)
{
	if (law->ws)
		gsl_integration_workspace_free(law->ws);
	law->ws = NULL;
}
