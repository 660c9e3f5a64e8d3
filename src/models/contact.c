#include "models/contact.h"

#include <float.h>
#include <gsl/gsl_deriv.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_machine.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_sf_ellint.h>
#include <math.h>
#include <stdlib.h>

#include "num/num.h"

enum { QUAD_LIMIT = 200, MAX_BREAKS = 16 };

/* The instantaneous centre counts as near the body (and becomes the pole of
 * the polar coordinates) within this many body radii of the centre. */
static const double NEAR_FACTOR = 4.0;
static const double OUTER_EPSREL = 1e-12, INNER_EPSREL = 1e-13;

enum what { W_WEIGHT, W_RM, W_QX, W_QY, W_QT, W_P };

double contact_measure(const struct contact *c)
{
	switch (c->shape) {
	case SHAPE_DISK:
		return M_PI * c->r * c->r;
	case SHAPE_RING:
		return 2.0 * M_PI * c->r;
	case SHAPE_ANNULUS:
		return M_PI * (c->r - c->r_in) * (c->r + c->r_in);
	case SHAPE_RECT:
		return c->width * c->height;
	}
	return NAN;
}

double contact_size(const struct contact *c)
{
	return c->shape == SHAPE_RECT ? 0.5 * hypot(c->width, c->height) : c->r;
}

int contact_check(const struct contact *c, struct diag *d)
{
	switch (c->shape) {
	case SHAPE_DISK:
	case SHAPE_RING:
	case SHAPE_ANNULUS:
		if (!(c->r > 0))
			return diag_set(d, "r = %g: the radius must be positive", c->r);
		if (c->shape == SHAPE_ANNULUS && !(c->r_in > 0 && c->r_in < c->r))
			return diag_set(d,
					"r_in = %g: an annulus needs 0 < r_in < r (r = %g); "
					"use shape disk for r_in = 0 and shape ring for a thin one",
					c->r_in, c->r);
		return 0;
	case SHAPE_RECT:
		if (!(c->width > 0))
			return diag_set(d, "width = %g: must be positive", c->width);
		if (!(c->height > 0))
			return diag_set(d, "height = %g: must be positive", c->height);
		return 0;
	}
	return diag_set(d, "unknown shape");
}

void contact_centre(const struct contact *c, struct contact_motion m, struct contact_centre *out)
{
	*out = (struct contact_centre){CENTRE_NONE, 0.0, 0.0, false};
	if (m.wz == 0)
		return;
	out->cx = -m.uy / m.wz + 0.0; /* no -0 in the steps */
	out->cy = m.ux / m.wz + 0.0;
	const double x = out->cx, y = out->cy, rho = hypot(x, y), tol = 1e-12 * contact_size(c);
	bool inside, edge;
	switch (c->shape) {
	case SHAPE_RING:
		edge = fabs(rho - c->r) <= tol;
		inside = false;
		break;
	case SHAPE_DISK:
		edge = fabs(rho - c->r) <= tol;
		inside = rho < c->r;
		break;
	case SHAPE_ANNULUS:
		edge = fabs(rho - c->r) <= tol || fabs(rho - c->r_in) <= tol;
		inside = rho < c->r && rho > c->r_in;
		break;
	case SHAPE_RECT:
	default: {
		double ex = fabs(x) - 0.5 * c->width, ey = fabs(y) - 0.5 * c->height;
		edge = (fabs(ex) <= tol && ey <= tol) || (fabs(ey) <= tol && ex <= tol);
		inside = ex < 0 && ey < 0;
		break;
	}
	}
	out->where = edge ? CENTRE_EDGE : inside ? CENTRE_INSIDE : CENTRE_OUTSIDE;
	out->pole_at_centre =
		c->shape != SHAPE_RING && rho <= (1.0 + NEAR_FACTOR) * contact_size(c);
}

/* ---- the integrand ------------------------------------------------------ */

struct edge {
	double ax, ay; /* start */
	double tx, ty; /* unit tangent */
	double delta;  /* signed distance of the pole from the edge's line, + inside */
};

struct integ {
	const struct contact *c;
	struct contact_motion m;
	enum what what;
	bool spinning;
	double cx, cy; /* instantaneous centre */
	double px, py; /* pole of the polar coordinates */
	bool pole_c;
	double ex, ey;	  /* current ray */
	double ray_a;	  /* start of the current ray's interval */
	struct edge edge; /* current edge of a rect */
	double inner_epsabs;
	gsl_integration_workspace *inner_ws;
	int status; /* first failure inside */
};

/* The contribution of the body point (x, y), d = x - c its offset from the
 * instantaneous centre (computed exactly by the caller where it can), and
 * `geom` the area (or length) element's factor. */
/* |(x, y)| by sqrt(x² + y²), which is what the integrands need many
 * times over (hypot was a third of rayleigh's time), and hypot's care only
 * where the squares would leave the normal range. */
static inline double norm2(double x, double y)
{
	const double s = x * x + y * y;
	return s >= DBL_MIN && s <= DBL_MAX ? sqrt(s) : hypot(x, y);
}

static double point_value(struct integ *g, double x, double y, double dx, double dy, double geom)
{
	double vx, vy;
	if (g->spinning) {
		vx = -g->m.wz * dy;
		vy = g->m.wz * dx;
	} else {
		vx = g->m.ux;
		vy = g->m.uy;
	}
	double v = norm2(vx, vy);
	double w = g->c->pressure == PRESSURE_REYE ? geom / v : geom;
	if (g->what == W_WEIGHT)
		return w;
	if (g->what == W_RM)
		return w * friction_mu_integral(g->c->law, v);
	double mu = friction_mu(g->c->law, v);
	switch (g->what) {
	case W_QX:
		return w * mu * vx / v;
	case W_QY:
		return w * mu * vy / v;
	case W_QT:
		return w * mu * (x * vy - y * vx) / v;
	case W_P:
		return w * mu * v;
	default:
		return NAN;
	}
}

static double radial(double rho, void *p)
{
	struct integ *g = p;
	double dx = rho * g->ex, dy = rho * g->ey;
	double x = g->px + dx, y = g->py + dy;
	if (!g->pole_c) {
		dx = x - g->cx;
		dy = y - g->cy;
	}
	return point_value(g, x, y, dx, dy, rho);
}

/* The parts [t0, t1] of the ray p + t e, t ≥ 0, inside the circle of radius
 * a about the origin: 0 or 1 interval. */
static int circle_hit(double px, double py, double ex, double ey, double a, double t[2])
{
	double b = px * ex + py * ey, C = (px - a) * (px + a) + py * py;
	double disc = b * b - C;
	if (disc <= 0)
		return 0;
	double q = -(b + copysign(sqrt(disc), b));
	double r1 = q, r2 = q != 0 ? C / q : 0.0;
	double lo = fmin(r1, r2), hi = fmax(r1, r2);
	if (hi <= 0)
		return 0;
	t[0] = fmax(lo, 0.0);
	t[1] = hi;
	return 1;
}

/* The intervals of ρ where the ray from the pole in direction θ is in the
 * disk or annulus: up to two. */
static int ray_intervals(const struct integ *g, double iv[2][2])
{
	const struct contact *c = g->c;
	double t[2], h[2];
	switch (c->shape) {
	case SHAPE_DISK:
		if (!circle_hit(g->px, g->py, g->ex, g->ey, c->r, t))
			return 0;
		iv[0][0] = t[0], iv[0][1] = t[1];
		return 1;
	case SHAPE_ANNULUS: {
		if (!circle_hit(g->px, g->py, g->ex, g->ey, c->r, t))
			return 0;
		if (!circle_hit(g->px, g->py, g->ex, g->ey, c->r_in, h)) {
			iv[0][0] = t[0], iv[0][1] = t[1];
			return 1;
		}
		int n = 0;
		if (h[0] > t[0])
			iv[n][0] = t[0], iv[n][1] = fmin(h[0], t[1]), n++;
		if (h[1] < t[1])
			iv[n][0] = fmax(h[1], t[0]), iv[n][1] = t[1], n++;
		return n;
	}
	case SHAPE_RECT: /* by triangles: rect_integrate */
	case SHAPE_RING:
		break;
	}
	return 0;
}

/* GSL's roundoff verdict means the error estimate has reached the noise of
 * double arithmetic: the result is as good as it gets, so it stands. */
static bool quad_ok(int status)
{
	return status == GSL_SUCCESS || status == GSL_EROUND;
}

/* By parts along a ray from the instantaneous centre, where v = κρ:
 * ∫_a^b g(ρ) M(κρ) dρ = G(b) M(κb) − κ ∫_a^b G(ρ) μ(κρ) dρ, G(ρ) = ∫_a^ρ g.
 * For a formula μ(v), whose M is itself a quadrature, this takes one M per
 * ray instead of one per node. g = ρ (uniform) or 1/κ (Reye: ρ/v). */
static double by_parts(double rho, void *p)
{
	struct integ *g = p;
	const double k = fabs(g->m.wz), a = g->ray_a;
	double G = g->c->pressure == PRESSURE_REYE ? (rho - a) / k : 0.5 * (rho - a) * (rho + a);
	return G * friction_mu(g->c->law, k * rho) * k;
}

/* ∫_a^b of the integrand along the current ray. */
static int ray_integral(struct integ *g, double a, double b, double *out)
{
	bool parts = g->what == W_RM && g->pole_c && g->spinning && g->c->law->kind == FRICTION_FN;
	gsl_function F = {parts ? by_parts : radial, g};
	double r, err;
	g->ray_a = a;
	int s = gsl_integration_qags(&F, a, b, g->inner_epsabs, INNER_EPSREL, QUAD_LIMIT,
				     g->inner_ws, &r, &err);
	if (!quad_ok(s)) {
		g->status = s;
		return -1;
	}
	if (parts) {
		const double k = fabs(g->m.wz);
		double G = g->c->pressure == PRESSURE_REYE ? (b - a) / k : 0.5 * (b - a) * (b + a);
		r = G * friction_mu_integral(g->c->law, k * b) - r;
	}
	*out = r;
	return 0;
}

static double angular(double theta, void *p)
{
	struct integ *g = p;
	if (g->status || num_interrupted)
		return NAN;
	g->ex = cos(theta);
	g->ey = sin(theta);
	double iv[2][2], sum = 0.0;
	int n = ray_intervals(g, iv);
	for (int i = 0; i < n; i++) {
		if (!(iv[i][1] > iv[i][0]))
			continue;
		double r;
		if (ray_integral(g, iv[i][0], iv[i][1], &r))
			return NAN;
		sum += r;
	}
	return sum;
}

static double ring_point(double phi, void *p)
{
	struct integ *g = p;
	if (num_interrupted)
		return NAN;
	const double r = g->c->r, x = r * cos(phi), y = r * sin(phi);
	return point_value(g, x, y, x - g->cx, y - g->cy, r);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Adds the directions (from the pole) of the tangents to the circle of
 * radius a, if the pole is outside it: ρ_max(θ) has kinks there. */
static int add_tangents(const struct integ *g, double a, double ref, double *br, int n)
{
	double D = hypot(g->px, g->py);
	if (D >= a * (1 - 1e-14) && D > 0) {
		double h = asin(fmin(1.0, a / D));
		br[n++] = ref - h;
		br[n++] = ref + h;
	}
	return n;
}

/* The outer range [pts[0], pts[n-1]] of θ over a disk or an annulus, with
 * the kinks between. */
static int angular_breaks(const struct integ *g, double pts[MAX_BREAKS])
{
	const struct contact *c = g->c;
	double D = hypot(g->px, g->py);
	double ref = D > 0 ? atan2(-g->py, -g->px) : 0.0;
	double br[MAX_BREAKS];
	int nb = 0;
	double lo, hi;
	nb = add_tangents(g, c->r, ref, br, nb);
	if (c->shape == SHAPE_ANNULUS)
		nb = add_tangents(g, c->r_in, ref, br, nb);
	if (D < c->r * (1 - 1e-14)) {
		lo = ref - M_PI;
		hi = ref + M_PI;
	} else {
		double h = asin(fmin(1.0, c->r / D));
		lo = ref - h;
		hi = ref + h;
	}
	/* The directions pointing at a kink, strictly inside (lo, hi). */
	qsort(br, (size_t)nb, sizeof(*br), cmp_double);
	int n = 0;
	pts[n++] = lo;
	double margin = 1e-12 * (hi - lo);
	for (int i = 0; i < nb; i++) {
		double a = br[i];
		/* wrap into the range */
		while (a <= lo)
			a += 2 * M_PI;
		while (a >= hi)
			a -= 2 * M_PI;
		if (a > lo + margin && a < hi - margin)
			pts[n++] = a;
	}
	qsort(pts + 1, (size_t)(n - 1), sizeof(*pts), cmp_double);
	/* drop duplicates */
	int k = 1;
	for (int i = 1; i < n; i++)
		if (pts[i] > pts[k - 1] + margin)
			pts[k++] = pts[i];
	pts[k++] = hi;
	return k;
}

/* A rectangle is the signed sum of the triangles (pole, edge), positive
 * where the pole is on the inner side of the edge's line. Each is swept by
 * the point E(s) of its edge: dθ = |δ| ds/|E − p|², δ the pole's distance
 * from the line. (Swept in θ, a pole close to an edge makes a spike of
 * width δ/L that Gauss-Kronrod's nodes step over; in s it is a bump of
 * width δ about the foot of the perpendicular, which is a breakpoint.) */
static double edge_point(double s, void *p)
{
	struct integ *g = p;
	if (g->status || num_interrupted)
		return NAN;
	const struct edge *e = &g->edge;
	double dx = e->ax + s * e->tx - g->px, dy = e->ay + s * e->ty - g->py;
	double rho = norm2(dx, dy);
	if (!(rho > 0))
		return 0.0;
	g->ex = dx / rho;
	g->ey = dy / rho;
	double r;
	if (ray_integral(g, 0.0, rho, &r))
		return NAN;
	return r * fabs(e->delta) / (rho * rho);
}

static int rect_integrate(struct integ *g, double epsabs, gsl_integration_workspace *ws,
			  double *result)
{
	const struct contact *c = g->c;
	const double hw = 0.5 * c->width, hh = 0.5 * c->height;
	const double corner[5][2] = {{-hw, -hh}, {hw, -hh}, {hw, hh}, {-hw, hh}, {-hw, -hh}};
	*result = 0.0;
	for (int i = 0; i < 4; i++) {
		struct edge *e = &g->edge;
		double bx = corner[i + 1][0] - corner[i][0], by = corner[i + 1][1] - corner[i][1];
		double len = hypot(bx, by);
		e->ax = corner[i][0];
		e->ay = corner[i][1];
		e->tx = bx / len;
		e->ty = by / len;
		/* counterclockwise: the inner normal is the tangent turned left */
		e->delta = (g->px - e->ax) * -e->ty + (g->py - e->ay) * e->tx;
		if (fabs(e->delta) <= 1e-15 * len)
			continue; /* the pole is on this edge's line: no area */
		double sf = (g->px - e->ax) * e->tx + (g->py - e->ay) * e->ty;
		double pts[3] = {0.0, sf, len};
		size_t n = 3;
		if (!(sf > 1e-12 * len && sf < len * (1 - 1e-12))) {
			pts[1] = len;
			n = 2;
		}
		gsl_function F = {edge_point, g};
		double r, err;
		int s = gsl_integration_qagp(&F, pts, n, 0.25 * epsabs, OUTER_EPSREL, QUAD_LIMIT,
					     ws, &r, &err);
		if (!quad_ok(s))
			return s;
		*result += e->delta > 0 ? r : -r;
	}
	return GSL_SUCCESS;
}

/* ---- the weighted integrals ------------------------------------------- */

struct scales {
	double speed; /* |u| + |ω| L */
	double weight, mu;
};

static int integrate(struct integ *g, enum what what, double scale, double *out, struct diag *d)
{
	const struct contact *c = g->c;
	g->what = what;
	g->status = 0;
	double epsabs = 1e-14 * scale, result, err;
	int s;
	gsl_integration_workspace *ws = gsl_integration_workspace_alloc(QUAD_LIMIT);
	num_gsl_clear();
	if (c->shape == SHAPE_RING) {
		double phic = g->spinning ? atan2(g->cy, g->cx) : 0.0;
		double pts[3] = {phic - M_PI, phic, phic + M_PI};
		gsl_function F = {ring_point, g};
		s = gsl_integration_qagp(&F, pts, 3, epsabs, OUTER_EPSREL, QUAD_LIMIT, ws, &result,
					 &err);
	} else {
		g->inner_epsabs = epsabs / (2 * M_PI);
		g->inner_ws = gsl_integration_workspace_alloc(QUAD_LIMIT);
		if (c->shape == SHAPE_RECT) {
			s = rect_integrate(g, epsabs, ws, &result);
		} else {
			double pts[MAX_BREAKS + 2];
			int n = angular_breaks(g, pts);
			gsl_function F = {angular, g};
			s = gsl_integration_qagp(&F, pts, (size_t)n, epsabs, OUTER_EPSREL,
						 QUAD_LIMIT, ws, &result, &err);
		}
		gsl_integration_workspace_free(g->inner_ws);
		g->inner_ws = NULL;
	}
	gsl_integration_workspace_free(ws);
	struct friction_law *law = c->law;
	if (law->bad) {
		if (isnan(law->bad_mu))
			return diag_set(d, "∫μ dv from 0 to v = %g m/s does not converge",
					law->bad_v);
		return diag_set(d,
				"the friction law gives μ(%g m/s) = %g: a friction "
				"coefficient must be finite and not negative",
				law->bad_v, law->bad_mu);
	}
	if (g->status)
		return num_fail(d, g->status, "surface integral (inner quadrature)");
	if (!quad_ok(s) || !isfinite(result))
		return num_fail(d, quad_ok(s) ? GSL_EBADFUNC : s, "surface integral");
	*out = result;
	return 0;
}

static void setup(const struct contact *c, struct contact_motion m, struct integ *g,
		  struct scales *sc)
{
	struct contact_centre cc;
	contact_centre(c, m, &cc);
	*g = (struct integ){.c = c, .m = m};
	g->spinning = cc.where != CENTRE_NONE;
	g->cx = cc.cx;
	g->cy = cc.cy;
	g->pole_c = cc.pole_at_centre;
	if (g->pole_c) {
		g->px = cc.cx;
		g->py = cc.cy;
	}
	const double L = contact_size(c);
	sc->speed = hypot(m.ux, m.uy) + fabs(m.wz) * L;
	sc->weight = contact_measure(c) / (c->pressure == PRESSURE_REYE ? sc->speed : 1.0);
	sc->mu = fmax(fmax(friction_mu(c->law, 0.0), friction_mu(c->law, 0.5 * sc->speed)),
		      friction_mu(c->law, sc->speed));
	if (!isfinite(sc->mu))
		sc->mu = 0.0; /* the law's fault is reported by the integral */
}

/* One ring sliding: the friction of eq. (18) in closed form. A point of
 * the ring at angle φ from the centre's velocity u (speed U) slides at
 * v = (U − ωr sin φ, ωr cos φ), |v|² = a − b sin φ, a = U² + ω²r²,
 * b = 2Uωr, and each radian carries the force −(μN/2π) v/|v|. With
 *   I0 = ∫ dφ/|v| = 4K(k)/√S,  I1 = ∫ |v| dφ = 4√S E(k),
 *   J = ∫ sin φ dφ/|v| = (a I0 − I1)/b,  S = a + |b|, k² = 2|b|/S
 * (over 0..2π), the force is −(μN/2π)(U I0 − ωr J) along u (across u it
 * cancels), the torque −(μN/2π)(ωr² I0 − Ur J) and R = (μN/2π) I1 (the
 * check of rayleigh-ring). Small |b|/a: J by its series, without the
 * cancellation. Returns 1 where a point of the ring is (nearly) at rest,
 * k → 1, K's pole: the caller takes the quadrature there. See contact.h. */
int contact_ring_exact(const struct contact *c, struct contact_motion mo, struct contact_forces *f)
{
	if (c->shape != SHAPE_RING || c->pressure != PRESSURE_UNIFORM ||
	    c->law->kind != FRICTION_COULOMB)
		return 1;
	const double U = hypot(mo.ux, mo.uy), w = mo.wz, r = c->r, wr = w * r;
	const double a = U * U + wr * wr, b = 2 * U * wr, ab = fabs(b), S = a + ab;
	const double q = (U - fabs(wr)) * (U - fabs(wr)) / S; /* 1 − k² */
	if (!(a > 0) || !(q > 1e-12) || !isfinite(S))
		return 1;
	const double k = sqrt(2 * ab / S);
	const double K = gsl_sf_ellint_Kcomp(k, GSL_PREC_DOUBLE);
	const double E = gsl_sf_ellint_Ecomp(k, GSL_PREC_DOUBLE);
	const double I0 = 4 * K / sqrt(S), I1 = 4 * sqrt(S) * E;
	double J = 0;
	if (ab < 0.25 * a) { /* Σ c_n (b/a)^n ∫ sin^(n+1), n odd: 2π c_n c_(n+1)/2 */
		const double x = b / a;
		double cn = 1, xn = 1, cm = 1;
		for (int n = 1; n < 80; n++) {
			cn *= (2.0 * n - 1) / (2.0 * n);
			xn *= x;
			if (n % 2 == 0)
				continue;
			const int m = (n + 1) / 2;
			cm *= (2.0 * m - 1) / (2.0 * m);
			const double term = cn * xn * 2 * M_PI * cm;
			J += term;
			if (fabs(term) < 1e-18 * fabs(J))
				break;
		}
		J /= sqrt(a);
	} else {
		J = (a * I0 - I1) / b;
	}
	const double k0 = c->law->mu * c->N / (2 * M_PI);
	const double along = U > 0 ? -k0 * (U * I0 - wr * J) : 0.0;
	f->Qx = U > 0 ? along * mo.ux / U : 0.0;
	f->Qy = U > 0 ? along * mo.uy / U : 0.0;
	f->Qtheta = -k0 * (w * r * r * I0 - U * r * J);
	f->R = k0 * I1;
	f->weight = 2 * M_PI * r;
	return 0;
}

int contact_eval(const struct contact *c, struct contact_motion m, unsigned want,
		 struct contact_forces *f, struct diag *d)
{
	*f = (struct contact_forces){0};
	if (contact_check(c, d))
		return -1;
	if (m.ux == 0 && m.uy == 0 && m.wz == 0)
		return diag_set(d, "nothing slides (u = 0 and ω = 0): R = 0 and the friction is "
				   "static, not given by R");
	struct integ g;
	struct scales sc;
	setup(c, m, &g, &sc);
	if (c->pressure == PRESSURE_REYE && c->shape == SHAPE_RING && g.spinning &&
	    fabs(hypot(g.cx, g.cy) - c->r) <= 1e-9 * c->r)
		return diag_set(d,
				"Reye's pressure cannot be normalized: the ring's point at "
				"(%g, %g) m does not slide, and ∫ ds/v_r diverges there",
				g.cx, g.cy);
	const double L = contact_size(c), V = sc.speed, wsc = sc.weight, musc = sc.mu;
	double W, x;
	if (integrate(&g, W_WEIGHT, wsc, &W, d))
		return -1;
	if (!(W > 0) || !isfinite(W))
		return diag_set(d, "the pressure cannot be normalized (∫ w dA = %g)", W);
	f->weight = W;
	const double k = c->N / W;
	f->qtol = k * 1e-14 * wsc * musc; /* integrate's epsabs, as forces */
	f->ttol = f->qtol * L;
	if (want & CONTACT_R) {
		if (integrate(&g, W_RM, wsc * musc * V, &x, d))
			return -1;
		f->R = k * x;
	}
	if (want & CONTACT_QXY) {
		if (integrate(&g, W_QX, wsc * musc, &x, d))
			return -1;
		f->Qx = -k * x;
		if (integrate(&g, W_QY, wsc * musc, &x, d))
			return -1;
		f->Qy = -k * x;
	}
	if (want & CONTACT_QTHETA) {
		if (integrate(&g, W_QT, wsc * musc * L, &x, d))
			return -1;
		f->Qtheta = -k * x;
	}
	if (want & CONTACT_P) {
		if (integrate(&g, W_P, wsc * musc * V, &x, d))
			return -1;
		f->P = k * x;
	}
	return 0;
}

/* ---- differentiating R ------------------------------------------------- */

struct deriv_ctx {
	const struct contact *c;
	struct contact_motion m;
	int k; /* which velocity varies */
	int failed;
	struct diag *d;
};

static double r_of(double x, void *p)
{
	struct deriv_ctx *dc = p;
	struct contact_motion m = dc->m;
	double *q[3] = {&m.ux, &m.uy, &m.wz};
	*q[dc->k] = x;
	struct contact_forces f;
	if (dc->failed)
		return NAN;
	if (contact_eval(dc->c, m, CONTACT_R, &f, dc->d)) {
		dc->failed = 1;
		return NAN;
	}
	return f.R;
}

int contact_gradient(const struct contact *c, struct contact_motion m, double grad[3],
		     struct diag *d)
{
	const double L = contact_size(c);
	const double V = hypot(m.ux, m.uy) + fabs(m.wz) * L;
	const double q[3] = {m.ux, m.uy, m.wz};
	const double h[3] = {1e-4 * V, 1e-4 * V, 1e-4 * V / L};
	if (!(V > 0))
		return diag_set(d, "nothing slides: R is not differentiable at rest");
	for (int k = 0; k < 3; k++) {
		struct deriv_ctx dc = {c, m, k, 0, d};
		gsl_function F = {r_of, &dc};
		double err;
		gsl_deriv_central(&F, q[k], h[k], &grad[k], &err);
		if (dc.failed)
			return -1;
		if (!isfinite(grad[k]))
			return diag_set(d, "∂R/∂q̇ could not be computed");
		/* within the difference's own error estimate of 0 it is 0: a
		 * component zero by symmetry printed as 1e-13 N was round-off
		 * shown as a value (issue 37) */
		if (fabs(grad[k]) <= err)
			grad[k] = 0.0;
	}
	return 0;
}

/* ---- Coulomb, in closed form (model disk-slide, model lagrange) ---------- */

/* The integrals over a quarter period of Delta = sqrt(1 - k² sin² t) the
 * forces below are made of: by 32-point Gauss-Legendre quadrature where k
 * is small (the closed forms lose k² or k⁴ of their digits to
 * cancellation there; the integrands are analytic in a strip of width
 * acosh(1/k) > 0.6, where 32 points are exact to the last digit), by
 * complete elliptic integrals (GSL) elsewhere. */
enum { J_COS2_D, J_D3, J_COS2_OVER_D, J_COS4_OVER_D };

static double jint_f(double t, void *arg)
{
	const double *a = arg, k = a[0], s = sin(t), c = cos(t);
	const double D = sqrt(1 - k * k * s * s);
	switch ((int)a[1]) {
	case J_COS2_D:
		return c * c * D;
	case J_D3:
		return D * D * D;
	case J_COS2_OVER_D:
		return c * c / D;
	default:
		return c * c * c * c / D;
	}
}

/* jint_quad's sum for one integrand (a constant in each call), Delta at
 * the nodes in Dp and Dm */
static inline __attribute__((always_inline)) double
quad_sum(const gsl_integration_glfixed_table *gl, size_t m, const double *Dp, const double *cp,
	 const double *Dm, const double *cm, int which)
{
	double acc = 0;
	for (size_t i = 0; i < m; i++) {
		double f[2];
		for (int side = 0; side < 2; side++) {
			const double c = side ? cm[i] : cp[i], D = side ? Dm[i] : Dp[i];
			switch (which) {
			case J_COS2_D:
				f[side] = c * c * D;
				break;
			case J_D3:
				f[side] = D * D * D;
				break;
			case J_COS2_OVER_D:
				f[side] = c * c / D;
				break;
			default:
				f[side] = c * c * c * c / D;
			}
		}
		acc += gl->w[i] * (f[0] + f[1]);
	}
	return acc;
}

/* gsl_integration_glfixed of jint_f on [0, pi/2], the same sum in the same
 * order, with the sines and cosines at the nodes computed once a table
 * size: they were most of a solve of coin-lagrange (64 sincos a force).
 * NAN where the table is not one of an even size up to 64. */
static double jint_quad(const gsl_integration_glfixed_table *gl, int which, double k)
{
	enum { MAXM = 32 };
	static size_t n_done;
	static double sp[MAXM], cp[MAXM], sm[MAXM], cm[MAXM];
	const double A = 0.5 * M_PI_2, B = 0.5 * M_PI_2;
	const size_t m = gl->n >> 1;
	if ((gl->n & 1) || m > MAXM)
		return NAN;
	/* Delta at the nodes for the last k: a force takes two integrals of
	 * the same k (as jint keeps E and K) */
	static double last_k = NAN, Dp[MAXM], Dm[MAXM];
	if (n_done != gl->n) {
		for (size_t i = 0; i < m; i++) {
			const double dx = B * gl->x[i];
			sp[i] = sin(A + dx);
			cp[i] = cos(A + dx);
			sm[i] = sin(A - dx);
			cm[i] = cos(A - dx);
		}
		n_done = gl->n;
		last_k = NAN;
	}
	if (!(k == last_k)) {
		for (size_t i = 0; i < m; i++) {
			Dp[i] = sqrt(1 - k * k * sp[i] * sp[i]);
			Dm[i] = sqrt(1 - k * k * sm[i] * sm[i]);
		}
		last_k = k;
	}
	switch (which) { /* a loop each: the integrand's choice out of it */
	case J_COS2_D:
		return quad_sum(gl, m, Dp, cp, Dm, cm, J_COS2_D) * B;
	case J_D3:
		return quad_sum(gl, m, Dp, cp, Dm, cm, J_D3) * B;
	case J_COS2_OVER_D:
		return quad_sum(gl, m, Dp, cp, Dm, cm, J_COS2_OVER_D) * B;
	default:
		return quad_sum(gl, m, Dp, cp, Dm, cm, J_COS4_OVER_D) * B;
	}
}

static double jint(const gsl_integration_glfixed_table *gl, int which, double k)
{
	if (k < 0.5) {
		const double J = jint_quad(gl, which, k);
		if (!isnan(J))
			return J;
		double a[2] = {k, which};
		gsl_function fn = {jint_f, a};
		return gsl_integration_glfixed(&fn, 0, M_PI_2, gl);
	}
	/* E(k) and (1 - k²) K(k), which tends to 0 as k -> 1; a force takes
	 * two integrals of the same k, so the last k's are kept */
	static double last_k = NAN, last_E, last_K1;
	const double k2 = k * k;
	if (k != last_k) {
		if (k2 < 1.0 - GSL_SQRT_DBL_EPSILON) {
			/* GSL 2.7's Ecomp, RF(0, y, 1) − k²/3 RD(0, y, 1), and Kcomp,
			 * RF(0, y, 1), at y = 1 − k², with RF taken once (the same
			 * bits: tests/check_lagrange.c) */
			const double y = 1.0 - k2,
				     rf = gsl_sf_ellint_RF(0.0, y, 1.0, GSL_PREC_DOUBLE);
			last_E = rf - k2 / 3.0 * gsl_sf_ellint_RD(0.0, y, 1.0, GSL_PREC_DOUBLE);
			last_K1 = (1 - k2) * rf;
		} else {
			last_E = gsl_sf_ellint_Ecomp(k, GSL_PREC_DOUBLE);
			last_K1 = k < 1 ? (1 - k2) * gsl_sf_ellint_Kcomp(k, GSL_PREC_DOUBLE) : 0.0;
		}
		last_k = k;
	}
	const double E = last_E, K1 = last_K1;
	switch (which) {
	case J_COS2_D:
		return ((1 + k2) * E - K1) / (3 * k2);
	case J_D3:
		return (2 * (2 - k2) * E - K1) / 3;
	case J_COS2_OVER_D:
		return (E - K1) / k2;
	default:
		return ((2 - 3 * k2) * K1 + 2 * (2 * k2 - 1) * E) / (3 * k2 * k2);
	}
}

/* F and T (in units of mu N and mu N r) of a body that turns about the
 * point at distance e r from its centre (e = v/(r w)), under Coulomb
 * friction: c = e r, polar coordinates about c, Delta of the direction.
 * Uniform disk: F = grad of the mean distance from c, T = the mean of
 * x.(x - c)/|x - c|:
 *   e <= 1: F = (4e/pi) J(cos² Delta; e),  T = 4/(3 pi) J(Delta³; e)
 *   e >= 1: F = (4/pi) J(cos² Delta; 1/e), T = 4/(3 pi e) J(cos⁴/Delta; 1/e)
 * Reye's disk (weights dA/|x - c| = d rho d theta):
 *   e < 1: F = pi e/(4 E(e)), T = pi (1 - e²)/(4 E(e));
 *   e >= 1: F = pi/(4 J(cos²/Delta; 1/e)), T = 0
 * Uniform ring (the mean distance (2/pi)(1 + e) E(2 sqrt(e)/(1 + e)), by
 * Landen's transformation):
 *   e <= 1: F = (2e/pi) J(cos²/Delta; e), T = (2/pi) E(e)
 *   e >= 1: F = (2/pi) E(1/e),            T = (2/(pi e)) J(cos²/Delta; 1/e)
 * tests/check_disk_slide.c checks each (through model disk-slide) against contact_eval's
 * quadrature. */
void contact_coulomb_closed(const gsl_integration_glfixed_table *gl, enum contact_shape shape,
			    enum contact_pressure pr, double e, double *F, double *T)
{
	const bool in = e <= 1;
	const double q = in ? e : 1 / e;
	if (shape == SHAPE_RING) {
		const double J = jint(gl, J_COS2_OVER_D, q),
			     E = gsl_sf_ellint_Ecomp(q, GSL_PREC_DOUBLE);
		*F = in ? 2 * e / M_PI * J : 2 / M_PI * E;
		*T = in ? 2 / M_PI * E : 2 / (M_PI * e) * J;
	} else if (pr == PRESSURE_UNIFORM) {
		*F = in ? 4 * e / M_PI * jint(gl, J_COS2_D, e) : 4 / M_PI * jint(gl, J_COS2_D, q);
		*T = in ? 4 / (3 * M_PI) * jint(gl, J_D3, e)
			: 4 / (3 * M_PI * e) * jint(gl, J_COS4_OVER_D, q);
	} else if (e < 1) {
		const double E = gsl_sf_ellint_Ecomp(e, GSL_PREC_DOUBLE);
		*F = M_PI * e / (4 * E);
		*T = M_PI * (1 - e) * (1 + e) / (4 * E);
	} else {
		*F = M_PI / (4 * jint(gl, J_COS2_OVER_D, q));
		*T = 0;
	}
}
