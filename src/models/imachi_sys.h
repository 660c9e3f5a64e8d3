/* Model imachi, shared by its pieces: the statement, the base, the
 * graphical and accurate methods and the solve (imachi.c), and the
 * figures (imachi_figures.c); not for other modules. */
#ifndef TRIBO_IMACHI_SYS_H
#define TRIBO_IMACHI_SYS_H

#include <stdbool.h>
#include <stddef.h>

#include "models/imachi.h"
#include "models/model.h"
#include "num/figure.h"
#include "num/stickslip.h"
#include "util/diag.h"
#include "util/strbuf.h"

enum { MOTION_LINEAR, MOTION_CIRCULAR };
enum { METHOD_GRAPHICAL, METHOD_ACCURATE };

struct imachi {
	int motion;
	double ex, ey; /* linear: direction of the vibration */
	double a, s, mu0, mu1;
	struct num_slip slip; /* w = v − u; dw/dτ = (dv/dτ − s) − μ0 ŵ while slipping */
};

/* The base at τ: its velocity v, dv/dτ and ∫v dτ. */
struct base_at {
	double v[2], dv[2], iv[2];
};

/* The hodograph's table: rows (τ, u, v, stuck). Before period full_from
 * every stride-th step is kept; from it on, every step. */
struct rec {
	struct table *tab;
	struct table *steps; /* every step's construction, the first IMACHI_STEPS_KEPT */
	int full_from;
	size_t stride, count;
	size_t cycle_row; /* the row where period full_from starts */
};

struct cycle {
	double ux, uy;	    /* means over the last period */
	double stick;	    /* stick fraction of the last period */
	double drift;	    /* Δu_x per unit τ over the last period */
	double u_end[2];    /* u at the run's end */
	double change, tol; /* the period map's last change and its tolerance */
	bool converged;
	int cycles;
	size_t steps, sticks, catches, releases;
};

struct acc_state {
	double t, y[4];
	bool stuck;
	double stick_time;
	size_t steps, sticks, passes;
	double h0;	 /* rk8pd's first trial step in a slip phase */
	struct rec *rec; /* the recording pass: a row at each phase end */
};

/* The figures drawn when first looked at (figures_later): their
 * recording pass integrates the run again with stops at sample times
 * (record_accurate), four fifths of a solve with figures (imachi: 3.0 of
 * 3.7 ms in-process), which `solve` paid whether or not `plot` followed.
 * Everything it reads is the solve's, copied here: the model as the run
 * started and at the start of its last period, the start, the cycle found. */
struct im_later {
	struct imachi m, mlast;
	int method, n;
	double draw[2], u0[2];
	struct cycle c;
	struct acc_state last;
	bool polished; /* the cycle is the period map's fixed point ustar */
	double ustar[2];
};

/* imachi.c: the base at t; a row into the recording pass's table; the
 * graphical method's run of the periods from u0; the accurate method
 * started at u0 and taken to t_end. */
struct base_at im_base(const struct imachi *m, double t);
void im_rec_row(struct rec *rc, const struct imachi *m, double tau, const double u[2], bool stuck);
int im_run_graphical(const struct imachi *m, int n, int periods, const double u0[2],
		     const double *ulast, struct cycle *c, struct rec *rc, struct diag *d);
/* imachi_cycle.c: a cycle that slips throughout (c->stick 0) taken from
 * the iterate c->u_end to the period map's fixed point ustar by Newton's
 * method, by the run's method (n: the construction's steps a half
 * period); c gets the fixed point's means and end, *bound what is left of
 * the means' error. Returns whether it polished. */
bool im_cycle_polish(const struct imachi *m, int method, int n, struct cycle *c, double ustar[2],
		     double *bound);
int im_accurate_to(struct imachi *m, struct acc_state *st, double t_end, struct diag *d);
void im_accurate_start(struct imachi *m, struct acc_state *st, const double u0[2]);

/* imachi_figures.c: the graphical method's steps from..to as a figure and
 * step i in words; the figures drawn when first looked at (figures_later). */
void im_step_figure(const struct table *t, size_t from, size_t to, struct figures *fs);
void im_step_text(const struct table *t, size_t i, struct strbuf *out);
void im_later_draw(struct figures *fs, void *p);

#endif
