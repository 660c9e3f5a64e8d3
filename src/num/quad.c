#include "num/quad.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <math.h>

#include "num/num.h"

enum { QUAD_LIMIT = 200 };

struct polar_ctx {
	quad_polar_fn f;
	void *params;
	double r0, r1;
	struct quad_tol tol;
	gsl_integration_workspace *inner_ws;
	int status; /* first failure of an inner integral */
	double theta;
};

static double inner(double rho, void *p)
{
	struct polar_ctx *c = p;
	return c->f(rho, c->theta, c->params);
}

static double outer(double theta, void *p)
{
	struct polar_ctx *c = p;
	if (num_interrupted || c->status)
		return GSL_NAN;
	c->theta = theta;
	gsl_function F = {inner, c};
	double r, err;
	int s = gsl_integration_qags(&F, c->r0, c->r1, c->tol.epsabs, c->tol.epsrel, QUAD_LIMIT,
				     c->inner_ws, &r, &err);
	if (s) {
		c->status = s;
		return GSL_NAN;
	}
	return r;
}

int quad_polar(quad_polar_fn f, void *params, double r0, double r1, double th0, double th1,
	       struct quad_tol tol, double *result, struct diag *d)
{
	struct polar_ctx c = {f, params, r0, r1, tol, NULL, 0, 0.0};
	gsl_integration_workspace *ws = gsl_integration_workspace_alloc(QUAD_LIMIT);
	c.inner_ws = gsl_integration_workspace_alloc(QUAD_LIMIT);
	gsl_function F = {outer, &c};
	double err;
	num_gsl_clear();
	int s = gsl_integration_qag(&F, th0, th1, tol.epsabs, tol.epsrel, QUAD_LIMIT,
				    GSL_INTEG_GAUSS21, ws, result, &err);
	gsl_integration_workspace_free(c.inner_ws);
	gsl_integration_workspace_free(ws);
	if (c.status)
		return num_fail(d, c.status, "surface integral (inner quadrature)");
	if (s || !isfinite(*result))
		return num_fail(d, s ? s : GSL_EBADFUNC, "surface integral");
	return 0;
}
