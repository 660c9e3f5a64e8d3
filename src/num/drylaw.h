/* Dry-friction laws H(u̇) for a mass sliding on a fixed surface, as forces
 * (the friction acts as −H(u̇) in m ü = … − H). One piece for every model
 * that integrates dry friction and needs a regularization.
 *
 * Ragulskis et al., "Investigation of elliptical approximation in the
 * model of the force of dry friction" (2018), eq. (1)-(10):
 *   - drylaw_E: the elliptic transition of eq. (7) between (u̇1, H1) and
 *     (u̇2, H2). Two quarter ellipses with centres (u̇1, H_c) and (u̇2, H_c),
 *     u̇_c = (u̇1 + u̇2)/2, H_c = (H1 + H2)/2, a = (H2 − H1)/2,
 *     b = (u̇2 − u̇1)/2 (eq. 1-4): horizontal tangents at u̇1 and u̇2, a
 *     vertical tangent at u̇_c, where E = H_c.
 *   - the law (8): E(−Δ, Δ, −h, h, u̇) for |u̇| < Δ, ±h beyond. Continuous
 *     with a continuous slope at ±Δ (the curvature jumps there); near 0 it
 *     grows like h √(2|u̇|/Δ).
 *   - the peaked law (10), h_a = h Δ_a/Δ: E(−Δ−Δ_a, Δ+Δ_a, −h−h_a, h+h_a)
 *     for |u̇| < Δ+Δ_a, then E(Δ+Δ_a, Δ+2Δ_a, h+h_a, h) (and its mirror) down
 *     to ±h at |u̇| ≥ Δ+2Δ_a. Vertical tangents at 0 and ±(Δ+1.5Δ_a).
 *   - h tanh(u̇/Δ), a common smooth law, for comparison.
 *   - Coulomb, h sgn u̇: set-valued at u̇ = 0 (|H| ≤ h), which an integrator
 *     handles as stick/slip; drylaw_H returns 0 there. */
#ifndef TRIBO_DRYLAW_H
#define TRIBO_DRYLAW_H

#include <stddef.h>

enum drylaw_kind {
	DRYLAW_ELLIPTIC,      /* eq. (8) */
	DRYLAW_ELLIPTIC_PEAK, /* eq. (10) */
	DRYLAW_COULOMB,	      /* h sgn u̇ */
	DRYLAW_TANH,	      /* h tanh(u̇/Δ) */
};

struct drylaw {
	enum drylaw_kind kind;
	double h;	/* the friction force at large |u̇| */
	double Delta;	/* width of the transition */
	double Delta_a; /* (10): width of the peak's descent */
};

/* Eq. (7). Needs u̇1 < u̇2; u̇ outside [u̇1, u̇2] gives the nearer end's H. */
double drylaw_E(double u1, double u2, double H1, double H2, double v);
/* Eq. (8). */
double drylaw_elliptic(double h, double Delta, double v);
/* Eq. (10). */
double drylaw_elliptic_peak(double h, double Delta, double Delta_a, double v);
double drylaw_tanh(double h, double Delta, double v);
/* The law's force at u̇ = v. */
double drylaw_H(const struct drylaw *law, double v);
/* The velocities where the law is not smooth (its joints, its vertical
 * tangents and u̇ = 0), ascending, into j[0..max); returns how many (at
 * most 7). Between two of them the law is analytic. */
size_t drylaw_joints(const struct drylaw *law, double *j, size_t max);

/* One pair of quarter ellipses of eq. (7) about its vertical tangent at
 * u̇_c: H_c, a and b of eq. (2)-(4). There H ~ √|u̇ − u̇_c|, so a solution
 * u̇(t) that crosses u̇_c is not smooth in t; in z = √|u̇ − u̇_c| it is:
 * H(u̇_c ± z²) = H_c ± a (z/√b) √(2 − z²/b) for z² ≤ b, computed so
 * without the cancellation of 1 − x² near the tangent. */
struct drylaw_tangent {
	double uc, Hc, a, b;
};
/* Whether the law has a vertical tangent at the joint u̇ = j, and then its
 * ellipses in *tg. */
int drylaw_vertical(const struct drylaw *law, double j, struct drylaw_tangent *tg);
/* H(u̇_c + side·z²), side = ±1, on the ellipses of tg. */
double drylaw_tangent_H(const struct drylaw_tangent *tg, int side, double z);

#endif
