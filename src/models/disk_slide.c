/* disk-slide: a disk (a coin) or a ring (the running band of a curling
 * stone) that slides and spins at once on a rough plane, until it stops.
 *
 * The friction is Minguzzi's, eq. (17)-(18): the pressure-weighted mean of
 * mu(v_r) over the contact (contact.h), uniform pressure (eq. 20) or
 * Reye's (eq. 21). The centre moves with (v, 0) and the body spins at w:
 * the pressure and the law depend on |v_r| alone, and |v_r| is even in the
 * coordinate along v, so the lateral force Q_y vanishes and the centre
 * runs straight. Then
 *   m dv/dt = Q_x(v, w),   I dw/dt = Q_theta(v, w).
 *
 * Under Coulomb friction the forces are homogeneous of degree 0 in (v, rw)
 * (they depend on the direction beta = atan2(v, rw) alone):
 *   dv/dt = -mu g F(beta),  d(rw)/dt = -mu g T(beta)/kappa,  kappa = I/(m r^2),
 * F = -Q_x/(mu N), T = -Q_theta/(mu N r). With rho = |(v, rw)| and
 * sigma = ln(rho0/rho) as the clock, beta obeys an autonomous equation,
 *   d beta/d sigma = (-cos(beta) F + sin(beta) T/kappa)/G,
 *   G = sin(beta) F + cos(beta) T/kappa,   dt = rho d sigma/(mu g G),
 * whose right-hand side is smooth: the stop, where the forces do not
 * vanish while the speeds do, is at sigma = infinity, and beta tends to a
 * zero of the numerator, the limit ratio v/(rw) (Farkas, Bartels, Unger and
 * Wolf, PRL 90, 248302 (2003): 0.653 for a uniform disk). Time,
 * distance and angle are integrals whose integrands fall like e^-sigma
 * and e^-2sigma: integrated to sigma = SIGMA_END (rho down by e^-40), and
 * the last rho taken at the constant decelerations of the limit.
 *
 * Under a law mu(v) the motion is integrated in time until rho has fallen
 * to RHO_SWITCH of its start; from there mu is mu(0) to within mu'(0) rho,
 * and the stop is taken as above with mu = mu(0). */
#include <float.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_math.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "dyn/law.h"
#include "dyn/phase.h"
#include "models/contact.h"
#include "models/minguzzi.h"
#include "models/model.h"
#include "num/friction.h"
#include "num/num.h"
#include "num/ode.h"
#include "util/xalloc.h"

enum {
	S_SHAPE,
	S_M,
	S_R,
	S_R_GYR,
	S_G,
	S_V0,
	S_OMEGA,
	S_PRESSURE,
	S_LAW,
	S_MU,
	S_K,
	S_MU0,
	S_MUINF,
	S_A,
	S_MU_EXPR,
	S_TMAX,
	S_NPARAMS
};
enum {
	S_STOP_TIME,
	S_RATIO_START,
	S_RATIO_END,
	S_DISTANCE,
	S_TURNS,
	S_KAPPA,
	S_ENERGY,
	S_WORK,
	S_NRESULTS
};
enum { SHAPE_CHOICE_DISK, SHAPE_CHOICE_RING };

static const struct param_spec ds_params[S_NPARAMS] = {
	[S_SHAPE] = PARAM_CHOICE("shape", "disk|ring",
				 "what touches the plane: a disk, or a ring (a curling stone's "
				 "running band)"),
	[S_M] = PARAM_NUMBER("m", "kg", 0.0075, PARAM_ABOVE(0.0), "mass of the body"),
	[S_R] = PARAM_NUMBER("r", "m", 0.012, PARAM_ABOVE(0.0),
			     "radius of the contact (the disk's, or the ring's)"),
	[S_R_GYR] = PARAM_NUMBER("r_gyr", "m", 0.0, PARAM_AT_LEAST(0.0),
				 "radius of gyration about the vertical axis, I = m r_gyr²; 0: "
				 "the contact's own (r/√2 for a disk, r for a ring)"),
	[S_G] = PARAM_NUMBER("g", "m/s^2", 9.81, PARAM_ABOVE(0.0), "gravitational acceleration"),
	[S_V0] = PARAM_NUMBER("v0", "m/s", 0.5, PARAM_AT_LEAST(0.0), "initial speed of the centre"),
	[S_OMEGA] = PARAM_NUMBER("omega", "rad/s", 60.0, PARAM_ANY,
				 "initial spin (its sign is the sense of spin)"),
	[S_PRESSURE] = PARAM_CHOICE("pressure", "uniform|reye",
				    "uniform (eq. 20) or Reye's p = k/v_r (eq. 21)"),
	MINGUZZI_LAW_ROWS(S_LAW, S_MU, S_K, S_MU0, S_MUINF, S_A, S_MU_EXPR),
	[S_TMAX] = PARAM_NUMBER("tmax", "s", 1000.0, PARAM_ABOVE(0.0),
				"horizon of a run under a law μ(v): what has not stopped by then "
				"is refused"),
};

static const struct law_slots ds_slots = {ds_params, S_LAW,   S_MU, S_K,
					  S_MU0,     S_MUINF, S_A,  S_MU_EXPR};

static const struct result_spec ds_results[S_NRESULTS] = {
	[S_STOP_TIME] = RESULT_NUMBER(
		"stop_time", "s",
		"when the body stops: sliding and spinning together, or the one that runs on "
		"where the other stops first (see ratio_end) (inf: never, μ = 0)"),
	[S_RATIO_START] = RESULT_NUMBER("ratio_start", "",
					"v/(r ω) at the start (inf: no spin, a pure slide)"),
	[S_RATIO_END] =
		RESULT_NUMBER("ratio_end", "",
			      "limit of v/(r |ω|) as both go to 0 (inf: a pure slide, ω0 = 0; "
			      "0: a pure spin, v0 = 0, or the slide stopping first; none where "
			      "the spin stops first)"),
	[S_DISTANCE] = RESULT_NUMBER("distance", "m",
				     "distance the centre runs until it stops (inf: never, μ = 0)"),
	[S_TURNS] = RESULT_NUMBER("turns", "",
				  "turns made until the stop, signed as ω (±inf: never, μ = 0)"),
	[S_KAPPA] = RESULT_NUMBER("kappa", "", "I/(m r²): 1/2 for a disk, 1 for a ring"),
	[S_ENERGY] = RESULT_NUMBER("energy", "J", "kinetic energy at the start"),
	[S_WORK] = RESULT_NUMBER("work", "J",
				 "work of friction until the stop, ∫P dt with P of eq. (22)/(23)"),
};

/* sigma where the Coulomb run hands over to the closed form of the last
 * stretch (rho down by e^-40: the stretch is 4e-18 of the stop time) */
#define SIGMA_END     40.0
#define SIGMA_STRETCH 4.0
/* |dbeta/dsigma| below which the direction has settled: it is then within
 * about that of its limit, which the secant method finds to the last
 * digits; the rest of the integrals weighs e^-sigma, where sigma is at
 * least of the order of -ln(BETA_SETTLED), and changes with beta by
 * BETA_SETTLED of that */
#define BETA_SETTLED 1e-8
/* beta within this of an end, 0 (the pure spin) or pi/2 (the pure slide),
 * that attracts it: it is there, and the rest is in closed form. The slide
 * left out, rho sin beta, is 1e-13 of what remains; where the end attracts
 * at a rate of kappa (a coin of kappa = 4e5 whose slide stops first), the
 * explicit steps at that rate ran into the 2 s budget */
#define BETA_SNAP 1e-13
/* under mu(v): the speed rho, relative to its start, below which mu is
 * taken as mu(0) */
#define RHO_SWITCH 1e-7
/* and no sooner than where mu is mu(0) to this, relative */
#define MU_FLAT 1e-7
/* the evaluations of the friction a run in time may take, each a surface
 * integral (13 a step): a bound on the work, the same on every machine and
 * under every checker, where a bound on CPU time would refuse under
 * valgrind what it solves natively. A coin under Bouchet's law takes
 * about a thousand. */
#define DS_EVAL_BUDGET 5000
/* Bouchet's muinf at most this many times mu0 */
#define DS_MU_SPAN 1e3

struct ds {
	struct contact c; /* the shape and pressure */
	gsl_integration_glfixed_table *gl;
	double r, kappa;
	double T_spin;		/* T of a pure spin: 2/3 (uniform disk), 1/2 (Reye), 1 (ring) */
	double rho0, mug;	/* the Coulomb run: its start speed and mu g */
	bool to_spin, to_slide; /* the ends 0, pi/2 attract beta */
	double m; /* the Coulomb run: the mass (its forces are mu m g F, mu m g r T) */
	struct diag err;
	bool failed;
};

/* F, T and the power P/(mu N rho) in the direction beta (rho = 1 m/s). A
 * pure spin has no force and a pure slide no torque, exactly (symmetry):
 * so that beta = 0 stays 0. A trial stage past the pure spin (beta < 0,
 * the centre moving back) or past the pure slide (beta > pi/2, the spin
 * reversed) sees the mirror image, F odd in v and T odd in w: the flow's
 * fixed points at 0 and pi/2 keep their stability there. As a spin with
 * no force beyond 0, a stage past it ran away (d beta/d sigma = tan beta),
 * and a coin whose slide stops first, kappa = I/(m r²) above about 17,
 * failed ("its step fell below what the numbers can resolve"). */
static int ds_dir(struct ds *p, double beta, double *F, double *T, double *P)
{
	const double b = beta < 0 ? -beta : beta > M_PI_2 ? M_PI - beta : beta;
	const bool spin_only = b <= 0, slide_only = b >= M_PI_2;
	const double sb = slide_only ? 1.0 : sin(b), cb = slide_only ? 0.0 : cos(b);
	if (spin_only) {
		*F = 0;
		*T = p->T_spin;
	} else if (slide_only) {
		*F = 1;
		*T = 0;
	} else
		contact_coulomb_closed(p->gl, p->c.shape, p->c.pressure, sb / cb, F, T);
	if (beta < 0)
		*F = -*F;
	if (beta > M_PI_2)
		*T = -*T;
	/* P = -Q.qdot: the pressure does not depend on the speed rho */
	*P = sb * fabs(*F) + cb * fabs(*T);
	return 0;
}

/* dbeta/dsigma in the direction beta. */
static int ds_slope(struct ds *p, double beta, double *h)
{
	double F, T, P;
	if (ds_dir(p, beta, &F, &T, &P))
		return -1;
	const double sb = sin(beta), cb = beta == M_PI_2 ? 0.0 : cos(beta);
	*h = (-cb * F + sb * T / p->kappa) / (sb * F + cb * T / p->kappa);
	return 0;
}

/* y = (beta, It, Id, Ia, Iw) against sigma: t = rho0/(mu g) It, distance
 * = rho0²/(mu g) Id, angle = rho0²/(r mu g) Ia, work = m rho0² Iw. */
static int ds_sigma_rhs(double sigma, const double y[], double dy[], void *arg)
{
	struct ds *p = arg;
	double F, T, P;
	if (num_interrupted || ds_dir(p, y[0], &F, &T, &P))
		return GSL_EBADFUNC;
	const double sb = sin(y[0]), cb = y[0] == M_PI_2 ? 0.0 : cos(y[0]);
	const double G = sb * F + cb * T / p->kappa;
	const double e1 = exp(-sigma), e2 = e1 * e1;
	dy[0] = (-cb * F + sb * T / p->kappa) / G;
	dy[1] = e1 / G;
	dy[2] = e2 * sb / G;
	dy[3] = e2 * cb / G;
	dy[4] = e2 * P / G;
	return GSL_SUCCESS;
}

/* beta reaching BETA_SNAP of an end that attracts it */
static double ds_sigma_event(double sigma, const double y[], void *arg)
{
	const struct ds *p = arg;
	(void)sigma;
	double g = 1.0;
	if (p->to_spin)
		g = fmin(g, y[0] - BETA_SNAP);
	if (p->to_slide)
		g = fmin(g, M_PI_2 - y[0] - BETA_SNAP);
	return g;
}

/* For the figures: t, v, r w and v/(r w) at a point of the Coulomb run. */
static void ds_sigma_extra(void *arg, double sigma, const double *y, double *out)
{
	const struct ds *p = arg;
	const double rho = p->rho0 * exp(-sigma);
	out[0] = p->rho0 / p->mug * y[1];
	/* a slide without spin: r w 0 (not cos(pi/2) = 6e-17), also on the
	 * record's fill, whose beta is pi/2 to rounding */
	const double beta = fabs(y[0] - M_PI_2) <= 4 * DBL_EPSILON ? M_PI_2 : y[0];
	out[1] = rho * sin(beta);
	out[2] = beta == M_PI_2 ? 0.0 : rho * cos(beta);
	out[3] = beta == M_PI_2 ? INFINITY : tan(beta);
	/* the friction force along v and its torque about the centre at the
	 * state (the scene draws them): −μmg F(β), −μmg r T(β) */
	double F, T, P;
	ds_dir((struct ds *)p, beta, &F, &T, &P);
	out[4] = -p->mug * p->m * F + 0.0; /* + 0: no -0 where there is none */
	out[5] = -p->mug * p->m * p->r * T + 0.0;
}

/* What the Coulomb run from (beta0, rho0) gives. */
struct stop {
	double t, dist, angle, work; /* angle unsigned */
	double beta_end;	     /* the limit direction */
	double sigma_end;	     /* where the run in sigma ended */
	bool at_end;		     /* beta came to an end, 0 or pi/2, that attracts it */
	size_t steps;
};

/* The Coulomb run in sigma, in stretches until the direction has settled:
 * from there on the integrals are those of the limit direction, in closed
 * form. */
struct ds_sigma_run {
	struct ds *p;
	double *dy;    /* the rates at the last stretch's end */
	double h_prev; /* |dbeta/dsigma| at the stretch's before (0: none) */
	bool at_end;   /* beta came to an end that attracts it */
};

static int ds_sigma_next(struct phase_run *run, struct phase_mode *mode, void *ctx, struct diag *d)
{
	struct ds_sigma_run *sr = ctx;
	(void)d;
	if (run->end && run->end->event) { /* at an end, for good */
		double y[5];
		memcpy(y, run->y, sizeof y);
		y[0] = y[0] < M_PI_4 ? 0.0 : M_PI_2;
		phase_jump(run, run->t, y);
		sr->at_end = true;
		if (ds_sigma_rhs(run->t, y, sr->dy, sr->p))
			return -1;
		return PHASE_END;
	}
	if (run->end) {
		if (ds_sigma_rhs(run->t, run->y, sr->dy, sr->p))
			return -1;
		/* settled: slow, and slowing (a direction leaving an unstable
		 * one, the pure spin of a coin launched at 1e-6 m/s, is slow at
		 * first and faster: taken for settled there, it put the distance
		 * 1e-4 off) */
		const double h = fabs(sr->dy[0]);
		const bool settled = h < BETA_SETTLED && h < sr->h_prev;
		sr->h_prev = h;
		if (settled || run->t >= SIGMA_END)
			return PHASE_END;
	}
	mode->sys = (struct ode_system){5, ds_sigma_rhs, ds_sigma_event, sr->p};
	mode->opts.h0 = run->end ? run->end->h : 0.05;
	mode->opts.rtol = mode->opts.atol = 1e-11;
	mode->opts.tmax = fmin(run->t + SIGMA_STRETCH, SIGMA_END);
	mode->stretch = run->end != NULL;
	mode->quiet_end = true;
	return PHASE_RUN;
}

static int ds_coulomb_stop(struct ds *p, double beta0, double rho0, double mu, double g, double m,
			   struct record *tr, struct stop *st, struct diag *d)
{
	p->rho0 = rho0;
	p->mug = mu * g;
	p->m = m;
	double h0, h1;
	if (ds_slope(p, 1e-6, &h0) || ds_slope(p, M_PI_2 - 1e-6, &h1))
		goto fail;
	p->to_spin = h0 < 0;
	p->to_slide = h1 > 0;
	/* a start already at an end that attracts is at it */
	if ((p->to_spin && beta0 <= BETA_SNAP) || (p->to_slide && beta0 >= M_PI_2 - BETA_SNAP))
		beta0 = beta0 < M_PI_4 ? 0.0 : M_PI_2;
	double y[5] = {beta0, 0, 0, 0, 0}, dy[5];
	struct ds_sigma_run sr = {p, dy, 0.0, false};
	const struct phase_system ps = {5, ds_sigma_next, &sr};
	struct phase_run run;
	if (phase_run(&ps, NULL, 0.0, SIGMA_END, y, tr, &run, d))
		goto fail;
	const size_t steps = run.steps;
	st->steps = steps;
	st->sigma_end = run.t;
	st->at_end = sr.at_end;
	/* the limit of the direction: beta moves monotonically (a flow on a
	 * line), so it is the first zero of dbeta/dsigma ahead of where the
	 * run ended, or the end of [0, pi/2] it is heading for. It settles at
	 * the rate of the limit's stability, slowly near a change of kind of
	 * the limit (a ring with kappa near 2; a coin launched spinning with
	 * v0 = 1e-6 m/s leaves the pure spin at a quarter of the rate of rho) */
	/* a run that ended a rounding past 0 or pi/2 (its last stage in the
	 * mirror image) has that end for its limit */
	double limit = fmin(fmax(y[0], 0.0), M_PI_2);
	if (y[0] > 0 && y[0] < M_PI_2 && dy[0] != 0) {
		const double dir = dy[0] > 0 ? 1 : -1, to = dy[0] > 0 ? M_PI_2 : 0;
		double b0 = y[0], b1 = y[0];
		bool found = false;
		for (int k = 1; k <= 300 && !found; k++) {
			/* 256 even steps, then halvings of what is left */
			const double f = k <= 256 ? k / 257.0 : 1 - ldexp(1.0 / 257, 256 - k);
			b0 = b1;
			b1 = y[0] + (to - y[0]) * f;
			double h;
			if (ds_slope(p, b1, &h))
				goto fail;
			found = !(h * dir > 0);
		}
		limit = to;
		if (found) { /* bisection to the last bit */
			for (int k = 0; k < 80 && fabs(b1 - b0) > 1e-16; k++) {
				const double bm = 0.5 * (b0 + b1);
				double h;
				if (ds_slope(p, bm, &h))
					goto fail;
				if (h * dir > 0)
					b0 = bm;
				else
					b1 = bm;
			}
			limit = 0.5 * (b0 + b1);
		}
	}
	double F, T, P;
	if (ds_dir(p, y[0], &F, &T, &P))
		goto fail;
	/* the last rho = rho0 e^-sigma at the constant decelerations of the
	 * limit: a time rho/(mu g G), over which v and r w fall linearly */
	const double sb = sin(y[0]), cb = y[0] == M_PI_2 ? 0.0 : cos(y[0]);
	const double G = sb * F + cb * T / p->kappa, e1 = exp(-run.t), e2 = e1 * e1;
	y[1] += e1 / G;
	y[2] += 0.5 * e2 * sb / G;
	y[3] += 0.5 * e2 * cb / G;
	y[4] += 0.5 * e2 * P / G;
	st->t = rho0 / (mu * g) * y[1];
	st->dist = rho0 / (mu * g) * rho0 * y[2];
	st->angle = rho0 / (mu * g) * rho0 / p->r * y[3];
	st->work = m * rho0 * rho0 * y[4];
	st->beta_end = limit;
	return 0;
fail:
	if (p->failed)
		*d = p->err;
	return -1;
}

/* ---- a law mu(v): the run in time -------------------------------------- */

struct ds_time {
	struct contact c; /* the body under the law, N = m g */
	double m, I, r, rho_end;
	double L, E; /* the scales of the distance and of the work */
	unsigned long evals;
	struct diag err;
	bool failed;
	double atol, h0;    /* the run's absolute tolerance and first step */
	bool slides, spins; /* the phase's v and r w are not 0 */
};

/* y = (v, r w, x/L, r phi/L, W/E): the centre's speed, the rim's, the
 * distance, the angle and the work of friction, these three on their own
 * scales; w >= 0 at the start (a mirror image otherwise). */
static int ds_time_rhs(double t, const double y[], double dy[], void *arg)
{
	struct ds_time *p = arg;
	(void)t;
	if (num_interrupted)
		return GSL_EBADFUNC;
	if (++p->evals > DS_EVAL_BUDGET) {
		p->failed = true;
		diag_set(&p->err,
			 "the run under this law took more than %d evaluations of the "
			 "friction (each a surface integral) before the speeds fell to "
			 "%.3g m/s; a law that changes this sharply, or a stop this slow, "
			 "is beyond this model",
			 DS_EVAL_BUDGET, p->rho_end);
		return GSL_EBADFUNC;
	}
	/* a trial stage past the stop sees (v, r w) reversed: the forces of
	 * the mirror image, so that the right-hand side stays defined */
	const double v = y[0], w = y[1];
	struct contact_motion mo = {v, 0, w / p->r};
	struct contact_forces f;
	if (contact_eval(&p->c, mo, CONTACT_QXY | CONTACT_QTHETA | CONTACT_P, &f, &p->err)) {
		p->failed = true;
		return GSL_EBADFUNC;
	}
	dy[0] = y[0] == 0 ? 0.0 : f.Qx / p->m;
	dy[1] = y[1] == 0 ? 0.0 : p->r * f.Qtheta / p->I;
	dy[2] = v / p->L;
	dy[3] = w / p->L;
	dy[4] = f.P / p->E;
	return GSL_SUCCESS;
}

static double ds_time_event(double t, const double y[], void *arg)
{
	const struct ds_time *p = arg;
	(void)t;
	/* or the one of v and r w that stops first, which the integration
	 * would step past: where the other runs on, its friction drives the
	 * first to 0 at a rate of 1/kappa or kappa (a coin under Reye's
	 * pressure with kappa = 0.008 ran into the 2 s budget) */
	double g = hypot(y[0], y[1]) - p->rho_end;
	if (p->slides)
		g = fmin(g, y[0]);
	if (p->spins)
		g = fmin(g, y[1]);
	return g;
}

static void ds_time_extra(void *arg, double t, const double *y, double *out)
{
	struct ds_time *p = arg;
	out[0] = t;
	out[1] = y[0];
	out[2] = y[1];
	out[3] = y[1] == 0 ? INFINITY : y[0] / y[1];
	/* the law's force along v and torque at the state, as ds_time_rhs
	 * has them (the scene draws them); NaN where they cannot be had */
	struct contact_forces f;
	struct diag d = {0};
	out[4] = out[5] = NAN;
	if (p && !contact_eval(&p->c, (struct contact_motion){y[0], 0, y[1] / p->r},
			       CONTACT_QXY | CONTACT_QTHETA, &f, &d))
		out[4] = f.Qx, out[5] = f.Qtheta;
}

/* One phase in time, until the speed is down to rho_end. */
static int ds_time_next(struct phase_run *run, struct phase_mode *mode, void *ctx, struct diag *d)
{
	struct ds_time *q = ctx;
	if (run->end && !run->end->event)
		return diag_set(d,
				"the body has not stopped by tmax = %g s (v = %.3g m/s, r|ω| "
				"= %.3g m/s then); raise tmax",
				run->tmax, run->y[0], run->y[1]);
	if (run->end && hypot(run->y[0], run->y[1]) <= q->rho_end)
		return PHASE_END;
	if (run->end) { /* one of them has stopped: it stays stopped, by symmetry */
		double y[5];
		memcpy(y, run->y, sizeof y);
		if (q->slides && !(y[0] > 0))
			y[0] = 0;
		if (q->spins && !(y[1] > 0))
			y[1] = 0;
		phase_jump(run, run->t, y);
	}
	q->slides = run->y[0] > 0;
	q->spins = run->y[1] > 0;
	mode->sys = (struct ode_system){5, ds_time_rhs, ds_time_event, q};
	mode->opts.rtol = 1e-9;
	mode->opts.atol = q->atol;
	mode->opts.h0 = q->h0;
	mode->quiet_end = true;
	return PHASE_RUN;
}

/* ---- the figures ---------------------------------------------------------- */

static void ds_figures(struct figures *fs, const struct record *tr, double t_stop, double ratio_end)
{
	struct table *tab = figures_table(fs, "motion",
					  "t [s]|v [m/s]|r omega [m/s]|v/(r omega)|F [N]|M [N*m]");
	for (size_t i = 0; i < tr->n; i++) {
		const double *y = record_row(tr, i) + tr->dim;
		if (i > 0 && !(y[0] > record_row(tr, i - 1)[tr->dim]))
			continue; /* the stop reached to the last digit: one row */
		table_row(tab, y);
	}
	const double last[6] = {t_stop, 0, 0, ratio_end, 0, 0}; /* at rest: no friction */
	table_row(tab, last);
	/* the words of the scene's caption where one of the two is 0 */
	const double v0 = tab->nrows ? table_at(tab, 0, 1) : 0,
		     rw0 = tab->nrows ? table_at(tab, 0, 2) : 0;
	struct figure *f =
		figure_add(fs, "speeds",
			   rw0 == 0	      ? "Sliding to a stop, without spin"
			   : v0 == 0	      ? "Spinning to a stop, in place"
			   : ratio_end == 0   ? "The slide dies out first, the spin runs on"
			   : isinf(ratio_end) ? "The spin dies out first, the slide runs on"
					      : "Sliding and spinning stop together",
			   "t [s]", "speed [m/s]");
	figure_curve_from(f, "v, centre", CURVE_LINE, tab, 0, 1);
	figure_curve_from(f, "r|ω|, rim", CURVE_DASHED, tab, 0, 2);
	if (isfinite(ratio_end)) {
		f = figure_add(fs, "ratio", "Ratio v/(r|ω|) on the way to the stop", "t [s]",
			       "v/(r|ω|)");
		figure_curve_from(f, "v/(r|ω|)", CURVE_LINE, tab, 0, 3);
		/* a ratio that falls by decades (a curling stone's, from 20
		 * to 0.67) is read on a log axis, where its approach shows */
		double lo = INFINITY, hi = 0;
		for (size_t i = 0; i < tab->nrows; i++) {
			lo = fmin(lo, table_at(tab, i, 3));
			hi = fmax(hi, table_at(tab, i, 3));
		}
		f->log_y = lo > 0 && isfinite(hi) && hi > 10 * lo;
		figure_segment(f, "limit at the stop", CURVE_DASHED, 0, ratio_end, t_stop,
			       ratio_end);
	}
}

/* The figures drawn when first looked at (figures_later), from the run's
 * record moved here; under Coulomb's law with its extras still owed
 * (record_extras_later), computed with the run's struct ds, copied, and
 * its quadrature table, which this then owns. */
struct ds_later {
	struct record tr;
	struct ds p;
	bool owns_gl;
	double t_stop, ratio_end;
};

static void ds_later_draw(struct figures *fs, void *ctx)
{
	struct ds_later *l = ctx;
	record_extras(&l->tr, &l->p);
	ds_figures(fs, &l->tr, l->t_stop, l->ratio_end);
}

static void ds_later_drop(void *ctx)
{
	struct ds_later *l = ctx;
	record_release(&l->tr);
	if (l->owns_gl)
		gsl_integration_glfixed_table_free(l->p.gl);
	free(l);
}

/* ---- check and solve -------------------------------------------------------- */

static double ds_kappa(const struct model_input *in)
{
	const double r = in->num[S_R], rg = in->num[S_R_GYR];
	if (rg > 0)
		return (rg / r) * (rg / r);
	return in->choice[S_SHAPE] == SHAPE_CHOICE_RING ? 1.0 : 0.5;
}

static int ds_check(const struct model_input *in, struct diag *d)
{
	const double m = in->num[S_M], r = in->num[S_R], g = in->num[S_G];
	const double v0 = in->num[S_V0], omega = in->num[S_OMEGA];
	const double N = m * g, kappa = ds_kappa(in), I = kappa * m * r * r;
	if (!(N >= DBL_MIN && N <= 1e300) || !(I >= DBL_MIN && I <= 1e300) ||
	    !(kappa >= 1e-6 && kappa <= 1e6))
		return diag_set(d,
				"m = %g kg, g = %g m/s², r = %g m, r_gyr = %g m: the weight m g "
				"= %g N and the moment of inertia I = %g kg·m² must be within "
				"%.3g..1e300, and I/(m r²) = %g within 1e-6..1e6",
				m, g, r, in->num[S_R_GYR], N, I, DBL_MIN, kappa);
	/* a spin whose rim speed underflows to 0 is refused as 1e-300 is, not
	 * taken for no spin (omega = 5e-324 was a pure slide, 1e-300 refused) */
	const double speeds[2] = {v0, r * omega}, given[2] = {v0, omega};
	const char *const what[2] = {"v0", "r omega"};
	if (omega != 0 && speeds[1] == 0)
		return diag_set(d,
				"omega = %g rad/s: its rim speed r omega underflows to 0 m/s; a "
				"speed must be 0 or between 1e-150 and 1e150 in size, where the "
				"surface integrals neither under- nor overflow",
				omega);
	for (int i = 0; i < 2; i++)
		if (given[i] != 0 && !(fabs(speeds[i]) >= 1e-150 && fabs(speeds[i]) <= 1e150))
			return diag_set(d,
					"%s = %g m/s: a speed must be 0 or between 1e-150 and "
					"1e150 in size, where the surface integrals neither under- "
					"nor overflow",
					what[i], speeds[i]);
	if (in->choice[S_SHAPE] == SHAPE_CHOICE_RING && in->choice[S_PRESSURE] == 1)
		return diag_set(d, "shape = ring with pressure = reye: Reye's p = k/v_r cannot be "
				   "normalized once the instantaneous centre reaches the ring "
				   "(v = r|ω|), which this motion always does; take pressure = "
				   "uniform for a ring");
	if (v0 == 0 && omega == 0)
		return diag_set(d, "v0 = 0 and omega = 0: nothing moves; give the body a speed "
				   "or a spin");
	const double rho = hypot(v0, r * omega);
	if (!isfinite(rho / g * rho / r * 1e3))
		return diag_set(d,
				"v0 = %g m/s, omega = %g rad/s: the run to the stop, of order "
				"(v0² + r²ω²)/(μ g r) rad, would overflow; lower them",
				v0, omega);
	const double mu = in->num[S_MU];
	const enum law_id li = minguzzi_law_id(in, &ds_slots);
	if (li == LAW_COULOMB && mu > 0 &&
	    !(isfinite(rho / (mu * g) * 1e3) && isfinite(rho / (mu * g) * rho / r * 1e3)))
		return diag_set(
			d,
			"mu = %g: the stop, some ρ0/(μ g) = %g s and (v0² + r²ω²)/(μ g r) = %g "
			"rad away, would overflow; a friction this weak is 0 to the run's "
			"precision, so set it to 0 (the body never stops)",
			mu, rho / (mu * g), rho / (mu * g) * rho / r);
	struct friction_law law;
	struct formula fm;
	int rc = minguzzi_law(in, &ds_slots, &law, &fm, d);
	if (!rc && li == LAW_BOUCHET && in->num[S_A] * rho > 1e6 &&
	    in->num[S_MU0] != in->num[S_MUINF])
		rc = diag_set(d,
			      "a = %g s/m: μ would change from mu0 to muinf at speeds of 1/a "
			      "= %.3g m/s, below 1e-6 of the start's %.3g m/s, where the run "
			      "would take the surface integrals too long; lower a",
			      in->num[S_A], 1 / in->num[S_A], rho);
	if (!rc && li == LAW_BOUCHET && !(in->num[S_MUINF] <= DS_MU_SPAN * in->num[S_MU0]))
		rc = diag_set(d,
			      "mu0 = %g, muinf = %g: μ at speed would be %.3g times μ(0), beyond "
			      "%g, where the last slow stretch of the run takes the surface "
			      "integrals too long; bring them closer",
			      in->num[S_MU0], in->num[S_MUINF], in->num[S_MUINF] / in->num[S_MU0],
			      DS_MU_SPAN);
	if (!rc && li != LAW_COULOMB) {
		double mu0 = friction_mu(&law, 0);
		if (!(mu0 > 0))
			rc = diag_set(d,
				      "law = %s: μ(0) = %g; a friction that vanishes with the "
				      "speed only slows the body, never stops it; choose a law "
				      "with μ(0) > 0",
				      law_get(li)->name, mu0);
	}
	friction_law_release(&law);
	expr_fn_free(fm.fn);
	return rc;
}

static void ds_steps(struct strbuf *s, const struct model_input *in, double kappa, double F0,
		     double T0, const double res[S_NRESULTS], double ratio_fixed,
		     const struct stop *st, double t_law)
{
	const bool ring = in->choice[S_SHAPE] == SHAPE_CHOICE_RING;
	const bool reye = in->choice[S_PRESSURE] == 1;
	const double m = in->num[S_M], r = in->num[S_R], g = in->num[S_G];
	const enum law_id li = minguzzi_law_id(in, &ds_slots);
	model_step(
		s,
		"Body: a %s of radius r = %g m and mass m = %g kg; normal force N = m g = %.6g N.",
		ring ? "ring (the contact is a circle)" : "disk", r, m, m * g);
	model_step(s, "Moment of inertia: I = κ m r², κ = %.6g%s, I = %.6g kg·m².", kappa,
		   in->num[S_R_GYR] > 0 ? " = (r_gyr/r)²"
		   : ring		? " (a thin ring)"
					: " (a uniform disk)",
		   kappa * m * r * r);
	model_step(s,
		   "The point x of the contact slides at v_r = (v, 0) + ω ẑ × x. Under %s "
		   "(R by eq. %s) μ(v_r) is even in the coordinate along v, so Q_y = 0: the "
		   "centre runs straight.",
		   reye ? "Reye's pressure p = k/v_r" : "a uniform pressure", reye ? "21" : "20");
	model_step(s, "Lagrange's equations with the forces of eq. (18): m v̇ = Q_x(v, ω), I ω̇ = "
		      "Q_θ(v, ω).");
	minguzzi_law_steps(s, in, &ds_slots, hypot(in->num[S_V0], r * in->num[S_OMEGA]));
	model_step(s, "Under Coulomb friction Q depends only on the direction of (v, r ω), "
		      "β = atan2(v, r|ω|), through the force F = |Q_x|/(μN) and the torque T = "
		      "|Q_θ|/(μN r) of eq. (18):");
	model_step(s, "  v̇ = −μg F(β), d(r|ω|)/dt = −μg T(β)/κ; at the start F = %.9g, T = %.9g.",
		   F0, T0);
	model_step(s, "  With ρ = |(v, r ω)| and σ = ln(ρ0/ρ): dβ/dσ = (T sinβ/κ − F cosβ)/(F sinβ "
		      "+ T cosβ/κ) and dt = ρ dσ/(μg (F sinβ + T cosβ/κ)): the stop is σ → ∞, "
		      "reached at a finite t.");
	if (isfinite(ratio_fixed))
		model_step(s,
			   "The direction tends to a zero of F cosβ − T sinβ/κ: v/(r|ω|) → %.12g%s",
			   ratio_fixed,
			   !ring && !reye && kappa == 0.5
				   ? " (Farkas et al. 2003: 0.653 for a uniform disk)."
				   : ".");
	if (li == LAW_COULOMB && in->num[S_MU] == 0) {
		model_step(s, "With μ = 0 nothing slows the body: it never stops.");
		return;
	}
	if (li != LAW_COULOMB)
		model_step(s,
			   "Under μ(v) the equations are integrated in time (rk8pd, eq. 18 by "
			   "quadrature at each stage) to t = %.9g s, where the speeds are so low "
			   "that μ is μ(0) over the contact to 1e-7; from there on as under "
			   "Coulomb's law with μ(0):",
			   t_law);
	if (st->at_end)
		model_step(s,
			   "Integrated in σ (rk8pd, %zu steps) until β is within 1e-13 of %s, "
			   "which attracts it: at σ = %.3g (ρ = %.3g ρ0) the %s has stopped, and "
			   "the %s runs on alone at its constant deceleration:",
			   st->steps, st->beta_end > 0 ? "π/2" : "0", st->sigma_end,
			   exp(-st->sigma_end), st->beta_end > 0 ? "spin" : "slide",
			   st->beta_end > 0 ? "slide" : "spin");
	else
		model_step(s,
			   "Integrated in σ (rk8pd, %zu steps) until the direction settles, here "
			   "at σ = %.3g (ρ = %.3g ρ0; σ = 40 at most); the rest at the limit's "
			   "constant decelerations:",
			   st->steps, st->sigma_end, exp(-st->sigma_end));
	model_step(s, "  stop_time = %.12g s, distance = %.12g m, turns = %.12g.", res[S_STOP_TIME],
		   res[S_DISTANCE], res[S_TURNS]);
	model_step(s,
		   "Energy: m v0²/2 + I ω0²/2 = %.12g J; the work of friction, ∫P dt with P of "
		   "eq. (%s), = %.12g J.",
		   res[S_ENERGY], reye ? "23" : "22", res[S_WORK]);
}

static int ds_solve(const struct model_input *in, struct model_output *out, struct diag *d)
{
	const bool ring = in->choice[S_SHAPE] == SHAPE_CHOICE_RING;
	const double m = in->num[S_M], r = in->num[S_R], g = in->num[S_G];
	const double v0 = in->num[S_V0], omega = in->num[S_OMEGA];
	const double kappa = ds_kappa(in), I = kappa * m * r * r, w0 = r * fabs(omega);
	const double sense = omega < 0 ? -1.0 : 1.0;
	const enum contact_pressure pr = in->choice[S_PRESSURE] ? PRESSURE_REYE : PRESSURE_UNIFORM;
	double res[S_NRESULTS];
	res[S_KAPPA] = kappa;
	res[S_ENERGY] = 0.5 * m * v0 * v0 + 0.5 * I * omega * omega;
	res[S_RATIO_START] = w0 == 0 ? INFINITY : v0 / w0;

	struct ds p = {
		.c = {.shape = ring ? SHAPE_RING : SHAPE_DISK, .r = r, .pressure = pr},
		.gl = gsl_integration_glfixed_table_alloc(32),
		.r = r,
		.kappa = kappa,
		.T_spin = ring			? 1.0
			  : pr == PRESSURE_REYE ? 0.5
						: 2.0 / 3.0,
	};
	/* a spin that atan2 rounds away (r ω below 1e-16 of v0) is kept as
	 * the least angle below π/2: the limit ratio of any start with both
	 * speeds is the attractor's (0.653 for a uniform disk, which ω0 =
	 * 1e-13 rad/s reached), not the pure slide's. At ω0 = 1e-16 the
	 * pure slide was taken, and ratio_end said "a pure slide, ω0 = 0"
	 * beside ratio_start = 4.2e17. */
	double beta0 = w0 == 0 ? M_PI_2 : atan2(v0, w0);
	if (w0 > 0 && beta0 >= M_PI_2)
		beta0 = nextafter(M_PI_2, 0);
	double F0, T0, P0;
	ds_dir(&p, beta0, &F0, &T0, &P0);

	struct friction_law law;
	struct formula fm;
	if (minguzzi_law(in, &ds_slots, &law, &fm, d))
		return -1;
	const enum law_id li = minguzzi_law_id(in, &ds_slots);
	/* Coulomb's μ = 0: nothing slows the body */
	const bool slows = !(li == LAW_COULOMB && in->num[S_MU] == 0);
	struct record tr,
		*trp = record_open(&tr, out->figs, 5, 6, 0,
				   li == LAW_COULOMB ? ds_sigma_extra : ds_time_extra, NULL);
	struct stop st = {0};
	int rc = 0;
	const double mu = in->num[S_MU];
	double t0 = 0, x0 = 0, phi0 = 0, W0 = 0; /* the run in time, under mu(v) */
	if (!slows) {
		st = (struct stop){.t = INFINITY,
				   .dist = v0 > 0 ? INFINITY : 0,
				   .angle = w0 > 0 ? INFINITY : 0,
				   .beta_end = beta0};
		record_release(trp), trp = NULL;
	} else if (li == LAW_COULOMB) {
		if (trp) {
			tr.ctx = &p;
			tr.dt = 0.02;
			/* ds_sigma_extra reads the run's constants alone (rho0,
			 * mu g, m, r and the shape): computed when drawn, some
			 * 40% of the solve where nobody plots (curling) */
			record_extras_later(trp);
		}
		rc = ds_coulomb_stop(&p, beta0, hypot(v0, w0), mu, g, m, trp, &st, d);
	} else {
		const double rho0 = hypot(v0, w0), mu0 = friction_mu(&law, 0);
		struct ds_time q = {
			.c = {.shape = p.c.shape, .r = r, .pressure = pr, .law = &law, .N = m * g},
			.m = m,
			.I = I,
			.r = r,
			.rho_end = RHO_SWITCH * rho0,
			.L = rho0 / (mu0 * g) * rho0,
			.E = m * rho0 * rho0,
		};
		/* down to where mu(v) is mu(0), for all v_r <= v + r w */
		while (q.rho_end > 1e-30 * rho0 &&
		       !(fabs(friction_mu(&law, 2 * q.rho_end) - mu0) <= MU_FLAT * mu0))
			q.rho_end *= 0.1;
		q.atol = 1e-9 * rho0;
		q.h0 = 1e-4 * rho0 / (mu0 * g);
		double y[5] = {v0, w0, 0, 0, 0};
		const struct phase_system ps = {5, ds_time_next, &q};
		if (trp)
			tr.ctx = &q;
		struct phase_run run;
		rc = phase_run(&ps, NULL, 0.0, in->num[S_TMAX], y, trp, &run, d);
		if (rc && q.failed)
			*d = q.err;
		if (!rc) {
			/* the last RHO_SWITCH of the speed under mu(0) */
			t0 = run.t, x0 = y[2] * q.L, phi0 = y[3] * q.L / r, W0 = y[4] * q.E;
			const double b = y[1] <= 0 ? M_PI_2 : atan2(fmax(y[0], 0), y[1]);
			rc = ds_coulomb_stop(&p, b, hypot(y[0], y[1]), mu0, g, m, NULL, &st, d);
			st.steps += run.steps;
		}
	}
	friction_law_release(&law);
	expr_fn_free(fm.fn);
	/* the record's extras owed need the table: then the figures own it */
	const bool keep_gl = !rc && trp && trp->extras_owed;
	if (!keep_gl)
		gsl_integration_glfixed_table_free(p.gl);
	if (!rc)
		rc = minguzzi_formula_over(&fm, d);
	if (rc) {
		if (keep_gl)
			gsl_integration_glfixed_table_free(p.gl);
		record_release(trp);
		return -1;
	}
	res[S_STOP_TIME] = t0 + st.t;
	res[S_DISTANCE] = x0 + st.dist;
	res[S_TURNS] = sense * (phi0 + st.angle) / (2 * M_PI);
	res[S_WORK] = W0 + st.work;
	res[S_RATIO_END] = st.beta_end == M_PI_2 ? INFINITY : tan(st.beta_end);
	if (!slows) {
		res[S_RATIO_END] = res[S_RATIO_START];
		res[S_WORK] = 0;
	}
	if (trp) { /* drawn from the record when first looked at */
		struct ds_later *l = xmalloc(sizeof(*l));
		*l = (struct ds_later){.tr = tr,
				       .p = p,
				       .owns_gl = keep_gl,
				       .t_stop = res[S_STOP_TIME],
				       .ratio_end = res[S_RATIO_END]};
		tr = (struct record){0};
		figures_later(out->figs, ds_later_draw, ds_later_drop, l);
	}
	for (int i = 0; i < S_NRESULTS; i++)
		out->res[i] = value_number(res[i]);
	if (isinf(res[S_RATIO_END]) && res[S_RATIO_START] != res[S_RATIO_END])
		out->res[S_RATIO_END] =
			value_undefined("the spin stops first, while the centre still slides: "
					"v/(r |ω|) grows without bound");
	const double fixed =
		slows && st.beta_end > 0 && st.beta_end < M_PI_2 ? res[S_RATIO_END] : NAN;
	ds_steps(out->steps, in, kappa, F0, T0, res, fixed, &st, t0);
	return 0;
}

const struct model model_disk_slide = {
	.name = "disk-slide",
	.summary = "a disk or ring sliding and spinning to a common stop (Minguzzi eq. 17-18)",
	.params = ds_params,
	.nparams = S_NPARAMS,
	.results = ds_results,
	.nresults = S_NRESULTS,
	.solve = ds_solve,
	.check = ds_check,
};
