/* Model lagrange: see lagrange.h. */
#include "models/lagrange.h"

#include <float.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <math.h>
#include <matheval.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/contact.h"
#include "models/lagrange_sys.h"
#include "models/trace.h"
#include "num/expr.h"
#include "num/num.h"
#include "num/ode.h"
#include "util/text.h"
#include "util/xalloc.h"

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

void lagrange_model_free(struct model *m)
{
	if (!m)
		return;
	struct lagr *L = (struct lagr *)m;
	void *ev[] = {L->T, L->V, L->R, L->stop};
	for (size_t i = 0; i < 4; i++)
		if (ev[i])
			evaluator_destroy(ev[i]);
	for (size_t i = 0; i < NQ; i++) {
		void *e[] = {L->p[i], L->dTdq[i], L->dVdq[i], L->dRdqd[i], L->dpdt[i]};
		for (size_t k = 0; k < 5; k++)
			if (e[k])
				evaluator_destroy(e[k]);
		for (size_t j = 0; j < NQ; j++) {
			if (L->M[i][j])
				evaluator_destroy(L->M[i][j]);
			if (L->dpdq[i][j])
				evaluator_destroy(L->dpdq[i][j]);
		}
	}
	for (size_t i = 0; i < L->nextra; i++)
		if (L->extra[i])
			evaluator_destroy(L->extra[i]);
	for (size_t c = 0; c < L->ncontact; c++) {
		struct lcontact *lc = &L->contact[c];
		for (size_t k = 0; k < CA_N_ARGS; k++)
			if (lc->arg[k])
				evaluator_destroy(lc->arg[k]);
		for (size_t k = 0; k < 3; k++)
			for (size_t i = 0; i < NQ; i++)
				if (lc->dv[k][i])
					evaluator_destroy(lc->dv[k][i]);
	}
	for (size_t k = 0; k < L->nkink; k++) {
		struct lkink *kk = &L->kink[k];
		void *e[2 * NQ + 2] = {kk->w, kk->wt};
		for (size_t i = 0; i < NQ; i++) {
			e[2 + i] = kk->a[i];
			e[2 + NQ + i] = kk->wq[i];
		}
		for (size_t i = 0; i < 2 * NQ + 2; i++)
			if (e[i])
				evaluator_destroy(e[i]);
	}
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

/* Checks e with tribo's parser and compiles it; NULL with d, line, col. */
static void *compile(struct lagr *L, const struct lagrange_expr *e, bool rates, const char *what,
		     int *line, int *col, struct diag *d)
{
	struct namecheck nc = {L, rates, what};
	double dummy;
	struct diag why;
	diag_clear(&why);
	if (expr_eval(e->text, known_name, &nc, &dummy, &why)) {
		*line = e->line;
		*col = why.col > 0 ? e->col + why.col - 1 : 0;
		diag_set(d, "%s", why.msg);
		return NULL;
	}
	char *copy = xstrdup(e->text);
	void *f = evaluator_create(copy);
	free(copy);
	if (!f) {
		*line = e->line;
		*col = e->col;
		diag_set(d, "cannot evaluate %s = %s", what, e->text);
	}
	return f;
}

static bool uses(void *f, const char *name)
{
	char **names;
	int count;
	evaluator_get_variables(f, &names, &count);
	for (int i = 0; i < count; i++)
		if (!strcmp(names[i], name))
			return true;
	return false;
}

double lagr_eval(void *f, const struct lagr *L, const double *vals)
{
	return evaluator_evaluate(f, (int)L->nnames, L->names, (double *)vals);
}

/* Index of the first name of q, of q̇, of t among the evaluation's names. */
size_t lagr_iq(const struct lagr *L, size_t i)
{
	return L->model.nparams + i;
}
size_t lagr_iqd(const struct lagr *L, size_t i)
{
	return L->model.nparams + L->nq + i;
}
size_t lagr_it(const struct lagr *L)
{
	return L->model.nparams + 2 * L->nq;
}

/* ---- R's kinks: the Coulomb contacts ------------------------------------- */

static bool ident_char(char c);

/* Whether compiled f is the number 0 (libmatheval's derivative of what does
 * not depend on the name). */
static bool is_zero(void *f)
{
	char **names;
	int count;
	evaluator_get_variables(f, &names, &count);
	return count == 0 && evaluator_evaluate(f, 0, NULL, NULL) == 0;
}

/* One kink across w = 0, w compiled from text (of R's, at line/col): its
 * derivatives; refused where w is not linear in the rates. The kink is
 * dropped (0) where w does not depend on the rates at all: R is smooth in
 * them there. */
static int add_kink(struct lagr *L, const char *text, int line, int col, int *eline, int *ecol,
		    struct diag *d)
{
	for (size_t k = 0; k < L->nkink; k++)
		if (!strcmp(L->kink[k].text, text))
			return 0; /* the same surface written twice */
	const struct lagrange_expr e = {text, line, col};
	void *w = compile(L, &e, true, "R", eline, ecol, d);
	if (!w)
		return -1;
	struct lkink kk = {.w = w, .coord = SIZE_MAX, .text = keep(L, xstrdup(text))};
	bool rates = false;
	size_t nonzero = 0, which = 0;
	for (size_t j = 0; j < L->nq; j++) {
		void *a = evaluator_derivative(w, L->qd[j]);
		bool linear = true;
		for (size_t i = 0; i < L->nq; i++)
			linear &= !uses(a, L->qd[i]);
		if (!linear) {
			evaluator_destroy(a);
			for (size_t i = 0; i < j; i++)
				if (kk.a[i])
					evaluator_destroy(kk.a[i]);
			evaluator_destroy(w);
			*eline = line;
			*ecol = col;
			return diag_set(d,
					"R has a kink where %s = 0, and %s is not linear in the "
					"rates: tribo follows stick and slip across surfaces "
					"a·q̇ + b = 0 only (write the relative velocity inside abs)",
					text, text);
		}
		if (is_zero(a)) {
			evaluator_destroy(a);
			continue;
		}
		kk.a[j] = a;
		rates = true;
		nonzero++;
		which = j;
	}
	if (!rates) {
		evaluator_destroy(w);
		return 0;
	}
	if (L->nkink == LAGR_MAX_KINKS) {
		for (size_t j = 0; j < L->nq; j++)
			if (kk.a[j])
				evaluator_destroy(kk.a[j]);
		evaluator_destroy(w);
		*eline = line;
		*ecol = col;
		return diag_set(d, "R has more than %d kinks (abs(...) of the rates)",
				LAGR_MAX_KINKS);
	}
	bool moves = false; /* w depends on q or t */
	for (size_t j = 0; j < L->nq; j++) {
		void *wq = evaluator_derivative(w, L->q[j]);
		if (is_zero(wq))
			evaluator_destroy(wq);
		else {
			kk.wq[j] = wq;
			moves = true;
		}
	}
	void *wt = evaluator_derivative(w, "t");
	if (is_zero(wt))
		evaluator_destroy(wt);
	else {
		kk.wt = wt;
		moves = true;
	}
	if (nonzero == 1 && !moves) {
		char **names;
		int count;
		evaluator_get_variables(kk.a[which], &names, &count);
		const double a = evaluator_evaluate(kk.a[which], 0, NULL, NULL);
		if (count == 0 && fabs(a) == 1)
			kk.coord = which;
	}
	L->kink[L->nkink++] = kk;
	return 0;
}

/* R's kinks: the argument of each abs(...) in R's smooth text that depends
 * on the rates. -1 with d, line and col. */
static int find_kinks(struct lagr *L, const struct lagrange_expr *e, const char *smooth, int *line,
		      int *col, struct diag *d)
{
	for (size_t k = 0; smooth[k]; k++) {
		if (strncmp(smooth + k, "abs", 3) || (k && ident_char(smooth[k - 1])))
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
		int rc = add_kink(L, arg, e->line, e->col + (int)(p + 1), line, col, d);
		free(arg);
		if (rc)
			return -1;
	}
	return 0;
}

/* A nonsmooth coordinate that no kink covers and no norm of the rates
 * holds with others (R = sqrt(xdot^2)) is a kink of its own, w = q̇_i. */
static int coordinate_kinks(struct lagr *L, int *line, int *col, struct diag *d)
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
		if (add_kink(L, L->qd[i], 0, 0, line, col, d))
			return -1;
	}
	return 0;
}

/* ---- Minguzzi's contact integral in R ------------------------------------ */

static bool ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

static const char *const contact_arg_name[CA_N_ARGS] = {"r", "mu", "N", "vx", "vy", "w"};

#define CONTACT_USAGE "contact(SHAPE, r, PRESSURE, mu, N, vx, vy, w)"

/* One word argument of a call (text[a, b)): its index in words[], or -1 with
 * d, line and col. */
static int contact_word(const char *text, size_t a, size_t b, const char *const *words,
			const char *what, const struct lagrange_expr *e, int *line, int *col,
			struct diag *d)
{
	while (a < b && (text[a] == ' ' || text[a] == '\t'))
		a++;
	while (b > a && (text[b - 1] == ' ' || text[b - 1] == '\t'))
		b--;
	for (int k = 0; words[k]; k++)
		if (strlen(words[k]) == b - a && !strncmp(text + a, words[k], b - a))
			return k;
	*line = e->line;
	*col = e->col + (int)a;
	diag_set(d, "%s: unknown %s '%.*s' (%s or %s)", CONTACT_USAGE, what, (int)(b - a), text + a,
		 words[0], words[1]);
	return -1;
}

static void *compile(struct lagr *L, const struct lagrange_expr *e, bool rates, const char *what,
		     int *line, int *col, struct diag *d);
static bool uses(void *f, const char *name);

/* Takes each contact(...) call out of R's text e: its arguments compiled
 * into L->contact[], the call replaced by 0 (padded with blanks, so that
 * the columns of the rest stay where they were) in *smooth, which the
 * caller frees. -1 with d, line and col. */
static int split_contacts(struct lagr *L, const struct lagrange_expr *e, char **smooth, int *line,
			  int *col, struct diag *d)
{
	static const char *const shapes[] = {"disk", "ring", NULL};
	static const char *const pressures[] = {"uniform", "reye", NULL};
	const char *t = e->text;
	char *out = xstrdup(t);
	*smooth = out;
	for (size_t k = 0; t[k];) {
		if (strncmp(t + k, "contact", 7) || (k && ident_char(t[k - 1])) ||
		    ident_char(t[k + 7])) {
			k++;
			continue;
		}
		*line = e->line;
		*col = e->col + (int)k;
		size_t p = k + 7;
		while (t[p] == ' ' || t[p] == '\t')
			p++;
		if (t[p] != '(')
			return diag_set(d, "contact is Minguzzi's contact integral: %s",
					CONTACT_USAGE);
		if (L->ncontact == LAGR_MAX_CONTACTS)
			return diag_set(d, "at most %d contact(...) calls in R", LAGR_MAX_CONTACTS);
		size_t cut[9], nargs = 0, end = 0;
		int depth = 0;
		cut[0] = p + 1;
		for (size_t q = p; t[q] && !end; q++) {
			if (t[q] == '(')
				depth++;
			else if (t[q] == ')' && --depth == 0)
				end = q;
			else if (t[q] == ',' && depth == 1 && ++nargs < 8)
				cut[nargs] = q + 1;
		}
		if (!end)
			return diag_set(d, "contact( has no closing ')': %s", CONTACT_USAGE);
		if (++nargs != 8)
			return diag_set(d, "contact(...) takes 8 arguments, not %zu: %s", nargs,
					CONTACT_USAGE);
		cut[8] = end + 1;
		struct lcontact *lc = &L->contact[L->ncontact++];
		lc->text = keep(L, xstrndup(t + k, end + 1 - k));
		int w = contact_word(t, cut[0], cut[1] - 1, shapes, "shape", e, line, col, d);
		if (w < 0)
			return -1;
		lc->shape = w ? SHAPE_RING : SHAPE_DISK;
		w = contact_word(t, cut[2], cut[3] - 1, pressures, "pressure", e, line, col, d);
		if (w < 0)
			return -1;
		lc->pressure = w ? PRESSURE_REYE : PRESSURE_UNIFORM;
		static const size_t which[CA_N_ARGS] = {1, 3, 4, 5, 6, 7};
		for (size_t a = 0; a < CA_N_ARGS; a++) {
			const size_t from = cut[which[a]], to = cut[which[a] + 1] - 1;
			char *text = xstrndup(t + from, to - from);
			const struct lagrange_expr ae = {text, e->line, e->col + (int)from};
			char what[32];
			snprintf(what, sizeof(what), "contact's %s", contact_arg_name[a]);
			lc->arg[a] = compile(L, &ae, a >= CA_VX, what, line, col, d);
			free(text);
			if (!lc->arg[a])
				return -1;
		}
		for (size_t m = 0; m < 3; m++)
			for (size_t i = 0; i < L->nq; i++)
				if (uses(lc->arg[CA_VX + m], L->qd[i])) {
					lc->dv[m][i] =
						evaluator_derivative(lc->arg[CA_VX + m], L->qd[i]);
					L->in_contact[i] = true;
				}
		if (!L->gl)
			L->gl = gsl_integration_glfixed_table_alloc(32);
		out[k] = '0';
		memset(out + k + 1, ' ', end - k);
		k = end + 1;
	}
	return 0;
}

/* One contact's R and its forces Q = -∂R/∂(vx, vy, w) at vals. Coulomb's
 * friction is homogeneous in the motion (R of degree 1, Q of degree 0): the
 * integrals are taken at the motion scaled to 1, whatever its size. */
static int contact_at(const struct lagr *L, const struct lcontact *lc, const double *vals,
		      double *R, double Q[3], struct diag *d)
{
	double a[CA_N_ARGS];
	for (size_t k = 0; k < CA_N_ARGS; k++)
		a[k] = lagr_eval(lc->arg[k], L, vals);
	*R = Q[0] = Q[1] = Q[2] = 0;
	if (!(a[CA_R] > 0) || !isfinite(a[CA_R]))
		return diag_set(d, "%s: the radius r = %g is not positive", lc->text, a[CA_R]);
	if (!(a[CA_MU] >= 0) || !isfinite(a[CA_MU]))
		return diag_set(d, "%s: mu = %g is not a friction coefficient", lc->text, a[CA_MU]);
	if (!(a[CA_N] >= 0) || !isfinite(a[CA_N]))
		return diag_set(d,
				"%s: the normal force N = %g is not >= 0 (the body has left "
				"the plane?)",
				lc->text, a[CA_N]);
	for (size_t k = CA_VX; k <= CA_W; k++)
		if (!isfinite(a[k]))
			return diag_set(d, "%s: %s = %g", lc->text, contact_arg_name[k], a[k]);
	const double s = fmax(hypot(a[CA_VX], a[CA_VY]), a[CA_R] * fabs(a[CA_W]));
	if (s == 0 || a[CA_MU] == 0 || a[CA_N] == 0)
		return 0;
	if (lc->shape == SHAPE_DISK || lc->pressure == PRESSURE_UNIFORM) {
		/* in closed form, as model disk-slide has it: the force along -u
		 * and the torque against w, turning about the point at e r */
		const double v = hypot(a[CA_VX], a[CA_VY]), rw = a[CA_R] * fabs(a[CA_W]);
		const double muN = a[CA_MU] * a[CA_N];
		double F, T;
		if (rw == 0) {
			F = 1;
			T = 0;
		} else if (v == 0) {
			F = 0;
			T = lc->shape == SHAPE_RING	       ? 1.0
			    : lc->pressure == PRESSURE_UNIFORM ? 2.0 / 3
							       : 0.5;
		} else {
			contact_coulomb_closed(L->gl, lc->shape, lc->pressure, v / rw, &F, &T);
		}
		*R = muN * (F * v + T * rw);
		Q[0] = v > 0 ? -muN * F * a[CA_VX] / v : 0.0;
		Q[1] = v > 0 ? -muN * F * a[CA_VY] / v : 0.0;
		Q[2] = a[CA_W] > 0 ? -muN * a[CA_R] * T : a[CA_W] < 0 ? muN * a[CA_R] * T : 0.0;
		if (!isfinite(*R) || !isfinite(Q[0]) || !isfinite(Q[1]) || !isfinite(Q[2]))
			return diag_set(d, "%s: the closed form failed at e = %g", lc->text,
					v / rw);
		return 0;
	}
	struct friction_law law = {.kind = FRICTION_COULOMB, .mu = a[CA_MU]};
	const struct contact c = {.shape = lc->shape,
				  .r = a[CA_R],
				  .pressure = lc->pressure,
				  .law = &law,
				  .N = a[CA_N]};
	const struct contact_motion m = {a[CA_VX] / s, a[CA_VY] / s, a[CA_W] / s};
	struct contact_forces f = {0};
	struct diag why;
	diag_clear(&why);
	int rc = contact_eval(&c, m, CONTACT_R | CONTACT_QXY | CONTACT_QTHETA, &f, &why);
	if (rc)
		diag_set(d, "%s: %s", lc->text, why.msg);
	friction_law_release(&law);
	if (rc)
		return -1;
	*R = f.R * s;
	Q[0] = f.Qx;
	Q[1] = f.Qy;
	Q[2] = f.Qtheta;
	return 0;
}

/* The contacts' R and, if dR, their ∂R/∂q̇_i = -(Qx ∂vx/∂q̇_i + Qy ∂vy/∂q̇_i
 * + Qθ ∂w/∂q̇_i), added to *R and dR[]. */
int lagr_contacts_add(const struct lagr *L, const double *vals, double *R, double *dR,
		      struct diag *d)
{
	for (size_t c = 0; c < L->ncontact; c++) {
		const struct lcontact *lc = &L->contact[c];
		double Rc, Q[3];
		if (contact_at(L, lc, vals, &Rc, Q, d))
			return -1;
		*R += Rc;
		for (size_t i = 0; dR && i < L->nq; i++)
			for (size_t m = 0; m < 3; m++)
				if (lc->dv[m][i])
					dR[i] -= Q[m] * lagr_eval(lc->dv[m][i], L, vals);
	}
	return 0;
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

int lagr_mass_matrix(const struct lagr *L, const double *vals, double *M)
{
	const size_t n = L->nq;
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			M[i * n + j] = lagr_eval(L->M[i][j], L, vals);
	gsl_matrix_view mv = gsl_matrix_view_array(M, n, n);
	gsl_error_handler_t *old = gsl_set_error_handler_off();
	double copy[NQ * NQ];
	memcpy(copy, M, n * n * sizeof(double));
	gsl_matrix_view cv = gsl_matrix_view_array(copy, n, n);
	int rc = gsl_linalg_cholesky_decomp1(&cv.matrix);
	gsl_set_error_handler(old);
	(void)mv;
	for (size_t i = 0; i < n * n; i++)
		if (!isfinite(M[i]))
			return -1;
	return rc ? -1 : 0;
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
		int bad = lagr_mass_matrix(L, vals, M1);
		if (s == 0) {
			memcpy(M0, M1, sizeof(M1));
			if (bad) {
				*line = lt->T.line;
				*col = lt->T.col;
				rc = diag_set(d,
					      "T = %s is not positive definite in the rates at the "
					      "file's values: its mass matrix ∂²T/∂q̇² has no "
					      "Cholesky factor",
					      lt->T.text);
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
			double r = lagr_eval(L->R, L, vals);
			struct diag why;
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
		if (!strcmp(lt->param_name[i], name))
			return (int)i;
	return -1;
}

struct model *lagrange_model_new(const struct lagrange_text *lt, int *line, int *col,
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
		char *list = xstrdup(lt->coordinates.text);
		char *save = NULL;
		for (char *w = strtok_r(list, ", \t", &save); w;
		     w = strtok_r(NULL, ", \t", &save)) {
			*line = lt->coordinates.line;
			*col = lt->coordinates.col + (int)(w - list);
			if (L->nq == NQ) {
				diag_set(d, "at most %d coordinates", NQ);
				free(list);
				goto fail;
			}
			if (!name_ok(w) || strlen(w) > 32) {
				diag_set(d,
					 "'%s' is not a name for a coordinate (a letter, then "
					 "letters, digits or '_')",
					 w);
				free(list);
				goto fail;
			}
			const char *what = taken(w);
			if (!what && strlen(w) > 3 && !strcmp(w + strlen(w) - 3, "dot"))
				what = "the name of a rate";
			if (what) {
				diag_set(d, "'%s' is %s: a coordinate needs another name", w, what);
				free(list);
				goto fail;
			}
			for (size_t i = 0; i < L->nq; i++)
				if (!strcmp(L->q[i], w)) {
					diag_set(d, "coordinate %s named twice", w);
					free(list);
					goto fail;
				}
			L->q[L->nq] = (char *)keep(L, xstrdup(w));
			L->qd[L->nq] = (char *)keepf(L, "%sdot", w);
			L->nq++;
		}
		free(list);
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
			.unit = k >= 0 && lt->param_unit[k] ? keepf(L, "%s", lt->param_unit[k])
				: tmax			    ? "s"
							    : "",
			.def = k >= 0 && !isnan(lt->param_value[k]) ? lt->param_value[k]
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
		const char *what = taken(lt->param_name[k]);
		if (what || !name_ok(lt->param_name[k])) {
			*line = lt->param_line ? lt->param_line[k] : 0;
			*col = 0;
			diag_set(d,
				 "[param %s]: '%s' is %s: a parameter of model lagrange needs "
				 "another name",
				 lt->param_name[k], lt->param_name[k],
				 what ? what : "not a name expressions can use");
			goto fail;
		}
		bool automatic = false;
		for (size_t i = 0; i < np; i++)
			automatic |= !strcmp(L->params[i].name, lt->param_name[k]);
		if (automatic)
			continue;
		L->params[np++] = (struct param_spec){
			.name = keepf(L, "%s", lt->param_name[k]),
			.kind = PARAM_NUMBER,
			.unit = lt->param_unit[k] ? keepf(L, "%s", lt->param_unit[k]) : "",
			.def = isnan(lt->param_value[k]) ? 0 : lt->param_value[k],
			.lo = -INFINITY,
			.hi = INFINITY,
			.doc = "a parameter of the system, as the exercise file defines it",
		};
	}
	L->model.params = L->params;
	L->model.nparams = np;
	L->nfile = np - (2 * n + 1);
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
		int bad = split_contacts(L, &lt->R, &smooth, line, col, d);
		const struct lagrange_expr rs = {smooth, lt->R.line, lt->R.col};
		if (!bad)
			L->R = compile(L, &rs, true, "R", line, col, d);
		if (L->R && find_kinks(L, &lt->R, smooth, line, col, d)) {
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
	for (size_t i = 0; i < n; i++) {
		L->p[i] = evaluator_derivative(L->T, L->qd[i]);
		L->dTdq[i] = evaluator_derivative(L->T, L->q[i]);
		L->dpdt[i] = evaluator_derivative(L->p[i], "t");
		if (L->V)
			L->dVdq[i] = evaluator_derivative(L->V, L->q[i]);
		if (L->R) {
			L->dRdqd[i] = evaluator_derivative(L->R, L->qd[i]);
			/* a step: |q̇| (Coulomb); a root or an abs: a norm of the
			 * rates (Kozlov's isotropic friction), not smooth where
			 * they all vanish. A smooth one watched too costs only
			 * a phase end where its rate changes sign. */
			const char *dr = evaluator_get_string(L->dRdqd[i]);
			/* only where ∂R/∂q̇_i depends on q̇_i itself: libmatheval
			 * keeps 0*step(xdot) in ∂R/∂ydot of abs(xdot), which made
			 * a frictionless y a Coulomb coordinate of bound 0 */
			const bool own = uses(L->dRdqd[i], L->qd[i]);
			L->jump[i] = own && strstr(dr, "step(") != NULL;
			L->nonsmooth[i] =
				own && (L->jump[i] || strstr(dr, "sqrt(") || strstr(dr, "abs("));
		}
		for (size_t j = 0; j < n; j++) {
			L->M[i][j] = evaluator_derivative(L->p[i], L->qd[j]);
			L->dpdq[i][j] = evaluator_derivative(L->p[i], L->q[j]);
		}
	}
	/* a contact is not smooth where its motion (vx, vy, w) vanishes: its
	 * rates are watched, and at rest together take the test on the norm */
	for (size_t i = 0; i < n; i++)
		L->nonsmooth[i] |= L->in_contact[i];
	for (size_t i = 0; i < n; i++) {
		bool in_kink = false;
		for (size_t k = 0; k < L->nkink; k++)
			in_kink |= L->kink[k].a[i] != NULL;
		if (L->nonsmooth[i] && !L->jump[i] && !in_kink)
			L->group[L->ngroup++] = i;
	}
	if (L->ngroup < 2)
		L->ngroup = 0;
	if (coordinate_kinks(L, line, col, d))
		goto fail;
	L->uses_t = uses(L->T, "t") || (L->V && uses(L->V, "t")) || (L->R && uses(L->R, "t"));
	for (size_t c = 0; c < L->ncontact; c++)
		for (size_t k = 0; k < CA_N_ARGS; k++)
			L->uses_t |= uses(L->contact[c].arg[k], "t");
	/* the results */
	L->nextra = lt->nresults;
	L->extra = xcalloc(lt->nresults + 1, sizeof(void *));
	const size_t nr = 2 * n + R_NFIXED + lt->nresults;
	L->results = xcalloc(nr, sizeof(*L->results));
	size_t r = 0;
	for (size_t i = 0; i < n; i++) {
		int k = find_file_param(lt, keepf(L, "%s0", L->q[i]));
		const char *u =
			k >= 0 && lt->param_unit[k] ? keepf(L, "%s", lt->param_unit[k]) : "";
		int kd = find_file_param(lt, keepf(L, "%sdot0", L->q[i]));
		const char *ud =
			kd >= 0 && lt->param_unit[kd] ? keepf(L, "%s", lt->param_unit[kd]) : "";
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
		"when all motion stopped for good, or the stop expression ended the run (nan: "
		"it had not by tmax)");
	L->results[r++] = (struct result_spec)RESULT_NUMBER("E_start", "J", "T + V at the start");
	L->results[r++] = (struct result_spec)RESULT_NUMBER("E_end", "J", "T + V at the end");
	L->results[r++] = (struct result_spec)RESULT_NUMBER(
		"energy_lost", "J", "E_start - E_end: the work of friction (and of any drive)");
	L->results[r++] = (struct result_spec)RESULT_WORD(
		"outcome", "rests (stopped for good), stops (the stop expression ended the run) or "
			   "moving (at tmax)");
	for (size_t k = 0; k < lt->nresults; k++) {
		for (size_t j = 0; j < r; j++)
			if (!strcmp(L->results[j].name, lt->result_name[k])) {
				*line = lt->result_expr[k].line;
				*col = 0;
				diag_set(d, "[result %s]: model lagrange computes %s itself",
					 lt->result_name[k], lt->result_name[k]);
				goto fail;
			}
		if (!lt->result_expr[k].text) {
			*line = lt->result_expr[k].line;
			*col = 0;
			diag_set(d, "[result %s] needs 'expr = ...'", lt->result_name[k]);
			goto fail;
		}
		if (!(L->extra[k] = compile(L, &lt->result_expr[k], true, lt->result_name[k], line,
					    col, d)))
			goto fail;
		L->results[r++] = (struct result_spec){
			.name = keepf(L, "%s", lt->result_name[k]),
			.kind = VAL_NUMBER,
			.unit = lt->result_unit[k] ? keepf(L, "%s", lt->result_unit[k]) : "",
			.doc = lt->result_doc[k] ? keepf(L, "%s", lt->result_doc[k])
						 : keepf(L, "%s at the end of the run",
							 lt->result_expr[k].text),
		};
	}
	L->model.results = L->results;
	L->model.nresults = r;
	L->model.name = "lagrange";
	L->model.summary = "a system stated by T, V and R in the exercise file";
	L->model.solve = lagr_solve;
	L->model.ctx = L;
	if (derivation_checks(L, lt, line, col, d))
		goto fail;
	return &L->model;
fail:
	lagrange_model_free(&L->model);
	return NULL;
}

/* ---- readable derivatives ------------------------------------------------- */

/* libmatheval's derivatives come unsimplified, ((0*x)+(m*(2*xdot)))*2)/4;
 * `steps` shows them after the obvious simplifications: terms and factors
 * of 0 and 1 dropped, numbers multiplied together, the parentheses that
 * precedence makes needless left out. Text for people only: the numbers
 * are computed from libmatheval's own trees. */
struct sn {
	char op; /* '+', '-', '*', '/', '^', 'n' (negation), 'f' (function), 'c', 'v' */
	double c;
	char name[40];
	struct sn *a, *b;
};

static struct sn *sn_new(char op)
{
	struct sn *n = xcalloc(1, sizeof(*n));
	n->op = op;
	return n;
}

static void sn_free(struct sn *n)
{
	if (!n)
		return;
	sn_free(n->a);
	sn_free(n->b);
	free(n);
}

static struct sn *sn_num(double c)
{
	struct sn *n = sn_new('c');
	n->c = c;
	return n;
}

static struct sn *sn_bin(char op, struct sn *a, struct sn *b)
{
	struct sn *n = sn_new(op);
	n->a = a;
	n->b = b;
	return n;
}

static struct sn *sn_sum(const char **p);

static void sn_skip(const char **p)
{
	while (**p == ' ')
		(*p)++;
}

static struct sn *sn_atom(const char **p)
{
	sn_skip(p);
	if (**p == '(') {
		(*p)++;
		struct sn *n = sn_sum(p);
		sn_skip(p);
		if (**p == ')')
			(*p)++;
		return n;
	}
	if (**p == '-') {
		(*p)++;
		struct sn *n = sn_new('n');
		n->a = sn_atom(p);
		return n;
	}
	if ((**p >= '0' && **p <= '9') || **p == '.') {
		char *end;
		double c = strtod(*p, &end);
		*p = end;
		return sn_num(c);
	}
	struct sn *n = sn_new('v');
	size_t k = 0;
	while (((**p >= 'a' && **p <= 'z') || (**p >= 'A' && **p <= 'Z') ||
		(**p >= '0' && **p <= '9') || **p == '_') &&
	       k + 1 < sizeof(n->name))
		n->name[k++] = *(*p)++;
	if (!k && **p) /* anything else: skip it */
		(*p)++;
	sn_skip(p);
	if (**p == '(') {
		(*p)++;
		n->op = 'f';
		n->a = sn_sum(p);
		sn_skip(p);
		if (**p == ')')
			(*p)++;
	}
	return n;
}

static struct sn *sn_pow(const char **p)
{
	struct sn *a = sn_atom(p);
	sn_skip(p);
	if (**p == '^') {
		(*p)++;
		return sn_bin('^', a, sn_atom(p));
	}
	return a;
}

static struct sn *sn_prod(const char **p)
{
	struct sn *a = sn_pow(p);
	for (;;) {
		sn_skip(p);
		if (**p != '*' && **p != '/')
			return a;
		char op = *(*p)++;
		a = sn_bin(op, a, sn_pow(p));
	}
}

static struct sn *sn_sum(const char **p)
{
	struct sn *a = sn_prod(p);
	for (;;) {
		sn_skip(p);
		if (**p != '+' && **p != '-')
			return a;
		char op = *(*p)++;
		a = sn_bin(op, a, sn_prod(p));
	}
}

static bool is_num(const struct sn *n, double c)
{
	return n->op == 'c' && n->c == c;
}

/* Gathers the factors of a product/quotient: numbers into *coef, the rest
 * into num[] and den[] (taken out of the tree). */
static void gather(struct sn *n, bool up, double *coef, struct sn **num, size_t *nn,
		   struct sn **den, size_t *nd)
{
	if (n->op == '*' || n->op == '/') {
		gather(n->a, up, coef, num, nn, den, nd);
		gather(n->b, n->op == '*' ? up : !up, coef, num, nn, den, nd);
		n->a = n->b = NULL;
		sn_free(n);
		return;
	}
	if (n->op == 'n') {
		*coef = -*coef;
		struct sn *a = n->a;
		n->a = NULL;
		sn_free(n);
		gather(a, up, coef, num, nn, den, nd);
		return;
	}
	if (n->op == 'c') {
		*coef = up ? *coef * n->c : *coef / n->c;
		sn_free(n);
		return;
	}
	if (up && *nn < 32)
		num[(*nn)++] = n;
	else if (!up && *nd < 32)
		den[(*nd)++] = n;
	else
		sn_free(n); /* not reached: 32 factors */
}

static struct sn *sn_simplify(struct sn *n)
{
	if (n->a)
		n->a = sn_simplify(n->a);
	if (n->b)
		n->b = sn_simplify(n->b);
	struct sn *a = n->a, *b = n->b, *r = NULL;
	switch (n->op) {
	case 'n':
		if (a->op == 'c')
			r = sn_num(-a->c);
		else if (a->op == 'n') {
			r = a->a;
			a->a = NULL;
		}
		break;
	case '+':
	case '-':
		/* libmatheval's derivative of abs(x): 2*step(x) - 1, the sign */
		if (n->op == '-' && is_num(b, 1) && a->op == '*' && is_num(a->a, 2) &&
		    a->b->op == 'f' && !strcmp(a->b->name, "step")) {
			r = a->b;
			a->b = NULL;
			snprintf(r->name, sizeof(r->name), "sign");
		} else if (a->op == 'c' && b->op == 'c')
			r = sn_num(n->op == '+' ? a->c + b->c : a->c - b->c);
		else if (is_num(b, 0)) {
			r = a;
			n->a = NULL;
		} else if (is_num(a, 0)) {
			if (n->op == '+') {
				r = b;
				n->b = NULL;
			} else {
				r = sn_new('n');
				r->a = b;
				n->b = NULL;
				return sn_free(n), sn_simplify(r);
			}
		} else if (b->op == 'n') { /* a + -c, a - -c */
			n->op = n->op == '+' ? '-' : '+';
			n->b = b->a;
			b->a = NULL;
			sn_free(b);
			return n;
		} else if (b->op == 'c' && b->c < 0) {
			n->op = n->op == '+' ? '-' : '+';
			b->c = -b->c;
			return n;
		}
		break;
	case '*':
	case '/': {
		double coef = 1;
		struct sn *num[32], *den[32];
		size_t nn = 0, nd = 0;
		gather(n, true, &coef, num, &nn, den, &nd);
		if (coef == 0 || !isfinite(coef)) {
			for (size_t i = 0; i < nn; i++)
				sn_free(num[i]);
			for (size_t i = 0; i < nd; i++)
				sn_free(den[i]);
			return sn_num(coef);
		}
		/* the number as a fraction p/q with a small q where it is one
		 * (1/3, not 0.333333333333) */
		double p = fabs(coef), q = 1;
		for (int k = 1; k <= 100; k++)
			if (fabs(p * k - nearbyint(p * k)) <= 1e-12 * p * k &&
			    nearbyint(p * k) >= 1) {
				q = k;
				p = nearbyint(p * k);
				break;
			}
		if (q == 1)
			p = fabs(coef);
		struct sn *top = NULL;
		if (p != 1 || !nn)
			top = sn_num(p);
		for (size_t i = 0; i < nn; i++)
			top = top ? sn_bin('*', top, num[i]) : num[i];
		for (size_t i = 0; i < nd; i++)
			top = sn_bin('/', top, den[i]);
		if (q != 1)
			top = sn_bin('/', top, sn_num(q));
		if (coef < 0) {
			r = sn_new('n');
			r->a = top;
			return r;
		}
		return top;
	}
	case '^':
		if (is_num(b, 1)) {
			r = a;
			n->a = NULL;
		} else if (is_num(b, 0))
			r = sn_num(1);
		break;
	}
	if (r) {
		sn_free(n);
		return r;
	}
	return n;
}

static int prec(const struct sn *n)
{
	switch (n->op) {
	case '+':
	case '-':
		return 1;
	case '*':
	case '/':
		return 2;
	case 'n':
		return 3;
	case '^':
		return 4;
	default:
		return 5;
	}
}

static void sn_print(const struct sn *n, struct strbuf *out);

static void sn_child(const struct sn *c, int need, struct strbuf *out)
{
	if (prec(c) < need || (c->op == 'c' && c->c < 0 && need > 1)) {
		strbuf_addf(out, "(");
		sn_print(c, out);
		strbuf_addf(out, ")");
	} else {
		sn_print(c, out);
	}
}

static void sn_print(const struct sn *n, struct strbuf *out)
{
	char buf[32];
	switch (n->op) {
	case 'c':
		text_format_number(n->c, buf, sizeof(buf));
		strbuf_addf(out, "%s", buf);
		return;
	case 'v':
		strbuf_addf(out, "%s", n->name);
		return;
	case 'f':
		strbuf_addf(out, "%s(", n->name);
		sn_print(n->a, out);
		strbuf_addf(out, ")");
		return;
	case 'n':
		strbuf_addf(out, "-");
		sn_child(n->a, 4, out);
		return;
	case '^':
		sn_child(n->a, 5, out);
		strbuf_addf(out, "^");
		sn_child(n->b, 5, out);
		return;
	default: {
		const int p = prec(n);
		sn_child(n->a, p, out);
		strbuf_addf(out, n->op == '+' || n->op == '-' ? " %c " : "%c", n->op);
		/* a - (b + c), a/(b*c): the right side binds tighter */
		sn_child(n->b, p + (n->op == '-' || n->op == '/' ? 1 : 0), out);
		return;
	}
	}
}

/* The text of libmatheval's `src` simplified, into out. */
static void readable(const char *src, struct strbuf *out)
{
	const char *p = src;
	struct sn *n = sn_simplify(sn_sum(&p));
	sn_print(n, out);
	sn_free(n);
}

const char *lagr_readable_of(void *f, struct strbuf *out)
{
	strbuf_reset(out);
	readable(evaluator_get_string(f), out);
	return out->buf;
}

void lagr_derivation_steps(const struct lagr *L, struct strbuf *s)
{
	if (!s)
		return;
	const size_t n = L->nq;
	struct strbuf c = STRBUF_INIT, r = STRBUF_INIT;
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&c, "%s%s", i ? ", " : "", L->q[i]);
	model_step(s, "Coordinates: %s (their rates: the same names with 'dot').", c.buf);
	strbuf_release(&c);
	model_step(s, "T = %s", L->src_T);
	model_step(s, "V = %s", L->src_V ? L->src_V : "0");
	model_step(s, "R = %s", L->src_R ? L->src_R : "0");
	for (size_t k = 0; k < L->ncontact; k++) {
		const struct lcontact *lc = &L->contact[k];
		const bool closed = lc->shape == SHAPE_DISK || lc->pressure == PRESSURE_UNIFORM;
		model_step(s,
			   "R contains Minguzzi's contact integral %s for a %s of radius %s "
			   "under %s pressure: its forces come from eq. (17)-(18) %s, the "
			   "chain rule through (vx, vy, w) = (%s, %s, %s): dR/dqdot_i = -(Qx "
			   "dvx/dqdot_i + Qy dvy/dqdot_i + Qtheta dw/dqdot_i).",
			   lc->text, lc->shape == SHAPE_RING ? "ring" : "disk",
			   evaluator_get_string(lc->arg[CA_R]),
			   lc->pressure == PRESSURE_REYE ? "Reye's" : "uniform",
			   closed ? "in closed form under Coulomb friction (complete elliptic "
				    "integrals, as model disk-slide has them)"
				  : "by quadrature (contact_eval)",
			   evaluator_get_string(lc->arg[CA_VX]),
			   evaluator_get_string(lc->arg[CA_VY]),
			   evaluator_get_string(lc->arg[CA_W]));
	}
	model_step(s, "Lagrange's equations: d/dt dT/dqdot - dT/dq + dV/dq = -dR/dqdot, that is");
	model_step(s, "  sum_j M_ij qddot_j = Q_i,  M = d2T/dqdot2 (the mass matrix),");
	model_step(s, "  Q_i = dT/dq_i - dV/dq_i - dR/dqdot_i - sum_j d2T/dqdot_i dq_j qdot_j - "
		      "d2T/dqdot_i dt.");
	for (size_t i = 0; i < n; i++)
		model_step(s, "dT/d%s = %s", L->qd[i], lagr_readable_of(L->p[i], &r));
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			model_step(s, "M[%s][%s] = %s", L->q[i], L->q[j],
				   lagr_readable_of(L->M[i][j], &r));
	for (size_t i = 0; i < n; i++) {
		struct strbuf e = STRBUF_INIT;
		strbuf_addf(&e, "(%s)", evaluator_get_string(L->dTdq[i]));
		if (L->dVdq[i])
			strbuf_addf(&e, " - (%s)", evaluator_get_string(L->dVdq[i]));
		if (L->dRdqd[i])
			strbuf_addf(&e, " - (%s)", evaluator_get_string(L->dRdqd[i]));
		for (size_t j = 0; j < n; j++)
			strbuf_addf(&e, " - (%s)*%s", evaluator_get_string(L->dpdq[i][j]),
				    L->qd[j]);
		strbuf_addf(&e, " - (%s)", evaluator_get_string(L->dpdt[i]));
		strbuf_reset(&r);
		readable(e.buf, &r);
		const bool zero = !strcmp(r.buf, "0");
		model_step(s, "Generalized force Q_%s = %s%s%s", L->q[i],
			   zero && L->in_contact[i] ? "" : r.buf,
			   L->in_contact[i] && !zero ? " + " : "",
			   L->in_contact[i] ? "the contact's, eq. (18) by the chain rule" : "");
		if (strstr(r.buf, "sign("))
			model_step(s,
				   "  (sign(v) is 1 for v > 0 and -1 for v < 0: the derivative of "
				   "|v|)");
		strbuf_release(&e);
		struct strbuf lhs = STRBUF_INIT;
		for (size_t j = 0; j < n; j++) {
			strbuf_reset(&r);
			lagr_readable_of(L->M[i][j], &r);
			if (!strcmp(r.buf, "0"))
				continue;
			const bool one = !strcmp(r.buf, "1"), sum = strpbrk(r.buf, "+-/") != NULL;
			strbuf_addf(&lhs, "%s%s%s%s%s%sddot", lhs.len ? " + " : "", sum ? "(" : "",
				    one ? "" : r.buf, sum ? ")" : "", one ? "" : "*", L->q[j]);
		}
		model_step(s, "Equation of motion of %s: %s = Q_%s", L->q[i], lhs.buf, L->q[i]);
		strbuf_release(&lhs);
		if (L->nonsmooth[i])
			model_step(s,
				   "R is not smooth at %s = 0 (dR/d%s has a %s there): a phase "
				   "ends when %s reaches 0, and %s rests while the other forces "
				   "on it stay within half the jump of dR/d%s (for R = c|%s|: "
				   "|force| <= c); otherwise it restarts in the force's sense.",
				   L->qd[i], L->qd[i],
				   L->jump[i]	      ? "step"
				   : L->in_contact[i] ? "contact integral's kink"
						      : "root or an abs",
				   L->qd[i], L->q[i], L->qd[i], L->qd[i]);
	}
	strbuf_release(&r);
}
