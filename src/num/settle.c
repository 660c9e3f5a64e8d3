#include "num/settle.h"

#include <math.h>

#include "num/budget.h"
#include "num/num.h"

void num_settle_start(struct num_settle *s)
{
	s->count = 0;
	s->run = 0;
	s->change = s->tol = NAN;
	num_progress_settle(0, NAN, NAN, s->cap);
}

/* hypot over n parts: no overflow for large states */
static double norm(const double *x, const double *y, size_t n)
{
	double r = 0;
	for (size_t i = 0; i < n; i++)
		r = hypot(r, y ? x[i] - y[i] : x[i]);
	return r;
}

bool num_settle_check(struct num_settle *s, const double *x, const double *prev, size_t n)
{
	s->count++;
	s->change = norm(x, prev, n);
	s->tol = s->rtol * fmax(norm(x, NULL, n), s->floor);
	if (s->tol_max > 0 && s->tol > s->tol_max)
		s->tol = s->tol_max;
	num_progress_settle(s->count, s->change, s->endless ? NAN : s->tol, s->cap);
	/* a period is a long turn of a loop that may integrate nothing: the
	 * solve's budget looks at the clock at each (num_interrupted set when
	 * it has run out, which the model's loop watches) */
	budget_periods((size_t)s->count);
	budget_look(NAN, x, n);
	s->run = !s->endless && s->change <= s->tol ? s->run + 1 : 0;
	return s->run >= (s->need > 1 ? s->need : 1);
}
