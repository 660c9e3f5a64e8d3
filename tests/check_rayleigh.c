/* Minguzzi's Rayleigh function at work: the general calculator (rayleigh),
 * the conveyor belt (§2.1) and the stone polisher (§2.3), against the
 * paper's closed forms, independent quadratures and mpmath references. */
#include <check.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_roots.h>
#include <gsl/gsl_sf_ellint.h>
#include <math.h>
#include <string.h>

#include "figcheck.h"
#include "modelrun.h"
#include "models/contact.h"
#include "models/model.h"
#include "rayleigh_ref.h"
#include "testutil.h"

/* ---- the issue's ring, against an independent 1-D quadrature -------------- */

struct ring_arg {
	double u, W;
	int what; /* 0: v, 1: ∂v/∂u */
};

static double ring_speed(double phi, void *p)
{
	const struct ring_arg *a = p;
	double v = sqrt(a->u * a->u + a->W * a->W - 2 * a->u * a->W * sin(phi));
	return a->what == 0 ? v : (a->u - a->W * sin(phi)) / v;
}

static double ring_integral(double u, double W, int what)
{
	struct ring_arg a = {u, W, what};
	gsl_function F = {ring_speed, &a};
	gsl_integration_workspace *ws = gsl_integration_workspace_alloc(200);
	double r, err;
	gsl_integration_qag(&F, 0, 2 * M_PI, 0, 1e-13, 200, GSL_INTEG_GAUSS61, ws, &r, &err);
	gsl_integration_workspace_free(ws);
	return r;
}

/* tribo -c 'load rayleigh; set shape ring; set r 1; set vx 0.3; set wz 1;
 * set pressure uniform; set law coulomb; set mu 0.5; set N 10; solve; print R Qx' */
START_TEST(test_ring_done_when)
{
	struct run r;
	run_init(&r, "rayleigh");
	setw(&r, "shape", "ring");
	setn(&r, "r", 1);
	setn(&r, "vx", 0.3);
	setn(&r, "wz", 1);
	setw(&r, "pressure", "uniform");
	setw(&r, "law", "coulomb");
	setn(&r, "mu", 0.5);
	setn(&r, "N", 10);
	solve_ok(&r);
	const double mu = 0.5, N = 10, u = 0.3, W = 1;
	/* R = (μN/2π)∫ √(u² + r²ω² − 2urω sin φ) dφ, Qx = −∂R/∂u */
	double R = mu * N / (2 * M_PI) * ring_integral(u, W, 0);
	double Qx = -mu * N / (2 * M_PI) * ring_integral(u, W, 1);
	ck_assert_rel(res(&r, "R"), R, 1e-10);
	ck_assert_rel(res(&r, "Qx"), Qx, 1e-10);
	/* and the closed form (2μN/π)(u + W) E(k), k = 2√(uW)/(u + W) */
	double k = 2 * sqrt(u * W) / (u + W);
	ck_assert_rel(res(&r, "R"),
		      2 * mu * N / M_PI * (u + W) * gsl_sf_ellint_Ecomp(k, GSL_PREC_DOUBLE), 1e-10);
	ck_assert_near(res(&r, "Qy"), 0.0, 1e-12, N);
	/* uniform pressure: −∂R/∂q̇ is the force (eq. 16), to 1e-8 */
	ck_assert_rel(-res(&r, "dRdvx"), res(&r, "Qx"), 1e-8);
	ck_assert_rel(-res(&r, "dRdwz"), res(&r, "Qtheta"), 1e-8);
	ck_assert_rel(res(&r, "P_over_2R"), 0.5, 1e-12); /* Coulomb: P = μN⟨v⟩ = R */
	ck_assert_ptr_nonnull(strstr(r.steps.buf, "E(k)"));
	run_free(&r);
}
END_TEST

/* ---- the mpmath references (tests/ref/rayleigh_ref.py) --------------------- */

START_TEST(test_references)
{
	const struct rayleigh_ref *c = &rayleigh_refs[_i];
	struct run r;
	run_init(&r, "rayleigh");
	setw(&r, "shape", c->shape);
	setn(&r, "r", c->r);
	if (c->r_in > 0)
		setn(&r, "r_in", c->r_in);
	if (c->width > 0) {
		setn(&r, "width", c->width);
		setn(&r, "height", c->height);
	}
	/* the base moves too: only the relative velocity may matter */
	setn(&r, "bx", 0.25);
	setn(&r, "by", -0.5);
	setn(&r, "vx", c->ux + 0.25);
	setn(&r, "vy", c->uy - 0.5);
	setn(&r, "wz", c->wz);
	setw(&r, "pressure", c->pressure);
	setw(&r, "law", c->law);
	setn(&r, "mu", c->mu);
	setn(&r, "k", c->k);
	setn(&r, "mu0", c->mu0);
	setn(&r, "muinf", c->muinf);
	setn(&r, "a", c->a);
	sett(&r, "mu_expr", c->mu_expr);
	setn(&r, "N", c->N);
	r.no_figs = true; /* results only: the figures have tests of their own */
	solve_ok(&r);
	/* forces that vanish by symmetry are compared on the scale of 1e-3 N */
	const double F = fmax(fmax(fabs(c->Qx), fabs(c->Qy)), 1e-3 * c->N);
	const double T = fmax(fabs(c->Qtheta) + fabs(c->dRdwz), 1e-4 * c->N);
	ck_assert_rel(res(&r, "R"), c->R, 1e-10);
	ck_assert_rel(res(&r, "P"), c->P, 1e-10);
	ck_assert_near(res(&r, "Qx"), c->Qx, 1e-10, F);
	ck_assert_near(res(&r, "Qy"), c->Qy, 1e-10, F);
	ck_assert_near(res(&r, "Qtheta"), c->Qtheta, 1e-10, T);
	const double G = fmax(fmax(fabs(c->dRdvx), fabs(c->dRdvy)), 1e-3 * c->N);
	ck_assert_near(res(&r, "dRdvx"), c->dRdvx, 1e-8, G);
	ck_assert_near(res(&r, "dRdvy"), c->dRdvy, 1e-8, G);
	ck_assert_near(res(&r, "dRdwz"), c->dRdwz, 1e-8, T);
	run_free(&r);
}
END_TEST

/* ---- identities of eq. (10), (16), (18) over shapes, laws and pressures ---- */

static const char *const shapes[] = {"disk", "ring", "annulus", "rect"};
static const char *const laws[] = {"coulomb", "stokes", "bouchet", "expr"};

/* motions: c = (−vy/ω, vx/ω) inside most shapes, near the rim, outside,
 * far (the body's own polar coordinates), no spin, pure spin */
static const double motions[][3] = {
	{0.3, -0.1, 4}, {0.5, 0.0, 5.2}, {0.4, 0.3, 2}, {2.0, -1.0, 0.5}, {0.3, 0.2, 0}, {0, 0, -4},
};

static void setup_case(struct run *r, int shape, int law, const char *pressure, int motion)
{
	run_init(r, "rayleigh");
	setw(r, "shape", shapes[shape]);
	setn(r, "r", 0.1);
	setn(r, "r_in", 0.04);
	setn(r, "width", 0.2);
	setn(r, "height", 0.12);
	setn(r, "vx", motions[motion][0]);
	setn(r, "vy", motions[motion][1]);
	setn(r, "wz", motions[motion][2]);
	setw(r, "law", laws[law]);
	setw(r, "pressure", pressure);
	setn(r, "mu", 0.35);
	setn(r, "k", 0.8);
	setn(r, "mu0", 0.6);
	setn(r, "muinf", 0.25);
	setn(r, "a", 3);
	sett(r, "mu_expr", "0.2 + 0.3/(1 + v^2)");
	setn(r, "N", 12);
	/* The loops over shapes, laws and motions check results, as before
	 * there were figures; the R_P sweep would more than double their time
	 * (and make check's under valgrind): it has tests of its own. */
	r->no_figs = true;
}

/* Uniform pressure: Q = −∂R/∂q̇ (eq. 16) to 1e-8, for every shape, law and
 * motion; Stokes: P = 2R (eq. 10). */
START_TEST(test_uniform_q_is_minus_grad_r)
{
	for (int shape = 0; shape < 4; shape++)
		for (int law = 0; law < 4; law++) {
			struct run r;
			setup_case(&r, shape, law, "uniform", _i);
			solve_ok(&r);
			double F = fmax(fmax(fabs(res(&r, "Qx")), fabs(res(&r, "Qy"))), 1e-2);
			ck_assert_near(-res(&r, "dRdvx"), res(&r, "Qx"), 1e-8, F);
			ck_assert_near(-res(&r, "dRdvy"), res(&r, "Qy"), 1e-8, F);
			/* torques vanish by symmetry for a translating body */
			ck_assert_near(-res(&r, "dRdwz"), res(&r, "Qtheta"), 1e-8,
				       fmax(fabs(res(&r, "Qtheta")), 1e-3));
			if (law == 1)
				ck_assert_rel(res(&r, "P_over_2R"), 1.0, 1e-11);
			if (law == 0)
				ck_assert_rel(res(&r, "P_over_2R"), 0.5, 1e-11);
			run_free(&r);
		}
}
END_TEST

/* Reye: P = 2R still holds for Stokes friction (M = μv/2 at every point),
 * and Coulomb gives P = R; −∂R/∂q̇ differs from Q when the body spins,
 * and the steps say why. */
START_TEST(test_reye)
{
	for (int shape = 0; shape < 4; shape++)
		for (int law = 0; law < 4; law++) {
			struct run r;
			setup_case(&r, shape, law, "reye", _i);
			solve_ok(&r);
			if (law == 1)
				ck_assert_rel(res(&r, "P_over_2R"), 1.0, 1e-11);
			if (law == 0)
				ck_assert_rel(res(&r, "P_over_2R"), 0.5, 1e-11);
			if (shape == 0 || shape == 2) { /* mirror symmetry: Q ∥ u */
				double cross = res(&r, "Qx") * motions[_i][1] -
					       res(&r, "Qy") * motions[_i][0];
				ck_assert_near(cross, 0.0, 1e-12, 12);
			}
			if (motions[_i][2] == 0) { /* no spin: the pressure is uniform */
				double F = fmax(fabs(res(&r, "Qx")), fabs(res(&r, "Qy")));
				ck_assert_near(-res(&r, "dRdvx"), res(&r, "Qx"), 1e-8, F);
			} else if (_i == 0) {
				ck_assert_msg(fabs(res(&r, "dRdvx") + res(&r, "Qx")) >
						      1e-3 * fabs(res(&r, "Qx")),
					      "%s/%s: Reye's Q should differ from −∂R/∂vx",
					      shapes[shape], laws[law]);
				ck_assert_ptr_nonnull(strstr(r.steps.buf, "Q ≠ −∂R/∂q̇"));
			}
			run_free(&r);
		}
}
END_TEST

/* A translating body under Coulomb friction: |Q| = μN against the motion,
 * R = μN|u|, for every shape and both pressures. */
START_TEST(test_translation_coulomb)
{
	for (int shape = 0; shape < 4; shape++)
		for (int p = 0; p < 2; p++) {
			struct run r;
			setup_case(&r, shape, 0, p ? "reye" : "uniform", 4);
			solve_ok(&r);
			double u = hypot(0.3, 0.2), mu = 0.35, N = 12;
			ck_assert_rel(hypot(res(&r, "Qx"), res(&r, "Qy")), mu * N, 1e-12);
			ck_assert_rel(res(&r, "Qx"), -mu * N * 0.3 / u, 1e-12);
			ck_assert_rel(res(&r, "R"), mu * N * u, 1e-12);
			ck_assert_near(res(&r, "Qtheta"), 0.0, 1e-12, mu * N * 0.1);
			run_free(&r);
		}
}
END_TEST

/* §2.2 through the calculator: a spinning disk has R = μNr|ω|/2 under Reye
 * and 2μNr|ω|/3 under uniform pressure; its torque is ∓μN r/2 or 2μNr/3. */
START_TEST(test_pure_spin_disk)
{
	for (int p = 0; p < 2; p++) {
		struct run r;
		setup_case(&r, 0, 0, p ? "reye" : "uniform", 5);
		solve_ok(&r);
		double k = p ? 0.5 : 2.0 / 3.0, mu = 0.35, N = 12, rr = 0.1, w = 4;
		ck_assert_rel(res(&r, "R"), k * mu * N * rr * w, 1e-12);
		ck_assert_rel(res(&r, "Qtheta"), k * mu * N * rr, 1e-12); /* ω < 0 */
		ck_assert_rel(res(&r, "dRdwz"), -k * mu * N * rr, 1e-9);
		ck_assert_near(res(&r, "Qx"), 0, 1e-12, mu * N);
		run_free(&r);
	}
}
END_TEST

/* A formula for μ gives what the built-in law gives: M(v) by quadrature
 * (and by parts along the rays) against Bouchet's closed form. */
START_TEST(test_formula_law)
{
	for (int shape = 0; shape < 4; shape++)
		for (int p = 0; p < 2; p++) {
			struct run a, b;
			setup_case(&a, shape, 2, p ? "reye" : "uniform", _i);
			setup_case(&b, shape, 3, p ? "reye" : "uniform", _i);
			sett(&b, "mu_expr", "(0.6 - 0.25)/(1 + 3*v) + 0.25");
			solve_ok(&a);
			solve_ok(&b);
			const char *names[] = {"R", "Qx", "Qy", "Qtheta", "P"};
			double F = fmax(fabs(res(&a, "Qx")), fabs(res(&a, "Qy"))) + 1e-2;
			ck_assert_rel(res(&b, "R"), res(&a, "R"), 1e-11);
			ck_assert_rel(res(&b, "P"), res(&a, "P"), 1e-11);
			for (int i = 1; i < 4; i++)
				ck_assert_near(res(&b, names[i]), res(&a, names[i]), 1e-11, F);
			run_free(&a);
			run_free(&b);
		}
}
END_TEST

/* The instantaneous centre on the edge of a rect: under uniform pressure R
 * is still smooth enough to differentiate (Q = −∂R/∂q̇ to 1e-8); under
 * Reye the normalization's gradient diverges, so ∂R/∂q̇ is nan and the
 * steps say why, while Q stays finite. */
START_TEST(test_centre_on_edge)
{
	struct run r;
	setup_case(&r, 3, 0, "uniform", 0);
	setn(&r, "wz", 5); /* c = (0.02, 0.06): on the edge y = height/2 */
	solve_ok(&r);
	ck_assert_rel(-res(&r, "dRdvx"), res(&r, "Qx"), 1e-8);
	ck_assert_rel(-res(&r, "dRdwz"), res(&r, "Qtheta"), 1e-8);
	ck_assert_ptr_nonnull(strstr(r.steps.buf, "on its edge"));
	run_free(&r);
	setup_case(&r, 3, 0, "reye", 0);
	setn(&r, "wz", 5);
	solve_ok(&r);
	ck_assert(isnan(res(&r, "dRdvx")));
	ck_assert(isfinite(res(&r, "Qx")) && res(&r, "Qx") < 0);
	ck_assert_ptr_nonnull(strstr(r.steps.buf, "infinite"));
	run_free(&r);
}
END_TEST

/* A moving base: only the relative velocity counts (eq. 12). */
START_TEST(test_moving_base)
{
	struct run a, b;
	setup_case(&a, 3, 2, "reye", 0);
	setup_case(&b, 3, 2, "reye", 0);
	setn(&b, "bx", 1.5);
	setn(&b, "vx", 0.3 + 1.5);
	setn(&b, "by", -0.7);
	setn(&b, "vy", -0.1 - 0.7);
	solve_ok(&a);
	solve_ok(&b);
	const char *names[] = {"R", "Qx", "Qy", "Qtheta", "P"};
	for (int i = 0; i < 5; i++)
		ck_assert_rel(res(&b, names[i]), res(&a, names[i]), 1e-11);
	run_free(&a);
	run_free(&b);
}
END_TEST

/* §2.3: R± = (μmg/2π)∫v± dφ ≈ μmg(rω ± rθ̇ + u²/(4rω)) for rω ≫ u, rθ̇; the
 * first neglected terms are of order (u/rω)⁴ and u²θ̇²/ω², so the
 * expansion's error must shrink 16-fold when the small ratios halve. */
START_TEST(test_ring_small_velocity)
{
	const double mu = 0.4, N = 19.62, rr = 0.15, w = 20;
	double prev = 0;
	for (int k = 0; k < 3; k++) {
		double eps = 0.04 / (1 << k), u = eps * rr * w, td = 0;
		struct run r;
		run_init(&r, "rayleigh");
		setw(&r, "shape", "ring");
		setn(&r, "r", rr);
		setn(&r, "vx", u * 0.6);
		setn(&r, "vy", u * 0.8);
		setn(&r, "wz", w + td);
		setn(&r, "mu", mu);
		setn(&r, "N", N);
		solve_ok(&r);
		double Rexp = mu * N * (rr * w + u * u / (4 * rr * w));
		double err = fabs(res(&r, "R") - Rexp) / Rexp;
		/* and the viscous force −μN u/(2 r ω) of each ring */
		ck_assert_rel(res(&r, "Qx"), -mu * N * u * 0.6 / (2 * rr * w), 2 * eps * eps);
		if (k > 0)
			ck_assert_msg(err < prev / 12, "error %g did not fall 16-fold from %g", err,
				      prev);
		prev = err;
		run_free(&r);
	}
	ck_assert(prev < 1e-8);
}
END_TEST

START_TEST(test_errors)
{
	struct run r;
	setup_case(&r, 2, 0, "uniform", 0);
	setn(&r, "r_in", 0.2); /* bigger than r */
	ck_assert_int_eq(solve(&r), -1);
	ck_assert_ptr_nonnull(strstr(r.d.msg, "r_in"));
	run_free(&r);

	setup_case(&r, 0, 3, "uniform", 0);
	sett(&r, "mu_expr", "0.3 + x");
	ck_assert_int_eq(solve(&r), -1);
	ck_assert_ptr_nonnull(strstr(r.d.msg, "mu_expr"));
	ck_assert_ptr_nonnull(strstr(r.d.msg, "'x'"));
	run_free(&r);

	setup_case(&r, 0, 3, "uniform", 0);
	sett(&r, "mu_expr", "0.3 - v");
	ck_assert_int_eq(solve(&r), -1);
	ck_assert_ptr_nonnull(strstr(r.d.msg, "not negative"));
	run_free(&r);

	setup_case(&r, 0, 0, "uniform", 0);
	setn(&r, "vx", 0);
	setn(&r, "vy", 0);
	setn(&r, "wz", 0);
	ck_assert_int_eq(solve(&r), -1);
	ck_assert_ptr_nonnull(strstr(r.d.msg, "nothing slides"));
	run_free(&r);

	/* Reye on a ring whose point at (0, 0.1) stands still */
	setup_case(&r, 1, 0, "reye", 0);
	setn(&r, "vx", 0.5);
	setn(&r, "vy", 0);
	setn(&r, "wz", 5);
	ck_assert_int_eq(solve(&r), -1);
	ck_assert_ptr_nonnull(strstr(r.d.msg, "cannot be normalized"));
	run_free(&r);
}
END_TEST

/* ---- the conveyor belt, §2.1 ---------------------------------------------- */

static double bouchet(double v, double mu0, double muinf, double a)
{
	return (mu0 - muinf) / (1 + a * v) + muinf;
}

/* R of §2.1 and the forces at the start, from the paper's formulas. */
START_TEST(test_conveyor_start)
{
	struct run r;
	run_init(&r, "conveyor");
	const double m = 2, N = 19.62, v0 = 1.2, mu0 = 0.55, muinf = 0.25, a = 1.5;
	const double vx = 0.3, vy = -0.4;
	setn(&r, "m", m);
	setn(&r, "N", N);
	setn(&r, "v0", v0);
	setn(&r, "mu0", mu0);
	setn(&r, "muinf", muinf);
	setn(&r, "a", a);
	setn(&r, "vx0", vx);
	setn(&r, "vy0", vy);
	solve_ok(&r);
	double s = hypot(vx - v0, vy);
	double R = N * ((mu0 - muinf) / a * log(1 + a * s) + muinf * s);
	ck_assert_rel(res(&r, "R0"), R, 1e-13);
	double mu = bouchet(s, mu0, muinf, a);
	ck_assert_rel(res(&r, "Qx0"), -N * mu * (vx - v0) / s, 1e-13);
	ck_assert_rel(res(&r, "Qy0"), -N * mu * vy / s, 1e-13);
	ck_assert_rel(res(&r, "c_transverse"), N * bouchet(v0, mu0, muinf, a) / v0, 1e-14);
	/* riding the belt (no slip, R = 0), pushed past the static bound
	 * N mu0: the friction at the start is N mu0 against the push */
	setn(&r, "vx0", v0);
	setn(&r, "vy0", 0);
	setn(&r, "Fx", 9);
	setn(&r, "Fy", -12); /* |F| = 15 > N mu0 = 10.791 */
	setn(&r, "tmax", 0.5);
	solve_ok(&r);
	ck_assert_double_eq(res(&r, "R0"), 0);
	ck_assert_rel(res(&r, "Qx0"), -N * mu0 * 9 / 15, 1e-14);
	ck_assert_rel(res(&r, "Qy0"), N * mu0 * 12 / 15, 1e-14);
	ck_assert(!resb(&r, "stuck"));
	run_free(&r);
}
END_TEST

struct stick_arg {
	double m, N, F, mu0, muinf, a;
};

static double stick_integrand(double s, void *p)
{
	const struct stick_arg *q = p;
	return q->m / (q->N * bouchet(s, q->mu0, q->muinf, q->a) - q->F);
}

static double stick_x_integrand(double s, void *p)
{
	/* dx_rel = −s dt: the distance slid relative to the belt */
	return s * stick_integrand(s, p);
}

/* A block put at rest on a running belt, pushed against the belt's motion
 * with F < N μ∞: m ṡ = −(N μ(s) − F) for the relative speed s, so it
 * reaches the belt's speed at t* = ∫_0^{v0} m ds/(Nμ(s) − F), having slid
 * back ∫ s m ds/(Nμ − F) relative to the belt; then it rides. */
START_TEST(test_conveyor_stick)
{
	struct stick_arg q = {1.5, 14.715, 2.0, 0.6, 0.3, 2.0};
	const double v0 = 0.8, tmax = 3;
	struct run r;
	run_init(&r, "conveyor");
	setn(&r, "m", q.m);
	setn(&r, "N", q.N);
	setn(&r, "v0", v0);
	setn(&r, "Fx", -q.F);
	setn(&r, "mu0", q.mu0);
	setn(&r, "muinf", q.muinf);
	setn(&r, "a", q.a);
	setn(&r, "tmax", tmax);
	solve_ok(&r);
	gsl_integration_workspace *ws = gsl_integration_workspace_alloc(100);
	gsl_function F = {stick_integrand, &q}, X = {stick_x_integrand, &q};
	double tstar, slid, err;
	ck_assert_int_eq(gsl_integration_qags(&F, 0, v0, 0, 1e-12, 100, ws, &tstar, &err), 0);
	ck_assert_int_eq(gsl_integration_qags(&X, 0, v0, 0, 1e-12, 100, ws, &slid, &err), 0);
	gsl_integration_workspace_free(ws);
	ck_assert_rel(res(&r, "t_stick"), tstar, 1e-10);
	ck_assert_rel(res(&r, "x_end"), v0 * tmax - slid, 1e-10);
	ck_assert_int_eq(r.res[model_result_index(r.m, "stuck")].b, 1);
	ck_assert_rel(res(&r, "vx_end"), v0, 1e-15);
	/* with F > N μ0 it never rides: it slides back at the end */
	setn(&r, "Fx", -(q.N * q.mu0 + 0.5));
	solve_ok(&r);
	ck_assert_int_eq(r.res[model_result_index(r.m, "stuck")].b, 0);
	ck_assert(res(&r, "vx_end") < 0);
	run_free(&r);
}
END_TEST

struct terminal {
	double N, v0, Fy, mu0, muinf, a;
};

static double terminal_eq(double vy, void *p)
{
	const struct terminal *t = p;
	double s = hypot(t->v0, vy);
	return t->N * bouchet(s, t->mu0, t->muinf, t->a) * vy / s - t->Fy;
}

/* The paper's closing remark: held at x = 0, a slow transverse push sees
 * the viscous coefficient c = Nμ(v0)/v0. The block's transverse speed
 * tends to the root of N μ(v_r) ẏ/v_r = Fy, which is Fy/c up to (ẏ/v0)². */
START_TEST(test_conveyor_transverse)
{
	struct terminal t = {9.81, 1.0, 0.02, 0.6, 0.3, 2.0};
	struct run r;
	run_init(&r, "conveyor");
	setw(&r, "held", "yes");
	setn(&r, "N", t.N);
	setn(&r, "v0", t.v0);
	setn(&r, "Fy", t.Fy);
	setn(&r, "Fx", 123); /* ignored: the holder supplies x's force */
	setn(&r, "tmax", 20);
	solve_ok(&r);
	double c = res(&r, "c_transverse");
	ck_assert_rel(c, t.N * bouchet(t.v0, t.mu0, t.muinf, t.a) / t.v0, 1e-14);
	gsl_function F = {terminal_eq, &t};
	gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
	gsl_root_fsolver_set(s, &F, 0, 1);
	for (int i = 0; i < 100; i++) {
		gsl_root_fsolver_iterate(s);
		if (gsl_root_test_interval(gsl_root_fsolver_x_lower(s), gsl_root_fsolver_x_upper(s),
					   0, 1e-15) == GSL_SUCCESS)
			break;
	}
	double vy = gsl_root_fsolver_root(s);
	gsl_root_fsolver_free(s);
	ck_assert_rel(res(&r, "vy_end"), vy, 1e-9);
	double ratio = vy / t.v0;
	ck_assert_rel(res(&r, "vy_end"), t.Fy / c, 2 * ratio * ratio);
	ck_assert_double_eq(res(&r, "x_end"), 0);
	ck_assert_double_eq(res(&r, "vx_end"), 0);
	/* and the time constant is m/c: after one, 1 − 1/e of the way */
	setn(&r, "tmax", 1.0 / c);
	solve_ok(&r);
	ck_assert_rel(res(&r, "vy_end"), vy * (1 - exp(-1)), 1e-3);
	run_free(&r);
}
END_TEST

/* ---- the stone polisher, §2.3 --------------------------------------------- */

/* In the limit rω ≫ u the exact motion approaches the paper's equations
 * 2m ẍ = −c ẋ + Fx, 2m r² θ̈ = M; the difference is O((u/rω)²). */
START_TEST(test_polisher_limit)
{
	const double m = 2, rr = 0.15, w = 200, mu = 0.4, g = 9.81, Fx = 0.3, M = 0.02, vx0 = 0.05,
		     tmax = 3;
	struct run r;
	run_init(&r, "polisher");
	setn(&r, "m", m);
	setn(&r, "r", rr);
	setn(&r, "omega", w);
	setn(&r, "mu", mu);
	setn(&r, "g", g);
	setn(&r, "Fx", Fx);
	setn(&r, "M", M);
	setn(&r, "vx0", vx0);
	setn(&r, "vy0", 0);
	setn(&r, "tmax", tmax);
	solve_ok(&r);
	double c = mu * m * g / (rr * w);
	ck_assert_rel(res(&r, "c_eff"), c, 1e-15);
	double eps = vx0 / (rr * w);
	ck_assert_rel(res(&r, "c_eff_exact"), c, eps * eps);
	double vx = Fx / c + (vx0 - Fx / c) * exp(-c * tmax / (2 * m));
	double td = M * tmax / (2 * m * rr * rr);
	ck_assert_rel(res(&r, "vx_end"), vx, 1e-4);
	ck_assert_rel(res(&r, "thetadot_end"), td, 1e-4);
	ck_assert_rel(res(&r, "R0"), mu * m * g * (2 * rr * w + vx0 * vx0 / (2 * rr * w)), 1e-10);
	ck_assert_rel(res(&r, "R0_expansion"), mu * m * g * (2 * rr * w + vx0 * vx0 / (2 * rr * w)),
		      1e-15);
	run_free(&r);
}
END_TEST

/* Exact c_eff against the closed form of a ring: Q = −(μN/2π)∫ ∂v/∂u dφ,
 * summed over the two rings (θ̇0 shifts their speeds to ω ± θ̇0). */
START_TEST(test_polisher_exact_c)
{
	const double m = 1.5, rr = 0.2, w = 6, mu = 0.3, g = 9.81, u = 0.5, td = 1.0;
	struct run r;
	run_init(&r, "polisher");
	setn(&r, "m", m);
	setn(&r, "r", rr);
	setn(&r, "omega", w);
	setn(&r, "mu", mu);
	setn(&r, "g", g);
	setn(&r, "vx0", u);
	setn(&r, "thetadot0", td);
	setn(&r, "tmax", 0);
	solve_ok(&r);
	double N = m * g;
	double q = mu * N / (2 * M_PI) *
		   (ring_integral(u, rr * (w + td), 1) + ring_integral(u, rr * (w - td), 1));
	ck_assert_rel(res(&r, "c_eff_exact"), q / u, 1e-10);
	double R = mu * N / (2 * M_PI) *
		   (ring_integral(u, rr * (w + td), 0) + ring_integral(u, rr * (w - td), 0));
	ck_assert_rel(res(&r, "R0"), R, 1e-10);
	/* tmax = 0: the end is the start */
	ck_assert_double_eq(res(&r, "vx_end"), u);
	run_free(&r);
}
END_TEST

/* ---- the figures ---------------------------------------------------------- */

/* The row of table t whose u is u, but for the last bits of rounding (it
 * must be there). */
static size_t row_at(const struct table *t, double u)
{
	for (size_t i = 0; i < t->nrows; i++)
		if (fabs(table_at(t, i, 0) - u) <= 1e-14 * fabs(u))
			return i;
	ck_abort_msg("table %s: no row at u = %.17g", t->name, u);
	return 0;
}

/* Whether c crosses the body's boundary at u along motion 0 (vx = 0.3,
 * vy = −0.1, ω = 4: c moves out along (1, 3)/√10): r|ω| for the disk and
 * ring, r_in|ω| and r|ω| for the annulus, and for the 0.2 × 0.12 rect
 * where c = (u/ω)(1, 3)/√10 reaches y = 0.06. */
static int crossings(int shape, double rim[2])
{
	switch (shape) {
	case 0:
	case 1:
		rim[0] = 4 * 0.1;
		return 1;
	case 2:
		rim[0] = 4 * 0.04;
		rim[1] = 4 * 0.1;
		return 2;
	default:
		rim[0] = 4 * 0.06 * sqrt(10.0) / 3;
		return 1;
	}
}

/* R and P against the slip speed u = s|u0|, s ∈ [0, 2]: every point of
 * the grid of 33 (2^L + 1 for a formula law) is a row, and so is each
 * crossing of c over the boundary (except Reye's ring's, which the
 * calculator refuses), where the figure draws a dashed line; the row at
 * s = 1 is the solve's own R and P, and the rows at s = 1/2 and 2 are what
 * the model gives with the velocity scaled so; Coulomb gives P = R and
 * Stokes P = 2R at every speed (eq. 10), and a μ that falls with v
 * (Bouchet, the formula here) P < R, since then ∫₀^v μ > μ(v) v; under
 * uniform pressure R is convex in the velocities and even along the ray,
 * so it grows with u; at u = 0 a disk only spins: R = 2μNr|ω|/3 (uniform)
 * or μNr|ω|/2 (Reye). The polyline is straight to 1e-3 of the height at
 * every point, but where it reached its narrowest intervals (1e-4 of the
 * width) or 160 points. */
START_TEST(test_R_P_sweep)
{
	const int shape = _i;
	for (int law = 0; law < 4; law++)
		for (int p = 0; p < 2; p++) {
			struct run r;
			setup_case(&r, shape, law, p ? "reye" : "uniform", 0);
			r.no_figs = false;
			solve_ok(&r);
			const double u0 = hypot(0.3, -0.1), R = res(&r, "R"), P = res(&r, "P");
			const double umax = 2 * u0;
			const struct table *t = tab(&r.figs, "R_P");
			const struct figure *f = fig(&r.figs, "R_P");
			const size_t n = t->nrows;
			ck_assert_msg(n >= 3 && n <= 160, "%zu rows", n);
			const int grid = law == 3 && n < 33 ? (n < 9 ? 2 : n < 17 ? 4 : 8) : 32;
			for (int j = 0; j <= grid; j++)
				row_at(t, umax * j / grid);
			double rim[2];
			for (int k = 0, nr = crossings(shape, rim); k < nr && law < 3; k++) {
				if (!(shape == 1 && p)) {
					row_at(t, rim[k]);
					const struct curve *line = f->curves + 2 + k;
					ck_assert_int_eq(line->style, CURVE_DASHED);
					ck_assert(
						strstr(line->label, "instantaneous centre on the"));
					ck_assert_double_eq_tol(line->x[0], rim[k], 1e-15);
					ck_assert_double_eq(line->x[1], line->x[0]);
				}
			}
			const size_t mid = row_at(t, u0);
			ck_assert_double_eq(table_at(t, mid, 1), R);
			ck_assert_double_eq(table_at(t, mid, 2), P);
			const struct curve *here = curve(f, "this exercise");
			ck_assert_double_eq(here->x[0], u0);
			ck_assert_double_eq(here->y[0], R);
			ck_assert_double_eq(here->y[1], P);
			double lo = INFINITY, hi = -INFINITY;
			for (size_t i = 0; i < n; i++)
				for (int k = 1; k < 3; k++) {
					lo = fmin(lo, table_at(t, i, k));
					hi = fmax(hi, table_at(t, i, k));
				}
			for (size_t i = 0; i < n; i++) {
				double Ri = table_at(t, i, 1), Pi = table_at(t, i, 2);
				if (law < 2)
					ck_assert_rel(Pi, law ? 2 * Ri : Ri, 1e-12);
				else
					ck_assert(Pi < Ri && Pi > 0);
				if (i > 0)
					ck_assert(table_at(t, i, 0) > table_at(t, i - 1, 0));
				if (i > 0 && !p)
					ck_assert(Ri >= table_at(t, i - 1, 1) * (1 - 1e-12));
				if (i == 0 || i + 1 == n || law == 3 || n == 160)
					continue;
				const double ua = table_at(t, i - 1, 0), ub = table_at(t, i, 0),
					     uc = table_at(t, i + 1, 0);
				const double narrow = 1.0001e-4 * umax;
				for (int k = 1; k < 3; k++) {
					const double ya = table_at(t, i - 1, k),
						     yc = table_at(t, i + 1, k);
					const double bend =
						fabs(table_at(t, i, k) -
						     (ya + (yc - ya) * (ub - ua) / (uc - ua)));
					ck_assert_msg(bend <= 1e-3 * (hi - lo) ||
							      ub - ua <= narrow ||
							      uc - ub <= narrow,
						      "bend %g of %g at u = %g", bend, hi - lo, ub);
				}
			}
			/* the model itself at s = 1/2 and 2 */
			for (int k = 0; k < 2; k++) {
				const double sc = k ? 2.0 : 0.5;
				if (grid < 4 && !k)
					continue;
				const size_t row = row_at(t, k ? umax : umax / 4);
				struct run q;
				setup_case(&q, shape, law, p ? "reye" : "uniform", 0);
				setn(&q, "vx", sc * 0.3);
				setn(&q, "vy", sc * -0.1);
				solve_ok(&q);
				ck_assert_rel(table_at(t, row, 1), res(&q, "R"), 1e-14);
				ck_assert_rel(table_at(t, row, 2), res(&q, "P"), 1e-14);
				run_free(&q);
			}
			if (shape == 0 && law == 0)
				ck_assert_rel(first(t, "R "),
					      (p ? 0.5 : 2.0 / 3.0) * 0.35 * 12 * 0.1 * 4, 1e-12);
			figures_sane(&r.figs);
			run_free(&r);
		}
}
END_TEST

/* rayleigh-reye's disk (r = 0.1 m, ω = 5 rad/s, μ = 0.3, N = 10 N). With
 * Reye's p = k/v_r and Coulomb friction R = μN A ω/∫dA/|x − c|, and the
 * integral is the potential of the uniform disk at c, d = |c| = u/ω:
 * 4r E(d/r) inside, 4d [E(r/d) − (1 − r²/d²) K(r/d)] outside, 4r on the
 * rim (E, K complete, of the modulus). Every row of R_P, the dense ones
 * next to the rim included, against it. */
static double reye_disk_R(double u)
{
	const double r = 0.1, w = 5, d = u / w, A = M_PI * r * r;
	double W;
	if (d < r)
		W = 4 * r * gsl_sf_ellint_Ecomp(d / r, GSL_PREC_DOUBLE);
	else if (d == r)
		W = 4 * r;
	else {
		const double k = r / d;
		W = 4 * d *
		    (gsl_sf_ellint_Ecomp(k, GSL_PREC_DOUBLE) -
		     (1 - k * k) * gsl_sf_ellint_Kcomp(k, GSL_PREC_DOUBLE));
	}
	return 0.3 * 10 * A * w / W;
}

static void setup_reye_exercise(struct run *r, const char *pressure)
{
	run_init(r, "rayleigh");
	setw(r, "shape", "disk");
	setn(r, "r", 0.1);
	setn(r, "vx", 0.3);
	setn(r, "wz", 5);
	setw(r, "pressure", pressure);
	setw(r, "law", "coulomb");
	setn(r, "mu", 0.3);
	setn(r, "N", 10);
}

START_TEST(test_R_P_reye_rim)
{
	struct run r;
	setup_reye_exercise(&r, "reye");
	solve_ok(&r);
	const struct table *t = tab(&r.figs, "R_P");
	size_t near = 0;
	for (size_t i = 0; i < t->nrows; i++) {
		const double u = table_at(t, i, 0);
		ck_assert_rel(table_at(t, i, 1), reye_disk_R(u), 1e-9);
		near += fabs(u - 0.5) < 0.01;
	}
	/* R has an infinite slope at the rim: the rows crowd there */
	ck_assert_msg(near >= 8, "%zu rows within 0.01 m/s of the rim", near);
	ck_assert_rel(table_at(t, row_at(t, 0.5), 1), 0.3 * 10 * M_PI * 0.1 * 5 / 4, 1e-10);
	const struct curve *rim =
		curve(fig(&r.figs, "R_P"), "u = r|ω| = 0.5 m/s: instantaneous centre on the rim");
	ck_assert_double_eq(rim->x[0], 0.5);
	figures_sane(&r.figs);
	run_free(&r);
}
END_TEST

/* The exercise's point: Qx of eq. (18) against −∂R/∂vx along u, each
 * against the mpmath reference (tests/ref/rayleigh_ref.py, cases
 * reye_ex_u*: the same disk at u = 0.15 ... 0.6 m/s, derivatives by a
 * 6th-order stencil at 30 digits), to 1e-9 for Qx and 1e-7 for the
 * derivative (its 5-point stencil); they differ by 0.3 N at the exercise's
 * own u, and −∂R/∂vx is broken at the rim u = 0.5 m/s, where it is
 * infinite. Under uniform pressure they are one curve (eq. 16), to 1e-7
 * of μN. */
START_TEST(test_Q_figure)
{
	struct run r;
	setup_reye_exercise(&r, "reye");
	solve_ok(&r);
	const struct table *t = tab(&r.figs, "Q");
	const struct figure *f = fig(&r.figs, "Q");
	int seen = 0;
	for (size_t k = 0; k < sizeof(rayleigh_refs) / sizeof(*rayleigh_refs); k++) {
		const struct rayleigh_ref *c = &rayleigh_refs[k];
		if (strncmp(c->name, "reye_ex_", 8))
			continue;
		const size_t i = row_at(t, c->ux);
		ck_assert_rel(table_at(t, i, 1), c->Qx, 1e-9);
		ck_assert_rel(table_at(t, i, 2), -c->dRdvx, 1e-7);
		seen++;
	}
	ck_assert_int_eq(seen, 5);
	const size_t i0 = row_at(t, 0.3);
	ck_assert_double_eq(table_at(t, i0, 1), res(&r, "Qx"));
	ck_assert_double_eq(table_at(t, i0, 2), -res(&r, "dRdvx"));
	ck_assert(table_at(t, i0, 2) - table_at(t, i0, 1) > 0.3);
	const struct curve *q = curve(f, "Qx (eq. 18)");
	const struct curve *d = curve(f, "−∂R/∂vx (differentiating R)");
	ck_assert_int_eq(d->style, CURVE_DASHED);
	size_t breaks = 0, at_rim = 0;
	for (size_t j = 0; j < d->n; j++) {
		breaks += isnan(d->x[j]);
		ck_assert(d->x[j] != 0.5);
	}
	for (size_t j = 0; j < q->n; j++)
		at_rim += q->x[j] == 0.5;
	ck_assert_int_eq(breaks, 1);
	ck_assert_int_eq(at_rim, 1);
	figures_sane(&r.figs);
	run_free(&r);

	setup_reye_exercise(&r, "uniform");
	solve_ok(&r);
	t = tab(&r.figs, "Q");
	ck_assert(t->nrows >= 17);
	for (size_t i = 0; i < t->nrows; i++)
		ck_assert_near(table_at(t, i, 2), table_at(t, i, 1), 1e-7, 0.3 * 10);
	curve(fig(&r.figs, "Q"), "−∂R/∂vx (differentiating R; = Qx by eq. 16)");
	run_free(&r);
}
END_TEST

/* Without spin every point slides at u: R = μNu along the whole sweep,
 * from 0 at rest; for a pure spin the sweep pushes the centre along x up
 * to 2|ω| times the body's size, from the exercise's own point. */
START_TEST(test_R_P_translation_and_spin)
{
	struct run r;
	setup_case(&r, 3, 0, "reye", 4);
	r.no_figs = false;
	solve_ok(&r);
	const struct table *t = tab(&r.figs, "R_P");
	ck_assert_double_eq(first(t, "R "), 0);
	for (size_t i = 0; i < t->nrows; i++)
		ck_assert_near(table_at(t, i, 1), 0.35 * 12 * table_at(t, i, 0), 1e-12,
			       0.35 * 12 * 0.4);
	run_free(&r);
	setup_case(&r, 0, 1, "uniform", 5);
	r.no_figs = false;
	solve_ok(&r);
	t = tab(&r.figs, "R_P");
	ck_assert_double_eq(first(t, "R "), res(&r, "R"));
	ck_assert_double_eq(last(t, "u "), 2 * 4 * 0.1);
	ck_assert_double_eq(curve(fig(&r.figs, "R_P"), "this exercise")->x[0], 0);
	run_free(&r);
}
END_TEST

/* The conveyor's run from the block's start to tmax: the rows start at the
 * parameters and end at the results, x and y integrate ẋ and ẏ, the block
 * reaches the belt's speed at t_stick and rides with it after. */
START_TEST(test_conveyor_figures)
{
	struct run r;
	run_init(&r, "conveyor");
	setn(&r, "v0", 0.5);
	setn(&r, "Fy", 2);
	setn(&r, "x0", 0.1);
	setn(&r, "vy0", 0.05);
	solve_ok(&r);
	ck_assert(resb(&r, "stuck"));
	const struct table *t = tab(&r.figs, "motion");
	ck_assert_double_eq(first(t, "t "), 0);
	ck_assert_double_eq(first(t, "x "), 0.1);
	ck_assert_double_eq(first(t, "y "), 0);
	ck_assert_double_eq(first(t, "xdot "), 0);
	ck_assert_double_eq(first(t, "ydot "), 0.05);
	ck_assert_double_eq(first(t, "v_r "), hypot(0.5, 0.05));
	ck_assert_double_eq(first(t, "riding"), 0);
	ck_assert_double_eq(last(t, "t "), 2);
	ck_assert_double_eq(last(t, "x "), res(&r, "x_end"));
	ck_assert_double_eq(last(t, "y "), res(&r, "y_end"));
	ck_assert_double_eq(last(t, "xdot "), res(&r, "vx_end"));
	ck_assert_double_eq(last(t, "ydot "), res(&r, "vy_end"));
	ck_assert_double_eq(last(t, "v_r "), 0);
	ck_assert_double_eq(last(t, "riding"), 1);
	ck_assert_near(trapezoid(t, 0, col(t, "xdot ")), res(&r, "x_end") - 0.1, 1e-6, 1);
	ck_assert_near(trapezoid(t, 0, col(t, "ydot ")), res(&r, "y_end"), 1e-6, 1);
	const struct figure *f = fig(&r.figs, "velocity");
	const struct curve *st = curve(f, "reaches the belt's speed (t_stick)");
	ck_assert_double_eq(st->x[0], res(&r, "t_stick"));
	ck_assert_double_eq(st->y[0], 0.5);
	ck_assert_double_eq(curve(f, "belt speed v0")->y[1], 0.5);
	const struct curve *ride = curve(fig(&r.figs, "slip"), "riding with the belt");
	ck_assert_double_eq(ride->x[0], res(&r, "t_stick"));
	for (size_t i = 0; i < ride->n; i++)
		ck_assert_double_eq(ride->y[i], 0);
	/* millimetres across over a metre along: not to scale, and it says so */
	f = fig(&r.figs, "path");
	ck_assert(!f->equal_axes && strstr(f->title, "y magnified"));
	ck_assert_double_eq(f->curves[0].y[f->curves[0].n - 1], res(&r, "y_end"));
	fig(&r.figs, "position");
	figures_sane(&r.figs);
	run_free(&r);
}
END_TEST

/* Held at x = 0 and pushed across: ẏ settles on the paper's Fy/c, drawn
 * dashed, to within (ẏ/v0)²; x and ẋ stay 0; no path to draw. */
START_TEST(test_conveyor_figures_held)
{
	struct run r;
	run_init(&r, "conveyor");
	setw(&r, "held", "yes");
	setn(&r, "v0", 1);
	setn(&r, "Fy", 0.05);
	setn(&r, "tmax", 10);
	solve_ok(&r);
	const struct table *t = tab(&r.figs, "motion");
	for (size_t i = 0; i < t->nrows; i++) {
		ck_assert_double_eq(table_at(t, i, col(t, "x ")), 0);
		ck_assert_double_eq(table_at(t, i, col(t, "xdot ")), 0);
	}
	const struct figure *f = fig(&r.figs, "velocity");
	const struct curve *c = curve(f, "Fy/c_transverse (slow transverse motion)");
	ck_assert_double_eq(c->y[0], 0.05 / res(&r, "c_transverse"));
	double ratio = res(&r, "vy_end") / 1;
	ck_assert_rel(last(t, "ydot "), c->y[0], 2 * ratio * ratio);
	ck_assert_double_eq(last(t, "ydot "), res(&r, "vy_end"));
	ck_assert(figures_find(&r.figs, "path") == NULL);
	for (size_t i = 0; i < f->ncurves; i++)
		ck_assert_str_ne(f->curves[i].label, "ẋ");
	run_free(&r);
}
END_TEST

/* The polisher from the worker's release to tmax: rows from the
 * parameters to the results, the rings' force at the start is the exact
 * c times the speed, x integrates ẋ, and the expansion drawn beside the
 * run starts where it does; its turning rate follows M t/(2m r²) within
 * (u/rω)². */
START_TEST(test_polisher_figures)
{
	struct run r;
	run_init(&r, "polisher");
	setn(&r, "vx0", 0.3);
	setn(&r, "vy0", 0.1);
	setn(&r, "Fx", 0.5);
	setn(&r, "M", 0.05);
	setn(&r, "tmax", 2);
	solve_ok(&r);
	const struct table *t = tab(&r.figs, "motion");
	ck_assert_double_eq(first(t, "xdot "), 0.3);
	ck_assert_double_eq(first(t, "ydot "), 0.1);
	ck_assert_double_eq(first(t, "thetadot "), 0);
	ck_assert_rel(-(first(t, "Qx ") * 0.3 + first(t, "Qy ") * 0.1) / (0.09 + 0.01),
		      res(&r, "c_eff_exact"), 1e-12);
	const char *const ends[][2] = {{"t ", "t_end"},
				       {"x ", "x_end"},
				       {"y ", "y_end"},
				       {"theta ", "theta_end"},
				       {"xdot ", "vx_end"},
				       {"ydot ", "vy_end"},
				       {"thetadot ", "thetadot_end"}};
	for (size_t i = 0; i < sizeof(ends) / sizeof(*ends); i++)
		ck_assert_double_eq(last(t, ends[i][0]), res(&r, ends[i][1]));
	ck_assert_near(trapezoid(t, 0, col(t, "xdot ")), res(&r, "x_end"), 1e-6, 1);
	ck_assert_near(trapezoid(t, 0, col(t, "thetadot ")), res(&r, "theta_end"), 1e-6, 1);
	const struct figure *f = fig(&r.figs, "velocity");
	ck_assert_double_eq(curve(f, "ẋ, expansion c_eff")->y[0], 0.3);
	ck_assert_double_eq(curve(f, "ẏ, expansion c_eff")->y[0], 0.1);
	const struct curve *sp = curve(fig(&r.figs, "spin"), "expansion θ̇0 + M t/(2m r²)");
	const double td = 0.05 * 2 / (2 * 2 * 0.15 * 0.15), eps = 0.32 / (0.15 * 20);
	ck_assert_rel(sp->y[1], td, 1e-15);
	ck_assert_rel(res(&r, "thetadot_end"), td, eps * eps);
	const struct curve *visc =
		curve(fig(&r.figs, "friction"), "c_eff u (the paper's expansion)");
	ck_assert_rel(visc->y[1] / visc->x[1], res(&r, "c_eff"), 1e-15);
	ck_assert(fig(&r.figs, "path")->equal_axes);
	figures_sane(&r.figs);
	run_free(&r);
}
END_TEST

/* Under valgrind (run-all.sh sets TRIBO_TEST_LIGHT) the loops over motions
 * take the first only, a translation with a spin (the general case, every
 * branch of the quadrature's integrand): the plain and sanitized builds run
 * them all. */
static int nmotions(void)
{
	int n = (int)(sizeof(motions) / sizeof(*motions));
	return getenv("TRIBO_TEST_LIGHT") ? 1 : n;
}

static Suite *rayleigh_suite(void)
{
	Suite *s = suite_create("rayleigh");
	TCase *tc = tcase_create("calculator");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_ring_done_when);
	tcase_add_loop_test(tc, test_references, 0,
			    (int)(sizeof(rayleigh_refs) / sizeof(*rayleigh_refs)));
	tcase_add_loop_test(tc, test_uniform_q_is_minus_grad_r, 0, nmotions());
	tcase_add_loop_test(tc, test_reye, 0, nmotions());
	tcase_add_test(tc, test_translation_coulomb);
	tcase_add_test(tc, test_pure_spin_disk);
	tcase_add_test(tc, test_moving_base);
	tcase_add_loop_test(tc, test_formula_law, 0, nmotions());
	tcase_add_test(tc, test_centre_on_edge);
	tcase_add_test(tc, test_ring_small_velocity);
	tcase_add_test(tc, test_errors);
	suite_add_tcase(s, tc);
	TCase *ex = tcase_create("exercises");
	tcase_set_timeout(ex, 120);
	tcase_add_test(ex, test_conveyor_start);
	tcase_add_test(ex, test_conveyor_stick);
	tcase_add_test(ex, test_conveyor_transverse);
	tcase_add_test(ex, test_polisher_limit);
	tcase_add_test(ex, test_polisher_exact_c);
	suite_add_tcase(s, ex);
	TCase *fc = tcase_create("figures");
	tcase_set_timeout(fc, 120);
	/* under valgrind the disk and the ring only: the annulus and the rect
	 * take minutes there */
	tcase_add_loop_test(fc, test_R_P_sweep, 0, getenv("TRIBO_TEST_LIGHT") ? 2 : 4);
	tcase_add_test(fc, test_R_P_translation_and_spin);
	tcase_add_test(fc, test_R_P_reye_rim);
	tcase_add_test(fc, test_Q_figure);
	tcase_add_test(fc, test_conveyor_figures);
	tcase_add_test(fc, test_conveyor_figures_held);
	tcase_add_test(fc, test_polisher_figures);
	suite_add_tcase(s, fc);
	return s;
}

int main(void)
{
	return run_suite(rayleigh_suite());
}
