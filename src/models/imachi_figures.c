/* Model imachi's figures (imachi_sys.h): the run recorded again for its
 * figures when they are first looked at, and the graphical method's steps
 * drawn and told one by one. */
#include <float.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dyn/phase.h"
#include "models/imachi.h"
#include "models/imachi_sys.h"
#include "models/model.h"
#include "num/num.h"
#include "num/ode.h"
#include "num/roots.h"
#include "num/settle.h"
#include "num/stickslip.h"
#include "util/xalloc.h"

/* ---- the figures ------------------------------------------------------------- */

#define TRACE_MAX    20000 /* points kept of the transient */
#define CYCLE_PTS    512   /* accurate: samples of the last period */
#define TRACE_COLS   "tau|u_x|u_y|v_x|v_y|stick"
#define IM_MARKS_MAX 60 /* steps whose points are all numbered */

/* The graphical steps again, every one of the last period kept. */
static int record_graphical(const struct imachi *m, int n, int cycles, const double u0[2],
			    const double *ulast, struct rec *rc, struct diag *d)
{
	struct cycle c;
	const size_t steps = (size_t)(cycles - 1) * 2 * (size_t)n;
	rc->full_from = cycles - 1;
	rc->stride = steps > TRACE_MAX ? (steps + TRACE_MAX - 1) / TRACE_MAX : 1;
	return im_run_graphical(m, n, cycles, u0, ulast, &c, rc, d);
}

/* The accurate run again with stops at sample times: the transient from u0
 * (its first *shown periods: at most TRACE_MAX samples), then the last
 * period from the state the run had there, CYCLE_PTS samples. The phase
 * ends are rows too, so the kinks of u are where they belong. */
static int record_accurate(const struct imachi *m0, const double u0[2], int cycles,
			   const struct acc_state *last, const struct imachi *mlast, struct rec *rc,
			   int *shown, struct diag *d)
{
	struct imachi m = *m0;
	struct acc_state st;
	im_accurate_start(&m, &st, u0);
	st.rec = rc;
	im_rec_row(rc, &m, 0.0, st.y, st.stuck);
	const int trans = cycles - 1;
	int per = trans > 0 ? TRACE_MAX / trans : 0;
	per = per < 32 ? 32 : per > 128 ? 128 : per;
	*shown = trans < TRACE_MAX / per ? trans : TRACE_MAX / per;
	st.h0 = 2 * M_PI / per; /* a sample's interval: a step or two each */
	for (int k = 0; k < *shown; k++) {
		for (int j = 1; j <= per; j++)
			if (im_accurate_to(&m, &st, 2 * M_PI * (k + (double)j / per), d))
				return -1;
		st.t = 2 * M_PI * (k + 1);
	}
	m = *mlast;
	st = *last;
	st.rec = rc;
	st.h0 = 2 * M_PI / CYCLE_PTS;
	im_rec_row(rc, &m, st.t, st.y, st.stuck);
	rc->cycle_row = rc->tab->nrows - 1;
	for (int j = 1; j <= CYCLE_PTS; j++)
		if (im_accurate_to(&m, &st, 2 * M_PI * (cycles - 1 + (double)j / CYCLE_PTS), d))
			return -1;
	return 0;
}

/* Axes around all the curves with a margin, so that no curve runs along
 * the frame (the base's segment at φ' = 90° lies on u_x = 0). */
static void frame(struct figure *f)
{
	double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
	for (size_t i = 0; i < f->ncurves; i++)
		for (size_t j = 0; j < f->curves[i].n; j++) {
			x0 = fmin(x0, f->curves[i].x[j]), x1 = fmax(x1, f->curves[i].x[j]);
			y0 = fmin(y0, f->curves[i].y[j]), y1 = fmax(y1, f->curves[i].y[j]);
		}
	const double big = fmax(x1 - x0, y1 - y0);
	if (!(big > 0))
		return;
	double px = 0.05 * (f->equal_axes || !(x1 > x0) ? big : x1 - x0);
	double py = 0.05 * (f->equal_axes || !(y1 > y0) ? big : y1 - y0);
	f->xmin = x0 - px, f->xmax = x1 + px;
	f->ymin = y0 - py, f->ymax = y1 + py;
}

/* The numbers a construction prints beside its points; those that fall on
 * one place are said once, "5, 5′". */
struct marks {
	double x[4 * IM_MARKS_MAX], y[4 * IM_MARKS_MAX];
	char text[4 * IM_MARKS_MAX][40];
	size_t n;
	double tol;
};

static void mark_add(struct marks *mk, double x, double y, const char *text)
{
	for (size_t i = 0; i < mk->n; i++) {
		if (fabs(mk->x[i] - x) <= mk->tol && fabs(mk->y[i] - y) <= mk->tol) {
			char *t = mk->text[i];
			size_t len = strlen(t);
			if (len + strlen(text) + 3 < sizeof mk->text[i])
				snprintf(t + len, sizeof mk->text[i] - len, ", %s", text);
			else if (!strstr(t, "…") && len + 4 < sizeof mk->text[i])
				strcat(t, " …");
			return;
		}
	}
	if (mk->n == sizeof mk->x / sizeof mk->x[0])
		return;
	mk->x[mk->n] = x, mk->y[mk->n] = y;
	snprintf(mk->text[mk->n], sizeof mk->text[mk->n], "%s", text);
	mk->n++;
}

/* model.step_figure: Figs. 2-3, the construction of the steps [from, to)
 * of the table "steps" as Imachi draws it. */
void im_step_figure(const struct table *t, size_t from, size_t to, struct figures *fs)
{
	if (to > t->nrows)
		to = t->nrows;
	if (from >= to)
		return;
	const double *w0 = t->v + from * t->ncols, *wl = t->v + (to - 1) * t->ncols;
	char title[200];
	snprintf(title, sizeof title, "Imachi's construction, points %.0f to %.0f, Δτ = π/%.0f",
		 w0[SC_R], wl[SC_R] + 1, M_PI / w0[SC_DTAU]);
	struct figure *f = figure_add(fs, "construction", title, "u_x, v_x (velocity × ω/g)",
				      "u_y, v_y (velocity × ω/g)");
	f->equal_axes = true;
	/* the curves made first, then taken: a figure_curve may move them */
	static const struct {
		const char *label;
		enum curve_style style;
	} kinds[] = {
		{"the base v: r′ → (r+1)′", CURVE_DASHED},
		{"the mass u: r → r+1", CURVE_LINEPOINTS},
		{"sΔτ: r → s_r", CURVE_ARROWS},
		{"s′_r → (r+½)′", CURVE_DASHED},
		{"μ0Δτ: s_r → r+1", CURVE_ARROWS},
		{"circle μ0Δτ about s_r", CURVE_LINE},
		{"circle μ1Δτ: (r+1)′ in it, stays", CURVE_LINE},
		{"on the base, u = v", CURVE_POINTS},
		{"", CURVE_LABELS},
	};
	const size_t first = f->ncurves;
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
		figure_curve(f, kinds[k].label, kinds[k].style);
	struct curve *base_c = &f->curves[first], *u_c = base_c + 1, *s_c = base_c + 2,
		     *dir_c = base_c + 3, *f_c = base_c + 4, *c0 = base_c + 5, *c1 = base_c + 6,
		     *st_c = base_c + 7, *lab = base_c + 8;

	double scale = 0;
	for (size_t i = from; i < to; i++) {
		const double *w = t->v + i * t->ncols;
		scale = fmax(scale, fmax(fabs(w[SC_UX]) + fabs(w[SC_UY]),
					 fabs(w[SC_VX]) + fabs(w[SC_VY])));
	}
	static struct marks mk; /* big: not on the stack */
	mk.n = 0;
	mk.tol = 1e-9 * fmax(scale, DBL_MIN);
	const bool many = to - from > IM_MARKS_MAX;
	char text[40];
	for (size_t i = from; i < to; i++) {
		const double *w = t->v + i * t->ncols;
		const int r = (int)w[SC_R];
		curve_point(base_c, w[SC_VX], w[SC_VY]);
		curve_point(u_c, w[SC_UX], w[SC_UY]);
		curve_arrow(s_c, w[SC_UX], w[SC_UY], w[SC_SX], w[SC_SY]);
		if (w[SC_STATE] == IMACHI_SLIPS) {
			curve_point(dir_c, w[SC_SHX], w[SC_SHY]);
			curve_point(dir_c, w[SC_VHX], w[SC_VHY]);
			curve_point(dir_c, NAN, NAN);
			curve_arrow(f_c, w[SC_SX], w[SC_SY], w[SC_U1X], w[SC_U1Y]);
		}
		if (w[SC_STATE] != IMACHI_STAYS)
			curve_circle(c0, w[SC_SX], w[SC_SY], w[SC_R0]);
		if (w[SC_ONBASE] != 0) {
			curve_circle(c1, w[SC_SX], w[SC_SY], w[SC_R1]);
			curve_point(st_c, w[SC_UX], w[SC_UY]);
		}
		/* every point numbered while they are few; else every fifth */
		if (!many || r % 5 == 0) {
			snprintf(text, sizeof text, "%d", r);
			mark_add(&mk, w[SC_UX], w[SC_UY], text);
			snprintf(text, sizeof text, "%d′", r);
			mark_add(&mk, w[SC_VX], w[SC_VY], text);
		}
	}
	curve_point(base_c, wl[SC_V1X], wl[SC_V1Y]);
	curve_point(u_c, wl[SC_U1X], wl[SC_U1Y]);
	if (wl[SC_STATE] != IMACHI_SLIPS)
		curve_point(st_c, wl[SC_U1X], wl[SC_U1Y]);
	snprintf(text, sizeof text, "%.0f", wl[SC_R] + 1);
	mark_add(&mk, wl[SC_U1X], wl[SC_U1Y], text);
	snprintf(text, sizeof text, "%.0f′", wl[SC_R] + 1);
	mark_add(&mk, wl[SC_V1X], wl[SC_V1Y], text);
	for (size_t i = 0; i < mk.n; i++)
		curve_label(lab, mk.x[i], mk.y[i], mk.text[i]);
	frame(f);
}

/* model.step_text: step i of the table "steps", every number as the
 * solve had it. */
void im_step_text(const struct table *t, size_t i, struct strbuf *out)
{
	const double *w = t->v + i * t->ncols;
	const int r = (int)w[SC_R];
	const bool on = w[SC_ONBASE] != 0;
	const int state = (int)w[SC_STATE];
	strbuf_addf(out, "step %d: from point %d to %d, τ = %.10g to %.10g (Δτ = %.10g)\n", r + 1,
		    r, r + 1, w[SC_TAU], w[SC_TAU] + w[SC_DTAU], w[SC_DTAU]);
	strbuf_addf(out, "  u_%d = (%.10g, %.10g), the point %d%s\n", r, w[SC_UX], w[SC_UY], r,
		    on ? ": on the base" : "");
	strbuf_addf(out, "  v_%d = (%.10g, %.10g), the point %d′; (%d½)′ = (%.10g, %.10g)\n", r,
		    w[SC_VX], w[SC_VY], r, r, w[SC_VHX], w[SC_VHY]);
	strbuf_addf(out,
		    "  s_%d = u_%d + sΔτ = (%.10g, %.10g); s′_%d = u_%d + sΔτ/2 = (%.10g, %.10g)\n",
		    r, r, w[SC_SX], w[SC_SY], r, r, w[SC_SHX], w[SC_SHY]);
	strbuf_addf(out, "  %d′ = (%.10g, %.10g) is %.10g from s_%d, ", r + 1, w[SC_V1X], w[SC_V1Y],
		    w[SC_REACH], r);
	if (state == IMACHI_STAYS)
		strbuf_addf(out, "within μ1Δτ = %.10g:\n  no slip, it stays on the base\n",
			    w[SC_R1]);
	else if (state == IMACHI_CATCHES)
		strbuf_addf(out, "within μ0Δτ = %.10g:\n  it catches the base\n", w[SC_R0]);
	else
		strbuf_addf(out,
			    "beyond %s = %.10g:\n  %s: r+1 is where the line through s_%d "
			    "parallel to s′_%d(%d½)′\n  meets the circle of radius μ0Δτ = %.10g "
			    "about s_%d\n",
			    on ? "μ1Δτ" : "μ0Δτ", on ? w[SC_R1] : w[SC_R0],
			    on ? "it leaves the base and slips" : "it slips", r, r, r, w[SC_R0], r);
	strbuf_addf(out, "  u_%d = (%.10g, %.10g), the point %d%s\n", r + 1, w[SC_U1X], w[SC_U1Y],
		    r + 1, state == IMACHI_SLIPS ? "" : ": on the base");
}

/* Figs. 2-6: the hodograph of u with the base's path v, the last period
 * (the limit cycle once the run converged) apart from the transient; u and
 * v against τ over the last period; the table behind both. */
static int imachi_figures(const struct im_later *l, struct figures *fs, struct diag *d)
{
	const struct imachi *m = &l->m, *mlast = &l->mlast;
	const int method = l->method, n = l->n;
	const double *draw = l->draw, *u0 = l->u0;
	const struct cycle *c = &l->c;
	const struct acc_state *last = &l->last;
	/* the tables made first, then taken: a figures_table may move them */
	const size_t ti = fs->ntab;
	figures_table(fs, "hodograph", TRACE_COLS);
	if (method == METHOD_GRAPHICAL)
		figures_table(fs, "steps", IMACHI_STEP_COLS);
	struct rec rc = {.tab = &fs->tab[ti], .stride = 1};
	if (method == METHOD_GRAPHICAL)
		rc.steps = &fs->tab[ti + 1];
	int shown = c->cycles - 1;
	if (method == METHOD_GRAPHICAL) {
		if (record_graphical(m, n, c->cycles, u0, l->polished ? l->ustar : NULL, &rc, d))
			return -1;
	} else if (record_accurate(m, u0, c->cycles, last, mlast, &rc, &shown, d))
		return -1;
	const struct table *t = rc.tab;
	const bool graphical = method == METHOD_GRAPHICAL;
	const char *what = c->converged ? "limit cycle" : "last period";
	char label[96];

	struct figure *f = figure_add(
		fs, "hodograph",
		c->converged ? "Hodograph of u and v (limit cycle solid, transient thin)"
			     : "Hodograph of u and v (last period solid, no limit cycle reached)",
		"u_x, v_x (velocity × ω/g)", "u_y, v_y (velocity × ω/g)");
	/* case I drifts off along x without bound: equal axes would squash
	 * the picture to a line */
	f->equal_axes = m->s < m->mu0;
	/* an overlay of runs (Fig. 4) keeps each one's base, cycle and mean */
	f->family = xstrdup(c->converged ? "Limit cycles for {runs} (bases dashed, means dots)"
					 : "Last periods for {runs} (bases dashed, means dots)");
	struct curve *cv = figure_curve(f, "v, the base", CURVE_DASHED);
	cv->family = FAMILY_PLAIN;
	if (m->motion == MOTION_LINEAR) {
		curve_point(cv, -m->a * m->ex, -m->a * m->ey);
		curve_point(cv, m->a * m->ex, m->a * m->ey);
	} else {
		for (int i = 0; i <= 360; i++)
			curve_point(cv, m->a * cos(i * M_PI / 180), m->a * sin(i * M_PI / 180));
	}
	/* the transient joins the cycle's first row unless periods were left out */
	const size_t tr_end = shown == c->cycles - 1 ? rc.cycle_row + 1 : rc.cycle_row;
	if (tr_end > 1) {
		if (shown == 1 && c->cycles == 2)
			snprintf(label, sizeof label, "u, transient (period 1)");
		else if (shown == c->cycles - 1)
			snprintf(label, sizeof label, "u, transient (periods 1-%d)", shown);
		else
			snprintf(label, sizeof label, "u, transient (first %d of %d periods)",
				 shown, c->cycles - 1);
		struct curve *cu = figure_curve(f, label, graphical ? CURVE_POINTS : CURVE_DASHED);
		for (size_t i = 0; i < tr_end; i++)
			curve_point(cu, table_at(t, i, 1), table_at(t, i, 2));
	}
	snprintf(label, sizeof label, "u, %s (period %d)", what, c->cycles);
	struct curve *cu = figure_curve(f, label, graphical ? CURVE_LINEPOINTS : CURVE_LINE);
	cu->family = FAMILY_KEY;
	for (size_t i = rc.cycle_row; i < t->nrows; i++)
		curve_point(cu, table_at(t, i, 1), table_at(t, i, 2));
	snprintf(label, sizeof label, "mean of u over the %s", what);
	cu = figure_curve(f, label, CURVE_POINTS);
	cu->family = FAMILY_PLAIN;
	curve_point(cu, c->ux, c->uy);
	frame(f);

	f = figure_add(fs, "velocity",
		       "u and v against τ over the last period (v and the means dashed)",
		       "τ = ωt, from the last period's start", "velocity × ω/g");
	const double t0 = table_at(t, rc.cycle_row, 0);
	static const char *const names[] = {"u_x", "u_y", "v_x", "v_y"};
	for (size_t col = 1; col <= 4; col++) {
		struct curve *k = figure_curve(f, names[col - 1],
					       col > 2	   ? CURVE_DASHED
					       : graphical ? CURVE_LINEPOINTS
							   : CURVE_LINE);
		for (size_t i = rc.cycle_row; i < t->nrows; i++)
			curve_point(k, table_at(t, i, 0) - t0, table_at(t, i, col));
	}
	const double mean[2] = {c->ux, c->uy};
	for (int i = 0; i < 2; i++) {
		snprintf(label, sizeof label, "u_%cmean = %.4g", i ? 'y' : 'x', mean[i]);
		figure_segment(f, label, CURVE_DASHED, 0, mean[i], 2 * M_PI, mean[i]);
	}
	if (graphical) {
		const size_t rows = rc.steps->nrows;
		size_t count = draw[1] > 0 ? (size_t)draw[1] : 2 * (size_t)n;
		size_t from = (size_t)draw[0];
		if (from >= rows) /* past the run's end: its last steps */
			from = rows > count ? rows - count : 0;
		im_step_figure(rc.steps, from, from + count, fs);
	}
	return 0;
}

void im_later_draw(struct figures *fs, void *p)
{
	const struct im_later *l = p;
	struct diag d;
	/* the run was done once without failing: a failure here (an
	 * interrupt) leaves no figure rather than a part of one */
	if (imachi_figures(l, fs, &d))
		figures_release(fs);
}
