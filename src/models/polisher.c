/* Minguzzi §2.3, the rotating stone polisher: two concentric rings of mass
 * m and radius r turn at ±ω relative to the machine, whose centre (x, y)
 * and orientation θ the worker moves with the force (Fx, Fy) and the
 * moment M. Coulomb friction, uniform pressure, each ring carrying m g.
 *
 * The paper expands R for r ω ≫ u, r θ̇ and finds that the rings' Coulomb
 * friction acts on the translation as a viscous force, c = μ m g/(r ω).
 * Here the exact R and forces of each ring come from the general contact
 * calculator (a ring spinning at θ̇ ± ω while its centre moves at u), and
 * the equations of motion are integrated with them, so a student can see
 * where the expansion holds and where it does not. */
#include <gsl/gsl_errno.h>
#include <math.h>

#include "models/contact.h"
#include "models/model.h"
#include "models/trace.h"
#include "num/friction.h"
#include "num/num.h"
#include "num/ode.h"

enum {
	P_M,
	P_R,
	P_OMEGA,
	P_MU,
	P_G,
	P_FX,
	P_FY,
	P_MOMENT,
	P_VX0,
	P_VY0,
	P_THETADOT0,
	P_TMAX,
	P_NPARAMS
};
enum {
	P_C_EFF,
	P_C_EFF_EXACT,
	P_R0,
	P_R0_EXPANSION,
	P_VX_END,
	P_VY_END,
	P_THETADOT_END,
	P_X_END,
	P_Y_END,
	P_THETA_END,
	P_T_END,
	P_NRESULTS
};

static const struct param_spec p_params[P_NPARAMS] = {
	[P_M] = PARAM_NUMBER("m", "kg", 2.0, PARAM_ABOVE(0.0), "mass of each ring"),
	[P_R] = PARAM_NUMBER("r", "m", 0.15, PARAM_ABOVE(0.0), "radius of the rings"),
	[P_OMEGA] = PARAM_NUMBER("omega", "rad/s", 20.0, PARAM_ABOVE(0.0),
				 "speed of the rings relative to the machine (±ω)"),
	[P_MU] = PARAM_NUMBER("mu", "", 0.4, PARAM_AT_LEAST(0.0), "Coulomb friction coefficient"),
	[P_G] = PARAM_NUMBER("g", "m/s^2", 9.81, PARAM_ABOVE(0.0), "gravitational acceleration"),
	[P_FX] = PARAM_NUMBER("Fx", "N", 0.0, PARAM_ANY, "force of the worker, x"),
	[P_FY] = PARAM_NUMBER("Fy", "N", 0.0, PARAM_ANY, "force of the worker, y"),
	[P_MOMENT] = PARAM_NUMBER("M", "N*m", 0.0, PARAM_ANY, "moment of the worker"),
	[P_VX0] = PARAM_NUMBER("vx0", "m/s", 0.3, PARAM_ANY, "initial velocity of the centre, x"),
	[P_VY0] = PARAM_NUMBER("vy0", "m/s", 0.0, PARAM_ANY, "initial velocity of the centre, y"),
	[P_THETADOT0] = PARAM_NUMBER("thetadot0", "rad/s", 0.0, PARAM_ANY,
				     "initial turning rate of the machine"),
	[P_TMAX] = PARAM_NUMBER("tmax", "s", 2.0, PARAM_AT_LEAST(0.0), "length of the run"),
};

static const struct result_spec p_results[P_NRESULTS] = {
	[P_C_EFF] = RESULT_NUMBER("c_eff", "N*s/m", "μ m g/(r ω), the paper's expansion"),
	[P_C_EFF_EXACT] = RESULT_NUMBER("c_eff_exact", "N*s/m",
					"−Q·û/u from the exact R at the initial velocity"),
	[P_R0] = RESULT_NUMBER("R0", "W", "R = R₊ + R₋ at the start, by quadrature"),
	[P_R0_EXPANSION] = RESULT_NUMBER("R0_expansion", "W",
					 "μ m g (2 r ω + u²/(2 r ω)), the paper's expansion"),
	[P_VX_END] = RESULT_NUMBER("vx_end", "m/s", "velocity of the centre at tmax, x"),
	[P_VY_END] = RESULT_NUMBER("vy_end", "m/s", "velocity of the centre at tmax, y"),
	[P_THETADOT_END] = RESULT_NUMBER("thetadot_end", "rad/s", "θ̇ at tmax"),
	[P_X_END] = RESULT_NUMBER("x_end", "m", "position of the centre at tmax (from 0), x"),
	[P_Y_END] = RESULT_NUMBER("y_end", "m", "position of the centre at tmax (from 0), y"),
	[P_THETA_END] = RESULT_NUMBER("theta_end", "rad", "θ at tmax (from 0)"),
	[P_T_END] = RESULT_NUMBER(
		"t_end", "s",
		"where the run ended: tmax, or where a ring came to rest on the floor"),
};

struct polisher {
	struct friction_law law;
	struct contact ring;
	double m, r, omega, Fx, Fy, M;
	double s_ev; /* a ring slower than this everywhere has stopped sliding */
	struct diag *d;
};

/* The fastest point of the slower ring: u + r|θ̇ ± ω|. When it reaches 0
 * that ring rests on the floor, its friction is static, and the model of
 * sliding rings (and the Rayleigh function) no longer applies. */
static double polisher_event(double t, const double y[], void *arg)
{
	const struct polisher *p = arg;
	(void)t;
	double u = hypot(y[3], y[4]);
	return u + p->r * fmin(fabs(y[5] + p->omega), fabs(y[5] - p->omega)) - p->s_ev;
}

/* The friction of both rings at the velocities (ẋ, ẏ, θ̇). */
static int rings(struct polisher *p, double vx, double vy, double thetadot, unsigned want,
		 struct contact_forces *sum)
{
	*sum = (struct contact_forces){0};
	for (int sign = 1; sign >= -1; sign -= 2) {
		struct contact_forces f;
		struct contact_motion mo = {vx, vy, thetadot + sign * p->omega};
		if (contact_eval(&p->ring, mo, want, &f, p->d))
			return -1;
		sum->R += f.R;
		sum->Qx += f.Qx;
		sum->Qy += f.Qy;
		sum->Qtheta += f.Qtheta;
	}
	return 0;
}

/* y = (x, y, θ, ẋ, ẏ, θ̇); T = m(ẋ² + ẏ²) + m r²(θ̇² + ω²). */
static int polisher_rhs(double t, const double y[], double f[], void *arg)
{
	struct polisher *p = arg;
	struct contact_forces q;
	(void)t;
	if (num_interrupted)
		return GSL_EBADFUNC;
	if (rings(p, y[3], y[4], y[5], CONTACT_QXY | CONTACT_QTHETA, &q))
		return GSL_EBADFUNC;
	f[0] = y[3];
	f[1] = y[4];
	f[2] = y[5];
	f[3] = (p->Fx + q.Qx) / (2 * p->m);
	f[4] = (p->Fy + q.Qy) / (2 * p->m);
	f[5] = (p->M + q.Qtheta) / (2 * p->m * p->r * p->r);
	return GSL_SUCCESS;
}

/* The trace's derived columns: the rings' friction Qx, Qy, Qθ. */
static void polisher_extra(void *ctx, double t, const double *y, double *out)
{
	struct polisher *p = ctx;
	struct contact_forces q;
	struct diag *keep = p->d, d;
	(void)t;
	p->d = &d; /* a failure here is the figure's, not the run's */
	if (rings(p, y[3], y[4], y[5], CONTACT_QXY | CONTACT_QTHETA, &q))
		q.Qx = q.Qy = q.Qtheta = NAN;
	p->d = keep;
	out[0] = q.Qx;
	out[1] = q.Qy;
	out[2] = q.Qtheta;
}

/* The run against the paper's expansion: with c = c_eff the translation
 * relaxes as u = F/c + (u0 − F/c) e^{−ct/(2m)}, θ̇ = θ̇0 + M t/(2m r²). */
static void polisher_figures(struct figures *fs, const struct trace *tr, const struct polisher *p,
			     const double v0[3], double c)
{
	struct table *t =
		figures_table(fs, "motion",
			      "t [s]|x [m]|y [m]|theta [rad]|xdot [m/s]|ydot [m/s]|thetadot "
			      "[rad/s]|Qx [N]|Qy [N]|Qtheta [N*m]");
	double span[4] = {0}; /* largest |x|, |y|, |ẋ|, |ẏ| */
	for (size_t i = 0; i < tr->n; i++) {
		const double *y = trace_row(tr, i);
		double row[10] = {tr->t[i], y[0], y[1], y[2], y[3], y[4], y[5], y[6], y[7], y[8]};
		table_row(t, row);
		span[0] = fmax(span[0], fabs(y[0]));
		span[1] = fmax(span[1], fabs(y[1]));
		span[2] = fmax(span[2], fabs(y[3]));
		span[3] = fmax(span[3], fabs(y[4]));
	}
	/* a y that is rounding noise (the rings' side forces cancel) is none */
	const bool sideways = span[1] > 1e-9 * span[0] || span[3] > 1e-9 * span[2];
	const double t_end = t->nrows ? table_at(t, t->nrows - 1, 0) : 0.0, m2 = 2 * p->m;
	const enum curve_style st = t->nrows > 1 ? CURVE_LINE : CURVE_POINTS;

	/* true to scale unless one way is less than a fifth of the other (the
	 * path starts at the origin, so the largest |x|, |y| are its extent) */
	const bool scale = !sideways || (span[1] >= span[0] / 5 && span[0] >= span[1] / 5);
	struct figure *f =
		figure_add(fs, "path",
			   scale	       ? "Path of the polisher's centre"
			   : span[1] < span[0] ? "Path of the polisher's centre (y magnified)"
					       : "Path of the polisher's centre (x magnified)",
			   "x [m]", "y [m]");
	f->equal_axes = scale;
	if (!sideways && span[0] > 0) { /* along x: room above and below, not a sliver */
		f->ymin = -span[0] / 2;
		f->ymax = span[0] / 2;
	}
	figure_curve_from(f, "", st, t, 1, 2);

	f = figure_add(fs, "velocity", "Velocity of the centre: exact rings against the expansion",
		       "t [s]", "velocity [m/s]");
	figure_curve_from(f, "ẋ", st, t, 0, 4);
	if (sideways)
		figure_curve_from(f, "ẏ", st, t, 0, 5);
	const double F[2] = {p->Fx, p->Fy};
	for (int k = 0; k < (sideways ? 2 : 1); k++) {
		struct curve *cv = figure_curve(f, k ? "ẏ, expansion c_eff" : "ẋ, expansion c_eff",
						CURVE_DASHED);
		for (int i = 0; i <= 200; i++) {
			double tt = t_end * i / 200;
			double u = c > 0 ? F[k] / c + (v0[k] - F[k] / c) * exp(-c * tt / m2)
					 : v0[k] + F[k] * tt / m2;
			curve_point(cv, tt, u);
		}
	}

	f = figure_add(fs, "spin", "Turning rate θ̇(t) of the machine", "t [s]", "θ̇ [rad/s]");
	figure_curve_from(f, "θ̇ (exact rings)", st, t, 0, 6);
	struct curve *cv = figure_curve(f, "expansion θ̇0 + M t/(2m r²)", CURVE_DASHED);
	curve_point(cv, 0.0, v0[2]);
	curve_point(cv, t_end, v0[2] + p->M * t_end / (m2 * p->r * p->r));

	f = figure_add(fs, "friction",
		       "Friction against the motion vs speed: the rings act as viscosity",
		       "u = |(ẋ, ẏ)| [m/s]", "−Q·û [N]");
	cv = figure_curve(f, "exact rings, along the run", st);
	double umax = 0;
	for (size_t i = 0; i < t->nrows; i++) {
		double vx = table_at(t, i, 4), vy = table_at(t, i, 5), u = hypot(vx, vy);
		if (u > 0) {
			curve_point(cv, u, -(table_at(t, i, 7) * vx + table_at(t, i, 8) * vy) / u);
			umax = fmax(umax, u);
		}
	}
	cv = figure_curve(f, "c_eff u (the paper's expansion)", CURVE_DASHED);
	curve_point(cv, 0.0, 0.0);
	curve_point(cv, umax, c * umax);
}

static int polisher_solve(const struct model_input *in, struct model_output *out, struct diag *d)
{
	const double *a = in->num;
	struct polisher p = {
		.law = {.kind = FRICTION_COULOMB, .mu = a[P_MU]},
		.m = a[P_M],
		.r = a[P_R],
		.omega = a[P_OMEGA],
		.Fx = a[P_FX],
		.Fy = a[P_FY],
		.M = a[P_MOMENT],
		.d = d,
	};
	p.ring = (struct contact){.shape = SHAPE_RING,
				  .r = p.r,
				  .pressure = PRESSURE_UNIFORM,
				  .law = &p.law,
				  .N = p.m * a[P_G]};
	const double mg = p.m * a[P_G], mu = a[P_MU], rw = p.r * p.omega;
	const double vx0 = a[P_VX0], vy0 = a[P_VY0], td0 = a[P_THETADOT0], tmax = a[P_TMAX];
	const double u0 = hypot(vx0, vy0);
	struct strbuf *s = out->steps;

	struct contact_forces q0;
	if (rings(&p, vx0, vy0, td0, CONTACT_R | CONTACT_QXY | CONTACT_QTHETA, &q0))
		return -1;
	const double c_eff = mu * mg / rw;
	double c_exact;
	if (u0 > 0)
		c_exact = -(q0.Qx * vx0 + q0.Qy * vy0) / (u0 * u0);
	else /* the limit u → 0: each ring gives μ m g/(2 r |θ̇ ± ω|) */
		c_exact = mu * mg / (2 * p.r) * (1 / fabs(td0 + p.omega) + 1 / fabs(td0 - p.omega));
	const double R0_exp = mu * mg * (2 * rw + u0 * u0 / (2 * rw));

	double y[6] = {0, 0, 0, vx0, vy0, td0};
	p.s_ev = 1e-9 * rw;
	struct ode_system sys = {6, polisher_rhs, polisher_event, &p};
	struct ode_opts o = ode_opts_default(tmax);
	o.rtol = o.atol = 1e-11;
	struct ode_end end = {0, false, 0};
	struct trace tr, *trp = NULL;
	if (out->figs) {
		trace_init(&tr, 6, 3, tmax / 300);
		tr.extra = polisher_extra;
		tr.ctx = &p;
		trace_mark(&tr, 0.0, y);
		trp = &tr;
	}
	int rc = tmax > 0 ? ode_run(trp ? trace_wrap(trp, &sys) : &sys, &o, 0.0, y, &end, d) : 0;
	if (!rc && trp) {
		if (tmax > 0)
			trace_mark(trp, end.t, y);
		polisher_figures(out->figs, trp, &p, (const double[3]){vx0, vy0, td0}, c_eff);
	}
	if (trp)
		trace_release(trp);
	if (rc)
		return -1;

	out->res[P_C_EFF] = value_number(c_eff);
	out->res[P_C_EFF_EXACT] = value_number(c_exact);
	out->res[P_R0] = value_number(q0.R);
	out->res[P_R0_EXPANSION] = value_number(R0_exp);
	out->res[P_VX_END] = value_number(y[3]);
	out->res[P_VY_END] = value_number(y[4]);
	out->res[P_THETADOT_END] = value_number(y[5]);
	out->res[P_X_END] = value_number(y[0]);
	out->res[P_Y_END] = value_number(y[1]);
	out->res[P_THETA_END] = value_number(y[2]);
	out->res[P_T_END] = value_number(end.event ? end.t : tmax);

	model_step(s, "Each ring turns at θ̇ ± ω; its point at angle φ slides with");
	model_step(s, "  v±² = u² + r²(θ̇ ± ω)² − 2ur(θ̇ ± ω) sin(θ ± ωt + φ − ϕ), u = |(ẋ, ẏ)|.");
	model_step(s, "Uniform pressure, Coulomb friction (eq. 20), each ring carrying m g = %g N:",
		   mg);
	model_step(s, "  R± = (μ m g/2π) ∫₀^{2π} v±(φ) dφ,  R = R₊ + R₋.");
	model_step(s, "For r ω ≫ u, r θ̇ (the paper's expansion):");
	model_step(s, "  R± ≈ μ m g (r ω ± r θ̇ + (ẋ² + ẏ²)/(4 r ω)), so R ≈ μ m g (2 r ω + u²/(2 "
		      "r ω)).");
	model_step(s,
		   "At the start u = %.6g m/s, u/(r ω) = %.6g: R0 = %.12g W exactly (quadrature), "
		   "%.12g W by the expansion.",
		   u0, u0 / rw, q0.R, R0_exp);
	model_step(s, "T = m(ẋ² + ẏ²) + m r²(θ̇² + ω²), so the Lagrange equations are");
	model_step(s, "  2m ẍ = Fx + Qx,  2m ÿ = Fy + Qy,  2m r² θ̈ = M + Qθ,");
	model_step(s,
		   "and with the expansion Qx = −μ m g ẋ/(r ω), Qy = −μ m g ẏ/(r ω), Qθ = 0: the "
		   "rings' Coulomb friction acts as a viscous force on the translation.");
	model_step(s, "  c_eff = μ m g/(r ω) = %g · %g/(%g · %g) = %.12g N·s/m", mu, mg, p.r,
		   p.omega, c_eff);
	if (u0 > 0)
		model_step(s, "  exact at the start: c = −Q·û/u = %.12g N·s/m (ratio %.9g)",
			   c_exact, c_exact / c_eff);
	else
		model_step(s,
			   "  exact at the start (u = 0: the limit Σ μ m g/(2 r |θ̇ ± ω|)): c = "
			   "%.12g N·s/m (ratio %.9g)",
			   c_exact, c_exact / c_eff);
	model_step(s, "  Qθ at the start = %.6g N·m (0 in the expansion).", q0.Qtheta);
	model_step(s,
		   "Integrated with the exact forces (ring quadrature at every step, rk8pd, "
		   "tolerance 1e-11) in %zu steps:",
		   end.steps);
	if (end.event) {
		model_step(s,
			   "  at t = %.12g s the ring turning at θ̇ %s ω comes to rest on the floor "
			   "(u = 0, θ̇ = %sω): its friction becomes static and the run stops there.",
			   end.t, y[5] > 0 ? "−" : "+", y[5] > 0 ? "" : "−");
		model_step(s, "  It stays so while the worker's force and moment are within what "
			      "static friction on that ring can hold.");
	}
	model_step(s, "  at t = %g s: (ẋ, ẏ) = (%.12g, %.12g) m/s, θ̇ = %.12g rad/s.",
		   end.event ? end.t : tmax, y[3], y[4], y[5]);
	model_step(s,
		   "  With the expansion: ẋ = Fx/c + (ẋ0 − Fx/c) e^{−c t/(2m)}, θ̇ = θ̇0 + M t/(2m "
		   "r²).");
	return 0;
}

const struct model model_polisher = {
	.name = "polisher",
	.summary = "a stone polisher of two counter-rotating rings (Minguzzi §2.3)",
	.params = p_params,
	.nparams = P_NPARAMS,
	.results = p_results,
	.nresults = P_NRESULTS,
	.solve = polisher_solve,
};
