/* Model lagrange: a [contact NAME] that keeps its normal coordinate
 * (issue 36). The constraint y = 0 stays a coordinate of T (Kozlov's
 * redundant coordinates, as the paper writes Painlevé's rod in (x, θ, y)):
 * the run holds y at rest with a multiplier, and the contact's reaction λ
 * is formed from the mass matrix A by (2.13), ÿ = (A⁻¹X)_y + λ (A⁻¹(e_y +
 * G))_y = 0, G the friction per unit λ. Then:
 * - projected (4.3): Coulomb's force −μλ0 sgn(w) ∂w/∂q̇, λ0 the frictionless
 *   reaction, less its part along the constraints' normals in A⁻¹ (on
 *   several such contacts together, Kozlov §7); J A⁻¹ F = 0, so λ = λ0;
 * - family (5.1), (5.2): F = −|R| Φ q̇/|q̇|, Φ = A(q)Ωᵀ, Ω's column y (0, …,
 *   ν), |R| = λ √((A⁻¹)_yy) (2.5), |q̇|² = (Aq̇, q̇) (2.6);
 * - isotropic (2.7): the same with Φ = kA.
 * Under both of Kozlov's laws (2.9) holds at every q: (A⁻¹Φq̇)_y = (q̇,
 * ΦᵀA⁻¹e_y) = ν q̇_y = 0 on the surface, and λ is the frictionless
 * reaction. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/lagrange_sys.h"
#include "models/model.h"
#include "num/sym.h"
#include "util/xalloc.h"

static bool kozlov(enum law_id id)
{
	return id == LAW_FAMILY || id == LAW_ISOTROPIC;
}

/* ---- building ------------------------------------------------------------ */

static int at(const struct lagrange_expr *e, int *line, int *col)
{
	*line = e->line;
	*col = e->col;
	return 0;
}

/* The law of a contact with normal = y, or -1 with d naming those it takes. */
static int normal_law(const struct lcontact_text *ct, enum law_id *id, int *line, int *col,
		      struct diag *d)
{
	const char *w = ct->law.text;
	const struct law *law = w ? law_find(w) : NULL;
	if (law && (law_id(law) == LAW_PROJECTED || kozlov(law_id(law)))) {
		*id = law_id(law);
		return 0;
	}
	if (!w) {
		at(&ct->normal, line, col);
		return diag_set(d,
				"[contact %s] names its normal coordinate: say its law (law = "
				"projected, family or isotropic)",
				ct->name);
	}
	at(&ct->law, line, col);
	if (!strcmp(w, LAW_NAME_COULOMB))
		return diag_set(d,
				"[contact %s]: law = coulomb with normal = %s: the classical "
				"force makes the reaction depend on mu, which (2.13) may not "
				"give (Painlevé's paradox), and its static phase needs the "
				"reaction under the holding force: a contact with normal = "
				"takes projected, family or isotropic (model painleve-rod has "
				"the classical law; or declare N = ... without normal =)",
				ct->name, ct->normal.text);
	if (!strcmp(w, LAW_NAME_MATRIX))
		return diag_set(d,
				"[contact %s]: law = matrix: a constant Φ satisfies (2.9) only "
				"where it was chosen, and off it the reaction depends on Φ and "
				"may not exist: a contact with normal = takes projected, family "
				"(Φ = AΩᵀ, (2.9) at every q) or isotropic (model painleve-rod "
				"takes matrix)",
				ct->name);
	if (law)
		return diag_set(d,
				"[contact %s]: law = %s is not a Coulomb law with a bound: a "
				"contact with normal = takes projected, family or isotropic",
				ct->name, w);
	return diag_set(d,
			"[contact %s]: law = %s is no law tribo knows: a contact with normal "
			"= takes projected, family or isotropic",
			ct->name, w);
}

/* The end of the entry of text that starts at k: the next sep at depth 0,
 * or the end. */
static size_t entry_end(const char *text, size_t k, char sep)
{
	int depth = 0;
	for (; text[k]; k++) {
		if (text[k] == '(')
			depth++;
		else if (text[k] == ')')
			depth--;
		else if (!depth && (text[k] == sep || (sep == ',' && text[k] == ';')))
			break;
	}
	return k;
}

/* Ω as written, n rows separated by ';', n entries each by ',':
 * "0.3, 0.1, 0; 0.15, 0.35, 0; 0.05, -0.1, nu". Each entry an expression
 * of the parameters (Ω is constant in (5.1)). */
static int omega_parse(struct lagr *L, struct ldecl *dc, const struct lcontact_text *ct, int *line,
		       int *col, struct diag *d)
{
	const char *t = ct->omega.text;
	const size_t n = L->nq;
	size_t k = 0, i = 0;
	for (; i < n; i++) {
		const size_t row_end = entry_end(t, k, ';');
		size_t j = 0;
		for (; j < n && k <= row_end; j++) {
			size_t e = entry_end(t, k, ',');
			if (e > row_end)
				e = row_end;
			size_t b = k, z = e;
			while (b < z && (t[b] == ' ' || t[b] == '\t'))
				b++;
			while (z > b && (t[z - 1] == ' ' || t[z - 1] == '\t'))
				z--;
			char *txt = xstrndup(t + b, z - b);
			const struct lagrange_expr ex = {lagr_keep(L, txt), ct->omega.line,
							 ct->omega.col + (int)b};
			char what[64];
			snprintf(what, sizeof what, "Omega's entry (%s, %s)", L->q[i], L->q[j]);
			struct sym *f = lagr_compile(L, &ex, false, what, line, col, d);
			if (!f)
				return -1;
			bool moves = sym_uses(f, "t");
			for (size_t q = 0; q < n; q++)
				moves |= sym_uses(f, L->q[q]);
			if (moves) {
				at(&ex, line, col);
				return diag_set(
					d,
					"[contact %s]: Omega's entry (%s, %s) = %s depends on "
					"the coordinates or t: Ω is a constant matrix in Φ = "
					"A(q)Ωᵀ (5.1)",
					ct->name, L->q[i], L->q[j], ex.text);
			}
			dc->omega[i][j] = f;
			k = e + (t[e] == ',');
			if (e == row_end)
				break;
		}
		if (j + 1 != n || t[row_end] == ',') {
			at(&ct->omega, line, col);
			return diag_set(d,
					"[contact %s]: Omega's row %zu has not %zu entries: Omega "
					"is %zu rows of %zu, in the order of coordinates, rows "
					"separated by ';' and entries by ','",
					ct->name, i + 1, n, n, n);
		}
		k = row_end + (t[row_end] == ';');
		if (!t[row_end]) {
			i++;
			break;
		}
	}
	if (i != n || t[k]) {
		at(&ct->omega, line, col);
		return diag_set(
			d,
			"[contact %s]: Omega has not %zu rows: Omega is %zu rows of %zu, in "
			"the order of coordinates, rows separated by ';' and entries by "
			"','",
			ct->name, n, n, n);
	}
	/* (5.2): ΦᵀA⁻¹e_y = Ω A A⁻¹ e_y = Ω e_y, the column y of Ω, along e_y:
	 * (2.9) at every q */
	const size_t y = dc->normal;
	for (i = 0; i < n; i++) {
		double v;
		if (i == y || (sym_constant(dc->omega[i][y], &v) && v == 0))
			continue;
		at(&ct->omega, line, col);
		return diag_set(d,
				"[contact %s]: Omega's column %s must be (0, ..., nu) (5.2), and "
				"its entry (%s, %s) is %s: then ΦᵀA⁻¹e_%s = Ωe_%s leaves the "
				"constraint's normal, (2.9) fails and the reaction would depend "
				"on Φ",
				ct->name, L->q[y], L->q[i], L->q[y], sym_text(dc->omega[i][y]),
				L->q[y], L->q[y]);
	}
	dc->src_omega = lagr_keep(L, xstrdup(t));
	return 0;
}

int lagr_normal_contact(struct lagr *L, const struct lcontact_text *ct, int *line, int *col,
			struct diag *d)
{
	struct ldecl *dc = &L->decl[L->ndecl];
	*dc = (struct ldecl){.name = lagr_keep(L, xstrdup(ct->name)), .normal = SIZE_MAX};
	for (size_t i = 0; i < L->nq; i++)
		if (!strcmp(ct->normal.text, L->q[i]))
			dc->normal = i;
	if (dc->normal == SIZE_MAX) {
		at(&ct->normal, line, col);
		return diag_set(d,
				"[contact %s]: normal = %s is not a coordinate: name the "
				"coordinate that the contact's constraint holds at 0 (listed in "
				"coordinates, with T written over it)",
				ct->name, ct->normal.text);
	}
	for (size_t c = 0; c < L->ndecl; c++)
		if (L->decl[c].normal == dc->normal) {
			at(&ct->normal, line, col);
			return diag_set(d, "[contact %s]: normal = %s is [contact %s]'s already",
					ct->name, ct->normal.text, L->decl[c].name);
		}
	if (ct->N.text) {
		at(&ct->N, line, col);
		return diag_set(d,
				"[contact %s]: N is the reaction that holds %s at 0, formed from "
				"T and V by (2.13) when the contact names its normal coordinate: "
				"leave N out (or leave normal = out and declare N)",
				ct->name, ct->normal.text);
	}
	if (normal_law(ct, &dc->lawid, line, col, d))
		return -1;
	dc->law = law_get(dc->lawid)->name;
	/* what each law takes, and nothing else */
	const struct {
		const struct lagrange_expr *e;
		const char *key;
		bool wanted;
	} keys[] = {
		{&ct->slip, "slip", dc->lawid == LAW_PROJECTED},
		{&ct->mu, "mu", dc->lawid == LAW_PROJECTED},
		{&ct->omega, "Omega", dc->lawid == LAW_FAMILY},
		{&ct->k, "k", dc->lawid == LAW_ISOTROPIC},
	};
	for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
		if (keys[k].wanted && !keys[k].e->text) {
			at(&ct->law, line, col);
			return diag_set(d, "[contact %s]: law = %s needs %s = ...%s", ct->name,
					dc->law, keys[k].key,
					!strcmp(keys[k].key, "slip")
						? " (the sliding velocity, linear in the rates)"
					: !strcmp(keys[k].key, "Omega")
						? " (Φ = AΩᵀ (5.1): n rows of n entries, rows "
						  "separated by ';')"
						: "");
		}
		if (!keys[k].wanted && keys[k].e->text) {
			at(keys[k].e, line, col);
			return diag_set(
				d, "[contact %s]: law = %s takes no %s%s", ct->name, dc->law,
				keys[k].key,
				kozlov(dc->lawid) && (!strcmp(keys[k].key, "slip") ||
						      !strcmp(keys[k].key, "mu"))
					? ": Kozlov's law (2.6) acts on the whole q̇, with the "
					  "coefficients in Φ"
					: "");
		}
	}
	for (size_t c = 0; c < L->ndecl; c++)
		if (L->decl[c].normal != SIZE_MAX &&
		    (kozlov(dc->lawid) || kozlov(L->decl[c].lawid))) {
			at(&ct->law, line, col);
			return diag_set(
				d,
				"[contact %s]: Kozlov's law (2.6) is one force of the whole "
				"system, |R| the whole reaction's length: it takes one "
				"contact that names its normal coordinate, and [contact %s] "
				"is one (two constraints under one Φ: model ladder)",
				ct->name, L->decl[c].name);
		}
	if (dc->lawid == LAW_PROJECTED) {
		if (!(dc->mu = lagr_compile(L, &ct->mu, false, "mu", line, col, d)) ||
		    !(dc->w = lagr_compile(L, &ct->slip, true, "slip", line, col, d)))
			return -1;
		dc->src_w = lagr_keep(L, xstrdup(ct->slip.text));
		bool any = false;
		for (size_t j = 0; j < L->nq; j++) {
			if (!sym_depends(dc->w, L->qd[j]))
				continue;
			struct sym *a = lagr_deriv(L, dc->w, L->qd[j]);
			if (j == dc->normal) {
				at(&ct->slip, line, col);
				return diag_set(d,
						"[contact %s]: slip = %s depends on %s, the rate "
						"across the surface: the sliding velocity lies in "
						"it",
						ct->name, ct->slip.text, L->qd[j]);
			}
			dc->a[j] = a;
			any = true;
		}
		if (!any) {
			at(&ct->slip, line, col);
			return diag_set(d,
					"[contact %s]: slip = %s does not depend on the rates: "
					"there is no sliding for friction to resist",
					ct->name, ct->slip.text);
		}
		if (lagr_add_kink(L, ct->slip.text, dc->name, ct->slip.line, ct->slip.col, line,
				  col, d))
			return -1;
		L->uses_t |= sym_uses(dc->w, "t") || sym_uses(dc->mu, "t");
	} else if (dc->lawid == LAW_FAMILY) {
		if (omega_parse(L, dc, ct, line, col, d))
			return -1;
	} else if (!(dc->k = lagr_compile(L, &ct->k, false, "k", line, col, d))) {
		return -1;
	} else {
		L->uses_t |= sym_uses(dc->k, "t");
	}
	dc->src_N = "λ of (2.13)";
	L->ndecl++;
	return 0;
}

/* ---- the reactions and the friction ------------------------------------------ */

/* A normal contact's program's outputs (ldecl's code): w, mu, k, then
 * a[0..nq), then omega[j][i] at T_OMEGA + j nq + i. */
enum { T_W, T_MU, T_K, T_A, T_OMEGA = T_A + NQ, DECL_TERMS = T_OMEGA + NQ * NQ };

void lagr_normal_compile(struct lagr *L)
{
	const size_t n = L->nq;
	L->lu = xcalloc(1, sizeof(*L->lu));
	L->lu->sys_vals = xcalloc(L->nnames ? L->nnames : 1, sizeof(double));
	for (size_t c = 0; c < L->ndecl; c++) {
		struct ldecl *dc = &L->decl[c];
		if (dc->normal == SIZE_MAX)
			continue;
		const struct sym *fs[DECL_TERMS] = {NULL};
		fs[T_W] = dc->w;
		fs[T_MU] = dc->mu;
		fs[T_K] = dc->k;
		for (size_t j = 0; j < n; j++) {
			fs[T_A + j] = dc->a[j];
			for (size_t i = 0; i < n; i++)
				fs[T_OMEGA + j * n + i] = dc->omega[j][i];
		}
		dc->code = sym_prog_new(fs, DECL_TERMS, L->model.nparams);
	}
}

/* Ai = A^-1 (n by n, row major) by Gauss-Jordan with partial pivoting:
 * for the few coordinates of a lagrange system, without GSL's LU and its
 * allocations at every right-hand side. -1 where A is singular. */
static inline __attribute__((always_inline)) int gauss_jordan(const double *A, size_t n, double *Ai)
{
	double W[NQ * NQ];
	memcpy(W, A, sizeof(double) * n * n);
#pragma GCC unroll 4
	for (size_t i = 0; i < n; i++)
#pragma GCC unroll 4
		for (size_t j = 0; j < n; j++)
			Ai[i * n + j] = i == j;
#pragma GCC unroll 4
	for (size_t c = 0; c < n; c++) {
		size_t pr = c;
#pragma GCC unroll 4
		for (size_t r = c + 1; r < n; r++)
			if (fabs(W[r * n + c]) > fabs(W[pr * n + c]))
				pr = r;
		if (!(W[pr * n + c] != 0) || !isfinite(W[pr * n + c]))
			return -1;
		if (pr != c)
#pragma GCC unroll 4
			for (size_t j = 0; j < n; j++) {
				double t = W[c * n + j];
				W[c * n + j] = W[pr * n + j];
				W[pr * n + j] = t;
				t = Ai[c * n + j];
				Ai[c * n + j] = Ai[pr * n + j];
				Ai[pr * n + j] = t;
			}
		const double d = W[c * n + c];
#pragma GCC unroll 4
		for (size_t j = 0; j < n; j++) {
			W[c * n + j] /= d;
			Ai[c * n + j] /= d;
		}
#pragma GCC unroll 4
		for (size_t r = 0; r < n; r++) {
			const double f = W[r * n + c];
			if (r == c || f == 0)
				continue;
#pragma GCC unroll 4
			for (size_t j = 0; j < n; j++) {
				W[r * n + j] -= f * W[c * n + j];
				Ai[r * n + j] -= f * Ai[c * n + j];
			}
		}
	}
	return 0;
}

/* gauss_jordan with n a constant for each n a system may have: the same
 * operations in the same order, unrolled (a right-hand side of
 * painleve-lagrange inverts its 3x3 mass matrix; the loops over a
 * variable n cost about twice the arithmetic). */
static int small_inverse(const double *A, size_t n, double *Ai)
{
	switch (n) {
	case 1:
		return gauss_jordan(A, 1, Ai);
	case 2:
		return gauss_jordan(A, 2, Ai);
	case 3:
		return gauss_jordan(A, 3, Ai);
	case 4:
		return gauss_jordan(A, 4, Ai);
	default:
		return gauss_jordan(A, n, Ai);
	}
}

/* At vals, with the normal coordinates' rates taken as 0 (the run holds
 * them; a held rate is moved off 0 only to read its friction's sides):
 * each contact's λ (NaN for one with a declared N) and the force of the
 * contacts that name their normal coordinate, reactions and friction
 * (F: the generalized force, not negated). dRo: the other friction,
 * negated. -1 where A is singular or (2.13) has no solution. */
static inline __attribute__((always_inline)) int solve_n(const struct lagr *L,
							 const double *vals_in, const double *dRo,
							 double *lam, double *F, double *Rkoz,
							 const size_t n)
{
	const size_t nv = L->nnames;
	double buf[128], *v = nv <= 128 ? buf : xmalloc(nv * sizeof(double));
	memcpy(v, vals_in, nv * sizeof(double));
	size_t yc[LAGR_MAX_DECLARED], dcs[LAGR_MAX_DECLARED], p = 0;
	for (size_t c = 0; c < L->ndecl; c++) {
		lam[c] = NAN;
		if (L->decl[c].normal != SIZE_MAX) {
			v[lagr_iqd(L, L->decl[c].normal)] = 0;
			yc[p] = L->decl[c].normal;
			dcs[p++] = c;
		}
	}
#pragma GCC unroll 4
	for (size_t i = 0; i < n; i++)
		F[i] = 0;
	int rc = 0;
	/* Ai and u zeroed: GCC takes the unrolled loops for reading them
	 * unset */
	double A[NQ * NQ], Ai[NQ * NQ] = {0}, X[NQ], u[NQ] = {0};
	struct lagr_at at; /* the system's compiled code, as the run's */
	lagr_system_at(L, v, &at);
#pragma GCC unroll 4
	for (size_t i = 0; i < n; i++) {
#pragma GCC unroll 4
		for (size_t j = 0; j < n; j++)
			A[i * n + j] = at.M[i][j];
		double q = at.dTdq[i] - at.dpdt[i] - dRo[i];
		if (L->dVdq[i])
			q -= at.dVdq[i];
#pragma GCC unroll 4
		for (size_t j = 0; j < n; j++)
			q -= at.dpdq[i][j] * v[lagr_iqd(L, j)];
		X[i] = q;
	}
	struct lagr_lu *lu = L->lu;
	if (lu->valid && lu->n == n && !memcmp(lu->A, A, sizeof(double) * n * n)) {
		memcpy(Ai, lu->Ai, sizeof(double) * n * n); /* the same A: the same LU */
		rc = lu->rc;
	} else {
		rc = small_inverse(A, n, Ai);
		lu->valid = true;
		lu->n = n;
		lu->rc = rc;
		memcpy(lu->A, A, sizeof(double) * n * n);
		memcpy(lu->Ai, Ai, sizeof(double) * n * n);
	}
#pragma GCC unroll 4
	for (size_t i = 0; !rc && i < n; i++) {
		u[i] = 0;
#pragma GCC unroll 4
		for (size_t j = 0; j < n; j++)
			u[i] += Ai[i * n + j] * X[j];
	}
	if (rc || !p) {
		if (v != buf)
			free(v);
		return rc ? -1 : 0;
	}
	/* each contact's terms by its program: w, mu, k, a[], omega[][] */
	double dv[LAGR_MAX_DECLARED][DECL_TERMS];
	for (size_t a = 0; a < p; a++)
		sym_prog_run(L->decl[dcs[a]].code, v, dv[a]);
	const struct ldecl *d0 = &L->decl[dcs[0]];
	if (kozlov(d0->lawid)) {
		/* one contact (refused otherwise): G = −√((A⁻¹)_yy) Φq̇/|q̇|, of
		 * degree 0 in q̇, taken at q̇ over its largest component: |q̇|²
		 * underflowed below rates of 1e-154 (a rod launched at 1e-200
		 * m/s felt no friction at its start and stopped 1e160 times too
		 * late) */
		const size_t y = yc[0];
		double W[NQ], Pq[NQ], n2 = 0, G[NQ], qs[NQ], big = 0;
#pragma GCC unroll 4
		for (size_t i = 0; i < n; i++)
			big = fmax(big, fabs(v[lagr_iqd(L, i)]));
		const double sc = big > 0 && isfinite(big) ? big : 1.0;
#pragma GCC unroll 4
		for (size_t i = 0; i < n; i++)
			qs[i] = v[lagr_iqd(L, i)] / sc;
#pragma GCC unroll 4
		for (size_t i = 0; i < n; i++) { /* W = Ωᵀq̇, or k q̇ */
			W[i] = 0;
#pragma GCC unroll 4
			for (size_t j = 0; j < n; j++)
				W[i] += (d0->lawid == LAW_FAMILY ? dv[0][T_OMEGA + j * n + i]
								 : (i == j) * dv[0][T_K]) *
					qs[j];
		}
#pragma GCC unroll 4
		for (size_t i = 0; i < n; i++) {
			double aq = 0;
			Pq[i] = 0;
#pragma GCC unroll 4
			for (size_t j = 0; j < n; j++) {
				Pq[i] += A[i * n + j] * W[j];
				aq += A[i * n + j] * qs[j];
			}
			n2 += qs[i] * aq;
		}
		const double s = n2 > 0 ? -sqrt(Ai[y * n + y]) / sqrt(n2) : 0.0;
		double D = Ai[y * n + y];
#pragma GCC unroll 4
		for (size_t i = 0; i < n; i++) {
			G[i] = s * Pq[i];
			D += Ai[y * n + i] * G[i];
		}
		const double l = -u[y] / D;
		lam[dcs[0]] = D > 0 ? l : NAN;
		if (Rkoz) { /* the power test's resistance |R| (Φq̇, q̇)/|q̇| */
			double pq = 0;
#pragma GCC unroll 4
			for (size_t i = 0; i < n; i++)
				pq += Pq[i] * qs[i];
			*Rkoz = n2 > 0 ? fabs(l) * sqrt(Ai[y * n + y]) * (pq / sqrt(n2)) * sc : 0.0;
		}
#pragma GCC unroll 4
		for (size_t i = 0; i < n; i++)
			F[i] = l * ((i == y) + G[i]);
		if (v != buf)
			free(v);
		return D > 0 ? 0 : -1;
	}
	/* projected on the p constraints together (Kozlov §7): λ0 from
	 * (J A⁻¹ Jᵀ) λ0 = −J A⁻¹ X, Λ = Σ −μ λ0 sgn(w) ∂w/∂q̇, F = Λ − Jᵀ ρ with
	 * (J A⁻¹ Jᵀ) ρ = J A⁻¹ Λ */
	double S[LAGR_MAX_DECLARED * LAGR_MAX_DECLARED], b[2 * LAGR_MAX_DECLARED];
	double Lam[NQ] = {0}, z[NQ] = {0};
	for (size_t a = 0; a < p; a++) {
		for (size_t c = 0; c < p; c++)
			S[a * p + c] = Ai[yc[a] * n + yc[c]];
		b[a] = -u[yc[a]];
	}
	rc = lagr_cholesky(S, p);
	if (!rc)
		lagr_cholesky_solve(S, p, b, 1);
	for (size_t a = 0; !rc && a < p; a++) {
		const struct ldecl *dc = &L->decl[dcs[a]];
		lam[dcs[a]] = b[a];
		const double w = dv[a][T_W];
		if (w == 0)
			continue; /* at rest: the mean of its two sides */
		const double f = -(w > 0 ? 1.0 : -1.0) * dv[a][T_MU] * b[a];
#pragma GCC unroll 4
		for (size_t j = 0; j < n; j++)
			if (dc->a[j])
				Lam[j] += f * dv[a][T_A + j];
	}
#pragma GCC unroll 4
	for (size_t i = 0; !rc && i < n; i++) {
		z[i] = 0;
#pragma GCC unroll 4
		for (size_t j = 0; j < n; j++)
			z[i] += Ai[i * n + j] * Lam[j];
	}
	double rho[LAGR_MAX_DECLARED];
	for (size_t a = 0; !rc && a < p; a++)
		rho[a] = z[yc[a]];
	if (!rc)
		lagr_cholesky_solve(S, p, rho, 1);
#pragma GCC unroll 4
	for (size_t i = 0; !rc && i < n; i++)
		F[i] = Lam[i];
	for (size_t a = 0; !rc && a < p; a++)
		F[yc[a]] += b[a] - rho[a];
	if (v != buf)
		free(v);
	return rc ? -1 : 0;
}

/* solve_n with n a constant for 1 to 4 coordinates: the same operations
 * in the same order, its loops over the coordinates unrolled. */
static int normal_solve(const struct lagr *L, const double *vals_in, const double *dRo, double *lam,
			double *F, double *Rkoz)
{
	switch (L->nq) {
	case 1:
		return solve_n(L, vals_in, dRo, lam, F, Rkoz, 1);
	case 2:
		return solve_n(L, vals_in, dRo, lam, F, Rkoz, 2);
	case 3:
		return solve_n(L, vals_in, dRo, lam, F, Rkoz, 3);
	case 4:
		return solve_n(L, vals_in, dRo, lam, F, Rkoz, 4);
	default:
		return solve_n(L, vals_in, dRo, lam, F, Rkoz, L->nq);
	}
}

void lagr_normal_add(const struct lagr *L, const double *vals, double *dR)
{
	double lam[LAGR_MAX_DECLARED], F[NQ];
	bool any = false;
	for (size_t c = 0; c < L->ndecl; c++)
		any |= L->decl[c].normal != SIZE_MAX;
	if (!any)
		return;
	if (normal_solve(L, vals, dR, lam, F, NULL)) {
		for (size_t i = 0; i < L->nq; i++)
			dR[i] = NAN;
		return;
	}
	for (size_t i = 0; i < L->nq; i++)
		dR[i] -= F[i];
}

/* The other friction at vals, negated: R's and the declared Coulomb
 * contacts'. */
static void other_friction(const struct lagr *L, const double *vals, double *dR)
{
	for (size_t i = 0; i < L->nq; i++)
		dR[i] = L->dRdqd[i] ? sym_eval(L->dRdqd[i], vals) : 0.0;
	lagr_declared_coulomb_add(L, vals, dR);
}

double lagr_declared_N(const struct lagr *L, size_t c, const double *vals)
{
	if (L->decl[c].normal == SIZE_MAX)
		return sym_eval(L->decl[c].N, vals);
	double dR[NQ], lam[LAGR_MAX_DECLARED], F[NQ];
	other_friction(L, vals, dR);
	return normal_solve(L, vals, dR, lam, F, NULL) ? NAN : lam[c];
}

double lagr_normal_R(const struct lagr *L, const double *vals)
{
	bool any = false;
	for (size_t c = 0; c < L->ndecl; c++)
		any |= L->decl[c].normal != SIZE_MAX && kozlov(L->decl[c].lawid);
	if (!any)
		return 0;
	double dR[NQ], lam[LAGR_MAX_DECLARED], F[NQ], R = 0;
	other_friction(L, vals, dR);
	return normal_solve(L, vals, dR, lam, F, &R) ? NAN : R;
}

/* ---- the run's start and the steps ------------------------------------------ */

bool lagr_is_normal(const struct lagr *L, size_t i)
{
	for (size_t c = 0; c < L->ndecl; c++)
		if (L->decl[c].normal == i)
			return true;
	return false;
}

void lagr_normal_nonsmooth(struct lagr *L)
{
	for (size_t c = 0; c < L->ndecl; c++)
		if (L->decl[c].normal != SIZE_MAX && kozlov(L->decl[c].lawid))
			for (size_t i = 0; i < L->nq; i++)
				L->nonsmooth[i] |= i != L->decl[c].normal;
}

int lagr_normal_start(const struct lagr *L, const double *vals, bool *held, struct strbuf *s,
		      struct diag *d)
{
	for (size_t c = 0; c < L->ndecl; c++) {
		const struct ldecl *dc = &L->decl[c];
		if (dc->normal == SIZE_MAX)
			continue;
		const size_t y = dc->normal;
		const double q = vals[lagr_iq(L, y)], qd = vals[lagr_iqd(L, y)];
		if (q != 0 || qd != 0)
			return diag_set(d,
					"[contact %s]: the contact starts on its surface: %s0 = 0 "
					"and %sdot0 = 0 (they are %g and %g)",
					dc->name, L->q[y], L->q[y], q, qd);
		held[y] = true;
		if (dc->lawid == LAW_PROJECTED && !(sym_eval(dc->mu, vals) >= 0))
			return diag_set(d,
					"[contact %s]: mu = %s is %g at the start: a friction "
					"coefficient is not negative",
					dc->name, sym_text(dc->mu), sym_eval(dc->mu, vals));
		if (dc->lawid == LAW_ISOTROPIC && !(sym_eval(dc->k, vals) >= 0))
			return diag_set(
				d,
				"[contact %s]: k = %s is %g at the start: Φ = kA dissipates "
				"(2.8) only for k >= 0",
				dc->name, sym_text(dc->k), sym_eval(dc->k, vals));
	}
	for (size_t c = 0; c < L->ndecl; c++) {
		const struct ldecl *dc = &L->decl[c];
		if (dc->normal == SIZE_MAX)
			continue;
		const double lam = lagr_declared_N(L, c, vals);
		if (!(lam > 0))
			return diag_set(
				d,
				"[contact %s]: its reaction λ of (2.13) is %g at the start: "
				"the contact does not press on its surface (%s would leave "
				"it)",
				dc->name, lam, L->q[dc->normal]);
		model_step(s, "[contact %s] at the start: λ = %.10g N (2.13)%s.", dc->name, lam,
			   dc->lawid == LAW_PROJECTED ? ", the frictionless reaction"
						      : "; (2.9) holds, so it is the frictionless "
							"reaction");
	}
	return 0;
}

bool lagr_normal_watch_step(const struct lagr *L, size_t i, struct strbuf *s)
{
	if (L->dRdqd[i] && sym_uses(L->dRdqd[i], L->qd[i]))
		return false;
	for (size_t c = 0; c < L->ndecl; c++) {
		const struct ldecl *dc = &L->decl[c];
		if (dc->normal == SIZE_MAX || !kozlov(dc->lawid) || i == dc->normal)
			continue;
		if (L->ngroup < 2) {
			model_step(s,
				   "[contact %s]'s law acts on %s alone: its force jumps at %s = "
				   "0, a phase ends there, and %s rests while the force on it "
				   "stays within half the jump, |R| (Phi e, e)/|e| (Kozlov §3).",
				   dc->name, L->qd[i], L->qd[i], L->q[i]);
			return true;
		}
		model_step(s,
			   "[contact %s]'s law is not smooth where the rates vanish together: a "
			   "phase ends when %s reaches 0; while another rate moves, %s passes "
			   "through 0 (the force is continuous there), and the rates at rest "
			   "together stay at rest while the force f on them has f.u <= |R| "
			   "(Phi u, u)/|u| in every direction u (Kozlov §3).",
			   dc->name, L->qd[i], L->qd[i]);
		return true;
	}
	return false;
}

void lagr_normal_steps(const struct lagr *L, const struct ldecl *dc, struct strbuf *s)
{
	const char *y = L->q[dc->normal];
	model_step(s,
		   "[contact %s], law %s: the constraint %s = 0 is kept as a coordinate "
		   "(Kozlov's redundant coordinates): the run holds %s and %sdot at 0, and "
		   "the reaction lambda that does it comes from the mass matrix A = "
		   "d2T/dqdot2 by (2.13): %sddot = (A^-1 Q)_%s + lambda (A^-1 (e_%s + "
		   "G))_%s = 0, Q the generalized forces below without the contact's, G "
		   "its friction per unit lambda. Where lambda reaches 0 the contact "
		   "would lift off: the run ends there.",
		   dc->name, dc->law, y, y, y, y, y, y, y);
	switch (dc->lawid) {
	case LAW_PROJECTED:
		model_step(s,
			   "  Painlevé's projected law (4.3): of the classical force Lambda = "
			   "-mu lambda0 sign(w) dw/dqdot (w = %s, mu = %s, lambda0 the "
			   "frictionless reaction -(A^-1 Q)_%s/(A^-1)_%s%s) keep F = Lambda - "
			   "((A^-1 Lambda)_%s/(A^-1)_%s%s) e_%s, so that (A^-1 F)_%s = 0: the "
			   "friction does not move lambda off lambda0. At w = 0 the contact "
			   "sticks while the force holding it stays within mu lambda0.",
			   dc->src_w, sym_text(dc->mu), y, y, y, y, y, y, y, y);
		break;
	case LAW_FAMILY:
	case LAW_ISOTROPIC: {
		struct strbuf om = STRBUF_INIT;
		if (dc->lawid == LAW_FAMILY)
			strbuf_addf(&om,
				    "Phi = A(q) Omega^T (5.1), Omega = [%s], its column %s "
				    "(0, ..., nu) (5.2)",
				    dc->src_omega, y);
		else
			strbuf_addf(&om, "Phi = k A (2.7), k = %s", sym_text(dc->k));
		model_step(s,
			   "  Kozlov's law (2.6): F = -|R| Phi qdot/|qdot|, |R| = lambda "
			   "sqrt((A^-1)_%s%s) (2.5), |qdot| = sqrt(qdot.A qdot), with %s. "
			   "Then Phi^T A^-1 e_%s = Omega e_%s is along e_%s at every q: (2.9) "
			   "holds, the friction lies in the surface, and lambda is the "
			   "frictionless reaction whatever Phi. The force acts on the whole "
			   "qdot: a coordinate passes through rest without a static phase.",
			   y, y, om.buf, y, y, y);
		strbuf_release(&om);
		break;
	}
	default:
		break;
	}
}
