/* The phase driver: one loop for every hybrid run of the models.
 *
 * A model states its *phase system*: the state's dimension and one
 * callback, `next`, called at the start and at the end of every phase.
 * It looks at how the last phase ended (run->end: an event, or the
 * phase's own end time), may move the state (a jump, an impact, the last
 * stretch to rest taken in closed form: phase_jump) and says what comes
 * next: another phase, with the right-hand side and event function of the
 * mode the system is in now and its integration options, or the end of
 * the run. The driver runs ode_run phase after phase, as GSL's odeiv2
 * driver runs evolve step after step and Siconos' event-driven simulation
 * runs its integrator from one nonsmooth event to the next; it owns the
 * caps (phases, accepted steps, simulated time, CPU seconds), the
 * progress shown and Ctrl-C between phases, charges the solve's budget
 * (num/budget.h: the steps through ode_run, the clock between phases) and
 * refuses the run in its words when it runs out, and fills the run record
 * (record.h) when one is kept: the state each phase starts from (unless
 * the record has a row at that time already), at every phase's end and
 * at every jump, and the accepted steps between, densely sampled. A model reads its results and
 * figures from the record and the run's counts (phase_run.steps), and writes no loop of its own.
 *
 * Events: a mode's event function is its ode_system's, or several at
 * once are its options' (ode_opts.nev, .events: the phase ends at the
 * first to change sign, ode_end.which says which); the driver passes them
 * through to ode_run unchanged, and the record sees every step through
 * them. */
#ifndef TRIBO_PHASE_H
#define TRIBO_PHASE_H

#include <stdbool.h>
#include <stddef.h>

#include "dyn/record.h"
#include "num/ode.h"
#include "util/diag.h"

/* A phase integrated in variables v of its own against a clock s of its
 * own, t among the variables: where the mode's right-hand side in t is
 * singular at a stop (a norm of the rates falling to 0 while the
 * friction's direction turns at a rate 1/|q̇|), the stop can lie at
 * s = ∞ with every rate in s smooth (disk-slide's σ = ln(ρ0/ρ) on any
 * system). The mode still gives its system and events in t, on the state:
 * the driver maps v to (t, y) for the events, the record (its fill's
 * rates from the mode's system in t) and the phase's end, ends the phase
 * where t reaches opts.tmax (an event of its own that end->event does not
 * report; opts.h0, when given, is a step in s) and reports end->t and
 * end->h in t. Each function is given the mode's sys.params. */
enum { PHASE_VARS_MAX = 64 }; /* the most variables, and events */
struct phase_vars {
	size_t dim; /* v's */
	/* v at the state (t, y) the phase starts from */
	void (*from)(double t, const double y[], double v[], void *params);
	/* the state y and t at v */
	void (*to)(const double v[], double y[], double *t, void *params);
	/* dv/ds */
	int (*rhs)(double s, const double v[], double f[], void *params);
	/* Asked at the end of each step with dv/ds there: true ends the phase
	 * there, an event with end->which = opts.nev (one past the mode's own;
	 * ode_opts.done). NULL: none. */
	bool (*done)(double s, const double v[], const double f[], void *params);
};

/* The run as the model's `next` sees it and may change it. */
struct phase_run {
	double t0, t; /* the start, now */
	double tmax;  /* the run's horizon (INFINITY: none; the model ends it) */
	double *y;    /* the state now (dim): a jump writes it through phase_jump */
	size_t dim;
	size_t steps;  /* accepted steps of all phases so far */
	size_t phases; /* phases run so far (a stretch counts as none) */
	/* How the last phase ended (NULL before the first): end->event is
	 * true where its event function changed sign at end->t. */
	const struct ode_end *end;
	struct record *rec; /* NULL when the solve keeps no record */
	/* After a failed run: its last phase ran out of steps (its
	 * opts.max_steps), where a model may say why in its own words. */
	bool out_of_steps;
};

/* What `next` asks for. */
enum phase_next {
	PHASE_END, /* the run is over */
	PHASE_RUN, /* integrate `mode` from run->t */
};

/* The phase to run next: the current mode's system and its options
 * (preset to ode_opts_default(run->tmax) on each call). A mode may
 * integrate fewer variables than the state has (sys.dim ≤ dim: the first
 * ones; a creep phase that follows u alone and sets u̇ from it); the rest
 * stay as `next` left them. */
struct phase_mode {
	struct ode_system sys;
	struct ode_opts opts;
	/* This phase continues the last one (a long phase cut in stretches
	 * to look at it between them): not counted against max_phases. */
	bool stretch;
	/* The record gets no row of its own at this phase's end: its last
	 * step's end is a row like any other (a stretch, a run whose end the
	 * model draws itself). */
	bool quiet_end;
	/* Other variables and another clock for this phase (NULL: none). */
	const struct phase_vars *vars;
};

struct phase_system {
	size_t dim;
	/* Returns PHASE_RUN with *mode filled, PHASE_END, or -1 with d
	 * filled (the run fails with the model's message). */
	int (*next)(struct phase_run *run, struct phase_mode *mode, void *ctx, struct diag *d);
	void *ctx;
};

/* The caps of a run: past any of them the run fails, and the message
 * says which cap it was, its value and the simulated time reached. */
struct phase_caps {
	size_t max_phases;  /* 0: none */
	size_t max_steps;   /* accepted steps over the whole run; 0: none */
	double max_time;    /* simulated time from t0; INFINITY: none */
	double cpu_seconds; /* processor time of the run; 0: none */
	/* What a phase is called in the message ("stick/slip phases"). */
	const char *phase_word;
	/* Why a run takes too many steps, and what to do, after the message
	 * that says so ("lower tmax, or the friction"); NULL: nothing. */
	const char *steps_why;
};

/* No caps but 10000 phases, as the models had; a minute of CPU, a
 * backstop for a run outside any solve's budget (a test that calls a
 * model itself): a solve's budget (num/budget.h) ends it long before. */
struct phase_caps phase_caps_default(void);

/* Runs the system from (t0, y) toward tmax: calls next, integrates the
 * mode it gives, and again, until next says PHASE_END. y holds the final
 * state; *run (may be NULL) the run's counts and time at the end, or
 * where it failed (its `end` NULL). rec,
 * when not NULL, is an initialized record of sys->dim state columns: it
 * gets the run (a model whose record starts at t0 whatever comes marks
 * it there: phase_mark). Returns 0, or -1 with d filled (a
 * cap, a step failure, Ctrl-C, the model's own refusal). */
int phase_run(const struct phase_system *sys, const struct phase_caps *caps, double t0, double tmax,
	      double y[], struct record *rec, struct phase_run *run, struct diag *d);

/* From `next`: the state set to y at t (t not before run->t; y may be
 * run->y), and recorded as it is (rows later than t dropped, so a jump
 * shows as two rows at one time). */
void phase_jump(struct phase_run *run, double t, const double y[]);
/* From `next`: a point of a stretch the model takes in closed form (a
 * block riding with the belt), for the record alone: the run's state and
 * time do not move. */
void phase_mark(struct phase_run *run, double t, const double y[]);

#endif
