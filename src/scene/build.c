/* The scene of a session: which builder draws its model, and what the
 * builders share (scene_int.h). */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exercise/problemset.h"
#include "exercise/units.h"
#include "scene/scene_int.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

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
		/* at a recorded row, its own value (va + (vb - va) * 1 is not
		 * always vb: a rate at rest drawn as 1e-13) */
		a->row[c] = w == 1.0 ? vb : va + (vb - va) * w;
		a->rate[c] = tb > ta ? (vb - va) / (tb - ta) : 0.0;
	}
	/* a code column (a phase) is not blended: the stretch's own */
	a->at = lo;
	return 0;
}

/* Each model's builder, and the table of its run (NULL: one instant). */
static const struct builder {
	const char *model;
	int (*build)(const struct session *, double, struct scene *, struct diag *);
	const char *table;
} builders[] = {
	{"painleve-rod", scene_painleve, "run"},    {"ladder", scene_ladder, "run"},
	{"disk-slide", scene_disk_slide, "motion"}, {"disk", scene_disk, "motion"},
	{"polisher", scene_polisher, "motion"},	    {"conveyor", scene_conveyor, "motion"},
	{"rayleigh", scene_rayleigh, NULL},	    {"kozlov-ball", scene_kozlov_ball, "motion"},
	{"ragulskis", scene_ragulskis, "motion"},   {"imachi", scene_imachi, "hodograph"},
	{"imachi-1d", scene_imachi1d, "velocity"},  {"lagrange", scene_lagrange, "motion"},
	{"kozlov-rest", scene_kozlov_rest, NULL},
};

static const struct builder *builder_of(const struct session *s, struct diag *d)
{
	const struct exercise *ex = session_exercise(s);
	if (!ex) {
		diag_set(d, "no exercise loaded: 'load ID' first");
		return NULL;
	}
	if (!session_solved(s) || !session_figures_made(s)) {
		diag_set(d, "no run to draw yet: run 'solve' first");
		return NULL;
	}
	if (session_stale(s)) {
		diag_set(d, "the run is out of date (%s changed since 'solve'): run 'solve'",
			 session_stale(s));
		return NULL;
	}
	for (size_t i = 0; i < sizeof(builders) / sizeof(builders[0]); i++)
		if (!strcmp(ex->model->name, builders[i].model))
			return &builders[i];
	diag_set(d, "model %s has no scene: its state is not a mechanism's position",
		 ex->model->name);
	return NULL;
}

int scene_frames(const struct session *s, size_t most, struct scene **frames, size_t *n,
		 struct diag *d)
{
	*frames = NULL;
	*n = 0;
	const struct builder *b = builder_of(s, d);
	if (!b)
		return -1;
	if (!b->table)
		return diag_set(d, "model %s states one instant: it has no run to animate",
				b->model);
	const struct table *t = figures_find_table(session_figures(s), b->table);
	if (!t || !t->nrows)
		return diag_set(d, "the last solve kept no run to draw (no table '%s')", b->table);
	if (most < 2)
		most = 2;
	/* the rows' distinct times; a time met twice is an event (a jump, a
	 * phase's end) and is kept whatever the thinning */
	double *ts = xmalloc(t->nrows * sizeof(double));
	bool *keep = xcalloc(t->nrows, sizeof(bool));
	size_t m = 0;
	for (size_t i = 0; i < t->nrows; i++) {
		double ti = table_at(t, i, 0);
		if (m && !(ti > ts[m - 1])) {
			keep[m - 1] = true;
			continue;
		}
		ts[m++] = ti;
	}
	keep[0] = keep[m - 1] = true;
	double t0 = ts[0], t1 = ts[m - 1], next = t0;
	size_t nf = 0;
	for (size_t i = 0; i < m; i++) {
		/* a frame every (t1 - t0)/(most - 1), the first row at or past
		 * each, and every event */
		if (m > most && !keep[i] && ts[i] < next)
			continue;
		ts[nf++] = ts[i];
		while (next <= ts[nf - 1])
			next += (t1 - t0) / (double)(most - 1);
	}
	struct scene *f = xcalloc(nf, sizeof(*f));
	int rc = 0;
	for (size_t i = 0; i < nf && !rc; i++) {
		scene_init(&f[i]);
		rc = b->build(s, ts[i], &f[i], d);
		f[i].t = ts[i];
		if (!rc)
			scene_finish(&f[i]);
		*n = i + 1;
	}
	if (!rc) {
		/* one scale for the run: the smallest of the frames' (the frame
		 * with the largest force), its reference; one box */
		double scale[VEC_N], ref[VEC_N];
		for (int k = 0; k < VEC_N; k++) {
			scale[k] = f[0].scale[k], ref[k] = f[0].ref[k];
			for (size_t i = 1; i < nf; i++)
				if (f[i].scale[k] < scale[k])
					scale[k] = f[i].scale[k], ref[k] = f[i].ref[k];
		}
		double box[4] = {INFINITY, INFINITY, -INFINITY, -INFINITY}, bar = 0;
		for (size_t i = 0; i < nf; i++) {
			f[i].fixed = true;
			for (int k = 0; k < VEC_N; k++)
				f[i].scale[k] = scale[k], f[i].ref[k] = ref[k];
			scene_finish(&f[i]);
			box[0] = fmin(box[0], f[i].xmin), box[1] = fmin(box[1], f[i].ymin);
			box[2] = fmax(box[2], f[i].xmax), box[3] = fmax(box[3], f[i].ymax);
			bar = fmax(bar, f[i].bar);
		}
		for (size_t i = 0; i < nf; i++) {
			f[i].xmin = box[0], f[i].ymin = box[1];
			f[i].xmax = box[2], f[i].ymax = box[3];
			f[i].bar = bar;
		}
	}
	free(ts);
	free(keep);
	*frames = f;
	if (rc) {
		for (size_t i = 0; i < *n; i++)
			scene_release(&f[i]);
		free(f);
		*frames = NULL;
		*n = 0;
	}
	return rc;
}

static int build_at(const struct session *s, double T, bool stated, struct scene *sc,
		    struct diag *d)
{
	scene_init(sc);
	sc->stated = stated;
	const struct builder *b = builder_of(s, d);
	if (!b)
		return -1;
	if (!isfinite(T))
		return diag_set(d, "the time of the scene must be a number");
	if (b->build(s, T, sc, d)) {
		scene_release(sc);
		scene_init(sc);
		return -1;
	}
	sc->t = T;
	scene_finish(sc);
	return 0;
}

int scene_build(const struct session *s, double T, struct scene *sc, struct diag *d)
{
	return build_at(s, T, false, sc, d);
}

/* An answer's value and how near a number must be to give it away. */
struct hidden {
	double v, tol;
};

/* Whether x, as the scene prints it (%.3g and the like), gives v away:
 * it is v to the three figures printed, or within the answer's tolerance
 * (check would take it). */
static bool shows(double x, const struct hidden *h)
{
	double v = h->v;
	if (!isfinite(v) || v == 0 || !isfinite(x))
		return false;
	x = fabs(x), v = fabs(v);
	double half = 0.5 * pow(10, floor(log10(v)) - 2);
	return fabs(x - v) <= fmax(half * 1.001, h->tol);
}

/* text with each number that shows one of vals[0..n) as "?". A number
 * starts where no letter, digit, '_' or '^' is before it ("m1" and
 * "e^(iτ)" are names). */
static char *hide_answers(const char *text, const struct hidden *vals, size_t n)
{
	struct strbuf o = STRBUF_INIT;
	const char *p = text;
	while (*p) {
		bool after_word = p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_' ||
					       p[-1] == '^' || p[-1] == '.');
		bool starts = isdigit((unsigned char)p[0]) ||
			      ((p[0] == '-' || p[0] == '.') && isdigit((unsigned char)p[1]));
		if (!after_word && starts) {
			char *end;
			double x = strtod(p, &end);
			bool hide = false;
			for (size_t i = 0; i < n && !hide; i++)
				hide = shows(x, &vals[i]);
			if (hide)
				strbuf_addch(&o, '?');
			else
				strbuf_add(&o, p, (size_t)(end - p));
			p = end;
			continue;
		}
		strbuf_addch(&o, *p++);
	}
	return strbuf_detach(&o);
}

int scene_build_stated(const struct session *s, struct scene *sc, struct diag *d)
{
	if (build_at(s, 0, true, sc, d))
		return -1;
	const struct exercise *ex = session_exercise(s);
	struct hidden *vals = xcalloc(2 * ex->nanswers + 1, sizeof(*vals));
	size_t n = 0;
	for (size_t i = 0; i < ex->nanswers; i++) {
		const struct ex_answer *a = &ex->answers[i];
		const struct value *v = session_result(s, (size_t)a->result);
		if (v->kind != VAL_NUMBER)
			continue;
		struct unit mu;
		struct diag ud;
		if (unit_parse(ex->model->results[a->result].unit, &mu, &ud)) {
			vals[n++] = (struct hidden){v->num, 0};
			continue;
		}
		/* the tolerance check allows, in the answer's unit and the
		 * result's (the scene's SI) */
		double x = unit_convert(v->num, &mu, &a->u);
		double tol = problemset_abs_tolerance(&a->tol, x);
		double per = x != 0 ? v->num / x : 1;
		vals[n++] = (struct hidden){x, tol};
		vals[n++] = (struct hidden){v->num, fabs(tol * per)};
	}
	for (size_t i = 0; i < sc->nlabel; i++) {
		char *t = hide_answers(sc->label[i].text, vals, n);
		free(sc->label[i].text);
		sc->label[i].text = t;
	}
	for (size_t i = 0; i < sc->narrow; i++) {
		if (!sc->arrow[i].label)
			continue;
		char *t = hide_answers(sc->arrow[i].label, vals, n);
		free(sc->arrow[i].label);
		sc->arrow[i].label = t;
	}
	if (sc->caption) {
		char *t = hide_answers(sc->caption, vals, n);
		free(sc->caption);
		sc->caption = t;
	}
	free(vals);
	return 0;
}
