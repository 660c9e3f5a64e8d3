/* Adaptive integration of smooth phases with event location.
 *
 * A phase of a nonsmooth problem (a slip phase with the friction's sign
 * fixed, say) is integrated with GSL's rk8pd until its event function
 * changes sign; the crossing is then located inside the accepted step:
 * a first guess on the step's cubic Hermite interpolant (free: the ends'
 * states and rates), then Newton's method on the step's continuous
 * extension (the same Runge-Kutta step re-taken from the step's start to
 * the trial time), Brent's method on it where Newton does not settle. */
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

/* The Jacobian ∂f/∂y (row-major) and ∂f/∂t of a system's right-hand side. */
typedef int ode_jacobian(double t, const double y[], double *dfdy, double dfdt[], void *params);

struct ode_opts {
	double rtol, atol;
	double h0;	  /* first trial step; 0: chosen from the problem's scales */
	double tmax;	  /* end of the phase if no event comes first */
	size_t max_steps; /* a phase longer than this is an error */
	double event_tol; /* relative tolerance on the event time */
	/* Several event functions at once (nev > 0, the system's event NULL):
	 * g[0..nev) at (t, y), given the system's params, each positive while
	 * the phase holds. The phase ends at the first where one goes from > 0
	 * to <= 0 (end.which says which); one that is not > 0 where the phase
	 * starts counts once it is (a rate that starts from rest in the sense
	 * it was given, a force starting at its bound and turning inward). */
	size_t nev;
	void (*events)(double t, const double y[], double *g, void *params);
	/* Asked after each accepted step that no event ended, at its end, with
	 * the rates there (f): true ends the phase at that step, an event that
	 * needs no location (a criterion met, not a level crossed: end.event
	 * true, end.which = nev). NULL: none. */
	bool (*done)(double t, const double y[], const double f[], void *params);
	/* A stiff phase: with its Jacobian given, the phase is integrated by
	 * GSL's msbdf (variable-order BDF, a few evaluations a step) at a
	 * tenth of the tolerance instead of rk8pd, whose steps a stiff phase
	 * holds to its stability bound rather than its accuracy; its events
	 * are located on re-steps of GSL's bsimp (Bader and Deuflhard's
	 * linearly implicit extrapolation, a one-step method) from the start
	 * of the msbdf step that crossed, by Newton's method from the step's
	 * Hermite interpolant. NULL: rk8pd. */
	ode_jacobian *jac;
	/* Each component's absolute tolerance as atol times atol_scale[i]
	 * (GSL's scaled control), for a state whose parts live at different
	 * scales (a motion of 1e-11 m/s: positions of 1e-23 m); rk8pd's
	 * phases alone. NULL: atol for all. */
	const double *atol_scale;
};

/* The scale of a motion whose largest rate at its start is `speed` (SI):
 * speed/1e-3 where it is below 1e-3 (floored at 1e-150, so that its square
 * is a normal double), else 1, and 1 for a start from rest. A model near
 * rest, moved by friction of degree 0 in the rates, runs the same motion
 * at every such scale: its rates held to atol times it, its positions to
 * atol times its square (ode_opts.atol_scale). */
double ode_motion_scale(double speed);

/* Sensible defaults for textbook accuracy (rtol = atol = 1e-12, events to
 * 1e-13 relative, the first step from the problem, a million steps). */
struct ode_opts ode_opts_default(double tmax);

struct ode_end {
	double t;     /* where the phase ended */
	bool event;   /* true: the event function vanished at t */
	size_t which; /* with several event functions: the one that did */
	size_t steps; /* accepted steps */
	double h;     /* the step the integrator would try next: a good h0 for
		       * the phase that follows */
};

/* A hook for studies of cost against accuracy (tests/bench/bench.c), not
 * for the models: while tol > 0, every ode_run integrates with rtol = atol
 * = tol whatever its caller asked for, and locates its events to tol/100
 * where that is looser than the caller's event_tol; 0 gives the callers
 * back their own. Process-wide and not thread-safe; no front end sets it.
 * The stepper below (the compliant Painlevé run) keeps its tolerance. */
void ode_set_tolerance_override(double tol);
/* The tolerance ode_run integrates with when its caller asks for `asked`:
 * the override's while one is set. A model whose phase ends at a level
 * (a speed falling to eps, say) keeps that level well above the
 * integration's absolute error with it. */
double ode_tolerance(double asked);

/* The right-hand side evaluations the integrators of this thread have made
 * so far (ode_run, the stepper, ode_solve_to; event location included):
 * tests/bench/bench.c's work count. */
unsigned long long ode_rhs_evaluations(void);

/* Integrates from (t0, y) until the event or opts->tmax; y is updated in
 * place. Returns 0, or -1 with d filled (step failure, interrupt, too many
 * steps). */
/* Inside an event function that ode_run calls right after an accepted
 * step, at that step's end (t, y: ode_run's own state, not a re-step's):
 * the right-hand side there as the stepper took it (rk8pd's last stage),
 * bit for bit what evaluating it again gives; else NULL. A run record's
 * fill takes it instead of evaluating the right-hand side again. */
const double *ode_step_end_rates(double t, const double y[]);
int ode_run(const struct ode_system *sys, const struct ode_opts *opts, double t0, double y[],
	    struct ode_end *end, struct diag *d);

/* Another integrator in ode_run's place, for tests/bench/bench.c's
 * comparison of candidates (SUNDIALS' CVODE and ARKODE, linked into the
 * bench alone); NULL gives rk8pd back. Like the tolerance override,
 * process-wide, and no front end sets it. A replacement counts each
 * right-hand side it evaluates with ode_count_rhs. */
typedef int ode_run_fn(const struct ode_system *sys, const struct ode_opts *opts, double t0,
		       double y[], struct ode_end *end, struct diag *d);
void ode_set_run_override(ode_run_fn *fn);
void ode_count_rhs(void);

/* Step by step, for a model that must see every accepted step itself (the
 * compliant Painlevé run: the largest normal force, the Jacobian's time
 * scales, the switch to an implicit method once the problem is stiff, the
 * rod lying down between two steps). GSL's driver with rtol = atol = tol;
 * sys (and its params) must outlive the stepper. The event function is not
 * used: the model looks at each step's end. */
enum ode_method {
	ODE_RK8PD, /* explicit Runge-Kutta-Prince-Dormand (8, 9) */
	ODE_MSBDF, /* implicit variable-order BDF, for stiff problems: needs a Jacobian */
};
struct ode_stepper;
/* A stepper from t0 with first trial step h0 (jac: NULL unless ODE_MSBDF may
 * be used); ode_stepper_free releases it. */
struct ode_stepper *ode_stepper_new(const struct ode_system *sys, ode_jacobian *jac,
				    enum ode_method method, double t0, double h0, double tol);
void ode_stepper_free(struct ode_stepper *st);
/* One accepted step from *t toward tmax (never past it), y updated in place;
 * reports progress against [t0, tmax]. Returns GSL's status: GSL_SUCCESS,
 * or the failure (GSL_EBADFUNC when the right-hand side saw
 * num_interrupted); num_fail turns it into a message. */
int ode_stepper_step(struct ode_stepper *st, double *t, double tmax, double y[]);
/* Goes on with another method from the step size reached. */
void ode_stepper_set_method(struct ode_stepper *st, enum ode_method method);
enum ode_method ode_stepper_method(const struct ode_stepper *st);

/* Integrates from (*t, y) to t1 with a fresh driver (rtol = atol = tol,
 * first trial step h0): for re-running a stretch inside one step. Returns
 * GSL's status. */
int ode_solve_to(const struct ode_system *sys, ode_jacobian *jac, enum ode_method method, double h0,
		 double tol, double *t, double t1, double y[]);

#endif
