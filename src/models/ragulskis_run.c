/* Model ragulskis: the run (ragulskis.c has the model, its statement and
 * the solve). The oscillator's right-hand side and its events, the
 * Coulomb stick, the budget, the reduced transition crossed in u̇
 * (transit), the phases beside a vertical tangent (tangent_phase), law
 * (8)'s stiff phases and layer, and the phase driver's step (rg_next)
 * that rg_advance runs to a given time. */
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

double rg_force(const struct rg *r, double t, double u)
{
	return r->P * sin(r->w * t) - r->k * u;
}

/* The reduced transition: the speed v* on the slow manifold under the
 * force F, H(v*) + c v* = F.
 *
 * Law (8): with v* = ±Δ(1 − cos θ), E = h sin θ, the equation is
 * h sin θ − cΔ cos θ = |F| − cΔ: θ = φ0 + asin((|F| − cΔ)/R),
 * R = √(h² + c²Δ²), φ0 = atan2(cΔ, h), from θ = 0 at F = 0 to π/2 at the
 * fold |F| = h + cΔ.
 *
 * tanh: h tanh(v/Δ) + c v = |F|, increasing and concave in v ≥ 0, by
 * Newton's method from v = 0, which approaches the root from below,
 * quadratically near it (Δ atanh(|F|/h) itself when c = 0). */
static double vstar_tanh(const struct rg *r, double aF)
{
	const double D = r->law.Delta, h = r->h, c = r->c;
	if (c == 0)
		return D * atanh(aF / h);
	double v = 0;
	for (int i = 0; i < 60; i++) {
		const double th = tanh(v / D), g = h * th + c * v - aF;
		const double dv = -g / (h / D * (1 - th * th) + c);
		v += dv;
		if (!(fabs(dv) > 1e-16 * v))
			break;
	}
	return fmin(v, r->vs);
}

double rg_vstar(const struct rg *r, double F)
{
	const double D = r->law.Delta, aF = fabs(F);
	if (aF >= r->Fexit)
		return copysign(r->vs, F);
	if (r->law.kind == DRYLAW_TANH)
		return copysign(vstar_tanh(r, aF), F);
	const double th = r->phi0 + asin((aF - r->c * D) / r->R), sh = sin(th / 2);
	return copysign(2 * D * sh * sh, F); /* 1 − cos θ without cancellation */
}

double rg_accel(const struct rg *r, double t, const double y[])
{
	if (r->coulomb && r->mode == 0)
		return 0.0;
	/* The creep's ü is taken as 0, as a stuck mass's: on the manifold it
	 * is d(v*)/dt = (dF/dt)·d(v*)/dF, of order Δ, but that grows without
	 * bound at the fold, where the manifold no longer attracts and the
	 * real speed lags it; there ü is of order Δ^⅓ (h/m)^⅔ ω^⅓, which is
	 * the error this leaves in ü. */
	if (r->reduced && r->mode == 0)
		return 0.0;
	/* a reduced slip: law (8) is flat beyond its fold, tanh is itself */
	const bool flat = r->coulomb || (r->reduced && r->law.kind != DRYLAW_TANH);
	double H = flat ? r->mode * r->h : drylaw_H(&r->law, y[1]);
	return (rg_force(r, t, y[0]) - r->c * y[1] - H) / r->m;
}

/* One evaluation of a right-hand side, against the budgets: true when
 * the run must stop (interrupted, or r->over set). */
static bool spend(struct rg *r)
{
	if (num_interrupted)
		return true;
	if (++r->evals > r->budget || r->evals > r->period_cap) {
		r->over = true;
		return true;
	}
	return false;
}

int rg_rhs(double t, const double y[], double f[], void *p)
{
	struct rg *r = p;
	if (spend(r))
		return GSL_EBADFUNC;
	f[0] = y[1];
	f[1] = rg_accel(p, t, y);
	return GSL_SUCCESS;
}

/* dH/du̇ of law (8) inside the transition, |u̇| < Δ: H = h√(s(2 − s)),
 * s = |u̇|/Δ, has h(1 − s)/(Δ√(s(2 − s))), unbounded at u̇ = 0 (the
 * vertical tangent: taken at s = 1e-30 there, which the layer about
 * u̇ = 0 keeps the phases away from). */
static double law_slope(const struct rg *r, double v)
{
	const double D = r->law.Delta, s = fmax(fabs(v) / D, 1e-30);
	if (s >= 1)
		return 0;
	return r->h * (1 - s) / (D * sqrt(s * (2 - s)));
}

/* The Jacobian of rg_rhs inside the transition (a stiff phase). */
static int rg_jac(double t, const double y[], double *dfdy, double dfdt[], void *p)
{
	const struct rg *r = p;
	dfdy[0] = 0;
	dfdy[1] = 1;
	dfdy[2] = -r->k / r->m;
	dfdy[3] = -(r->c + law_slope(r, y[1])) / r->m;
	dfdt[0] = 0;
	dfdt[1] = r->P * r->w * cos(r->w * t) / r->m;
	return GSL_SUCCESS;
}

/* The reduced transition's creep: u̇ = v*(t, u). */
int rg_creep_rhs(double t, const double y[], double f[], void *p)
{
	struct rg *r = p;
	if (spend(r))
		return GSL_EBADFUNC;
	f[0] = rg_vstar(r, rg_force(r, t, y[0]));
	return GSL_SUCCESS;
}

static void take(struct rg *r, double t, const double y[]);

/* The creep ends where the force reaches the fold, |F| = h + cΔ, or
 * changes sign (v* = 0: a joint, where v* ~ F|F| is not analytic). Every
 * accepted step's end is recorded here too, as event_recorded does. */
static double creep_event(double t, const double y[], void *p)
{
	struct rg *r = p;
	const double F = rg_force(r, t, y[0]);
	if (r->record && !r->dense && (r->ns == 0 || t > r->s[r->ns - 1].t)) {
		const double yy[2] = {y[0], rg_vstar(r, F)};
		take(r, t, yy);
	}
	return fmin(r->Fexit - fabs(F), r->fsign * F);
}

/* The reduced transition's slip: ends where |u̇| falls back to vs. */
static double event_slip_reduced(double t, const double y[], void *p)
{
	(void)t;
	const struct rg *r = p;
	return r->mode * y[1] - r->vs;
}

/* Smooth laws: negative once u̇ leaves the phase's interval. */
static double event_interval(double t, const double y[], void *p)
{
	const struct rg *r = p;
	double lo = y[1] - r->lo, hi = r->hi - y[1];
	if (r->level && r->lo == 0)
		lo -= r->veps;
	if (r->level && r->hi == 0)
		hi -= r->veps;
	/* at the phase's start, on the joint it leaves: not an end (see
	 * tangent_event) */
	if (t == r->t0) {
		lo = lo == 0 ? INFINITY : lo;
		hi = hi == 0 ? INFINITY : hi;
	}
	/* nor while u̇ has not left it: a mass at rest on the joint u̇ = 0 with
	 * no force (P = 0) stays there, and ending the phase there began
	 * another at once, 190,000 of them to the CPU budget */
	if (r->still && y[1] == r->v0) {
		lo = lo == 0 ? INFINITY : lo;
		hi = hi == 0 ? INFINITY : hi;
	}
	return fmin(lo, hi);
}

/* Coulomb slip: u̇ = 0. */
static double event_rest(double t, const double y[], void *p)
{
	(void)t;
	(void)p;
	return y[1];
}

/* A sample of the measured period, kept when it is recorded. */
static void put(struct rg *r, struct sample q)
{
	if (!r->record)
		return;
	if (r->ns == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 4096;
		r->s = xrealloc(r->s, r->cap * sizeof(*r->s));
	}
	r->s[r->ns++] = q;
}

static void take(struct rg *r, double t, const double y[])
{
	if (r->record)
		put(r, (struct sample){t, y[0], y[1], rg_accel(r, t, y)});
}

/* The samples from t on dropped (and at t, unless `keep_t`). */
static void drop_from(struct rg *r, double t, bool keep_t)
{
	while (r->record && r->ns > 0 &&
	       (r->s[r->ns - 1].t > t || (!keep_t && r->s[r->ns - 1].t == t)))
		r->ns--;
}

/* Every accepted step's end, seen as ode_run asks the event function after
 * it (the locator's trial times inside the last step come earlier and are
 * not kept), then the phase's own event. */
static double event_recorded(double t, const double y[], void *p)
{
	struct rg *r = p;
	if (r->ns == 0 || t > r->s[r->ns - 1].t)
		take(r, t, y);
	return r->event(t, y, p);
}

/* The interval between joints that u̇ is in, or enters (going the way of
 * the acceleration) when it sits on a joint. */
static void smooth_phase(struct rg *r, double t, const double y[])
{
	double v = y[1], a = rg_accel(r, t, y);
	double dir = a > 0 ? 1 : a < 0 ? -1 : (r->P * cos(r->w * t) - r->k * v >= 0 ? 1 : -1);
	r->lo = -INFINITY;
	r->hi = INFINITY;
	for (size_t i = 0; i < r->nj; i++) {
		double j = r->joints[i];
		if (j < v || (j == v && dir > 0))
			r->lo = j;
		else {
			r->hi = j;
			break;
		}
	}
}

static double stick_excess(double t, void *p)
{
	const double *q = p; /* P, ω, k u, h */
	return fabs(q[0] * sin(q[1] * t) - q[2]) - q[3];
}

/* The first t in (t0, tend] where a stuck mass breaks loose (a scan of
 * T/512, then Brent), or INFINITY. */
static int stick_end(const struct rg *r, double t0, double u, double tend, double *tl,
		     struct diag *d)
{
	if (fabs(r->P) + fabs(r->k * u) <= r->hs) {
		*tl = INFINITY;
		return 0;
	}
	double q[4] = {r->P, r->w, r->k * u, r->hs};
	const struct num_scan scan = {.lo = t0,
				      .hi = tend,
				      .step = 2 * M_PI / r->w / 512,
				      .anchor = t0,
				      .epsrel = 1e-15,
				      .what = "the end of a stick"};
	return num_first_crossing(stick_excess, q, &scan, tl, d);
}

/* The way a mass at rest at u is pushed at t: the sign of the force, or,
 * where the force is zero, of its rate P ω cos ωt; 0 when both are. */
static int push_sign(const struct rg *r, double t, double u)
{
	double F = rg_force(r, t, u);
	if (F == 0)
		F = r->P * r->w * cos(r->w * t);
	return F > 0 ? 1 : F < 0 ? -1 : 0;
}

/* Coulomb at u̇ = 0: stick while the force is within h, else slip along it
 * (the other way: the friction has just brought the mass to rest). With
 * h = 0 there is nothing to stick by: a zero force whose rate is not zero
 * (the start of P sin ωt) moves the mass at once, which is what keeps a
 * frictionless run from switching between stick and slip forever at t. */
static void coulomb_rest(struct rg *r, double t, double y[])
{
	y[1] = 0.0;
	double F = rg_force(r, t, y[0]);
	r->mode = fabs(F) > r->hs ? (F > 0 ? 1 : -1) : r->hs > 0 ? 0 : push_sign(r, t, y[0]);
	take(r, t, y);
}

static int over_budget(const struct rg *r, struct diag *d)
{
	/* law (8) or tanh integrated through a transition that inner reduce
	 * would take as its slow manifold */
	const bool reducible = !r->reduced && r->h > 0 &&
			       (r->law.kind == DRYLAW_ELLIPTIC || r->law.kind == DRYLAW_TANH) &&
			       r->h / (r->m * r->w * r->law.Delta) >= 10 &&
			       r->c * r->law.Delta <= r->h;
	const char *alt = reducible ? ", or inner reduce (the transition taken as its slow "
				      "manifold, with the error steps states)"
				    : "";
	if (r->evals <= r->budget)
		return diag_set(d,
				"more than %d evaluations of the motion within period %ld "
				"alone: %s; %s%s",
				RG_PERIOD_BUDGET, r->periods_run + 1,
				r->coulomb ? "the slip phases need steps far shorter than "
					     "the period"
					   : "the friction's transition needs steps far "
					     "shorter than the period, or friction holds the "
					     "mass creeping at ever smaller speeds",
				r->coulomb ? "bring m, k, c, h, P and omega nearer each other"
					   : "widen Delta, or use law coulomb (exact sticking)",
				alt);
	if (r->coulomb)
		return diag_set(d,
				"more than %.0f evaluations of the motion in %ld period(s) "
				"without a steady state; lower periods",
				r->budget, r->periods_run + 1);
	return diag_set(d,
			"more than %.0f evaluations of the motion in %ld period(s) without a "
			"steady state: the "
			"friction's transition (Delta = %g m/s) needs steps far shorter than "
			"the period, or friction holds the mass creeping at ever smaller "
			"speeds; widen Delta, use law coulomb (exact sticking), or lower periods "
			"to accept a state that has not settled%s",
			r->budget, r->periods_run + 1, r->law.Delta, alt);
}

/* A run that failed: in the budget's words when its evaluations ran out. */
int rg_run_failed(const struct rg *r, struct diag *d)
{
	if (!r->over)
		return -1;
	diag_clear(d);
	return over_budget(r, d);
}

/* ---- a reversal through the reduced transition --------------------------

 * A slip that reaches |u̇| = v_s while the force is beyond the fold the
 * other way, |F| > h + cΔ (tanh: F_exit), does not stop: the mass
 * reverses without sticking, crossing the layer |u̇| < v_s in a time of
 * order 2 m v_s/|F|. Jumping u̇ from ±v_s to ∓v_s there drops the
 * impulse the force gives over the crossing against the friction's,
 * (|F| − h)·δt: a speed error of order 2Δ(1 − h/|F|) that the slip after
 * keeps, and an amplitude error of about 2Δ. The crossing is integrated
 * instead, with the speed as the independent variable: no slow manifold
 * attracts there (the acceleration keeps the sign of F, |ü| ≥ (|F| −
 * F_exit)/m), so in u̇ it is not stiff:
 *
 *   dt/du̇ = m/(F(t, u) − c u̇ − H(u̇)),   du/du̇ = u̇ dt/du̇,
 *
 * run in z = √|u̇| on each side of 0 (law (8)'s vertical tangent there,
 * H in closed form in z: drylaw_tangent_H), u̇ = side·z². Should the force
 * come back inside the fold on the way, the mass is caught on the slow
 * manifold there (a creep, as reduced_rest), and a crossing cut by the
 * period's end goes on from where it stopped (rg_next). */

static double transit_H(const struct rg *r, int side, double z)
{
	if (r->law.kind == DRYLAW_ELLIPTIC)
		return drylaw_tangent_H(&r->ttg, side, z);
	return drylaw_H(&r->law, side * z * z);
}

/* Y = (t, u) against x, z = tz0 + tzsign·x. */
static int transit_rhs(double x, const double Y[], double f[], void *p)
{
	struct rg *r = p;
	if (spend(r))
		return GSL_EBADFUNC;
	const double z = r->tz0 + r->tzsign * x, v = r->tside * z * z;
	const double dvdx = 2.0 * r->tside * r->tzsign * z;
	const double acc = (rg_force(r, Y[0], Y[1]) - r->c * v - transit_H(r, r->tside, z)) / r->m;
	f[0] = dvdx / acc;
	f[1] = v * f[0];
	return GSL_SUCCESS;
}

/* Positive while the force stays beyond the fold the way of the crossing,
 * and before the period's end. */
static void transit_events(double x, const double Y[], double *g, void *p)
{
	(void)x;
	const struct rg *r = p;
	g[0] = r->tdir * rg_force(r, Y[0], Y[1]) - r->Fexit;
	g[1] = r->ttend - Y[0];
}

/* One half of a crossing: z from z0 to z1 on side `side` of u̇ = 0.
 * Returns 0 through, 1 stopped (the force inside the fold, or the
 * period's end: t, u and u̇ where), −1 failed. */
static int transit_half(struct rg *r, double *t, double y[], int side, double z0, double z1,
			struct diag *d)
{
	r->tside = side;
	r->tz0 = z0;
	r->tzsign = z1 >= z0 ? 1 : -1;
	const double len = fabs(z1 - z0);
	if (!(len > 0))
		return 0;
	double Y[2] = {*t, y[0]};
	struct ode_system sys = {2, transit_rhs, NULL, r};
	struct ode_opts o = ode_opts_default(len);
	o.h0 = len / 64;
	o.nev = 2;
	o.events = transit_events;
	struct ode_end end;
	if (ode_run(&sys, &o, 0.0, Y, &end, d)) {
		if (budget_spent()) {
			/* said in t and u, not in z, this phase's own variable */
			budget_at(Y[0], &Y[1], 1);
			return budget_refuse(d, 0, NULL, NULL);
		}
		return rg_run_failed(r, d);
	}
	r->steps += end.steps;
	const double z = r->tz0 + r->tzsign * end.t;
	*t = Y[0];
	y[0] = Y[1];
	y[1] = side * z * z;
	return end.event ? 1 : 0;
}

/* The crossing from u̇ = y[1] (|u̇| < v_s) to dir·v_s, the force beyond
 * the fold that way: 0 done (mode dir, u̇ = dir·v_s; or caught into a
 * creep, mode 0; or stopped at tend inside the layer, mode dir), −1
 * failed. */
static int transit(struct rg *r, double *t, double y[], int dir, double tend, struct diag *d)
{
	r->tdir = dir;
	r->ttend = tend;
	if (r->law.kind == DRYLAW_ELLIPTIC)
		drylaw_vertical(&r->law, 0, &r->ttg);
	r->phases++;
	int rc = 0;
	if (dir * y[1] < 0) { /* to u̇ = 0 first: the turning point */
		rc = transit_half(r, t, y, -dir, sqrt(fabs(y[1])), 0, d);
		if (rc < 0)
			return -1;
		if (rc == 0) {
			y[1] = 0;
			if (r->ns == 0 || *t >= r->s[r->ns - 1].t)
				put(r,
				    (struct sample){*t, y[0], 0.0, rg_force(r, *t, y[0]) / r->m});
		}
	}
	if (rc == 0) {
		rc = transit_half(r, t, y, dir, sqrt(fmax(0.0, dir * y[1])), sqrt(r->vs), d);
		if (rc < 0)
			return -1;
	}
	if (rc == 0)
		y[1] = dir * r->vs;
	const double F = rg_force(r, *t, y[0]);
	if (rc && *t < tend && !(dir * F > r->Fexit)) { /* caught: creep */
		r->mode = 0;
		y[1] = rg_vstar(r, F);
	} else {
		r->mode = dir;
	}
	return 0;
}

/* The reduced transition, at a slip's end (|u̇| = Δ) or a start: creep on
 * the manifold while the force is inside the fold, |F| < h + cΔ; beyond
 * it, slip along the force from u̇ = ±Δ, through the layer (transit) when
 * the speed is on the other side of it or inside it. */
static int reduced_rest(struct rg *r, double *t, double y[], double tend, struct diag *d)
{
	const double F = rg_force(r, *t, y[0]);
	if (fabs(F) < r->Fexit) {
		r->mode = 0;
		y[1] = rg_vstar(r, F);
		return 0;
	}
	const int dir = F > 0 ? 1 : -1;
	if (dir * y[1] < r->vs && fabs(F) > r->Fexit && *t < tend)
		return transit(r, t, y, dir, tend, d);
	r->mode = dir;
	y[1] = r->mode * r->vs;
	return 0;
}

/* Whether a slip in the way of r->mode can start from u̇ = 0 at t: the
 * acceleration goes that way, or is zero while the force grows that way. */
static bool slips_on(const struct rg *r, double t, const double y[])
{
	double a = rg_accel(r, t, y);
	return a != 0 ? r->mode * a > 0 : r->mode * push_sign(r, t, y[0]) > 0;
}

/* ---- a phase beside a vertical tangent ---------------------------------

 * Where H(u̇) has a vertical tangent (law (8) at u̇ = 0, law (10) also at
 * ±(Δ + 1.5Δ_a)), H ~ √|u̇ − u̇_c| and a solution u̇(t) that reaches u̇_c is
 * not smooth in t there: (t − t_c)^{3/2} terms, which rk8pd resolves only
 * with steps that shrink toward the crossing and grow again after it,
 * hundreds of evaluations at every crossing. In z = √|u̇ − u̇_c| and a
 * time τ with dt/dτ = z the phase is analytic up to and through its end:
 *
 *   dt/dτ = z,   du/dτ = u̇ z,   dz/dτ = ±ü/2,   u̇ = u̇_c ± z²,
 *
 * with H(u̇_c ± z²) in closed form in z (drylaw_tangent_H). The phase ends
 * where z crosses 0 (u̇ reaches u̇_c), where u̇ reaches the phase's other
 * joint, or at the period's end, each a transversal crossing. */

static double tangent_accel(const struct rg *r, double t, double u, double z, double *v)
{
	*v = r->tg.uc + r->side * z * z;
	const double H = drylaw_tangent_H(&r->tg, r->side, z);
	return (rg_force(r, t, u) - r->c * *v - H) / r->m;
}

static int tangent_rhs(double tau, const double Y[], double f[], void *p)
{
	(void)tau;
	struct rg *r = p;
	if (spend(r))
		return GSL_EBADFUNC;
	double v;
	const double a = tangent_accel(r, Y[0], Y[1], Y[2], &v);
	f[0] = Y[2];
	f[1] = v * Y[2];
	f[2] = r->side * a / 2;
	return GSL_SUCCESS;
}

/* Every accepted step's end recorded (as event_recorded does), then the
 * least of z, the distance to the far joint and the time left. */
static double tangent_event(double tau, const double Y[], void *p)
{
	(void)tau;
	struct rg *r = p;
	double v;
	const double a = tangent_accel(r, Y[0], Y[1], Y[2], &v);
	if (r->ns == 0 || Y[0] > r->s[r->ns - 1].t)
		put(r, (struct sample){Y[0], Y[1], v, a});
	/* the far joint in z (as z0 is taken from u̇): a phase that starts
	 * there starts at 0, not a rounding past it. A term that is 0 at the
	 * start (the joint the phase leaves) does not count there: ode_run
	 * sees a crossing only from a nonzero value, and a first step that
	 * passed another end (the period's) would go unseen. */
	double gz = Y[2], gf = r->zfar - Y[2];
	if (tau == 0) {
		gz = gz == 0 ? INFINITY : gz;
		gf = gf == 0 ? INFINITY : gf;
	}
	return fmin(fmin(gz, r->tend - Y[0]), gf);
}

/* The phase [lo, hi] of u̇ run in z when one of its ends is a vertical
 * tangent: 1 done (t, y advanced to its end), 0 not such a phase (or one
 * that starts on the tangent with no acceleration: t has it), −1 failed. */
static int tangent_phase(struct rg *r, double *t, double y[], double tend, struct diag *d)
{
	/* A narrow transition (h/(mωΔ) above RG_TANGENT_ETA) holds the mass
	 * creeping on its slow manifold, u̇ ~ F|F|, which meets the tangent with
	 * ü = 0 too, never transversally: t takes those. */
	if (!r->tangent_ok)
		return 0;
	if (drylaw_vertical(&r->law, r->lo, &r->tg)) {
		r->side = 1;
		r->far = r->hi;
	} else if (drylaw_vertical(&r->law, r->hi, &r->tg)) {
		r->side = -1;
		r->far = r->lo;
	} else {
		return 0;
	}
	const double z0 = sqrt(fmax(0.0, r->side * (y[1] - r->tg.uc)));
	r->zfar = isfinite(r->far) ? sqrt(r->side * (r->far - r->tg.uc)) : INFINITY;
	double v;
	const double a0 = tangent_accel(r, *t, y[0], z0, &v);
	const double ht = r->h_next > 0 ? r->h_next : 1e-4 / r->w;
	/* At the tangent with (next to) no acceleration the crossing is not
	 * transversal: z and ü vanish together, and τ would stand still. */
	if (z0 == 0 && !(r->side * a0 > 1e-6 * (fabs(r->P) + r->h) / r->m))
		return 0;
	r->tend = tend;
	double Y[3] = {*t, y[0], z0};
	struct ode_system sys = {3, tangent_rhs, tangent_event, r};
	struct ode_opts o = ode_opts_default(1e300);
	/* a first step of about ht in t: z grows as |ü|τ/2, t as |ü|τ²/4;
	 * and where that is past the tangent, 2 z0/|ü| in τ away with ü
	 * leading back to it, a quarter of the way: a start 1e-20 m/s off
	 * u̇ = 0 took a first step 4000 times that long, and its state came
	 * out nan */
	o.h0 = fmin(z0 > 0 ? ht / z0 : INFINITY, a0 != 0 ? sqrt(4 * ht / fabs(a0)) : INFINITY);
	if (z0 > 0 && r->side * a0 < 0 && o.h0 > 2 * z0 / fabs(a0))
		o.h0 = 0.5 * z0 / fabs(a0);
	struct ode_end end;
	if (ode_run(&sys, &o, 0.0, Y, &end, d)) {
		if (budget_spent()) {
			/* said in t, u and u̇, not in τ and z, this phase's own */
			budget_at(Y[0], (const double[2]){Y[1], r->tg.uc + r->side * Y[2] * Y[2]},
				  2);
			return budget_refuse(d, 0, NULL, NULL);
		}
		return rg_run_failed(r, d);
	}
	r->steps += end.steps;
	drop_from(r, Y[0], false);
	const double z = Y[2], vz = r->tg.uc + r->side * z * z;
	double vv;
	const double ae = tangent_accel(r, Y[0], Y[1], z, &vv);
	/* Back on the tangent with ü still pointing away from it cannot be:
	 * z reaches 0 from above only with dz/dτ = ±ü/2 < 0. It comes of
	 * steps too long for the tolerance asked (a loose one, as make bench
	 * sets): the phase is taken again in t. */
	if (end.event && Y[0] < tend && z < r->zfar - z && r->side * ae > 0) {
		drop_from(r, *t, true);
		return 0;
	}
	*t = Y[0];
	y[0] = Y[1];
	/* the next phase's first step in t: what a step of τ makes of t here,
	 * z h + |ü| h²/4 (z is 0 where the phase ended on the tangent) */
	r->h_next = end.h * fabs(z) + fabs(ae) * end.h * end.h / 4;
	if (!end.event || *t >= tend) {
		y[1] = vz;
	} else {
		r->phases++;
		/* which end: the tangent (z through 0) or the far joint */
		y[1] = z < r->zfar - z ? r->tg.uc : r->far;
	}
	take(r, *t, y);
	return 1;
}

/* Law (8) with a transition too narrow for the phases beside the vertical
 * tangent (tangent_ok), integrated (not reduced): its phases inside the
 * transition, u̇ between −Δ and Δ, are stiff (stiff_phase). */
static bool stiff_law(const struct rg *r)
{
	/* P ≤ h: the mass is held creeping throughout, F never beyond the
	 * fold, and bsimp's answers there were 3e-6 off and its period map
	 * too noisy to settle at rtol 1e-10 (h = 30, Δ = 0.05, against rk8pd):
	 * rk8pd runs those (within the budget, or stopped by it). (Measured
	 * with bsimp as the stiff integrator, before msbdf took its place.) */
	return !r->tangent_ok && !r->reduced && r->law.kind == DRYLAW_ELLIPTIC && r->P > r->h;
}

static bool stiff_phase(const struct rg *r, double t, const double y[])
{
	if (!stiff_law(r) || !(r->lo >= -r->law.Delta && r->hi <= r->law.Delta))
		return false;
	/* a force beyond the fold, |F| > h + cΔ, takes the mass through the
	 * transition without a manifold to hold it (a reversal), in a time of
	 * order mΔ/(|F| − h): not stiff, and rk8pd resolves the square root of
	 * H at u̇ = 0 better than an extrapolation does (7e-10 off a SciPy
	 * reference in test_reduced_reversal, against 1.6e-11) */
	return fabs(rg_force(r, t, y[0])) < r->h + r->c * r->law.Delta;
}

/* The layer |u̇| <= veps = 1e-7 Δ about u̇ = 0, where law (8)'s slope is
 * unbounded, entered by a stiff phase's end or by a start on the joint.
 * There the slow manifold H(u̇) + c u̇ = F attracts at (H'(u̇) + c)/m ≥
 * h²/(mΔ|F|), faster than anywhere else, and the mass is on it: its lag
 * behind it, m|dF/dt|Δ²F²/h⁴, is 2m|dF/dt|Δ/h² of veps at the edge (5e-4
 * of it at Δ = 7e-4). The layer is left where |F| reaches F_l = H(veps) +
 * c veps (h√(2e-7) = 1.4e-3 N here), the manifold's force at its edge,
 * found as a Coulomb stick's end is with F_l for h (the same scan), and
 * u̇ goes on from sign(F) veps. Inside, u is held: it moves by ∫u̇ dt,
 * under veps times the time in the layer (2F_l/|dF/dt| where the force
 * goes through: 7e-4 s, so 5e-14 m, and less, u̇ ~ F|F| being odd in it).
 * A force already past F_l (a reversal through u̇ = 0, |F| > h, or a
 * start on the joint) takes the mass to the edge sign(F) veps in m|Δu̇|/|F|
 * (4e-11 s; left out, the time shifted test_reduced_reversal's amp by
 * 1e-10), u held. Returns 1 left at t, 0
 * still inside at tend (u̇ the manifold's there), −1 failed. */
static int layer(struct rg *r, double *t, double y[], double tend, struct diag *d)
{
	const double Fl = drylaw_H(&r->law, r->veps) + r->c * r->veps;
	const double F0 = rg_force(r, *t, y[0]);
	double tl = *t;
	/* pushed out at once by a force beyond the fold: the time to the
	 * edge. (Inside it, the creep's: its F at the edge is known only to
	 * the integration's error in u̇ times H' there, h/√(2 veps Δ) 1e-12 ~
	 * 1e-2 N, which its time in the layer does not resolve; u, held, is
	 * the same.) */
	if (fabs(F0) >= r->h)
		tl += r->m * fabs(copysign(r->veps, F0) - y[1]) / fabs(F0);
	if (fabs(F0) < Fl) {
		double q[4] = {r->P, r->w, r->k * y[0], Fl};
		if (fabs(r->P) + fabs(r->k * y[0]) <= Fl) {
			tl = INFINITY;
		} else {
			const struct num_scan scan = {.lo = *t,
						      .hi = tend,
						      .step = 2 * M_PI / r->w / 512,
						      .anchor = *t,
						      .epsrel = 1e-15,
						      .what = "the end of the creep through u̇ = 0"};
			if (num_first_crossing(stick_excess, q, &scan, &tl, d))
				return -1;
		}
	}
	if (tl > tend) {
		const double x = rg_force(r, tend, y[0]) / Fl;
		y[1] = r->veps * x * fabs(x);
		*t = tend;
		return 0;
	}
	*t = tl;
	y[1] = rg_force(r, tl, y[0]) >= 0 ? r->veps : -r->veps;
	r->phases++;
	return 1;
}

/* The run between phases: what the last phase was, and the span. */
enum rg_kind { RG_SLIP, RG_CREEP };
struct rg_run {
	struct rg *r;
	double tend, step;
	enum rg_kind kind; /* the phase last run */
};

/* After a phase from the driver: the next one's first step the one this
 * reached (a phase starts at the scale the one before ended on, not a
 * blind one), the sample of the step that crossed the event, taken past
 * it, dropped, and the switch at its event. */
static int rg_phase_end(struct phase_run *run, struct rg_run *rr, double *tp, struct diag *d)
{
	struct rg *r = rr->r;
	double *y = run->y;
	const double t = run->t;
	r->steps += run->end->steps;
	r->h_next = run->end->h;
	if (!r->dense)
		drop_from(r, t, false);
	if (rr->kind == RG_CREEP)
		y[1] = rg_vstar(r, rg_force(r, t, y[0]));
	take(r, t, y);
	if (!run->end->event)
		return 0;
	r->phases++;
	if (r->coulomb) {
		coulomb_rest(r, t, y);
	} else if (r->reduced) {
		if (reduced_rest(r, tp, y, rr->tend, d))
			return -1;
		if (rr->kind == RG_CREEP || *tp > t)
			take(r, *tp, y);
	}
	return 0;
}

/* A stick phase of exact Coulomb friction from t, in closed form: to
 * where the force overcomes static friction, or to tend. */
static int rg_stick(struct rg *r, double *t, double y[], double tend, double step, struct diag *d)
{
	double tl;
	if (stick_end(r, *t, y[0], tend, &tl, d))
		return -1;
	double t1 = fmin(tl, tend);
	take(r, *t, y);
	r->stuck += t1 - *t;
	for (double ts = *t + step; r->dense && ts < t1; ts += step)
		take(r, ts, y);
	*t = t1;
	take(r, *t, y);
	if (tl <= tend) {
		r->mode = push_sign(r, *t, y[0]) >= 0 ? 1 : -1;
		r->phases++;
		take(r, *t, y);
	}
	return 0;
}

/* Phase after phase to tend: stick phases (exact Coulomb) in closed form,
 * creep phases of the reduced transition (u̇ = v*(t, u)), slip phases, and
 * a smooth law's phases beside a vertical tangent run in z. The phase's
 * span is tend, or a sample step's worth for the figures' dense samples. */
static int rg_next(struct phase_run *run, struct phase_mode *mode, void *ctx, struct diag *d)
{
	struct rg_run *rr = ctx;
	struct rg *r = rr->r;
	double *y = run->y, t = run->t;
	const double tend = rr->tend, step = rr->step;
	if (run->end && rg_phase_end(run, rr, &t, d))
		return -1;
	while (t < tend) {
		if (num_interrupted)
			return diag_set(d, "interrupted at t = %g", t);
		if (r->coulomb && r->mode == 0) {
			if (rg_stick(r, &t, y, tend, step, d))
				return -1;
			continue;
		}
		mode->sys = (struct ode_system){2, rg_rhs, event_rest, r};
		rr->kind = RG_SLIP;
		if (r->reduced && r->mode == 0) {
			/* one creep phase: u̇ = v*(t, u), integrated like a slip */
			const double F = rg_force(r, t, y[0]);
			r->fsign = F > 0 ? 1 : F < 0 ? -1 : push_sign(r, t, y[0]);
			y[1] = rg_vstar(r, F);
			take(r, t, y);
			mode->sys = (struct ode_system){1, rg_creep_rhs, creep_event, r};
			rr->kind = RG_CREEP;
		} else {
			/* A reduced slip that starts inside the transition, or at
			 * its edge with the force not pushing on, creeps instead. */
			if (r->reduced &&
			    (r->mode * y[1] < r->vs ||
			     (r->mode * y[1] == r->vs && !(r->mode * rg_accel(r, t, y) > 0) &&
			      !(fabs(rg_force(r, t, y[0])) >= r->Fexit)))) {
				const double t1 = t;
				if (reduced_rest(r, &t, y, tend, d))
					return -1;
				if (t > t1)
					take(r, t, y);
				if (r->mode == 0 || t >= tend)
					continue;
			}
			/* A slip phase that starts on or past u̇ = 0 (a period
			 * ended just there) switches first. */
			if (r->coulomb &&
			    (r->mode * y[1] < 0 || (y[1] == 0 && !slips_on(r, t, y)))) {
				coulomb_rest(r, t, y);
				continue;
			}
			if (r->reduced) {
				mode->sys.event = event_slip_reduced;
			} else if (!r->coulomb) {
				/* in the layer about u̇ = 0 (a stiff phase ended
				 * there, or a period did): through it, once */
				if (stiff_law(r) && !r->crossed &&
				    fabs(y[1]) <= r->veps * (1 + 1e-6)) {
					const double t1 = t;
					const int rc = layer(r, &t, y, tend, d);
					if (rc < 0)
						return -1;
					r->crossed = rc;
					if (t > t1)
						take(r, t, y);
					continue;
				}
				r->crossed = false;
				r->stiff = r->level = false;
				smooth_phase(r, t, y);
				mode->sys.event = event_interval;
				/* the figures' dense samples come from t's own steps */
				const int done = r->dense ? 0 : tangent_phase(r, &t, y, tend, d);
				if (done < 0)
					return -1;
				if (done)
					continue;
				/* Inside a narrow transition of law (8) the
				 * mass creeps on the slow manifold H(u̇) + c u̇ = F,
				 * which attracts at (H'(u̇) + c)/m, up to
				 * h²/(mΔ|F|) for law (8) near F = 0: rk8pd's steps
				 * were held to its stability bound there (Δ = 7e-4:
				 * 348k steps, 39,530 phases of chatter across u̇ = 0
				 * in 10 periods); an implicit step follows the
				 * manifold at its own slow pace: msbdf's (ode_run),
				 * 120,000 evaluations a solve at Δ = 5e-4 .. 1e-3,
				 * where bsimp's fixed-order extrapolation, 138
				 * evaluations a step and eight or nine re-steps to
				 * locate each end, took 350,000 to 480,000. */
				r->stiff = r->level = stiff_phase(r, t, y);
				if (r->stiff)
					mode->opts.jac = rg_jac;
			}
			r->t0 = t;
			r->v0 = y[1];
			r->still = !r->coulomb && !r->reduced && rg_accel(r, t, y) == 0;
			if (r->record && !r->dense) { /* each step's end a sample */
				r->event = mode->sys.event;
				mode->sys.event = event_recorded;
			}
		}
		const double tmax = r->dense ? fmin(tend, t + step) : tend;
		mode->opts.tmax = tmax;
		mode->opts.atol_scale = r->sigma < 1 ? r->atol_scale : NULL;
		mode->opts.h0 = r->dense	? tmax - t
				: r->h_next > 0 ? fmin(r->h_next, tmax - t)
						: 1e-4 / r->w;
		/* A Coulomb slip from rest, the force just past h and turning
		 * back inside: it returns to u̇ = 0 after 2(|F| − h)/|dF/dt|, 1.6e-9
		 * s for u0 = 3.2000000032 (h/k 3.2, P 4, ω 1), and a first step
		 * of 1e-4/ω stepped over that: u̇ went 0 → −1e-18 → positive,
		 * no sign change seen at the step's end, and the mass slid on
		 * against a friction pointing the wrong way (amp 3.05 for the
		 * resting run's 1.01). The first step from rest starts at
		 * 1e-12/ω, where the return is resolved. */
		if (r->coulomb && y[1] == 0)
			mode->opts.h0 = fmin(mode->opts.h0, 1e-12 / r->w);
		phase_jump(run, t, y);
		return PHASE_RUN;
	}
	phase_jump(run, t, y);
	return PHASE_END;
}

/* Integrates from (t, y) to tend; with r->record, samples every
 * `step` plus every phase end. */
int rg_advance(struct rg *r, double *t, double y[], double tend, double step, struct diag *d)
{
	r->period_cap = (double)r->evals + RG_PERIOD_BUDGET;
	struct rg_run rr = {.r = r, .tend = tend, .step = step};
	struct phase_caps caps = phase_caps_default();
	caps.max_phases = 0; /* the evaluations are capped (spend) */
	const struct phase_system ps = {2, rg_next, &rr};
	struct phase_run run;
	const int rc = phase_run(&ps, &caps, *t, tend, y, NULL, &run, d);
	*t = run.t;
	return rc ? rg_run_failed(r, d) : 0;
}
