/* Model ragulskis: the figures (Figs. 1-4: the motion over the measured
 * period and the law H(u̇)), drawn when first looked at (figures_later). */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dyn/law.h"
#include "dyn/phase.h"
#include "models/model.h"
#include "models/ragulskis_sys.h"
#include "num/budget.h"
#include "num/drylaw.h"
#include "num/num.h"
#include "num/ode.h"
#include "num/roots.h"
#include "num/settle.h"
#include "util/xalloc.h"

/* ---- the figures -------------------------------------------------------- */

/* Figs. 1-4: u, u̇ and ü over two periods from s0 on (t from s0's time),
 * with the friction force H = P sin ωt − c u̇ − k u − m ü that eq. (9)
 * leaves (for Coulomb at rest: the static force). The samples cover the
 * two periods, or, in the steady state, the first, which the second
 * repeats (to the 1e-9 of the steady test): it is drawn again T later. */
static void motion_figures(const struct rg *r, const struct sample *s0, double T, bool steady,
			   struct figures *fs)
{
	struct table *tab =
		figures_table(fs, "motion", "t [s]|u [m]|du [m/s]|ddu [m/s^2]|H [N]|stick");
	for (int rep = 0; rep < (steady ? 2 : 1); rep++)
		for (size_t i = rep; i <= r->ns; i++) {
			const struct sample *q = i ? &r->s[i - 1] : s0;
			if (rep && q->t <= s0->t)
				continue; /* the period's start: the first's end */
			double H = rg_force(r, q->t, q->u) - r->c * q->v - r->m * q->a;
			double stuck = r->coulomb && q->v == 0 && q->a == 0;
			const double row[6] = {q->t - s0->t + rep * T, q->u, q->v, q->a, H, stuck};
			table_row(tab, row);
		}
	static const char *const name[] = {"u", "du", "ddu"};
	static const char *const label[] = {"u [m]", "u̇ [m/s]", "ü [m/s²]"};
	static const char *const title[] = {"Displacement u", "Velocity u̇", "Acceleration ü"};
	char buf[128];
	struct figure *f =
		figure_add(fs, "motion",
			   steady ? "u, u̇ and ü over two periods of the steady state"
				  : "u, u̇ and ü over two periods (the steady state NOT reached)",
			   "t [s], from a period's start", "u [m], u̇ [m/s], ü [m/s²]");
	for (size_t c = 1; c <= 3; c++)
		figure_curve_from(f, label[c - 1], CURVE_LINE, tab, 0, c);
	/* runs overlaid (sweep Delta ... plot): their displacements, the
	 * papers' amplitude curves */
	f->curves[0].family = FAMILY_KEY;
	f->family = xstrdup(steady ? "Displacement u [m] over two steady periods for {runs}"
				   : "Displacement u [m] over two periods for {runs}");
	for (size_t c = 1; c <= 3; c++) {
		snprintf(buf, sizeof buf, "%s over two periods%s", title[c - 1],
			 steady ? " of the steady state" : " (the steady state NOT reached)");
		f = figure_add(fs, name[c - 1], buf, "t [s], from a period's start", label[c - 1]);
		figure_curve_from(f, label[c - 1], CURVE_LINE, tab, 0, c);
	}
	/* the force the friction exerts, against its level h (which law (8)
	 * reaches at |u̇| ≥ Δ, Coulomb's whenever it slips; (10) peaks above) */
	snprintf(buf, sizeof buf, "Friction force H(t) over two periods%s",
		 steady ? " of the steady state" : " (the steady state NOT reached)");
	f = figure_add(fs, "force", buf, "t [s], from a period's start", "H [N]");
	figure_curve_from(f, "H(t) [N]", CURVE_LINE, tab, 0, 4);
	const double t1 = tab->nrows ? table_at(tab, tab->nrows - 1, 0) : 0;
	struct curve *b = figure_curve(f, "±h", CURVE_DASHED);
	curve_point(b, 0, r->law.h);
	curve_point(b, t1, r->law.h);
	curve_point(b, NAN, NAN);
	curve_point(b, 0, -r->law.h);
	curve_point(b, t1, -r->law.h);
}

/* A pair of vertical marks at ±x, one curve (NaN breaks it in two). */
static void marks(struct figure *f, const char *label, double x, double y)
{
	struct curve *c = figure_curve(f, label, CURVE_DASHED);
	curve_point(c, -x, -y);
	curve_point(c, -x, y);
	curve_point(c, NAN, NAN);
	curve_point(c, x, -y);
	curve_point(c, x, y);
}

/* The law H(u̇) of eq. (8) or (10) (or tanh, or Coulomb), sampled densely
 * towards each joint, where a quarter ellipse has its vertical tangent,
 * with the transition's widths marked. */
static void law_figure(const struct rg *r, enum law_id li, double vmax, struct figures *fs)
{
	const struct drylaw *law = &r->law;
	/* u̇ to 2.5 times the law's outermost joint; Coulomb's has none: as far
	 * as the motion goes */
	double outer = law->kind == DRYLAW_ELLIPTIC_PEAK ? law->Delta + 2 * law->Delta_a
		       : law->kind == DRYLAW_COULOMB	 ? 0.4 * vmax
							 : law->Delta;
	if (!(outer > 0))
		outer = 1;
	const double V = 2.5 * outer;
	char buf[128];
	snprintf(buf, sizeof buf, "The friction law H(u̇): %s%s", law_get(li)->title,
		 law->kind == DRYLAW_COULOMB ? " (set-valued at rest)" : "");
	struct figure *f = figure_add(fs, "H", buf, "u̇ [m/s]", "H [N]");
	static const char *const label[LAW_COUNT] = {[LAW_ELLIPTIC] = "H(u̇), law (8)",
						     [LAW_ELLIPTIC_PEAK] = "H(u̇), law (10)",
						     [LAW_COULOMB] =
							     "H(u̇) = h sgn u̇, |H| ≤ h at rest",
						     [LAW_TANH] = "H(u̇) = h tanh(u̇/Δ)"};
	struct curve *c = figure_curve(f, label[li], CURVE_LINE);
	if (law->kind == DRYLAW_COULOMB) {
		curve_point(c, -V, -law->h);
		curve_point(c, 0, -law->h);
		curve_point(c, 0, law->h);
		curve_point(c, V, law->h);
		return;
	}
	double br[10];
	size_t nb = 0;
	br[nb++] = -V;
	double j[8];
	size_t nj = drylaw_joints(law, j, 8);
	for (size_t i = 0; i < nj; i++)
		if (j[i] > -V && j[i] < V)
			br[nb++] = j[i];
	br[nb++] = V;
	const int per = 200;
	for (size_t b = 0; b + 1 < nb; b++)
		for (int i = b ? 1 : 0; i <= per; i++) {
			/* Chebyshev spacing: dense at both ends of the piece */
			double x = br[b] + (br[b + 1] - br[b]) * 0.5 * (1 - cos(M_PI * i / per));
			curve_point(c, x, drylaw_H(law, x));
		}
	const double top =
		1.1 * (law->kind == DRYLAW_ELLIPTIC_PEAK ? law->h * (1 + law->Delta_a / law->Delta)
							 : law->h);
	if (law->kind == DRYLAW_ELLIPTIC_PEAK) {
		marks(f, "u̇ = ±(Δ + Δ_a): the peak h + h_a", law->Delta + law->Delta_a, top);
		marks(f, "u̇ = ±(Δ + 2Δ_a): back to h", law->Delta + 2 * law->Delta_a, top);
	} else {
		marks(f, "u̇ = ±Δ", law->Delta, top);
	}
}

static void ragulskis_figures(const struct rg *r, const struct sample *s0, double T, bool steady,
			      enum law_id li, struct figures *fs)
{
	motion_figures(r, s0, T, steady, fs);
	double vmax = fabs(s0->v);
	for (size_t i = 0; i < r->ns; i++)
		vmax = fmax(vmax, fabs(r->s[i].v));
	law_figure(r, li, vmax, fs);
}

void rg_later_draw(struct figures *fs, void *p)
{
	struct rg_later *l = p;
	struct rg *r = &l->r;
	struct diag d;
	r->ns = 0;
	r->dense = true;
	r->mode = l->mode0;
	r->h_next = 0;
	double tf = l->s0.t, yf[2] = {l->s0.u, l->s0.v};
	/* the run was done once without failing: a failure here (an
	 * interrupt) leaves no figure */
	if (!rg_advance(r, &tf, yf, l->tend, l->step, &d))
		ragulskis_figures(r, &l->s0, l->T, l->steady, l->li, fs);
}

void rg_later_drop(void *p)
{
	struct rg_later *l = p;
	free(l->r.s);
	free(l);
}
