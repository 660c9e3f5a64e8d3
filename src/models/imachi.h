/* Imachi's graphical stepping (§3), for the models and their tests. */
#ifndef TRIBO_IMACHI_H
#define TRIBO_IMACHI_H

#include <stdbool.h>

#include "util/diag.h"

enum { IMACHI_SLIPS, IMACHI_STAYS, IMACHI_CATCHES };

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

#endif
