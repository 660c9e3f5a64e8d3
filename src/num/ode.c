#include "num/ode.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <gsl/gsl_roots.h>
#include <math.h>
#include <string.h>

#include "num/num.h"
#include "util/xalloc.h"

struct ode_opts ode_opts_default(double tmax)
{
	return (struct ode_opts){
		.rtol = 1e-12,
		.atol = 1e-12,
		.h0 = 1e-6,
		.tmax = tmax,
		.max_steps = 1000000,
		.event_tol = 1e-13,
	};
}

static double tol_override; /* 0: none (ode_set_tolerance_override) */

void ode_set_tolerance_override(double tol)
{
	tol_override = tol > 0 ? tol : 0;
}

double ode_tolerance(double asked)
{
	return tol_override ? tol_override : asked;
}

/* The continuous extension of one accepted step: y(t0 + h) re-stepped. */
struct restep {
	gsl_odeiv2_step *step;
	gsl_odeiv2_system *gsys;
	const struct ode_system *sys;
	double t0;
	const double *y0;
	double *y, *yerr;
	int status;
};

static int restep_at(struct restep *r, double t)
{
	memcpy(r->y, r->y0, r->sys->dim * sizeof(double));
	if (t == r->t0)
		return GSL_SUCCESS;
	gsl_odeiv2_step_reset(r->step);
	return gsl_odeiv2_step_apply(r->step, r->t0, t - r->t0, r->y, r->yerr, NULL, NULL, r->gsys);
}

static double event_at(double t, void *p)
{
	struct restep *r = p;
	int s = restep_at(r, t);
	if (s) {
		r->status = s;
		return GSL_NAN;
	}
	return r->sys->event(t, r->y, r->sys->params);
}

/* Brent on [a, b], where the event changes sign; leaves y at the root. */
static int locate(struct restep *r, double a, double b, double tol, double *troot)
{
	/* The step's own end showed a sign change that the re-stepped end may
	 * not, when the event is within rounding of zero there: then the
	 * switch is at the step's end, to the integration's accuracy. */
	double fa = event_at(a, r), fb = event_at(b, r);
	if (r->status)
		return r->status;
	if ((fa < 0 && fb < 0) || (fa > 0 && fb > 0)) {
		*troot = b;
		return restep_at(r, b);
	}
	gsl_function F = {event_at, r};
	gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
	int status = gsl_root_fsolver_set(s, &F, a, b);
	double lo = a, hi = b;
	for (int iter = 0; !status && iter < 200; iter++) {
		status = gsl_root_fsolver_iterate(s);
		if (status || r->status)
			break;
		lo = gsl_root_fsolver_x_lower(s);
		hi = gsl_root_fsolver_x_upper(s);
		if (gsl_root_test_interval(lo, hi, 1e-300, tol) == GSL_SUCCESS)
			break;
	}
	gsl_root_fsolver_free(s);
	if (r->status)
		return r->status;
	if (status)
		return status;
	/* Of the bracket's ends take the later one, on the event's far side,
	 * so that the next phase starts past the switch, never just before it. */
	*troot = hi;
	return restep_at(r, hi);
}

int ode_run(const struct ode_system *sys, const struct ode_opts *opts, double t0, double y[],
	    struct ode_end *end, struct diag *d)
{
	gsl_odeiv2_system gsys = {sys->rhs, NULL, sys->dim, sys->params};
	const gsl_odeiv2_step_type *T = gsl_odeiv2_step_rk8pd;
	gsl_odeiv2_step *step = gsl_odeiv2_step_alloc(T, sys->dim);
	gsl_odeiv2_control *ctl = gsl_odeiv2_control_y_new(
		tol_override ? tol_override : opts->atol, tol_override ? tol_override : opts->rtol);
	gsl_odeiv2_evolve *ev = gsl_odeiv2_evolve_alloc(sys->dim);
	gsl_odeiv2_step *restep_step = gsl_odeiv2_step_alloc(T, sys->dim);
	double *yprev = xmalloc(sys->dim * sizeof(double));
	double *ytmp = xmalloc(sys->dim * sizeof(double));
	double *yerr = xmalloc(sys->dim * sizeof(double));
	struct restep r = {restep_step, &gsys, sys, 0, yprev, ytmp, yerr, 0};
	double t = t0, h = opts->h0;
	int rc = 0;

	num_gsl_clear();
	end->event = false;
	end->steps = 0;
	double g_prev = sys->event ? sys->event(t, y, sys->params) : 0.0;
	while (t < opts->tmax) {
		if (end->steps >= opts->max_steps) {
			rc = diag_set(d, "integration took more than %zu steps before t = %.6g",
				      opts->max_steps, opts->tmax);
			break;
		}
		double tprev = t;
		memcpy(yprev, y, sys->dim * sizeof(double));
		int s = gsl_odeiv2_evolve_apply(ev, ctl, step, &gsys, &t, opts->tmax, &h, y);
		if (s != GSL_SUCCESS || num_interrupted) {
			rc = num_fail(d, s, "integration");
			break;
		}
		end->steps++;
		num_progress_time(t - t0, opts->tmax - t0);
		if (!sys->event)
			continue;
		double g = sys->event(t, y, sys->params);
		bool crossed = (g_prev < 0 && g >= 0) || (g_prev > 0 && g <= 0);
		if (crossed) {
			double troot;
			r.t0 = tprev;
			r.status = 0;
			s = locate(&r, tprev, t, opts->event_tol, &troot);
			if (s) {
				rc = num_fail(d, s, "event location");
				break;
			}
			memcpy(y, ytmp, sys->dim * sizeof(double));
			t = troot;
			end->event = true;
			break;
		}
		g_prev = g;
	}
	end->t = t;
	end->h = h;
	free(yerr);
	free(ytmp);
	free(yprev);
	gsl_odeiv2_step_free(restep_step);
	gsl_odeiv2_evolve_free(ev);
	gsl_odeiv2_control_free(ctl);
	gsl_odeiv2_step_free(step);
	return rc;
}

static const gsl_odeiv2_step_type *step_type(enum ode_method method)
{
	return method == ODE_MSBDF ? gsl_odeiv2_step_msbdf : gsl_odeiv2_step_rk8pd;
}

struct ode_stepper {
	gsl_odeiv2_system gsys;
	gsl_odeiv2_driver *drv;
	enum ode_method method;
	double t0, tol;
};

struct ode_stepper *ode_stepper_new(const struct ode_system *sys, ode_jacobian *jac,
				    enum ode_method method, double t0, double h0, double tol)
{
	struct ode_stepper *st = xmalloc(sizeof(*st));
	st->gsys = (gsl_odeiv2_system){sys->rhs, jac, sys->dim, sys->params};
	st->method = method;
	st->t0 = t0;
	st->tol = tol;
	st->drv = gsl_odeiv2_driver_alloc_y_new(&st->gsys, step_type(method), h0, tol, tol);
	return st;
}

void ode_stepper_free(struct ode_stepper *st)
{
	if (!st)
		return;
	gsl_odeiv2_driver_free(st->drv);
	free(st);
}

int ode_stepper_step(struct ode_stepper *st, double *t, double tmax, double y[])
{
	gsl_odeiv2_driver *drv = st->drv;
	int s = gsl_odeiv2_evolve_apply(drv->e, drv->c, drv->s, &st->gsys, t, tmax, &drv->h, y);
	if (s == GSL_SUCCESS && num_interrupted)
		s = GSL_EBADFUNC;
	if (s == GSL_SUCCESS)
		num_progress_time(*t - st->t0, tmax - st->t0);
	return s;
}

void ode_stepper_set_method(struct ode_stepper *st, enum ode_method method)
{
	const double h = st->drv->h;
	gsl_odeiv2_driver_free(st->drv);
	st->method = method;
	st->drv = gsl_odeiv2_driver_alloc_y_new(&st->gsys, step_type(method), h, st->tol, st->tol);
}

enum ode_method ode_stepper_method(const struct ode_stepper *st)
{
	return st->method;
}

int ode_solve_to(const struct ode_system *sys, ode_jacobian *jac, enum ode_method method, double h0,
		 double tol, double *t, double t1, double y[])
{
	gsl_odeiv2_system gsys = {sys->rhs, jac, sys->dim, sys->params};
	gsl_odeiv2_driver *drv =
		gsl_odeiv2_driver_alloc_y_new(&gsys, step_type(method), h0, tol, tol);
	int s = gsl_odeiv2_driver_apply(drv, t, t1, y);
	gsl_odeiv2_driver_free(drv);
	return s;
}
