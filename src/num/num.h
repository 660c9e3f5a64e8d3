/* Shared state of the numerics layer: GSL's error handler and the
 * interrupt flag that long computations poll. */
#ifndef TRIBO_NUM_H
#define TRIBO_NUM_H

#include <signal.h>

#include "util/diag.h"

/* Replaces GSL's default handler (which aborts) with one that records the
 * error for num_gsl_error(). Call once at start-up. */
void num_init(void);
/* The last error GSL reported, or "" (cleared by num_gsl_clear). */
const char *num_gsl_error(void);
void num_gsl_clear(void);

/* Set from a SIGINT handler; ODE right-hand sides and quadrature integrands
 * see it and make the solver stop at once. */
extern volatile sig_atomic_t num_interrupted;

/* Progress of a long computation, against what ends it. Cheap enough to
 * call at every step: the hook (set by the interactive front ends; none
 * elsewhere) throttles its drawing. */
enum num_progress_kind {
	NUM_PROGRESS_TIME,   /* an integration: simulated time done of the span to tmax */
	NUM_PROGRESS_POINTS, /* a sweep: points done of all */
	NUM_PROGRESS_SETTLE, /* a run of periods that ends when one period repeats the
			      * last: the change and the tolerance it must fall below */
};
struct num_progress {
	enum num_progress_kind kind;
	double done, total; /* TIME, POINTS */
	long count;	    /* SETTLE: periods done */
	double change, tol; /* SETTLE: change NAN before the first period ends */
	long cap;	    /* SETTLE: the most periods it may run */
};
void num_progress_time(double done, double total);
void num_progress_points(long done, long total);
void num_progress_settle(long count, double change, double tol, long cap);
void num_set_progress_hook(void (*hook)(const struct num_progress *p));

/* Fills d for a GSL status returned by a solver, naming what was running. */
int num_fail(struct diag *d, int status, const char *what);

#endif
