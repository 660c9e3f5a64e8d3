/* Model imachi-1d's figures: Figs. 7-8, the first periods with
 * Imachi's construction, and the limit cycle against τ. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "models/imachi1d_sys.h"
#include "util/xalloc.h"

/* Where the mass leaves the base at τ, which way friction gave out:
 * +1 where dv/dτ − s passed +μ1 (the tangent parallel to C), −1 where it
 * passed −μ1 (C'). */
static int slope_sign(const struct imachi1d *m, double tau)
{
	const double t = fmod(tau, TWO_PI);
	double dv = -m->a * sin(t);
	if (m->graphical) {
		int j = (int)floor(t / m->dt + 1e-9);
		j = j < 0 ? 0 : j >= 2 * m->n ? 2 * m->n - 1 : j;
		dv = chord_slope(m, j);
	}
	return dv - m->s > 0 ? 1 : -1;
}

/* v as the run saw it over [t0, t1]: a cos τ, or the construction's
 * polyline through its nodes (when they are few enough to see). */
static void curve_base(const struct imachi1d *m, struct curve *c, double t0, double t1)
{
	if (m->graphical && m->n <= ARC_NODES) {
		for (long r = lround(t0 / m->dt); r * m->dt <= t1 + 1e-9; r++)
			curve_point(c, r * m->dt, node_v(m, (int)(r % (2 * m->n))));
		return;
	}
	const int per = 256;
	const long nmax = lround((t1 - t0) / TWO_PI * per);
	for (long i = 0; i <= nmax; i++) {
		double t = t0 + (t1 - t0) * (double)i / (double)nmax;
		curve_point(c, t, m->a * cos(t));
	}
}

/* Figs. 7-8 as Imachi draws them by hand: u's points, where its phase
 * changes (it meets v and lands or passes through, or leaves the base at
 * Fig. 8's τ'_2), numbered 0, 1, 2 ... as u_1 at τ_1 in the paper; from
 * each, u runs parallel to B or B' to the next, the line drawn on past it;
 * where the mass leaves the base the tangent to v is parallel to C or C'.
 * The first periods, from u0. */
static void construction_figure(const struct imachi1d *m, struct figures *fs, const struct table *t,
				double tend)
{
	struct figure *f = figure_add(
		fs, "construction",
		"Imachi's construction on velocity curves: u parallel to B or B' between its "
		"points, the tangent parallel to C or C' where it leaves v",
		"τ = ωt", "u, v (velocity × ω/g)");
	static const char *const labels[] = {"A: v = a cos τ",
					     "u",
					     "u's points: it meets or leaves v",
					     "∥ B: slope s + μ0 (u below v)",
					     "∥ B': slope s − μ0 (u above v)",
					     "∥ C or C': v's tangent where u leaves it",
					     ""};
	static const enum curve_style styles[] = {CURVE_LINE,	CURVE_LINE,   CURVE_POINTS,
						  CURVE_DASHED, CURVE_DASHED, CURVE_LINE,
						  CURVE_LABELS};
	const size_t first = f->ncurves;
	for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++)
		figure_curve(f, labels[i], styles[i]);
	struct curve *A = &f->curves[first], *U = A + 1, *P = A + 2, *B = A + 3, *B1 = A + 4,
		     *C = A + 5, *lab = A + 6;
	curve_base(m, A, 0, tend);
	const double span = 0.06 * tend, tol = 1e-9 * fmax(m->a, fabs(m->s) + m->mu0);
	/* the rows that are points of the construction */
	size_t n = 0, *pt = xmalloc((t->nrows + 1) * sizeof(size_t));
	for (size_t i = 0; i < t->nrows && table_at(t, i, 0) <= tend + 1e-9; i++) {
		curve_point(U, table_at(t, i, 0), table_at(t, i, 1));
		const bool stuck = table_at(t, i, 3) != 0;
		const bool change = i == 0 || stuck != (table_at(t, i - 1, 3) != 0);
		const bool meets = !stuck && fabs(table_at(t, i, 1) - table_at(t, i, 2)) <= tol;
		if (change || meets)
			pt[n++] = i;
	}
	char text[32];
	for (size_t k = 0; k < n; k++) {
		const size_t i = pt[k];
		const double tau = table_at(t, i, 0), u = table_at(t, i, 1);
		const bool stuck = table_at(t, i, 3) != 0;
		curve_point(P, tau, u);
		snprintf(text, sizeof text, "%zu", k);
		curve_label(lab, tau, u, text);
		if (stuck || k + 1 >= n + (i + 1 < t->nrows))
			continue;
		/* the slip piece to the next point (or the last row), on past it */
		const size_t j = k + 1 < n ? pt[k + 1] : i + 1;
		const double t1 = table_at(t, j, 0), u1 = table_at(t, j, 1);
		if (t1 > tau) {
			const double slope = (u1 - u) / (t1 - tau), te = fmin(t1 + span, tend);
			struct curve *g = slope > m->s ? B : B1;
			curve_point(g, tau, u);
			curve_point(g, te, u + slope * (te - tau));
			curve_point(g, NAN, NAN);
		}
		if (i && table_at(t, i - 1, 3) != 0) { /* it leaves the base */
			const double c = m->s + (slope_sign(m, tau) > 0 ? m->mu1 : -m->mu1);
			curve_point(C, tau - span, u - c * span);
			curve_point(C, tau + span, u + c * span);
			curve_point(C, NAN, NAN);
		}
	}
	free(pt);
}

/* Figs. 7-8: the velocity curves on the time axis, u from u0 with the
 * limit cycle as a chain line over the first periods, the base's v (A) and
 * the slopes B, B' = (s ± μ0)τ and C, C' = (s ± μ1)τ that u's pieces are
 * parallel to; and the last period on its own, with u's mean. */
void im1d_figures(const struct imachi1d *m, struct figures *fs, size_t ti, bool converged, long k,
		  double u_mean)
{
	const struct table *first = &fs->tab[ti], *cyc = &fs->tab[ti + 1];
	/* a limit cycle reached early goes on over the periods drawn */
	const long shown = converged || k > SHOW_PERIODS ? SHOW_PERIODS : k;
	const double tend = TWO_PI * (double)shown, tlast = TWO_PI * (double)(k - 1);
	const char *what = converged ? "limit cycle" : "last period";
	char label[96];

	double lo = -m->a, hi = m->a;
	for (size_t i = 0; i < first->nrows + cyc->nrows; i++) {
		double u = i < first->nrows ? table_at(first, i, 1)
					    : table_at(cyc, i - first->nrows, 1);
		lo = fmin(lo, u);
		hi = fmax(hi, u);
	}
	struct figure *f = figure_add(
		fs, "velocity",
		converged ? "Velocity curves: u and v (A), the limit cycle dashed, slopes B, B', "
			    "C, C'"
			  : "Velocity curves: u and v (A), slopes B, B', C, C' (no limit cycle)",
		"τ = ωt", "u, v (velocity × ω/g)");
	curve_base(m,
		   figure_curve(f, "A: v = a cos τ", m->graphical ? CURVE_LINEPOINTS : CURVE_LINE),
		   0, tend);
	figure_curve_from(f, "u", CURVE_LINE, first, 0, 1);
	if (converged) {
		struct curve *c = figure_curve(f, "u, limit cycle", CURVE_DASHED);
		for (long r = 0; r < shown; r++)
			for (size_t i = r ? 1 : 0; i < cyc->nrows; i++)
				curve_point(c, table_at(cyc, i, 0) - tlast + TWO_PI * (double)r,
					    table_at(cyc, i, 1));
	}
	const double slope[4] = {m->s + m->mu0, m->s - m->mu0, m->s + m->mu1, m->s - m->mu1};
	static const char *const name[4] = {"B: (s + μ0)τ", "B': (s − μ0)τ", "C: (s + μ1)τ",
					    "C': (s − μ1)τ"};
	for (int i = 0; i < 4; i++) {
		double te = slope[i] > 0 ? hi / slope[i] : slope[i] < 0 ? lo / slope[i] : tend;
		te = fmin(te, tend);
		figure_segment(f, name[i], CURVE_DASHED, 0, 0, te, slope[i] * te);
	}

	/* the construction as far as the run went (a cycle found in the
	 * second period ends it there) */
	construction_figure(m, fs, first,
			    first->nrows ? fmin(tend, table_at(first, first->nrows - 1, 0)) : tend);

	snprintf(label, sizeof label, "The %s: u and v over one period (u's mean dashed)", what);
	f = figure_add(fs, "cycle", label, "τ = ωt, from the period's start",
		       "u, v (velocity × ω/g)");
	curve_base(m, figure_curve(f, "v = a cos τ", m->graphical ? CURVE_LINEPOINTS : CURVE_LINE),
		   0, TWO_PI);
	struct curve *c =
		figure_curve(f, converged ? "u, limit cycle" : "u, last period", CURVE_LINE);
	for (size_t i = 0; i < cyc->nrows; i++)
		curve_point(c, table_at(cyc, i, 0) - tlast, table_at(cyc, i, 1));
	snprintf(label, sizeof label, "u_mean = %.4g", u_mean);
	figure_segment(f, label, CURVE_DASHED, 0, u_mean, TWO_PI, u_mean);
}
