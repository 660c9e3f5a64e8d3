/* Surface integrals by nested GSL quadrature. */
#ifndef TRIBO_QUAD_H
#define TRIBO_QUAD_H

#include "util/diag.h"

/* f(rho, theta) in polar coordinates; the area element rho is applied by
 * the caller's integrand, not here, so that weights such as Reye's 1/v can
 * cancel it analytically where v vanishes. */
typedef double (*quad_polar_fn)(double rho, double theta, void *params);

struct quad_tol {
	double epsabs;
	double epsrel;
};

/* ∫_{th0}^{th1} dθ ∫_{r0}^{r1} dρ f(ρ, θ): QAG (21-point Gauss-Kronrod)
 * outside, QAGS inside (it copes with integrable end-point singularities). */
int quad_polar(quad_polar_fn f, void *params, double r0, double r1, double th0, double th1,
	       struct quad_tol tol, double *result, struct diag *d);

#endif
