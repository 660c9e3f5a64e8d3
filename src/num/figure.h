/* What a model gives to be drawn: named figures made of curves, and the
 * tables of numbers behind them (for `export csv`). Pure data: models fill
 * it, plot/ draws it. Nothing here knows about gnuplot. */
#ifndef TRIBO_FIGURE_H
#define TRIBO_FIGURE_H

#include <stdbool.h>
#include <stddef.h>

enum curve_style {
	CURVE_LINE,
	CURVE_DASHED, /* auxiliary lines: bases, bounds, asymptotes */
	CURVE_POINTS,
	CURVE_LINEPOINTS,
	CURVE_FILL, /* the band between y (lower) and y2 (upper): a region */
	/* arrows: the points in pairs, tail then head (a construction's
	 * vectors) */
	CURVE_ARROWS,
	/* text at each point (curve_label), no marker: the numbers of a
	 * construction's points, as a paper prints them beside each */
	CURVE_LABELS,
};

/* What a figure that overlays several runs (figure_overlay) keeps of a
 * run's curve: nothing, the curve that carries the run's key, or a curve
 * drawn without one (a run's base, its mean). A figure none of whose
 * curves says keeps its first. */
enum curve_family { FAMILY_NONE, FAMILY_KEY, FAMILY_PLAIN };

struct curve {
	char *label; /* legend entry; "" for none */
	enum curve_style style;
	enum curve_family family;
	int group; /* an overlay's run: all its curves in its colour, 1...; 0 none */
	size_t n, cap;
	double *x, *y, *y2; /* y2 only for CURVE_FILL */
	char **text;	    /* CURVE_LABELS: each point's text */
};

struct figure {
	char *name;		       /* one word, for `plot NAME` */
	char *title;		       /* what it shows; `plot` prefixes the exercise's title */
	char *xlabel, *ylabel;	       /* with the unit: "t [s]", "u_x / a" */
	bool equal_axes;	       /* one unit is as long on both axes (hodographs) */
	bool log_y;		       /* a logarithmic y axis: its values must be > 0 */
	double xmin, xmax, ymin, ymax; /* NAN: let gnuplot choose */
	char *family;		       /* an overlay's title, "{runs}" where the runs
					* are named ("Limit cycles for {runs}"); NULL:
					* the title, then the runs */
	struct curve *curves;
	size_t ncurves, cap;
};

/* A table of numbers: named columns (with units), rows appended. */
struct table {
	char *name;
	char **cols;
	size_t ncols;
	size_t nrows, cap;
	double *v; /* nrows x ncols, row-major */
};

/* Figures a solve leaves to be drawn when they are first looked at
 * (figures_later): draw(fs, ctx) adds them to fs, drop(ctx) frees what
 * ctx holds; draw is given every input it needs in ctx, copied at the
 * solve, so that they are the solve's whatever is set after it. */
struct figures;
struct figures_later {
	void (*draw)(struct figures *fs, void *ctx);
	void (*drop)(void *ctx);
	void *ctx;
};

struct figures {
	struct figure *fig;
	size_t nfig, figcap;
	struct table *tab;
	size_t ntab, tabcap;
	struct figures_later later; /* draw NULL: nothing left to draw */
};

#define FIGURES_INIT                                                                               \
	{                                                                                          \
		0                                                                                  \
	}

/* A new empty figure (axes automatic). Strings are copied. The pointer is
 * valid until the next figure_add on the same set. */
struct figure *figure_add(struct figures *fs, const char *name, const char *title,
			  const char *xlabel, const char *ylabel);
struct curve *figure_curve(struct figure *f, const char *label, enum curve_style style);
void curve_point(struct curve *c, double x, double y);
/* A new curve of the one segment from (x0, y0) to (x1, y1): a level, a
 * limit, a direction drawn beside the data. */
struct curve *figure_segment(struct figure *f, const char *label, enum curve_style style, double x0,
			     double y0, double x1, double y1);
/* CURVE_FILL: the band from ylo to yhi at x. */
void curve_band(struct curve *c, double x, double ylo, double yhi);
/* CURVE_LABELS: the text (copied) at (x, y). */
void curve_label(struct curve *c, double x, double y, const char *text);
/* CURVE_ARROWS: an arrow from (x0, y0) to (x1, y1). */
void curve_arrow(struct curve *c, double x0, double y0, double x1, double y1);
/* A circle of radius r about (x, y), as a polygon of 72 sides; a curve of
 * several circles has them apart (a NaN point between, where gnuplot
 * breaks the line). */
void curve_circle(struct curve *c, double x, double y, double r);
/* A curve from two columns of a table. */
struct curve *figure_curve_from(struct figure *f, const char *label, enum curve_style style,
				const struct table *t, size_t xcol, size_t ycol);

/* A new table; `cols` names the columns, separated by '|' ("t [s]|u [m]"). */
struct table *figures_table(struct figures *fs, const char *name, const char *cols);
/* Appends one row of t->ncols values. */
void table_row(struct table *t, const double *row);
/* The column values of row i. */
static inline double table_at(const struct table *t, size_t row, size_t col)
{
	return t->v[row * t->ncols + col];
}

/* Whether some curve of f has a point. */
bool figure_has_data(const struct figure *f);
/* Whether f has nothing to show, and then why in why[n] ("one point only
 * (t = 0 s, x = 0 m)"): no finite point, a single point, or (unless its axes are
 * equal, a path in a plane) every point at one abscissa, where gnuplot
 * would make up a range around it. The auxiliary lines (CURVE_DASHED)
 * count only in a figure of nothing else. */
bool figure_empty(const struct figure *f, char *why, size_t n);
const struct figure *figures_find(const struct figures *fs, const char *name);
const struct table *figures_find_table(const struct figures *fs, const char *name);
/* Releases fs; figures left for later are dropped undrawn. */
void figures_release(struct figures *fs);
/* Leaves to fs figures drawn at its figures_ready (a model's figures that
 * cost more than its answers, where `plot` may never be asked: rayleigh's
 * sweeps, some fifteen times its answers): fs owns ctx from here, and drops it
 * when drawn or released. One at a time: one already left is drawn first. */
void figures_later(struct figures *fs, void (*draw)(struct figures *fs, void *ctx),
		   void (*drop)(void *ctx), void *ctx);
/* Draws what was left for later, once: whoever reads the figures of a
 * solve (the session) calls it first. */
void figures_ready(struct figures *fs);
/* Adds to `into` the curves of `from` an overlay keeps (enum
 * curve_family), copied, in colour group `group`; the run's key curve is
 * labelled `label`, the others have no key. */
void figure_overlay(struct figure *into, const struct figure *from, int group, const char *label);
/* Puts *f in fs in place of the figure of the same name, and that figure
 * in *f (the caller releases it); with no such figure, appends *f and
 * leaves *f empty. Pointers into fs's figures are then stale. */
void figures_swap(struct figures *fs, struct figure *f);
void figure_release(struct figure *f);
/* Moves *from into *to (releasing what *to held); *from is left empty. */
void figures_move(struct figures *to, struct figures *from);

#endif
