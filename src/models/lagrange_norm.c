/* Model lagrange's norms of the rates (L->group: a Minguzzi contact's
 * rates, or those a contact under Kozlov's law watches together): the test
 * at rest on the norm (Kozlov §3) and the direction of a restart, and the
 * phase of a norm all sliding in variables of its own, with its stop in
 * closed form. Shared with lagrange_run.c through lagrange_run.h. */
#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dyn/phase.h"
#include "models/lagrange_run.h"
#include "models/lagrange_sys.h"
#include "models/model.h"
#include "num/roots.h"
#include "util/diag.h"
#include "util/strbuf.h"

/* ---- the test at rest ---------------------------------------------------------- */

/* f.u - R'(0; u) for the group's unit direction u (its rates moved to
 * h u, the others' as set; R0 = R at the group's zero rates), R'(0; u) as
 * (R(h u) - R(0))/h at h = 1e-8 (a smooth part of R adds O(h)). */
static double margin_at(struct run *r, const double *u, double R0)
{
	const struct lagr *L = r->L;
	const double h = 1e-8;
	double fu = 0;
	for (size_t j = 0; j < L->ngroup; j++) {
		r->vals[lagr_iqd(L, L->group[j])] = h * u[j];
		fu += r->f[L->group[j]] * u[j];
	}
	return fu - (lrun_R(r) - R0) / h;
}

struct group_dir {
	struct run *r;
	double R0;
};

static double minus_margin_at(double a, void *p)
{
	const struct group_dir *g = p;
	const double u[2] = {cos(a), sin(a)};
	return -margin_at(g->r, u, g->R0);
}

/* The direction u of a group of two, sampled every 0.5 degrees
 * (lrun_group_margin), taken to the best between its neighbours (Brent): a
 * restart from rest with no net force at first goes where the force
 * leads, not a quarter degree beside it, which the friction would turn in
 * steps of the rates' size. */
void lrun_refine_direction(struct run *r, double *u)
{
	const struct lagr *L = r->L;
	if (L->ngroup != 2)
		return;
	double save[2];
	for (size_t j = 0; j < 2; j++) {
		save[j] = r->vals[lagr_iqd(L, L->group[j])];
		r->vals[lagr_iqd(L, L->group[j])] = 0;
	}
	struct group_dir g = {r, lrun_R(r)};
	const double a = atan2(u[1], u[0]), da = 2 * M_PI / 720;
	const double flo = minus_margin_at(a - da, &g), fmid = minus_margin_at(a, &g),
		     fhi = minus_margin_at(a + da, &g);
	double x, fx;
	struct diag why;
	diag_clear(&why);
	if (fmid < flo && fmid < fhi &&
	    !num_brent_min(minus_margin_at, &g, a - da, a, a + da, flo, fmid, fhi, 1e-15, 1e-12, &x,
			   &fx, "the direction of a restart", &why)) {
		u[0] = cos(x);
		u[1] = sin(x);
	}
	for (size_t j = 0; j < 2; j++)
		r->vals[lagr_iqd(L, L->group[j])] = save[j];
}

/* The largest f.u - R'(0; u) on the circle of a group of two (R0 = R at
 * its zero rates), its direction in ustar: sampled every MARGIN_STEP
 * degrees, each local maximum of the samples taken to the best between
 * its neighbours (Brent, to 1e-5 rad: the value to 1e-10 of the
 * curvature, below the 1e-8 of R' by its difference quotient). f.u - R'(u)
 * is f.u less a support function: a maximum as narrow as the sampling
 * would need a subdifferential with a corner sharper than it. */
enum { MARGIN_SAMPLES = 90 };

static double circle_margin(struct run *r, double R0, double *ustar)
{
	struct group_dir g = {r, R0};
	double m[MARGIN_SAMPLES], best = -INFINITY, abest = 0;
	const double da = 2 * M_PI / MARGIN_SAMPLES;
	for (size_t d = 0; d < MARGIN_SAMPLES; d++)
		m[d] = -minus_margin_at(da * (double)d, &g);
	for (size_t d = 0; d < MARGIN_SAMPLES; d++) {
		const double lo = m[(d + MARGIN_SAMPLES - 1) % MARGIN_SAMPLES],
			     hi = m[(d + 1) % MARGIN_SAMPLES];
		double a = da * (double)d, v = m[d];
		if (!(v >= lo && v >= hi))
			continue;
		if (v > lo && v > hi) {
			double x, fx;
			struct diag why;
			diag_clear(&why);
			if (!num_brent_min(minus_margin_at, &g, a - da, a, a + da, -lo, -v, -hi,
					   1e-5, 0, &x, &fx, "the norm's test at rest", &why) &&
			    -fx > v) {
				a = x;
				v = -fx;
			}
		}
		if (v > best) {
			best = v;
			abest = a;
		}
	}
	ustar[0] = cos(abest);
	ustar[1] = sin(abest);
	return best;
}

/* Kozlov §3 on a norm: the group at rest stays at rest while the force f
 * on it (the group held) lies in R's subdifferential at zero rates, that
 * is f.u <= R'(0; u) for every direction u of the group's rates. Returns
 * the largest f.u - R'(0; u) over the directions (on a circle,
 * circle_margin's; on a sphere of 3 or 4, 4000 sampled), the direction in
 * ustar: <= 0 rest holds, > 0 the group restarts along ustar. R'(0; u) is
 * taken as (R(h u) - R(0))/h at h = 1e-8 (a smooth part of R adds O(h)). */
double lrun_group_margin(struct run *r, double *ustar)
{
	const struct lagr *L = r->L;
	const size_t k = L->ngroup;
	double save[NQ], best = -INFINITY;
	for (size_t j = 0; j < k; j++) {
		save[j] = r->vals[lagr_iqd(L, L->group[j])];
		r->vals[lagr_iqd(L, L->group[j])] = 0;
	}
	const double R0 = lrun_R(r);
	if (k == 2)
		best = circle_margin(r, R0, ustar);
	for (size_t d = 0; k > 2 && d < 4000; d++) {
		double u[NQ], norm = 0;
		for (size_t j = 0; j < k; j++) /* a deterministic spread of directions */
			u[j] = sin(12.9898 * (double)(d + 1) * (double)(j + 1) +
				   78.233 * (double)j);
		for (size_t j = 0; j < k; j++)
			norm += u[j] * u[j];
		norm = sqrt(norm);
		if (!(norm > 0))
			continue;
		for (size_t j = 0; j < k; j++)
			u[j] /= norm;
		const double m = margin_at(r, u, R0);
		if (m > best) {
			best = m;
			memcpy(ustar, u, k * sizeof(double));
		}
	}
	for (size_t j = 0; j < k; j++)
		r->vals[lagr_iqd(L, L->group[j])] = save[j];
	return best;
}

/* ---- a norm's stop in variables of its own ----------------------------------- */

/* A norm of the rates (Minguzzi's contact on a coin) stops with all its
 * rates at once, the friction's direction turning at a rate that grows
 * like 1/|q̇| on the way: in t, rk8pd's steps shrink geometrically toward
 * the stop (a coin spent half its right-hand sides in its last
 * microsecond). While every rate of the norm slides, the phase runs in
 * other variables (dyn/phase.h's phase_vars): with rho = |(gw_j q̇_j)|
 * (gw_j = √M_jj at the phase's start: rho² is twice the norm's kinetic
 * energy where M is diagonal), its rates are replaced by ell = ln(rho/rho0)
 * and the direction z_j = gw_j q̇_j/rho, against the clock s, dt/ds =
 * rho/a0 (a0 = |(gw_j q̈_j)| at the start). Then
 *   dz/ds = (a − z (z·a))/a0,  d ell/ds = z·a/a0,  a = (gw_j q̈_j),
 * and q, the other rates, W and t move at their rates in t times rho/a0:
 * the friction's part of a is homogeneous of degree 0 in the rates, every
 * rate in s is smooth, ell falls about linearly and the stop is at s = ∞
 * (disk-slide's σ = ln(ρ0/ρ), with its β, on any system). The phase ends
 * at the step where the direction has settled (vars_done: |dz/ds| rho/rho0
 * below NORM_SETTLED of |d ell/ds|), or where rho has fallen to
 * NORM_RHO_END of its start; the last stretch, rho/G long (G = −drho/dt),
 * is taken at the deceleration there (lrun_norm_finish), whose error is
 * of the order of the direction's change over it: NORM_SETTLED of the
 * phase's time scale. */
#define NORM_RHO_END 1e-14
#define NORM_SETTLED 1e-13

/* rho at y, scaled by its largest term: a coin launched at 1e-200 m/s
 * has a rho whose square underflows. */
static double group_rho(const struct run *r, const double *y)
{
	const struct lagr *L = r->L;
	double big = 0, s = 0;
	for (size_t j = 0; j < L->ngroup; j++)
		big = fmax(big, fabs(r->gw[j] * y[L->nq + L->group[j]]));
	if (!(big > 0) || !isfinite(big))
		return big;
	for (size_t j = 0; j < L->ngroup; j++) {
		const double v = r->gw[j] * y[L->nq + L->group[j]] / big;
		s += v * v;
	}
	return big * sqrt(s);
}

static double z_norm(const struct run *r, const double *v)
{
	const struct lagr *L = r->L;
	double s = 0;
	for (size_t j = 0; j < L->ngroup; j++)
		s += v[L->nq + L->group[j]] * v[L->nq + L->group[j]];
	return sqrt(s);
}

/* v: q, the rates with the norm's replaced by z, W, ell, t. */
static void vars_from(double t, const double y[], double v[], void *p)
{
	const struct run *r = p;
	const struct lagr *L = r->L;
	const size_t n = L->nq;
	const double rho = group_rho(r, y);
	memcpy(v, y, (2 * n + 1) * sizeof(double));
	for (size_t j = 0; j < L->ngroup; j++)
		v[n + L->group[j]] = r->gw[j] * y[n + L->group[j]] / rho;
	v[2 * n + 1] = log(rho / r->rho_ref);
	v[2 * n + 2] = t;
}

static void vars_to(const double v[], double y[], double *t, void *p)
{
	const struct run *r = p;
	const struct lagr *L = r->L;
	const size_t n = L->nq;
	const double rho = r->rho_ref * exp(v[2 * n + 1]), zn = z_norm(r, v);
	memcpy(y, v, (2 * n + 1) * sizeof(double));
	for (size_t j = 0; j < L->ngroup; j++)
		y[n + L->group[j]] = rho * v[n + L->group[j]] / (zn * r->gw[j]);
	*t = v[2 * n + 2];
}

static int vars_rhs(double s, const double v[], double f[], void *p)
{
	struct run *r = p;
	const struct lagr *L = r->L;
	const size_t n = L->nq;
	double y[NY], dy[NY], t;
	(void)s;
	vars_to(v, y, &t, p);
	const int rc = lagr_rhs(t, y, dy, r);
	if (rc != GSL_SUCCESS)
		return rc;
	const double rho = r->rho_ref * exp(v[2 * n + 1]), zn = z_norm(r, v);
	const double k = rho / r->a_ref; /* dt/ds */
	for (size_t i = 0; i < 2 * n + 1; i++)
		f[i] = k * dy[i];
	double za = 0;
	for (size_t j = 0; j < L->ngroup; j++) {
		const size_t i = n + L->group[j];
		za += v[i] / zn * r->gw[j] * dy[i];
	}
	for (size_t j = 0; j < L->ngroup; j++) {
		const size_t i = n + L->group[j];
		f[i] = (r->gw[j] * dy[i] - v[i] / zn * za) / r->a_ref;
	}
	f[2 * n + 1] = za / r->a_ref;
	f[2 * n + 2] = k;
	return GSL_SUCCESS;
}

static void vars_events(double t, const double y[], double *g, void *p)
{
	struct run *r = p;
	lagr_events(t, y, g, p);
	g[lrun_nevents(r->L)] = log(group_rho(r, y) / r->rho_end);
}

/* The direction settled: what the last stretch's closed form leaves out,
 * the direction's change weighed by what is left of rho, below
 * NORM_SETTLED of the stretch, in every component against its own size
 * (the norm's change alone let a rate 1e-162 of the others pass for
 * settled while it still grew: x_end 12% off for a coin launched spinning
 * at xdot0 = 1e-162 m/s); rho falling; and the direction's rate falling
 * from one step to the next. A direction that leaves an unstable one (a
 * coin launched spinning with xdot0 = 1e-11 leaves the pure spin) moves
 * slowly at first, and faster: its slow start is no settling (it put
 * x_end 9% off). */
static bool vars_done(double s, const double v[], const double f[], void *p)
{
	struct run *r = p;
	const struct lagr *L = r->L;
	const size_t n = L->nq;
	const double dl = f[2 * n + 1];
	(void)s;
	double dz = 0;
	for (size_t j = 0; j < L->ngroup; j++)
		dz += f[n + L->group[j]] * f[n + L->group[j]];
	dz = sqrt(dz);
	const bool falling = dz < r->dz_prev || dz == 0;
	r->dz_prev = dz;
	if (!(dl < 0 && falling))
		return false;
	const double bound = NORM_SETTLED * -dl / exp(v[2 * n + 1]);
	for (size_t j = 0; j < L->ngroup; j++)
		if (!(fabs(f[n + L->group[j]]) <= bound * fabs(v[n + L->group[j]])))
			return false;
	return true;
}

/* A start whose rates of a norm keep their digits in its variables: where
 * two or more slide, each one's share of rho, gw_j |q̇_j|/rho, at least
 * NORM_SHARE_MIN, above where the direction's component loses its digits
 * to underflow as it changes (the rates' range, lagr_check, leaves shares
 * down to 1e-300 times the mass matrix's spread). M: the mass matrix at
 * the start. Returns 0, or -1 with d. */
#define NORM_SHARE_MIN 1e-300
int lrun_norm_start(const struct run *r, const double *y, const double *M, struct diag *d)
{
	const struct lagr *L = r->L;
	const size_t n = L->nq;
	double big = 0, w[NQ];
	size_t moving = 0;
	for (size_t j = 0; j < L->ngroup; j++) {
		const size_t i = L->group[j];
		w[j] = sqrt(M[i * n + i]) * fabs(y[n + i]);
		big = fmax(big, w[j]);
		moving += y[n + i] != 0;
	}
	if (moving < 2 || !(big > 0) || !isfinite(big))
		return 0;
	double s2 = 0;
	for (size_t j = 0; j < L->ngroup; j++)
		s2 += (w[j] / big) * (w[j] / big);
	const double rho = big * sqrt(s2);
	for (size_t j = 0; j < L->ngroup; j++) {
		const size_t i = L->group[j];
		const struct param_spec *p = &L->params[2 * i + 1];
		if (y[n + i] != 0 && w[j] / rho < NORM_SHARE_MIN)
			return diag_set(d,
					"%s = %g %s is %.3g of the norm of the rates it slides "
					"with (√M_jj q̇_j over their root sum of squares), below "
					"%g, where its share of their direction keeps no digits; "
					"give it 0 or a larger value",
					p->name, y[n + i], p->unit, w[j] / rho, NORM_SHARE_MIN);
	}
	return 0;
}

/* Whether the phase from (t, y) runs in the norm's variables: a norm of two
 * or more rates, every one of them sliding (none at 0), not a restart's
 * seed, under a force on it; then mode's variables and events set. */
bool lrun_norm_vars(struct run *r, double t, const double *y, struct phase_mode *mode)
{
	const struct lagr *L = r->L;
	const size_t n = L->nq;
	const bool seeded = r->seeded;
	r->norm_vars = false;
	r->seeded = false;
	if (L->ngroup < 2 || r->group_held || seeded)
		return false;
	/* a rate at 0 (one that has just restarted alone) or a restart from
	 * rest (a seed of 1e-12 along the force) runs in t: the direction
	 * leaving it, not a stop, is the phase */
	for (size_t j = 0; j < L->ngroup; j++)
		if (r->held[L->group[j]] || y[n + L->group[j]] == 0)
			return false;
	double M[NQ * NQ], dy[NY], a2 = 0;
	lrun_set_state(r, t, y);
	if (lagr_mass_matrix(L, r->vals, M, NULL) || lagr_rhs(t, y, dy, r) != GSL_SUCCESS)
		return false;
	for (size_t j = 0; j < L->ngroup; j++) {
		const size_t i = L->group[j];
		r->gw[j] = sqrt(M[i * n + i]);
		a2 += r->gw[j] * dy[n + i] * r->gw[j] * dy[n + i];
	}
	r->rho_ref = group_rho(r, y);
	r->a_ref = sqrt(a2);
	r->rho_end = NORM_RHO_END * r->rho_ref;
	if (!(r->rho_ref > 0) || !(r->a_ref > 0) || !isfinite(r->a_ref))
		return false;
	r->norm_vars = true;
	r->dz_prev = 0; /* the first step is no settling */
	r->vars = (struct phase_vars){2 * n + 3, vars_from, vars_to, vars_rhs, vars_done};
	mode->vars = &r->vars;
	mode->opts.atol_scale = NULL; /* ln rho and the direction: no scale of the motion's */
	mode->opts.nev = lrun_nevents(L) + 1;
	mode->opts.events = vars_events;
	return true;
}

/* The last stretch of a phase in the norm's variables that ended at
 * rho_end, from (*t, y): rho/G long at the accelerations there, the norm's
 * rates to 0 at its end, the others' and every q by their Taylor expansion
 * to the second order, the work by the friction's power falling to 0 with
 * rho. Returns 1 (and leaves the state) where rho is not falling: the run
 * goes on. */
int lrun_norm_finish(struct run *r, double *t, double *y, double tmax, struct strbuf *s)
{
	const struct lagr *L = r->L;
	const size_t n = L->nq;
	double f[NY];
	r->norm_vars = false;
	if (lagr_rhs(*t, y, f, r) != GSL_SUCCESS)
		return -1;
	const double rho = group_rho(r, y);
	double dot = 0;
	for (size_t j = 0; j < L->ngroup; j++) {
		const size_t i = L->group[j];
		dot += r->gw[j] * r->gw[j] * y[n + i] * f[n + i];
	}
	const double G = -dot / rho;
	if (!(G > 0) || !(rho > 0))
		return 1;
	const double tau = rho / G;
	/* the stretch, or its part up to tmax: the rates on by the Taylor
	 * expansion, the friction's power falling linearly to 0 at tau */
	const bool cut = *t + tau > tmax;
	const double h = cut ? fmax(tmax - *t, 0.0) : tau;
	bool in_norm[NQ] = {false};
	for (size_t j = 0; j < L->ngroup; j++)
		in_norm[L->group[j]] = true;
	for (size_t i = 0; i < n; i++) {
		if (in_norm[i]) {
			/* the norm's rates fall to 0 along their direction,
			 * linearly (q̇ + q̈ h would leave rounding of q̇'s size in
			 * a rate far smaller at tmax) */
			y[i] += y[n + i] * h * (1 - h / (2 * tau));
			y[n + i] *= 1 - h / tau;
		} else {
			y[i] += f[i] * h + f[n + i] * h * h / 2;
			y[n + i] += f[n + i] * h;
		}
	}
	y[2 * n] += f[2 * n] * h * (1 - h / (2 * tau));
	struct strbuf names = STRBUF_INIT;
	for (size_t j = 0; j < L->ngroup; j++)
		strbuf_addf(&names, "%s%s", j ? ", " : "", L->qd[L->group[j]]);
	if (cut) {
		model_step(s,
			   "  t = %.10g s: tmax, %.3g s before %s would reach 0 together (their "
			   "norm rho = √(Σ M_jj q̇_j²) integrated as ln rho and its direction "
			   "against the clock s, dt/ds = rho/a0, to t = %.10g s, then at the "
			   "deceleration there, -drho/dt = %.6g).",
			   tmax, tau - h, names.buf, *t, G);
		strbuf_release(&names);
		*t = tmax;
		return 2;
	}
	for (size_t j = 0; j < L->ngroup; j++)
		y[n + L->group[j]] = 0;
	model_step(s,
		   "  t = %.10g s: %s reach 0 together. Their norm rho = √(Σ M_jj q̇_j²) was "
		   "integrated as ln rho and its direction against the clock s, dt/ds = "
		   "rho/a0, where the stop lies at s = ∞, until %s at t = %.10g s (rho = "
		   "%.3g of its start); the last %.3g s at the deceleration there, "
		   "-drho/dt = %.6g.",
		   *t + tau, names.buf,
		   rho <= r->rho_end ? "rho fell to its end"
				     : "the direction settled (its rate, weighed by rho, below "
				       "1e-13 of ln rho's)",
		   *t, rho / r->rho_ref, tau, G);
	strbuf_release(&names);
	*t += tau;
	return 0;
}
