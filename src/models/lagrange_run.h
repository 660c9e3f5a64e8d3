/* Model lagrange's run, shared by its pieces: the state, the equations of
 * motion, the events and the phase driver (lagrange_run.c), the decisions
 * at an event and the phases held at rest (lagrange_event.c); not for
 * other modules. */
#ifndef TRIBO_LAGRANGE_RUN_H
#define TRIBO_LAGRANGE_RUN_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "dyn/phase.h"
#include "dyn/record.h"
#include "models/lagrange_sys.h"
#include "num/ode.h"
#include "util/diag.h"
#include "util/strbuf.h"

/* The one-sided rate at which a contact's friction is taken at w = 0:
 * R = c|w| + b w²/2 gives ∂R/∂w = ±c + b δ there. */
#define LAGR_DELTA 1e-12
/* A force this close to its bound (relative), with the relative
 * acceleration this close to 0, is a tie the force's trend decides. */
#define LAGR_TIE 1e-9
/* A moment after an event, where the trend of a force at its bound is
 * read. */
#define LAGR_AHEAD(r) (1e-7 * fmax((r)->tmax, 1e-3) * (r)->scale)

enum { NK = LAGR_MAX_KINKS };
/* The state: q, q̇, then W, the work friction has taken (∫ −Q_R·q̇ dt,
 * Q_R = −∂R/∂q̇ the friction's generalized force, a stuck contact's −λ a). */
enum { NY = 2 * NQ + 1 };

struct run {
	const struct lagr *L;
	double *vals;
	double tmax;
	/* the contacts: the sense of slip, or 0 while stuck */
	int mode[NK];
	/* a decision's candidates: at w = 0, their friction left to the relay */
	bool cand[NK];
	double lam[NK]; /* stuck: the multiplier */
	/* the motion's scale: ode_motion_scale of its largest rate at the
	 * start (run_scale); the one-sided rate at a rate of 0, LAGR_DELTA
	 * times it; each component's absolute tolerance over 1e-12 */
	double scale, delta, atol_scale[NY];
	/* a norm's coordinates (L->group) */
	bool held[NQ];
	int sgn[NQ];  /* the sense of sliding of a group coordinate's phase */
	double f[NQ]; /* held: the force on the coordinate */
	bool group_held;
	double extra[NQ]; /* a generalized force added (the relay's columns) */
	double fr[NQ];	  /* the friction ∂R/∂q̇_i the forces took (stuck: the smooth part) */
	bool use_extra;
	double stop_sign;
	bool singular;
	double sing_t, sing_y[NY];
	bool cfail; /* a contact(...) could not be evaluated: cerr says why */
	struct diag cerr;
	bool dependent; /* two contacts' surfaces are one (A Aᵀ singular) */
	bool jump;	/* a decision took the state ahead to jump_t (stretch) */
	double jump_t;
	/* the last mass matrix factored (mkey, bitwise), its factor and
	 * spd_factor's verdict */
	bool mfac_ok;
	int mfac_rc;
	double mkey[NQ * NQ], mfac[NQ * NQ];
	/* a phase of a norm's coordinates all sliding, in variables of its own
	 * (lrun_norm_vars): rho = |(gw_j q̇_j)| over the norm, its start
	 * rho_ref, its end rho_end; a_ref = |(gw_j q̈_j)| at the start */
	bool norm_vars;
	bool seeded; /* the norm restarted from rest, its rates a seed of 1e-12 */
	double gw[NQ], rho_ref, rho_end, a_ref;
	double dz_prev; /* |dz/ds| at the last step's end (vars_done) */
	struct phase_vars vars;
};

/* lagrange_run.c: the state set into the values, the contacts, the forces
 * and accelerations, the events (each function says what it does there). */
void lrun_set_state(struct run *r, double t, const double *y);
double lrun_R(struct run *r); /* R at the state set; NaN where a contact fails */
bool lrun_kink_is_rate(const struct lagr *L, size_t k);
double lrun_kink_w(const struct run *r, size_t k);
void lrun_kink_a(const struct run *r, size_t k, double *a);
double lrun_kink_g(const struct run *r, size_t k);
int lrun_spd_solve(double *S, size_t k, double *b, size_t nb);
int lrun_displace(struct run *r, const size_t *set, size_t m, const double *target);
int lrun_friction(struct run *r, double *dR);
double lrun_bound(struct run *r, size_t k);
void lrun_coordinate_sides(struct run *r, size_t i, double *up, double *down);
int lrun_accelerations(struct run *r, double *qdd);
int lagr_rhs(double t, const double y[], double dydt[], void *p);

size_t lrun_nevents(const struct lagr *L);
void lagr_events(double t, const double y[], double *g, void *p);
double lrun_energy(struct run *r, double t, const double *y);

/* lagrange_norm.c: a norm of the rates: Kozlov's test at rest (the
 * largest f.u - R'(0; u), its direction in ustar), a restart's direction
 * refined; whether the phase from (t, y) runs in the norm's variables
 * (mode set), and the last stretch of one that ended at its stop (1: rho
 * not falling, the run goes on; 2: tmax came first, the state is tmax's). */
void lrun_refine_direction(struct run *r, double *u);
double lrun_group_margin(struct run *r, double *ustar);
/* Whether a start's rates of a norm can be held in its variables: 0, or
 * -1 with d (lagrange_norm.c). */
int lrun_norm_start(const struct run *r, const double *y, const double *M, struct diag *d);
bool lrun_norm_vars(struct run *r, double t, const double *y, struct phase_mode *mode);
int lrun_norm_finish(struct run *r, double *t, double *y, double tmax, struct strbuf *s);

/* lagrange_event.c: the decisions at an event, the phases held at rest,
 * the figures and the failure of a run. */
int lrun_settle_group(struct run *r, double t, double *y, bool at_bound, struct strbuf *s);
int lrun_decide(struct run *r, double t, double *y, size_t brk, bool start, struct strbuf *s);
void lrun_figures_of(const struct lagr *L, const struct record *tr, struct figures *fs);
/* The figures of tr (moved: *tr left empty) drawn when first looked at. */
void lrun_figures_later(const struct run *r, struct record *tr, struct figures *fs);
int lrun_run_failure(struct run *r, struct diag *d, double t, const double *y);
bool lrun_held_fixed(struct run *r, bool *uniform);
int lrun_held_phase(struct run *r, struct phase_run *run, double *t, const double *y, double step,
		    struct ode_end *end, struct diag *d);
bool lrun_rests(struct run *r, double t, double *y, bool *free_still);
int lrun_after_event(struct run *r, size_t which, double t, double *y, struct strbuf *s);

#endif
