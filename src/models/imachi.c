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
#include "models/imachi_sys.h"
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

struct base_at im_base(const struct imachi *m, double t)
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
	const struct base_at b = im_base(m, t);
	g[0] = b.dv[0] - m->s, g[1] = b.dv[1];
}

/* ---- the recording pass ----------------------------------------------------- */

void im_rec_row(struct rec *rc, const struct imachi *m, double tau, const double u[2], bool stuck)
{
	const struct base_at b = im_base(m, tau);
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
		im_rec_row(rc, m, 2.0 * n * k * h, u, *stuck);
		rc->cycle_row = rc->tab->nrows - 1;
	}
	for (int r = 0; r < 2 * n; r++) {
		double t = (2.0 * n * k + r) * h, u1[2];
		const struct base_at bh = im_base(m, t + 0.5 * h), b1 = im_base(m, t + h);
		const double *vh = bh.v, *v1 = b1.v;
		int what = imachi_step(m->s, m->mu0, m->mu1, h, u, vh, v1, *stuck, u1);
		if (rc && rc->steps && rc->steps->nrows < IMACHI_STEPS_KEPT) {
			const struct base_at b0 = im_base(m, t);
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
			im_rec_row(rc, m, (2.0 * n * k + r + 1) * h, u, *stuck);
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

int im_run_graphical(const struct imachi *m, int n, int periods, const double u0[2],
		     const double *ulast, struct cycle *c, struct rec *rc, struct diag *d)
{
	double u[2] = {u0[0], u0[1]};
	const struct base_at b = im_base(m, 0.0);
	bool stuck = u[0] == b.v[0] && u[1] == b.v[1] && stick_margin(0.0, (void *)m) >= 0;
	double prev[2] = {u[0], u[1]}, mean[2] = {0, 0};
	int ss = 0;
	memset(c, 0, sizeof(*c));
	if (rc)
		im_rec_row(rc, m, 0.0, u, stuck);
	struct num_settle conv = settle(m, u0, periods);
	for (int k = 0; k < periods; k++) {
		if (num_interrupted)
			return diag_set(d, "interrupted after %d periods", k);
		if (imachi_graphical_budget(k, n, IM_GRAPHICAL_STEPS, d))
			return -1;
		if (ulast && k == periods - 1) /* the cycle's fixed point */
			u[0] = ulast[0], u[1] = ulast[1], stuck = false;
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
	const struct base_at b = im_base(m, t);
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
	const struct base_at b = im_base(m, t);
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

/* A stick phase from st->t, in closed form (u = v), to where the mass
 * slips off or to t_end. */
static int accurate_stick(struct imachi *m, struct acc_state *st, double t_end, struct diag *d)
{
	double tl;
	if (leave_time(m, st->t, t_end, &tl, d))
		return -1;
	double t1 = fmin(tl, t_end);
	const struct base_at b0 = im_base(m, st->t), b = im_base(m, t1);
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
	const struct base_at b = im_base(m, st->t);
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
	const struct base_at b1 = im_base(m, st->t + dt);
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
			im_rec_row(st->rec, m, st->t, st->y, st->stuck);
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
			const struct base_at b = im_base(m, st->t);
			return diag_set(
				d,
				"the run stands still at τ = %.17g: u = (%.17g, %.17g), v = "
				"(%.17g, %.17g), |v − u| = %.3g, %s; no phase can start from "
				"this state",
				st->t, st->y[0], st->y[1], b.v[0], b.v[1],
				rel_speed(m, st->t, st->y), st->stuck ? "on the base" : "slipping");
		}
		if (st->rec)
			im_rec_row(st->rec, m, st->t, st->y, st->stuck);
	}
	phase_jump(run, st->t, st->y);
	return PHASE_END;
}

/* Integrates from st->t to t_end, phase by phase. */
int im_accurate_to(struct imachi *m, struct acc_state *st, double t_end, struct diag *d)
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
void im_accurate_start(struct imachi *m, struct acc_state *st, const double u0[2])
{
	*st = (struct acc_state){.h0 = 1e-3};
	st->y[0] = u0[0], st->y[1] = u0[1];
	m->slip.away = false;
	const struct base_at b = im_base(m, 0.0);
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
	im_accurate_start(m, &st, u0);
	double prev[2] = {u0[0], u0[1]};
	struct num_settle conv = settle(m, u0, periods);
	for (int k = 0; k < periods; k++) {
		*last = st;
		*mlast = *m;
		double U0[2] = {st.y[2], st.y[3]};
		st.stick_time = 0;
		if (im_accurate_to(m, &st, 2 * M_PI * (k + 1), d))
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
	bool polished;	   /* the cycle is the period map's fixed point ustar */
	double ustar[2], bound;
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
		if (f->polished)
			model_step(
				s,
				"  The cycle is the period map's fixed point u* = P(u*), u = "
				"u(0): GSL's hybrid solver (Powell's, its Jacobian by "
				"differences) on P(u) − u from the last period's start gives u* = "
				"(%.12g, %.12g), and the means hold to %.2g.",
				f->ustar[0], f->ustar[1], f->bound);
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
	 * O(w_ev²), stays below that tolerance. On the scale the absolute
	 * tolerance has, μ0 in it: against max(a, s) alone, a base at a =
	 * 1.6e-5 under μ0 = 1.3 had w_ev 1e3 times below what the integration
	 * resolves, and its landing chattered to the 2 s budget */
	m.slip.w_ev = fmax(1e-10, 1e2 * ode_tolerance(1e-12)) *
		      fmax(imachi_scale(m.a, m.s, m.mu0), 1e-300);
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
	const struct base_at b0 = im_base(&m, 0.0);
	const bool snapped = imachi_snap_start(u0, b0.v, 2, imachi_scale(m.a, m.s, m.mu0));

	struct cycle c;
	struct acc_state last = {0};
	const struct imachi m_start = m;
	struct imachi m_last = m;
	if (method == METHOD_GRAPHICAL) {
		if (im_run_graphical(&m, n, periods, u0, NULL, &c, NULL, d))
			return -1;
	} else if (run_accurate(&m, periods, u0, &c, &last, &m_last, d)) {
		return -1;
	}
	double ustar[2] = {NAN, NAN}, bound = NAN;
	/* the construction's polish, up to five periods more, within its
	 * budget of steps */
	const bool affordable =
		method == METHOD_ACCURATE || 2.0 * n * (c.cycles + 5) <= IM_GRAPHICAL_STEPS;
	const bool polished = c.converged && affordable &&
			      im_cycle_polish(&m_start, method, n, &c, ustar, &bound);
	if (polished &&
	    method == METHOD_ACCURATE) { /* the figures' last period is the fixed point's */
		m_last = m_start;
		im_accurate_start(&m_last, &last, ustar);
		last.t = 2 * M_PI * (c.cycles - 1);
	}
	/* a mean within its error is 0 (u_ymean at φ' = 90° came out
	 * 1.6e-13): the fixed point's bound; a cycle with non-slip periods,
	 * whose period map is flat (a landing forgets where it came from), is
	 * reached exactly, to the integration's tolerance or the
	 * construction's rounding; else the repeat's 1e-9 */
	if (c.converged) {
		const double sc = imachi_scale(m.a, m.s, m.mu0);
		const double e = polished		      ? bound
				 : c.stick == 0		      ? 1e-9 * sc
				 : method == METHOD_GRAPHICAL ? 16 * DBL_EPSILON * sc * 2 * n
							      : ode_tolerance(1e-12) * sc;
		c.ux = fabs(c.ux) <= e ? 0.0 : c.ux;
		c.uy = fabs(c.uy) <= e ? 0.0 : c.uy;
	} else {
		c.ux = imachi_settled(c.ux, m.a, m.s, m.mu0);
		c.uy = imachi_settled(c.uy, m.a, m.s, m.mu0);
	}
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
				       .last = last,
				       .polished = polished,
				       .ustar = {ustar[0], ustar[1]}};
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

	const struct imachi_found found = {&m,
					   p,
					   method,
					   n,
					   &c,
					   rest,
					   drift,
					   snapped,
					   cs,
					   vx_max,
					   b0,
					   polished,
					   {ustar[0], ustar[1]},
					   bound};
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
