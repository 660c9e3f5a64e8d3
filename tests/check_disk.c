/* The spinning disk of Minguzzi §2.2 against its closed forms, and the
 * numerics under it (quadrature, event location, friction laws). */
#include <check.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <string.h>

#include "dyn/record.h"
#include "figcheck.h"
#include "models/model.h"
#include "num/friction.h"
#include "num/ode.h"
#include "testutil.h"

enum { M, R, MU, G, OMEGA, PRESSURE };
enum { REYE = 0, UNIFORM = 1 };
enum { R_COEFF, RVAL, TORQUE, STOP_TIME, STOP_TIME_EXACT, STOP_ANGLE };

struct disk_case {
	double m, r, mu, g, omega;
	int pressure;
};

static const struct disk_case cases[] = {
	{2.0, 0.2, 0.3, 9.81, 10.0, REYE}, /* the issue's case: 0.679578… s */
	{2.0, 0.2, 0.3, 9.81, 10.0, UNIFORM}, {0.5, 0.05, 0.1, 9.80665, 300.0, REYE},
	{7.0, 1.5, 0.9, 1.62, -4.0, UNIFORM}, /* on the Moon, spinning clockwise */
	{1e-3, 1e-3, 1e-3, 9.81, 1e3, REYE},
};

static struct value res[6];

static void solve_with(const struct disk_case *c, struct figures *figs)
{
	const struct model *m = model_find("disk");
	double num[6] = {c->m, c->r, c->mu, c->g, c->omega, 0};
	int choice[6] = {0, 0, 0, 0, 0, c->pressure};
	const char *text[6] = {"", "", "", "", "", ""};
	struct model_input in = {num, choice, text, m};
	struct strbuf steps = STRBUF_INIT;
	struct model_output out = {res, &steps, figs};
	struct diag d;
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(m->nresults, 6);
	memset(res, 0, sizeof(res));
	ck_assert_msg(model_run(m, &in, &out, &d) == 0, "solve failed: %s", d.msg);
	ck_assert(steps.len > 0);
	strbuf_release(&steps);
}

static void solve(const struct disk_case *c)
{
	solve_with(c, NULL);
}

/* Reye: R = μmgr|φ̇|/2 and τ = ωr/(μg) (the paper's §2.2, with its
 * misprint μq read as μg); uniform: R = 2μmgr|φ̇|/3 and τ = 3ωr/(4μg). */
START_TEST(test_closed_forms)
{
	const struct disk_case *c = &cases[_i];
	solve(c);
	double k = c->pressure == REYE ? 0.5 : 2.0 / 3.0;
	double tau = (c->pressure == REYE ? 1.0 : 0.75) * fabs(c->omega) * c->r / (c->mu * c->g);
	ck_assert_rel(res[R_COEFF].num, k * c->mu * c->m * c->g * c->r, 1e-9);
	ck_assert_rel(res[RVAL].num, k * c->mu * c->m * c->g * c->r * fabs(c->omega), 1e-9);
	ck_assert_rel(res[TORQUE].num, -copysign(1.0, c->omega) * k * c->mu * c->m * c->g * c->r,
		      1e-9);
	ck_assert_rel(res[STOP_TIME_EXACT].num, tau, 1e-12);
	ck_assert_rel(res[STOP_TIME].num, tau, 1e-9);
	ck_assert_rel(res[STOP_ANGLE].num, c->omega * tau / 2, 1e-9);
}
END_TEST

/* The work of the friction torque over the angle turned is the kinetic
 * energy the disk had: |M| φ(τ) = I ω²/2. */
START_TEST(test_energy_balance)
{
	const struct disk_case *c = &cases[_i];
	solve(c);
	double I = c->m * c->r * c->r / 2;
	ck_assert_rel(fabs(res[TORQUE].num * res[STOP_ANGLE].num), I * c->omega * c->omega / 2,
		      1e-9);
}
END_TEST

/* The issue's own numbers, to the digits printed. */
START_TEST(test_issue_example)
{
	solve(&cases[0]);
	ck_assert_rel(res[STOP_TIME].num, 0.6795786612300374, 1e-9);
	ck_assert_rel(res[STOP_TIME_EXACT].num, 0.6795786612300374, 1e-12);
}
END_TEST

/* Reye's pressure makes the disk turn longer than uniform pressure: the
 * ratio of the stop times is 4/3 whatever the parameters. */
START_TEST(test_reye_over_uniform)
{
	struct disk_case c = cases[2];
	solve(&c);
	double reye = res[STOP_TIME].num;
	c.pressure = UNIFORM;
	solve(&c);
	ck_assert_rel(reye / res[STOP_TIME].num, 4.0 / 3.0, 1e-9);
}
END_TEST

START_TEST(test_limits)
{
	struct disk_case c = {2, 0.2, 0.0, 9.81, 10, REYE};
	solve(&c); /* no friction: it never stops */
	ck_assert(isinf(res[STOP_TIME].num) && res[STOP_TIME].num > 0);
	ck_assert(isinf(res[STOP_TIME_EXACT].num));
	ck_assert_double_eq(res[TORQUE].num, 0.0);
	c.mu = 0.3;
	c.omega = 0.0;
	solve(&c); /* at rest it stays at rest */
	ck_assert_double_eq(res[STOP_TIME].num, 0.0);
	ck_assert_double_eq(res[STOP_ANGLE].num, 0.0);
	ck_assert_double_eq(res[TORQUE].num, 0.0);
	/* R_coeff does not depend on the spin: R is homogeneous of degree 1 */
	ck_assert_rel(res[R_COEFF].num, 0.5 * 0.3 * 2 * 9.81 * 0.2, 1e-9);
}
END_TEST

/* ---- the figures ------------------------------------------------------ */

/* φ̇(t) runs from ω down to 0 at stop_time, on the line of the paper's
 * closed form ω(1 − t/τ) at every row (the rows between rk8pd's steps are
 * cubic interpolants, exact for the line and the parabola φ(t)); φ ends at
 * stop_angle. The same results with the figures as without. */
START_TEST(test_figures)
{
	const struct disk_case *c = &cases[_i];
	struct figures fs = FIGURES_INIT;
	solve(c);
	const double stop = res[STOP_TIME].num, angle = res[STOP_ANGLE].num;
	solve_with(c, &fs);
	ck_assert_double_eq(res[STOP_TIME].num, stop);
	ck_assert_double_eq(res[STOP_ANGLE].num, angle);
	const double tau = res[STOP_TIME_EXACT].num, w = c->omega;
	const struct table *t = tab(&fs, "motion");
	const size_t ph = col(t, "phi "), pd = col(t, "phidot ");
	ck_assert_double_eq(first(t, "t "), 0);
	ck_assert_double_eq(first(t, "phi "), 0);
	ck_assert_double_eq(first(t, "phidot "), w);
	ck_assert_double_eq(last(t, "t "), stop);
	ck_assert_double_eq(last(t, "phi "), angle);
	ck_assert_double_eq_tol(last(t, "phidot "), 0, 1e-12 * fabs(w));
	ck_assert(t->nrows > 100);
	for (size_t i = 0; i < t->nrows; i++) {
		double tt = table_at(t, i, 0);
		ck_assert_double_eq_tol(table_at(t, i, pd), w * (1 - tt / tau), 1e-9 * fabs(w));
		ck_assert_double_eq_tol(table_at(t, i, ph), w * tt * (1 - tt / (2 * tau)),
					1e-9 * fabs(angle));
		ck_assert_double_eq(table_at(t, i, col(t, "phidot closed")), w * (1 - tt / tau));
	}
	/* the figures draw the table, and the closed form over [0, τ] */
	const struct figure *f = fig(&fs, "spin");
	const struct curve *num = curve(f, "integrated (rk8pd)"),
			   *cf = curve(f, "closed form ω(1 − t/τ)");
	ck_assert_uint_eq(num->n, t->nrows);
	ck_assert_int_eq(cf->style, CURVE_DASHED);
	ck_assert_double_eq(cf->y[0], w);
	ck_assert_double_eq(cf->x[cf->n - 1], tau);
	f = fig(&fs, "angle");
	cf = curve(f, "closed form ωt(1 − t/(2τ))");
	ck_assert_double_eq_tol(cf->y[cf->n - 1], angle, 1e-9 * fabs(angle));
	figures_sane(&fs);
	figures_release(&fs);
}
END_TEST

/* Nothing to draw when nothing turns, or nothing stops it. */
START_TEST(test_figures_none)
{
	struct figures fs = FIGURES_INIT;
	struct disk_case c = {2, 0.2, 0.0, 9.81, 10, REYE};
	solve_with(&c, &fs);
	ck_assert_uint_eq(fs.nfig + fs.ntab, 0);
	c.mu = 0.3;
	c.omega = 0;
	solve_with(&c, &fs);
	ck_assert_uint_eq(fs.nfig + fs.ntab, 0);
}
END_TEST

/* ---- numerics -------------------------------------------------------- */

static int oscillator(double t, const double y[], double f[], void *p)
{
	(void)t;
	(void)p;
	f[0] = y[1];
	f[1] = -y[0];
	return GSL_SUCCESS;
}

static double crossing(double t, const double y[], void *p)
{
	(void)t;
	(void)p;
	return y[0];
}

/* y'' = -y from (1, 0): the event y = 0 is at π/2, located to 1e-12. */
START_TEST(test_ode_event)
{
	struct ode_system sys = {2, oscillator, crossing, NULL};
	struct ode_opts o = ode_opts_default(10.0);
	struct ode_end end;
	struct diag d;
	double y[2] = {1, 0};
	ck_assert_int_eq(ode_run(&sys, &o, 0.0, y, &end, &d), 0);
	ck_assert(end.event);
	ck_assert_double_eq_tol(end.t, M_PI / 2, 1e-12);
	ck_assert_double_eq_tol(y[0], 0.0, 1e-12);
	ck_assert_double_eq_tol(y[1], -1.0, 1e-12);
	/* the next phase starts past the switch: the event has changed sign */
	ck_assert(y[0] <= 0);
	/* from there the next crossing is at 3π/2 */
	ck_assert_int_eq(ode_run(&sys, &o, end.t, y, &end, &d), 0);
	ck_assert(end.event);
	ck_assert_double_eq_tol(end.t, 3 * M_PI / 2, 1e-11);
}
END_TEST

/* Without an event the phase runs to tmax; the energy y² + y'² is kept. */
START_TEST(test_ode_no_event)
{
	struct ode_system sys = {2, oscillator, NULL, NULL};
	struct ode_opts o = ode_opts_default(20.0);
	struct ode_end end;
	struct diag d;
	double y[2] = {1, 0};
	ck_assert_int_eq(ode_run(&sys, &o, 0.0, y, &end, &d), 0);
	ck_assert(!end.event);
	ck_assert_double_eq(end.t, 20.0);
	ck_assert_double_eq_tol(y[0], cos(20.0), 1e-10);
	ck_assert_double_eq_tol(y[0] * y[0] + y[1] * y[1], 1.0, 1e-10);
}
END_TEST

/* ode_run keeps its rk8pd work between runs (num/ode.c, struct
 * ode_work): a run after runs of other dimensions takes the same steps to
 * the bit as the first, and a run started inside another (here from the
 * event function) takes work of its own and leaves the outer run's alone:
 * the outer event is still π/2 in the same steps, the inner decay e^-1. */
static int decay(double t, const double y[], double f[], void *p)
{
	(void)t;
	(void)p;
	for (int i = 0; i < 3; i++)
		f[i] = -y[i];
	return GSL_SUCCESS;
}

static int inner_runs;
static double inner_y;

static double crossing_integrating(double t, const double y[], void *p)
{
	struct ode_system in = {3, decay, NULL, NULL};
	struct ode_opts o = ode_opts_default(1.0);
	struct ode_end end;
	struct diag d;
	double z[3] = {1, 2, 3};
	if (ode_run(&in, &o, 0.0, z, &end, &d) == 0) {
		inner_runs++;
		inner_y = z[0];
	}
	return crossing(t, y, p);
}

START_TEST(test_ode_work_kept)
{
	struct ode_system sys = {2, oscillator, crossing, NULL};
	struct ode_system nested = {2, oscillator, crossing_integrating, NULL};
	struct ode_system other = {3, decay, NULL, NULL};
	struct ode_opts o = ode_opts_default(10.0);
	struct ode_end e1, e2, e3;
	struct diag d;
	double y1[2] = {1, 0}, y2[2] = {1, 0}, y3[2] = {1, 0}, z[3] = {1, 2, 3};
	ck_assert_int_eq(ode_run(&sys, &o, 0.0, y1, &e1, &d), 0);
	ck_assert_int_eq(ode_run(&other, &o, 0.0, z, &e3, &d), 0);
	ck_assert_double_eq_tol(z[2], 3 * exp(-10.0), 1e-12);
	ck_assert_int_eq(ode_run(&sys, &o, 0.0, y2, &e2, &d), 0);
	ck_assert_double_eq(e1.t, e2.t);
	ck_assert_uint_eq(e1.steps, e2.steps);
	ck_assert(memcmp(y1, y2, sizeof(y1)) == 0);
	inner_runs = 0;
	ck_assert_int_eq(ode_run(&nested, &o, 0.0, y3, &e3, &d), 0);
	ck_assert_int_gt(inner_runs, (int)e1.steps); /* once a step, and in the location */
	ck_assert_double_eq_tol(inner_y, exp(-1.0), 1e-11);
	ck_assert_double_eq_tol(e3.t, M_PI / 2, 1e-12);
	ck_assert_uint_eq(e3.steps, e1.steps);
	ck_assert(memcmp(y1, y3, sizeof(y1)) == 0);
}
END_TEST

/* A right-hand side that sees the interrupt flag stops the integration. */
static int interrupted_rhs(double t, const double y[], double f[], void *p)
{
	(void)p;
	num_interrupted = t > 1.0;
	return num_interrupted ? GSL_EBADFUNC : oscillator(t, y, f, p);
}

START_TEST(test_ode_interrupt)
{
	struct ode_system sys = {2, interrupted_rhs, NULL, NULL};
	struct ode_opts o = ode_opts_default(100.0);
	struct ode_end end;
	struct diag d;
	double y[2] = {1, 0};
	ck_assert_int_eq(ode_run(&sys, &o, 0.0, y, &end, &d), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "interrupted"));
	num_interrupted = 0;
}
END_TEST

/* The recorder of dyn/record: the run takes the same steps with it, to
 * the bit; its rows lie on cos t (the accepted steps to rk8pd's 1e-12, the
 * rows between them to the cubic interpolant's error), ascending, ending
 * at the event; a long record is thinned below RECORD_MAX. */
START_TEST(test_trace)
{
	struct ode_system sys = {2, oscillator, crossing, NULL};
	struct ode_opts o = ode_opts_default(10.0);
	struct ode_end e1, e2;
	struct diag d;
	double y1[2] = {1, 0}, y2[2] = {1, 0};
	struct record tr;
	record_init(&tr, 2, 0, 0.01);
	ck_assert_int_eq(ode_run(&sys, &o, 0.0, y1, &e1, &d), 0);
	ck_assert_int_eq(ode_run(record_wrap(&tr, &sys), &o, 0.0, y2, &e2, &d), 0);
	record_mark(&tr, e2.t, y2);
	ck_assert_double_eq(e1.t, e2.t);
	ck_assert_uint_eq(e1.steps, e2.steps);
	ck_assert(memcmp(y1, y2, sizeof(y1)) == 0);
	ck_assert(tr.n > 150 && tr.n < 400); /* π/2 in pieces of at most 0.01 */
	ck_assert_double_eq(tr.t[0], 0);
	ck_assert_double_eq(tr.t[tr.n - 1], e2.t);
	for (size_t i = 0; i < tr.n; i++) {
		ck_assert(i == 0 || tr.t[i] > tr.t[i - 1]);
		ck_assert(tr.t[i] <= e2.t);
		/* the interpolant's error, below h⁴/384 for rk8pd's h ≈ 0.3 here */
		ck_assert_double_eq_tol(record_row(&tr, i)[0], cos(tr.t[i]), 2e-5);
		ck_assert_double_eq_tol(record_row(&tr, i)[1], -sin(tr.t[i]), 2e-5);
	}
	record_release(&tr);

	/* twenty periods in steps of 1e-4 s, one row each: thinned */
	record_init(&tr, 2, 0, 0.0);
	struct ode_system none = {2, oscillator, NULL, NULL};
	record_wrap(&tr, &none);
	for (int i = 0; i <= 1256637; i++) {
		double t = 1e-4 * i, y[2] = {cos(t), -sin(t)};
		record_point(&tr, t, y);
	}
	ck_assert(tr.n < RECORD_MAX && tr.n > RECORD_MAX / 4);
	ck_assert_double_eq(tr.t[0], 0);
	for (size_t i = 1; i < tr.n; i++)
		ck_assert(tr.t[i] > tr.t[i - 1] && tr.t[i] - tr.t[i - 1] < 0.01);
	record_release(&tr);
}
END_TEST

/* One curve a phase; a phase's stretches apart are broken by (NaN, NaN);
 * each stretch starts where the one before ended. */
START_TEST(test_curves_by_phase)
{
	static const double rows[][3] = {{0, 0, 0}, {1, 1, 0}, {2, 2, 1}, {3, 3, 1},
					 {4, 4, 0}, {5, 5, 0}, {6, 6, 2}};
	static const char *const labels[] = {"a", "b", "c"};
	struct figures fs = FIGURES_INIT;
	struct table *t = figures_table(&fs, "t", "x|y|phase");
	for (size_t i = 0; i < 7; i++)
		table_row(t, rows[i]);
	struct figure *f = figure_add(&fs, "f", "f", "x", "y");
	figure_curves_by_phase(f, t, 0, 1, 2, labels, 3);
	ck_assert_uint_eq(f->ncurves, 3);
	const struct curve *a = curve(f, "a"), *b = curve(f, "b"), *c = curve(f, "c");
	/* a: rows 0-1, break, rows 3-5 */
	ck_assert_uint_eq(a->n, 2 + 1 + 3);
	ck_assert(isnan(a->x[2]) && isnan(a->y[2]));
	ck_assert_double_eq(a->x[3], 3);
	ck_assert_double_eq(a->x[5], 5);
	ck_assert_uint_eq(b->n, 3);
	ck_assert_double_eq(b->x[0], 1);
	ck_assert_uint_eq(c->n, 2);
	ck_assert_double_eq(c->x[0], 5);
	figures_release(&fs);
}
END_TEST

/* A solve that fails after its record began gives the record back: when
 * the second contact_eval failed (an interrupt after the first one; here
 * a spin of no sign, whose sense 0 is "nothing slides"), the record of the
 * figures leaked (LeakSanitizer, build/asan with CK_FORK=no). */
START_TEST(test_failure_after_record)
{
	const struct model *m = model_find("disk");
	double num[6] = {2.0, 0.2, 0.3, 9.81, NAN, 0};
	int choice[6] = {0};
	const char *text[6] = {"", "", "", "", "", ""};
	struct model_input in = {num, choice, text, m};
	struct strbuf steps = STRBUF_INIT;
	struct figures fs = FIGURES_INIT;
	struct model_output out = {res, &steps, &fs};
	struct diag d;
	ck_assert_int_eq(m->solve(&in, &out, &d), -1);
	ck_assert_msg(strstr(d.msg, "nothing slides"), "%s", d.msg);
	ck_assert_uint_eq(fs.nfig, 0);
	strbuf_release(&steps);
	figures_release(&fs);
}
END_TEST

static double bouchet_mu(double v, void *p)
{
	return friction_mu(p, v);
}

/* M(v) = ∫0^v μ: the closed forms against GSL quadrature of μ itself. */
START_TEST(test_friction_integrals)
{
	struct friction_law laws[] = {
		{.kind = FRICTION_COULOMB, .mu = 0.4},
		{.kind = FRICTION_STOKES, .k = 2.5},
		{.kind = FRICTION_BOUCHET, .mu0 = 0.6, .muinf = 0.2, .a = 3.0},
	};
	gsl_integration_workspace *ws = gsl_integration_workspace_alloc(100);
	for (size_t i = 0; i < 3; i++)
		for (double v = 0.1; v < 10; v *= 3) {
			gsl_function F = {bouchet_mu, &laws[i]};
			double q, err;
			gsl_integration_qags(&F, 0, v, 0, 1e-13, 100, ws, &q, &err);
			ck_assert_rel(friction_mu_integral(&laws[i], v), q, 1e-11);
		}
	gsl_integration_workspace_free(ws);
	/* Bouchet: μ(0) = μ0, μ(∞) = μ∞; a = 0 is Coulomb with μ0 */
	ck_assert_double_eq_tol(friction_mu(&laws[2], 0), 0.6, 1e-15);
	ck_assert_double_eq_tol(friction_mu(&laws[2], 1e12), 0.2, 1e-12);
	struct friction_law flat = {.kind = FRICTION_BOUCHET, .mu0 = 0.6, .muinf = 0.2, .a = 0};
	ck_assert_double_eq_tol(friction_mu_integral(&flat, 2.0), 1.2, 1e-15);
}
END_TEST

static Suite *disk_suite(void)
{
	Suite *s = suite_create("disk");
	TCase *tc = tcase_create("closed forms");
	tcase_add_loop_test(tc, test_closed_forms, 0, sizeof(cases) / sizeof(cases[0]));
	tcase_add_loop_test(tc, test_energy_balance, 0, sizeof(cases) / sizeof(cases[0]));
	tcase_add_test(tc, test_issue_example);
	tcase_add_test(tc, test_reye_over_uniform);
	tcase_add_test(tc, test_limits);
	tcase_add_loop_test(tc, test_figures, 0, sizeof(cases) / sizeof(cases[0]));
	tcase_add_test(tc, test_figures_none);
	tcase_add_test(tc, test_failure_after_record);
	suite_add_tcase(s, tc);
	TCase *num = tcase_create("numerics");
	tcase_add_test(num, test_ode_event);
	tcase_add_test(num, test_ode_no_event);
	tcase_add_test(num, test_ode_work_kept);
	tcase_add_test(num, test_ode_interrupt);
	tcase_add_test(num, test_friction_integrals);
	tcase_add_test(num, test_trace);
	tcase_add_test(num, test_curves_by_phase);
	suite_add_tcase(s, num);
	return s;
}

int main(void)
{
	return run_suite(disk_suite());
}
