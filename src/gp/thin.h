/* Thinning a curve to what a target can show: per-column min/max
 * decimation (STYLE "Figures and the screen"). A text pane of 80 columns
 * or a PNG 1000 pixels wide cannot show 12,000 points of a curve; the
 * points that draw the same picture are a few per column, and keeping each
 * column's extremes keeps the peaks and the corners of a stick-slip motion
 * that a sampling every k-th point would cut off. */
#ifndef TRIBO_THIN_H
#define TRIBO_THIN_H

#include <stdbool.h>
#include <stddef.h>

#include "num/figure.h"

/* The indices (ascending) of the points of c to draw at `columns`
 * columns over x in [lo, hi]: of each run of consecutive points that fall
 * in one column, the first, the last, and those with the least and the
 * greatest y (and y2, for a band). A point that is not finite is kept and
 * ends the run, since gnuplot breaks the line there. Points beyond [lo, hi]
 * are thinned as if in one column on each side: a segment between two of
 * them is not seen. keep has room for c->n; returns how many it holds
 * (c->n, every point, when columns < 1 or the range is empty). */
size_t curve_thin(const struct curve *c, double lo, double hi, int columns, size_t *keep);

/* The x range a figure's curves are thinned over: its own axis range where
 * it sets one, else the finite x of its data. 0, or -1 when there is none. */
int figure_x_extent(const struct figure *f, double *lo, double *hi);

/* Whether a and b draw the same line: where x rises along both, every
 * point of each lies within ytol (in y) of the other's polyline (its ends
 * within xtol); curves
 * that turn back in x must have the same points, to within xtol and ytol.
 * Curves with no finite point never coincide. */
bool curves_coincide(const struct curve *a, const struct curve *b, double xtol, double ytol);

#endif
