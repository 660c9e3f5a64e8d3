/* Model painleve's figures (painleve_rod.h): the run's figures from its
 * record, and the critical coefficient of friction against the angle. */
#include <float.h>
#include <gsl/gsl_complex_math.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <string.h>

#include "dyn/law.h"
#include "dyn/phase.h"
#include "models/model.h"
#include "models/painleve_rod.h"
#include "num/num.h"
#include "num/ode.h"
#include "num/roots.h"
#include "util/xalloc.h"

/* ---- figures -------------------------------------------------------------- */

/* The run as a table (θ in degrees, as the model's parameter; y = 0 on the
 * rigid line) and its figures, each phase of the contact its own line. */
void rod_run_figures(struct figures *fs, const struct record *tr, bool compliant,
		     const struct run *run)
{
	struct table *t = figures_table(
		fs, "run",
		"t [s]|x [m]|theta [deg]|y [m]|xdot [m/s]|thetadot "
		"[rad/s]|lambda [N]|phase (0 back/1 fwd/2 slide/3 rest/4 off)|F_x [N]");
	for (size_t i = 0; i < tr->n; i++) {
		const double *q = record_row(tr, i);
		double row[9];
		if (compliant)
			row[0] = tr->t[i], row[1] = q[0], row[2] = q[1], row[3] = q[2],
			row[4] = q[3], row[5] = q[4], row[6] = q[6], row[7] = q[7], row[8] = q[8];
		else
			row[0] = tr->t[i], row[1] = q[0], row[2] = q[1], row[3] = 0.0,
			row[4] = q[2], row[5] = q[3], row[6] = q[4], row[7] = q[5], row[8] = q[6];
		row[2] = row[2] * 180 / M_PI; /* as theta_end is */
		table_row(t, row);
	}
	struct figure *f =
		figure_add(fs, "angle", "Angle θ(t) of the rod to the line", "t [s]", "θ [deg]");
	figure_curves_by_phase(f, t, 0, 2, 7, rod_phase_label, PH_N);
	if (isfinite(run->t_slip))
		curve_point(figure_curve(f, "the foot starts to slip", CURVE_POINTS), run->t_slip,
			    run->th_slip * 180 / M_PI);
	f = figure_add(fs, "position", "Position x(t) of the contact point m1", "t [s]", "x [m]");
	figure_curves_by_phase(f, t, 0, 1, 7, rod_phase_label, PH_N);
	f = figure_add(fs, "reaction",
		       compliant ? "Normal force N(t) of the compliant contact (spring and damper)"
				 : "Normal reaction λ(t) at the contact",
		       "t [s]", "λ [N]");
	figure_curves_by_phase(f, t, 0, 6, 7, rod_phase_label, PH_N);
	if (isfinite(run->t_slip))
		curve_point(figure_curve(f, "the foot starts to slip", CURVE_POINTS), run->t_slip,
			    run->lambda_slip);
	f = figure_add(fs, "rates", "Sliding velocity ẋ(t) and turning rate θ̇(t)", "t [s]",
		       "ẋ [m/s], θ̇ [rad/s]");
	enum curve_style st = t->nrows > 1 ? CURVE_LINE : CURVE_POINTS;
	figure_curve_from(f, "ẋ [m/s]", st, t, 0, 4);
	figure_curve_from(f, "θ̇ [rad/s]", st, t, 0, 5);
	if (compliant) {
		f = figure_add(fs, "height",
			       "Height y(t) of the contact point (below 0 the spring is pressed)",
			       "t [s]", "y [m]");
		figure_curves_by_phase(f, t, 0, 3, 7, rod_phase_label, PH_N);
	}
}

/* μ_crit(θ) of the classical law over the quarter where the paradox can
 * be (0 < θ < 90° sliding back, 90° < θ < 180° sliding forward), up to the
 * figure's top, where m1 t² − m2 μ t + (m1 + m2) = 0 (t = |tanθ|) gives the
 * ends; above it, the region where D < 0: no solution, or two. */
void rod_mu_crit_figure(struct figures *fs, const struct rod *r, double th0_deg, double mu,
			double mu_min, double th_min)
{
	const double th0 = th0_deg * M_PI / 180;
	enum { NPTS = 401 };
	const bool back = th0 <= M_PI_2;
	const double m1 = r->m1, m2 = r->m2;
	double top = 2.5 * mu_min;
	if (rod_classical(r))
		top = fmax(top, 1.25 * mu);
	const double disc = sqrt(fmax(0.0, m2 * m2 * top * top - 4 * m1 * (m1 + m2)));
	double a = atan((m2 * top - disc) / (2 * m1)), b = atan((m2 * top + disc) / (2 * m1));
	if (!back) {
		double a2 = M_PI - b;
		b = M_PI - a;
		a = a2;
	}
	struct table *t = figures_table(fs, "mu_crit", "theta [deg]|mu_crit");
	for (int i = 0; i < NPTS; i++) {
		double th = i == NPTS - 1 ? b : a + (b - a) * i / (NPTS - 1);
		double row[2] = {th * 180 / M_PI, rod_mu_crit_at(r, th, back ? -1.0 : 1.0)};
		table_row(t, row);
	}
	struct figure *f = figure_add(
		fs, "mu_crit",
		back ? "Painlevé's paradox: μ_crit(θ) of the classical law, sliding with ẋ < 0"
		     : "Painlevé's paradox: μ_crit(θ) of the classical law, sliding with ẋ > 0",
		"θ [deg]", "μ");
	f->xmin = back ? 0 : 90;
	f->xmax = back ? 90 : 180;
	f->ymin = 0;
	f->ymax = top;
	struct curve *c = figure_curve(f, "paradox (D < 0: no solution, or two)", CURVE_FILL);
	for (size_t i = 0; i < t->nrows; i++)
		curve_band(c, table_at(t, i, 0), fmin(table_at(t, i, 1), top), top);
	figure_curve_from(f, "μ_crit(θ)", CURVE_LINE, t, 0, 1);
	c = figure_curve(f, "least μ_crit", CURVE_POINTS);
	curve_point(c, (back ? th_min : M_PI - th_min) * 180 / M_PI, mu_min);
	if (rod_classical(r)) {
		const double crit = rod_mu_crit_at(r, th0, back ? -1.0 : 1.0);
		c = figure_curve(f,
				 r->law == LAW_PROJECTED
					 ? (mu > crit
						    ? "this exercise (θ, μ): paradox for the "
						      "classical law, none projected (4.3)"
						    : "this exercise (θ, μ): no paradox, classical "
						      "or projected (4.3)")
				 : mu > crit ? "this exercise (θ, μ), in the paradox region"
					     : "this exercise (θ, μ), outside the paradox region",
				 CURVE_POINTS);
		curve_point(c, th0_deg, mu);
	}
}

/* A solve's figures drawn when they are first looked at (figures_later):
 * from its record, moved here with the rod and the run as the solve left
 * them, never from a second run. */
struct rod_later {
	struct rod r;
	struct record tr;
	struct run run;
	bool compliant;
	double th0_deg, mu_min, th_min;
};

static void rod_later_draw(struct figures *fs, void *p)
{
	struct rod_later *l = p;
	record_extras(&l->tr, &l->r);
	/* a run that is its first point alone (the paradox: no motion to
	 * follow) draws μ_crit(θ) first, where the state is marked */
	if (l->tr.n <= 1)
		rod_mu_crit_figure(fs, &l->r, l->th0_deg, l->r.mu, l->mu_min, l->th_min);
	rod_run_figures(fs, &l->tr, l->compliant, &l->run);
	if (l->tr.n > 1)
		rod_mu_crit_figure(fs, &l->r, l->th0_deg, l->r.mu, l->mu_min, l->th_min);
}

static void rod_later_drop(void *p)
{
	struct rod_later *l = p;
	record_release(&l->tr);
	free(l);
}

void rod_figures_later(struct figures *fs, const struct rod *r, struct record *tr, bool compliant,
		       const struct run *run, double th0_deg, double mu_min, double th_min)
{
	struct rod_later *l = xmalloc(sizeof(*l));
	*l = (struct rod_later){.r = *r,
				.tr = *tr,
				.run = *run,
				.compliant = compliant,
				.th0_deg = th0_deg,
				.mu_min = mu_min,
				.th_min = th_min};
	l->r.d = NULL; /* the solve's diag: the drawing reports nothing */
	*tr = (struct record){0};
	figures_later(fs, rod_later_draw, rod_later_drop, l);
}
