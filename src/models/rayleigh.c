/* Minguzzi, "Rayleigh's dissipation function at work": the models built on
 * the Rayleigh function of flat surfaces in contact, eq. (17)-(23).
 *
 * disk — §2.2: a disk spinning on a rough plane, Coulomb friction, under
 * uniform pressure (eq. 20) or Reye's hypothesis (eq. 21): rayleigh_disk.c.
 * rayleigh — the general calculator: any of the shapes of contact.h, any
 * motion over a moving base, any friction law, either pressure. */
#include <float.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_sf_ellint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dyn/phase.h"
#include "models/contact.h"
#include "models/minguzzi.h"
#include "models/model.h"
#include "num/expr.h"
#include "num/friction.h"
#include "num/num.h"
#include "num/ode.h"
#include "util/text.h"
#include "util/xalloc.h"

/* ---- rayleigh: the general calculator of eq. (17)-(23) --------------------- */

enum {
	RY_SHAPE,
	RY_R,
	RY_R_IN,
	RY_WIDTH,
	RY_HEIGHT,
	RY_VX,
	RY_VY,
	RY_WZ,
	RY_BX,
	RY_BY,
	RY_PRESSURE,
	RY_LAW,
	RY_MU,
	RY_K,
	RY_MU0,
	RY_MUINF,
	RY_A,
	RY_MU_EXPR,
	RY_N,
	RY_NPARAMS
};
enum {
	RY_RVAL,
	RY_QX,
	RY_QY,
	RY_QTHETA,
	RY_DRDVX,
	RY_DRDVY,
	RY_DRDWZ,
	RY_P,
	RY_P_OVER_2R,
	RY_NRESULTS
};

static const struct param_spec ry_params[RY_NPARAMS] = {
	[RY_SHAPE] = PARAM_CHOICE("shape", "disk|ring|annulus|rect",
				  "the flat body: disk, ring (a thin circle), annulus or rect"),
	[RY_R] = PARAM_NUMBER("r", "m", 0.1, PARAM_ABOVE(0.0),
			      "radius (disk, ring; outer radius of an annulus)"),
	[RY_R_IN] = PARAM_NUMBER("r_in", "m", 0.05, PARAM_ABOVE(0.0), "inner radius of an annulus"),
	[RY_WIDTH] = PARAM_NUMBER("width", "m", 0.2, PARAM_ABOVE(0.0), "side of a rect along x"),
	[RY_HEIGHT] = PARAM_NUMBER("height", "m", 0.1, PARAM_ABOVE(0.0), "side of a rect along y"),
	[RY_VX] = PARAM_NUMBER("vx", "m/s", 0.0, PARAM_ANY, "velocity of the body's centre, x"),
	[RY_VY] = PARAM_NUMBER("vy", "m/s", 0.0, PARAM_ANY, "velocity of the body's centre, y"),
	[RY_WZ] = PARAM_NUMBER("wz", "rad/s", 0.0, PARAM_ANY, "spin of the body about its centre"),
	[RY_BX] = PARAM_NUMBER("bx", "m/s", 0.0, PARAM_ANY, "velocity of the base (the plane), x"),
	[RY_BY] = PARAM_NUMBER("by", "m/s", 0.0, PARAM_ANY, "velocity of the base (the plane), y"),
	[RY_PRESSURE] = PARAM_CHOICE("pressure", "uniform|reye",
				     "uniform (eq. 20) or Reye's p = k/v_r (eq. 21)"),
	MINGUZZI_LAW_ROWS(RY_LAW, RY_MU, RY_K, RY_MU0, RY_MUINF, RY_A, RY_MU_EXPR),
	[RY_N] = PARAM_NUMBER("N", "N", 10.0, PARAM_ABOVE(0.0),
			      "normal force carried by the contact"),
};

static const struct law_slots ry_slots = {ry_params, RY_LAW,   RY_MU, RY_K,
					  RY_MU0,    RY_MUINF, RY_A,  RY_MU_EXPR};

static const struct result_spec ry_results[RY_NRESULTS] = {
	[RY_RVAL] = RESULT_NUMBER("R", "W", "Rayleigh dissipation function, eq. (17)"),
	[RY_QX] = RESULT_NUMBER("Qx", "N", "generalized force on x from eq. (18)"),
	[RY_QY] = RESULT_NUMBER("Qy", "N", "generalized force on y from eq. (18)"),
	[RY_QTHETA] = RESULT_NUMBER("Qtheta", "N*m", "generalized torque on θ from eq. (18)"),
	[RY_DRDVX] = RESULT_NUMBER_OR("dRdvx", "N", "∂R/∂vx, differentiating R",
				      "none: under Reye's pressure R is not differentiable with "
				      "the instantaneous centre on the body's edge"),
	[RY_DRDVY] = RESULT_NUMBER_OR("dRdvy", "N", "∂R/∂vy, differentiating R",
				      "none: under Reye's pressure R is not differentiable with "
				      "the instantaneous centre on the body's edge"),
	[RY_DRDWZ] = RESULT_NUMBER_OR("dRdwz", "N*m", "∂R/∂wz, differentiating R",
				      "none: under Reye's pressure R is not differentiable with "
				      "the instantaneous centre on the body's edge"),
	[RY_P] = RESULT_NUMBER("P", "W", "dissipated power, eq. (22)/(23)"),
	[RY_P_OVER_2R] = RESULT_NUMBER("P_over_2R", "",
				       "P/(2R): 1 for Stokes friction (eq. 10); nan when R = 0"),
};

/* The characters of formula (as compiled: digits and blanks typed cost
 * nothing) a solve may evaluate: about half a second, so that this limit,
 * which names the formula, is met well before the solve's 2 s of processor
 * time (at a second the two met on a loaded machine, and the refusal's
 * words depended on the load). The exercises' formulas (tens of
 * characters) take a few hundred thousand calls a solve, a fiftieth of
 * it; a formula of 4000 characters ran 13-21 s. */
#define RY_FORMULA_BUDGET 4e8

static double law_formula(double v, void *ctx)
{
	struct formula *fm = ctx;
	if (fm->budget && ++fm->calls > fm->budget) {
		fm->over = true;
		return NAN;
	}
	return expr_fn_eval(fm->fn, v);
}

static const struct law *minguzzi_chosen(const struct model_input *in, const struct law_slots *ix)
{
	return law_chosen(&ix->spec[ix->law], in->choice[ix->law]);
}

int minguzzi_law(const struct model_input *in, const struct law_slots *ix, struct friction_law *law,
		 struct formula *fm, struct diag *d)
{
	*law = (struct friction_law){.mu = in->num[ix->mu],
				     .k = in->num[ix->k],
				     .mu0 = in->num[ix->mu0],
				     .muinf = in->num[ix->muinf],
				     .a = in->num[ix->a]};
	*fm = (struct formula){0};
	const struct law *l = minguzzi_chosen(in, ix);
	if (law_id(l) != LAW_EXPR) {
		law->kind = l->friction;
		return 0;
	}
	struct diag e;
	fm->fn = expr_fn_compile(in->text[ix->mu_expr], "v", &e);
	char clip[TEXT_CLIP_SIZE];
	if (!fm->fn) /* the reason after a clipped quote, however long the text */
		return diag_set(d, "mu_expr = '%s': column %d: %s",
				text_clip(in->text[ix->mu_expr], clip, sizeof clip), e.col, e.msg);
	law->kind = FRICTION_FN;
	law->fn = law_formula;
	law->ctx = fm;
	fm->size = expr_fn_size(fm->fn);
	fm->budget = (unsigned long)(RY_FORMULA_BUDGET / (double)(fm->size + 16));
	return 0;
}

int minguzzi_formula_over(const struct formula *fm, struct diag *d)
{
	if (!fm->over)
		return 0;
	diag_clear(d);
	return diag_set(
		d,
		"mu_expr: a formula of %zu characters (as compiled) was evaluated more than "
		"%lu times, the most a solve may take (about half a second); write it "
		"shorter",
		fm->size, fm->budget);
}

enum law_id minguzzi_law_id(const struct model_input *in, const struct law_slots *ix)
{
	return law_id(minguzzi_chosen(in, ix));
}

void minguzzi_law_steps(struct strbuf *s, const struct model_input *in, const struct law_slots *ix,
			double V)
{
	const struct friction_law fl = {.mu = in->num[ix->mu],
					.k = in->num[ix->k],
					.mu0 = in->num[ix->mu0],
					.muinf = in->num[ix->muinf],
					.a = in->num[ix->a]};
	law_speed_steps(s, minguzzi_chosen(in, ix), &fl, in->text[ix->mu_expr], V);
}

/* Q of eq. (18) against −∂R/∂q̇: equal when the pressure does not depend
 * on the velocities (eq. 16), and the teaching point when it does. */
static void ry_compare_steps(struct strbuf *s, const struct contact_forces *f, const double grad[3],
			     bool fixed_pressure)
{
	model_step(s, "Differentiating R (5-point central differences of the quadrature):");
	model_step(s, "  ∂R/∂vx = %.12g N, ∂R/∂vy = %.12g N, ∂R/∂ω = %.12g N·m", grad[0], grad[1],
		   grad[2]);
	const double Fs = fmax(fmax(fabs(f->Qx), fabs(f->Qy)), fmax(fabs(grad[0]), fabs(grad[1])));
	const double Ts = fmax(fabs(f->Qtheta), fabs(grad[2]));
	const double dev =
		fmax(fmax(fabs(f->Qx + grad[0]), fabs(f->Qy + grad[1])) / (Fs > 0 ? Fs : 1),
		     fabs(f->Qtheta + grad[2]) / (Ts > 0 ? Ts : 1));
	if (fixed_pressure) {
		model_step(s,
			   "  Q = −∂R/∂q̇ (eq. 16): the pressure does not depend on the velocities, "
			   "so differentiating R gives the friction forces (largest relative "
			   "difference %.1e, the differentiation's error).",
			   dev);
	} else {
		model_step(s,
			   "  Q ≠ −∂R/∂q̇ here: Q + ∂R/∂q̇ = (%.6g N, %.6g N, %.6g N·m), a relative "
			   "difference of %.3g.",
			   f->Qx + grad[0], f->Qy + grad[1], f->Qtheta + grad[2], dev);
		model_step(s, "  Why: eq. (14)-(16) hold for fixed pressures p_a; Reye's p = k/v_r "
			      "depends on the velocities, so ∂R/∂q̇ also differentiates the "
			      "weights. The friction that acts is eq. (18), the pressure-weighted "
			      "mean of μ ∂v_r/∂q̇: use Q in the Lagrange equations, not −∂R/∂q̇.");
	}
}

/* R and P, and the forces, against the centre's slip speed u: the relative
 * velocity of the centre is u ê, ê the exercise's own direction (x for a
 * pure spin), the spin ω held, u from 0 to twice the exercise's (for a pure
 * spin, to 2|ω| times the body's size), so that the exercise's own state is
 * a point of the curves.
 *
 * Where the instantaneous centre c = (u/ω)(−ê_y, ê_x) crosses the body's
 * boundary (u = r|ω| for a disk), R has an infinite slope: ∫ dA/v_r, or
 * ∫ v_r dA for a ring, changes like δ ln δ as c moves a distance δ across
 * it. A fixed grid draws that as a kink. So the grid (33 points, each
 * three surface integrals) gets the crossing itself as a point, and is then
 * refined where the polyline bends: wherever a point lies off the chord of
 * its neighbours by more than SWEEP_TOL of the figure's height, the two
 * intervals are halved, down to SWEEP_MINW of its width (about a pixel of
 * a PNG) and SWEEP_MAX points. Next to the crossing, the bend of δ ln δ
 * over an interval h is h ln 2 times its coefficient: the intervals shrink
 * geometrically towards it, a few levels deep, and nowhere else much.
 *
 * Under a formula law each point is a quadrature of quadratures, and the
 * grid is built level by level (s in steps of 1, 1/2, ... 1/16 of the
 * exercise's u) and refined only while twice the formula evaluations spent
 * so far stay within the solve's own number of them, held between
 * SWEEP_MIN and SWEEP_MAX_CALLS (some 25 and 100 ms): a slow solve gets a
 * coarser curve, and the same one every time. A point the calculator
 * cannot do (Reye's ring with c on it, a law that fails at a speed) is left
 * out. */
enum { SWEEP_LEVELS = 5, SWEEP_MAX = 160, SWEEP_MAX_Q = 40 };
#define SWEEP_TOL	1e-3
#define SWEEP_MINW	1e-4 /* of the width */
#define SWEEP_MIN	500000UL
#define SWEEP_MAX_CALLS 2000000UL

struct sweep_pt {
	double u, y[2];
	bool ok[2]; /* whether y[k] could be computed */
};

struct sweep {
	const struct contact *c;
	double ex, ey, wz; /* the direction of u, the spin */
	double umax, L;
	double minw;	   /* the narrowest interval refined */
	double u0, own[2]; /* the exercise's u and its values */
	double rim[2];	   /* the speeds at which c crosses the boundary */
	int nrim;
	bool forces; /* y = (Q·ê, −∂R/∂u) rather than (R, P) */
	struct formula *fm;
	unsigned long calls0, budget;
	struct sweep_pt *p;
	size_t n, cap;
};

/* Whether the formula evaluations spent on figures reached half the budget. */
static bool sweep_spent(const struct sweep *sw)
{
	return sw->fm->fn && 2 * (sw->fm->calls - sw->calls0) > sw->budget;
}

/* The speeds along the sweep at which c, moving out from the body's centre
 * along (−ê_y, ê_x), is on the boundary: at |ω| times the boundary's
 * distance from the centre in that direction. */
static int sweep_rims(const struct contact *c, double ex, double ey, double wz, double rim[2])
{
	const double w = fabs(wz);
	if (w == 0)
		return 0;
	switch (c->shape) {
	case SHAPE_DISK:
	case SHAPE_RING:
		rim[0] = w * c->r;
		return 1;
	case SHAPE_ANNULUS:
		rim[0] = w * c->r_in;
		rim[1] = w * c->r;
		return 2;
	default:
		rim[0] = w * fmin(ey != 0 ? 0.5 * c->width / fabs(ey) : INFINITY,
				  ex != 0 ? 0.5 * c->height / fabs(ex) : INFINITY);
		return 1;
	}
}

/* ∂R/∂u at u by the 5-point central difference with step h (four
 * quadratures of R; error h⁴ times the fifth derivative over 30). */
static int sweep_dR(const struct sweep *sw, double u, double h, double *dR)
{
	static const int off[4] = {-2, -1, 1, 2};
	static const double wt[4] = {1, -8, 8, -1};
	double sum = 0;
	for (int i = 0; i < 4; i++) {
		const double x = u + off[i] * h;
		struct contact_forces f;
		struct diag e;
		if (contact_eval(sw->c, (struct contact_motion){x * sw->ex, x * sw->ey, sw->wz},
				 CONTACT_R, &f, &e))
			return -1;
		sum += wt[i] * f.R;
	}
	*dR = sum / (12 * h);
	return isfinite(*dR) ? 0 : -1;
}

/* The values at u: R and P; or Q·ê of eq. (18) and −∂R/∂u, the latter by
 * differentiating R along ê, the step 1e-4 of the speed scale (as the
 * solve's own) but within 1/16 of the distance to a crossing, so that the
 * stencil stays on one side of it, where R is smooth: there the error is
 * below 1e-4 of the coefficient of δ ln δ. At the crossing ∂R/∂u is not
 * defined. */
static void sweep_eval(const struct sweep *sw, double u, struct sweep_pt *pt)
{
	const struct contact_motion m = {u * sw->ex, u * sw->ey, sw->wz};
	struct contact_forces f;
	struct diag e;
	pt->ok[0] = pt->ok[1] = false;
	if (u == sw->u0) {
		for (int k = 0; k < 2; k++) {
			pt->y[k] = sw->own[k];
			pt->ok[k] = isfinite(sw->own[k]);
		}
		return;
	}
	if (m.ux == 0 && m.uy == 0 && m.wz == 0) {
		/* at rest: no R, no P; the force is static, not given by R */
		pt->y[0] = pt->y[1] = 0.0;
		pt->ok[0] = pt->ok[1] = !sw->forces;
		return;
	}
	if (!sw->forces) {
		if (contact_eval(sw->c, m, CONTACT_R | CONTACT_P, &f, &e))
			return;
		pt->y[0] = f.R;
		pt->y[1] = f.P;
		pt->ok[0] = pt->ok[1] = true;
		return;
	}
	if (contact_eval(sw->c, m, CONTACT_QXY, &f, &e))
		return;
	pt->y[0] = f.Qx * sw->ex + f.Qy * sw->ey;
	pt->ok[0] = true;
	double h = 1e-4 * (u + fabs(sw->wz) * sw->L);
	for (int i = 0; i < sw->nrim; i++) {
		const double dist = fabs(u - sw->rim[i]);
		if (dist == 0)
			return;
		h = fmin(h, dist / 16);
	}
	double dR;
	if (!sweep_dR(sw, u, h, &dR)) {
		pt->y[1] = -dR;
		pt->ok[1] = true;
	}
}

/* Adds the point at u, in order (a point it cannot do is kept as failed,
 * so that it is not tried again). */
static void sweep_add(struct sweep *sw, double u)
{
	size_t i = sw->n;
	while (i > 0 && sw->p[i - 1].u > u)
		i--;
	if (i > 0 && sw->p[i - 1].u == u)
		return;
	if (sw->n == sw->cap) {
		sw->cap = sw->cap ? 2 * sw->cap : 64;
		sw->p = xrealloc(sw->p, sw->cap * sizeof(*sw->p));
	}
	memmove(sw->p + i + 1, sw->p + i, (sw->n - i) * sizeof(*sw->p));
	sw->n++;
	sw->p[i].u = u;
	sweep_eval(sw, u, &sw->p[i]);
}

/* The least and greatest value of the points done. */
static void sweep_height(const struct sweep *sw, double *lo, double *hi)
{
	*lo = INFINITY;
	*hi = -INFINITY;
	for (size_t i = 0; i < sw->n; i++)
		for (int k = 0; k < 2; k++)
			if (sw->p[i].ok[k]) {
				*lo = fmin(*lo, sw->p[i].y[k]);
				*hi = fmax(*hi, sw->p[i].y[k]);
			}
}

/* The point after (dir = 1) or before (dir = −1) p[i] where y[k] is
 * known, or −1. */
static long sweep_next(const struct sweep *sw, size_t i, int k, int dir)
{
	for (long j = (long)i + dir; j >= 0 && j < (long)sw->n; j += dir)
		if (sw->p[j].ok[k])
			return j;
	return -1;
}

/* Whether a crossing lies strictly between u1 and u2. */
static bool sweep_across(const struct sweep *sw, double u1, double u2)
{
	for (int i = 0; i < sw->nrim; i++)
		if (u1 < sw->rim[i] && sw->rim[i] < u2)
			return true;
	return false;
}

struct sweep_split {
	double u, dev;
};

static int sweep_split_cmp(const void *a, const void *b)
{
	const struct sweep_split *x = a, *y = b;
	return x->dev < y->dev ? 1 : x->dev > y->dev ? -1 : x->u > y->u ? 1 : x->u < y->u ? -1 : 0;
}

/* Halves the intervals next to each point that lies off the chord of its
 * neighbours, the worst first, pass after pass, until the polyline is
 * straight to SWEEP_TOL of the height (or max points, or the intervals
 * are at minw). A curve is not bent by a crossing it is broken at (∂R/∂u
 * where it is infinite). */
static void sweep_refine(struct sweep *sw, size_t max)
{
	while (sw->n < max && !sweep_spent(sw)) {
		double lo, hi;
		sweep_height(sw, &lo, &hi);
		if (!(hi > lo))
			return;
		const double tol = SWEEP_TOL * (hi - lo);
		/* dev[i]: the worst bend next to the interval p[i] to p[i + 1] */
		double *dev = xcalloc(sw->n, sizeof(double));
		for (size_t i = 0; i < sw->n; i++)
			for (int k = 0; k < 2; k++) {
				const long ia = sweep_next(sw, i, k, -1),
					   ic = sweep_next(sw, i, k, 1);
				if (!sw->p[i].ok[k] || ia < 0 || ic < 0)
					continue;
				const struct sweep_pt *a = &sw->p[ia], *b = &sw->p[i],
						      *c = &sw->p[ic];
				if (k == 1 && sw->forces && sweep_across(sw, a->u, c->u))
					continue;
				const double w = (b->u - a->u) / (c->u - a->u);
				const double bend =
					fabs(b->y[k] - (a->y[k] + w * (c->y[k] - a->y[k])));
				if (bend <= tol)
					continue;
				for (long j = ia; j < ic; j++)
					dev[j] = fmax(dev[j], bend);
			}
		struct sweep_split *sp = xmalloc(sw->n * sizeof(*sp));
		size_t nsp = 0;
		for (size_t i = 0; i + 1 < sw->n; i++)
			if (dev[i] > 0 && sw->p[i + 1].u - sw->p[i].u > sw->minw)
				sp[nsp++] = (struct sweep_split){
					0.5 * (sw->p[i].u + sw->p[i + 1].u), dev[i]};
		qsort(sp, nsp, sizeof(*sp), sweep_split_cmp);
		for (size_t i = 0; i < nsp && sw->n < max; i++)
			sweep_add(sw, sp[i].u);
		free(dev);
		free(sp);
		if (!nsp)
			return;
	}
}

/* The grid from 0 to umax, 2^levels intervals (built level by level under
 * a formula law, while the budget lasts), the crossings, then refined. */
static void sweep_run(struct sweep *sw, int levels, size_t max)
{
	const int n = 1 << levels;
	for (int level = 0; level <= levels; level++) {
		if (level > 1 && sweep_spent(sw))
			break;
		const int stride = 1 << (levels - level);
		for (int j = 0; j <= n; j += stride)
			sweep_add(sw, sw->umax * j / n);
	}
	for (int i = 0; i < sw->nrim; i++)
		if (sw->rim[i] < sw->umax)
			sweep_add(sw, sw->rim[i]);
	sweep_refine(sw, max);
}

/* A dashed vertical line at each crossing, over lo..hi. */
static void sweep_mark_rims(struct figure *fig, const struct sweep *sw, double lo, double hi)
{
	for (int i = 0; i < sw->nrim; i++) {
		if (!(sw->rim[i] < sw->umax))
			continue;
		char label[160];
		const char *what = sw->c->shape == SHAPE_RECT ? "u = |ω| d" /* d: to the side */
				   : sw->c->shape == SHAPE_ANNULUS && i == 0 ? "u = r_in|ω|"
									     : "u = r|ω|";
		snprintf(label, sizeof label, "%s = %.4g m/s: instantaneous centre on the %s", what,
			 sw->rim[i],
			 sw->c->shape == SHAPE_RECT		   ? "edge"
			 : sw->c->shape == SHAPE_ANNULUS && i == 0 ? "inner rim"
								   : "rim");
		figure_segment(fig, label, CURVE_DASHED, sw->rim[i], lo, sw->rim[i], hi);
	}
}

/* Room above the curves for the key, which sits in the upper corner. */
static void sweep_headroom(struct figure *fig, double lo, double hi)
{
	if (hi > lo)
		fig->ymax = hi + 0.3 * (hi - lo);
}

/* The figure R_P: R and P against u. */
static void sweep_R_P(struct figures *fs, struct sweep *sw, double R, double P)
{
	sw->forces = false;
	sw->own[0] = R;
	sw->own[1] = P;
	sweep_run(sw, SWEEP_LEVELS, SWEEP_MAX);
	struct table *t = figures_table(fs, "R_P", "u [m/s]|R [W]|P [W]");
	for (size_t i = 0; i < sw->n; i++)
		if (sw->p[i].ok[0] && sw->p[i].ok[1]) {
			double row[3] = {sw->p[i].u, sw->p[i].y[0], sw->p[i].y[1]};
			table_row(t, row);
		}
	double lo, hi;
	sweep_height(sw, &lo, &hi);
	struct figure *fig = figure_add(
		fs, "R_P",
		sw->u0 > 0 ? "R and P as the centre's slip speed u = |v − b| runs from 0 to twice "
			     "this one (direction and spin ω held)"
			   : "R and P as the centre slides along x at the speed u (spin ω held)",
		"u [m/s]", "R, P [W]");
	const enum curve_style st = t->nrows > 1 ? CURVE_LINE : CURVE_POINTS;
	const enum friction_kind law = sw->c->law->kind;
	figure_curve_from(fig, "R (Rayleigh function)", st, t, 0, 1);
	figure_curve_from(fig,
			  law == FRICTION_COULOMB  ? "P (power; P = R under Coulomb friction)"
			  : law == FRICTION_STOKES ? "P (power; P = 2R under Stokes friction)"
						   : "P (dissipated power)",
			  st, t, 0, 2);
	sweep_mark_rims(fig, sw, lo, hi);
	figure_segment(fig, "this exercise", CURVE_POINTS, sw->u0, R, sw->u0, P);
	sweep_headroom(fig, lo, hi);
}

/* The figure Q: the force along ê by eq. (18), against −∂R/∂u got by
 * differentiating R. They are one curve where the pressure does not depend
 * on the velocities (eq. 16); under Reye's pressure they part, the
 * exercise's point, and −∂R/∂u diverges (like ln δ) where c crosses the
 * boundary: its line is broken there, and drawn to within 1/512 of the
 * width of it. The table holds the rows where both are known. */
static void sweep_Q(struct figures *fs, struct sweep *sw, double Q, double mdR)
{
	sw->forces = true;
	sw->own[0] = Q;
	sw->own[1] = mdR;
	sw->n = 0;
	sw->minw = sw->umax / 512;
	sweep_run(sw, sw->fm->fn ? 3 : 4, SWEEP_MAX_Q);
	const bool along_x = sw->ey == 0;
	struct table *t = figures_table(
		fs, "Q", along_x ? "u [m/s]|Qx [N]|-dR/dvx [N]" : "u [m/s]|Q_u [N]|-dR/du [N]");
	size_t nq = 0;
	for (size_t i = 0; i < sw->n; i++) {
		nq += sw->p[i].ok[0];
		if (sw->p[i].ok[0] && sw->p[i].ok[1]) {
			double row[3] = {sw->p[i].u, sw->p[i].y[0], sw->p[i].y[1]};
			table_row(t, row);
		}
	}
	if (nq == 0)
		return;
	double lo, hi;
	sweep_height(sw, &lo, &hi);
	struct figure *fig = figure_add(
		fs, "Q",
		along_x ? "The friction force Qx of eq. (18) against −∂R/∂vx, as the centre's slip "
			  "speed u runs (direction and spin ω held)"
			: "The friction force Q·û of eq. (18) along u against −∂R/∂u, as the "
			  "centre's slip speed u runs (direction and spin ω held)",
		"u [m/s]", along_x ? "Qx, −∂R/∂vx [N]" : "Q·û, −∂R/∂u [N]");
	const enum curve_style st = nq > 1 ? CURVE_LINE : CURVE_POINTS;
	struct curve *q = figure_curve(fig, along_x ? "Qx (eq. 18)" : "Q·û (eq. 18)", st);
	/* with fixed pressures the two agree (eq. 16): R's derivative is drawn
	 * as markers on the line of Q, which the key says */
	const bool breaks = sw->c->pressure == PRESSURE_REYE && sw->wz != 0;
	struct curve *d = figure_curve(
		fig,
		breaks ? (along_x ? "−∂R/∂vx (differentiating R)" : "−∂R/∂u (differentiating R)")
		: along_x ? "−∂R/∂vx (differentiating R; = Qx by eq. 16)"
			  : "−∂R/∂u (differentiating R; = Q·û by eq. 16)",
		breaks && t->nrows > 1 ? CURVE_DASHED : CURVE_POINTS);
	double prev = NAN;
	for (size_t i = 0; i < sw->n; i++) {
		const struct sweep_pt *pt = &sw->p[i];
		if (pt->ok[0])
			curve_point(q, pt->u, pt->y[0]);
		if (!pt->ok[1])
			continue;
		if (breaks && d->n && sweep_across(sw, prev, pt->u))
			curve_point(d, NAN, NAN); /* ∂R/∂u is infinite there */
		curve_point(d, pt->u, pt->y[1]);
		prev = pt->u;
	}
	sweep_mark_rims(fig, sw, lo, hi);
	if (isfinite(Q) && isfinite(mdR))
		figure_segment(fig, "this exercise", CURVE_POINTS, sw->u0, Q, sw->u0, mdR);
	sweep_headroom(fig, lo, hi);
}

static void ry_sweep(struct figures *fs, const struct contact *c, struct contact_motion mo,
		     const struct contact_forces *f, const double grad[3], struct formula *fm)
{
	const double u = hypot(mo.ux, mo.uy), L = contact_size(c);
	struct sweep sw = {
		.c = c,
		.ex = u > 0 ? mo.ux / u : 1.0,
		.ey = u > 0 ? mo.uy / u : 0.0,
		.wz = mo.wz,
		.umax = u > 0 ? 2 * u : 2 * fabs(mo.wz) * L,
		.L = L,
		.u0 = u,
		.fm = fm,
		.calls0 = fm->calls,
		.minw = SWEEP_MINW * (u > 0 ? 2 * u : 2 * fabs(mo.wz) * L),
	};
	sw.budget = fm->calls < SWEEP_MIN	  ? SWEEP_MIN
		    : fm->calls > SWEEP_MAX_CALLS ? SWEEP_MAX_CALLS
						  : fm->calls;
	sw.nrim = sweep_rims(c, sw.ex, sw.ey, sw.wz, sw.rim);
	sweep_R_P(fs, &sw, f->R, f->P);
	/* under a formula law, the forces only while R_P left some of the
	 * budget: each of their points is five quadratures of quadratures */
	if (!sweep_spent(&sw))
		sweep_Q(fs, &sw, f->Qx * sw.ex + f->Qy * sw.ey,
			-(grad[0] * sw.ex + grad[1] * sw.ey));
	free(sw.p);
}

/* The sweeps drawn when the figures are first looked at (figures_later):
 * they were 94% of the instructions of `load rayleigh; solve` (97% for
 * rayleigh-reye; callgrind), and `solve` may never be followed by `plot`. Everything they read is
 * the solve's, copied: the body, its motion, its forces and gradient, the law (and a formula's
 * compiled code and its count of calls, which sizes the sweep's share), owned here from the solve
 * on. */
struct ry_later {
	struct friction_law law;
	struct formula fm;
	struct contact c;
	struct contact_motion mo;
	struct contact_forces f;
	double grad[3];
};

static void ry_later_draw(struct figures *fs, void *p)
{
	struct ry_later *l = p;
	ry_sweep(fs, &l->c, l->mo, &l->f, l->grad, &l->fm);
}

static void ry_later_drop(void *p)
{
	struct ry_later *l = p;
	friction_law_release(&l->law);
	expr_fn_free(l->fm.fn);
	free(l);
}

/* Leaves the sweeps to out->figs, the law and the formula's code moved
 * there from *law and *fm. */
static void ry_sweep_later(struct figures *fs, const struct contact *c, struct contact_motion mo,
			   const struct contact_forces *f, const double grad[3],
			   struct friction_law *law, struct formula *fm)
{
	struct ry_later *l = xmalloc(sizeof(*l));
	*l = (struct ry_later){.law = *law, .fm = *fm, .c = *c, .mo = mo, .f = *f};
	memcpy(l->grad, grad, sizeof(l->grad));
	l->c.law = &l->law;
	if (l->law.kind == FRICTION_FN)
		l->law.ctx = &l->fm;
	law->ws = NULL; /* the quadrature's workspace and the code are l's now */
	fm->fn = NULL;
	figures_later(fs, ry_later_draw, ry_later_drop, l);
}

/* The body the parameters describe, pressed with `law`. */
static struct contact ry_contact(const struct model_input *in, struct friction_law *law)
{
	return (struct contact){
		.shape = (enum contact_shape)in->choice[RY_SHAPE],
		.r = in->num[RY_R],
		.r_in = in->num[RY_R_IN],
		.width = in->num[RY_WIDTH],
		.height = in->num[RY_HEIGHT],
		.pressure = in->choice[RY_PRESSURE] ? PRESSURE_REYE : PRESSURE_UNIFORM,
		.law = law,
		.N = in->num[RY_N],
	};
}

/* model.check: a formula law compiles, and the body's sizes fit its shape
 * (r_in below r), so that set refuses what solve would. */
static int rayleigh_check(const struct model_input *in, struct diag *d)
{
	/* velocities of 1e-310 made the integrand subnormal: the quadrature
	 * failed, or ran for seconds; 1e300 overflows its squares */
	static const int speeds[] = {RY_VX, RY_VY, RY_WZ, RY_BX, RY_BY};
	for (size_t i = 0; i < sizeof(speeds) / sizeof(*speeds); i++) {
		const double v = fabs(in->num[speeds[i]]);
		if (v != 0 && (v < 1e-150 || v > 1e150))
			return diag_set(d,
					"%s = %g %s: a velocity must be 0 or between 1e-150 and "
					"1e150 in size, where the surface integral's integrand "
					"neither under- nor overflows",
					ry_params[speeds[i]].name, in->num[speeds[i]],
					ry_params[speeds[i]].unit);
	}
	struct friction_law law;
	struct formula fm;
	int rc = minguzzi_law(in, &ry_slots, &law, &fm, d);
	expr_fn_free(fm.fn);
	if (!rc) {
		const struct contact c = ry_contact(in, &law);
		rc = contact_check(&c, d);
	}
	return rc;
}

/* The worked steps' first part: the body, the relative velocity and
 * where its instantaneous centre lies. */
static void ry_body_steps(struct strbuf *s, const struct contact *c, struct contact_motion mo,
			  const struct contact_centre *cc, int shape, enum contact_pressure pr)
{
	const double u = hypot(mo.ux, mo.uy);
	switch (shape) {
	case SHAPE_DISK:
		model_step(s, "Body: a disk of radius r = %g m, area A = πr² = %.6g m².", c->r,
			   contact_measure(c));
		break;
	case SHAPE_RING:
		model_step(s,
			   "Body: a ring of radius r = %g m (a line: dA becomes ds, length "
			   "2πr = %.6g m).",
			   c->r, contact_measure(c));
		break;
	case SHAPE_ANNULUS:
		model_step(s, "Body: an annulus %g m < ρ < %g m, area π(r² − r_in²) = %.6g m².",
			   c->r_in, c->r, contact_measure(c));
		break;
	default:
		model_step(s,
			   "Body: a rectangle %g m × %g m, area %.6g m², centred, sides along x "
			   "and y.",
			   c->width, c->height, contact_measure(c));
		break;
	}
	model_step(s,
		   "The centre moves at (vx, vy), the base at (bx, by): the centre's velocity "
		   "relative to the base (eq. 12) is u = (vx − bx, vy − by) = (%.6g, %.6g) m/s; "
		   "the spin is ω = %g rad/s.",
		   mo.ux, mo.uy, mo.wz);
	model_step(s, "The point x of the body (from its centre) slides at v_r(x) = u + ω ẑ × x.");
	if (cc->where == CENTRE_NONE) {
		model_step(
			s,
			"No spin: every point slides with the same speed |u| = %.6g m/s, so both "
			"pressure hypotheses give the same R.",
			u);
	} else {
		static const char *const where[] = {"", "inside the body", "on its edge",
						    "outside the body"};
		model_step(
			s,
			"Instantaneous centre (v_r = 0): c = (−u_y/ω, u_x/ω) = (%.6g, %.6g) m, %s.",
			cc->cx, cc->cy, where[cc->where]);
		model_step(s,
			   "  There v_r = 0: %s; the surface integrals are taken in polar "
			   "coordinates about %s.",
			   pr == PRESSURE_REYE ? "Reye's weight 1/v_r is singular and v̂ jumps"
					       : "v̂ jumps",
			   cc->pole_at_centre
				   ? "c (v_r = |ω|ρ, and dA/v_r = dρ dθ/|ω| is finite)"
				   : "the body's centre (c is far enough to be harmless)");
	}
}

static int rayleigh_solve(const struct model_input *in, struct model_output *out, struct diag *d)
{
	const int shape = in->choice[RY_SHAPE];
	const enum contact_pressure pr = in->choice[RY_PRESSURE] ? PRESSURE_REYE : PRESSURE_UNIFORM;
	const double N = in->num[RY_N];
	struct friction_law law;
	struct formula fm;
	struct strbuf *s = out->steps;
	if (minguzzi_law(in, &ry_slots, &law, &fm, d))
		return -1;
	const struct contact c = ry_contact(in, &law);
	const struct contact_motion mo = {in->num[RY_VX] - in->num[RY_BX],
					  in->num[RY_VY] - in->num[RY_BY], in->num[RY_WZ]};
	struct contact_forces f;
	struct contact_centre cc;
	double grad[3];
	int rc = contact_eval(&c, mo, CONTACT_ALL, &f, d);
	if (!rc)
		rc = contact_gradient(&c, mo, grad, d);
	contact_centre(&c, mo, &cc);
	/* Reye's normalization ∫ dA/v_r, as a function of where c is, has a
	 * gradient that diverges (logarithmically) as c reaches the edge. */
	const bool no_grad = pr == PRESSURE_REYE && cc.where == CENTRE_EDGE;
	if (no_grad)
		grad[0] = grad[1] = grad[2] = NAN;
	if (!rc && out->figs)
		ry_sweep_later(out->figs, &c, mo, &f, grad, &law, &fm);
	friction_law_release(&law);
	expr_fn_free(fm.fn);
	if (minguzzi_formula_over(&fm, d) || rc)
		return -1;

	/* Within the quadrature's absolute tolerance of 0 a force is 0: at a
	 * pure spin Qx printed 1.5e-16 N (0 by symmetry), without spin Qθ
	 * 1.4e-17 N·m, round-off shown as a value (issue 37); as
	 * contact_gradient does for ∂R/∂q̇. */
	if (fabs(f.Qx) <= f.qtol)
		f.Qx = 0.0;
	if (fabs(f.Qy) <= f.qtol)
		f.Qy = 0.0;
	if (fabs(f.Qtheta) <= f.ttol)
		f.Qtheta = 0.0;
	const double P_over_2R = f.R != 0 ? f.P / (2 * f.R) : NAN;
	out->res[RY_RVAL] = value_number(f.R);
	out->res[RY_QX] = value_number(f.Qx);
	out->res[RY_QY] = value_number(f.Qy);
	out->res[RY_QTHETA] = value_number(f.Qtheta);
	out->res[RY_DRDVX] = value_number(grad[0]);
	out->res[RY_DRDVY] = value_number(grad[1]);
	out->res[RY_DRDWZ] = value_number(grad[2]);
	out->res[RY_P] = value_number(f.P);
	out->res[RY_P_OVER_2R] = value_number(P_over_2R);

	/* ---- the worked steps ---- */
	const double u = hypot(mo.ux, mo.uy), L = contact_size(&c);
	const char *elem = shape == SHAPE_RING ? "ds" : "dA";
	ry_body_steps(s, &c, mo, &cc, shape, pr);
	minguzzi_law_steps(s, in, &ry_slots, hypot(mo.ux, mo.uy) + fabs(mo.wz) * L);
	if (pr == PRESSURE_UNIFORM)
		model_step(s,
			   "Uniform pressure (R by eq. 20): the mean ⟨f⟩ = ∫ f %s / ∫ %s, ∫ %s = "
			   "%.9g %s.",
			   elem, elem, elem, f.weight, shape == SHAPE_RING ? "m" : "m²");
	else /* an area over a speed is m·s, a length over a speed s */
		model_step(s,
			   "Reye's pressure p = k/v_r, k = N/∫(%s/v_r) (eq. 19; R by eq. 21), "
			   "∫ %s/v_r = %.9g %s; the mean ⟨f⟩ = ∫ f %s/v_r / ∫ %s/v_r.",
			   elem, elem, f.weight, shape == SHAPE_RING ? "s" : "m·s", elem, elem);
	model_step(s, "R = N ⟨∫₀^{v_r} μ dv⟩ = %g · %.9g = %.12g W.", N, f.R / N, f.R);
	model_step(s, "Generalized forces (eq. 18): Q_k = −N ⟨μ(v_r) ∂v_r/∂q̇_k⟩, with");
	model_step(s, "  ∂v_r/∂vx = v̂_x, ∂v_r/∂vy = v̂_y, ∂v_r/∂ω = (x × v̂)_z:");
	model_step(s, "  Qx = %.12g N, Qy = %.12g N, Qθ = %.12g N·m.", f.Qx, f.Qy, f.Qtheta);
	if (no_grad) {
		model_step(s, "Differentiating R: not possible here. With c on the edge, Reye's "
			      "normalization ∫ dA/v_r changes like δ·ln δ as c moves a distance δ");
		model_step(s,
			   "  across the edge: R's derivative that moves c across it is infinite, "
			   "and dRdvx, dRdvy, dRdwz have no value, while the forces of eq. "
			   "(18) stay finite.");
	} else
		ry_compare_steps(s, &f, grad, pr == PRESSURE_UNIFORM || cc.where == CENTRE_NONE);
	model_step(s, "Power (eq. %s): P = N ⟨μ(v_r) v_r⟩ = %.12g W; P/(2R) = %.12g%s",
		   pr == PRESSURE_UNIFORM ? "22" : "23", f.P, P_over_2R,
		   minguzzi_law_id(in, &ry_slots) == LAW_STOKES
			   ? " (Stokes: P = 2R, Rayleigh's eq. 10)."
			   : " (2R is the power only under Stokes friction, eq. 10).");

	/* Closed forms where there is one, as a check a student can redo. */
	if (minguzzi_law_id(in, &ry_slots) == LAW_COULOMB) {
		const double mu = in->num[RY_MU], W = fabs(mo.wz) * c.r;
		if (cc.where == CENTRE_NONE)
			model_step(s,
				   "Check (pure translation): R = μN|u| = %.12g W, |Q| = μN = "
				   "%.12g N.",
				   mu * N * u, mu * N);
		else if (shape == SHAPE_DISK && u == 0)
			model_step(s, "Check (pure spin of a disk): R = %s = %.12g W.",
				   pr == PRESSURE_REYE ? "μN r|ω|/2" : "2μN r|ω|/3",
				   (pr == PRESSURE_REYE ? 0.5 : 2.0 / 3.0) * mu * N * W);
		else if (shape == SHAPE_RING && pr == PRESSURE_UNIFORM) {
			double kk = 2 * sqrt(u * W) / (u + W);
			double E = kk < 1 ? gsl_sf_ellint_Ecomp(kk, GSL_PREC_DOUBLE) : 1.0;
			model_step(
				s,
				"Check (ring, uniform): R = (μN/2π)∫ √(u² + r²ω² − 2urω sin φ) dφ "
				"= (2μN/π)(u + r|ω|) E(k), k = 2√(u r|ω|)/(u + r|ω|) = %.9g:",
				kk);
			model_step(s, "  R = %.12g W.", 2 * mu * N / M_PI * (u + W) * E);
		}
	}
	return 0;
}

const struct model model_rayleigh = {
	.name = "rayleigh",
	.summary = "Rayleigh function, forces and power of a flat body on a plane (Minguzzi "
		   "eq. 17-23)",
	.params = ry_params,
	.nparams = RY_NPARAMS,
	.results = ry_results,
	.nresults = RY_NRESULTS,
	.solve = rayleigh_solve,
	.check = rayleigh_check,
};
