#include "dyn/phase.h"

#include <float.h>
#include <gsl/gsl_errno.h>
#include <math.h>
#include <string.h>
#include <time.h>

#include "num/budget.h"
#include "num/num.h"

struct phase_caps phase_caps_default(void)
{
	return (struct phase_caps){
		.max_phases = 10000,
		.max_steps = 0,
		.max_time = INFINITY,
		.cpu_seconds = 60,
		.phase_word = "phases",
	};
}

void phase_jump(struct phase_run *run, double t, const double y[])
{
	if (y != run->y)
		memcpy(run->y, y, run->dim * sizeof(double));
	run->t = t;
	if (run->rec)
		record_mark(run->rec, t, run->y);
}

void phase_mark(struct phase_run *run, double t, const double y[])
{
	if (run->rec)
		record_mark(run->rec, t, y);
}

/* Phases in a row that advance no time before the run is refused. */
#define PHASE_STILL_MAX 8

/* The state as text for a message: its first parts, %.17g. */
static const char *state_text(const double *y, size_t dim)
{
	static char buf[200];
	size_t n = 0;
	buf[0] = 0;
	for (size_t i = 0; i < dim && n < sizeof buf - 30; i++)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%.17g", i ? ", " : "", y[i]);
	if (n >= sizeof buf - 30 && dim > 0)
		snprintf(buf + n, sizeof buf - n, ", ...");
	return buf;
}

static double cpu_since(clock_t c0)
{
	return (double)(clock() - c0) / CLOCKS_PER_SEC;
}

/* The caps that bound the phase about to run: fewer steps than are left
 * of the run's, no later than its simulated time. */
static void cap_phase(const struct phase_caps *caps, const struct phase_run *run,
		      struct ode_opts *o)
{
	if (caps->max_steps) {
		size_t left = caps->max_steps > run->steps ? caps->max_steps - run->steps : 0;
		if (left < o->max_steps)
			o->max_steps = left;
	}
	if (run->t0 + caps->max_time < o->tmax)
		o->tmax = run->t0 + caps->max_time;
}

/* The run's cap on steps reached: what it says, and why if the model said. */
static int steps_capped(const struct phase_caps *caps, const struct phase_run *run, struct diag *d)
{
	diag_clear(d);
	return diag_set(d,
			"the run took more than %zu steps before t = %.6g s (of tmax = %g s)%s%s",
			caps->max_steps, run->t, run->tmax, caps->steps_why ? ": " : "",
			caps->steps_why ? caps->steps_why : "");
}

/* ---- a phase in variables of its own (phase_mode.vars) --------------------- */

struct in_vars {
	const struct phase_mode *mode; /* the model's system and events, in t */
	struct record *rec;
	size_t nev; /* the model's events, then t reaching tmax */
	double tmax;
	double y[PHASE_VARS_MAX], f[PHASE_VARS_MAX]; /* the state at v, its rates in t */
};

static int vars_rhs(double s, const double v[], double f[], void *p)
{
	const struct in_vars *c = p;
	return c->mode->vars->rhs(s, v, f, c->mode->sys.params);
}

static bool vars_done(double s, const double v[], const double f[], void *p)
{
	const struct in_vars *c = p;
	return c->mode->vars->done(s, v, f, c->mode->sys.params);
}

/* The model's events at the state v stands for, that state recorded first
 * at the end of each step (its rates in t from the model's system), and
 * t's own: tmax − t. */
static void vars_events(double s, const double v[], double *g, void *p)
{
	struct in_vars *c = p;
	const struct phase_mode *m = c->mode;
	void *params = m->sys.params;
	double t;
	m->vars->to(v, c->y, &t, params);
	if (c->rec) {
		/* the stepper's own point, not the event locator's: the record's */
		const bool step_end = ode_step_end_rates(s, v) != NULL;
		const bool rates = step_end && m->sys.rhs(t, c->y, c->f, params) == GSL_SUCCESS;
		record_point_rates(c->rec, t, c->y, rates ? c->f : NULL);
	}
	if (m->opts.nev)
		m->opts.events(t, c->y, g, params);
	else
		g[0] = m->sys.event ? m->sys.event(t, c->y, params) : 1.0;
	g[c->nev - 1] = c->tmax - t;
}

/* ode_run of a mode in variables of its own: as ode_run, from (t0, y) to
 * the mode's opts.tmax in t or its event, *end in t. */
static int vars_run(const struct phase_mode *mode, struct record *rec, double t0, double y[],
		    struct ode_end *end, struct diag *d)
{
	const struct phase_vars *pv = mode->vars;
	void *params = mode->sys.params;
	struct in_vars c = {.mode = mode,
			    .rec = rec,
			    .nev = (mode->opts.nev ? mode->opts.nev : 1) + 1,
			    .tmax = mode->opts.tmax};
	if (pv->dim > PHASE_VARS_MAX || mode->sys.dim > PHASE_VARS_MAX || c.nev > PHASE_VARS_MAX)
		return diag_set(d,
				"a phase in %zu variables of its own, with %zu events, for a "
				"state of %zu (at most %d each)",
				pv->dim, c.nev, mode->sys.dim, PHASE_VARS_MAX);
	double v[PHASE_VARS_MAX];
	pv->from(t0, y, v, params);
	if (rec)
		record_wrap(rec, &mode->sys); /* its fill's rates: the model's, in t */
	const struct ode_system vsys = {pv->dim, vars_rhs, NULL, &c};
	struct ode_opts o = mode->opts;
	o.nev = c.nev;
	o.events = vars_events;
	o.done = pv->done ? vars_done : NULL;
	o.tmax = DBL_MAX; /* s has no end of its own: t's event ends the phase */
	const int rc = ode_run(&vsys, &o, 0.0, v, end, d);
	double t;
	pv->to(v, y, &t, params);
	end->h = 0; /* a step in s says nothing of one in t: the next phase chooses */
	end->t = t;
	if (!rc && end->event && end->which == c.nev - 1) {
		end->event = false; /* t reached tmax */
		end->t = c.tmax;
	} else if (!rc && end->event && end->which == c.nev) {
		end->which = c.nev - 1; /* done: one past the mode's own */
	}
	if (rc)
		budget_at(t, y, mode->sys.dim); /* where, in t */
	return rc;
}

int phase_run(const struct phase_system *sys, const struct phase_caps *caps, double t0, double tmax,
	      double y[], struct record *rec, struct phase_run *out, struct diag *d)
{
	const struct phase_caps none = phase_caps_default();
	if (!caps)
		caps = &none;
	const char *word = caps->phase_word ? caps->phase_word : "phases";
	struct phase_run run = {
		.t0 = t0, .t = t0, .tmax = tmax, .y = y, .dim = sys->dim, .rec = rec};
	struct ode_end end = {0};
	const clock_t c0 = clock();
	int rc = 0;
	int still = 0; /* phases in a row that ended where they began */
	for (;;) {
		struct phase_mode mode = {.opts = ode_opts_default(tmax)};
		const int next = sys->next(&run, &mode, sys->ctx, d);
		if (next < 0) {
			rc = -1;
			break;
		}
		if (next == PHASE_END)
			break;
		if (!mode.stretch && ++run.phases > caps->max_phases && caps->max_phases) {
			rc = diag_set(d,
				      "more than %zu %s before tmax = %g (at t = %.6g); the state "
				      "there: (%s); %s",
				      caps->max_phases, word, tmax, run.t, state_text(y, sys->dim),
				      caps->steps_why ? caps->steps_why
						      : "lower tmax, or change the parameter that "
							"makes the motion switch this often");
			break;
		}
		if (caps->max_steps && run.steps >= caps->max_steps) {
			rc = steps_capped(caps, &run, d);
			break;
		}
		const double asked = mode.opts.tmax;
		cap_phase(caps, &run, &mode.opts);
		/* every phase starts from a row: the model's own, or this */
		if (rec && !(rec->n > 0 && rec->t[rec->n - 1] == run.t))
			record_mark(rec, run.t, y);
		int failed;
		if (mode.vars) {
			failed = vars_run(&mode, rec, run.t, y, &end, d);
		} else {
			const struct ode_system *s =
				rec ? record_wrap_opts(rec, &mode.sys, &mode.opts) : &mode.sys;
			failed = ode_run(s, &mode.opts, run.t, y, &end, d);
		}
		run.steps += end.steps;
		if (failed) {
			run.t = end.t;
			if (budget_spent()) { /* the solve's budget: the run's words */
				rc = budget_refuse(d, run.phases, word, caps->steps_why);
				break;
			}
			run.out_of_steps = end.steps >= mode.opts.max_steps;
			rc = run.out_of_steps && caps->max_steps && run.steps >= caps->max_steps
				     ? steps_capped(caps, &run, d)
				     : -1;
			break;
		}
		if (rec && !mode.quiet_end)
			record_mark(rec, end.t, y);
		/* a phase that ends where it began, at an event there, can be a
		 * mode's hand-over; a few in a row are a run that stands still
		 * (a `next` that starts the same phase again, an event that holds
		 * where its phase starts), refused at once. Within a few units
		 * in the last place of t is where it began: time that does not
		 * move in floating point. */
		still = end.t - run.t <= 4 * DBL_EPSILON * fabs(run.t) ? still + 1 : 0;
		if (still >= PHASE_STILL_MAX) {
			rc = diag_set(
				d,
				"the run stands still at t = %.17g: %d %s in a row ended where "
				"they began (%s), so time does not advance; the state there: "
				"(%s); the model's switching conditions hold at once in this "
				"state: change the start or the parameter that puts it on a "
				"switching surface",
				run.t, still, word,
				end.event ? "each at an event that holds where its phase starts"
					  : "each given no time to run",
				state_text(y, sys->dim));
			break;
		}
		run.t = end.t;
		run.end = &end;
		if (!end.event && run.t < asked && run.t >= t0 + caps->max_time) {
			rc = diag_set(d,
				      "the run reached its cap on simulated time, %.6g after its "
				      "start, at t = %.6g, before it ended",
				      caps->max_time, run.t);
			break;
		}
		if (budget_poll(run.t, y, sys->dim)) {
			budget_at(run.t, y, sys->dim);
			rc = budget_refuse(d, run.phases, word, caps->steps_why);
			break;
		}
		if (num_interrupted) {
			rc = num_fail(d, GSL_EBADFUNC, "integration");
			break;
		}
		if (caps->cpu_seconds > 0 && cpu_since(c0) > caps->cpu_seconds) {
			rc = diag_set(d,
				      "the run took more than its cap of %.3g s of processor time; "
				      "it had reached t = %.6g after %zu %s",
				      caps->cpu_seconds, run.t, run.phases, word);
			break;
		}
		if (isfinite(tmax) && tmax > t0)
			num_progress_time(run.t - t0, tmax - t0);
	}
	if (out) {
		*out = run;
		out->end = NULL; /* this call's own */
	}
	return rc;
}
