/* Model imachi-1d's run as its figures see it (imachi1d.c,
 * imachi1d_figures.c). */
#ifndef TRIBO_MODELS_IMACHI1D_SYS_H
#define TRIBO_MODELS_IMACHI1D_SYS_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "num/figure.h"

#define TWO_PI	     (2 * M_PI)
#define SHOW_PERIODS 3		  /* the first periods drawn, as in Figs. 7-8 */
#define ARC_STEP     (M_PI / 128) /* samples of a non-slip arc */
#define ARC_NODES    256	  /* graphical: nodes kept a period along a non-slip stretch */
#define TRACE_COLS   "tau|u|v|stick"

/* Rows (τ, u, v, stick) for the figures: the first SHOW_PERIODS periods,
 * and the current one (the last when the run ends). */
struct trace {
	struct table *first, *cur;
	long k;		 /* the period being run */
	int node_stride; /* graphical: every how many nodes a stuck u is kept */
};

struct imachi1d {
	double a, s, mu0, mu1;
	int n;	   /* graphical: chords per half period */
	double dt; /* graphical: π/n */
	double u;  /* the mass's velocity at t */
	int mode;  /* 0: stuck; ±1: slipping with sgn(v − u) = mode */
	int sigma; /* the ODE's friction sign */
	bool graphical;
	struct trace *tr; /* NULL: no figures */
};

static inline double node_v(const struct imachi1d *m, int r)
{
	return m->a * cos(r * m->dt);
}

static inline double chord_slope(const struct imachi1d *m, int j)
{
	return (node_v(m, j + 1) - node_v(m, j)) / m->dt;
}

/* imachi1d_figures.c: Figs. 7-8 (the first periods and the construction)
 * and the cycle, from the tables the run filled from figs->tab[ti]. */
void im1d_figures(const struct imachi1d *m, struct figures *fs, size_t ti, bool converged, long k,
		  double u_mean);

#endif
