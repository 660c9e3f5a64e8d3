/* Model lagrange's worked derivation (`steps`): Lagrange's equations of
 * the file's T, V and R, written out once at the first solve that asks. */
#include <string.h>

#include "models/lagrange_sys.h"
#include "models/model.h"
#include "num/sym.h"
#include "util/strbuf.h"

static void derivation(const struct lagr *L, struct strbuf *s)
{
	const size_t n = L->nq;
	struct strbuf c = STRBUF_INIT, r = STRBUF_INIT;
	struct strbuf dots = STRBUF_INIT;
	for (size_t i = 0; i < n; i++) {
		strbuf_addf(&c, "%s%s", i ? ", " : "", L->q[i]);
		strbuf_addf(&dots, "%s%s", i ? ", " : "", L->qd[i]);
	}
	model_step(s,
		   "Coordinates q = (%s); their rates are written %s, and an acceleration "
		   "with 'ddot'.",
		   c.buf, dots.buf);
	strbuf_release(&dots);
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
			   sym_text(lc->arg[CA_R]),
			   lc->pressure == PRESSURE_REYE ? "Reye's" : "uniform",
			   closed ? "in closed form under Coulomb friction (complete elliptic "
				    "integrals, as model disk-slide has them)"
				  : "by quadrature (contact_eval)",
			   sym_text(lc->arg[CA_VX]), sym_text(lc->arg[CA_VY]),
			   sym_text(lc->arg[CA_W]));
	}
	for (size_t k = 0; k < L->ndecl; k++) {
		const struct ldecl *dc = &L->decl[k];
		if (dc->normal != SIZE_MAX) {
			lagr_normal_steps(L, dc, s);
			continue;
		}
		model_step(s,
			   "[contact %s], law %s: slip w = %s, normal force N = %s, mu = %s. "
			   "While it slides its friction is the force -mu N sign(w) dw/dqdot_i "
			   "on each q_i, applied as it is (as a term mu N |w| of R, a rate in "
			   "N would add the force -mu |w| dN/dqdot); at w = 0 it sticks while "
			   "the force holding it stays within mu N. Where N reaches 0 the "
			   "contact would lift off: the run ends there.",
			   dc->name, dc->law, dc->src_w, dc->src_N, sym_text(dc->mu));
		if (!strcmp(dc->law, LAW_NAME_PROJECTED))
			model_step(s,
				   "  Painlevé's projected law (4.3) in independent coordinates: "
				   "the projection changes the classical force along the "
				   "constraint's normal only, which these coordinates have "
				   "eliminated, so it is Coulomb's force with N the frictionless "
				   "normal reaction, as the file declares it.");
	}
	model_step(s, "Lagrange's equations: d/dt dT/dqdot - dT/dq + dV/dq = -dR/dqdot, that is");
	model_step(s, "  sum_j M_ij qddot_j = Q_i,  M = d2T/dqdot2 (the mass matrix),");
	model_step(s, "  Q_i = dT/dq_i - dV/dq_i - dR/dqdot_i - sum_j d2T/dqdot_i dq_j qdot_j - "
		      "d2T/dqdot_i dt.");
	for (size_t i = 0; i < n; i++)
		model_step(s, "dT/d%s = %s", L->qd[i], sym_readable_of(L->p[i], &r));
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			model_step(s, "M[%s][%s] = %s", L->q[i], L->q[j],
				   sym_readable_of(L->M[i][j], &r));
	for (size_t i = 0; i < n; i++) {
		struct strbuf e = STRBUF_INIT;
		strbuf_addf(&e, "(%s)", sym_text(L->dTdq[i]));
		if (L->dVdq[i])
			strbuf_addf(&e, " - (%s)", sym_text(L->dVdq[i]));
		if (L->dRdqd[i])
			strbuf_addf(&e, " - (%s)", sym_text(L->dRdqd[i]));
		for (size_t j = 0; j < n; j++)
			strbuf_addf(&e, " - (%s)*%s", sym_text(L->dpdq[i][j]), L->qd[j]);
		strbuf_addf(&e, " - (%s)", sym_text(L->dpdt[i]));
		strbuf_reset(&r);
		sym_readable(e.buf, &r);
		const bool zero = !strcmp(r.buf, "0");
		model_step(s, "Generalized force Q_%s = %s%s%s", L->q[i],
			   zero && L->in_contact[i] ? "" : r.buf,
			   L->in_contact[i] && !zero ? " + " : "",
			   L->in_contact[i] ? "the contact's force, by eq. (18) and the chain rule"
					    : "");
		for (size_t k = 0; k < L->ndecl; k++)
			if (L->decl[k].a[i] && L->decl[k].normal == SIZE_MAX)
				model_step(s, "  plus [contact %s]'s friction -mu N sign(w)*(%s)",
					   L->decl[k].name, sym_readable_of(L->decl[k].a[i], &r));
		if (strstr(r.buf, "sign("))
			model_step(s,
				   "  (sign(v) is 1 for v > 0 and -1 for v < 0: the derivative of "
				   "|v|)");
		strbuf_release(&e);
		struct strbuf lhs = STRBUF_INIT;
		for (size_t j = 0; j < n; j++) {
			strbuf_reset(&r);
			sym_readable_of(L->M[i][j], &r);
			if (!strcmp(r.buf, "0"))
				continue;
			const bool one = !strcmp(r.buf, "1"), sum = strpbrk(r.buf, "+-/") != NULL;
			strbuf_addf(&lhs, "%s%s%s%s%s%sddot", lhs.len ? " + " : "", sum ? "(" : "",
				    one ? "" : r.buf, sum ? ")" : "", one ? "" : "*", L->q[j]);
		}
		model_step(s, "Equation of motion of %s: %s = Q_%s", L->q[i], lhs.buf, L->q[i]);
		strbuf_release(&lhs);
		if (L->nonsmooth[i] && !lagr_normal_watch_step(L, i, s))
			model_step(s, "R is not smooth at %s = 0 (dR/d%s has a %s there).",
				   L->qd[i], L->qd[i],
				   L->jump[i]	      ? "step"
				   : L->in_contact[i] ? "contact integral's kink"
						      : "root or an abs");
	}
	for (size_t i = 0; i < n; i++)
		if (L->nonsmooth[i]) {
			model_step(s,
				   "Where R is not smooth, a phase ends when the rate reaches 0, "
				   "and the coordinate rests while the other forces on it stay "
				   "within half the jump of R's derivative there (for R = c|qdot|: "
				   "|force| <= c); otherwise it restarts in the force's sense.");
			break;
		}
	strbuf_release(&r);
}

void lagr_derivation_steps(const struct model *m, struct strbuf *s)
{
	const struct lagr *L = m->ctx;
	if (!L->derivation) { /* a fifth of 'load coin-lagrange; solve', written once */
		struct strbuf t = STRBUF_INIT;
		derivation(L, &t);
		((struct lagr *)L)->derivation = strbuf_detach(&t);
	}
	strbuf_addstr(s, L->derivation);
}
