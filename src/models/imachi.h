/* Imachi's graphical stepping (§3), for the models and their tests. */
#ifndef TRIBO_IMACHI_H
#define TRIBO_IMACHI_H

#include <stdbool.h>
#include <stddef.h>

#include "num/figure.h"
#include "num/settle.h"
#include "util/diag.h"

enum { IMACHI_SLIPS, IMACHI_STAYS, IMACHI_CATCHES };

/* The graphical solve's table "steps": a row a step of the construction,
 * from point r to r+1, with everything Imachi draws for it (the first
 * IMACHI_STEPS_KEPT steps of the run). */
#define IMACHI_STEPS_KEPT 20000
#define IMACHI_STEP_COLS                                                                           \
	"r|tau|dtau|u_x|u_y|v_x|v_y|vh_x|vh_y|s_x|s_y|sh_x|sh_y|reach|mu0_dtau|mu1_dtau|on_base|"  \
	"state|"                                                                                   \
	"u1_x|u1_y|v1_x|v1_y"
enum {
	SC_R,	 /* the step's first point r (0 the start) */
	SC_TAU,	 /* τ = rΔτ */
	SC_DTAU, /* Δτ = π/n */
	SC_UX,	 /* u_r, the point r */
	SC_UY,
	SC_VX, /* v_r, the point r' */
	SC_VY,
	SC_VHX, /* v at τ + Δτ/2, the point (r+½)' */
	SC_VHY,
	SC_SX, /* s_r = u_r + sΔτ */
	SC_SY,
	SC_SHX, /* s'_r = u_r + sΔτ/2 */
	SC_SHY,
	SC_REACH,  /* |(r+1)' − s_r|, what the circles test */
	SC_R0,	   /* μ0Δτ */
	SC_R1,	   /* μ1Δτ */
	SC_ONBASE, /* 1: u_r = v_r, on the base, the μ1 test applies */
	SC_STATE,  /* IMACHI_SLIPS, IMACHI_STAYS or IMACHI_CATCHES */
	SC_U1X,	   /* u_{r+1}, the point r+1 */
	SC_U1Y,
	SC_V1X, /* v_{r+1}, the point (r+1)' */
	SC_V1Y,
	IM_STEP_NCOLS
};

/* One step Δτ = h of Imachi's ruler-and-compass construction in the
 * hodograph plane, the force s along x: from u_r (u), with the base at
 * (r+½)' (vh) and (r+1)' (v1), gives u_{r+1} (out):
 *   s_r = u_r + s h, s'_r = u_r + s h/2,
 *   u_{r+1} = s_r + μ0 h e, e = (v_{r+½} − s'_r)/|v_{r+½} − s'_r|,
 * the point where the line through s_r parallel to s'_r(r+½)' meets the
 * circle of radius μ0 h about s_r. Fig. 3: on the base (stuck) the mass
 * stays on it while (r+1)' is within μ1 h of s_r (IMACHI_STAYS); it
 * catches the base when (r+1)' is within μ0 h of s_r (IMACHI_CATCHES). */
int imachi_step(double s, double mu0, double mu1, double h, const double u[2], const double vh[2],
		const double v1[2], bool stuck, double out[2]);

/* Imachi's two coefficients: the static mu1 is not below the kinetic mu0
 * (both models' check, in the same words). */
int imachi_check_friction(double mu0, double mu1, struct diag *d);
/* The start's speed |u0| (relative to the ground) within what the period
 * map's test can follow: for |s| < μ0 at most a + 10⁸ (μ0 − |s|), and at
 * most 1e100. */
int imachi_check_start(double u0, double a, double s, double mu0, struct diag *d);

/* The problem's velocity scale in Imachi's units, max(a, |s|, μ0): the
 * base's amplitude, and u changes by s and μ0 per unit τ. Both models'
 * period test and ODE tolerance are relative to it. */
double imachi_scale(double a, double s, double mu0);
/* A number settled to 1e-9 of that scale (a mean, a drift: the cycle's
 * tolerance) has no digits below it: round-off there is 0. */
double imachi_settled(double x, double a, double s, double mu0);
/* Both models' period test, started (num/settle.h): the period map has
 * repeated over two successive periods (one repeat can be a transient's
 * pause), to 1e-9 of |u|, or, where u is smaller, of the motion's own
 * velocity scale, so that the same problem scaled by 1e-8 settles as late.
 * With |s| < μ0 friction holds the mass within reach of the base, and that
 * scale is max(a, |u0|): against max(a, |s|, μ0) a base at a = 1e-10
 * under a mass at rest "repeated" in its first period, the landing's
 * transient taken for a limit cycle. Otherwise it is imachi_scale. The
 * tolerance is at most 1e-7 of what the forces can change u by in a
 * period, 2π(μ0 + |s|): relative to |u| alone, a base at a = 1e10 under
 * forces of order 1 had a tolerance (10) wider than a period's whole
 * change (5), and its first period "repeated". */
struct num_settle imachi_settle(double a, double s, double mu0, double u0, long periods);
/* Why the limit cycle's answers do not exist after k periods of a run
 * that did not drift: the test (`map`, "the period map") repeated once
 * only, or still changed by `change` against `tol`. */
void imachi_unsettled_why(char *why, size_t size, const char *map, long k, double change,
			  double tol);
/* The graphical construction's budget, about a second of steps (2n a
 * period): refused before period k + 1 would take it past `max`. */
int imachi_graphical_budget(long k, int n, double max, struct diag *d);
/* A row (τ, u…, state) of a trace table, whose first `key` columns say
 * where it is: the same point as the last row only updates its last
 * column, the latest state. */
void imachi_trace_row(struct table *tab, const double *row, size_t key);
/* The start is within 1e-9 (relative) of the base's velocity v0 (n parts):
 * it is taken on the base, and the forces decide whether it sticks, not
 * the sign of a rounding-level difference. Returns whether it moved u0. */
bool imachi_snap_start(double *u0, const double *v0, int n, double scale);

#endif
