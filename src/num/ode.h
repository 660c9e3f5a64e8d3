/* Adaptive integration of smooth phases with event location.
 *
 * A phase of a nonsmooth problem (a slip phase with the friction's sign
 * fixed, say) is integrated with GSL's rk8pd until its event function
 * changes sign; the crossing is then bracketed inside the accepted step and
 * located with Brent's method on the step's continuous extension (the same
 * Runge-Kutta step re-taken from the step's start to the trial time). */
#ifndef TRIBO_ODE_H
#define TRIBO_ODE_H

#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"

struct ode_system {
	size_t dim;
	/* Returns GSL_SUCCESS, or GSL_EBADFUNC to stop (num_interrupted). */
	int (*rhs)(double t, const double y[], double dydt[], void *params);
	/* Event function; the phase ends where it changes sign. NULL: none. */
	double (*event)(double t, const double y[], void *params);
	void *params;
};

struct ode_opts {
	double rtol, atol;
	double h0;	  /* first trial step */
	double tmax;	  /* end of the phase if no event comes first */
	size_t max_steps; /* a phase longer than this is an error */
	double event_tol; /* relative tolerance on the event time */
};

/* Sensible defaults for textbook accuracy (rtol = atol = 1e-12, events to
 * 1e-13 relative, a million steps). */
struct ode_opts ode_opts_default(double tmax);

struct ode_end {
	double t;     /* where the phase ended */
	bool event;   /* true: the event function vanished at t */
	size_t steps; /* accepted steps */
};

/* A hook for studies of cost against accuracy (tests/bench/bench.c), not
 * for the models: while tol > 0, every ode_run integrates with rtol = atol
 * = tol whatever its caller asked for; 0 gives the callers back their own.
 * Process-wide and not thread-safe; no front end sets it. Event location
 * (event_tol) and integrations outside ode_run (the compliant Painlevé
 * run's msbdf driver) keep their tolerances. */
void ode_set_tolerance_override(double tol);

/* Integrates from (t0, y) until the event or opts->tmax; y is updated in
 * place. Returns 0, or -1 with d filled (step failure, interrupt, too many
 * steps). */
int ode_run(const struct ode_system *sys, const struct ode_opts *opts, double t0, double y[],
	    struct ode_end *end, struct diag *d);

#endif
