/* Kozlov §7: the ladder against a rough wall on a rough floor. Each value
 * against a reference that does not go through the model: the closed form
 * of the least angle of rest and its limiting forces; without friction
 * the top leaving at sin θ = (2/3) sin θ0, the forces at release, the time
 * by quadrature and the energy; with friction the one-degree-of-freedom
 * equation of the slide on both contacts, derived by hand in the angle
 * alone and integrated here with plain gsl_odeiv2; Kozlov's (7.4) for
 * isotropic friction and the normal forces it leaves free of Φ. */
#include <check.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_odeiv2.h>
#include <math.h>
#include <string.h>

#include "figcheck.h"
#include "modelrun.h"
#include "testutil.h"

static const double DEG = M_PI / 180;

static void ladder(struct run *r, double m, double L, double muf, double muw, double th0)
{
	run_init(r, "ladder");
	setn(r, "m", m);
	setn(r, "L", L);
	setn(r, "mu_floor", muf);
	setn(r, "mu_wall", muw);
	setn(r, "theta0", th0);
}

/* tan θ_min = (1 − μ_w μ_f)/(2 μ_f): λ_floor = mg/(1 + μ_w μ_f), λ_wall =
 * μ_f λ_floor in limiting equilibrium; 90° without floor friction, 0 where
 * μ_w μ_f ≥ 1. */
START_TEST(test_theta_min)
{
	static const double mu[][2] = {{0.5, 0},   {0.4, 0.2}, {0.3, 0.5}, {0.8, 0.1},
				       {1.2, 0.3}, {0.25, 1},  {2, 0.45}};
	const double m = 12, g = 9.81;
	for (size_t i = 0; i < sizeof(mu) / sizeof(*mu); i++) {
		const double muf = mu[i][0], muw = mu[i][1];
		struct run r;
		ladder(&r, m, 4, muf, muw, 80);
		solve_ok(&r);
		const double want = atan((1 - muw * muf) / (2 * muf)) / DEG;
		ck_assert_near(res(&r, "theta_min"), want, 1e-12, 90);
		ck_assert_rel(res(&r, "lambda_floor_lim"), m * g / (1 + muw * muf), 1e-13);
		ck_assert_rel(res(&r, "lambda_wall_lim"), muf * m * g / (1 + muw * muf), 1e-13);
		ck_assert_str_eq(resw(&r, "outcome"), "rests");
		ck_assert(!resb(&r, "moves"));
		run_free(&r);
	}
	struct run r;
	ladder(&r, 1, 1, 0.5, 0, 60);
	solve_ok(&r);
	ck_assert_double_eq(res(&r, "theta_min"), 45);
	/* at rest with a smooth wall the forces are determinate: λ_floor =
	 * mg, λ_wall = (mg/2) cot θ0 */
	ck_assert_rel(res(&r, "lambda_floor"), 9.81, 1e-14);
	ck_assert_rel(res(&r, "lambda_wall"), 9.81 / (2 * tan(60 * DEG)), 1e-14);
	setn(&r, "mu_wall", 0.3);
	solve_ok(&r);
	ck_assert(isnan(res(&r, "lambda_wall"))); /* statically indeterminate */
	setn(&r, "mu_floor", 0);
	solve_ok(&r);
	ck_assert_double_eq(res(&r, "theta_min"), 90);
	ck_assert_str_ne(resw(&r, "outcome"), "rests");
	setn(&r, "mu_floor", 2);
	setn(&r, "mu_wall", 0.5);
	setn(&r, "theta0", 1);
	solve_ok(&r);
	ck_assert_double_eq(res(&r, "theta_min"), 0);
	ck_assert(isnan(res(&r, "lambda_floor_lim")));
	ck_assert_str_eq(resw(&r, "outcome"), "rests");
	run_free(&r);
}
END_TEST

/* Just above θ_min it rests, just below it slides. */
START_TEST(test_rest_edge)
{
	const double muf = 0.45, muw = 0.25;
	const double thmin = atan((1 - muw * muf) / (2 * muf)) / DEG;
	struct run r;
	ladder(&r, 3, 2, muf, muw, thmin + 1e-6);
	r.no_figs = true;
	solve_ok(&r);
	ck_assert_str_eq(resw(&r, "outcome"), "rests");
	setn(&r, "theta0", thmin - 1e-6);
	solve_ok(&r);
	ck_assert(resb(&r, "moves"));
	ck_assert_str_eq(resw(&r, "outcome"), "falls");
	run_free(&r);
}
END_TEST

/* Without friction: θ̈ = −(3g/2L) cosθ, θ̇² = (3g/L)(sinθ0 − sinθ), λ_wall =
 * (3/4) mg cosθ (3 sinθ − 2 sinθ0), λ_floor at release mg (1 − (3/4) cos²θ0). The time to the leave
 * by quadrature: with sinθ0 − sinθ = u², t = ∫_0^U 2 du/(√(3g/L) cosθ(u)), U² = sinθ0/3. */
struct tq {
	double s0;
};

static double t_integrand(double u, void *p)
{
	const struct tq *q = p;
	const double s = q->s0 - u * u;
	return 2 / sqrt(1 - s * s);
}

START_TEST(test_frictionless)
{
	static const double th0s[] = {15, 30, 45, 60, 75, 88};
	const double m = 2.5, L = 3.2, g = 9.81;
	gsl_integration_workspace *w = gsl_integration_workspace_alloc(200);
	for (size_t i = 0; i < sizeof(th0s) / sizeof(*th0s); i++) {
		const double th0 = th0s[i] * DEG, s0 = sin(th0), c0 = cos(th0);
		struct run r;
		ladder(&r, m, L, 0, 0, th0s[i]);
		solve_ok(&r);
		ck_assert_near(res(&r, "theta_leave"), asin(2 * s0 / 3) / DEG, 1e-10, 1);
		ck_assert_rel(res(&r, "lambda_floor"), m * g * (1 - 0.75 * c0 * c0), 1e-13);
		ck_assert_rel(res(&r, "lambda_wall"), 0.75 * m * g * c0 * s0, 1e-13);
		struct tq q = {s0};
		gsl_function F = {t_integrand, &q};
		double t, err;
		ck_assert_int_eq(gsl_integration_qag(&F, 0, sqrt(s0 / 3), 0, 1e-12, 200,
						     GSL_INTEG_GAUSS61, w, &t, &err),
				 0);
		t /= sqrt(3 * g / L);
		ck_assert_rel(res(&r, "t_leave"), t, 1e-9);
		ck_assert_str_eq(resw(&r, "outcome"), "falls");
		/* energy: after the leave no horizontal force, ẋ of the centre
		 * stays (L/2) sinθ_l |θ̇_l|; at θ = 0, ẏ = (L/2) θ̇ */
		const double sl = 2 * s0 / 3, thdl = sqrt(3 * g / L * (s0 - sl));
		const double xd = L / 2 * sl * thdl, thd = res(&r, "thetadot_end");
		const double E = 0.5 * m * (xd * xd + L * L / 4 * thd * thd) +
				 0.5 * m * L * L / 12 * thd * thd;
		ck_assert_rel(E, m * g * L / 2 * s0, 1e-9);
		ck_assert_near(res(&r, "theta_end"), 0, 0, 1);
		ck_assert_rel(res(&r, "t_floor"), res(&r, "t_end"), 0);
		/* energy along the slide on both contacts: (1/2)(mL²/3)θ̇² + mg(L/2)sinθ
		 * (rows between the steps are the trace's cubic fill: 1e-6) */
		const struct table *tb = tab(&r.figs, "run");
		const size_t ct = col(tb, "theta "), cw = col(tb, "thetadot "),
			     cp = col(tb, "phase");
		for (size_t k = 0; k < tb->nrows && table_at(tb, k, cp) == 0; k++) {
			const double a = table_at(tb, k, ct) * DEG, ad = table_at(tb, k, cw);
			ck_assert_rel(m * L * L / 6 * ad * ad + m * g * L / 2 * sin(a),
				      m * g * L / 2 * s0, 1e-6);
		}
		run_free(&r);
	}
	gsl_integration_workspace_free(w);
}
END_TEST

/* The slide on both contacts, falling (θ̇ < 0), by hand in θ alone: the
 * foot slides out, friction −μ_f λ_f along x; the top slides down, friction
 * +μ_w λ_w along y. With P = m ẍ = −m h (s θ̈ + c θ̇²), Q = m (ÿ + g) =
 * m (h (c θ̈ − s θ̇²) + g): λ_w − μ_f λ_f = P, λ_f + μ_w λ_w = Q, and the
 * moment about the centre I θ̈ = h (−c λ_f + s λ_w + μ_f s λ_f + μ_w c
 * λ_w). Each λ is linear in θ̈; solved for θ̈. */
struct hand {
	double m, L, g, muf, muw;
};

static void hand_state(const struct hand *p, double th, double thd, double *thdd, double *lf,
		       double *lw)
{
	const double h = p->L / 2, s = sin(th), c = cos(th), I = p->m * p->L * p->L / 12;
	const double den = 1 + p->muw * p->muf;
	const double P0 = -p->m * h * c * thd * thd, P1 = -p->m * h * s;
	const double Q0 = p->m * (p->g - h * s * thd * thd), Q1 = p->m * h * c;
	const double F0 = (Q0 - p->muw * P0) / den, F1 = (Q1 - p->muw * P1) / den;
	const double W0 = (P0 + p->muf * Q0) / den, W1 = (P1 + p->muf * Q1) / den;
	const double a = -c + p->muf * s, b = s + p->muw * c;
	const double acc = h * (a * F0 + b * W0) / (I - h * (a * F1 + b * W1));
	*thdd = acc;
	*lf = F0 + F1 * acc;
	*lw = W0 + W1 * acc;
}

static int hand_rhs(double t, const double y[], double f[], void *p)
{
	double lf, lw;
	(void)t;
	f[0] = y[1];
	hand_state(p, y[0], y[1], &f[1], &lf, &lw);
	return GSL_SUCCESS;
}

static double hand_lw(const struct hand *p, const double y[2])
{
	double a, lf, lw;
	hand_state(p, y[0], y[1], &a, &lf, &lw);
	return lw;
}

/* From rest at th0 to where λ_wall = 0: rkf45 in steps of dt until λ_wall
 * changes sign, then bisection on re-integrations from the step's start. */
static void hand_leave(const struct hand *p, double th0, double *t_leave, double *th_leave)
{
	gsl_odeiv2_system sys = {hand_rhs, NULL, 2, (void *)p};
	gsl_odeiv2_driver *dr =
		gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, 1e-6, 1e-13, 1e-13);
	double t = 0, y[2] = {th0, 0};
	const double dt = 1e-3;
	ck_assert(hand_lw(p, y) > 0);
	for (;;) {
		double t1 = t, y1[2] = {y[0], y[1]};
		gsl_odeiv2_driver_reset(dr);
		ck_assert_int_eq(gsl_odeiv2_driver_apply(dr, &t1, t + dt, y1), GSL_SUCCESS);
		if (hand_lw(p, y1) <= 0)
			break;
		t = t1, y[0] = y1[0], y[1] = y1[1];
		ck_assert(t < 100);
	}
	double lo = t, hi = t + dt, ym[2];
	while (hi - lo > 1e-15 * hi) {
		double mid = 0.5 * (lo + hi), tm = t;
		ym[0] = y[0], ym[1] = y[1];
		gsl_odeiv2_driver_reset(dr);
		ck_assert_int_eq(gsl_odeiv2_driver_apply(dr, &tm, mid, ym), GSL_SUCCESS);
		if (hand_lw(p, ym) > 0)
			lo = mid;
		else
			hi = mid;
	}
	*t_leave = hi;
	*th_leave = ym[0];
	gsl_odeiv2_driver_free(dr);
}

START_TEST(test_friction_by_hand)
{
	static const double cases[][4] = {
		/* μ_floor, μ_wall, θ0 (deg), L */
		{0.3, 0.2, 30, 3},   {0.3, 0, 25, 2},	{0.1, 0.05, 40, 4.5},
		{0.4, 0.3, 40, 2.2}, {0.6, 0.5, 20, 3}, {0, 0.4, 50, 1},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		const struct hand p = {7, cases[i][3], 9.81, cases[i][0], cases[i][1]};
		const double th0 = cases[i][2] * DEG;
		struct run r;
		ladder(&r, p.m, p.L, p.muf, p.muw, cases[i][2]);
		r.no_figs = true;
		solve_ok(&r);
		double acc, lf, lw;
		hand_state(&p, th0, 0, &acc, &lf, &lw);
		ck_assert_rel(res(&r, "lambda_floor"), lf, 1e-12);
		ck_assert_rel(res(&r, "lambda_wall"), lw, 1e-12);
		double tl, thl;
		hand_leave(&p, th0, &tl, &thl);
		ck_assert_rel(res(&r, "t_leave"), tl, 1e-8);
		ck_assert_rel(res(&r, "theta_leave"), thl / DEG, 1e-8);
		run_free(&r);
	}
}
END_TEST

/* A smooth wall is the one-friction case: θ_min = atan(1/(2 μ_f)), and
 * with no floor friction either the frictionless values. */
START_TEST(test_mu_wall_zero)
{
	for (double muf = 0.1; muf < 2; muf += 0.35) {
		struct run r;
		ladder(&r, 1, 1, muf, 0, 80);
		r.no_figs = true;
		solve_ok(&r);
		ck_assert_near(res(&r, "theta_min"), atan(1 / (2 * muf)) / DEG, 1e-12, 90);
		run_free(&r);
	}
}
END_TEST

/* Isotropic Φ = kA: (7.4) holds at every θ0, and the normal forces at the
 * start are the frictionless ones, whatever k; the same Φ entered as a
 * matrix gives the same run; kA plus a part that vanishes on the tangent
 * keeps (7.4). A Φ with a coupling of x and θ breaks it. */
START_TEST(test_isotropic)
{
	const double m = 2, L = 3, g = 9.81, k = 0.2;
	for (double th = 10; th < 60; th += 12) {
		const double c0 = cos(th * DEG), s0 = sin(th * DEG);
		struct run r;
		ladder(&r, m, L, 0, 0, th);
		r.no_figs = true;
		setw(&r, "law", "isotropic");
		setn(&r, "k", k);
		solve_ok(&r);
		ck_assert(resb(&r, "cond74"));
		ck_assert(res(&r, "cond74_residual") < 1e-12);
		ck_assert_rel(res(&r, "lambda_floor"), m * g * (1 - 0.75 * c0 * c0), 1e-12);
		ck_assert_rel(res(&r, "lambda_wall"), 0.75 * m * g * c0 * s0, 1e-12);
		const double tl = res(&r, "t_leave"), thl = res(&r, "theta_leave");
		setw(&r, "law", "matrix");
		const double A[9] = {m, 0, 0, 0, m, 0, 0, 0, m * L * L / 12};
		static const char *const names[9] = {"phi11", "phi12", "phi13", "phi21", "phi22",
						     "phi23", "phi31", "phi32", "phi33"};
		for (int e = 0; e < 9; e++)
			setn(&r, names[e], k * A[e]);
		solve_ok(&r);
		ck_assert(resb(&r, "cond74"));
		ck_assert_rel(res(&r, "t_leave"), tl, 1e-12);
		ck_assert_rel(res(&r, "theta_leave"), thl, 1e-12);
		/* Φ = kA + u wᵀ with w = ∂f_floor at θ0: Φv = kAv for the tangent v
		 * (w·v = 0), so (7.4) holds though Φ is not isotropic, and the
		 * forces at the start are still the frictionless ones */
		const double u[3] = {0.1, 0.2, 0.05}, wf[3] = {0, 1, -L / 2 * c0};
		for (int e = 0; e < 9; e++)
			setn(&r, names[e], k * A[e] + u[e / 3] * wf[e % 3]);
		solve_ok(&r);
		ck_assert(resb(&r, "cond74"));
		ck_assert(res(&r, "cond74_residual") < 1e-12);
		ck_assert_rel(res(&r, "lambda_floor"), m * g * (1 - 0.75 * c0 * c0), 1e-12);
		ck_assert_rel(res(&r, "lambda_wall"), 0.75 * m * g * c0 * s0, 1e-12);
		/* a coupling of x and θ breaks it, and the forces feel Φ */
		for (int e = 0; e < 9; e++)
			setn(&r, names[e], k * A[e]);
		setn(&r, "phi13", 0.3);
		solve_ok(&r);
		ck_assert(!resb(&r, "cond74"));
		ck_assert(res(&r, "cond74_residual") > 1e-3);
		ck_assert(fabs(res(&r, "lambda_wall") - 0.75 * m * g * c0 * s0) > 1e-3);
		run_free(&r);
	}
	/* the least angle of rest under Φ = kA: |R| k |v|_A = m g h cosθ with
	 * |v|_A² = mL²/3 and R the frictionless reaction at rest, λ_wall =
	 * (3/4) mg cs, λ_floor = mg (1 − (3/4) c²), |R|² = R·A⁻¹R */
	struct run r;
	ladder(&r, m, L, 0, 0, 80);
	setw(&r, "law", "isotropic");
	setn(&r, "k", k);
	solve_ok(&r);
	const double th = res(&r, "theta_min") * DEG, s = sin(th), c = cos(th), h = L / 2;
	const double lw = 0.75 * m * g * c * s, lf = m * g * (1 - 0.75 * c * c);
	const double R[3] = {lw, lf, -lf * h * c + lw * h * s};
	const double Rn = sqrt((R[0] * R[0] + R[1] * R[1]) / m + R[2] * R[2] / (m * L * L / 12));
	ck_assert_rel(Rn * k * sqrt(m * L * L / 3), m * g * h * c, 1e-10);
	ck_assert_rel(res(&r, "lambda_floor_lim"), lf, 1e-10);
	run_free(&r);
}
END_TEST

/* Pushed up from above θ_min it rises, stops and stays; from below it
 * rises, stops and slides down. */
/* The family (5.1) in ξ = (θ, f_floor, f_wall), Φ = A B Ωᵀ E with Ω12 =
 * Ω13 = 0. By hand: ΦᵀA⁻¹∂f_j = Eᵀ Ω e_j lies in span(∂f_floor, ∂f_wall)
 * (7.4) at every θ, so the normal forces at the start are the
 * frictionless ones; on both contacts q̇ = v θ̇ = B e_1 θ̇ and Φv = A B Ωᵀ
 * e_1 = Ω11 A v: the slide is isotropic friction's with k = Ω11, whatever
 * the rest of Ω, until the top leaves the wall; Ω = k I is Φ = kA. */
START_TEST(test_family)
{
	const double m = 2, L = 3, g = 9.81, k = 0.2;
	static const char *const om[] = {"Omega11", "Omega21", "Omega31", "Omega22",
					 "Omega23", "Omega32", "Omega33"};
	const double wild[] = {k, 0.3, -0.15, 0.5, 0.1, -0.2, 0.05};
	for (double th = 10; th < 60; th += 12) {
		const double c0 = cos(th * DEG), s0 = sin(th * DEG);
		struct run r;
		ladder(&r, m, L, 0.3, 0.1, th);
		r.no_figs = true;
		setw(&r, "law", "isotropic");
		setn(&r, "k", k);
		solve_ok(&r);
		const double tl = res(&r, "t_leave"), thl = res(&r, "theta_leave");
		const double thmin = res(&r, "theta_min"), xend = res(&r, "x_foot_end");
		setw(&r, "law", "family");
		for (int e = 0; e < 7; e++)
			setn(&r, om[e], wild[e]);
		solve_ok(&r);
		ck_assert(resb(&r, "cond74"));
		ck_assert(res(&r, "cond74_residual") < 1e-12);
		ck_assert_rel(res(&r, "lambda_floor"), m * g * (1 - 0.75 * c0 * c0), 1e-12);
		ck_assert_rel(res(&r, "lambda_wall"), 0.75 * m * g * c0 * s0, 1e-12);
		ck_assert_rel(res(&r, "theta_min"), thmin, 1e-12);
		ck_assert_rel(res(&r, "t_leave"), tl, 1e-12);
		ck_assert_rel(res(&r, "theta_leave"), thl, 1e-12);
		/* off the wall the rest of Ω acts */
		ck_assert(fabs(res(&r, "x_foot_end") - xend) > 1e-6);
		for (int e = 0; e < 7; e++)
			setn(&r, om[e], e == 0 || e == 3 || e == 6 ? k : 0);
		solve_ok(&r);
		ck_assert_rel(res(&r, "x_foot_end"), xend, 1e-9);
		ck_assert_rel(res(&r, "t_leave"), tl, 1e-12);
		run_free(&r);
	}
}
END_TEST

/* The family against tests/ref/ladder_family_ref.py (issue 36): Kozlov's
 * law in (x, y, θ) written from the paper, Φ = A B Ωᵀ E carried from ξ =
 * (θ, f_floor, f_wall), |R| from the frictionless multipliers, λ solved
 * with the friction; both contacts until λ_wall = 0, then the floor alone,
 * where Ω's other entries act (Ω32 = 0: (2.9) there too). m = 2 kg, L =
 * 3 m, from rest; the script's numbers. */
START_TEST(test_family_ref)
{
	static const char *const om[] = {"Omega11", "Omega21", "Omega31", "Omega22",
					 "Omega23", "Omega32", "Omega33"};
	const double w[] = {0.2, 0.3, -0.15, 0.5, 0.1, 0, 0.05};
	static const struct {
		double th0, lf, lw, tl, thl, te, thde, xe;
	} ref[] = {
		{34, 9.50633198894, 6.82175520998, 0.36890499771, 20.6395287802, 0.577110612918,
		 -2.15002218475, 3.04389483344},
		{46, 12.519273047, 7.35301800979, 0.496221760145, 26.6076836241, 0.736134637729,
		 -2.40008812652, 3.07258328699},
	};
	for (size_t i = 0; i < sizeof(ref) / sizeof(*ref); i++) {
		struct run r;
		ladder(&r, 2, 3, 0, 0, ref[i].th0);
		r.no_figs = true;
		setw(&r, "law", "family");
		for (int e = 0; e < 7; e++)
			setn(&r, om[e], w[e]);
		solve_ok(&r);
		ck_assert_str_eq(resw(&r, "outcome"), "falls");
		ck_assert_rel(res(&r, "lambda_floor"), ref[i].lf, 1e-9);
		ck_assert_rel(res(&r, "lambda_wall"), ref[i].lw, 1e-9);
		ck_assert_rel(res(&r, "t_leave"), ref[i].tl, 1e-8);
		ck_assert_rel(res(&r, "theta_leave"), ref[i].thl, 1e-8);
		ck_assert_rel(res(&r, "t_end"), ref[i].te, 1e-8);
		ck_assert_rel(res(&r, "thetadot_end"), ref[i].thde, 1e-8);
		ck_assert_rel(res(&r, "x_foot_end"), ref[i].xe, 1e-8);
		run_free(&r);
	}
}
END_TEST

START_TEST(test_push)
{
	struct run r;
	ladder(&r, 1, 2, 0.4, 0.2, 60); /* θ_min = 50.2° */
	setn(&r, "thetadot0", 0.4);
	solve_ok(&r);
	ck_assert_str_eq(resw(&r, "outcome"), "stops");
	ck_assert(res(&r, "theta_end") > 60);
	ck_assert_near(res(&r, "thetadot_end"), 0, 0, 1);
	/* energy to the stop: ½(mL²/3)θ̇0² = mg h (sinθ_e − sinθ0) + the work
	 * of friction, so θ_end is below the frictionless height */
	const double se = sin(60 * DEG) + 0.4 * 0.4 * 4 / 3 / (2 * 9.81);
	ck_assert(res(&r, "theta_end") < asin(se) / DEG);
	setn(&r, "theta0", 45);
	solve_ok(&r);
	ck_assert_str_eq(resw(&r, "outcome"), "falls");
	ck_assert(res(&r, "t_leave") > 0);
	/* pushed up against a very rough wall the top's friction points down:
	 * the multipliers' system reverses (Painlevé's paradox of two contacts),
	 * and no force is given for it */
	setn(&r, "L", 3);
	setn(&r, "mu_floor", 0.3);
	setn(&r, "mu_wall", 2);
	setn(&r, "theta0", 40);
	setn(&r, "thetadot0", 2);
	solve_ok(&r);
	ck_assert_str_eq(resw(&r, "outcome"), "paradox");
	ck_assert(!resb(&r, "moves"));
	ck_assert(isnan(res(&r, "lambda_wall")) && isnan(res(&r, "lambda_floor")));
	run_free(&r);
}
END_TEST

/* Pushed up at a low angle the foot's friction drags the top off the wall
 * at once (λ_wall < 0); the foot slides toward the wall, stops, and is held
 * by static friction: the ladder pivots about it, and in that phase no
 * force does work, (1/2)(I + m h²)θ̇² + m g h sinθ stays. */
START_TEST(test_pivot)
{
	const double m = 1, L = 3, g = 9.81, h = L / 2;
	struct run r;
	ladder(&r, m, L, 1, 0, 10);
	setn(&r, "thetadot0", 0.5);
	solve_ok(&r);
	ck_assert(res(&r, "lambda_wall") < 0);
	ck_assert_double_eq(res(&r, "t_leave"), 0);
	ck_assert_str_eq(resw(&r, "outcome"), "hits-wall");
	const struct table *t = tab(&r.figs, "run");
	const size_t ct = col(t, "theta "), cw = col(t, "thetadot "), cp = col(t, "phase");
	double E0 = NAN;
	size_t held = 0;
	for (size_t k = 0; k < t->nrows; k++) {
		if (table_at(t, k, cp) != 2)
			continue;
		const double a = table_at(t, k, ct) * DEG, ad = table_at(t, k, cw);
		const double E = 0.5 * (m * L * L / 12 + m * h * h) * ad * ad + m * g * h * sin(a);
		if (isnan(E0))
			E0 = E;
		ck_assert_rel(E, E0, 1e-6);
		held++;
	}
	ck_assert_uint_gt(held, 10);
	/* a run is bounded by tmax: it ends moving */
	setn(&r, "tmax", 0.05);
	solve_ok(&r);
	ck_assert_str_eq(resw(&r, "outcome"), "moving");
	ck_assert_double_eq(res(&r, "t_end"), 0.05);
	run_free(&r);
}
END_TEST

/* Painlevé's projected law (4.3) on the two contacts, against
 * tests/ref/ladder_projected_ref.py: Newton-Euler of the ladder with
 * Amontons' tangential forces of the frictionless normal forces, the
 * normal forces whatever keeps the contacts (the projection's only effect
 * in the coordinates the constraints leave). Its numbers are below. */

/* μ = 0 is the frictionless ladder: the top leaves at sin θ = (2/3)
 * sin θ0, λ_floor(0) = mg(1 − (3/4)cos²θ0), λ_wall(0) = (3/4) mg sinθ0
 * cosθ0; at 60° the reference has t_leave = 0.6500614031818349 s, the
 * floor at t = 0.9703478088298843 s, x_foot = 4.17197942647031 m. */
START_TEST(test_projected_frictionless)
{
	const double m = 1, g = 9.81;
	for (double th = 20; th < 85; th += 16) {
		const double s0 = sin(th * DEG), c0 = cos(th * DEG);
		struct run r;
		ladder(&r, m, 4, 0, 0, th);
		r.no_figs = true;
		setw(&r, "law", "projected");
		solve_ok(&r);
		ck_assert_rel(res(&r, "theta_leave"), asin(2.0 / 3.0 * s0) / DEG, 1e-10);
		ck_assert_rel(res(&r, "lambda_floor"), m * g * (1 - 0.75 * c0 * c0), 1e-12);
		ck_assert_rel(res(&r, "lambda_wall"), 0.75 * m * g * s0 * c0, 1e-12);
		ck_assert_str_eq(resw(&r, "outcome"), "falls");
		ck_assert(resb(&r, "cond74"));
		ck_assert_double_eq(res(&r, "theta_min"), 90);
		if (th == 52) {
			setn(&r, "theta0", 60);
			solve_ok(&r);
			ck_assert_rel(res(&r, "t_leave"), 0.6500614031818349, 1e-9);
			ck_assert_rel(res(&r, "t_floor"), 0.9703478088298843, 1e-9);
			ck_assert_rel(res(&r, "x_foot_end"), 4.17197942647031, 1e-9);
			ck_assert_rel(res(&r, "thetadot_end"), -2.416774727327265, 1e-9);
		}
		run_free(&r);
	}
}
END_TEST

/* A run that slides and leaves the wall: μ_floor = 0, μ_wall = 0.3 from
 * 60°. The wall's friction brakes the slide; the top leaves where λ⁰_wall
 * = 0; the floor alone has no friction, and the foot slides on until the
 * ladder lies on the floor. Reference: t_leave = 0.7441215222726185 s,
 * θ_leave = 33.39749871562192°, t_floor = 1.0536946147976292 s, x_foot =
 * 4.154712141595762 m, θ' = −2.369533386534488 rad/s. Pushed at 75° with
 * θ' = −2 rad/s (μ 0.3, 0.1) it is off the wall at once above 54.7°, where
 * the foot's projected force lets the top go (its x'' = 1.46 > 0), and
 * lies on the floor at t = 0.5747887216073743 s, x_foot =
 * 4.66652642102796 m, θ' = −2.840252084619778 rad/s. */
START_TEST(test_projected_slides)
{
	struct run r;
	ladder(&r, 1, 4, 0, 0.3, 60);
	setw(&r, "law", "projected");
	solve_ok(&r);
	ck_assert(resb(&r, "moves"));
	ck_assert_str_eq(resw(&r, "outcome"), "falls");
	ck_assert_rel(res(&r, "t_leave"), 0.7441215222726185, 1e-9);
	ck_assert_rel(res(&r, "theta_leave"), 33.39749871562192, 1e-9);
	ck_assert_rel(res(&r, "t_floor"), 1.0536946147976292, 1e-9);
	ck_assert_rel(res(&r, "x_foot_end"), 4.154712141595762, 1e-9);
	ck_assert_rel(res(&r, "thetadot_end"), -2.369533386534488, 1e-9);
	/* the frictionless normal forces at the start, whatever μ */
	ck_assert_rel(res(&r, "lambda_floor"), 9.81 * (1 - 0.75 * 0.25), 1e-12);
	ck_assert(resb(&r, "cond74"));
	ck_assert(res(&r, "cond74_residual") < 1e-12);
	ck_assert_ptr_nonnull(strstr(r.steps.buf, "Painlevé's (4.3)"));
	setn(&r, "mu_floor", 0.3);
	setn(&r, "mu_wall", 0.1);
	setn(&r, "theta0", 75);
	setn(&r, "thetadot0", -2);
	solve_ok(&r);
	ck_assert(res(&r, "lambda_wall") < 0);
	ck_assert_double_eq(res(&r, "t_leave"), 0);
	ck_assert_str_eq(resw(&r, "outcome"), "falls");
	ck_assert_rel(res(&r, "t_floor"), 0.5747887216073743, 1e-9);
	ck_assert_rel(res(&r, "x_foot_end"), 4.66652642102796, 1e-9);
	ck_assert_rel(res(&r, "thetadot_end"), -2.840252084619778, 1e-9);
	run_free(&r);
}
END_TEST

/* Rest: Kozlov's principle on q̇ = vθ̇ reads μ_floor sinθ (1 − (3/4)cos²θ)
 * + (3/4) μ_wall sinθ cos²θ ≥ (1/2) cosθ; the reference's root of the
 * motion gravity starts (θ'' = 0 at θ' = 0): 54.96459680621763° (μ 0.4,
 * 0.2), 45.58954328907266° (0.6, 0.3), 69.95953005088197° (0.2, 0). At
 * rest the forces are the frictionless multipliers of the start. */
START_TEST(test_projected_rest)
{
	static const double want[][3] = {{0.4, 0.2, 54.96459680621763},
					 {0.6, 0.3, 45.58954328907266},
					 {0.2, 0.0, 69.95953005088197}};
	for (size_t i = 0; i < sizeof(want) / sizeof(*want); i++) {
		const double muf = want[i][0], muw = want[i][1], thmin = want[i][2];
		struct run r;
		ladder(&r, 1, 4, muf, muw, thmin + 1e-6);
		r.no_figs = true;
		setw(&r, "law", "projected");
		solve_ok(&r);
		ck_assert_near(res(&r, "theta_min"), thmin, 1e-11, 90);
		ck_assert_str_eq(resw(&r, "outcome"), "rests");
		ck_assert(!resb(&r, "moves"));
		const double s = sin(thmin * DEG), c = cos(thmin * DEG);
		ck_assert_rel(muf * s * (1 - 0.75 * c * c) + 0.75 * muw * s * c * c, 0.5 * c,
			      1e-11);
		ck_assert_rel(res(&r, "lambda_floor_lim"), 9.81 * (1 - 0.75 * c * c), 1e-10);
		ck_assert_rel(res(&r, "lambda_wall_lim"), 0.75 * 9.81 * s * c, 1e-10);
		setn(&r, "theta0", thmin - 1e-6);
		solve_ok(&r);
		ck_assert(resb(&r, "moves"));
		run_free(&r);
	}
	/* μ_floor = μ_wall = μ: μ sinθ ≥ (1/2) cosθ, tan θ_min = 1/(2μ); far
	 * below the 0.1° of the scan at μ = 1e6, and never 0 */
	struct run r;
	ladder(&r, 1, 4, 1e6, 1e6, 30);
	r.no_figs = true;
	setw(&r, "law", "projected");
	solve_ok(&r);
	ck_assert_rel(res(&r, "theta_min"), atan(0.5e-6) / DEG, 1e-9);
	setn(&r, "mu_floor", 2);
	setn(&r, "mu_wall", 2);
	solve_ok(&r);
	ck_assert_rel(res(&r, "theta_min"), atan(0.25) / DEG, 1e-12);
	run_free(&r);
}
END_TEST

/* Where the law has no motion: with μ_floor > 0 the top leaves (λ⁰_wall =
 * 0) below 41.8°, and on the floor alone the foot's friction, projected on
 * one constraint, starts the wall's gap with f̈ = −μ λ⁰ (1 + 3 cos 2θ)/(m
 * (1 + 3cos²θ)) < 0 (the reference's friction part of the top's x'' at
 * 30°, θ' = −1: −0.4170414201183439 m/s² for μ 0.2, the closed form to
 * 1e-15). The run ends there as a paradox, at the reference's t =
 * 0.9339092540443361 s, θ = 31.687634008344354° (μ 0.2, 0, from 60°). */
START_TEST(test_projected_paradox)
{
	struct run r;
	ladder(&r, 1, 4, 0.2, 0, 60);
	setw(&r, "law", "projected");
	solve_ok(&r);
	ck_assert_str_eq(resw(&r, "outcome"), "paradox");
	ck_assert_rel(res(&r, "t_leave"), 0.9339092540443361, 1e-9);
	ck_assert_rel(res(&r, "theta_leave"), 31.687634008344354, 1e-9);
	ck_assert_double_eq(res(&r, "t_end"), res(&r, "t_leave"));
	ck_assert(isnan(res(&r, "t_floor")));
	ck_assert_ptr_nonnull(strstr(r.steps.buf, "can neither leave nor stay"));
	/* from rest with any floor friction that lets it slide */
	setn(&r, "mu_wall", 0.2);
	for (double muf = 0.05; muf < 0.3; muf += 0.1) {
		setn(&r, "mu_floor", muf);
		solve_ok(&r);
		ck_assert_str_eq(resw(&r, "outcome"), "paradox");
		ck_assert(res(&r, "theta_leave") < asin(2.0 / 3.0) / DEG);
	}
	run_free(&r);
}
END_TEST

/* A held foot: pushed up at 10° with θ' = 2 rad/s (L = 3, μ_floor = 1),
 * off the wall at once, the foot slides toward the wall, stops, and is
 * held by the pin's reactions inside Coulomb's cone (the reference's least
 * μN − |T| on the hold: 1.25 N) until the top comes back to the wall at
 * t = 0.6405670526219811 s, θ = 25.536249328470372°, θ' =
 * −1.0332976814938397 rad/s, the foot held at x = 2.706938196646164 m. */
START_TEST(test_projected_held)
{
	struct run r;
	ladder(&r, 1, 3, 1, 0, 10);
	setw(&r, "law", "projected");
	setn(&r, "thetadot0", 2);
	solve_ok(&r);
	ck_assert(res(&r, "lambda_wall") < 0);
	ck_assert_double_eq(res(&r, "t_leave"), 0);
	ck_assert_str_eq(resw(&r, "outcome"), "hits-wall");
	ck_assert_rel(res(&r, "t_end"), 0.6405670526219811, 1e-9);
	ck_assert_rel(res(&r, "theta_end"), 25.536249328470372, 1e-9);
	ck_assert_rel(res(&r, "thetadot_end"), -1.0332976814938397, 1e-9);
	ck_assert_rel(res(&r, "x_foot_end"), 2.706938196646164, 1e-9);
	const struct table *t = tab(&r.figs, "run");
	const size_t cp = col(t, "phase"), ct = col(t, "t [s]");
	size_t held = 0;
	double t_held = NAN;
	for (size_t k = 0; k < t->nrows; k++)
		if (table_at(t, k, cp) == 2 && held++ == 0)
			t_held = table_at(t, k, ct);
	ck_assert_uint_gt(held, 10);
	/* the reference's foot stops at t = 0.3107483530249517 s */
	ck_assert_rel(t_held, 0.3107483530249517, 1e-9);
	run_free(&r);
}
END_TEST

START_TEST(test_figures)
{
	struct run r;
	ladder(&r, 10, 3, 0.3, 0.2, 30);
	solve_ok(&r);
	const struct figure *f = fig(&r.figs, "theta");
	curve(f, "on the wall and the floor");
	curve(f, "off the wall");
	const struct curve *pt = curve(f, "leaves the wall");
	ck_assert_double_eq(pt->x[0], res(&r, "t_leave"));
	f = fig(&r.figs, "forces");
	const struct curve *w = curve(f, "wall, λ_wall");
	ck_assert_near(w->y[w->n - 1], 0, 1e-9, 100);
	const struct table *t = tab(&r.figs, "run");
	ck_assert_near(first(t, "theta "), 30, 1e-13, 30);
	ck_assert_double_eq(last(t, "theta "), 0);
	run_free(&r);
}
END_TEST

START_TEST(test_errors)
{
	struct run r;
	ladder(&r, 1, 1, 0.3, 0.2, 30);
	setn(&r, "L", 1e9);
	ck_assert_int_ne(solve(&r), 0);
	ck_assert(strstr(r.d.msg, "L = ") != NULL);
	setn(&r, "L", 1);
	setn(&r, "thetadot0", 1e9);
	ck_assert_int_ne(solve(&r), 0);
	setn(&r, "thetadot0", 0);
	setn(&r, "mu_wall", 1e9);
	ck_assert_int_ne(solve(&r), 0);
	run_free(&r);
}
END_TEST

/* A Painlevé-type jam at the start (Kozlov's law with a constant Φ): on
 * both contacts the wall would have to pull, λ_wall = -0.274860967976 N,
 * and off the wall, the floor pressing (λ_floor = 52.93 N), the top would
 * move into the wall, f̈_wall = -0.391369277455 m/s² (tests/ref/
 * ladder_jam_ref.py, from Kozlov's F = -|R|Φq̇/|q̇|_A with numpy). No
 * motion of the rigid ladder fits: the outcome is `jam`, and the forces
 * and the leaving are undefined with the reason, never "λ_wall = 0" or a
 * leaving at t = 0. */
START_TEST(test_jam)
{
	static const double phi[9] = {1.26, 2.41, -2.90, 2.65, 1.93, -2.66, 1.84, 1.83, -1.87};
	static const char *const name[9] = {"phi11", "phi12", "phi13", "phi21", "phi22",
					    "phi23", "phi31", "phi32", "phi33"};
	struct run r;
	ladder(&r, 10, 3, 0.3, 0.2, 70);
	setw(&r, "law", "matrix");
	for (int i = 0; i < 9; i++)
		setn(&r, name[i], phi[i]);
	setn(&r, "thetadot0", 1);
	solve_ok(&r);
	ck_assert_str_eq(resw(&r, "outcome"), "jam");
	ck_assert(!resb(&r, "moves"));
	const struct value *lw = resv(&r, "lambda_wall");
	ck_assert_int_eq(lw->kind, VAL_UNDEFINED);
	ck_assert_ptr_nonnull(strstr(lw->word, "λ_wall = -0.274861 N"));
	ck_assert_ptr_nonnull(strstr(lw->word, "f̈_wall = -0.391369 m/s²"));
	ck_assert_int_eq(resv(&r, "lambda_floor")->kind, VAL_UNDEFINED);
	ck_assert_int_eq(resv(&r, "t_leave")->kind, VAL_UNDEFINED);
	ck_assert_int_eq(resv(&r, "theta_leave")->kind, VAL_UNDEFINED);
	ck_assert_double_eq(res(&r, "t_end"), 0);
	run_free(&r);
}
END_TEST

/* A start where the floor would pull on both contacts (tests/ref/
 * ladder_liftoff_ref.py, Newton-Euler and a complementarity of the contact
 * modes, SciPy): at 75° without friction a push of 2.22 rad/s leaves the
 * wall at once while the floor holds the foot (λ_floor = 2.888 N alone),
 * and the foot lifts off at t = 0.0879467013213 s, θ = 86.1760335498°; at
 * 3 rad/s with friction (and at -3) no contact fits but none: the top
 * leaves with the foot, at t = 0 and θ0. It said "lifts-off at t = 0" and
 * a theta_leave that "never leaves" in all three. */
START_TEST(test_liftoff_start)
{
	struct run r;
	ladder(&r, 12, 4, 0, 0, 75);
	setn(&r, "thetadot0", 2.22);
	solve_ok(&r);
	ck_assert_rel(res(&r, "lambda_floor"), -2.44556076473, 1e-10);
	ck_assert_rel(res(&r, "lambda_wall"), -8.5410307652, 1e-10);
	ck_assert_double_eq(res(&r, "t_leave"), 0);
	ck_assert_double_eq_tol(res(&r, "theta_leave"), 75, 1e-12);
	ck_assert_str_eq(resw(&r, "outcome"), "lifts-off");
	ck_assert_rel(res(&r, "t_end"), 0.0879467013213, 1e-9);
	ck_assert_rel(res(&r, "theta_end"), 86.1760335498, 1e-10);
	ck_assert_rel(res(&r, "thetadot_end"), 2.217192948, 1e-8);
	ck_assert_rel(res(&r, "x_foot_end"), 0.273842670817, 1e-9);
	run_free(&r);

	static const double push[] = {3, -3};
	static const double lf_alone[] = {-60.5744748233, -100.914343938};
	for (int i = 0; i < 2; i++) {
		ladder(&r, 12, 4, 0.4, 0.2, 75);
		setn(&r, "thetadot0", push[i]);
		solve_ok(&r);
		ck_assert_str_eq(resw(&r, "outcome"), "lifts-off");
		ck_assert_double_eq(res(&r, "t_end"), 0);
		ck_assert_double_eq(res(&r, "t_leave"), 0);
		ck_assert_double_eq_tol(res(&r, "theta_leave"), 75, 1e-12);
		char want[64];
		snprintf(want, sizeof want, "λ_floor = %.12g N < 0", lf_alone[i]);
		ck_assert_msg(strstr(strbuf_str(&r.steps), want), "no '%s' in the steps", want);
		ck_assert_ptr_nonnull(strstr(strbuf_str(&r.steps), "flies off both"));
		run_free(&r);
	}

	/* a run that ends with the top on the wall says so, not "never" */
	ladder(&r, 12, 4, 0.4, 0.2, 30);
	setn(&r, "tmax", 0.1);
	solve_ok(&r);
	ck_assert_str_eq(resw(&r, "outcome"), "moving");
	const struct value *v = resv(&r, "theta_leave");
	ck_assert_int_eq(v->kind, VAL_UNDEFINED);
	ck_assert_str_eq(v->word, "the top stays on the wall through the run, which ends at t = "
				  "0.1 s: moving");
	/* at rest it never leaves */
	setn(&r, "theta0", 75);
	solve_ok(&r);
	ck_assert_str_eq(resw(&r, "outcome"), "rests");
	ck_assert_str_eq(resv(&r, "theta_leave")->word, "never leaves");
	ck_assert_str_eq(resv(&r, "t_leave")->word, "never");
	run_free(&r);
}
END_TEST

static Suite *ladder_suite(void)
{
	Suite *s = suite_create("ladder");
	TCase *tc = tcase_create("ladder");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_theta_min);
	tcase_add_test(tc, test_rest_edge);
	tcase_add_test(tc, test_frictionless);
	tcase_add_test(tc, test_friction_by_hand);
	tcase_add_test(tc, test_mu_wall_zero);
	tcase_add_test(tc, test_isotropic);
	tcase_add_test(tc, test_family);
	tcase_add_test(tc, test_family_ref);
	tcase_add_test(tc, test_push);
	tcase_add_test(tc, test_pivot);
	tcase_add_test(tc, test_projected_frictionless);
	tcase_add_test(tc, test_projected_slides);
	tcase_add_test(tc, test_projected_rest);
	tcase_add_test(tc, test_projected_paradox);
	tcase_add_test(tc, test_projected_held);
	tcase_add_test(tc, test_figures);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_jam);
	tcase_add_test(tc, test_liftoff_start);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(ladder_suite());
}
