/* Minguzzi's integrals over a flat contact, "Rayleigh's dissipation
 * function at work", eq. (17)-(23): a flat body (disk, ring, annulus or
 * rectangle) slides and spins on a plane that translates under it.
 *
 * The point x of the body (measured from its centre) slides over the base
 * with v_r(x) = u + ω ẑ × x, u the velocity of the centre relative to the
 * base. The pressure is uniform or Reye's p = k/v_r, normalized so that it
 * carries the normal force N (eq. 19). Then, with ⟨·⟩ the mean weighted by
 * the pressure,
 *   R = N ⟨M(v_r)⟩, M(v) = ∫_0^v μ           (eq. 17, 20, 21)
 *   Q_k = -N ⟨μ(v_r) ∂v_r/∂q̇_k⟩              (eq. 18)
 *   P = N ⟨μ(v_r) v_r⟩                         (eq. 22, 23)
 * with q̇ = (u_x, u_y, ω): ∂v_r/∂u = v̂, ∂v_r/∂ω = (x × v̂)_z.
 *
 * Where ω ≠ 0 the body turns about the instantaneous centre c, where
 * v_r = 0: Reye's weight is singular there and v̂ jumps. The surface
 * integrals are taken in polar coordinates about c whenever c is in or
 * near the body (v_r = |ω| ρ exactly, and Reye's dA/v_r = dρ dθ/|ω| is
 * finite), with the angular range split where the boundary has kinks; in
 * polar coordinates about the body's centre otherwise. */
#ifndef TRIBO_CONTACT_H
#define TRIBO_CONTACT_H

#include <gsl/gsl_integration.h>
#include <stdbool.h>

#include "num/friction.h"
#include "util/diag.h"

enum contact_shape { SHAPE_DISK, SHAPE_RING, SHAPE_ANNULUS, SHAPE_RECT };
enum contact_pressure { PRESSURE_UNIFORM, PRESSURE_REYE };

struct contact {
	enum contact_shape shape;
	double r;	      /* disk, ring, annulus: (outer) radius */
	double r_in;	      /* annulus: inner radius, 0 < r_in < r */
	double width, height; /* rect: sides along x and y, centred */
	enum contact_pressure pressure;
	struct friction_law *law;
	double N; /* normal force */
};

/* The relative motion: the centre's velocity minus the base's, the spin. */
struct contact_motion {
	double ux, uy, wz;
};

struct contact_forces {
	double R;	       /* Rayleigh function */
	double Qx, Qy, Qtheta; /* generalized forces by eq. (18) */
	double P;	       /* dissipated power */
	double weight;	       /* ∫ w dA, w = 1 or 1/v_r (the normalization) */
	double qtol, ttol;     /* the quadrature's absolute tolerance on Qx, Qy; on Qθ */
};

enum {
	CONTACT_R = 1,
	CONTACT_QXY = 2,
	CONTACT_QTHETA = 4,
	CONTACT_P = 8,
	CONTACT_ALL = 15,
};

/* Checks the shape's dimensions; names the offending parameter. */
int contact_check(const struct contact *c, struct diag *d);
/* Area of the contact (length for a ring) and its circumradius. */
double contact_measure(const struct contact *c);
double contact_size(const struct contact *c);

/* Where v_r = 0: the instantaneous centre (relative to the body's centre). */
enum contact_where { CENTRE_NONE, CENTRE_INSIDE, CENTRE_EDGE, CENTRE_OUTSIDE };
struct contact_centre {
	enum contact_where where; /* NONE: no spin, the body translates */
	double cx, cy;
	bool pole_at_centre; /* the integrals are taken in polar coordinates about c */
};
void contact_centre(const struct contact *c, struct contact_motion m, struct contact_centre *out);

/* Computes what `want` asks for (the other fields are left 0). Fails when
 * nothing slides (u = 0 and ω = 0), when Reye's pressure cannot be
 * normalized, when the friction law gives a bad μ, or when a quadrature
 * does not converge. */
int contact_eval(const struct contact *c, struct contact_motion m, unsigned want,
		 struct contact_forces *f, struct diag *d);

/* A ring (SHAPE_RING) of uniform pressure under Coulomb friction: R, Q and
 * Q_θ in closed form, by complete elliptic integrals (for the polisher's
 * equations of motion, where the quadrature took 94% of a solve). Returns
 * 1, f untouched, where a point of the ring is (nearly) at rest, k → 1,
 * or nothing slides: contact_eval's quadrature is the way there. The
 * rayleigh model keeps the quadrature, which this checks. */
int contact_ring_exact(const struct contact *c, struct contact_motion m, struct contact_forces *f);

/* Under Coulomb friction, a uniform disk, Reye's disk or a uniform ring
 * (shape SHAPE_RING, the pressure not looked at) that turns about the
 * point at distance e r from its centre (e = |u|/(r |ω|) > 0, finite):
 * the force F and the torque T in units of mu N and mu N r, in closed
 * form (complete elliptic integrals; gl a 32-point Gauss-Legendre table
 * for small moduli). The force is along -u, the torque against ω. */
void contact_coulomb_closed(const gsl_integration_glfixed_table *gl, enum contact_shape shape,
			    enum contact_pressure pr, double e, double *F, double *T);

/* ∂R/∂(u_x, u_y, ω) by differentiating R, weights and all: GSL's 5-point
 * central differences of the quadrature, steps 1e-3 of the velocity scale. */
int contact_gradient(const struct contact *c, struct contact_motion m, double grad[3],
		     struct diag *d);

#endif
