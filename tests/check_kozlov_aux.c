/* Kozlov's two small models: kozlov-rest (§3, rest or motion under
 * anisotropic friction, by (3.2)/(3.3) and by the Lyapunov principle) and
 * kozlov-ball (§6, the ball under the generalized Amontons law), against
 * closed forms, an independent quartic, and independent integrations. */
#include <check.h>
#include <float.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_odeiv2.h>
#include <gsl/gsl_poly.h>
#include <math.h>
#include <string.h>

#include "exercise/exercise.h"
#include "figcheck.h"
#include "modelrun.h"
#include "models/model.h"
#include "testutil.h"

/* |a - b| <= tol */
#define ck_assert_abs(a, b, tol)                                                                   \
	do {                                                                                       \
		double a__ = (a), b__ = (b);                                                       \
		ck_assert_msg(fabs(a__ - b__) <= (tol), "%s = %.17g, expected %.17g (±%g)", #a,    \
			      a__, b__, (double)(tol));                                            \
	} while (0)

/* ---- kozlov-rest ---------------------------------------------------------- */

static void rest_set(struct run *r, double p11, double p12, double p21, double p22, double fx,
		     double fy)
{
	setn(r, "phi11", p11);
	setn(r, "phi12", p12);
	setn(r, "phi21", p21);
	setn(r, "phi22", p22);
	setn(r, "fx", fx);
	setn(r, "fy", fy);
}

/* q32 = 0.9 and 1.1 with Φ = diag(1, 0.5): f = Φ a with |a|² = q32. */
START_TEST(test_rest_boundary)
{
	const double qs[] = {0.9, 1.1};
	for (int k = 0; k < 2; k++) {
		struct run r;
		run_init(&r, "kozlov-rest");
		double a = sqrt(qs[k]), th = 0.7;
		rest_set(&r, 1, 0, 0, 0.5, a * cos(th), 0.5 * a * sin(th));
		solve_ok(&r);
		ck_assert_rel(res(&r, "q32"), qs[k], 1e-14);
		ck_assert_int_eq(resv(&r, "moves")->kind, VAL_BOOL);
		ck_assert(resv(&r, "moves")->b == (qs[k] > 1));
		if (qs[k] > 1) {
			ck_assert(res(&r, "lyap_lambda") > 0);
			ck_assert(isfinite(res(&r, "eta_x")) && isfinite(res(&r, "eta_y")));
		} else {
			ck_assert(isnan(res(&r, "lyap_lambda")));
			ck_assert(isnan(res(&r, "eta_x")) && isnan(res(&r, "eta_y")));
			ck_assert_ptr_nonnull(strstr(strbuf_str(&r.steps), "W = ½(Φ⁻¹v, v)"));
			ck_assert_ptr_nonnull(
				strstr(strbuf_str(&r.steps), "asymptotically stable"));
		}
		run_free(&r);
	}
}
END_TEST

/* The defaults sit on q32 = 1 exactly (0.8² + 0.6²): the classical
 * principle says rest, the Lyapunov one λ = 0, η = Φ⁻¹f. */
/* Φ = diag(1, 0.5), f = (0.8, 0.3): q32 = 0.8² + 0.6² = 1 exactly. */
START_TEST(test_rest_defaults_on_boundary)
{
	struct run r;
	run_init(&r, "kozlov-rest");
	setn(&r, "fy", 0.3);
	solve_ok(&r);
	ck_assert_rel(res(&r, "q32"), 1.0, 1e-15);
	ck_assert(!resv(&r, "moves")->b);
	ck_assert_abs(res(&r, "lyap_lambda"), 0.0, 0.0);
	ck_assert_rel(res(&r, "eta_x"), 0.8, 1e-15);
	ck_assert_rel(res(&r, "eta_y"), 0.6, 1e-15);
	ck_assert_ptr_nonnull(strstr(strbuf_str(&r.steps), "The two principles part here"));
	run_free(&r);
}
END_TEST

/* Φ = μI: (μ + λ)η = f, |η| = 1 gives λ = |f| − μ, η = f/|f|. */
START_TEST(test_rest_isotropic)
{
	const double cases[][3] = {{0.5, 0.6, 0.2}, {0.3, -0.4, 0.9}, {1.0, 0.0, -1.5}};
	for (size_t k = 0; k < sizeof(cases) / sizeof(*cases); k++) {
		double mu = cases[k][0], fx = cases[k][1], fy = cases[k][2], f = hypot(fx, fy);
		struct run r;
		run_init(&r, "kozlov-rest");
		rest_set(&r, mu, 0, 0, mu, fx, fy);
		solve_ok(&r);
		ck_assert_rel(res(&r, "q32"), f * f / (mu * mu), 1e-14);
		ck_assert(resv(&r, "moves")->b);
		ck_assert_rel(res(&r, "lyap_lambda"), f - mu, 1e-12);
		ck_assert_abs(res(&r, "eta_x"), fx / f, 1e-12);
		ck_assert_abs(res(&r, "eta_y"), fy / f, 1e-12);
		run_free(&r);
	}
}
END_TEST

/* Φ = diag(a, b): ζ(λ) = 1 is the quartic
 * fx²(b+λ)² + fy²(a+λ)² − (a+λ)²(b+λ)² = 0; its largest real positive
 * root by gsl_poly_complex_solve. */
static double quartic_root(double a, double b, double fx, double fy)
{
	const double s = a + b, p = a * b;
	/* (a+λ)(b+λ) = λ² + sλ + p; its square: */
	double c[5] = {
		fx * fx * b * b + fy * fy * a * a - p * p,
		2 * fx * fx * b + 2 * fy * fy * a - 2 * s * p,
		fx * fx + fy * fy - (s * s + 2 * p),
		-2 * s,
		-1,
	};
	double z[8];
	gsl_poly_complex_workspace *w = gsl_poly_complex_workspace_alloc(5);
	ck_assert_int_eq(gsl_poly_complex_solve(c, 5, w, z), GSL_SUCCESS);
	gsl_poly_complex_workspace_free(w);
	double best = NAN;
	for (int i = 0; i < 4; i++) {
		double re = z[2 * i], im = z[2 * i + 1];
		if (fabs(im) <= 1e-9 * fmax(1.0, fabs(re)) && re > 0 && !(re <= best))
			best = re;
	}
	return best;
}

START_TEST(test_rest_quartic)
{
	/* a, b, fx, fy: the last one violates (2.8), b < 0, so Φ + λI is
	 * singular at λ = 0.5 and the largest root lies beyond that pole */
	const double cases[][4] = {{1.0, 0.5, 0.9, 0.4},
				   {0.6, 0.3, 0.5, 0.4},
				   {0.2, 1.5, 0.7, -1.8},
				   {2.0, 0.1, -2.5, 0.05},
				   {1.0, -0.5, 0.3, 0.1}};
	for (size_t k = 0; k < sizeof(cases) / sizeof(*cases); k++) {
		const double *c = cases[k];
		struct run r;
		run_init(&r, "kozlov-rest");
		rest_set(&r, c[0], 0, 0, c[1], c[2], c[3]);
		solve_ok(&r);
		double lam = quartic_root(c[0], c[1], c[2], c[3]);
		ck_assert_msg(isfinite(lam), "case %zu: the quartic has no positive root", k);
		ck_assert_rel(res(&r, "lyap_lambda"), lam, 1e-10);
		ck_assert_rel(res(&r, "eta_x"), c[2] / (c[0] + lam), 1e-9);
		ck_assert_rel(res(&r, "eta_y"), c[3] / (c[1] + lam), 1e-9);
		run_free(&r);
	}
	/* the last case: q32 < 1, yet a ray grows, and steps say so */
	struct run r;
	run_init(&r, "kozlov-rest");
	rest_set(&r, 1.0, 0, 0, -0.5, 0.3, 0.1);
	solve_ok(&r);
	ck_assert(!resv(&r, "moves")->b);
	ck_assert(res(&r, "lyap_lambda") > 0.5);
	ck_assert_ptr_nonnull(strstr(strbuf_str(&r.steps), "violates (2.8)"));
	ck_assert_ptr_nonnull(strstr(strbuf_str(&r.steps), "The principles disagree"));
	ck_assert_ptr_nonnull(
		strstr(strbuf_str(&r.steps), "(Φ violates (2.8): ζ need not decrease)"));
	run_free(&r);

	/* Where (2.8) holds the principles agree, symmetric Φ or not: with
	 * u = (Φ + λI)⁻¹w, w = (Φ + λI)⁻¹f, dζ/dλ = −2((Φu, u) + λ|u|²) < 0,
	 * so ζ = 1 has a positive root exactly when ζ(0) = q32 > 1. Φ here is
	 * far from symmetric (a skew part 2), its symmetric part diag(1, 0.5). */
	static const double fs[][2] = {
		{0.3, 0.1}, {1.5, 0.2}, {-0.4, 0.9}, {2.0, -1.5}, {3.0, 3.0}};
	for (size_t k = 0; k < sizeof(fs) / sizeof(fs[0]); k++) {
		run_init(&r, "kozlov-rest");
		rest_set(&r, 1.0, 2.0, -2.0, 0.5, fs[k][0], fs[k][1]);
		solve_ok(&r);
		bool moves = resv(&r, "moves")->b;
		ck_assert_msg(moves == (res(&r, "q32") > 1), "case %zu", k);
		ck_assert_msg(moves == isfinite(res(&r, "lyap_lambda")), "case %zu: q32 = %g", k,
			      res(&r, "q32"));
		ck_assert_ptr_nonnull(strstr(strbuf_str(&r.steps), "Both principles agree"));
		run_free(&r);
	}
}
END_TEST

/* Φ = diag(4, −3), f = (0, 2): the roots of ζ = 4/(λ − 3)² = 1, λ = 1 and 5,
 * are those of the quartic (λ + 4)²(4 − (λ − 3)²), whose real roots in
 * (0, λ_hi] split it at their midpoint, the pole λ = 3 to rounding; of the
 * two changes of sign the largest root is taken. */
START_TEST(test_rest_quartic_pole_between)
{
	struct run r;
	run_init(&r, "kozlov-rest");
	rest_set(&r, 4, 0, 0, -3, 0, 2);
	solve_ok(&r);
	ck_assert_rel(res(&r, "lyap_lambda"), 5.0, 1e-13);
	ck_assert_abs(res(&r, "eta_x"), 0.0, 1e-13);
	ck_assert_abs(res(&r, "eta_y"), 1.0, 1e-13);
	ck_assert_ptr_nonnull(strstr(strbuf_str(&r.steps), "is the quartic"));
	ck_assert_ptr_nonnull(strstr(strbuf_str(&r.steps), "2 changes of sign"));
	run_free(&r);
}
END_TEST

/* The same scaled by s = 2^1000, with f = (0, s): the quartic's
 * coefficients (of order s⁴) overflow, and the scan decides. λ_hi = 5s + s
 * (the 1 lost) = 6s puts scan point 2000 exactly on λ = 3s, where Φ + λI is
 * singular; it is skipped, and of the roots 2s and 4s the largest is
 * taken, η = (0, s/(−3s + 4s)) = (0, 1). */
START_TEST(test_rest_singular_scan_point)
{
	const double sc = ldexp(1.0, 1000);
	struct run r;
	run_init(&r, "kozlov-rest");
	rest_set(&r, 4 * sc, 0, 0, -3 * sc, 0, sc);
	solve_ok(&r);
	ck_assert_rel(res(&r, "lyap_lambda"), 4 * sc, 1e-13);
	ck_assert_abs(res(&r, "eta_x"), 0.0, 1e-13);
	ck_assert_abs(res(&r, "eta_y"), 1.0, 1e-13);
	ck_assert_ptr_nonnull(strstr(strbuf_str(&r.steps), "could not decide"));
	ck_assert_ptr_nonnull(strstr(strbuf_str(&r.steps), "Φ + λI is singular"));
	ck_assert_ptr_nonnull(strstr(strbuf_str(&r.steps), "2 roots bracketed"));
	run_free(&r);
}
END_TEST

static const double ns_phi[4] = {0.7, 0.3, -0.2, 0.4}; /* Φ + Φᵀ > 0, not symmetric */
static const double ns_f[2] = {0.6, 0.5};

/* A non-symmetric Φ: (Φ + λI)η = f and |η| = 1. */
START_TEST(test_rest_nonsymmetric)
{
	struct run r;
	run_init(&r, "kozlov-rest");
	rest_set(&r, ns_phi[0], ns_phi[1], ns_phi[2], ns_phi[3], ns_f[0], ns_f[1]);
	solve_ok(&r);
	double lam = res(&r, "lyap_lambda"), ex = res(&r, "eta_x"), ey = res(&r, "eta_y");
	ck_assert(resv(&r, "moves")->b);
	ck_assert(lam > 0);
	ck_assert_abs((ns_phi[0] + lam) * ex + ns_phi[1] * ey, ns_f[0], 1e-12);
	ck_assert_abs(ns_phi[2] * ex + (ns_phi[3] + lam) * ey, ns_f[1], 1e-12);
	ck_assert_abs(hypot(ex, ey), 1.0, 1e-12);
	run_free(&r);
}
END_TEST

struct ray {
	const double *phi, *f;
};

/* (3.8) v' = f|v| − Φv */
static int ray_rhs(double t, const double v[], double dv[], void *p)
{
	const struct ray *k = p;
	(void)t;
	double n = hypot(v[0], v[1]);
	dv[0] = k->f[0] * n - k->phi[0] * v[0] - k->phi[1] * v[1];
	dv[1] = k->f[1] * n - k->phi[2] * v[0] - k->phi[3] * v[1];
	return GSL_SUCCESS;
}

/* From a tiny v along η, (3.8) integrated by GSL grows as e^{λτ} and keeps
 * its direction. */
START_TEST(test_rest_ray_grows)
{
	struct run r;
	run_init(&r, "kozlov-rest");
	rest_set(&r, ns_phi[0], ns_phi[1], ns_phi[2], ns_phi[3], ns_f[0], ns_f[1]);
	solve_ok(&r);
	double lam = res(&r, "lyap_lambda"), eta[2] = {res(&r, "eta_x"), res(&r, "eta_y")};
	struct ray k = {ns_phi, ns_f};
	gsl_odeiv2_system sys = {ray_rhs, NULL, 2, &k};
	gsl_odeiv2_driver *drv =
		gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, 1e-3, 1e-20, 1e-13);
	const double c = 1e-6;
	double v[2] = {c * eta[0], c * eta[1]}, tau = 0;
	for (int i = 1; i <= 4; i++) {
		double tau1 = 2.0 * i;
		ck_assert_int_eq(gsl_odeiv2_driver_apply(drv, &tau, tau1, v), GSL_SUCCESS);
		double grow = c * exp(lam * tau1);
		ck_assert_rel(hypot(v[0], v[1]), grow, 1e-10);
		ck_assert_abs(v[0] / grow, eta[0], 1e-10);
		ck_assert_abs(v[1] / grow, eta[1], 1e-10);
	}
	gsl_odeiv2_driver_free(drv);
	run_free(&r);
}
END_TEST

START_TEST(test_rest_singular)
{
	struct run r;
	run_init(&r, "kozlov-rest");
	rest_set(&r, 1, 2, 0.5, 1, 0.3, 0.1);
	ck_assert_int_eq(solve(&r), -1);
	ck_assert_ptr_nonnull(strstr(r.d.msg, "friction operator Φ"));
	ck_assert_ptr_nonnull(strstr(r.d.msg, "singular"));
	run_free(&r);
}
END_TEST

/* Rows of far different scales are not singular: Φ = diag(1e300, 0.3),
 * f = (0.5, 0.4) gives ζ(λ) = (0.5/(1e300 + λ))² + (0.4/(0.3 + λ))², whose
 * root is λ = 0.1 (the first term is 1e-601 of the second), far below the
 * scan's ‖Φ‖ = 1e300. A Φ too small for f to be compared with 1 is an error,
 * not q32 = inf. */
START_TEST(test_rest_scales)
{
	struct run r;
	run_init(&r, "kozlov-rest");
	rest_set(&r, 1e300, 0, 0, 0.3, 0.5, 0.4);
	solve_ok(&r);
	ck_assert_rel(res(&r, "q32"), (0.4 / 0.3) * (0.4 / 0.3), 1e-15);
	ck_assert(resv(&r, "moves")->b);
	ck_assert_rel(res(&r, "lyap_lambda"), 0.1, 1e-12);
	ck_assert_rel(res(&r, "eta_y"), 1.0, 1e-12);
	rest_set(&r, 1e-300, 0, 0, 0.3, 0.5, 0.4);
	ck_assert_int_eq(solve(&r), -1);
	ck_assert_ptr_nonnull(strstr(r.d.msg, "beyond the largest double"));
	run_free(&r);
}
END_TEST

/* ---- kozlov-ball ---------------------------------------------------------- */

struct ball_state {
	double m, r, g, mu1, mu2, mu3, vx, vy, Omega, wx, wy;
};

static void ball_set(struct run *r, const struct ball_state *b)
{
	setn(r, "m", b->m);
	setn(r, "r", b->r);
	setn(r, "g", b->g);
	setn(r, "mu1", b->mu1);
	setn(r, "mu2", b->mu2);
	setn(r, "mu3", b->mu3);
	setn(r, "vx", b->vx);
	setn(r, "vy", b->vy);
	setn(r, "Omega", b->Omega);
	setn(r, "wx", b->wx);
	setn(r, "wy", b->wy);
}

/* D² = (v + ω'×rẑ)² + (2/5) r²(Ω² + ω'²), SPEC's corrected (6.5) */
static double ball_D(const struct ball_state *b)
{
	double wx = b->vx + b->r * b->wy, wy = b->vy - b->r * b->wx;
	return sqrt(wx * wx + wy * wy +
		    0.4 * b->r * b->r * (b->Omega * b->Omega + b->wx * b->wx + b->wy * b->wy));
}

static const struct ball_state general = {1.3, 0.07, 9.81, 0.35, 0.15, 0.08,
					  0.7, -0.4, 4.0,  3.0,	 -2.0};

/* Pure sliding: D = |v|, so (6.5) is Coulomb's force. */
START_TEST(test_ball_pure_sliding)
{
	const double vs[][2] = {{1, 0}, {-0.3, 0.4}, {2.5, -7}};
	for (size_t k = 0; k < sizeof(vs) / sizeof(*vs); k++) {
		struct ball_state b = general;
		b.vx = vs[k][0];
		b.vy = vs[k][1];
		b.Omega = b.wx = b.wy = 0;
		struct run r;
		run_init(&r, "kozlov-ball");
		ball_set(&r, &b);
		solve_ok(&r);
		double v = hypot(b.vx, b.vy);
		ck_assert_rel(res(&r, "D"), v, 1e-15);
		ck_assert_rel(res(&r, "F_x"), res(&r, "F_coulomb_x"), 1e-14);
		ck_assert_rel(res(&r, "F_y"), res(&r, "F_coulomb_y"), 1e-14);
		ck_assert_rel(res(&r, "F_coulomb_x"), -b.mu1 * b.m * b.g * b.vx / v, 1e-15);
		ck_assert_double_eq(res(&r, "M_spin"), 0.0);
		run_free(&r);
	}
}
END_TEST

/* Pure spin: D = √(2/5) r|Ω0|, M = −m g r² μ2 sgn Ω0/(√(2/5) r), constant:
 * the spin dies in J|Ω0|/|M| = |Ω0| (2/5)^{3/2} r/(g μ2). */
START_TEST(test_ball_pure_spin)
{
	const double omegas[] = {7.0, -30.0, 0.25};
	for (size_t k = 0; k < sizeof(omegas) / sizeof(*omegas); k++) {
		struct ball_state b = general;
		b.vx = b.vy = b.wx = b.wy = 0;
		b.Omega = omegas[k];
		struct run r;
		run_init(&r, "kozlov-ball");
		ball_set(&r, &b);
		solve_ok(&r);
		double O = fabs(b.Omega), sg = b.Omega > 0 ? 1 : -1;
		double M = -b.m * b.g * b.r * b.r * b.mu2 * sg / (sqrt(0.4) * b.r);
		ck_assert_rel(res(&r, "D"), sqrt(0.4) * b.r * O, 1e-15);
		ck_assert_rel(res(&r, "M_spin"), M, 1e-14);
		ck_assert_double_eq(res(&r, "F_x"), 0.0);
		ck_assert_double_eq(res(&r, "F_y"), 0.0);
		double J = 0.4 * b.m * b.r * b.r;
		ck_assert_rel(res(&r, "stop_time"), J * O / fabs(M), 1e-9);
		ck_assert_rel(res(&r, "stop_time"), O * pow(0.4, 1.5) * b.r / (b.g * b.mu2), 1e-9);
		run_free(&r);
	}
}
END_TEST

/* (6.5), (6.6) and the rolling torque at a general state. */
START_TEST(test_ball_general_state)
{
	const struct ball_state b = general;
	struct run r;
	run_init(&r, "kozlov-ball");
	ball_set(&r, &b);
	solve_ok(&r);
	double D = ball_D(&b), mg = b.m * b.g, r2 = b.r * b.r;
	ck_assert_rel(res(&r, "D"), D, 1e-14);
	ck_assert_rel(res(&r, "F_x"), -mg * b.mu1 * b.vx / D, 1e-14);
	ck_assert_rel(res(&r, "F_y"), -mg * b.mu1 * b.vy / D, 1e-14);
	ck_assert_rel(res(&r, "M_spin"), -mg * r2 * b.mu2 * b.Omega / D, 1e-14);
	ck_assert_rel(res(&r, "M_roll_x"), -mg * r2 * b.mu3 * b.wx / D, 1e-14);
	ck_assert_rel(res(&r, "M_roll_y"), -mg * r2 * b.mu3 * b.wy / D, 1e-14);
	double v = hypot(b.vx, b.vy);
	ck_assert_rel(res(&r, "F_coulomb_x"), -b.mu1 * mg * b.vx / v, 1e-15);
	ck_assert_rel(res(&r, "F_coulomb_y"), -b.mu1 * mg * b.vy / v, 1e-15);
	ck_assert(isfinite(res(&r, "stop_time")) && res(&r, "stop_time") > 0);
	run_free(&r);
}
END_TEST

/* The paper's remark: F and M decrease as the rolling rate grows, here
 * with the rolling's share of the centre's velocity, ω'×rẑ, across v. */
START_TEST(test_ball_rolling_lowers_friction)
{
	const double wxs[] = {0, 2, 5, 10, 20, 40};
	double Fprev = INFINITY, Mprev = INFINITY;
	for (size_t k = 0; k < sizeof(wxs) / sizeof(*wxs); k++) {
		struct ball_state b = general;
		b.vx = 1;
		b.vy = 0;
		b.Omega = 5;
		b.wx = wxs[k]; /* ω'×rẑ = (r ω_y, −r ω_x) = (0, −r wx) ⊥ v */
		b.wy = 0;
		struct run r;
		run_init(&r, "kozlov-ball");
		ball_set(&r, &b);
		solve_ok(&r);
		double F = hypot(res(&r, "F_x"), res(&r, "F_y")), M = fabs(res(&r, "M_spin"));
		ck_assert_msg(F < Fprev && M < Mprev, "wx = %g: |F| = %g, |M| = %g", wxs[k], F, M);
		Fprev = F;
		Mprev = M;
		run_free(&r);
	}
}
END_TEST

/* ... but not when the rolling carries the centre against the slip: with
 * Ω = 0 and ω'×rẑ = −v/1.4, D² = (2/7)|v|², so |F| = √(7/2) |F_Coulomb|. */
START_TEST(test_ball_rolling_against_slip)
{
	struct ball_state b = general;
	b.vx = 1.2;
	b.vy = 0;
	b.Omega = 0;
	b.wx = 0;
	b.wy = -b.vx / (1.4 * b.r);
	struct run r;
	run_init(&r, "kozlov-ball");
	ball_set(&r, &b);
	solve_ok(&r);
	ck_assert_rel(res(&r, "D"), sqrt(2.0 / 7.0) * b.vx, 1e-14);
	ck_assert_rel(res(&r, "F_x") / res(&r, "F_coulomb_x"), sqrt(3.5), 1e-14);
	ck_assert_ptr_nonnull(strstr(strbuf_str(&r.steps), "larger"));
	run_free(&r);
}
END_TEST

static double stop_time_of(const struct ball_state *b)
{
	struct run r;
	run_init(&r, "kozlov-ball");
	ball_set(&r, b);
	solve_ok(&r);
	double t = res(&r, "stop_time");
	run_free(&r);
	return t;
}

/* The law is homogeneous of degree 0 in q̇: doubling every velocity
 * doubles the stop time. */
START_TEST(test_ball_stop_time_scales)
{
	struct ball_state b = general, b2 = general;
	b2.vx *= 2;
	b2.vy *= 2;
	b2.Omega *= 2;
	b2.wx *= 2;
	b2.wy *= 2;
	double t1 = stop_time_of(&b), t2 = stop_time_of(&b2);
	ck_assert(isfinite(t1) && t1 > 0);
	ck_assert_rel(t2, 2 * t1, 1e-9);
}
END_TEST

/* An independent integration of A q̈ = −gΦq̇/D, with A written out by
 * hand and the stop time as t = ∫ dD/Ḋ: in σ = −ln(D/D0) the direction
 * u = q̇/D and t are smooth all the way down, and no event is needed. */
struct ball_ref {
	double A[5][5], phi[5], m, g;
};

static void ref_accel(const struct ball_ref *k, const double u[5], double a[5], double *Ddot)
{
	/* q̈ = A⁻¹F, F = −gΦu (D = 1 along u); A⁻¹ by Gauss-Jordan here */
	double M[5][6];
	for (int i = 0; i < 5; i++) {
		for (int j = 0; j < 5; j++)
			M[i][j] = k->A[i][j];
		M[i][5] = -k->g * k->phi[i] * u[i];
	}
	for (int c = 0; c < 5; c++) {
		int piv = c;
		for (int i = c + 1; i < 5; i++)
			if (fabs(M[i][c]) > fabs(M[piv][c]))
				piv = i;
		for (int j = 0; j < 6; j++) {
			double t = M[c][j];
			M[c][j] = M[piv][j];
			M[piv][j] = t;
		}
		for (int i = 0; i < 5; i++) {
			if (i == c)
				continue;
			double f = M[i][c] / M[c][c];
			for (int j = c; j < 6; j++)
				M[i][j] -= f * M[c][j];
		}
	}
	double uPu = 0.0;
	for (int i = 0; i < 5; i++) {
		a[i] = M[i][5] / M[i][i];
		uPu += k->phi[i] * u[i] * u[i];
	}
	*Ddot = -k->g * uPu / k->m;
}

/* y = (u, t/D0), σ = −ln(D/D0), u = q̇/D0 e^σ. Normalizing u by its own
 * D(u) (= 1 on the exact flow) keeps the flow neutral to rounding in
 * D(u); unnormalized, D(u) = 1 is repelling, as e^{2σ}. */
static int ref_rhs(double sigma, const double y[], double dy[], void *p)
{
	const struct ball_ref *k = p;
	double a[5], Ddot, u[5], Au = 0.0;
	for (int i = 0; i < 5; i++)
		for (int j = 0; j < 5; j++)
			Au += y[i] * k->A[i][j] * y[j];
	double delta = sqrt(Au / k->m);
	for (int i = 0; i < 5; i++)
		u[i] = y[i] / delta;
	ref_accel(k, u, a, &Ddot);
	/* q̇ = D u: q̈ = Ḋ u + D u̇, dσ/dt = −Ḋ/D */
	for (int i = 0; i < 5; i++)
		dy[i] = -(a[i] - Ddot * u[i]) / Ddot;
	dy[5] = -exp(-sigma) / Ddot;
	return GSL_SUCCESS;
}

START_TEST(test_ball_stop_time_independent)
{
	const struct ball_state b = general;
	const double m = b.m, r = b.r, J = 0.4 * m * r * r;
	struct ball_ref k = {
		.A = {{m, 0, 0, m * r, 0},
		      {0, m, -m * r, 0, 0},
		      {0, -m * r, m * r * r + J, 0, 0},
		      {m * r, 0, 0, m * r * r + J, 0},
		      {0, 0, 0, 0, J}},
		.phi = {m * b.mu1, m * b.mu1, m * r * r * b.mu3, m * r * r * b.mu3,
			m * r * r * b.mu2},
		.m = m,
		.g = b.g,
	};
	const double D0 = ball_D(&b);
	double y[6] = {b.vx / D0, b.vy / D0, b.wx / D0, b.wy / D0, b.Omega / D0, 0.0};
	gsl_odeiv2_system sys = {ref_rhs, NULL, 6, &k};
	gsl_odeiv2_driver *drv =
		gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, 1e-3, 1e-14, 1e-13);
	double sigma = 0.0;
	int st = gsl_odeiv2_driver_apply(drv, &sigma, 45.0, y);
	ck_assert_msg(st == GSL_SUCCESS, "st %d sigma %g y %g %g %g %g %g %g", st, sigma, y[0],
		      y[1], y[2], y[3], y[4], y[5]);
	gsl_odeiv2_driver_free(drv);
	ck_assert_rel(stop_time_of(&b), y[5] * D0, 1e-9);
}
END_TEST

START_TEST(test_ball_never_stops)
{
	struct ball_state b = general;
	b.mu1 = b.mu2 = b.mu3 = 0;
	ck_assert(isinf(stop_time_of(&b)));
	b = general;
	b.mu1 = 0; /* the centre moves: its momentum is conserved */
	ck_assert(isinf(stop_time_of(&b)));
	b = general;
	b.mu2 = 0; /* Ω ≠ 0 is conserved */
	ck_assert(isinf(stop_time_of(&b)));
	b.Omega = 0; /* ... but with Ω = 0 nothing is left for μ2 */
	ck_assert(isfinite(stop_time_of(&b)));
	b = general;
	b.vx = b.vy = b.wx = b.wy = b.Omega = 0;
	ck_assert_double_eq(stop_time_of(&b), 0.0);
}
END_TEST

/* ---- the figures ---------------------------------------------------------- */

/* |Φ⁻¹z| by the 2×2 inverse, independent of the model's LU. */
static double phi_inv_norm(const double P[4], double zx, double zy)
{
	double det = P[0] * P[3] - P[1] * P[2];
	return hypot((P[3] * zx - P[1] * zy) / det, (-P[2] * zx + P[0] * zy) / det);
}

/* ζ(λ) as drawn is |(Φ + λI)⁻¹f|² at every λ, from q32 at 0, crossing 1 at
 * lyap_lambda; the rest region of (3.2) is bounded by |Φ⁻¹z| = 1, and f
 * lies outside it exactly when the point moves; η is drawn where it is. */
START_TEST(test_rest_figures)
{
	static const double cases[][6] = {
		{0.6, 0, 0, 0.3, 0.5, 0.4},	/* the exercise: moves */
		{0.8, 0.1, 0.1, 0.6, 0.4, 0.3}, /* kozlov-rest-stable: rest */
		{1, 0.3, -0.2, 0.5, 0.9, -0.6}, /* not symmetric */
	};
	const double *c = cases[_i];
	struct run r;
	run_init(&r, "kozlov-rest");
	rest_set(&r, c[0], c[1], c[2], c[3], c[4], c[5]);
	solve_ok(&r);
	const double q32 = res(&r, "q32"), lam = res(&r, "lyap_lambda");
	const struct table *t = tab(&r.figs, "zeta");
	ck_assert_double_eq(first(t, "lambda"), 0);
	ck_assert_rel(first(t, "zeta"), q32, 1e-14);
	for (size_t i = 0; i < t->nrows; i++) {
		double l = table_at(t, i, 0);
		double P[4] = {c[0] + l, c[1], c[2], c[3] + l}, n = phi_inv_norm(P, c[4], c[5]);
		ck_assert_rel(table_at(t, i, 1), n * n, 1e-12);
	}
	const struct figure *f = fig(&r.figs, "zeta");
	ck_assert_double_eq(curve(f, "ζ(0) = q32 (classical: moves if > 1)")->y[0], q32);
	if (isfinite(lam)) {
		const struct curve *root = curve(f, "root λ (lyap_lambda)");
		ck_assert_double_eq(root->x[0], lam);
		ck_assert_double_eq(root->y[0], 1);
	} else {
		for (size_t i = 0; i < t->nrows; i++)
			ck_assert(table_at(t, i, 1) < 1);
	}
	f = fig(&r.figs, "forces");
	ck_assert(f->equal_axes);
	const struct curve *band = curve(f, "rest by (3.2)"), *rim = curve(f, "Φ(cos φ, sin φ)"),
			   *force = curve(f, "f");
	for (size_t i = 0; i < band->n; i++) {
		ck_assert_double_eq_tol(phi_inv_norm(c, band->x[i], band->y[i]), 1, 1e-6);
		ck_assert_double_eq_tol(phi_inv_norm(c, band->x[i], band->y2[i]), 1, 1e-6);
	}
	for (size_t i = 0; i < rim->n; i++)
		ck_assert_double_eq_tol(phi_inv_norm(c, rim->x[i], rim->y[i]), 1, 1e-12);
	ck_assert_double_eq(force->x[1], c[4]);
	ck_assert_double_eq(force->y[1], c[5]);
	ck_assert_int_eq(phi_inv_norm(c, c[4], c[5]) > 1, resb(&r, "moves"));
	bool has_eta = false;
	for (size_t i = 0; i < f->ncurves; i++)
		if (!strcmp(f->curves[i].label, "η, where the motion starts")) {
			has_eta = true;
			ck_assert_double_eq(f->curves[i].x[1], res(&r, "eta_x"));
			ck_assert_double_eq(f->curves[i].y[1], res(&r, "eta_y"));
		}
	ck_assert_int_eq(has_eta, isfinite(res(&r, "eta_x")));
	figures_sane(&r.figs);
	run_free(&r);
}
END_TEST

/* The ball's run from its state to the stop: the first row is the
 * parameters and D0, the last the stop at stop_time; D falls all the way
 * (Ḋ = −g q̇ᵀΦq̇/(mD²) < 0); a pure spin dies on the line Ω0(1 − t/τ). */
START_TEST(test_ball_figures)
{
	struct ball_state b = general;
	struct run r;
	run_init(&r, "kozlov-ball");
	ball_set(&r, &b);
	solve_ok(&r);
	const struct table *t = tab(&r.figs, "motion");
	ck_assert_double_eq(first(t, "t "), 0);
	ck_assert_rel(first(t, "v_x "), b.vx, 1e-15);
	ck_assert_rel(first(t, "v_y "), b.vy, 1e-15);
	ck_assert_rel(first(t, "omega_x "), b.wx, 1e-15);
	ck_assert_rel(first(t, "omega_y "), b.wy, 1e-15);
	ck_assert_rel(first(t, "Omega "), b.Omega, 1e-15);
	ck_assert_rel(first(t, "D "), res(&r, "D"), 1e-14);
	ck_assert_double_eq(last(t, "t "), res(&r, "stop_time"));
	ck_assert_double_eq(last(t, "D "), 0);
	const size_t dc = col(t, "D ");
	for (size_t i = 1; i < t->nrows; i++)
		ck_assert(table_at(t, i, dc) < table_at(t, i - 1, dc));
	ck_assert(t->nrows > 100);
	fig(&r.figs, "speeds");
	fig(&r.figs, "slip");
	fig(&r.figs, "spin");
	figures_sane(&r.figs);
	run_free(&r);

	b.vx = b.vy = b.wx = b.wy = 0;
	b.Omega = -30;
	run_init(&r, "kozlov-ball");
	ball_set(&r, &b);
	solve_ok(&r);
	t = tab(&r.figs, "motion");
	const double tau = res(&r, "stop_time");
	for (size_t i = 0; i < t->nrows; i++) {
		double tt = table_at(t, i, 0);
		ck_assert_double_eq_tol(table_at(t, i, col(t, "Omega ")), -30 * (1 - tt / tau),
					1e-9 * 30);
	}
	const struct curve *cf =
		curve(fig(&r.figs, "spin"), "closed form Ω0(1 − t/τ) of pure spin");
	ck_assert_double_eq(cf->x[1], tau);
	run_free(&r);

	/* never stops: the run goes to tmax (issue 17: it drew nothing) */
	b = general;
	b.mu2 = 0;
	run_init(&r, "kozlov-ball");
	ball_set(&r, &b);
	setn(&r, "tmax", 0.7);
	solve_ok(&r);
	ck_assert(isinf(res(&r, "stop_time")));
	ck_assert_double_eq_tol(last(tab(&r.figs, "motion"), "t "), 0.7, 1e-12);
	fig(&r.figs, "speeds");
	figures_sane(&r.figs);
	run_free(&r);
}
END_TEST

/* ---- kozlov-ball to rolling: Coulomb's and Kozlov's transition ------------ */

static void ball_roll_run(struct run *r, double mu1, double mu3, double vx, double vy, double tmax)
{
	struct ball_state b = {1, 0.1, 9.81, mu1, 0.2, mu3, vx, vy, 0, 0, 0};
	run_init(r, "kozlov-ball");
	ball_set(r, &b);
	setn(r, "tmax", tmax);
	solve_ok(r);
}

/* Issue 17's case: a ball thrown sliding without rolling, μ3 = 0. Coulomb:
 * |v| falls at (7/2)μ1 g, so t_roll = 2 v0/(7 μ1 g), and then it rolls at
 * 5/7 v0 (Jω' + rẑ × m w conserved); Kozlov: the slip decays like
 * exp(−(7/2) g μ1 t/D) with D → √(5/7) v0, λ ≥ 10.3/s here, so by t = 2 s it
 * is below 1e-8 v0 and V_end is 5/7 v0 within (2/7)|v|. */
START_TEST(test_ball_roll_closed_form)
{
	static const double cases[][4] = {
		{0.3, 1, 0, 2}, /* the issue's */
		{0.5, -0.3, 0.4, 2},
		{0.15, 2.5, -1, 10}, /* λ ≈ 2.3/s: by 3 s the slip is still 1e-3 */
	};
	for (size_t k = 0; k < sizeof(cases) / sizeof(*cases); k++) {
		const double *c = cases[k], v0 = hypot(c[1], c[2]);
		struct run r;
		ball_roll_run(&r, c[0], 0, c[1], c[2], c[3]);
		ck_assert_rel(res(&r, "t_roll"), 2 * v0 / (7 * c[0] * 9.81), 1e-10);
		ck_assert_rel(res(&r, "V_end_coulomb"), 5.0 / 7.0 * v0, 1e-12);
		ck_assert_abs(res(&r, "V_end"), 5.0 / 7.0 * v0, 1e-6 * v0);
		ck_assert(isinf(res(&r, "stop_time")));
		ck_assert_ptr_nonnull(strstr(strbuf_str(&r.steps), "λ = (7/2) g μ1/D"));
		run_free(&r);
	}
	/* the numbers, and Kozlov's decay: 2.85e-11 m/s left at 2 s */
	struct run r;
	ball_roll_run(&r, 0.3, 0, 1, 0, 2);
	ck_assert_abs(res(&r, "t_roll"), 0.0970826658900053, 1e-12);
	ck_assert_abs(res(&r, "V_end"), 5.0 / 7.0, 1e-10);
	ck_assert_ptr_nonnull(strstr(strbuf_str(&r.steps), "λ = 12.1877 1/s"));
	run_free(&r);
	/* too early for Kozlov: at 0.3 s the slip is still e^{-3}-ish */
	ball_roll_run(&r, 0.3, 0, 1, 0, 0.3);
	ck_assert(fabs(res(&r, "V_end") - 5.0 / 7.0) > 1e-3);
	ck_assert_rel(res(&r, "V_end_coulomb"), 5.0 / 7.0, 1e-12);
	run_free(&r);
}
END_TEST

/* With rolling resistance, the ball thrown without rolling stays on one
 * line: |v| falls at ((7/2)μ1 − (5/2)μ3) g, ρ grows at (5/2)(μ1 − μ3) g,
 * then the rolling slows by (5/7)μ3 g until it rests. */
START_TEST(test_ball_roll_resistance)
{
	const double mu1 = 0.3, mu3 = 0.1, g = 9.81, v0 = 1;
	const double t_roll = v0 / ((3.5 * mu1 - 2.5 * mu3) * g);
	const double W = 2.5 * (mu1 - mu3) * g * t_roll;
	struct run r;
	ball_roll_run(&r, mu1, mu3, v0, 0, 0.5);
	ck_assert_rel(res(&r, "t_roll"), t_roll, 1e-10);
	ck_assert_rel(res(&r, "V_end_coulomb"), W - 5.0 / 7.0 * mu3 * g * (0.5 - t_roll), 1e-10);
	run_free(&r);
	ball_roll_run(&r, mu1, mu3, v0, 0, 2); /* at rest at t_roll + 7W/(5μ3 g) = 1.02 s */
	ck_assert_double_eq(res(&r, "V_end_coulomb"), 0);
	ck_assert_double_eq(res(&r, "V_end"), 0); /* Kozlov: stop_time < 2 */
	ck_assert(res(&r, "stop_time") < 2);
	run_free(&r);
	/* rolling that static friction cannot hold, 5μ3 > 7μ1 */
	struct ball_state b = {1, 0.1, 9.81, 0.1, 0.2, 0.5, 0, 0, 0, 0, -5};
	run_init(&r, "kozlov-ball");
	ball_set(&r, &b);
	solve_ok(&r);
	ck_assert_double_eq(res(&r, "t_roll"), 0);
	ck_assert(isnan(res(&r, "V_end_coulomb")));
	figures_sane(&r.figs);
	run_free(&r);
	/* no friction at all: nothing changes, the slip never ends */
	ball_roll_run(&r, 0, 0, 1, 0, 1);
	ck_assert(isinf(res(&r, "t_roll")));
	ck_assert_double_eq(res(&r, "V_end_coulomb"), 1);
	ck_assert_double_eq_tol(res(&r, "V_end"), 1, 1e-12);
	run_free(&r);
}
END_TEST

/* Against SciPy (tests/ref/kozlov_ball_ref.py: DOP853, rtol 1e-12, Kozlov's
 * A written out by hand, Coulomb in w and ω with F and the torques): spin,
 * rolling across the slip and rolling resistance. */
START_TEST(test_ball_roll_scipy)
{
	struct ball_state b = general;
	struct run r;
	run_init(&r, "kozlov-ball");
	ball_set(&r, &b);
	setn(&r, "tmax", 0.05);
	solve_ok(&r);
	ck_assert_rel(res(&r, "V_end"), 0.711312838499584, 1e-9);
	run_free(&r);

	b = (struct ball_state){1, 0.1, 9.81, 0.3, 0.2, 0.05, 1, 0, 5, 20, 0};
	run_init(&r, "kozlov-ball");
	ball_set(&r, &b);
	setn(&r, "tmax", 0.3);
	solve_ok(&r);
	ck_assert_rel(res(&r, "V_end"), 2.11968947992314, 1e-9);
	ck_assert_rel(res(&r, "t_roll"), 0.100519679397627, 1e-9);
	ck_assert_rel(res(&r, "V_end_coulomb"), 2.01926613387985, 1e-9);
	run_free(&r);
}
END_TEST

/* The slip on a log axis, both laws; Coulomb's ends (before t_roll) and its
 * centre rolls on at 5/7 v0 to tmax. */
START_TEST(test_ball_roll_figures)
{
	struct run r;
	ball_roll_run(&r, 0.3, 0, 1, 0, 2);
	const double t_roll = res(&r, "t_roll");
	const struct figure *f = fig(&r.figs, "slipspeed");
	ck_assert(f->log_y);
	/* Kozlov's slip (2.85e-11 m/s by 2 s) is drawn down to 1e-10 D0, the
	 * integration's accuracy, not into its rounding noise */
	const struct curve *k =
		curve(f, "Kozlov (6.5), down to 1e-10 D0 (the integration's accuracy)");
	const struct curve *c = curve(f, "Coulomb");
	const double D0 = res(&r, "D");
	for (size_t i = 0; i < k->n; i++)
		ck_assert(k->y[i] >= 1e-10 * D0);
	ck_assert(k->x[k->n - 1] < 2);
	ck_assert(k->y[k->n - 1] < 1e-9 * D0);
	for (size_t i = 0; i < c->n; i++)
		ck_assert(c->y[i] > 0 && c->x[i] < t_roll);
	ck_assert(c->x[c->n - 1] > 0.99 * t_roll);
	const struct curve *w = curve(fig(&r.figs, "centre"), "Coulomb");
	ck_assert_double_eq_tol(w->x[w->n - 1], 2, 1e-12);
	ck_assert_double_eq_tol(w->y[w->n - 1], 5.0 / 7.0, 1e-12);
	ck_assert_double_eq_tol(w->y[0], 1, 1e-15);
	curve(fig(&r.figs, "centre"), "Kozlov (6.5)");
	const struct table *ct = tab(&r.figs, "coulomb"); /* for export csv */
	ck_assert_uint_eq(ct->ncols, 3);
	ck_assert_double_eq_tol(last(ct, "centre speed"), 5.0 / 7.0, 1e-12);
	ck_assert_double_eq(last(ct, "slip speed"), 0);
	figures_sane(&r.figs);
	run_free(&r);
}
END_TEST

/* ---- the shipped exercises load and solve --------------------------------- */

START_TEST(test_exercises)
{
	const char *ids[] = {"kozlov-rest", "kozlov-rest-stable", "kozlov-ball",
			     "kozlov-ball-spin"};
	for (size_t k = 0; k < sizeof(ids) / sizeof(*ids); k++) {
		char path[128];
		struct diag d;
		snprintf(path, sizeof(path), "exercises/%s.ini", ids[k]);
		struct exercise *ex = exercise_read(path, &d);
		ck_assert_msg(ex != NULL, "%s:%d:%d: %s", d.file, d.line, d.col, d.msg);
		ck_assert_str_eq(ex->id, ids[k]);
		struct run r;
		run_init(&r, ex->model->name);
		for (size_t i = 0; i < ex->model->nparams; i++)
			r.num[i] = ex_param_to_model(&ex->params[i], ex->params[i].value);
		solve_ok(&r);
		for (size_t i = 0; i < ex->nanswers; i++)
			ck_assert_msg(isfinite(r.res[ex->answers[i].result].num), "%s: %s", ids[k],
				      ex->answers[i].name);
		if (!strcmp(ids[k], "kozlov-rest-stable"))
			ck_assert(res(&r, "q32") < 1 && !resv(&r, "moves")->b);
		if (!strcmp(ids[k], "kozlov-rest"))
			ck_assert(resv(&r, "moves")->b);
		run_free(&r);
		exercise_free(ex);
	}
}
END_TEST

static Suite *kozlov_aux_suite(void)
{
	Suite *s = suite_create("kozlov_aux");
	TCase *rest = tcase_create("rest");
	tcase_add_test(rest, test_rest_boundary);
	tcase_add_test(rest, test_rest_defaults_on_boundary);
	tcase_add_test(rest, test_rest_isotropic);
	tcase_add_test(rest, test_rest_quartic);
	tcase_add_test(rest, test_rest_nonsymmetric);
	tcase_add_test(rest, test_rest_ray_grows);
	tcase_add_test(rest, test_rest_singular);
	tcase_add_test(rest, test_rest_scales);
	tcase_add_test(rest, test_rest_quartic_pole_between);
	tcase_add_test(rest, test_rest_singular_scan_point);
	tcase_add_loop_test(rest, test_rest_figures, 0, 3);
	suite_add_tcase(s, rest);
	TCase *ball = tcase_create("ball");
	tcase_set_timeout(ball, 60);
	tcase_add_test(ball, test_ball_pure_sliding);
	tcase_add_test(ball, test_ball_pure_spin);
	tcase_add_test(ball, test_ball_general_state);
	tcase_add_test(ball, test_ball_rolling_lowers_friction);
	tcase_add_test(ball, test_ball_rolling_against_slip);
	tcase_add_test(ball, test_ball_stop_time_scales);
	tcase_add_test(ball, test_ball_stop_time_independent);
	tcase_add_test(ball, test_ball_never_stops);
	tcase_add_test(ball, test_ball_figures);
	tcase_add_test(ball, test_ball_roll_closed_form);
	tcase_add_test(ball, test_ball_roll_resistance);
	tcase_add_test(ball, test_ball_roll_scipy);
	tcase_add_test(ball, test_ball_roll_figures);
	suite_add_tcase(s, ball);
	TCase *ex = tcase_create("exercises");
	tcase_add_test(ex, test_exercises);
	suite_add_tcase(s, ex);
	return s;
}

int main(void)
{
	return run_suite(kozlov_aux_suite());
}
