/* Model imachi: a limit cycle that slips throughout, taken to the period
 * map's fixed point (Newton's method on P(u) − u), for both methods. */
#include <float.h>
#include <math.h>
#include <stdbool.h>

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

/* A limit cycle that slips throughout as the period map's fixed point u* =
 * P(u*): the iteration stops where P repeats to 1e-9, and the means held
 * only that (at s = 1e-9 they were 0). Newton's method on P(u) − u, its
 * Jacobian by differences at 1e-6 of the scale, from the iterate: P is
 * smooth on such a cycle, and two or three more periods bring |P(u) − u|
 * to the integration's error. c gets the fixed point's means and u*,
 * *bound what is left of the means' error: |P − u| carried through
 * (J − I)⁻¹, and the integration's tolerance over the period. Returns
 * whether it polished. */
bool im_cycle_polish(const struct imachi *m, int method, int n, struct cycle *c, double ustar[2],
		     double *bound)
{
	const double scale = imachi_scale(m->a, m->s, m->mu0), h = 1e-6 * scale;
	/* the integration's tolerance; the construction's rounding, a few
	 * ulps of the scale a step */
	const double floor = method == METHOD_GRAPHICAL ? 16 * DBL_EPSILON * scale * 2 * n
							: ode_tolerance(1e-12) * scale;
	double u[2] = {c->u_end[0], c->u_end[1]}, P[2], mean[2], best = INFINITY;
	double A[2][2] = {{NAN, NAN}, {NAN, NAN}};
	bool polished = false;
	*bound = NAN;
	if (c->stick > 0 || !period_map(m, method, n, u, P, mean))
		return false;
	for (int it = 0; it < 4; it++) {
		const double g[2] = {P[0] - u[0], P[1] - u[1]}, ng = hypot(g[0], g[1]);
		if (!(ng < best))
			break;
		best = ng;
		if (it > 0) {
			c->ux = mean[0], c->uy = mean[1];
			c->u_end[0] = P[0], c->u_end[1] = P[1];
			ustar[0] = u[0], ustar[1] = u[1];
			polished = true;
		}
		/* J − I by differences, at the first pass only (a chord method:
		 * the next steps converge at the rate of its 1e-6 error) */
		for (int j = 0; j < 2 && it == 0; j++) {
			double uj[2] = {u[0], u[1]}, Pj[2], mj[2];
			uj[j] += h;
			if (!period_map(m, method, n, uj, Pj, mj))
				return polished;
			A[0][j] = (Pj[0] - uj[0] - g[0]) / h;
			A[1][j] = (Pj[1] - uj[1] - g[1]) / h;
		}
		const double det = A[0][0] * A[1][1] - A[0][1] * A[1][0];
		if (!(fabs(det) > 0))
			break;
		const double du[2] = {(-g[0] * A[1][1] + g[1] * A[0][1]) / det,
				      (-g[1] * A[0][0] + g[0] * A[1][0]) / det};
		/* what |P − u| leaves of u*, through (J − I)⁻¹ */
		*bound = hypot(du[0], du[1]) + floor;
		if (ng <= floor)
			break;
		const double un[2] = {u[0] + du[0], u[1] + du[1]};
		if (!period_map(m, method, n, un, P, mean))
			break;
		u[0] = un[0], u[1] = un[1];
	}
	return polished;
}
