/* The test that ends a run of periods: has the period map repeated?
 *
 * The state x at the end of a period (a vector in the model's own units,
 * its parts scaled alike by the caller) is compared with the state one
 * period before. The run has settled when
 *
 *     |x − x_prev| ≤ rtol · max(|x|, floor)        (Euclidean norms)
 *
 * relative to the state's size, with an absolute floor in the state's
 * units, so that a state that settles at or near zero (a mass come to
 * rest, a limit cycle through the origin) still passes instead of asking
 * for a relative change below the integration's own rounding. A zero
 * floor is allowed only where the state cannot reach zero.
 *
 * What each model passes (rtol = 1e-9 in all):
 *   imachi:     x = u (2-D), floor = max(a, |s|, μ0): the problem's velocity
 *               scale (the base's amplitude; u changes by s and μ0 per unit τ);
 *               need = 2, tol_max = 1e-7 · 2π(μ0 + |s|) (imachi_settle)
 *   imachi-1d:  x = u,       the same floor, need and tol_max; a drift with
 *               no cycle is certified by the model, not declared endless
 *   ragulskis:  x = (u, u̇/ω), floor = 10⁻³ max((P + h)/(k + mω²), |u0|, |u̇0|/ω),
 *               the forcing's length scale: 1e-9 of it is the integration's
 *               1e-12 accuracy; need = 2 (a fixed point found by shooting
 *               is run two periods to pass it) */
#ifndef TRIBO_SETTLE_H
#define TRIBO_SETTLE_H

#include <stdbool.h>
#include <stddef.h>

struct num_settle {
	double rtol;  /* relative tolerance */
	double floor; /* the absolute floor on the scale, in the state's units */
	long cap;     /* the most periods the run may take (for the progress report) */
	bool endless; /* no periodic state exists: never settles, only the cap ends the run */
	/* Passes in a row the run needs to have settled (0 or 1: one): 2 asks
	 * the motion to repeat over two successive periods after the
	 * transient, u(k−2), u(k−1), u(k) all within the tolerance. */
	int need;
	/* The most the tolerance may be, in the state's units (0: no bound):
	 * a relative tolerance on a large state (a base at a = 1e10 with
	 * forces of order 1) can be wider than all the forces change in a
	 * period, and then any transient passes for a cycle. */
	double tol_max;
	int run;	    /* passes in a row so far */
	long count;	    /* periods checked */
	double change, tol; /* the last check's |x − x_prev| and rtol·max(|x|, floor) */
};

/* Starts a run: count 0, and the progress report (num_progress_settle). */
void num_settle_start(struct num_settle *s);

/* One period's end: x against prev, both of n parts. Counts the period,
 * reports progress, and returns whether the run has settled. */
bool num_settle_check(struct num_settle *s, const double *x, const double *prev, size_t n);

#endif
