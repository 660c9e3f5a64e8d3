/* Model painleve's compliant run (painleve_rod.h): the contact a stiff
 * spring and damper, integrated with the stiffness watched, and the
 * largest normal force of a step. */
#include <float.h>
#include <gsl/gsl_complex_math.h>
#include <gsl/gsl_eigen.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "dyn/law.h"
#include "dyn/phase.h"
#include "models/model.h"
#include "models/painleve_rod.h"
#include "num/num.h"
#include "num/ode.h"
#include "num/roots.h"

/* ---- the compliant run ---------------------------------------------------- */

static double contact_force(const struct rod *r, double yy, double yd)
{
	if (yy >= 0)
		return 0.0;
	return fmax(0.0, -r->kc * yy - r->cc * yd);
}

/* y = (x, θ, y, ẋ, θ̇, ẏ): A q̈ = X + N e_y + N G, G per unit normal force. */
static int compliant_rhs(double t, const double y[], double f[], void *p)
{
	struct rod *r = p;
	(void)t;
	if (num_interrupted)
		return GSL_EBADFUNC;
	double Ai[9], X[3], G[3], rhs[3], qdd[3];
	const double qd[3] = {y[3], y[4], y[5]};
	const double N = contact_force(r, y[2], y[5]);
	const double s = sin(y[1]), c = cos(y[1]); /* one sincos for A⁻¹ and X */
	rod_inertia_inv_sc(r, s, c, Ai);
	rod_forces_sc(r, s, c, y[4], X);
	rod_friction_dir(r, y[1], qd, r->v_reg, G);
	for (int i = 0; i < 3; i++)
		rhs[i] = X[i] + N * G[i];
	rhs[2] += N;
	rod_matvec(Ai, rhs, qdd);
	for (int i = 0; i < 3; i++) {
		f[i] = y[3 + i];
		f[3 + i] = qdd[i];
	}
	return GSL_SUCCESS;
}

/* The Jacobian of an n-dimensional right-hand side (n ≤ 6) by central
 * differences of step rel·max(|y_j|, 1e-3): msbdf needs one, and so does
 * the stiffness check. Its first column, that of x, is 0 without an
 * evaluation: the line is the same everywhere, and x appears in neither
 * run's equations. */
static int fd_jacobian(int (*rhs)(double, const double[], double[], void *), void *p, size_t n,
		       double t, const double y[], double rel, double *J)
{
	double yp[6], f1[6], f2[6];
	for (size_t i = 0; i < n; i++)
		J[i * n] = 0.0;
	for (size_t j = 1; j < n; j++) {
		memcpy(yp, y, n * sizeof(double));
		double h = rel * fmax(fabs(y[j]), 1e-3);
		yp[j] = y[j] + h;
		if (rhs(t, yp, f1, p))
			return GSL_EBADFUNC;
		yp[j] = y[j] - h;
		if (rhs(t, yp, f2, p))
			return GSL_EBADFUNC;
		for (size_t i = 0; i < n; i++)
			J[i * n + j] = (f1[i] - f2[i]) / (2 * h);
	}
	return GSL_SUCCESS;
}

static int compliant_jac(double t, const double y[], double *dfdy, double dfdt[], void *p)
{
	for (int i = 0; i < 6; i++)
		dfdt[i] = 0.0;
	return fd_jacobian(compliant_rhs, p, 6, t, y, 1e-7, dfdy);
}

/* Fastest over slowest time scale of the run: max |eig| / min |eig| of the
 * Jacobian J (n×n, overwritten), leaving out rates slower than `floor`
 * (1/tmax: what does not change within the run, such as x itself); *nfast
 * (NULL: not wanted) the number of rates counted, which changes where one
 * crosses the floor. A column of zeros (a variable the equations do not
 * contain) is an eigenvalue 0, left out as too slow: expanding det(λ − J)
 * along it leaves λ times the determinant of J without its row and column,
 * so those go before gsl_eigen_nonsymm, whose cost grows as the cube of the
 * size. */
static double eig_ratio(double *J, size_t n, double floor, int *nfast, double *fastest)
{
	size_t keep[6], m = 0;
	for (size_t j = 0; j < n; j++) {
		bool zero = true;
		for (size_t i = 0; i < n && zero; i++)
			zero = J[i * n + j] == 0;
		if (!zero)
			keep[m++] = j;
	}
	if (nfast)
		*nfast = -1;
	if (m == 0)
		return NAN;
	double K[36];
	for (size_t i = 0; i < m; i++)
		for (size_t j = 0; j < m; j++)
			K[i * m + j] = J[keep[i] * n + keep[j]];
	gsl_matrix_view mv = gsl_matrix_view_array(K, m, m);
	gsl_vector_complex *ev = gsl_vector_complex_alloc(m);
	gsl_eigen_nonsymm_workspace *w = gsl_eigen_nonsymm_alloc(m);
	int s = gsl_eigen_nonsymm(&mv.matrix, ev, w);
	double big = 0, small = INFINITY;
	int fast = 0;
	if (!s) {
		for (size_t i = 0; i < m; i++)
			big = fmax(big, gsl_complex_abs(gsl_vector_complex_get(ev, i)));
		for (size_t i = 0; i < m; i++) {
			double a = gsl_complex_abs(gsl_vector_complex_get(ev, i));
			if (a > floor && a > 1e-12 * big) {
				small = fmin(small, a);
				fast++;
			}
		}
	}
	gsl_eigen_nonsymm_free(w);
	gsl_vector_complex_free(ev);
	if (s || !(big > 0))
		return NAN;
	if (nfast)
		*nfast = fast;
	if (fastest)
		*fastest = big;
	return big / small;
}

/* The Jacobian of a run's right-hand side (the rigid one's n = 4, the
 * compliant one's 6) by central differences: the ratio of its time scales
 * at y, the largest met kept in *ratio. */
void rod_jac_ratio(struct rod *r, int (*rhs)(double, const double[], double[], void *), size_t n,
		   const double y[], double *ratio)
{
	*ratio = fmax(*ratio, rod_jac_ratio_at(r, rhs, n, y, NULL, NULL));
}

double rod_jac_ratio_at(struct rod *r, int (*rhs)(double, const double[], double[], void *),
			size_t n, const double y[], int *nfast, double *fastest)
{
	double J[36];
	if (nfast)
		*nfast = -1;
	if (fastest)
		*fastest = 0.0;
	/* the step that balances the difference's truncation, h², against
	 * its rounding, ε/h: ε^(1/3). At 1e-7 (msbdf's, where it need not be
	 * accurate) the ratio held 1e-8, and moved by that with the run's
	 * tolerance; at 6e-6 it holds 1e-10. */
	if (fd_jacobian(rhs, r, n, 0.0, y, 6e-6, J))
		return 0.0;
	const double q = eig_ratio(J, n, r->slow, nfast, fastest);
	return isfinite(q) ? q : 0.0;
}

/* Where in [t0, t1] the rod lies down (θ reaches 0 or π): bisection with
 * fresh integrations from the step's start. */
static int fall_time(const struct ode_system *sys, enum ode_method method, double t0,
		     const double y0[6], double t1, double *tf, double yf[6])
{
	double lo = t0, hi = t1;
	int s = 0;
	for (int it = 0; it < 60 && !s && hi - lo > 1e-13 * fmax(t1, 1e-300); it++) {
		double mid = 0.5 * (lo + hi), tt = t0, yy[6];
		memcpy(yy, y0, sizeof(yy));
		s = ode_solve_to(sys, compliant_jac, method, 1e-6, 1e-10, &tt, mid, yy);
		if (yy[1] <= 0 || yy[1] >= M_PI) {
			hi = mid;
			memcpy(yf, yy, 6 * sizeof(double));
		} else {
			lo = mid;
		}
	}
	*tf = hi;
	return s;
}

/* The compliant run's derived columns: the spring's normal force, and the
 * phase (lifted off where it is 0; at rest where ẋ creeps below 10 v, the
 * same test as the outcome's). */
static void compliant_extra(void *ctx, double t, const double *y, double *out)
{
	const struct rod *r = ctx;
	(void)t;
	out[0] = contact_force(r, y[2], y[5]);
	double G[3];
	rod_friction_dir(r, y[1], (const double[3]){y[3], y[4], y[5]}, r->v_reg, G);
	out[2] = out[0] * G[0]; /* the friction along the line, as compliant_rhs has it */
	out[1] = out[0] == 0		      ? PH_FLIGHT
		 : fabs(y[3]) < 10 * r->v_reg ? PH_REST
		 : !rod_classical(r)	      ? PH_SLIDES
		 : y[3] < 0		      ? PH_BACK
					      : PH_FORWARD;
}

/* dN/dt = −k ẏ − c ÿ of the spring-damper force, where it presses; f
 * the rates at y (compliant_rhs), which the record's fill of the step
 * takes too: NULL when interrupted (f not written). */
static double compliant_dN(struct rod *r, const double y[6], double f[6], const double **rates)
{
	*rates = NULL;
	if (compliant_rhs(0.0, y, f, r) != GSL_SUCCESS)
		return NAN;
	*rates = f;
	return -r->kc * y[5] - r->cc * f[5];
}

/* The largest normal force inside the step [t0, t1] where dN/dt falls
 * through 0 with the spring pressing at both ends; 0 when there is none.
 * The step's cubic in N through its ends' N and dN/dt (exact, from the
 * right-hand side), at the one zero of its derivative inside: the run's
 * own solution, where Brent on re-integrations from the step's start (a
 * fresh implicit start each time) cost 17% of the solve and was the less
 * accurate. painleve-compliant's N_max: 110.660573709 N, against
 * 110.660572475889 N of DOP853 at rtol 1e-13 (tests/ref/painleve_nmax.py;
 * Radau 1e-11: ...476302); the re-integrations gave 110.660329938. */
static double compliant_peak(const struct rod *r, double t0, const double y0[6], double dN0,
			     double t1, const double y1[6], double dN1)
{
	const double N0 = contact_force(r, y0[2], y0[5]), N1 = contact_force(r, y1[2], y1[5]);
	if (!(dN0 > 0 && dN1 < 0) || N0 <= 0 || N1 <= 0)
		return 0.0;
	const double h = t1 - t0;
	return rod_hermite_peak(N0, h * dN0, N1, h * dN1);
}

double rod_hermite_peak(double N0, double A0, double N1, double A1)
{
	/* p(s) = h00 N0 + h10 A0 + h01 N1 + h11 A1 on s in [0, 1], A = h dN/dt;
	 * p'(s) = a s^2 + b s + c, positive at 0 and negative at 1: one root */
	const double a = 6 * (N0 - N1) + 3 * (A0 + A1), b = 6 * (N1 - N0) - 4 * A0 - 2 * A1, c = A0;
	double sr;
	if (a == 0) {
		sr = -c / b;
	} else {
		const double q = -0.5 * (b + copysign(sqrt(fmax(b * b - 4 * a * c, 0.0)), b));
		const double r1 = q / a, r2 = c / q;
		sr = r1 > 0 && r1 < 1 ? r1 : r2;
	}
	sr = fmin(fmax(sr, 0.0), 1.0);
	const double s2 = sr * sr, s3 = s2 * sr;
	return (2 * s3 - 3 * s2 + 1) * N0 + (s3 - 2 * s2 + sr) * A0 + (3 * s2 - 2 * s3) * N1 +
	       (s3 - s2) * A1;
}

/* tr: NULL, or a record of (x, θ, y, ẋ, θ̇, ẏ) with compliant_extra's
 * columns; *out as for run_rigid. N_max is the largest force on the
 * solution: at the step ends and at the peaks between them. */
int rod_run_compliant(struct rod *r, double th0, double xd0, double thd0, double tmax,
		      struct run *out, struct record *tr, struct diag *d)
{
	/* start resting on the spring: m1's share of the weight held */
	double y[6] = {0.0, th0, 0.0, xd0, thd0, 0.0};
	struct slide sl;
	r->sigma = xd0 > 0 ? 1.0 : -1.0;
	rod_slide_state(r, th0, xd0, thd0, &sl);
	if (sl.lambda > 0 && isfinite(sl.lambda))
		y[2] = -sl.lambda / r->kc;
	r->v_reg = 1e-4 * sqrt(r->g * r->l);
	const struct ode_system csys = {6, compliant_rhs, NULL, r};
	double t = 0.0;
	int s = 0;
	out->N_max = contact_force(r, y[2], y[5]);
	if (tr) {
		/* the extras are the state's and the rod's alone, and the
		 * steps' fill needs the rod's right-hand side alone: both made
		 * when the figures are drawn (rod_figures_later) */
		tr->extra = compliant_extra;
		tr->ctx = r;
		record_extras_later(tr);
		record_defer(tr, compliant_rhs);
		record_wrap(tr, &csys);
		record_mark(tr, 0.0, y);
	}
	num_gsl_clear();
	/* Step by step, so that every accepted step is seen: the largest normal
	 * force, and the Jacobian's time scales every STIFF_EVERY steps. */
	struct ode_stepper *st = ode_stepper_new(&csys, compliant_jac, ODE_RK8PD, t, 1e-6, 1e-9);
	/* (2.9) over the θ the run goes through: its step ends, and the
	 * step's cubic in θ through their θ and θ̇ where θ̇ changes sign */
	r->th_lo = r->th_hi = y[1];
	r->dev_max = NAN; /* no multiplier: the spring gives the normal force */
	double f1[6];
	const double *rates;
	double dN0 = compliant_dN(r, y, f1, &rates);
	for (size_t n = 0; t < tmax; n++) {
		if (n >= 5000000) {
			s = GSL_EMAXITER;
			break;
		}
		if (n % STIFF_EVERY == 0) {
			rod_jac_ratio(r, compliant_rhs, 6, y, &out->ratio);
			if (!out->stiff && out->ratio > r->stiff_threshold) {
				out->stiff = true;
				ode_stepper_set_method(st, ODE_MSBDF);
			}
		}
		double t0 = t, y0[6];
		memcpy(y0, y, sizeof(y0));
		if ((s = ode_stepper_step(st, &t, tmax, y)))
			break;
		out->steps++;
		const double h = t - t0;
		r->th_lo = fmin(r->th_lo, y[1]);
		r->th_hi = fmax(r->th_hi, y[1]);
		if (y0[4] > 0 && y[4] < 0)
			r->th_hi =
				fmax(r->th_hi, rod_hermite_peak(y0[1], h * y0[4], y[1], h * y[4]));
		if (y0[4] < 0 && y[4] > 0)
			r->th_lo = fmin(r->th_lo,
					-rod_hermite_peak(-y0[1], -h * y0[4], -y[1], -h * y[4]));
		out->N_max = fmax(out->N_max, contact_force(r, y[2], y[5]));
		const double dN1 = compliant_dN(r, y, f1, &rates);
		if (!(y[1] <= 0 || y[1] >= M_PI))
			out->N_max = fmax(out->N_max, compliant_peak(r, t0, y0, dN0, t, y, dN1));
		dN0 = dN1;
		if (y[1] <= 0 || y[1] >= M_PI) {
			s = fall_time(&csys, ode_stepper_method(st), t0, y0, t, &t, y);
			out->outcome = OUT_FALLS;
			/* located to the root's tolerance: the rod lies on the
			 * line, as the rigid run's does */
			y[1] = y[1] < M_PI_2 ? 0.0 : M_PI;
			if (tr && !s)
				record_mark(tr, t, y);
			break;
		}
		if (tr)
			record_point_rates(tr, t, y, rates);
	}
	ode_stepper_free(st);
	if (s || num_interrupted)
		return num_fail(d, s, "integration of the compliant contact");
	if (rod_cond29_max(r, fmax(r->th_lo, 0.0), fmin(r->th_hi, M_PI), &r->res_max))
		return -1;
	out->t_end = t;
	if (out->outcome != OUT_FALLS) {
		if (y[2] > 0 && contact_force(r, y[2], y[5]) == 0)
			out->outcome = OUT_LIFTS_OFF;
		else if (fabs(y[3]) < 10 * r->v_reg) /* creeping at the smoothing speed */
			/* under Coulomb's law the smoothed static friction holds the
			 * foot at tmax (the rod may still turn): held, not stopped */
			out->outcome = rod_classical(r) ? OUT_HELD : OUT_STOPS;
	}
	memcpy(out->y, y, sizeof(y));
	return 0;
}
