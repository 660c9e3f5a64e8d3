/* Model painleve's rigid run (painleve_rod.h): the phases of the rod on
 * the phase driver (sliding, held, lifted off), their events and
 * decisions, and the largest λ inside a step. */
#include <float.h>
#include <gsl/gsl_complex_math.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <string.h>

#include "dyn/law.h"
#include "dyn/phase.h"
#include "models/model.h"
#include "models/painleve_rod.h"
#include "num/num.h"
#include "num/ode.h"
#include "num/roots.h"

/* The most steps of a rigid run: about half a second. The exercises take
 * hundreds; a matrix law with Φ₂₂ = 1e6 took a million, 16 s. */
#define RD_STEPS 20000

const char *const rod_phase_label[PH_N] = {"sliding, ẋ < 0", "sliding, ẋ > 0", "sliding",
					   "foot held (sticking)", "lifted off"};

/* "held": the run reached tmax with the foot held by static friction while
 * the rod still turns about it; "stops" is kept for a contact that stops
 * sliding and ends the run there (Kozlov's law, q̇ = 0). */
const char *const rod_outcome_word[] = {"stops", "slides", "lifts-off", "paradox",
					"falls", "rests",  "held"};

/* ---- the rigid run -------------------------------------------------------- */

void rod_stick_state(const struct rod *r, double th, double thd, struct stick *o)
{
	double A[9], X[3];
	rod_inertia(r, th, A);
	rod_forces(r, th, thd, X);
	o->thdd = X[1] / A[4];
	o->lambda = A[7] * o->thdd - X[2];
	o->Fx = A[1] * o->thdd - X[0];
}

/* y = (x, θ, ẋ, θ̇); the phase's equations: sliding (2.13), or the pivot
 * about the stuck foot. */
static int rigid_rhs(double t, const double y[], double f[], void *p)
{
	struct rod *r = p;
	(void)t;
	if (num_interrupted)
		return GSL_EBADFUNC;
	f[0] = y[2];
	f[1] = y[3];
	if (r->at_rest) {
		struct stick st;
		rod_stick_state(r, y[1], y[3], &st);
		f[2] = 0.0;
		f[3] = st.thdd;
		return GSL_SUCCESS;
	}
	struct slide sl;
	rod_slide_state(r, y[1], y[2], y[3], &sl);
	f[2] = sl.qdd[0];
	f[3] = sl.qdd[1];
	return GSL_SUCCESS;
}

/* λ of the phase being run at the state y. */
static double phase_lambda(const struct rod *r, const double y[4])
{
	if (r->at_rest) {
		struct stick st;
		rod_stick_state(r, y[1], y[3], &st);
		return st.lambda;
	}
	struct slide sl;
	rod_slide_state(r, y[1], y[2], y[3], &sl);
	return sl.lambda;
}

/* Every reason to end the phase, each positive while it goes on. Sliding:
 * in the phase's direction (coulomb) or moving at all (Kozlov), λ > 0,
 * D > 0, 0 < θ < π. Stuck: static friction holds, μλ − |F_x| ≥ 0, λ > 0,
 * 0 < θ < π. Their minimum crosses zero at the first of them. */
static double rigid_event_parts(const struct rod *r, const double y[], double parts[4])
{
	const double M = r->m1 + r->m2, L = r->l;
	parts[3] = fmin(y[1], M_PI - y[1]) * L;
	if (r->at_rest) {
		struct stick st;
		rod_stick_state(r, y[1], y[3], &st);
		parts[0] = (r->mu * st.lambda - fabs(st.Fx)) / r->fscale;
		parts[1] = st.lambda / r->fscale;
		parts[2] = INFINITY; /* no paradox while the foot is held */
	} else {
		struct slide sl;
		rod_slide_state(r, y[1], y[2], y[3], &sl);
		if (rod_classical(r)) {
			parts[0] = r->sigma * y[2];
		} else {
			double A[9], q[3] = {y[2], y[3], 0}, Aq[3];
			rod_inertia(r, y[1], A);
			rod_matvec(A, q, Aq);
			parts[0] =
				sqrt(fmax(0.0, q[0] * Aq[0] + q[1] * Aq[1])) / sqrt(M) - r->v_reg;
		}
		parts[1] = sl.lambda / r->fscale;
		parts[2] = sl.D * r->m1;
	}
	double g = parts[0];
	for (int i = 1; i < 4; i++)
		g = fmin(g, parts[i]);
	return g;
}

/* ---- the rigid run: the largest λ, (2.9) and λ − λ0 ----------------------- */

/* The largest λ met along the run is taken on each phase's dense solution:
 * at the phase's ends, at its step ends, and where dλ/dt falls through 0
 * between two step ends (a root by Brent, on the solution re-integrated
 * from the step's start), never extrapolated. A step end counts only once
 * the next step is accepted: the step that meets the phase's event ends
 * past it, and the phase's end is taken in its place. The sliding phases'
 * largest |λ − λ0| is found the same way, and their range of θ, its ends
 * where θ̇ changes sign located alike, gives the largest (2.9) residual,
 * which depends on θ alone. Sampled at the step ends instead,
 * painleve-slip's cond29_residual_max was 0.26065 where the run's θ
 * reaches 0.26109. */

/* g = λ − λ0 sliding, λ0 = −(A⁻¹X)_y/(A⁻¹)_yy the frictionless reaction
 * at the same state: 0 where (2.9) holds, and 0 within the rounding of λ
 * and λ0 themselves, A⁻¹'s relative κ(A) ε on forces of the size of X and
 * λ (64 ε ‖A‖_F ‖A⁻¹‖_F of them): painleve-rod-isotropic's steps said λ
 * differed from λ0 by 1.07e-14 N where its answers said 0, two runs'
 * rounding. */
static double lambda_dev(const struct rod *r, const double y[4])
{
	double A[9], Ai[9], X[3], AiX[3], fa = 0, fai = 0;
	rod_inertia(r, y[1], A);
	rod_inertia_inv(r, y[1], Ai);
	rod_forces(r, y[1], y[3], X);
	rod_matvec(Ai, X, AiX);
	for (int i = 0; i < 9; i++) {
		fa += A[i] * A[i];
		fai += Ai[i] * Ai[i];
	}
	const double lambda = phase_lambda(r, y), lambda0 = -AiX[2] / Ai[8];
	const double size = fabs(lambda) + fabs(lambda0) + fabs(X[0]) + fabs(X[1]) + fabs(X[2]);
	const double g = lambda - lambda0;
	return fabs(g) <= 64 * DBL_EPSILON * sqrt(fa * fai) * size ? 0.0 : g;
}

/* The rates along the flow at y, by central differences: d/dt of λ and of
 * g (sliding; 0 held), those asked for (RATE_* bits) written into rate[],
 * nan where interrupted (the right-hand side not written). */
enum { RATE_LAMBDA = 1, RATE_DEV = 2 };
static void peak_rates(struct rod *r, const double y[4], int want, double rate[2])
{
	double f[4], yp[4], ym[4];
	const double h = 1e-6 * r->tscale;
	rate[0] = rate[1] = NAN;
	if (rigid_rhs(0.0, y, f, r) != GSL_SUCCESS)
		return;
	for (int i = 0; i < 4; i++) {
		yp[i] = y[i] + h * f[i];
		ym[i] = y[i] - h * f[i];
	}
	if (want & RATE_LAMBDA)
		rate[0] = (phase_lambda(r, yp) - phase_lambda(r, ym)) / (2 * h);
	if (want & RATE_DEV)
		rate[1] = r->at_rest ? 0.0 : (lambda_dev(r, yp) - lambda_dev(r, ym)) / (2 * h);
}

static void peak_point(struct rod *r, double t, const double y[4], struct peak_pt *p)
{
	double rate[2];
	p->t = t;
	memcpy(p->y, y, sizeof(p->y));
	p->lambda = phase_lambda(r, y);
	p->dev = r->at_rest ? 0.0 : lambda_dev(r, y);
	p->ratio = rod_jac_ratio_at(r, rigid_rhs, 4, y, &p->nfast, &p->fastest);
	peak_rates(r, y, RATE_LAMBDA | RATE_DEV, rate);
	p->dl = rate[0], p->ddev = rate[1];
}

/* The rates whose fall through 0 rod_dense_peak finds: dλ/dt at a peak of
 * λ, ±dg/dt at an extreme of g, ±θ̇ at an extreme of θ. */
static double rate_lambda(struct rod *r, const double *y)
{
	double rate[2];
	peak_rates(r, y, RATE_LAMBDA, rate);
	return rate[0];
}

static double rate_dev_up(struct rod *r, const double *y)
{
	double rate[2];
	peak_rates(r, y, RATE_DEV, rate);
	return rate[1];
}

static double rate_dev_down(struct rod *r, const double *y)
{
	return -rate_dev_up(r, y);
}

/* not a rate: the stiffness ratio negated, for Brent's minimizer */
static double ratio_neg(struct rod *r, const double *y)
{
	return -rod_jac_ratio_at(r, rigid_rhs, 4, y, NULL, NULL);
}

static double rate_th_up(struct rod *r, const double *y)
{
	(void)r;
	return y[3];
}

static double rate_th_down(struct rod *r, const double *y)
{
	(void)r;
	return -y[3];
}

static double dense_rate(double t, void *p)
{
	struct dense *dn = p;
	double tt = dn->t0;
	memcpy(dn->y, dn->y0, dn->sys.dim * sizeof(double));
	if (t > tt) {
		int s = ode_solve_to(&dn->sys, dn->jac, dn->method, t - tt, dn->tol, &tt, t, dn->y);
		if (s) {
			dn->status = s;
			return GSL_NAN;
		}
	}
	return dn->rate(dn->r, dn->y);
}

/* Where the rate falls through 0 inside the step [t0, t1] (Brent, to
 * tol): 1 with dn->y the state there; 0 where it does not on the step's
 * solution (within rounding of a maximum at an end, taken there); -1 with
 * d filled. */
int rod_dense_peak(struct dense *dn, double t1, double tol, struct diag *d)
{
	const double fa = dense_rate(dn->t0, dn), fb = dense_rate(t1, dn);
	if (dn->status)
		return num_fail(d, dn->status, "the largest normal force");
	if (!(fa > 0 && fb < 0))
		return 0;
	struct num_root root;
	if (num_brent(dense_rate, dn, dn->t0, t1, 0.0, tol, &root, "the largest normal force", d))
		return -1;
	dense_rate(root.root, dn);
	if (dn->status)
		return num_fail(d, dn->status, "the largest normal force");
	return 1;
}

/* The phase's solution re-integrated from the step end `from` (rk8pd at
 * 1e-13), with the rate dense_rate reads off it. */
static struct dense step_dense(struct rod *r, const struct peak_pt *from,
			       double (*rate)(struct rod *, const double *))
{
	return (struct dense){.r = r,
			      .sys = {4, rigid_rhs, NULL, r},
			      .method = ODE_RK8PD,
			      .tol = 1e-13,
			      .t0 = from->t,
			      .y0 = from->y,
			      .rate = rate};
}

/* The state inside the step from a to b where rate falls through 0 (into
 * y, returning true), or false; a failed search sets r->pk.status. */
static bool peak_locate(struct rod *r, const struct peak_pt *a, const struct peak_pt *b,
			double (*rate)(struct rod *, const double *), double y[4])
{
	struct dense dn = step_dense(r, a, rate);
	const int found = rod_dense_peak(&dn, b->t, 1e-13, r->d);
	if (found < 0)
		r->pk.status = -1;
	else if (found)
		memcpy(y, dn.y, 4 * sizeof(double));
	return found > 0;
}

/* The stiffness ratio's peak between the step ends lo and hi, around tm
 * where it is above both (fm its negation there; tm nan: the midpoint of a
 * single step, which shows whether a peak is inside it): Brent's minimizer
 * of the negated ratio on the solution re-integrated from lo. */
static void ratio_peak(struct rod *r, const struct peak_pt *lo, double tm, double fm,
		       const struct peak_pt *hi)
{
	struct dense dn = step_dense(r, lo, ratio_neg);
	double t, f;
	if (isnan(tm)) {
		tm = 0.5 * (lo->t + hi->t);
		fm = dense_rate(tm, &dn);
		if (!dn.status)
			r->pk.ratio_max = fmax(r->pk.ratio_max, -fm);
	}
	if (!dn.status && !(fm < -lo->ratio && fm < -hi->ratio))
		return;
	if (!dn.status &&
	    num_brent_min(dense_rate, &dn, lo->t, tm, hi->t, -lo->ratio, fm, -hi->ratio, 0.0, 1e-6,
			  &t, &f, "the largest stiffness ratio", r->d)) {
		r->pk.status = -1;
		return;
	}
	if (dn.status) {
		num_fail(r->d, dn.status, "the largest stiffness ratio");
		r->pk.status = -1;
		return;
	}
	r->pk.ratio_max = fmax(r->pk.ratio_max, -f);
}

/* What the ratio's peak about the step end b, above the ends a and c
 * beside it, may come to: b's value and twice the rise of the parabola
 * through the three. */
static double ratio_reach(const struct peak_pt *a, const struct peak_pt *b, const struct peak_pt *c)
{
	const double h0 = b->t - a->t, h1 = c->t - b->t;
	const double s0 = (b->ratio - a->ratio) / h0, s1 = (c->ratio - b->ratio) / h1;
	const double curv = (s1 - s0) / (h0 + h1); /* half the second derivative */
	const double slope = s0 + curv * h0;	   /* at b */
	const double rise = curv < 0 ? -slope * slope / (4 * curv) : 0.0;
	return b->ratio + 2 * rise;
}

/* A rate crosses 1/tmax inside the step from a to b (the number the
 * stiffness ratio counts differs at its ends): just above, it is the
 * slowest rate counted, and the ratio tends to the largest rate over
 * 1/tmax, the most it can be at that state, which is the ratio's least
 * upper bound there. The crossing by bisection on the re-integrated step
 * to 1e-8 of it; the largest rate there over 1/tmax, not the ratio at a
 * point beside it, whose slowest rate is a pair's as they meet (the
 * differenced Jacobian's 1e-10 moves them by its square root). Between
 * its step ends painleve-family met one that its step ends did not show
 * (16.48 at them, 28.84 by it). */
static void ratio_crossing(struct rod *r, const struct peak_pt *a, const struct peak_pt *b)
{
	struct dense dn = step_dense(r, a, rate_th_up);
	const bool more_at_a = a->nfast > b->nfast;
	double lo = a->t, hi = b->t, y_lo[4], y_hi[4];
	memcpy(y_lo, a->y, sizeof(y_lo));
	memcpy(y_hi, b->y, sizeof(y_hi));
	for (int it = 0; it < 60 && hi - lo > 1e-8 * (b->t - a->t); it++) {
		const double mid = 0.5 * (lo + hi);
		dn.t0 = lo, dn.y0 = y_lo; /* on from the bracket's start */
		dense_rate(mid, &dn);
		if (dn.status) {
			num_fail(r->d, dn.status, "the largest stiffness ratio");
			r->pk.status = -1;
			return;
		}
		int n;
		rod_jac_ratio_at(r, rigid_rhs, 4, dn.y, &n, NULL);
		if (n == a->nfast) {
			lo = mid;
			memcpy(y_lo, dn.y, sizeof(y_lo));
		} else {
			hi = mid;
			memcpy(y_hi, dn.y, sizeof(y_hi));
		}
	}
	double big;
	rod_jac_ratio_at(r, rigid_rhs, 4, more_at_a ? y_lo : y_hi, NULL, &big);
	r->pk.ratio_max = fmax(r->pk.ratio_max, big / r->slow);
}

/* A place where the ratio's bound may lie, kept for ratio_settle: when
 * full, the least promising gives way. */
static void ratio_cand_add(struct rod *r, enum ratio_kind kind, const struct peak_pt *lo, double tm,
			   double fm, const struct peak_pt *hi, double est)
{
	struct peak *pk = &r->pk;
	int k = pk->ncand;
	if (k == RC_MAX) {
		k = 0;
		for (int i = 1; i < RC_MAX; i++)
			if (pk->cand[i].est < pk->cand[k].est)
				k = i;
		if (!(est > pk->cand[k].est))
			return;
	} else {
		pk->ncand++;
	}
	pk->cand[k] = (struct ratio_cand){.kind = kind,
					  .lo = *lo,
					  .hi = *hi,
					  .tm = tm,
					  .fm = fm,
					  .est = est,
					  .sigma = r->sigma,
					  .at_rest = r->at_rest};
}

/* The run is over: the places that may hold the ratio's least upper
 * bound, most promising first, each searched on its phase's equations
 * while its estimate reaches within 1% of the largest found. Deferred to
 * here, the search is spent where it can count, and not at all where a
 * Kozlov law stops the rod (the ratio has no bound there). */
static int ratio_settle(struct rod *r)
{
	struct peak *pk = &r->pk;
	const double sigma = r->sigma;
	const bool at_rest = r->at_rest;
	for (int n = 0; n < pk->ncand && !pk->status; n++) {
		int k = n;
		for (int i = n + 1; i < pk->ncand; i++)
			if (pk->cand[i].est > pk->cand[k].est)
				k = i;
		const struct ratio_cand c = pk->cand[k];
		pk->cand[k] = pk->cand[n];
		if (c.est < 0.99 * pk->ratio_max)
			break;
		r->sigma = c.sigma, r->at_rest = c.at_rest;
		if (c.kind == RC_CROSSING)
			ratio_crossing(r, &c.lo, &c.hi);
		else
			ratio_peak(r, &c.lo, c.tm, c.fm, &c.hi);
	}
	r->sigma = sigma, r->at_rest = at_rest;
	pk->ncand = 0;
	return pk->status ? -1 : 0;
}

/* |g| of the rounding of λ and λ0 themselves: a g this small (Kozlov's
 * laws, where λ is λ0) is not searched for extremes, whose rates would be
 * rounding too. */
static double dev_noise(const struct rod *r)
{
	return 1e-12 * r->fscale;
}

/* Whether the largest value inside a step of length h, where its rate
 * falls through 0 (d0 > 0 > d1), can come to `above`: the cubic through
 * the ends' values and rates estimates it, and the search on the
 * re-integrated step is spent only where twice the estimated rise reaches
 * `above`. A stiff run's λ turns at most of its steps: a matrix law with
 * Φ22 = 300 spent 90% of its 0.27 s searching peaks below the largest. */
static bool may_reach(double h, double v0, double d0, double v1, double d1, double above)
{
	const double ends = fmax(v0, v1);
	const double rise = fmax(rod_hermite_peak(v0, h * d0, v1, h * d1) - ends, 0.0);
	return ends + 2 * rise >= above;
}

static void peak_take(struct rod *r, const struct peak_pt *a, const struct peak_pt *b, bool last)
{
	if (isfinite(b->lambda))
		r->pk.max = fmax(r->pk.max, b->lambda);
	r->pk.ratio_max = fmax(r->pk.ratio_max, b->ratio);
	const bool slides = !r->at_rest;
	if (slides) {
		r->th_lo = fmin(r->th_lo, b->y[1]);
		r->th_hi = fmax(r->th_hi, b->y[1]);
		r->dev_max = fmax(r->dev_max, fabs(b->dev));
	}
	if (r->pk.status || !(b->t > a->t))
		return;
	double y[4];
	const double h = b->t - a->t;
	if (a->dl > 0 && b->dl < 0 && may_reach(h, a->lambda, a->dl, b->lambda, b->dl, r->pk.max) &&
	    peak_locate(r, a, b, rate_lambda, y))
		r->pk.max = fmax(r->pk.max, phase_lambda(r, y));
	/* the ratio's peaks: about a step end above both beside it, and in
	 * the phase's first or last step where its end is the larger */
	if (r->pk.has_pm && a->ratio > r->pk.pm.ratio && a->ratio > b->ratio)
		ratio_cand_add(r, RC_PEAK, &r->pk.pm, a->t, -a->ratio, b,
			       ratio_reach(&r->pk.pm, a, b));
	if ((!r->pk.has_pm && a->ratio > b->ratio) || (last && b->ratio > a->ratio))
		ratio_cand_add(r, RC_PEAK, a, NAN, 0.0, b, fmax(a->ratio, b->ratio));
	if (a->nfast != b->nfast && a->nfast >= 0 && b->nfast >= 0)
		ratio_cand_add(r, RC_CROSSING, a, NAN, 0.0, b,
			       fmax(a->fastest, b->fastest) / r->slow);
	if (!slides)
		return;
	const double th0 = a->y[1], w0 = a->y[3], th1 = b->y[1], w1 = b->y[3];
	if ((w0 > 0 && w1 < 0 && may_reach(h, th0, w0, th1, w1, r->th_hi) &&
	     peak_locate(r, a, b, rate_th_up, y)) ||
	    (w0 < 0 && w1 > 0 && may_reach(h, -th0, -w0, -th1, -w1, -r->th_lo) &&
	     peak_locate(r, a, b, rate_th_down, y))) {
		r->th_lo = fmin(r->th_lo, y[1]);
		r->th_hi = fmax(r->th_hi, y[1]);
	}
	if (!(fmax(fabs(a->dev), fabs(b->dev)) > dev_noise(r)))
		return;
	const double g0 = a->dev, r0 = a->ddev, g1 = b->dev, r1 = b->ddev;
	if ((r0 > 0 && r1 < 0 && fmax(g0, g1) > 0 && may_reach(h, g0, r0, g1, r1, r->dev_max) &&
	     peak_locate(r, a, b, rate_dev_up, y)) ||
	    (r0 < 0 && r1 > 0 && fmin(g0, g1) < 0 && may_reach(h, -g0, -r0, -g1, -r1, r->dev_max) &&
	     peak_locate(r, a, b, rate_dev_down, y)))
		r->dev_max = fmax(r->dev_max, fabs(lambda_dev(r, y)));
}

/* A phase starts at (t, y). */
static void peak_start(struct rod *r, double t, const double y[4])
{
	peak_point(r, t, y, &r->pk.p0);
	if (isfinite(r->pk.p0.lambda))
		r->pk.max = fmax(r->pk.max, r->pk.p0.lambda);
	r->th_lo = r->th_hi = y[1];
	r->pk.has_p1 = r->pk.has_pm = false;
	r->pk.ratio_max = fmax(r->pk.ratio_max, r->pk.p0.ratio);
}

/* An accepted step's end (calls at earlier times locate an event). */
static void peak_step(struct rod *r, double t, const double y[4])
{
	if (!(t > (r->pk.has_p1 ? r->pk.p1.t : r->pk.p0.t)))
		return;
	if (r->pk.has_p1) {
		peak_take(r, &r->pk.p0, &r->pk.p1, false);
		r->pk.pm = r->pk.p0;
		r->pk.has_pm = true;
		r->pk.p0 = r->pk.p1;
	}
	peak_point(r, t, y, &r->pk.p1);
	r->pk.has_p1 = true;
}

/* The phase ended at (t, y): the last stretch, from the last step end
 * taken; sliding, the largest (2.9) residual over the θ it went through. */
static int peak_end(struct rod *r, double t, const double y[4])
{
	struct peak_pt e;
	peak_point(r, t, y, &e);
	peak_take(r, &r->pk.p0, &e, true);
	if (r->pk.status)
		return -1;
	double res;
	if (!r->at_rest) {
		if (rod_cond29_max(r, r->th_lo, r->th_hi, &res))
			return -1;
		r->res_max = fmax(r->res_max, res);
	}
	return 0;
}

/* (2.9) at a state of the run, and, sliding, λ against the frictionless
 * λ0 = −(A⁻¹X)_y/(A⁻¹)_yy: where (2.9) holds along the run, both stay 0. */
double rod_cond29_residual_at(const struct rod *r, double th)
{
	const double s = sin(th), c = cos(th); /* one sincos for A, A⁻¹ and Φ */
	double A[9], Ai[9], Phi[9], w[3];
	rod_inertia_sc(r, s, c, A);
	rod_inertia_inv_sc(r, s, c, Ai);
	rod_law_matrix_of(r, A, Ai, Phi);
	return rod_cond29_residual_of(A, Phi, Ai, w);
}

static double cond29_neg(double th, void *p)
{
	return -rod_cond29_residual_at(p, th);
}

/* A grid of about 64 points over π, and Brent's minimizer of the negated
 * residual about the grid's two largest inside points: the residual is a
 * ratio of trigonometric polynomials of low degree in θ, with no feature
 * finer than the grid. */
int rod_cond29_max(struct rod *r, double lo, double hi, double *max)
{
	enum { NMAX = 132 };
	const double width = hi - lo;
	*max = fmax(rod_cond29_residual_at(r, lo), rod_cond29_residual_at(r, hi));
	if (!(width > 1e-12 * fmax(1.0, fabs(hi))))
		return 0;
	const int n = 4 + (int)ceil(64 * fmin(width, 2 * M_PI) / M_PI);
	double v[NMAX + 1];
	for (int i = 0; i <= n; i++)
		v[i] = rod_cond29_residual_at(r, lo + width * i / n);
	int best[2] = {-1, -1};
	for (int i = 1; i < n; i++) {
		if (!(v[i] > v[i - 1] && v[i] > v[i + 1]))
			continue;
		if (best[0] < 0 || v[i] > v[best[0]]) {
			best[1] = best[0];
			best[0] = i;
		} else if (best[1] < 0 || v[i] > v[best[1]]) {
			best[1] = i;
		}
	}
	for (int k = 0; k < 2 && best[k] >= 0; k++) {
		const int i = best[k];
		double th, f;
		if (num_brent_min(cond29_neg, r, lo + width * (i - 1) / n, lo + width * i / n,
				  lo + width * (i + 1) / n, -v[i - 1], -v[i], -v[i + 1], 0.0, 1e-8,
				  &th, &f, "the largest (2.9) residual along the run", r->d))
			return -1;
		*max = fmax(*max, -f);
	}
	return 0;
}

/* The start of a sliding phase, and a run that ends there: (2.9) and
 * λ − λ0 at that state. */
static void cond29_watch(struct rod *r, const double y[4])
{
	if (r->at_rest)
		return;
	r->res_max = fmax(r->res_max, rod_cond29_residual_at(r, y[1]));
	r->dev_max = fmax(r->dev_max, fabs(lambda_dev(r, y)));
}

static double rigid_event(double t, const double y[], void *p)
{
	struct rod *r = p;
	double parts[4];
	peak_step(r, t, y);
	return rigid_event_parts(r, y, parts);
}

/* The derived columns at a recorded point of the phase: λ, the phase,
 * and the line's horizontal force on the foot at the state (the scene
 * draws it): the held foot's static friction F_x from the pivot's
 * equations, or the law's λ G_x while it slides. */
static void rigid_extra(void *ctx, double t, const double *y, double *out)
{
	struct rod *r = ctx;
	(void)t;
	out[0] = phase_lambda(r, y);
	out[1] = r->at_rest	     ? PH_REST
		 : !rod_classical(r) ? PH_SLIDES
		 : r->sigma < 0	     ? PH_BACK
				     : PH_FORWARD;
	if (r->at_rest) {
		struct stick st;
		rod_stick_state(r, y[1], y[3], &st);
		out[2] = st.Fx;
	} else {
		double G[3];
		rod_friction_dir(r, y[1], (const double[3]){y[2], y[3], 0.0}, 0.0, G);
		out[2] = out[0] * G[0];
	}
}

/* The rod at rest in equilibrium with its foot held: θ̇ = 0 and θ̈ = 0,
 * upright (cos θ = 0 to rounding, as in rod_mu_crit_at) or without gravity.
 * Nothing changes from then on. */
static bool rod_rests(const struct rod *r, const double y[4])
{
	return y[3] == 0 && (r->g == 0 || fabs(cos(y[1])) <= DBL_EPSILON * fabs(y[1]));
}

/* The rigid run between phases. */
struct rigid_run {
	struct rod *r;
	struct run *out;
	bool decide;	 /* the foot at rest under the classical law: held, or it slips */
	bool from_stick; /* released at rest: a slip now is a stuck foot's */
	double x_slip;	 /* x where the first slip from rest began */
	int iter;	 /* the runs of the loop so far: phases and decisions */
};

enum { RIGID_GO, RIGID_DONE };

/* The foot at rest slips on, against F_x; the first slip of a stuck foot
 * (stuck: it was) is kept, for the steps and the figures. */
static void foot_slips(struct rod *r, struct run *out, double t, const double y[4],
		       const struct stick *st, bool stuck, double *x_slip)
{
	r->sigma = st->Fx > 0 ? -1.0 : 1.0;
	if (stuck && isnan(out->t_slip)) {
		out->t_slip = t, out->th_slip = y[1], out->thd_slip = y[3];
		out->lambda_slip = st->lambda, out->Fx_slip = st->Fx;
		*x_slip = y[0];
	}
	out->slips++;
}

/* The foot at rest (ẋ = 0, classical law): held by static friction, or
 * slipping against F_x; or the run ends there. */
static int rigid_decide(struct phase_run *run, struct rigid_run *rr)
{
	struct rod *r = rr->r;
	struct run *out = rr->out;
	double *y = run->y;
	struct stick st;
	rr->decide = false;
	y[2] = 0.0;
	rod_stick_state(r, y[1], y[3], &st);
	if (rod_rests(r, y)) {
		r->at_rest = true;
		out->outcome = OUT_RESTS;
		out->why = "the foot is held and the rod is at rest upright";
		return RIGID_DONE;
	}
	if (st.lambda <= 0 && !rod_slide_presses(r, y[1], y[3], st.Fx)) {
		out->outcome = OUT_LIFTS_OFF;
		out->why = "the contact at rest has no normal force";
		return RIGID_DONE;
	}
	if (fabs(st.Fx) <= r->mu * st.lambda)
		r->at_rest = true;
	else
		foot_slips(r, out, run->t, y, &st, rr->from_stick, &rr->x_slip);
	rr->from_stick = false;
	return RIGID_GO;
}

/* Before a phase: whether the rod moves on. */
static int rigid_start_next(struct phase_run *run, struct rigid_run *rr)
{
	struct rod *r = rr->r;
	struct run *out = rr->out;
	double *y = run->y, parts[4];
	if (rr->decide && rigid_decide(run, rr) == RIGID_DONE)
		return RIGID_DONE;
	if (r->at_rest) {
		out->sticks++;
		if (isnan(out->t_stick))
			out->t_stick = run->t;
	}
	rod_jac_ratio(r, rigid_rhs, 4, y, &out->ratio);
	cond29_watch(r, y);
	rigid_event_parts(r, y, parts);
	/* a slip that starts from rest has ẋ = 0: only the others count */
	bool from_rest = rod_classical(r) && y[2] == 0 && !r->at_rest;
	if (parts[1] <= 0 || parts[2] <= 0 || parts[3] <= 0 ||
	    (parts[0] <= 0 && !from_rest && !r->at_rest)) {
		out->outcome = parts[3] <= 0   ? OUT_FALLS
			       : parts[2] <= 0 ? OUT_PARADOX
			       : parts[1] <= 0 ? OUT_LIFTS_OFF
					       : OUT_STOPS;
		out->why = rr->iter > 0 ? NULL
			   : parts[0] <= 0 && !rod_classical(r)
				   ? "the rod is at rest at the start; whether Kozlov's "
				     "law lets it start is the rest principle of §3 (see "
				     "kozlov-rest), not run here"
				   : "at the start";
		return RIGID_DONE;
	}
	return RIGID_GO;
}

/* Kozlov's law stops the rod where q̇ = 0; the phase's event is at
 * |q̇|_A/√M = v_reg (1e-9 √(g l)), where the deceleration, of degree 0 in
 * q̇, is finite: the rest of the way in closed form, q̇ falling linearly
 * over dt = |q̇|²_A/(−q̇·Aq̈) (the distance is O(v_reg²)). The run said
 * "stops" beside xdot_end = −2.6e-9 m/s (painleve-rod-isotropic). The
 * classical laws never come here: their ẋ = 0 is a stick-or-slip decision. */
static void rigid_kozlov_land(struct phase_run *run, struct rod *r, double *ratio)
{
	double *y = run->y, f[4], A[9], Aq[3];
	const double q[3] = {y[2], y[3], 0};
	/* the stiffness where the integration ended, as before the landing */
	rod_jac_ratio(r, rigid_rhs, 4, y, ratio);
	if (rigid_rhs(run->t, y, f, r)) /* interrupted: the driver says so */
		return;
	rod_inertia(r, y[1], A);
	rod_matvec(A, q, Aq);
	const double qAq = q[0] * Aq[0] + q[1] * Aq[1], rate = -(f[2] * Aq[0] + f[3] * Aq[1]);
	if (!(qAq > 0 && rate > 0))
		return;
	const double dt = fmin(qAq / rate, run->tmax - run->t);
	if (!(dt > 0))
		return;
	const double k = dt * rate / qAq; /* 1 where q̇ reaches 0 */
	y[0] += (y[2] - 0.5 * k * y[2]) * dt;
	y[1] += (y[3] - 0.5 * k * y[3]) * dt;
	y[2] = k >= 1 ? 0.0 : y[2] * (1 - k);
	y[3] = k >= 1 ? 0.0 : y[3] * (1 - k);
	phase_jump(run, run->t + dt, y);
}

/* After a phase that ended at an event: which one, and what follows. */
static int rigid_event_next(struct phase_run *run, struct rigid_run *rr)
{
	struct rod *r = rr->r;
	struct run *out = rr->out;
	double *y = run->y, parts[4];
	const double t = run->t;
	rigid_event_parts(r, y, parts);
	int which = 0;
	for (int i = 1; i < 4; i++)
		if (parts[i] < parts[which])
			which = i;
	if (which == 0 && r->at_rest) {
		/* static friction gives way: the foot slips against F_x */
		struct stick st;
		phase_mark(run, t, y);
		rod_stick_state(r, y[1], y[3], &st);
		foot_slips(r, out, t, y, &st, true, &rr->x_slip);
		r->at_rest = false;
		y[2] = 0.0;
		return RIGID_GO;
	}
	if (which == 0 && rod_classical(r)) {
		phase_mark(run, t, y);
		rr->decide = true; /* ẋ = 0 located: stick or slip on */
		/* A first slip from rest that ends having moved the foot less
		 * than the rounding of its place (1e-12 l) is a tie at the
		 * static bound, not the slip t_slip asks for: μ one rounding
		 * below |F_x|/λ at the release slid 1e-32 m for 1e-8 s, and
		 * t_slip said 0 where at the tie it is the pivot's 0.2616 s. */
		if (out->slips == 1 && !isnan(out->t_slip) &&
		    fabs(y[0] - rr->x_slip) <= 1e-12 * r->l) {
			out->t_slip = out->th_slip = out->thd_slip = NAN;
			out->lambda_slip = out->Fx_slip = NAN;
			out->slips = 0;
		}
		return RIGID_GO;
	}
	if (which == 0)
		rigid_kozlov_land(run, r, &out->ratio);
	out->outcome = which == 0   ? OUT_STOPS
		       : which == 1 ? OUT_LIFTS_OFF
		       : which == 2 ? OUT_PARADOX
				    : OUT_FALLS;
	if (which == 3) /* located to 1e-13 s: the rod lies on the line */
		y[1] = y[1] < M_PI_2 ? 0.0 : M_PI;
	return RIGID_DONE;
}

static int rigid_next(struct phase_run *run, struct phase_mode *mode, void *ctx, struct diag *d)
{
	struct rigid_run *rr = ctx;
	struct rod *r = rr->r;
	struct run *out = rr->out;
	double *y = run->y;
	int next = RIGID_GO;
	if (run->end) {
		if (peak_end(r, run->t, y))
			return -1;
		out->steps = run->steps;
		if (!run->end->event) {
			/* tmax with the foot held: the rod still pivots about it */
			out->outcome = r->at_rest ? OUT_HELD : OUT_SLIDES;
			if (r->at_rest)
				out->why = "tmax reached with the foot held by static friction";
			next = RIGID_DONE;
		} else {
			next = rigid_event_next(run, rr);
		}
		rr->iter++;
	}
	if (next == RIGID_GO && rr->iter > 1000)
		return diag_set(d, "more than 1000 stick and slip phases before tmax");
	if (next == RIGID_GO && rigid_start_next(run, rr) == RIGID_GO) {
		mode->sys = (struct ode_system){4, rigid_rhs, rigid_event, r};
		/* the fall's own scale: tmax may be any horizon */
		mode->opts.h0 = 1e-6 * r->tscale * r->scale;
		mode->opts.atol_scale = r->scale < 1 ? r->atol_scale : NULL;
		/* A slip from rest with |F_x| a hair past μλ and the margin
		 * turning back inside returns to ẋ = 0 within √(excess) of the
		 * fall's time (3e-7 of it at 1e-13): a first step of 1e-6 of
		 * it stepped over the return (σẋ 0, +1e-24, then negative: no
		 * sign change at the step's end), and the foot slid on with
		 * its friction pointing the wrong way (x_end 2.27 m where μ at
		 * the tie gives the pivot's 0.0034 m). Such a slip starts at
		 * 1e-12 of it. */
		if (rod_classical(r) && !r->at_rest && y[2] == 0)
			mode->opts.h0 = 1e-12 * r->tscale;
		mode->quiet_end = true; /* marked after, once the event is known */
		phase_mark(run, run->t, y);
		peak_start(r, run->t, y);
		return PHASE_RUN;
	}
	rod_jac_ratio(r, rigid_rhs, 4, y, &out->ratio);
	if (!(out->outcome == OUT_STOPS && !rod_classical(r)) && ratio_settle(r))
		return -1;
	out->ratio = fmax(out->ratio, r->pk.ratio_max);
	out->t_end = run->t;
	phase_mark(run, run->t, y);
	out->N_max = fmax(fmax(phase_lambda(r, y), r->pk.max), 0.0);
	out->y[0] = y[0];
	out->y[1] = y[1];
	out->y[3] = y[2];
	out->y[4] = y[3];
	return PHASE_END;
}

/* tr: NULL, or a record of (x, θ, ẋ, θ̇) with the columns of rigid_extra.
 * Phases of sliding and, under the classical law, of the foot held by
 * static friction (the rod pivoting about it), to tmax or to what ends
 * the run. *out comes in as rod_solve starts it (sliding, no slip met). */
int rod_run_rigid(struct rod *r, double th0, double xd0, double thd0, double tmax, struct run *out,
		  struct record *tr, struct diag *d)
{
	double y[4] = {0.0, th0, xd0, thd0};
	/* Under Kozlov's laws a start slower than 1e-3 m/s (|q̇|_A/√M) is a
	 * motion at its own scale: the friction is of degree 0 in q̇, its rates
	 * of the start's size, its distances of their square, each followed
	 * to the tolerance of a start at 1e-3 m/s, and the stop's event taken
	 * at 1e-9 of the speed scale. At absolute tolerances and v_reg a rod
	 * launched at 1e-8 m/s stopped 7.6e-6 late, one at 1e-11 m/s "was at
	 * rest at the start" with ẋ = 1e-11 m/s beside it. */
	r->scale = 1.0;
	if (!rod_classical(r)) {
		double A0[9], Aq0[3];
		const double q0[3] = {xd0, thd0, 0};
		rod_inertia(r, th0, A0);
		rod_matvec(A0, q0, Aq0);
		const double v0 =
			sqrt(fmax(0.0, q0[0] * Aq0[0] + q0[1] * Aq0[1]) / (r->m1 + r->m2));
		r->scale = ode_motion_scale(v0);
	}
	for (int i = 0; i < 4; i++)
		r->atol_scale[i] = i < 2 ? r->scale * r->scale : r->scale;
	r->v_reg = 1e-9 * sqrt(r->g * r->l) * r->scale;
	r->fscale = (r->m1 + r->m2) * (r->g > 0 ? r->g : 1.0);
	r->tscale = r->g > 0 ? sqrt(r->l / r->g) : fmax(tmax, 1e-3);
	r->pk = (struct peak){0};
	r->res_max = r->dev_max = 0.0;
	r->sigma = xd0 > 0 ? 1.0 : xd0 < 0 ? -1.0 : 0.0;
	r->at_rest = false;
	if (tr) {
		tr->extra = rigid_extra;
		tr->ctx = r;
	}
	const bool decide = rod_classical(r) && r->sigma == 0;
	struct rigid_run rr = {.r = r, .out = out, .decide = decide, .from_stick = decide};
	struct phase_caps caps = phase_caps_default();
	caps.max_phases = 0; /* rigid_next counts the phases with the decisions */
	caps.max_steps = RD_STEPS;
	caps.steps_why = "friction this strong against the rod's inertia (Φ large against A) "
			 "makes its equations stiff; lower the friction, or tmax";
	const struct phase_system ps = {4, rigid_next, &rr};
	return phase_run(&ps, &caps, 0.0, tmax, y, tr, NULL, d);
}
