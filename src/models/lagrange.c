/* Model lagrange: see lagrange.h. */
#include "models/lagrange.h"

#include <float.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dyn/law.h"
#include "models/contact.h"
#include "models/lagrange_sys.h"
#include "num/expr.h"
#include "num/num.h"
#include "num/ode.h"
#include "num/sym.h"
#include "util/text.h"
#include "util/xalloc.h"

/* What the file says: the [system] section, the [param NAME] sections
 * (with the unit and value they give, if any: unit NULL, value NAN where
 * not) and the [result NAME] sections. */
struct lagrange_text {
	struct lagrange_expr coordinates, T, V, R, stop;
	size_t nparams;
	struct lparam {
		const char *name, *unit;
		double value;
		int line; /* of the [param NAME] header */
	} * param;
	size_t nresults;
	struct lresult {
		const char *name, *unit, *doc;
		struct lagrange_expr expr;
	} * result;
	int system_line; /* of the [system] header */
	size_t ncontacts;
	struct lcontact_text *contact;
};

static const char *keep(struct lagr *L, char *s)
{
	L->own = xrealloc(L->own, (L->nown + 1) * sizeof(*L->own));
	L->own[L->nown++] = s;
	return s;
}

static const char *keepf(struct lagr *L, const char *fmt, const char *a)
{
	const int len = snprintf(NULL, 0, fmt, a);
	char *buf = xmalloc((size_t)len + 1);
	snprintf(buf, (size_t)len + 1, fmt, a);
	return keep(L, buf);
}

static void lagrange_model_free(struct model *m)
{
	if (!m)
		return;
	struct lagr *L = (struct lagr *)m;
	free(L->derivation);
	sym_prog_free(L->sys);
	sym_prog_free(L->dR);
	for (size_t c = 0; c < L->ncontact; c++)
		sym_prog_free(L->contact[c].code);
	for (size_t c = 0; c < L->ndecl; c++)
		sym_prog_free(L->decl[c].code);
	if (L->lu)
		free(L->lu->sys_vals);
	free(L->lu);
	for (size_t i = 0; i < L->nsyms; i++)
		sym_free(L->syms[i]);
	free(L->syms);
	free(L->extra);
	if (L->gl)
		gsl_integration_glfixed_table_free(L->gl);
	for (size_t i = 0; i < L->nown; i++)
		free(L->own[i]);
	free(L->own);
	free(L->params);
	free(L->results);
	free(L->names);
	free(L);
}

/* f (may be NULL), freed with the model. */
static struct sym *own(struct lagr *L, struct sym *f)
{
	if (f) {
		L->syms = xrealloc(L->syms, (L->nsyms + 1) * sizeof(*L->syms));
		L->syms[L->nsyms++] = f;
	}
	return f;
}

/* ∂f/∂name, freed with the model. */
static struct sym *deriv(struct lagr *L, const struct sym *f, const char *name)
{
	return own(L, sym_derivative(f, name));
}

/* ---- building ------------------------------------------------------------ */

struct namecheck {
	const struct lagr *L;
	bool rates; /* the rates may appear */
	const char *what;
};

static int known_name(const char *name, double *value, struct diag *d, void *ctx)
{
	const struct namecheck *nc = ctx;
	*value = 0.5;
	for (size_t i = 0; i < nc->L->nq; i++)
		if (!strcmp(name, nc->L->qd[i]) && !nc->rates)
			return diag_set(d, "%s may not depend on the rate %s", nc->what, name);
	for (size_t i = 0; i < nc->L->nnames; i++)
		if (!strcmp(name, nc->L->names[i]))
			return 0;
	return diag_set(d,
			"unknown name '%s' in %s: it may use the parameters, the coordinates, "
			"their rates (NAMEdot), t, constants and functions",
			name, nc->what);
}

/* e as an expression over the evaluation's names; NULL with d, line, col. */
static struct sym *compile(struct lagr *L, const struct lagrange_expr *e, bool rates,
			   const char *what, int *line, int *col, struct diag *d)
{
	struct namecheck nc = {L, rates, what};
	struct diag why;
	diag_clear(&why);
	struct sym *f = own(L, sym_new(e->text, (const char *const *)L->names, L->nnames,
				       known_name, &nc, &why));
	if (!f) {
		*line = e->line;
		*col = why.col > 0 ? e->col + why.col - 1 : 0;
		diag_set(d, "%s", why.msg);
	}
	return f;
}

/* ---- [contact NAME]: a Coulomb contact with a declared N ----------------- */

/* The laws a [contact] with a declared N takes: Coulomb's, and Painlevé's
 * projected law (4.3). In independent coordinates the projection changes
 * the classical force along the constraint's normal η only, and η is no
 * coordinate here: what is left is Coulomb's force with N the frictionless
 * normal reaction. The two are one force; the file's N says which law it
 * is. Kozlov's laws (2.6) with Φ = kA or Φ = AΩᵀ need the normal
 * coordinate and its inertia: a contact that names it (normal = y) takes
 * them (lagrange_contact.c). */
static int declared_law(const struct lcontact_text *ct, int *line, int *col, struct diag *d)
{
	const char *w = ct->law.text;
	if (!w || !strcmp(w, LAW_NAME_COULOMB) || !strcmp(w, LAW_NAME_PROJECTED))
		return 0;
	*line = ct->law.line;
	*col = ct->law.col;
	if (!strcmp(w, LAW_NAME_FAMILY) || !strcmp(w, LAW_NAME_ISOTROPIC) ||
	    !strcmp(w, LAW_NAME_MATRIX))
		return diag_set(d,
				"[contact %s]: law = %s needs the contact's normal coordinate "
				"and its inertia (Kozlov's Φ in (2.6)%s acts across the "
				"constraint, through A⁻¹), which independent coordinates have "
				"eliminated: a [contact] with N = ... takes coulomb or "
				"projected; keep the normal coordinate in coordinates and T "
				"and name it (normal = y, no N) for projected, family or "
				"isotropic",
				ct->name, w,
				!strcmp(w, LAW_NAME_FAMILY)	 ? ", Φ = AΩᵀ (5.1),"
				: !strcmp(w, LAW_NAME_ISOTROPIC) ? ", Φ = kA (2.7),"
								 : "");
	if (law_find(w))
		return diag_set(d,
				"[contact %s]: law = %s is not a Coulomb law with a bound: a "
				"[contact] takes coulomb or projected (a law of the speed or a "
				"regularized one is a smooth term of R)",
				ct->name, w);
	return diag_set(d,
			"[contact %s]: law = %s is no law tribo knows: a [contact] takes "
			"coulomb or projected",
			ct->name, w);
}

/* The [contact NAME] sections: N and mu compiled, slip one of the kinks
 * (its bound mu N read off the jump of the force as R's are). -1 with d,
 * line and col. */
static int declared_contacts(struct lagr *L, const struct lagrange_text *lt, int *line, int *col,
			     struct diag *d)
{
	for (size_t c = 0; c < lt->ncontacts; c++) {
		const struct lcontact_text *ct = &lt->contact[c];
		*line = ct->line;
		*col = 0;
		for (size_t k = 0; k < c; k++)
			if (!strcmp(lt->contact[k].name, ct->name))
				return diag_set(d,
						"second [contact %s] section (the first is at "
						"line %d)",
						ct->name, lt->contact[k].line);
		if (L->ndecl == LAGR_MAX_DECLARED)
			return diag_set(d, "at most %d [contact] sections", LAGR_MAX_DECLARED);
		if (ct->normal.text) {
			if (lagr_normal_contact(L, ct, line, col, d))
				return -1;
			continue;
		}
		if (ct->omega.text || ct->k.text) {
			*line = ct->omega.text ? ct->omega.line : ct->k.line;
			*col = ct->omega.text ? ct->omega.col : ct->k.col;
			return diag_set(d,
					"[contact %s]: %s belongs to Kozlov's laws family and "
					"isotropic, which need the normal coordinate: keep it in "
					"coordinates and T and name it (normal = y, no N)",
					ct->name, ct->omega.text ? "Omega" : "k");
		}
		if (!ct->slip.text || !ct->N.text || !ct->mu.text)
			return diag_set(d,
					"[contact %s] needs slip = ... (the sliding velocity, "
					"linear in the rates), N = ... (the normal force) and mu "
					"= ...",
					ct->name);
		if (declared_law(ct, line, col, d))
			return -1;
		struct ldecl *dc = &L->decl[L->ndecl];
		*dc = (struct ldecl){
			.name = keep(L, xstrdup(ct->name)),
			.law = ct->law.text && !strcmp(ct->law.text, LAW_NAME_PROJECTED)
				       ? LAW_NAME_PROJECTED
				       : LAW_NAME_COULOMB,
			.src_w = keep(L, xstrdup(ct->slip.text)),
			.src_N = keep(L, xstrdup(ct->N.text)),
			.normal = SIZE_MAX,
		};
		if (!(dc->N = compile(L, &ct->N, true, "N", line, col, d)) ||
		    !(dc->mu = compile(L, &ct->mu, false, "mu", line, col, d)) ||
		    !(dc->w = compile(L, &ct->slip, true, "slip", line, col, d)))
			return -1;
		if (lagr_add_kink(L, ct->slip.text, dc->name, ct->slip.line, ct->slip.col, line,
				  col, d))
			return -1;
		bool any = false;
		for (size_t j = 0; j < L->nq; j++) {
			struct sym *a = deriv(L, dc->w, L->qd[j]);
			if (!lagr_is_zero(a)) {
				dc->a[j] = a;
				any = true;
			}
		}
		if (!any) {
			*line = ct->slip.line;
			*col = ct->slip.col;
			return diag_set(d,
					"[contact %s]: slip = %s does not depend on the rates: "
					"there is no sliding for friction to resist",
					ct->name, ct->slip.text);
		}
		L->uses_t |= sym_uses(dc->w, "t") || sym_uses(dc->N, "t") || sym_uses(dc->mu, "t");
		L->ndecl++;
	}
	return 0;
}

void lagr_declared_add(const struct lagr *L, const double *vals, double *dR)
{
	lagr_declared_coulomb_add(L, vals, dR);
	lagr_normal_add(L, vals, dR);
}

void lagr_declared_coulomb_add(const struct lagr *L, const double *vals, double *dR)
{
	for (size_t c = 0; c < L->ndecl; c++) {
		const struct ldecl *dc = &L->decl[c];
		if (dc->normal != SIZE_MAX)
			continue;
		const double w = sym_eval(dc->w, vals);
		if (w == 0)
			continue; /* at rest: the mean of its two sides */
		const double f =
			(w > 0 ? 1.0 : -1.0) * sym_eval(dc->mu, vals) * sym_eval(dc->N, vals);
		for (size_t j = 0; j < L->nq; j++)
			if (dc->a[j])
				dR[j] += f * sym_eval(dc->a[j], vals);
	}
}

/* For lagrange_contact.c. */
struct sym *lagr_compile(struct lagr *L, const struct lagrange_expr *e, bool rates,
			 const char *what, int *line, int *col, struct diag *d)
{
	return compile(L, e, rates, what, line, col, d);
}

struct sym *lagr_deriv(struct lagr *L, const struct sym *f, const char *name)
{
	return deriv(L, f, name);
}

const char *lagr_keep(struct lagr *L, char *s)
{
	return keep(L, s);
}

/* The parameters' values at their defaults, q and q̇ at their start. */
static void default_values(const struct lagr *L, double *vals)
{
	for (size_t i = 0; i < L->model.nparams; i++)
		vals[i] = L->params[i].def;
	for (size_t i = 0; i < L->nq; i++) {
		vals[lagr_iq(L, i)] = vals[2 * i];
		vals[lagr_iqd(L, i)] = vals[2 * i + 1];
	}
	vals[lagr_it(L)] = 0;
}

static inline __attribute__((always_inline)) void
system_at(const struct lagr *L, const double *vals, struct lagr_at *at, const size_t n)
{
	struct lagr_lu *lu = L->lu;
	const size_t sz = L->nnames * sizeof(double);
	if (!lu->sys_valid || memcmp(lu->sys_vals, vals, sz)) {
		sym_prog_run(L->sys, vals, lu->sys_out);
		memcpy(lu->sys_vals, vals, sz);
		lu->sys_valid = true;
	}
	const double *p = lu->sys_out;
#pragma GCC unroll 4
	for (size_t i = 0; i < n; i++)
#pragma GCC unroll 4
		for (size_t j = 0; j < n; j++)
			at->M[i][j] = *p++;
#pragma GCC unroll 4
	for (size_t i = 0; i < n; i++)
		at->dTdq[i] = *p++;
#pragma GCC unroll 4
	for (size_t i = 0; i < n; i++)
		at->dpdt[i] = *p++;
#pragma GCC unroll 4
	for (size_t i = 0; i < n; i++)
		at->dVdq[i] = *p++;
#pragma GCC unroll 4
	for (size_t i = 0; i < n; i++)
#pragma GCC unroll 4
		for (size_t j = 0; j < n; j++)
			at->dpdq[i][j] = *p++;
}

/* system_at with n a constant for 1 to 4 coordinates, its copies
 * unrolled. */
void lagr_system_at(const struct lagr *L, const double *vals, struct lagr_at *at)
{
	switch (L->nq) {
	case 1:
		system_at(L, vals, at, 1);
		break;
	case 2:
		system_at(L, vals, at, 2);
		break;
	case 3:
		system_at(L, vals, at, 3);
		break;
	case 4:
		system_at(L, vals, at, 4);
		break;
	default:
		system_at(L, vals, at, L->nq);
	}
}

static size_t system_terms(const struct lagr *L, const struct sym **fs);

/* The code of the system, of ∂R/∂q̇ and of each contact's arguments, made
 * once at load with the parameters (the first slots) fixed. */
static void compile_code(struct lagr *L)
{
	const size_t n = L->nq, np = L->model.nparams;
	const struct sym *fs[2 * NQ * NQ + 3 * NQ + CA_N_ARGS];
	size_t k = system_terms(L, fs);
	L->sys = sym_prog_new(fs, k, np);
	for (size_t i = 0; i < n; i++)
		fs[i] = L->dRdqd[i];
	L->dR = sym_prog_new(fs, n, np);
	for (size_t c = 0; c < L->ncontact; c++) {
		struct lcontact *lc = &L->contact[c];
		k = 0;
		for (size_t a = 0; a < CA_N_ARGS; a++)
			fs[k++] = lc->arg[a];
		for (size_t m = 0; m < 3; m++)
			for (size_t i = 0; i < n; i++)
				fs[k++] = lc->dv[m][i];
		lc->code = sym_prog_new(fs, k, np);
	}
	lagr_normal_compile(L);
}

/* the system's terms in L->sys's order */
static size_t system_terms(const struct lagr *L, const struct sym **fs)
{
	const size_t n = L->nq;
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			fs[k++] = L->M[i][j];
	for (size_t i = 0; i < n; i++)
		fs[k++] = L->dTdq[i];
	for (size_t i = 0; i < n; i++)
		fs[k++] = L->dpdt[i];
	for (size_t i = 0; i < n; i++)
		fs[k++] = L->dVdq[i];
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			fs[k++] = L->dpdq[i][j];
	return k;
}

size_t lagrange_code(const struct model *m, struct sym_prog **code, const struct sym **terms,
		     size_t max, size_t *nvals)
{
	const struct lagr *L = m->ctx;
	const struct sym *fs[2 * NQ * NQ + 3 * NQ];
	const size_t k = system_terms(L, fs);
	for (size_t i = 0; i < k && i < max; i++)
		terms[i] = fs[i];
	*code = L->sys;
	*nvals = L->nnames;
	return k < max ? k : max;
}

int lagr_mass_matrix(const struct lagr *L, const double *vals, double *M, struct diag *why)
{
	const size_t n = L->nq;
	struct lagr_at at;
	lagr_system_at(L, vals, &at);
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			M[i * n + j] = at.M[i][j];
	for (size_t i = 0; i < n * n; i++)
		if (!isfinite(M[i]))
			return why ? diag_set(why, "the mass matrix ∂²T/∂q̇² is not finite") : -1;
	/* its eigenvalues: the least against the largest, the least's
	 * eigenvector the rates it cannot separate */
	double copy[NQ * NQ], lam[NQ], vec[NQ * NQ];
	memcpy(copy, M, n * n * sizeof(double));
	gsl_matrix_view cv = gsl_matrix_view_array(copy, n, n);
	gsl_vector_view lv = gsl_vector_view_array(lam, n);
	gsl_matrix_view vv = gsl_matrix_view_array(vec, n, n);
	gsl_eigen_symmv_workspace *w = gsl_eigen_symmv_alloc(n);
	gsl_error_handler_t *old = gsl_set_error_handler_off();
	int rc = gsl_eigen_symmv(&cv.matrix, &lv.vector, &vv.matrix, w);
	gsl_set_error_handler(old);
	gsl_eigen_symmv_free(w);
	if (rc)
		return why ? diag_set(why, "the mass matrix ∂²T/∂q̇² has no eigenvalues") : -1;
	size_t lo = 0, hi = 0;
	for (size_t i = 1; i < n; i++) {
		if (lam[i] < lam[lo])
			lo = i;
		if (lam[i] > lam[hi])
			hi = i;
	}
	if (lam[lo] > LAGR_COND_MAX * lam[hi] && lam[lo] > 0)
		return 0;
	if (!why)
		return -1;
	struct strbuf dir = STRBUF_INIT, rates = STRBUF_INIT, names = STRBUF_INIT;
	size_t nnames = 0;
	for (size_t i = 0; i < n; i++) {
		const double v = vec[i * n + lo];
		strbuf_addf(&rates, "%s%s", i ? ", " : "", L->qd[i]);
		strbuf_addf(&dir, "%s%.3g", i ? ", " : "", fabs(v) < 1e-12 ? 0.0 : v);
		if (fabs(v) > 0.1)
			strbuf_addf(&names, "%s%s", nnames++ ? " and " : "", L->q[i]);
	}
	strbuf_addf(&rates, ") ∝ (%s", dir.buf);
	strbuf_reset(&dir);
	strbuf_addstr(&dir, rates.buf);
	strbuf_release(&rates);
	if (!(lam[lo] > 0) && !(lam[lo] < 0))
		diag_set(why,
			 "the mass matrix ∂²T/∂q̇² is singular along (%s): %s %s not separately "
			 "determined by T",
			 dir.buf, names.buf, nnames > 1 ? "are" : "is");
	else if (lam[lo] < 0)
		diag_set(why,
			 "the mass matrix ∂²T/∂q̇² is not positive definite: T is negative along "
			 "the rates (%s)",
			 dir.buf);
	else
		diag_set(why,
			 "the mass matrix ∂²T/∂q̇² is singular to rounding along (%s) (its least "
			 "eigenvalue %.3g is below %g of its largest, %.3g): %s %s not separately "
			 "determined by T",
			 dir.buf, lam[lo], LAGR_COND_MAX, lam[hi], names.buf,
			 nnames > 1 ? "are" : "is");
	strbuf_release(&dir);
	strbuf_release(&names);
	return -1;
}

/* Checks of the derivation at the file's values: M does not change with the
 * rates (T quadratic in them), M positive definite, R not negative. */
static int derivation_checks(const struct lagr *L, const struct lagrange_text *lt, int *line,
			     int *col, struct diag *d)
{
	const size_t nv = L->nnames, n = L->nq;
	double *vals = xcalloc(nv, sizeof(double));
	double M0[NQ * NQ], M1[NQ * NQ];
	int rc = 0;
	default_values(L, vals);
	const double trial[][2] = {{0.3, -0.7}, {-1.3, 0.9}, {2.1, 0.2}, {-0.4, -1.7}};
	for (size_t s = 0; s < 4 && !rc; s++) {
		for (size_t i = 0; i < n; i++)
			vals[lagr_iqd(L, i)] = trial[s][i % 2] * (1 + 0.37 * (double)i);
		struct diag why;
		diag_clear(&why);
		int bad = lagr_mass_matrix(L, vals, M1, &why);
		if (s == 0) {
			memcpy(M0, M1, sizeof(M1));
			if (bad) {
				*line = lt->T.line;
				*col = lt->T.col;
				rc = diag_set(d, "T = %s at the file's values: %s", lt->T.text,
					      why.msg);
			}
		}
		for (size_t k = 0; k < n * n && !rc; k++)
			if (fabs(M1[k] - M0[k]) > 1e-9 * (fabs(M0[k]) + fabs(M1[k]) + 1e-300)) {
				*line = lt->T.line;
				*col = lt->T.col;
				rc = diag_set(d,
					      "T = %s is not quadratic in the rates: its mass "
					      "matrix ∂²T/∂q̇² changes with them",
					      lt->T.text);
			}
		if (L->R && !rc) {
			double r = sym_eval(L->R, vals);
			diag_clear(&why);
			if (lagr_contacts_add(L, vals, &r, NULL, &why)) {
				*line = lt->R.line;
				*col = lt->R.col;
				rc = diag_set(d, "at the file's values: %s", why.msg);
			} else if (r < 0) {
				*line = lt->R.line;
				*col = lt->R.col;
				rc = diag_set(d,
					      "R = %s is negative (%g) at the file's values and "
					      "rates %s = %g: a dissipation function is never "
					      "negative",
					      lt->R.text, r, L->qd[0], vals[lagr_iqd(L, 0)]);
			}
		}
	}
	free(vals);
	return rc;
}

static bool name_ok(const char *s)
{
	if (!*s || !((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '_'))
			return false;
	return true;
}

/* Names an expression already gives a meaning: the time, the constants
 * and the functions. NULL if `name` is free, else what it is. */
static const char *taken(const char *name)
{
	static const char *const constants[] = {"e",	"pi",	"log2e", "log10e",  "ln2", "ln10",
						"pi_2", "pi_4", "sqrt2", "sqrt1_2", NULL};
	if (!strcmp(name, "t"))
		return "the time";
	for (size_t i = 0; constants[i]; i++)
		if (!strcmp(name, constants[i]))
			return "a constant";
	for (const char *const *f = expr_functions(); *f; f++)
		if (!strcmp(name, *f))
			return "a function";
	return NULL;
}

static int find_file_param(const struct lagrange_text *lt, const char *name)
{
	for (size_t i = 0; i < lt->nparams; i++)
		if (!strcmp(lt->param[i].name, name))
			return (int)i;
	return -1;
}

/* The model for one exercise, or NULL with d set and *line, *col the place
 * in the file (col 1-based, 0: the line's first word). */
static struct model *lagrange_model_new(const struct lagrange_text *lt, int *line, int *col,
					struct diag *d)
{
	struct lagr *L = xcalloc(1, sizeof(*L));
	*line = lt->system_line;
	*col = 0;
	if (!lt->coordinates.text || !lt->T.text) {
		diag_set(d, "[system] needs 'coordinates = NAME, ...' and 'T = ...' (the kinetic "
			    "energy)");
		goto fail;
	}
	/* the coordinates */
	{
		char *list = (char *)keep(L, xstrdup(lt->coordinates.text));
		char *save = NULL;
		for (char *w = strtok_r(list, ", \t", &save); w;
		     w = strtok_r(NULL, ", \t", &save)) {
			*line = lt->coordinates.line;
			*col = lt->coordinates.col + (int)(w - list);
			if (L->nq == NQ) {
				diag_set(d, "at most %d coordinates", NQ);
				goto fail;
			}
			if (!name_ok(w) || strlen(w) > 32) {
				diag_set(d,
					 "'%s' is not a name for a coordinate (a letter, then "
					 "letters, digits or '_')",
					 w);
				goto fail;
			}
			const char *what = taken(w);
			if (!what && strlen(w) > 3 && !strcmp(w + strlen(w) - 3, "dot"))
				what = "the name of a rate";
			if (what) {
				diag_set(d, "'%s' is %s: a coordinate needs another name", w, what);
				goto fail;
			}
			for (size_t i = 0; i < L->nq; i++)
				if (!strcmp(L->q[i], w)) {
					diag_set(d, "coordinate %s named twice", w);
					goto fail;
				}
			L->q[L->nq] = (char *)keep(L, xstrdup(w));
			L->qd[L->nq] = (char *)keepf(L, "%sdot", w);
			L->nq++;
		}
		if (!L->nq) {
			*line = lt->coordinates.line;
			*col = lt->coordinates.col;
			diag_set(d, "coordinates = NAME, ...: no coordinate named");
			goto fail;
		}
	}
	const size_t n = L->nq;
	/* the parameters: q0 and q̇0 of each coordinate, tmax, then the file's */
	L->params = xcalloc(2 * n + 1 + lt->nparams, sizeof(*L->params));
	size_t np = 0;
	for (size_t i = 0; i < 2 * n + 1; i++) {
		struct param_spec *sp = &L->params[np++];
		const bool tmax = i == 2 * n;
		const char *name = tmax	   ? "tmax"
				   : i % 2 ? keepf(L, "%sdot0", L->q[i / 2])
					   : keepf(L, "%s0", L->q[i / 2]);
		int k = find_file_param(lt, name);
		*sp = (struct param_spec){
			.name = name,
			.kind = PARAM_NUMBER,
			.unit = k >= 0 && lt->param[k].unit ? keepf(L, "%s", lt->param[k].unit)
				: tmax			    ? "s"
							    : "",
			.def = k >= 0 && !isnan(lt->param[k].value) ? lt->param[k].value
			       : tmax				    ? 10.0
								    : 0.0,
			.lo = tmax ? 0 : -INFINITY,
			.lo_open = tmax,
			.hi = tmax ? 1e12 : INFINITY,
			.doc = tmax    ? "end of the run, if the motion has not stopped before"
			       : i % 2 ? keepf(L, "initial rate of %s", L->q[i / 2])
				       : keepf(L, "initial value of the coordinate %s",
					       L->q[i / 2]),
		};
	}
	for (size_t k = 0; k < lt->nparams; k++) {
		const char *what = taken(lt->param[k].name);
		if (what || !name_ok(lt->param[k].name)) {
			*line = lt->param[k].line;
			*col = 0;
			diag_set(d,
				 "[param %s]: '%s' is %s: a parameter of model lagrange needs "
				 "another name",
				 lt->param[k].name, lt->param[k].name,
				 what ? what : "not a name expressions can use");
			goto fail;
		}
		bool automatic = false;
		for (size_t i = 0; i < np; i++)
			automatic |= !strcmp(L->params[i].name, lt->param[k].name);
		if (automatic)
			continue;
		L->params[np++] = (struct param_spec){
			.name = keepf(L, "%s", lt->param[k].name),
			.kind = PARAM_NUMBER,
			.unit = lt->param[k].unit ? keepf(L, "%s", lt->param[k].unit) : "",
			.def = isnan(lt->param[k].value) ? 0 : lt->param[k].value,
			.lo = -INFINITY,
			.hi = INFINITY,
			.doc = "a parameter of the system, as the exercise file defines it",
		};
	}
	L->model.params = L->params;
	L->model.nparams = np;
	/* the names an expression may use */
	L->nnames = np + 2 * n + 1;
	L->names = xcalloc(L->nnames, sizeof(char *));
	for (size_t i = 0; i < np; i++)
		L->names[i] = (char *)L->params[i].name;
	for (size_t i = 0; i < n; i++) {
		L->names[lagr_iq(L, i)] = L->q[i];
		L->names[lagr_iqd(L, i)] = L->qd[i];
	}
	L->names[lagr_it(L)] = "t";
	for (size_t i = 0; i < L->nnames; i++)
		for (size_t j = 0; j < i; j++)
			if (!strcmp(L->names[i], L->names[j])) {
				*line = lt->coordinates.line;
				*col = lt->coordinates.col;
				diag_set(d,
					 "the name %s is both a parameter and a coordinate or rate",
					 L->names[i]);
				goto fail;
			}
	/* T, V, R and stop, then the derivatives */
	L->src_T = (char *)keep(L, xstrdup(lt->T.text));
	if (!(L->T = compile(L, &lt->T, true, "T", line, col, d)))
		goto fail;
	if (lt->V.text) {
		L->src_V = (char *)keep(L, xstrdup(lt->V.text));
		if (!(L->V = compile(L, &lt->V, false, "V", line, col, d)))
			goto fail;
	}
	if (lt->R.text) {
		L->src_R = (char *)keep(L, xstrdup(lt->R.text));
		char *smooth = NULL;
		int bad = lagr_split_contacts(L, &lt->R, &smooth, line, col, d);
		const struct lagrange_expr rs = {smooth, lt->R.line, lt->R.col};
		if (!bad)
			L->R = compile(L, &rs, true, "R", line, col, d);
		if (L->R && lagr_find_kinks(L, &lt->R, smooth, line, col, d)) {
			free(smooth);
			goto fail;
		}
		free(smooth);
		if (!L->R)
			goto fail;
	}
	if (lt->stop.text) {
		L->src_stop = (char *)keep(L, xstrdup(lt->stop.text));
		if (!(L->stop = compile(L, &lt->stop, true, "stop", line, col, d)))
			goto fail;
	}
	if (declared_contacts(L, lt, line, col, d))
		goto fail;
	for (size_t i = 0; i < n; i++) {
		L->p[i] = deriv(L, L->T, L->qd[i]);
		L->dTdq[i] = deriv(L, L->T, L->q[i]);
		L->dpdt[i] = deriv(L, L->p[i], "t");
		if (L->V)
			L->dVdq[i] = deriv(L, L->V, L->q[i]);
		if (L->R) {
			L->dRdqd[i] = deriv(L, L->R, L->qd[i]);
			/* a step: |q̇| (Coulomb); a root or an abs: a norm of the
			 * rates (Kozlov's isotropic friction), not smooth where
			 * they all vanish. A smooth one watched too costs only
			 * a phase end where its rate changes sign. */
			/* only where ∂R/∂q̇_i depends on q̇_i itself: the derivative
			 * keeps 0*step(xdot) in ∂R/∂ydot of abs(xdot), which made
			 * a frictionless y a Coulomb coordinate of bound 0 */
			const bool own = sym_uses(L->dRdqd[i], L->qd[i]);
			L->jump[i] = own && sym_calls(L->dRdqd[i], "step");
			L->nonsmooth[i] = own && (L->jump[i] || sym_calls(L->dRdqd[i], "sqrt") ||
						  sym_calls(L->dRdqd[i], "abs"));
		}
		for (size_t j = 0; j < n; j++) {
			L->M[i][j] = deriv(L, L->p[i], L->qd[j]);
			L->dpdq[i][j] = deriv(L, L->p[i], L->q[j]);
		}
	}
	/* a contact is not smooth where its motion (vx, vy, w) vanishes: its
	 * rates are watched, and at rest together take the test on the norm */
	for (size_t i = 0; i < n; i++)
		L->nonsmooth[i] |= L->in_contact[i];
	lagr_normal_nonsmooth(L);
	for (size_t i = 0; i < n; i++) {
		bool in_kink = false;
		for (size_t k = 0; k < L->nkink; k++)
			in_kink |= L->kink[k].a[i] != NULL;
		if (L->nonsmooth[i] && !L->jump[i] && !in_kink)
			L->group[L->ngroup++] = i;
	}
	if (L->ngroup < 2)
		L->ngroup = 0;
	if (lagr_coordinate_kinks(L, line, col, d))
		goto fail;
	L->uses_t |= sym_uses(L->T, "t") || (L->V && sym_uses(L->V, "t")) ||
		     (L->R && sym_uses(L->R, "t"));
	for (size_t c = 0; c < L->ncontact; c++)
		for (size_t k = 0; k < CA_N_ARGS; k++)
			L->uses_t |= sym_uses(L->contact[c].arg[k], "t");
	/* the results */
	L->nextra = lt->nresults;
	L->extra = xcalloc(lt->nresults + 1, sizeof(*L->extra));
	const size_t nr = 2 * n + R_NFIXED + lt->nresults;
	L->results = xcalloc(nr, sizeof(*L->results));
	size_t r = 0;
	for (size_t i = 0; i < n; i++) {
		int k = find_file_param(lt, keepf(L, "%s0", L->q[i]));
		const char *u =
			k >= 0 && lt->param[k].unit ? keepf(L, "%s", lt->param[k].unit) : "";
		int kd = find_file_param(lt, keepf(L, "%sdot0", L->q[i]));
		const char *ud =
			kd >= 0 && lt->param[kd].unit ? keepf(L, "%s", lt->param[kd].unit) : "";
		L->results[r++] =
			(struct result_spec){.name = keepf(L, "%s_end", L->q[i]),
					     .kind = VAL_NUMBER,
					     .unit = u,
					     .doc = keepf(L, "%s at the end of the run", L->q[i])};
		L->results[r++] = (struct result_spec){
			.name = keepf(L, "%sdot_end", L->q[i]),
			.kind = VAL_NUMBER,
			.unit = ud,
			.doc = keepf(L, "the rate of %s at the end of the run", L->q[i])};
	}
	L->results[r++] = (struct result_spec)RESULT_NUMBER(
		"t_end", "s", "when the run ended: the stop, the stop expression's event, or tmax");
	L->results[r++] = (struct result_spec)RESULT_NUMBER(
		"t_stop", "s",
		"when all motion stopped for good, the stop expression ended the run, or a "
		"[contact] lifted off (nan: none had by tmax)");
	L->results[r++] = (struct result_spec)RESULT_NUMBER("E_start", "J", "T + V at the start");
	L->results[r++] = (struct result_spec)RESULT_NUMBER("E_end", "J", "T + V at the end");
	L->results[r++] = (struct result_spec)RESULT_NUMBER(
		"energy_lost", "J",
		"E_start - E_end: the work friction took, where T + V is conserved without it "
		"(friction_work where the difference is within the energies' rounding, 1e-12 "
		"of them, past 1e-10 of it; undefined where T or V depends on t or the frame "
		"moves: friction_work is)");
	L->results[r++] = (struct result_spec)RESULT_WORD(
		"outcome", "rests (stopped for good), stops (the stop expression ended the run), "
			   "lifts-off (a [contact]'s N reached 0) or moving (at tmax)");
	L->results[r++] = (struct result_spec)RESULT_NUMBER(
		"friction_work", "J",
		"the work friction took along the run, the integral of -Q_R·q̇ (Q_R = -∂R/∂q̇; "
		"negative where a moving support feeds the motion)");
	for (size_t k = 0; k < lt->nresults; k++) {
		for (size_t j = 0; j < r; j++)
			if (!strcmp(L->results[j].name, lt->result[k].name)) {
				*line = lt->result[k].expr.line;
				*col = 0;
				diag_set(d, "[result %s]: model lagrange computes %s itself",
					 lt->result[k].name, lt->result[k].name);
				goto fail;
			}
		if (!lt->result[k].expr.text) {
			*line = lt->result[k].expr.line;
			*col = 0;
			diag_set(d, "[result %s] needs 'expr = ...'", lt->result[k].name);
			goto fail;
		}
		if (!(L->extra[k] = compile(L, &lt->result[k].expr, true, lt->result[k].name, line,
					    col, d)))
			goto fail;
		L->results[r++] = (struct result_spec){
			.name = keepf(L, "%s", lt->result[k].name),
			.kind = VAL_NUMBER,
			.unit = lt->result[k].unit ? keepf(L, "%s", lt->result[k].unit) : "",
			.doc = lt->result[k].doc ? keepf(L, "%s", lt->result[k].doc)
						 : keepf(L, "%s at the end of the run",
							 lt->result[k].expr.text),
		};
	}
	L->model.results = L->results;
	L->model.nresults = r;
	L->model.name = "lagrange";
	L->model.summary = "a system stated by T, V and R in the exercise file";
	L->model.solve = lagr_solve;
	L->model.check = lagr_check;
	L->model.steps_head = lagr_derivation_steps;
	L->model.ctx = L;
	compile_code(L);
	if (derivation_checks(L, lt, line, col, d))
		goto fail;
	return &L->model;
fail:
	lagrange_model_free(&L->model);
	return NULL;
}

/* ---- the exercise file's sections ------------------------------------------ */

static const char *const system_keys[] = {"coordinates", "T", "V", "R", "stop", NULL};
static const char *const contact_keys[] = {"slip", "N", "mu", "law", "normal", "Omega", "k", NULL};
static const char *const result_keys[] = {"expr", "unit", "doc", NULL};

/* The system's statement out of the file's sections: [system]'s
 * expressions, the names of [param NAME] (with the unit and value they
 * give) and of [result NAME] (with its expr, unit and doc). A key given
 * twice is the main pass's error; here an expression's first one counts,
 * another key's last. */
static struct model *lagrange_make(const struct model_section *secs, size_t nsecs, int *line,
				   int *col, struct diag *d)
{
	struct lagrange_text lt = {.param = xcalloc(nsecs + 1, sizeof(*lt.param)),
				   .result = xcalloc(nsecs + 1, sizeof(*lt.result)),
				   .contact = xcalloc(nsecs + 1, sizeof(*lt.contact))};
	for (size_t s = 0; s < nsecs; s++) {
		const struct model_section *sec = &secs[s];
		const bool system = !strcmp(sec->kind, "system") && !sec->arg;
		const bool param = !strcmp(sec->kind, "param") && sec->arg;
		const bool result = !strcmp(sec->kind, "result") && sec->arg;
		struct lparam *pa = param ? &lt.param[lt.nparams++] : NULL;
		struct lresult *re = result ? &lt.result[lt.nresults++] : NULL;
		struct lcontact_text *ct = !strcmp(sec->kind, "contact") && sec->arg
						   ? &lt.contact[lt.ncontacts++]
						   : NULL;
		if (ct)
			*ct = (struct lcontact_text){.name = sec->arg, .line = sec->line};
		if (system)
			lt.system_line = sec->line;
		else if (pa)
			*pa = (struct lparam){.name = sec->arg, .value = NAN, .line = sec->line};
		else if (re)
			*re = (struct lresult){.name = sec->arg, .expr = {NULL, sec->line, 0}};
		for (size_t i = 0; i < sec->nkeys; i++) {
			const struct model_key *key = &sec->keys[i];
			struct lagrange_expr *e = NULL;
			const char *why;
			if (system)
				e = !strcmp(key->name, "coordinates") ? &lt.coordinates
				    : !strcmp(key->name, "T")	      ? &lt.T
				    : !strcmp(key->name, "V")	      ? &lt.V
				    : !strcmp(key->name, "R")	      ? &lt.R
				    : !strcmp(key->name, "stop")      ? &lt.stop
								      : NULL;
			else if (ct)
				e = !strcmp(key->name, "slip")	   ? &ct->slip
				    : !strcmp(key->name, "N")	   ? &ct->N
				    : !strcmp(key->name, "mu")	   ? &ct->mu
				    : !strcmp(key->name, "law")	   ? &ct->law
				    : !strcmp(key->name, "normal") ? &ct->normal
				    : !strcmp(key->name, "Omega")  ? &ct->omega
				    : !strcmp(key->name, "k")	   ? &ct->k
								   : NULL;
			else if (re && !strcmp(key->name, "expr"))
				e = &re->expr;
			else if (re && !strcmp(key->name, "unit"))
				re->unit = key->value;
			else if (re && !strcmp(key->name, "doc"))
				re->doc = key->value;
			else if (pa && !strcmp(key->name, "unit"))
				pa->unit = key->value;
			else if (pa && !strcmp(key->name, "value") &&
				 text_parse_double(key->value, &pa->value, &why))
				pa->value = NAN;
			if (e && !e->text)
				*e = (struct lagrange_expr){key->value, key->line, key->col};
		}
	}
	struct model *m = NULL;
	if (!lt.system_line) {
		*line = *col = 0;
		diag_set(d,
			 "model = lagrange needs a [system] section: coordinates = NAME, ..., T = "
			 "..., and V = ..., R = ... if not 0");
	} else {
		m = lagrange_model_new(&lt, line, col, d);
	}
	free(lt.param);
	free(lt.result);
	free(lt.contact);
	return m;
}

static const struct model_section_spec sections[] = {
	{.kind = "system", .keys = system_keys},
	{.kind = "result", .named = true, .keys = result_keys},
	{.kind = "contact", .named = true, .keys = contact_keys},
	{NULL, false, NULL},
};

const struct model_maker model_maker_lagrange = {
	.name = "lagrange",
	.sections = sections,
	.make = lagrange_make,
	.free = lagrange_model_free,
};
