/* Model ragulskis, shared by its pieces: the statement, the domain, the
 * strategy and the solve (ragulskis.c), the run and its phases
 * (ragulskis_run.c), the measured period and the steady state
 * (ragulskis_period.c), the figures (ragulskis_figures.c) and the words
 * (ragulskis_steps.c); not for other modules. */
#ifndef TRIBO_RAGULSKIS_SYS_H
#define TRIBO_RAGULSKIS_SYS_H

#include <stdbool.h>
#include <stddef.h>

#include "dyn/law.h"
#include "models/model.h"
#include "num/drylaw.h"
#include "num/figure.h"
#include "num/settle.h"
#include "util/diag.h"
#include "util/strbuf.h"

enum {
	R_M,
	R_C,
	R_K,
	R_P,
	R_OMEGA,
	R_H,
	R_DELTA,
	R_DELTA_A,
	R_LAW,
	R_PERIODS,
	R_INNER,
	R_U0,
	R_V0,
	R_NPARAMS
};
enum { R_AMP, R_UMIN, R_VMAX, R_AMIN, R_AMAX, R_STEADY, R_STICK, R_CYCLES, R_UEND, R_NRESULTS };

/* One sample of the measured period. */
struct sample {
	double t, u, v, a;
};

struct rg {
	struct drylaw law;
	double m, c, k, P, w, h;
	/* the static limit as decided: h and the integration's rounding, so
	 * that a turning point at k|u| = h (a closed form's edge) sticks */
	double hs;
	double joints[8];
	size_t nj;
	/* smooth laws: the phase's velocity interval; Coulomb: 0 stuck, ±1 the
	 * sign of the friction while slipping */
	double lo, hi;
	int mode;
	bool coulomb;
	/* law (8) or tanh with its transition reduced to the slow manifold:
	 * mode 0 is the creep on it (u̇ = v*(t, u), |u̇| < vs), ±1 a slip with
	 * |u̇| ≥ vs; law (8): vs = Δ, its fold, H = ±h beyond; tanh: vs where
	 * the manifold's relaxation has slowed to RG_ETA·ω, H the law beyond.
	 * Fexit = H(vs) + c vs is the force at which the creep ends, R and phi0
	 * law (8)'s closed form's constants; fsign the sign of the force in the
	 * creep's phase (they end where it is 0) */
	bool reduced;
	double vs, Fexit, R, phi0;
	int fsign;
	/* a reversal through the reduced transition (transit): the ellipses
	 * at u̇ = 0 (law (8)), the half being run (u̇ = tside z², z = tz0 +
	 * tzsign x), the way the speed goes, and where the period ends */
	struct drylaw_tangent ttg;
	int tside, tzsign, tdir;
	double tz0, ttend;
	/* a smooth law's phase beside a vertical tangent of H at u̇_c, run in
	 * z = √|u̇ − u̇_c| (tangent_phase): the ellipses there, the side of
	 * u̇_c the phase is on, its far joint (±INFINITY: none) and the end of
	 * the period */
	struct drylaw_tangent tg;
	bool tangent_ok; /* the law's transitions wide enough for it */
	/* law (8)'s stiff phases (stiff_phase, implicit): the phase being run
	 * is one (stiff), ends at |u̇| = veps short of the joint u̇ = 0, where
	 * the law's slope is unbounded (level), and the layer |u̇| <= veps
	 * has just been crossed on the slow manifold (layer: crossed) */
	bool stiff, level, crossed;
	double veps;
	/* the motion's own scale where it is small: its speed's estimate
	 * over 1e-3 m/s, or 1 (ode_motion_scale), and the absolute
	 * tolerances of (u, u̇) over 1e-12 */
	double sigma, atol_scale[2];
	int side;
	double far, zfar, tend;
	double t0;  /* where the phase being run started */
	double v0;  /* u̇ there (on a joint, the joint it leaves) */
	bool still; /* no acceleration there either: the joint may hold it */
	/* the measured period: record keeps samples, every accepted step's end
	 * and every phase end; dense adds one every `step` (the figures) */
	bool record, dense;
	double (*event)(double t, const double y[], void *p); /* the phase's own */
	double h_next; /* the step the last phase ended with: the next one's first */
	struct sample *s;
	size_t ns, cap;
	double stuck; /* time stuck since a trial period's or the measured one's start */
	size_t steps, phases;
	long periods_run;  /* the periods done while waiting for the steady state */
	long own;	   /* of them, the motion's own from t = 0 (not the shooting's trials) */
	double du, dv;	   /* the last run period's change of u and of u̇/ω */
	double u_last;	   /* u at the last run period's end */
	size_t evals;	   /* of the right-hand side, against budget */
	double budget;	   /* RG_BUDGET, or more for more periods asked */
	double period_cap; /* r->evals at which the current period's share ends */
	bool over;	   /* the budget ran out */
};

/* The most evaluations of the right-hand side one solve may take: about
 * a second here (the right-hand side is cheap). A narrow transition, or a
 * mass that friction holds creeping at ever smaller speeds under the
 * elliptic laws' vertical tangent at u̇ = 0, takes a hundred million; the
 * elliptic law at Δ = 1e-3 takes 20 million, free decay 8 million, the
 * shipped exercises at most 900000 (Fig. 4). */
#define RG_BUDGET 25000000
/* The most one period may take: the heaviest period of the tests (the
 * elliptic law at Δ = 1e-3, its first) takes 1.5 million; a mass that
 * friction holds creeping (P = 1e-9) stalls inside one, and is stopped
 * here in a quarter of a second rather than at RG_BUDGET. */
#define RG_PERIOD_BUDGET 6000000

/* The domain where a solve answers, in a bounded time (a second or two)
 * and with finite numbers. Every magnitude within 1e9 of 1 (squares and
 * ratios of them stay finite and far from rounding); then the ratios of
 * the oscillator's own rates to ω, which set the steps per period: the
 * spring's k/(mω²), the damper's c/(mω) and, for a smooth law, the
 * transition's h/(mωΔ). What is left unbounded inside (a mass that
 * friction holds creeps at ever smaller speeds under the elliptic laws'
 * vertical tangent at u̇ = 0, each step shorter than the last) the solve's
 * budget of steps stops (RG_BUDGET). */
#define RG_BIG	 1e9
#define RG_KAPPA 1e5
#define RG_GAMMA 1e3
#define RG_ETA	 5e3
/* Law (8)'s own limit on h/(mωΔ) for inner auto to integrate: its phases
 * inside the transition run implicitly (stiff_phase, on msbdf) and the
 * layer about u̇ = 0 is crossed on the manifold (layer), about 120,000
 * evaluations and 15-20 ms a solve over h/(mωΔ) = 3200 .. 6400, and
 * no more at 3.2e9 (inner integrate); above, reduced. */
#define RG_ETA_LAW8 2e4
/* tangent_phase's limit on h/(mωΔ) (see there) */
#define RG_TANGENT_ETA 100

/* The transient periods run before the shooting starts, and the most
 * iterations it may take. */
enum { SHOOT_TRANSIENT = 2, SHOOT_ITER = 12 };

struct shooting {
	long transient;	    /* periods run before it */
	int iterations;	    /* of Newton's method */
	bool converged;	    /* to the steady test's tolerance */
	const char *why;    /* not converged: why it gave up */
	double rho;	    /* the largest |eigenvalue| of the period map's Jacobian */
	double change, tol; /* converged: the last |P(x) − x| and the test's tolerance */
	double next[2];	    /* P of the transient's end, scaled: where a run goes on */
	int next_mode;	    /* Coulomb: the friction's sign there */
};

/* The figures drawn when first looked at (figures_later). Their samples:
 * the measured period again from its start, one every `step` (the answers
 * came from the steps' own ends, the same with figures or without), and,
 * short of the steady state, the period after it: a second integration,
 * half of a solve with figures (ragulskis: 2.0 of 4.2 ms in-process,
 * ragulskis-coulomb 1.5 of 1.9), which `solve` paid whether or not `plot`
 * followed. The run's state at the measured period's start is the solve's,
 * copied, with its buffer of samples. */
struct rg_later {
	struct rg r;
	struct sample s0;
	double T, step, tend;
	int mode0;
	bool steady;
	enum law_id li;
};

/* What the measured period gave: the extremes of u, u̇, ü and the stick. */
struct rg_found {
	double umax, umin, vmax, amin, amax, stick;
};

/* ragulskis_run.c */
double rg_force(const struct rg *r, double t, double u);
double rg_vstar(const struct rg *r, double F);
double rg_accel(const struct rg *r, double t, const double y[]);
int rg_rhs(double t, const double y[], double f[], void *p);
int rg_creep_rhs(double t, const double y[], double f[], void *p);
int rg_run_failed(const struct rg *r, struct diag *d);
int rg_advance(struct rg *r, double *t, double y[], double tend, double step, struct diag *d);

/* ragulskis_period.c */
int rg_extremum(struct rg *r, size_t off, int sign, double *out, struct diag *d);
int rg_start_mode(struct rg *r, double t, double y[]);
int rg_run_periods(struct rg *r, double *t, double y[], long *j, long *n, long upto, double T,
		   double step, struct num_settle *conv, bool *steady, struct diag *d);
int rg_shoot(struct rg *r, double *t, double y[], long *j, long periods, double T, double step,
	     struct num_settle *conv, struct shooting *sh, struct diag *d);

/* ragulskis_figures.c */
void rg_later_draw(struct figures *fs, void *p);
void rg_later_drop(void *p);

/* ragulskis_steps.c */
void rg_unsteady_why(const struct rg *r, const struct num_settle *conv, long j, char *why,
		     size_t n);
void ragulskis_steps(struct strbuf *s, const struct rg *r, const struct model_input *in,
		     const struct shooting *sh, const struct num_settle *conv, long j, bool steady,
		     size_t steps_transient, const struct rg_found *f, const char *why);

/* ragulskis.c */
enum law_id rg_law(const struct model_input *in);

#endif
