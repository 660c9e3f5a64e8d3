/* Friction laws μ(v) of a sliding contact, and their integrals
 * M(v) = ∫_0^v μ dv, which Minguzzi's Rayleigh function (eq. 14, 17) needs. */
#ifndef TRIBO_FRICTION_H
#define TRIBO_FRICTION_H

#include <stdbool.h>

enum friction_kind {
	FRICTION_COULOMB, /* μ(v) = mu */
	FRICTION_STOKES,  /* μ(v) = k v (viscous, per unit normal force) */
	FRICTION_BOUCHET, /* μ(v) = (mu0 - muinf)/(1 + a v) + muinf */
	FRICTION_FN,	  /* μ(v) = fn(v, ctx): a formula; M(v) by quadrature */
};

struct friction_law {
	enum friction_kind kind;
	double mu;	      /* Coulomb */
	double k;	      /* Stokes */
	double mu0, muinf, a; /* Bouchet */
	double (*fn)(double v, void *ctx);
	void *ctx;
	/* FRICTION_FN: the first v where fn gave a negative or non-finite μ,
	 * or where ∫μ dv failed; then friction_mu and friction_mu_integral
	 * return NaN from there on, and `bad` says so. */
	bool bad;
	double bad_v, bad_mu;
	void *ws; /* quadrature workspace, allocated on first use */
};

/* The coefficient at relative speed v >= 0. */
double friction_mu(struct friction_law *law, double v);
/* M(v) = ∫_0^v μ(w) dw: in closed form for the built-in laws, by adaptive
 * Gauss-Kronrod quadrature for a formula. */
double friction_mu_integral(struct friction_law *law, double v);
/* Frees what a FRICTION_FN law allocated. */
void friction_law_release(struct friction_law *law);

#endif
