/* Looking into the figures and tables a model handed over, for the check
 * suites: each lookup fails the test when the thing is not there. */
#ifndef TRIBO_FIGCHECK_H
#define TRIBO_FIGCHECK_H

#include <check.h>
#include <math.h>
#include <string.h>

#include "num/figure.h"

static inline const struct figure *fig(const struct figures *fs, const char *name)
{
	const struct figure *f = figures_find(fs, name);
	ck_assert_msg(f != NULL, "no figure %s", name);
	ck_assert_msg(f->title[0] && f->xlabel[0] && f->ylabel[0], "figure %s: no title or labels",
		      name);
	return f;
}

static inline const struct curve *curve(const struct figure *f, const char *label)
{
	for (size_t i = 0; i < f->ncurves; i++)
		if (!strcmp(f->curves[i].label, label))
			return &f->curves[i];
	ck_abort_msg("figure %s: no curve \"%s\"", f->name, label);
	return NULL;
}

static inline const struct table *tab(const struct figures *fs, const char *name)
{
	const struct table *t = figures_find_table(fs, name);
	ck_assert_msg(t != NULL, "no table %s", name);
	ck_assert_msg(t->nrows > 0, "table %s is empty", name);
	return t;
}

/* The column whose name starts with `prefix` ("x [m]" for "x "). */
static inline size_t col(const struct table *t, const char *prefix)
{
	for (size_t j = 0; j < t->ncols; j++)
		if (!strncmp(t->cols[j], prefix, strlen(prefix)))
			return j;
	ck_abort_msg("table %s: no column %s", t->name, prefix);
	return 0;
}

static inline double first(const struct table *t, const char *c)
{
	return table_at(t, 0, col(t, c));
}

static inline double last(const struct table *t, const char *c)
{
	return table_at(t, t->nrows - 1, col(t, c));
}

/* ∫ y dx over the rows by the trapezoid rule (the rows' x nondecreasing). */
static inline double trapezoid(const struct table *t, size_t xc, size_t yc)
{
	double s = 0;
	for (size_t i = 1; i < t->nrows; i++) {
		double dx = table_at(t, i, xc) - table_at(t, i - 1, xc);
		ck_assert_msg(dx >= 0, "table %s: column %zu decreases at row %zu", t->name, xc, i);
		s += 0.5 * dx * (table_at(t, i, yc) + table_at(t, i - 1, yc));
	}
	return s;
}

/* Every curve of every figure: x, y finite (or both NaN: a break in a
 * line), y2 only on bands and above y there, within TRACE_MAX points. */
static inline void figures_sane(const struct figures *fs)
{
	for (size_t i = 0; i < fs->nfig; i++) {
		const struct figure *f = &fs->fig[i];
		ck_assert_msg(f->ncurves > 0, "figure %s has no curves", f->name);
		for (size_t j = 0; j < f->ncurves; j++) {
			const struct curve *c = &f->curves[j];
			ck_assert_msg(c->n > 0 && c->n <= 20000, "%s/%s: %zu points", f->name,
				      c->label, c->n);
			ck_assert((c->style == CURVE_FILL) == (c->y2 != NULL));
			for (size_t k = 0; k < c->n; k++) {
				bool gap = isnan(c->x[k]) && isnan(c->y[k]);
				ck_assert_msg(gap || (isfinite(c->x[k]) && isfinite(c->y[k])),
					      "%s/%s: point %zu is (%g, %g)", f->name, c->label, k,
					      c->x[k], c->y[k]);
				if (c->y2)
					ck_assert(c->y2[k] >= c->y[k]);
			}
		}
	}
}

#endif
