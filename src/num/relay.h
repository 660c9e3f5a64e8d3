/* Several Coulomb contacts at rest, decided together: the relay problem
 *
 *	w = W z + q,	−w ∈ N_[lb, ub](z)
 *
 * (z_k = lb_k ⇒ w_k ≥ 0, z_k = ub_k ⇒ w_k ≤ 0, lb_k < z_k < ub_k ⇒ w_k = 0).
 * With z = −λ, the contacts' friction multipliers bounded by ±c, and w their
 * relative accelerations, it says at once which contacts stick (w_k = 0,
 * |λ_k| ≤ c_k) and which slip (λ_k = ±c_k against w_k). W (the Delassus
 * matrix A M⁻¹ Aᵀ) symmetric positive definite gives one solution. Solved
 * by Siconos' numerics library (Lemke's method on the relay's LCP); one
 * contact alone in closed form, without loading it. */
#ifndef TRIBO_RELAY_H
#define TRIBO_RELAY_H

#include <stddef.h>

#include "util/diag.h"

/* W is n×n, row-major; z and w receive the solution. Returns 0, or -1 with
 * d set when the solver does not converge. */
int num_relay_solve(size_t n, const double *W, const double *q, const double *lb, const double *ub,
		    double *z, double *w, struct diag *d);

#endif
