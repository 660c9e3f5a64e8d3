/* The run record: t, the state and the model's derived columns at every
 * event, jump and phase end, and dense samples between; what a solve's
 * figures, steps and exports are read from (phase.h fills it).
 *
 * ode_run calls the event function at the start and after every accepted
 * step; record_wrap puts a recorder in front of a model's event function
 * (and passes the right-hand side through unchanged), so the run takes the
 * very same steps with or without a record. Points the event locator asks
 * about inside the last step are not recorded (they come earlier than the
 * step's end); record_mark then cuts the record at the phase's real end.
 * Each step is filled by cubic Hermite interpolation of its ends (as
 * ode45 refines its output) in pieces no longer than `dt`, and in several
 * while the record is short, so a smooth run drawn from a dozen steps is
 * still smooth; more than RECORD_MAX rows are thinned to every other one,
 * and from then on rows are taken further apart. */
#ifndef TRIBO_RECORD_H
#define TRIBO_RECORD_H

#include <stdbool.h>
#include <stddef.h>

#include "num/figure.h"
#include "num/ode.h"

enum { RECORD_MAX = 20000 };

struct record {
	size_t dim;   /* state variables of the system */
	size_t width; /* columns of a row: the state, then the extras */
	size_t n, cap;
	double *t, *row;
	double dt;   /* the longest piece a step is drawn in (0: no limit) */
	double keep; /* after thinning: rows at least this far apart */
	/* Derived quantities, computed as each point is recorded (while the
	 * model's phase is the one the point belongs to): out[0..width-dim). */
	void (*extra)(void *ctx, double t, const double *y, double *out);
	void *ctx;
	/* the phase being run */
	struct ode_system sys;
	const struct ode_system *inner;
	/* the phase's several event functions (ode_opts.nev), when it has them */
	void (*inner_events)(double t, const double y[], double *g, void *params);
	/* and its test of having settled (ode_opts.done), when it has one */
	bool (*inner_done)(double t, const double y[], const double f[], void *params);
	bool fresh; /* no point of this phase seen yet */
	double prev_t;
	double *prev_y;
	double *prev_f;	   /* the rates at prev_y, when the model gave them */
	bool have_prev_f;  /* prev_f holds them */
	bool extras_later; /* record_extras_later: the extras wait for record_extras */
	bool extras_owed;  /* rows whose extras are not computed yet */
	/* record_defer: the points, marks and phase starts as given, each
	 * 2 + 2 dim numbers (what, t, y, f), until record_extras fills them */
	int (*defer_rhs)(double t, const double y[], double f[], void *params);
	double *log;
	size_t nlog, logcap;
	bool replaying;
};

/* An empty record of `dim` state variables and `nextra` derived columns. */
void record_init(struct record *tr, size_t dim, size_t nextra, double dt);
/* tr made as record_init makes it, with the derived columns' function and
 * its context, when a solve's figures are wanted; else NULL, and the run
 * keeps no record. */
struct record *record_open(struct record *tr, bool want, size_t dim, size_t nextra, double dt,
			   void (*extra)(void *ctx, double t, const double *y, double *out),
			   void *ctx);
/* Nothing for NULL. */
void record_release(struct record *tr);
/* The derived columns computed when asked (record_extras), not as each
 * point is recorded: for a model whose extras are a function of (t, y)
 * and of what its ctx holds for the whole run (not of the phase being
 * run), so that a solve whose figures are never drawn does not pay for
 * them. The rows are the same either way, bit for bit. */
void record_extras_later(struct record *tr);
/* Computes the extras left for later, once, with ctx as their context
 * (the model's state as its run left it, copied: the run's own may be
 * gone), after the points deferred (record_defer) are filled in. Nothing
 * when none are owed. */
void record_extras(struct record *tr, void *ctx);
/* For a model that takes the steps itself (record_point_rates) with one
 * right-hand side for the whole run, rhs, whose params are what
 * record_extras is given: the points, marks and phase starts are kept as
 * given and the record made of them at record_extras (the steps' Hermite
 * fill and the thinning, bit for bit as at once), in blocks of
 * RECORD_DEFER_MAX at the run's time when the run is longer. tr->n
 * counts rows made so far: read it after record_extras. */
enum { RECORD_DEFER_MAX = 8192 };
void record_defer(struct record *tr,
		  int (*rhs)(double t, const double y[], double f[], void *params));
/* The system to give ode_run in place of `inner` for one phase. */
const struct ode_system *record_wrap(struct record *tr, const struct ode_system *inner);
/* The same for a phase that may have several event functions (opts->nev
 * > 0: opts->events is put behind the recorder in the same way) or a test
 * of having settled (opts->done, given the model's own params). */
const struct ode_system *record_wrap_opts(struct record *tr, const struct ode_system *inner,
					  struct ode_opts *opts);
/* A point of the phase record_wrap set up, for a model that takes the
 * steps itself: recorded (after filling the step) if later than the last. */
void record_point(struct record *tr, double t, const double *y);
/* record_point for a model that has evaluated the phase's right-hand
 * side at (t, y) already (f; NULL: it could not): the step's fill takes
 * those rates, and the next step's fill the same as its start's, where
 * record_point evaluates both ends again. */
void record_point_rates(struct record *tr, double t, const double *y, const double *f);
/* The state at t, as the model has it (a phase's end, a jump, a stretch
 * taken in closed form): rows after t are dropped, this one appended (a
 * row at the same t stays: a jump shows as two rows at one time). */
void record_mark(struct record *tr, double t, const double *y);
static inline const double *record_row(const struct record *tr, size_t i)
{
	return tr->row + i * tr->width;
}

/* Curves of column ycol against xcol of t, one for each phase code
 * (column pcol, 0..15) that occurs, labelled labels[code]: the rows of that
 * phase, each stretch starting at the last row of the one before (so the
 * run's line is unbroken) and stretches apart separated by a point
 * (NAN, NAN), where gnuplot breaks a line. One row: points, not lines. */
void figure_curves_by_phase(struct figure *f, const struct table *t, size_t xcol, size_t ycol,
			    size_t pcol, const char *const *labels, size_t nlabels);

#endif
