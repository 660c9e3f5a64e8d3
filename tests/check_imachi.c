/* Imachi's frictional viscosity: the graphical step by hand, case I's
 * drift, the symmetry of φ' = 90°, the graphical method converging on the
 * accurate one like n⁻², Fig. 6's means, the attracting limit cycle, the
 * non-slip rule, and bad input. */
#include <check.h>
#include <complex.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "figtest.h"
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

/* s > μ0 from rest, Imachi's case I: no limit cycle. The verdict is
 * "drift", never case I; the limit cycle's answers are undefined with the
 * reason; u_x grows at least at the rate s − μ0. */
START_TEST(test_case_one)
{
	const char *methods[] = {"accurate", "graphical"};
	for (int i = 0; i < 2; i++) {
		struct run r;
		imachi(&r, "linear", 30, 1.3, 1.1, 1.3, methods[i]);
		setn(&r, "periods", 20);
		solve_ok(&r);
		ck_assert_str_eq(resw(&r, "case"), "drift");
		ck_assert(!resb(&r, "converged"));
		ck_assert(res(&r, "drift") >= 0.2 - 1e-9);
		static const char *const undef[] = {"u_xmean", "u_ymean", "stick_fraction",
						    "cycles"};
		for (int k = 0; k < 4; k++) {
			ck_assert_int_eq(resv(&r, undef[k])->kind, VAL_UNDEFINED);
			ck_assert_str_eq(resv(&r, undef[k])->word,
					 "no limit cycle: s = 1.3 > μ0 = 1.1, the mass accelerates "
					 "without bound");
		}
		ck_assert_ptr_nonnull(strstr(strbuf_str(&r.steps), "Drift, Imachi's case I"));
		ck_assert_ptr_null(strstr(strbuf_str(&r.steps), "Over the last period: u_xmean"));
		run_free(&r);
	}
}
END_TEST

/* The drift against tests/ref/imachi_drift.py (SciPy's DOP853 on eq. (2),
 * from a start ahead of the base, where the mass slips for ever): the
 * change of u_x over the last period per unit τ, which tends to s − μ0. */
START_TEST(test_drift_reference)
{
	static const struct {
		double phi, a, s, mu0, u0x, u0y, periods, drift;
	} c[] = {
		{30, 1.0, 1.3, 1.1, 3.0, 0.0, 20, 0.200090137551},
		{60, 1.5, 0.95, 0.9, 2.0, 0.5, 200, 0.0500844284526},
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		struct run r;
		imachi(&r, "linear", c[i].phi, c[i].s, c[i].mu0, 1.3, "accurate");
		setn(&r, "a", c[i].a);
		setn(&r, "u0x", c[i].u0x);
		setn(&r, "u0y", c[i].u0y);
		setn(&r, "periods", c[i].periods);
		solve_ok(&r);
		ck_assert_str_eq(resw(&r, "case"), "drift");
		ck_assert_near(res(&r, "drift"), c[i].drift, 1e-9, 1);
		ck_assert(res(&r, "drift") >= c[i].s - c[i].mu0);
		run_free(&r);
	}
}
END_TEST

static double wall_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Issue 37: a circular base, the mass 1e-11 off it at τ = 0 (|v − u| =
 * 1e-11, below the slip's w_ev = 1e-10) where |dv/dτ − s| = 1.118 ≤ μ1:
 * the run stood still at τ = 0 for ever (644 s in a batch; periods 1 too).
 * Now the start is on the base (within 1e-9) and sticks, exactly as the
 * start u = v does, within 2 s; and a start off the base by 1e-8 (beyond
 * the snap, above w_ev) runs too. */
START_TEST(test_hang)
{
	static const double u0y[] = {-1e-11, 0, -1e-8};
	static const double periods[] = {1, 200};
	for (int j = 0; j < 2; j++) {
		double ux[3], t0 = wall_now();
		for (int i = 0; i < 3; i++) {
			struct run r;
			imachi(&r, "circular", 0, 0.5, 0.9, 1.3, "accurate");
			setn(&r, "u0x", 1);
			setn(&r, "u0y", u0y[i]);
			setn(&r, "periods", periods[j]);
			solve_ok(&r);
			if (j == 1) {
				ck_assert(resb(&r, "converged"));
				ck_assert_str_eq(resw(&r, "case"), "III");
				ux[i] = res(&r, "u_xmean");
			}
			run_free(&r);
		}
		ck_assert_msg(wall_now() - t0 < 2, "%g s", wall_now() - t0);
		if (j == 1) {
			ck_assert(ux[0] == ux[1]); /* the snapped start is the start on the base */
			ck_assert_near(ux[2], ux[1], 1e-7, 1);
		}
	}
	/* a base at a = 1.6e-5 under a mass at rest, μ0 = μ1 = 1.3: it lands
	 * after τ ≈ a/μ0 and rides (a + s ≪ μ1); the landing's w_ev, on the
	 * scale max(a, s) and not the tolerance's max(a, s, μ0), chattered
	 * to the 2 s budget */
	const double t0 = wall_now();
	struct run r;
	imachi(&r, "linear", 170.78, 5.7e-10, 1.3169, 1.3169, "accurate");
	setn(&r, "a", 1.592e-5);
	solve_ok(&r);
	ck_assert_str_eq(resw(&r, "case"), "rest");
	ck_assert_double_eq(res(&r, "u_xmean"), 0);
	ck_assert_msg(wall_now() - t0 < 2, "%g s", wall_now() - t0);
	run_free(&r);
}
END_TEST

/* Starts at rounding distance from the switching surface u = v: v(0)
 * typed to 10 digits (φ' 30°, a .5: v(0) = (0.4330127019…, 0.25)) with
 * |dv/dτ − s| ≤ μ1 at rest throughout (a + s = 1 ≤ μ1 = 1.3) is rest,
 * the stick fraction exactly 1 and the means exactly 0 (issue 37: case III
 * with stick 0.999999999997); a circular base at a start 1e-11 off where
 * |dv/dτ − s| > μ1 slips off as the exact start does, bit for bit. */
START_TEST(test_rounding_start)
{
	const char *methods[] = {"accurate", "graphical"};
	for (int i = 0; i < 2; i++) {
		static const double ux[] = {0.4330127019, 0.43301270189221935, 0.433012702};
		for (int k = 0; k < 3; k++) {
			struct run r;
			imachi(&r, "linear", 30, 0.5, 0.9, 1.3, methods[i]);
			setn(&r, "a", 0.5);
			setn(&r, "u0x", ux[k]);
			setn(&r, "u0y", 0.25);
			solve_ok(&r);
			ck_assert_str_eq(resw(&r, "case"), "rest");
			ck_assert(res(&r, "stick_fraction") == 1);
			ck_assert(res(&r, "u_xmean") == 0 && res(&r, "u_ymean") == 0);
			run_free(&r);
		}
		double got[2][2];
		static const double off[] = {0, 1e-11};
		for (int k = 0; k < 2; k++) {
			struct run r;
			imachi(&r, "circular", 0, 0.5, 0.9, 1.3, methods[i]);
			setn(&r, "a", 2);
			setn(&r, "u0x", 2 + off[k]);
			setn(&r, "u0y", -off[k]);
			solve_ok(&r);
			ck_assert(resb(&r, "converged"));
			got[k][0] = res(&r, "u_xmean"), got[k][1] = res(&r, "stick_fraction");
			run_free(&r);
		}
		ck_assert(got[0][0] == got[1][0] && got[0][1] == got[1][1]);
	}
}
END_TEST

/* A cycle is a cycle: the period map must repeat over two successive
 * periods. One period asked is never enough; the shipped Fig. 5 (its
 * graphical cycle exact from period 2) needs 3. */
START_TEST(test_two_periods)
{
	struct run r;
	imachi(&r, "linear", 45, 0.5, 0.9, 1.3, "graphical");
	setn(&r, "periods", 1);
	solve_ok(&r);
	if (!resb(&r, "converged")) {
		ck_assert_int_eq(resv(&r, "u_xmean")->kind, VAL_UNDEFINED);
		ck_assert_ptr_nonnull(strstr(resv(&r, "u_xmean")->word, "within 1 period"));
		ck_assert_str_eq(resw(&r, "case"), "unsettled");
	}
	setn(&r, "periods", 200);
	solve_ok(&r);
	ck_assert(resb(&r, "converged"));
	ck_assert(res(&r, "cycles") >= 3);
	run_free(&r);
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

/* A cycle that slips throughout is the period map's fixed point, not the
 * iterate where P repeated to 1e-9: tests/ref/imachi_cycle_ref.py (DOP853
 * at 1e-13 over a period, scipy.optimize.root on P(u) − u) gives the means
 * of the exercise imachi (linear, φ' = 60°, a = 1.5, s = 0.6, μ0 = 0.9),
 * of Fig. 6 and of φ' = 90°, where u_ymean is 0 by symmetry. The iterate
 * left imachi 2.6e-11 off and Fig. 6 2.4e-10. A cycle with non-slip
 * periods is reached exactly (its map is flat), and its means at small s
 * are s times the same constant (frictional viscosity): at s = 1e-10 they
 * were 0, the 1e-9 rule taking 5.5e-11 for rounding. */
START_TEST(test_cycle_fixed_point)
{
	static const struct {
		const char *motion;
		double phi, a, s, mu0, mu1, ux, uy;
	} c[] = {
		{"linear", 60, 1.5, 0.6, 0.9, 1.3, 0.6398412678984337, 0.21114543616383807},
		{"circular", 0, 1, 1, 1.15, 1.3, 1.001670107959861, 0.23688130574484384},
		{"linear", 90, 1.5, 0.6, 0.9, 1.3, 0.612120201630537, 0},
	};
	for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
		struct run r;
		imachi(&r, c[i].motion, c[i].phi, c[i].s, c[i].mu0, c[i].mu1, "accurate");
		setn(&r, "a", c[i].a);
		solve_ok(&r);
		ck_assert_str_eq(resw(&r, "case"), "II");
		ck_assert_msg(fabs(res(&r, "u_xmean") - c[i].ux) <= 2e-13, "%zu: u_xmean %.17g", i,
			      res(&r, "u_xmean"));
		ck_assert_msg(fabs(res(&r, "u_ymean") - c[i].uy) <= 2e-13, "%zu: u_ymean %.17g", i,
			      res(&r, "u_ymean"));
		if (c[i].uy == 0)
			ck_assert_double_eq(res(&r, "u_ymean"), 0);
		run_free(&r);
	}
	double k[2][2];
	static const double ss[] = {1e-7, 1e-10};
	for (int i = 0; i < 2; i++) {
		struct run r;
		imachi(&r, "linear", 60, ss[i], 0.9, 1.3, "accurate");
		setn(&r, "a", 1.5);
		solve_ok(&r);
		ck_assert_str_eq(resw(&r, "case"), "III");
		k[i][0] = res(&r, "u_xmean") / ss[i];
		k[i][1] = res(&r, "u_ymean") / ss[i];
		run_free(&r);
	}
	/* the construction's own fixed point (Fig. 4 at 67.5°, n = 12): the
	 * same from three starts to the rounding; the iterates differed by
	 * up to 8e-10 */
	static const double st[3][2] = {{0, 0}, {0.5, -0.25}, {2, 1}};
	double gx[3], gy[3];
	for (int i = 0; i < 3; i++) {
		struct run r;
		imachi(&r, "linear", 67.5, 1, 1.1, 1.3, "graphical");
		setn(&r, "u0x", st[i][0]);
		setn(&r, "u0y", st[i][1]);
		solve_ok(&r);
		ck_assert_str_eq(resw(&r, "case"), "II");
		gx[i] = res(&r, "u_xmean"), gy[i] = res(&r, "u_ymean");
		run_free(&r);
		ck_assert_double_eq_tol(gx[i], gx[0], 1e-14);
		ck_assert_double_eq_tol(gy[i], gy[0], 1e-14);
	}
	ck_assert(k[1][0] > 0.5 && k[1][1] > 0.4);
	ck_assert_rel(k[1][0], k[0][0], 1e-5);
	ck_assert_rel(k[1][1], k[0][1], 1e-5);
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

/* ---- the figures ---------------------------------------------------------- */

/* The table's rows of the last period: as many as the cycle's curve has
 * points, at the table's end. */
static size_t cycle_row(struct run *r, const struct table *t)
{
	const struct curve *cyc = curve_named(figure(r, "hodograph"), "u, limit cycle");
	ck_assert_uint_le(cyc->n, t->nrows);
	return t->nrows - cyc->n;
}

/* The means of u_x, u_y over the rows from r0 on, by the trapezoid rule,
 * and the time with the stick flag set, over 2π. */
static void table_means(const struct table *t, size_t r0, double *mx, double *my, double *stick)
{
	*mx = *my = *stick = 0;
	for (size_t i = r0; i + 1 < t->nrows; i++) {
		double h = table_at(t, i + 1, 0) - table_at(t, i, 0);
		ck_assert(h >= 0);
		*mx += 0.5 * h * (table_at(t, i, 1) + table_at(t, i + 1, 1)) / (2 * M_PI);
		*my += 0.5 * h * (table_at(t, i, 2) + table_at(t, i + 1, 2)) / (2 * M_PI);
		*stick += h * table_at(t, i, 5) / (2 * M_PI);
	}
}

/* What every hodograph shows: u's last period closed and over 2π, the
 * mean's point at the results, rows on the base where stuck, v where the
 * base is at each τ, the transient from u0, the velocity figure from the
 * same rows. mean_tol: the trapezoid rule's error on the table's rows. */
static void check_hodograph(struct run *r, double u0x, double u0y, double mean_tol)
{
	const struct figure *f = figure(r, "hodograph");
	ck_assert(f->equal_axes);
	ck_assert_ptr_nonnull(strstr(f->xlabel, "ω/g"));
	const struct table *t = figures_find_table(&r->figs, "hodograph");
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->ncols, 6);
	ck_assert_str_eq(t->cols[0], "tau");
	ck_assert_str_eq(t->cols[5], "stick");
	const size_t r0 = cycle_row(r, t);
	const double a = r->num[pidx(r, "a")], phi = r->num[pidx(r, "phi")] * M_PI / 180;
	const bool circular = r->choice[pidx(r, "motion")] == 1;

	/* the transient starts at u0, τ = 0 */
	ck_assert_double_eq(table_at(t, 0, 0), 0);
	ck_assert_double_eq(table_at(t, 0, 1), u0x);
	ck_assert_double_eq(table_at(t, 0, 2), u0y);
	/* the last period: 2π long, closed to the convergence test's 1e-9 */
	const double tend = table_at(t, t->nrows - 1, 0);
	ck_assert_double_eq_tol(tend - table_at(t, r0, 0), 2 * M_PI, 1e-12 * tend);
	ck_assert_double_eq_tol(tend, 2 * M_PI * res(r, "cycles"), 1e-12 * tend);
	const struct curve *cyc = curve_named(f, "u, limit cycle");
	const double scale = fmax(fmax(1, a), hypot(cyc->x[0], cyc->y[0]));
	ck_assert_near(cyc->x[cyc->n - 1], cyc->x[0], 2e-9, scale);
	ck_assert_near(cyc->y[cyc->n - 1], cyc->y[0], 2e-9, scale);
	for (size_t i = 0; i < cyc->n; i++) {
		ck_assert(cyc->x[i] == table_at(t, r0 + i, 1));
		ck_assert(cyc->y[i] == table_at(t, r0 + i, 2));
	}
	/* its mean is the results' (the trapezoid rule over the rows) */
	double mx, my, stick;
	table_means(t, r0, &mx, &my, &stick);
	ck_assert_near(mx, res(r, "u_xmean"), mean_tol, 1);
	ck_assert_near(my, res(r, "u_ymean"), mean_tol, 1);
	ck_assert_near(stick, res(r, "stick_fraction"), mean_tol, 1);
	const struct curve *mean = curve_named(f, "mean of u");
	ck_assert_uint_eq(mean->n, 1);
	ck_assert(mean->x[0] == res(r, "u_xmean") && mean->y[0] == res(r, "u_ymean"));

	/* v is the base at τ; a stuck mass moves with it */
	for (size_t i = 0; i < t->nrows; i++) {
		double tau = table_at(t, i, 0), vx = table_at(t, i, 3), vy = table_at(t, i, 4);
		if (circular) {
			ck_assert_near(vx, a * cos(tau), 1e-12, a);
			ck_assert_near(vy, a * sin(tau), 1e-12, a);
			ck_assert_near(hypot(vx, vy), a, 1e-12, a);
		} else {
			ck_assert_near(vx, a * cos(tau) * cos(phi), 1e-12, a);
			ck_assert_near(vy, a * cos(tau) * sin(phi), 1e-12, a);
		}
		if (table_at(t, i, 5) != 0) {
			ck_assert_double_eq(table_at(t, i, 5), 1);
			ck_assert_near(table_at(t, i, 1), vx, 1e-14, a);
			ck_assert_near(table_at(t, i, 2), vy, 1e-14, a);
		}
	}
	/* the base's path: the circle, or the segment ±a e^{iφ'} */
	const struct curve *base = curve_named(f, "v, the base");
	for (size_t i = 0; i < base->n; i++) {
		ck_assert_near(hypot(base->x[i], base->y[i]), a, 1e-12, a);
		if (!circular)
			ck_assert_near(base->x[i] * sin(phi) - base->y[i] * cos(phi), 0, 1e-12, a);
	}
	ck_assert_uint_eq(base->n, circular ? 361 : 2);
	/* the axes hold every curve with a margin: none runs along the frame */
	for (size_t k = 0; k < f->ncurves; k++)
		for (size_t i = 0; i < f->curves[k].n; i++) {
			ck_assert(f->xmin < f->curves[k].x[i] && f->curves[k].x[i] < f->xmax);
			ck_assert(f->ymin < f->curves[k].y[i] && f->curves[k].y[i] < f->ymax);
		}

	/* u and v against τ over the last period, from the same rows */
	const struct figure *fv = figure(r, "velocity");
	const char *names[4] = {"u_x", "u_y", "v_x", "v_y"};
	for (int k = 0; k < 4; k++) {
		const struct curve *c = curve_named(fv, names[k]);
		ck_assert_uint_eq(c->n, cyc->n);
		ck_assert_double_eq(c->x[0], 0);
		ck_assert_double_eq_tol(c->x[c->n - 1], 2 * M_PI, 1e-12 * tend);
		for (size_t i = 0; i < c->n; i++)
			ck_assert(c->y[i] == table_at(t, r0 + i, 1 + k));
	}
	const struct curve *mxc = curve_named(fv, "u_xmean");
	ck_assert(mxc->y[0] == res(r, "u_xmean") && mxc->y[1] == res(r, "u_xmean"));
}

/* Fig. 6 by the accurate method: the limit cycle sampled 512 times, with
 * the phase ends; the trapezoid rule's error is far below 1e-5. */
START_TEST(test_figures_fig6)
{
	struct run r;
	imachi(&r, "circular", 0, 1, 1.15, 1.3, "accurate");
	solve_ok(&r);
	check_hodograph(&r, 0, 0, 1e-5);
	const struct figure *f = figure(&r, "hodograph");
	ck_assert_ptr_nonnull(strstr(f->title, "limit cycle"));
	ck_assert_int_eq(curve_named(f, "u, limit cycle")->style, CURVE_LINE);
	ck_assert_int_eq(curve_named(f, "u, transient")->style, CURVE_DASHED);
	/* the transient runs from u0 into the cycle's first point */
	const struct curve *tr = curve_named(f, "u, transient");
	const struct curve *cyc = curve_named(f, "u, limit cycle");
	ck_assert(tr->x[tr->n - 1] == cyc->x[0] && tr->y[tr->n - 1] == cyc->y[0]);
	run_free(&r);
}
END_TEST

/* The graphical method: one point a step, 2n + 1 on the cycle; the means
 * are the trapezoid rule over the steps, as the model takes them, and the
 * stick fraction the share of the steps that end on the base (Fig. 4 at
 * 45°, case III, and Fig. 6). */
START_TEST(test_figures_graphical)
{
	struct run r;
	imachi(&r, "linear", 45, 1, 1.1, 1.3, "graphical");
	solve_ok(&r);
	ck_assert(res(&r, "stick_fraction") > 0);
	check_hodograph(&r, 0, 0, 1e-12);
	const struct figure *f = figure(&r, "hodograph");
	const struct curve *cyc = curve_named(f, "u, limit cycle");
	ck_assert_uint_eq(cyc->n, 25);
	ck_assert(res(&r, "stick_fraction") * 24 == 3); /* three steps on the base */
	ck_assert_int_eq(cyc->style, CURVE_LINEPOINTS);
	ck_assert_int_eq(curve_named(f, "u, transient")->style, CURVE_POINTS);
	/* every step of the run is a row: 24 a period and the start */
	const struct table *t = figures_find_table(&r.figs, "hodograph");
	ck_assert_uint_eq(t->nrows, 24 * (size_t)res(&r, "cycles") + 1);
	for (size_t i = 1; i < t->nrows; i++)
		ck_assert_double_eq_tol(table_at(t, i, 0), i * M_PI / 12, 1e-12 * i);
	run_free(&r);

	imachi(&r, "circular", 0, 1, 1.15, 1.3, "graphical");
	setn(&r, "u0x", 0.5);
	setn(&r, "u0y", -0.25);
	solve_ok(&r);
	check_hodograph(&r, 0.5, -0.25, 1e-12);
	run_free(&r);
}
END_TEST

/* The accurate method along Fig. 4: at 90° the base's segment lies on
 * u_x = 0, where the frame would be without a margin; at 45° (case III)
 * the cycle's rows include the landings on the base and the take-offs, so
 * the time on the base adds up to the stick fraction. */
START_TEST(test_figures_stick)
{
	struct run r;
	imachi(&r, "linear", 90, 1, 1.1, 1.3, "accurate");
	solve_ok(&r);
	check_hodograph(&r, 0, 0, 1e-5); /* the base on u_x = 0, inside the frame */
	run_free(&r);

	imachi(&r, "linear", 45, 1, 1.1, 1.3, "accurate");
	setn(&r, "u0x", 4);
	setn(&r, "u0y", -3);
	solve_ok(&r);
	ck_assert_str_eq(resw(&r, "case"), "III");
	check_hodograph(&r, 4, -3, 1e-5);
	run_free(&r);
}
END_TEST

/* Case I: no limit cycle. The last period is drawn and named so; the
 * transient is thinned to 20000 points however long the run, and the last
 * period is kept whole. */
START_TEST(test_figures_no_cycle)
{
	struct run r;
	imachi(&r, "linear", 30, 1.3, 1.1, 1.3, "graphical");
	setn(&r, "periods", 3000);
	solve_ok(&r);
	ck_assert(!resb(&r, "converged"));
	const struct figure *f = figure(&r, "hodograph");
	ck_assert_ptr_nonnull(strstr(f->title, "no limit cycle"));
	ck_assert(!f->equal_axes); /* u_x runs off into the thousands */
	const struct curve *last = curve_named(f, "u, last period (period 3000)");
	ck_assert_uint_eq(last->n, 25);
	const struct table *t = figures_find_table(&r.figs, "hodograph");
	ck_assert_uint_le(t->nrows, 20000 + 25 + 1);
	ck_assert_uint_ge(t->nrows, 15000);
	ck_assert(table_at(t, t->nrows - 1, 1) == last->x[24]);
	ck_assert_near(table_at(t, t->nrows - 1, 0), 3000 * 2 * M_PI, 1e-12, 3000 * 2 * M_PI);
	/* u_x grows by drift·2π over the last period */
	ck_assert_near(last->x[24] - last->x[0], res(&r, "drift") * 2 * M_PI, 1e-9, 1);

	if (getenv("TRIBO_TEST_LIGHT")) { /* valgrind: 20000 restarts of rk8pd are slow */
		run_free(&r);
		return;
	}
	setw(&r, "method", "accurate");
	setn(&r, "periods", 1000);
	solve_ok(&r);
	f = figure(&r, "hodograph");
	const struct curve *tr = curve_named(f, "u, transient (first 625 of 999 periods)");
	ck_assert_uint_le(tr->n, 20000 + 625 * 4);
	last = curve_named(f, "u, last period (period 1000)");
	ck_assert_uint_ge(last->n, 513);
	ck_assert_near(last->x[last->n - 1] - last->x[0], res(&r, "drift") * 2 * M_PI, 1e-9, 1);
	run_free(&r);
}
END_TEST

/* The construction of Figs. 2-3, from the table "steps": every step
 * again by the paper's words in complex numbers (not imachi_step): s_r =
 * u_r + sΔτ, s'_r = u_r + sΔτ/2, r+1 = s_r + μ0Δτ along s'_r(r+½)', and
 * the circle tests. Fig. 5's mass (s = 1.1, μ0 = 1.3, μ1 = 1.5, φ' = 45°)
 * lands on the base at point 21, stays while (r+1)' is within μ1Δτ of s_r,
 * and leaves at point 27; the figure draws what the rows say. */
START_TEST(test_construction)
{
	struct run r;
	imachi(&r, "linear", 45, 1.1, 1.3, 1.5, "graphical");
	setn(&r, "draw_from", 18);
	setn(&r, "draw_steps", 10);
	solve_ok(&r);
	const struct table *t = figures_find_table(&r.figs, "steps");
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->nrows, 24 * (size_t)res(&r, "cycles"));
	const double h = M_PI / 12, s = 1.1, mu0 = 1.3, mu1 = 1.5;
	const double complex e = cexp(I * M_PI / 4);
	double complex u = 0;
	bool on = false;
	for (size_t i = 0; i < t->nrows; i++) {
		const double tau = i * h;
		const double complex v = cos(tau) * e, vh = cos(tau + h / 2) * e,
				     v1 = cos(tau + h) * e;
		const double complex sr = u + s * h, sh = u + s * h / 2;
		const double reach = cabs(v1 - sr);
		int state = on && reach <= mu1 * h ? IMACHI_STAYS
			    : reach <= mu0 * h	   ? IMACHI_CATCHES
						   : IMACHI_SLIPS;
		double complex u1 =
			state == IMACHI_SLIPS ? sr + mu0 * h * (vh - sh) / cabs(vh - sh) : v1;
		ck_assert_double_eq(table_at(t, i, SC_R), i);
		ck_assert_double_eq_tol(table_at(t, i, SC_TAU), tau, 1e-13 * (1 + tau));
		ck_assert_double_eq_tol(table_at(t, i, SC_UX), creal(u), 1e-12);
		ck_assert_double_eq_tol(table_at(t, i, SC_UY), cimag(u), 1e-12);
		ck_assert_double_eq_tol(table_at(t, i, SC_VX), creal(v), 1e-12);
		ck_assert_double_eq_tol(table_at(t, i, SC_SX), creal(sr), 1e-12);
		ck_assert_double_eq_tol(table_at(t, i, SC_SHX), creal(sh), 1e-12);
		ck_assert_double_eq_tol(table_at(t, i, SC_REACH), reach, 1e-12);
		ck_assert_double_eq_tol(table_at(t, i, SC_R0), mu0 * h, 1e-15);
		ck_assert_double_eq_tol(table_at(t, i, SC_R1), mu1 * h, 1e-15);
		ck_assert_double_eq(table_at(t, i, SC_ONBASE), on);
		ck_assert_int_eq((int)table_at(t, i, SC_STATE), state);
		ck_assert_double_eq_tol(table_at(t, i, SC_U1X), creal(u1), 1e-12);
		ck_assert_double_eq_tol(table_at(t, i, SC_U1Y), cimag(u1), 1e-12);
		/* a slipping step's r+1 is on the μ0Δτ circle about s_r */
		if (state == IMACHI_SLIPS)
			ck_assert_double_eq_tol(cabs(u1 - sr), mu0 * h, 1e-13);
		u = u1;
		on = state != IMACHI_SLIPS;
	}
	/* Fig. 3's story, step by step: caught at 20 → 21, on the base 21 to
	 * 26, off at 26 → 27 (the μ1 test failed) */
	ck_assert_int_eq((int)table_at(t, 20, SC_STATE), IMACHI_CATCHES);
	for (size_t i = 21; i <= 25; i++)
		ck_assert_int_eq((int)table_at(t, i, SC_STATE), IMACHI_STAYS);
	ck_assert_int_eq((int)table_at(t, 26, SC_STATE), IMACHI_SLIPS);
	ck_assert_double_eq(table_at(t, 26, SC_ONBASE), 1);
	ck_assert(table_at(t, 26, SC_REACH) > table_at(t, 26, SC_R1));

	/* the figure: points 18 to 28 numbered, a μ0 circle a step that tests
	 * it (not the 5 that stay), a μ1 circle a step begun on the base (6),
	 * an sΔτ arrow a step, a μ0Δτ arrow a slipping step (10 − 5 − 1) */
	const struct figure *f = figure(&r, "construction");
	ck_assert(f->equal_axes);
	ck_assert_ptr_nonnull(strstr(f->title, "points 18 to 28, Δτ = π/12"));
	ck_assert_uint_eq(curve_named(f, "the mass u")->n, 11);
	ck_assert_uint_eq(curve_named(f, "the base v")->n, 11);
	ck_assert_uint_eq(curve_named(f, "sΔτ")->n, 2 * 10);
	ck_assert_uint_eq(curve_named(f, "μ0Δτ: s_r")->n, 2 * 4);
	const struct curve *c0 = curve_named(f, "circle μ0Δτ"), *c1 = curve_named(f, "circle μ1Δτ");
	ck_assert_uint_eq(c0->n, 5 * 73 + 4); /* 72-gons closed, NaN between */
	ck_assert_uint_eq(c1->n, 6 * 73 + 5);
	ck_assert_uint_eq(curve_named(f, "on the base")->n, 6); /* points 21 to 26 */
	const struct curve *lab = NULL;
	for (size_t k = 0; k < f->ncurves; k++)
		if (f->curves[k].style == CURVE_LABELS)
			lab = &f->curves[k];
	ck_assert_ptr_nonnull(lab);
	bool saw_21 = false;
	for (size_t k = 0; k < lab->n; k++)
		saw_21 |= !strcmp(lab->text[k], "21, 21′, 27′"); /* landed, u = v; and 27′ */
	ck_assert(saw_21);

	/* model.step_text says step 22 (21 → 22) with the table's numbers */
	struct strbuf sb = STRBUF_INIT;
	r.m->step_text(t, 21, &sb);
	ck_assert_ptr_nonnull(strstr(strbuf_str(&sb), "step 22: from point 21 to 22"));
	ck_assert_ptr_nonnull(strstr(strbuf_str(&sb), "within μ1Δτ = 0.3926990817:\n  no slip, "
						      "it stays on the base"));
	ck_assert_ptr_nonnull(strstr(strbuf_str(&sb), "u_22 = (0.6123724357, 0.6123724357)"));
	strbuf_release(&sb);
	run_free(&r);
}
END_TEST

/* Drawing changes nothing: without figures the results and the steps are
 * the same to the bit. */
START_TEST(test_figures_no_effect)
{
	const char *methods[] = {"accurate", "graphical"};
	/* under valgrind (TRIBO_TEST_LIGHT) the first two */
	const int runs = getenv("TRIBO_TEST_LIGHT") ? 2 : 4;
	for (int i = 0; i < runs; i++) {
		struct run r;
		imachi(&r, i / 2 ? "circular" : "linear", 45, 1, 1.1, 1.3, methods[i % 2]);
		solve_ok(&r);
		ck_assert_uint_ge(r.figs.nfig, 2);
		check_figures_change_nothing(&r);
		run_free(&r);
	}
}
END_TEST

static Suite *imachi_suite(void)
{
	Suite *s = suite_create("imachi");
	TCase *tc = tcase_create("imachi");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_step_by_hand);
	tcase_add_test(tc, test_case_one);
	tcase_add_test(tc, test_drift_reference);
	tcase_add_test(tc, test_hang);
	tcase_add_test(tc, test_rounding_start);
	tcase_add_test(tc, test_two_periods);
	tcase_add_test(tc, test_symmetry);
	tcase_add_test(tc, test_graphical_converges);
	tcase_add_test(tc, test_fig6);
	tcase_add_test(tc, test_cycle_fixed_point);
	tcase_add_test(tc, test_attracting);
	tcase_add_test(tc, test_rides);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_figures_fig6);
	tcase_add_test(tc, test_figures_graphical);
	tcase_add_test(tc, test_figures_stick);
	tcase_add_test(tc, test_figures_no_cycle);
	tcase_add_test(tc, test_figures_no_effect);
	tcase_add_test(tc, test_construction);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(imachi_suite());
}
