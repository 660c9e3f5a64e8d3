/* Minguzzi §2.1, the conveyor belt: a block on a belt that moves at
 * (v0, 0), pushed by a person with (Fx, Fy), Bouchet's friction law
 * μ(v) = (μ0 − μ∞)/(1 + a v) + μ∞. The relative velocity is the same at
 * every point of the block, so the pressure hypothesis does not matter and
 * R = N ∫_0^{v_r} μ dv.
 *
 * Bouchet's μ(0) = μ0 is not zero: at v_r = 0 the friction is set-valued
 * (|F_friction| ≤ N μ0), so the block can be carried by the belt. The run
 * is a sequence of phases: slip phases integrated with rk8pd until the
 * relative speed falls to s_ev (10⁻⁹ of the problem's speed), the last
 * stretch to v_r = 0 taken in closed form (the deceleration is finite and
 * smooth there: error O(s_ev²)); then stick while the applied force is
 * within N μ0, or slip again along the applied force. */
#include <gsl/gsl_errno.h>
#include <math.h>

#include "dyn/law.h"
#include "dyn/phase.h"
#include "models/model.h"
#include "num/friction.h"
#include "num/num.h"
#include "num/ode.h"
#include "num/stickslip.h"

enum {
	C_M,
	C_N,
	C_V0,
	C_FX,
	C_FY,
	C_MU0,
	C_MUINF,
	C_A,
	C_X0,
	C_Y0,
	C_VX0,
	C_VY0,
	C_TMAX,
	C_HELD,
	C_NPARAMS
};
enum {
	C_R0,
	C_QX0,
	C_QY0,
	C_VX_END,
	C_VY_END,
	C_X_END,
	C_Y_END,
	C_C_TRANSVERSE,
	C_STUCK,
	C_T_STICK,
	C_NRESULTS
};

static const struct param_spec c_params[C_NPARAMS] = {
	[C_M] = PARAM_NUMBER("m", "kg", 1.0, PARAM_ABOVE(0.0), "mass of the block"),
	[C_N] = PARAM_NUMBER("N", "N", 9.81, PARAM_AT_LEAST(0.0),
			     "normal force (m g on a level belt)"),
	[C_V0] = PARAM_NUMBER("v0", "m/s", 0.5, PARAM_ANY, "speed of the belt, along x"),
	[C_FX] = PARAM_NUMBER("Fx", "N", 0.0, PARAM_ANY, "pushing force, x"),
	[C_FY] = PARAM_NUMBER("Fy", "N", 0.0, PARAM_ANY, "pushing force, y (across the belt)"),
	PARAM_LAW_BOUCHET(C_MU0, C_MUINF, C_A, 0.6, 0.3, 2.0),
	[C_X0] = PARAM_NUMBER("x0", "m", 0.0, PARAM_ANY, "initial position, x"),
	[C_Y0] = PARAM_NUMBER("y0", "m", 0.0, PARAM_ANY, "initial position, y"),
	[C_VX0] = PARAM_NUMBER("vx0", "m/s", 0.0, PARAM_ANY, "initial velocity, x (ground frame)"),
	[C_VY0] = PARAM_NUMBER("vy0", "m/s", 0.0, PARAM_ANY, "initial velocity, y"),
	[C_TMAX] = PARAM_NUMBER("tmax", "s", 2.0, PARAM_AT_LEAST(0.0), "length of the run"),
	[C_HELD] = PARAM_CHOICE(
		"held", "no|yes",
		"yes: an applied force keeps x = x0 (the paper's last remark); Fx is then "
		"replaced by that force"),
};

static const struct result_spec c_results[C_NRESULTS] = {
	[C_R0] = RESULT_NUMBER("R0", "W", "Rayleigh function at the start"),
	[C_QX0] = RESULT_NUMBER("Qx0", "N", "friction force at the start, x"),
	[C_QY0] = RESULT_NUMBER("Qy0", "N", "friction force at the start, y"),
	[C_VX_END] = RESULT_NUMBER("vx_end", "m/s", "velocity at tmax, x"),
	[C_VY_END] = RESULT_NUMBER("vy_end", "m/s", "velocity at tmax, y"),
	[C_X_END] = RESULT_NUMBER("x_end", "m", "position at tmax, x"),
	[C_Y_END] = RESULT_NUMBER("y_end", "m", "position at tmax, y"),
	[C_C_TRANSVERSE] =
		RESULT_NUMBER("c_transverse", "N*s/m",
			      "N μ(v0)/v0: the viscous coefficient a slow transverse motion feels "
			      "(inf: a belt at rest, or one so slow that it is above 1e308)"),
	[C_STUCK] = RESULT_BOOL_VERDICT("stuck", VERDICT_KIND,
					"whether the block rides with the belt at tmax"),
	[C_T_STICK] = RESULT_NUMBER("t_stick", "s",
				    "when the block first reached the belt's speed (inf: never)"),
};

struct conveyor {
	struct friction_law law;
	double m, N, v0, Fx, Fy;
	bool held;
	struct num_slip slip; /* w = v_r, the velocity relative to the belt */
	bool riding;	      /* the block rides with the belt (for the record) */
};

/* y = (x, y, vx, vy) in the ground frame; the belt moves at (v0, 0). */
static int conveyor_rhs(double t, const double y[], double f[], void *p)
{
	struct conveyor *c = p;
	(void)t;
	if (num_interrupted)
		return GSL_EBADFUNC;
	double rx = y[2] - c->v0, ry = y[3], s = hypot(rx, ry);
	double ex = c->slip.dir[0], ey = c->slip.dir[1];
	if (s > 0) {
		ex = rx / s;
		ey = ry / s;
	}
	double mu = friction_mu(&c->law, s);
	f[0] = y[2];
	f[1] = y[3];
	f[2] = c->held ? 0.0 : (c->Fx - c->N * mu * ex) / c->m;
	f[3] = (c->Fy - c->N * mu * ey) / c->m;
	return GSL_SUCCESS;
}

static double relative_speed(const struct conveyor *c, const double y[])
{
	return hypot(y[2] - c->v0, y[3]);
}

static double slip_event(double t, const double y[], void *p)
{
	(void)t;
	const struct conveyor *c = p;
	return num_slip_event(&c->slip, relative_speed(c, y));
}

/* The record's derived columns: the relative speed, and 1 while riding. */
static void conveyor_extra(void *ctx, double t, const double *y, double *out)
{
	const struct conveyor *c = ctx;
	(void)t;
	out[0] = relative_speed(c, y);
	out[1] = c->riding;
}

static void conveyor_figures(struct figures *fs, const struct record *tr, const struct conveyor *c,
			     double t_stick, double c_tr)
{
	static const char *const phase[] = {"slipping", "riding with the belt"};
	struct table *t = figures_table(fs, "motion",
					"t [s]|x [m]|y [m]|xdot [m/s]|ydot [m/s]|v_r [m/s]|riding");
	bool transverse = false;
	for (size_t i = 0; i < tr->n; i++) {
		const double *y = record_row(tr, i);
		double row[7] = {tr->t[i], y[0], y[1], y[2], y[3], y[4], y[5]};
		table_row(t, row);
		transverse = transverse || y[3] != 0 || y[1] != record_row(tr, 0)[1];
	}
	const double t_end = t->nrows ? table_at(t, t->nrows - 1, 0) : 0.0;
	const enum curve_style st = t->nrows > 1 ? CURVE_LINE : CURVE_POINTS;

	struct figure *f = figure_add(
		fs, "velocity",
		c->held ? "Velocity ẏ of the block held at x = x0, pushed across the belt"
			: "Velocity of the block (ground frame), and the belt's",
		"t [s]", "velocity [m/s]");
	if (!c->held)
		figure_curve_from(f, "ẋ", st, t, 0, 3);
	if (transverse || c->held)
		figure_curve_from(f, "ẏ", st, t, 0, 4);
	if (!c->held) /* held, ẏ ≪ v0 is the point: v0 would flatten it */
		figure_segment(f, "belt speed v0", CURVE_DASHED, 0.0, c->v0, t_end, c->v0);
	if (c->held && c->Fy != 0 && isfinite(c_tr))
		figure_segment(f, "Fy/c_transverse (slow transverse motion)", CURVE_DASHED, 0.0,
			       c->Fy / c_tr, t_end, c->Fy / c_tr);
	if (isfinite(t_stick))
		curve_point(figure_curve(f, "reaches the belt's speed (t_stick)", CURVE_POINTS),
			    t_stick, c->v0);

	f = figure_add(fs, "position", "Position of the block (ground frame)", "t [s]",
		       "position [m]");
	figure_curve_from(f, "x", st, t, 0, 1);
	if (transverse)
		figure_curve_from(f, "y", st, t, 0, 2);

	f = figure_add(fs, "slip", "Slip speed v_r(t) of the block over the belt", "t [s]",
		       "v_r [m/s]");
	figure_curves_by_phase(f, t, 0, 5, 6, phase, 2);

	if (transverse && !c->held) {
		double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
		for (size_t i = 0; i < t->nrows; i++)
			for (int k = 0; k < 2; k++) {
				lo[k] = fmin(lo[k], table_at(t, i, 1 + k));
				hi[k] = fmax(hi[k], table_at(t, i, 1 + k));
			}
		/* true to scale unless one way is less than a fifth of the other:
		 * a drift of millimetres over a metre would be a hairline */
		const double wx = hi[0] - lo[0], wy = hi[1] - lo[1];
		const bool scale = wy >= wx / 5 && wx >= wy / 5;
		f = figure_add(fs, "path",
			       scale	 ? "Path of the block on the ground"
			       : wy < wx ? "Path of the block on the ground (y magnified)"
					 : "Path of the block on the ground (x magnified)",
			       "x [m]", "y [m]");
		f->equal_axes = scale;
		figure_curve_from(f, "", st, t, 1, 2);
	}
}

/* The run, between phases: what the block does next. */
struct conveyor_run {
	struct conveyor *c;
	double tmax, g[2], smax, scale, tau, c_tr, held_scale;
	bool stretch; /* the last phase was a stretch of a held run's slip */
	/* what the run found */
	double t_stick, t_settled;
	bool stuck, settled;
	int stops;
};

/* After a phase that ended at an event: the last w_ev of relative speed,
 * in closed form (the deceleration ṡ = (F_a·ê − N μ(s))/m is smooth
 * there). Returns true when tmax came first and the run is over. */
static bool conveyor_land(struct phase_run *run, struct conveyor_run *cr)
{
	struct conveyor *c = cr->c;
	double *y = run->y, t = run->t;
	const double rx = y[2] - c->v0, ry = y[3], w[2] = {rx, ry};
	const double g[2] = {cr->g[0] / c->m, cr->g[1] / c->m};
	double dt; /* none: the break-away's end, or it turns before stopping */
	if (!num_slip_land(&c->slip, w, g, c->N * friction_mu(&c->law, hypot(rx, ry)) / c->m, &dt))
		return false;
	if (t + dt > cr->tmax) { /* tmax comes first: decelerate linearly */
		double k = (cr->tmax - t) / dt;
		y[0] += (c->held ? 0.0 : (y[2] - 0.5 * k * rx)) * (cr->tmax - t);
		y[1] += (y[3] - 0.5 * k * ry) * (cr->tmax - t);
		y[2] -= k * rx;
		y[3] -= k * ry;
		phase_jump(run, cr->tmax, y);
		return true;
	}
	y[0] += c->held ? 0.0 : (c->v0 + 0.5 * rx) * dt;
	y[1] += 0.5 * ry * dt;
	y[2] = c->held ? 0.0 : c->v0;
	y[3] = 0.0;
	phase_jump(run, t + dt, y);
	cr->stops++;
	if (!isfinite(cr->t_stick))
		cr->t_stick = run->t;
	return false;
}

/* After a stretch of a held run: whether ẏ has settled (the rest is then
 * its straight line, and the run is over). */
static bool conveyor_settle(struct phase_run *run, struct conveyor_run *cr)
{
	double *y = run->y, f[4];
	const double t = run->t, tau = cr->tau;
	conveyor_rhs(t, y, f, cr->c);
	const double rest = fabs(f[3]) * tau; /* what ẏ has still to go */
	if (!(rest <= 1e-13 * fmax(fabs(y[3]), fabs(cr->c->Fy) / cr->c_tr) ||
	      rest <= 1e-12 * cr->held_scale))
		return false;
	if (cr->c->Fy == 0) { /* ẏ → 0 exactly, y by its tail ẏ tau */
		y[1] += y[3] * tau;
		y[3] = 0;
	}
	y[1] += y[3] * (cr->tmax - t);
	cr->t_settled = t;
	cr->settled = true;
	phase_jump(run, cr->tmax, y);
	return true;
}

/* At the start and after each phase: slip (rk8pd) until the relative
 * speed falls to w_ev, the rest of the way in closed form; at the belt's
 * speed, riding with it to tmax or breaking away along F_a. */
static int conveyor_next(struct phase_run *run, struct phase_mode *mode, void *ctx, struct diag *d)
{
	struct conveyor_run *cr = ctx;
	struct conveyor *c = cr->c;
	double *y = run->y;
	if (!run->end) /* the record starts at the start, whatever comes */
		phase_mark(run, run->t, y);
	const double tmax = cr->tmax;
	(void)d;
	cr->stretch = false;
	if (run->end && !run->end->event && cr->tau > 0 && run->t < tmax) {
		if (conveyor_settle(run, cr))
			return PHASE_END;
		cr->stretch = true;
	} else if (run->end && run->end->event && conveyor_land(run, cr)) {
		return PHASE_END;
	}
	if (run->t >= tmax)
		return PHASE_END;
	const double t = run->t;
	if (relative_speed(c, y) <= c->slip.w_ev) {
		if (!isfinite(cr->t_stick)) /* at the belt's speed from the start */
			cr->t_stick = t;
		/* rides with the belt until tmax, or breaks away along F_a */
		/* the load is constant: a tie within rounding holds */
		if (num_slip_holds(hypot(cr->g[0], cr->g[1]), cr->smax) ||
		    num_slip_at_rest(&c->slip, cr->g, cr->smax)) {
			cr->stuck = true;
			y[2] = c->held ? 0.0 : c->v0;
			y[3] = 0.0;
			if (run->rec) { /* a straight line, drawn at 200 points */
				c->riding = true;
				double yr[4] = {y[0], y[1], y[2], y[3]};
				for (int i = 0; i < 200; i++) {
					double ti = t + (tmax - t) * i / 200;
					yr[0] = y[0] + (c->held ? 0.0 : c->v0 * (ti - t));
					phase_mark(run, ti, yr);
				}
			}
			if (!c->held)
				y[0] += c->v0 * (tmax - t);
			phase_jump(run, tmax, y);
			return PHASE_END;
		}
		y[2] = c->held ? 0.0 : c->v0;
		y[3] = 0.0;
	}
	mode->sys = (struct ode_system){4, conveyor_rhs, slip_event, c};
	mode->stretch = cr->stretch;
	if (cr->tau > 0)
		mode->opts.tmax = fmin(tmax, t + fmax(50 * cr->tau, t));
	mode->opts.h0 = 0; /* from the phase's own scales */
	/* absolute accuracy on the speeds' own scale: at 1e-12 m/s a slow
	 * belt's (v0 = 1e-6) last 1e-15 m/s of slip, the event w_ev, was
	 * never resolved, and the block chattered about the belt's speed
	 * for a million steps */
	if (cr->scale > 0)
		mode->opts.atol = 1e-12 * cr->scale;
	if (cr->held_scale > 0)
		mode->opts.atol = fmin(mode->opts.atol, 1e-12 * cr->held_scale);
	return PHASE_RUN;
}

/* What the start gave, for the worked steps. */
struct conveyor_start {
	double s0, R0, Qx0, Qy0, Fa;
};

/* The worked steps. */
static void conveyor_steps(struct strbuf *s, const double *p, const struct conveyor_run *cr,
			   const struct conveyor_start *st, size_t steps, const double y[4])
{
	const struct conveyor *c = cr->c;
	model_step(
		s,
		"The belt moves at (v0, 0) = (%g, 0) m/s; the block slides on it at v_r = √((ẋ − "
		"v0)² + ẏ²), the same at every point of the block, so the pressure "
		"hypothesis does not matter.",
		c->v0);
	law_speed_steps(s, law_get(LAW_BOUCHET), &c->law, NULL, 0);
	model_step(s, "Rayleigh function: R = N ∫₀^{v_r} μ dv = N [(μ₀ − μ∞)/a · ln(1 + a v_r) + "
		      "μ∞ v_r].");
	model_step(s,
		   "At the start: v_r = %.12g m/s, R0 = %.12g W, Q = −∂R/∂(ẋ, ẏ) = (%.12g, "
		   "%.12g) N%s.",
		   st->s0, st->R0, st->Qx0, st->Qy0,
		   st->s0 > 0 ? "" : " (v_r = 0: static friction, not from R)");
	model_step(s,
		   "Lagrange's equations with T = m(ẋ² + ẏ²)/2, m = %g kg, the normal force N = "
		   "%g N and the applied force (Fx, Fy):",
		   c->m, c->N);
	if (c->held)
		model_step(s, "  x is held at x0 = %g m by an applied force (it replaces Fx);",
			   p[C_X0]);
	else
		model_step(s, "  m ẍ = Fx − N μ(v_r) (ẋ − v0)/v_r, Fx = %g N;", c->Fx);
	model_step(s, "  m ÿ = Fy − N μ(v_r) ẏ/v_r, Fy = %g N.", c->Fy);
	model_step(s,
		   "Slow transverse motion (ẏ ≪ v0, x held): N μ(v_r) ẏ/v_r ≈ [N μ(v0)/v0] ẏ, "
		   "a viscous force with c_transverse = %.12g N·s/m.",
		   cr->c_tr);
	model_step(
		s,
		"Integrated with rk8pd (tolerance 1e-12) in %zu steps. Where v_r = 0 (reached %d "
		"time%s here) the block rides with the belt while the applied force |F| = %.6g "
		"N stays within N μ₀ = %.6g N.",
		steps, cr->stops, cr->stops == 1 ? "" : "s", st->Fa, cr->smax);
	if (isfinite(cr->t_stick))
		model_step(s, "  The block first reaches the belt's velocity at t = %.12g s.",
			   cr->t_stick);
	if (cr->settled)
		model_step(s,
			   "  ẏ settled to its terminal speed, %.12g m/s, at t = %.6g s (to "
			   "1e-13, after %.3g relaxation times m/c_transverse = %.6g s); from "
			   "there y grows at that speed.",
			   y[3], cr->t_settled, cr->t_settled / cr->tau, cr->tau);
	model_step(s, "At t = %g s: (x, y) = (%.12g, %.12g) m, (ẋ, ẏ) = (%.12g, %.12g) m/s%s.",
		   cr->tmax, y[0], y[1], y[2], y[3], cr->stuck ? ", riding with the belt" : "");
}

static int conveyor_solve(const struct model_input *in, struct model_output *out, struct diag *d)
{
	const double *p = in->num;
	struct conveyor c = {
		.law = {.kind = law_get(LAW_BOUCHET)->friction,
			.mu0 = p[C_MU0],
			.muinf = p[C_MUINF],
			.a = p[C_A]},
		.m = p[C_M],
		.N = p[C_N],
		.v0 = p[C_V0],
		.Fx = p[C_FX],
		.Fy = p[C_FY],
		.held = in->choice[C_HELD] == 1,
	};
	const double tmax = p[C_TMAX];
	struct strbuf *s = out->steps;
	double y[4] = {p[C_X0], p[C_Y0], c.held ? 0.0 : p[C_VX0], p[C_VY0]};
	/* the applied force the friction must balance for the block to ride */
	const double Fax = c.held ? 0.0 : c.Fx, Fay = c.Fy, Fa = hypot(Fax, Fay);
	const double smax = c.N * p[C_MU0];

	/* ---- at the start ---- */
	const double rx0 = y[2] - c.v0, ry0 = y[3], s0 = hypot(rx0, ry0);
	double R0 = c.N * friction_mu_integral(&c.law, s0), Qx0, Qy0;
	if (s0 > 0) {
		double mu = friction_mu(&c.law, s0);
		Qx0 = -c.N * mu * rx0 / s0 + 0.0;
		Qy0 = -c.N * mu * ry0 / s0 + 0.0; /* no -0 */
	} else if (num_slip_holds(Fa, smax)) {	  /* static: the friction balances the push */
		Qx0 = -Fax;
		Qy0 = -Fay;
	} else {
		Qx0 = -smax * Fax / Fa;
		Qy0 = -smax * Fay / Fa;
	}
	const double c_tr =
		c.v0 != 0 ? c.N * friction_mu(&c.law, fabs(c.v0)) / fabs(c.v0) : INFINITY;

	/* ---- the run ---- */
	/* The problem's own scales, not the horizon's (a long tmax must find the
	 * same stick): speeds of s0 or the belt, reached or lost at the
	 * acceleration (F_a + N μ0)/m; only a block and belt both at rest
	 * leave tmax to set them. */
	const double acc = (Fa + smax) / c.m, vscale = fmax(s0, fabs(c.v0));
	const double scale = vscale > 0 ? vscale : acc * fmax(tmax, 1e-300);
	/* a thousand times the integration's tolerance (1e-9 at the default
	 * 1e-12), where ŵ is still the slip's own */
	c.slip.w_ev = fmax(1e-9, 1e3 * ode_tolerance(1e-12)) * (scale > 0 ? scale : 1.0);
	/* Held over a running belt, slow transverse motion is viscous: ẏ
	 * relaxes to Fy's terminal speed in the time tau = m/c_transverse,
	 * which may be a millionth of tmax (m = 1e-6 kg, N = 1e7 N or
	 * v0 = 1e-6 m/s), where rk8pd's stability would take ever more steps
	 * (it ran out at a million). The run goes in stretches of 50 tau,
	 * doubling, and once ẏ has settled to 1e-13 the rest is ẏ's straight
	 * line, in closed form. */
	const double tau = c.held && c.v0 != 0 && c_tr > 0 ? c.m / c_tr : 0.0;
	struct conveyor_run cr = {
		.c = &c,
		.tmax = tmax,
		.g = {Fax, Fay},
		.smax = smax,
		.scale = scale,
		.tau = tau,
		.c_tr = c_tr,
		/* held, ẏ's own scale: the terminal speed Fy/c_transverse
		 * (1.3e-8 m/s at N = 1e7 N) or the start's */
		.held_scale = tau > 0 ? fmax(fabs(c.Fy) / c_tr, fabs(y[3])) : 0.0,
		.t_stick = INFINITY,
	};
	struct record tr, *trp = record_open(&tr, out->figs, 4, 2, tmax / 1000, conveyor_extra, &c);
	struct phase_caps caps = phase_caps_default();
	caps.phase_word = "stick/slip phases";
	struct phase_run run;
	const struct phase_system ps = {4, conveyor_next, &cr};
	int rc = phase_run(&ps, &caps, 0.0, tmax, y, trp, &run, d);
	if (trp && !rc)
		conveyor_figures(out->figs, trp, &c, cr.t_stick, c_tr);
	record_release(trp);
	if (rc)
		return -1;
	/* inside conveyor_check's domain these are finite but for products of
	 * extremes (N = 1e300 at 1e100 m/s, a speed over a horizon of 1e300
	 * s); one that is not is refused, never printed */
	const struct solve_number nums[] = {{C_R0, R0, true},
					    {C_QX0, Qx0, true},
					    {C_QY0, Qy0, true},
					    {C_VX_END, y[2], true},
					    {C_VY_END, y[3], true},
					    {C_X_END, y[0], true},
					    {C_Y_END, y[1], true},
					    {C_C_TRANSVERSE, c_tr, false},
					    {C_T_STICK, cr.t_stick, false}};
	if (solve_numbers(out->res, c_results, nums, sizeof nums / sizeof *nums,
			  "the run overflows at these scales; bring m, N, the forces, the speeds "
			  "and tmax nearer each other",
			  d))
		return -1;
	out->res[C_STUCK] = value_bool(cr.stuck);

	conveyor_steps(s, p, &cr, &(struct conveyor_start){s0, R0, Qx0, Qy0, Fa}, run.steps, y);
	return 0;
}

/* model.check: the block's acceleration, its forces over m, at most
 * 1e100 m/s² (m = 1e-310, or N = 1.8e308, made every end value nan). */
static int conveyor_check(const struct model_input *in, struct diag *d)
{
	const double *p = in->num;
	const double F = fabs(p[C_FX]) + fabs(p[C_FY]) + p[C_N] * fmax(p[C_MU0], p[C_MUINF]);
	if (!(F / p[C_M] <= 1e100))
		return diag_set(d,
				"the block's acceleration, its forces (%g N) over its mass (%g "
				"kg), would be above 1e100 m/s², where its motion overflows; "
				"raise m or lower the forces",
				F, p[C_M]);
	/* The run's scales are its speeds (the slip ends 1e-9 of them from
	 * the belt's): speeds all below 1e-290 m/s but not 0 leave that end in
	 * the subnormals, where it is not resolved (v0 = 4.9e-324 failed the
	 * integration, held it took 10 s to a step cap); they are 0 to every
	 * purpose. */
	const bool held = in->choice[C_HELD] == 1;
	const double vs = fmax(hypot((held ? 0.0 : p[C_VX0]) - p[C_V0], p[C_VY0]), fabs(p[C_V0]));
	if (vs > 0 && vs < 1e-290)
		return diag_set(d,
				"v0 = %g m/s, vx0 = %g m/s, vy0 = %g m/s: the belt's speed and "
				"the block's speed over it are below 1e-290 m/s but not 0, where "
				"the run cannot resolve the end of a slip; they are 0 to every "
				"purpose: set them to 0",
				p[C_V0], p[C_VX0], p[C_VY0]);
	static const int speeds[] = {C_V0, C_VX0, C_VY0};
	for (size_t i = 0; i < sizeof speeds / sizeof *speeds; i++)
		if (!(fabs(p[speeds[i]]) <= 1e100))
			return diag_set(d,
					"%s = %g m/s: beyond 1e100 m/s, where the friction's "
					"power and the positions overflow",
					c_params[speeds[i]].name, p[speeds[i]]);
	return 0;
}

const struct model model_conveyor = {
	.name = "conveyor",
	.summary = "a block pushed across a conveyor belt, Bouchet's friction (Minguzzi §2.1)",
	.params = c_params,
	.nparams = C_NPARAMS,
	.results = c_results,
	.nresults = C_NRESULTS,
	.solve = conveyor_solve,
	.check = conveyor_check,
};
