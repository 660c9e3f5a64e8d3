/* Ragulskis et al., "Investigation of elliptical approximation in the
 * model of the force of dry friction" (2018): the forced oscillator of
 * eq. (9), m ü + c u̇ + k u = P sin ωt − H(u̇), with H the elliptic law (8),
 * the peaked law (10), h tanh(u̇/Δ), or exact Coulomb friction.
 *
 * Smooth laws: the run is cut into phases at every velocity where the law
 * is not analytic (drylaw_joints: u̇ = 0, ±Δ, and for (10) the joints and
 * the vertical tangents ±(Δ+1.5Δ_a)), each integrated with rk8pd and ended
 * by an event located on the step's interpolant. Inside a phase the
 * right-hand side is analytic, so the adaptive step keeps its order; the
 * square-root behaviour of a vertical tangent is met only at a phase's
 * ends. Coulomb: slip phases with the friction's sign fixed, u̇ = 0 an
 * event; then stick while |P sin ωt − k u| ≤ h, the end of stick scanned
 * for and located by Brent, slip resuming along the net force.
 *
 * Steady state: (u, u̇/ω) at t = 2πj/ω against the previous period, to
 * 1e-9 over two successive periods of one run (issue 37: a cycle is a
 * cycle); the results are measured over one more period, sampled densely,
 * and without a steady state they have no value, each saying why. The figures
 * (Figs. 1-4) draw that period twice (or, short of the steady state, it
 * and the one after it, run once the results are fixed), and the law H(u̇)
 * itself. */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dyn/law.h"
#include "dyn/phase.h"
#include "models/model.h"
#include "num/budget.h"
#include "num/drylaw.h"
#include "num/num.h"
#include "num/ode.h"
#include "num/roots.h"
#include "num/settle.h"
#include "util/xalloc.h"

enum {
	R_M,
	R_C,
	R_K,
	R_P,
	R_OMEGA,
	R_H,
	R_DELTA,
	R_DELTA_A,
	R_LAW,
	R_PERIODS,
	R_INNER,
	R_U0,
	R_V0,
	R_NPARAMS
};
enum { R_AMP, R_UMIN, R_VMAX, R_AMIN, R_AMAX, R_STEADY, R_STICK, R_CYCLES, R_UEND, R_NRESULTS };

static const struct param_spec r_params[R_NPARAMS] = {
	[R_M] = PARAM_NUMBER("m", "kg", 1.0, PARAM_ABOVE(0.0), "mass"),
	[R_C] = PARAM_NUMBER("c", "N*s/m", 0.1, PARAM_AT_LEAST(0.0), "viscous damping coefficient"),
	[R_K] = PARAM_NUMBER("k", "N/m", 1.0, PARAM_AT_LEAST(0.0), "stiffness"),
	[R_P] = PARAM_NUMBER("P", "N", 4.0, PARAM_AT_LEAST(0.0), "amplitude of the force P sin ωt"),
	[R_OMEGA] = PARAM_NUMBER("omega", "rad/s", 1.0, PARAM_ABOVE(0.0), "frequency of the force"),
	[R_H] = PARAM_NUMBER("h", "N", 3.2, PARAM_AT_LEAST(0.0),
			     "dry friction force at large speeds"),
	[R_DELTA] = PARAM_NUMBER("Delta", "m/s", 0.8, PARAM_ABOVE(0.0),
				 "width of the transition of (8), (10)"),
	[R_DELTA_A] = PARAM_NUMBER("Delta_a", "m/s", 0.8, PARAM_ABOVE(0.0),
				   "(10): width of the peak's descent; h_a = h Delta_a/Delta"),
	[R_LAW] = PARAM_LAW(LAW_NAME_ELLIPTIC "|" LAW_NAME_ELLIPTIC_PEAK "|" LAW_NAME_COULOMB
					      "|" LAW_NAME_TANH,
			    "friction law: (8), (10), exact Coulomb (stick-slip), h tanh(u̇/Δ)"),
	[R_PERIODS] = PARAM_NUMBER(
		"periods", "", 500.0, PARAM_AT_LEAST(1.0),
		"the most periods of the motion run while waiting for the steady state (the "
		"shooting's trial periods aside)"),
	[R_INNER] = PARAM_CHOICE(
		"inner", "auto|integrate|reduce",
		"the transition of law (8) or tanh: integrated, or reduced to its slow "
		"manifold H(u̇) + c u̇ = P sin ωt − k u (law (8): an error below "
		"2Δ·(mωΔ/h)^⅓); auto reduces it when h/(mωΔ) > 5e3 (law (8): 2e4); "
		"integrate takes any Δ within the budget; reduce needs it ≥ 10"),
	[R_U0] = PARAM_NUMBER("u0", "m", 0.0, PARAM_ANY, "initial displacement"),
	[R_V0] = PARAM_NUMBER("v0", "m/s", 0.0, PARAM_ANY, "initial velocity"),
};

/* The period results are read over a period of the steady state; without
 * one (the motion has not repeated over two successive periods within
 * `periods`, or it grows or drifts without bound) they do not exist, and
 * each says why (rg_unsteady_why). */
static const struct result_spec r_results[R_NRESULTS] = {
	[R_AMP] = RESULT_NUMBER("amp", "m",
				"max u over a period of the steady state (none without one)"),
	[R_UMIN] = RESULT_NUMBER("umin", "m",
				 "min u over a period of the steady state (none without one)"),
	[R_VMAX] = RESULT_NUMBER("vmax", "m/s",
				 "max u̇ over a period of the steady state (none without one)"),
	[R_AMIN] = RESULT_NUMBER("amin", "m/s^2",
				 "min ü over a period of the steady state (none without one)"),
	[R_AMAX] = RESULT_NUMBER("amax", "m/s^2",
				 "max ü over a period of the steady state (none without one)"),
	[R_STEADY] = RESULT_BOOL_VERDICT(
		"steady", VERDICT_REACHED,
		"whether the motion repeated, (u, u̇/ω) to 1e-9, over two successive periods "
		"(a rest for good is one)"),
	[R_STICK] = RESULT_NUMBER("stick_fraction", "",
				  "share of a period of the steady state with u̇ = 0 (Coulomb; 0 "
				  "for smooth laws; none without a steady state)"),
	[R_CYCLES] = RESULT_NUMBER("cycles", "",
				   "periods integrated before the measured one (the transient, the "
				   "shooting's trials and the two that show the motion repeats)"),
	[R_UEND] = RESULT_NUMBER("u_end", "m", "u at the end of the run"),
};

/* One sample of the measured period. */
struct sample {
	double t, u, v, a;
};

struct rg {
	struct drylaw law;
	double m, c, k, P, w, h;
	/* the static limit as decided: h and the integration's rounding, so
	 * that a turning point at k|u| = h (a closed form's edge) sticks */
	double hs;
	double joints[8];
	size_t nj;
	/* smooth laws: the phase's velocity interval; Coulomb: 0 stuck, ±1 the
	 * sign of the friction while slipping */
	double lo, hi;
	int mode;
	bool coulomb;
	/* law (8) or tanh with its transition reduced to the slow manifold:
	 * mode 0 is the creep on it (u̇ = v*(t, u), |u̇| < vs), ±1 a slip with
	 * |u̇| ≥ vs; law (8): vs = Δ, its fold, H = ±h beyond; tanh: vs where
	 * the manifold's relaxation has slowed to RG_ETA·ω, H the law beyond.
	 * Fexit = H(vs) + c vs is the force at which the creep ends, R and phi0
	 * law (8)'s closed form's constants; fsign the sign of the force in the
	 * creep's phase (they end where it is 0) */
	bool reduced;
	double vs, Fexit, R, phi0;
	int fsign;
	/* a reversal through the reduced transition (transit): the ellipses
	 * at u̇ = 0 (law (8)), the half being run (u̇ = tside z², z = tz0 +
	 * tzsign x), the way the speed goes, and where the period ends */
	struct drylaw_tangent ttg;
	int tside, tzsign, tdir;
	double tz0, ttend;
	/* a smooth law's phase beside a vertical tangent of H at u̇_c, run in
	 * z = √|u̇ − u̇_c| (tangent_phase): the ellipses there, the side of
	 * u̇_c the phase is on, its far joint (±INFINITY: none) and the end of
	 * the period */
	struct drylaw_tangent tg;
	bool tangent_ok; /* the law's transitions wide enough for it */
	/* law (8)'s stiff phases (stiff_phase, implicit): the phase being run
	 * is one (stiff), ends at |u̇| = veps short of the joint u̇ = 0, where
	 * the law's slope is unbounded (level), and the layer |u̇| <= veps
	 * has just been crossed on the slow manifold (layer: crossed) */
	bool stiff, level, crossed;
	double veps;
	int side;
	double far, zfar, tend;
	double t0;  /* where the phase being run started */
	double v0;  /* u̇ there (on a joint, the joint it leaves) */
	bool still; /* no acceleration there either: the joint may hold it */
	/* the measured period: record keeps samples, every accepted step's end
	 * and every phase end; dense adds one every `step` (the figures) */
	bool record, dense;
	double (*event)(double t, const double y[], void *p); /* the phase's own */
	double h_next; /* the step the last phase ended with: the next one's first */
	struct sample *s;
	size_t ns, cap;
	double stuck; /* time stuck since a trial period's or the measured one's start */
	size_t steps, phases;
	long periods_run;  /* the periods done while waiting for the steady state */
	long own;	   /* of them, the motion's own from t = 0 (not the shooting's trials) */
	double du, dv;	   /* the last run period's change of u and of u̇/ω */
	double u_last;	   /* u at the last run period's end */
	size_t evals;	   /* of the right-hand side, against budget */
	double budget;	   /* RG_BUDGET, or more for more periods asked */
	double period_cap; /* r->evals at which the current period's share ends */
	bool over;	   /* the budget ran out */
};

/* The most evaluations of the right-hand side one solve may take: about
 * a second here (the right-hand side is cheap). A narrow transition, or a
 * mass that friction holds creeping at ever smaller speeds under the
 * elliptic laws' vertical tangent at u̇ = 0, takes a hundred million; the
 * elliptic law at Δ = 1e-3 takes 20 million, free decay 8 million, the
 * shipped exercises at most 900000 (Fig. 4). */
#define RG_BUDGET 25000000
/* The most one period may take: the heaviest period of the tests (the
 * elliptic law at Δ = 1e-3, its first) takes 1.5 million; a mass that
 * friction holds creeping (P = 1e-9) stalls inside one, and is stopped
 * here in a quarter of a second rather than at RG_BUDGET. */
#define RG_PERIOD_BUDGET 6000000

static double force(const struct rg *r, double t, double u)
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

static double vstar(const struct rg *r, double F)
{
	const double D = r->law.Delta, aF = fabs(F);
	if (aF >= r->Fexit)
		return copysign(r->vs, F);
	if (r->law.kind == DRYLAW_TANH)
		return copysign(vstar_tanh(r, aF), F);
	const double th = r->phi0 + asin((aF - r->c * D) / r->R), sh = sin(th / 2);
	return copysign(2 * D * sh * sh, F); /* 1 − cos θ without cancellation */
}

static double accel(const struct rg *r, double t, const double y[])
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
	return (force(r, t, y[0]) - r->c * y[1] - H) / r->m;
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

static int rg_rhs(double t, const double y[], double f[], void *p)
{
	struct rg *r = p;
	if (spend(r))
		return GSL_EBADFUNC;
	f[0] = y[1];
	f[1] = accel(p, t, y);
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
static int creep_rhs(double t, const double y[], double f[], void *p)
{
	struct rg *r = p;
	if (spend(r))
		return GSL_EBADFUNC;
	f[0] = vstar(r, force(r, t, y[0]));
	return GSL_SUCCESS;
}

static void take(struct rg *r, double t, const double y[]);

/* The creep ends where the force reaches the fold, |F| = h + cΔ, or
 * changes sign (v* = 0: a joint, where v* ~ F|F| is not analytic). Every
 * accepted step's end is recorded here too, as event_recorded does. */
static double creep_event(double t, const double y[], void *p)
{
	struct rg *r = p;
	const double F = force(r, t, y[0]);
	if (r->record && !r->dense && (r->ns == 0 || t > r->s[r->ns - 1].t)) {
		const double yy[2] = {y[0], vstar(r, F)};
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
		put(r, (struct sample){t, y[0], y[1], accel(r, t, y)});
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
	double v = y[1], a = accel(r, t, y);
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
	double F = force(r, t, u);
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
	double F = force(r, t, y[0]);
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
static int run_failed(const struct rg *r, struct diag *d)
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
	const double acc = (force(r, Y[0], Y[1]) - r->c * v - transit_H(r, r->tside, z)) / r->m;
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
	g[0] = r->tdir * force(r, Y[0], Y[1]) - r->Fexit;
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
		return run_failed(r, d);
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
				put(r, (struct sample){*t, y[0], 0.0, force(r, *t, y[0]) / r->m});
		}
	}
	if (rc == 0) {
		rc = transit_half(r, t, y, dir, sqrt(fmax(0.0, dir * y[1])), sqrt(r->vs), d);
		if (rc < 0)
			return -1;
	}
	if (rc == 0)
		y[1] = dir * r->vs;
	const double F = force(r, *t, y[0]);
	if (rc && *t < tend && !(dir * F > r->Fexit)) { /* caught: creep */
		r->mode = 0;
		y[1] = vstar(r, F);
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
	const double F = force(r, *t, y[0]);
	if (fabs(F) < r->Fexit) {
		r->mode = 0;
		y[1] = vstar(r, F);
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
	double a = accel(r, t, y);
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
	return (force(r, t, u) - r->c * *v - H) / r->m;
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
	/* a first step of about ht in t: z grows as |ü|τ/2, t as |ü|τ²/4 */
	o.h0 = fmin(z0 > 0 ? ht / z0 : INFINITY, a0 != 0 ? sqrt(4 * ht / fabs(a0)) : INFINITY);
	struct ode_end end;
	if (ode_run(&sys, &o, 0.0, Y, &end, d)) {
		if (budget_spent()) {
			/* said in t, u and u̇, not in τ and z, this phase's own */
			budget_at(Y[0], (const double[2]){Y[1], r->tg.uc + r->side * Y[2] * Y[2]},
				  2);
			return budget_refuse(d, 0, NULL, NULL);
		}
		return run_failed(r, d);
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
	 * rk8pd runs those (within the budget, or stopped by it) */
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
	return fabs(force(r, t, y[0])) < r->h + r->c * r->law.Delta;
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
	const double F0 = force(r, *t, y[0]);
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
		const double x = force(r, tend, y[0]) / Fl;
		y[1] = r->veps * x * fabs(x);
		*t = tend;
		return 0;
	}
	*t = tl;
	y[1] = force(r, tl, y[0]) >= 0 ? r->veps : -r->veps;
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
		y[1] = vstar(r, force(r, t, y[0]));
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
			const double F = force(r, t, y[0]);
			r->fsign = F > 0 ? 1 : F < 0 ? -1 : push_sign(r, t, y[0]);
			y[1] = vstar(r, F);
			take(r, t, y);
			mode->sys = (struct ode_system){1, creep_rhs, creep_event, r};
			rr->kind = RG_CREEP;
		} else {
			/* A reduced slip that starts inside the transition, or at
			 * its edge with the force not pushing on, creeps instead. */
			if (r->reduced &&
			    (r->mode * y[1] < r->vs ||
			     (r->mode * y[1] == r->vs && !(r->mode * accel(r, t, y) > 0) &&
			      !(fabs(force(r, t, y[0])) >= r->Fexit)))) {
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
				 * manifold at its own slow pace. */
				r->stiff = r->level = stiff_phase(r, t, y);
				if (r->stiff)
					mode->opts.jac = rg_jac;
			}
			r->t0 = t;
			r->v0 = y[1];
			r->still = !r->coulomb && !r->reduced && accel(r, t, y) == 0;
			if (r->record && !r->dense) { /* each step's end a sample */
				r->event = mode->sys.event;
				mode->sys.event = event_recorded;
			}
		}
		const double tmax = r->dense ? fmin(tend, t + step) : tend;
		mode->opts.tmax = tmax;
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
static int advance(struct rg *r, double *t, double y[], double tend, double step, struct diag *d)
{
	r->period_cap = (double)r->evals + RG_PERIOD_BUDGET;
	struct rg_run rr = {.r = r, .tend = tend, .step = step};
	struct phase_caps caps = phase_caps_default();
	caps.max_phases = 0; /* the evaluations are capped (spend) */
	const struct phase_system ps = {2, rg_next, &rr};
	struct phase_run run;
	const int rc = phase_run(&ps, &caps, *t, tend, y, NULL, &run, d);
	*t = run.t;
	return rc ? run_failed(r, d) : 0;
}

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
			sys = (struct ode_system){1, creep_rhs, NULL, k->r};
		int st = ode_solve_to(&sys, NULL, ODE_RK8PD, t - tt, ode_tolerance(1e-13), &tt, t,
				      y);
		if (st && !k->status)
			k->status = st;
	}
	if (creeping)
		y[1] = vstar(k->r, force(k->r, t, y[0]));
	const double q[3] = {y[0], y[1], accel(k->r, t, y)};
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
static int extremum(struct rg *r, size_t off, int sign, double *out, struct diag *d)
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

/* ---- the figures -------------------------------------------------------- */

/* Figs. 1-4: u, u̇ and ü over two periods from s0 on (t from s0's time),
 * with the friction force H = P sin ωt − c u̇ − k u − m ü that eq. (9)
 * leaves (for Coulomb at rest: the static force). The samples cover the
 * two periods, or, in the steady state, the first, which the second
 * repeats (to the 1e-9 of the steady test): it is drawn again T later. */
static void motion_figures(const struct rg *r, const struct sample *s0, double T, bool steady,
			   struct figures *fs)
{
	struct table *tab =
		figures_table(fs, "motion", "t [s]|u [m]|du [m/s]|ddu [m/s^2]|H [N]|stick");
	for (int rep = 0; rep < (steady ? 2 : 1); rep++)
		for (size_t i = rep; i <= r->ns; i++) {
			const struct sample *q = i ? &r->s[i - 1] : s0;
			if (rep && q->t <= s0->t)
				continue; /* the period's start: the first's end */
			double H = force(r, q->t, q->u) - r->c * q->v - r->m * q->a;
			double stuck = r->coulomb && q->v == 0 && q->a == 0;
			const double row[6] = {q->t - s0->t + rep * T, q->u, q->v, q->a, H, stuck};
			table_row(tab, row);
		}
	static const char *const name[] = {"u", "du", "ddu"};
	static const char *const label[] = {"u [m]", "u̇ [m/s]", "ü [m/s²]"};
	static const char *const title[] = {"Displacement u", "Velocity u̇", "Acceleration ü"};
	char buf[128];
	struct figure *f =
		figure_add(fs, "motion",
			   steady ? "u, u̇ and ü over two periods of the steady state"
				  : "u, u̇ and ü over two periods (the steady state NOT reached)",
			   "t [s], from a period's start", "u [m], u̇ [m/s], ü [m/s²]");
	for (size_t c = 1; c <= 3; c++)
		figure_curve_from(f, label[c - 1], CURVE_LINE, tab, 0, c);
	/* runs overlaid (sweep Delta ... plot): their displacements, the
	 * papers' amplitude curves */
	f->curves[0].family = FAMILY_KEY;
	f->family = xstrdup(steady ? "Displacement u [m] over two steady periods for {runs}"
				   : "Displacement u [m] over two periods for {runs}");
	for (size_t c = 1; c <= 3; c++) {
		snprintf(buf, sizeof buf, "%s over two periods%s", title[c - 1],
			 steady ? " of the steady state" : " (the steady state NOT reached)");
		f = figure_add(fs, name[c - 1], buf, "t [s], from a period's start", label[c - 1]);
		figure_curve_from(f, label[c - 1], CURVE_LINE, tab, 0, c);
	}
	/* the force the friction exerts, against its level h (which law (8)
	 * reaches at |u̇| ≥ Δ, Coulomb's whenever it slips; (10) peaks above) */
	snprintf(buf, sizeof buf, "Friction force H(t) over two periods%s",
		 steady ? " of the steady state" : " (the steady state NOT reached)");
	f = figure_add(fs, "force", buf, "t [s], from a period's start", "H [N]");
	figure_curve_from(f, "H(t) [N]", CURVE_LINE, tab, 0, 4);
	const double t1 = tab->nrows ? table_at(tab, tab->nrows - 1, 0) : 0;
	struct curve *b = figure_curve(f, "±h", CURVE_DASHED);
	curve_point(b, 0, r->law.h);
	curve_point(b, t1, r->law.h);
	curve_point(b, NAN, NAN);
	curve_point(b, 0, -r->law.h);
	curve_point(b, t1, -r->law.h);
}

/* A pair of vertical marks at ±x, one curve (NaN breaks it in two). */
static void marks(struct figure *f, const char *label, double x, double y)
{
	struct curve *c = figure_curve(f, label, CURVE_DASHED);
	curve_point(c, -x, -y);
	curve_point(c, -x, y);
	curve_point(c, NAN, NAN);
	curve_point(c, x, -y);
	curve_point(c, x, y);
}

/* The law H(u̇) of eq. (8) or (10) (or tanh, or Coulomb), sampled densely
 * towards each joint, where a quarter ellipse has its vertical tangent,
 * with the transition's widths marked. */
static void law_figure(const struct rg *r, enum law_id li, double vmax, struct figures *fs)
{
	const struct drylaw *law = &r->law;
	/* u̇ to 2.5 times the law's outermost joint; Coulomb's has none: as far
	 * as the motion goes */
	double outer = law->kind == DRYLAW_ELLIPTIC_PEAK ? law->Delta + 2 * law->Delta_a
		       : law->kind == DRYLAW_COULOMB	 ? 0.4 * vmax
							 : law->Delta;
	if (!(outer > 0))
		outer = 1;
	const double V = 2.5 * outer;
	char buf[128];
	snprintf(buf, sizeof buf, "The friction law H(u̇): %s%s", law_get(li)->title,
		 law->kind == DRYLAW_COULOMB ? " (set-valued at rest)" : "");
	struct figure *f = figure_add(fs, "H", buf, "u̇ [m/s]", "H [N]");
	static const char *const label[LAW_COUNT] = {[LAW_ELLIPTIC] = "H(u̇), law (8)",
						     [LAW_ELLIPTIC_PEAK] = "H(u̇), law (10)",
						     [LAW_COULOMB] =
							     "H(u̇) = h sgn u̇, |H| ≤ h at rest",
						     [LAW_TANH] = "H(u̇) = h tanh(u̇/Δ)"};
	struct curve *c = figure_curve(f, label[li], CURVE_LINE);
	if (law->kind == DRYLAW_COULOMB) {
		curve_point(c, -V, -law->h);
		curve_point(c, 0, -law->h);
		curve_point(c, 0, law->h);
		curve_point(c, V, law->h);
		return;
	}
	double br[10];
	size_t nb = 0;
	br[nb++] = -V;
	double j[8];
	size_t nj = drylaw_joints(law, j, 8);
	for (size_t i = 0; i < nj; i++)
		if (j[i] > -V && j[i] < V)
			br[nb++] = j[i];
	br[nb++] = V;
	const int per = 200;
	for (size_t b = 0; b + 1 < nb; b++)
		for (int i = b ? 1 : 0; i <= per; i++) {
			/* Chebyshev spacing: dense at both ends of the piece */
			double x = br[b] + (br[b + 1] - br[b]) * 0.5 * (1 - cos(M_PI * i / per));
			curve_point(c, x, drylaw_H(law, x));
		}
	const double top =
		1.1 * (law->kind == DRYLAW_ELLIPTIC_PEAK ? law->h * (1 + law->Delta_a / law->Delta)
							 : law->h);
	if (law->kind == DRYLAW_ELLIPTIC_PEAK) {
		marks(f, "u̇ = ±(Δ + Δ_a): the peak h + h_a", law->Delta + law->Delta_a, top);
		marks(f, "u̇ = ±(Δ + 2Δ_a): back to h", law->Delta + 2 * law->Delta_a, top);
	} else {
		marks(f, "u̇ = ±Δ", law->Delta, top);
	}
}

static void ragulskis_figures(const struct rg *r, const struct sample *s0, double T, bool steady,
			      enum law_id li, struct figures *fs)
{
	motion_figures(r, s0, T, steady, fs);
	double vmax = fabs(s0->v);
	for (size_t i = 0; i < r->ns; i++)
		vmax = fmax(vmax, fabs(r->s[i].v));
	law_figure(r, li, vmax, fs);
}

/* The figures drawn when first looked at (figures_later). Their samples:
 * the measured period again from its start, one every `step` (the answers
 * came from the steps' own ends, the same with figures or without), and,
 * short of the steady state, the period after it: a second integration,
 * half of a solve with figures (ragulskis: 2.0 of 4.2 ms in-process,
 * ragulskis-coulomb 1.5 of 1.9), which `solve` paid whether or not `plot`
 * followed. The run's state at the measured period's start is the solve's,
 * copied, with its buffer of samples. */
struct rg_later {
	struct rg r;
	struct sample s0;
	double T, step, tend;
	int mode0;
	bool steady;
	enum law_id li;
};

static void rg_later_draw(struct figures *fs, void *p)
{
	struct rg_later *l = p;
	struct rg *r = &l->r;
	struct diag d;
	r->ns = 0;
	r->dense = true;
	r->mode = l->mode0;
	r->h_next = 0;
	double tf = l->s0.t, yf[2] = {l->s0.u, l->s0.v};
	/* the run was done once without failing: a failure here (an
	 * interrupt) leaves no figure */
	if (!advance(r, &tf, yf, l->tend, l->step, &d))
		ragulskis_figures(r, &l->s0, l->T, l->steady, l->li, fs);
}

static void rg_later_drop(void *p)
{
	struct rg_later *l = p;
	free(l->r.s);
	free(l);
}

/* ---- the steady state --------------------------------------------------- */

/* The friction's sign at a start from (t, y): as at t = 0. */
static int start_mode(struct rg *r, double t, double y[])
{
	const double F = force(r, t, y[0]);
	if (r->reduced) {
		if (fabs(y[1]) >= r->vs)
			return y[1] > 0 ? 1 : -1;
		/* inside the layer with the force beyond the fold: a crossing
		 * that the run goes on with (rg_next) */
		if (fabs(F) > r->Fexit)
			return F > 0 ? 1 : -1;
		r->mode = 0;
		y[1] = vstar(r, F);
		return 0;
	}
	return y[1] > 0 ? 1 : y[1] < 0 ? -1 : fabs(F) <= r->hs ? 0 : F > 0 ? 1 : -1;
}

/* Periods one after another from (t, y) = (jT, ·) until the state repeats
 * or n reaches `upto`: j counts every period integrated, n those of this
 * run (the motion's own from t = 0, or the two that test a fixed point). */
static int run_periods(struct rg *r, double *t, double y[], long *j, long *n, long upto, double T,
		       double step, struct num_settle *conv, bool *steady, struct diag *d)
{
	while (*n < upto && !*steady) {
		const double prev[2] = {y[0], y[1] / r->w};
		if (advance(r, t, y, (double)(*j + 1) * T, step, d))
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
		r->mode = start_mode(r, t, y);
	r->stuck = 0;
	if (advance(r, &t, y, (double)(*j + 1) * T, step, d))
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

/* The transient periods run before the shooting starts, and the most
 * iterations it may take. */
enum { SHOOT_TRANSIENT = 2, SHOOT_ITER = 12 };

struct shooting {
	long transient;	    /* periods run before it */
	int iterations;	    /* of Newton's method */
	bool converged;	    /* to the steady test's tolerance */
	const char *why;    /* not converged: why it gave up */
	double rho;	    /* the largest |eigenvalue| of the period map's Jacobian */
	double change, tol; /* converged: the last |P(x) − x| and the test's tolerance */
	double next[2];	    /* P of the transient's end, scaled: where a run goes on */
	int next_mode;	    /* Coulomb: the friction's sign there */
};

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
static int shoot(struct rg *r, double *t, double y[], long *j, long periods, double T, double step,
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

/* The law the parameters choose (a row of dyn/law.c's registry). */
static enum law_id rg_law(const struct model_input *in)
{
	return law_id(law_chosen(&r_params[R_LAW], in->choice[R_LAW]));
}

/* The domain where a solve answers, in a bounded time (a second or two)
 * and with finite numbers. Every magnitude within 1e9 of 1 (squares and
 * ratios of them stay finite and far from rounding); then the ratios of
 * the oscillator's own rates to ω, which set the steps per period: the
 * spring's k/(mω²), the damper's c/(mω) and, for a smooth law, the
 * transition's h/(mωΔ). What is left unbounded inside (a mass that
 * friction holds creeps at ever smaller speeds under the elliptic laws'
 * vertical tangent at u̇ = 0, each step shorter than the last) the solve's
 * budget of steps stops (RG_BUDGET). */
#define RG_BIG	 1e9
#define RG_KAPPA 1e5
#define RG_GAMMA 1e3
#define RG_ETA	 5e3
/* Law (8)'s own limit on h/(mωΔ) for inner auto to integrate: its phases
 * inside the transition run implicitly (stiff_phase) and the layer about
 * u̇ = 0 is crossed on the manifold (layer), 30 to 60 ms a solve over
 * h/(mωΔ) = 3200 .. 6400 and under 0.1 s at 2e4; above, reduced. */
#define RG_ETA_LAW8 2e4
/* tangent_phase's limit on h/(mωΔ) (see there) */
#define RG_TANGENT_ETA 100
/* Whether the transition of law (8) or tanh is reduced to its slow
 * manifold: asked (inner reduce), or left to auto and too narrow to
 * integrate, h/(mωΔ) above RG_ETA. */
static bool ragulskis_reduced(const struct model_input *in)
{
	const double *p = in->num;
	const enum law_id law = rg_law(in);
	if ((law != LAW_ELLIPTIC && law != LAW_TANH) || !(p[R_H] > 0))
		return false;
	const int inner = in->choice[R_INNER];
	const double lim = law == LAW_ELLIPTIC ? RG_ETA_LAW8 : RG_ETA;
	return inner == 2 || (inner == 0 && p[R_H] / (p[R_M] * p[R_OMEGA] * p[R_DELTA]) > lim);
}

static int ragulskis_check(const struct model_input *in, struct diag *d)
{
	const double *p = in->num;
	const double periods = p[R_PERIODS];
	if (periods != floor(periods) || periods > 1e7)
		return diag_set(d, "periods = %g: must be a whole number of periods (at most 10⁷)",
				periods);
	static const int positive[] = {R_M, R_OMEGA, R_DELTA, R_DELTA_A};
	for (size_t i = 0; i < sizeof positive / sizeof *positive; i++) {
		const double v = p[positive[i]];
		if (!(v >= 1 / RG_BIG && v <= RG_BIG))
			return diag_set(d,
					"%s = %g: outside 1e-9..1e9 %s, where the model's "
					"products and ratios of scales stay finite",
					r_params[positive[i]].name, v, r_params[positive[i]].unit);
	}
	static const int bounded[] = {R_C, R_K, R_P, R_H, R_U0, R_V0};
	for (size_t i = 0; i < sizeof bounded / sizeof *bounded; i++) {
		const double v = p[bounded[i]];
		if (!(fabs(v) <= RG_BIG))
			return diag_set(d,
					"%s = %g: beyond 1e9 %s, where the model's products "
					"and ratios of scales stay finite",
					r_params[bounded[i]].name, v, r_params[bounded[i]].unit);
	}
	const double m = p[R_M], w = p[R_OMEGA], h = p[R_H];
	const double kappa = p[R_K] / (m * w * w), gamma = p[R_C] / (m * w);
	if (kappa > RG_KAPPA)
		return diag_set(d,
				"k/(mω²) = %.3g: above 1e5, the spring's period 2π√(m/k) would "
				"be over 300 times shorter than the forcing's 2π/ω = %.3g s, "
				"too many steps per period; raise omega or m, or lower k",
				kappa, 2 * M_PI / w);
	if (gamma > RG_GAMMA)
		return diag_set(d,
				"c/(mω) = %.3g: above 1e3, the damper's time m/c would be over "
				"1000 times shorter than the forcing's 1/ω = %.3g s, too many "
				"steps per period; raise omega or m, or lower c",
				gamma, 1 / w);
	const enum law_id law = rg_law(in);
	if (law == LAW_COULOMB) /* exact Coulomb: no transition, sticking is exact */
		return 0;
	const int inner = in->choice[R_INNER];
	if (inner == 2 && law != LAW_ELLIPTIC && law != LAW_TANH)
		return diag_set(d,
				"inner = reduce: only law (8), elliptic, and tanh have their "
				"transition reduced (law %s has not); use inner auto or integrate",
				law_get(law)->name);
	if (inner == 2 && !(h > 0))
		return diag_set(d, "inner = reduce with h = 0: there is no friction, no "
				   "transition to reduce; use inner auto or integrate");
	/* reduced on request: only a narrow transition has a slow manifold
	 * that the motion keeps to (its relaxation, mΔ/h, short against the
	 * forcing's 1/ω), and only one whose damper is weaker than its
	 * friction there (cΔ ≤ h) creeps as E(v*) shapes it */
	if (inner == 2 && h / (m * w * p[R_DELTA]) < 10)
		return diag_set(d,
				"inner = reduce: h/(mωΔ) = %.3g, below 10: the transition is not "
				"narrow, so there is no slow manifold for the motion to keep to; "
				"narrow Delta first, or use inner auto or integrate",
				h / (m * w * p[R_DELTA]));
	if (inner == 2 && p[R_C] * p[R_DELTA] > h)
		return diag_set(d,
				"inner = reduce: cΔ = %.3g N is above h = %g N: the damper, not "
				"the friction, shapes the creep; use inner auto or integrate",
				p[R_C] * p[R_DELTA], h);
	if (ragulskis_reduced(in)) {
		/* A force below h only creeps the mass, at u̇ ≈ Δ(P/h)²/2 at the
		 * most (law (8); tanh: Δ atanh(P/h)): a displacement per period
		 * not far above the integration's absolute 1e-12 m is not
		 * resolved (at 1e-17 m its signs come out wrong), nor is where a
		 * spring that barely pulls centres it. */
		const double ph = p[R_P] / h;
		const double creep =
			p[R_P] < h ? p[R_DELTA] * (law == LAW_TANH ? atanh(ph) : ph * ph / 2) / w
				   : INFINITY;
		if (creep < 1e-6)
			return diag_set(
				d,
				"P = %g N against h = %g N: the force only creeps the mass, "
				"by about %s = %.2g m a period, too little for the "
				"integration's 1e-12 m to resolve to the digits printed; "
				"raise P, or lower h",
				p[R_P], h, law == LAW_TANH ? "Δ atanh(P/h)/ω" : "Δ(P/h)²/(2ω)",
				creep);
		return 0;
	}
	const double width = law == LAW_ELLIPTIC_PEAK ? fmin(p[R_DELTA], p[R_DELTA_A]) : p[R_DELTA];
	const double eta = h / (m * w * width);
	/* integrate asked for: any width, within the budget of evaluations
	 * (a motion that reverses without creeping crosses the transition in
	 * a few hundred steps; one held creeping runs out of it and says so) */
	if (eta > (law == LAW_ELLIPTIC ? RG_ETA_LAW8 : RG_ETA) && inner != 1)
		return diag_set(d,
				"h/(mωΔ) = %.3g: above 5e3, the friction's transition of width "
				"%.3g m/s would be crossed over 5000 times faster than the "
				"forcing's 1/ω = %.3g s, too many steps per period; widen Delta%s "
				"or use law coulomb%s",
				eta, width, 1 / w, law == LAW_ELLIPTIC_PEAK ? " or Delta_a" : "",
				law == LAW_ELLIPTIC || law == LAW_TANH
					? " (or inner auto or reduce: the "
					  "transition reduced to its slow manifold)"
					: "");
	return 0;
}

/* The strategy: the reduced transition (its creep speed v_s and the force
 * Fexit that ends a creep), the phases beside a vertical tangent, and the
 * mode at the start. */
static void ragulskis_setup(struct rg *r, const struct model_input *in, double y[2])
{
	const enum law_id li = rg_law(in);
	r->reduced = ragulskis_reduced(in);
	const double width =
		li == LAW_ELLIPTIC_PEAK ? fmin(r->law.Delta, r->law.Delta_a) : r->law.Delta;
	/* at every tolerance: in t, a looser one paid for each crossing of
	 * the tangent's square root with more steps than a tight one in τ
	 * (ragulskis-fig4 at 1e-6: 3.9 times the evaluations of 1e-12); a
	 * crossing a long step in τ gets wrong is taken again in t
	 * (tangent_phase) */
	r->tangent_ok = r->h / (r->m * r->w * width) <= RG_TANGENT_ETA;
	/* well above the integration's absolute error in u̇, or the level
	 * the stiff phases end at is lost in it (at rtol 1e-8, 7e-11 was) */
	r->veps = fmax(1e-7 * r->law.Delta, 100 * ode_tolerance(1e-12));
	if (r->reduced && r->law.kind == DRYLAW_TANH) {
		/* the creep where the manifold relaxes faster than RG_ETA·ω,
		 * (h/Δ) sech²(v/Δ) + c ≥ RG_ETA mω (c aside): where integrating
		 * would be as stiff as inner auto lets it be; beyond, the slip
		 * integrates the law itself */
		const double eta = r->h / (r->m * r->w * r->law.Delta);
		r->vs = r->law.Delta * acosh(sqrt(fmax(1.0, eta / RG_ETA)));
		r->Fexit = r->h * tanh(r->vs / r->law.Delta) + r->c * r->vs;
	} else if (r->reduced) {
		const double cD = r->c * r->law.Delta;
		r->vs = r->law.Delta;
		r->Fexit = r->h + cD;
		r->R = hypot(r->h, cD);
		r->phi0 = atan2(cD, r->h);
	}
	if (r->coulomb || r->reduced)
		r->mode = start_mode(r, 0, y);
}

/* Why a run that did not reach a steady state has no period results, in
 * the physics' words where it knows them: an undamped resonance that
 * friction cannot bound (Den Hartog: the energy a period, πPA against
 * 4hA, grows the amplitude A by π(P − 4h/π)/k a period whatever A), a mass
 * with no spring that drifts, a free decay creeping toward rest, or only
 * a cap reached too soon. */
static void rg_unsteady_why(const struct rg *r, const struct num_settle *conv, long j, char *why,
			    size_t n)
{
	const char *per = j == 1 ? "" : "s";
	const double w0 = r->k > 0 ? sqrt(r->k / r->m) : 0;
	const double grow = w0 > 0 ? M_PI * (r->P - 4 * r->h / M_PI) / r->k : 0;
	const double tol = conv->tol;
	if (r->c == 0 && w0 > 0 && fabs(r->w / w0 - 1) <= 1e-9 && grow > 0 &&
	    conv->change >= grow / 2) {
		snprintf(why, n,
			 "no steady state: at resonance (ω = √(k/m) = %g rad/s) with no damper "
			 "(c = 0), P = %g N above 4h/π = %.6g N: friction cannot bound the "
			 "motion, whose amplitude grows without bound, by π(P − 4h/π)/k = "
			 "%.3g m a period (Den Hartog)",
			 w0, r->P, 4 * r->h / M_PI, grow);
		return;
	}
	if (r->k == 0 && fabs(r->dv) <= tol && fabs(r->du) > tol) {
		snprintf(why, n,
			 "no steady state: with no spring (k = 0) the mass drifts, u̇ repeating "
			 "but u moving on by %.3g m a period, without bound",
			 r->du);
		return;
	}
	if (r->P == 0 && !r->coulomb) {
		snprintf(why, n,
			 "no steady state within %ld period%s: a free decay (P = 0), the mass "
			 "creeping toward rest%s ever more slowly (u = %.3g m, changing by "
			 "%.3g m in the last period against a tolerance of %.3g m), not "
			 "repeating over two successive periods; it comes to rest only as t → ∞",
			 j, per, r->k > 0 ? " at u = 0" : "", r->u_last, fabs(r->du), tol);
		return;
	}
	if (r->P == 0) {
		snprintf(why, n,
			 "no steady state within %ld period%s: a free decay (P = 0) not yet at "
			 "rest over two successive periods; Coulomb friction stops it for good "
			 "at the first turning point with k|u| ≤ h; raise periods",
			 j, per);
		return;
	}
	/* the relative tolerance as the docs write it, 1e-9 (not 1e-09) */
	char rtol[16];
	snprintf(rtol, sizeof rtol, "%.3g", conv->rtol);
	char *e0 = strstr(rtol, "e-0");
	if (e0)
		memmove(e0 + 2, e0 + 3, strlen(e0 + 3) + 1);
	if (conv->run == 1)
		snprintf(why, n,
			 "no steady state within %ld period%s: the motion repeated to %s over "
			 "the last period, not yet over two successive ones; raise periods",
			 j, per, rtol);
	else
		snprintf(why, n,
			 "no steady state within %ld period%s: the motion has not repeated to "
			 "%s over two successive periods (the last changed (u, u̇/ω) by %.3g m, "
			 "against a tolerance of %.3g m); raise periods",
			 j, per, rtol, conv->change, tol);
}

/* What the measured period gave: the extremes of u, u̇, ü and the stick. */
struct rg_found {
	double umax, umin, vmax, amin, amax, stick;
};

/* The worked steps. */
static void ragulskis_steps(struct strbuf *s, const struct rg *r, const struct model_input *in,
			    const struct shooting *sh, const struct num_settle *conv, long j,
			    bool steady, size_t steps_transient, const struct rg_found *f,
			    const char *why)
{
	const double *p = in->num;
	const enum law_id li = rg_law(in);
	model_step(s,
		   "Equation (9): m ü + c u̇ + k u = P sin ωt − H(u̇), m = %g kg, c = %g N·s/m, "
		   "k = %g N/m, P = %g N, ω = %g rad/s; u(0) = %g m, u̇(0) = %g m/s.",
		   r->m, r->c, r->k, r->P, r->w, p[R_U0], p[R_V0]);
	/* the law in the registry's words (dyn/law.c), with its numbers; Coulomb's
	 * row speaks of μ and the normal force, which this model calls h */
	const struct law *law = law_get(li);
	model_step(s, "Dry friction H(u̇) of magnitude h = %g N: %s%s%s.", r->h,
		   law->title[0] == '(' ? "Ragulskis's law " : "the ", law->title,
		   li == LAW_COULOMB	  ? " law, exact"
		   : law->title[0] == '(' ? ""
					  : " law");
	if (r->law.kind == DRYLAW_COULOMB)
		model_step(s, "  H = h sgn u̇ while slipping, |H| ≤ h at rest (set-valued).");
	else
		model_step(s, "  %s; Δ = %g m/s.", law->formula, r->law.Delta);
	if (r->law.kind == DRYLAW_ELLIPTIC_PEAK)
		model_step(
			s,
			"  Δ_a = %g m/s, h_a = h Δ_a/Δ = %g N, h + h_a = %g N; vertical tangents "
			"at 0 and ±(Δ + 1.5Δ_a) = ±%g m/s.",
			r->law.Delta_a, r->h * r->law.Delta_a / r->law.Delta,
			r->h + r->h * r->law.Delta_a / r->law.Delta,
			r->law.Delta + 1.5 * r->law.Delta_a);
	if (r->reduced && r->law.kind == DRYLAW_TANH)
		model_step(s,
			   "Strategy: the transition reduced to its slow manifold (h/(mωΔ) = "
			   "%.3g%s): where the speed relaxes into it faster than %g ω, |u̇| < v_s "
			   "= Δ acosh(√(h/(mωΔ)/%g)) = %.6g m/s, the mass creeps with u̇ = "
			   "v*(t, u), h tanh(v*/Δ) + c v* = P sin ωt − k u (Newton's method), "
			   "while |P sin ωt − k u| < h tanh(v_s/Δ) + c v_s = %.10g N; beyond, it "
			   "slips under the law itself from u̇ = ±v_s until u̇ is back there; a "
			   "slip that meets v_s with the force beyond F_exit the other way "
			   "reverses without sticking, through the layer integrated with u̇ as "
			   "the variable (dt/du̇ = m/(F − c u̇ − H)), not jumped. "
			   "Creep and slip integrated with rk8pd (tolerance 1e-12), their ends "
			   "located by Brent; ü taken as 0 on the creep. The speed lags the "
			   "manifold by about (dF/dt) m/(H′ + c)², at most P/(%g² mω) = %.2g m/s "
			   "at v_s, smaller inside; against SciPy's Radau on the full law (h = "
			   "3.2, Δ = 1e-5) u and u̇ agree to 2e-9, ü's extremes to 3e-6 m/s² "
			   "(the slip starts from the manifold's speed, not the lagging one).",
			   r->h / (r->m * r->w * r->law.Delta),
			   in->choice[R_INNER] == 2 ? ", inner reduce" : ", above 5e3", RG_ETA,
			   RG_ETA, r->vs, r->Fexit, RG_ETA, r->P / (RG_ETA * RG_ETA * r->m * r->w));
	else if (r->reduced)
		model_step(s,
			   "Strategy: the transition |u̇| < Δ reduced to its slow manifold "
			   "(h/(mωΔ) = %.3g%s): the speed relaxes into it in a time of order "
			   "mΔ/h = %.3g s, so the mass creeps with u̇ = v*(t, u), E(v*) + c v* = "
			   "P sin ωt − k u (in closed form), while |P sin ωt − k u| < h + cΔ, and "
			   "slips with H = ±h (law (8) beyond Δ) from u̇ = ±Δ once the force "
			   "passes it, until u̇ is back at ±Δ; a slip that meets ±Δ with the force "
			   "beyond the fold the other way reverses without sticking, through the "
			   "layer integrated with u̇ as the variable (dt/du̇ = m/(F − c u̇ − H), "
			   "in √|u̇| about the vertical tangent), not jumped. Creep and slip "
			   "integrated with "
			   "rk8pd (tolerance 1e-12), their ends located by Brent; ü taken as 0 on "
			   "the creep. Against the full law (8) the error is below "
			   "2Δ·(mωΔ/h)^⅓ = %.2g m in u and u̇ (it comes of the creep's end at "
			   "the fold, where the speed lags the manifold; measured on a family of "
			   "cases against the full law integrated: 0.3 to 1.3 times "
			   "Δ·(mωΔ/h)^⅓; a mass that reverses without creeping, far less), and of "
			   "order Δ^⅓ (h/m)^⅔ ω^⅓ = %.2g m/s² in ü near the fold.",
			   r->h / (r->m * r->w * r->law.Delta),
			   in->choice[R_INNER] == 2 ? ", inner reduce" : ", above 5e3",
			   r->m * r->law.Delta / r->h,
			   2 * r->law.Delta * cbrt(r->m * r->w * r->law.Delta / r->h),
			   cbrt(r->law.Delta * r->w) * pow(r->h / r->m, 2.0 / 3.0));
	else if (r->coulomb)
		model_step(s, "Strategy: event-driven. Slip phases with H = ±h fixed, integrated "
			      "with rk8pd (tolerance 1e-12) until u̇ = 0, located by Brent on the "
			      "step's interpolant; there the mass sticks if |P sin ωt − k u| ≤ h, "
			      "and stays until that force reaches h (scanned, then Brent), then "
			      "slips along it.");
	else
		model_step(s,
			   "Strategy: rk8pd (tolerance 1e-12) in phases cut where u̇ crosses a "
			   "joint of the law (%zu of them: u̇ = 0 and where a piece ends or has a "
			   "vertical tangent), each located by Brent on the step's interpolant. "
			   "Inside a phase the right-hand side is analytic, so the adaptive "
			   "step keeps its 8th order; the √ behaviour of a vertical tangent "
			   "only meets a phase's end, not a step's interior.",
			   r->nj);
	if (sh->iterations > 0 && sh->converged && steady)
		model_step(s,
			   "Steady state by shooting: %ld transient period%s, then Newton's "
			   "method on x ↦ S(x) − x for the period map S, x = (u, u̇/ω) at a "
			   "period's start (Jacobian by finite "
			   "differences, then Broyden's updates): converged in %d iteration%s, "
			   "|S(x) − x| = %.3g against tolerance %.3g; the fixed point attracts "
			   "(|eigenvalue| ≤ %.3g). Run from it, the motion repeats over two "
			   "successive periods (the last changed by %.3g against %.3g). %ld "
			   "period%s in all, %zu steps, %zu phase ends.",
			   sh->transient, model_plural(sh->transient), sh->iterations,
			   model_plural(sh->iterations), sh->change, sh->tol, sh->rho, conv->change,
			   conv->tol, j, model_plural(j), steps_transient, r->phases);
	else
		model_step(s,
			   "Steady state: (u, u̇/ω) at t = 2πj/ω compared with the period "
			   "before%s%s%s; "
			   "%s after %ld period%s of the motion (change %.3g against tolerance "
			   "%.3g); "
			   "%ld period%s integrated in all, %zu steps, %zu phase ends.",
			   sh->why ? " (shooting gave up: " : "", sh->why ? sh->why : "",
			   sh->why ? "; its trial periods are not the motion's, which was run on "
				     "from its transient instead)"
				   : "",
			   steady ? "repeated over two successive periods"
				  : "NOT repeated over two successive periods within the cap",
			   r->own, model_plural(r->own), conv->change, conv->tol, j,
			   model_plural(j), steps_transient, r->phases);
	const double w0 = r->k > 0 ? sqrt(r->k / r->m) : 0;
	if (w0 > 0 && fabs(r->w - w0) <= 0.05 * w0 && r->P > 4 * r->h / M_PI)
		model_step(s,
			   "Resonance (ω ≈ √(k/m) = %g) with P > 4h/π = %.6g (Den Hartog's "
			   "condition): the friction cannot bound the motion, only c does; "
			   "energy per period, πPA = πcωA² + 4hA, gives A ≈ (P − 4h/π)/(cω) = "
			   "%.6g.",
			   w0, 4 * r->h / M_PI,
			   r->c > 0 ? (r->P - 4 * r->h / M_PI) / (r->c * r->w) : INFINITY);
	if (steady)
		model_step(s,
			   "Over the next period: u from %.10g m to %.10g m (amp), max u̇ = %.10g "
			   "m/s, ü from %.10g to %.10g m/s²; stuck for a fraction stick_fraction = "
			   "%.6g of the period.",
			   f->umin, f->umax, f->vmax, f->amin, f->amax, f->stick);
	else
		model_step(s,
			   "No period results: %s. (The next period, "
			   "which does not repeat the one before: u from %.6g to %.6g, max u̇ = "
			   "%.6g, stuck for a fraction %.3g of it.)",
			   why, f->umin, f->umax, f->vmax, f->stick);
}

static int ragulskis_solve(const struct model_input *in, struct model_output *out, struct diag *d)
{
	const double *p = in->num;
	const enum law_id li = rg_law(in);
	struct rg r = {
		.law = {law_get(li)->drylaw, p[R_H], p[R_DELTA], p[R_DELTA_A]},
		.m = p[R_M],
		.c = p[R_C],
		.k = p[R_K],
		.P = p[R_P],
		.w = p[R_OMEGA],
		.h = p[R_H],
		.hs = p[R_H] * (1 + 1e-10),
		.coulomb = li == LAW_COULOMB,
	};
	r.nj = drylaw_joints(&r.law, r.joints, 8);
	const long periods = (long)p[R_PERIODS];
	/* what the periods asked for may take: 50000 evaluations each, and
	 * never less than RG_BUDGET (500 periods, the default) */
	r.budget = fmax(RG_BUDGET, 5e4 * (double)periods);
	const double T = 2 * M_PI / r.w, step = T / 2000;
	double t = 0, y[2] = {p[R_U0], p[R_V0]};
	ragulskis_setup(&r, in, y);
	bool steady = false;
	long j = 0;
	/* (u, u̇/ω) against the period before, to 1e-9 of its size or of the
	 * forcing's length scale (a thousandth of it: 1e-12 of it is the
	 * integration's own accuracy) */
	const double reach = fmax((r.P + r.h) / (r.k + r.m * r.w * r.w),
				  fmax(fabs(p[R_U0]), fabs(p[R_V0]) / r.w));
	/* 1e-9, or ten times a looser integration's tolerance: a
	 * repeat closer than the integration's own error is not seen */
	struct num_settle conv = {.rtol = fmax(1e-9, 10 * ode_tolerance(1e-12)),
				  .floor = 1e-3 * reach,
				  .cap = periods,
				  .need = 2};
	num_settle_start(&conv);
	struct shooting sh = {.transient = SHOOT_TRANSIENT};
	if (run_periods(&r, &t, y, &j, &r.own,
			labs(periods) < SHOOT_TRANSIENT ? periods : SHOOT_TRANSIENT, T, step, &conv,
			&steady, d))
		return -1;
	/* the shooting leaves two periods of the cap for the run to show that
	 * what it found repeats */
	const long shoot_cap = periods - 2;
	if (!steady && j < shoot_cap) {
		if (shoot(&r, &t, y, &j, shoot_cap, T, step, &conv, &sh, d))
			return -1;
		/* Newton's trials start where it puts them: the motion is steady
		 * only once a run repeats over two successive periods */
		conv.run = 0;
		long tested = 0;
		if (sh.converged &&
		    run_periods(&r, &t, y, &j, &tested, 2, T, step, &conv, &steady, d))
			return -1;
		if (!steady) {
			/* the trials are not the motion's: it goes on from where its
			 * transient left it, a period on (P of the transient's end),
			 * for `periods` of its own, so that u_end is u at t =
			 * (periods + 1)·2π/ω */
			if (sh.converged) {
				sh.converged = false;
				sh.why = "the run from its fixed point did not repeat over two "
					 "successive periods";
				conv.run = 0;
			}
			y[0] = sh.next[0];
			y[1] = sh.next[1] * r.w;
			if (r.coulomb || r.reduced)
				r.mode = sh.next_mode;
			t = (double)j * T;
			r.own++;
		}
	}
	if (run_periods(&r, &t, y, &j, &r.own, periods, T, step, &conv, &steady, d))
		return -1;
	const size_t steps_transient = r.steps;
	const struct sample s0 = {t, y[0], y[1], accel(&r, t, y)};
	const int mode0 = r.mode;
	r.record = true;
	r.stuck = 0; /* the measured period's stick, for stick_fraction */
	if (advance(&r, &t, y, (j + 1) * T, step, d)) {
		free(r.s);
		return -1;
	}
	const size_t off_v = offsetof(struct sample, v) / sizeof(double);
	const size_t off_a = offsetof(struct sample, a) / sizeof(double);
	const size_t off_u = offsetof(struct sample, u) / sizeof(double);
	/* Coulomb's extrema of u sit at u̇ = 0, a phase end (a sample); a
	 * smooth law's u̇ = 0 is no event, so they are located like the rest */
	double umax, umin, vmax, amin, amax;
	if (extremum(&r, off_u, 1, &umax, d) || extremum(&r, off_u, -1, &umin, d) ||
	    extremum(&r, off_v, 1, &vmax, d) || extremum(&r, off_a, -1, &amin, d) ||
	    extremum(&r, off_a, 1, &amax, d)) {
		free(r.s);
		return run_failed(&r, d);
	}
	/* of the measured period's own length, (j+1)T − jT: exactly 1 for a
	 * mass stuck throughout, whatever j's rounding */
	const double stick = r.coulomb ? r.stuck / (t - s0.t) : 0.0;
	/* inside the domain of ragulskis_check every one is finite; one that is
	 * not is refused, never printed */
	const struct named_result got[] = {{"amp", umax},  {"umin", umin},
					   {"vmax", vmax}, {"amin", amin},
					   {"amax", amax}, {"stick_fraction", stick},
					   {"u_end", y[0]}};
	if (model_require_finite(got, sizeof got / sizeof *got,
				 "the integration lost its accuracy at these scales; bring "
				 "m, k, c, h, P and omega nearer each other",
				 d)) {
		free(r.s);
		return -1;
	}

	char why[400] = "";
	if (steady) {
		/* a state that repeats to conv.tol is known to no better: at rest
		 * about u = 0 the extremes are the integration's rounding */
		const double tu = conv.tol, tv = tu * r.w, ta = tv * r.w;
		out->res[R_AMP] = value_number(fabs(umax) <= tu ? 0 : umax);
		out->res[R_UMIN] = value_number(fabs(umin) <= tu ? 0 : umin);
		out->res[R_VMAX] = value_number(fabs(vmax) <= tv ? 0 : vmax);
		out->res[R_AMIN] = value_number(fabs(amin) <= ta ? 0 : amin);
		out->res[R_AMAX] = value_number(fabs(amax) <= ta ? 0 : amax);
		out->res[R_STICK] = value_number(stick);
		out->res[R_UEND] = value_number(fabs(y[0]) <= tu ? 0 : y[0]);
	} else {
		rg_unsteady_why(&r, &conv, r.own, why, sizeof why);
		static const int period_results[] = {R_AMP,  R_UMIN, R_VMAX,
						     R_AMIN, R_AMAX, R_STICK};
		for (size_t i = 0; i < sizeof period_results / sizeof *period_results; i++)
			out->res[period_results[i]] = value_undefined(why);
	}
	out->res[R_STEADY] = value_bool(steady);
	out->res[R_CYCLES] = value_number((double)j);
	if (!steady)
		out->res[R_UEND] = value_number(y[0]);

	struct strbuf *s = out->steps;
	ragulskis_steps(s, &r, in, &sh, &conv, j, steady, steps_transient,
			&(struct rg_found){umax, umin, vmax, amin, amax, stick}, why);
	if (out->figs) {
		struct rg_later *l = xmalloc(sizeof(*l));
		*l = (struct rg_later){.r = r,
				       .s0 = s0,
				       .T = T,
				       .step = step,
				       .tend = (double)(j + (steady ? 1 : 2)) * T,
				       .mode0 = mode0,
				       .steady = steady,
				       .li = li};
		r.s = NULL; /* the samples' buffer is l's now */
		figures_later(out->figs, rg_later_draw, rg_later_drop, l);
	}
	free(r.s);
	return 0;
}

const struct model model_ragulskis = {
	.name = "ragulskis",
	.summary = "forced oscillator with elliptic or exact dry friction (Ragulskis 2018)",
	.params = r_params,
	.nparams = R_NPARAMS,
	.results = r_results,
	.nresults = R_NRESULTS,
	.solve = ragulskis_solve,
	.check = ragulskis_check,
};
