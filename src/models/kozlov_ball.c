/* Kozlov, "Lagrangian mechanics and dry friction", §6: kozlov-ball, a
 * heavy homogeneous ball on a horizontal plane under the generalized
 * Amontons law (2.6), F = −|R| Φ q̇/|q̇|_A, with the paper's slips corrected
 * (SPEC, "Known slips"). */
#include <float.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <math.h>
#include <string.h>

#include "dyn/phase.h"
#include "models/kozlov_ball_sys.h"
#include "models/model.h"
#include "num/num.h"
#include "num/ode.h"

/* ---- kozlov-ball: §6 ----------------------------------------------------- */

enum {
	KB_M,
	KB_R,
	KB_G,
	KB_MU1,
	KB_MU2,
	KB_MU3,
	KB_VX,
	KB_VY,
	KB_OMEGA,
	KB_WX,
	KB_WY,
	KB_TMAX,
	KB_NPARAMS
};
enum {
	KB_F_X,
	KB_F_Y,
	KB_M_SPIN,
	KB_STOP_TIME,
	KB_F_COULOMB_X,
	KB_F_COULOMB_Y,
	KB_M_ROLL_X,
	KB_M_ROLL_Y,
	KB_D,
	KB_T_ROLL,
	KB_V_END,
	KB_V_END_COULOMB,
	KB_NRESULTS
};

static const struct param_spec kb_params[KB_NPARAMS] = {
	[KB_M] = PARAM_NUMBER("m", "kg", 1.0, PARAM_ABOVE(0.0), "mass of the ball"),
	[KB_R] = PARAM_NUMBER("r", "m", 0.1, PARAM_ABOVE(0.0), "radius of the ball"),
	[KB_G] = PARAM_NUMBER("g", "m/s^2", 9.81, PARAM_ABOVE(0.0), "gravitational acceleration"),
	[KB_MU1] =
		PARAM_NUMBER("mu1", "", 0.3, PARAM_AT_LEAST(0.0), "sliding friction coefficient"),
	[KB_MU2] = PARAM_NUMBER("mu2", "", 0.2, PARAM_AT_LEAST(0.0),
				"spin (pivoting) friction coefficient, (6.6)"),
	[KB_MU3] =
		PARAM_NUMBER("mu3", "", 0.1, PARAM_AT_LEAST(0.0), "rolling friction coefficient"),
	[KB_VX] = PARAM_NUMBER("vx", "m/s", 1.0, PARAM_ANY,
			       "velocity of the ball's point of contact, x"),
	[KB_VY] = PARAM_NUMBER("vy", "m/s", 0.0, PARAM_ANY,
			       "velocity of the ball's point of contact, y"),
	[KB_OMEGA] = PARAM_NUMBER("Omega", "rad/s", 5.0, PARAM_ANY, "spin about the vertical"),
	[KB_WX] = PARAM_NUMBER("wx", "rad/s", 0.0, PARAM_ANY, "rolling angular velocity ω', x"),
	[KB_WY] = PARAM_NUMBER("wy", "rad/s", 0.0, PARAM_ANY, "rolling angular velocity ω', y"),
	[KB_TMAX] = PARAM_NUMBER("tmax", "s", 2.0, PARAM_OPEN(0.0, 1e6),
				 "horizon: both laws are followed to tmax (or to rest)"),
};

static const struct result_spec kb_results[KB_NRESULTS] = {
	[KB_F_X] = RESULT_NUMBER("F_x", "N", "sliding friction force (6.5), x"),
	[KB_F_Y] = RESULT_NUMBER("F_y", "N", "sliding friction force (6.5), y"),
	[KB_M_SPIN] = RESULT_NUMBER("M_spin", "N*m", "spin friction torque (6.6)"),
	[KB_STOP_TIME] =
		RESULT_NUMBER("stop_time", "s", "time until the ball is at rest (inf: never)"),
	[KB_F_COULOMB_X] = RESULT_NUMBER("F_coulomb_x", "N",
					 "classical Coulomb sliding force −μ1 m g v/|v|, x"),
	[KB_F_COULOMB_Y] = RESULT_NUMBER("F_coulomb_y", "N",
					 "classical Coulomb sliding force −μ1 m g v/|v|, y"),
	[KB_M_ROLL_X] = RESULT_NUMBER("M_roll_x", "N*m", "rolling friction torque, x"),
	[KB_M_ROLL_Y] = RESULT_NUMBER("M_roll_y", "N*m", "rolling friction torque, y"),
	[KB_D] = RESULT_NUMBER("D", "m/s", "the speed D = |q̇|_A/√m of (6.5)"),
	[KB_T_ROLL] = RESULT_NUMBER("t_roll", "s",
				    "under Coulomb's law, the time the slip ends and pure rolling "
				    "begins (inf: never; nan: not within tmax and not bounded)"),
	[KB_V_END] = RESULT_NUMBER("V_end", "m/s", "the centre's speed |w| at tmax, Kozlov's law"),
	[KB_V_END_COULOMB] =
		RESULT_NUMBER("V_end_coulomb", "m/s",
			      "the centre's speed |w| at tmax, Coulomb's law (nan: the rolling "
			      "cannot be held, 5μ3 > 7μ1)"),
};

/* The stop is taken as reached when D falls to this fraction of D0. */
#define KB_D_EVENT 1e-9
/* The most steps of each integration (to tmax, then on to the stop): a
 * few tenths of a second. The exercises take hundreds; μ = 1e-9 took a
 * million before a cap, and 2.4 s of CPU to its refusal at 200000. */
#define KB_STEPS 50000

/* (6.1) with w = v + ω × rẑ, the centre's velocity. */
static double ball_T(const struct ball *b, const double q[NQ])
{
	double wx = q[Q_VX] + b->r * q[Q_WY], wy = q[Q_VY] - b->r * q[Q_WX];
	return 0.5 * b->m * (wx * wx + wy * wy) +
	       0.5 * b->J * (q[Q_WX] * q[Q_WX] + q[Q_WY] * q[Q_WY] + q[Q_OM] * q[Q_OM]);
}

/* D = |q̇|_A/√m = √(2T/m), T taken on q̇ scaled to its largest speed
 * (D is homogeneous of degree 1): v = 1e-300 m/s squared to 0 in T, D0
 * came out 0 (at rest) while the slip was not, and Coulomb's run beside
 * it divided by that 0. */
static double ball_D(const struct ball *b, const double q[NQ])
{
	double big = 0, qs[NQ];
	for (int i = 0; i < NQ; i++)
		big = fmax(big, fabs(q[i]) * b->scale[i]);
	if (!(big > 0) || !isfinite(big))
		return big > 0 ? sqrt(2 * ball_T(b, q) / b->m) : 0.0;
	for (int i = 0; i < NQ; i++)
		qs[i] = q[i] / big;
	return big * sqrt(2 * ball_T(b, qs) / b->m);
}

/* A = ∂²T/∂q̇² by polarization of the quadratic form T: A_ii = 2T(e_i),
 * A_ij = T(e_i + e_j) − T(e_i) − T(e_j). Entries that are zero up to the
 * identity's rounding are set to zero. */
static void ball_inertia(struct ball *b)
{
	double e[NQ], Ti[NQ];
	for (int i = 0; i < NQ; i++) {
		memset(e, 0, sizeof(e));
		e[i] = 1.0;
		Ti[i] = ball_T(b, e);
		b->A[i * NQ + i] = 2 * Ti[i];
	}
	for (int i = 0; i < NQ; i++)
		for (int j = i + 1; j < NQ; j++) {
			memset(e, 0, sizeof(e));
			e[i] = e[j] = 1.0;
			double aij = ball_T(b, e) - Ti[i] - Ti[j];
			if (fabs(aij) <= 16 * DBL_EPSILON * (Ti[i] + Ti[j]))
				aij = 0.0;
			b->A[i * NQ + j] = b->A[j * NQ + i] = aij;
		}
}

/* The law (2.6) with |R| = g√m and |q̇|_A = √m D: F = −g Φ q̇/D. */
static void ball_force(const struct ball *b, const double q[NQ], double D, double F[NQ])
{
	/* q/D first, of order 1 (a subnormal q times g μ1 m rounded: 3 N for
	 * 2.943 N); + 0.0: no -0 */
	for (int i = 0; i < NQ; i++)
		F[i] = D > 0 ? -b->g * b->phi[i] * (q[i] / D) + 0.0 : 0.0;
}

/* In z = S q̇/D0 and s = g t/D0 the motion A q̈ = −gΦq̇/D reads
 * dz/ds = −S A⁻¹ Φ q̂/D(q̂), q̂ = S⁻¹z: the law is homogeneous of degree
 * zero in q̇, so D0 and g drop out. */
static int ball_rhs(double t, const double z[], double dz[], void *p)
{
	const struct ball *b = p;
	double q[NQ], x[NQ];
	(void)t;
	if (num_interrupted)
		return GSL_EBADFUNC;
	for (int i = 0; i < NQ; i++)
		q[i] = z[i] / b->scale[i];
	double D = ball_D(b, q);
	for (int i = 0; i < NQ; i++)
		x[i] = D > 0 ? -b->phi[i] * q[i] / D : 0.0;
	gsl_matrix_const_view L = gsl_matrix_const_view_array(b->L, NQ, NQ);
	gsl_vector_view X = gsl_vector_view_array(x, NQ);
	int st = gsl_linalg_cholesky_svx(&L.matrix, &X.vector);
	if (st)
		return st;
	for (int i = 0; i < NQ; i++)
		dz[i] = b->scale[i] * x[i];
	return GSL_SUCCESS;
}

static double ball_event(double t, const double z[], void *p)
{
	const struct ball *b = p;
	double q[NQ];
	(void)t;
	for (int i = 0; i < NQ; i++)
		q[i] = z[i] / b->scale[i];
	return ball_D(b, q) - KB_D_EVENT;
}

/* In σ = −ln(D/D0) the run goes to the stop without an event at a tiny D:
 * the direction w = z/D (with D(w) = 1) and s are smooth down to D → 0,
 *
 *   dw/dσ = −(a − Ḋ w)/Ḋ,   ds/dσ = e^{−σ}/(−Ḋ),
 *
 * a = dz/ds at the direction w (the law is homogeneous of degree 0) and Ḋ
 * = dD/ds = −(qᵀΦq)/(m D(q)²) there, negative while the ball moves (all μ
 * that matter nonzero: ball_never_stops). A stop at D = 1e-9 D0, far below
 * an absolute tolerance of the run in z, is then a fixed end of σ, not an
 * event the error of z can hide: a tolerance of 1e-6 meets 1e-6. */
static double ball_Ddot(const struct ball *b, const double q[NQ])
{
	double qPq = 0.0;
	for (int i = 0; i < NQ; i++)
		qPq += b->phi[i] * q[i] * q[i];
	const double D = ball_D(b, q);
	return -qPq / (b->m * D * D);
}

static int ball_sigma_rhs(double sig, const double y[], double f[], void *p)
{
	const struct ball *b = p;
	double q[NQ], u[NQ], a[NQ];
	for (int i = 0; i < NQ; i++)
		q[i] = y[i] / b->scale[i];
	const double D = ball_D(b, q);
	if (!(D > 0))
		return GSL_EDOM;
	for (int i = 0; i < NQ; i++) {
		u[i] = y[i] / D;
		q[i] /= D;
	}
	int st = ball_rhs(0.0, u, a, p);
	if (st)
		return st;
	const double Dd = ball_Ddot(b, q);
	if (!(Dd < 0))
		return GSL_EDOM;
	for (int i = 0; i < NQ; i++)
		f[i] = -(a[i] - Dd * u[i]) / Dd;
	f[NQ] = exp(-sig) / -Dd;
	return GSL_SUCCESS;
}

/* The σ run's event: s reaching s_tmax (INFINITY: none). */
static double ball_sigma_event(double sig, const double y[], void *p)
{
	(void)sig;
	const struct ball *b = p;
	return b->s_tmax - y[NQ];
}

/* At tmax, from q = q̇/D0: the centre's speed |w|, the slip |v| and D (m/s). */
static void ball_at_tmax(const struct ball *b, const double q[NQ], double D0, double *V,
			 double *slip, double *D)
{
	*V = hypot(q[Q_VX] + b->r * q[Q_WY], q[Q_VY] - b->r * q[Q_WX]) * D0;
	*slip = hypot(q[Q_VX], q[Q_VY]) * D0;
	*D = ball_D(b, q) * D0;
}

/* The figures' record of the run to the stop, in time (where the curves
 * are smooth between steps; in σ the time is exponential): rk8pd in z and
 * s from z0 to D = 1e-9 D0 (at the default tolerance, where the direction
 * is still resolved there), then the stop at s_stop, found in σ. Only the
 * drawing uses it: what it could not follow ends the record early. */
struct ball_trace_run {
	struct ball *b;
	double s_stop;
};

static int ball_trace_next(struct phase_run *run, struct phase_mode *mode, void *ctx,
			   struct diag *d)
{
	struct ball_trace_run *bt = ctx;
	(void)d;
	if (run->end) {
		if (run->t < bt->s_stop)
			phase_mark(run, run->t, run->y);
		return PHASE_END;
	}
	mode->sys = (struct ode_system){NQ, ball_rhs, ball_event, bt->b};
	mode->opts.max_steps = KB_STEPS;
	mode->quiet_end = true;
	return PHASE_RUN;
}

static void ball_trace(struct ball *b, const double z0[NQ], double s_stop, struct record *tr)
{
	double z[NQ];
	memcpy(z, z0, sizeof(z));
	struct ball_trace_run bt = {b, s_stop};
	const struct phase_system ps = {NQ, ball_trace_next, &bt};
	struct diag d = {0};
	phase_run(&ps, NULL, 0.0, s_stop, z, tr, NULL, &d);
	diag_clear(&d);
	const double zero[NQ] = {0};
	record_mark(tr, s_stop, zero);
}

/* The run of a ball that never stops has settled: the slip and the spin
 * die out exponentially while the ball rolls on, and what is left of the
 * rates' change, their size over the rate lambda at which they have been
 * falling, is below the run's tolerance, 1e-12 of the largest rate.
 * lambda is measured over steps where they fall clean of the
 * integration's error (above 1e-9 of the largest; below, they wander at
 * the error's size, ±1e-13, and a fall from one step to the next says
 * nothing). A start 1e-6 m/s from rolling has 1e8 of their time constants
 * to tmax = 10 s, which the run went 50000 steps into and was refused;
 * from where it settles to tmax the state stays as it is, to the
 * tolerance the run to tmax would have had. */
static bool ball_settled(double s, const double z[], const double dz[], void *p)
{
	struct ball *b = p;
	double big = 0, rate = 0;
	for (int i = 0; i < NQ; i++) {
		big = fmax(big, fabs(z[i]));
		rate = fmax(rate, fabs(dz[i]));
	}
	if (rate > 1e-9 * big && rate < b->rate_prev && isfinite(b->rate_prev) && s > b->s_prev)
		b->lambda = log(b->rate_prev / rate) / (s - b->s_prev);
	b->rate_prev = rate;
	b->s_prev = s;
	return b->lambda > 0 && rate <= 1e-12 * big * b->lambda;
}

/* Kozlov's run: in time to tmax where the ball never stops (never), or in
 * σ = −ln(D/D0) to the stop, crossing s = tmax on the way (where the
 * state at tmax is taken into f: V_end, slip_tmax, D_tmax) and on from
 * there. */
struct ball_run {
	struct ball *b;
	bool never;
	struct ball_found *f;
	const double *S;
};

static int ball_next(struct phase_run *run, struct phase_mode *mode, void *ctx, struct diag *d)
{
	struct ball_run *br = ctx;
	struct ball *b = br->b;
	(void)d;
	if (br->never) {
		if (run->end)
			return PHASE_END;
		mode->sys = (struct ode_system){NQ, ball_rhs, ball_event, b};
		mode->opts.done = ball_settled;
		b->rate_prev = INFINITY;
		b->s_prev = run->t;
		b->lambda = 0;
	} else {
		if (run->end && !(run->end->event && isfinite(b->s_tmax)))
			return PHASE_END;
		if (run->end) { /* tmax before the stop: the state there */
			const double Ds = exp(-run->t);
			double q[NQ];
			for (int i = 0; i < NQ; i++)
				q[i] = run->y[i] * Ds / br->S[i];
			ball_at_tmax(b, q, br->f->D0, &br->f->V_end, &br->f->slip_tmax,
				     &br->f->D_tmax);
			b->s_tmax = INFINITY;
		}
		mode->sys = (struct ode_system){NQ + 1, ball_sigma_rhs, ball_sigma_event, b};
	}
	mode->opts.max_steps = KB_STEPS;
	return PHASE_RUN;
}

/* Why the ball never stops, or NULL: with a coefficient zero, the
 * quantity its friction would wear down is conserved. */
static const char *ball_never_stops(const struct ball *b, const double q[NQ], double D0)
{
	const double m = b->m, r = b->r, J = b->J;
	const double wx = q[Q_VX] + r * q[Q_WY], wy = q[Q_VY] - r * q[Q_WX];
	/* horizontal angular momentum about the contact point: Jω' + rẑ × m w */
	const double Lx = J * q[Q_WX] - m * r * wy, Ly = J * q[Q_WY] + m * r * wx;
	const double tiny = 1e-12 * D0;
	if (b->mu[0] == 0 && b->mu[1] == 0 && b->mu[2] == 0)
		return "all μ are zero: there is no friction, T is conserved and the ball never "
		       "stops";
	if (b->mu[0] == 0 && hypot(wx, wy) > tiny)
		return "μ1 = 0: no horizontal force acts, so the momentum m w of the centre is "
		       "conserved, and it is not zero: the ball never stops";
	if (b->mu[2] == 0 && hypot(Lx, Ly) > tiny * m * r)
		return "μ3 = 0: no horizontal torque acts about the contact point, so Jω' + "
		       "rẑ × m w is conserved, and it is not zero: the ball never stops "
		       "(it ends rolling without slipping)";
	if (b->mu[1] == 0 && fabs(q[Q_OM]) * r > tiny)
		return "μ2 = 0: nothing brakes the spin, so Ω is conserved, and it is not zero: "
		       "the ball never stops";
	return NULL;
}

/* The run in physical units, from z = S q̇/D0 and s = g t/D0: the ball's
 * speeds (all in m/s, so that they share an axis) and its velocities. The
 * last row is the stop, reached in closed form from D = 1e-9 D0. */
static void ball_figures(struct figures *fs, const struct record *tr, const struct ball *b,
			 const double q0[NQ], double D0, double stop_time)
{
	struct table *t = figures_table(fs, "motion",
					"t [s]|v_x [m/s]|v_y [m/s]|omega_x [rad/s]|omega_y "
					"[rad/s]|Omega [rad/s]|D [m/s]|w [m/s]");
	for (size_t i = 0; i < tr->n; i++) {
		const double *z = record_row(tr, i);
		double q[NQ], row[8];
		row[0] = tr->t[i] * D0 / b->g;
		for (int j = 0; j < NQ; j++)
			row[1 + j] = q[j] = z[j] * D0 / b->scale[j];
		row[6] = ball_D(b, q);
		row[7] = hypot(q[Q_VX] + b->r * q[Q_WY], q[Q_VY] - b->r * q[Q_WX]);
		table_row(t, row);
	}
	const enum curve_style st = t->nrows > 1 ? CURVE_LINE : CURVE_POINTS;
	struct figure *f = figure_add(fs, "speeds", "Speeds of the ball (Kozlov's law)", "t [s]",
				      "speed [m/s]");
	figure_curve_from(f, "D = |q̇|_A/√m, of (6.5)", st, t, 0, 6);
	struct curve *slip = figure_curve(f, "slip |v|", st),
		     *centre = figure_curve(f, "centre |w|", st),
		     *roll = figure_curve(f, "rolling r|ω'|", st),
		     *spin = figure_curve(f, "spin r|Ω|", st);
	for (size_t i = 0; i < t->nrows; i++) {
		double tt = table_at(t, i, 0);
		curve_point(slip, tt, hypot(table_at(t, i, 1), table_at(t, i, 2)));
		curve_point(centre, tt, table_at(t, i, 7));
		curve_point(roll, tt, b->r * hypot(table_at(t, i, 3), table_at(t, i, 4)));
		curve_point(spin, tt, b->r * fabs(table_at(t, i, 5)));
	}
	f = figure_add(fs, "slip", "Velocity v of the contact point", "t [s]", "v [m/s]");
	figure_curve_from(f, "v_x", st, t, 0, 1);
	figure_curve_from(f, "v_y", st, t, 0, 2);
	f = figure_add(fs, "spin", "Rolling ω' and spin Ω", "t [s]", "rate [rad/s]");
	figure_curve_from(f, "ω_x", st, t, 0, 3);
	figure_curve_from(f, "ω_y", st, t, 0, 4);
	figure_curve_from(f, "Ω", st, t, 0, 5);
	if (q0[Q_VX] == 0 && q0[Q_VY] == 0 && q0[Q_WX] == 0 && q0[Q_WY] == 0 &&
	    isfinite(stop_time)) {
		struct curve *c =
			figure_curve(f, "closed form Ω0(1 − t/τ) of pure spin", CURVE_DASHED);
		curve_point(c, 0.0, q0[Q_OM]);
		curve_point(c, stop_time, 0.0);
	}
}

/* Kozlov's law: to tmax, then on to the stop (trp: NULL, or the record
 * of the run in time for the figures). */
static int ball_kozlov(struct ball *b, const double q0[NQ], const double S[NQ], double tmax,
		       struct ball_found *f, struct record *trp, struct diag *d)
{
	const double r = b->r, g = b->g, mu1 = b->mu[0], mu2 = b->mu[1], mu3 = b->mu[2];
	f->t_settled = NAN;
	/* ---- Kozlov's law: to tmax, then on to the stop ---- */
	if (f->D0 > 0) {
		double z[NQ], q[NQ];
		for (int i = 0; i < NQ; i++)
			z[i] = S[i] * q0[i] / f->D0;
		int rc = 0;
		if (f->never) {
			/* no stop: to tmax in time */
			struct ball_run br = {.b = b, .never = true};
			const struct phase_system ps = {NQ, ball_next, &br};
			struct phase_run run;
			b->s_tmax = tmax * g / f->D0;
			rc = phase_run(&ps, NULL, 0.0, b->s_tmax, z, trp, &run, d);
			f->nsteps = run.steps;
			f->t_settled = run.t < b->s_tmax ? run.t * f->D0 / g : NAN;
			if (!rc && trp && run.t < b->s_tmax) /* settled: the same to tmax */
				record_mark(trp, b->s_tmax, z);
			if (rc && run.out_of_steps) {
				diag_clear(d);
				rc = diag_set(
					d,
					"the run took more than %d steps before t = %.3g s (of "
					"tmax = %g s): friction relaxes the ball's slip in about "
					"D/(μg) = %.3g s, and the steps are of that size; lower "
					"tmax",
					KB_STEPS, run.t * f->D0 / g, tmax,
					f->D0 / (g * fmax(mu1, fmax(mu2, mu3))));
			}
			if (!rc) {
				for (int i = 0; i < NQ; i++)
					q[i] = z[i] / S[i];
				ball_at_tmax(b, q, f->D0, &f->V_end, &f->slip_tmax, &f->D_tmax);
			}
		} else {
			/* to the stop in σ = −ln(D/f->D0): y = (w, s), w = z at σ = 0 */
			double y[NQ + 1];
			memcpy(y, z, sizeof(z));
			y[NQ] = 0.0;
			b->s_tmax = tmax * g / f->D0;
			struct ball_run br = {.b = b, .f = f, .S = S};
			const struct phase_system ps = {NQ + 1, ball_next, &br};
			struct phase_run run;
			rc = phase_run(&ps, NULL, 0.0, -log(KB_D_EVENT), y, NULL, &run, d);
			f->nsteps = run.steps;
			if (rc && run.out_of_steps) {
				diag_clear(d);
				rc = diag_set(
					d,
					"the ball had not stopped after %d steps (t = %.3g s): "
					"the μ are too small for the stop to be followed; raise "
					"mu1, mu2 and mu3",
					KB_STEPS, y[NQ] * f->D0 / g);
			}
			if (!rc) {
				const double Ds = exp(-run.t);
				for (int i = 0; i < NQ; i++)
					q[i] = y[i] / S[i];
				/* Ḋ = −g (q̇ᵀΦq̇)/(m D²) is homogeneous of degree zero,
				 * finite and negative at the end: the rest of the way in
				 * closed form. */
				const double Ddot = g * ball_Ddot(b, q);
				f->t_event = y[NQ] * f->D0 / g;
				f->D_event = Ds * f->D0;
				f->Ddot_event = Ddot;
				f->stop_time = f->t_event + f->D_event / -f->Ddot_event;
				/* stopped before tmax: the last D/|Ḋ| may reach past it */
				if (f->t_event <= tmax)
					f->V_end = f->stop_time > tmax
							   ? hypot(q[Q_VX] + r * q[Q_WY],
								   q[Q_VY] - r * q[Q_WX]) *
								     Ds * f->D0 *
								     (f->stop_time - tmax) /
								     (f->stop_time - f->t_event)
							   : 0.0;
				if (trp)
					ball_trace(b, z, f->stop_time * g / f->D0, trp);
			}
		}
		if (rc)
			return -1;
	}
	if (f->never)
		f->stop_time = INFINITY;

	return 0;
}

/* The worked steps. */
static void ball_steps(struct strbuf *s, const struct ball *b, const double q0[NQ],
		       const double phi[NQ], double tmax, const struct ball_found *f)
{
	const double r = b->r, g = b->g, mu2 = b->mu[1];
	model_step(s,
		   "Generalized velocities q̇ = (v_x, v_y, ω_x, ω_y, Ω) = (%g, %g, %g, %g, %g): "
		   "the contact point's velocity v, the rolling rate ω', the spin Ω.",
		   q0[0], q0[1], q0[2], q0[3], q0[4]);
	model_step(s, "Centre: w = v + ω × rẑ = (v_x + r ω_y, v_y − r ω_x) = (%.12g, %.12g) m/s.",
		   f->wx, f->wy);
	model_step(s,
		   "(6.1): T = (m/2)|w|² + (J/2)(ω_x² + ω_y² + Ω²), J = (2/5) m r² = %.6g "
		   "kg·m²; T = %.12g J.",
		   b->J, f->T0);
	model_step(s, "Inertia A = ∂²T/∂q̇² (from T), rows in the order of q̇:");
	for (int i = 0; i < NQ; i++)
		model_step(s, "  %12.6g %12.6g %12.6g %12.6g %12.6g", b->A[i * NQ],
			   b->A[i * NQ + 1], b->A[i * NQ + 2], b->A[i * NQ + 3], b->A[i * NQ + 4]);
	model_step(s,
		   "  Slip in §6: the printed A has J on the ω_x and ω_y diagonal; ∂²T/∂ω_x² = "
		   "m r² + J = (7/5) m r² = %.6g kg·m².",
		   b->A[Q_WX * NQ + Q_WX]);
	model_step(s,
		   "|q̇|_A² = (Aq̇, q̇) = 2T = m D², D² = |w|² + (2/5) r²(Ω² + ω_x² + ω_y²) = "
		   "%.12g m²/s², D = %.12g m/s.",
		   f->D0 * f->D0, f->D0);
	model_step(s, "  Slip in (6.5): the printed D has a factor m in its second term; "
		      "without it D is a speed.");
	model_step(s,
		   "Reaction (6.3): |R| = |N|/√m = m g/√m = g√m = %.12g N/√kg (the paper prints "
		   "√(mg), a slip).",
		   f->Rabs);
	model_step(s,
		   "Friction tensor Φ = diag(m μ1, m μ1, m r² μ3, m r² μ3, m r² μ2) = diag(%.6g, "
		   "%.6g, %.6g, %.6g, %.6g).",
		   phi[0], phi[1], phi[2], phi[3], phi[4]);
	model_step(s, "  μ1 sliding, μ3 rolling, μ2 spin, as the text of §6 and (6.6) use them; "
		      "the printed diag puts μ2 on the rolling and μ3 on the spin (and writes "
		      "m_j ≥ 0 for μj ≥ 0).");
	if (f->D0 > 0) {
		model_step(s, "Kozlov's law (2.6): F = −|R| Φq̇/|q̇|_A = −g Φq̇/D:");
		model_step(s, "  (6.5) F = −m g μ1 v/D = (%.12g, %.12g) N", f->F[Q_VX], f->F[Q_VY]);
		model_step(s, "  (6.6) M_spin = −m g r² μ2 Ω/D = %.12g N·m", f->F[Q_OM]);
		model_step(s, "  rolling: M_roll = −m g r² μ3 ω'/D = (%.12g, %.12g) N·m",
			   f->F[Q_WX], f->F[Q_WY]);
	} else {
		model_step(s, "The ball is at rest (D = 0) and no force pushes it: the friction "
			      "is zero and it stays at rest.");
	}
	if (f->vabs > 0) {
		double ratio = f->vabs / f->D0;
		model_step(s,
			   "Classical Coulomb: F_C = −μ1 m g v/|v| = (%.12g, %.12g) N; |F|/|F_C| "
			   "= |v|/D = %.12g: Kozlov's sliding force is %s.",
			   f->FCx, f->FCy, ratio,
			   fabs(ratio - 1) <= 1e-12 ? "the same (pure sliding)"
			   : ratio < 1		    ? "smaller: rolling and spin add to D"
						    : "larger: the rolling carries the centre "
						      "against the slip, so D < |v|");
		model_step(
			s,
			"  Hence the paper's remark that F and M decrease as the rolling "
			"grows holds when v·(ω' × rẑ) ≥ 0; rolling against the slip first lowers "
			"D, as far as √(2/7)|v| (at Ω = 0), so F can reach √(7/2) F_C.");
	} else {
		model_step(s, "Classical Coulomb: v = 0, no sliding, F_C = 0.");
	}

	model_step(s, "Motion: A q̈ = −g Φq̇/D (N = m g balances gravity; no other horizontal "
		      "force), A factored once (Cholesky).");
	if (f->D0 == 0) {
		model_step(s, "Stop time: 0 s (already at rest).");
	} else if (f->never) {
		model_step(s, "Stop time: %s (stop_time = inf).", f->never);
	} else {
		model_step(s,
			   "  Ḋ = (Aq̇, q̈)/(m D) = −g (q̇ᵀΦq̇)/(m D²), homogeneous of degree 0: "
			   "bounded away from 0, so the ball stops in finite time (Kozlov: all μj "
			   "> 0), and doubling every velocity doubles the stop time.");
		model_step(
			s,
			"  Integrated with rk8pd (1e-12) in the direction z = S q̇/D, S = diag(1, "
			"1, r, r, r), and the time g t/D0, against σ = −ln(D/D0) (smooth down "
			"to D → 0): %zu steps, to D = %g D0 at t = %.12g s;",
			f->nsteps, KB_D_EVENT, f->t_event);
		model_step(s,
			   "  there Ḋ = %.12g m/s² is finite, so the last D/|Ḋ| = %.6g s is "
			   "taken in closed form.",
			   f->Ddot_event, f->D_event / -f->Ddot_event);
		model_step(s, "Stop time: %.12g s.", f->stop_time);
		if (q0[Q_VX] == 0 && q0[Q_VY] == 0 && q0[Q_WX] == 0 && q0[Q_WY] == 0)
			model_step(
				s,
				"  Pure spin: D = √(2/5) r|Ω| and M_spin are constant, so t = J|Ω|/"
				"|M_spin| = (2/5)^{3/2} r|Ω|/(g μ2) = %.12g s.",
				pow(0.4, 1.5) * r * fabs(q0[Q_OM]) / (g * mu2));
	}
	ball_transition_steps(s, b, q0, tmax, f);
}

static int ball_solve(const struct model_input *in, struct model_output *out, struct diag *d)
{
	const double *p = in->num;
	struct ball b = {
		.m = p[KB_M],
		.r = p[KB_R],
		.g = p[KB_G],
		.mu = {p[KB_MU1], p[KB_MU2], p[KB_MU3]},
	};
	const double m = b.m, r = b.r, g = b.g, mu1 = b.mu[0], mu2 = b.mu[1], mu3 = b.mu[2];
	const double q0[NQ] = {p[KB_VX], p[KB_VY], p[KB_WX], p[KB_WY], p[KB_OMEGA]};
	struct strbuf *s = out->steps;

	b.J = 0.4 * m * r * r;
	/* Φ in the order (v_x, v_y, ω_x, ω_y, Ω): μ1 sliding, μ3 rolling, μ2
	 * spin, as the text of §6 and (6.6) use them. */
	const double phi[NQ] = {m * mu1, m * mu1, m * r * r * mu3, m * r * r * mu3,
				m * r * r * mu2};
	const double S[NQ] = {1, 1, r, r, r};
	memcpy(b.phi, phi, sizeof(phi));
	memcpy(b.scale, S, sizeof(S));
	ball_inertia(&b);
	memcpy(b.L, b.A, sizeof(b.A));
	gsl_matrix_view Lm = gsl_matrix_view_array(b.L, NQ, NQ);
	if (gsl_linalg_cholesky_decomp1(&Lm.matrix))
		return num_fail(d, GSL_EDOM, "Cholesky factorization of A");

	struct ball_found f = {.T0 = ball_T(&b, q0), .D0 = ball_D(&b, q0)};
	f.wx = q0[Q_VX] + r * q0[Q_WY], f.wy = q0[Q_VY] - r * q0[Q_WX];
	f.vabs = hypot(q0[Q_VX], q0[Q_VY]);
	f.Rabs = g * sqrt(m);
	ball_force(&b, q0, f.D0, f.F);
	/* v/|v| first: v = -5e-324 times μ1 m g rounded in the subnormals
	 * and F_coulomb_x came out 3 N, not μ1 m g = 2.943 N */
	f.FCx = f.vabs > 0 ? -mu1 * m * g * (q0[Q_VX] / f.vabs) + 0.0 : 0.0;
	f.FCy = f.vabs > 0 ? -mu1 * m * g * (q0[Q_VY] / f.vabs) + 0.0 : 0.0;

	/* ---- Kozlov's law: to tmax, then on to the stop ---- */
	const double tmax = p[KB_TMAX];
	f.never = f.D0 > 0 ? ball_never_stops(&b, q0, f.D0) : NULL;
	struct record tr, *trp = record_open(&tr, out->figs && f.D0 > 0, NQ, 0, 0.0, NULL, NULL);
	struct record ctr, *ctrp = record_open(&ctr, out->figs && f.vabs > 0, 4, 0,
					       tmax * g / f.D0 / 400, NULL, NULL);
	int rc = ball_kozlov(&b, q0, S, tmax, &f, trp, d);
	if (!rc)
		rc = ball_coulomb(&b, q0, tmax, &f, ctrp, d);
	if (rc) {
		record_release(ctrp);
		record_release(trp);
		return -1;
	}

	if (trp) {
		ball_figures(out->figs, trp, &b, q0, f.D0, f.stop_time);
		ball_transition_figures(out->figs, ctrp, f.D0, g, f.t_roll, f.W_roll, mu1, mu3,
					tmax);
	}
	record_release(ctrp);
	record_release(trp);
	/* inside ball_check's domain these are finite but for the documented
	 * inf and nan; one that is not is refused, f.never printed */
	const struct solve_number nums[] = {{KB_F_X, f.F[Q_VX], true},
					    {KB_F_Y, f.F[Q_VY], true},
					    {KB_M_SPIN, f.F[Q_OM], true},
					    {KB_STOP_TIME, f.stop_time, false},
					    {KB_F_COULOMB_X, f.FCx, true},
					    {KB_F_COULOMB_Y, f.FCy, true},
					    {KB_M_ROLL_X, f.F[Q_WX], true},
					    {KB_M_ROLL_Y, f.F[Q_WY], true},
					    {KB_D, f.D0, true},
					    {KB_T_ROLL, f.t_roll, false},
					    {KB_V_END, f.V_end, true},
					    {KB_V_END_COULOMB, f.V_end_c, false}};
	if (solve_numbers(out->res, kb_results, nums, sizeof nums / sizeof *nums,
			  "the ball's forces overflow at these scales; bring m, r, g, the μ and "
			  "the speeds nearer each other",
			  d))
		return -1;

	ball_steps(s, &b, q0, phi, tmax, &f);
	return 0;
}

/* The domain: friction coefficients to 1e6, as for the rod, beyond which
 * friction outweighs gravity so far that its relaxation, D/(μg), is
 * shorter than any run can follow (μ2 = 1e300 gave V_end = nan). */
static int ball_check(const struct model_input *in, struct diag *d)
{
	for (int i = KB_MU1; i <= KB_MU3; i++)
		if (!(in->num[i] <= 1e6))
			return diag_set(d,
					"%s = %g: beyond 1e6, where friction outweighs "
					"gravity so far that the run cannot follow it",
					kb_params[i].name, in->num[i]);
	return 0;
}

const struct model model_kozlov_ball = {
	.name = "kozlov-ball",
	.summary = "a ball rolling, sliding and spinning under Kozlov's law (Kozlov §6)",
	.params = kb_params,
	.nparams = KB_NPARAMS,
	.results = kb_results,
	.nresults = KB_NRESULTS,
	.solve = ball_solve,
	.check = ball_check,
};
