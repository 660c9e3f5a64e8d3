/* Ragulskis's elliptic friction laws and the forced oscillator of eq. (9):
 * the shape of E (7), the continuity and oddness of (8) and (10), exact
 * Coulomb stick-slip against closed forms, and the elliptic solutions
 * converging on the Coulomb one as Δ → 0. */
#include <check.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "figtest.h"
#include "modelrun.h"
#include "num/drylaw.h"
#include "num/ode.h"
#include "testutil.h"

/* E's ends, centre, tangents and continuity (eq. 1-7). */
START_TEST(test_E)
{
	const double u1 = -0.3, u2 = 0.9, H1 = -2, H2 = 5, uc = 0.3, Hc = 1.5;
	ck_assert_double_eq_tol(drylaw_E(u1, u2, H1, H2, u1), H1, 1e-15);
	ck_assert_double_eq_tol(drylaw_E(u1, u2, H1, H2, u2), H2, 1e-15);
	ck_assert_double_eq_tol(drylaw_E(u1, u2, H1, H2, uc), Hc, 1e-15);
	/* horizontal tangents at the ends: E − H1 = O(ε²) */
	const double e = 1e-6;
	ck_assert(fabs(drylaw_E(u1, u2, H1, H2, u1 + e) - H1) < 1e-10);
	ck_assert(fabs(drylaw_E(u1, u2, H1, H2, u2 - e) - H2) < 1e-10);
	/* vertical tangent at the centre: E − Hc ~ a √(2ε/b) */
	double dE = drylaw_E(u1, u2, H1, H2, uc + e) - Hc;
	ck_assert_rel(dE, 3.5 * sqrt(2 * e / 0.6), 1e-5);
	ck_assert_rel(Hc - drylaw_E(u1, u2, H1, H2, uc - e), 3.5 * sqrt(2 * e / 0.6), 1e-5);
	/* a point of ellipse (6): ((H − Hc)/a)² + ((u̇ − u2)/b)² = 1 */
	double v = 0.7, H = drylaw_E(u1, u2, H1, H2, v);
	ck_assert_double_eq_tol(pow((H - Hc) / 3.5, 2) + pow((v - u2) / 0.6, 2), 1.0, 1e-14);
	/* continuous and monotone on a fine grid: steps bounded by the √ at uc */
	const int n = 100000;
	double prev = drylaw_E(u1, u2, H1, H2, u1);
	for (int i = 1; i <= n; i++) {
		double x = u1 + (u2 - u1) * i / n, y = drylaw_E(u1, u2, H1, H2, x);
		ck_assert(y >= prev);
		ck_assert(y - prev <= 3.5 * sqrt(2.0 * (u2 - u1) / n / 0.6) + 1e-12);
		prev = y;
	}
}
END_TEST

static void check_odd(const struct drylaw *law)
{
	for (int i = 0; i <= 4000; i++) {
		double v = 6.0 * i / 4000;
		ck_assert_double_eq_tol(drylaw_H(law, -v), -drylaw_H(law, v), 1e-14);
	}
}

/* Left and right limits at a joint between pieces agree to 1e-12. */
static void check_joint(const struct drylaw *law, double j)
{
	double l = drylaw_H(law, nextafter(j, -INFINITY)),
	       r = drylaw_H(law, nextafter(j, INFINITY));
	ck_assert_msg(fabs(l - r) <= 1e-12, "jump %g at %g", r - l, j);
	ck_assert(fabs(drylaw_H(law, j) - l) <= 1e-12);
}

START_TEST(test_law8)
{
	struct drylaw law = {DRYLAW_ELLIPTIC, 3.2, 0.8, 0.8};
	check_odd(&law);
	check_joint(&law, 0.8);
	check_joint(&law, -0.8);
	ck_assert_double_eq(drylaw_H(&law, 0), 0);
	ck_assert_double_eq(drylaw_H(&law, 0.8), 3.2);
	ck_assert_double_eq(drylaw_H(&law, 5), 3.2);
	ck_assert_double_eq_tol(drylaw_H(&law, 0.4), 3.2 * sqrt(0.75), 1e-14);
	/* continuous (if steeply) at the vertical tangent 0 */
	ck_assert(fabs(drylaw_H(&law, 1e-14)) < 3.2 * sqrt(2e-14 / 0.8) * 1.001);
	double j[8];
	ck_assert_uint_eq(drylaw_joints(&law, j, 8), 3);
	ck_assert(j[0] == -0.8 && j[1] == 0 && j[2] == 0.8);
}
END_TEST

START_TEST(test_law10)
{
	const double h = 1.6, D = 0.8, Da = 0.4, ha = h * Da / D;
	struct drylaw law = {DRYLAW_ELLIPTIC_PEAK, h, D, Da};
	check_odd(&law);
	double j[8];
	ck_assert_uint_eq(drylaw_joints(&law, j, 8), 7);
	for (int i = 0; i < 7; i++)
		ck_assert(i == 0 || j[i] > j[i - 1]);
	/* joints between pieces */
	check_joint(&law, D + Da);
	check_joint(&law, -(D + Da));
	check_joint(&law, D + 2 * Da);
	check_joint(&law, -(D + 2 * Da));
	ck_assert_double_eq_tol(drylaw_H(&law, D + Da), h + ha, 1e-14);
	ck_assert_double_eq_tol(drylaw_H(&law, D + 1.5 * Da), h + ha / 2, 1e-14);
	ck_assert_double_eq_tol(drylaw_H(&law, D + 2 * Da), h, 1e-14);
	ck_assert_double_eq(drylaw_H(&law, 0), 0);
	/* vertical tangents: continuous, the jump over ε of order √ε */
	const double e = 1e-12, vt[] = {0, D + 1.5 * Da, -(D + 1.5 * Da)};
	for (int i = 0; i < 3; i++)
		ck_assert(fabs(drylaw_H(&law, vt[i] + e) - drylaw_H(&law, vt[i] - e)) <
			  4 * (h + ha) * sqrt(e / Da));
}
END_TEST

START_TEST(test_tanh)
{
	struct drylaw law = {DRYLAW_TANH, 2, 0.5, 0};
	check_odd(&law);
	ck_assert_double_eq_tol(drylaw_H(&law, 0.5), 2 * tanh(1.0), 1e-15);
	struct drylaw cl = {DRYLAW_COULOMB, 2, 0.5, 0};
	ck_assert_double_eq(drylaw_H(&cl, 0), 0);
	ck_assert_double_eq(drylaw_H(&cl, -1e-300), -2);
}
END_TEST

static void rag(struct run *r, const char *law, double Delta)
{
	run_init(r, "ragulskis");
	setw(r, "law", law);
	setn(r, "Delta", Delta);
}

/* P < h, at rest at u = 0: the force never overcomes friction. */
START_TEST(test_never_moves)
{
	struct run r;
	rag(&r, "coulomb", 0.8);
	setn(&r, "P", 3);
	solve_ok(&r);
	ck_assert_double_eq(res(&r, "amp"), 0);
	ck_assert_double_eq(res(&r, "umin"), 0);
	ck_assert_double_eq(res(&r, "vmax"), 0);
	ck_assert_double_eq(res(&r, "stick_fraction"), 1);
	ck_assert(resb(&r, "steady"));
	run_free(&r);
}
END_TEST

/* Free decay under Coulomb friction from u = 11 (P = 0, c = 0,
 * k = m = h = 1), measured over the period after `periods`. */
static void free_decay(struct run *r, double periods)
{
	rag(r, "coulomb", 0.8);
	setn(r, "P", 0);
	setn(r, "c", 0);
	setn(r, "h", 1);
	setn(r, "u0", 11);
	setn(r, "periods", periods);
}

/* The period results of a run that did not repeat over two successive
 * periods: none, each saying why, in words that contain `why`. */
static const char *const period_results[] = {"amp",  "umin", "vmax",
					     "amin", "amax", "stick_fraction"};

static void assert_no_period_results(struct run *r, const char *why)
{
	ck_assert(!resb(r, "steady"));
	for (size_t i = 0; i < sizeof period_results / sizeof *period_results; i++) {
		const struct value *v = resv(r, period_results[i]);
		ck_assert_msg(v->kind == VAL_UNDEFINED, "%s has a value without a steady state",
			      period_results[i]);
		ck_assert_msg(strstr(v->word, why), "%s: \"%s\" does not say \"%s\"",
			      period_results[i], v->word, why);
	}
}

/* Free decay: each half cycle is half a natural period about ±h/k, so the
 * turning points are 11, −9, 7, −5, 3, −1, at t = jπ; the mass stops at −1,
 * the first with k|u| ≤ h. Still slipping, or only just at rest, it has
 * not repeated over two successive periods: no amplitude (issue 37 point
 * 2), only where the run ended, u_end, the closed form's. At rest for good
 * it has: a rest is a steady state, u = −1 the whole period. */
START_TEST(test_free_decay)
{
	struct run r;
	free_decay(&r, 1); /* the run [0, 2π], then [2π, 4π] */
	solve_ok(&r);
	assert_no_period_results(&r, "no steady state within 1 period: a free decay (P = 0) "
				     "not yet at rest over two successive periods");
	ck_assert_double_eq_tol(res(&r, "u_end"), 3, 1e-10);
	setn(&r, "periods", 2); /* [4π, 6π]: stops at 5π */
	solve_ok(&r);
	assert_no_period_results(&r, "within 2 periods");
	ck_assert_double_eq_tol(res(&r, "u_end"), -1, 1e-10);
	setn(&r, "periods", 10);
	solve_ok(&r);
	ck_assert(resb(&r, "steady"));
	ck_assert(res(&r, "cycles") <= 10);
	ck_assert_double_eq_tol(res(&r, "amp"), -1, 1e-10);
	ck_assert_double_eq_tol(res(&r, "umin"), -1, 1e-10);
	ck_assert_double_eq(res(&r, "vmax"), 0);
	ck_assert_double_eq(res(&r, "amin"), 0);
	ck_assert_double_eq(res(&r, "amax"), 0);
	ck_assert_double_eq(res(&r, "stick_fraction"), 1);
	/* from 10: 10, −8, 6, −4, 2, 0: at rest exactly at the spring's zero */
	setn(&r, "u0", 10);
	solve_ok(&r);
	ck_assert(resb(&r, "steady"));
	ck_assert_double_eq_tol(res(&r, "u_end"), 0, 1e-10);
	ck_assert_double_eq_tol(res(&r, "amp"), 0, 1e-10);
	ck_assert_double_eq(res(&r, "stick_fraction"), 1);
	run_free(&r);
}
END_TEST

/* Issue 37 point 2, against tests/ref/ragulskis_steady_ref.py (SciPy's
 * DOP853 on eq. (9) with h tanh(u̇/Δ), Δ = 0.2): from rest the motion
 * settles, and the period results are the reference's to 1e-9; at
 * resonance with c = 0 and P = 5 > 4h/π it grows by π(P − 4h/π)/k =
 * 2.908 m a period (the reference: 2.908 at period 500) and has none,
 * each saying why, while u_end is still the motion's own, u at t =
 * (periods + 1)·2π/ω (once two periods late: the shooting's trial periods
 * were counted as the motion's). */
START_TEST(test_steady_or_not)
{
	struct run r;
	rag(&r, "tanh", 0.2);
	r.no_figs = true;
	solve_ok(&r);
	ck_assert(resb(&r, "steady"));
	ck_assert_rel(res(&r, "amp"), 1.175703921039, 1e-9);
	ck_assert_rel(res(&r, "umin"), -1.175703921039, 1e-9);
	ck_assert_rel(res(&r, "vmax"), 1.529633714775, 1e-9);
	ck_assert_ptr_nonnull(strstr(r.steps.buf, "repeats over two successive periods"));
	setn(&r, "c", 0);
	setn(&r, "P", 5);
	solve_ok(&r);
	assert_no_period_results(
		&r, "no steady state: at resonance (ω = √(k/m) = 1 rad/s) with no damper (c = 0), "
		    "P = 5 N above 4h/π = 4.07437 N: friction cannot bound the motion, whose "
		    "amplitude grows without bound, by π(P − 4h/π)/k = 2.91 m a period");
	ck_assert_rel(res(&r, "u_end"), -1457.555624257, 1e-9);
	setn(&r, "periods", 99);
	solve_ok(&r);
	assert_no_period_results(&r, "grows without bound");
	ck_assert_rel(res(&r, "u_end"), -291.4621550533, 1e-9);
	/* a cap too short for the motion to repeat: the words say so */
	setn(&r, "c", 0.1);
	setn(&r, "P", 4);
	setn(&r, "periods", 3);
	solve_ok(&r);
	assert_no_period_results(&r, "no steady state within 3 periods: the motion has not "
				     "repeated to 1e-9 over two successive periods");
	run_free(&r);
}
END_TEST

/* A smooth law with no force (P = 0) decays towards rest at u = 0,
 * exponentially once |u̇| ≪ Δ (tanh is viscous there): the steady test,
 * relative to the state's size alone, would ask for a change below 1e-9
 * of an ever smaller state and run to the cap; its floor (10⁻³ of the
 * forcing's length scale (P + h)/(k + mω²) = 1.6 m) ends it at rest. */
START_TEST(test_decay_to_rest_settles)
{
	struct run r;
	rag(&r, "tanh", 0.8);
	setn(&r, "P", 0);
	setn(&r, "c", 0.5);
	setn(&r, "u0", 1);
	r.no_figs = true;
	solve_ok(&r);
	ck_assert(resb(&r, "steady"));
	ck_assert(res(&r, "cycles") < 100);
	/* the change under 1e-9 · 1.6e-3: at rest to ~1e-12, which is rest
	 * itself, u = 0 (what is below the steady test's tolerance is not
	 * known, and not printed) */
	ck_assert_double_eq(res(&r, "amp"), 0);
	ck_assert_double_eq(res(&r, "umin"), 0);
	ck_assert_double_eq(res(&r, "vmax"), 0);
	ck_assert_double_eq(res(&r, "u_end"), 0);
	run_free(&r);
}
END_TEST

/* Law (8)'s friction vanishes like h√(2|u̇|/Δ) at rest, so a free decay
 * ends in a creep with k u = h√(2u̇/Δ): u̇ = Δk²u²/(2h²), 1/u growing by
 * Δk²/(2h²) a second, u → 0 only as t → ∞. It never repeats to 1e-9 over
 * two periods: no period results, each saying so; between periods 100
 * and 200, 1/u_end grows by Δk²·100·2π/(2h²) = 24.5437 (the damper's
 * c u̇ aside, 2e-4 of it). */
START_TEST(test_decay_creeps)
{
	struct run r;
	rag(&r, "elliptic", 0.8);
	setn(&r, "P", 0);
	setn(&r, "u0", 1);
	setn(&r, "periods", 100);
	r.no_figs = true;
	solve_ok(&r);
	assert_no_period_results(&r, "no steady state within 100 periods: a free decay (P = 0), "
				     "the mass creeping toward rest at u = 0 ever more slowly");
	assert_no_period_results(&r, "it comes to rest only as t → ∞");
	const double u100 = res(&r, "u_end");
	setn(&r, "periods", 200);
	solve_ok(&r);
	assert_no_period_results(&r, "within 200 periods");
	const double u200 = res(&r, "u_end");
	ck_assert(u200 > 0 && u200 < u100 && u100 < 0.05);
	ck_assert_rel(1 / u200 - 1 / u100, 0.8 / (2 * 3.2 * 3.2) * 100 * 2 * M_PI, 1e-3);
	run_free(&r);
}
END_TEST

/* Δ → 0: the elliptic amplitude approaches the Coulomb one, the error at
 * least linearly in Δ. */
START_TEST(test_converges)
{
	struct run r;
	rag(&r, "coulomb", 0.8);
	solve_ok(&r);
	ck_assert(resb(&r, "steady"));
	const double ac = res(&r, "amp");
	ck_assert(res(&r, "stick_fraction") > 0.1);
	const double D[] = {0.8, 0.4, 0.2, 0.1, 0.05};
	double prev = INFINITY;
	for (int i = 0; i < 5; i++) {
		setw(&r, "law", "elliptic");
		setn(&r, "Delta", D[i]);
		solve_ok(&r);
		ck_assert(resb(&r, "steady"));
		ck_assert_double_eq(res(&r, "stick_fraction"), 0);
		double err = fabs(res(&r, "amp") - ac);
		ck_assert_msg(err * 1.6 <= prev, "Δ = %g: error %g after %g", D[i], err, prev);
		ck_assert(err < D[i]);
		prev = err;
	}
	run_free(&r);
}
END_TEST

/* The Done-when runs: the steady amplitude does not depend on where the
 * transient started (another u0, another number of periods). */
START_TEST(test_steady_amp)
{
	const char *laws[] = {"elliptic", "coulomb", "tanh", "elliptic-peak"};
	for (int i = 0; i < 4; i++) {
		struct run r;
		rag(&r, laws[i], 0.2);
		if (i == 3)
			setn(&r, "h", 1.6);
		solve_ok(&r);
		ck_assert(resb(&r, "steady"));
		double a = res(&r, "amp"), b = res(&r, "umin");
		/* the motion is symmetric: u(t + π/ω) = −u(t) */
		ck_assert_rel(-b, a, 1e-6);
		setn(&r, "u0", 0.5);
		setn(&r, "v0", -0.3);
		solve_ok(&r);
		ck_assert(resb(&r, "steady"));
		ck_assert_rel(res(&r, "amp"), a, 1e-5);
		run_free(&r);
	}
}
END_TEST

/* A motion far smaller than the run's absolute tolerance (1e-12) is run at
 * its own scale. Under h tanh(u̇/Δ) a small force meets the linear law
 * (h/Δ) u̇: at resonance (k = mω²) the steady motion is
 * u = −P/((c + h/Δ)ω) cos ωt, amp = vmax/ω = P/((c + h/Δ)ω) = P/4.1 here
 * (c = 0.1, h/Δ = 4), to 1e-10 once tanh's cubic term, (P/4.1)²/(3Δ²) of
 * it, is below that. The run was held to 1e-12 absolute: at P = 1e-9 amp
 * was 2.7e-5 off, and at P = 1e-12 it was 0. */
START_TEST(test_small_force)
{
	static const double forces[] = {1e-6, 1e-9, 1e-12, 1e-100};
	for (size_t i = 0; i < sizeof(forces) / sizeof(forces[0]); i++) {
		struct run r;
		rag(&r, "tanh", 0.8);
		setn(&r, "P", forces[i]);
		solve_ok(&r);
		ck_assert(resb(&r, "steady"));
		ck_assert_rel(res(&r, "amp"), forces[i] / 4.1, 1e-10);
		ck_assert_rel(res(&r, "vmax"), forces[i] / 4.1, 1e-9);
		ck_assert_rel(-res(&r, "umin"), forces[i] / 4.1, 1e-10);
		run_free(&r);
	}
}
END_TEST

/* The extremes are the solution's own, not a parabola's overshoot at ü's
 * sharp peak (issue 17: tanh at Δ = 1e-3 gave −3.4023/3.1212). The
 * reference: SciPy's DOP853 (rtol 1e-12 for 400 periods, then 1e-13 with
 * dense output over one), its extremes by Brent's minimization on the
 * dense output from a grid of 200001 points (tests' own script, not
 * tribo's code). The motion is symmetric, so amin = −amax. */
START_TEST(test_true_extremes)
{
	static const struct {
		double Delta, amax, vmax;
	} ref[] = {{0.8, 3.179055011, 2.431007443}, {0.001, 3.073833221, 1.224386464}};
	/* under valgrind (TRIBO_TEST_LIGHT) the wide transition only: the
	 * narrow one's extremes are read by the same code after a stiff run
	 * that takes a minute there (test_reduced_fold checks its amp and
	 * vmax), and so is the elliptic law's below */
	const bool light = getenv("TRIBO_TEST_LIGHT") != NULL;
	for (size_t i = 0; i < (light ? 1 : sizeof(ref) / sizeof(ref[0])); i++) {
		struct run r;
		rag(&r, "tanh", ref[i].Delta);
		solve_ok(&r);
		ck_assert_rel(res(&r, "amax"), ref[i].amax, 3e-9);
		ck_assert_rel(res(&r, "amin"), -ref[i].amax, 3e-9);
		ck_assert_rel(res(&r, "vmax"), ref[i].vmax, 3e-9);
		run_free(&r);
	}
	/* the elliptic law at Δ = 1e-3: the largest sample is 3.0758, and the
	 * parabola through it said 3.2446 */
	struct run r;
	if (!light) {
		rag(&r, "elliptic", 0.001);
		solve_ok(&r);
		ck_assert(res(&r, "amax") > 3.0757 && res(&r, "amax") < 3.0759);
		ck_assert_rel(res(&r, "amin"), -res(&r, "amax"), 1e-8);
		run_free(&r);
	}
	/* exact Coulomb (h = 3.2): u̇'s peak inside a slip phase, against
	 * tests/ref/ragulskis_coulomb_ref.py (vmax 1.22130267498, umax
	 * 0.774878712707); the parabola through samples said 1.22130267609 */
	rag(&r, "coulomb", 0.8);
	setn(&r, "h", 3.2);
	solve_ok(&r);
	ck_assert_rel(res(&r, "vmax"), 1.22130267498, 5e-10);
	ck_assert_rel(res(&r, "amp"), 0.774878712707, 5e-10);
	ck_assert_rel(res(&r, "umin"), -0.774878712707, 5e-10);
	run_free(&r);
}
END_TEST

/* Fig. 4: at resonance with P > 4h/π only c bounds the amplitude; the
 * energy balance πPA = πcωA² + 4hA gives A ≈ (P − 4h/π)/(cω). */
START_TEST(test_fig4)
{
	struct run r;
	rag(&r, "elliptic-peak", 0.8);
	setn(&r, "h", 1.6);
	setn(&r, "Delta_a", 0.8);
	solve_ok(&r);
	ck_assert(resb(&r, "steady"));
	ck_assert_rel(res(&r, "amp"), (4 - 4 * 1.6 / M_PI) / 0.1, 0.02);
	ck_assert_ptr_nonnull(strstr(r.steps.buf, "Den Hartog"));
	run_free(&r);
	rag(&r, "elliptic", 0.8);
	solve_ok(&r);
	ck_assert_ptr_null(strstr(r.steps.buf, "Den Hartog")); /* P < 4h/π */
	run_free(&r);
}
END_TEST

/* Issue 42 point 4, the tolerance does what it says: over rtol = atol =
 * 1e-4 .. 1e-12 (ode_set_tolerance_override, as make bench sets it) a
 * looser tolerance never costs more right-hand sides than a tighter one,
 * and the amplitude's true error, against the same run at 1e-13, meets the
 * tolerance. Before, ragulskis-fig4 at 1e-6 took 251000 evaluations, 3.9
 * times those at 1e-12, to an error of 1.3e-5 (the shooting's differences
 * 1e-7 of the state, under the integration's noise; the vertical tangents
 * run in t at loose tolerances; an extreme searched to a bracket GSL cannot
 * reach). At the exercises' own tolerance the amplitude is held to
 * tests/ref/ragulskis_tolerance_ref.py (SciPy's DOP853 at 2.3e-14, phases
 * cut at the joints). Under valgrind (TRIBO_TEST_LIGHT) Fig. 4 alone. */
START_TEST(test_tolerance)
{
	static const struct {
		const char *name, *law;
		double h, Delta, ref;
	} cases[] = {
		{"ragulskis-fig4", "elliptic-peak", 1.6, 0.8, 19.5190077660788},
		{"ragulskis", "elliptic", 3.2, 0.8, 1.34145122788233},
		{"ragulskis-fig3", "elliptic", 3.2, 0.2, 0.94515680577864},
		/* exact Coulomb: tests/ref/ragulskis_coulomb_ref.py */
		{"ragulskis-coulomb", "coulomb", 3.2, 0.8, 0.774878712707},
	};
	const bool light = getenv("TRIBO_TEST_LIGHT") != NULL;
	for (size_t c = 0; c < (light ? 1 : sizeof cases / sizeof *cases); c++) {
		struct run r;
		rag(&r, cases[c].law, cases[c].Delta);
		setn(&r, "h", cases[c].h);
		r.no_figs = true; /* the answers' solve, as generate and grade run it */
		solve_ok(&r);
		ck_assert_msg(fabs(res(&r, "amp") / cases[c].ref - 1) <= 1e-10,
			      "%s: amp %.15g against the reference %.15g", cases[c].name,
			      res(&r, "amp"), cases[c].ref);
		ode_set_tolerance_override(1e-13);
		const int rc13 = solve(&r);
		ode_set_tolerance_override(0);
		ck_assert_msg(rc13 == 0, "%s at 1e-13: %s", cases[c].name, r.d.msg);
		const double ref = res(&r, "amp");
		unsigned long long prev = 0;
		for (int e = 4; e <= 12; e++) {
			const double tol = pow(10, -e);
			ode_set_tolerance_override(tol);
			const unsigned long long n0 = ode_rhs_evaluations();
			const int rc = solve(&r);
			const unsigned long long n = ode_rhs_evaluations() - n0;
			ode_set_tolerance_override(0);
			ck_assert_msg(rc == 0, "%s at %g: %s", cases[c].name, tol, r.d.msg);
			ck_assert(resb(&r, "steady"));
			const double err = fabs(res(&r, "amp") / ref - 1);
			ck_assert_msg(err <= tol, "%s at %g: amp's error %.2g", cases[c].name, tol,
				      err);
			ck_assert_msg(n >= prev, "%s: %llu evaluations at %g, %llu at %g",
				      cases[c].name, n, tol, prev, tol * 10);
			prev = n;
		}
		run_free(&r);
	}
}
END_TEST

START_TEST(test_errors)
{
	struct run r;
	rag(&r, "elliptic", 0.8);
	setn(&r, "periods", 2.5);
	ck_assert_int_eq(solve(&r), -1);
	ck_assert_ptr_nonnull(strstr(r.d.msg, "periods"));
	run_free(&r);
}
END_TEST

/* ---- the figures ---------------------------------------------------------- */

/* The table `motion` (t, u, u̇, ü, H, stick) over two steady periods:
 * 2·2π/ω long, u̇ the derivative of u (finite differences, across the
 * seam where the period is drawn again too), the second period the first
 * again, H what eq. (9) leaves, the first period's extremes the results;
 * the figures drawn from its columns. */
static void check_motion(struct run *r)
{
	const double m = r->num[pidx(r, "m")], c = r->num[pidx(r, "c")];
	const double k = r->num[pidx(r, "k")], P = r->num[pidx(r, "P")];
	const double w = r->num[pidx(r, "omega")], T = 2 * M_PI / w;
	const struct table *t = figures_find_table(&r->figs, "motion");
	ck_assert_ptr_eq(t, &r->figs.tab[0]);
	ck_assert_uint_eq(t->ncols, 6);
	ck_assert_str_eq(t->cols[0], "t [s]");
	ck_assert_str_eq(t->cols[3], "ddu [m/s^2]");
	ck_assert_double_eq(table_at(t, 0, 0), 0);
	ck_assert_double_eq_tol(table_at(t, t->nrows - 1, 0), 2 * T, 1e-9 * T);
	ck_assert_uint_ge(t->nrows, 4000);

	const double amp = res(r, "amp"), vmax = res(r, "vmax");
	const double U = fmax(fabs(amp), 1e-3), V = fmax(vmax, 1e-3);
	const double A = fmax(-res(r, "amin"), res(r, "amax"));
	double umax = -INFINITY, smax = -INFINITY;
	size_t checked = 0;
	for (size_t i = 0; i < t->nrows; i++) {
		double ti = table_at(t, i, 0), u = table_at(t, i, 1), v = table_at(t, i, 2);
		double acc = table_at(t, i, 3), H = table_at(t, i, 4);
		ck_assert(i == 0 || ti >= table_at(t, i - 1, 0));
		/* eq. (9): m ü + c u̇ + k u = P sin ωt − H */
		ck_assert_near(m * acc + c * v + k * u, P * sin(w * ti) - H, 1e-9,
			       fabs(P) + k * U + c * V + 10);
		if (ti > 0 && ti <= T) { /* the measured period */
			umax = fmax(umax, u);
			smax = fmax(smax, v);
		}
		if (i + 1 == t->nrows)
			continue;
		/* the finite difference of u is the mean of u̇ over the step, to
		 * h A/4 for a u̇ whose slope ü stays within ±A (a trapezoid) */
		double h = table_at(t, i + 1, 0) - ti;
		if (h == 0)
			continue;
		double fd = (table_at(t, i + 1, 1) - u) / h;
		ck_assert_near(fd, 0.5 * (v + table_at(t, i + 1, 2)), 1.01 * h * A / 4, 1);
		checked++;
	}
	ck_assert_uint_ge(checked, 3000);
	/* the figure's period is integrated again, one sample every T/2000,
	 * after the answers' run through the steps' own ends: the two meet at
	 * the phase end u̇ = 0 where u peaks, to the integration's accuracy */
	ck_assert_near(umax, amp, 1e-11, U);
	/* vmax is a parabola's vertex within h/2 of a sample: above the
	 * largest sample by |u⃛| h²/8 at most, h = T/2000 */
	ck_assert(smax <= vmax);
	ck_assert_near(smax, vmax, 1e-5, V);
	/* periodic: u(t + T) = u(t) on the sample grid */
	ck_assert(resb(r, "steady"));
	size_t j = 0, pairs = 0;
	for (size_t i = 0; i < t->nrows && table_at(t, i, 0) < T; i++) {
		double want = table_at(t, i, 0) + T;
		while (j < t->nrows && table_at(t, j, 0) < want - 1e-9 * T)
			j++;
		if (j < t->nrows && fabs(table_at(t, j, 0) - want) <= 1e-9 * T) {
			ck_assert_near(table_at(t, j, 1), table_at(t, i, 1), 1e-6, U);
			pairs++;
		}
	}
	ck_assert_uint_ge(pairs, 1900);

	static const char *const names[] = {"u", "du", "ddu"};
	static const char *const labels[] = {"u [m]", "u̇ [m/s]", "ü [m/s²]"};
	const struct figure *f = figure(r, "motion");
	ck_assert_ptr_nonnull(strstr(f->title, "two periods"));
	ck_assert_uint_eq(f->ncurves, 3);
	for (int col = 1; col <= 3; col++) {
		const struct curve *cm = curve_named(f, labels[col - 1]);
		const struct curve *cs = figure(r, names[col - 1])->curves;
		ck_assert_uint_eq(cm->n, t->nrows);
		ck_assert_uint_eq(cs->n, t->nrows);
		for (size_t i = 0; i < t->nrows; i += 97)
			ck_assert(cm->x[i] == table_at(t, i, 0) &&
				  cm->y[i] == table_at(t, i, col) && cs->y[i] == cm->y[i]);
	}
}

/* Fig. 1's system, law (8): the law drawn is E of eq. (7) on (−Δ, Δ) and
 * ±h beyond, with ±Δ marked; along the motion H is the law at u̇. */
START_TEST(test_figures_law8)
{
	struct run r;
	rag(&r, "elliptic", 0.8);
	solve_ok(&r);
	check_motion(&r);
	const struct table *t = figures_find_table(&r.figs, "motion");
	for (size_t i = 0; i < t->nrows; i++) {
		ck_assert_near(table_at(t, i, 4), drylaw_elliptic(3.2, 0.8, table_at(t, i, 2)),
			       1e-9, 3.2);
		ck_assert_double_eq(table_at(t, i, 5), 0);
	}
	const struct figure *f = figure(&r, "H");
	ck_assert_str_eq(f->xlabel, "u̇ [m/s]");
	ck_assert_str_eq(f->ylabel, "H [N]");
	const struct curve *H = curve_named(f, "H(u̇), law (8)");
	ck_assert_double_eq(H->x[0], -2);
	ck_assert_double_eq(H->x[H->n - 1], 2);
	for (size_t i = 0; i < H->n; i++) {
		ck_assert(i == 0 || H->x[i] > H->x[i - 1]);
		ck_assert(i == 0 || H->y[i] >= H->y[i - 1]);
		ck_assert_double_eq_tol(H->y[i], drylaw_elliptic(3.2, 0.8, H->x[i]), 1e-15);
		double x = fabs(H->x[i]);
		if (x >= 0.8) /* the plateaus */
			ck_assert_double_eq_tol(fabs(H->y[i]), 3.2, 1e-15);
		else /* ellipse (6): ((H − 0)/h)² + ((u̇ − Δ)/Δ)² = 1 */
			ck_assert_double_eq_tol(pow(H->y[i] / 3.2, 2) + pow((x - 0.8) / 0.8, 2), 1,
						1e-12);
	}
	/* the joints are points of the curve: 0 and ±Δ */
	int found = 0;
	for (size_t i = 0; i < H->n; i++)
		found += H->x[i] == 0 || fabs(H->x[i]) == 0.8;
	ck_assert_int_eq(found, 3);
	const struct curve *mk = curve_named(f, "u̇ = ±Δ");
	ck_assert_uint_eq(mk->n, 5);
	ck_assert(mk->x[0] == -0.8 && mk->x[1] == -0.8 && isnan(mk->x[2]) && mk->x[3] == 0.8 &&
		  mk->x[4] == 0.8);
	ck_assert(mk->y[0] < -3.2 && mk->y[1] > 3.2);
	run_free(&r);
}
END_TEST

/* Fig. 4: the peaked law (10), at resonance; the peak h + h_a at
 * Δ + Δ_a and the return to h at Δ + 2Δ_a are marked. ω = 2 as well, so
 * that the two periods are 2·2π/ω and not 4π. */
START_TEST(test_figures_law10)
{
	struct run r;
	rag(&r, "elliptic-peak", 0.8);
	setn(&r, "h", 1.6);
	solve_ok(&r);
	check_motion(&r);
	const struct figure *f = figure(&r, "H");
	const struct curve *H = curve_named(f, "H(u̇), law (10)");
	double top = -INFINITY, at = 0;
	for (size_t i = 0; i < H->n; i++) {
		ck_assert_double_eq_tol(H->y[i], drylaw_elliptic_peak(1.6, 0.8, 0.8, H->x[i]),
					1e-15);
		if (H->y[i] > top)
			top = H->y[i], at = H->x[i];
	}
	ck_assert_double_eq_tol(top, 3.2, 1e-14);
	ck_assert_double_eq_tol(at, 1.6, 1e-14);
	ck_assert_double_eq_tol(H->x[H->n - 1], 2.5 * 2.4, 1e-14);
	ck_assert_double_eq_tol(H->y[H->n - 1], 1.6, 1e-15);
	const struct curve *peak = curve_named(f, "u̇ = ±(Δ + Δ_a)");
	ck_assert(peak->x[0] == -1.6 && peak->x[4] == 1.6);
	const struct curve *back = curve_named(f, "u̇ = ±(Δ + 2Δ_a)");
	ck_assert_double_eq_tol(back->x[4], 2.4, 1e-15);
	run_free(&r);

	rag(&r, "elliptic", 0.4);
	setn(&r, "omega", 2);
	solve_ok(&r);
	check_motion(&r);
	run_free(&r);
}
END_TEST

/* Exact Coulomb: at rest u̇ = ü = 0 and the friction is what balances the
 * force, within ±h; slipping it is ±h; the time at rest in the first
 * period is the stick fraction. The law is drawn set-valued. */
START_TEST(test_figures_coulomb)
{
	struct run r;
	rag(&r, "coulomb", 0.8);
	solve_ok(&r);
	check_motion(&r);
	const struct table *t = figures_find_table(&r.figs, "motion");
	const double T = 2 * M_PI;
	double stuck = 0;
	for (size_t i = 0; i < t->nrows; i++) {
		double H = table_at(t, i, 4);
		if (table_at(t, i, 5)) {
			ck_assert(table_at(t, i, 2) == 0 && table_at(t, i, 3) == 0);
			ck_assert(fabs(H) <= 3.2 * (1 + 1e-9));
			if (i + 1 < t->nrows && table_at(t, i, 0) < T)
				stuck += fmin(table_at(t, i + 1, 0), T) - table_at(t, i, 0);
		} else {
			ck_assert_double_eq_tol(fabs(H), 3.2, 1e-9);
		}
	}
	ck_assert_double_eq_tol(stuck / T, res(&r, "stick_fraction"), 1e-3);
	const struct curve *H = curve_named(figure(&r, "H"), "H(u̇) = h sgn u̇");
	ck_assert_uint_eq(H->n, 4);
	ck_assert(H->x[1] == 0 && H->x[2] == 0 && H->y[1] == -3.2 && H->y[2] == 3.2);
	run_free(&r);
}
END_TEST

/* Short of the steady state the second period is run, not repeated: the
 * free decay of test_free_decay from u = 11 measured over [2π, 4π] goes on
 * over [4π, 6π]; its turning points 7, −5, 3, −1 fall at t = 2π + jπ, and
 * from 5π on it rests at −1, the spring's pull k|u| = h balanced by the
 * static friction. */
START_TEST(test_figures_not_steady)
{
	struct run r;
	free_decay(&r, 1);
	solve_ok(&r);
	ck_assert(!resb(&r, "steady"));
	ck_assert_ptr_nonnull(strstr(figure(&r, "motion")->title, "NOT"));
	const struct table *t = figures_find_table(&r.figs, "motion");
	ck_assert_double_eq_tol(table_at(t, t->nrows - 1, 0), 4 * M_PI, 1e-9);
	const double turn[4] = {7, -5, 3, -1};
	int found = 0;
	for (size_t i = 0; i < t->nrows; i++) {
		double ti = table_at(t, i, 0), u = table_at(t, i, 1);
		for (int k = 0; k < 4; k++)
			if (fabs(ti - k * M_PI) < 1e-9) {
				ck_assert_double_eq_tol(u, turn[k], 1e-9);
				ck_assert_double_eq_tol(table_at(t, i, 2), 0, 1e-9);
				found |= 1 << k;
			}
		/* u stays between the turning points, and |u̇| ≤ 6, the first
		 * half cycle's amplitude about h/k */
		ck_assert(u <= 7 + 1e-9 && u >= -5 - 1e-9 && fabs(table_at(t, i, 2)) <= 6 + 1e-9);
		if (ti > 3 * M_PI + 1e-6) {
			ck_assert_double_eq(table_at(t, i, 5), 1);
			ck_assert_double_eq_tol(u, -1, 1e-9);
			ck_assert_double_eq_tol(table_at(t, i, 4), 1, 1e-9); /* H = −k u */
		}
	}
	ck_assert_int_eq(found, 15);
	run_free(&r);
}
END_TEST

/* Drawing changes nothing: without figures, the same results and steps to
 * the bit, for every law. */
START_TEST(test_figures_no_effect)
{
	const char *laws[] = {"elliptic", "coulomb", "tanh", "elliptic-peak"};
	/* under valgrind (TRIBO_TEST_LIGHT) the first two */
	const int runs = getenv("TRIBO_TEST_LIGHT") ? 2 : 4;
	for (int i = 0; i < runs; i++) {
		struct run r;
		rag(&r, laws[i], 0.4);
		solve_ok(&r);
		ck_assert_uint_eq(r.figs.nfig, 6);
		/* the friction force H(t): the table's column, within the law's
		 * bound h (eq. (9)'s residual: to its accuracy), reaching it */
		const struct figure *f = figures_find(&r.figs, "force");
		const struct table *t = figures_find_table(&r.figs, "motion");
		ck_assert_ptr_nonnull(f);
		const struct curve *H = &f->curves[0];
		ck_assert_uint_eq(H->n, t->nrows);
		const double h = r.num[model_param_index(r.m, "h")];
		double most = 0;
		for (size_t k = 0; k < H->n; k++) {
			ck_assert(H->y[k] == table_at(t, k, 4) && H->x[k] == table_at(t, k, 0));
			most = fmax(most, fabs(H->y[k]));
		}
		/* the law's own highest value: h, or (10)'s peak above it */
		const struct curve *law = &figures_find(&r.figs, "H")->curves[0];
		double top = h;
		for (size_t k = 0; k < law->n; k++)
			top = fmax(top, fabs(law->y[k]));
		ck_assert_msg(most <= top * (1 + 1e-6) && most >= 0.9 * h,
			      "%s: max |H| %g, the law's top %g", laws[i], most, top);
		ck_assert(f->curves[1].y[0] == h && f->curves[1].y[4] == -h);
		check_figures_change_nothing(&r);
		run_free(&r);
	}
}
END_TEST

/* Law (8) across the narrow band Δ = 5e-4 .. 1e-3 (issue 42 point 4,
 * h/(mωΔ) = 6400 .. 3200), Ragulskis's other values, inner auto: now
 * integrated (implicitly inside the transition, the layer |u̇| <= 1e-7 Δ
 * crossed on the slow manifold), not reduced, against
 * tests/ref/ragulskis_band_amp_ref.py (SciPy Radau through the whole
 * transition at rtol 1e-9, phases cut at the joints, the fixed point by
 * fsolve; nothing of tribo's layer): tribo is within 3.2e-11 of it (5e-4:
 * 9e-12, 7e-4: 5e-14, 1e-3: 3.2e-11; with the stiff phases on msbdf,
 * 5e-4: 1.2e-12, 6e-4: 4.4e-12, 7e-4: 2.0e-12, 8e-4: 1.1e-12, 9e-4:
 * 2.0e-12, 1e-3: 3.6e-12), the assertion allows 1e-10. In a bounded
 * time: it took 0.5-0.9 s a solve before, about 40 ms on bsimp, 15-20 ms
 * on msbdf. Under valgrind (TRIBO_TEST_LIGHT) Δ = 7e-4 alone, untimed. */
START_TEST(test_band)
{
	static const struct {
		double Delta, amp;
	} ref[] = {
		{7e-4, 0.7757080614970775}, {1e-3, 0.7760544966149718}, {5e-4, 0.7754749044552786},
		{6e-4, 0.7755917332476782}, {8e-4, 0.7758239396640961}, {9e-4, 0.7759394073533459},
	};
	const bool light = getenv("TRIBO_TEST_LIGHT") != NULL;
	for (size_t i = 0; i < (light ? 1 : sizeof ref / sizeof *ref); i++) {
		struct run r;
		rag(&r, "elliptic", ref[i].Delta);
		r.no_figs = true; /* the answers' solve, as generate and grade run it */
		const clock_t c0 = clock();
		solve_ok(&r);
		const double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
		ck_assert_msg(light || cpu < 0.5, "Delta %g: %.3f s", ref[i].Delta, cpu);
		ck_assert(resb(&r, "steady"));
		ck_assert_ptr_null(strstr(strbuf_str(&r.steps), "reduced to its slow manifold"));
		ck_assert_msg(fabs(res(&r, "amp") / ref[i].amp - 1) <= 1e-10,
			      "Delta %g: amp %.13g against %.13g", ref[i].Delta, res(&r, "amp"),
			      ref[i].amp);
		ck_assert_rel(res(&r, "umin"), -res(&r, "amp"), 1e-10);
		run_free(&r);
	}
}
END_TEST

/* Law (8) integrated (inner integrate) far below the band, at Δ = 1e-7 and
 * 1e-9 (h/(mωΔ) = 3.2e7, 3.2e9): its stiff phases on msbdf solve there in
 * about 20 ms, where bsimp's and rk8pd's steps ran out of the period's
 * budget. Against Coulomb's amplitude (tests/ref/ragulskis_coulomb_ref.py,
 * 0.774878712707, SciPy's own stick and slip), amp(Δ) − amp_C is linear in
 * Δ as the transition closes: 1.2396Δ at 1e-5, 1.2535Δ at 1e-7, 1.2556Δ at
 * 1e-8, 1.268Δ at 1e-9 (the reference's own 1e-11 shows there), and the
 * band's SciPy references give 1.19Δ between Coulomb and 5e-4; asserted:
 * between 1.2Δ and 1.3Δ. At 1e-7, the reduced transition (inner reduce)
 * within twice the error its steps state, Δ(mωΔ/h)^⅓ = 3.2e-10 (3.9e-10
 * apart). */
START_TEST(test_band_narrow)
{
	const double ac = 0.774878712707; /* tests/ref/ragulskis_coulomb_ref.py */
	const bool light = getenv("TRIBO_TEST_LIGHT") != NULL;
	const double Ds[] = {1e-7, 1e-9};
	for (size_t i = 0; i < (light ? 1 : 2); i++) {
		const double D = Ds[i];
		struct run r;
		rag(&r, "elliptic", D);
		setw(&r, "inner", "integrate");
		r.no_figs = true;
		const clock_t c0 = clock();
		solve_ok(&r);
		const double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
		ck_assert_msg(light || cpu < 0.5, "Delta %g: %.3f s", D, cpu);
		ck_assert(resb(&r, "steady"));
		const double amp = res(&r, "amp");
		ck_assert_msg((amp - ac) / D > 1.2 && (amp - ac) / D < 1.3,
			      "Delta %g: amp %.13g, (amp - amp_C)/Delta %.4g", D, amp,
			      (amp - ac) / D);
		ck_assert_rel(res(&r, "umin"), -amp, 1e-10);
		if (i == 0) {
			setw(&r, "inner", "reduce");
			solve_ok(&r);
			ck_assert_msg(fabs(res(&r, "amp") - amp) <= 2 * D * cbrt(D / 3.2),
				      "reduced %.13g, integrated %.13g", res(&r, "amp"), amp);
		}
		run_free(&r);
	}
}
END_TEST

/* Law (8) with a narrow transition reduced to its slow manifold (issue
 * 20): against the full integration where both run, within the error the
 * steps state, Δ·(mωΔ/h)^⅓; toward exact Coulomb linearly in Δ; at Δ =
 * 1e-5 (h/(mωΔ) = 3.2e5, refused before) steady and symmetric. */
START_TEST(test_reduced)
{
	struct run r;
	const bool light = getenv("TRIBO_TEST_LIGHT") != NULL; /* valgrind */
	rag(&r, "elliptic", 1e-3);
	setn(&r, "h", 3.2);
	setw(&r, "inner", "integrate");
	solve_ok(&r);
	const double amp_i = res(&r, "amp"), vmax_i = res(&r, "vmax");
	setw(&r, "inner", "reduce");
	solve_ok(&r);
	const double bound = 1e-3 * cbrt(1e-3 / 3.2);
	ck_assert_msg(fabs(res(&r, "amp") - amp_i) <= 2 * bound, "amp %.12g against %.12g",
		      res(&r, "amp"), amp_i);
	ck_assert(fabs(res(&r, "vmax") - vmax_i) <= 2 * bound);
	ck_assert_ptr_nonnull(strstr(strbuf_str(&r.steps), "reduced to its slow manifold"));
	/* Coulomb's amplitude, then e(Δ) = amp(Δ) − amp_C at Δ = 1e-4, 1e-5,
	 * 1e-6 with inner left to auto: each a tenth of the one before */
	setw(&r, "inner", "auto");
	setw(&r, "law", "coulomb");
	solve_ok(&r);
	const double ac = res(&r, "amp");
	setw(&r, "law", "elliptic");
	double e[3] = {0, 0, 0};
	/* under valgrind the reduced runs above only: the same code */
	const int ne = light ? 0 : 3;
	for (int i = 0; i < ne; i++) {
		setn(&r, "Delta", pow(10, -4 - i));
		solve_ok(&r);
		ck_assert(resb(&r, "steady"));
		ck_assert_rel(res(&r, "umin"), -res(&r, "amp"), 1e-9);
		ck_assert_double_eq(res(&r, "stick_fraction"), 0);
		e[i] = res(&r, "amp") - ac;
		ck_assert(e[i] > 0);
	}
	ck_assert_msg(light || (fabs(e[0] / e[1] - 10) < 0.2 && fabs(e[1] / e[2] - 10) < 0.2),
		      "errors %g %g %g", light ? 0 : e[0], light ? 0 : e[1], light ? 0 : e[2]);
	/* a force below h creeps the mass throughout (h = 10): the same */
	setn(&r, "Delta", 0.8);
	setn(&r, "h", 10);
	setw(&r, "inner", "integrate");
	solve_ok(&r);
	const double creep_i = res(&r, "amp");
	setw(&r, "inner", "reduce");
	solve_ok(&r);
	ck_assert_rel(res(&r, "amp"), creep_i, 1e-3);
	run_free(&r);
}
END_TEST

/* tanh with a narrow transition reduced too (issue 20): against an
 * independent reference, SciPy's Radau (rtol 1e-11, atol 1e-13) on the
 * full law over 60 periods, the steady maximum refined on its dense
 * output: 0.7753372954770654 at Δ = 1e-4 and 0.7749330593387247 at 1e-5,
 * ü's 3.0754482565170447 and 3.0756273004981347 (tanh's transition, unlike law (8)'s, has no fold:
 * the creep covers where the manifold relaxes faster than 5e3 ω, the law is integrated beyond).
 * Toward exact Coulomb as Δ falls, and symmetric. */
START_TEST(test_reduced_tanh)
{
	static const struct {
		double Delta, amp, tol, amax;
	} ref[] = {{1e-4, 0.7753372954770654, 1e-7, 3.0754482565170447},
		   {1e-5, 0.7749330593387247, 1e-8, 3.0756273004981347}};
	struct run r;
	rag(&r, "coulomb", 0.8);
	setn(&r, "h", 3.2);
	solve_ok(&r);
	const double ac = res(&r, "amp");
	setw(&r, "law", "tanh");
	double e_prev = INFINITY;
	for (size_t i = 0; i < sizeof ref / sizeof *ref; i++) {
		setn(&r, "Delta", ref[i].Delta);
		solve_ok(&r);
		ck_assert(resb(&r, "steady"));
		ck_assert_rel(res(&r, "amp"), ref[i].amp, ref[i].tol);
		ck_assert_rel(res(&r, "umin"), -res(&r, "amp"), 1e-9);
		/* ü's extreme, off by what the slip's start leaves (steps) */
		ck_assert_rel(res(&r, "amax"), ref[i].amax, 2e-6);
		const double e = res(&r, "amp") - ac;
		ck_assert_msg(e > 0 && e < e_prev / 5, "Δ = %g: amp − Coulomb's = %g after %g",
			      ref[i].Delta, e, e_prev);
		e_prev = e;
		ck_assert_ptr_nonnull(strstr(strbuf_str(&r.steps), "reduced to its slow manifold"));
	}
	run_free(&r);
}
END_TEST

/* Issue 37, item 4: a mass that reverses without sticking (m 2, c .3, k 4,
 * P 3, ω 1.7, h 1; |P sin ωt − k u| ≥ 7.28 at every turn) with a narrow
 * transition, which inner auto reduces below Δ ≈ 5.9e-5. The reduced
 * model jumped u̇ from ±Δ to ∓Δ there, amp off by about 2.09Δ against a
 * stated error 40-140 times smaller. amp from tests/ref/ragulskis_layer_ref.py
 * (SciPy Radau through the layer, no reduction): within the error steps
 * states, Δ·(mωΔ/h)^⅓, and in fact to 1e-10; inner integrate the same,
 * Δ = 1e-5 in under 5 s of CPU; and amp falls monotonically towards the
 * exact Coulomb value as Δ falls. */
static const struct {
	const char *law;
	double Delta, amp;
} reversal_ref[] = {
	{"elliptic", 0.0001, 1.264230351124}, {"elliptic", 5e-05, 1.264229683936},
	{"elliptic", 3e-05, 1.264229417065},  {"elliptic", 1e-05, 1.264229150196},
	{"tanh", 0.0001, 1.264233014956},     {"tanh", 5e-05, 1.264231015802},
	{"tanh", 3e-05, 1.264230216173},      {"tanh", 1e-05, 1.264229416561},
};

static void reversal(struct run *r, const char *law, double Delta)
{
	rag(r, law, Delta);
	setn(r, "m", 2);
	setn(r, "c", 0.3);
	setn(r, "k", 4);
	setn(r, "P", 3);
	setn(r, "omega", 1.7);
	setn(r, "h", 1);
}

START_TEST(test_reduced_reversal)
{
	struct run r;
	/* under valgrind (TRIBO_TEST_LIGHT) the first reference and the first
	 * three halvings of Δ: the same code, a fifth of the time */
	const bool light = getenv("TRIBO_TEST_LIGHT") != NULL;
	const size_t n = light ? 1 : sizeof reversal_ref / sizeof *reversal_ref;
	for (size_t i = 0; i < n; i++) {
		const double D = reversal_ref[i].Delta, ref = reversal_ref[i].amp;
		const double stated = D * cbrt(2 * 1.7 * D / 1);
		for (int integrate = 0; integrate < 2; integrate++) {
			reversal(&r, reversal_ref[i].law, D);
			if (integrate)
				setw(&r, "inner", "integrate");
			const clock_t c0 = clock();
			solve_ok(&r);
			const double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
			ck_assert_msg(cpu < 5, "%s Delta %g: %.2f s", reversal_ref[i].law, D, cpu);
			ck_assert(resb(&r, "steady"));
			const double amp = res(&r, "amp");
			ck_assert_msg(fabs(amp - ref) <= stated && fabs(amp - ref) <= 1e-10,
				      "%s Delta %g inner %s: amp %.13g against %.13g (stated %.2g)",
				      reversal_ref[i].law, D, integrate ? "integrate" : "auto", amp,
				      ref, stated);
			run_free(&r);
		}
	}
	/* Δ → 0: amp falls towards Coulomb's, the excess shrinking with Δ */
	reversal(&r, "coulomb", 0.8);
	solve_ok(&r);
	const double ac = res(&r, "amp");
	run_free(&r);
	static const char *const laws[] = {"elliptic", "tanh"};
	for (int l = 0; l < 2; l++) {
		double prev = INFINITY;
		for (double D = 1e-4; D > (light ? 1.2e-5 : 2e-7); D /= 2) {
			reversal(&r, laws[l], D);
			solve_ok(&r);
			const double e = res(&r, "amp") - ac;
			ck_assert_msg(e > 0 && e < prev * 0.6, "%s Delta %g: excess %g after %g",
				      laws[l], D, e, prev);
			prev = e;
			run_free(&r);
		}
		/* at Δ = 3.9e-7: 5e-9 (8), 1.6e-8 (tanh) */
		ck_assert(light || prev < 2e-8);
	}
}
END_TEST

/* The reduced model where the mass creeps on the transition and leaves it
 * at the fold (Ragulskis's own m 1, c .1, k 1, P 4, ω 1, h 3.2 and
 * neighbours): there the reduction is not exact, and steps states an error
 * below 2Δ·(mωΔ/h)^⅓ in u and u̇. amp and vmax from
 * tests/ref/ragulskis_layer_ref.py (SciPy Radau through the layer, no
 * reduction) against inner reduce: within the stated error (tanh: its
 * own, the speed's lag behind the manifold). */
static const struct {
	const char *law;
	double m, k, omega, Delta, amp, vmax;
} fold_ref[] = {
	{"tanh", 1, 1, 1, 0.001, 0.7786217000096, 1.224386464437},
};

START_TEST(test_reduced_fold)
{
	struct run r;
	/* under valgrind (TRIBO_TEST_LIGHT) none of the family: its first,
	 * Ragulskis's case, is test_reduced's own comparison of the reduced
	 * and the integrated runs, the same code as all seven */
	const bool light = getenv("TRIBO_TEST_LIGHT") != NULL;
	for (size_t i = 0; i < sizeof fold_ref / sizeof *fold_ref; i++) {
		const double m = fold_ref[i].m, w = fold_ref[i].omega, D = fold_ref[i].Delta;
		rag(&r, fold_ref[i].law, D);
		setn(&r, "h", 3.2);
		setn(&r, "m", m);
		setn(&r, "k", fold_ref[i].k);
		setn(&r, "omega", w);
		setw(&r, "inner", "reduce");
		solve_ok(&r);
		/* law (8): 2Δ·(mωΔ/h)^⅓; tanh: the speed's lag behind the
		 * manifold, at most P/(5e3² mω) (and that over ω in u) */
		const bool tanh_law = strcmp(fold_ref[i].law, "tanh") == 0;
		const double stated = tanh_law ? 4 / (25e6 * m * w) * fmax(1, 1 / w)
					       : 2 * D * cbrt(m * w * D / 3.2);
		ck_assert_ptr_nonnull(strstr(strbuf_str(&r.steps), tanh_law
									   ? "at most P/(5000² mω)"
									   : "below 2Δ·(mωΔ/h)^⅓"));
		ck_assert_msg(fabs(res(&r, "amp") - fold_ref[i].amp) <= stated &&
				      fabs(res(&r, "vmax") - fold_ref[i].vmax) <= stated,
			      "%s Delta %g m %g k %g omega %g: amp %.12g vmax %.12g against "
			      "%.12g %.12g (stated %.2g)",
			      fold_ref[i].law, D, m, fold_ref[i].k, w, res(&r, "amp"),
			      res(&r, "vmax"), fold_ref[i].amp, fold_ref[i].vmax, stated);
		run_free(&r);
	}
	/* law (8) against tribo's own integration of the full law (its
	 * integrated runs are held to the SciPy reference in
	 * test_reduced_reversal): the family the stated bound was measured on,
	 * Ragulskis's case at Δ = 1e-3 and its neighbours; the ratio of the
	 * error to Δ·(mωΔ/h)^⅓ was 0.3 to 1.3, the statement allows 2 */
	static const char *const family[] = {"",      "omega 2", "m 3",	 "P 3.5",
					     "c 0.5", "k 3",	 "h 3.8"};
	const size_t nfamily = light ? 0 : sizeof family / sizeof *family;
	for (size_t i = 0; i < nfamily; i++) {
		double got[2][2];
		char name[16] = "";
		double val = 0;
		if (*family[i])
			ck_assert_int_eq(sscanf(family[i], "%15s %lf", name, &val), 2);
		for (int integrate = 0; integrate < 2; integrate++) {
			rag(&r, "elliptic", 1e-3);
			setn(&r, "h", 3.2);
			if (*name)
				setn(&r, name, val);
			setw(&r, "inner", integrate ? "integrate" : "reduce");
			solve_ok(&r);
			got[integrate][0] = res(&r, "amp");
			got[integrate][1] = res(&r, "vmax");
			run_free(&r);
		}
		const double m = !strcmp(name, "m") ? val : 1, w = !strcmp(name, "omega") ? val : 1;
		const double h = !strcmp(name, "h") ? val : 3.2;
		const double stated = 2 * 1e-3 * cbrt(m * w * 1e-3 / h);
		for (int q = 0; q < 2; q++)
			ck_assert_msg(fabs(got[0][q] - got[1][q]) <= stated,
				      "%s: %s reduced %.12g integrated %.12g (stated %.2g)",
				      *family[i] ? family[i] : "Ragulskis's", q ? "vmax" : "amp",
				      got[0][q], got[1][q], stated);
	}
}
END_TEST

static Suite *ragulskis_suite(void)
{
	Suite *s = suite_create("ragulskis");
	TCase *tc = tcase_create("ragulskis");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_E);
	tcase_add_test(tc, test_law8);
	tcase_add_test(tc, test_law10);
	tcase_add_test(tc, test_tanh);
	tcase_add_test(tc, test_never_moves);
	tcase_add_test(tc, test_free_decay);
	tcase_add_test(tc, test_steady_or_not);
	tcase_add_test(tc, test_decay_to_rest_settles);
	tcase_add_test(tc, test_decay_creeps);
	tcase_add_test(tc, test_converges);
	tcase_add_test(tc, test_steady_amp);
	tcase_add_test(tc, test_small_force);
	tcase_add_test(tc, test_true_extremes);
	tcase_add_test(tc, test_fig4);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_tolerance);
	tcase_add_test(tc, test_figures_law8);
	tcase_add_test(tc, test_figures_law10);
	tcase_add_test(tc, test_figures_coulomb);
	tcase_add_test(tc, test_figures_not_steady);
	tcase_add_test(tc, test_figures_no_effect);
	tcase_add_test(tc, test_band);
	tcase_add_test(tc, test_band_narrow);
	tcase_add_test(tc, test_reduced);
	tcase_add_test(tc, test_reduced_tanh);
	tcase_add_test(tc, test_reduced_reversal);
	tcase_add_test(tc, test_reduced_fold);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(ragulskis_suite());
}
