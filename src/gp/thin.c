#include "gp/thin.h"

#include <math.h>

/* The column of x: -1 left of the range, `columns` right of it. */
static long column_of(double x, double lo, double hi, int columns)
{
	if (x < lo)
		return -1;
	if (x >= hi)
		return x > hi ? columns : columns - 1;
	long k = (long)((x - lo) / (hi - lo) * columns);
	return k < columns ? k : columns - 1;
}

/* One run's points, in index order and each once. */
static size_t emit_run(size_t *keep, size_t n, const size_t *pick, int npick)
{
	size_t sorted[6];
	int m = 0;
	for (int i = 0; i < npick; i++) {
		int j = m;
		while (j > 0 && sorted[j - 1] > pick[i])
			j--;
		if (j > 0 && sorted[j - 1] == pick[i])
			continue;
		for (int k = m; k > j; k--)
			sorted[k] = sorted[k - 1];
		sorted[j] = pick[i];
		m++;
	}
	for (int i = 0; i < m; i++)
		keep[n++] = sorted[i];
	return n;
}

size_t curve_thin(const struct curve *c, double lo, double hi, int columns, size_t *keep)
{
	bool band = c->style == CURVE_FILL && c->y2;
	if (columns < 1 || !(hi > lo) || !isfinite(lo) || !isfinite(hi)) {
		for (size_t i = 0; i < c->n; i++)
			keep[i] = i;
		return c->n;
	}
	size_t n = 0, i = 0;
	while (i < c->n) {
		bool finite =
			isfinite(c->x[i]) && isfinite(c->y[i]) && (!band || isfinite(c->y2[i]));
		if (!finite) {
			keep[n++] = i++;
			continue;
		}
		long col = column_of(c->x[i], lo, hi, columns);
		size_t first = i, last = i, ymin = i, ymax = i, zmin = i, zmax = i;
		for (i++; i < c->n; i++) {
			if (!isfinite(c->x[i]) || !isfinite(c->y[i]) ||
			    (band && !isfinite(c->y2[i])) ||
			    column_of(c->x[i], lo, hi, columns) != col)
				break;
			last = i;
			if (c->y[i] < c->y[ymin])
				ymin = i;
			if (c->y[i] > c->y[ymax])
				ymax = i;
			if (band && c->y2[i] < c->y2[zmin])
				zmin = i;
			if (band && c->y2[i] > c->y2[zmax])
				zmax = i;
		}
		size_t pick[6] = {first, ymin, ymax, last, zmin, zmax};
		n = emit_run(keep, n, pick, band ? 6 : 4);
	}
	return n;
}

int figure_x_extent(const struct figure *f, double *lo, double *hi)
{
	double a = INFINITY, b = -INFINITY;
	for (size_t i = 0; i < f->ncurves; i++)
		for (size_t k = 0; k < f->curves[i].n; k++) {
			double x = f->curves[i].x[k];
			if (isfinite(x)) {
				a = x < a ? x : a;
				b = x > b ? x : b;
			}
		}
	if (isfinite(f->xmin))
		a = f->xmin;
	if (isfinite(f->xmax))
		b = f->xmax;
	if (!(b > a))
		return -1;
	*lo = a;
	*hi = b;
	return 0;
}

static bool rising(const struct curve *c)
{
	for (size_t i = 1; i < c->n; i++)
		if (!(c->x[i] >= c->x[i - 1]))
			return false;
	return c->n >= 2;
}

/* Every finite point of b lies within tol of a's polyline (a rising in x);
 * points of b more than xtol beyond a's x range do not. */
static bool on_polyline(const struct curve *a, const struct curve *b, double xtol, double tol)
{
	size_t k = 0, seen = 0;
	for (size_t i = 0; i < b->n; i++) {
		double x = b->x[i], y = b->y[i];
		if (!isfinite(x) || !isfinite(y))
			continue;
		if (x < a->x[0] - xtol || x > a->x[a->n - 1] + xtol)
			return false;
		while (k + 2 < a->n && a->x[k + 1] < x)
			k++;
		double x0 = a->x[k], x1 = a->x[k + 1];
		double w = x1 > x0 ? (x - x0) / (x1 - x0) : 0;
		double ya = a->y[k] + w * (a->y[k + 1] - a->y[k]);
		if (!(fabs(ya - y) <= tol))
			return false;
		seen++;
	}
	return seen > 0;
}

bool curves_coincide(const struct curve *a, const struct curve *b, double xtol, double ytol)
{
	if (rising(a) && rising(b))
		return on_polyline(a, b, xtol, ytol) && on_polyline(b, a, xtol, ytol);
	if (a->n != b->n || a->n == 0)
		return false;
	size_t seen = 0;
	for (size_t i = 0; i < a->n; i++) {
		bool fa = isfinite(a->x[i]) && isfinite(a->y[i]);
		bool fb = isfinite(b->x[i]) && isfinite(b->y[i]);
		if (fa != fb)
			return false;
		if (fa && !(fabs(a->x[i] - b->x[i]) <= xtol && fabs(a->y[i] - b->y[i]) <= ytol))
			return false;
		seen += fa;
	}
	return seen > 0;
}
