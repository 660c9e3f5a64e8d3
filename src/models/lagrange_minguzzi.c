/* Model lagrange's contact(...) terms of R: Minguzzi's contact integral
 * (models/contact.h), its arguments compiled at load and its R and forces
 * at each evaluation. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/contact.h"
#include "models/lagrange_sys.h"
#include "num/sym.h"
#include "util/xalloc.h"

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

/* Takes each contact(...) call out of R's text e: its arguments compiled
 * into L->contact[], the call replaced by 0 (padded with blanks, so that
 * the columns of the rest stay where they were) in *smooth, which the
 * caller frees. -1 with d, line and col. */
int lagr_split_contacts(struct lagr *L, const struct lagrange_expr *e, char **smooth, int *line,
			int *col, struct diag *d)
{
	static const char *const shapes[] = {"disk", "ring", NULL};
	static const char *const pressures[] = {"uniform", "reye", NULL};
	const char *t = e->text;
	char *out = xstrdup(t);
	*smooth = out;
	for (size_t k = 0; t[k];) {
		if (strncmp(t + k, "contact", 7) || (k && lagr_ident_char(t[k - 1])) ||
		    lagr_ident_char(t[k + 7])) {
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
		lc->text = lagr_keep(L, xstrndup(t + k, end + 1 - k));
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
			size_t from = cut[which[a]], to = cut[which[a] + 1] - 1;
			while (from < to && (t[from] == ' ' || t[from] == '\t'))
				from++;
			while (to > from && (t[to - 1] == ' ' || t[to - 1] == '\t'))
				to--;
			char *text = xstrndup(t + from, to - from);
			const struct lagrange_expr ae = {text, e->line, e->col + (int)from};
			char what[32];
			snprintf(what, sizeof(what), "contact's %s", contact_arg_name[a]);
			lc->arg[a] = lagr_compile(L, &ae, a >= CA_VX, what, line, col, d);
			free(text);
			if (!lc->arg[a])
				return -1;
		}
		for (size_t m = 0; m < 3; m++)
			for (size_t i = 0; i < L->nq; i++)
				if (sym_uses(lc->arg[CA_VX + m], L->qd[i])) {
					lc->dv[m][i] = lagr_deriv(L, lc->arg[CA_VX + m], L->qd[i]);
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
static int contact_at(const struct lagr *L, const struct lcontact *lc, const double *a, double *R,
		      double Q[3], struct diag *d)
{
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
	/* at rest by the rates themselves: r |w| underflows where w is
	 * denormal, and a spin of 5e-324 rad/s still stops (at once) */
	const double vxy = hypot(a[CA_VX], a[CA_VY]);
	const double s = fmax(vxy, a[CA_R] * fabs(a[CA_W]));
	if ((vxy == 0 && a[CA_W] == 0) || a[CA_MU] == 0 || a[CA_N] == 0)
		return 0;
	if (lc->shape == SHAPE_DISK || lc->pressure == PRESSURE_UNIFORM) {
		/* in closed form, as model disk-slide has it: the force along -u
		 * and the torque against w, turning about the point at e r */
		const double v = vxy, rw = a[CA_R] * fabs(a[CA_W]);
		const double muN = a[CA_MU] * a[CA_N];
		double F, T;
		if (v == 0) {
			F = 0;
			T = lc->shape == SHAPE_RING	       ? 1.0
			    : lc->pressure == PRESSURE_UNIFORM ? 2.0 / 3
							       : 0.5;
		} else if (rw == 0) { /* w = 0, or r w below the least double */
			F = 1;
			T = 0;
		} else {
			contact_coulomb_closed(L->gl, lc->shape, lc->pressure, v / rw, &F, &T);
		}
		*R = muN * (F * v + T * rw);
		/* the direction first: muN vx underflows where vx is denormal
		 * (a coin at 5e-324 m/s slid on unbraked after its spin stopped) */
		Q[0] = v > 0 ? -muN * F * (a[CA_VX] / v) : 0.0;
		Q[1] = v > 0 ? -muN * F * (a[CA_VY] / v) : 0.0;
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
	/* scaled to 1; a spin whose r w underflows, along its sense */
	const struct contact_motion m =
		s > 0 ? (struct contact_motion){a[CA_VX] / s, a[CA_VY] / s, a[CA_W] / s}
		      : (struct contact_motion){0, 0, copysign(1 / a[CA_R], a[CA_W])};
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
		double Rc, Q[3], a[CA_N_ARGS + 3 * NQ];
		sym_prog_run(lc->code, vals, a);
		if (contact_at(L, lc, a, &Rc, Q, d))
			return -1;
		*R += Rc;
		const double *dv = a + CA_N_ARGS;
		for (size_t i = 0; dR && i < L->nq; i++)
			for (size_t m = 0; m < 3; m++)
				if (lc->dv[m][i])
					dR[i] -= Q[m] * dv[m * L->nq + i];
	}
	return 0;
}
