/* The stick-slip machinery of num/: the first-crossing search (num/roots),
 * the test that ends a run of periods (num/settle), the planar landing on
 * the support (num/stickslip), and num/ode's step-by-step integration,
 * against values known in closed form. */
#include <check.h>
#include <gsl/gsl_errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "num/num.h"
#include "num/ode.h"
#include "num/relay.h"
#include "num/roots.h"
#include "num/settle.h"
#include "num/stickslip.h"
#include "testutil.h"
#include "util/diag.h"

/* ---- num_first_crossing ---------------------------------------------------- */

static int calls;

/* x² − 2: above 0 past √2 */
static double above_sqrt2(double x, void *p)
{
	(void)p;
	calls++;
	return x * x - 2;
}

/* sin x − 0.5 from x = 0: above 0 on (π/6, 5π/6), (13π/6, 17π/6), … */
static double sin_half(double x, void *p)
{
	(void)p;
	return sin(x) - 0.5;
}

/* −1 at the grid's points, NaN between them: Brent cannot refine. */
static double nan_inside(double x, void *p)
{
	(void)p;
	return x == 0 ? -1 : x == 1 ? 1 : NAN;
}

static struct num_scan scan(double lo, double hi, double step)
{
	return (struct num_scan){.lo = lo,
				 .hi = hi,
				 .step = step,
				 .anchor = lo,
				 .epsrel = 1e-15,
				 .what = "the test's crossing"};
}

START_TEST(test_crossing_known_root)
{
	struct diag d;
	double x;
	struct num_scan s = scan(0, 3, 0.1);
	calls = 0;
	ck_assert_int_eq(num_first_crossing(above_sqrt2, NULL, &s, &x, &d), 0);
	/* the far end of Brent's bracket: past the root, within 1e-15 */
	ck_assert_double_ge(above_sqrt2(x, NULL), 0);
	ck_assert_rel(x, M_SQRT2, 2e-15);
	ck_assert_int_le(calls, 16 + 60); /* 15 grid points, then Brent */
}
END_TEST

START_TEST(test_crossing_first_of_several)
{
	struct diag d;
	double x;
	/* a grid of π/64 from 0: the first root π/6, not 13π/6 nor 5π/6 */
	struct num_scan s = scan(0, 20, M_PI / 64);
	ck_assert_int_eq(num_first_crossing(sin_half, NULL, &s, &x, &d), 0);
	ck_assert_rel(x, M_PI / 6, 2e-15);
	/* from inside the first excursion's end: the next one, 13π/6 */
	s = scan(5 * M_PI / 6 + 0.01, 20, M_PI / 64);
	ck_assert_int_eq(num_first_crossing(sin_half, NULL, &s, &x, &d), 0);
	ck_assert_rel(x, 13 * M_PI / 6, 2e-15);
	/* a grid anchored at 0, the search from 3 (below the level): 13π/6 */
	s = scan(3, 20, M_PI / 64);
	s.anchor = 0;
	ck_assert_int_eq(num_first_crossing(sin_half, NULL, &s, &x, &d), 0);
	ck_assert_rel(x, 13 * M_PI / 6, 2e-15);
}
END_TEST

START_TEST(test_crossing_none)
{
	struct diag d;
	double x = 0;
	struct num_scan s = scan(0, 1.4, 0.1); /* √2 is past hi */
	ck_assert_int_eq(num_first_crossing(above_sqrt2, NULL, &s, &x, &d), 0);
	ck_assert(isinf(x) && x > 0);
	/* above 0 by less than the level: no crossing either */
	s = scan(0, 1.5, 0.1);
	s.level = 0.5;
	ck_assert_int_eq(num_first_crossing(above_sqrt2, NULL, &s, &x, &d), 0);
	ck_assert(isinf(x));
}
END_TEST

START_TEST(test_crossing_at_once)
{
	struct diag d;
	double x;
	/* f already above the level at lo: lo itself */
	struct num_scan s = scan(2, 3, 0.1);
	ck_assert_int_eq(num_first_crossing(above_sqrt2, NULL, &s, &x, &d), 0);
	ck_assert_double_eq(x, 2);
	/* f ≥ 0 at the last point below the level: that point */
	s = scan(0, 3, 0.5);
	s.level = 0.5; /* f(1.5) = 0.25 ≤ level, f(2) = 2 */
	ck_assert_int_eq(num_first_crossing(above_sqrt2, NULL, &s, &x, &d), 0);
	ck_assert_double_eq(x, 1.5);
}
END_TEST

START_TEST(test_crossing_brent_fails)
{
	struct diag d;
	double x = 42;
	diag_clear(&d);
	struct num_scan s = scan(0, 1, 1);
	ck_assert_int_eq(num_first_crossing(nan_inside, NULL, &s, &x, &d), -1);
	ck_assert_msg(strstr(d.msg, "the test's crossing failed") != NULL, "%s", d.msg);
	/* no grid: an error, not an endless scan */
	s.step = 0;
	ck_assert_int_eq(num_first_crossing(above_sqrt2, NULL, &s, &x, &d), -1);
}
END_TEST

/* GSL's failures reach the user in tribo's words, not the algorithm's
 * ("endpoints do not straddle y=0", "bad integrand behavior found…"). */
START_TEST(test_fail_words)
{
	struct diag d;
	static const struct {
		int status;
		const char *says, *not ;
	} c[] = {{GSL_EINVAL, "both ends on one side of zero", "straddle"},
		 {GSL_ESING, "singularity or a jump", "bad integrand"},
		 {GSL_EBADFUNC, "not a finite number", "bad function"},
		 {GSL_EDOM, "positive definite", "input domain error"}};
	num_init();
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		num_gsl_clear();
		gsl_error(c[i].status == GSL_EINVAL ? "endpoints do not straddle y=0"
						    : "bad integrand behavior found",
			  __FILE__, __LINE__, c[i].status);
		ck_assert_int_eq(num_fail(&d, c[i].status, "the root"), -1);
		ck_assert_msg(strstr(d.msg, c[i].says) && !strstr(d.msg, c[i].not ), "%s", d.msg);
		ck_assert_msg(!strncmp(d.msg, "the root failed: ", 17), "%s", d.msg);
	}
	num_gsl_clear();
}
END_TEST

/* ---- num_settle ------------------------------------------------------------- */

START_TEST(test_settle_relative)
{
	struct num_settle s = {.rtol = 1e-9, .floor = 1, .cap = 10};
	num_settle_start(&s);
	const double prev[2] = {300, 400}; /* |x| ≈ 500: the tolerance 5e-7 */
	double x[2] = {300 + 0.99 * 3e-7, 400 + 0.99 * 4e-7};
	ck_assert(num_settle_check(&s, x, prev, 2));
	ck_assert_double_eq(s.change, hypot(x[0] - prev[0], x[1] - prev[1]));
	ck_assert_rel(s.change, 0.99 * 5e-7, 1e-6); /* 300 + 3e-7 keeps 8 digits of 3e-7 */
	ck_assert_double_eq(s.tol, 1e-9 * hypot(x[0], x[1]));
	x[0] = 300 + 1.01 * 3e-7, x[1] = 400 + 1.01 * 4e-7;
	ck_assert(!num_settle_check(&s, x, prev, 2));
	ck_assert_int_eq(s.count, 2);
}
END_TEST

START_TEST(test_settle_floor)
{
	/* a state at 0: relative to |x| alone only an exact repeat would pass */
	struct num_settle s = {.rtol = 1e-9, .floor = 2, .cap = 10};
	num_settle_start(&s);
	const double prev[1] = {0};
	double x[1] = {1.5e-9};
	ck_assert(num_settle_check(&s, x, prev, 1)); /* 1.5e-9 ≤ 1e-9·2 */
	ck_assert_double_eq(s.tol, 2e-9);
	x[0] = 2.5e-9;
	ck_assert(!num_settle_check(&s, x, prev, 1));
	/* endless: never settles, whatever the change */
	s.endless = true;
	x[0] = 0;
	ck_assert(!num_settle_check(&s, x, prev, 1));
}
END_TEST

/* ---- the landing -------------------------------------------------------------- */

START_TEST(test_landing_time)
{
	/* w along x at 1e-9, g across it: d|w|/dt = ŵ·g − f = −f, so w = 0
	 * after |w|/f */
	struct num_slip s = {.w_ev = 1e-9};
	const double w[2] = {1e-9, 0}, g[2] = {0, 3};
	double dt = -1;
	ck_assert(num_slip_land(&s, w, g, 0.5, &dt));
	ck_assert_rel(dt, 2e-9, 1e-15);
	/* g against w helps the friction: |w|/(f + |g|) */
	const double g2[2] = {-1.5, 0};
	ck_assert(num_slip_land(&s, w, g2, 0.5, &dt));
	ck_assert_rel(dt, 1e-9 / 2, 1e-15);
	/* g along w beyond the friction: it turns away, no landing */
	const double g3[2] = {0.6, 0};
	dt = -1;
	ck_assert(!num_slip_land(&s, w, g3, 0.5, &dt));
	ck_assert_double_eq(dt, -1);
}
END_TEST

START_TEST(test_landing_events)
{
	struct num_slip s = {.w_ev = 1e-9};
	ck_assert_rel(num_slip_event(&s, 3e-9), 2e-9, 1e-15);
	/* at rest, |g| = 5 against a static limit of 5: it holds */
	const double g[2] = {3, 4};
	ck_assert(num_slip_at_rest(&s, g, 5));
	ck_assert(!s.away);
	/* limit 4.9: it breaks away along g, its phase ending at 2 w_ev */
	ck_assert(!num_slip_at_rest(&s, g, 4.9));
	ck_assert(s.away);
	ck_assert_double_eq_tol(s.dir[0], 0.6, 1e-16);
	ck_assert_double_eq_tol(s.dir[1], 0.8, 1e-16);
	ck_assert_rel(num_slip_event(&s, 3e-9), 1e-9, 1e-15);
	/* the break-away's event is not a landing: the slip goes on */
	const double w[2] = {2e-9, 0};
	double dt = -1;
	ck_assert(!num_slip_land(&s, w, g, 100, &dt));
	ck_assert(!s.away);
	ck_assert_double_eq(dt, -1);
}
END_TEST

/* ---- the stepper ------------------------------------------------------------ */

/* y'' = −y: (cos t, −sin t) from (1, 0) */
static int oscillator(double t, const double y[], double f[], void *p)
{
	(void)t;
	(void)p;
	if (num_interrupted)
		return GSL_EBADFUNC;
	f[0] = y[1];
	f[1] = -y[0];
	return GSL_SUCCESS;
}

static int oscillator_jac(double t, const double y[], double *dfdy, double dfdt[], void *p)
{
	(void)t;
	(void)y;
	(void)p;
	dfdy[0] = 0, dfdy[1] = 1, dfdy[2] = -1, dfdy[3] = 0;
	dfdt[0] = dfdt[1] = 0;
	return GSL_SUCCESS;
}

START_TEST(test_stepper)
{
	const struct ode_system sys = {2, oscillator, NULL, NULL};
	struct ode_stepper *st = ode_stepper_new(&sys, oscillator_jac, ODE_RK8PD, 0, 1e-3, 1e-10);
	double t = 0, y[2] = {1, 0};
	size_t steps = 0;
	while (t < 1) {
		double before = t;
		ck_assert_int_eq(ode_stepper_step(st, &t, 1, y), GSL_SUCCESS);
		ck_assert(t > before && t <= 1); /* one accepted step, never past tmax */
		steps++;
	}
	ck_assert_double_eq(t, 1);
	ck_assert_double_eq_tol(y[0], cos(1.0), 1e-9);
	ck_assert_double_eq_tol(y[1], -sin(1.0), 1e-9);
	/* on with the implicit method from the step size reached */
	ode_stepper_set_method(st, ODE_MSBDF);
	ck_assert_int_eq(ode_stepper_method(st), ODE_MSBDF);
	while (t < 2)
		ck_assert_int_eq(ode_stepper_step(st, &t, 2, y), GSL_SUCCESS);
	ck_assert_double_eq_tol(y[0], cos(2.0), 1e-7);
	ck_assert_double_eq_tol(y[1], -sin(2.0), 1e-7);
	/* an interrupt stops the step with GSL_EBADFUNC */
	num_interrupted = 1;
	ck_assert_int_eq(ode_stepper_step(st, &t, 3, y), GSL_EBADFUNC);
	num_interrupted = 0;
	ode_stepper_free(st);
	/* a stretch re-run with a fresh driver */
	t = 0, y[0] = 1, y[1] = 0;
	ck_assert_int_eq(ode_solve_to(&sys, NULL, ODE_RK8PD, 1e-3, 1e-10, &t, 0.5, y), GSL_SUCCESS);
	ck_assert_double_eq(t, 0.5);
	ck_assert_double_eq_tol(y[0], cos(0.5), 1e-9);
}
END_TEST

/* Whether a library whose path has `name` is mapped into the process. */
static bool mapped(const char *name)
{
	FILE *f = fopen("/proc/self/maps", "r");
	ck_assert_ptr_nonnull(f);
	char line[1024];
	bool found = false;
	while (fgets(line, sizeof(line), f))
		found |= strstr(line, name) != NULL;
	fclose(f);
	return found;
}

/* One contact's relay problem w = W z + q, -w in N_[lb, ub](z): z = -q/W
 * inside the bounds (w = 0), a bound with w of its sign outside; solved
 * without loading Siconos (5 ms of a whole run). Two contacts still go to
 * Siconos' Lemke: a pair that sticks together, and one where the first
 * slips at its bound while the second sticks, against the hand solution. */
START_TEST(test_relay)
{
	struct diag d = {0};
	double z[2], w[2];
	const double W1 = 2, lb = -1, ub = 1;
	double q = 0.5;
	ck_assert_int_eq(num_relay_solve(1, &W1, &q, &lb, &ub, z, w, &d), 0);
	ck_assert(z[0] == -0.25 && w[0] == 0);
	q = -3; /* -q/W = 1.5 past ub: z = ub, w = 2 - 3 = -1 <= 0 */
	ck_assert_int_eq(num_relay_solve(1, &W1, &q, &lb, &ub, z, w, &d), 0);
	ck_assert(z[0] == 1 && w[0] == -1);
	q = 4; /* -q/W = -2 below lb: z = lb, w = -2 + 4 = 2 >= 0 */
	ck_assert_int_eq(num_relay_solve(1, &W1, &q, &lb, &ub, z, w, &d), 0);
	ck_assert(z[0] == -1 && w[0] == 2);
	q = 0; /* nothing pushes: z = 0, not -0 */
	ck_assert_int_eq(num_relay_solve(1, &W1, &q, &lb, &ub, z, w, &d), 0);
	ck_assert(z[0] == 0 && !signbit(z[0]) && w[0] == 0);
	ck_assert(!mapped("libsiconos"));
	/* W = [[2, 1], [1, 2]], bounds +-1 */
	const double W2[4] = {2, 1, 1, 2}, lb2[2] = {-1, -1}, ub2[2] = {1, 1};
	const double qa[2] = {0.3, -0.6}; /* z = -W^-1 q = (-0.4, 0.5): both inside */
	ck_assert_int_eq(num_relay_solve(2, W2, qa, lb2, ub2, z, w, &d), 0);
	ck_assert_double_eq_tol(z[0], -0.4, 1e-12);
	ck_assert_double_eq_tol(z[1], 0.5, 1e-12);
	ck_assert_double_eq_tol(w[0], 0, 1e-12);
	ck_assert_double_eq_tol(w[1], 0, 1e-12);
	/* q = (-4, 0.5): z1 = ub = 1, then 2 z2 + 1 + 0.5 = 0, z2 = -0.75;
	 * w1 = 2 - 0.75 - 4 = -2.75 <= 0 */
	const double qb[2] = {-4, 0.5};
	ck_assert_int_eq(num_relay_solve(2, W2, qb, lb2, ub2, z, w, &d), 0);
	ck_assert_double_eq_tol(z[0], 1, 1e-12);
	ck_assert_double_eq_tol(z[1], -0.75, 1e-12);
	ck_assert_double_eq_tol(w[0], -2.75, 1e-12);
	ck_assert_double_eq_tol(w[1], 0, 1e-12);
}
END_TEST

static Suite *num_suite(void)
{
	Suite *s = suite_create("num");
	TCase *tc = tcase_create("first crossing");
	tcase_add_test(tc, test_crossing_known_root);
	tcase_add_test(tc, test_crossing_first_of_several);
	tcase_add_test(tc, test_crossing_none);
	tcase_add_test(tc, test_crossing_at_once);
	tcase_add_test(tc, test_crossing_brent_fails);
	tcase_add_test(tc, test_fail_words);
	suite_add_tcase(s, tc);
	tc = tcase_create("settle");
	tcase_add_test(tc, test_settle_relative);
	tcase_add_test(tc, test_settle_floor);
	suite_add_tcase(s, tc);
	tc = tcase_create("landing");
	tcase_add_test(tc, test_landing_time);
	tcase_add_test(tc, test_landing_events);
	suite_add_tcase(s, tc);
	tc = tcase_create("stepper");
	tcase_add_test(tc, test_stepper);
	suite_add_tcase(s, tc);
	tc = tcase_create("relay");
	tcase_add_test(tc, test_relay);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(num_suite());
}
