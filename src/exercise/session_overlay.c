/* The session's overlays: the model run again at several values of one
 * parameter, and the figures of every run drawn as one, for the
 * exercise's `overlay = NAME V...` (ses_overlay_runs, at the solve) and
 * for `sweep NAME FROM TO STEPS plot` (session_sweep_plot). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exercise/session.h"
#include "exercise/session_sys.h"
#include "num/figure.h"
#include "util/text.h"
#include "util/xalloc.h"

/* The runs of an overlay: the model again with parameter `param` at each
 * of the n values (n ≤ EX_OVERLAY_MAX), their figures in runs[] and the
 * numbers of their results (NaN for a word) in res[k * nresults + j]
 * when res is not NULL; labels[k] is "NAME = V unit", `values` "V1, V2
 * ... unit". The session is left as it was. */
struct overlay {
	size_t n;
	struct figures runs[EX_OVERLAY_MAX];
	char labels[EX_OVERLAY_MAX][64];
	struct strbuf values;
};

static void overlay_release(struct overlay *o)
{
	for (size_t k = 0; k < o->n; k++)
		figures_release(&o->runs[k]);
	strbuf_release(&o->values);
}

static int overlay_run(const struct session *s, int param, const double *v, size_t n,
		       struct overlay *o, double *res, struct diag *d)
{
	const struct model *m = s->ex->model;
	const struct ex_param *p = &s->ex->params[param];
	const bool deg = !strcmp(p->unit, "deg");
	const char *sep = deg ? "°" : *p->unit ? " " : "", *unit = deg ? "" : p->unit;
	char num[32];
	o->n = 0;
	strbuf_init(&o->values);
	for (size_t k = 0; k < n; k++) {
		o->runs[k] = (struct figures)FIGURES_INIT;
		o->n = k + 1;
		struct value *r = xcalloc(m->nresults, sizeof(*r));
		struct strbuf st = STRBUF_INIT;
		text_format_number(v[k], num, sizeof num);
		snprintf(o->labels[k], sizeof o->labels[k], "%s = %s%s%s", p->spec->name, num, sep,
			 unit);
		strbuf_addf(&o->values, "%s%s", k ? ", " : "", num);
		int rc = ses_run_model(s, param, v[k], r, &st, &o->runs[k], d);
		figures_ready(&o->runs[k]); /* an overlay reads every run's figures */
		if (rc) {
			char why[sizeof d->msg];
			snprintf(why, sizeof why, "%s", d->msg);
			diag_set(d, "the run at %s: %s", o->labels[k], why);
		}
		for (size_t j = 0; !rc && j < m->nresults; j++) {
			if (res)
				res[k * m->nresults + j] = r[j].kind == VAL_NUMBER ? r[j].num : NAN;
			value_release(&r[j]);
		}
		free(r);
		strbuf_release(&st);
		if (rc)
			return -1;
	}
	strbuf_addf(&o->values, "%s%s", sep, unit);
	return 0;
}

/* Whether some curve of f says what an overlay keeps of it. */
static bool has_family(const struct figure *f)
{
	for (size_t i = 0; i < f->ncurves; i++)
		if (f->curves[i].family != FAMILY_NONE)
			return true;
	return false;
}

/* The overlay of figure f (as the runs have it) named `name`: each run's
 * curves that a family keeps, in its colour and point shape, its key
 * "NAME = V"; the title f's family (or title) with the runs named; the
 * frame around every run's where each has one. */
static void overlay_figure(const struct figure *f, const struct overlay *o, const char *name,
			   struct figures *into)
{
	struct strbuf title = STRBUF_INIT;
	const char *fam = f->family ? f->family : f->title, *at = strstr(fam, "{runs}");
	const char *pname = strchr(o->labels[0], '=');
	strbuf_add(&title, fam, at ? (size_t)(at - fam) : strlen(fam));
	strbuf_addstr(&title, at ? "" : " for ");
	strbuf_add(&title, o->labels[0], pname ? (size_t)(pname - o->labels[0]) : 0);
	strbuf_addf(&title, "= %s%s", strbuf_str(&o->values), at ? at + strlen("{runs}") : "");
	struct figure *g = figure_add(into, name, strbuf_str(&title), f->xlabel, f->ylabel);
	g->equal_axes = f->equal_axes;
	g->log_y = f->log_y;
	double lim[4] = {INFINITY, -INFINITY, INFINITY, -INFINITY};
	bool framed = true;
	for (size_t k = 0; k < o->n; k++) {
		const struct figure *rf = figures_find(&o->runs[k], f->name);
		framed = framed && rf && isfinite(rf->xmin) && isfinite(rf->xmax) &&
			 isfinite(rf->ymin) && isfinite(rf->ymax);
		if (!rf)
			continue;
		figure_overlay(g, rf, (int)k + 1, o->labels[k]);
		lim[0] = fmin(lim[0], rf->xmin), lim[1] = fmax(lim[1], rf->xmax);
		lim[2] = fmin(lim[2], rf->ymin), lim[3] = fmax(lim[3], rf->ymax);
	}
	if (framed)
		g->xmin = lim[0], g->xmax = lim[1], g->ymin = lim[2], g->ymax = lim[3];
	strbuf_release(&title);
}

/* `overlay = NAME V...` of the exercise: the figures of figs that show a
 * family (with none that does, the first) redrawn with every run. */
int ses_overlay_runs(const struct session *s, struct figures *figs, struct strbuf *steps,
		     struct diag *d)
{
	const struct exercise *ex = s->ex;
	struct overlay o;
	if (overlay_run(s, ex->overlay_param, ex->overlay, ex->noverlay, &o, NULL, d)) {
		char why[sizeof d->msg];
		snprintf(why, sizeof why, "%s", d->msg);
		diag_set(d, "overlay, %s", why);
		overlay_release(&o);
		return -1;
	}
	bool any = false;
	for (size_t i = 0; i < figs->nfig; i++)
		any |= has_family(&figs->fig[i]);
	for (size_t i = 0; i < figs->nfig; i++) {
		if (any ? !has_family(&figs->fig[i]) : i != 0)
			continue;
		struct figures one = FIGURES_INIT;
		overlay_figure(&figs->fig[i], &o, figs->fig[i].name, &one);
		struct figure g = one.fig[0];
		one.nfig = 0;
		figures_release(&one);
		figures_swap(figs, &g); /* g now holds the solve's own figure */
		figure_release(&g);
		model_step(steps, "The figure %s overlays runs at %s = %s (overlay in the file).",
			   figs->fig[i].name, ex->params[ex->overlay_param].spec->name,
			   strbuf_str(&o.values));
	}
	overlay_release(&o);
	return 0;
}

int session_sweep_plot(struct session *s, size_t param, const double *values, size_t n,
		       const char *figure, struct diag *d)
{
	const struct model *m = s->ex->model;
	if (n < 2 || n > EX_OVERLAY_MAX)
		return diag_set(d, "an overlay draws 2 to %d runs, one a colour, not %zu",
				EX_OVERLAY_MAX, n);
	/* each value checked as set checks it, as session_solve_with does */
	for (size_t k = 0; k < n; k++)
		if (ex_param_check(&s->ex->params[param], values[k], d))
			return -1;
	struct overlay o;
	double *res = xcalloc(n * m->nresults, sizeof(double));
	int rc = overlay_run(s, (int)param, values, n, &o, res, d);
	const struct figure *f = NULL;
	if (!rc) {
		const struct figures *fs = &o.runs[0];
		f = figure ? figures_find(fs, figure) : NULL;
		for (size_t i = 0; !figure && !f && i < fs->nfig; i++)
			if (has_family(&fs->fig[i]))
				f = &fs->fig[i];
		if (!f && !figure && fs->nfig)
			f = &fs->fig[0];
		if (!f) {
			struct strbuf names = STRBUF_INIT;
			for (size_t i = 0; i < fs->nfig; i++)
				strbuf_addf(&names, "%s%s", i ? ", " : "", fs->fig[i].name);
			rc = diag_set(d, "%s%s%s: the figures are %s", figure ? "no figure '" : "",
				      figure ? figure : "no figure to overlay", figure ? "'" : "",
				      names.len ? strbuf_str(&names) : "none");
			strbuf_release(&names);
		}
	}
	if (!rc) {
		struct figures sweep = FIGURES_INIT;
		overlay_figure(f, &o, "sweep", &sweep);
		/* the runs' numbers, for export */
		struct strbuf cols = STRBUF_INIT;
		const struct ex_param *p = &s->ex->params[param];
		strbuf_addf(&cols, "%s%s%s%s", p->spec->name, *p->unit ? " [" : "", p->unit,
			    *p->unit ? "]" : "");
		for (size_t j = 0; j < m->nresults; j++)
			if (m->results[j].kind == VAL_NUMBER)
				strbuf_addf(&cols, "|%s%s%s%s", m->results[j].name,
					    *m->results[j].unit ? " [" : "", m->results[j].unit,
					    *m->results[j].unit ? "]" : "");
		struct table *t = figures_table(&sweep, "sweep", strbuf_str(&cols));
		double *row = xcalloc(t->ncols, sizeof(double));
		for (size_t k = 0; k < n; k++) {
			size_t c = 0;
			row[c++] = values[k];
			for (size_t j = 0; j < m->nresults; j++)
				if (m->results[j].kind == VAL_NUMBER)
					row[c++] = res[k * m->nresults + j];
			table_row(t, row);
		}
		free(row);
		strbuf_release(&cols);
		session_keep_sweep(s, &sweep);
		figures_release(&sweep);
	}
	free(res);
	overlay_release(&o);
	return rc;
}
