/* The scene of a session: which builder draws its model, and what the
 * builders share (scene_int.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "scene/scene_int.h"

double scene_param(const struct session *s, const char *name)
{
	double v;
	struct diag d = {0};
	if (session_value_si(s, name, &v, &d))
		return NAN;
	return v;
}

double scene_result(const struct session *s, const char *name)
{
	return scene_param(s, name);
}

const char *scene_choice(const struct session *s, const char *name, char *buf, size_t n)
{
	const struct exercise *ex = session_exercise(s);
	buf[0] = '\0';
	int i = ex ? model_param_index(ex->model, name) : -1;
	if (i < 0 || ex->model->params[i].kind != PARAM_CHOICE)
		return buf;
	return param_choice_word(&ex->model->params[i], session_param(s, (size_t)i)->choice, buf,
				 n);
}

int scene_read(const struct session *s, const char *name, double T, struct scene_at *a,
	       struct diag *d)
{
	const struct table *t = figures_find_table(session_figures(s), name);
	memset(a, 0, sizeof(*a));
	if (!t || !t->nrows || t->ncols > 32)
		return diag_set(d, "the last solve kept no run to draw (no table '%s')", name);
	a->tab = t;
	double t0 = table_at(t, 0, 0), t1 = table_at(t, t->nrows - 1, 0);
	/* a time a hair past the end (printed with fewer digits) is the end */
	double tol = 1e-9 * fmax(fabs(t1 - t0), 1.0);
	if (!(T >= t0 - tol && T <= t1 + tol))
		return diag_set(d, "t = %g is outside the run, which goes from %g to %g", T, t0,
				t1);
	T = fmin(fmax(T, t0), t1);
	/* the last row at or before T (at a jump, the later of two rows at
	 * one time), and the stretch from it to the next later row */
	size_t i = 0;
	while (i + 1 < t->nrows && table_at(t, i + 1, 0) <= T)
		i++;
	size_t j = i + 1;
	while (j < t->nrows && !(table_at(t, j, 0) > table_at(t, i, 0)))
		j++;
	size_t lo = i, hi = j;
	if (j >= t->nrows) {
		/* the run's end: the stretch that ends there */
		hi = i;
		lo = i;
		while (lo > 0 && !(table_at(t, lo - 1, 0) < table_at(t, hi, 0)))
			lo--;
		lo = lo > 0 ? lo - 1 : lo;
	}
	double ta = table_at(t, lo, 0), tb = table_at(t, hi, 0);
	double w = tb > ta ? (T - ta) / (tb - ta) : 0.0;
	if (j >= t->nrows)
		w = 1.0;
	for (size_t c = 0; c < t->ncols; c++) {
		double va = table_at(t, lo, c), vb = table_at(t, hi, c);
		a->row[c] = va + (vb - va) * w;
		a->rate[c] = tb > ta ? (vb - va) / (tb - ta) : 0.0;
	}
	/* a code column (a phase) is not blended: the stretch's own */
	a->at = lo;
	return 0;
}

static const struct {
	const char *model;
	int (*build)(const struct session *, double, struct scene *, struct diag *);
} builders[] = {
	{"painleve-rod", scene_painleve}, {"ladder", scene_ladder},
	{"disk-slide", scene_disk_slide}, {"disk", scene_disk},
	{"polisher", scene_polisher},	  {"conveyor", scene_conveyor},
	{"rayleigh", scene_rayleigh},	  {"kozlov-ball", scene_kozlov_ball},
	{"ragulskis", scene_ragulskis},	  {"imachi", scene_imachi},
	{"imachi-1d", scene_imachi1d},	  {"lagrange", scene_coords},
};

int scene_build(const struct session *s, double T, struct scene *sc, struct diag *d)
{
	const struct exercise *ex = session_exercise(s);
	scene_init(sc);
	if (!ex)
		return diag_set(d, "no exercise loaded: 'load ID' first");
	if (!session_solved(s) || !session_figures_made(s))
		return diag_set(d, "no run to draw yet: run 'solve' first");
	if (session_stale(s))
		return diag_set(d, "the run is out of date (%s changed since 'solve'): run 'solve'",
				session_stale(s));
	if (!isfinite(T))
		return diag_set(d, "the time of the scene must be a number");
	for (size_t i = 0; i < sizeof(builders) / sizeof(builders[0]); i++)
		if (!strcmp(ex->model->name, builders[i].model)) {
			if (builders[i].build(s, T, sc, d)) {
				scene_release(sc);
				scene_init(sc);
				return -1;
			}
			scene_finish(sc);
			return 0;
		}
	return diag_set(d, "model %s has no scene: its state is not a mechanism's position",
			ex->model->name);
}
