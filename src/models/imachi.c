/* Imachi, "On frictional viscosity in vibrating systems" (1967), §1-4: a
 * mass on a base that vibrates in the horizontal plane, pushed by a constant
 * force s along x. In Imachi's units (velocities ×ω/g, τ = ωt) the mass's
 * velocity u (a complex number) obeys, while it slips on the base,
 *   du/dτ = s + μ0 e^{iψ},  e^{iψ} = (v − u)/|v − u|          (2)
 * and once u = v it stays so while |dv/dτ − s| ≤ μ1.
 *
 * method graphical: Imachi's ruler-and-compass stepping of §3, Δτ = π/n.
 * method accurate: rk8pd with the slip → stick and stick → slip switches
 * located, run until the period map repeats to 1e-9.
 *
 * The figures (Figs. 2-6: the hodograph of u and v) come from a second,
 * recording pass after the results are fixed, so that drawing never moves
 * a result: the graphical steps again (they repeat bit for bit), the
 * accurate run again with stops at sample times. */
#include "models/imachi.h"

#include <float.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dyn/phase.h"
#include "models/model.h"
#include "num/num.h"
#include "num/ode.h"
#include "num/roots.h"
#include "num/settle.h"
#include "num/stickslip.h"
#include "util/xalloc.h"

enum {
	I_MOTION,
	I_PHI,
	I_A,
	I_S,
	I_MU0,
	I_MU1,
	I_METHOD,
	I_N,
	I_U0X,
	I_U0Y,
	I_PERIODS,
	I_DRAW_FROM,
	I_DRAW_STEPS,
	I_NPARAMS
};
enum { I_U_XMEAN, I_U_YMEAN, I_CASE, I_CONVERGED, I_CYCLES, I_STICK_FRACTION, I_DRIFT, I_NRESULTS };
enum { MOTION_LINEAR, MOTION_CIRCULAR };
enum { METHOD_GRAPHICAL, METHOD_ACCURATE };

static const struct param_spec im_params[I_NPARAMS] = {
	[I_MOTION] =
		PARAM_CHOICE("motion", "linear|circular",
			     "base motion: linear v = a cos τ e^{iφ'} or circular v = a e^{iτ}"),
	[I_PHI] = PARAM_NUMBER("phi", "deg", 45.0, PARAM_CLOSED(-360.0, 360.0),
			       "linear: direction φ' of the vibration from the x axis"),
	[I_A] = PARAM_NUMBER("a", "", 1.0, PARAM_AT_LEAST(0.0),
			     "amplitude of the base's velocity (×ω/g)"),
	[I_S] = PARAM_NUMBER("s", "", 1.0, PARAM_AT_LEAST(0.0), "force along x, S/(mg)"),
	[I_MU0] = PARAM_NUMBER("mu0", "", 1.1, PARAM_AT_LEAST(0.0), "kinetic friction coefficient"),
	[I_MU1] = PARAM_NUMBER("mu1", "", 1.3, PARAM_AT_LEAST(0.0),
			       "static friction coefficient (≥ mu0)"),
	[I_METHOD] = PARAM_CHOICE("method", "graphical|accurate",
				  "graphical (Imachi's construction, Δτ = π/n) or accurate"),
	[I_N] = PARAM_NUMBER("n", "", 12, PARAM_CLOSED(2, 100000),
			     "graphical: steps per half period (an integer)"),
	[I_U0X] = PARAM_NUMBER("u0x", "", 0, PARAM_ANY, "initial velocity of the mass, x"),
	[I_U0Y] = PARAM_NUMBER("u0y", "", 0, PARAM_ANY, "initial velocity of the mass, y"),
	[I_PERIODS] = PARAM_NUMBER("periods", "", 200, PARAM_CLOSED(1, 100000),
				   "at most this many periods (an integer)"),
	[I_DRAW_FROM] = PARAM_NUMBER("draw_from", "", 0, PARAM_CLOSED(0, IMACHI_STEPS_KEPT - 1),
				     "graphical: the figure construction starts at point r = "
				     "draw_from (an integer)"),
	[I_DRAW_STEPS] = PARAM_NUMBER("draw_steps", "", 0, PARAM_CLOSED(0, IMACHI_STEPS_KEPT),
				      "graphical: the figure construction draws this many steps "
				      "(an integer; 0: a period, 2n)"),
};

static const struct result_spec im_results[I_NRESULTS] = {
	[I_U_XMEAN] = RESULT_NUMBER("u_xmean", "", "mean of u_x over the last period"),
	[I_U_YMEAN] = RESULT_NUMBER("u_ymean", "", "mean of u_y over the last period"),
	[I_CASE] = RESULT_WORD("case", "Imachi's §4: II (a limit cycle slipping throughout), III "
				       "(a limit cycle with non-slip periods); drift: no limit "
				       "cycle, u_x grows without bound (his case I, s ≥ μ0); "
				       "rest: on the base the whole time, never slipping; "
				       "unsettled: no repeat within periods"),
	[I_CONVERGED] = RESULT_BOOL_VERDICT("converged", VERDICT_REACHED,
					    "whether the period map repeated"),
	[I_CYCLES] = RESULT_NUMBER("cycles", "", "periods run"),
	[I_STICK_FRACTION] =
		RESULT_NUMBER("stick_fraction", "", "share of the last period without slip"),
	[I_DRIFT] = RESULT_NUMBER(
		"drift", "", "change of u_x over the last period, per unit τ (0 on a limit cycle)"),
};

/* ---- the base ------------------------------------------------------------- */

struct imachi {
	int motion;
	double ex, ey; /* linear: direction of the vibration */
	double a, s, mu0, mu1;
	struct num_slip slip; /* w = v − u; dw/dτ = (dv/dτ − s) − μ0 ŵ while slipping */
};

/* The base at τ: its velocity v, dv/dτ and ∫v dτ. */
struct base_at {
	double v[2], dv[2], iv[2];
};

static struct base_at base(const struct imachi *m, double t)
{
	const double c = m->a * cos(t), s = m->a * sin(t);
	if (m->motion == MOTION_LINEAR)
		return (struct base_at){
			{c * m->ex, c * m->ey}, {-s * m->ex, -s * m->ey}, {s * m->ex, s * m->ey}};
	return (struct base_at){{c, s}, {-s, c}, {s, -c}};
}

/* dv/dτ − s at τ: what w = v − u would do without friction */
static void drive(const struct imachi *m, double t, double g[2])
{
	const struct base_at b = base(m, t);
	g[0] = b.dv[0] - m->s, g[1] = b.dv[1];
}

/* ---- the recording pass ----------------------------------------------------- */

#define TRACE_MAX    20000 /* points kept of the transient */
#define CYCLE_PTS    512   /* accurate: samples of the last period */
#define TRACE_COLS   "tau|u_x|u_y|v_x|v_y|stick"
#define IM_MARKS_MAX 60 /* steps whose points are all numbered */

/* The hodograph's table: rows (τ, u, v, stuck). Before period full_from
 * every stride-th step is kept; from it on, every step. */
struct rec {
	struct table *tab;
	struct table *steps; /* every step's construction, the first IMACHI_STEPS_KEPT */
	int full_from;
	size_t stride, count;
	size_t cycle_row; /* the row where period full_from starts */
};

static void rec_row(struct rec *rc, const struct imachi *m, double tau, const double u[2],
		    bool stuck)
{
	const struct base_at b = base(m, tau);
	const double row[6] = {tau, u[0], u[1], b.v[0], b.v[1], stuck};
	imachi_trace_row(rc->tab, row, 3);
}

void imachi_trace_row(struct table *tab, const double *row, size_t key)
{
	if (tab->nrows) {
		double *last = tab->v + (tab->nrows - 1) * tab->ncols;
		size_t same = 0;
		while (same < key && last[same] == row[same])
			same++;
		if (same == key) {
			last[tab->ncols - 1] = row[tab->ncols - 1];
			return;
		}
	}
	table_row(tab, row);
}

/* |dv/dτ − s| ≤ μ1 keeps the mass on the base */
static double stick_margin(double t, void *p)
{
	const struct imachi *m = p;
	double g[2];
	drive(m, t, g);
	return m->mu1 - hypot(g[0], g[1]);
}

/* ---- the graphical method (§3) -------------------------------------------- */

struct cycle {
	double ux, uy;	    /* means over the last period */
	double stick;	    /* stick fraction of the last period */
	double drift;	    /* Δu_x per unit τ over the last period */
	double u_end[2];    /* u at the run's end */
	double change, tol; /* the period map's last change and its tolerance */
	bool converged;
	int cycles;
	size_t steps, sticks, catches, releases;
};

/* One step of Imachi's construction (§3); see imachi.h. */
int imachi_step(double s, double mu0, double mu1, double h, const double u[2], const double vh[2],
		const double v1[2], bool stuck, double out[2])
{
	const double sr[2] = {u[0] + s * h, u[1]};
	const double reach = hypot(v1[0] - sr[0], v1[1] - sr[1]);
	if ((stuck && reach <= mu1 * h) || reach <= mu0 * h) {
		out[0] = v1[0], out[1] = v1[1];
		return stuck && reach <= mu1 * h ? IMACHI_STAYS : IMACHI_CATCHES;
	}
	const double dx = vh[0] - (u[0] + 0.5 * s * h), dy = vh[1] - u[1], d = hypot(dx, dy);
	out[0] = sr[0] + (d > 0 ? mu0 * h * dx / d : 0.0);
	out[1] = sr[1] + (d > 0 ? mu0 * h * dy / d : 0.0);
	return IMACHI_SLIPS;
}

/* One period of the construction from u (updated), Δτ = π/n; rc, when
 * not NULL, takes the points. */
static void graphical_period(const struct imachi *m, int n, int k, double u[2], bool *stuck,
			     double mean[2], int *stuck_steps, struct cycle *c, struct rec *rc)
{
	const double h = M_PI / n;
	mean[0] = mean[1] = 0.0;
	*stuck_steps = 0;
	if (rc && k == rc->full_from) {
		rec_row(rc, m, 2.0 * n * k * h, u, *stuck);
		rc->cycle_row = rc->tab->nrows - 1;
	}
	for (int r = 0; r < 2 * n; r++) {
		double t = (2.0 * n * k + r) * h, u1[2];
		const struct base_at bh = base(m, t + 0.5 * h), b1 = base(m, t + h);
		const double *vh = bh.v, *v1 = b1.v;
		int what = imachi_step(m->s, m->mu0, m->mu1, h, u, vh, v1, *stuck, u1);
		if (rc && rc->steps && rc->steps->nrows < IMACHI_STEPS_KEPT) {
			const struct base_at b0 = base(m, t);
			const double sr[2] = {u[0] + m->s * h, u[1]};
			const double row[IM_STEP_NCOLS] = {
				[SC_R] = 2.0 * n * k + r,
				[SC_TAU] = t,
				[SC_DTAU] = h,
				[SC_UX] = u[0],
				[SC_UY] = u[1],
				[SC_VX] = b0.v[0],
				[SC_VY] = b0.v[1],
				[SC_VHX] = vh[0],
				[SC_VHY] = vh[1],
				[SC_SX] = sr[0],
				[SC_SY] = sr[1],
				[SC_SHX] = u[0] + 0.5 * m->s * h,
				[SC_SHY] = u[1],
				[SC_REACH] = hypot(v1[0] - sr[0], v1[1] - sr[1]),
				[SC_R0] = m->mu0 * h,
				[SC_R1] = m->mu1 * h,
				[SC_ONBASE] = *stuck,
				[SC_STATE] = what,
				[SC_U1X] = u1[0],
				[SC_U1Y] = u1[1],
				[SC_V1X] = v1[0],
				[SC_V1Y] = v1[1],
			};
			table_row(rc->steps, row);
		}
		if (*stuck && what == IMACHI_CATCHES)
			c->releases++; /* let go and caught again within the step */
		if (*stuck && what == IMACHI_SLIPS)
			c->releases++;
		c->sticks += what == IMACHI_STAYS;
		c->catches += what == IMACHI_CATCHES;
		*stuck = what != IMACHI_SLIPS;
		*stuck_steps += *stuck;
		mean[0] += 0.5 * (u[0] + u1[0]) / (2 * n);
		mean[1] += 0.5 * (u[1] + u1[1]) / (2 * n);
		u[0] = u1[0], u[1] = u1[1];
		c->steps++;
		if (rc && (k >= rc->full_from || ++rc->count % rc->stride == 0))
			rec_row(rc, m, (2.0 * n * k + r + 1) * h, u, *stuck);
	}
}

/* The period map's test (imachi.h), u0 the start's u. */
static struct num_settle settle(const struct imachi *m, const double u0[2], int periods)
{
	return imachi_settle(m->a, m->s, m->mu0, hypot(u0[0], u0[1]), periods);
}

/* The most steps of the construction one solve may take: about a second
 * (n = 10⁵ for 200 periods of case I, which never repeats, took 8.5 s,
 * and nothing stopped it). */
#define IM_GRAPHICAL_STEPS 5e6

static int run_graphical(const struct imachi *m, int n, int periods, const double u0[2],
			 struct cycle *c, struct rec *rc, struct diag *d)
{
	double u[2] = {u0[0], u0[1]};
	const struct base_at b = base(m, 0.0);
	bool stuck = u[0] == b.v[0] && u[1] == b.v[1] && stick_margin(0.0, (void *)m) >= 0;
	double prev[2] = {u[0], u[1]}, mean[2] = {0, 0};
	int ss = 0;
	memset(c, 0, sizeof(*c));
	if (rc)
		rec_row(rc, m, 0.0, u, stuck);
	struct num_settle conv = settle(m, u0, periods);
	for (int k = 0; k < periods; k++) {
		if (num_interrupted)
			return diag_set(d, "interrupted after %d periods", k);
		if (imachi_graphical_budget(k, n, IM_GRAPHICAL_STEPS, d))
			return -1;
		graphical_period(m, n, k, u, &stuck, mean, &ss, c, rc);
		c->cycles = k + 1;
		c->drift = (u[0] - prev[0]) / (2 * M_PI);
		c->converged = num_settle_check(&conv, u, prev, 2);
		c->change = conv.change, c->tol = conv.tol;
		c->u_end[0] = u[0], c->u_end[1] = u[1];
		prev[0] = u[0], prev[1] = u[1];
		if (c->converged)
			break;
	}
	c->ux = mean[0];
	c->uy = mean[1];
	c->stick = (double)ss / (2 * n);
	return 0;
}

/* ---- the accurate method -------------------------------------------------- */

/* y = (u_x, u_y, U_x, U_y), U = ∫u dτ. */
static int slip_rhs(double t, const double y[], double f[], void *p)
{
	const struct imachi *m = p;
	if (num_interrupted)
		return GSL_EBADFUNC;
	const struct base_at b = base(m, t);
	double wx = b.v[0] - y[0], wy = b.v[1] - y[1], w = hypot(wx, wy);
	double ex = m->slip.dir[0], ey = m->slip.dir[1];
	if (w > 0)
		ex = wx / w, ey = wy / w;
	f[0] = m->s + m->mu0 * ex;
	f[1] = m->mu0 * ey;
	f[2] = y[0];
	f[3] = y[1];
	return GSL_SUCCESS;
}

static double rel_speed(const struct imachi *m, double t, const double y[])
{
	const struct base_at b = base(m, t);
	return hypot(b.v[0] - y[0], b.v[1] - y[1]);
}

static double slip_event(double t, const double y[], void *p)
{
	const struct imachi *m = p;
	return num_slip_event(&m->slip, rel_speed(m, t, y));
}

static double stick_excess(double t, void *p)
{
	return -stick_margin(t, p);
}

/* The first τ in (t0, t1] where the stick margin turns negative (a scan of
 * π/256, then Brent), or INFINITY if there is none. */
static int leave_time(struct imachi *m, double t0, double t1, double *tl, struct diag *d)
{
	const struct num_scan scan = {.lo = t0,
				      .hi = t1,
				      .step = M_PI / 256,
				      .anchor = t0,
				      .epsrel = 1e-15,
				      .what = "the end of a non-slip period"};
	return num_first_crossing(stick_excess, m, &scan, tl, d);
}

struct acc_state {
	double t, y[4];
	bool stuck;
	double stick_time;
	size_t steps, sticks, passes;
	double h0;	 /* rk8pd's first trial step in a slip phase */
	struct rec *rec; /* the recording pass: a row at each phase end */
};

/* A stick phase from st->t, in closed form (u = v), to where the mass
 * slips off or to t_end. */
static int accurate_stick(struct imachi *m, struct acc_state *st, double t_end, struct diag *d)
{
	double tl;
	if (leave_time(m, st->t, t_end, &tl, d))
		return -1;
	double t1 = fmin(tl, t_end);
	const struct base_at b0 = base(m, st->t), b = base(m, t1);
	st->y[0] = b.v[0], st->y[1] = b.v[1];
	st->y[2] += b.iv[0] - b0.iv[0], st->y[3] += b.iv[1] - b0.iv[1];
	st->stick_time += t1 - st->t;
	st->t = t1;
	if (tl <= t_end) { /* it slips off along dv/dτ − s */
		const double g[2] = {b.dv[0] - m->s, b.dv[1]};
		st->stuck = false;
		num_slip_break_away(&m->slip, g);
	}
	return 0;
}

/* |w| ≤ w_ev: the rest of the way to w = 0 in closed form, then stuck or
 * slipping on. Where |w| grows there (ŵ·(dv/dτ − s) ≥ μ0: the slip turns
 * away before it meets the base), the slip goes on along ŵ as a break-away
 * to 2 w_ev: without it, no phase could start (the event |w| = w_ev lies
 * behind) and none ended, and the run stood still at that τ for ever. */
static void accurate_land(struct imachi *m, struct acc_state *st, double t_end)
{
	const struct base_at b = base(m, st->t);
	const double w[2] = {b.v[0] - st->y[0], b.v[1] - st->y[1]};
	const double g[2] = {b.dv[0] - m->s, b.dv[1]};
	double dt;
	const bool away = m->slip.away;
	if (!num_slip_land(&m->slip, w, g, m->mu0, &dt)) {
		if (!away && (w[0] != 0 || w[1] != 0))
			num_slip_break_away(&m->slip, w);
		return;
	}
	if (st->t + dt > t_end)
		dt = t_end - st->t; /* the period ends first: meet it there */
	double ux = st->y[0], uy = st->y[1];
	const struct base_at b1 = base(m, st->t + dt);
	st->y[2] += 0.5 * (ux + b1.v[0]) * dt, st->y[3] += 0.5 * (uy + b1.v[1]) * dt;
	st->y[0] = b1.v[0], st->y[1] = b1.v[1];
	st->t += dt;
	double g1[2];
	drive(m, st->t, g1);
	if (num_slip_at_rest(&m->slip, g1, m->mu1)) {
		st->stuck = true;
		st->sticks++;
	} else { /* through: it slips on along dv/dτ − s */
		st->passes++;
	}
}

struct acc_run {
	struct imachi *m;
	struct acc_state *st;
	double t_end;
};

/* Phase after phase to t_end: stick phases in closed form (u = v), slip
 * phases by rk8pd with their end located, and the last w_ev of a landing
 * in closed form; the recording pass keeps a row at each phase end. */
static int accurate_next(struct phase_run *run, struct phase_mode *mode, void *ctx, struct diag *d)
{
	struct acc_run *ar = ctx;
	struct imachi *m = ar->m;
	struct acc_state *st = ar->st;
	st->t = run->t;
	if (run->end) {
		if (run->end->event)
			accurate_land(m, st, ar->t_end);
		if (st->rec)
			rec_row(st->rec, m, st->t, st->y, st->stuck);
	}
	while (st->t < ar->t_end) {
		if (num_interrupted)
			return diag_set(d, "interrupted");
		/* every pass of this loop advances τ, changes the state or
		 * hands a phase to the driver: else it is refused at once */
		const double t_was = st->t, ux_was = st->y[0], uy_was = st->y[1];
		const bool stuck_was = st->stuck, away_was = m->slip.away;
		if (st->stuck) {
			if (accurate_stick(m, st, ar->t_end, d))
				return -1;
		} else {
			/* A slip that starts within w_ev of the base's velocity (a
			 * base that moves at 1e-12 under a mass at rest) has no
			 * event ahead, |w| = w_ev being behind it: it lands at
			 * once, in closed form. */
			if (m->slip.away || rel_speed(m, st->t, st->y) > m->slip.w_ev) {
				phase_jump(run, st->t, st->y);
				mode->sys = (struct ode_system){4, slip_rhs, slip_event, m};
				mode->opts.h0 = st->h0;
				/* the absolute tolerance no coarser than 1e-12 of the
				 * problem's velocity scale: a problem scaled by 1e-8 is
				 * solved as closely */
				mode->opts.atol *= fmin(1.0, imachi_scale(m->a, m->s, m->mu0));
				return PHASE_RUN;
			}
			accurate_land(m, st, ar->t_end);
		}
		if (st->t == t_was && st->y[0] == ux_was && st->y[1] == uy_was &&
		    st->stuck == stuck_was && m->slip.away == away_was) {
			const struct base_at b = base(m, st->t);
			return diag_set(
				d,
				"the run stands still at τ = %.17g: u = (%.17g, %.17g), v = "
				"(%.17g, %.17g), |v − u| = %.3g, %s; no phase can start from "
				"this state",
				st->t, st->y[0], st->y[1], b.v[0], b.v[1],
				rel_speed(m, st->t, st->y), st->stuck ? "on the base" : "slipping");
		}
		if (st->rec)
			rec_row(st->rec, m, st->t, st->y, st->stuck);
	}
	phase_jump(run, st->t, st->y);
	return PHASE_END;
}

/* Integrates from st->t to t_end, phase by phase. */
static int accurate_to(struct imachi *m, struct acc_state *st, double t_end, struct diag *d)
{
	struct acc_run ar = {m, st, t_end};
	struct phase_caps caps = phase_caps_default();
	/* a period's phases are few (a landing and a release or two): ten
	 * thousand in one period is a run that chatters */
	caps.max_phases = 10000;
	caps.phase_word = "slip/stick phases in one period";
	const struct phase_system ps = {4, accurate_next, &ar};
	struct phase_run run;
	const int rc = phase_run(&ps, &caps, st->t, t_end, st->y, NULL, &run, d);
	st->steps += run.steps;
	return rc;
}

/* The state at τ = 0: on the base, it sticks or slips off along dv/dτ − s. */
static void accurate_start(struct imachi *m, struct acc_state *st, const double u0[2])
{
	*st = (struct acc_state){.h0 = 1e-3};
	st->y[0] = u0[0], st->y[1] = u0[1];
	m->slip.away = false;
	const struct base_at b = base(m, 0.0);
	const double g[2] = {b.dv[0] - m->s, b.dv[1]};
	if (u0[0] == b.v[0] && u0[1] == b.v[1])
		st->stuck = num_slip_at_rest(&m->slip, g, m->mu1);
}

/* Runs until the period map repeats; *last and *mlast get the state at the
 * start of the last period, for the recording pass. */
static int run_accurate(struct imachi *m, int periods, const double u0[2], struct cycle *c,
			struct acc_state *last, struct imachi *mlast, struct diag *d)
{
	struct acc_state st;
	memset(c, 0, sizeof(*c));
	accurate_start(m, &st, u0);
	double prev[2] = {u0[0], u0[1]};
	struct num_settle conv = settle(m, u0, periods);
	for (int k = 0; k < periods; k++) {
		*last = st;
		*mlast = *m;
		double U0[2] = {st.y[2], st.y[3]};
		st.stick_time = 0;
		if (accurate_to(m, &st, 2 * M_PI * (k + 1), d))
			return -1;
		st.t = 2 * M_PI * (k + 1); /* exactly on the boundary */
		c->cycles = k + 1;
		c->ux = (st.y[2] - U0[0]) / (2 * M_PI);
		c->uy = (st.y[3] - U0[1]) / (2 * M_PI);
		c->stick = st.stick_time / (2 * M_PI);
		c->drift = (st.y[0] - prev[0]) / (2 * M_PI);
		c->converged = num_settle_check(&conv, st.y, prev, 2);
		c->change = conv.change, c->tol = conv.tol;
		c->u_end[0] = st.y[0], c->u_end[1] = st.y[1];
		prev[0] = st.y[0], prev[1] = st.y[1];
		if (c->converged)
			break;
	}
	c->steps = st.steps;
	c->sticks = st.sticks;
	c->catches = st.passes;
	return 0;
}

/* ---- the figures ------------------------------------------------------------- */

/* The graphical steps again, every one of the last period kept. */
static int record_graphical(const struct imachi *m, int n, int cycles, const double u0[2],
			    struct rec *rc, struct diag *d)
{
	struct cycle c;
	const size_t steps = (size_t)(cycles - 1) * 2 * (size_t)n;
	rc->full_from = cycles - 1;
	rc->stride = steps > TRACE_MAX ? (steps + TRACE_MAX - 1) / TRACE_MAX : 1;
	return run_graphical(m, n, cycles, u0, &c, rc, d);
}

/* The accurate run again with stops at sample times: the transient from u0
 * (its first *shown periods: at most TRACE_MAX samples), then the last
 * period from the state the run had there, CYCLE_PTS samples. The phase
 * ends are rows too, so the kinks of u are where they belong. */
static int record_accurate(const struct imachi *m0, const double u0[2], int cycles,
			   const struct acc_state *last, const struct imachi *mlast, struct rec *rc,
			   int *shown, struct diag *d)
{
	struct imachi m = *m0;
	struct acc_state st;
	accurate_start(&m, &st, u0);
	st.rec = rc;
	rec_row(rc, &m, 0.0, st.y, st.stuck);
	const int trans = cycles - 1;
	int per = trans > 0 ? TRACE_MAX / trans : 0;
	per = per < 32 ? 32 : per > 128 ? 128 : per;
	*shown = trans < TRACE_MAX / per ? trans : TRACE_MAX / per;
	st.h0 = 2 * M_PI / per; /* a sample's interval: a step or two each */
	for (int k = 0; k < *shown; k++) {
		for (int j = 1; j <= per; j++)
			if (accurate_to(&m, &st, 2 * M_PI * (k + (double)j / per), d))
				return -1;
		st.t = 2 * M_PI * (k + 1);
	}
	m = *mlast;
	st = *last;
	st.rec = rc;
	st.h0 = 2 * M_PI / CYCLE_PTS;
	rec_row(rc, &m, st.t, st.y, st.stuck);
	rc->cycle_row = rc->tab->nrows - 1;
	for (int j = 1; j <= CYCLE_PTS; j++)
		if (accurate_to(&m, &st, 2 * M_PI * (cycles - 1 + (double)j / CYCLE_PTS), d))
			return -1;
	return 0;
}

/* Axes around all the curves with a margin, so that no curve runs along
 * the frame (the base's segment at φ' = 90° lies on u_x = 0). */
static void frame(struct figure *f)
{
	double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
	for (size_t i = 0; i < f->ncurves; i++)
		for (size_t j = 0; j < f->curves[i].n; j++) {
			x0 = fmin(x0, f->curves[i].x[j]), x1 = fmax(x1, f->curves[i].x[j]);
			y0 = fmin(y0, f->curves[i].y[j]), y1 = fmax(y1, f->curves[i].y[j]);
		}
	const double big = fmax(x1 - x0, y1 - y0);
	if (!(big > 0))
		return;
	double px = 0.05 * (f->equal_axes || !(x1 > x0) ? big : x1 - x0);
	double py = 0.05 * (f->equal_axes || !(y1 > y0) ? big : y1 - y0);
	f->xmin = x0 - px, f->xmax = x1 + px;
	f->ymin = y0 - py, f->ymax = y1 + py;
}

/* The numbers a construction prints beside its points; those that fall on
 * one place are said once, "5, 5′". */
struct marks {
	double x[4 * IM_MARKS_MAX], y[4 * IM_MARKS_MAX];
	char text[4 * IM_MARKS_MAX][40];
	size_t n;
	double tol;
};

static void mark_add(struct marks *mk, double x, double y, const char *text)
{
	for (size_t i = 0; i < mk->n; i++) {
		if (fabs(mk->x[i] - x) <= mk->tol && fabs(mk->y[i] - y) <= mk->tol) {
			char *t = mk->text[i];
			size_t len = strlen(t);
			if (len + strlen(text) + 3 < sizeof mk->text[i])
				snprintf(t + len, sizeof mk->text[i] - len, ", %s", text);
			else if (!strstr(t, "…") && len + 4 < sizeof mk->text[i])
				strcat(t, " …");
			return;
		}
	}
	if (mk->n == sizeof mk->x / sizeof mk->x[0])
		return;
	mk->x[mk->n] = x, mk->y[mk->n] = y;
	snprintf(mk->text[mk->n], sizeof mk->text[mk->n], "%s", text);
	mk->n++;
}

/* model.step_figure: Figs. 2-3, the construction of the steps [from, to)
 * of the table "steps" as Imachi draws it. */
static void im_step_figure(const struct table *t, size_t from, size_t to, struct figures *fs)
{
	if (to > t->nrows)
		to = t->nrows;
	if (from >= to)
		return;
	const double *w0 = t->v + from * t->ncols, *wl = t->v + (to - 1) * t->ncols;
	char title[200];
	snprintf(title, sizeof title, "Imachi's construction, points %.0f to %.0f, Δτ = π/%.0f",
		 w0[SC_R], wl[SC_R] + 1, M_PI / w0[SC_DTAU]);
	struct figure *f = figure_add(fs, "construction", title, "u_x, v_x (velocity × ω/g)",
				      "u_y, v_y (velocity × ω/g)");
	f->equal_axes = true;
	/* the curves made first, then taken: a figure_curve may move them */
	static const struct {
		const char *label;
		enum curve_style style;
	} kinds[] = {
		{"the base v: r′ → (r+1)′", CURVE_DASHED},
		{"the mass u: r → r+1", CURVE_LINEPOINTS},
		{"sΔτ: r → s_r", CURVE_ARROWS},
		{"s′_r → (r+½)′", CURVE_DASHED},
		{"μ0Δτ: s_r → r+1", CURVE_ARROWS},
		{"circle μ0Δτ about s_r", CURVE_LINE},
		{"circle μ1Δτ: (r+1)′ in it, stays", CURVE_LINE},
		{"on the base, u = v", CURVE_POINTS},
		{"", CURVE_LABELS},
	};
	const size_t first = f->ncurves;
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
		figure_curve(f, kinds[k].label, kinds[k].style);
	struct curve *base_c = &f->curves[first], *u_c = base_c + 1, *s_c = base_c + 2,
		     *dir_c = base_c + 3, *f_c = base_c + 4, *c0 = base_c + 5, *c1 = base_c + 6,
		     *st_c = base_c + 7, *lab = base_c + 8;

	double scale = 0;
	for (size_t i = from; i < to; i++) {
		const double *w = t->v + i * t->ncols;
		scale = fmax(scale, fmax(fabs(w[SC_UX]) + fabs(w[SC_UY]),
					 fabs(w[SC_VX]) + fabs(w[SC_VY])));
	}
	static struct marks mk; /* big: not on the stack */
	mk.n = 0;
	mk.tol = 1e-9 * fmax(scale, DBL_MIN);
	const bool many = to - from > IM_MARKS_MAX;
	char text[40];
	for (size_t i = from; i < to; i++) {
		const double *w = t->v + i * t->ncols;
		const int r = (int)w[SC_R];
		curve_point(base_c, w[SC_VX], w[SC_VY]);
		curve_point(u_c, w[SC_UX], w[SC_UY]);
		curve_arrow(s_c, w[SC_UX], w[SC_UY], w[SC_SX], w[SC_SY]);
		if (w[SC_STATE] == IMACHI_SLIPS) {
			curve_point(dir_c, w[SC_SHX], w[SC_SHY]);
			curve_point(dir_c, w[SC_VHX], w[SC_VHY]);
			curve_point(dir_c, NAN, NAN);
			curve_arrow(f_c, w[SC_SX], w[SC_SY], w[SC_U1X], w[SC_U1Y]);
		}
		if (w[SC_STATE] != IMACHI_STAYS)
			curve_circle(c0, w[SC_SX], w[SC_SY], w[SC_R0]);
		if (w[SC_ONBASE] != 0) {
			curve_circle(c1, w[SC_SX], w[SC_SY], w[SC_R1]);
			curve_point(st_c, w[SC_UX], w[SC_UY]);
		}
		/* every point numbered while they are few; else every fifth */
		if (!many || r % 5 == 0) {
			snprintf(text, sizeof text, "%d", r);
			mark_add(&mk, w[SC_UX], w[SC_UY], text);
			snprintf(text, sizeof text, "%d′", r);
			mark_add(&mk, w[SC_VX], w[SC_VY], text);
		}
	}
	curve_point(base_c, wl[SC_V1X], wl[SC_V1Y]);
	curve_point(u_c, wl[SC_U1X], wl[SC_U1Y]);
	if (wl[SC_STATE] != IMACHI_SLIPS)
		curve_point(st_c, wl[SC_U1X], wl[SC_U1Y]);
	snprintf(text, sizeof text, "%.0f", wl[SC_R] + 1);
	mark_add(&mk, wl[SC_U1X], wl[SC_U1Y], text);
	snprintf(text, sizeof text, "%.0f′", wl[SC_R] + 1);
	mark_add(&mk, wl[SC_V1X], wl[SC_V1Y], text);
	for (size_t i = 0; i < mk.n; i++)
		curve_label(lab, mk.x[i], mk.y[i], mk.text[i]);
	frame(f);
}

/* model.step_text: step i of the table "steps", every number as the
 * solve had it. */
static void im_step_text(const struct table *t, size_t i, struct strbuf *out)
{
	const double *w = t->v + i * t->ncols;
	const int r = (int)w[SC_R];
	const bool on = w[SC_ONBASE] != 0;
	const int state = (int)w[SC_STATE];
	strbuf_addf(out, "step %d: from point %d to %d, τ = %.10g to %.10g (Δτ = %.10g)\n", r + 1,
		    r, r + 1, w[SC_TAU], w[SC_TAU] + w[SC_DTAU], w[SC_DTAU]);
	strbuf_addf(out, "  u_%d = (%.10g, %.10g), the point %d%s\n", r, w[SC_UX], w[SC_UY], r,
		    on ? ": on the base" : "");
	strbuf_addf(out, "  v_%d = (%.10g, %.10g), the point %d′; (%d½)′ = (%.10g, %.10g)\n", r,
		    w[SC_VX], w[SC_VY], r, r, w[SC_VHX], w[SC_VHY]);
	strbuf_addf(out,
		    "  s_%d = u_%d + sΔτ = (%.10g, %.10g); s′_%d = u_%d + sΔτ/2 = (%.10g, %.10g)\n",
		    r, r, w[SC_SX], w[SC_SY], r, r, w[SC_SHX], w[SC_SHY]);
	strbuf_addf(out, "  %d′ = (%.10g, %.10g) is %.10g from s_%d, ", r + 1, w[SC_V1X], w[SC_V1Y],
		    w[SC_REACH], r);
	if (state == IMACHI_STAYS)
		strbuf_addf(out, "within μ1Δτ = %.10g:\n  no slip, it stays on the base\n",
			    w[SC_R1]);
	else if (state == IMACHI_CATCHES)
		strbuf_addf(out, "within μ0Δτ = %.10g:\n  it catches the base\n", w[SC_R0]);
	else
		strbuf_addf(out,
			    "beyond %s = %.10g:\n  %s: r+1 is where the line through s_%d "
			    "parallel to s′_%d(%d½)′\n  meets the circle of radius μ0Δτ = %.10g "
			    "about s_%d\n",
			    on ? "μ1Δτ" : "μ0Δτ", on ? w[SC_R1] : w[SC_R0],
			    on ? "it leaves the base and slips" : "it slips", r, r, r, w[SC_R0], r);
	strbuf_addf(out, "  u_%d = (%.10g, %.10g), the point %d%s\n", r + 1, w[SC_U1X], w[SC_U1Y],
		    r + 1, state == IMACHI_SLIPS ? "" : ": on the base");
}

/* Figs. 2-6: the hodograph of u with the base's path v, the last period
 * (the limit cycle once the run converged) apart from the transient; u and
 * v against τ over the last period; the table behind both. */
static int imachi_figures(const struct imachi *m, int method, int n, const double draw[2],
			  const double u0[2], const struct cycle *c, const struct acc_state *last,
			  const struct imachi *mlast, struct figures *fs, struct diag *d)
{
	/* the tables made first, then taken: a figures_table may move them */
	const size_t ti = fs->ntab;
	figures_table(fs, "hodograph", TRACE_COLS);
	if (method == METHOD_GRAPHICAL)
		figures_table(fs, "steps", IMACHI_STEP_COLS);
	struct rec rc = {.tab = &fs->tab[ti], .stride = 1};
	if (method == METHOD_GRAPHICAL)
		rc.steps = &fs->tab[ti + 1];
	int shown = c->cycles - 1;
	if (method == METHOD_GRAPHICAL) {
		if (record_graphical(m, n, c->cycles, u0, &rc, d))
			return -1;
	} else if (record_accurate(m, u0, c->cycles, last, mlast, &rc, &shown, d))
		return -1;
	const struct table *t = rc.tab;
	const bool graphical = method == METHOD_GRAPHICAL;
	const char *what = c->converged ? "limit cycle" : "last period";
	char label[96];

	struct figure *f = figure_add(
		fs, "hodograph",
		c->converged ? "Hodograph of u and v (limit cycle solid, transient thin)"
			     : "Hodograph of u and v (last period solid, no limit cycle reached)",
		"u_x, v_x (velocity × ω/g)", "u_y, v_y (velocity × ω/g)");
	/* case I drifts off along x without bound: equal axes would squash
	 * the picture to a line */
	f->equal_axes = m->s < m->mu0;
	/* an overlay of runs (Fig. 4) keeps each one's base, cycle and mean */
	f->family = xstrdup(c->converged ? "Limit cycles for {runs} (bases dashed, means dots)"
					 : "Last periods for {runs} (bases dashed, means dots)");
	struct curve *cv = figure_curve(f, "v, the base", CURVE_DASHED);
	cv->family = FAMILY_PLAIN;
	if (m->motion == MOTION_LINEAR) {
		curve_point(cv, -m->a * m->ex, -m->a * m->ey);
		curve_point(cv, m->a * m->ex, m->a * m->ey);
	} else {
		for (int i = 0; i <= 360; i++)
			curve_point(cv, m->a * cos(i * M_PI / 180), m->a * sin(i * M_PI / 180));
	}
	/* the transient joins the cycle's first row unless periods were left out */
	const size_t tr_end = shown == c->cycles - 1 ? rc.cycle_row + 1 : rc.cycle_row;
	if (tr_end > 1) {
		if (shown == 1 && c->cycles == 2)
			snprintf(label, sizeof label, "u, transient (period 1)");
		else if (shown == c->cycles - 1)
			snprintf(label, sizeof label, "u, transient (periods 1-%d)", shown);
		else
			snprintf(label, sizeof label, "u, transient (first %d of %d periods)",
				 shown, c->cycles - 1);
		struct curve *cu = figure_curve(f, label, graphical ? CURVE_POINTS : CURVE_DASHED);
		for (size_t i = 0; i < tr_end; i++)
			curve_point(cu, table_at(t, i, 1), table_at(t, i, 2));
	}
	snprintf(label, sizeof label, "u, %s (period %d)", what, c->cycles);
	struct curve *cu = figure_curve(f, label, graphical ? CURVE_LINEPOINTS : CURVE_LINE);
	cu->family = FAMILY_KEY;
	for (size_t i = rc.cycle_row; i < t->nrows; i++)
		curve_point(cu, table_at(t, i, 1), table_at(t, i, 2));
	snprintf(label, sizeof label, "mean of u over the %s", what);
	cu = figure_curve(f, label, CURVE_POINTS);
	cu->family = FAMILY_PLAIN;
	curve_point(cu, c->ux, c->uy);
	frame(f);

	f = figure_add(fs, "velocity",
		       "u and v against τ over the last period (v and the means dashed)",
		       "τ = ωt, from the last period's start", "velocity × ω/g");
	const double t0 = table_at(t, rc.cycle_row, 0);
	static const char *const names[] = {"u_x", "u_y", "v_x", "v_y"};
	for (size_t col = 1; col <= 4; col++) {
		struct curve *k = figure_curve(f, names[col - 1],
					       col > 2	   ? CURVE_DASHED
					       : graphical ? CURVE_LINEPOINTS
							   : CURVE_LINE);
		for (size_t i = rc.cycle_row; i < t->nrows; i++)
			curve_point(k, table_at(t, i, 0) - t0, table_at(t, i, col));
	}
	const double mean[2] = {c->ux, c->uy};
	for (int i = 0; i < 2; i++) {
		snprintf(label, sizeof label, "u_%cmean = %.4g", i ? 'y' : 'x', mean[i]);
		figure_segment(f, label, CURVE_DASHED, 0, mean[i], 2 * M_PI, mean[i]);
	}
	if (graphical) {
		const size_t rows = rc.steps->nrows;
		size_t count = draw[1] > 0 ? (size_t)draw[1] : 2 * (size_t)n;
		size_t from = (size_t)draw[0];
		if (from >= rows) /* past the run's end: its last steps */
			from = rows > count ? rows - count : 0;
		im_step_figure(rc.steps, from, from + count, fs);
	}
	return 0;
}

/* The figures drawn when first looked at (figures_later): their
 * recording pass integrates the run again with stops at sample times
 * (record_accurate), four fifths of a solve with figures (imachi: 3.0 of
 * 3.7 ms in-process), which `solve` paid whether or not `plot` followed.
 * Everything it reads is the solve's, copied here: the model as the run
 * started and at the start of its last period, the start, the cycle found. */
struct im_later {
	struct imachi m, mlast;
	int method, n;
	double draw[2], u0[2];
	struct cycle c;
	struct acc_state last;
};

static void im_later_draw(struct figures *fs, void *p)
{
	const struct im_later *l = p;
	struct diag d;
	/* the run was done once without failing: a failure here (an
	 * interrupt) leaves no figure rather than a part of one */
	if (imachi_figures(&l->m, l->method, l->n, l->draw, l->u0, &l->c, &l->last, &l->mlast, fs,
			   &d))
		figures_release(fs);
}

/* ---- solve ---------------------------------------------------------------- */

int imachi_check_friction(double mu0, double mu1, struct diag *d)
{
	if (mu1 < mu0)
		return diag_set(d,
				"mu1 = %g is below mu0 = %g: the static coefficient cannot be "
				"less than the kinetic one",
				mu1, mu0);
	return 0;
}

int imachi_check_start(double u0, double a, double s, double mu0, struct diag *d)
{
	if (fabs(s) < mu0 && !(u0 <= a + 1e8 * (mu0 - fabs(s))))
		return diag_set(d,
				"the mass's starting speed %g is beyond a + 10⁸ (μ0 − |s|) = %g: "
				"friction, taking 2π(μ0 − |s|) = %.3g off it a period, would need "
				"over 10⁷ periods to bring it to the base, and a period map that "
				"repeats to 1e-9 of so large a speed would pass for a limit cycle",
				u0, a + 1e8 * (mu0 - fabs(s)), 2 * M_PI * (mu0 - fabs(s)));
	if (!(u0 <= 1e100))
		return diag_set(d, "the mass's starting speed %g is beyond 1e100", u0);
	return 0;
}

double imachi_scale(double a, double s, double mu0)
{
	return fmax(a, fmax(fabs(s), mu0));
}

double imachi_settled(double x, double a, double s, double mu0)
{
	return fabs(x) < 1e-9 * imachi_scale(a, s, mu0) ? 0.0 : x;
}

struct num_settle imachi_settle(double a, double s, double mu0, double u0, long periods)
{
	const double scale = fabs(s) < mu0 ? fmax(a, u0) : imachi_scale(a, s, mu0);
	struct num_settle st = {.rtol = 1e-9,
				.floor = fmax(scale, DBL_MIN),
				.cap = periods,
				.need = 2,
				.tol_max = 1e-7 * 2 * M_PI * (mu0 + fabs(s))};
	num_settle_start(&st);
	return st;
}

void imachi_unsettled_why(char *why, size_t size, const char *map, long k, double change,
			  double tol)
{
	if (change <= tol)
		snprintf(why, size,
			 "no limit cycle within %ld period%s: %s repeated over one period, not "
			 "yet over two in a row; raise periods",
			 k, k == 1 ? "" : "s", map);
	else
		snprintf(why, size,
			 "no limit cycle within %ld period%s: %s still changed by %.3g "
			 "(tolerance %.3g); raise periods",
			 k, k == 1 ? "" : "s", map, change, tol);
}

int imachi_graphical_budget(long k, int n, double max, struct diag *d)
{
	if (!((k + 1.0) * 2 * n > max))
		return 0;
	return diag_set(d,
			"the construction would take more than %.0f steps (%d a period) without "
			"the period map repeating, after %ld periods: lower n, or periods to "
			"accept a state that has not settled",
			max, 2 * n, k);
}

bool imachi_snap_start(double *u0, const double *v0, int n, double scale)
{
	double dist = 0, size = scale;
	for (int i = 0; i < n; i++) {
		dist = hypot(dist, u0[i] - v0[i]);
		size = fmax(size, fmax(fabs(u0[i]), fabs(v0[i])));
	}
	if (dist == 0 || !(dist <= 1e-9 * size))
		return false;
	for (int i = 0; i < n; i++)
		u0[i] = v0[i];
	return true;
}

/* model.check */
static int imachi_check(const struct model_input *in, struct diag *d)
{
	const double *p = in->num;
	if (imachi_check_friction(p[I_MU0], p[I_MU1], d))
		return -1;
	if (p[I_N] != floor(p[I_N]))
		return diag_set(d, "n = %g: the number of steps per half period is an integer",
				p[I_N]);
	if (p[I_PERIODS] != floor(p[I_PERIODS]))
		return diag_set(d, "periods = %g: a number of periods is an integer", p[I_PERIODS]);
	if (p[I_DRAW_FROM] != floor(p[I_DRAW_FROM]) || p[I_DRAW_STEPS] != floor(p[I_DRAW_STEPS]))
		return diag_set(d, "draw_from = %g, draw_steps = %g: they count steps, integers",
				p[I_DRAW_FROM], p[I_DRAW_STEPS]);
	return imachi_check_start(hypot(p[I_U0X], p[I_U0Y]), p[I_A], p[I_S], p[I_MU0], d);
}

/* What a solve found, for its worked steps. */
struct imachi_found {
	const struct imachi *m;
	const double *p; /* the parameters */
	int method, n;
	const struct cycle *c;
	bool rest, drift, snapped;
	const char *cs; /* the case's word */
	double vx_max;
	struct base_at b0; /* the base at τ = 0 */
};

/* The worked steps of a solve, every number as it had it. */
static void imachi_steps(const struct imachi_found *f, struct strbuf *s)
{
	const struct imachi m = *f->m;
	const struct cycle c = *f->c;
	const double *p = f->p, *v0 = f->b0.v, *dv0 = f->b0.dv;
	const char *cs = f->cs;
	model_step(s,
		   "The mass's velocity U, the base's V and the force S in Imachi's units: u = "
		   "(ω/g)U, v = (ω/g)V, τ = ωt, s = S/(mg). The base moves with %s.",
		   m.motion == MOTION_LINEAR ? "v = a cos τ e^{iφ'}" : "v = a e^{iτ}");
	if (m.motion == MOTION_LINEAR)
		model_step(s, "  a = %g, φ' = %g°; s = %g, μ0 = %g (sliding), μ1 = %g (static).",
			   m.a, p[I_PHI], m.s, m.mu0, m.mu1);
	else
		model_step(s, "  a = %g; s = %g, μ0 = %g (sliding), μ1 = %g (static).", m.a, m.s,
			   m.mu0, m.mu1);
	model_step(s, "While it slips (u ≠ v): du/dτ = s + μ0 e^{iψ}, e^{iψ} = (v − u)/|v − u| "
		      "(eq. 2); on the base (u = v) it stays while |dv/dτ − s| ≤ μ1.");
	if (f->snapped)
		model_step(s,
			   "Start: u(0) = (%.10g, %.10g) is within 1e-9 of v(0) = (%.10g, %.10g): "
			   "the mass starts on the base, and the forces decide: |dv/dτ − s| = %.6g "
			   "%s μ1 = %g at τ = 0, so it %s.",
			   p[I_U0X], p[I_U0Y], v0[0], v0[1], hypot(dv0[0] - m.s, dv0[1]),
			   hypot(dv0[0] - m.s, dv0[1]) <= m.mu1 ? "≤" : ">", m.mu1,
			   hypot(dv0[0] - m.s, dv0[1]) <= m.mu1 ? "sticks" : "slips off at once");
	if (f->method == METHOD_GRAPHICAL) {
		model_step(s,
			   "Graphical method (§3), Δτ = π/n = π/%d: s_r = u_r + sΔτ, s'_r = u_r + "
			   "sΔτ/2, and r+1 is where the line through s_r parallel to s'_r(r+½)' "
			   "meets the circle of radius μ0Δτ about s_r (r' is the base's point "
			   "v(τ_r), τ_r = rΔτ):",
			   f->n);
		model_step(s, "  u_{r+1} = u_r + sΔτ + μ0Δτ e, e = (v_{r+½} − u_r − sΔτ/2)/|…|.");
		model_step(s,
			   "  This is an explicit midpoint rule: ψ is taken at τ_{r+½} with the "
			   "half-step predictor u_r + sΔτ/2 (the friction's half step left out). "
			   "The true midpoint (u_r + u_{r+1})/2 = s'_r + ½μ0Δτ e lies on the same "
			   "line, so ψ there is the same: the step is also the implicit midpoint "
			   "rule, of second order: on a slipping motion its error falls like n⁻².");
		if (m.motion == MOTION_LINEAR && fmod(p[I_PHI], 180.0) == 0)
			model_step(s,
				   "  Imachi (§5) warns of this very case: \"When the direction of "
				   "vibration is coincident with that of s, [...] the method of "
				   "solution shown above is not favourable one owing to the "
				   "accuracy and technical confusion. A better method is to use "
				   "velocity curves on time-abcissa\" (sic): the model imachi-1d.");
		if (c.stick > 0)
			model_step(s,
				   "  With non-slip periods, as here, the landings on the base and "
				   "the releases fall between the grid points τ = rΔτ and are "
				   "taken at the next one: the error is then of first order and "
				   "erratic in n (it follows where the switches fall in the "
				   "grid), not n⁻².");
		model_step(s,
			   "  Non-slip (Fig. 3): on the base, it stays while (r+1)' is within "
			   "μ1Δτ of s_r; slipping, it catches the base when (r+1)' is within μ0Δτ "
			   "of s_r. %zu steps: %zu of them on the base, %zu catches, %zu releases.",
			   c.steps, c.sticks, c.catches, c.releases);
	} else {
		model_step(s,
			   "Accurate method: rk8pd (tolerance 1e-12) while slipping, with the "
			   "slip ended where |v − u| = 1e-10 and the last stretch to u = v in "
			   "closed form (d|v − u|/dτ = e^{iψ}·(dv/dτ − s) − μ0 is finite there);");
		model_step(s,
			   "  on the base, u = v exactly until |dv/dτ − s| = μ1 (GSL's Brent "
			   "solver on the exact function), then it slips off along dv/dτ − s. "
			   "%zu steps; it landed on the base %zu times and passed through it %zu "
			   "times.",
			   c.steps, c.sticks, c.catches);
	}
	if (f->rest) {
		model_step(s,
			   "At rest on the base: |dv/dτ − s| stays within μ1 = %g the whole "
			   "period (s = %g), so static friction holds the mass on the base, u = "
			   "v, and it never slips; Imachi's cases I-III are of a mass that slips.",
			   m.mu1, m.s);
	} else if (f->drift) {
		model_step(s,
			   "Drift, Imachi's case I (s = %g ≥ μ0 = %g): after %d periods u_x = %.6g "
			   "is beyond the base's reach (max v_x = %g), so the mass slips ahead of "
			   "the base for ever with du_x/dτ = s + μ0 cos ψ ≥ s − μ0 ≥ 0: it never "
			   "lands again and there is no limit cycle. Over the last period u_x "
			   "grew by %.6g per unit τ (s − μ0 = %g).",
			   m.s, m.mu0, c.cycles, c.u_end[0], f->vx_max, c.drift, m.s - m.mu0);
	} else if (!c.converged) {
		model_step(s,
			   "No limit cycle within %d periods: the period map still changed by "
			   "%.3g over the last period (tolerance %.3g, to be met over two "
			   "successive periods); the limit cycle's answers are not given.",
			   c.cycles, c.change, c.tol);
	} else {
		model_step(s,
			   "Case %s (%s): a limit cycle after %d periods (the period map "
			   "repeated to 1e-9 over two successive periods).",
			   cs, c.stick > 0 ? "with non-slip periods" : "slipping throughout",
			   c.cycles);
	}
	if (c.converged)
		model_step(s,
			   "Over the last period: u_xmean = %.12g, u_ymean = %.12g; the mass rode "
			   "on the base for a fraction stick_fraction = %.6g of it.",
			   c.ux, c.uy, c.stick);
	else
		model_step(s,
			   "Over the last period (not a cycle): u_x went from %.12g to %.12g; the "
			   "mass rode on the base for a fraction stick_fraction = %.6g of it.",
			   c.u_end[0] - 2 * M_PI * c.drift, c.u_end[0], c.stick);
	if (m.s < m.mu0 && !f->rest && c.converged)
		model_step(s, "Frictional viscosity (§4): the mean velocity stays finite under the "
			      "constant force s, as in a viscous fluid; the lateral mean u_ymean "
			      "shows the friction's power going selectively sideways.");
}

static int imachi_solve(const struct model_input *in, struct model_output *out, struct diag *d)
{
	const double *p = in->num;
	struct imachi m = {
		.motion = in->choice[I_MOTION],
		.ex = cos(p[I_PHI] * M_PI / 180),
		.ey = sin(p[I_PHI] * M_PI / 180),
		.a = p[I_A],
		.s = p[I_S],
		.mu0 = p[I_MU0],
		.mu1 = p[I_MU1],
	};
	const int method = in->choice[I_METHOD];
	const double n_real = p[I_N], periods_real = p[I_PERIODS];
	struct strbuf *s = out->steps;
	const int n = (int)n_real, periods = (int)periods_real;
	double u0[2] = {p[I_U0X], p[I_U0Y]};
	/* a hundred times the integration's tolerance, where ŵ is still the
	 * slip's own (1e-10 at the default 1e-12); the closed form's error,
	 * O(w_ev²), stays below that tolerance */
	m.slip.w_ev = fmax(1e-10, 1e2 * ode_tolerance(1e-12)) * fmax(fmax(m.a, m.s), 1e-300);
	if (fmod(p[I_PHI], 90.0) == 0) { /* exact axes: no cos 90° = 6e-17 in u_ymean */
		static const double cx[4] = {1, 0, -1, 0}, cy[4] = {0, 1, 0, -1};
		int q = (((int)(p[I_PHI] / 90.0)) % 4 + 4) % 4;
		m.ex = cx[q];
		m.ey = cy[q];
	}

	/* a start within 1e-9 of the base's velocity is on the base: the
	 * forces decide whether it sticks (a v(0) typed to 10 digits left
	 * the mass 1e-11 off the base, and the verdict followed that
	 * difference's sign) */
	const struct base_at b0 = base(&m, 0.0);
	const bool snapped = imachi_snap_start(u0, b0.v, 2, imachi_scale(m.a, m.s, m.mu0));

	struct cycle c;
	struct acc_state last = {0};
	const struct imachi m_start = m;
	struct imachi m_last = m;
	if (method == METHOD_GRAPHICAL) {
		if (run_graphical(&m, n, periods, u0, &c, NULL, d))
			return -1;
	} else if (run_accurate(&m, periods, u0, &c, &last, &m_last, d)) {
		return -1;
	}
	/* a mean settled to the cycle's tolerance has no digits below it
	 * (u_ymean at φ' = 90° came out 1.6e-13) */
	c.ux = imachi_settled(c.ux, m.a, m.s, m.mu0);
	c.uy = imachi_settled(c.uy, m.a, m.s, m.mu0);
	c.drift = imachi_settled(c.drift, m.a, m.s, m.mu0);
	if (out->figs) {
		struct im_later *l = xmalloc(sizeof(*l));
		*l = (struct im_later){.m = m_start,
				       .mlast = m_last,
				       .method = method,
				       .n = n,
				       .draw = {p[I_DRAW_FROM], p[I_DRAW_STEPS]},
				       .u0 = {u0[0], u0[1]},
				       .c = c,
				       .last = last};
		figures_later(out->figs, im_later_draw, free, l);
	}

	/* on the base the whole last period: static friction holds it there, u = v,
	 * a periodic motion whatever s and μ0 say (Imachi's cases are of a mass
	 * that slips) */
	const bool rest = c.stick >= 1 - 1e-12;
	if (rest) { /* u = v the whole period: its mean is v's, exactly 0 */
		c.converged = true;
		c.ux = c.uy = 0;
	}
	/* No limit cycle, for certain: with s ≥ μ0 a mass ahead of everything
	 * the base reaches in x (u_x > max v_x) slips for ever with du_x/dτ =
	 * s + μ0 cos ψ ≥ s − μ0 ≥ 0, so it stays ahead and never lands: u_x
	 * grows without bound (at s − μ0 per unit τ in the end, ψ → π). Imachi
	 * calls this case I; it is its own verdict, "drift". */
	const double vx_max = m.motion == MOTION_LINEAR ? m.a * fabs(m.ex) : m.a;
	const bool drift = !c.converged && m.s >= m.mu0 && c.u_end[0] > vx_max;
	const char *cs = rest		? "rest"
			 : drift	? "drift"
			 : !c.converged ? "unsettled"
			 : c.stick > 0	? "III"
					: "II";
	if (!isfinite(c.ux) || !isfinite(c.uy) || !isfinite(c.drift))
		return diag_set(d,
				"the mean velocity came out as (%g, %g): the run overflows at "
				"these scales; bring a, s, mu0 and the start nearer each other",
				c.ux, c.uy);
	out->res[I_CASE] = value_word(cs);
	out->res[I_CONVERGED] = value_bool(c.converged);
	out->res[I_DRIFT] = value_number(c.drift);
	if (c.converged) {
		out->res[I_U_XMEAN] = value_number(c.ux);
		out->res[I_U_YMEAN] = value_number(c.uy);
		out->res[I_CYCLES] = value_number(c.cycles);
		out->res[I_STICK_FRACTION] = value_number(c.stick);
	} else {
		/* the limit cycle's answers do not exist: each says why */
		char why[240];
		if (drift && m.s > m.mu0)
			snprintf(why, sizeof why,
				 "no limit cycle: s = %g > μ0 = %g, the mass accelerates without "
				 "bound",
				 m.s, m.mu0);
		else if (drift)
			snprintf(
				why, sizeof why,
				"no limit cycle: s = μ0 = %g, the mass slips ahead of the base for "
				"ever and u_x grows without bound",
				m.mu0);
		else
			imachi_unsettled_why(why, sizeof why, "the period map", c.cycles, c.change,
					     c.tol);
		static const int cycle_only[] = {I_U_XMEAN, I_U_YMEAN, I_CYCLES, I_STICK_FRACTION};
		for (size_t i = 0; i < sizeof cycle_only / sizeof *cycle_only; i++)
			out->res[cycle_only[i]] = value_undefined(why);
	}

	const struct imachi_found found = {&m,	  p,	   method, n,	   &c, rest,
					   drift, snapped, cs,	   vx_max, b0};
	imachi_steps(&found, s);
	return 0;
}

const struct model model_imachi = {
	.name = "imachi",
	.summary = "a mass on a vibrating base: frictional viscosity (Imachi §2-4)",
	.params = im_params,
	.nparams = I_NPARAMS,
	.results = im_results,
	.nresults = I_NRESULTS,
	.solve = imachi_solve,
	.check = imachi_check,
	.step_text = im_step_text,
	.step_figure = im_step_figure,
};
