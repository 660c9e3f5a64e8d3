#include "num/stickslip.h"

#include <float.h>
#include <math.h>

double num_slip_event(const struct num_slip *s, double speed)
{
	return speed - (s->away ? 2 * s->w_ev : s->w_ev);
}

bool num_slip_land(struct num_slip *s, const double w[2], const double g[2], double f, double *dt)
{
	if (s->away) {
		s->away = false;
		return false;
	}
	const double speed = hypot(w[0], w[1]);
	const double rate = (w[0] * g[0] + w[1] * g[1]) / speed - f;
	if (!(rate < 0))
		return false;
	*dt = speed / -rate;
	return true;
}

void num_slip_break_away(struct num_slip *s, const double g[2])
{
	const double gn = hypot(g[0], g[1]);
	s->away = true;
	s->dir[0] = g[0] / gn;
	s->dir[1] = g[1] / gn;
}

bool num_slip_holds(double load, double limit)
{
	return load <= limit * (1 + 8 * DBL_EPSILON);
}

bool num_slip_at_rest(struct num_slip *s, const double g[2], double limit)
{
	if (hypot(g[0], g[1]) <= limit)
		return true;
	num_slip_break_away(s, g);
	return false;
}
