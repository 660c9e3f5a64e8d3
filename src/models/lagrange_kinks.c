/* Model lagrange's kinks of R (the Coulomb contacts): the surfaces w = 0,
 * linear in the rates, where R is not smooth, found in R's text and in the
 * coordinates no kink covers. */
#include <stdlib.h>
#include <string.h>

#include "models/lagrange_sys.h"
#include "num/sym.h"
#include "util/xalloc.h"

/* ---- R's kinks: the Coulomb contacts ------------------------------------- */

/* Whether f is the number 0 (the derivative of what does not depend on the
 * name). */
bool lagr_is_zero(const struct sym *f)
{
	double x;
	return sym_constant(f, &x) && x == 0;
}

/* Whether the surfaces u = 0 and w = 0 are one: u = s w with s not
 * depending on q, q̇ or t (abs(xdot - ydot) and abs(ydot - xdot) or
 * abs(2*xdot - 2*ydot)), asked at four sets of the parameters (their
 * defaults, then scattered about them) and at eight points (q, q̇, t) each.
 * Two kinks on one surface are one contact whose bound is their sum; kept
 * as two, the decision at w = 0 has no unique multipliers. */
static bool same_surface(const struct lagr *L, const struct sym *u, const struct sym *w)
{
	double *vals = xcalloc(L->nnames, sizeof(double));
	uint64_t x = 0x9e3779b97f4a7c15u;
	size_t sets = 0;
	for (size_t set = 0; set < 4; set++) {
		double s = NAN;
		bool one = true, any = false;
		for (size_t pt = 0; pt < 8 && one; pt++) {
			for (size_t i = 0; i < L->nnames; i++) {
				x = x * 6364136223846793005u + 1442695040888963407u;
				const double z = (double)(x >> 11) / 9007199254740992.0 * 2 - 1;
				const bool param = i < L->model.nparams;
				if (!param)
					vals[i] = 3 * z;
				else if (pt == 0)
					vals[i] = set ? L->params[i].def * (1 + 0.5 * z) + 0.3 * z
						      : L->params[i].def;
			}
			const double a = sym_eval(u, vals), b = sym_eval(w, vals);
			if (!isfinite(a) || !isfinite(b) || b == 0)
				continue;
			if (isnan(s))
				s = a / b;
			one = s != 0 && fabs(a - s * b) <= 1e-9 * (fabs(a) + fabs(s * b));
			any = true;
		}
		if (!one)
			break;
		sets += any;
	}
	free(vals);
	return sets == 4;
}

/* One kink across w = 0, w compiled from text (of R's, at line/col; of a
 * [contact NAME]'s slip where `contact` names it): its derivatives; refused
 * where w is not linear in the rates. The kink is dropped (0) where w does
 * not depend on the rates at all: R is smooth in them there. */
int lagr_add_kink(struct lagr *L, const char *text, const char *contact, int line, int col,
		  int *eline, int *ecol, struct diag *d)
{
	const struct lagrange_expr e = {text, line, col};
	struct sym *w = lagr_compile(L, &e, true, contact ? "slip" : "R", eline, ecol, d);
	if (!w)
		return -1;
	struct lkink kk = {.w = w, .coord = SIZE_MAX, .text = lagr_keep(L, xstrdup(text))};
	size_t nonzero = 0, which = 0;
	for (size_t j = 0; j < L->nq; j++) {
		struct sym *a = lagr_deriv(L, w, L->qd[j]);
		for (size_t i = 0; i < L->nq; i++) /* ∂(2*xdot)/∂xdot is (0*xdot)+2 */
			if (sym_depends(a, L->qd[i])) {
				*eline = line;
				*ecol = col;
				if (contact)
					return diag_set(d,
							"[contact %s]: slip = %s is not linear in "
							"the rates: tribo follows stick and slip "
							"across surfaces a·q̇ + b = 0 only",
							contact, text);
				return diag_set(d,
						"R has a kink where %s = 0, and %s is not linear "
						"in the rates: tribo follows stick and slip across "
						"surfaces a·q̇ + b = 0 only (write the relative "
						"velocity inside abs)",
						text, text);
			}
		if (!lagr_is_zero(a)) {
			kk.a[j] = a;
			nonzero++;
			which = j;
		}
	}
	if (!nonzero)
		return 0;
	for (size_t k = 0; k < L->nkink; k++)
		if (same_surface(L, w, L->kink[k].w))
			/* dropped: the kink kept is followed with R's whole
			 * derivative, so its bound is the sum of both */
			return 0;
	if (L->nkink == LAGR_MAX_KINKS) {
		*eline = line;
		*ecol = col;
		return diag_set(d,
				contact ? "more than %d contacts (R's kinks and [contact] "
					  "sections)"
					: "R has more than %d kinks (abs(...) of the rates)",
				LAGR_MAX_KINKS);
	}
	bool moves = false; /* w depends on q or t */
	for (size_t j = 0; j <= L->nq; j++) {
		struct sym *wq = lagr_deriv(L, w, j < L->nq ? L->q[j] : "t");
		if (lagr_is_zero(wq))
			continue;
		*(j < L->nq ? &kk.wq[j] : &kk.wt) = wq;
		moves = true;
	}
	double a;
	if (nonzero == 1 && !moves && sym_constant(kk.a[which], &a) && fabs(a) == 1)
		kk.coord = which;
	L->kink[L->nkink++] = kk;
	return 0;
}

/* R's kinks: the argument of each abs(...) in R's smooth text that depends
 * on the rates. -1 with d, line and col. */
int lagr_find_kinks(struct lagr *L, const struct lagrange_expr *e, const char *smooth, int *line,
		    int *col, struct diag *d)
{
	for (size_t k = 0; smooth[k]; k++) {
		if (strncmp(smooth + k, "abs", 3) || (k && lagr_ident_char(smooth[k - 1])))
			continue;
		size_t p = k + 3;
		while (smooth[p] == ' ' || smooth[p] == '\t')
			p++;
		if (smooth[p] != '(')
			continue;
		size_t q = p + 1;
		int depth = 1;
		for (; smooth[q] && depth; q++)
			depth += smooth[q] == '(' ? 1 : smooth[q] == ')' ? -1 : 0;
		if (depth)
			continue; /* the parser has said so already */
		char *arg = xstrndup(smooth + p + 1, q - 1 - (p + 1));
		int rc = lagr_add_kink(L, arg, NULL, e->line, e->col + (int)(p + 1), line, col, d);
		free(arg);
		if (rc)
			return -1;
	}
	return 0;
}

/* A nonsmooth coordinate that no kink covers and no norm of the rates
 * holds with others (R = sqrt(xdot^2)) is a kink of its own, w = q̇_i. */
int lagr_coordinate_kinks(struct lagr *L, int *line, int *col, struct diag *d)
{
	for (size_t i = 0; i < L->nq; i++) {
		bool covered = false;
		for (size_t k = 0; k < L->nkink; k++)
			covered |= L->kink[k].a[i] != NULL;
		bool grouped = false;
		for (size_t g = 0; g < L->ngroup; g++)
			grouped |= L->group[g] == i;
		if (!L->nonsmooth[i] || covered || grouped)
			continue;
		if (lagr_add_kink(L, L->qd[i], NULL, 0, 0, line, col, d))
			return -1;
	}
	return 0;
}
