#include "num/drylaw.h"

#include <math.h>

double drylaw_E(double u1, double u2, double H1, double H2, double v)
{
	const double uc = (u1 + u2) / 2, Hc = (H1 + H2) / 2; /* eq. (1), (2) */
	const double a = (H2 - H1) / 2, b = (u2 - u1) / 2;   /* eq. (3), (4) */
	if (v <= u1)
		return H1;
	if (v >= u2)
		return H2;
	/* eq. (7): ellipses (5) and (6), centred at (uc ∓ b, Hc) = (u1, Hc)
	 * and (u2, Hc); rounding may put the square root's argument a hair
	 * below 0 at uc */
	if (v <= uc) {
		double x = (v - u1) / b;
		return Hc - a * sqrt(fmax(0.0, 1 - x * x));
	}
	double x = (v - u2) / b;
	return Hc + a * sqrt(fmax(0.0, 1 - x * x));
}

double drylaw_elliptic(double h, double Delta, double v)
{
	if (fabs(v) < Delta) /* eq. (8): |u̇| < Δ, the paper's |u| a slip */
		return drylaw_E(-Delta, Delta, -h, h, v);
	return v > 0 ? h : -h;
}

double drylaw_elliptic_peak(double h, double Delta, double Delta_a, double v)
{
	const double ha = h * Delta_a / Delta, d1 = Delta + Delta_a, d2 = Delta + 2 * Delta_a;
	const double av = fabs(v);
	if (av < d1)
		return drylaw_E(-d1, d1, -h - ha, h + ha, v);
	if (av < d2)
		return v > 0 ? drylaw_E(d1, d2, h + ha, h, v) : drylaw_E(-d2, -d1, -h, -h - ha, v);
	return v > 0 ? h : -h;
}

double drylaw_tanh(double h, double Delta, double v)
{
	return h * tanh(v / Delta);
}

double drylaw_H(const struct drylaw *law, double v)
{
	switch (law->kind) {
	case DRYLAW_ELLIPTIC:
		return drylaw_elliptic(law->h, law->Delta, v);
	case DRYLAW_ELLIPTIC_PEAK:
		return drylaw_elliptic_peak(law->h, law->Delta, law->Delta_a, v);
	case DRYLAW_TANH:
		return drylaw_tanh(law->h, law->Delta, v);
	case DRYLAW_COULOMB:
		break;
	}
	return v > 0 ? law->h : v < 0 ? -law->h : 0.0;
}

size_t drylaw_joints(const struct drylaw *law, double *j, size_t max)
{
	double all[7];
	size_t n = 0;
	const double d = law->Delta, da = law->Delta_a;
	switch (law->kind) {
	case DRYLAW_ELLIPTIC:
		all[n++] = -d;
		all[n++] = 0;
		all[n++] = d;
		break;
	case DRYLAW_ELLIPTIC_PEAK:
		all[n++] = -(d + 2 * da);
		all[n++] = -(d + 1.5 * da);
		all[n++] = -(d + da);
		all[n++] = 0;
		all[n++] = d + da;
		all[n++] = d + 1.5 * da;
		all[n++] = d + 2 * da;
		break;
	case DRYLAW_TANH:
	case DRYLAW_COULOMB:
		all[n++] = 0;
		break;
	}
	for (size_t i = 0; i < n && i < max; i++)
		j[i] = all[i];
	return n < max ? n : max;
}

static void tangent_of(double u1, double u2, double H1, double H2, struct drylaw_tangent *tg)
{
	*tg = (struct drylaw_tangent){(u1 + u2) / 2, (H1 + H2) / 2, (H2 - H1) / 2, (u2 - u1) / 2};
}

int drylaw_vertical(const struct drylaw *law, double j, struct drylaw_tangent *tg)
{
	const double d = law->Delta, da = law->Delta_a, h = law->h;
	switch (law->kind) {
	case DRYLAW_ELLIPTIC:
		if (j != 0)
			return 0;
		tangent_of(-d, d, -h, h, tg);
		return 1;
	case DRYLAW_ELLIPTIC_PEAK: {
		const double ha = h * da / d, d1 = d + da, d2 = d + 2 * da;
		if (j == 0)
			tangent_of(-d1, d1, -h - ha, h + ha, tg);
		else if (j == d + 1.5 * da)
			tangent_of(d1, d2, h + ha, h, tg);
		else if (j == -(d + 1.5 * da))
			tangent_of(-d2, -d1, -h, -h - ha, tg);
		else
			return 0;
		return 1;
	}
	case DRYLAW_TANH:
	case DRYLAW_COULOMB:
		break;
	}
	return 0;
}

double drylaw_tangent_H(const struct drylaw_tangent *tg, int side, double z)
{
	const double w = z * z / tg->b;
	return tg->Hc + side * tg->a * (z / sqrt(tg->b)) * sqrt(fmax(0.0, 2 - w));
}
