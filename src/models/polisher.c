/* Minguzzi §2.3, the rotating stone polisher: two concentric rings of mass
 * m and radius r turn at ±ω relative to the machine, whose centre (x, y)
 * and orientation θ the worker moves with the force (Fx, Fy) and the
 * moment M. Coulomb friction, uniform pressure, each ring carrying m g.
 *
 * The paper expands R for r ω ≫ u, r θ̇ and finds that the rings' Coulomb
 * friction acts on the translation as a viscous force, c = μ m g/(r ω).
 * Here the exact R and forces of each ring come from the general contact
 * calculator (a ring spinning at θ̇ ± ω while its centre moves at u), and
 * the equations of motion are integrated with them, so a student can see
 * where the expansion holds and where it does not. */
#include <float.h>
#include <gsl/gsl_errno.h>
#include <math.h>
#include <string.h>

#include "dyn/phase.h"
#include "models/contact.h"
#include "models/model.h"
#include "num/friction.h"
#include "num/num.h"
#include "num/ode.h"

enum {
	P_M,
	P_R,
	P_OMEGA,
	P_MU,
	P_G,
	P_FX,
	P_FY,
	P_MOMENT,
	P_VX0,
	P_VY0,
	P_THETADOT0,
	P_TMAX,
	P_NPARAMS
};
enum {
	P_C_EFF,
	P_C_EFF_EXACT,
	P_R0,
	P_R0_EXPANSION,
	P_VX_END,
	P_VY_END,
	P_THETADOT_END,
	P_X_END,
	P_Y_END,
	P_THETA_END,
	P_T_END,
	P_LOCKED,
	P_T_LOCK,
	P_M_LOCK,
	P_NRESULTS
};

static const struct param_spec p_params[P_NPARAMS] = {
	[P_M] = PARAM_NUMBER("m", "kg", 2.0, PARAM_ABOVE(0.0), "mass of each ring"),
	[P_R] = PARAM_NUMBER("r", "m", 0.15, PARAM_ABOVE(0.0), "radius of the rings"),
	[P_OMEGA] = PARAM_NUMBER("omega", "rad/s", 20.0, PARAM_ABOVE(0.0),
				 "speed of the rings relative to the machine (±ω)"),
	[P_MU] = PARAM_NUMBER("mu", "", 0.4, PARAM_AT_LEAST(0.0), "Coulomb friction coefficient"),
	[P_G] = PARAM_NUMBER("g", "m/s^2", 9.81, PARAM_ABOVE(0.0), "gravitational acceleration"),
	[P_FX] = PARAM_NUMBER("Fx", "N", 0.0, PARAM_ANY, "force of the worker, x"),
	[P_FY] = PARAM_NUMBER("Fy", "N", 0.0, PARAM_ANY, "force of the worker, y"),
	[P_MOMENT] = PARAM_NUMBER("M", "N*m", 0.0, PARAM_ANY, "moment of the worker"),
	[P_VX0] = PARAM_NUMBER("vx0", "m/s", 0.3, PARAM_ANY, "initial velocity of the centre, x"),
	[P_VY0] = PARAM_NUMBER("vy0", "m/s", 0.0, PARAM_ANY, "initial velocity of the centre, y"),
	[P_THETADOT0] = PARAM_NUMBER("thetadot0", "rad/s", 0.0, PARAM_ANY,
				     "initial turning rate of the machine"),
	[P_TMAX] = PARAM_NUMBER("tmax", "s", 2.0, PARAM_AT_LEAST(0.0), "length of the run"),
};

static const struct result_spec p_results[P_NRESULTS] = {
	[P_C_EFF] = RESULT_NUMBER("c_eff", "N*s/m", "μ m g/(r ω), the paper's expansion"),
	[P_C_EFF_EXACT] = RESULT_NUMBER("c_eff_exact", "N*s/m",
					"−Q·û/u from the exact R at the initial velocity (inf: "
					"at rest on a ring that does not slide, θ̇ = ±ω)"),
	[P_R0] = RESULT_NUMBER("R0", "W", "R = R₊ + R₋ at the start, by quadrature"),
	[P_R0_EXPANSION] = RESULT_NUMBER("R0_expansion", "W",
					 "μ m g (2 r ω + u²/(2 r ω)), the paper's expansion"),
	[P_VX_END] = RESULT_NUMBER("vx_end", "m/s", "velocity of the centre at tmax, x"),
	[P_VY_END] = RESULT_NUMBER("vy_end", "m/s", "velocity of the centre at tmax, y"),
	[P_THETADOT_END] = RESULT_NUMBER("thetadot_end", "rad/s", "θ̇ at tmax"),
	[P_X_END] = RESULT_NUMBER("x_end", "m", "position of the centre at tmax (from 0), x"),
	[P_Y_END] = RESULT_NUMBER("y_end", "m", "position of the centre at tmax (from 0), y"),
	[P_THETA_END] = RESULT_NUMBER("theta_end", "rad", "θ at tmax (from 0)"),
	[P_T_END] = RESULT_NUMBER("t_end", "s",
				  "where the run ended: always tmax (the rings turn at ±ω against "
				  "each other, so the machine never rests as a whole)"),
	[P_LOCKED] = RESULT_BOOL("locked", "one ring rests on the floor, held by static friction, "
					   "and the machine turns at θ̇ = ±ω at tmax"),
	[P_T_LOCK] = RESULT_NUMBER("t_lock", "s", "when the machine locks (nan: it does not)"),
	[P_M_LOCK] = RESULT_NUMBER("M_lock", "N*m",
				   "2 μ m g r: with Fx = Fy = 0, the largest moment a machine "
				   "locked at θ̇ = ±ω holds (turning it that way)"),
};

struct polisher {
	struct friction_law law;
	struct contact ring;
	double m, r, omega, Fx, Fy, M;
	double s_ev; /* a ring slower than this everywhere has stopped sliding */
	int sigma;   /* the ring turning at θ̇ + σω that lands, breaks away or rests */
	bool away;   /* it breaks away from rest: its friction is q_away */
	bool locked; /* it rests on the floor: the machine turns at θ̇ = −σω */
	struct contact_forces q_away;
	struct diag *d;
};

/* The slip of the ring turning at θ̇ + σω, as a speed: |(ẋ, ẏ, r(θ̇ + σω))|.
 * T = m(ẋ² + ẏ²) + m r²(θ̇² + ω²) weighs the three alike (mass 2m), so
 * this is the metric the stuck ring's statics and break-away live in. */
static double ring_slip(const struct polisher *p, const double y[], int sigma)
{
	return hypot(hypot(y[3], y[4]), p->r * (y[5] + sigma * p->omega));
}

/* The ring that is nearer to rest on the floor. */
static int slower_ring(const struct polisher *p, const double y[])
{
	return ring_slip(p, y, 1) <= ring_slip(p, y, -1) ? 1 : -1;
}

/* A slip phase ends where the slower ring's slip falls to s_ev (it lands
 * on the floor), or, breaking away from rest, where it reaches 2 s_ev. */
static double polisher_event(double t, const double y[], void *arg)
{
	const struct polisher *p = arg;
	(void)t;
	double s = fmin(ring_slip(p, y, 1), ring_slip(p, y, -1));
	return s - (p->away ? 2 : 1) * p->s_ev;
}

/* A uniform ring's Coulomb friction is along −u, by its symmetry: the
 * quadrature's part across u is rounding (a push along x gave ẏ = 1.8e-16
 * m/s), and none where the ring spins in place. */
static void ring_along_u(struct contact_forces *f, double vx, double vy)
{
	const double U = hypot(vx, vy);
	const double along = U > 0 ? (f->Qx * vx + f->Qy * vy) / U : 0.0;
	f->Qx = U > 0 ? along * vx / U : 0.0;
	f->Qy = U > 0 ? along * vy / U : 0.0;
}

/* The friction of both rings at the velocities (ẋ, ẏ, θ̇); the ring
 * breaking away from rest gives q_away. */
static int rings(struct polisher *p, double vx, double vy, double thetadot, unsigned want,
		 struct contact_forces *sum)
{
	*sum = (struct contact_forces){0};
	for (int sign = 1; sign >= -1; sign -= 2) {
		struct contact_forces f;
		struct contact_motion mo = {vx, vy, thetadot + sign * p->omega};
		if (p->away && sign == p->sigma)
			f = p->q_away;
		else if (contact_ring_exact(&p->ring, mo, &f)) {
			/* the quadrature, where the closed form's k is near 1 */
			if (contact_eval(&p->ring, mo, want, &f, p->d))
				return -1;
			ring_along_u(&f, vx, vy);
		}
		sum->R += f.R;
		sum->Qx += f.Qx;
		sum->Qy += f.Qy;
		sum->Qtheta += f.Qtheta;
	}
	return 0;
}

/* y = (x, y, θ, ẋ, ẏ, θ̇); T = m(ẋ² + ẏ²) + m r²(θ̇² + ω²). */
static int polisher_rhs(double t, const double y[], double f[], void *arg)
{
	struct polisher *p = arg;
	struct contact_forces q;
	(void)t;
	if (num_interrupted)
		return GSL_EBADFUNC;
	if (rings(p, y[3], y[4], y[5], CONTACT_QXY | CONTACT_QTHETA, &q))
		return GSL_EBADFUNC;
	f[0] = y[3];
	f[1] = y[4];
	f[2] = y[5];
	f[3] = (p->Fx + q.Qx) / (2 * p->m);
	f[4] = (p->Fy + q.Qy) / (2 * p->m);
	f[5] = (p->M + q.Qtheta) / (2 * p->m * p->r * p->r);
	return GSL_SUCCESS;
}

/* ---- a ring at rest on the floor ----------------------------------------
 *
 * Static friction on the resting ring can give any force density f(φ)
 * with |f| ≤ μ m g/(2π) per radian of the ring. What it can hold, in the
 * scaled load (F, τ/r), is the convex set K whose support function is
 * the ring's Rayleigh function: max (F·u + τ ω) over K = R(u, ω). Its
 * boundary is made of the friction of the ring sliding, the point with
 * outer normal (u, r ω)/|(u, r ω)| being −Q(u, ω). By the ring's symmetry
 * only |F| and |τ| matter, and a direction is an angle β ∈ [0, π/2]:
 * u = cos β along F, r ω = sin β. At β = 0 the ring translates (the edge
 * point (μ m g, 0)), at β = π/2 it spins (0, μ m g r).
 *
 * The load (G, T) = (|F|, |τ|/r) is held when its gauge
 *     ρ = max_β (G cos β + T sin β)/R(β) ≤ 1;
 * otherwise the ring breaks away toward g − k, k the point of K nearest g
 * (the mass matrix is 2m in these units, so the nearest point in the plain
 * metric: dw/dt = g − k must point along w, and k must be the friction of the
 * ring sliding along w, whose outer normal is w). */

/* K's edge at β: k = (−Q·F̂, −Qθ/r) and its support value R(β). */
static int ring_edge(struct polisher *p, double beta, double k[2], double *h)
{
	struct contact_forces f;
	struct contact_motion mo = {beta >= M_PI_2 ? 0.0 : cos(beta), 0.0, sin(beta) / p->r};
	if (contact_ring_exact(&p->ring, mo, &f) &&
	    contact_eval(&p->ring, mo, CONTACT_R | CONTACT_QXY | CONTACT_QTHETA, &f, p->d))
		return -1;
	k[0] = -f.Qx;
	k[1] = -f.Qtheta / p->r;
	*h = f.R;
	return 0;
}

enum edge_goal { EDGE_GAUGE, EDGE_NEAREST };

static int edge_score(struct polisher *p, enum edge_goal goal, const double g[2], double beta,
		      double *score)
{
	double k[2], h;
	if (ring_edge(p, beta, k, &h))
		return -1;
	if (goal == EDGE_GAUGE)
		*score = (g[0] * cos(beta) + g[1] * sin(beta)) / h;
	else
		*score = -hypot(g[0] - k[0], g[1] - k[1]);
	return 0;
}

/* The β ∈ [0, π/2] of the largest score: the best of 48 even samples,
 * then golden sections of its neighbourhood to 1e-12. */
static int edge_best(struct polisher *p, enum edge_goal goal, const double g[2], double *beta,
		     double *score)
{
	enum { NS = 48 };
	double best = -INFINITY, bb = 0;
	for (int i = 0; i <= NS; i++) {
		double b = M_PI_2 * i / NS, sc;
		if (edge_score(p, goal, g, b, &sc))
			return -1;
		if (sc > best) {
			best = sc;
			bb = b;
		}
	}
	double lo = fmax(0.0, bb - M_PI_2 / NS), hi = fmin(M_PI_2, bb + M_PI_2 / NS);
	const double gr = (sqrt(5.0) - 1) / 2;
	double x1 = hi - gr * (hi - lo), x2 = lo + gr * (hi - lo), s1, s2;
	if (edge_score(p, goal, g, x1, &s1) || edge_score(p, goal, g, x2, &s2))
		return -1;
	while (hi - lo > 1e-12) {
		if (s1 >= s2) {
			hi = x2;
			x2 = x1;
			s2 = s1;
			x1 = hi - gr * (hi - lo);
			if (edge_score(p, goal, g, x1, &s1))
				return -1;
		} else {
			lo = x1;
			x1 = x2;
			s1 = s2;
			x2 = lo + gr * (hi - lo);
			if (edge_score(p, goal, g, x2, &s2))
				return -1;
		}
	}
	if (fmax(s1, s2) > best) {
		best = fmax(s1, s2);
		bb = s1 >= s2 ? x1 : x2;
	}
	*beta = bb;
	*score = best;
	return 0;
}

/* What happened where a ring came to rest on the floor. */
struct landing {
	double t;
	int sigma;
	double load[3]; /* on that ring from all else: (Fx + Qx, Fy + Qy, M + Qθ) */
	double rho;	/* the load's gauge: held when ≤ 1 */
	bool held;
};

/* The ring σ rests (u = 0, θ̇ = −σω): the load on it from the worker and
 * the other ring, its gauge, and, if static friction cannot hold it, the
 * break-away set up (p->away, q_away). */
static int ring_at_rest(struct polisher *p, double t, int sigma, struct landing *l)
{
	struct contact_forces o;
	struct contact_motion mo = {0.0, 0.0, -2 * sigma * p->omega};
	if (contact_eval(&p->ring, mo, CONTACT_QXY | CONTACT_QTHETA, &o, p->d))
		return -1;
	*l = (struct landing){.t = t, .sigma = sigma};
	if (hypot(o.Qx, o.Qy) < 1e-12 * p->ring.N) /* zero by symmetry, but for rounding */
		o.Qx = o.Qy = 0;
	l->load[0] = p->Fx + o.Qx;
	l->load[1] = p->Fy + o.Qy;
	l->load[2] = p->M + o.Qtheta;
	const double G = hypot(l->load[0], l->load[1]), g[2] = {G, fabs(l->load[2]) / p->r};
	double beta;
	if (G == 0 && g[1] == 0)
		l->rho = 0;
	else if (edge_best(p, EDGE_GAUGE, g, &beta, &l->rho))
		return -1;
	/* the edge is a quadrature good to ~1e-12: a load on it is held */
	l->held = l->rho <= 1 + 1e-10;
	p->sigma = sigma;
	if (l->held)
		return 0;
	double score;
	if (G == 0) /* a moment alone: the nearest edge point is the spin's, by symmetry */
		beta = M_PI_2;
	else if (edge_best(p, EDGE_NEAREST, g, &beta, &score))
		return -1;
	const double ex = G > 0 ? l->load[0] / G : 1.0, ey = G > 0 ? l->load[1] / G : 0.0;
	const double st = l->load[2] < 0 ? -1.0 : 1.0;
	struct contact_motion dir = {ex * cos(beta), ey * cos(beta), st * sin(beta) / p->r};
	if (beta >= M_PI_2)
		dir.ux = dir.uy = 0;
	if (contact_eval(&p->ring, dir, CONTACT_QXY | CONTACT_QTHETA, &p->q_away, p->d))
		return -1;
	if (dir.ux == 0 && dir.uy == 0) /* spinning in place: no force, by symmetry */
		p->q_away.Qx = p->q_away.Qy = 0;
	p->away = true;
	return 0;
}

/* The record's derived columns: the rings' friction Qx, Qy, Qθ. */
static void polisher_extra(void *ctx, double t, const double *y, double *out)
{
	struct polisher *p = ctx;
	struct contact_forces q;
	struct diag *keep = p->d, d;
	(void)t;
	p->d = &d;	 /* a failure here is the figure's, not the run's */
	if (p->locked) { /* static friction balances the worker */
		q.Qx = -p->Fx;
		q.Qy = -p->Fy;
		q.Qtheta = -p->M;
	} else if (rings(p, y[3], y[4], y[5], CONTACT_QXY | CONTACT_QTHETA, &q))
		q.Qx = q.Qy = q.Qtheta = NAN;
	p->d = keep;
	out[0] = q.Qx;
	out[1] = q.Qy;
	out[2] = q.Qtheta;
}

/* The run against the paper's expansion: with c = c_eff the translation
 * relaxes as u = F/c + (u0 − F/c) e^{−ct/(2m)}, θ̇ = θ̇0 + M t/(2m r²). */
static void polisher_figures(struct figures *fs, const struct record *tr, const struct polisher *p,
			     const double v0[3], double c, const struct landing *land, int nland)
{
	struct table *t =
		figures_table(fs, "motion",
			      "t [s]|x [m]|y [m]|theta [rad]|xdot [m/s]|ydot [m/s]|thetadot "
			      "[rad/s]|Qx [N]|Qy [N]|Qtheta [N*m]");
	double span[4] = {0}; /* largest |x|, |y|, |ẋ|, |ẏ| */
	for (size_t i = 0; i < tr->n; i++) {
		const double *y = record_row(tr, i);
		double row[10] = {tr->t[i], y[0], y[1], y[2], y[3], y[4], y[5], y[6], y[7], y[8]};
		table_row(t, row);
		span[0] = fmax(span[0], fabs(y[0]));
		span[1] = fmax(span[1], fabs(y[1]));
		span[2] = fmax(span[2], fabs(y[3]));
		span[3] = fmax(span[3], fabs(y[4]));
	}
	/* a y that is rounding noise (the rings' side forces cancel) is none */
	const bool sideways = span[1] > 1e-9 * span[0] || span[3] > 1e-9 * span[2];
	const double t_end = t->nrows ? table_at(t, t->nrows - 1, 0) : 0.0, m2 = 2 * p->m;
	const enum curve_style st = t->nrows > 1 ? CURVE_LINE : CURVE_POINTS;

	/* true to scale unless one way is less than a fifth of the other (the
	 * path starts at the origin, so the largest |x|, |y| are its extent) */
	const bool scale = !sideways || (span[1] >= span[0] / 5 && span[0] >= span[1] / 5);
	struct figure *f =
		figure_add(fs, "path",
			   scale	       ? "Path of the polisher's centre"
			   : span[1] < span[0] ? "Path of the polisher's centre (y magnified)"
					       : "Path of the polisher's centre (x magnified)",
			   "x [m]", "y [m]");
	f->equal_axes = scale;
	if (!sideways && span[0] > 0) { /* along x: room above and below, not a sliver */
		f->ymin = -span[0] / 2;
		f->ymax = span[0] / 2;
	}
	figure_curve_from(f, "", st, t, 1, 2);

	f = figure_add(fs, "velocity", "Velocity of the centre: exact rings against the expansion",
		       "t [s]", "velocity [m/s]");
	figure_curve_from(f, "ẋ", st, t, 0, 4);
	if (sideways)
		figure_curve_from(f, "ẏ", st, t, 0, 5);
	const double F[2] = {p->Fx, p->Fy};
	for (int k = 0; k < (sideways ? 2 : 1); k++) {
		struct curve *cv = figure_curve(f, k ? "ẏ, expansion c_eff" : "ẋ, expansion c_eff",
						CURVE_DASHED);
		for (int i = 0; i <= 200; i++) {
			double tt = t_end * i / 200;
			double u = c > 0 ? F[k] / c + (v0[k] - F[k] / c) * exp(-c * tt / m2)
					 : v0[k] + F[k] * tt / m2;
			curve_point(cv, tt, u);
		}
	}

	f = figure_add(fs, "spin", "Turning rate θ̇(t) of the machine", "t [s]", "θ̇ [rad/s]");
	figure_curve_from(f, "θ̇ (exact rings)", st, t, 0, 6);
	figure_segment(f, "expansion θ̇0 + M t/(2m r²)", CURVE_DASHED, 0.0, v0[2], t_end,
		       v0[2] + p->M * t_end / (m2 * p->r * p->r));
	struct curve *held = NULL, *slips = NULL;
	for (int i = 0; i < nland; i++) { /* where a ring rests: θ̇ = −σω */
		if (land[i].held && !held)
			held = figure_curve(f, "locks: a ring at rest, held by static friction",
					    CURVE_POINTS);
		if (!land[i].held && !slips)
			slips = figure_curve(f, "a ring touches rest and slips on (load > limit)",
					     CURVE_POINTS);
		curve_point(land[i].held ? held : slips, land[i].t, -land[i].sigma * p->omega);
	}

	/* the friction against the centre's motion, where the centre moves */
	double umax = 0;
	for (size_t i = 0; i < t->nrows; i++)
		umax = fmax(umax, hypot(table_at(t, i, 4), table_at(t, i, 5)));
	if (!(umax > 0))
		return;
	f = figure_add(fs, "friction",
		       "Friction against the motion vs speed: the rings act as viscosity",
		       "u = |(ẋ, ẏ)| [m/s]", "−Q·û [N]");
	struct curve *cv = figure_curve(f, "exact rings, along the run", st);
	for (size_t i = 0; i < t->nrows; i++) {
		double vx = table_at(t, i, 4), vy = table_at(t, i, 5), u = hypot(vx, vy);
		if (u > 0)
			curve_point(cv, u, -(table_at(t, i, 7) * vx + table_at(t, i, 8) * vy) / u);
	}
	figure_segment(f, "c_eff u (the paper's expansion)", CURVE_DASHED, 0.0, 0.0, umax,
		       c * umax);
}

/* The run between phases. */
enum { NLAND = 8 };
struct polisher_run {
	struct polisher *p;
	double tmax;
	struct landing land[NLAND]; /* the first, and the last */
	int nland;
	double t_lock;
};

/* A ring lands: its slip w = (ẋ, ẏ, r(θ̇ + σω)) falls at the rate
 * ŵ·dw/dt, smooth there; the last s_ev of it in closed form. */
static int polisher_land(struct phase_run *run, struct polisher_run *pr, struct diag *d)
{
	struct polisher *p = pr->p;
	double *y = run->y, f[6];
	const double t = run->t;
	const int sigma = slower_ring(p, y);
	if (polisher_rhs(t, y, f, p))
		return num_interrupted ? diag_set(d, "interrupted") : -1;
	const double w[3] = {y[3], y[4], p->r * (y[5] + sigma * p->omega)};
	const double ws = hypot(hypot(w[0], w[1]), w[2]);
	const double rate = (w[0] * f[3] + w[1] * f[4] + w[2] * p->r * f[5]) / ws;
	if (!(rate < 0)) /* it turns away before it rests */
		return 0;
	const double dt = fmin(ws / -rate, pr->tmax - t), k = dt * -rate / ws;
	y[0] += (y[3] - 0.5 * k * y[3]) * dt;
	y[1] += (y[4] - 0.5 * k * y[4]) * dt;
	y[2] += (y[5] - 0.5 * k * (y[5] + sigma * p->omega)) * dt;
	y[3] -= k * y[3];
	y[4] -= k * y[4];
	y[5] -= k * (y[5] + sigma * p->omega);
	phase_jump(run, t + dt, y);
	return 0;
}

/* By phases: slip (rk8pd) until a ring's slip falls to s_ev, the rest of
 * the way to rest in closed form (the slip falls linearly there: error
 * O(s_ev²)), then either locked to tmax (the loads are constant, so a
 * ring that static friction holds stays held) or breaking away. A ring at
 * rest is decided even at tmax: `locked` is the end's state. */
static int polisher_next(struct phase_run *run, struct phase_mode *mode, void *ctx, struct diag *d)
{
	struct polisher_run *pr = ctx;
	struct polisher *p = pr->p;
	double *y = run->y;
	if (!run->end) /* the record starts at the start, whatever comes */
		phase_mark(run, run->t, y);
	const double tmax = pr->tmax;
	if (run->end && run->end->event) {
		if (p->away) /* clear of rest: the ring's own friction from here */
			p->away = false;
		else if (polisher_land(run, pr, d))
			return -1;
	}
	const double t = run->t;
	int sigma = slower_ring(p, y);
	if (!p->away && ring_slip(p, y, sigma) <= p->s_ev) {
		struct landing l;
		y[3] = y[4] = 0.0;
		y[5] = -sigma * p->omega;
		if (ring_at_rest(p, t, sigma, &l))
			return -1;
		pr->land[pr->nland < NLAND ? pr->nland : NLAND - 1] = l;
		pr->nland++;
		if (l.held) {
			p->locked = true;
			pr->t_lock = t;
			if (run->rec && tmax > t) { /* θ grows linearly: drawn at 200 points */
				double yl[6] = {y[0], y[1], y[2], 0, 0, y[5]};
				for (int i = 0; i < 200; i++) {
					double ti = t + (tmax - t) * i / 200;
					yl[2] = y[2] + y[5] * (ti - t);
					phase_mark(run, ti, yl);
				}
			}
			y[2] += y[5] * (tmax - t);
			phase_jump(run, tmax, y);
			return PHASE_END;
		}
	}
	if (t >= tmax)
		return PHASE_END;
	mode->sys = (struct ode_system){6, polisher_rhs, polisher_event, p};
	mode->opts.rtol = mode->opts.atol = 1e-11;
	/* the rings' own time 1/ω, not the horizon's */
	mode->opts.h0 = 0; /* from the phase's own scales */
	return PHASE_RUN;
}

/* The rings at the start: R0, Q and the viscous coefficient c_eff of the
 * paper's expansion against the exact one. */
struct polisher_start {
	double mg, mu, rw, u0;
	struct contact_forces q0;
	double c_eff, c_exact, R0_exp;
	bool still; /* the slower ring is at rest to the run's s_ev */
};

static int polisher_start_of(struct polisher *p, const double v0[3], struct polisher_start *ps)
{
	const double vx0 = v0[0], vy0 = v0[1], td0 = v0[2];
	const double mg = ps->mg, mu = ps->mu, rw = ps->rw, u0 = ps->u0;
	/* A ring at rest at the start dissipates nothing (R = 0); its static
	 * friction is decided with the run, not here. */
	const struct contact_forces *q0 = &ps->q0;
	const double y0[6] = {0, 0, 0, vx0, vy0, td0};
	p->sigma = slower_ring(p, y0);
	p->away = ring_slip(p, y0, p->sigma) == 0;
	int rc0 = rings(p, vx0, vy0, td0, CONTACT_R | CONTACT_QXY | CONTACT_QTHETA, &ps->q0);
	p->away = false;
	if (rc0)
		return -1;
	ps->c_eff = mu * mg / rw;
	/* The slower ring within s_ev of rest is at rest: the run lands it
	 * at t = 0 (locked, or breaking away from rest), so c_exact is the
	 * stuck ring's inf, as at θ̇ = ±ω exactly. Decided by the sign of
	 * θ̇0 − ω at one ulp, it was 7.4e15 N·s/m beside locked = true,
	 * t_lock = 0; at vx0 = 1e-300 the ratio overflowed and the solve was
	 * refused. */
	ps->still = ring_slip(p, y0, p->sigma) <= p->s_ev;
	if (ps->still)
		ps->c_exact = INFINITY;
	/* Below 1e-8 of the slower ring's rim speed the limit is exact to
	 * rounding (R is even in u: the correction is O(u²/(r(θ̇ ± ω))²)),
	 * where the ratio of quadratures is not: u = 1e-300 gave −inf. */
	else if (u0 > 1e-8 * p->r * fmin(fabs(td0 + p->omega), fabs(td0 - p->omega)))
		ps->c_exact = -(q0->Qx * vx0 + q0->Qy * vy0) / (u0 * u0);
	else /* the limit u → 0: each ring gives μ m g/(2 r |θ̇ ± ω|) */
		ps->c_exact = mu * mg / (2 * p->r) *
			      (1 / fabs(td0 + p->omega) + 1 / fabs(td0 - p->omega));
	ps->R0_exp = mu * mg * (2 * rw + u0 * u0 / (2 * rw));
	return 0;
}

/* The worked steps. */
static void polisher_steps(struct strbuf *s, const struct polisher *p,
			   const struct polisher_start *ps, const struct polisher_run *pr,
			   size_t steps, double tmax, const double y[6])
{
	const struct contact_forces q0 = ps->q0;
	const struct landing *land = pr->land;
	model_step(s,
		   "Two rings of mass m and radius r = %g m turn at ±ω = ±%g rad/s on the "
		   "machine, whose centre (x, y) moves at (ẋ, ẏ) = u (cos ϕ, sin ϕ) and which "
		   "turns at θ̇; the worker pushes with (Fx, Fy) and turns it with M.",
		   p->r, p->omega);
	model_step(s, "Each ring turns at θ̇ ± ω; its point at angle φ slides at v± with");
	model_step(s, "  v±² = u² + r²(θ̇ ± ω)² − 2ur(θ̇ ± ω) sin(θ ± ωt + φ − ϕ).");
	model_step(s,
		   "Uniform pressure and Coulomb friction, each ring carrying m g = %g N; R by eq. "
		   "(20):",
		   ps->mg);
	model_step(s, "  R± = (μ m g/2π) ∫₀^{2π} v±(φ) dφ,  R = R₊ + R₋.");
	model_step(s, "For r ω ≫ u, r θ̇ (Minguzzi's expansion, §2.3):");
	model_step(s, "  R± ≈ μ m g (r ω ± r θ̇ + (ẋ² + ẏ²)/(4 r ω)), so R ≈ μ m g (2 r ω + u²/(2 "
		      "r ω)).");
	model_step(s,
		   "At the start u = %.6g m/s, u/(r ω) = %.6g: R0 = %.12g W exactly (quadrature), "
		   "%.12g W by the expansion.",
		   ps->u0, ps->u0 / ps->rw, q0.R, ps->R0_exp);
	model_step(s, "T = m(ẋ² + ẏ²) + m r²(θ̇² + ω²), so Lagrange's equations are");
	model_step(s, "  2m ẍ = Fx + Qx, 2m ÿ = Fy + Qy, 2m r² θ̈ = M + Qθ,");
	model_step(s,
		   "and with the expansion Qx = −μ m g ẋ/(r ω), Qy = −μ m g ẏ/(r ω), Qθ = 0: the "
		   "rings' Coulomb friction acts as a viscous force on the translation.");
	model_step(s, "  c_eff = μ m g/(r ω) = %g · %g/(%g · %g) = %.12g N·s/m.", ps->mu, ps->mg,
		   p->r, p->omega, ps->c_eff);
	if (ps->u0 > 0 && !ps->still)
		model_step(s, "  Exact at the start: c = −Q·û/u = %.12g N·s/m (%.9g c_eff).",
			   ps->c_exact, ps->c_exact / ps->c_eff);
	else
		model_step(s,
			   "  Exact at the start (u = 0: the limit Σ μ m g/(2 r |θ̇ ± ω|)): c = "
			   "%.12g N·s/m (%.9g c_eff).",
			   ps->c_exact, ps->c_exact / ps->c_eff);
	model_step(s, "  Qθ at the start = %.6g N·m (0 in the expansion).", q0.Qtheta);
	model_step(s,
		   "Integrated with the exact forces (ring quadrature at every step, rk8pd, "
		   "tolerance 1e-11) in %zu steps, by phases:",
		   steps);
	for (int i = 0; i < pr->nland && i < NLAND; i++) {
		const struct landing *l = &land[i];
		const char *pm = l->sigma > 0 ? "+" : "−", *sg = l->sigma > 0 ? "−" : "";
		if (i == NLAND - 1 && pr->nland > NLAND)
			model_step(s, "  (%d more landings before; the last:)",
				   pr->nland - NLAND + 1);
		model_step(s,
			   "  at t = %.12g s the ring turning at θ̇ %s ω comes to rest on the floor "
			   "(u = 0, θ̇ = %sω); the other spins at %s2ω.",
			   l->t, pm, sg, sg);
		model_step(
			s,
			"  To keep it at rest its static friction must balance the worker and the "
			"other ring: a force |(Fx + Qx, Fy + Qy)| = %.9g N and a moment |M + Qθ| = "
			"%.9g N·m.",
			hypot(l->load[0], l->load[1]), fabs(l->load[2]));
		model_step(
			s,
			"  A ring at rest can give at most μ m g = %.9g N (force alone), μ m g r = "
			"%.9g N·m (moment alone), and together what lies inside the set whose edge "
			"is the friction of the ring sliding: this load is %.9g of that limit,",
			ps->mu * ps->mg, ps->mu * ps->mg * p->r, l->rho);
		if (l->held)
			model_step(
				s,
				"  so static friction holds it: the machine is locked at θ̇ = %sω "
				"from t = %.12g s on (the loads are constant, so it stays held).",
				sg, l->t);
		else
			model_step(s, "  so it cannot: the ring slips on at once, along the excess "
				      "load, and the machine slides on.");
	}
	if (!pr->nland)
		model_step(s, "  No ring comes to rest on the floor before tmax = %g s.", tmax);
	model_step(s,
		   "With Fx = Fy = 0 and one ring at rest (θ̇ = ±ω) the other gives ∓μ m g r, so "
		   "the machine locks for a moment M turning it that way up to M_lock = 2 μ m g r "
		   "= %.9g N·m.",
		   2 * ps->mu * ps->mg * p->r);
	model_step(s, "At t = tmax = %g s: (ẋ, ẏ) = (%.12g, %.12g) m/s, θ̇ = %.12g rad/s%s.", tmax,
		   y[3], y[4], y[5], p->locked ? ", locked" : "");
	model_step(s,
		   "  With the expansion: ẋ = Fx/c + (ẋ0 − Fx/c) e^{−c t/(2m)}, θ̇ = θ̇0 + M t/(2m "
		   "r²).");
}

static int polisher_solve(const struct model_input *in, struct model_output *out, struct diag *d)
{
	const double *a = in->num;
	struct polisher p = {
		.law = {.kind = FRICTION_COULOMB, .mu = a[P_MU]},
		.m = a[P_M],
		.r = a[P_R],
		.omega = a[P_OMEGA],
		.Fx = a[P_FX],
		.Fy = a[P_FY],
		.M = a[P_MOMENT],
		.d = d,
	};
	p.ring = (struct contact){.shape = SHAPE_RING,
				  .r = p.r,
				  .pressure = PRESSURE_UNIFORM,
				  .law = &p.law,
				  .N = p.m * a[P_G]};
	const double mg = p.m * a[P_G], mu = a[P_MU], rw = p.r * p.omega;
	const double vx0 = a[P_VX0], vy0 = a[P_VY0], td0 = a[P_THETADOT0], tmax = a[P_TMAX];
	const double u0 = hypot(vx0, vy0);
	struct strbuf *s = out->steps;

	p.s_ev = 1e-9 * rw;
	struct polisher_start st0 = {.mg = mg, .mu = mu, .rw = rw, .u0 = u0};
	if (polisher_start_of(&p, (const double[3]){vx0, vy0, td0}, &st0))
		return -1;

	double y[6] = {0, 0, 0, vx0, vy0, td0};
	struct record tr, *trp = record_open(&tr, out->figs, 6, 3, tmax / 300, polisher_extra, &p);
	struct polisher_run pr = {.p = &p, .tmax = tmax, .t_lock = NAN};
	struct phase_caps caps = phase_caps_default();
	caps.phase_word = "slip phases";
	struct phase_run run;
	const struct phase_system ps = {6, polisher_next, &pr};
	int rc = phase_run(&ps, &caps, 0.0, tmax, y, trp, &run, d);
	if (!rc && trp)
		polisher_figures(out->figs, trp, &p, (const double[3]){vx0, vy0, td0}, st0.c_eff,
				 pr.land, pr.nland < NLAND ? pr.nland : NLAND);
	record_release(trp);
	if (rc)
		return -1;
	/* inside polisher_check's domain these are finite but for products of
	 * extremes (μ m g of 1e300 kg); one that is not is refused, never
	 * printed (t_lock's inf says it never locks) */
	const struct solve_number nums[] = {
		{P_C_EFF, st0.c_eff, true},
		{P_C_EFF_EXACT, st0.c_exact, !st0.still}, /* a ring at rest: inf */
		{P_R0, st0.q0.R, true},
		{P_R0_EXPANSION, st0.R0_exp, true},
		{P_VX_END, y[3], true},
		{P_VY_END, y[4], true},
		{P_THETADOT_END, y[5], true},
		{P_X_END, y[0], true},
		{P_Y_END, y[1], true},
		{P_THETA_END, y[2], true},
		{P_T_END, tmax, false},
		{P_T_LOCK, pr.t_lock, false},
		{P_M_LOCK, 2 * mu * mg * p.r, true}};
	if (solve_numbers(out->res, p_results, nums, sizeof nums / sizeof *nums,
			  "the machine's forces overflow at these scales; bring m, r, omega, mu "
			  "and g nearer each other",
			  d))
		return -1;
	out->res[P_LOCKED] = value_bool(p.locked);

	polisher_steps(s, &p, &st0, &pr, run.steps, tmax, y);
	return 0;
}

/* The most time constants a run may span: about a second of steps. */
#define PO_SPAN 1e4

/* model.check: the run within PO_SPAN of the machine's time constant
 * 2rω/(μg), over which friction, a viscosity for it, relaxes its motion:
 * an explicit integration takes steps of that size, so r = 1e-9, μ = 1e9
 * or tmax = 1e9 took minutes; speeds whose squares stay finite. */
static int polisher_check(const struct model_input *in, struct diag *d)
{
	const double *a = in->num;
	for (int i = P_VX0; i <= P_THETADOT0; i++) /* the speeds */
		if (!(fabs(a[i]) <= 1e100))
			return diag_set(d,
					"%s = %g %s: beyond 1e100 in size, where the machine's "
					"energies overflow",
					p_params[i].name, a[i], p_params[i].unit);
	const double tau = 2 * a[P_R] * a[P_OMEGA] / (a[P_MU] * a[P_G]);
	/* a run over a time constant that underflows: said in its own words,
	 * not as tmax "inf times" a constant of "0 s" (omega = 5e-324) */
	if (a[P_TMAX] > 0 && !(tau >= DBL_MIN))
		return diag_set(d,
				"r = %g m, omega = %g rad/s, mu = %g, g = %g m/s^2: the machine's "
				"time constant 2rω/(μg) = %.3g s, over which friction relaxes its "
				"motion, is below the least normal double (%.3g s); raise r or "
				"omega, or lower mu or g",
				a[P_R], a[P_OMEGA], a[P_MU], a[P_G], tau, DBL_MIN);
	if (a[P_TMAX] > PO_SPAN * tau)
		return diag_set(d,
				"tmax = %g s is %.3g times the machine's time constant "
				"2rω/(μg) = %.3g s, over which friction relaxes its motion; a run "
				"may span at most %g of them (%.3g s): lower tmax, or raise r or "
				"omega, or lower mu or g",
				a[P_TMAX], a[P_TMAX] / tau, tau, PO_SPAN, PO_SPAN * tau);
	return 0;
}

const struct model model_polisher = {
	.name = "polisher",
	.summary = "a stone polisher of two counter-rotating rings (Minguzzi §2.3)",
	.params = p_params,
	.nparams = P_NPARAMS,
	.results = p_results,
	.nresults = P_NRESULTS,
	.solve = polisher_solve,
	.check = polisher_check,
};
