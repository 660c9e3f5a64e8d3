#include "dyn/record.h"

#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* A step is drawn in pieces no longer than dt, but in no more than
 * FILL_MAX of them, and in at least FILL_MIN while the record is short:
 * a run that ends long before the horizon dt was made for, or one with no
 * horizon (dt = 0), is then still drawn smooth. */
enum { FILL_MAX = 64, FILL_MIN = 8, FILL_WHILE = 4000 };

void record_init(struct record *tr, size_t dim, size_t nextra, double dt)
{
	*tr = (struct record){.dim = dim, .width = dim + nextra, .dt = dt};
	tr->prev_y = xcalloc(2 * dim, sizeof(double));
	tr->prev_f = tr->prev_y + dim;
}

struct record *record_open(struct record *tr, bool want, size_t dim, size_t nextra, double dt,
			   void (*extra)(void *ctx, double t, const double *y, double *out),
			   void *ctx)
{
	if (!want)
		return NULL;
	record_init(tr, dim, nextra, dt);
	tr->extra = extra;
	tr->ctx = ctx;
	return tr;
}

void record_release(struct record *tr)
{
	if (!tr)
		return;
	free(tr->t);
	free(tr->row);
	free(tr->prev_y);
	free(tr->log);
	*tr = (struct record){0};
}

/* ---- deferred points -------------------------------------------------------- */

enum { LOG_WRAP, LOG_MARK, LOG_POINT, LOG_POINT_RATES };

void record_defer(struct record *tr,
		  int (*rhs)(double t, const double y[], double f[], void *params))
{
	tr->defer_rhs = rhs;
}

static bool deferring(const struct record *tr)
{
	return tr->defer_rhs && !tr->replaying;
}

static void replay(struct record *tr);

static void log_entry(struct record *tr, int what, double t, const double *y, const double *f)
{
	const size_t w = 2 + 2 * tr->dim;
	if (tr->nlog == tr->logcap) {
		tr->logcap = tr->logcap ? 2 * tr->logcap : 256;
		tr->log = xrealloc(tr->log, tr->logcap * w * sizeof(double));
	}
	double *e = tr->log + tr->nlog++ * w;
	e[0] = what;
	e[1] = t;
	if (y)
		memcpy(e + 2, y, tr->dim * sizeof(double));
	if (f)
		memcpy(e + 2 + tr->dim, f, tr->dim * sizeof(double));
	if (tr->nlog >= RECORD_DEFER_MAX)
		replay(tr); /* a long run: its blocks filled as it goes */
}

/* The record made of the deferred entries, in their order, as it would
 * have been made at once. */
static void replay(struct record *tr)
{
	const size_t w = 2 + 2 * tr->dim;
	tr->replaying = true;
	for (size_t i = 0; i < tr->nlog; i++) {
		const double *e = tr->log + i * w;
		switch ((int)e[0]) {
		case LOG_WRAP:
			tr->fresh = true;
			break;
		case LOG_MARK:
			record_mark(tr, e[1], e + 2);
			break;
		default:
			record_point_rates(tr, e[1], e + 2,
					   (int)e[0] == LOG_POINT_RATES ? e + 2 + tr->dim : NULL);
		}
	}
	tr->nlog = 0;
	tr->replaying = false;
}

void record_extras_later(struct record *tr)
{
	if (tr)
		tr->extras_later = true;
}

void record_extras(struct record *tr, void *ctx)
{
	if (!tr)
		return;
	if (tr->nlog) {
		/* the run's own system may be gone: its rhs with ctx */
		tr->sys = (struct ode_system){tr->dim, tr->defer_rhs, NULL, ctx};
		tr->inner = &tr->sys;
		tr->ctx = ctx;
		replay(tr);
	}
	if (!tr->extras_owed)
		return;
	tr->ctx = ctx;
	for (size_t i = 0; i < tr->n; i++) {
		double *r = tr->row + i * tr->width;
		tr->extra(ctx, tr->t[i], r, r + tr->dim);
	}
	tr->extras_owed = false;
}

/* Every other row, the first and the last kept; from now on rows closer
 * than the spacing that leaves are not taken. */
static void thin(struct record *tr)
{
	size_t j = 1, w = tr->width;
	for (size_t i = 2; i + 1 < tr->n; i += 2, j++) {
		tr->t[j] = tr->t[i];
		memmove(tr->row + j * w, tr->row + i * w, w * sizeof(double));
	}
	tr->t[j] = tr->t[tr->n - 1];
	memmove(tr->row + j * w, tr->row + (tr->n - 1) * w, w * sizeof(double));
	tr->n = j + 1;
	tr->keep = (tr->t[tr->n - 1] - tr->t[0]) / (double)tr->n;
}

static void append(struct record *tr, double t, const double *y, bool force)
{
	if (!force && tr->n > 0 && tr->keep > 0 && t - tr->t[tr->n - 1] < tr->keep)
		return;
	if (tr->n == tr->cap) {
		tr->cap = tr->cap ? 2 * tr->cap : 256;
		tr->t = xrealloc(tr->t, tr->cap * sizeof(double));
		tr->row = xrealloc(tr->row, tr->cap * tr->width * sizeof(double));
	}
	double *r = tr->row + tr->n * tr->width;
	memcpy(r, y, tr->dim * sizeof(double));
	if (tr->extra && tr->extras_later) {
		for (size_t i = tr->dim; i < tr->width; i++)
			r[i] = NAN; /* until record_extras */
		tr->extras_owed = true;
	} else if (tr->extra) {
		tr->extra(tr->ctx, t, y, r + tr->dim);
	}
	tr->t[tr->n++] = t;
	if (tr->n >= RECORD_MAX)
		thin(tr);
}

/* Points between the last accepted step's start and t, by the cubic
 * Hermite interpolant of the two ends' states and rates (the phase's own
 * right-hand side): two evaluations per long step, where re-taking rk8pd
 * steps would cost thirteen a point. Exact for cubics; between the steps
 * of a smooth run, far below what a plot can show. */
static void fill(struct record *tr, double t, const double *y1, const double *rates)
{
	const struct ode_system *s = tr->inner;
	const size_t n = s->dim;
	const double gap = t - tr->prev_t;
	size_t k = tr->dt > 0 && gap > tr->dt ? (size_t)fmin(ceil(gap / tr->dt), FILL_MAX) : 1;
	if (tr->n < FILL_WHILE && k < FILL_MIN)
		k = FILL_MIN;
	if (k < 2)
		return;
	double *f0 = xmalloc(3 * n * sizeof(double)), *f1 = f0 + n, *y = f1 + n;
	if (tr->have_prev_f)
		memcpy(f0, tr->prev_f, n * sizeof(double));
	if (rates)
		memcpy(f1, rates, n * sizeof(double));
	if ((tr->have_prev_f || s->rhs(tr->prev_t, tr->prev_y, f0, s->params) == GSL_SUCCESS) &&
	    (rates || s->rhs(t, y1, f1, s->params) == GSL_SUCCESS)) {
		for (size_t j = 1; j < k; j++) {
			double u = (double)j / (double)k, v = 1 - u;
			double h00 = v * v * (1 + 2 * u), h01 = u * u * (3 - 2 * u);
			double h10 = u * v * v * gap, h11 = -u * u * v * gap;
			for (size_t i = 0; i < n; i++)
				y[i] = h00 * tr->prev_y[i] + h01 * y1[i] + h10 * f0[i] +
				       h11 * f1[i];
			append(tr, tr->prev_t + u * gap, y, false);
		}
	}
	free(f0);
}

void record_point_rates(struct record *tr, double t, const double *y, const double *f)
{
	if (deferring(tr)) {
		log_entry(tr, f ? LOG_POINT_RATES : LOG_POINT, t, y, f);
		return;
	}
	if (tr->fresh) {
		tr->fresh = false;
		if (tr->n == 0 || t > tr->t[tr->n - 1])
			append(tr, t, y, true);
	} else {
		if (!(t > tr->prev_t))
			return; /* the event locator inside the last step */
		fill(tr, t, y, f);
		append(tr, t, y, false);
	}
	tr->prev_t = t;
	memcpy(tr->prev_y, y, tr->dim * sizeof(double));
	tr->have_prev_f = f != NULL;
	if (f)
		memcpy(tr->prev_f, f, tr->dim * sizeof(double));
}

void record_point(struct record *tr, double t, const double *y)
{
	record_point_rates(tr, t, y, NULL);
}

static int traced_rhs(double t, const double y[], double f[], void *p)
{
	const struct record *tr = p;
	return tr->inner->rhs(t, y, f, tr->inner->params);
}

static double traced_event(double t, const double y[], void *p)
{
	struct record *tr = p;
	record_point_rates(tr, t, y, ode_step_end_rates(t, y));
	return tr->inner->event ? tr->inner->event(t, y, tr->inner->params) : 1.0;
}

const struct ode_system *record_wrap(struct record *tr, const struct ode_system *inner)
{
	tr->inner = inner;
	tr->sys = (struct ode_system){inner->dim, traced_rhs, traced_event, tr};
	if (deferring(tr))
		log_entry(tr, LOG_WRAP, 0.0, NULL, NULL);
	else
		tr->fresh = true;
	return &tr->sys;
}

static void traced_events(double t, const double y[], double *g, void *p)
{
	struct record *tr = p;
	record_point_rates(tr, t, y, ode_step_end_rates(t, y));
	tr->inner_events(t, y, g, tr->inner->params);
}

/* opts->done behind the recorder: with the model's params, not the
 * recorder's (kozlov-ball's test read its horizon out of the record and
 * ended its run at once). */
static bool traced_done(double t, const double y[], const double f[], void *p)
{
	struct record *tr = p;
	return tr->inner_done(t, y, f, tr->inner->params);
}

const struct ode_system *record_wrap_opts(struct record *tr, const struct ode_system *inner,
					  struct ode_opts *opts)
{
	record_wrap(tr, inner);
	if (opts->nev) {
		tr->inner_events = opts->events;
		opts->events = traced_events;
		tr->sys.event = NULL;
	}
	if (opts->done) {
		tr->inner_done = opts->done;
		opts->done = traced_done;
	}
	return &tr->sys;
}

void record_mark(struct record *tr, double t, const double *y)
{
	if (deferring(tr)) {
		log_entry(tr, LOG_MARK, t, y, NULL);
		return;
	}
	while (tr->n > 0 && tr->t[tr->n - 1] > t)
		tr->n--;
	append(tr, t, y, true);
	tr->prev_t = t;
	memcpy(tr->prev_y, y, tr->dim * sizeof(double));
	tr->have_prev_f = false;
	tr->fresh = false;
}

void figure_curves_by_phase(struct figure *f, const struct table *t, size_t xcol, size_t ycol,
			    size_t pcol, const char *const *labels, size_t nlabels)
{
	enum { NCODES = 16 };
	size_t idx[NCODES] = {0}; /* 1 + the curve's index (f->curves moves as it grows) */
	const enum curve_style style = t->nrows > 1 ? CURVE_LINE : CURVE_POINTS;
	size_t i = 0;
	while (i < t->nrows) {
		double code = table_at(t, i, pcol);
		size_t j = i + 1;
		while (j < t->nrows && table_at(t, j, pcol) == code)
			j++;
		size_t k = code >= 0 && code < NCODES ? (size_t)code : NCODES - 1;
		if (!idx[k]) {
			figure_curve(f, k < nlabels ? labels[k] : "", style);
			idx[k] = f->ncurves;
		}
		struct curve *c = &f->curves[idx[k] - 1];
		if (c->n > 0)
			curve_point(c, NAN, NAN);
		for (size_t r = i > 0 ? i - 1 : 0; r < j; r++)
			curve_point(c, table_at(t, r, xcol), table_at(t, r, ycol));
		i = j;
	}
}
