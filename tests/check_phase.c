/* The phase driver (dyn/phase) and its run record (dyn/record): a ball
 * bouncing on a floor, each impact a jump, against the closed form; the
 * record's rows at the events and jumps; the caps and what they say;
 * Ctrl-C; a phase in variables of its own (a puck's stop at s = ∞). */
#include <check.h>
#include <gsl/gsl_errno.h>
#include <math.h>
#include <string.h>

#include "dyn/phase.h"
#include "modelrun.h"
#include "num/num.h"
#include "testutil.h"
#include "util/diag.h"

/* y = (height, speed) under gravity g = 1; the flight ends at height 0. */
static int fall_rhs(double t, const double y[], double f[], void *p)
{
	(void)t;
	(void)p;
	if (num_interrupted)
		return GSL_EBADFUNC;
	f[0] = y[1];
	f[1] = -1.0;
	return GSL_SUCCESS;
}

static double floor_event(double t, const double y[], void *p)
{
	(void)t;
	(void)p;
	return y[0];
}

struct bounce {
	double e;	  /* restitution */
	int bounces, max; /* impacts so far; the run ends after max */
	bool with_event;
	double impact[8];
};

/* After a flight: the impact reverses the speed times e (a jump). */
static int bounce_next(struct phase_run *run, struct phase_mode *mode, void *ctx, struct diag *d)
{
	struct bounce *b = ctx;
	(void)d;
	if (run->end) {
		if (!run->end->event)
			return PHASE_END;
		if (b->bounces < 8)
			b->impact[b->bounces] = run->t;
		if (++b->bounces >= b->max)
			return PHASE_END;
		const double y[2] = {0.0, -b->e * run->y[1]};
		phase_jump(run, run->t, y);
	}
	mode->sys = (struct ode_system){2, fall_rhs, b->with_event ? floor_event : NULL, b};
	return PHASE_RUN;
}

/* Dropped from height 1/2 (speed 1 at the floor, first impact at t = 1),
 * restitution e: the k-th flight lasts 2e^k, so impact n comes at
 * 1 + 2(e + … + e^(n−1)). */
START_TEST(test_bounce)
{
	struct bounce b = {.e = 0.5, .max = 5, .with_event = true};
	const struct phase_system ps = {2, bounce_next, &b};
	double y[2] = {0.5, 0.0};
	struct record rec;
	record_init(&rec, 2, 0, 0.0);
	struct phase_run run;
	struct diag d;
	diag_clear(&d);
	ck_assert_int_eq(phase_run(&ps, NULL, 0.0, 100.0, y, &rec, &run, &d), 0);
	ck_assert_int_eq(b.bounces, 5);
	ck_assert_uint_eq(run.phases, 5);
	double t = 1.0, e = 1.0;
	for (int n = 0; n < 5; n++) {
		ck_assert_double_eq_tol(b.impact[n], t, 1e-11);
		e *= b.e;
		t += 2 * e;
	}
	ck_assert_double_eq(run.t, b.impact[4]);
	ck_assert_double_eq_tol(y[0], 0.0, 1e-11);
	/* the record: its first row the start, a jump two rows at one time */
	ck_assert_double_eq(rec.t[0], 0.0);
	ck_assert_double_eq(record_row(&rec, 0)[0], 0.5);
	size_t jumps = 0;
	for (size_t i = 1; i < rec.n; i++) {
		ck_assert(rec.t[i] >= rec.t[i - 1]);
		if (rec.t[i] == rec.t[i - 1]) {
			jumps++;
			ck_assert_double_eq_tol(record_row(&rec, i)[1],
						-b.e * record_row(&rec, i - 1)[1], 1e-15);
		}
	}
	ck_assert_uint_eq(jumps, 4);
	ck_assert_double_eq(rec.t[rec.n - 1], run.t);
	/* dense samples between the events, not only the steps' ends */
	ck_assert_uint_gt(rec.n, 5 * 8);
	record_release(&rec);
}
END_TEST

/* A `next` that asks for a phase of no length again and again (as imachi's
 * run did at a mass 1e-11 off the base, issue 37) stands still: the driver
 * refuses it at once, after a few such phases, with the time and the
 * state; a few in a row and then a real phase pass. */
struct still {
	int calls, empty; /* phases asked so far; how many of no length first */
};

static int still_next(struct phase_run *run, struct phase_mode *mode, void *ctx, struct diag *d)
{
	struct still *st = ctx;
	(void)d;
	if (run->end && run->t >= 1.0)
		return PHASE_END;
	mode->sys = (struct ode_system){2, fall_rhs, NULL, st};
	if (st->calls++ < st->empty)
		mode->opts.tmax = run->t; /* no time to run */
	return PHASE_RUN;
}

START_TEST(test_stands_still)
{
	struct still st = {.empty = 1000};
	const struct phase_system ps = {2, still_next, &st};
	double y[2] = {0.25, 0.5};
	struct phase_run run;
	struct diag d;
	diag_clear(&d);
	ck_assert_int_eq(phase_run(&ps, NULL, 0.0, 1.0, y, NULL, &run, &d), -1);
	ck_assert_msg(strstr(d.msg, "the run stands still at t = 0: 8 phases in a row ended where "
				    "they began (each given no time to run), so time does not "
				    "advance; the state there: (0.25, 0.5); the model's switching "
				    "conditions hold at once"),
		      "%s", d.msg);
	ck_assert_int_eq(st.calls, 8);
	/* a few empty phases, then the flight: it runs to its end */
	struct still ok = {.empty = 3};
	const struct phase_system ps2 = {2, still_next, &ok};
	double y2[2] = {0.25, 0.5};
	diag_clear(&d);
	ck_assert_int_eq(phase_run(&ps2, NULL, 0.0, 1.0, y2, NULL, &run, &d), 0);
	ck_assert_double_eq_tol(y2[0], 0.25 + 0.5 - 0.5, 1e-12); /* y = y0 + v0 t − t²/2 */
}
END_TEST

/* Without a record the run is the same, to the bit. */
START_TEST(test_record_changes_nothing)
{
	struct bounce b1 = {.e = 0.7, .max = 4, .with_event = true}, b2 = b1;
	double y1[2] = {0.5, 0.0}, y2[2] = {0.5, 0.0};
	struct record rec;
	record_init(&rec, 2, 0, 0.01);
	struct phase_run r1, r2;
	struct diag d;
	diag_clear(&d);
	const struct phase_system p1 = {2, bounce_next, &b1}, p2 = {2, bounce_next, &b2};
	ck_assert_int_eq(phase_run(&p1, NULL, 0.0, 100.0, y1, NULL, &r1, &d), 0);
	ck_assert_int_eq(phase_run(&p2, NULL, 0.0, 100.0, y2, &rec, &r2, &d), 0);
	ck_assert(r1.t == r2.t && y1[0] == y2[0] && y1[1] == y2[1]);
	ck_assert_uint_eq(r1.steps, r2.steps);
	record_release(&rec);
}
END_TEST

/* A harmonic oscillator's step ends (closed form, uneven steps) recorded
 * two ways: record_point with its extras computed at once, and
 * record_point_rates (the rates given, as a model that has them does)
 * with the extras left for record_extras. The rows are the same bit for
 * bit; the second evaluates the right-hand side for no step's end. */
static int osc_evals;
static int osc_rhs(double t, const double y[], double f[], void *p)
{
	(void)t;
	(void)p;
	osc_evals++;
	f[0] = y[1];
	f[1] = -y[0];
	return GSL_SUCCESS;
}

static void osc_energy(void *ctx, double t, const double *y, double *out)
{
	const double *scale = ctx;
	out[0] = *scale * (y[0] * y[0] + y[1] * y[1]);
	out[1] = t;
}

START_TEST(test_record_rates_and_later_extras)
{
	const struct ode_system sys = {2, osc_rhs, NULL, NULL};
	double scale = 0.5, other = 99.0;
	struct record a, b;
	record_init(&a, 2, 2, 0.01);
	record_init(&b, 2, 2, 0.01);
	a.extra = b.extra = osc_energy;
	a.ctx = &scale;
	b.ctx = &other; /* the run's context: record_extras is given the right one */
	record_extras_later(&b);
	record_wrap(&a, &sys);
	record_wrap(&b, &sys);
	const double y0[2] = {1.0, 0.0};
	record_mark(&a, 0.0, y0);
	record_mark(&b, 0.0, y0);
	int evals_a = 0, evals_b = 0;
	double t = 0.0;
	for (int k = 1; k <= 40; k++) {
		t += 0.05 + 0.01 * (k % 7);
		const double y[2] = {cos(t), -sin(t)}, f[2] = {y[1], -y[0]};
		osc_evals = 0;
		record_point(&a, t, y);
		evals_a += osc_evals;
		osc_evals = 0;
		record_point_rates(&b, t, y, f);
		evals_b += osc_evals;
	}
	ck_assert_int_eq(evals_a, 2 * 40); /* both ends of every step */
	ck_assert_int_eq(evals_b, 1);	   /* the mark's rates, once */
	ck_assert_uint_eq(a.n, b.n);
	ck_assert_uint_gt(a.n, 40 * 8 - 1); /* filled: FILL_MIN pieces a step */
	ck_assert(isnan(record_row(&b, 3)[2]));
	record_extras(&b, &scale);
	ck_assert_mem_eq(a.t, b.t, a.n * sizeof(double));
	ck_assert_mem_eq(a.row, b.row, a.n * a.width * sizeof(double));
	/* the energy 1/2 along the fill, to the Hermite cubic's error */
	for (size_t i = 0; i < b.n; i++)
		ck_assert_double_eq_tol(record_row(&b, i)[2], 0.5, 1e-5);
	record_release(&a);
	record_release(&b);
}
END_TEST

/* A run's record takes each step's end rates from the stepper
 * (ode_step_end_rates: rk8pd's last stage), not from the right-hand side
 * again: the oscillator's run keeps a record for at most the evaluations of
 * its first step's start and of a last step cut to end on tmax, not two a
 * step; its rows on the closed form (cos t, −sin t) to the fill's error
 * (the Hermite cubic's h⁴/384 on rk8pd's steps of about 0.4 here). */
static int osc_next(struct phase_run *run, struct phase_mode *mode, void *ctx, struct diag *d)
{
	(void)d;
	(void)ctx;
	if (run->end)
		return PHASE_END;
	mode->sys = (struct ode_system){2, osc_rhs, NULL, NULL};
	return PHASE_RUN;
}

START_TEST(test_record_takes_step_rates)
{
	const struct phase_system ps = {2, osc_next, NULL};
	struct phase_run run;
	struct diag d;
	diag_clear(&d);
	double y[2] = {1.0, 0.0};
	osc_evals = 0;
	ck_assert_int_eq(phase_run(&ps, NULL, 0.0, 20.0, y, NULL, &run, &d), 0);
	const int bare = osc_evals;
	struct record rec;
	record_init(&rec, 2, 0, 0.01);
	double z[2] = {1.0, 0.0};
	osc_evals = 0;
	ck_assert_int_eq(phase_run(&ps, NULL, 0.0, 20.0, z, &rec, &run, &d), 0);
	ck_assert(y[0] == z[0] && y[1] == z[1]);
	ck_assert_int_gt(run.steps, 20);
	ck_assert_msg(osc_evals - bare <= 3, "%d evaluations for the record over %zu steps",
		      osc_evals - bare, run.steps);
	ck_assert_uint_gt(rec.n, 1000);
	for (size_t i = 0; i < rec.n; i++) {
		ck_assert_double_eq_tol(record_row(&rec, i)[0], cos(rec.t[i]), 1e-4);
		ck_assert_double_eq_tol(record_row(&rec, i)[1], -sin(rec.t[i]), 1e-4);
	}
	record_release(&rec);
}
END_TEST

/* The same step ends deferred (record_defer: kept as given, the record
 * made at record_extras) and recorded at once, over a run long enough to
 * be filled in several blocks at the run's time (RECORD_DEFER_MAX) and
 * thinned (RECORD_MAX): the same rows bit for bit. */
START_TEST(test_record_deferred)
{
	const struct ode_system sys = {2, osc_rhs, NULL, NULL};
	double scale = 0.5;
	struct record a, c;
	record_init(&a, 2, 2, 0.01);
	record_init(&c, 2, 2, 0.01);
	a.extra = c.extra = osc_energy;
	a.ctx = c.ctx = &scale;
	record_extras_later(&c);
	record_defer(&c, osc_rhs);
	record_wrap(&a, &sys);
	record_wrap(&c, &sys);
	const double y0[2] = {1.0, 0.0};
	record_mark(&a, 0.0, y0);
	record_mark(&c, 0.0, y0);
	ck_assert_uint_eq(c.n, 0); /* nothing made yet */
	double t = 0.0;
	enum { STEPS = 3 * RECORD_DEFER_MAX };
	for (int k = 1; k <= STEPS; k++) {
		t += 0.05 + 0.01 * (k % 7);
		const double y[2] = {cos(t), -sin(t)}, f[2] = {y[1], -y[0]};
		record_point_rates(&a, t, y, f);
		record_point_rates(&c, t, y, k % 5 ? f : NULL); /* some without rates */
		if (k == STEPS / 2) {				/* a jump, and a new phase */
			const double yj[2] = {y[0], y[1]};
			record_mark(&a, t, yj);
			record_mark(&c, t, yj);
			record_wrap(&a, &sys);
			record_wrap(&c, &sys);
		}
	}
	ck_assert_uint_lt(c.nlog, RECORD_DEFER_MAX);
	ck_assert_uint_gt(c.n, 0); /* the first blocks made at the run's time */
	record_extras(&c, &scale);
	ck_assert_uint_eq(c.nlog, 0);
	ck_assert_uint_eq(a.n, c.n);
	ck_assert_msg(a.keep > 0, "n %zu keep %g t %g", a.n, a.keep, a.t[a.n - 1]); /* thinned */
	ck_assert_mem_eq(a.t, c.t, a.n * sizeof(double));
	ck_assert_mem_eq(a.row, c.row, a.n * a.width * sizeof(double));
	ck_assert_double_eq_tol(record_row(&c, c.n / 2)[2], 0.5, 1e-5);
	record_release(&a);
	record_release(&c);
}
END_TEST

/* Each cap stops the run and says which, and where. */
START_TEST(test_caps)
{
	struct diag d;
	struct phase_run run;
	double y[2] = {0.5, 0.0};

	struct bounce b = {.e = 0.9, .max = 1000, .with_event = true};
	const struct phase_system ps = {2, bounce_next, &b};
	struct phase_caps caps = phase_caps_default();
	caps.max_phases = 3;
	caps.phase_word = "flights";
	diag_clear(&d);
	ck_assert_int_eq(phase_run(&ps, &caps, 0.0, 100.0, y, NULL, &run, &d), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "more than 3 flights"));
	ck_assert_ptr_nonnull(strstr(d.msg, "at t = "));
	ck_assert_int_eq(b.bounces, 3);

	/* simulated time: a fall with no floor, capped at t = 2 */
	b = (struct bounce){.e = 0.5, .max = 1000};
	y[0] = 0.5, y[1] = 0.0;
	caps = phase_caps_default();
	caps.max_time = 2.0;
	diag_clear(&d);
	ck_assert_int_eq(phase_run(&ps, &caps, 0.0, INFINITY, y, NULL, &run, &d), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "simulated time"));
	ck_assert_double_eq(run.t, 2.0);
	ck_assert_double_eq_tol(y[1], -2.0, 1e-12);

	/* steps over the run */
	b = (struct bounce){.e = 0.9, .max = 1000, .with_event = true};
	y[0] = 0.5, y[1] = 0.0;
	caps = phase_caps_default();
	caps.max_steps = 5;
	caps.steps_why = "lower tmax";
	diag_clear(&d);
	ck_assert_int_eq(phase_run(&ps, &caps, 0.0, 100.0, y, NULL, &run, &d), -1);
	ck_assert_uint_le(run.steps, 5);
	ck_assert_ptr_nonnull(strstr(d.msg, "the run took more than 5 steps before t = "));
	ck_assert_ptr_nonnull(strstr(d.msg, "(of tmax = 100 s): lower tmax"));
}
END_TEST

/* Two event functions at once: the floor (height) and a ceiling on the
 * time, 1.5; the flight from height 1/2 reaches the floor at t = 1, and the
 * next flight is cut at t = 1.5 by the other. */
static void floor_and_clock(double t, const double y[], double *g, void *p)
{
	(void)p;
	g[0] = y[0];
	g[1] = 1.5 - t;
}

struct two {
	size_t which[4];
	int n;
};

static int two_next(struct phase_run *run, struct phase_mode *mode, void *ctx, struct diag *d)
{
	struct two *w = ctx;
	(void)d;
	if (run->end) {
		if (!run->end->event)
			return PHASE_END;
		w->which[w->n++] = run->end->which;
		if (run->end->which == 1)
			return PHASE_END;
		const double y[2] = {0.0, -run->y[1]};
		phase_jump(run, run->t, y);
	}
	mode->sys = (struct ode_system){2, fall_rhs, NULL, w};
	mode->opts.nev = 2;
	mode->opts.events = floor_and_clock;
	return PHASE_RUN;
}

START_TEST(test_several_events)
{
	struct two w = {0};
	const struct phase_system ps = {2, two_next, &w};
	double y[2] = {0.5, 0.0};
	struct record rec;
	record_init(&rec, 2, 0, 0.0);
	struct phase_run run;
	struct diag d;
	diag_clear(&d);
	ck_assert_int_eq(phase_run(&ps, NULL, 0.0, 100.0, y, &rec, &run, &d), 0);
	ck_assert_int_eq(w.n, 2);
	ck_assert_uint_eq(w.which[0], 0);
	ck_assert_uint_eq(w.which[1], 1);
	ck_assert_double_eq_tol(run.t, 1.5, 1e-12);
	/* up at 1 from the floor for 0.5: y = 0.5 − 0.125 */
	ck_assert_double_eq_tol(y[0], 0.375, 1e-11);
	ck_assert_double_eq(rec.t[rec.n - 1], run.t);
	ck_assert_uint_gt(rec.n, 10);
	record_release(&rec);
}
END_TEST

/* A run whose model says no more: the model's message, unchanged. */
static int refuse_next(struct phase_run *run, struct phase_mode *mode, void *ctx, struct diag *d)
{
	(void)mode;
	(void)ctx;
	if (!run->end)
		return diag_set(d, "no motion to follow");
	return PHASE_END;
}

START_TEST(test_refusal_and_interrupt)
{
	struct diag d;
	double y[2] = {0.5, 0.0};
	const struct phase_system refuse = {2, refuse_next, NULL};
	diag_clear(&d);
	ck_assert_int_eq(phase_run(&refuse, NULL, 0.0, 1.0, y, NULL, NULL, &d), -1);
	ck_assert_str_eq(d.msg, "no motion to follow");

	struct bounce b = {.e = 0.5, .max = 5, .with_event = true};
	const struct phase_system ps = {2, bounce_next, &b};
	num_interrupted = 1;
	diag_clear(&d);
	ck_assert_int_eq(phase_run(&ps, NULL, 0.0, 100.0, y, NULL, NULL, &d), -1);
	num_interrupted = 0;
	ck_assert_ptr_nonnull(strstr(d.msg, "interrupted"));
}
END_TEST

/* Ctrl-C before a solve: every model that runs a motion from its defaults
 * stops at once with the words of the interruption, whatever its loop
 * (the phase driver's integrations, a quadrature, a period map); rayleigh
 * (nothing slides at its defaults) and kozlov-rest (a closed form) run
 * none. */
START_TEST(test_models_interrupted)
{
	static const struct {
		const char *model, *msg;
	} want[] = {
		{"conveyor", "integration: interrupted"},
		{"disk", "surface integral: interrupted"},
		{"disk-slide", "integration: interrupted"},
		{"polisher", "integration: interrupted"},
		{"painleve-rod", "integration: interrupted"},
		{"kozlov-ball", "integration: interrupted"},
		{"imachi", "interrupted after 0 periods"},
		{"imachi-1d", "interrupted after 0 periods"},
		{"ragulskis", "interrupted at t = 0"},
		{"ladder", "integration: interrupted"},
	};
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		struct run r;
		run_init(&r, want[i].model);
		r.no_figs = true;
		num_interrupted = 1;
		const int rc = solve(&r);
		num_interrupted = 0;
		ck_assert_msg(rc == -1, "%s solved through Ctrl-C", want[i].model);
		ck_assert_str_eq(r.d.msg, want[i].msg);
		run_free(&r);
	}
}
END_TEST

/* A phase in variables of its own (phase_vars): a puck on a plane under
 * isotropic Coulomb friction, y = (x1, x2, v1, v2), v' = -c v/|v| (c = mu g
 * = 2): in t the friction's direction is singular at the stop. In v =
 * (x1, x2, z1, z2, ell, t), z = v/|v|, ell = ln(|v|/rho0), against the
 * clock s, dt/ds = |v|/c: z' = 0, ell' = -1, x' = v |v|/c, t' = |v|/c.
 * In closed form the puck stops at t* = rho0/c, x* = v0 rho0/(2c); at t
 * before it, v = v0 (1 - c t/rho0), x = v0 (t - c t^2/(2 rho0)). */
struct puck {
	double rho0, c;
	bool done_seen;
};

static int puck_rhs(double t, const double y[], double f[], void *p)
{
	const struct puck *k = p;
	const double sp = hypot(y[2], y[3]);
	(void)t;
	f[0] = y[2];
	f[1] = y[3];
	f[2] = -k->c * y[2] / sp;
	f[3] = -k->c * y[3] / sp;
	return GSL_SUCCESS;
}

static void puck_from(double t, const double y[], double v[], void *p)
{
	const struct puck *k = p;
	const double sp = hypot(y[2], y[3]);
	v[0] = y[0];
	v[1] = y[1];
	v[2] = y[2] / sp;
	v[3] = y[3] / sp;
	v[4] = log(sp / k->rho0);
	v[5] = t;
}

static void puck_to(const double v[], double y[], double *t, void *p)
{
	const struct puck *k = p;
	const double sp = k->rho0 * exp(v[4]), zn = hypot(v[2], v[3]);
	y[0] = v[0];
	y[1] = v[1];
	y[2] = sp * v[2] / zn;
	y[3] = sp * v[3] / zn;
	*t = v[5];
}

static int puck_vars_rhs(double s, const double v[], double f[], void *p)
{
	const struct puck *k = p;
	const double sp = k->rho0 * exp(v[4]), zn = hypot(v[2], v[3]);
	(void)s;
	f[0] = sp * v[2] / zn * sp / k->c;
	f[1] = sp * v[3] / zn * sp / k->c;
	f[2] = f[3] = 0;
	f[4] = -1;
	f[5] = sp / k->c;
	return GSL_SUCCESS;
}

/* done where |v| has fallen to 1e-9 of its start */
static bool puck_done(double s, const double v[], const double f[], void *p)
{
	(void)s;
	(void)f;
	(void)p;
	return v[4] <= log(1e-9);
}

static const struct phase_vars puck_vars = {6, puck_from, puck_to, puck_vars_rhs, puck_done};

/* One phase in the variables; where done ends it, the last stretch (|v|/c
 * long, at the deceleration c) in closed form. */
static int puck_next(struct phase_run *run, struct phase_mode *mode, void *ctx, struct diag *d)
{
	struct puck *k = ctx;
	(void)d;
	if (run->end) {
		if (run->end->event && run->end->which == 1) {
			k->done_seen = true;
			const double sp = hypot(run->y[2], run->y[3]), tau = sp / k->c;
			double y[4] = {run->y[0] + run->y[2] * tau / 2,
				       run->y[1] + run->y[3] * tau / 2, 0, 0};
			phase_jump(run, run->t + tau, y);
		}
		return PHASE_END;
	}
	mode->sys = (struct ode_system){4, puck_rhs, NULL, k};
	mode->vars = &puck_vars;
	return PHASE_RUN;
}

START_TEST(test_vars_phase)
{
	const double v0[2] = {3.0, -4.0}; /* rho0 = 5 */
	for (int cut = 0; cut < 2; cut++) {
		struct puck k = {.rho0 = 5, .c = 2};
		const struct phase_system ps = {4, puck_next, &k};
		double y[4] = {0, 0, v0[0], v0[1]};
		const double tstar = k.rho0 / k.c, tmax = cut ? 0.6 * tstar : 10.0;
		struct record rec;
		record_init(&rec, 4, 0, 0.0);
		struct phase_run run;
		struct diag d;
		diag_clear(&d);
		ck_assert_int_eq(phase_run(&ps, NULL, 0.0, tmax, y, &rec, &run, &d), 0);
		if (cut) { /* ended at tmax exactly, by t's own event, not reported */
			ck_assert(!k.done_seen);
			ck_assert_double_eq(run.t, tmax);
			for (int i = 0; i < 2; i++) {
				ck_assert_double_eq_tol(y[2 + i], v0[i] * (1 - k.c * tmax / k.rho0),
							1e-12);
				ck_assert_double_eq_tol(
					y[i], v0[i] * (tmax - k.c * tmax * tmax / (2 * k.rho0)),
					1e-12);
			}
		} else { /* done, then the closed form's last stretch */
			ck_assert(k.done_seen);
			ck_assert_double_eq_tol(run.t, tstar, 1e-12);
			for (int i = 0; i < 2; i++) {
				ck_assert_double_eq_tol(y[i], v0[i] * k.rho0 / (2 * k.c), 1e-12);
				ck_assert(y[2 + i] == 0);
			}
			/* z' = 0 and ell' = -1: t' and x' fall like e^-s and e^-2s,
			 * steps of about 0.5 in s (42 here), not a geometric many */
			ck_assert_uint_lt(run.steps, 60);
		}
		/* the record in t, its rows on the closed form */
		ck_assert_uint_gt(rec.n, 10);
		for (size_t r = 0; r < rec.n; r++) {
			const double t = rec.t[r], *row = record_row(&rec, r);
			ck_assert(r == 0 || t >= rec.t[r - 1]);
			const double f = t < tstar ? 1 - k.c * t / k.rho0 : 0;
			const double g =
				t < tstar ? t - k.c * t * t / (2 * k.rho0) : k.rho0 / (2 * k.c);
			for (int i = 0; i < 2; i++) {
				ck_assert_double_eq_tol(row[2 + i], v0[i] * f, 1e-10);
				ck_assert_double_eq_tol(row[i], v0[i] * g, 1e-10);
			}
		}
		ck_assert_double_eq(rec.t[rec.n - 1], run.t);
		record_release(&rec);
	}
}
END_TEST

static Suite *phase_suite(void)
{
	Suite *s = suite_create("phase");
	TCase *tc = tcase_create("driver");
	tcase_add_test(tc, test_bounce);
	tcase_add_test(tc, test_record_changes_nothing);
	tcase_add_test(tc, test_record_rates_and_later_extras);
	tcase_add_test(tc, test_record_takes_step_rates);
	tcase_add_test(tc, test_record_deferred);
	tcase_add_test(tc, test_stands_still);
	tcase_add_test(tc, test_caps);
	tcase_add_test(tc, test_several_events);
	tcase_add_test(tc, test_vars_phase);
	tcase_add_test(tc, test_refusal_and_interrupt);
	tcase_add_test(tc, test_models_interrupted);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(phase_suite());
}
