/* Model painleve's rod, shared by its pieces: the statement, the rod's
 * mechanics and the solve (painleve.c), the rigid run (painleve_rigid.c),
 * the compliant run (painleve_compliant.c) and the figures
 * (painleve_figures.c); not for other modules. */
#ifndef TRIBO_PAINLEVE_ROD_H
#define TRIBO_PAINLEVE_ROD_H

#include <stdbool.h>
#include <stddef.h>

#include "dyn/law.h"
#include "dyn/phase.h"
#include "dyn/record.h"
#include "models/model.h"
#include "num/figure.h"
#include "num/ode.h"
#include "util/diag.h"

/* A point of a phase of the rigid run: its time, state, λ and dλ/dt,
 * sliding, g = λ − λ0 and dg/dt (0 held), the stiffness ratio, the
 * largest rate and the number of rates the ratio counts. */
struct peak_pt {
	double t, y[4], lambda, dl, dev, ddev, ratio, fastest;
	int nfast;
};

/* Where the stiffness ratio's least upper bound may lie, refined once the
 * run is over (none where a Kozlov law stops it): a peak about a step end
 * (tm, fm its time and negated ratio) or in a phase's first or last step
 * (tm nan), or a crossing of 1/tmax between two step ends; est its
 * estimate, at_rest and sigma the phase's. */
enum ratio_kind { RC_PEAK, RC_CROSSING };
struct ratio_cand {
	enum ratio_kind kind;
	struct peak_pt lo, hi;
	double tm, fm, est, sigma;
	bool at_rest;
};
enum { RC_MAX = 16 };

/* The largest λ and stiffness ratio of the rigid run so far, and the last
 * step ends of the phase being run (p0 taken, p1 seen after it, pm the one
 * before p0). */
struct peak {
	struct peak_pt pm, p0, p1;
	bool has_pm, has_p1;
	double max;
	int status;	  /* -1 once a search for a maximum has failed (diag filled) */
	double ratio_max; /* the run's largest stiffness ratio so far */
	struct ratio_cand cand[RC_MAX];
	int ncand;
};

struct rod {
	double m1, m2, l, g;
	enum law_id law;
	double mu, k;
	double phi[9];	 /* matrix law, row-major */
	double omega[9]; /* family law: Ω, row-major, last column (0, 0, ν) */
	int contact;
	double kc, cc;
	double sigma; /* coulomb: direction of sliding held in a phase */
	double v_reg; /* compliant coulomb: regularizing speed */
	/* rigid, Kozlov's laws: the motion's scale, its start's speed over
	 * 1e-3 m/s where smaller, or 1 (rod_run_rigid), and the state's
	 * absolute tolerances over 1e-12 */
	double scale, atol_scale[4];
	double stiff_threshold;
	double slow;	/* rates below this (1/tmax) are not time scales of the run */
	bool at_rest;	/* coulomb: the phase being run holds the foot (static friction) */
	double fscale;	/* rigid: (m1+m2) g, the scale of the contact's forces */
	double tscale;	/* rigid: √(l/g), the time scale of the fall */
	struct peak pk; /* rigid: the largest λ met along the run */
	/* rigid, sliding (compliant: every state): the largest (2.9) residual
	 * and |λ − λ0| met, and the range of θ of the phase being run */
	double res_max, dev_max, th_lo, th_hi;
	struct diag *d;
};

/* The sliding contact (y = 0, ẏ = 0): λ from ÿ = 0, i.e.
 * λ D = −b0 with b0 = (A⁻¹X)_y and D = (A⁻¹(e_y + G))_y, eq. (2.13). */
struct slide {
	double b0, D, lambda;
	double qdd[3];
};

enum outcome { OUT_STOPS, OUT_SLIDES, OUT_LIFTS_OFF, OUT_PARADOX, OUT_FALLS, OUT_RESTS, OUT_HELD };

/* What the contact does at a recorded point of the run (the figures draw
 * each with its own line). */
enum phase { PH_BACK, PH_FORWARD, PH_SLIDES, PH_REST, PH_FLIGHT, PH_N };

/* The phases' words in the figures' keys (painleve_rigid.c). */
extern const char *const rod_phase_label[PH_N];

/* The outcomes' words (painleve_rigid.c). */
extern const char *const rod_outcome_word[];

/* The foot held at rest by static friction (ẍ = ÿ = 0): the rod pivots
 * about it, θ̈ = X_θ/A_θθ = −(g/l) cosθ, and the contact must supply the
 * tangential force F_x = A_xθ θ̈ − X_x and the normal force λ = A_yθ θ̈ − X_y:
 * λ = (m1+m2) g + m2 l (cosθ θ̈ − sinθ θ̇²), F_x = −m2 l (sinθ θ̈ + cosθ θ̇²). */
struct stick {
	double thdd, lambda, Fx;
};

/* A run's solution inside one accepted step, re-integrated from the
 * step's start (t0, y0) as the step was taken, and the rate of the normal
 * force there: dλ/dt of the rigid run, dN/dt of the compliant one. */
struct dense {
	struct rod *r;
	struct ode_system sys;
	ode_jacobian *jac;
	enum ode_method method;
	double tol, t0;
	const double *y0;
	double (*rate)(struct rod *r, const double *y);
	double y[6];
	int status;
};

struct run {
	enum outcome outcome;
	double t_end;
	double y[6]; /* x, θ, y, ẋ, θ̇, ẏ */
	double ratio;
	bool stiff;
	double N_max;
	size_t steps;
	int slips; /* times the contact came to rest and slid on */
	const char *why;
	/* the first slip of a stuck foot: t, θ, θ̇, λ and F_x there (nan: none) */
	double t_slip, th_slip, thd_slip, lambda_slip, Fx_slip;
	double t_stick; /* the first stick phase's start (nan: none) */
	int sticks;	/* stick phases */
};

enum { STIFF_EVERY = 20 }; /* accepted steps between two stiffness checks */

/* painleve.c: the rod's mechanics */
void rod_inertia(const struct rod *r, double th, double A[9]);
void rod_inertia_inv(const struct rod *r, double th, double Ai[9]);
/* rod_inertia_inv and rod_forces at s = sin θ, c = cos θ (the same
 * numbers, bit for bit): for a right-hand side that needs both */
void rod_inertia_sc(const struct rod *r, double s, double c, double A[9]);
void rod_inertia_inv_sc(const struct rod *r, double s, double c, double Ai[9]);
void rod_forces_sc(const struct rod *r, double s, double c, double thd, double X[3]);
void rod_matvec(const double A[9], const double v[3], double out[3]);
void rod_law_matrix(const struct rod *r, double th, double Phi[9]);
/* rod_law_matrix from A and A⁻¹ at θ, already had */
void rod_law_matrix_of(const struct rod *r, const double A[9], const double Ai[9], double Phi[9]);
double rod_cond29_residual_of(const double A[9], const double Phi[9], const double Ai[9],
			      double w[3]);
bool rod_classical(const struct rod *r);
void rod_forces(const struct rod *r, double th, double thd, double X[3]);
void rod_friction_dir(const struct rod *r, double th, const double qd[3], double vreg, double G[3]);
void rod_slide_state(const struct rod *r, double th, double xd, double thd, struct slide *o);
bool rod_slide_presses(struct rod *r, double th, double thd, double Fx);
double rod_mu_crit_at(const struct rod *r, double th, double sigma);

/* painleve_rigid.c: the rigid run; *out the run's end, tr (NULL or a record) its points */
void rod_stick_state(const struct rod *r, double th, double thd, struct stick *o);
int rod_dense_peak(struct dense *dn, double t1, double tol, struct diag *d);
double rod_cond29_residual_at(const struct rod *r, double th);
/* The largest rod_cond29_residual_at over θ in [lo, hi]: -1 with r->d
 * filled where the search fails */
int rod_cond29_max(struct rod *r, double lo, double hi, double *max);
int rod_run_rigid(struct rod *r, double th0, double xd0, double thd0, double tmax, struct run *out,
		  struct record *tr, struct diag *d);

/* The largest value of the cubic through N0, N1 with slopes A0 > 0, A1 < 0
 * (the rates times the step) at the ends of [0, 1] (painleve_compliant.c). */
double rod_hermite_peak(double N0, double A0, double N1, double A1);

/* painleve_compliant.c: the compliant run, as run_rigid; the ratio of the
 * Jacobian's fastest to its slowest time scale at y */
void rod_jac_ratio(struct rod *r, int (*rhs)(double, const double[], double[], void *), size_t n,
		   const double y[], double *ratio);
/* that ratio at y, 0 where it cannot be had; *nfast the number of rates it
 * counts (faster than 1/tmax), -1 there, and *fastest the largest, 0 there
 * (each NULL: not wanted) */
double rod_jac_ratio_at(struct rod *r, int (*rhs)(double, const double[], double[], void *),
			size_t n, const double y[], int *nfast, double *fastest);
int rod_run_compliant(struct rod *r, double th0, double xd0, double thd0, double tmax,
		      struct run *out, struct record *tr, struct diag *d);

/* painleve_figures.c: the figures of a run and of μ_crit(θ) */
void rod_run_figures(struct figures *fs, const struct record *tr, bool compliant,
		     const struct run *run);
void rod_mu_crit_figure(struct figures *fs, const struct rod *r, double th0_deg, double mu,
			double mu_min, double th_min);
/* The run's figures and μ_crit(θ)'s, left to fs to draw when first looked
 * at (figures_later): tr (its extras maybe still owed, record_extras) is
 * moved there and left empty, r and run copied. */
void rod_figures_later(struct figures *fs, const struct rod *r, struct record *tr, bool compliant,
		       const struct run *run, double th0_deg, double mu_min, double th_min);

#endif
