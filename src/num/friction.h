/* Friction laws μ(v) of a sliding contact, and their integrals
 * M(v) = ∫_0^v μ dv, which Minguzzi's Rayleigh function (eq. 14, 17) needs. */
#ifndef TRIBO_FRICTION_H
#define TRIBO_FRICTION_H

enum friction_kind {
	FRICTION_COULOMB, /* μ(v) = mu */
	FRICTION_STOKES,  /* μ(v) = k v (viscous, per unit normal force) */
	FRICTION_BOUCHET, /* μ(v) = (mu0 - muinf)/(1 + a v) + muinf */
};

struct friction_law {
	enum friction_kind kind;
	double mu;	      /* Coulomb */
	double k;	      /* Stokes */
	double mu0, muinf, a; /* Bouchet */
};

/* The coefficient at relative speed v >= 0. */
double friction_mu(const struct friction_law *law, double v);
/* M(v) = ∫_0^v μ(w) dw, in closed form. */
double friction_mu_integral(const struct friction_law *law, double v);

#endif
