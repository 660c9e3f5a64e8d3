/* disk-slide against references computed here, not by the model's own
 * path (its closed forms in elliptic integrals and its run in
 * sigma = ln(rho0/rho)):
 *
 *   - the force and torque of a uniform disk by a plain 2-D quadrature of
 *     the unit relative velocity over the disk, written in this file;
 *   - the limit ratio v/(r w) as the root, by Brent's method, of
 *     F(e) - e T(e)/kappa, with F and T from that quadrature (uniform
 *     disk) or from contact_eval's (Reye's disk, the ring): 0.653 for the
 *     uniform disk, the value of Farkas, Bartels, Unger and Wolf, "Frictional
 *     coupling between sliding and spinning motion", Phys. Rev. Lett. 90,
 *     248302 (2003);
 *   - the run itself integrated in time with gsl_odeiv2 (rk8pd) on
 *     contact_eval's forces, to 1e-5 of the starting speed, and the rest at
 *     the constant decelerations of that moment;
 *   - the limits: a pure spin stops at kappa r w/(mu g T(0)), T(0) = 2/3
 *     for the uniform disk (Minguzzi 2.2 with eq. 20: the `disk` model's
 *     3 w r/(4 mu g)); a pure slide at v0/(mu g) after v0²/(2 mu g);
 *   - the energy: the work of friction is the kinetic energy at the start. */
#include <check.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_odeiv2.h>
#include <gsl/gsl_roots.h>
#include <math.h>
#include <string.h>

#include "modelrun.h"
#include "models/contact.h"
#include "testutil.h"

/* ---- the uniform disk by a 2-D quadrature ------------------------------ */

/* The unit disk turns at w = 1 about the point (0, e) (the centre moves at
 * (e, 0)): the point (x, y) slides with (e - y, x). F is the mean of the
 * x-component of the unit velocity, T the mean of x v_y - y v_x over it. */
struct q2 {
	double e, th;
	int comp; /* 0: F, 1: T */
	gsl_integration_workspace *w;
};

static double q2_inner(double rho, void *arg)
{
	const struct q2 *q = arg;
	const double x = rho * cos(q->th), y = rho * sin(q->th);
	const double vx = q->e - y, vy = x, s = hypot(vx, vy);
	if (s == 0)
		return 0;
	return rho * (q->comp == 0 ? vx / s : (x * vy - y * vx) / s);
}

static double q2_outer(double th, void *arg)
{
	struct q2 *q = arg;
	q->th = th;
	gsl_function f = {q2_inner, q};
	double r, err;
	/* the ray through the turning point (th = pi/2, rho = e) has the
	 * velocity's jump on it: a point of the inner range */
	if (fabs(th - M_PI_2) < 1e-300 && q->e < 1) {
		double pts[3] = {0, q->e, 1};
		gsl_integration_qagp(&f, pts, 3, 1e-13, 1e-11, 1000, q->w, &r, &err);
	} else
		gsl_integration_qags(&f, 0, 1, 1e-13, 1e-11, 1000, q->w, &r, &err);
	return r;
}

static double disk_quad(double e, int comp)
{
	gsl_integration_workspace *wi = gsl_integration_workspace_alloc(1000);
	gsl_integration_workspace *wo = gsl_integration_workspace_alloc(1000);
	struct q2 q = {e, 0, comp, wi};
	gsl_function f = {q2_outer, &q};
	double r, err;
	/* the outer integrand has a kink where the ray meets the turning point */
	double pts[3] = {-M_PI_2, M_PI_2, 3 * M_PI_2};
	gsl_integration_qagp(&f, pts, 3, 1e-12, 1e-10, 1000, wo, &r, &err);
	gsl_integration_workspace_free(wi);
	gsl_integration_workspace_free(wo);
	return r / M_PI;
}

/* ---- forces by contact_eval (Reye's disk, the ring) ---------------------- */

struct cref {
	enum contact_shape shape;
	enum contact_pressure pr;
	double kappa;
	bool quad2; /* the uniform disk by disk_quad */
};

static void cref_FT(const struct cref *c, double e, double *F, double *T)
{
	if (c->quad2) {
		*F = disk_quad(e, 0);
		*T = disk_quad(e, 1);
		return;
	}
	struct friction_law law = {.kind = FRICTION_COULOMB, .mu = 1};
	struct contact k = {.shape = c->shape, .r = 1, .pressure = c->pr, .law = &law, .N = 1};
	struct contact_forces f;
	struct diag d;
	ck_assert_msg(contact_eval(&k, (struct contact_motion){e, 0, 1},
				   CONTACT_QXY | CONTACT_QTHETA, &f, &d) == 0,
		      "%s", d.msg);
	*F = -f.Qx;
	*T = -f.Qtheta;
}

static double fixed_fn(double e, void *arg)
{
	const struct cref *c = arg;
	double F, T;
	cref_FT(c, e, &F, &T);
	return F - e * T / c->kappa;
}

static double fixed_point(const struct cref *c, double lo, double hi)
{
	gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
	gsl_function f = {fixed_fn, (void *)c};
	gsl_root_fsolver_set(s, &f, lo, hi);
	double x = 0;
	for (int i = 0; i < 100; i++) {
		gsl_root_fsolver_iterate(s);
		x = gsl_root_fsolver_root(s);
		if (gsl_root_test_interval(gsl_root_fsolver_x_lower(s), gsl_root_fsolver_x_upper(s),
					   1e-12, 0) == GSL_SUCCESS)
			break;
	}
	gsl_root_fsolver_free(s);
	return x;
}

START_TEST(test_fixed_point_uniform_disk)
{
	/* the 2-D quadrature against the model's own limit, and Farkas et al. */
	struct cref c = {SHAPE_DISK, PRESSURE_UNIFORM, 0.5, true};
	const double e = fixed_point(&c, 0.4, 0.9);
	ck_assert_near(e, 0.653, 5e-4, 1.0);
	struct run r;
	run_init(&r, "disk-slide");
	solve_ok(&r);
	ck_assert_rel(res(&r, "ratio_end"), e, 1e-8);
	/* the start's force against contact_eval at the same point */
	double F, T;
	struct cref ce = {SHAPE_DISK, PRESSURE_UNIFORM, 0.5, false};
	cref_FT(&ce, 0.653, &F, &T);
	ck_assert_rel(disk_quad(0.653, 0), F, 1e-9);
	ck_assert_rel(disk_quad(0.653, 1), T, 1e-9);
	run_free(&r);
}
END_TEST

START_TEST(test_fixed_point_reye_and_ring)
{
	/* Reye's disk: the root is 1/sqrt(2) (with Reye's weights about the
	 * turning point, F = pi e/(4E(e)), T = pi(1 - e²)/(4E(e)), so
	 * F = 2eT at 1 = 2(1 - e²)); here by Brent on contact_eval */
	struct cref reye = {SHAPE_DISK, PRESSURE_REYE, 0.5, false};
	const double er = fixed_point(&reye, 0.5, 0.9);
	ck_assert_near(er, M_SQRT1_2, 1e-8, 1.0);
	struct run r;
	run_init(&r, "disk-slide");
	setw(&r, "pressure", "reye");
	solve_ok(&r);
	ck_assert_rel(res(&r, "ratio_end"), er, 1e-8);
	/* the curling stone: a ring with kappa = (0.08/0.0625)² = 1.6384 */
	struct cref ring = {SHAPE_RING, PRESSURE_UNIFORM, 1.6384, false};
	const double ec = fixed_point(&ring, 0.05, 0.99);
	setw(&r, "pressure", "uniform");
	setw(&r, "shape", "ring");
	setn(&r, "r", 0.0625);
	setn(&r, "r_gyr", 0.08);
	solve_ok(&r);
	ck_assert_rel(res(&r, "kappa"), 1.6384, 1e-14);
	ck_assert_rel(res(&r, "ratio_end"), ec, 1e-8);
	/* a thin ring, kappa = 1: the turning point on the ring itself, where
	 * the mean unit vector from a point of a circle to the circle and the
	 * mean of x.(x - c)/|x - c| are both 2/pi (the inscribed angle): e = 1 */
	setn(&r, "r_gyr", 0);
	solve_ok(&r);
	ck_assert_rel(res(&r, "kappa"), 1.0, 1e-15);
	ck_assert_near(res(&r, "ratio_end"), 1.0, 1e-7, 1.0);
	/* a ring with kappa above 2: the ratio goes to 0 (eT/F < 2 for all e) */
	setn(&r, "r_gyr", 0.0625 * 1.5);
	solve_ok(&r);
	ck_assert_near(res(&r, "ratio_end"), 0.0, 1e-12, 1.0);
	run_free(&r);
}
END_TEST

/* ---- the run in time, by gsl_odeiv2 on contact_eval's forces ---------------- */

struct tref {
	struct contact c;
	struct friction_law law;
	double m, I, r;
};

/* y = (v, r w, x, phi) */
static int tref_rhs(double t, const double y[], double f[], void *arg)
{
	struct tref *p = arg;
	(void)t;
	struct contact_forces q;
	struct diag d;
	if (contact_eval(&p->c, (struct contact_motion){y[0], 0, y[1] / p->r},
			 CONTACT_QXY | CONTACT_QTHETA, &q, &d))
		return GSL_EBADFUNC;
	f[0] = q.Qx / p->m;
	f[1] = p->r * q.Qtheta / p->I;
	f[2] = y[0];
	f[3] = y[1] / p->r;
	return GSL_SUCCESS;
}

struct tres {
	double t, x, turns;
};

static struct tres time_ref(enum contact_shape shape, enum contact_pressure pr, double m, double r,
			    double kappa, double mu, double g, double v0, double omega)
{
	struct tref p = {.law = {.kind = FRICTION_COULOMB, .mu = mu},
			 .m = m,
			 .I = kappa * m * r * r,
			 .r = r};
	p.c = (struct contact){.shape = shape, .r = r, .pressure = pr, .law = &p.law, .N = m * g};
	gsl_odeiv2_system sys = {tref_rhs, NULL, 4, &p};
	const double rho0 = hypot(v0, r * omega), T = rho0 / (mu * g);
	gsl_odeiv2_driver *drv =
		gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, 1e-4 * T, 1e-12, 1e-12);
	double y[4] = {v0, r * omega, 0, 0}, t = 0;
	/* in steps of a hundredth of the naive time scale, then shorter ones
	 * as the speed falls, until it is 1e-5 of its start */
	while (hypot(y[0], y[1]) > 1e-5 * rho0) {
		double yn[4], tn = t;
		memcpy(yn, y, sizeof y);
		/* a step of a tenth of what the speed has left at this rate */
		double f[4];
		ck_assert_int_eq(tref_rhs(t, y, f, &p), GSL_SUCCESS);
		const double rho = hypot(y[0], y[1]);
		const double rate = -(y[0] * f[0] + y[1] * f[1]) / rho;
		const double dt = 0.1 * rho / rate;
		gsl_odeiv2_driver_reset(drv);
		ck_assert_int_eq(gsl_odeiv2_driver_apply(drv, &tn, t + dt, yn), GSL_SUCCESS);
		t = tn;
		memcpy(y, yn, sizeof y);
	}
	/* the rest at the decelerations of this moment: both fall linearly
	 * to 0 at the same time (the direction has settled to 1e-5) */
	double f[4];
	tref_rhs(t, y, f, &p);
	const double rho = hypot(y[0], y[1]), rate = -(y[0] * f[0] + y[1] * f[1]) / rho;
	const double rest = rho / rate;
	gsl_odeiv2_driver_free(drv);
	return (struct tres){t + rest, y[2] + 0.5 * y[0] * rest,
			     (y[3] + 0.5 * y[1] / r * rest) / (2 * M_PI)};
}

static const struct {
	const char *shape, *pressure;
	double m, r, r_gyr, mu, v0, omega;
} runs[] = {
	{"disk", "uniform", 0.0075, 0.012, 0, 0.3, 0.5, 100},  /* the coin */
	{"disk", "uniform", 2.0, 0.2, 0, 0.5, 3.0, 4},	       /* starts above the limit */
	{"disk", "reye", 0.0075, 0.012, 0, 0.3, 0.5, -100},    /* clockwise */
	{"ring", "uniform", 19, 0.0625, 0.08, 0.01, 2.2, 1.5}, /* the curling stone */
};

/* Under valgrind (TRIBO_TEST_LIGHT) the coin and the clockwise Reye disk,
 * one run of each pressure: the reference's own integration is most of
 * the time there. */
static bool light(void)
{
	return getenv("TRIBO_TEST_LIGHT") != NULL;
}

START_TEST(test_run_against_odeiv2)
{
	const int k = light() ? 2 * _i : _i;
	struct run r;
	run_init(&r, "disk-slide");
	setw(&r, "shape", runs[k].shape);
	setw(&r, "pressure", runs[k].pressure);
	setn(&r, "m", runs[k].m);
	setn(&r, "r", runs[k].r);
	setn(&r, "r_gyr", runs[k].r_gyr);
	setn(&r, "mu", runs[k].mu);
	setn(&r, "v0", runs[k].v0);
	setn(&r, "omega", runs[k].omega);
	solve_ok(&r);
	const bool ring = !strcmp(runs[k].shape, "ring");
	const double rg = runs[k].r_gyr, rr = runs[k].r;
	const double kappa = rg > 0 ? rg * rg / (rr * rr) : ring ? 1 : 0.5;
	struct tres ref =
		time_ref(ring ? SHAPE_RING : SHAPE_DISK,
			 strcmp(runs[k].pressure, "reye") ? PRESSURE_UNIFORM : PRESSURE_REYE,
			 runs[k].m, rr, kappa, runs[k].mu, 9.81, runs[k].v0, fabs(runs[k].omega));
	/* the reference's own error: the settling of the direction over the
	 * last 1e-5 of the speed, and its quadrature's */
	ck_assert_rel(res(&r, "stop_time"), ref.t, 1e-7);
	ck_assert_rel(res(&r, "distance"), ref.x, 1e-7);
	ck_assert_rel(fabs(res(&r, "turns")), ref.turns, 1e-7);
	ck_assert(res(&r, "turns") * runs[k].omega > 0);
	/* the work of friction (eq. 22/23 along the run) is the energy */
	const double E = 0.5 * runs[k].m * runs[k].v0 * runs[k].v0 +
			 0.5 * kappa * runs[k].m * rr * rr * runs[k].omega * runs[k].omega;
	ck_assert_rel(res(&r, "energy"), E, 1e-14);
	ck_assert_rel(res(&r, "work"), E, 1e-9);
	run_free(&r);
}
END_TEST

START_TEST(test_lateral_force_vanishes)
{
	/* the symmetry the model rests on: Q_y = 0 for a centre moving along x,
	 * both pressures, Coulomb and a law mu(v) */
	struct friction_law laws[2] = {
		{.kind = FRICTION_COULOMB, .mu = 0.3},
		{.kind = FRICTION_BOUCHET, .mu0 = 0.5, .muinf = 0.2, .a = 3}};
	const double es[] = {0.1, 0.653, 1.7};
	for (int l = 0; l < 2; l++)
		for (int sh = 0; sh < 2; sh++)
			for (int pr = 0; pr < 2; pr++)
				for (size_t i = 0; i < 3; i++) {
					if (sh == 1 && pr == 1)
						continue; /* Reye's ring: refused */
					struct contact c = {.shape = sh ? SHAPE_RING : SHAPE_DISK,
							    .r = 0.1,
							    .pressure = pr ? PRESSURE_REYE
									   : PRESSURE_UNIFORM,
							    .law = &laws[l],
							    .N = 1};
					struct contact_forces f;
					struct diag d;
					ck_assert_msg(contact_eval(&c,
								   (struct contact_motion){
									   es[i] * 0.1 * 5, 0, 5},
								   CONTACT_QXY, &f, &d) == 0,
						      "%s", d.msg);
					ck_assert_msg(fabs(f.Qy) < 1e-12 * fabs(f.Qx),
						      "Qy = %g, Qx = %g", f.Qy, f.Qx);
				}
}
END_TEST

/* The exercise curling's stone: a ring of r = 0.0625 m under r_gyr = 0.08
 * m, m = 19 kg, μ = 0.01, released at 2.2 m/s spinning at 1.5 rad/s. */
static void curling_stone(struct run *r)
{
	run_init(r, "disk-slide");
	setw(r, "shape", "ring");
	setn(r, "m", 19);
	setn(r, "r", 0.0625);
	setn(r, "r_gyr", 0.08);
	setn(r, "mu", 0.01);
	setn(r, "v0", 2.2);
	setn(r, "omega", 1.5);
}

/* r solved under Coulomb's law, solved again under Bouchet's with mu0 =
 * muinf = mu: the same distance and stop time. */
static void bouchet_as_coulomb(struct run *r, double mu)
{
	const double d = res(r, "distance"), t = res(r, "stop_time");
	setw(r, "law", "bouchet");
	setn(r, "mu0", mu);
	setn(r, "muinf", mu);
	solve_ok(r);
	ck_assert_rel(res(r, "distance"), d, 1e-9);
	ck_assert_rel(res(r, "stop_time"), t, 1e-9);
}

/* One motion stops first where the inertia is far from the contact's.
 * A coin (r = 0.012 m) with r_gyr = 0.8 and 8 m, kappa = I/(m r²) = 4444
 * and 444444: the slide stops first (ratio_end 0) and the spin runs on;
 * the distance tends to the limit kappa → ∞, where the spin stays ω0
 * while the centre slides, as 1/kappa: Richardson's extrapolation of the
 * two meets tests/ref/disk_slide_inertia_ref.py's 0.04923096113369338
 * (dblquad of the slip's mean direction). The stop time is then the
 * spin's, r_gyr² ω0/(μ g r T), T = 2/3, to 1/kappa. Before, every coin
 * above kappa ≈ 17 failed ("its step fell below what the numbers can
 * resolve"): past the pure spin a trial stage saw no force, and ran away.
 * A curling band of r = 1.39 m under r_gyr = 0.08 m, kappa = 0.0033: the
 * spin stops first, ratio_end has no value and says so, and the stone
 * slides on about v0²/(2 μ g) (it failed too). */
START_TEST(test_one_motion_stops_first)
{
	struct run r;
	const double rg[2] = {0.8, 8};
	double dist[2];
	for (int i = 0; i < 2; i++) {
		run_init(&r, "disk-slide");
		setn(&r, "r_gyr", rg[i]);
		setn(&r, "omega", 14);
		solve_ok(&r);
		ck_assert_double_eq(res(&r, "ratio_end"), 0);
		dist[i] = res(&r, "distance");
		const double spin = rg[i] * rg[i] * 14 / (0.3 * 9.81 * 0.012 * 2 / 3);
		ck_assert_rel(res(&r, "stop_time"), spin, 10 * 0.012 * 0.012 / (rg[i] * rg[i]));
		run_free(&r);
	}
	ck_assert_rel(dist[1] + (dist[1] - dist[0]) / 99, 0.04923096113369338, 1e-9);
	curling_stone(&r);
	setn(&r, "r", 1.3897727210214068);
	setn(&r, "v0", 9.767880684404302);
	solve_ok(&r);
	const struct value *re = resv(&r, "ratio_end");
	ck_assert_int_eq(re->kind, VAL_UNDEFINED);
	ck_assert_ptr_nonnull(strstr(re->word, "the spin stops first"));
	const double slide = 9.767880684404302 * 9.767880684404302 / (2 * 0.01 * 9.81);
	ck_assert(res(&r, "distance") > slide && res(&r, "distance") < 1.001 * slide);
	/* the same stone and the coin of kappa = 4444 under Bouchet's law
	 * with mu0 = muinf, Coulomb's by another road (in time, the friction
	 * by quadrature): the same answers. Before, the one that stops first
	 * was stepped past at its rate, and both were refused after 5000
	 * evaluations of the friction */
	bouchet_as_coulomb(&r, 0.01);
	run_free(&r);
	run_init(&r, "disk-slide");
	setn(&r, "r_gyr", 0.8);
	setn(&r, "omega", 14);
	solve_ok(&r);
	bouchet_as_coulomb(&r, 0.3);
	ck_assert_double_eq(res(&r, "ratio_end"), 0);
	run_free(&r);
}
END_TEST

START_TEST(test_limits)
{
	struct run r, dk;
	run_init(&r, "disk-slide");
	const double m = 0.0075, rr = 0.012, mu = 0.3, g = 9.81, v0 = 0.5, w = 100;
	setn(&r, "omega", w);
	/* a pure spin: the disk model's stop, 3 w r/(4 mu g) under uniform
	 * pressure (R = 2 mu m g r |w|/3, I = m r²/2) */
	setn(&r, "v0", 0);
	solve_ok(&r);
	ck_assert_rel(res(&r, "stop_time"), 0.75 * w * rr / (mu * g), 1e-12);
	ck_assert_rel(res(&r, "turns"), 0.5 * w * 0.75 * w * rr / (mu * g) / (2 * M_PI), 1e-12);
	ck_assert_near(res(&r, "distance"), 0, 0, 1);
	ck_assert_near(res(&r, "ratio_end"), 0, 0, 1);
	run_init(&dk, "disk");
	setn(&dk, "m", m);
	setn(&dk, "r", rr);
	setn(&dk, "mu", mu);
	setn(&dk, "omega", w);
	setw(&dk, "pressure", "uniform");
	solve_ok(&dk);
	ck_assert_rel(res(&r, "stop_time"), res(&dk, "stop_time"), 1e-10);
	run_free(&dk);
	/* a nearly pure spin: the limit is still the coin's ratio (the pure
	 * spin is an unstable direction for kappa = 1/2) and the stop time
	 * tends to the pure spin's */
	setn(&r, "v0", 1e-9);
	solve_ok(&r);
	ck_assert_rel(res(&r, "ratio_end"), 0.653001789206, 1e-9);
	ck_assert_rel(res(&r, "stop_time"), 0.75 * w * rr / (mu * g), 1e-6);
	/* 1e-6 m/s beside 1e4 rad/s: the direction leaves the spin at a
	 * quarter of the rate rho falls, slowly and faster, not settled where
	 * it is slow at first (the distance was 1e-4 off): against
	 * tests/ref/coin_stop_ref.py, a reference from the physics */
	setn(&r, "v0", 1e-6);
	setn(&r, "omega", 1e4);
	solve_ok(&r);
	ck_assert_rel(res(&r, "stop_time"), 30.5810397553521, 1e-10);
	ck_assert_rel(res(&r, "distance"), 1.7474879903091e-05, 1e-8);
	ck_assert_rel(res(&r, "turns"), 24335.6182097704, 1e-10);
	setn(&r, "omega", w);
	/* a pure slide: v0/(mu g), v0²/(2 mu g), no turn, the ratio infinite */
	setn(&r, "v0", v0);
	setn(&r, "omega", 0);
	solve_ok(&r);
	ck_assert_rel(res(&r, "stop_time"), v0 / (mu * g), 1e-12);
	ck_assert_rel(res(&r, "distance"), v0 * v0 / (2 * mu * g), 1e-12);
	ck_assert_near(res(&r, "turns"), 0, 0, 1);
	ck_assert(isinf(res(&r, "ratio_end")));
	/* mu = 0: it never stops */
	setn(&r, "omega", w);
	setn(&r, "mu", 0);
	solve_ok(&r);
	ck_assert(isinf(res(&r, "stop_time")) && isinf(res(&r, "distance")));
	run_free(&r);
}
END_TEST

START_TEST(test_laws)
{
	struct run r, c;
	run_init(&c, "disk-slide");
	solve_ok(&c);
	/* a formula that is a constant runs in time, and lands on Coulomb's */
	run_init(&r, "disk-slide");
	setw(&r, "law", "expr");
	sett(&r, "mu_expr", "0.3");
	solve_ok(&r);
	ck_assert_rel(res(&r, "stop_time"), res(&c, "stop_time"), 1e-8);
	ck_assert_rel(res(&r, "distance"), res(&c, "distance"), 1e-8);
	ck_assert_rel(res(&r, "turns"), res(&c, "turns"), 1e-8);
	ck_assert_rel(res(&r, "ratio_end"), res(&c, "ratio_end"), 1e-9);
	ck_assert_rel(res(&r, "work"), res(&r, "energy"), 1e-7);
	/* Bouchet's law, falling from 0.5 to 0.2: between Coulomb at 0.2 and
	 * at 0.5, the same limit ratio (mu(0) governs the end) */
	setw(&r, "law", "bouchet");
	solve_ok(&r);
	const double t = res(&r, "stop_time"), t03 = res(&c, "stop_time");
	ck_assert(t > t03 * 0.3 / 0.5 && t < t03 * 0.3 / 0.2);
	ck_assert_rel(res(&r, "ratio_end"), res(&c, "ratio_end"), 1e-9);
	ck_assert_rel(res(&r, "work"), res(&r, "energy"), 1e-7);
	/* a horizon too short is refused, with its reason */
	setn(&r, "tmax", 0.05);
	ck_assert_int_ne(solve(&r), 0);
	ck_assert_ptr_nonnull(strstr(r.d.msg, "tmax"));
	/* Stokes never stops; Reye's ring cannot be normalized: refused */
	setn(&r, "tmax", 1000);
	setw(&r, "law", "stokes");
	ck_assert_int_ne(solve(&r), 0);
	ck_assert_ptr_nonnull(strstr(r.d.msg, "never stops"));
	setw(&r, "law", "coulomb");
	setw(&r, "shape", "ring");
	setw(&r, "pressure", "reye");
	ck_assert_int_ne(solve(&r), 0);
	ck_assert_ptr_nonnull(strstr(r.d.msg, "Reye"));
	run_free(&r);
	run_free(&c);
}
END_TEST

START_TEST(test_figures)
{
	struct run r;
	run_init(&r, "disk-slide");
	solve_ok(&r);
	ck_assert_ptr_nonnull(figures_find(&r.figs, "speeds"));
	ck_assert_ptr_nonnull(figures_find(&r.figs, "ratio"));
	const struct table *t = figures_find_table(&r.figs, "motion");
	ck_assert_ptr_nonnull(t);
	/* the last row is the stop: both speeds 0, the limit ratio */
	ck_assert_double_eq(table_at(t, t->nrows - 1, 0), res(&r, "stop_time"));
	ck_assert_double_eq(table_at(t, t->nrows - 1, 1), 0);
	ck_assert_double_eq(table_at(t, t->nrows - 1, 2), 0);
	for (size_t i = 1; i < t->nrows; i++)
		ck_assert(table_at(t, i, 0) > table_at(t, i - 1, 0));
	ck_assert_str_eq(figures_find(&r.figs, "speeds")->title,
			 "Sliding and spinning stop together");
	/* a slide without spin: r w is 0 on every row (not cos(pi/2) = 6e-17),
	 * its torque +0, and the title says what moves */
	setn(&r, "omega", 0);
	solve_ok(&r);
	t = figures_find_table(&r.figs, "motion");
	for (size_t i = 0; i < t->nrows; i++) {
		ck_assert(table_at(t, i, 2) == 0);
		ck_assert(!signbit(table_at(t, i, 5)));
	}
	ck_assert_str_eq(figures_find(&r.figs, "speeds")->title, "Sliding to a stop, without spin");
	setn(&r, "omega", 100);
	setn(&r, "v0", 0);
	solve_ok(&r);
	ck_assert_str_eq(figures_find(&r.figs, "speeds")->title, "Spinning to a stop, in place");
	run_free(&r);
}
END_TEST

/* The curling stone's figures are left to be drawn when first looked at
 * (issue 36: from its run's record, no second run), the force columns
 * computed then: −μmg F(e) and −μmg r T(e) at each row's e = v/(rω), as
 * contact_eval's quadrature has them (not the run's closed form). */
START_TEST(test_figures_later)
{
	struct run r;
	curling_stone(&r);
	struct model_input in = {r.num, r.choice, r.text, r.m};
	struct model_output out = {r.res, &r.steps, &r.figs};
	const unsigned long before = model_runs();
	ck_assert_int_eq(model_run(r.m, &in, &out, &r.d), 0);
	ck_assert_uint_eq(r.figs.nfig, 0);
	ck_assert_ptr_nonnull(r.figs.later.draw);
	figures_ready(&r.figs);
	ck_assert_int_eq(model_runs() - before, 1);
	const struct table *t = figures_find_table(&r.figs, "motion");
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_gt(t->nrows, 100);
	const struct cref ring = {SHAPE_RING, PRESSURE_UNIFORM, 1.6384, false};
	const double mg = 0.01 * 19 * 9.81;
	size_t checked = 0;
	for (size_t i = 0; i + 1 < t->nrows; i += t->nrows / 7) {
		const double e = table_at(t, i, 1) / table_at(t, i, 2);
		double F, T;
		cref_FT(&ring, e, &F, &T);
		ck_assert_rel(table_at(t, i, 4), -mg * F, 1e-8);
		ck_assert_rel(table_at(t, i, 5), -mg * 0.0625 * T, 1e-8);
		checked++;
	}
	ck_assert_uint_ge(checked, 7);
	ck_assert_double_eq_tol(table_at(t, 0, 1), 2.2, 1e-15);
	run_free(&r);
}
END_TEST

/* A Coulomb μ so weak that the stop overflows is refused with a reason, not
 * run to turns = 0·inf (fuzz_domain found μ = 5e-324 on a pure slide). */
START_TEST(test_weak_friction_refused)
{
	struct run r;
	run_init(&r, "disk-slide");
	setn(&r, "mu", 5e-324);
	setn(&r, "omega", 0);
	ck_assert_int_ne(solve(&r), 0);
	ck_assert_ptr_nonnull(strstr(r.d.msg, "would overflow"));
	setn(&r, "mu", 1e-9); /* weak, but its stop is a number */
	setn(&r, "omega", 60);
	solve_ok(&r);
	ck_assert(isfinite(res(&r, "turns")) && isfinite(res(&r, "stop_time")));
	run_free(&r);
}
END_TEST

static Suite *disk_slide_suite(void)
{
	Suite *s = suite_create("disk-slide");
	TCase *tc = tcase_create("references");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_fixed_point_uniform_disk);
	tcase_add_test(tc, test_fixed_point_reye_and_ring);
	tcase_add_loop_test(tc, test_run_against_odeiv2, 0,
			    light() ? 2 : (int)(sizeof(runs) / sizeof(runs[0])));
	tcase_add_test(tc, test_lateral_force_vanishes);
	tcase_add_test(tc, test_limits);
	tcase_add_test(tc, test_one_motion_stops_first);
	tcase_add_test(tc, test_laws);
	tcase_add_test(tc, test_figures_later);
	tcase_add_test(tc, test_figures);
	tcase_add_test(tc, test_weak_friction_refused);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(disk_slide_suite());
}
