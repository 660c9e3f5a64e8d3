/* Model ragulskis: the measured period and the steady state. The true
 * extremes of u, u̇, ü over the recorded period (rg_extremum), the periods
 * run until the motion repeats (rg_run_periods), and the shooting on the
 * period map (rg_shoot). */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dyn/law.h"
#include "dyn/phase.h"
#include "models/model.h"
#include "models/ragulskis_sys.h"
#include "num/budget.h"
#include "num/drylaw.h"
#include "num/num.h"
#include "num/ode.h"
#include "num/roots.h"
#include "num/settle.h"
#include "util/xalloc.h"

/* A quantity of the solution at time t, integrated from the sample before
 * (a smooth law's right-hand side is one function across the period, so
 * no phase switch lies between): −sign·(u, u̇ or ü), to be minimized. */
struct peak {
	struct rg *r;
	const struct sample *from, *mid; /* the samples before the extreme */
	size_t off;
	int sign;
	int status;
};

static double peak_value(double t, void *p)
{
	struct peak *k = p;
	/* from the nearer sample before t: the shorter way, and not through
	 * the middle one, which may be a joint */
	const struct sample *s0 = t >= k->mid->t ? k->mid : k->from;
	double tt = s0->t, y[2] = {s0->u, s0->v};
	const bool creeping = k->r->reduced && k->r->mode == 0;
	if (t > tt) {
		struct ode_system sys = {2, rg_rhs, NULL, k->r};
		if (creeping)
			sys = (struct ode_system){1, rg_creep_rhs, NULL, k->r};
		int st = ode_solve_to(&sys, NULL, ODE_RK8PD, t - tt, ode_tolerance(1e-13), &tt, t,
				      y);
		if (st && !k->status)
			k->status = st;
	}
	if (creeping)
		y[1] = rg_vstar(k->r, rg_force(k->r, t, y[0]));
	const double q[3] = {y[0], y[1], rg_accel(k->r, t, y)};
	return -k->sign * q[k->off - 1];
}

/* The bracket of the extreme's time, relative: GSL's Brent minimizer takes
 * no step shorter than √ε·|t| (1.5e-8 |t|), so its bracket shrinks to
 * about twice that and no further; a tighter test (it was 1e-14) ran it
 * to its 200 iterations every time, 2800 evaluations of the right-hand
 * side an extreme whatever the tolerance, and whether an extreme was
 * searched at all made one tolerance dearer than the next. Near the
 * extreme the value is flat: a time known to 6e-8|t| gives the value to
 * ½|q''|(6e-8 t)². */
#define RG_EXTREME_RTOL (4 * GSL_SQRT_DBL_EPSILON)

/* The greatest (sign 1) or least (sign −1) value over the recorded period
 * of u, u̇ or ü (off 1, 2, 3): the true extreme of the solution, not a
 * parabola through samples, which overshoots at ü's sharp peaks for a small
 * Δ. Between the samples around the best one it is minimized (GSL's Brent),
 * integrating from the sample before: for a smooth law the right-hand side
 * is one function there; for Coulomb only when the three samples lie in one
 * slip phase (u̇ of one sign, or 0 at a phase end), whose friction is then
 * ±h. An extreme at a sample whose neighbours are not both below it (a
 * phase end, a stick, a kink) is that sample: the samples hold every phase
 * end, so nothing is extrapolated beyond them. */
int rg_extremum(struct rg *r, size_t off, int sign, double *out, struct diag *d)
{
	if (r->ns == 0)
		return diag_set(d, "no sample of the measured period was stored (its length "
				   "2π/ω is not a finite number of steps)");
	size_t best = 0;
#define Q(i) (*((const double *)&r->s[(i)] + off))
	for (size_t i = 1; i < r->ns; i++)
		if (sign * (Q(i) - Q(best)) > 0)
			best = i;
	*out = Q(best);
	if (best == 0 || best + 1 >= r->ns || !(r->s[best - 1].t < r->s[best].t) ||
	    !(r->s[best].t < r->s[best + 1].t) || !(sign * (Q(best) - Q(best - 1)) > 0) ||
	    !(sign * (Q(best) - Q(best + 1)) > 0))
		return 0;
	/* u at a sample where u̇ = 0 (a phase end of u̇ = 0: a joint, a
	 * Coulomb rest): there u is at its extreme exactly */
	if (off == offsetof(struct sample, u) / sizeof(double) && r->s[best].v == 0)
		return 0;
	/* u̇ = 0 is a joint of every law, so a phase end and a sample: where
	 * u̇ keeps one sign over the three samples, u is monotone there and
	 * its extreme is not between them; the best sample, above its
	 * neighbours by the integration's error alone (a phase run again in
	 * t beside the vertical tangent ends a rounding off u̇ = 0), is the
	 * extreme, not worth a search through the tangent's square root */
	if (off == offsetof(struct sample, u) / sizeof(double) &&
	    !(r->s[best - 1].v * r->s[best + 1].v < 0))
		return 0;
	const int mode = r->mode;
	if (r->reduced) {
		/* one phase: a slip (d u̇ ≥ Δ at all three, d = ±1) or a creep
		 * (|u̇| ≤ Δ, of one sign: they end at u̇ = 0) */
		const double D = r->vs, v = r->s[best].v;
		const int dir = v > 0 ? 1 : v < 0 ? -1 : 0;
		bool slip = true, creep = dir != 0;
		for (size_t i = best - 1; i <= best + 1; i++) {
			slip = slip && dir * r->s[i].v >= D;
			creep = creep && fabs(r->s[i].v) <= D && dir * r->s[i].v >= 0;
		}
		if (!slip && !creep)
			return 0;
		r->mode = slip ? dir : 0;
	} else if (r->coulomb) {
		const double v = r->s[best].v;
		const int dir = v > 0 ? 1 : v < 0 ? -1 : 0;
		if (!dir || dir * r->s[best - 1].v < 0 || dir * r->s[best + 1].v < 0)
			return 0;
		r->mode = dir;
	}
	struct peak k = {r, &r->s[best - 1], &r->s[best], off, sign, 0};
	double t, f;
	if (num_brent_min(peak_value, &k, r->s[best - 1].t, r->s[best].t, r->s[best + 1].t,
			  -sign * Q(best - 1), -sign * Q(best), -sign * Q(best + 1), 0,
			  RG_EXTREME_RTOL, &t, &f, "the extreme of the period", d)) {
		r->mode = mode;
		return -1;
	}
	r->mode = mode;
#undef Q
	if (k.status)
		return num_fail(d, k.status, "the extreme of the period");
	if (sign * (-sign * f - *out) > 0)
		*out = -sign * f;
	return 0;
}

/* ---- the steady state --------------------------------------------------- */

/* The friction's sign at a start from (t, y): as at t = 0. */
int rg_start_mode(struct rg *r, double t, double y[])
{
	const double F = rg_force(r, t, y[0]);
	if (r->reduced) {
		if (fabs(y[1]) >= r->vs)
			return y[1] > 0 ? 1 : -1;
		/* inside the layer with the force beyond the fold: a crossing
		 * that the run goes on with (rg_next) */
		if (fabs(F) > r->Fexit)
			return F > 0 ? 1 : -1;
		r->mode = 0;
		y[1] = rg_vstar(r, F);
		return 0;
	}
	return y[1] > 0 ? 1 : y[1] < 0 ? -1 : fabs(F) <= r->hs ? 0 : F > 0 ? 1 : -1;
}

/* Periods one after another from (t, y) = (jT, ·) until the state repeats
 * or n reaches `upto`: j counts every period integrated, n those of this
 * run (the motion's own from t = 0, or the two that test a fixed point). */
int rg_run_periods(struct rg *r, double *t, double y[], long *j, long *n, long upto, double T,
		   double step, struct num_settle *conv, bool *steady, struct diag *d)
{
	while (*n < upto && !*steady) {
		const double prev[2] = {y[0], y[1] / r->w};
		if (rg_advance(r, t, y, (double)(*j + 1) * T, step, d))
			return -1;
		++*j;
		++*n;
		r->periods_run = *j;
		const double now[2] = {y[0], y[1] / r->w};
		r->u_last = now[0];
		r->du = now[0] - prev[0];
		r->dv = now[1] - prev[1];
		*steady = num_settle_check(conv, now, prev, 2);
	}
	return 0;
}

/* The period map x ↦ P(x) in the scaled state x = (u, u̇/ω): one period
 * from x at t0 = jT (the forcing is T-periodic, so j does not matter). */
static int period_map(struct rg *r, long *j, double T, double step, const double x[2], double px[2],
		      struct diag *d)
{
	double t = (double)*j * T, y[2] = {x[0], x[1] * r->w};
	if (r->coulomb || r->reduced)
		r->mode = rg_start_mode(r, t, y);
	r->stuck = 0;
	if (rg_advance(r, &t, y, (double)(*j + 1) * T, step, d))
		return -1;
	++*j;
	r->periods_run = *j;
	px[0] = y[0];
	px[1] = y[1] / r->w;
	return 0;
}

/* Newton's test: P(x) − x within the steady test's tolerance, once (the
 * run from its fixed point then shows two successive periods repeat);
 * num_settle_check still counts the trial period and reports it. */
static bool newton_settled(struct num_settle *conv, const double px[2], const double x[2])
{
	num_settle_check(conv, px, x, 2);
	return conv->change <= conv->tol;
}

/* J = ∂G/∂x = ∂P/∂x − I at x by forward differences (two periods), P(x)
 * = px known. */
static int fd_jacobian(struct rg *r, long *j, double T, double step, const double x[2],
		       const double px[2], double floor, double J[2][2], struct diag *d)
{
	const double scale = fmax(hypot(x[0], x[1]), 1e3 * floor);
	for (int i = 0; i < 2; i++) {
		double xe[2] = {x[0], x[1]}, pe[2];
		/* 1e-7 of the scale at the tolerance the model asks for (1e-12);
		 * √tol/10 at a looser one (make bench's override): P's own error,
		 * about tol, over dx is the Jacobian's, and at 1e-6 a dx of 1e-7
		 * made it noise, Newton failed, and ragulskis-fig4 ran 46
		 * periods to an error of 1.3e-5 */
		const double dx = fmax(1e-7, 0.1 * sqrt(ode_tolerance(1e-12))) * scale;
		xe[i] += dx;
		if (period_map(r, j, T, step, xe, pe, d))
			return -1;
		for (int k = 0; k < 2; k++)
			J[k][i] = (pe[k] - px[k]) / dx - (k == i);
	}
	return 0;
}

/* The steady state as the fixed point of the period map, by Newton's
 * method on G(x) = P(x) − x: the Jacobian by finite differences at the
 * first iterate (two more periods), then kept up to date by Broyden's
 * rank-one updates (one period an iteration), taken again by differences
 * (at most twice) where an iteration shrinks |G| by less than half. It
 * has converged when
 * P(x) − x passes the steady test (num_settle, as for a run of periods);
 * the measured period then starts from P(x) at t = jT. It gives up, and
 * leaves (t, y) where the transient left them for the run of periods to
 * go on from, when an iteration does not shrink |G| or the fixed point is
 * not attracting (|eigenvalue| ≥ 1: a run would never reach it). Every
 * period it integrates counts in j. */
int rg_shoot(struct rg *r, double *t, double y[], long *j, long periods, double T, double step,
	     struct num_settle *conv, struct shooting *sh, struct diag *d)
{
	double x[2] = {y[0], y[1] / r->w}, px[2];
	if (period_map(r, j, T, step, x, px, d))
		return -1;
	sh->next[0] = px[0];
	sh->next[1] = px[1];
	sh->next_mode = r->mode;
	double g[2] = {px[0] - x[0], px[1] - x[1]};
	if (newton_settled(conv, px, x)) {
		sh->converged = true;
		goto done;
	}
	if (*j + 2 > periods) {
		sh->why = "too few periods left";
		goto fail;
	}
	double J[2][2];
	if (fd_jacobian(r, j, T, step, x, px, conv->floor, J, d))
		goto trial_failed;
	int refreshed = 0;
	double gn = hypot(g[0], g[1]);
	for (sh->iterations = 1; sh->iterations <= SHOOT_ITER; sh->iterations++) {
		const double det = J[0][0] * J[1][1] - J[0][1] * J[1][0];
		if (!(fabs(det) > 1e-12 * (fabs(J[0][0] * J[1][1]) + fabs(J[0][1] * J[1][0])))) {
			sh->why = "the period map's Jacobian is singular";
			goto fail;
		}
		const double s[2] = {-(J[1][1] * g[0] - J[0][1] * g[1]) / det,
				     -(-J[1][0] * g[0] + J[0][0] * g[1]) / det};
		const double xn[2] = {x[0] + s[0], x[1] + s[1]};
		/* a step far beyond the motion's own scale: no periodic state
		 * near (an undamped resonance grows without bound) */
		if (!(hypot(s[0], s[1]) <= 10 * fmax(hypot(x[0], x[1]), 1e3 * conv->floor))) {
			sh->why = "Newton's step left the motion's scale: no periodic state near";
			goto fail;
		}
		if (*j >= periods) {
			sh->why = "too few periods left";
			goto fail;
		}
		if (period_map(r, j, T, step, xn, px, d))
			goto trial_failed;
		const double gnew[2] = {px[0] - xn[0], px[1] - xn[1]};
		const bool settled = newton_settled(conv, px, xn);
		/* Broyden: J += (ΔG − J s) sᵀ / (s·s) */
		const double ss = s[0] * s[0] + s[1] * s[1];
		if (ss > 0) {
			for (int k = 0; k < 2; k++) {
				const double rk =
					gnew[k] - g[k] - (J[k][0] * s[0] + J[k][1] * s[1]);
				J[k][0] += rk * s[0] / ss;
				J[k][1] += rk * s[1] / ss;
			}
		}
		x[0] = xn[0];
		x[1] = xn[1];
		g[0] = gnew[0];
		g[1] = gnew[1];
		/* Stuck the whole period: a rest state, one of a continuum
		 * (every u with k|u| + P ≤ h), whichever Newton met; which one
		 * the motion comes to rest in, only the run of periods says. */
		if (settled && r->coulomb && r->stuck >= T * (1 - 1e-12)) {
			sh->why = "the state found rests the whole period, one of a continuum of "
				  "rest states";
			goto fail;
		}
		if (settled) {
			sh->converged = true;
			/* One more Newton step, free: the measured period starts
			 * from x − J⁻¹G(x), nearer the fixed point than P(x)
			 * (which is ρ/(1 − ρ)|G| from it), when that step is of
			 * the size |G| promises. */
			const double dt = J[0][0] * J[1][1] - J[0][1] * J[1][0];
			const double c[2] = {-(J[1][1] * g[0] - J[0][1] * g[1]) / dt,
					     -(-J[1][0] * g[0] + J[0][0] * g[1]) / dt};
			if (isfinite(c[0]) && isfinite(c[1]) &&
			    hypot(c[0], c[1]) <= 1e3 * hypot(g[0], g[1])) {
				px[0] = x[0] + c[0];
				px[1] = x[1] + c[1];
			}
			break;
		}
		const double gnn = hypot(g[0], g[1]);
		/* Broyden's J went stale (the map is far from affine between
		 * the transient and the fixed point): differences again, here */
		if (!(gnn < 0.5 * gn) && refreshed < 2 && *j + 3 <= periods) {
			refreshed++;
			if (fd_jacobian(r, j, T, step, x, px, conv->floor, J, d))
				goto trial_failed;
			gn = gnn;
			continue;
		}
		if (!(gnn < 0.9 * gn)) {
			sh->why = "an iteration did not bring P(x) nearer x";
			goto fail;
		}
		gn = gnn;
	}
	if (!sh->converged) {
		sh->why = "no convergence in 12 iterations";
		goto fail;
	}
	/* the fixed point attracts: P's Jacobian J + I has its eigenvalues
	 * inside the unit circle (a run of periods would reach it too) */
	{
		const double a = J[0][0] + 1, b = J[0][1], c = J[1][0], e = J[1][1] + 1;
		const double tr = a + e, dt = a * e - b * c, disc = tr * tr / 4 - dt;
		sh->rho = disc >= 0 ? fmax(fabs(tr / 2 + sqrt(disc)), fabs(tr / 2 - sqrt(disc)))
				    : sqrt(fabs(dt));
		if (!(sh->rho < 1)) {
			sh->converged = false;
			sh->why = "the fixed point found does not attract";
			goto fail;
		}
	}
done:
	sh->change = conv->change;
	sh->tol = conv->tol;
	y[0] = px[0];
	y[1] = px[1] * r->w;
	*t = (double)*j * T;
	return 0;
trial_failed:
	/* a trial period that ran out of its budget (or failed): not the
	 * motion's own; the run of periods decides */
	if (!r->over)
		return -1;
	diag_clear(d);
	r->over = false;
	sh->why = "a trial period ran past its budget";
fail:
	/* the run of periods goes on from the transient's next period (the
	 * forcing repeats, so from t = jT: the periods spent still count) */
	y[0] = sh->next[0];
	y[1] = sh->next[1] * r->w;
	if (r->coulomb || r->reduced)
		r->mode = sh->next_mode;
	*t = (double)*j * T;
	return 0;
}
