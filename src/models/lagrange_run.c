/* Model lagrange's runtime: Lagrange's equations integrated phase by phase,
 * with the stick and slip of its Coulomb-type coordinates (see lagrange.h). */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/lagrange_sys.h"
#include "models/trace.h"
#include "num/num.h"
#include "num/ode.h"
#include "util/xalloc.h"

/* ---- solving --------------------------------------------------------------- */

/* The one-sided rate at which a coordinate's friction is taken at its zero
 * rate: R = c|q̇| + b q̇²/2 gives ∂R/∂q̇ = ±c + b δ there. */
#define LAGR_DELTA 1e-12

struct run {
	const struct lagr *L;
	double *vals;
	bool held[NQ];
	int sgn[NQ];	     /* the sense of sliding of a nonsmooth coordinate's phase */
	double f[NQ], c[NQ]; /* held: the force on the coordinate, the bound */
	double stop_sign;
	bool group_held; /* the norm's coordinates held together */
	bool singular;
	double sing_t, sing_y[2 * NQ];
	bool cfail; /* a contact(...) could not be evaluated: cerr says why */
	struct diag cerr;
};

/* R at the state set, the contacts' with it; NaN if one fails. */
static double run_R(struct run *r)
{
	const struct lagr *L = r->L;
	double R = lagr_eval(L->R, L, r->vals);
	if (L->ncontact && lagr_contacts_add(L, r->vals, &R, NULL, &r->cerr)) {
		r->cfail = true;
		return NAN;
	}
	return R;
}

/* ∂R/∂q̇_i at the state set for every i, the contacts' with it. */
static void run_dR(struct run *r, double *dR)
{
	const struct lagr *L = r->L;
	double R = 0;
	for (size_t i = 0; i < L->nq; i++)
		dR[i] = L->dRdqd[i] ? lagr_eval(L->dRdqd[i], L, r->vals) : 0.0;
	if (L->ncontact && lagr_contacts_add(L, r->vals, &R, dR, &r->cerr)) {
		r->cfail = true;
		for (size_t i = 0; i < L->nq; i++)
			dR[i] = NAN;
	}
}

static void set_state(struct run *r, double t, const double *y)
{
	const struct lagr *L = r->L;
	for (size_t i = 0; i < L->nq; i++) {
		r->vals[lagr_iq(L, i)] = y[i];
		double v = r->held[i] ? 0.0 : y[L->nq + i];
		/* a sliding phase keeps its sense up to and past its end, as the
		 * event is located: its friction is the one-sided limit */
		if (L->nonsmooth[i] && r->sgn[i] && !(v * r->sgn[i] > 0))
			v = r->sgn[i] * LAGR_DELTA * 1e-100;
		r->vals[lagr_iqd(L, i)] = v;
	}
	r->vals[lagr_it(L)] = t;
}

/* ∂R/∂q̇_i at q̇_i = ±δ (the others as set): the half jump c and the mean. */
static void friction_jump(struct run *r, size_t i, double *c, double *mean)
{
	const struct lagr *L = r->L;
	const double save = r->vals[lagr_iqd(L, i)];
	double dR[NQ];
	r->vals[lagr_iqd(L, i)] = LAGR_DELTA;
	run_dR(r, dR);
	const double up = dR[i];
	r->vals[lagr_iqd(L, i)] = -LAGR_DELTA;
	run_dR(r, dR);
	const double down = dR[i];
	r->vals[lagr_iqd(L, i)] = save;
	*c = (up - down) / 2;
	*mean = (up + down) / 2;
}

/* The generalized forces: rhs_i = ∂T/∂q_i − ∂V/∂q_i − ∂R/∂q̇_i −
 * Σ_j ∂p_i/∂q_j q̇_j − ∂p_i/∂t, a held coordinate's friction left out
 * (its smooth part kept). */
static void forces(struct run *r, double *rhs)
{
	const struct lagr *L = r->L;
	const size_t n = L->nq;
	double dR[NQ];
	if (L->R)
		run_dR(r, dR);
	for (size_t i = 0; i < n; i++) {
		double q = lagr_eval(L->dTdq[i], L, r->vals) - lagr_eval(L->dpdt[i], L, r->vals);
		if (L->dVdq[i])
			q -= lagr_eval(L->dVdq[i], L, r->vals);
		for (size_t j = 0; j < n; j++)
			q -= lagr_eval(L->dpdq[i][j], L, r->vals) * r->vals[lagr_iqd(L, j)];
		if (L->dRdqd[i]) {
			if (r->held[i]) {
				double c, mean;
				friction_jump(r, i, &c, &mean);
				r->c[i] = c;
				q -= mean;
			} else {
				q -= dR[i];
			}
		} else {
			r->c[i] = 0;
		}
		rhs[i] = q;
	}
}

/* The accelerations at the state set; a held coordinate's is zero and its
 * force f_i is what the others leave on it. -1: M is singular here. */
static int accelerations(struct run *r, double *qdd)
{
	const struct lagr *L = r->L;
	const size_t n = L->nq;
	double M[NQ * NQ], rhs[NQ], A[NQ * NQ], b[NQ];
	size_t free_[NQ], nf = 0;
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			M[i * n + j] = lagr_eval(L->M[i][j], L, r->vals);
	forces(r, rhs);
	for (size_t i = 0; i < n; i++)
		if (!r->held[i])
			free_[nf++] = i;
	for (size_t a = 0; a < nf; a++) {
		b[a] = rhs[free_[a]];
		for (size_t c = 0; c < nf; c++)
			A[a * nf + c] = M[free_[a] * n + free_[c]];
	}
	for (size_t i = 0; i < n; i++)
		qdd[i] = 0;
	if (nf) {
		gsl_matrix_view Av = gsl_matrix_view_array(A, nf, nf);
		gsl_vector_view bv = gsl_vector_view_array(b, nf);
		gsl_error_handler_t *old = gsl_set_error_handler_off();
		int rc = gsl_linalg_cholesky_decomp1(&Av.matrix);
		if (!rc)
			rc = gsl_linalg_cholesky_svx(&Av.matrix, &bv.vector);
		gsl_set_error_handler(old);
		if (rc)
			return -1;
		for (size_t a = 0; a < nf; a++)
			qdd[free_[a]] = b[a];
	}
	for (size_t i = 0; i < n; i++)
		if (r->held[i]) {
			double f = rhs[i];
			for (size_t j = 0; j < n; j++)
				f -= M[i * n + j] * qdd[j];
			r->f[i] = f;
		}
	return 0;
}

static int lagr_rhs(double t, const double y[], double dydt[], void *p)
{
	struct run *r = p;
	const size_t n = r->L->nq;
	double qdd[NQ];
	if (num_interrupted)
		return GSL_EBADFUNC;
	set_state(r, t, y);
	if (accelerations(r, qdd) || r->cfail) {
		if (r->cfail)
			return GSL_EBADFUNC;
		if (!r->singular) {
			r->singular = true;
			r->sing_t = t;
			memcpy(r->sing_y, y, 2 * n * sizeof(double));
		}
		return GSL_EBADFUNC;
	}
	for (size_t i = 0; i < n; i++) {
		dydt[i] = r->held[i] ? 0.0 : y[n + i];
		dydt[n + i] = qdd[i];
	}
	return GSL_SUCCESS;
}

/* What ends a phase, each positive during it: a sliding coordinate's rate
 * in its sense, a held one's margin c − |f|, the stop expression. */
enum { EV_NONE, EV_SLIP, EV_BREAK, EV_STOP };

/* Kozlov §3 on a norm: the group at rest stays at rest while the force f
 * on it (the group held) lies in R's subdifferential at zero rates, that
 * is f.u <= R'(0; u) for every direction u of the group's rates. Returns
 * the largest f.u - R'(0; u) over directions sampled on the unit sphere
 * (720 on a circle; 4000 on a sphere of 3 or 4), the direction in ustar:
 * <= 0 rest holds, > 0 the group restarts along ustar. R'(0; u) is taken
 * as (R(h u) - R(0))/h at h = 1e-8 (a smooth part of R adds O(h)). */
static double group_margin(struct run *r, double *ustar)
{
	const struct lagr *L = r->L;
	const size_t k = L->ngroup;
	const double h = 1e-8;
	double save[NQ], best = -INFINITY;
	for (size_t j = 0; j < k; j++) {
		save[j] = r->vals[lagr_iqd(L, L->group[j])];
		r->vals[lagr_iqd(L, L->group[j])] = 0;
	}
	const double R0 = run_R(r);
	const size_t nd = k == 2 ? 720 : 4000;
	for (size_t d = 0; d < nd; d++) {
		double u[NQ], norm = 0;
		if (k == 2) {
			u[0] = cos(2 * M_PI * (double)d / (double)nd);
			u[1] = sin(2 * M_PI * (double)d / (double)nd);
		} else { /* a deterministic spread of directions */
			for (size_t j = 0; j < k; j++)
				u[j] = sin(12.9898 * (double)(d + 1) * (double)(j + 1) +
					   78.233 * (double)j);
		}
		for (size_t j = 0; j < k; j++)
			norm += u[j] * u[j];
		norm = sqrt(norm);
		if (!(norm > 0))
			continue;
		double fu = 0;
		for (size_t j = 0; j < k; j++) {
			u[j] /= norm;
			r->vals[lagr_iqd(L, L->group[j])] = h * u[j];
			fu += r->f[L->group[j]] * u[j];
		}
		const double m = fu - (run_R(r) - R0) / h;
		if (m > best) {
			best = m;
			memcpy(ustar, u, k * sizeof(double));
		}
	}
	for (size_t j = 0; j < k; j++)
		r->vals[lagr_iqd(L, L->group[j])] = save[j];
	return best;
}

static double event_part(struct run *r, const double *y, size_t k, int *kind)
{
	const struct lagr *L = r->L;
	const size_t n = L->nq;
	if (k < n) {
		if (r->group_held && r->held[k]) {
			if (k != r->L->group[0]) { /* the group is watched as one */
				*kind = EV_NONE;
				return INFINITY;
			}
			double u[NQ];
			*kind = EV_BREAK;
			return -group_margin(r, u);
		}
		if (r->held[k]) {
			*kind = EV_BREAK;
			return r->c[k] - fabs(r->f[k]);
		}
		if (L->nonsmooth[k] && r->sgn[k]) {
			*kind = EV_SLIP;
			return r->sgn[k] * y[n + k];
		}
		*kind = EV_NONE;
		return INFINITY;
	}
	if (L->stop && r->stop_sign != 0) {
		*kind = EV_STOP;
		return r->stop_sign * lagr_eval(L->stop, L, r->vals);
	}
	*kind = EV_NONE;
	return INFINITY;
}

static double lagr_event(double t, const double y[], void *p)
{
	struct run *r = p;
	double qdd[NQ], g = INFINITY;
	set_state(r, t, y);
	if (accelerations(r, qdd))
		return g;
	for (size_t k = 0; k <= r->L->nq; k++) {
		int kind;
		g = fmin(g, event_part(r, y, k, &kind));
	}
	return isfinite(g) ? g : 1.0;
}

static double energy(struct run *r, double t, const double *y)
{
	const struct lagr *L = r->L;
	bool save[NQ];
	int ssave[NQ];
	memcpy(save, r->held, sizeof(save));
	memcpy(ssave, r->sgn, sizeof(ssave));
	memset(r->held, 0, sizeof(r->held));
	memset(r->sgn, 0, sizeof(r->sgn));
	set_state(r, t, y);
	double E = lagr_eval(L->T, L, r->vals) + (L->V ? lagr_eval(L->V, L, r->vals) : 0.0);
	memcpy(r->held, save, sizeof(save));
	memcpy(r->sgn, ssave, sizeof(ssave));
	return E;
}

struct trace_ctx {
	struct run *r;
};

static void trace_extra(void *ctx, double t, const double *y, double *out)
{
	struct run *r = ctx;
	out[0] = energy(r, t, y);
}

/* Which nonsmooth coordinates at rest hold: every one at zero rate is held,
 * then each whose force exceeds its bound restarts in the force's sense
 * (the coordinates are held independently of each other). */
static int settle(struct run *r, double t, double *y, struct strbuf *s)
{
	const struct lagr *L = r->L;
	const size_t n = L->nq;
	double qdd[NQ];
	bool any = false;
	for (size_t i = 0; i < n; i++) {
		r->held[i] = false;
		if (L->nonsmooth[i] && y[n + i] == 0) {
			r->held[i] = true;
			any = true;
		}
		r->sgn[i] = y[n + i] > 0 ? 1 : y[n + i] < 0 ? -1 : 0;
	}
	if (!any)
		return 0;
	set_state(r, t, y);
	if (accelerations(r, qdd))
		return -1;
	r->group_held = false;
	bool group_zero = L->ngroup > 0;
	for (size_t j = 0; j < L->ngroup; j++)
		group_zero &= r->held[L->group[j]];
	if (group_zero) {
		double u[NQ];
		struct strbuf names = STRBUF_INIT;
		for (size_t j = 0; j < L->ngroup; j++)
			strbuf_addf(&names, "%s%s", j ? ", " : "", L->q[L->group[j]]);
		const double m = group_margin(r, u);
		struct strbuf fs = STRBUF_INIT, us = STRBUF_INIT;
		for (size_t j = 0; j < L->ngroup; j++) {
			strbuf_addf(&fs, "%s%.6g", j ? ", " : "", r->f[L->group[j]]);
			strbuf_addf(&us, "%s%.6g", j ? ", " : "", u[j]);
		}
		if (m <= 0) {
			r->group_held = true;
			model_step(s,
				   "  t = %.10g s: %s at rest together; the force on them (%s) "
				   "lies within R's subdifferential at zero rates (Kozlov §3, "
				   "the test on the norm: max over directions u of f.u - R'(u) "
				   "= %.6g <= 0): they are held",
				   t, names.buf, fs.buf, m);
		} else {
			/* they restart along u: a rate of 1e-12 along it, where R's
			 * derivative is defined */
			for (size_t j = 0; j < L->ngroup; j++) {
				const size_t i = L->group[j];
				r->held[i] = false;
				y[n + i] = 1e-12 * u[j];
				r->sgn[i] = u[j] > 0 ? 1 : u[j] < 0 ? -1 : 0;
			}
			model_step(s,
				   "  t = %.10g s: %s at rest together; the force on them (%s) "
				   "leaves R's subdifferential at zero rates (Kozlov §3: max "
				   "over directions u of f.u - R'(u) = %.6g > 0): they restart "
				   "along u = (%s)",
				   t, names.buf, fs.buf, m, us.buf);
		}
		strbuf_release(&fs);
		strbuf_release(&us);
		strbuf_release(&names);
	}
	for (size_t i = 0; i < n; i++) {
		bool in_group = false;
		for (size_t j = 0; j < L->ngroup && group_zero; j++)
			in_group |= L->group[j] == i;
		if (!r->held[i] || in_group)
			continue;
		const double f = r->f[i], c = r->c[i];
		if (fabs(f) <= c) {
			model_step(
				s,
				"  t = %.10g s: %s at rest; the force on it |f| = %.6g is within "
				"the bound c = %.6g that R allows at %s = 0: it is held "
				"(Coulomb: rest holds while |f| <= c)",
				t, L->q[i], fabs(f), c, L->qd[i]);
		} else {
			r->held[i] = false;
			r->sgn[i] = f > 0 ? 1 : -1;
			model_step(
				s,
				"  t = %.10g s: %s at rest; the force on it f = %.6g exceeds the "
				"bound c = %.6g: it restarts in the sense of f (%s)",
				t, L->q[i], f, c, f > 0 ? "+" : "-");
		}
	}
	/* a coordinate released changes the others' forces: once more */
	set_state(r, t, y);
	return accelerations(r, qdd);
}

static void figures_of(const struct lagr *L, const struct trace *tr, struct figures *fs)
{
	const size_t n = L->nq;
	struct strbuf cols = STRBUF_INIT;
	strbuf_addf(&cols, "t [s]");
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&cols, "|%s|%s", L->q[i], L->qd[i]);
	strbuf_addf(&cols, "|E = T + V [J]");
	struct table *tab = figures_table(fs, "motion", cols.buf);
	strbuf_release(&cols);
	double row[2 * NQ + 2];
	for (size_t k = 0; k < tr->n; k++) {
		const double *y = trace_row(tr, k);
		row[0] = tr->t[k];
		for (size_t i = 0; i < n; i++) {
			row[1 + 2 * i] = y[i];
			row[2 + 2 * i] = y[n + i];
		}
		row[1 + 2 * n] = y[2 * n];
		table_row(tab, row);
	}
	char name[64], title[128], lq[96], lqd[96];
	for (size_t i = 0; i < n; i++) {
		/* the axes in the units of q0 and qdot0 */
		const char *u = L->params[2 * i].unit, *ud = L->params[2 * i + 1].unit;
		snprintf(lq, sizeof(lq), "%s%s%s%s", L->q[i], *u ? " [" : "", u, *u ? "]" : "");
		snprintf(lqd, sizeof(lqd), "%s%s%s%s", L->qd[i], *ud ? " [" : "", ud,
			 *ud ? "]" : "");
		snprintf(name, sizeof(name), "%s", L->q[i]);
		snprintf(title, sizeof(title), "The coordinate %s against time", L->q[i]);
		struct figure *f = figure_add(fs, name, title, "t [s]", lq);
		figure_curve_from(f, L->q[i], CURVE_LINE, tab, 0, 1 + 2 * i);
		snprintf(name, sizeof(name), "%s", L->qd[i]);
		snprintf(title, sizeof(title), "The rate %s against time", L->qd[i]);
		f = figure_add(fs, name, title, "t [s]", lqd);
		figure_curve_from(f, L->qd[i], CURVE_LINE, tab, 0, 2 + 2 * i);
		snprintf(name, sizeof(name), "phase-%s", L->q[i]);
		snprintf(title, sizeof(title), "Phase portrait: %s against %s", L->qd[i], L->q[i]);
		f = figure_add(fs, name, title, lq, lqd);
		figure_curve_from(f, "the run", CURVE_LINE, tab, 1 + 2 * i, 2 + 2 * i);
	}
	struct figure *f =
		figure_add(fs, "energy", "The energy T + V against time", "t [s]", "E [J]");
	figure_curve_from(f, "T + V", CURVE_LINE, tab, 0, 1 + 2 * n);
}

int lagr_solve(const struct model_input *in, struct model_output *out, struct diag *d)
{
	const struct lagr *L = in->model->ctx;
	const size_t n = L->nq, np = L->model.nparams;
	struct strbuf *s = out->steps;
	struct run r = {.L = L};
	double y[2 * NQ];
	int rc = 0;
	r.vals = xcalloc(L->nnames, sizeof(double));
	for (size_t i = 0; i < np; i++)
		r.vals[i] = in->num[i];
	for (size_t i = 0; i < n; i++) {
		y[i] = in->num[2 * i];
		y[n + i] = in->num[2 * i + 1];
	}
	const double tmax = in->num[2 * n];
	lagr_derivation_steps(L, s);
	double t = 0;
	set_state(&r, t, y);
	const double E0 = energy(&r, t, y);
	{
		double M[NQ * NQ];
		if (lagr_mass_matrix(L, r.vals, M)) {
			rc = diag_set(d,
				      "the mass matrix ∂²T/∂q̇² is singular or not positive "
				      "definite at the start (%s = %g, t = 0)",
				      L->q[0], y[0]);
			goto done;
		}
	}
	if (L->R) {
		const double R = run_R(&r);
		if (r.cfail) {
			rc = diag_set(d, "at the start: %s", r.cerr.msg);
			goto done;
		}
		if (R < 0) {
			rc = diag_set(d,
				      "R = %s is negative (%g) at the start: a dissipation "
				      "function is never negative",
				      L->src_R, R);
			goto done;
		}
	}
	if (L->stop) {
		double g = lagr_eval(L->stop, L, r.vals);
		r.stop_sign = g > 0 ? 1 : g < 0 ? -1 : 0;
	}
	struct trace tr, *trp = NULL;
	if (out->figs) {
		trace_init(&tr, 2 * n, 1, 0);
		tr.extra = trace_extra;
		tr.ctx = &r;
		trp = &tr;
	}
	const char *outcome = "moving";
	double t_stop = NAN;
	size_t steps = 0, phases = 0, pieces = 0;
	model_step(s, "The run (rk8pd; a phase ends where a rate with Coulomb-type friction "
		      "reaches 0, a held coordinate's force reaches its bound, or stop = 0):");
	bool resume = false; /* the next piece of a watched phase: nothing changed */
	while (!rc) {
		if (!resume && settle(&r, t, y, s) && !r.cfail) {
			r.singular = true;
			r.sing_t = t;
			memcpy(r.sing_y, y, sizeof(y));
			break;
		}
		if (r.cfail) {
			rc = diag_set(d, "at t = %.6g s: %s", t, r.cerr.msg);
			break;
		}
		/* at rest for good: every coordinate held, or free with no rate
		 * and no acceleration (a frictionless coordinate left alone) */
		bool all = true, free_still = false;
		for (size_t i = 0; i < n && all; i++)
			if (!r.held[i]) {
				all = y[n + i] == 0;
				free_still = true;
			}
		if (all && free_still && !L->uses_t) {
			double qdd[NQ];
			set_state(&r, t, y);
			all = !accelerations(&r, qdd);
			for (size_t i = 0; i < n && all; i++)
				all = r.held[i] || qdd[i] == 0;
		}
		if (all && !L->uses_t) {
			outcome = "rests";
			t_stop = t;
			model_step(s,
				   free_still
					   ? "  t = %.10g s: every coordinate is held or at rest "
					     "with no force on it, and nothing depends on t: "
					     "the system rests for good."
					   : "  t = %.10g s: every coordinate is held and nothing "
					     "depends on t: the system rests for good.",
				   t);
			break;
		}
		if (t >= tmax)
			break;
		if (++phases > LAGR_MAX_PHASES) {
			rc = diag_set(d,
				      "more than %d phases (stops and restarts) before t = %g s: "
				      "too many steps; lower tmax",
				      LAGR_MAX_PHASES, tmax);
			break;
		}
		struct ode_system sys = {2 * n, lagr_rhs, lagr_event, &r};
		/* a held coordinate does not move: the integrator's steps grow
		 * without bound, and a force that depends on t could cross the
		 * bound and come back inside one; such a phase is watched in
		 * pieces of at most tmax/LAGR_WATCH */
		bool any_held = false;
		for (size_t i = 0; i < n; i++)
			any_held |= r.held[i];
		const double piece = any_held && L->uses_t ? tmax / LAGR_WATCH : INFINITY;
		struct ode_opts opts = ode_opts_default(fmin(tmax, t + piece));
		opts.max_steps = steps < LAGR_MAX_STEPS ? LAGR_MAX_STEPS - steps : 1;
		struct ode_end end;
		if (trp)
			trace_mark(trp, t, y);
		rc = ode_run(trp ? trace_wrap(trp, &sys) : &sys, &opts, t, y, &end, d);
		if (rc) {
			if (r.cfail) {
				diag_clear(d);
				rc = diag_set(d, "%s", r.cerr.msg);
			} else if (r.singular) {
				diag_clear(d);
				rc = diag_set(d,
					      "the mass matrix ∂²T/∂q̇² is singular at t = %.6g s, "
					      "%s = %.6g, %s = %.6g",
					      r.sing_t, L->q[0], r.sing_y[0], L->qd[0],
					      r.sing_y[n]);
			}
			break;
		}
		steps += end.steps;
		t = end.t;
		if (trp)
			trace_mark(trp, t, y);
		if (!end.event && t < tmax) { /* the next piece of a watched phase */
			phases--;
			if (++pieces > (size_t)LAGR_WATCH + LAGR_MAX_PHASES) {
				rc = diag_set(d,
					      "more than %d pieces of held phases before t = %g s: "
					      "too many steps; lower tmax",
					      LAGR_WATCH + LAGR_MAX_PHASES, tmax);
				break;
			}
			resume = true;
			continue;
		}
		resume = false;
		if (!end.event)
			break;
		/* which part ended the phase: the one nearest zero */
		set_state(&r, t, y);
		double qdd[NQ];
		accelerations(&r, qdd);
		size_t which = 0;
		int kind = EV_NONE;
		double best = INFINITY;
		for (size_t k = 0; k <= n; k++) {
			int kk;
			double g = fabs(event_part(&r, y, k, &kk));
			if (kk != EV_NONE && g < best) {
				best = g;
				which = k;
				kind = kk;
			}
		}
		if (kind == EV_STOP) {
			outcome = "stops";
			t_stop = t;
			model_step(s,
				   "  t = %.10g s: the stop expression %s reached 0: the run ends.",
				   t, L->src_stop);
			break;
		}
		if (kind == EV_SLIP) {
			y[n + which] = 0;
			model_step(s, "  t = %.10g s: %s reached 0 (%s = %.10g)", t, L->qd[which],
				   L->q[which], y[which]);
		} else if (kind == EV_BREAK) {
			model_step(s,
				   "  t = %.10g s: the force on the held %s reached its bound c = "
				   "%.6g: it restarts",
				   t, L->q[which], r.c[which]);
			r.held[which] = false;
			for (size_t j = 0; r.group_held && j < L->ngroup; j++)
				r.held[L->group[j]] = false;
			r.group_held = false;
		}
	}
	if (!rc && r.singular)
		rc = diag_set(d, "the mass matrix ∂²T/∂q̇² is singular at t = %.6g s, %s = %.6g",
			      r.sing_t, L->q[0], r.sing_y[0]);
	if (trp) {
		if (!rc)
			figures_of(L, trp, out->figs);
		trace_release(trp);
	}
	if (rc)
		goto done;
	if (!isnan(t_stop) && strcmp(outcome, "stops"))
		model_step(s, "All motion stopped at t_stop = %.10g s.", t_stop);
	else if (isnan(t_stop))
		model_step(s, "Still moving at t = tmax = %g s (t_stop = nan).", t);
	memset(r.held, 0, sizeof(r.held));
	memset(r.sgn, 0, sizeof(r.sgn));
	set_state(&r, t, y);
	const double E1 = energy(&r, t, y);
	struct named_result got[2 * NQ + 5];
	size_t ng = 0;
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		out->res[k++] = value_number(y[i]);
		out->res[k++] = value_number(y[n + i]);
		got[ng++] = (struct named_result){L->results[2 * i].name, y[i]};
		got[ng++] = (struct named_result){L->results[2 * i + 1].name, y[n + i]};
	}
	got[ng++] = (struct named_result){"E_start", E0};
	got[ng++] = (struct named_result){"E_end", E1};
	got[ng++] = (struct named_result){"energy_lost", E0 - E1};
	if ((rc = model_require_finite(got, ng, "the run went out of range", d)))
		goto done;
	out->res[k++] = value_number(t);
	out->res[k++] = value_number(t_stop);
	out->res[k++] = value_number(E0);
	out->res[k++] = value_number(E1);
	out->res[k++] = value_number(E0 - E1);
	out->res[k++] = value_word(outcome);
	for (size_t e = 0; e < L->nextra; e++) {
		double v = lagr_eval(L->extra[e], L, r.vals);
		struct named_result nr = {L->results[k].name, v};
		if ((rc = model_require_finite(&nr, 1, "at the end of the run", d)))
			break;
		out->res[k++] = value_number(v);
		struct strbuf rt = STRBUF_INIT;
		model_step(s, "%s = %s = %.10g", L->results[k - 1].name,
			   lagr_readable_of(L->extra[e], &rt), v);
		strbuf_release(&rt);
	}
	if (rc)
		for (size_t j = 0; j < k; j++)
			value_release(&out->res[j]);
	model_step(s, "Outcome: %s; E_start = %.10g J, E_end = %.10g J, energy lost %.10g J.",
		   outcome, E0, E1, E0 - E1);
done:
	free(r.vals);
	return rc;
}

int lagrange_dissipation(const struct model *m, const double *num, double *R, double *dR,
			 struct diag *d)
{
	const struct lagr *L = m->ctx;
	struct run r = {.L = L};
	double y[2 * NQ];
	r.vals = xcalloc(L->nnames, sizeof(double));
	for (size_t i = 0; i < L->model.nparams; i++)
		r.vals[i] = num[i];
	for (size_t i = 0; i < L->nq; i++) {
		y[i] = num[2 * i];
		y[L->nq + i] = num[2 * i + 1];
	}
	set_state(&r, 0, y);
	*R = L->R ? run_R(&r) : 0.0;
	if (L->R)
		run_dR(&r, dR);
	else
		for (size_t i = 0; i < L->nq; i++)
			dR[i] = 0;
	free(r.vals);
	return r.cfail ? diag_set(d, "%s", r.cerr.msg) : 0;
}
