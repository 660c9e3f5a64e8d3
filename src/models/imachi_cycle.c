/* Model imachi: a limit cycle that slips throughout, taken to the period
 * map's fixed point (GSL's hybrid solver on P(u) − u), for both methods. */
#include <float.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_multiroots.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "models/imachi.h"
#include "models/imachi_sys.h"
#include "num/ode.h"
#include "util/diag.h"

/* The period map P(u) = u(2π) from u(0) = u, and the means over that
 * period; false where the period sticks or fails. */
static bool period_map(const struct imachi *m0, int method, int n, const double u[2], double Pu[2],
		       double mean[2])
{
	struct imachi m = *m0;
	struct acc_state st;
	struct diag scratch = {0};
	if (method == METHOD_GRAPHICAL) {
		struct cycle c;
		if (im_run_graphical(&m, n, 1, u, NULL, &c, NULL, &scratch) || c.stick > 0)
			return false;
		Pu[0] = c.u_end[0], Pu[1] = c.u_end[1];
		mean[0] = c.ux, mean[1] = c.uy;
		return isfinite(Pu[0]) && isfinite(Pu[1]);
	}
	im_accurate_start(&m, &st, u);
	if (st.stuck || im_accurate_to(&m, &st, 2 * M_PI, &scratch) || st.stick_time > 0)
		return false;
	Pu[0] = st.y[0], Pu[1] = st.y[1];
	mean[0] = st.y[2] / (2 * M_PI), mean[1] = st.y[3] / (2 * M_PI);
	return isfinite(Pu[0]) && isfinite(Pu[1]);
}

/* The evaluations of P(u) − u, the best kept: its u, its end and means. */
struct polish {
	const struct imachi *m;
	int method, n;
	double best, u[2], P[2], mean[2];
};

static int polish_f(const gsl_vector *x, void *arg, gsl_vector *f)
{
	struct polish *q = arg;
	const double u[2] = {gsl_vector_get(x, 0), gsl_vector_get(x, 1)};
	double P[2], mean[2];
	if (!period_map(q->m, q->method, q->n, u, P, mean))
		return GSL_EBADFUNC;
	const double g[2] = {P[0] - u[0], P[1] - u[1]};
	gsl_vector_set(f, 0, g[0]);
	gsl_vector_set(f, 1, g[1]);
	if (hypot(g[0], g[1]) < q->best) {
		q->best = hypot(g[0], g[1]);
		memcpy(q->u, u, sizeof u);
		memcpy(q->P, P, sizeof P);
		memcpy(q->mean, mean, sizeof mean);
	}
	return GSL_SUCCESS;
}

/* A limit cycle that slips throughout as the period map's fixed point u* =
 * P(u*): the iteration stops where P repeats to 1e-9, and the means held
 * only that (at s = 1e-9 they were 0). GSL's hybrid solver (Powell's
 * method, its Jacobian by differences) on P(u) − u from the iterate: P is
 * smooth on such a cycle, and a few more periods bring |P(u) − u| to the
 * integration's error, or the construction's rounding. c gets the means
 * and end of the best u found, ustar that u, *bound what is left of the
 * means' error: |P − u| there through (J − I)⁻¹, estimated along the
 * solver's last step, and that floor. Returns whether it polished (found
 * a u better than the iterate). */
bool im_cycle_polish(const struct imachi *m, int method, int n, struct cycle *c, double ustar[2],
		     double *bound)
{
	const double scale = imachi_scale(m->a, m->s, m->mu0);
	const double floor = method == METHOD_GRAPHICAL ? 16 * DBL_EPSILON * scale * 2 * n
							: ode_tolerance(1e-12) * scale;
	*bound = NAN;
	if (c->stick > 0)
		return false;
	struct polish q = {m, method, n, INFINITY, {NAN, NAN}, {NAN, NAN}, {NAN, NAN}};
	gsl_multiroot_function F = {polish_f, 2, &q};
	gsl_vector *x = gsl_vector_alloc(2);
	gsl_vector_set(x, 0, c->u_end[0]);
	gsl_vector_set(x, 1, c->u_end[1]);
	gsl_multiroot_fsolver *s = gsl_multiroot_fsolver_alloc(gsl_multiroot_fsolver_hybrids, 2);
	gsl_error_handler_t *old = gsl_set_error_handler_off();
	int st = gsl_multiroot_fsolver_set(s, &F, x);
	const double start = q.best;
	double gain = NAN; /* |(J − I)⁻¹| along the last step: |dx|/|df| */
	for (int it = 0; !st && it < 8 && !(q.best <= floor); it++) {
		const gsl_vector *f = gsl_multiroot_fsolver_f(s), *dx = gsl_multiroot_fsolver_dx(s);
		const double f0[2] = {gsl_vector_get(f, 0), gsl_vector_get(f, 1)};
		st = gsl_multiroot_fsolver_iterate(s);
		gain = hypot(gsl_vector_get(dx, 0), gsl_vector_get(dx, 1)) /
		       hypot(gsl_vector_get(f, 0) - f0[0], gsl_vector_get(f, 1) - f0[1]);
	}
	gsl_set_error_handler(old);
	gsl_multiroot_fsolver_free(s);
	gsl_vector_free(x);
	if (!(q.best < start))
		return false;
	c->ux = q.mean[0], c->uy = q.mean[1];
	c->u_end[0] = q.P[0], c->u_end[1] = q.P[1];
	ustar[0] = q.u[0], ustar[1] = q.u[1];
	*bound = (isfinite(gain) ? gain * q.best : q.best) + floor;
	return true;
}
