#include "num/ode.h"

#include <float.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_odeiv2.h>
#include <gsl/gsl_roots.h>
#include <math.h>
#include <string.h>

#include "num/budget.h"
#include "num/num.h"
#include "util/xalloc.h"

struct ode_opts ode_opts_default(double tmax)
{
	return (struct ode_opts){
		.rtol = 1e-12,
		.atol = 1e-12,
		.h0 = 0, /* from the problem (initial_step) */
		.tmax = tmax,
		.max_steps = 1000000,
		.event_tol = 1e-13,
	};
}

double ode_motion_scale(double speed)
{
	return speed > 0 && speed < 1e-3 ? fmax(speed / 1e-3, 1e-150) : 1.0;
}

static double tol_override;			   /* 0: none (ode_set_tolerance_override) */
static ode_run_fn *run_override;		   /* NULL: rk8pd (ode_set_run_override) */
static _Thread_local unsigned long long rhs_count; /* ode_rhs_evaluations */

unsigned long long ode_rhs_evaluations(void)
{
	return rhs_count;
}

void ode_set_run_override(ode_run_fn *fn)
{
	run_override = fn;
}

void ode_count_rhs(void)
{
	rhs_count++;
}

/* The model's right-hand side, counted, and its Jacobian: GSL calls these
 * with a struct counted as their params. */
struct counted {
	const struct ode_system *sys;
	ode_jacobian *jac;
};

static int counted_rhs(double t, const double y[], double dydt[], void *p)
{
	const struct counted *c = p;
	rhs_count++;
	if (budget_poll(t, y, c->sys->dim))
		return GSL_EBADFUNC;
	return c->sys->rhs(t, y, dydt, c->sys->params);
}

static int counted_jac(double t, const double y[], double *dfdy, double dfdt[], void *p)
{
	const struct counted *c = p;
	return c->jac(t, y, dfdy, dfdt, c->sys->params);
}

static gsl_odeiv2_system counted_system(const struct counted *c)
{
	return (gsl_odeiv2_system){counted_rhs, c->jac ? counted_jac : NULL, c->sys->dim,
				   (void *)c};
}

void ode_set_tolerance_override(double tol)
{
	tol_override = tol > 0 ? tol : 0;
}

double ode_tolerance(double asked)
{
	return tol_override ? tol_override : asked;
}

/* One accepted step [t0, t1] with an event's sign change in it: its ends'
 * states and rates (the evolver's, no new evaluation), and the step
 * re-taken from t0 to a trial time (rk8pd's own k1 given: 12 evaluations). */
struct restep {
	gsl_odeiv2_step *step;
	gsl_odeiv2_system *gsys;
	const struct ode_system *sys;
	double t0, t1;
	const double *y0, *f0, *y1, *f1;
	double *y, *yerr; /* the last state re-stepped, its error estimate */
	int status;
	void (*events)(double t, const double y[], double *g, void *params);
	size_t k;   /* with several event functions: the one located */
	double *g;  /* with several: their values, nev of them */
	double *yh; /* scratch: a state on the step's cubic Hermite interpolant */
	bool dear;  /* a re-step is dear (bsimp): narrow_on_interpolant first */
};

/* The accepted step's end and the rates the stepper took there, while
 * ode_run calls the event functions after it (ode_step_end_rates). */
static _Thread_local struct {
	double t;
	const double *y, *f;
} step_end;

const double *ode_step_end_rates(double t, const double y[])
{
	return step_end.f && t == step_end.t && y == step_end.y ? step_end.f : NULL;
}

static int restep_at(struct restep *r, double t)
{
	memcpy(r->y, r->y0, r->sys->dim * sizeof(double));
	if (t == r->t0)
		return GSL_SUCCESS;
	if (t == r->t1) {
		memcpy(r->y, r->y1, r->sys->dim * sizeof(double));
		return GSL_SUCCESS;
	}
	gsl_odeiv2_step_reset(r->step);
	return gsl_odeiv2_step_apply(r->step, r->t0, t - r->t0, r->y, r->yerr, r->f0, NULL,
				     r->gsys);
}

static double event_at(double t, void *p)
{
	struct restep *r = p;
	int s = restep_at(r, t);
	if (s) {
		r->status = s;
		return GSL_NAN;
	}
	if (r->events) {
		r->events(t, r->y, r->g, r->sys->params);
		return r->g[r->k];
	}
	return r->sys->event(t, r->y, r->sys->params);
}

/* The event at (t, y), y any state (not kept). */
static double event_of(struct restep *r, double t, const double y[])
{
	if (r->events) {
		r->events(t, y, r->g, r->sys->params);
		return r->g[r->k];
	}
	return r->sys->event(t, y, r->sys->params);
}

/* The event on the step's cubic Hermite interpolant (its ends' states and
 * rates: no evaluation of the right-hand side), exact at both ends. */
static double event_hermite(double t, void *p)
{
	struct restep *r = p;
	const double h = r->t1 - r->t0, x = (t - r->t0) / h, x2 = x * x, x3 = x2 * x;
	const double a0 = 2 * x3 - 3 * x2 + 1, b0 = h * (x3 - 2 * x2 + x);
	const double a1 = 3 * x2 - 2 * x3, b1 = h * (x3 - x2);
	for (size_t i = 0; i < r->sys->dim; i++)
		r->yh[i] = a0 * r->y0[i] + b0 * r->f0[i] + a1 * r->y1[i] + b1 * r->f1[i];
	return event_of(r, t, r->yh);
}

/* A first step from the problem's own scales (Hairer, Norsett and Wanner,
 * Solving ODEs I, II.4, as DOP853 starts): the step that moves y by 1% of
 * its size at the rate f0, and the one an eighth-order method's error
 * allows with f's change over it; two right-hand sides, where a fixed tiny
 * first step costs rk8pd eight or nine steps of thirteen to grow. */
static int initial_step(gsl_odeiv2_system *g, double t0, double tmax, const double y0[],
			double atol, double rtol, double *h, struct diag *d)
{
	const size_t n = g->dimension;
	double *f0 = xmalloc(3 * n * sizeof(double)), *y1 = f0 + n, *f1 = y1 + n;
	double d0 = 0, d1 = 0, d2 = 0;
	int s = g->function(t0, y0, f0, g->params);
	if (s == GSL_SUCCESS) {
		for (size_t i = 0; i < n; i++) {
			const double sk = atol + rtol * fabs(y0[i]);
			d0 += (y0[i] / sk) * (y0[i] / sk);
			d1 += (f0[i] / sk) * (f0[i] / sk);
		}
		d0 = sqrt(d0 / (double)n);
		d1 = sqrt(d1 / (double)n);
		double h0 = d0 < 1e-5 || d1 < 1e-5 ? 1e-6 : 0.01 * d0 / d1;
		h0 = fmin(h0, tmax - t0);
		for (size_t i = 0; i < n; i++)
			y1[i] = y0[i] + h0 * f0[i];
		s = g->function(t0 + h0, y1, f1, g->params);
		if (s == GSL_SUCCESS) {
			for (size_t i = 0; i < n; i++) {
				const double sk = atol + rtol * fabs(y0[i]);
				d2 += ((f1[i] - f0[i]) / sk) * ((f1[i] - f0[i]) / sk);
			}
			d2 = sqrt(d2 / (double)n) / h0;
			const double m = fmax(d1, d2);
			const double h1 =
				m <= 1e-15 ? fmax(1e-6, 1e-3 * h0) : pow(0.01 / m, 1.0 / 8);
			*h = fmin(fmin(100 * h0, h1), tmax - t0);
		}
	}
	free(f0);
	if (!(*h > 0) && s == GSL_SUCCESS)
		*h = 1e-6; /* tmax = t0, or a scale that is not finite */
	return s == GSL_SUCCESS && !num_interrupted ? 0 : num_fail(d, s, "integration");
}

/* Brent's root of f on [a, b] (a sign change there), to the bracket width
 * abs + rel times its ends' magnitude; *lo and *hi get the last bracket.
 * Returns GSL's status. */
static int brent(gsl_function *f, double a, double b, double abs, double rel, double *lo,
		 double *hi)
{
	gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
	int status = gsl_root_fsolver_set(s, f, a, b);
	*lo = a;
	*hi = b;
	bool done = false;
	for (int iter = 0; !status && iter < 200 && !done; iter++) {
		status = gsl_root_fsolver_iterate(s);
		if (status)
			break;
		*lo = gsl_root_fsolver_x_lower(s);
		*hi = gsl_root_fsolver_x_upper(s);
		done = gsl_root_test_interval(*lo, *hi, abs, rel) == GSL_SUCCESS;
	}
	gsl_root_fsolver_free(s);
	/* A root at a bracket's start 0 to within underflow (a rate of
	 * 5e-324 there, the event's value at its start): Brent's secant
	 * underflows to the start, and halving a bracket 1e-4 wide left it
	 * 7.9e-35 wide, the phase's end printed as a stop at 7.9e-35 s. The
	 * rest by halving the bracket's exponents, then the bracket, down to
	 * the least doubles: at most 200 more evaluations, in such a case
	 * alone. */
	const double f_lo = status || done || !(*lo >= 0 && *hi > *lo) ? 0 : GSL_FN_EVAL(f, *lo);
	for (int iter = 0; f_lo != 0 && iter < 200 && !done; iter++) {
		const double mid = *lo > 0 && *hi > 4 * *lo   ? sqrt(*lo) * sqrt(*hi)
				   : *lo == 0 && *hi > 1e-290 ? sqrt(DBL_TRUE_MIN) * sqrt(*hi)
							      : *lo + (*hi - *lo) / 2;
		if (!(mid > *lo && mid < *hi))
			break;
		const double fm = GSL_FN_EVAL(f, mid);
		if (!isfinite(fm))
			return GSL_EBADFUNC;
		if ((fm > 0) == (f_lo > 0) && fm != 0)
			*lo = mid;
		else
			*hi = mid;
		/* to rel of the root itself, whatever its size (abs is what
		 * left the start's 5e-324 at 5.9e-306) */
		done = *lo > 0 && *hi - *lo <= rel * *lo;
	}
	return status;
}

/* Where the bracket [lo, hi] is narrow enough, as gsl_root_test_interval
 * has it. */
static bool narrow(double lo, double hi, double abs, double rel)
{
	const double m = (lo > 0) == (hi > 0) ? fmin(fabs(lo), fabs(hi)) : 0;
	return fabs(hi - lo) < abs + rel * m;
}

/* locate's bracket [*lo, *hi] (the event's sign at *lo the phase's, at *hi
 * past it) narrowed to rel, for a step whose re-steps are dear (bsimp's:
 * about 200 evaluations each, where Brent's method from the whole step
 * took eight or nine of them): a first trial at the event's root on the
 * step's Hermite interpolant, then Newton's method on re-steps, the
 * event's rate along the solution there (the right-hand side there, one
 * evaluation, and the event a little before and after along it), each
 * trial kept inside the bracket and, once Newton moves less than the
 * tolerance, put just past the root so that the bracket closes. At most
 * five trials, and none once one does not halve the event (a noisy event:
 * a speed at the integration's error); what is left then is Brent's
 * (*lo, *hi the bracket reached). Returns GSL's status; *last the last
 * time re-stepped (r->y the state there). */
static int narrow_on_interpolant(struct restep *r, double ga, double rel, double *lo, double *hi,
				 double *last)
{
	gsl_function H = {event_hermite, r};
	double hlo, hhi;
	/* no sign change on the interpolant (a start an instant past t0, not
	 * on it): Brent's from the whole bracket */
	if (brent(&H, *lo, *hi, 1e-300, rel, &hlo, &hhi))
		return GSL_SUCCESS;
	const size_t n = r->sys->dim;
	const bool up = ga > 0; /* the phase's sign */
	const double dt = 1e-7 * (r->t1 - r->t0);
	double x = hhi, gp = INFINITY;
	for (int i = 0; i < 5 && !narrow(*lo, *hi, 1e-300, rel); i++) {
		if (!(x > *lo && x < *hi))
			break;
		const double gx = event_at(x, r);
		if (r->status)
			return r->status;
		*last = x;
		if (!isfinite(gx))
			break;
		if ((gx > 0) == up && gx != 0)
			*lo = x;
		else
			*hi = x;
		if (!(fabs(gx) <= 0.5 * fabs(gp)) || narrow(*lo, *hi, 1e-300, rel))
			break;
		gp = gx;
		/* the event's rate along the solution: f at (x, y), one
		 * evaluation, the event at y -+ dt f */
		double *f = r->yerr, *ys = r->yh;
		const int s = r->gsys->function(x, r->y, f, r->gsys->params);
		if (s)
			return s;
		for (size_t j = 0; j < n; j++)
			ys[j] = r->y[j] + dt * f[j];
		const double gplus = event_of(r, x + dt, ys);
		for (size_t j = 0; j < n; j++)
			ys[j] = r->y[j] - dt * f[j];
		const double rate = (gplus - event_of(r, x - dt, ys)) / (2 * dt);
		double xn = x - gx / rate;
		/* a step under the tolerance: to just past the root, on the side
		 * of the bracket's other end */
		const double tol = 0.5 * rel * fmin(fabs(*lo), fabs(*hi));
		if (fabs(xn - x) < tol)
			xn = x == *lo ? x + tol : x - tol;
		x = xn;
	}
	/* Newton close to the root but the bracket's far end still where it
	 * was (the event's rounding, some 1e-15 between re-steps of different
	 * lengths, drifts the root as the trials do): a few trials from the
	 * last one toward that end, 1, 16, 256 tolerances away, so that Brent's
	 * method starts from a narrow bracket */
	if (!narrow(*lo, *hi, 1e-300, rel) && isfinite(*last) && fabs(x - *last) > 0 &&
	    fabs(x - *last) < 1e3 * rel * fmin(fabs(*lo), fabs(*hi))) {
		double d = 0.5 * rel * fmin(fabs(*lo), fabs(*hi));
		for (int j = 0; j < 3 && !narrow(*lo, *hi, 1e-300, rel); j++, d *= 16) {
			const bool at_hi = *last == *hi;
			const double p = at_hi ? *hi - d : *lo + d;
			if (!(p > *lo && p < *hi))
				break;
			const double gx = event_at(p, r);
			if (r->status)
				return r->status;
			*last = p;
			if (!isfinite(gx))
				break;
			const bool start_side = (gx > 0) == up && gx != 0;
			if (start_side)
				*lo = p;
			else
				*hi = p;
			if (start_side == at_hi)
				break; /* crossed: [lo, hi] brackets it, narrow */
		}
	}
	return GSL_SUCCESS;
}

/* The event's time in (t0, t1], where it changes sign, to the relative
 * tolerance rel, by Brent's method on re-steps: the end of the phase, on
 * the event's far side, never just before the switch; leaves y there.
 * Converged to the bracket's width, far below the integration's error, the
 * end of a phase is a smooth function of its start, as a shooting method's
 * differences need (the first guess a cheaper locator takes, on the step's
 * interpolant, moved ragulskis' amplitude by 1e-8). */
static int locate(struct restep *r, double rel, double *troot)
{
	gsl_function F = {event_at, r};
	double lo, hi, a = r->t0;
	/* An event function may be +inf at the phase's very start, on the
	 * joint the phase leaves (not an end there: ragulskis' event_interval,
	 * tangent_event); Brent's interpolation needs finite ends. The bracket
	 * then starts an instant later, and where the event is already past
	 * there (the first step left the phase and came back through its
	 * start: a long first step at a loose tolerance), it is there. */
	const double ga = event_at(a, r);
	if (r->status)
		return r->status;
	double gs = ga; /* the event's value where the bracket starts */
	if (!isfinite(ga)) {
		a = r->t0 + 1e-9 * (r->t1 - r->t0);
		const double g = event_at(a, r);
		if (r->status)
			return r->status;
		if ((g > 0) != (ga > 0)) {
			*troot = a;
			return GSL_SUCCESS; /* y is the state at a */
		}
		gs = g;
	}
	lo = a;
	hi = r->t1;
	double last = NAN;
	int status = 0;
	if (r->dear && isfinite(gs)) {
		status = narrow_on_interpolant(r, gs, rel, &lo, &hi, &last);
		if (r->status)
			return r->status;
		if (status)
			return status;
	}
	if (!narrow(lo, hi, 1e-300, rel)) {
		status = brent(&F, lo, hi, 1e-300, rel, &lo, &hi);
		last = NAN;
		if (r->status)
			return r->status;
		if (status)
			return status;
	}
	/* Of the bracket's ends take the later one, on the event's far side,
	 * so that the next phase starts past the switch, never just before it. */
	*troot = hi;
	return last == hi ? GSL_SUCCESS : restep_at(r, hi);
}

/* The step [t0, t1] just accepted, for re-steps inside it: its ends'
 * states and the evolver's rates there (its k1 and rk8pd's exact
 * dydt_out), no new evaluation; a stiff phase's msbdf leaves the evolver
 * none, and its two are evaluated here into f (2 dim). Returns GSL's
 * status. */
static int restep_on(struct restep *r, double t0, double t1, const double *y0, const double *y1,
		     const gsl_odeiv2_evolve *ev, bool stiff, double *f)
{
	r->t0 = t0;
	r->t1 = t1;
	r->y0 = y0;
	r->f0 = ev->dydt_in;
	r->y1 = y1;
	r->f1 = ev->dydt_out;
	if (!stiff)
		return GSL_SUCCESS;
	const size_t n = r->sys->dim;
	int s = r->gsys->function(t0, y0, f, r->gsys->params);
	if (!s)
		s = r->gsys->function(t1, y1, f + n, r->gsys->params);
	r->f0 = f;
	r->f1 = f + n;
	return s;
}

/* What one ode_run integrates with: two steppers (the run's and the
 * re-steps': rk8pd twice, or a stiff phase's msbdf and bsimp, with the
 * driver that msbdf takes its error control from), the evolver, the error
 * control, and six states of scratch.
 * A run of the phase driver is many short ode_runs (imachi's stick-slip:
 * 2,409 of them, ragulskis 3,659): allocated and freed every time, rk8pd's
 * seventeen arrays twice over were a third of their solve's instructions.
 * So the thread keeps one, reset before each run (rk8pd keeps nothing from
 * step to step, the evolver only its counts, the control its tolerances:
 * the steps are the same to the bit), and a run that starts inside another
 * (an event function or a right-hand side that integrates) takes its own. */
struct ode_work {
	size_t dim; /* 0: nothing allocated */
	bool busy;
	gsl_odeiv2_step *step, *restep;
	gsl_odeiv2_evolve *ev;
	gsl_odeiv2_control *ctl;
	gsl_odeiv2_driver drv; /* msbdf's: only its control is used */
	/* yprev, ytmp, yerr, the interpolant's state, the rates at a stiff
	 * step's ends: dim each */
	double *buf;
};

/* one for rk8pd, one for a stiff phase's (given its Jacobian): ragulskis's
 * band alternates them */
static _Thread_local struct ode_work kept_work[2];

static void work_free(struct ode_work *w)
{
	if (!w->dim)
		return;
	gsl_odeiv2_step_free(w->restep);
	gsl_odeiv2_evolve_free(w->ev);
	gsl_odeiv2_control_free(w->ctl);
	gsl_odeiv2_step_free(w->step);
	free(w->buf);
	w->dim = 0;
}

/* The thread's work, ready for a run of dimension dim at atol, rtol, or
 * *own made anew when the thread's is in use. */
static struct ode_work *work_take(struct ode_work *own, bool stiff, size_t dim, double atol,
				  double rtol)
{
	struct ode_work *kept = &kept_work[stiff];
	struct ode_work *w = kept->busy ? own : kept;
	if (w->dim == dim) {
		gsl_odeiv2_step_reset(w->step);
		gsl_odeiv2_step_reset(w->restep);
		gsl_odeiv2_evolve_reset(w->ev);
		gsl_odeiv2_control_init(w->ctl, atol, rtol, 1.0, 0.0);
	} else {
		work_free(w);
		w->step = gsl_odeiv2_step_alloc(
			stiff ? gsl_odeiv2_step_msbdf : gsl_odeiv2_step_rk8pd, dim);
		w->ctl = gsl_odeiv2_control_y_new(atol, rtol);
		w->ev = gsl_odeiv2_evolve_alloc(dim);
		w->restep = gsl_odeiv2_step_alloc(
			stiff ? gsl_odeiv2_step_bsimp : gsl_odeiv2_step_rk8pd, dim);
		w->buf = xmalloc(6 * dim * sizeof(double));
		w->dim = dim;
	}
	if (stiff) {
		w->drv = (gsl_odeiv2_driver){.s = w->step, .c = w->ctl, .e = w->ev};
		gsl_odeiv2_step_set_driver(w->step, &w->drv);
	}
	w->busy = true;
	return w;
}

static void work_give(struct ode_work *w)
{
	w->busy = false;
	if (w != &kept_work[0] && w != &kept_work[1])
		work_free(w);
}

/* opts->done at a step's end (t, y), with the stepper's rates there (f)
 * or, where it kept none, the right-hand side's into buf. */
static bool step_done(const struct ode_system *sys, const struct ode_opts *opts, double t,
		      const double *y, const double *f, double *buf)
{
	if (!f) {
		if (sys->rhs(t, y, buf, sys->params) != GSL_SUCCESS)
			return false;
		f = buf;
	}
	return opts->done(t, y, f, sys->params);
}

int ode_run(const struct ode_system *sys, const struct ode_opts *opts, double t0, double y[],
	    struct ode_end *end, struct diag *d)
{
	if (run_override)
		return run_override(sys, opts, t0, y, end, d);
	const struct counted cnt = {sys, opts->jac};
	gsl_odeiv2_system gsys = counted_system(&cnt);
	const bool stiff = opts->jac != NULL;
	/* A stiff phase runs on msbdf at a tenth of the tolerance: a BDF
	 * method holds each step's error to it, and the ragulskis band's
	 * errors, gathered over a period's hundreds of steps, came to 50 times
	 * it (amp 5e-11 off tests/ref/ragulskis_band_amp_ref.py at 1e-12);
	 * at a tenth, 4e-12, for 12% more evaluations. */
	const double sf = stiff ? 0.1 : 1.0;
	const double atol = sf * (tol_override ? tol_override : opts->atol);
	const double rtol = sf * (tol_override ? tol_override : opts->rtol);
	/* events located a hundred times finer than the overriding tolerance
	 * integrates (a phase's end still a smooth function of its start, as
	 * a shooting's differences need, to far below its error), not to the
	 * 1e-13 of the tolerance the models ask for: Brent's iterations, 12
	 * evaluations each, would cost a loose tolerance as much as a tight
	 * one */
	const double event_tol =
		tol_override ? fmax(opts->event_tol, 1e-2 * tol_override) : opts->event_tol;
	struct ode_work own = {0}, *w = work_take(&own, stiff, sys->dim, atol, rtol);
	gsl_odeiv2_step *step = w->step;
	/* a scaled control for this run alone, where the model scales its
	 * components (the kept one stays GSL's standard one); rk8pd's alone:
	 * msbdf takes its error levels from its driver's control */
	gsl_odeiv2_control *scaled =
		opts->atol_scale && !stiff
			? gsl_odeiv2_control_scaled_new(atol, rtol, 1.0, 0.0, opts->atol_scale,
							sys->dim)
			: NULL;
	gsl_odeiv2_control *ctl = scaled ? scaled : w->ctl;
	gsl_odeiv2_evolve *ev = w->ev;
	double *yprev = w->buf, *ytmp = w->buf + sys->dim, *yerr = w->buf + 2 * sys->dim;
	double *fends = w->buf + 4 * sys->dim;
	struct restep r = {.step = w->restep,
			   .gsys = &gsys,
			   .sys = sys,
			   .y = ytmp,
			   .yerr = yerr,
			   .yh = w->buf + 3 * sys->dim,
			   .dear = stiff};
	double t = t0, h = opts->h0;
	int rc = 0;
	const size_t nev = opts->nev;
	double *gv = nev ? xmalloc(3 * nev * sizeof(double)) : NULL; /* g, g before, g re-stepped */

	num_gsl_clear();
	end->event = false;
	end->which = 0;
	end->steps = 0;
	if (!(h > 0) && (rc = initial_step(&gsys, t0, opts->tmax, y, atol, rtol, &h, d)))
		goto done;
	const bool watched = sys->event || nev || opts->done;
	double *gv_prev = gv ? gv + nev : NULL;
	r.g = gv ? gv + 2 * nev : NULL;
	r.events = nev ? opts->events : NULL;
	double g_prev = sys->event ? sys->event(t, y, sys->params) : 0.0;
	if (nev)
		opts->events(t, y, gv_prev, sys->params);
	while (t < opts->tmax) {
		if (end->steps >= opts->max_steps) {
			rc = diag_set(d, "integration took more than %zu steps before t = %.6g",
				      opts->max_steps, opts->tmax);
			break;
		}
		double tprev = t;
		memcpy(yprev, y, sys->dim * sizeof(double));
		int s = gsl_odeiv2_evolve_apply(ev, ctl, step, &gsys, &t, opts->tmax, &h, y);
		if (budget_spent() || (s == GSL_SUCCESS && budget_step(t, y, sys->dim))) {
			if (s != GSL_SUCCESS)
				budget_at(tprev, yprev, sys->dim); /* the last accepted step's */
			end->steps += s == GSL_SUCCESS;
			rc = budget_refuse(d, 0, NULL, NULL);
			break;
		}
		if (s != GSL_SUCCESS || num_interrupted) {
			rc = num_fail(d, s, "integration");
			break;
		}
		end->steps++;
		num_progress_time(t - t0, opts->tmax - t0);
		if (!watched)
			continue;
		/* rk8pd took the rates at t0 + h0: t, unless the step was cut to
		 * end on tmax (evolve then sets t = tmax itself); msbdf leaves
		 * none */
		step_end.t = t;
		step_end.y = y;
		step_end.f = !stiff && tprev + ev->last_step == t ? ev->dydt_out : NULL;
		const double *fstep = step_end.f;
		if (nev) {
			opts->events(t, y, gv, sys->params);
			step_end.f = NULL;
			double first = INFINITY;
			size_t which = 0;
			bool on = false;
			for (size_t k = 0; k < nev && !rc; k++) {
				/* from > 0 to <= 0 only: one that is not > 0 where
				 * the phase starts counts once it is */
				if (!(gv_prev[k] > 0 && gv[k] <= 0))
					continue;
				if (!on &&
				    (s = restep_on(&r, tprev, t, yprev, y, ev, stiff, fends))) {
					rc = num_fail(d, s, "event location");
					break;
				}
				on = true;
				double troot;
				r.k = k;
				r.status = 0;
				s = locate(&r, event_tol, &troot);
				if (s)
					rc = num_fail(d, s, "event location");
				else if (troot < first) {
					first = troot;
					which = k;
				}
			}
			if (rc)
				break;
			if (isfinite(first)) {
				r.k = which;
				if ((s = restep_at(&r, first))) {
					rc = num_fail(d, s, "event location");
					break;
				}
				memcpy(y, ytmp, sys->dim * sizeof(double));
				t = first;
				end->event = true;
				end->which = which;
				break;
			}
			memcpy(gv_prev, gv, nev * sizeof(double));
			if (opts->done && step_done(sys, opts, t, y, fstep, r.yh)) {
				end->event = true;
				end->which = nev;
				break;
			}
			continue;
		}
		double g = sys->event ? sys->event(t, y, sys->params) : 1.0;
		step_end.f = NULL;
		bool crossed = (g_prev < 0 && g >= 0) || (g_prev > 0 && g <= 0);
		if (crossed) {
			double troot;
			if ((s = restep_on(&r, tprev, t, yprev, y, ev, stiff, fends))) {
				rc = num_fail(d, s, "event location");
				break;
			}
			r.status = 0;
			s = locate(&r, event_tol, &troot);
			if (s) {
				rc = num_fail(d, s, "event location");
				break;
			}
			memcpy(y, ytmp, sys->dim * sizeof(double));
			t = troot;
			end->event = true;
			break;
		}
		g_prev = g;
		if (opts->done && step_done(sys, opts, t, y, fstep, r.yh)) {
			end->event = true;
			end->which = nev;
			break;
		}
	}
done:
	end->t = t;
	end->h = h;
	free(gv);
	if (scaled)
		gsl_odeiv2_control_free(scaled);
	work_give(w);
	return rc;
}

static const gsl_odeiv2_step_type *step_type(enum ode_method method)
{
	return method == ODE_MSBDF ? gsl_odeiv2_step_msbdf : gsl_odeiv2_step_rk8pd;
}

struct ode_stepper {
	struct counted cnt;
	gsl_odeiv2_system gsys;
	gsl_odeiv2_driver *drv;
	enum ode_method method;
	double t0, tol;
};

struct ode_stepper *ode_stepper_new(const struct ode_system *sys, ode_jacobian *jac,
				    enum ode_method method, double t0, double h0, double tol)
{
	struct ode_stepper *st = xmalloc(sizeof(*st));
	st->cnt = (struct counted){sys, jac};
	st->gsys = counted_system(&st->cnt);
	st->method = method;
	st->t0 = t0;
	st->tol = tol;
	st->drv = gsl_odeiv2_driver_alloc_y_new(&st->gsys, step_type(method), h0, tol, tol);
	return st;
}

void ode_stepper_free(struct ode_stepper *st)
{
	if (!st)
		return;
	gsl_odeiv2_driver_free(st->drv);
	free(st);
}

int ode_stepper_step(struct ode_stepper *st, double *t, double tmax, double y[])
{
	gsl_odeiv2_driver *drv = st->drv;
	int s = gsl_odeiv2_evolve_apply(drv->e, drv->c, drv->s, &st->gsys, t, tmax, &drv->h, y);
	if (s == GSL_SUCCESS && (budget_step(*t, y, st->gsys.dimension) || num_interrupted))
		s = GSL_EBADFUNC;
	if (s == GSL_SUCCESS)
		num_progress_time(*t - st->t0, tmax - st->t0);
	return s;
}

void ode_stepper_set_method(struct ode_stepper *st, enum ode_method method)
{
	const double h = st->drv->h;
	gsl_odeiv2_driver_free(st->drv);
	st->method = method;
	st->drv = gsl_odeiv2_driver_alloc_y_new(&st->gsys, step_type(method), h, st->tol, st->tol);
}

enum ode_method ode_stepper_method(const struct ode_stepper *st)
{
	return st->method;
}

int ode_solve_to(const struct ode_system *sys, ode_jacobian *jac, enum ode_method method, double h0,
		 double tol, double *t, double t1, double y[])
{
	const struct counted cnt = {sys, jac};
	gsl_odeiv2_system gsys = counted_system(&cnt);
	gsl_odeiv2_driver *drv =
		gsl_odeiv2_driver_alloc_y_new(&gsys, step_type(method), h0, tol, tol);
	int s = gsl_odeiv2_driver_apply(drv, t, t1, y);
	gsl_odeiv2_driver_free(drv);
	return s;
}
