/* Imachi §5, the one-dimensional problem: a mass on a base that vibrates
 * along the applied force. In Imachi's units (§1) the base moves with
 * v = a cos τ and the mass's velocity u obeys, while it slips,
 * du/dτ = s + μ0 sgn(v − u) (eq. (2) on a line); once u = v it stays so
 * while |dv/dτ − s| ≤ μ1 (the end of §2).
 *
 * Two methods. `accurate`: slip phases (the friction's sign fixed, so u is
 * linear) in closed form, ∫u dτ a parabola, the crossing w = v − u = 0
 * the root of a cos τ − u(τ) by Brent; stick phases need no integration
 * (u = v) and end at the root of |a sin τ + s| = μ1, found with Brent on the
 * exact function. `graphical`: Imachi's construction on velocity curves
 * (Figs. 7-8), made exact to the polyline through the points τ_r = rΔτ of
 * the v-curve: u drawn as straight lines of slope s ± μ0, crossings where
 * such a line meets a chord, and the chord's slope in place of dv/dτ.
 *
 * Time runs period by period, τ counted from the start of the current
 * period (v is 2π-periodic), so that event times keep their precision
 * however many periods the limit cycle takes.
 *
 * Figures (Figs. 7-8): the phase ends are recorded as they pass (u is a
 * straight line between them while it slips), with samples of v along
 * the non-slip arcs; recording changes nothing of the run. */
#include <float.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "models/imachi.h"
#include "models/imachi1d_sys.h"
#include "models/model.h"
#include "num/num.h"
#include "num/roots.h"
#include "num/settle.h"
#include "util/xalloc.h"

enum { I_A, I_S, I_MU0, I_MU1, I_METHOD, I_N, I_U0, I_PERIODS, I_NPARAMS };
enum { I_U_MEAN, I_STICK_FRACTION, I_CONVERGED, I_CYCLES, I_DRIFT, I_NRESULTS };
enum { M_ACCURATE, M_GRAPHICAL };

static const struct param_spec i_params[I_NPARAMS] = {
	[I_A] = PARAM_NUMBER("a", "", 1.0, PARAM_AT_LEAST(0.0),
			     "amplitude of the base's velocity, v = a cos τ (ωV/g)"),
	[I_S] = PARAM_NUMBER("s", "", 0.3, PARAM_ANY, "applied force over the weight, S/mg"),
	[I_MU0] = PARAM_NUMBER("mu0", "", 0.5, PARAM_AT_LEAST(0.0),
			       "kinetic friction coefficient (while slipping)"),
	[I_MU1] = PARAM_NUMBER("mu1", "", 0.7, PARAM_AT_LEAST(0.0),
			       "static friction coefficient (non-slip), ≥ mu0"),
	[I_METHOD] = PARAM_CHOICE(
		"method", "accurate|graphical",
		"accurate (exact phases, crossings by Brent) or graphical (Imachi's Figs. 7-8 "
		"on the polyline through τ = rπ/n)"),
	[I_N] = PARAM_NUMBER("n", "", 12.0, PARAM_AT_LEAST(2.0),
			     "graphical: Δτ = π/n (an integer)"),
	[I_U0] = PARAM_NUMBER("u0", "", 0.0, PARAM_ANY, "the mass's velocity at τ = 0"),
	[I_PERIODS] =
		PARAM_NUMBER("periods", "", 200.0, PARAM_AT_LEAST(1.0),
			     "the most periods run while looking for the limit cycle (an integer)"),
};

static const struct result_spec i_results[I_NRESULTS] = {
	[I_U_MEAN] = RESULT_NUMBER("u_mean", "",
				   "mean of u over the last period, ∫u dτ/2π (a cycle that slips "
				   "throughout: over the period map's fixed point, the "
				   "construction's with method graphical, to the rounding of its "
				   "phases, a few 1e-16 of max(a, |s|, μ0) each)"),
	[I_STICK_FRACTION] = RESULT_NUMBER("stick_fraction", "",
					   "time without slip in the last period, over 2π"),
	[I_CONVERGED] = RESULT_BOOL_VERDICT(
		"converged", VERDICT_REACHED,
		"whether u(2πk) repeated to 1e-9 (the limit cycle was reached)"),
	[I_CYCLES] = RESULT_NUMBER("cycles", "", "periods run"),
	[I_DRIFT] = RESULT_NUMBER(
		"drift", "",
		"(u(2πk) − u(2π(k−1)))/2π: the mean acceleration over the last period"),
};

#define MAX_EVENTS 32	       /* events of one period kept for the steps */
#define MAX_PHASES 100000      /* phases in one period: more is a bug or a degenerate case */
#define STICK_SCAN (M_PI / 64) /* grid of the search for the end of a stick */

enum ev_kind { EV_STICK, EV_PASS, EV_RELEASE };

struct event {
	enum ev_kind kind;
	double t, u;
	double slope; /* dv/dτ there (the chord's slope for `graphical`) */
	int sigma;    /* the friction's sign after the event */
};

/* One period's record. */
struct period {
	double U;     /* ∫u dτ over the period */
	double stick; /* time stuck */
	size_t nev, nphases;
	struct event ev[MAX_EVENTS];
};

static void period_event(struct period *p, enum ev_kind k, double t, double u, double slope,
			 int sigma)
{
	if (p->nev < MAX_EVENTS)
		p->ev[p->nev] = (struct event){k, t, u, slope, sigma};
	p->nev++;
}

static int sgn(double x)
{
	return (x > 0) - (x < 0);
}

/* The base's velocity as the run sees it: a cos τ, or for `graphical` the
 * polyline through the nodes τ_r = rΔτ. */
static double base_v(const struct imachi1d *m, double t)
{
	if (!m->graphical)
		return m->a * cos(t);
	int j = (int)floor(t / m->dt);
	j = j < 0 ? 0 : j >= 2 * m->n ? 2 * m->n - 1 : j;
	return node_v(m, j) + (node_v(m, j + 1) - node_v(m, j)) / m->dt * (t - j * m->dt);
}

/* u at t (from the period's start), in the state m->mode from there on. */
static void trace(const struct imachi1d *m, double t, double u)
{
	if (!m->tr)
		return;
	const double row[4] = {TWO_PI * (double)m->tr->k + t, u, base_v(m, t), m->mode == 0};
	imachi_trace_row(m->tr->cur, row, 2);
	if (m->tr->k < SHOW_PERIODS && m->tr->first)
		imachi_trace_row(m->tr->first, row, 2);
}

/* A non-slip arc of the accurate run, u = v = a cos τ, from t0 to t1. */
static void trace_arc(const struct imachi1d *m, double t0, double t1)
{
	if (!m->tr)
		return;
	for (double t = (floor(t0 / ARC_STEP) + 1) * ARC_STEP; t < t1; t += ARC_STEP)
		trace(m, t, m->a * cos(t));
}

/* ---- accurate ---------------------------------------------------------- */

/* The friction (per unit weight) that keeps u = v: dv/dτ − s. */
static double stick_force(const struct imachi1d *m, double t)
{
	return -m->a * sin(t) - m->s;
}

static double release_fn(double t, void *p)
{
	const struct imachi1d *m = p;
	return fabs(stick_force(m, t)) - m->mu1;
}

/* The end of a stick that holds at t0: the first t ≥ t0 where |a sin t + s|
 * exceeds μ1, or INFINITY when it never does (a + |s| ≤ μ1). The scan's
 * grid, multiples of π/64, holds the extrema π/2 + kπ of a sin t, so no
 * excursion above μ1 falls between two of its points; Brent then finds the
 * root on the exact function inside the bracket where the sign changed. */
static int release_after(struct imachi1d *m, double t0, double *tr, struct diag *d)
{
	/* a stick that |a sin t + s| only touches μ1 to rounding holds */
	const double eps = 1e-13 * (m->a + fabs(m->s) + m->mu1);
	if (m->a + fabs(m->s) <= m->mu1 + eps) {
		*tr = INFINITY;
		return 0;
	}
	/* two periods of the grid reach the first excursion wherever t0 is */
	const struct num_scan scan = {.lo = t0,
				      .hi = (floor(t0 / STICK_SCAN) + 2 * 128 + 2) * STICK_SCAN,
				      .step = STICK_SCAN,
				      .anchor = 0,
				      .level = eps,
				      .epsrel = 1e-15,
				      .what = "the end of a non-slip period"};
	if (num_first_crossing(release_fn, m, &scan, tr, d))
		return -1;
	if (isfinite(*tr))
		return 0;
	return diag_set(d,
			"no end found for the non-slip period from τ = %.6g although "
			"a + |s| > mu1",
			t0);
}

/* The next t' > t where w' = −a sin t' − s − σμ0 vanishes (w's extrema), or
 * INFINITY. Phases end there too, so that w is monotone in each and no
 * pair of crossings can hide inside one step. */
static double next_w_extremum(const struct imachi1d *m, double t)
{
	if (!(m->a > 0))
		return INFINITY;
	double c = -(m->s + m->sigma * m->mu0) / m->a;
	if (!(fabs(c) < 1))
		return INFINITY;
	double r[2] = {asin(c), M_PI - asin(c)}, best = INFINITY;
	for (int i = 0; i < 2; i++) {
		double x = r[i] + TWO_PI * ceil((t - r[i]) / TWO_PI);
		if (x <= t + 1e-12)
			x += TWO_PI;
		best = fmin(best, x);
	}
	return best;
}

/* w = v − u along a slip from (t0, u0): u = u0 + (s + σμ0)(t − t0). */
struct slip_line {
	const struct imachi1d *m;
	double t0, u0, k;
};

static double slip_w(double t, void *p)
{
	const struct slip_line *l = p;
	return l->m->a * cos(t) - (l->u0 + l->k * (t - l->t0));
}

/* A slip phase from (*t, m->u) to te, in closed form: u is linear, ∫u dτ a
 * parabola, and the crossing w = v − u = 0 (w is monotone up to te, the
 * next extremum of w) the root of a cos τ − u(τ) by Brent to 1e-15, on its
 * far side. A w that starts at 0 (the phase leaves the crossing) or moves
 * away from 0 has no crossing before te. *t, m->u and *U advanced; *event
 * says whether the phase ended at the crossing. */
static int slip_closed(struct imachi1d *m, double *t, double te, double *U, bool *event,
		       struct diag *d)
{
	struct slip_line l = {m, *t, m->u, m->s + m->sigma * m->mu0};
	const double w0 = slip_w(*t, &l), w1 = slip_w(te, &l);
	double t1 = te;
	*event = (w0 < 0 && w1 >= 0) || (w0 > 0 && w1 <= 0);
	if (*event && w1 != 0) {
		struct num_root r;
		if (num_brent(slip_w, &l, *t, te, 1e-300, 1e-15, &r, "a slip's end (w = 0)", d))
			return -1;
		t1 = r.hi;
	}
	const double dt = t1 - *t;
	*U += l.u0 * dt + 0.5 * l.k * dt * dt;
	m->u = l.u0 + l.k * dt;
	*t = t1;
	return 0;
}

/* One period, t from 0 to 2π, by the accurate method. */
static int period_accurate(struct imachi1d *m, struct period *p, struct diag *d)
{
	double t = 0;
	while (t < TWO_PI) {
		if (++p->nphases > MAX_PHASES)
			return diag_set(d, "more than %d phases in one period", MAX_PHASES);
		if (m->mode == 0) {
			double tr = INFINITY;
			if (release_after(m, t, &tr, d))
				return -1;
			double te = fmin(tr, TWO_PI);
			p->U += m->a * (sin(te) - sin(t)); /* u = v = a cos τ */
			p->stick += te - t;
			trace_arc(m, t, te);
			t = te;
			m->u = m->a * cos(t);
			trace(m, t, m->u);
			if (tr < TWO_PI) {
				double f = stick_force(m, t);
				m->mode = sgn(f);
				period_event(p, EV_RELEASE, t, m->u, f + m->s, m->mode);
				trace(m, t, m->u);
			}
			continue;
		}
		m->sigma = m->mode;
		const double te = fmin(TWO_PI, next_w_extremum(m, t));
		bool event;
		if (slip_closed(m, &t, te, &p->U, &event, d))
			return -1;
		if (!event) {
			trace(m, t, m->u);
			continue;
		}
		double f = stick_force(m, t);
		if (fabs(f) <= m->mu1) {
			m->mode = 0;
			m->u = m->a * cos(t);
			period_event(p, EV_STICK, t, m->u, f + m->s, 0);
		} else {
			m->mode = -m->mode;
			period_event(p, EV_PASS, t, m->u, f + m->s, m->mode);
		}
		trace(m, t, m->u);
	}
	return 0;
}

static int period_graphical(struct imachi1d *m, struct period *p, struct diag *d);

/* One period by the run's method. */
static int period_run(struct imachi1d *m, struct period *p, struct diag *d)
{
	return m->graphical ? period_graphical(m, p, d) : period_accurate(m, p, d);
}

/* The period map P(u) = u(2π) from u(0) = u, slipping at the start. */
static int period_map(const struct imachi1d *m0, double u, struct period *p, double *Pu,
		      struct diag *d)
{
	struct imachi1d m = *m0;
	m.tr = NULL;
	m.u = u;
	m.mode = sgn(m.a - u);
	*p = (struct period){0};
	if (m.mode == 0 || period_run(&m, p, d))
		return -1;
	*Pu = m.u;
	return 0;
}

/* A slip-only limit cycle as the period map's fixed point u* = P(u*): the
 * iteration stops where u(2πk) repeats to 1e-9, and the cycle's u_mean
 * held only that (at s = 1e-9 it was 10% off, below it 0). P is smooth
 * there, each crossing moving with u, and contracts (P' = λ < 1), so the
 * secant method on g(u) = P(u) − u from the last two periods' starts
 * converges in a few periods more. The root is kept where its period has
 * the same crossings as the iterate's and |g| fell; *bound is what is left
 * of u_mean's error: |g|/|1 − λ| moved over the period, and the rounding
 * of ∫u dτ over its phases. Returns whether it polished: then *last is
 * the period from u*, and m->u its end P(u*). */
static bool cycle_polish(struct imachi1d *m, struct period *last, double u_prev, double *ustar,
			 double *bound)
{
	const double scale = imachi_scale(m->a, m->s, m->mu0);
	struct diag scratch = {0};
	double u0 = u_prev, g0 = m->u - u_prev, u1 = m->u, g1, P;
	struct period p1, best = *last;
	double best_u = u1, best_g = g0, slope = NAN;
	bool polished = false;
	if (last->stick > 0 || period_map(m, u1, &p1, &P, &scratch))
		goto out;
	g1 = P - u1;
	for (int i = 0; i < 12 && g1 != 0 && g1 != g0; i++) {
		slope = (g1 - g0) / (u1 - u0); /* λ − 1 */
		const double u2 = u1 - g1 / slope;
		struct period p2;
		if (!isfinite(u2) || period_map(m, u2, &p2, &P, &scratch) || p2.stick > 0 ||
		    p2.nev != last->nev)
			break;
		u0 = u1, g0 = g1, u1 = u2, g1 = P - u2, p1 = p2;
		if (fabs(g1) < fabs(best_g)) {
			best_u = u1, best_g = g1, best = p1;
			polished = true;
		}
		if (fabs(g1) <= 4 * DBL_EPSILON * scale)
			break;
	}
out:;
	const double rounding = 4 * DBL_EPSILON * scale * (double)(best.nphases + 2);
	*bound = (isfinite(slope) && slope < 0 ? fabs(best_g / slope) : fabs(best_g)) + rounding;
	if (polished) {
		*last = best;
		*ustar = best_u;
		m->u = best_u + best_g;
	}
	return polished;
}

/* ---- graphical --------------------------------------------------------- */

/* The polyline through the nodes, on chord j. */
static double poly_v(const struct imachi1d *m, int j, double t)
{
	return node_v(m, j) + chord_slope(m, j) * (t - j * m->dt);
}

/* One period by Imachi's construction on the polyline: 2n chords. */
static int period_graphical(struct imachi1d *m, struct period *p, struct diag *d)
{
	double t = 0;
	int j = 0;
	/* every chord is a step of the loop: 2n of them besides the events */
	const size_t max_phases = MAX_PHASES + 2 * (size_t)m->n;
	while (j < 2 * m->n) {
		if (++p->nphases > max_phases)
			return diag_set(d, "more than %zu phases in one period", max_phases);
		double t1 = (j + 1) * m->dt, c = chord_slope(m, j);
		if (m->mode == 0) {
			if (fabs(c - m->s) > m->mu1) {
				/* the chord is steeper than C or C' allows: slip
				 * starts at its first point (Fig. 8, τ'_2) */
				m->mode = sgn(c - m->s);
				period_event(p, EV_RELEASE, t, m->u, c, m->mode);
				trace(m, t, m->u);
				continue;
			}
			double u1 = node_v(m, j + 1);
			p->U += 0.5 * (m->u + u1) * (t1 - t);
			p->stick += t1 - t;
			m->u = u1;
			t = t1;
			j++;
			if (m->tr && j % m->tr->node_stride == 0)
				trace(m, t, m->u);
			continue;
		}
		int sg = m->mode;
		double slope = m->s + sg * m->mu0; /* parallel to B (σ = +1) or B' */
		double ws = poly_v(m, j, t) - m->u;
		double we = ws + (c - slope) * (t1 - t);
		if (sg * (c - slope) < 0 && sg * we <= 0) {
			/* the u-line meets the chord: solve on the chord */
			double tc = t + ws / (slope - c);
			tc = fmin(fmax(tc, t), t1);
			double uc = poly_v(m, j, tc);
			p->U += 0.5 * (m->u + uc) * (tc - t);
			m->u = uc;
			t = tc;
			if (fabs(c - m->s) <= m->mu1) {
				m->mode = 0;
				period_event(p, EV_STICK, t, uc, c, 0);
			} else {
				m->mode = -sg;
				period_event(p, EV_PASS, t, uc, c, m->mode);
			}
			trace(m, t, uc);
			continue;
		}
		double u1 = m->u + slope * (t1 - t);
		p->U += 0.5 * (m->u + u1) * (t1 - t);
		m->u = u1;
		t = t1;
		j++;
	}
	trace(m, t, m->u);
	return 0;
}

/* ---- the run ----------------------------------------------------------- */

static const char *side(int sigma)
{
	return sigma > 0 ? "u below v, slope s + μ0 (parallel to B)"
			 : "u above v, slope s − μ0 (parallel to B')";
}

static void steps_events(const struct imachi1d *m, const struct period *p, double t_start,
			 bool graphical, struct strbuf *s)
{
	const char *dv = graphical ? "chord slope" : "dv/dτ";
	size_t shown = p->nev < MAX_EVENTS ? p->nev : MAX_EVENTS;
	if (!shown)
		model_step(s, "  no crossing and no change of phase in this period.");
	for (size_t i = 0; i < shown; i++) {
		const struct event *e = &p->ev[i];
		double f = e->slope - m->s;
		switch (e->kind) {
		case EV_STICK:
			model_step(s,
				   "  τ = %.10g (+%.10g): u meets v at u = %.10g; %s − s = %.10g, "
				   "within ±μ1: non-slip from here.",
				   t_start + e->t, e->t, e->u, dv, f);
			break;
		case EV_PASS:
			model_step(
				s,
				"  τ = %.10g (+%.10g): u crosses v at u = %.10g; %s − s = %.10g, "
				"beyond ±μ1: it passes through, now %s.",
				t_start + e->t, e->t, e->u, dv, f, side(e->sigma));
			break;
		case EV_RELEASE:
			model_step(s,
				   "  τ = %.10g (+%.10g): %s − s reaches %.10g, beyond ±μ1 "
				   "(the tangent parallel to %s): slip starts, %s.",
				   t_start + e->t, e->t, dv, f, f > 0 ? "C" : "C'", side(e->sigma));
			break;
		}
	}
	if (p->nev > shown)
		model_step(s, "  … and %zu more events.", p->nev - shown);
	/* the stick intervals, from the events in order */
	double from = -1;
	bool any = false;
	for (size_t i = 0; i < shown; i++) {
		const struct event *e = &p->ev[i];
		if (e->kind == EV_STICK)
			from = e->t;
		if (e->kind == EV_RELEASE) {
			double a = from >= 0 ? from : 0;
			model_step(
				s,
				"  non-slip on τ ∈ [%.10g, %.10g] (+[%.10g, %.10g]), length %.10g.",
				t_start + a, t_start + e->t, a, e->t, e->t - a);
			any = true;
			from = -1;
		}
	}
	if (from >= 0) {
		model_step(s, "  non-slip on τ ∈ [%.10g, %.10g] (+[%.10g, %.10g]), length %.10g.",
			   t_start + from, t_start + TWO_PI, from, TWO_PI, TWO_PI - from);
		any = true;
	}
	if (!any && p->stick > 0)
		model_step(s, "  non-slip throughout the period.");
	else if (!any)
		model_step(s, "  no non-slip period: the mass slips throughout.");
}

/* model.check */
#define IM1D_GRAPHICAL_STEPS 5e7

static int imachi1d_check(const struct model_input *in, struct diag *d)
{
	const double *p = in->num;
	if (imachi_check_friction(p[I_MU0], p[I_MU1], d))
		return -1;
	if (p[I_N] != floor(p[I_N]) || p[I_N] > 1e6)
		return diag_set(d, "n = %g: must be an integer from 2 to 10⁶", p[I_N]);
	if (p[I_PERIODS] != floor(p[I_PERIODS]) || p[I_PERIODS] > 1e7)
		return diag_set(d, "periods = %g: must be a whole number of periods (at most 10⁷)",
				p[I_PERIODS]);
	return imachi_check_start(fabs(p[I_U0]), p[I_A], p[I_S], p[I_MU0], d);
}

/* How the run ended and what it found: the limit cycle (polished to the
 * period map's fixed point, with u_mean's error bound), or none. */
struct im1d_end {
	long k;
	bool converged, drift, polished;
	double delta, u_iter, ustar, u_mean, bound;
};

/* The worked steps, from the run's last period. */
static void imachi1d_steps(struct strbuf *s, const struct imachi1d *m, const struct period *last,
			   double u0, const struct im1d_end *e)
{
	const long k = e->k;
	const bool converged = e->converged, drift = e->drift;
	const double delta = e->delta, u_mean = e->u_mean, stick_fraction = last->stick / TWO_PI;
	model_step(s,
		   "Imachi §5: the base moves with v = a cos τ, a = %g, the mass with u "
		   "(velocities in units of g/ω, time τ = ωt).",
		   m->a);
	model_step(s,
		   "While it slips (u ≠ v): du/dτ = s + μ0 sgn(v − u), with the force s = "
		   "S/(mg) = %g and the sliding coefficient μ0 = %g.",
		   m->s, m->mu0);
	model_step(s,
		   "  u below v: slope s + μ0 = %.10g (Imachi's line B); u above v: slope s − "
		   "μ0 = %.10g (line B').",
		   m->s + m->mu0, m->s - m->mu0);
	model_step(s,
		   "Non-slip (u = v) holds while |dv/dτ − s| = |a sin τ + s| ≤ μ1 = %g (the "
		   "static coefficient), i.e. dv/dτ between s − μ1 = %.10g (line C') and s + μ1 "
		   "= %.10g (line C).",
		   m->mu1, m->s - m->mu1, m->s + m->mu1);
	if (m->a + fabs(m->s) <= m->mu1)
		model_step(s, "  a + |s| = %.10g ≤ μ1: once u = v the mass never slips again.",
			   m->a + fabs(m->s));
	if (m->graphical)
		model_step(s,
			   "Graphical construction (Figs. 7-8), Δτ = π/n = π/%d = %.10g: the "
			   "v-curve drawn as the polyline through τ_r = rΔτ; u drawn from its "
			   "current point as straight lines parallel to B or B'; a crossing is "
			   "where that line meets a chord, and the chord's slope stands for dv/dτ "
			   "in the non-slip test; while stuck u follows the polyline until a "
			   "chord is steeper than C or C' allows.",
			   m->n, m->dt);
	else
		model_step(s, "Accurate: slip phases in closed form (u = u0 + (s ± μ0)(τ − τ0), a "
			      "straight line; ∫u dτ a parabola), the crossings v = u by Brent on "
			      "a cos τ − u(τ) to 1e-15 between the extrema of v − u; the ends of "
			      "non-slip periods by Brent on |a sin τ + s| = μ1.");
	model_step(s, "Start: u(0) = u0 = %g, v(0) = a = %g.", u0, m->a);
	const bool rest = stick_fraction >= 1 - 1e-12;
	if (rest)
		model_step(s,
			   "At rest on the base over the last period: u = v throughout (a + |s| "
			   "= %.10g ≤ μ1 = %g), a periodic motion reached in period %ld, whatever "
			   "s and μ0 say: Imachi's case I is of a mass that slips.",
			   m->a + fabs(m->s), m->mu1, k);
	else if (drift)
		model_step(
			s,
			"Drift, Imachi's case I (|s| = %g ≥ μ0 = %g): after %ld periods u = %.6g "
			"is beyond the base's reach (|v| ≤ a = %g) on the side s pushes it, so "
			"it slips for ever with |u| growing at |s| − μ0 = %g per unit τ: there "
			"is no limit cycle; drift over the last period = %.10g.",
			fabs(m->s), m->mu0, k, m->u, m->a, fabs(m->s) - m->mu0, delta / TWO_PI);
	else if (converged)
		model_step(
			s,
			"Limit cycle reached in period %ld: u(2πk) − u(2π(k−1)) = %.3g (tolerance "
			"1e-9·max(|u|, a, |s|, μ0), met over two successive periods).",
			k, delta);
	else
		model_step(s, "No limit cycle within %ld periods: u(2πk) − u(2π(k−1)) = %.3g.", k,
			   delta);
	if (e->polished)
		model_step(s,
			   "  The cycle is the period map's fixed point u* = P(u*), u = u(0): the "
			   "secant method on P(u) − u from the last two periods gives u* = %.15g "
			   "(the iteration's u = %.15g), and u_mean holds to %.2g.",
			   e->ustar, e->u_iter, e->bound / TWO_PI);
	double t_start = TWO_PI * (double)(k - 1);
	model_step(s, "The last period, τ from %.10g to %.10g (in parentheses: τ from its start):",
		   t_start, t_start + TWO_PI);
	steps_events(m, last, t_start, m->graphical, s);
	model_step(s, "u at the period's end: %.10g.", m->u);
	if (converged) {
		if (u_mean == 0 && last->U != 0 && isnan(e->bound))
			model_step(s,
				   "u_mean = (1/2π) ∫u dτ over the period = %.10g / 2π, below "
				   "1e-9 of the motion's scale max(a, |s|, μ0), the cycle's "
				   "repeat: 0.",
				   last->U);
		else if (u_mean == 0 && last->U != 0)
			model_step(s,
				   "u_mean = (1/2π) ∫u dτ over the period = %.10g / 2π = %.2g, "
				   "within its error bound %.2g (the cycle's, and the rounding "
				   "of 2π and of the phases): 0.",
				   last->U, last->U / TWO_PI, e->bound / TWO_PI);
		else
			model_step(s, "u_mean = (1/2π) ∫u dτ over the period = %.10g / 2π = %.12g.",
				   last->U, u_mean);
		model_step(s,
			   "stick_fraction = (time on the base in the period)/2π = %.10g / 2π = "
			   "%.12g.",
			   last->stick, stick_fraction);
	} else {
		model_step(s,
			   "Not a limit cycle: over the last period (1/2π) ∫u dτ = %.12g and the "
			   "time on the base over 2π = %.6g, but the next period differs; "
			   "u_mean, stick_fraction and cycles are not given.",
			   u_mean, stick_fraction);
	}
}

static int imachi1d_solve(const struct model_input *in, struct model_output *out, struct diag *d)
{
	const double *p = in->num;
	const bool graphical = in->choice[I_METHOD] == M_GRAPHICAL;
	struct imachi1d m = {
		.a = p[I_A],
		.s = p[I_S],
		.mu0 = p[I_MU0],
		.mu1 = p[I_MU1],
		.u = p[I_U0],
		.graphical = graphical,
	};
	struct strbuf *s = out->steps;
	m.n = (int)p[I_N];
	m.dt = M_PI / m.n;
	const long periods = (long)p[I_PERIODS];
	const bool no_cycle = fabs(m.s) >= m.mu0;

	/* the phase at τ = 0; a start within 1e-9 of the base's velocity is on
	 * the base, and the forces decide whether it sticks */
	const bool snapped = imachi_snap_start(&m.u, &m.a, 1, imachi_scale(m.a, m.s, m.mu0));
	double w0 = m.a - m.u;
	if (w0 != 0) {
		m.mode = sgn(w0);
	} else {
		double f = (graphical ? (node_v(&m, 1) - node_v(&m, 0)) / m.dt : 0.0) - m.s;
		m.mode = fabs(f) <= m.mu1 ? 0 : sgn(f);
	}

	struct trace tr = {0};
	const size_t ti = out->figs ? out->figs->ntab : 0;
	if (out->figs) {
		figures_table(out->figs, "velocity", TRACE_COLS);
		figures_table(out->figs, "cycle", TRACE_COLS);
		tr.first = &out->figs->tab[ti];
		tr.cur = &out->figs->tab[ti + 1];
		tr.node_stride = (2 * m.n + ARC_NODES - 1) / ARC_NODES;
		m.tr = &tr;
	}

	struct period last = {0};
	double u_prev = m.u, delta = NAN;
	long k = 0;
	bool converged = false;
	/* u(2πk) against u(2π(k−1)), as imachi's period map (imachi.h). |s| ≥
	 * μ0 is not endless by itself: with μ1 well above μ0 the mass can land
	 * on the base every period and be carried back (a cycle with non-slip
	 * periods); where there is none it runs to the cap and the drift is
	 * certified below. */
	struct num_settle conv = imachi_settle(m.a, m.s, m.mu0, fabs(p[I_U0]), periods);
	num_gsl_clear();
	while (k < periods) {
		if (num_interrupted)
			return diag_set(d, "interrupted after %ld periods", k);
		/* n = 10⁶ for 200 periods that never repeat took 8.6 s */
		if (graphical && imachi_graphical_budget(k, m.n, IM1D_GRAPHICAL_STEPS, d))
			return -1;
		if (m.tr) {
			tr.k = k;
			tr.cur->nrows = 0;
			trace(&m, 0, m.u);
		}
		struct period cur = {0};
		int rc = graphical ? period_graphical(&m, &cur, d) : period_accurate(&m, &cur, d);
		if (rc)
			return -1;
		k++;
		last = cur;
		delta = m.u - u_prev;
		converged = num_settle_check(&conv, &m.u, &u_prev, 1);
		u_prev = m.u;
		if (converged)
			break;
	}
	const double u_iter = m.u;
	double bound = NAN;
	double ustar = NAN;
	/* the polish, up to thirteen periods more, within the construction's
	 * budget of steps */
	const bool affordable = !graphical || 2.0 * m.n * (double)(k + 13) <= IM1D_GRAPHICAL_STEPS;
	const bool polished =
		converged && affordable && cycle_polish(&m, &last, u_prev - delta, &ustar, &bound);
	if (polished && m.tr) { /* the figures' cycle is the fixed point's */
		struct trace fixed = tr;
		struct imachi1d c = m;
		fixed.k = k - 1;
		fixed.first = NULL;
		fixed.cur->nrows = 0;
		c.tr = &fixed;
		c.u = ustar;
		c.mode = sgn(c.a - ustar);
		last = (struct period){0};
		trace(&c, 0, c.u);
		if (period_run(&c, &last, d))
			return -1;
	}
	/* a period stuck throughout has ∫a cos τ dτ = a sin(2π) over it,
	 * −2.4e-16 a where 2π is rounded, and printed u_mean =
	 * −3.89817183252e-20 at a = 1e-3: 0 within the bound of u_mean's
	 * error, where it has one, else within the repeat's 1e-9 */
	const double u_mean = !converged || isnan(bound)
				      ? imachi_settled(last.U / TWO_PI, m.a, m.s, m.mu0)
			      : fabs(last.U / TWO_PI) <= bound / TWO_PI ? 0.0
									: last.U / TWO_PI,
		     stick_fraction = last.stick / TWO_PI;
	if (!isfinite(u_mean) || !isfinite(delta))
		return diag_set(d,
				"the mean velocity came out as %g: the run overflows at these "
				"scales; bring a, s, mu0 and u0 nearer each other",
				u_mean);

	/* At rest on the base the whole last period: periodic, u = v. */
	if (stick_fraction >= 1 - 1e-12)
		converged = true;
	/* No limit cycle, for certain: with |s| ≥ μ0 a mass beyond the base's
	 * reach on the side s pushes it (s u > 0, |u| > a) slips for ever with
	 * d|u|/dτ = |s| − μ0 ≥ 0: it never lands, |u| grows without bound
	 * (at |s| − μ0 > 0; at |s| = μ0 u would stand still, a cycle). */
	const bool drift = !converged && no_cycle && (m.s > 0 ? m.u > m.a : m.u < -m.a);
	out->res[I_CONVERGED] = value_bool(converged);
	/* settled as imachi's: round-off is 0 (7e-16 and 2e-14 at two of
	 * imachi-1d's draw corners) */
	out->res[I_DRIFT] = value_number(imachi_settled(delta / TWO_PI, m.a, m.s, m.mu0));
	if (converged) {
		out->res[I_U_MEAN] = value_number(u_mean);
		out->res[I_STICK_FRACTION] = value_number(stick_fraction);
		out->res[I_CYCLES] = value_number((double)k);
	} else {
		char why[240];
		if (drift)
			snprintf(why, sizeof why,
				 "no limit cycle: |s| = %g > μ0 = %g, the mass accelerates without "
				 "bound",
				 fabs(m.s), m.mu0);
		else
			imachi_unsettled_why(why, sizeof why, "u(2πk)", k, conv.change, conv.tol);
		out->res[I_U_MEAN] = value_undefined(why);
		out->res[I_STICK_FRACTION] = value_undefined(why);
		out->res[I_CYCLES] = value_undefined(why);
	}
	if (out->figs)
		im1d_figures(&m, out->figs, ti, converged, k, u_mean);

	if (snapped)
		model_step(s,
			   "Start: u0 = %.10g is within 1e-9 of v(0) = a = %.10g: the mass starts "
			   "on the base, and the forces decide whether it sticks (|dv/dτ − s| = "
			   "|s| = %g %s μ1 = %g at τ = 0).",
			   p[I_U0], m.a, fabs(m.s), fabs(m.s) <= m.mu1 ? "≤" : ">", m.mu1);
	const struct im1d_end end = {k,	     converged, drift,	polished, delta,
				     u_iter, ustar,	u_mean, bound};
	imachi1d_steps(s, &m, &last, p[I_U0], &end);
	return 0;
}

const struct model model_imachi1d = {
	.name = "imachi-1d",
	.summary = "a mass on a base vibrating along the force: frictional viscosity (Imachi §5)",
	.params = i_params,
	.nparams = I_NPARAMS,
	.results = i_results,
	.nresults = I_NRESULTS,
	.solve = imachi1d_solve,
	.check = imachi1d_check,
};
