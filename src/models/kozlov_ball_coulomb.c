/* Model kozlov-ball's classical Coulomb run beside Kozlov's law
 * (kozlov_ball_sys.h): the slip to its end, then rolling; its figures and
 * worked steps. */
#include <float.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <math.h>
#include <string.h>

#include "dyn/phase.h"
#include "models/kozlov_ball_sys.h"
#include "models/model.h"
#include "num/num.h"
#include "num/ode.h"

/* ---- classical Coulomb, beside Kozlov's law ------------------------------ */

/* The planar motion under Coulomb's laws in u = (v, ρ)/D0 and s = g t/D0: v
 * the slip, ρ = r(ω_y, −ω_x) the part of the centre's velocity w = v + ρ
 * that the rolling carries. From m dw/dt = F, J ω̇' = −rẑ × F + M, with
 * F = −μ1 m g v̂ (the slip direction) and M = −μ3 m g r ω̂' (rolling
 * resistance), J = (2/5) m r²:
 *   dρ/ds = (5/2)(μ1 v̂ − μ3 ρ̂),  dv/ds = −(7/2) μ1 v̂ + (5/2) μ3 ρ̂.
 * At ρ = 0 the rolling resistance is static: it holds ρ at zero while the
 * friction's drive μ1 does not exceed μ3; otherwise ρ starts along v̂. The
 * spin obeys its own Coulomb law and does not enter: Ω moves no other
 * velocity (A has no Ω coupling). */
struct coulomb {
	double mu1, mu3;
	double eps;	/* a phase ends when |v| (or a watched |ρ|) falls to eps */
	bool watch_rho; /* |ρ| > eps when the phase began */
	bool ended;	/* the slip has ended */
};

static void coulomb_rates(const struct coulomb *c, const double u[4], double du[4])
{
	const double vn = hypot(u[0], u[1]), rn = hypot(u[2], u[3]);
	const double vh[2] = {vn > 0 ? u[0] / vn : 0.0, vn > 0 ? u[1] / vn : 0.0};
	double rh[2] = {vh[0], vh[1]};
	if (rn > 0) {
		rh[0] = u[2] / rn;
		rh[1] = u[3] / rn;
	} else if (c->mu1 <= c->mu3) { /* the resistance holds: pure sliding */
		du[0] = -c->mu1 * vh[0];
		du[1] = -c->mu1 * vh[1];
		du[2] = du[3] = 0.0;
		return;
	}
	for (int i = 0; i < 2; i++) {
		du[i] = -3.5 * c->mu1 * vh[i] + 2.5 * c->mu3 * rh[i];
		du[2 + i] = 2.5 * (c->mu1 * vh[i] - c->mu3 * rh[i]);
	}
}

static int coulomb_rhs(double t, const double u[], double du[], void *p)
{
	(void)t;
	if (num_interrupted)
		return GSL_EBADFUNC;
	coulomb_rates(p, u, du);
	return GSL_SUCCESS;
}

static double coulomb_event(double t, const double u[], void *p)
{
	const struct coulomb *c = p;
	(void)t;
	double e = hypot(u[0], u[1]) - c->eps;
	return c->watch_rho ? fmin(e, hypot(u[2], u[3]) - c->eps) : e;
}

/* The last eps of the way in closed form, at the rate there, which is
 * bounded away from zero: of the slip (slip_end; the slip has ended) or
 * of the rolling (ρ falls to 0 while the slip goes on). */
static int coulomb_land(struct coulomb *c, struct phase_run *run, bool slip_end, struct diag *d)
{
	double du[4], *u = run->y, s = run->t;
	const double vn = hypot(u[0], u[1]), rn = hypot(u[2], u[3]);
	coulomb_rates(c, u, du);
	if (slip_end) {
		if (vn > 0) {
			double rate = -(u[0] * du[0] + u[1] * du[1]) / vn;
			if (!(rate > 0))
				return diag_set(d,
						"Coulomb's slip stopped decreasing at |v| = "
						"%.3g of its start",
						vn);
			s += vn / rate;
			u[2] += du[2] * vn / rate;
			u[3] += du[3] * vn / rate;
		}
		u[0] = u[1] = 0.0;
		c->ended = true;
	} else {
		double rate = -(u[2] * du[2] + u[3] * du[3]) / rn;
		if (!(rate > 0))
			return diag_set(d, "Coulomb's rolling rate stopped decreasing near zero");
		s += rn / rate;
		u[0] += du[0] * rn / rate;
		u[1] += du[1] * rn / rate;
		u[2] = u[3] = 0.0;
	}
	phase_jump(run, s, u);
	return 0;
}

/* Phases of one smooth law, each ending where |v| or |ρ| reaches eps. */
static int coulomb_next(struct phase_run *run, struct phase_mode *mode, void *ctx, struct diag *d)
{
	struct coulomb *c = ctx;
	double *u = run->y;
	if (run->end) {
		if (!run->end->event) {
			phase_mark(run, run->t, u);
			return PHASE_END;
		}
		const bool slip_end = !c->watch_rho || hypot(u[0], u[1]) <= hypot(u[2], u[3]);
		if (coulomb_land(c, run, slip_end, d))
			return -1;
		if (c->ended)
			return PHASE_END;
	}
	double rn = hypot(u[2], u[3]);
	if (rn <= c->eps)
		u[2] = u[3] = rn = 0.0;
	c->watch_rho = rn > 0;
	if (hypot(u[0], u[1]) <= c->eps)
		return coulomb_land(c, run, true, d) ? -1 : PHASE_END;
	mode->sys = (struct ode_system){4, coulomb_rhs, coulomb_event, c};
	/* an event's end is drawn where the closed form lands, not here */
	mode->quiet_end = true;
	return PHASE_RUN;
}

/* Follows Coulomb's slip from (*s, u) to s_end or to the end of the slip
 * (*ended, *s then the time it ends, u its state). Returns 0, or -1 with
 * d filled. */
static int coulomb_slip(struct coulomb *c, double *s, double s_end, double u[4], bool *ended,
			size_t *steps, struct record *tr, struct diag *d)
{
	c->ended = false;
	struct phase_caps caps = phase_caps_default();
	caps.max_phases = 16;
	caps.phase_word = "phases of Coulomb's slip";
	const struct phase_system ps = {4, coulomb_next, c};
	struct phase_run run;
	const int rc = phase_run(&ps, &caps, *s, s_end, u, tr, &run, d);
	*steps += run.steps;
	*s = run.t;
	*ended = c->ended;
	return rc;
}

/* Coulomb's centre speed dt after the slip ended at |w| = W: pure rolling,
 * which static friction holds while the force it needs, (5/7)μ3 m g, is
 * within μ1 m g; the resistance then slows it by (5/7)μ3 g. NAN: it cannot
 * hold. */
static double coulomb_rolling(double W, double mu1, double mu3, double g, double dt)
{
	if (W == 0 || mu3 == 0)
		return W;
	if (5 * mu3 > 7 * mu1)
		return NAN;
	return fmax(0.0, W - 5.0 / 7.0 * mu3 * g * dt);
}

/* The two laws side by side: the slip speed (log scale: Kozlov's decays
 * exponentially when μ3 = 0) and the centre's speed. Coulomb's slip from its
 * record (u = (v, ρ)/D0 against s = g t/D0), then its rolling in closed
 * form, to the end of Kozlov's run or tmax, whichever is later. */
void ball_transition_figures(struct figures *fs, const struct record *ctr, double D0, double g,
			     double t_roll, double W_roll, double mu1, double mu3, double tmax)
{
	struct table *ct =
		figures_table(fs, "coulomb", "t [s]|slip speed [m/s]|centre speed [m/s]");
	double t_last = 0.0;
	for (size_t i = 0; ctr && i < ctr->n; i++) {
		const double *u = record_row(ctr, i);
		double row[3] = {ctr->t[i] * D0 / g, hypot(u[0], u[1]) * D0,
				 hypot(u[0] + u[2], u[1] + u[3]) * D0};
		table_row(ct, row);
		t_last = row[0];
	}
	const struct table *kt = figures_find_table(fs, "motion");
	double t_end = fmax(tmax, kt && kt->nrows ? table_at(kt, kt->nrows - 1, 0) : 0.0);
	t_end = fmax(t_end, t_last);
	if (t_roll <= t_end) {
		/* the rolling: straight lines, and the rest if it comes */
		double ts[3] = {t_roll, t_end, t_end};
		int n = 2;
		if (W_roll > 0 && mu3 > 0 && 5 * mu3 <= 7 * mu1) {
			double t_rest = t_roll + W_roll / (5.0 / 7.0 * mu3 * g);
			if (t_rest < t_end) {
				ts[1] = t_rest;
				n = 3;
			}
		}
		for (int i = ct->nrows && table_at(ct, ct->nrows - 1, 0) == t_roll; i < n; i++) {
			double row[3] = {ts[i], 0.0,
					 coulomb_rolling(W_roll, mu1, mu3, g, ts[i] - t_roll)};
			table_row(ct, row);
		}
	}
	const enum curve_style kst = kt && kt->nrows > 1 ? CURVE_LINE : CURVE_POINTS;
	const enum curve_style cst = ct->nrows > 1 ? CURVE_LINE : CURVE_POINTS;

	/* the rows where each law slips */
	size_t nk = 0, nc = 0;
	for (size_t i = 0; kt && i < kt->nrows; i++)
		nk += hypot(table_at(kt, i, 1), table_at(kt, i, 2)) > 0;
	for (size_t i = 0; i < ct->nrows; i++)
		nc += table_at(ct, i, 1) > 0;
	struct figure *f;
	if (nk || nc) {
		f = figure_add(fs, "slipspeed", "Slip speed: Kozlov's law and Coulomb's", "t [s]",
			       "slip |v| [m/s]");
		f->log_y = true;
		if (nk) {
			/* Kozlov's slip decays for ever; below 1e-10 D0 it is the
			 * integration's own error (rk8pd at 1e-12 in units of D0),
			 * not the motion, so the curve ends there */
			const double floor = 1e-10 * D0;
			bool below = false;
			for (size_t i = 0; i < kt->nrows && !below; i++) {
				double v = hypot(table_at(kt, i, 1), table_at(kt, i, 2));
				below = v > 0 && v < floor;
			}
			struct curve *ks = figure_curve(f,
							below ? "Kozlov (6.5), down to 1e-10 D0 "
								"(the integration's accuracy)"
							      : "Kozlov (6.5)",
							kst);
			for (size_t i = 0; i < kt->nrows; i++) {
				double v = hypot(table_at(kt, i, 1), table_at(kt, i, 2));
				if (v > 0 && v < floor)
					break;
				if (v > 0)
					curve_point(ks, table_at(kt, i, 0), v);
			}
		}
		/* the zero that ends Coulomb's slip has no place on a log axis */
		if (nc) {
			struct curve *cs = figure_curve(f, "Coulomb", cst);
			for (size_t i = 0; i < ct->nrows; i++)
				if (table_at(ct, i, 1) > 0)
					curve_point(cs, table_at(ct, i, 0), table_at(ct, i, 1));
		}
	}

	f = figure_add(fs, "centre", "Speed of the centre: Kozlov's law and Coulomb's", "t [s]",
		       "|w| [m/s]");
	if (kt && kt->nrows)
		figure_curve_from(f, "Kozlov (6.5)", kst, kt, 0, 7);
	/* no line where Coulomb's model does not follow the rolling (nan) */
	struct curve *cw = NULL;
	for (size_t i = 0; i < ct->nrows; i++)
		if (isfinite(table_at(ct, i, 2))) {
			if (!cw)
				cw = figure_curve(f, "Coulomb", cst);
			curve_point(cw, table_at(ct, i, 0), table_at(ct, i, 2));
		}
}

/* What `steps` says of the two laws' way to rolling. */
void ball_transition_steps(struct strbuf *s, const struct ball *b, const double q0[NQ], double tmax,
			   const struct ball_found *x)
{
	const double g = b->g, mu1 = b->mu[0], mu3 = b->mu[2];
	const double rho[2] = {b->r * q0[Q_WY], -b->r * q0[Q_WX]};
	model_step(s,
		   "Until it rolls: both laws followed up to tmax = %g s (v the slip, ρ = r(ω_y, "
		   "−ω_x) the rolling's part of the centre's velocity w = v + ρ):",
		   tmax);
	model_step(s, "  Kozlov: v̇ = −(g/D)((7/2)μ1 v − (5/2)μ3 ρ); with μ3 = 0 the slip decays "
		      "exponentially, at the rate λ = (7/2) g μ1/D, and never vanishes.");
	if (x->D0 > 0 && x->stop_time > tmax) {
		double lambda = 3.5 * g * mu1 / x->D_tmax;
		if (isfinite(x->t_settled))
			model_step(
				s,
				"  At tmax: D = %.6g m/s, λ = %.6g 1/s (1/λ = %.3g s); the slip "
				"had died out to the run's error, %.3g m/s from %.6g, by t = %.4g "
				"s, where the rates' change left fell below 1e-12 of them and "
				"the run took the state there for the state at tmax; the "
				"centre's speed V_end = %.12g m/s.",
				x->D_tmax, lambda, 1 / lambda, x->slip_tmax, x->vabs, x->t_settled,
				x->V_end);
		else
			model_step(s,
				   "  At tmax: D = %.6g m/s, λ = %.6g 1/s (1/λ = %.3g s), slip |v| "
				   "= %.3g m/s from %.6g; the centre's speed V_end = %.12g m/s.",
				   x->D_tmax, lambda, 1 / lambda, x->slip_tmax, x->vabs, x->V_end);
		if (mu3 == 0) {
			/* Jω' + rẑ × m w conserved: w + (2/5)ρ, and v = 0 at the end */
			double winf = 5.0 / 7.0 * hypot(x->wx + 0.4 * rho[0], x->wy + 0.4 * rho[1]);
			model_step(
				s,
				"  μ3 = 0: w + (2/5)ρ is conserved (no torque about the contact "
				"point), so it ends rolling at |w| = (5/7)|w0 + (2/5)ρ0| = %.12g "
				"m/s, and w − w_∞ = (2/7)v: V_end is within (2/7)|v| = %.3g m/s of "
				"it.",
				winf, 2.0 / 7.0 * x->slip_tmax);
		}
	} else if (x->D0 > 0) {
		model_step(
			s,
			"  Kozlov: the ball is at rest at %.12g s, before tmax: V_end = %.12g m/s.",
			x->stop_time, x->V_end);
	}
	model_step(s, "  Coulomb: F = −μ1 m g v̂ while it slips, rolling resistance −μ3 m g r ω̂', "
		      "spin torque −μ2 m g r sgn Ω (which moves nothing else): v̇ = −(7/2)μ1 g v̂ + "
		      "(5/2)μ3 g ρ̂, ρ̇ = (5/2) g (μ1 v̂ − μ3 ρ̂).");
	if (x->vabs == 0)
		model_step(s, "  No slip at the start: t_roll = 0.");
	else if (isfinite(x->t_roll))
		model_step(
			s,
			"  Integrated with rk8pd (1e-12), %zu steps, to the event |v| = 1e-9 D0, "
			"the rest in closed form: t_roll = %.12g s, rolling at |w| = %.12g m/s.",
			x->csteps, x->t_roll, x->W_roll);
	else if (isinf(x->t_roll))
		model_step(s, "  μ1 = μ3 = 0: nothing acts and the slip never ends (t_roll does "
			      "not exist).");
	else
		model_step(s,
			   "  At tmax it still slips (|v| = %.3g m/s), and with 5μ3 ≥ 7μ1 nothing "
			   "bounds when it stops: t_roll does not exist.",
			   x->slip_c_tmax);
	if (x->vabs > 0 && isfinite(x->t_roll) && mu3 == 0)
		model_step(s,
			   "  μ3 = 0: v̂ is constant and |v| falls at (7/2)μ1 g, so t_roll = "
			   "2|v0|/(7μ1 g) = %.12g s, rolling at |w0 − (2/7)v0|, as under Kozlov's "
			   "law.",
			   2 * x->vabs / (7 * mu1 * g));
	if (!(x->t_roll <= tmax))
		model_step(s, "  At tmax the ball still slips: V_end_coulomb = %.12g m/s.",
			   x->V_end_c);
	else if (x->W_roll == 0 || mu3 == 0)
		model_step(s, "  Then it %s: V_end_coulomb = %.12g m/s.",
			   x->W_roll == 0 ? "is at rest" : "rolls at a constant speed", x->V_end_c);
	else if (5 * mu3 <= 7 * mu1)
		model_step(s,
			   "  Then it rolls, held by a friction (5/7)μ3 m g ≤ μ1 m g, slowing by "
			   "(5/7)μ3 g = %.6g m/s²: V_end_coulomb = %.12g m/s.",
			   5.0 / 7.0 * mu3 * g, x->V_end_c);
	else
		model_step(s, "  Then pure rolling needs a friction (5/7)μ3 m g > μ1 m g: static "
			      "friction cannot hold it, and this model does not follow it "
			      "(V_end_coulomb does not exist).");
}

/* Coulomb's law beside it: the slip to its end, then rolling (ctrp:
 * NULL, or the record of the slip for the figures). */
int ball_coulomb(const struct ball *b, const double q0[NQ], double tmax, struct ball_found *f,
		 struct record *ctrp, struct diag *d)
{
	const double r = b->r, g = b->g, mu1 = b->mu[0], mu3 = b->mu[2];
	/* ---- Coulomb's law, beside it ---- */
	const double w0 = hypot(f->wx, f->wy);
	f->t_roll = 0.0, f->W_roll = w0, f->V_end_c = 0.0, f->slip_c_tmax = 0.0;
	f->csteps = 0;
	if (f->vabs > 0) {
		/* the slip's end a thousand times above the integration's error,
		 * where the directions v̂ and ρ̂ are still its own: 1e-9 at the
		 * default 1e-12 (the closed-form rest of the way is exact while
		 * they stay put, and its error is of order eps² otherwise) */
		struct coulomb c = {
			.mu1 = mu1, .mu3 = mu3, .eps = fmax(1e-9, 1e3 * ode_tolerance(1e-12))};
		double u[4] = {q0[Q_VX] / f->D0, q0[Q_VY] / f->D0, r * q0[Q_WY] / f->D0,
			       -r * q0[Q_WX] / f->D0};
		double sc = 0.0;
		bool ended;
		int rc = coulomb_slip(&c, &sc, tmax * g / f->D0, u, &ended, &f->csteps, ctrp, d);
		if (!rc && !ended) {
			f->V_end_c = hypot(u[0] + u[2], u[1] + u[3]) * f->D0;
			f->slip_c_tmax = hypot(u[0], u[1]) * f->D0;
			/* d|v|/ds ≤ −min((7/2)μ1 − (5/2)μ3, μ1): the slip ends in time */
			if (mu1 > 0 && 7 * mu1 > 5 * mu3) {
				double sb = sc +
					    hypot(u[0], u[1]) / fmin(3.5 * mu1 - 2.5 * mu3, mu1) *
						    (1 + 1e-6) +
					    1e-9;
				rc = coulomb_slip(&c, &sc, sb, u, &ended, &f->csteps, ctrp, d);
				if (!rc && !ended)
					rc = diag_set(d,
						      "Coulomb's slip did not end within its bound "
						      "%.6g s",
						      sb * f->D0 / g);
			}
		}
		if (rc)
			return -1;
		if (ended) {
			f->t_roll = sc * f->D0 / g;
			f->W_roll = hypot(u[2], u[3]) * f->D0;
			if (f->W_roll <= 2 * c.eps * f->D0)
				f->W_roll = 0.0;
		} else {
			f->t_roll = mu1 == 0 && mu3 == 0 ? INFINITY : NAN;
		}
	}
	if (f->t_roll <= tmax)
		f->V_end_c = coulomb_rolling(f->W_roll, mu1, mu3, g, tmax - f->t_roll);

	return 0;
}
