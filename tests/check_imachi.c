/* Imachi's frictional viscosity: the graphical step by hand, case I's
 * drift, the symmetry of φ' = 90°, the graphical method converging on the
 * accurate one like n⁻², Fig. 6's means, the attracting limit cycle, the
 * non-slip rule, and bad input. */
#include <check.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <string.h>

#include "modelrun.h"
#include "models/imachi.h"
#include "testutil.h"

static void imachi(struct run *r, const char *motion, double phi, double s, double mu0, double mu1,
		   const char *method)
{
	run_init(r, "imachi");
	setw(r, "motion", motion);
	setn(r, "phi", phi);
	setn(r, "a", 1);
	setn(r, "s", s);
	setn(r, "mu0", mu0);
	setn(r, "mu1", mu1);
	setw(r, "method", method);
}

/* One step worked by hand, Fig. 2 with the circular base of Fig. 6
 * (s = 1, μ0 = 1.15, Δτ = π/12, u_0 = 0):
 *   s_0 = (π/12, 0) = (0.261799, 0), s'_0 = (π/24, 0) = (0.130900, 0),
 *   (½)' = (cos π/24, sin π/24) = (0.991445, 0.130526),
 *   s'_0(½)' = (0.860545, 0.130526), length 0.870388, so
 *   e = (0.988692, 0.149963), and u_1 = s_0 + μ0Δτ e
 *     = (0.261799 + 0.301069·0.988692, 0.301069·0.149963)
 *     = (0.559464, 0.045149). */
START_TEST(test_step_by_hand)
{
	const double h = M_PI / 12, u[2] = {0, 0};
	const double vh[2] = {cos(h / 2), sin(h / 2)}, v1[2] = {cos(h), sin(h)};
	double out[2];
	ck_assert_int_eq(imachi_step(1.0, 1.15, 1.3, h, u, vh, v1, false, out), IMACHI_SLIPS);
	ck_assert_double_eq_tol(out[0], 0.559464, 5e-7);
	ck_assert_double_eq_tol(out[1], 0.045149, 5e-7);
	/* the new point is on the μ0Δτ circle about s_0 */
	ck_assert_rel(hypot(out[0] - h, out[1]), 1.15 * h, 1e-14);
	/* on the base, (r+1)' within μ1Δτ of s_r: it stays; beyond, it slips */
	const double on[2] = {1.0, 0.0}, v1b[2] = {1.0 + 0.2 * h, 0.1 * h};
	ck_assert_int_eq(imachi_step(0.5, 1.0, 1.3, h, on, on, v1b, true, out), IMACHI_STAYS);
	ck_assert(out[0] == v1b[0] && out[1] == v1b[1]);
	const double v1c[2] = {1.0 + 0.5 * h + 1.4 * h, 0.0};
	ck_assert_int_eq(imachi_step(0.5, 1.0, 1.3, h, on, on, v1c, true, out), IMACHI_SLIPS);
	/* slipping, the base within μ0Δτ of s_r is caught */
	const double off[2] = {0.9, 0.0}, v1d[2] = {0.9 + 0.5 * h + 0.8 * h, 0.0};
	ck_assert_int_eq(imachi_step(0.5, 1.0, 1.3, h, off, v1d, v1d, false, out), IMACHI_CATCHES);
}
END_TEST

/* Case I (s > μ0): no limit cycle; u_x grows at least at the rate s − μ0. */
START_TEST(test_case_one)
{
	const char *methods[] = {"accurate", "graphical"};
	for (int i = 0; i < 2; i++) {
		struct run r;
		imachi(&r, "linear", 30, 1.3, 1.1, 1.3, methods[i]);
		setn(&r, "periods", 20);
		solve_ok(&r);
		ck_assert_str_eq(resw(&r, "case"), "I");
		ck_assert(!resb(&r, "converged"));
		ck_assert(res(&r, "drift") >= 0.2 - 1e-9);
		ck_assert(res(&r, "u_xmean") >= 0.2 * 2 * M_PI * 19);
		run_free(&r);
	}
}
END_TEST

/* φ' = 90°: the motion is symmetric under τ → τ + π, u_y → −u_y. */
START_TEST(test_symmetry)
{
	const char *methods[] = {"accurate", "graphical"};
	for (int i = 0; i < 2; i++) {
		struct run r;
		imachi(&r, "linear", 90, 1, 1.1, 1.3, methods[i]);
		solve_ok(&r);
		ck_assert(resb(&r, "converged"));
		ck_assert_double_eq_tol(res(&r, "u_ymean"), 0.0, 1e-9);
		ck_assert(res(&r, "u_xmean") > 1);
		run_free(&r);
	}
}
END_TEST

/* Graphical → accurate as n grows: the error falls like n⁻² (the step is a
 * midpoint rule), and Richardson's (4 g(2n) − g(n))/3 meets the accurate
 * limit cycle to 1e-6. Fig. 6 (circular, s = a, μ0 = 1.15a). */
START_TEST(test_graphical_converges)
{
	struct run r;
	imachi(&r, "circular", 0, 1, 1.15, 1.3, "accurate");
	solve_ok(&r);
	const double ax = res(&r, "u_xmean"), ay = res(&r, "u_ymean");
	setw(&r, "method", "graphical");
	double prev = INFINITY, gx[5], gy[5];
	for (int k = 0; k < 5; k++) {
		setn(&r, "n", 12 << k);
		solve_ok(&r);
		ck_assert(resb(&r, "converged"));
		gx[k] = res(&r, "u_xmean");
		gy[k] = res(&r, "u_ymean");
		double err = hypot(gx[k] - ax, gy[k] - ay);
		if (k > 0)
			ck_assert_msg(err < prev / 3, "n = %d: error %g after %g", 12 << k, err,
				      prev);
		prev = err;
	}
	ck_assert_double_eq_tol((4 * gx[4] - gx[3]) / 3, ax, 1e-6);
	ck_assert_double_eq_tol((4 * gy[4] - gy[3]) / 3, ay, 1e-6);
	run_free(&r);
}
END_TEST

/* Fig. 6: the paper reads u_ym = 0.234a off its drawing; the equation's
 * limit cycle has u_ymean = 0.2369 and u_xmean = 1.0017 (SPEC: the paper's
 * 0.908a is its drawing, not its equation). */
START_TEST(test_fig6)
{
	struct run r;
	imachi(&r, "circular", 0, 1, 1.15, 1.3, "accurate");
	solve_ok(&r);
	ck_assert(resb(&r, "converged"));
	ck_assert_str_eq(resw(&r, "case"), "II");
	ck_assert_double_eq_tol(res(&r, "u_ymean"), 0.234, 0.005);
	ck_assert_double_eq_tol(res(&r, "u_xmean"), 1.0, 0.005);
	ck_assert(fabs(res(&r, "u_xmean") - 0.908) > 0.09);
	ck_assert_double_eq(res(&r, "stick_fraction"), 0);
	run_free(&r);
}
END_TEST

/* The limit cycle attracts: starting far away gives the same means. Fig. 4
 * at 45° has non-slip periods (case III). */
START_TEST(test_attracting)
{
	struct run r;
	imachi(&r, "linear", 45, 1, 1.1, 1.3, "accurate");
	solve_ok(&r);
	const double x = res(&r, "u_xmean"), y = res(&r, "u_ymean");
	ck_assert_str_eq(resw(&r, "case"), "III");
	ck_assert(res(&r, "stick_fraction") > 0);
	setn(&r, "u0x", 4);
	setn(&r, "u0y", -3);
	solve_ok(&r);
	ck_assert(resb(&r, "converged"));
	ck_assert_double_eq_tol(res(&r, "u_xmean"), x, 1e-8);
	ck_assert_double_eq_tol(res(&r, "u_ymean"), y, 1e-8);
	run_free(&r);
}
END_TEST

/* A base that never shakes the mass off: with μ1 > a + s the mass rides on
 * it for ever, u = v, whose mean is 0. */
START_TEST(test_rides)
{
	const char *methods[] = {"accurate", "graphical"};
	for (int i = 0; i < 2; i++) {
		struct run r;
		imachi(&r, "circular", 0, 0.2, 0.5, 1.5, methods[i]);
		setn(&r, "u0x", 1); /* on the base at τ = 0: v(0) = (a, 0) */
		solve_ok(&r);
		ck_assert(resb(&r, "converged"));
		ck_assert_double_eq(res(&r, "stick_fraction"), 1);
		ck_assert_double_eq_tol(res(&r, "u_xmean"), 0, 1e-12);
		ck_assert_double_eq_tol(res(&r, "u_ymean"), 0, 1e-12);
		run_free(&r);
	}
}
END_TEST

START_TEST(test_errors)
{
	struct run r;
	imachi(&r, "linear", 45, 1, 1.1, 1.0, "accurate");
	ck_assert_int_eq(solve(&r), -1);
	ck_assert_ptr_nonnull(strstr(r.d.msg, "mu1"));
	ck_assert_ptr_nonnull(strstr(r.d.msg, "mu0"));
	setn(&r, "mu1", 1.3);
	setn(&r, "n", 12.5);
	ck_assert_int_eq(solve(&r), -1);
	ck_assert_ptr_nonnull(strstr(r.d.msg, "integer"));
	run_free(&r);
}
END_TEST

static Suite *imachi_suite(void)
{
	Suite *s = suite_create("imachi");
	TCase *tc = tcase_create("imachi");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_step_by_hand);
	tcase_add_test(tc, test_case_one);
	tcase_add_test(tc, test_symmetry);
	tcase_add_test(tc, test_graphical_converges);
	tcase_add_test(tc, test_fig6);
	tcase_add_test(tc, test_attracting);
	tcase_add_test(tc, test_rides);
	tcase_add_test(tc, test_errors);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(imachi_suite());
}
