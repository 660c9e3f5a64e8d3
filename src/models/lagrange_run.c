/* Model lagrange's runtime: Lagrange's equations integrated phase by phase,
 * with the stick and slip of its Coulomb contacts (see lagrange.h).
 *
 * The contacts are R's kinks (lagrange_sys.h): R = c_k |w_k| + (smooth)
 * across w_k = a_k·q̇ + b_k = 0. Written with the multipliers λ_k,
 *
 *	M q̈ = F − Σ_k λ_k a_k,
 *
 * F the generalized forces with the contacts' friction left out; a contact
 * that slips has λ_k = c_k sgn w_k, one that sticks keeps w_k = 0,
 * dw/dt_k = a_k·q̈ + g_k = 0 (g_k = Σ_j ∂w_k/∂q_j q̇_j + ∂w_k/∂t), with
 * |λ_k| ≤ c_k. A phase ends where a sliding w_k reaches 0, or a stuck λ_k
 * its bound; there the contacts at w = 0 are decided together, as the
 * relay problem they are (num/relay.h): which stick, which slip and in
 * which sense. A contact whose force reaches its bound slips in the sense
 * the force is heading, not by |λ| <= c at the root, where it holds to the
 * last bit. A norm of the rates (Kozlov's isotropic friction, a contact(...)
 * integral) holds its coordinates together by Kozlov's test on the norm,
 * and runs to its stop in variables of its own (lagrange_norm.c). */
#include "models/lagrange_run.h"

#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dyn/phase.h"
#include "dyn/record.h"
#include "models/lagrange_sys.h"
#include "num/num.h"
#include "num/ode.h"
#include "num/relay.h"
#include "num/sym.h"
#include "util/xalloc.h"

/* R at the state set, the contacts' with it; NaN if one fails. */
double lrun_R(struct run *r)
{
	const struct lagr *L = r->L;
	double R = (L->R ? sym_eval(L->R, r->vals) : 0.0) + lagr_normal_R(L, r->vals);
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
	sym_prog_run(L->dR, r->vals, dR);
	lagr_declared_add(L, r->vals, dR);
	if (L->ncontact && lagr_contacts_add(L, r->vals, &R, dR, &r->cerr)) {
		r->cfail = true;
		for (size_t i = 0; i < L->nq; i++)
			dR[i] = NAN;
	}
}

void lrun_set_state(struct run *r, double t, const double *y)
{
	const struct lagr *L = r->L;
	for (size_t i = 0; i < L->nq; i++) {
		r->vals[lagr_iq(L, i)] = y[i];
		double v = r->held[i] ? 0.0 : y[L->nq + i];
		/* a sliding phase keeps its sense up to and past its end, as the
		 * event is located: its friction is the one-sided limit */
		if (r->sgn[i] && !(v * r->sgn[i] > 0))
			v = r->sgn[i] * r->delta * 1e-100;
		r->vals[lagr_iqd(L, i)] = v;
	}
	r->vals[lagr_it(L)] = t;
}

/* ---- the contacts ----------------------------------------------------------- */

/* Whether contact k's w is a coordinate's rate itself (abs(xdot)), 0 where
 * the rate is 0 to the bit. */
bool lrun_kink_is_rate(const struct lagr *L, size_t k)
{
	const struct lkink *kk = &L->kink[k];
	return kk->coord != SIZE_MAX && !strcmp(kk->text, L->qd[kk->coord]);
}

double lrun_kink_w(const struct run *r, size_t k)
{
	return sym_eval(r->L->kink[k].w, r->vals);
}

/* a = ∂w_k/∂q̇ at the state set */
void lrun_kink_a(const struct run *r, size_t k, double *a)
{
	const struct lkink *kk = &r->L->kink[k];
	for (size_t j = 0; j < r->L->nq; j++)
		a[j] = kk->a[j] ? sym_eval(kk->a[j], r->vals) : 0.0;
}

/* g_k = dw/dt_k − a_k·q̈: what w changes by with the positions and time */
double lrun_kink_g(const struct run *r, size_t k)
{
	const struct lagr *L = r->L;
	const struct lkink *kk = &L->kink[k];
	double g = kk->wt ? sym_eval(kk->wt, r->vals) : 0.0;
	for (size_t j = 0; j < L->nq; j++)
		if (kk->wq[j])
			g += sym_eval(kk->wq[j], r->vals) * r->vals[lagr_iqd(L, j)];
	return g;
}

/* Solves the symmetric positive definite system S x = b (k×k, S and b
 * overwritten, x in b) for nb right-hand sides stored as the columns of b
 * (k×nb, row-major). -1 where S is not positive definite, or singular to
 * rounding: its Cholesky pivots span more than LAGR_COND_MAX (GSL takes
 * the last pivot of [[2, -2], [-2, 2]] as 2e-8). */
static int spd_factor(double *S, size_t k)
{
	int rc = lagr_cholesky(S, k);
	double pmin = INFINITY, pmax = 0;
	for (size_t i = 0; !rc && i < k; i++) {
		pmin = fmin(pmin, S[i * k + i] * S[i * k + i]);
		pmax = fmax(pmax, S[i * k + i] * S[i * k + i]);
	}
	rc |= !(pmin > LAGR_COND_MAX * pmax);
	return rc ? -1 : 0;
}

/* the columns of b solved with S's factor from spd_factor */
static int spd_columns(double *S, size_t k, double *b, size_t nb)
{
	for (size_t c = 0; c < nb; c++)
		lagr_cholesky_solve(S, k, b + c, nb);
	return 0;
}

int lrun_spd_solve(double *S, size_t k, double *b, size_t nb)
{
	return spd_factor(S, k) || spd_columns(S, k, b, nb) ? -1 : 0;
}

/* Moves the rates in vals by the least change that gives the contacts
 * set[0..m) w = target[]: A Aᵀ μ = target − w, q̇ += Aᵀ μ (w is linear in
 * the rates: exact to rounding). -1 where their surfaces are not
 * independent. */
int lrun_displace(struct run *r, const size_t *set, size_t m, const double *target)
{
	const struct lagr *L = r->L;
	const size_t n = L->nq;
	double A[NK * NQ], G[NK * NK], mu[NK];
	/* contacts that are rates of distinct coordinates (w = ±q̇_i + b):
	 * q̇_i = ±(target − b) itself, to the last bit, where the least
	 * change would lose a target far below q̇_i's rounding */
	bool direct = true;
	for (size_t a = 0; a < m && direct; a++) {
		direct = L->kink[set[a]].coord != SIZE_MAX;
		for (size_t b = 0; b < a && direct; b++)
			direct = L->kink[set[a]].coord != L->kink[set[b]].coord;
	}
	if (direct) {
		for (size_t a = 0; a < m; a++) {
			const size_t i = L->kink[set[a]].coord;
			double ai[NQ];
			lrun_kink_a(r, set[a], ai);
			const double b0 = lrun_kink_w(r, set[a]) - ai[i] * r->vals[lagr_iqd(L, i)];
			r->vals[lagr_iqd(L, i)] = (target[a] - b0) / ai[i];
		}
		return 0;
	}
	for (size_t a = 0; a < m; a++) {
		lrun_kink_a(r, set[a], A + a * n);
		mu[a] = target[a] - lrun_kink_w(r, set[a]);
	}
	for (size_t a = 0; a < m; a++)
		for (size_t b = 0; b < m; b++) {
			double s = 0;
			for (size_t j = 0; j < n; j++)
				s += A[a * n + j] * A[b * n + j];
			G[a * m + b] = s;
		}
	if (m == 1) {
		if (!(G[0] > 0))
			return -1;
		mu[0] /= G[0];
	} else if (lrun_spd_solve(G, m, mu, 1)) {
		return -1;
	}
	for (size_t j = 0; j < n; j++) {
		double dq = 0;
		for (size_t a = 0; a < m; a++)
			dq += A[a * n + j] * mu[a];
		r->vals[lagr_iqd(L, j)] += dq;
	}
	/* a member that is a rate itself takes its target to the bit: the
	 * least change leaves it w's rounding, and its target may be far
	 * below that (the one-sided limit at 1e-112) */
	for (size_t a = 0; a < m; a++)
		if (lrun_kink_is_rate(L, set[a])) {
			const size_t i = L->kink[set[a]].coord;
			r->vals[lagr_iqd(L, i)] = target[a] / A[a * n + i];
		}
	return 0;
}

/* ∂R/∂q̇ with the contacts set[0..m) moved to target[] (none: as set). */
static int dR_at(struct run *r, const size_t *set, size_t m, const double *target, double *dR)
{
	const struct lagr *L = r->L;
	double save[NQ];
	for (size_t j = 0; j < L->nq; j++)
		save[j] = r->vals[lagr_iqd(L, j)];
	int rc = m ? lrun_displace(r, set, m, target) : 0;
	if (rc)
		r->dependent = true;
	else
		run_dR(r, dR);
	for (size_t j = 0; j < L->nq; j++)
		r->vals[lagr_iqd(L, j)] = save[j];
	return rc;
}

/* The contacts to move before R is differentiated: a sliding one on the
 * wrong side of w = 0 (its phase is ending) to its own side, a stuck one or
 * a candidate to +δ (up) or −δ (!up); `except` left out. */
static size_t sides(struct run *r, bool up, size_t except, size_t *set, double *target)
{
	const double delta = r->delta;
	size_t m = 0;
	for (size_t k = 0; k < r->L->nkink; k++) {
		if (k == except)
			continue;
		if (r->mode[k] == 0 || r->cand[k]) {
			set[m] = k;
			target[m++] = up ? delta : -delta;
		} else if (!(r->mode[k] * lrun_kink_w(r, k) > 0)) {
			/* the one-sided limit: on a rate itself exactly, else
			 * at δ, which the rounding of w's other terms keeps */
			set[m] = k;
			target[m++] =
				r->mode[k] * delta * (lrun_kink_is_rate(r->L, k) ? 1e-100 : 1.0);
		}
	}
	return m;
}

/* ∂R/∂q̇ at the state set, each contact's friction as its mode has it: a
 * sliding one's on its own side of w = 0 (up to and past its phase's end,
 * as the event is located: the one-sided limit), a stuck one's or a
 * candidate's left out (the mean of its two sides: R's smooth part). */
int lrun_friction(struct run *r, double *dR)
{
	size_t set[NK], m;
	double target[NK];
	bool stuck = false;
	for (size_t k = 0; k < r->L->nkink; k++)
		stuck |= r->mode[k] == 0 || r->cand[k];
	m = sides(r, true, SIZE_MAX, set, target);
	if (dR_at(r, set, m, target, dR))
		return -1;
	if (!stuck)
		return 0;
	double down[NQ];
	m = sides(r, false, SIZE_MAX, set, target);
	if (dR_at(r, set, m, target, down))
		return -1;
	for (size_t j = 0; j < r->L->nq; j++)
		dR[j] = (dR[j] + down[j]) / 2;
	return 0;
}

/* The bound c_k that R allows contact k at w_k = 0: half the jump of ∂R/∂q̇
 * across its surface, along a_k (the other stuck contacts on one side). */
double lrun_bound(struct run *r, size_t k)
{
	const size_t n = r->L->nq;
	size_t set[NK];
	double target[NK], up[NQ], down[NQ], a[NQ];
	size_t m = sides(r, true, k, set, target);
	set[m] = k;
	target[m] = r->delta;
	if (dR_at(r, set, m + 1, target, up))
		return NAN;
	target[m] = -r->delta;
	if (dR_at(r, set, m + 1, target, down))
		return NAN;
	lrun_kink_a(r, k, a);
	double ja = 0, aa = 0;
	for (size_t j = 0; j < n; j++) {
		ja += (up[j] - down[j]) * a[j];
		aa += a[j] * a[j];
	}
	return ja / (2 * aa);
}

/* ---- the equations of motion ------------------------------------------------ */

/* ∂R/∂q̇_i at q̇_i = +δ and −δ (the others as set): a coordinate of a norm
 * at rest, whose friction's mean is R's smooth part and half its jump the
 * bound. */
void lrun_coordinate_sides(struct run *r, size_t i, double *up, double *down)
{
	const struct lagr *L = r->L;
	const double save = r->vals[lagr_iqd(L, i)];
	double dR[NQ];
	r->vals[lagr_iqd(L, i)] = r->delta;
	run_dR(r, dR);
	*up = dR[i];
	r->vals[lagr_iqd(L, i)] = -r->delta;
	run_dR(r, dR);
	*down = dR[i];
	r->vals[lagr_iqd(L, i)] = save;
}

/* The mean of the two sides, for a coordinate of a norm held at rest. */
static double friction_mean(struct run *r, size_t i)
{
	double up, down;
	lrun_coordinate_sides(r, i, &up, &down);
	return (up + down) / 2;
}

/* The generalized forces: F_i = ∂T/∂q_i − ∂V/∂q_i − ∂R/∂q̇_i −
 * Σ_j ∂p_i/∂q_j q̇_j − ∂p_i/∂t, the stuck contacts' and the held
 * coordinates' friction left out (their smooth part kept). n = L->nq, a
 * constant where accelerations inlines it. */
static inline __attribute__((always_inline)) int forces(struct run *r, const struct lagr_at *at,
							double *F, const size_t n)
{
	const struct lagr *L = r->L;
	double dR[NQ] = {0};
	if ((L->R || L->ndecl) && lrun_friction(r, dR))
		return -1;
#pragma GCC unroll 4
	for (size_t i = 0; i < n; i++) {
		double q = at->dTdq[i] - at->dpdt[i];
		if (L->dVdq[i])
			q -= at->dVdq[i];
#pragma GCC unroll 4
		for (size_t j = 0; j < n; j++)
			q -= at->dpdq[i][j] * r->vals[lagr_iqd(L, j)];
		r->fr[i] = 0;
		if (L->dRdqd[i] || L->in_contact[i] || L->ndecl)
			/* a normal coordinate's force does not depend on its own
			 * rate (lagrange_contact.c): no sides to take */
			q -= r->fr[i] =
				r->held[i] && !lagr_is_normal(L, i) ? friction_mean(r, i) : dR[i];
		F[i] = q + (r->use_extra ? r->extra[i] : 0.0);
	}
	return 0;
}

/* The accelerations at the state set, the stuck contacts and the held
 * coordinates kept at rest by their multipliers (λ_k in lam, a held
 * coordinate's in f). -1: M is singular here, or (r->dependent) two
 * constraints are one. */
static inline __attribute__((always_inline)) int accelerations(struct run *r, double *qdd,
							       const size_t n)
{
	const struct lagr *L = r->L;
	double M[NQ * NQ], F[NQ];
	double A[(NK + NQ) * NQ], g[NK + NQ];
	size_t row_of[NK + NQ], m = 0; /* kinks, then n + coordinate */
	struct lagr_at at;
	lagr_system_at(L, r->vals, &at);
#pragma GCC unroll 4
	for (size_t i = 0; i < n; i++)
#pragma GCC unroll 4
		for (size_t j = 0; j < n; j++)
			M[i * n + j] = at.M[i][j];
	if (forces(r, &at, F, n))
		return -1;
	for (size_t k = 0; k < L->nkink; k++)
		if (r->mode[k] == 0 && !r->cand[k]) {
			lrun_kink_a(r, k, A + m * n);
			g[m] = lrun_kink_g(r, k);
			row_of[m++] = k;
		}
#pragma GCC unroll 4
	for (size_t i = 0; i < n; i++)
		if (r->held[i]) {
#pragma GCC unroll 4
			for (size_t j = 0; j < n; j++)
				A[m * n + j] = j == i;
			g[m] = 0;
			row_of[m++] = NK + i;
		}
	/* u = M⁻¹F and X = M⁻¹Aᵀ together: the columns F and the rows of A */
	const size_t nb = 1 + m;
	double B[NQ * (1 + NK + NQ)];
#pragma GCC unroll 4
	for (size_t i = 0; i < n; i++) {
		B[i * nb] = F[i];
		for (size_t c = 0; c < m; c++)
			B[i * nb + 1 + c] = A[c * n + i];
	}
	/* M singular to rounding here: lagr_mass_matrix says along what. A
	 * mass matrix the same as the last (a constant one: the whole run) is
	 * not factored again. */
	if (!r->mfac_ok || memcmp(M, r->mkey, n * n * sizeof(double))) {
		memcpy(r->mkey, M, n * n * sizeof(double));
		memcpy(r->mfac, M, n * n * sizeof(double));
		r->mfac_rc = spd_factor(r->mfac, n);
		r->mfac_ok = true;
	}
	if (r->mfac_rc || spd_columns(r->mfac, n, B, nb))
		return -1;
	double lam[NK + NQ] = {0};
	if (m) {
		/* W = A M⁻¹ Aᵀ, λ = W⁻¹ (A u + g) */
		double W[(NK + NQ) * (NK + NQ)];
		for (size_t a = 0; a < m; a++) {
			double s = g[a];
#pragma GCC unroll 4
			for (size_t j = 0; j < n; j++)
				s += A[a * n + j] * B[j * nb];
			lam[a] = s;
			for (size_t c = 0; c < m; c++) {
				double w = 0;
#pragma GCC unroll 4
				for (size_t j = 0; j < n; j++)
					w += A[a * n + j] * B[j * nb + 1 + c];
				W[a * m + c] = w;
			}
		}
		if (lrun_spd_solve(W, m, lam, 1)) {
			r->dependent = true;
			return -1;
		}
	}
#pragma GCC unroll 4
	for (size_t i = 0; i < n; i++) {
		double q = B[i * nb];
		for (size_t c = 0; c < m; c++)
			q -= B[i * nb + 1 + c] * lam[c];
		qdd[i] = q;
	}
	for (size_t a = 0; a < m; a++) {
		if (row_of[a] < NK) {
			const size_t k = row_of[a];
			r->lam[k] = lam[a];
			if (L->kink[k].coord != SIZE_MAX)
				qdd[L->kink[k].coord] = 0; /* exactly: w = ±q̇_i + b */
		} else {
			const size_t i = row_of[a] - NK;
			r->f[i] = lam[a];
			qdd[i] = 0;
		}
	}
	return 0;
}

/* accelerations with n a constant for 1 to 4 coordinates: the same
 * operations in the same order, its loops over the coordinates unrolled. */
int lrun_accelerations(struct run *r, double *qdd)
{
	switch (r->L->nq) {
	case 1:
		return accelerations(r, qdd, 1);
	case 2:
		return accelerations(r, qdd, 2);
	case 3:
		return accelerations(r, qdd, 3);
	case 4:
		return accelerations(r, qdd, 4);
	default:
		return accelerations(r, qdd, r->L->nq);
	}
}

int lagr_rhs(double t, const double y[], double dydt[], void *p)
{
	struct run *r = p;
	const size_t n = r->L->nq;
	double qdd[NQ];
	if (num_interrupted)
		return GSL_EBADFUNC;
	lrun_set_state(r, t, y);
	if (lrun_accelerations(r, qdd) || r->cfail) {
		if (!r->cfail && !r->dependent && !r->singular) {
			r->singular = true;
			r->sing_t = t;
			memcpy(r->sing_y, y, (2 * n + 1) * sizeof(double));
		}
		return GSL_EBADFUNC;
	}
	/* the power friction takes: ∂R/∂q̇·q̇, a stuck contact's λ a·q̇ (which a
	 * moving support makes other than 0), a held coordinate's none */
	double D = 0, a[NQ];
	for (size_t i = 0; i < n; i++) {
		dydt[i] = r->held[i] ? 0.0 : y[n + i];
		dydt[n + i] = qdd[i];
		D += r->fr[i] * dydt[i];
	}
	for (size_t k = 0; k < r->L->nkink; k++)
		if (r->mode[k] == 0 && !r->cand[k]) {
			lrun_kink_a(r, k, a);
			for (size_t i = 0; i < n; i++)
				D += r->lam[k] * a[i] * dydt[i];
		}
	dydt[2 * n] = D;
	return GSL_SUCCESS;
}

/* ---- the events --------------------------------------------------------------- */

/* The event functions, each positive while the phase holds: a contact's
 * w in its sense of slip, or a stuck one's c − |λ|; a norm's coordinate's
 * rate in its sense; the held norm's Kozlov margin; the stop expression;
 * each [contact]'s N. */
size_t lrun_nevents(const struct lagr *L)
{
	return L->nkink + L->nq + 2 + L->ndecl;
}

void lagr_events(double t, const double y[], double *g, void *p)
{
	struct run *r = p;
	const struct lagr *L = r->L;
	const size_t n = L->nq, nk = L->nkink;
	double qdd[NQ];
	for (size_t e = 0; e < lrun_nevents(L); e++)
		g[e] = 1.0;
	lrun_set_state(r, t, y);
	if (lrun_accelerations(r, qdd))
		return;
	for (size_t k = 0; k < nk; k++)
		g[k] = r->mode[k] ? r->mode[k] * lrun_kink_w(r, k)
				  : lrun_bound(r, k) - fabs(r->lam[k]);
	for (size_t i = 0; i < n; i++)
		if (L->nonsmooth[i] && r->sgn[i] && !r->held[i])
			g[nk + i] = r->sgn[i] * y[n + i];
	if (r->group_held) {
		double u[NQ];
		g[nk + n] = -lrun_group_margin(r, u);
	}
	if (L->stop && r->stop_sign != 0)
		g[nk + n + 1] = r->stop_sign * sym_eval(L->stop, r->vals);
	for (size_t c = 0; c < L->ndecl; c++)
		g[nk + n + 2 + c] = lagr_declared_N(L, c, r->vals);
}

/* T + V at (t, y), the rates as y has them (not a held one's 0, nor a
 * sliding one's side). */
double lrun_energy(struct run *r, double t, const double *y)
{
	const struct lagr *L = r->L;
	lrun_set_state(r, t, y);
	for (size_t i = 0; i < L->nq; i++)
		r->vals[lagr_iqd(L, i)] = y[L->nq + i];
	return sym_eval(L->T, r->vals) + (L->V ? sym_eval(L->V, r->vals) : 0.0);
}

static void trace_extra(void *ctx, double t, const double *y, double *out)
{
	struct run *r = ctx;
	out[0] = lrun_energy(r, t, y);
}

/* ---- the run on the phase driver --------------------------------------------- */

struct lagr_phases {
	struct run *r;
	struct strbuf *s;
	const char *outcome;
	double t_stop;
	bool piece; /* the phase that ended was a piece of a watched one */
};

/* The phase driver's callback: at the start and after each phase, what
 * ended it decided (the contacts anew), then the rest for good, the end of
 * the run, or the next phase: integrated, or, held with every rate fixed
 * under forces that depend on t, scanned in closed form right here. */
static int lagr_next(struct phase_run *run, struct phase_mode *mode, void *ctx, struct diag *d)
{
	struct lagr_phases *lp = ctx;
	struct run *r = lp->r;
	const struct lagr *L = r->L;
	const size_t n = L->nq;
	double *y = run->y;
	const struct ode_end *end = run->end;
	if (!end) { /* the start */
		if (lrun_settle_group(r, run->t, y, false, lp->s) ||
		    lrun_decide(r, run->t, y, SIZE_MAX, true, lp->s))
			return lrun_run_failure(r, d, run->t, y);
	}
	for (;;) {
		if (end && end->event && r->norm_vars && end->which >= lrun_nevents(L)) {
			/* the norm's rates settled or at rho_end: the stop in
			 * closed form, or its part up to tmax */
			double t = run->t;
			const int fin = lrun_norm_finish(r, &t, y, run->tmax, lp->s);
			if (fin < 0)
				return lrun_run_failure(r, d, run->t, y);
			if (fin == 2)
				phase_jump(run, t, y);
			if (fin == 0) {
				phase_jump(run, t, y);
				if (lrun_settle_group(r, t, y, false, lp->s) ||
				    lrun_decide(r, t, y, SIZE_MAX, false, lp->s))
					return lrun_run_failure(r, d, t, y);
			}
			end = NULL;
		} else if (end && end->event) {
			/* phases that end where they start, again and again, are
			 * the driver's to refuse (PHASE_STILL_MAX); a held phase
			 * (held_phase) ends later than it starts */
			const int ev = lrun_after_event(r, end->which, run->t, y, lp->s);
			if (ev < 0)
				return lrun_run_failure(r, d, run->t, y);
			if (r->jump) {
				r->jump = false;
				phase_jump(run, r->jump_t, y);
			}
			if (ev > 0) {
				lp->outcome = ev == 2 ? "lifts-off" : "stops";
				lp->t_stop = run->t;
				return PHASE_END;
			}
		}
		const bool resume = end && !end->event && lp->piece && run->t < run->tmax;
		bool free_still;
		if (!resume && lrun_rests(r, run->t, y, &free_still)) {
			lp->outcome = "rests";
			lp->t_stop = run->t;
			model_step(lp->s,
				   free_still
					   ? "  t = %.10g s: every coordinate is held or at rest "
					     "with no force on it, and nothing depends on t: "
					     "the system rests for good."
					   : "  t = %.10g s: every coordinate is held and nothing "
					     "depends on t: the system rests for good.",
				   run->t);
			return PHASE_END;
		}
		if (run->t >= run->tmax)
			return PHASE_END;
		/* held with every rate fixed, the motion is trivial: the
		 * integrator's steps grow without bound, and a force that
		 * depends on t could cross the bound and come back inside one;
		 * such a phase is scanned in closed form (lrun_held_phase), or watched
		 * in pieces of at most tmax/LAGR_WATCH */
		lrun_set_state(r, run->t, y);
		bool uniform;
		const bool fixed = L->uses_t && lrun_held_fixed(r, &uniform);
		bool at_rest = true; /* the closed form has friction take no work */
		for (size_t i = 0; i < n; i++)
			at_rest &= y[n + i] == 0;
		if (fixed && uniform && at_rest) {
			/* nothing to integrate: the state stays */
			static struct ode_end held;
			double t = run->t;
			if (lrun_held_phase(r, run, &t, y, run->tmax / LAGR_WATCH, &held, d))
				return -1;
			phase_jump(run, t, y);
			run->steps += held.steps;
			if (!held.event)
				return PHASE_END;
			end = &held;
			continue;
		}
		lp->piece = fixed;
		mode->sys = (struct ode_system){2 * n + 1, lagr_rhs, NULL, r};
		mode->opts.tmax =
			fmin(run->tmax, run->t + (fixed ? run->tmax / LAGR_WATCH : INFINITY));
		mode->opts.nev = lrun_nevents(L);
		mode->opts.events = lagr_events;
		mode->opts.atol_scale = r->scale < 1 ? r->atol_scale : NULL;
		mode->stretch = resume;
		if (!fixed)
			lrun_norm_vars(r, run->t, y, mode);
		return PHASE_RUN;
	}
}

/* Whether T + V is conserved without friction: nothing depends on t in T
 * or V, and T is of the second degree in the rates (p·q̇ = 2T, asked at the
 * rates 1, 0.7, 0.49, ... and 1, -0.3, 0.09, ... at the start's q). */
static bool conservative(struct run *r)
{
	const struct lagr *L = r->L;
	if (sym_uses(L->T, "t") || (L->V && sym_uses(L->V, "t")))
		return false;
	const double base[2] = {0.7, -0.3};
	double save[NQ];
	for (size_t i = 0; i < L->nq; i++)
		save[i] = r->vals[lagr_iqd(L, i)];
	bool ok = true;
	for (size_t b = 0; b < 2 && ok; b++) {
		double v = 1, pq = 0;
		for (size_t i = 0; i < L->nq; i++, v *= base[b])
			r->vals[lagr_iqd(L, i)] = v;
		const double T = sym_eval(L->T, r->vals);
		for (size_t i = 0; i < L->nq; i++)
			pq += sym_eval(L->p[i], r->vals) * r->vals[lagr_iqd(L, i)];
		ok = fabs(pq - 2 * T) <= 1e-12 * fmax(fabs(pq), fabs(2 * T));
	}
	for (size_t i = 0; i < L->nq; i++)
		r->vals[lagr_iqd(L, i)] = save[i];
	return ok;
}

/* The motion's scale (ode_motion_scale of the start's largest rate): a
 * start whose rates are all below 1e-3 is followed at its own scale, its
 * one-sided rates and its moment ahead scaled alike. At absolute
 * tolerances a rod launched at xdot0 = 1e-8 m/s stopped 5e-5 late, at
 * 1e-11 m/s went 3 times too far. */
static void run_scale(struct run *r, const double *y)
{
	const struct lagr *L = r->L;
	const size_t n = L->nq;
	double s = 0;
	for (size_t i = 0; i < n; i++)
		s = fmax(s, fabs(y[n + i]));
	r->scale = ode_motion_scale(s);
	r->delta = LAGR_DELTA * r->scale;
	for (size_t i = 0; i < n; i++) {
		r->atol_scale[i] = r->scale * r->scale;
		r->atol_scale[n + i] = r->scale;
	}
	r->atol_scale[2 * n] = r->scale * r->scale;
}

/* A run of L at the model's values num (the parameters, q0 and q̇0 of each
 * coordinate first, then tmax): its values set at t = 0 and y the start
 * (W = 0). r->vals is the caller's to free. */
static void run_open(struct run *r, const struct lagr *L, const double *num, double *y)
{
	*r = (struct run){.L = L, .tmax = num[2 * L->nq]};
	r->vals = xcalloc(L->nnames, sizeof(double));
	for (size_t i = 0; i < L->model.nparams; i++)
		r->vals[i] = num[i];
	for (size_t i = 0; i < L->nq; i++) {
		y[i] = num[2 * i];
		y[L->nq + i] = num[2 * i + 1];
	}
	y[2 * L->nq] = 0;
	run_scale(r, y);
	lrun_set_state(r, 0, y);
}

/* The run's end at (t, y) into the results and the steps: the state, the
 * energies, the outcome, t_stop and the file's [result]s; -1 with d
 * where one is not finite. */
static int lagr_results(struct run *r, double t, double *y, double E0, const char *outcome,
			double t_stop, struct model_output *out, struct diag *d)
{
	const struct lagr *L = r->L;
	const size_t n = L->nq;
	struct strbuf *s = out->steps;
	int rc = 0;
	memset(r->held, 0, sizeof(r->held));
	memset(r->sgn, 0, sizeof(r->sgn));
	lrun_set_state(r, t, y);
	const double E1 = lrun_energy(r, t, y);
	/* E_start - E_end keeps the digits the energies leave it: each is held
	 * to about 1e-12 of its size, and a run that loses little of a large
	 * energy loses the difference's digits (incline-spring at x0 = 1e12 m
	 * gave 1.5095e13 J where friction took 1.9716e13 J). Where that
	 * rounding passes 1e-10 of the difference, energy_lost is
	 * friction_work, the same work where T + V is conserved, integrated
	 * along the run instead of taken as a difference (a run without
	 * friction then loses 0, not its rounding). */
	const bool by_work =
		conservative(r) && 1e-12 * fmax(fabs(E0), fabs(E1)) > 1e-10 * fabs(E0 - E1);
	const double lost = by_work ? y[2 * n] : E0 - E1;
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
	got[ng++] = (struct named_result){"energy_lost", lost};
	got[ng++] = (struct named_result){"friction_work", y[2 * n]};
	if ((rc = model_require_finite(got, ng, "the run went out of range", d)))
		return rc;
	out->res[k++] = value_number(t);
	out->res[k++] = value_number(t_stop);
	out->res[k++] = value_number(E0);
	out->res[k++] = value_number(E1);
	if (conservative(r))
		out->res[k++] = value_number(lost);
	else
		out->res[k++] = value_undefined(
			"T + V is not conserved here even without friction (T or V depends on t, "
			"or T has terms of other than second degree in the rates: a moving "
			"frame), so E_start - E_end is not what friction took; friction_work is");
	out->res[k++] = value_word(outcome);
	out->res[k++] = value_number(y[2 * n]);
	for (size_t e = 0; e < L->nextra; e++) {
		double v = sym_eval(L->extra[e], r->vals);
		/* round-off is 0: below 1e-12 of the expression's own terms,
		 * which cancel (ladder-lagrange's λ_wall was -1.3e-14 N where
		 * its terms are 200 N) */
		const double size = sym_size(L->extra[e], r->vals);
		if (isfinite(size) && fabs(v) < 1e-12 * size)
			v = 0;
		struct named_result nr = {L->results[k].name, v};
		if ((rc = model_require_finite(&nr, 1, "at the end of the run", d)))
			break;
		out->res[k++] = value_number(v);
		struct strbuf rt = STRBUF_INIT;
		model_step(s, "%s = %s = %.10g", L->results[k - 1].name,
			   sym_readable_of(L->extra[e], &rt), v);
		strbuf_release(&rt);
	}
	if (rc)
		for (size_t j = 0; j < k; j++)
			value_release(&out->res[j]);
	if (by_work)
		model_step(s,
			   "Outcome: %s; E_start = %.10g J, E_end = %.10g J, whose difference "
			   "(%.3g J) is within their rounding (1e-12 of them); the work friction "
			   "took along the run, friction_work = %.10g J, is the energy lost.",
			   outcome, E0, E1, E0 - E1, y[2 * n]);
	else
		model_step(s,
			   "Outcome: %s; E_start = %.10g J, E_end = %.10g J, energy lost %.10g J; "
			   "the work friction took along the run, friction_work = %.10g J.",
			   outcome, E0, E1, E0 - E1, y[2 * n]);
	return rc;
}

/* model.check: a rate at the start that enters a norm of rates or a
 * contact(...) 0 or between 1e-150 and 1e150 in size, the range disk-slide
 * and rayleigh take. The norm's friction at a rate of 0 is its one-sided
 * limit 1e-12 and 1e-112 beside it, and below 1e-150 its stops were
 * located to no digit: a coin spinning at phidot0 = 1e-307 rad/s stopped
 * at 7.9e-35 s, having turned backwards, a rod under Kozlov's family law
 * launched at xdot0 = 1e-200 m/s at 2.9e-41 s. A rate with Coulomb's
 * friction of its own (R = c|q̇|) takes any start: at rounding distance
 * from 0 it is the start from rest (issue 37). */
int lagr_check(const struct model_input *in, struct diag *d)
{
	const struct lagr *L = in->model->ctx;
	bool normed[NQ] = {false};
	for (size_t j = 0; j < L->ngroup; j++)
		normed[L->group[j]] = true;
	for (size_t i = 0; i < L->nq; i++) {
		const struct param_spec *p = &L->params[2 * i + 1];
		const double v = in->num[2 * i + 1];
		if ((normed[i] || L->in_contact[i]) && v != 0 &&
		    !(fabs(v) >= 1e-150 && fabs(v) <= 1e150))
			return diag_set(d,
					"%s = %g %s: a rate must be 0 or between 1e-150 and "
					"1e150 in size where it enters a norm of rates or a "
					"contact, so that the friction's one-sided limits at 0 "
					"and the location of its stop neither under- nor "
					"overflow",
					p->name, v, p->unit);
	}
	return 0;
}

int lagr_solve(const struct model_input *in, struct model_output *out, struct diag *d)
{
	const struct lagr *L = in->model->ctx;
	const size_t n = L->nq;
	struct strbuf *s = out->steps;
	struct run r;
	double y[NY];
	int rc = 0;
	run_open(&r, L, in->num, y);
	const double tmax = r.tmax;
	double t = 0;
	const double E0 = lrun_energy(&r, t, y);
	{
		double M[NQ * NQ];
		struct diag why;
		diag_clear(&why);
		if (lagr_mass_matrix(L, r.vals, M, &why)) {
			rc = diag_set(d, "at the start (t = 0): %s", why.msg);
			goto done;
		}
		if ((rc = lrun_norm_start(&r, y, M, d)))
			goto done;
	}
	if (L->R) {
		const double R = lrun_R(&r);
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
	if (lagr_normal_start(L, r.vals, r.held, s, d)) {
		rc = -1;
		goto done;
	}
	for (size_t c = 0; c < L->ndecl; c++) {
		const struct ldecl *dc = &L->decl[c];
		if (dc->normal != SIZE_MAX)
			continue;
		const double N = sym_eval(dc->N, r.vals), mu = sym_eval(dc->mu, r.vals);
		if (!(N > 0) || !(mu >= 0)) {
			rc = diag_set(
				d,
				!(mu >= 0) ? "[contact %s]: mu = %s is %g at the start: a "
					     "friction coefficient is not negative"
					   : "[contact %s]: N = %s is %g at the start: the contact "
					     "does not press on its surface (it would lift off, "
					     "which these coordinates cannot follow)",
				dc->name, !(mu >= 0) ? sym_text(dc->mu) : dc->src_N,
				!(mu >= 0) ? mu : N);
			goto done;
		}
	}
	if (L->stop) {
		double g = sym_eval(L->stop, r.vals);
		r.stop_sign = g > 0 ? 1 : g < 0 ? -1 : 0;
	}
	struct record rec, *recp = record_open(&rec, out->figs, 2 * n + 1, 1, 0, trace_extra, &r);
	if (recp)
		record_extras_later(recp); /* T + V when the figures are drawn */
	model_step(s, "The run, by rk8pd in phases: a phase ends where a contact's relative "
		      "velocity or a rate with Coulomb-type friction reaches 0, where a held "
		      "contact's force reaches its bound, or where stop = 0; the contacts at "
		      "rest then are decided together.");
	struct lagr_phases lp = {.r = &r, .s = s, .outcome = "moving", .t_stop = NAN};
	const struct phase_system sys = {2 * n + 1, lagr_next, &lp};
	struct phase_caps caps = phase_caps_default();
	caps.max_phases = LAGR_MAX_PHASES;
	caps.phase_word = "phases (stops and restarts)";
	caps.steps_why = "lower tmax";
	struct phase_run run;
	rc = phase_run(&sys, &caps, t, tmax, y, recp, &run, d);
	t = run.t;
	if (rc && (r.cfail || r.dependent || r.singular)) {
		diag_clear(d);
		lrun_run_failure(&r, d, t, y);
	}
	const char *outcome = lp.outcome;
	const double t_stop = lp.t_stop;
	if (!rc && r.singular)
		rc = diag_set(d, "the mass matrix ∂²T/∂q̇² is singular at t = %.6g s, %s = %.6g",
			      r.sing_t, L->q[0], r.sing_y[0]);
	if (recp && !rc)
		lrun_figures_later(&r, recp, out->figs);
	record_release(recp);
	if (rc)
		goto done;
	if (!isnan(t_stop) && !strcmp(outcome, "rests"))
		model_step(s, "All motion stopped at t_stop = %.10g s.", t_stop);
	else if (isnan(t_stop))
		model_step(s, "Still moving at t = tmax = %g s: t_stop does not exist.", t);
	rc = lagr_results(&r, t, y, E0, outcome, t_stop, out, d);
done:
	free(r.vals);
	return rc;
}

int lagrange_dissipation(const struct model *m, const double *num, double *R, double *dR,
			 struct diag *d)
{
	struct run r;
	double y[NY];
	run_open(&r, m->ctx, num, y);
	*R = r.L->R ? lrun_R(&r) : 0.0;
	run_dR(&r, dR);
	free(r.vals);
	return r.cfail ? diag_set(d, "%s", r.cerr.msg) : 0;
}
