/* Model lagrange's events (lagrange_run.h): what the contacts and a norm's
 * coordinates do at an event, decided together, and the phases held at
 * rest. */
#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dyn/phase.h"
#include "dyn/record.h"
#include "models/lagrange_run.h"
#include "models/lagrange_sys.h"
#include "num/num.h"
#include "num/ode.h"
#include "num/relay.h"
#include "num/roots.h"
#include "num/sym.h"
#include "util/xalloc.h"

/* ---- the decisions at an event ------------------------------------------- */

/* A contact's name in the worked steps: its coordinate where w is a rate. */
static void kink_name(const struct lagr *L, size_t k, struct strbuf *out)
{
	const struct lkink *kk = &L->kink[k];
	if (lrun_kink_is_rate(L, k))
		strbuf_addf(out, "%s", L->q[kk->coord]);
	else
		strbuf_addf(out, "the contact %s = 0", kk->text);
}

/* The state h after (t, y), held as it is (an Euler step along the motion
 * with the stuck contacts and the held coordinates kept), set with its
 * multipliers and forces: where a force at its bound is heading (h =
 * LAGR_AHEAD: a moment). The caller sets (t, y) back. */
static int ahead(struct run *r, double t, const double *y, double h)
{
	const size_t n = r->L->nq;
	double dydt[NY], y1[NY], qdd[NQ];
	if (lagr_rhs(t, y, dydt, r) != GSL_SUCCESS)
		return -1;
	for (size_t i = 0; i < 2 * n + 1; i++)
		y1[i] = y[i] + h * dydt[i];
	lrun_set_state(r, t + h, y1);
	return lrun_accelerations(r, qdd);
}

/* The first tau of a motion that starts from rest with no net force (a
 * norm's break-away at its bound), from (t, y): by its Taylor expansion, q
 * to the third order and q̇ to the second, the jerk from the accelerations
 * at t and at t + tau with the group's rates at 1e-12 along the direction
 * the force leads to at each (u0, u1: held there, the friction turns with
 * it while the speed is small), and the friction's work as its force at t
 * along the way. An explicit integrator would follow the friction's
 * direction there in steps of the rates' size (it turns the velocity at a
 * rate |f|/|q̇|). */
static int stretch(struct run *r, double t, double *y, double tau, const double *u0,
		   const double *u1)
{
	const struct lagr *L = r->L;
	const size_t n = L->nq;
	double f0[NY], f1[NY], y0[NY], y1[NY], fr[NQ];
	memcpy(y0, y, sizeof(y0));
	for (size_t j = 0; j < L->ngroup; j++)
		y0[n + L->group[j]] = r->delta * u0[j];
	if (lagr_rhs(t, y0, f0, r) != GSL_SUCCESS)
		return -1;
	memcpy(fr, r->fr, sizeof(fr));
	memcpy(y1, y0, sizeof(y1));
	for (size_t i = 0; i < n; i++)
		y1[i] += tau * f0[i];
	for (size_t j = 0; j < L->ngroup; j++)
		y1[n + L->group[j]] = r->delta * u1[j];
	if (lagr_rhs(t + tau, y1, f1, r) != GSL_SUCCESS)
		return -1;
	for (size_t i = 0; i < n; i++) {
		const double jerk = (f1[n + i] - f0[n + i]) / tau;
		const double dq =
			f0[i] * tau + f0[n + i] * tau * tau / 2 + jerk * tau * tau * tau / 6;
		y[i] += dq;
		y[n + i] += f0[n + i] * tau + jerk * tau * tau / 2;
		y[2 * n] += fr[i] * dq;
	}
	r->jump = true;
	r->jump_t = t + tau;
	return 0;
}

/* The norm's coordinates at an event (Kozlov §3 on the norm, as issue 23
 * had it): each of them at zero rate is held; all of them at zero rate
 * take the test on the norm together; one held alone restarts where the
 * force on it exceeds its bound. */
int lrun_settle_group(struct run *r, double t, double *y, bool at_bound, struct strbuf *s)
{
	const struct lagr *L = r->L;
	const size_t n = L->nq;
	double qdd[NQ];
	bool any = false;
	for (size_t j = 0; j < L->ngroup; j++) {
		const size_t i = L->group[j];
		r->held[i] = y[n + i] == 0;
		any |= r->held[i];
		r->sgn[i] = y[n + i] > 0 ? 1 : y[n + i] < 0 ? -1 : 0;
	}
	r->group_held = false;
	if (!any)
		return 0;
	lrun_set_state(r, t, y);
	if (lrun_accelerations(r, qdd))
		return -1;
	bool group_zero = true;
	for (size_t j = 0; j < L->ngroup; j++)
		group_zero &= r->held[L->group[j]];
	struct strbuf names = STRBUF_INIT, fs = STRBUF_INIT, us = STRBUF_INIT;
	if (group_zero) {
		double u[NQ];
		double m = lrun_group_margin(r, u);
		for (size_t j = 0; j < L->ngroup; j++) {
			strbuf_addf(&names, "%s%s", j ? ", " : "", L->q[L->group[j]]);
			strbuf_addf(&fs, "%s%.6g", j ? ", " : "", r->f[L->group[j]]);
		}
		/* at the event where the force reached the bound of the norm, the
		 * test holds to the last bit at the root: the force's trend
		 * decides, as a contact's does (trend), a moment later */
		const bool past = at_bound && m <= 0;
		/* the direction at t and at t + tau, for a break-away's first
		 * tau (stretch) */
		double u0[NQ], u1[NQ];
		const double tau = fmin(1e-3 * r->tmax, r->tmax - t);
		if (past) {
			memcpy(u0, u, sizeof(u0));
			lrun_refine_direction(r, u0);
			if (ahead(r, t, y, tau))
				return -1;
			lrun_group_margin(r, u1);
			lrun_refine_direction(r, u1);
			if (ahead(r, t, y, LAGR_AHEAD(r)))
				return -1;
			m = lrun_group_margin(r, u);
			lrun_refine_direction(r, u);
			lrun_set_state(r, t, y);
			if (lrun_accelerations(r, qdd))
				return -1;
		}
		for (size_t j = 0; j < L->ngroup; j++)
			strbuf_addf(&us, "%s%.6g", j ? ", " : "", u[j]);
		if (m <= 0) {
			r->group_held = true;
			model_step(s,
				   "  t = %.10g s: %s at rest together; the force on them (%s) "
				   "lies within R's subdifferential at zero rates (Kozlov §3, "
				   "the test on the norm: max over directions u of f.u - R'(u) "
				   "= %.6g <= 0): they are held.",
				   t, names.buf, fs.buf, m);
		} else {
			/* they restart along u: a rate of 1e-12 along it, where R's
			 * derivative is defined */
			for (size_t j = 0; j < L->ngroup; j++) {
				const size_t i = L->group[j];
				r->held[i] = false;
				y[n + i] = r->delta * u[j];
				r->sgn[i] = u[j] > 0 ? 1 : u[j] < 0 ? -1 : 0;
			}
			r->seeded = true; /* its next phase in t (lrun_norm_vars) */
			if (past && stretch(r, t, y, tau, u0, u1))
				return -1;
			model_step(s,
				   "  t = %.10g s: %s at rest together; the force on them (%s) "
				   "leaves R's subdifferential at zero rates (Kozlov §3: max "
				   "over directions u of f.u - R'(u) = %.6g > 0%s): they "
				   "restart along u = (%s)%s.",
				   t, names.buf, fs.buf, m,
				   past ? " a moment later, the force at the bound and growing "
					  "past it"
					: "",
				   us.buf,
				   past ? "; their first 1e-3 tmax from rest by the Taylor "
					  "expansion of the motion (the friction's direction is "
					  "stiff there)"
					: "");
		}
	} else {
		/* one coordinate of the norm at rest while another moves: R is
		 * smooth across its zero rate there, unless its bound says not */
		for (size_t j = 0; j < L->ngroup; j++) {
			const size_t i = L->group[j];
			if (!r->held[i])
				continue;
			double up, down;
			lrun_coordinate_sides(r, i, &up, &down);
			const double c = (up - down) / 2, f = r->f[i];
			if (fabs(f) <= c) {
				model_step(
					s,
					"  t = %.10g s: %s at rest; the force on it, |f| = %.6g, "
					"is within the bound c = %.6g that R allows at %s = 0: "
					"it is held.",
					t, L->q[i], fabs(f), c, L->qd[i]);
			} else {
				r->held[i] = false;
				r->sgn[i] = f > 0 ? 1 : -1;
				model_step(s,
					   "  t = %.10g s: %s at rest; the force on it f = %.6g "
					   "exceeds the bound c = %.6g: it restarts in the sense "
					   "of f (%s)",
					   t, L->q[i], f, c, f > 0 ? "+" : "-");
			}
		}
	}
	strbuf_release(&names);
	strbuf_release(&fs);
	strbuf_release(&us);
	return 0;
}

/* The relative accelerations dw/dt of the contacts set[0..m) at the state set,
 * from the accelerations qdd. */
static void kink_rates(struct run *r, const size_t *set, size_t m, const double *qdd, double *wd)
{
	double a[NQ];
	for (size_t c = 0; c < m; c++) {
		lrun_kink_a(r, set[c], a);
		double s = lrun_kink_g(r, set[c]);
		for (size_t j = 0; j < r->L->nq; j++)
			s += a[j] * qdd[j];
		wd[c] = s;
	}
}

/* A tie at the bound (stuck, |λ_k| = c_k, dw/dt_k = 0 to rounding) decided by
 * the force's trend: held a moment longer (an Euler step of h along the
 * stuck motion), does |λ_k| go past c_k? Then it slips in the sense of λ_k. */
static int trend(struct run *r, size_t k, double t, const double *y, bool *slips)
{
	double qdd[NQ];
	if (ahead(r, t, y, LAGR_AHEAD(r)))
		return -1;
	*slips = fabs(r->lam[k]) > lrun_bound(r, k);
	lrun_set_state(r, t, y);
	return lrun_accelerations(r, qdd);
}

/* Which contacts at w = 0 stick and which slip, decided together at (t, y):
 * those stuck, those whose w has reached 0 (and, at the start, those at
 * w = 0) are the candidates; `brk` (a stuck contact whose force has just
 * reached its bound, or SIZE_MAX) slips in its force's sense. The
 * candidates' rates are set to w = 0 exactly; then the relay problem of
 * their multipliers λ (|λ| <= c) and relative accelerations dw/dt. */
int lrun_decide(struct run *r, double t, double *y, size_t brk, bool start, struct strbuf *s)
{
	const struct lagr *L = r->L;
	const size_t n = L->nq, nk = L->nkink;
	size_t C[NK], m = 0;
	double qdd[NQ];
	memset(r->cand, 0, sizeof(r->cand));
	lrun_set_state(r, t, y);
	if (brk < nk) {
		/* by the force's trend past the bound: growing past it, it slips
		 * in its sense; only touching it (a tangency), it holds on */
		bool slips;
		if (lrun_accelerations(r, qdd) || trend(r, brk, t, y, &slips))
			return -1;
		const double lam = r->lam[brk];
		struct strbuf nm = STRBUF_INIT;
		kink_name(L, brk, &nm);
		if (slips) {
			r->mode[brk] = lam > 0 ? 1 : -1;
			model_step(s,
				   "  t = %.10g s: the force that holds %s, %.10g, reached its "
				   "bound c = %.10g and is growing past it: it slips (%s).",
				   t, nm.buf, lam, lrun_bound(r, brk), lam > 0 ? "+" : "-");
		} else {
			model_step(s,
				   "  t = %.10g s: the force that holds %s, %.10g, touches its "
				   "bound c = %.10g and turns back inside: it is still held.",
				   t, nm.buf, lam, lrun_bound(r, brk));
			brk = SIZE_MAX; /* decided with the others, as stuck */
		}
		strbuf_release(&nm);
	}
	for (size_t k = 0; k < nk; k++) {
		if (k == brk)
			continue;
		const double w = lrun_kink_w(r, k);
		if (start && w != 0)
			r->mode[k] = w > 0 ? 1 : -1;
		else if (start || r->mode[k] == 0 || !(r->mode[k] * w > 0))
			C[m++] = k;
	}
	if (!m)
		return 0;
	/* w = 0 exactly on the candidates */
	{
		double zero[NK] = {0};
		if (lrun_displace(r, C, m, zero)) {
			r->dependent = true;
			return -1;
		}
		for (size_t i = 0; i < n; i++)
			if (!r->held[i])
				y[n + i] = r->vals[lagr_iqd(L, i)];
		for (size_t c = 0; c < m; c++) {
			const size_t i = L->kink[C[c]].coord;
			if (lrun_kink_is_rate(L, C[c]))
				y[n + i] = 0; /* the rate itself: 0 to the bit */
		}
	}
	for (size_t c = 0; c < m; c++) {
		r->cand[C[c]] = true;
		r->mode[C[c]] = 0;
	}
	/* dw/dt = b − W λ: b with the candidates free of friction, W's columns
	 * from a unit multiplier on each */
	double b[NK], W[NK * NK], wd[NK], a[NQ], c_[NK], lb[NK], z[NK], w[NK];
	lrun_set_state(r, t, y);
	if (lrun_accelerations(r, qdd))
		return -1;
	kink_rates(r, C, m, qdd, b);
	for (size_t j = 0; j < m; j++) {
		lrun_kink_a(r, C[j], a);
		for (size_t i = 0; i < n; i++)
			r->extra[i] = -a[i];
		r->use_extra = true;
		int rc = lrun_accelerations(r, qdd);
		r->use_extra = false;
		if (rc)
			return -1;
		kink_rates(r, C, m, qdd, wd);
		for (size_t i = 0; i < m; i++)
			W[i * m + j] = b[i] - wd[i];
	}
	for (size_t i = 0; i < m; i++) {
		c_[i] = lrun_bound(r, C[i]);
		if (!(c_[i] >= 0) || !isfinite(c_[i]))
			c_[i] = 0;
		lb[i] = -c_[i];
	}
	if (r->dependent)
		return -1; /* two candidates on one surface: no bound of its own */
	struct diag why;
	diag_clear(&why);
	if (num_relay_solve(m, W, b, lb, c_, z, w, &why)) {
		diag_set(&r->cerr, "at t = %.6g s: %s", t, why.msg);
		r->cfail = true;
		return -1;
	}
	memset(r->cand, 0, sizeof(r->cand));
	bool tie[NK];
	for (size_t i = 0; i < m; i++) {
		const size_t k = C[i];
		const double lam = -z[i];
		const double scale = fabs(b[i]) + fabs(W[i * m + i]) * c_[i];
		tie[i] = fabs(lam) >= c_[i] * (1 - LAGR_TIE) && fabs(w[i]) <= LAGR_TIE * scale;
		if (!tie[i] && fabs(w[i]) > LAGR_TIE * scale)
			r->mode[k] = w[i] > 0 ? 1 : -1;
		else
			r->mode[k] = 0;
	}
	for (size_t i = 0; i < m; i++) {
		const size_t k = C[i];
		struct strbuf nm = STRBUF_INIT;
		kink_name(L, k, &nm);
		bool slips = false;
		if (tie[i]) {
			if (trend(r, k, t, y, &slips))
				return -1;
			if (slips)
				r->mode[k] = z[i] < 0 ? 1 : -1;
		}
		const double lam = -z[i];
		if (r->mode[k] == 0)
			model_step(s,
				   "  t = %.10g s: %s at rest; the force on it, |f| = %.6g, is "
				   "within the bound c = %.6g that %s allows there: it is held%s.",
				   t, nm.buf, fabs(lam), c_[i], L->ndecl ? "friction" : "R",
				   tie[i] ? " (at the bound, the force turns back inside)" : "");
		else
			model_step(s,
				   "  t = %.10g s: %s at rest; the force on it %s the bound c = "
				   "%.6g: it slips (%s), friction %.6g against it.",
				   t, nm.buf, tie[i] ? "is at and growing past" : "would exceed",
				   c_[i], r->mode[k] > 0 ? "+" : "-", c_[i]);
		strbuf_release(&nm);
	}
	lrun_set_state(r, t, y);
	return lrun_accelerations(r, qdd);
}

void lrun_figures_of(const struct lagr *L, const struct record *tr, struct figures *fs)
{
	const size_t n = L->nq;
	struct strbuf cols = STRBUF_INIT;
	strbuf_addf(&cols, "t [s]");
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&cols, "|%s|%s", L->q[i], L->qd[i]);
	strbuf_addf(&cols, "|E = T + V [J]");
	struct table *tab = figures_table(fs, "motion", cols.buf);
	strbuf_release(&cols);
	double row[2 * NQ + 3];
	for (size_t k = 0; k < tr->n; k++) {
		const double *y = record_row(tr, k);
		row[0] = tr->t[k];
		for (size_t i = 0; i < n; i++) {
			row[1 + 2 * i] = y[i];
			row[2 + 2 * i] = y[n + i];
		}
		row[1 + 2 * n] = y[2 * n + 1]; /* T + V, the record's extra */
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

/* The figures drawn when first looked at (figures_later): from the run's
 * record, moved here with a copy of the run's parameters, its energy
 * column computed then (record_extras_later: T + V is a function of t, the
 * state and the parameters alone), never from a second run. L is the
 * model's, which outlives the solve's figures (the session releases them
 * before the exercise). */
struct lagr_later {
	struct run r;
	struct record tr;
};

static void lagr_later_draw(struct figures *fs, void *p)
{
	struct lagr_later *l = p;
	record_extras(&l->tr, &l->r);
	lrun_figures_of(l->r.L, &l->tr, fs);
}

static void lagr_later_drop(void *p)
{
	struct lagr_later *l = p;
	record_release(&l->tr);
	free(l->r.vals);
	free(l);
}

void lrun_figures_later(const struct run *r, struct record *tr, struct figures *fs)
{
	const struct lagr *L = r->L;
	struct lagr_later *l = xmalloc(sizeof(*l));
	l->r = (struct run){.L = L, .tmax = r->tmax};
	l->r.vals = xmalloc(L->nnames * sizeof(double));
	memcpy(l->r.vals, r->vals, L->nnames * sizeof(double));
	l->tr = *tr;
	*tr = (struct record){0};
	figures_later(fs, lagr_later_draw, lagr_later_drop, l);
}

/* The run's failure in d, from what the run met: a contact(...) that could
 * not be evaluated, kinks that are one surface, a singular mass matrix. */
int lrun_run_failure(struct run *r, struct diag *d, double t, const double *y)
{
	const struct lagr *L = r->L;
	if (r->cfail)
		return diag_set(d, "%s", r->cerr.msg);
	if (r->dependent)
		return diag_set(d,
				"two of R's kinks are one surface at t = %.6g s (their "
				"relative velocities are not independent): write each "
				"contact once",
				t);
	const double ts = r->singular ? r->sing_t : t;
	const double *ys = r->singular ? r->sing_y : y;
	double M[NQ * NQ];
	struct diag why;
	diag_clear(&why);
	lrun_set_state(r, ts, ys);
	if (!lagr_mass_matrix(L, r->vals, M, &why))
		diag_set(&why, "the mass matrix ∂²T/∂q̇² is singular to rounding there");
	return diag_set(d, "at t = %.6g s (%s = %.6g, %s = %.6g): %s", ts, L->q[0], ys[0], L->qd[0],
			ys[L->nq], why.msg);
}

/* ---- a phase held uniformly ------------------------------------------------- */

/* Whether the stuck contacts' rows a_k and the held coordinates' e_i span
 * the rates (at the state set): then they fix every rate. */
static bool rates_fixed(struct run *r)
{
	const struct lagr *L = r->L;
	const size_t n = L->nq;
	double G[NQ * NQ] = {0}, a[NQ];
	for (size_t k = 0; k < L->nkink; k++) {
		if (r->mode[k] != 0)
			continue;
		lrun_kink_a(r, k, a);
		for (size_t i = 0; i < n; i++)
			for (size_t j = 0; j < n; j++)
				G[i * n + j] += a[i] * a[j];
	}
	for (size_t i = 0; i < n; i++)
		G[i * n + i] += r->held[i];
	return lrun_spd_solve(G, n, NULL, 0) == 0;
}

/* Whether the stuck contacts and the held coordinates fix every rate (their
 * rows a_k, e_i span the rates), and *uniform whether each stuck w = a·q̇ + b
 * has a and b constant: then the motion held is q̇ constant and q linear in
 * t, in closed form, and a phase under forces that depend on t is a scan
 * of its event functions in t alone. */
bool lrun_held_fixed(struct run *r, bool *uniform)
{
	const struct lagr *L = r->L;
	*uniform = true;
	for (size_t k = 0; k < L->nkink; k++) {
		if (r->mode[k] != 0)
			continue;
		const struct lkink *kk = &L->kink[k];
		*uniform &= kk->wt == NULL;
		for (size_t j = 0; j < L->nq; j++) {
			double x = 0;
			*uniform &= kk->wq[j] == NULL && (!kk->a[j] || sym_constant(kk->a[j], &x));
		}
	}
	const bool fixed = rates_fixed(r);
	*uniform &= fixed;
	return fixed;
}

struct held_part {
	struct run *r;
	const double *y; /* the state held */
	size_t k;	 /* the event function asked for */
};

static double held_part_at(double t, void *p)
{
	struct held_part *h = p;
	double g[LAGR_MAX_KINKS + NQ + 2];
	lagr_events(t, h->y, g, h->r);
	return g[h->k];
}

/* A phase held at rest, every rate fixed at 0 (the state y stays as it is,
 * and friction takes no work), from *t to at most the run's tmax, scanned
 * at steps of `step` (each a point of the run's record): its event
 * functions in t alone, each crossing (from > 0 to <= 0, one not > 0 at the
 * start once it is) refined by Brent to the far side, as ode_run locates
 * an event. Fills end as ode_run does. */
int lrun_held_phase(struct run *r, struct phase_run *run, double *t, const double *y, double step,
		    struct ode_end *end, struct diag *d)
{
	const double tend = run->tmax;
	const size_t ne = lrun_nevents(r->L);
	double g[LAGR_MAX_KINKS + NQ + 2], gprev[LAGR_MAX_KINKS + NQ + 2];
	lagr_events(*t, y, gprev, r);
	*end = (struct ode_end){.t = *t};
	for (double ta = *t; ta < tend;) {
		if (num_interrupted)
			return diag_set(d, "interrupted at t = %g s", ta);
		const double tb = fmin(tend, ta + step);
		lagr_events(tb, y, g, r);
		phase_mark(run, tb, y);
		end->steps++;
		double first = INFINITY;
		size_t which = 0;
		for (size_t k = 0; k < ne; k++) {
			if (!(gprev[k] > 0 && g[k] <= 0))
				continue;
			struct held_part hp = {r, y, k};
			struct num_root root;
			if (num_brent(held_part_at, &hp, ta, tb, 1e-300, 1e-13, &root,
				      "the end of a held phase", d))
				return -1;
			if (root.hi < first) {
				first = root.hi;
				which = k;
			}
		}
		if (isfinite(first)) {
			*t = end->t = first;
			end->event = true;
			end->which = which;
			return 0;
		}
		memcpy(gprev, g, ne * sizeof(double));
		ta = tb;
	}
	*t = end->t = tend;
	return 0;
}

/* Whether the stuck contacts and the held coordinates fix every rate at
 * 0: their rows a_k (e_i) span the rates, and each stuck w is 0 at zero
 * rates (no support moves). Then the rates are 0 but for rounding, and y's
 * are set so. */
static bool held_still(struct run *r, double t, double *y)
{
	const struct lagr *L = r->L;
	const size_t n = L->nq;
	lrun_set_state(r, t, y);
	for (size_t j = 0; j < n; j++)
		r->vals[lagr_iqd(L, j)] = 0;
	for (size_t k = 0; k < L->nkink; k++)
		if (r->mode[k] == 0 && lrun_kink_w(r, k) != 0)
			return false; /* a moving support */
	if (!rates_fixed(r))
		return false;
	for (size_t i = 0; i < n; i++)
		y[n + i] = 0;
	return true;
}

/* Whether the system rests for good at (t, y): nothing depends on t, and
 * every coordinate is held (a norm's, or a stuck contact's own rate) or
 * still with no acceleration. */
bool lrun_rests(struct run *r, double t, double *y, bool *free_still)
{
	const struct lagr *L = r->L;
	const size_t n = L->nq;
	bool still[NQ];
	*free_still = false;
	if (L->uses_t)
		return false;
	if (held_still(r, t, y))
		return true;
	for (size_t i = 0; i < n; i++) {
		still[i] = r->held[i];
		for (size_t k = 0; k < L->nkink; k++)
			if (r->mode[k] == 0 && L->kink[k].coord == i && lrun_kink_is_rate(L, k))
				still[i] = true;
	}
	bool all = true;
	for (size_t i = 0; i < n && all; i++)
		if (!still[i]) {
			all = y[n + i] == 0;
			*free_still = true;
		}
	if (all && *free_still) {
		double qdd[NQ];
		lrun_set_state(r, t, y);
		all = !lrun_accelerations(r, qdd);
		for (size_t i = 0; i < n && all; i++)
			all = still[i] || qdd[i] == 0;
	}
	return all;
}

/* A stop of one coordinate alone (stop = theta) ends the run with that
 * coordinate on its surface: one Newton step from where the root was
 * located, a correction within its tolerance (theta_end was -8.3e-17 rad
 * where the rod lies flat). */
static void land_on_stop(struct run *r, double t, double *y)
{
	const struct lagr *L = r->L;
	size_t k = SIZE_MAX;
	if (sym_depends(L->stop, "t"))
		return;
	for (size_t i = 0; i < L->nq; i++) {
		if (sym_depends(L->stop, L->qd[i]))
			return;
		if (sym_depends(L->stop, L->q[i])) {
			if (k != SIZE_MAX)
				return;
			k = i;
		}
	}
	if (k == SIZE_MAX)
		return;
	struct sym *dg = sym_derivative(L->stop, L->q[k]);
	lrun_set_state(r, t, y);
	const double dq = sym_eval(L->stop, r->vals) / sym_eval(dg, r->vals);
	sym_free(dg);
	if (isfinite(dq) && fabs(dq) <= 1e-9 * fmax(1.0, fabs(y[k])))
		y[k] -= dq;
	lrun_set_state(r, t, y);
}

/* What ended the phase at (t, y): the contacts and the norm decided anew.
 * Returns 1 where the stop expression ended the run, 2 where a [contact]'s
 * N reached 0 (it would lift off), -1 on failure. */
int lrun_after_event(struct run *r, size_t which, double t, double *y, struct strbuf *s)
{
	const struct lagr *L = r->L;
	const size_t n = L->nq, nk = L->nkink;
	if (which == nk + n + 1) {
		model_step(s, "  t = %.10g s: the stop expression %s reached 0: the run ends.", t,
			   L->src_stop);
		land_on_stop(r, t, y);
		return 1;
	}
	if (which >= nk + n + 2 && L->decl[which - nk - n - 2].normal != SIZE_MAX) {
		const struct ldecl *dc = &L->decl[which - nk - n - 2];
		model_step(s,
			   "  t = %.10g s: the reaction λ of [contact %s] reached 0: %s would "
			   "leave its surface (lift-off), which the run does not follow: it "
			   "ends.",
			   t, dc->name, L->q[dc->normal]);
		return 2;
	}
	if (which >= nk + n + 2) {
		model_step(s,
			   "  t = %.10g s: the normal force N = %s of [contact %s] reached 0: "
			   "the contact would lift off, and these coordinates have none to "
			   "leave the surface along: the run ends.",
			   t, L->decl[which - nk - n - 2].src_N, L->decl[which - nk - n - 2].name);
		return 2;
	}
	size_t brk = SIZE_MAX;
	if (which < nk) {
		struct strbuf nm = STRBUF_INIT;
		kink_name(L, which, &nm);
		if (r->mode[which]) {
			lrun_set_state(r, t, y);
			if (lrun_kink_is_rate(L, which))
				model_step(s, "  t = %.10g s: %s reached 0 (%s = %.10g).", t,
					   L->qd[L->kink[which].coord], nm.buf,
					   y[L->kink[which].coord]);
			else
				model_step(s, "  t = %.10g s: %s: the relative velocity reached 0.",
					   t, nm.buf);
		} else {
			brk = which;
		}
		strbuf_release(&nm);
	} else if (which < nk + n) {
		const size_t i = which - nk;
		y[n + i] = 0;
		model_step(s, "  t = %.10g s: %s reached 0 (%s = %.10g).", t, L->qd[i], L->q[i],
			   y[i]);
	} else { /* the norm's test reached its bound: decided by its trend */
		model_step(s,
			   "  t = %.10g s: the force on the held %s reached the bound of the norm.",
			   t, L->q[L->group[0]]);
		for (size_t j = 0; j < L->ngroup; j++)
			r->held[L->group[j]] = false;
		r->group_held = false;
	}
	if (lrun_settle_group(r, t, y, which == nk + n, s))
		return -1;
	return lrun_decide(r, t, y, brk, false, s) ? -1 : 0;
}
