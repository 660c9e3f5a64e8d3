/* Minguzzi, "Rayleigh's dissipation function at work": the models built on
 * the Rayleigh function of flat surfaces in contact, eq. (17)-(23).
 *
 * disk — §2.2: a disk spinning on a rough plane, Coulomb friction, under
 * uniform pressure (eq. 20) or Reye's hypothesis (eq. 21). */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdarg.h>

#include "models/model.h"
#include "num/friction.h"
#include "num/num.h"
#include "num/ode.h"
#include "num/quad.h"

enum pressure { PRESSURE_UNIFORM, PRESSURE_REYE };

static const struct quad_tol surface_tol = {0.0, 1e-12};

/* ---- pressure-weighted integrals over a spinning disk ----------------- */

/* For pure spin about the centre the relative speed is v = |φ̇| ρ. The
 * weight w of eq. (20)/(21) enters only normalized, so Reye's w = k/v is
 * taken as 1/ρ: the factor 1/|φ̇| cancels, and so does the area element ρ,
 * which leaves the integrand finite at the centre where v = 0. */
struct spin {
	enum pressure pressure;
	const struct friction_law *law;
	double speed; /* |φ̇| */
	enum { SPIN_WEIGHT, SPIN_R, SPIN_TORQUE } what;
};

static double spin_integrand(double rho, double theta, void *p)
{
	const struct spin *s = p;
	(void)theta;
	double w_dA = s->pressure == PRESSURE_REYE ? 1.0 : rho; /* w · ρ */
	double v = s->speed * rho;
	if (num_interrupted)
		return GSL_NAN;
	switch (s->what) {
	case SPIN_WEIGHT:
		return w_dA;
	case SPIN_R: /* eq. (17): p ∫^v μ dv */
		return w_dA * friction_mu_integral(s->law, v);
	case SPIN_TORQUE: /* eq. (18): μ(v) ∂v/∂φ̇, with ∂v/∂φ̇ = ρ */
		return w_dA * friction_mu(s->law, v) * rho;
	}
	return GSL_NAN;
}

struct spin_sums {
	double r, torque; /* R/N and the torque arm μρ, both normalized by the weight */
};

static int spin_integrate(struct spin *s, double radius, int what, double *out, struct diag *d)
{
	s->what = what;
	return quad_polar(spin_integrand, s, 0.0, radius, 0.0, 2.0 * M_PI, surface_tol, out, d);
}

/* Normalized pressure-weighted means: R/N and the torque arm μρ. */
static int spin_means(enum pressure pr, const struct friction_law *law, double radius, double speed,
		      struct spin_sums *m, struct diag *d)
{
	struct spin s = {pr, law, speed, SPIN_WEIGHT};
	double w, r, t;
	if (spin_integrate(&s, radius, SPIN_WEIGHT, &w, d) ||
	    spin_integrate(&s, radius, SPIN_R, &r, d) ||
	    spin_integrate(&s, radius, SPIN_TORQUE, &t, d))
		return -1;
	*m = (struct spin_sums){r / w, t / w};
	return 0;
}

/* ---- the disk of §2.2 -------------------------------------------------- */

enum { D_M, D_R, D_MU, D_G, D_OMEGA, D_PRESSURE, D_NPARAMS };
enum { D_R_COEFF, D_RVAL, D_TORQUE, D_STOP_TIME, D_STOP_TIME_EXACT, D_STOP_ANGLE, D_NRESULTS };

static const struct param_spec disk_params[D_NPARAMS] = {
	[D_M] = {"m", PARAM_NUMBER, "kg", 2.0, 0.0, INFINITY, true, false, NULL, NULL,
		 "mass of the disk"},
	[D_R] = {"r", PARAM_NUMBER, "m", 0.2, 0.0, INFINITY, true, false, NULL, NULL,
		 "radius of the disk"},
	[D_MU] = {"mu", PARAM_NUMBER, "", 0.3, 0.0, INFINITY, false, false, NULL, NULL,
		  "Coulomb friction coefficient"},
	[D_G] = {"g", PARAM_NUMBER, "m/s^2", 9.81, 0.0, INFINITY, true, false, NULL, NULL,
		 "gravitational acceleration"},
	[D_OMEGA] = {"omega", PARAM_NUMBER, "rad/s", 10.0, -INFINITY, INFINITY, false, false, NULL,
		     NULL, "initial angular velocity (its sign is the sense of spin)"},
	[D_PRESSURE] = {"pressure", PARAM_CHOICE, "", 0, 0, 0, false, false, "reye|uniform", NULL,
			"pressure distribution: reye (p = k/v, eq. 21) or uniform (eq. 20)"},
};

static const struct result_spec disk_results[D_NRESULTS] = {
	[D_R_COEFF] = {"R_coeff", VAL_NUMBER, "N*m", "R = R_coeff·|φ̇| (Rayleigh function)"},
	[D_RVAL] = {"R", VAL_NUMBER, "W", "Rayleigh function at the initial spin"},
	[D_TORQUE] = {"torque", VAL_NUMBER, "N*m",
		      "friction torque -∂R/∂φ̇ at the start (opposes the spin)"},
	[D_STOP_TIME] = {"stop_time", VAL_NUMBER, "s",
			 "time to stop, integrating the equation of motion"},
	[D_STOP_TIME_EXACT] = {"stop_time_exact", VAL_NUMBER, "s", "time to stop, closed form"},
	[D_STOP_ANGLE] = {"stop_angle", VAL_NUMBER, "rad", "angle turned until the disk stops"},
};

struct disk_motion {
	enum pressure pressure;
	const struct friction_law *law;
	double N, I, radius;
	double sense; /* sign of φ̇ during the slip phase, held fixed */
	struct diag *d;
};

/* Lagrange's equation I φ̈ = -∂R/∂φ̇, the generalized force taken from
 * eq. (18) by quadrature at each evaluation. The sense of sliding is fixed
 * for the phase, so the right-hand side stays smooth up to and past the
 * event φ̇ = 0. */
static int disk_rhs(double t, const double y[], double dydt[], void *p)
{
	struct disk_motion *dm = p;
	struct spin s = {dm->pressure, dm->law, fabs(y[1]), SPIN_WEIGHT};
	double w, arm;
	(void)t;
	if (num_interrupted)
		return GSL_EBADFUNC;
	if (spin_integrate(&s, dm->radius, SPIN_WEIGHT, &w, dm->d) ||
	    spin_integrate(&s, dm->radius, SPIN_TORQUE, &arm, dm->d))
		return GSL_EBADFUNC;
	dydt[0] = y[1];
	dydt[1] = -dm->sense * dm->N * (arm / w) / dm->I;
	return GSL_SUCCESS;
}

static double disk_event(double t, const double y[], void *p)
{
	(void)t;
	(void)p;
	return y[1];
}

static void step(struct strbuf *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void step(struct strbuf *s, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(s, fmt, ap);
	va_end(ap);
	strbuf_addch(s, '\n');
}

static int disk_solve(const struct model_input *in, struct model_output *out, struct diag *d)
{
	const double m = in->num[D_M], r = in->num[D_R], mu = in->num[D_MU], g = in->num[D_G];
	const double omega = in->num[D_OMEGA];
	const enum pressure pr = in->choice[D_PRESSURE] == 0 ? PRESSURE_REYE : PRESSURE_UNIFORM;
	const struct friction_law law = {.kind = FRICTION_COULOMB, .mu = mu};
	const double N = m * g, I = 0.5 * m * r * r;
	const double speed = fabs(omega) > 0 ? fabs(omega) : 1.0;
	struct spin_sums mean;
	struct strbuf *s = out->steps;

	if (spin_means(pr, &law, r, speed, &mean, d))
		return -1;
	const double R_coeff = N * mean.r / speed;
	const double sense = omega > 0 ? 1.0 : omega < 0 ? -1.0 : 0.0;
	const double torque = -sense * N * mean.torque;

	/* Closed forms: Reye R = μmgr|φ̇|/2 (the paper's §2.2), uniform
	 * R = 2μmgr|φ̇|/3; with I = mr²/2 the deceleration is constant. */
	const double exact =
		mu == 0 ? (omega == 0 ? 0.0 : INFINITY)
			: (pr == PRESSURE_REYE ? 1.0 : 0.75) * fabs(omega) * r / (mu * g);

	double stop_time, stop_angle;
	size_t nsteps = 0;
	if (omega == 0) {
		stop_time = 0;
		stop_angle = 0;
	} else if (mu == 0) {
		stop_time = INFINITY;
		stop_angle = sense * INFINITY;
	} else {
		struct disk_motion dm = {pr, &law, N, I, r, sense, d};
		struct ode_system sys = {2, disk_rhs, disk_event, &dm};
		struct ode_opts opts = ode_opts_default(INFINITY);
		opts.h0 = 1e-6 * I * fabs(omega) / fabs(torque);
		double y[2] = {0.0, omega};
		struct ode_end end;
		if (ode_run(&sys, &opts, 0.0, y, &end, d))
			return -1;
		if (!end.event)
			return diag_set(d, "the disk did not stop: no event φ̇ = 0 was found");
		stop_time = end.t;
		stop_angle = y[0];
		nsteps = end.steps;
	}

	out->res[D_R_COEFF] = value_number(R_coeff);
	out->res[D_RVAL] = value_number(R_coeff * fabs(omega));
	out->res[D_TORQUE] = value_number(torque);
	out->res[D_STOP_TIME] = value_number(stop_time);
	out->res[D_STOP_TIME_EXACT] = value_number(exact);
	out->res[D_STOP_ANGLE] = value_number(stop_angle);

	step(s, "Normal force:       N = m g = %g · %g = %.6g N", m, g, N);
	step(s, "Moment of inertia:  I = m r²/2 = %g · %g²/2 = %.6g kg·m²", m, r, I);
	step(s, "Relative speed of the point at radius ρ: v = |φ̇| ρ.");
	if (pr == PRESSURE_REYE) {
		step(s,
		     "Reye's hypothesis (Minguzzi eq. 21): p = k/v, normalized so that ∫p dA = N.");
		step(s, "Rayleigh function: R = μ N (∫ dA/v)⁻¹ ∫ dA = μ N (2πr/|φ̇|)⁻¹ πr²");
		step(s, "                   = μ m g r |φ̇|/2,  so R_coeff = μ m g r/2 = %.12g N·m",
		     R_coeff);
	} else {
		step(s, "Uniform pressure (Minguzzi eq. 20): p = N/(πr²).");
		step(s, "Rayleigh function: R = μ N (πr²)⁻¹ ∫ v dA = μ N (πr²)⁻¹ 2π|φ̇| r³/3");
		step(s,
		     "                   = 2 μ m g r |φ̇|/3,  so R_coeff = 2μ m g r/3 = %.12g N·m",
		     R_coeff);
	}
	step(s, "(R_coeff by nested Gauss-Kronrod quadrature over the disk, eq. 17.)");
	step(s, "Friction torque:    M = -∂R/∂φ̇ = %.12g N·m (against the spin)", torque);
	step(s, "Lagrange equation:  I φ̈ = M, a constant deceleration |φ̈| = %.12g rad/s²",
	     mu > 0 ? fabs(torque) / I : 0.0);
	if (pr == PRESSURE_REYE)
		step(s, "Stop time (closed form): τ = ω r/(μ g) = %.12g s", exact);
	else
		step(s, "Stop time (closed form): τ = 3 ω r/(4 μ g) = %.12g s", exact);
	if (omega != 0 && mu > 0)
		step(s,
		     "Stop time (integrated, rk8pd, φ̇ = 0 located as an event in %zu steps): "
		     "%.12g s",
		     nsteps, stop_time);
	else if (mu == 0)
		step(s, "With μ = 0 there is no friction: the disk never stops.");
	step(s, "Angle turned:       φ(τ) = ω τ/2 = %.12g rad (%.6g turns)", stop_angle,
	     stop_angle / (2 * M_PI));
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
};
