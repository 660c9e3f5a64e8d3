/* Minguzzi, "Rayleigh's dissipation function at work", §2.2: model disk, a
 * disk spinning on a rough plane, Coulomb friction, under uniform pressure
 * (eq. 20) or Reye's hypothesis (eq. 21). */
#include <float.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_sf_ellint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dyn/phase.h"
#include "models/contact.h"
#include "models/minguzzi.h"
#include "models/model.h"
#include "num/expr.h"
#include "num/friction.h"
#include "num/num.h"
#include "num/ode.h"
#include "util/text.h"
#include "util/xalloc.h"

/* ---- the disk of §2.2 -------------------------------------------------- */

enum { D_M, D_R, D_MU, D_G, D_OMEGA, D_PRESSURE, D_NPARAMS };
enum { D_R_COEFF, D_RVAL, D_TORQUE, D_STOP_TIME, D_STOP_TIME_EXACT, D_STOP_ANGLE, D_NRESULTS };

static const struct param_spec disk_params[D_NPARAMS] = {
	[D_M] = PARAM_NUMBER("m", "kg", 2.0, PARAM_ABOVE(0.0), "mass of the disk"),
	[D_R] = PARAM_NUMBER("r", "m", 0.2, PARAM_ABOVE(0.0), "radius of the disk"),
	[D_MU] = PARAM_NUMBER("mu", "", 0.3, PARAM_AT_LEAST(0.0), "Coulomb friction coefficient"),
	[D_G] = PARAM_NUMBER("g", "m/s^2", 9.81, PARAM_ABOVE(0.0), "gravitational acceleration"),
	[D_OMEGA] = PARAM_NUMBER("omega", "rad/s", 10.0, PARAM_ANY,
				 "initial angular velocity (its sign is the sense of spin)"),
	[D_PRESSURE] =
		PARAM_CHOICE("pressure", "reye|uniform",
			     "pressure distribution: reye (p = k/v, eq. 21) or uniform (eq. 20)"),
};

static const struct result_spec disk_results[D_NRESULTS] = {
	[D_R_COEFF] = RESULT_NUMBER("R_coeff", "N*m", "R = R_coeff·|φ̇| (Rayleigh function)"),
	[D_RVAL] = RESULT_NUMBER("R", "W", "Rayleigh function at the initial spin"),
	[D_TORQUE] = RESULT_NUMBER("torque", "N*m",
				   "friction torque -∂R/∂φ̇ at the start (opposes the spin)"),
	[D_STOP_TIME] = RESULT_NUMBER(
		"stop_time", "s",
		"time to stop, integrating the equation of motion (inf: never, μ = 0)"),
	[D_STOP_TIME_EXACT] = RESULT_NUMBER("stop_time_exact", "s",
					    "time to stop, closed form (inf: never, μ = 0)"),
	[D_STOP_ANGLE] = RESULT_NUMBER("stop_angle", "rad",
				       "angle turned until the disk stops (±inf: never, μ = 0)"),
};

struct disk_motion {
	double I;
	double Qtheta; /* the generalized force of the phase, a constant */
	double atol_scale;
};

/* Lagrange's equation I φ̈ = Q_φ, Q_φ the generalized force of eq. (18).
 * The sense of sliding is fixed for the phase, so the right-hand side
 * stays smooth up to and past the event φ̇ = 0; and under Coulomb friction
 * and pure spin Q_φ does not depend on |φ̇|: it is taken once, by
 * quadrature at |φ̇| = 1, for the whole phase (it was taken again at each
 * of 222 evaluations, most of the solve's time; at the rate itself a rate
 * of 1e-300 rad/s made the quadrature's integrand subnormal). */
static int disk_rhs(double t, const double y[], double dydt[], void *p)
{
	const struct disk_motion *dm = p;
	(void)t;
	if (num_interrupted)
		return GSL_EBADFUNC;
	dydt[0] = y[1];
	dydt[1] = dm->Qtheta / dm->I;
	return GSL_SUCCESS;
}

static double disk_event(double t, const double y[], void *p)
{
	(void)t;
	(void)p;
	return y[1];
}

/* One phase, from the spin to φ̇ = 0. */
static int disk_next(struct phase_run *run, struct phase_mode *mode, void *ctx, struct diag *d)
{
	struct disk_motion *dm = ctx;
	if (run->end && !run->end->event)
		return diag_set(d, "the disk did not stop: no event φ̇ = 0 was found");
	if (run->end)
		return PHASE_END;
	mode->sys = (struct ode_system){2, disk_rhs, disk_event, dm};
	mode->opts.h0 = 0; /* from the phase's own scales */
	mode->opts.atol *= dm->atol_scale;
	return PHASE_RUN;
}

/* φ̇(t) and φ(t) as integrated, against the closed form of constant
 * deceleration, φ̇ = ω(1 − t/τ), φ = ωt(1 − t/(2τ)), τ = stop_time_exact. */
static void disk_figures(struct figures *fs, const struct record *tr, double omega, double tau)
{
	struct table *t = figures_table(
		fs, "motion", "t [s]|phi [rad]|phidot [rad/s]|phidot closed form [rad/s]");
	for (size_t i = 0; i < tr->n; i++) {
		const double *y = record_row(tr, i);
		double row[4] = {tr->t[i], y[0], y[1], omega * (1 - tr->t[i] / tau)};
		table_row(t, row);
	}
	struct figure *f =
		figure_add(fs, "spin", "Spin rate φ̇(t) until the disk stops", "t [s]", "φ̇ [rad/s]");
	figure_curve_from(f, "integrated (rk8pd)", CURVE_LINE, t, 0, 2);
	figure_segment(f, "closed form ω(1 − t/τ)", CURVE_DASHED, 0.0, omega, tau, 0.0);
	f = figure_add(fs, "angle", "Angle φ(t) turned until the disk stops", "t [s]", "φ [rad]");
	figure_curve_from(f, "integrated (rk8pd)", CURVE_LINE, t, 0, 1);
	struct curve *c = figure_curve(f, "closed form ωt(1 − t/(2τ))", CURVE_DASHED);
	for (int i = 0; i <= 100; i++) {
		double tt = tau * i / 100;
		curve_point(c, tt, omega * tt * (1 - tt / (2 * tau)));
	}
}

static int disk_solve(const struct model_input *in, struct model_output *out, struct diag *d)
{
	const double m = in->num[D_M], r = in->num[D_R], mu = in->num[D_MU], g = in->num[D_G];
	const double omega = in->num[D_OMEGA];
	const enum contact_pressure pr =
		in->choice[D_PRESSURE] == 0 ? PRESSURE_REYE : PRESSURE_UNIFORM;
	struct friction_law law = {.kind = FRICTION_COULOMB, .mu = mu};
	const double N = m * g, I = 0.5 * m * r * r;
	const double speed = fabs(omega) > 0 ? fabs(omega) : 1.0;
	const double sense = omega > 0 ? 1.0 : omega < 0 ? -1.0 : 0.0;
	const struct contact disk = {
		.shape = SHAPE_DISK, .r = r, .pressure = pr, .law = &law, .N = N};
	struct contact_forces f;
	struct strbuf *s = out->steps;

	/* R is homogeneous of degree one in φ̇: R_coeff from any spin. */
	if (contact_eval(&disk, (struct contact_motion){0, 0, speed}, CONTACT_R | CONTACT_QTHETA,
			 &f, d))
		return -1;
	const double R_coeff = f.R / speed;
	const double torque = sense * f.Qtheta;

	/* Closed forms: Reye R = μmgr|φ̇|/2 (the paper's §2.2), uniform
	 * R = 2μmgr|φ̇|/3; with I = mr²/2 the deceleration is constant. */
	/* (|ω| r/g)/μ: μg may underflow (g = 5e-324 at ω = 0 gave 0/0) */
	const double exact =
		omega == 0 ? 0.0
		: mu == 0  ? INFINITY
			   : (pr == PRESSURE_REYE ? 1.0 : 0.75) * (fabs(omega) * r / g) / mu;

	double stop_time, stop_angle;
	size_t nsteps = 0;
	if (omega == 0) {
		stop_time = 0;
		stop_angle = 0;
	} else if (mu == 0) {
		stop_time = INFINITY;
		stop_angle = sense * INFINITY;
	} else {
		struct contact_forces fq;
		if (contact_eval(&disk, (struct contact_motion){0, 0, sense}, CONTACT_QTHETA, &fq,
				 d))
			return -1;
		/* begun once nothing before the run can fail (a record begun
		 * before this contact_eval leaked when it was interrupted) */
		struct record tr, *trp = record_open(&tr, out->figs, 2, 0, exact / 500, NULL, NULL);
		/* the absolute tolerance on the problem's own scales, ω and the
		 * angle ωτ: at ω = 1e-300 a fixed 1e-12 stopped at 2.4 τ */
		struct disk_motion dm = {I, fq.Qtheta,
					 fmin(1.0, fmin(fabs(omega), fabs(omega) * exact))};
		const struct phase_system ps = {2, disk_next, &dm};
		double y[2] = {0.0, omega};
		struct phase_run run;
		int rc = phase_run(&ps, NULL, 0.0, INFINITY, y, trp, &run, d);
		if (!rc && trp)
			disk_figures(out->figs, trp, omega, exact);
		record_release(trp);
		if (rc)
			return -1;
		stop_time = run.t;
		stop_angle = y[0];
		nsteps = run.steps;
	}

	out->res[D_R_COEFF] = value_number(R_coeff);
	out->res[D_RVAL] = value_number(R_coeff * fabs(omega));
	out->res[D_TORQUE] = value_number(torque);
	out->res[D_STOP_TIME] = value_number(stop_time);
	out->res[D_STOP_TIME_EXACT] = value_number(exact);
	out->res[D_STOP_ANGLE] = value_number(stop_angle);

	model_step(s,
		   "Normal force N = m g = %g · %g = %.6g N; moment of inertia I = m r²/2 = %g · "
		   "%g²/2 = %.6g kg·m².",
		   m, g, N, m, r, I);
	model_step(s,
		   "The disk spins at φ̇ (φ̇ = ω = %g rad/s at the start): the point at radius ρ "
		   "slides at v = |φ̇| ρ.",
		   omega);
	if (pr == PRESSURE_REYE) {
		model_step(s,
			   "Reye's hypothesis: p = k/v, k such that ∫p dA = N (Minguzzi eq. 19); "
			   "R by eq. (21):");
		model_step(s,
			   "  R = μ N (∫ dA/v)⁻¹ ∫ dA = μ N (2πr/|φ̇|)⁻¹ πr² = μ m g r |φ̇|/2, so "
			   "R_coeff = μ m g r/2 = %.12g N·m.",
			   R_coeff);
	} else {
		model_step(s, "Uniform pressure p = N/(πr²); R by Minguzzi's eq. (20):");
		model_step(s,
			   "  R = μ N (πr²)⁻¹ ∫ v dA = μ N (πr²)⁻¹ 2π|φ̇| r³/3 = 2μ m g r |φ̇|/3, so "
			   "R_coeff = 2μ m g r/3 = %.12g N·m.",
			   R_coeff);
	}
	model_step(s, "  (R_coeff by nested Gauss-Kronrod quadrature of eq. (17) over the disk.)");
	model_step(s, "Friction torque M = −∂R/∂φ̇ = %.12g N·m, against the spin.", torque);
	model_step(s, "Lagrange's equation I φ̈ = M: a constant deceleration |φ̈| = %.12g rad/s².",
		   mu > 0 ? fabs(torque) / I : 0.0);
	model_step(s, "Stop time in closed form: stop_time_exact = %sω r/(%sμ g) = %.12g s.",
		   pr == PRESSURE_REYE ? "" : "3 ", pr == PRESSURE_REYE ? "" : "4 ", exact);
	if (omega != 0 && mu > 0)
		model_step(s,
			   "Integrated (rk8pd, %zu steps, φ̇ = 0 located as an event): stop_time = "
			   "%.12g s.",
			   nsteps, stop_time);
	else if (mu == 0)
		model_step(s, "With μ = 0 there is no friction: the disk never stops.");
	model_step(s, "Angle turned: stop_angle = ω stop_time/2 = %.12g rad (%.6g turns).",
		   stop_angle, stop_angle / (2 * M_PI));
	return 0;
}

/* model.check: the angle turned before the disk stops, ω²r/(2μg) up to a
 * factor of order one, must be a number (ω = 1e300 gave stop_angle = inf). */
static int disk_check(const struct model_input *in, struct diag *d)
{
	const double r = in->num[D_R], mu = in->num[D_MU], g = in->num[D_G];
	const double omega = in->num[D_OMEGA];
	const double m = in->num[D_M], N = m * g, I = 0.5 * m * r * r;
	if (!(N <= 1e300) || !(I >= DBL_MIN && I <= 1e300))
		return diag_set(d,
				"m = %g kg, g = %g m/s², r = %g m: the disk's weight m g = %g N "
				"and moment of inertia m r²/2 = %g kg·m² must be within "
				"%.3g..1e300, where its torque and its spin-down stay finite",
				m, g, r, N, I, DBL_MIN);
	/* a rim speed near the subnormals is no spin the contact's integrals
	 * resolve: Reye's weight 1/v_r of a subnormal speed overflows, and the
	 * quadrature iterated for 11 s before failing (issue 37: every solve
	 * ends, and says why) */
	if (omega != 0 && fabs(omega) * r < 1e6 * DBL_MIN)
		return diag_set(d,
				"omega = %g rad/s: the rim's speed |ω| r = %g m/s is below %.3g "
				"m/s, which the contact's integrals do not resolve; the disk is at "
				"rest for every purpose (set omega 0)",
				omega, fabs(omega) * r, 1e6 * DBL_MIN);
	if (mu > 0 && !isfinite(omega / mu * (fabs(omega) * r / g)))
		return diag_set(d,
				"omega = %g rad/s: the disk would turn more than 1e308 rad "
				"before it stops (about ω²r/(2μg)); lower omega or r, or raise "
				"mu or g",
				omega);
	return 0;
}

const struct model model_disk = {
	.name = "disk",
	.summary = "a disk spinning down under Coulomb friction (Minguzzi §2.2)",
	.params = disk_params,
	.nparams = D_NPARAMS,
	.results = disk_results,
	.nresults = D_NRESULTS,
	.solve = disk_solve,
	.check = disk_check,
};
