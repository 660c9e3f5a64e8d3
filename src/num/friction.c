#include "num/friction.h"

#include <math.h>

double friction_mu(const struct friction_law *law, double v)
{
	switch (law->kind) {
	case FRICTION_COULOMB:
		return law->mu;
	case FRICTION_STOKES:
		return law->k * v;
	case FRICTION_BOUCHET:
		return (law->mu0 - law->muinf) / (1.0 + law->a * v) + law->muinf;
	}
	return NAN;
}

double friction_mu_integral(const struct friction_law *law, double v)
{
	switch (law->kind) {
	case FRICTION_COULOMB:
		return law->mu * v;
	case FRICTION_STOKES:
		return 0.5 * law->k * v * v;
	case FRICTION_BOUCHET:
		/* Minguzzi §2.1; a -> 0 is Coulomb with mu0 */
		if (law->a == 0.0)
			return law->mu0 * v;
		return (law->mu0 - law->muinf) / law->a * log1p(law->a * v) + law->muinf * v;
	}
	return NAN;
}
