/* Model ladder, shared by its pieces: the statement, the ladder's
 * mechanics and the solve (ladder.c), the run and its figures
 * (ladder_run.c) and the worked steps (ladder_steps.c); not for other
 * modules. */
#ifndef TRIBO_LADDER_SYS_H
#define TRIBO_LADDER_SYS_H

#include <stdbool.h>
#include <stddef.h>

#include "dyn/law.h"
#include "dyn/record.h"
#include "models/model.h"
#include "num/figure.h"
#include "util/diag.h"
#include "util/strbuf.h"

/* What holds the ladder in a phase: both contacts sliding, the floor alone
 * with the foot sliding, or the floor alone with the foot held by static
 * friction (the ladder pivots about it). */
enum phase { PH_TWO, PH_FLOOR, PH_PIVOT, PH_N };

enum outcome {
	OUT_RESTS,
	OUT_STOPS,
	OUT_FALLS,
	OUT_HITS_WALL,
	OUT_LIFTS_OFF,
	OUT_UPRIGHT,
	OUT_MOVING,
	OUT_PARADOX,
	OUT_JAM
};

/* "jam": a Painlevé-type jam at the start: on the wall the wall would have
 * to pull (λ_wall < 0), off it the top would move into the wall; no motion
 * of the rigid ladder fits, and none is followed. */
extern const char *const lad_outcome_word[];

struct lad {
	double m, L, h, I, g, muf, muw, k;
	enum law_id law;
	double phi[9];
	double omega[9]; /* family: Ω in ξ = (θ, f_floor, f_wall), row-major */
	enum phase ph;
	double sig;    /* PH_TWO: sgn θ̇ held in the phase */
	double sigf;   /* PH_FLOOR, coulomb: sgn of the foot's sliding speed */
	bool wall_tie; /* PH_TWO: λ_wall within rounding of 0 and rising (see
			* wall_turns_in): its event is |λ_wall| for a short stretch */
	double fscale, tscale, vreg;
};

/* The state of a phase: multipliers (floor first; the wall's, or the held
 * foot's tangential force), accelerations, the system's determinant
 * against the frictionless one, and Kozlov's |R|. */
struct dyn {
	double lam[2];
	double qdd[3];
	double det;
	double R;
	int n;
};

/* Every reason to end the phase, each positive while it goes on; their
 * minimum crosses zero at the first. 0: sliding stops (both contacts
 * together in PH_TWO, the foot in PH_FLOOR) or the held foot slips; 1: the
 * top leaves the wall; 2: the floor's normal force vanishes; 3: the
 * multipliers' system is singular (a paradox); 4: the ladder lies on the
 * floor; 5: it stands upright (PH_TWO) or meets the wall again. */
enum { EV_STOP, EV_WALL, EV_FLOOR, EV_PARADOX, EV_FALLS, EV_UP, EV_N };

struct run {
	enum outcome outcome;
	double t_end, t_leave, th_leave, t_floor;
	double y[6];
	size_t steps;
	bool moved;
	const char *why;	/* "wall": the paradox of the projected law at the top's leaving */
	double fdd_wall;	/* projected: f̈_wall on the floor alone as the top left */
	double jam_lw, jam_acc; /* OUT_JAM: λ_wall on the wall, f̈_wall off it */
	double lift_lf;		/* OUT_LIFTS_OFF: the λ_floor that would pull */
};

/* What lad_solve finds before and besides the run. */
struct lad_found {
	double thmin, lf_lim, lw_lim; /* the limiting equilibrium */
	double resid;		      /* (7.4) at θ0 */
	bool cond74;
	double lf, lw; /* the normal forces at the start */
};

/* ladder.c: the ladder's mechanics */
void lad_law_matrix(const struct lad *r, double th, double Phi[9]);
int lad_rows(const struct lad *r, enum phase ph, const double y[6], double J[2][3], double Z[2]);
bool lad_classical(const struct lad *r);
double lad_frictionless(const struct lad *r, int n, double J[2][3], const double Z[2],
			const double Fa[3], double lam[2]);
void lad_two_state(const struct lad *r, double th, double thd, double y[6]);
void lad_classical_g(const struct lad *r, enum phase ph, double th, double G[2][3]);
void lad_dyn_at(const struct lad *r, enum phase ph, const double y[6], struct dyn *o);
int lad_rhs(double t, const double y[], double f[], void *p);
double lad_foot_speed(const struct lad *r, const double y[6]);
double lad_event_parts(const struct lad *r, const double y[6], double parts[EV_N]);
double lad_event(double t, const double y[], void *p);
bool lad_can_rest(const struct lad *r, double th);

/* ladder_run.c: the run from (θ0, θ̇0) to tmax, *out its end, tr (NULL or a
 * record) its points; the run's figures */
int lad_run_ladder(struct lad *r, double th0, double thd0, double tmax, struct run *out,
		   struct record *tr, struct diag *d);
void lad_figures(struct figures *fs, const struct record *tr, const struct run *run, double h);

/* ladder_steps.c: the worked steps */
void lad_steps(struct strbuf *s, const struct lad *r, const struct lad_found *fd,
	       const struct run *run, double theta0_deg, double thd0);

#endif
