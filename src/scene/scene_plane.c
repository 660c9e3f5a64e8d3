/* The scenes of bodies on a plane, seen from above: the coin, disk, ring
 * or curling stone sliding and spinning (disk-slide), the disk spinning
 * down (disk), the polisher's two rings, the block on the conveyor belt,
 * Rayleigh's flat body, and Kozlov's ball. The weight and the plane's
 * normal force point out of the page: said in words, not drawn. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "scene/scene_int.h"

/* A torque about (x, y): an arc of radius r with its value beside it
 * (counter-clockwise > 0), in the thin pen: torques have no arrow scale. */
static void torque(struct scene *sc, const char *name, double x, double y, double M, double r)
{
	if (!(fabs(M) > 0))
		return;
	double a0 = M > 0 ? -0.6 : 0.6, a1 = M > 0 ? 0.6 : -0.6;
	scene_arc(sc, PEN_THIN, x, y, r, a0, a1);
	/* the arc's head: two strokes at its end */
	double ex = x + r * cos(a1), ey = y + r * sin(a1);
	double tx = -sin(a1) * (M > 0 ? 1 : -1), ty = cos(a1) * (M > 0 ? 1 : -1);
	double h = 0.25 * r;
	scene_segment(sc, PEN_THIN, ex, ey, ex - h * tx + 0.5 * h * cos(a1),
		      ey - h * ty + 0.5 * h * sin(a1));
	scene_segment(sc, PEN_THIN, ex, ey, ex - h * tx - 0.5 * h * cos(a1),
		      ey - h * ty - 0.5 * h * sin(a1));
	/* the value just past the head */
	scene_text(sc, ex + 0.15 * r * cos(a1), ey + 0.15 * r * sin(a1), -1, "%s = %.3g N·m", name,
		   M);
}

/* The integral of column c over the table's rows up to T (trapezoids),
 * the last stretch cut at T. */
static double integral(const struct table *t, size_t c, double T)
{
	double s = 0;
	for (size_t i = 0; i + 1 < t->nrows; i++) {
		double t0 = table_at(t, i, 0), t1 = table_at(t, i + 1, 0);
		if (t0 >= T)
			break;
		double v0 = table_at(t, i, c), v1 = table_at(t, i + 1, c);
		if (t1 > T) {
			v1 = v0 + (v1 - v0) * (T - t0) / (t1 - t0);
			t1 = T;
		}
		s += 0.5 * (v0 + v1) * (t1 - t0);
	}
	return s;
}

static char *caption_t(double t, const char *what)
{
	struct strbuf b = STRBUF_INIT;
	strbuf_addf(&b, "t = %.4g s%s%s", t, *what ? ", " : "", what);
	return strbuf_detach(&b);
}

/* disk-slide: the body at the distance it has run along x (v integrated),
 * turned by the angle its spin has turned; the friction force against the
 * motion and the friction torque as the model records them at the state
 * (Coulomb's μmg F(β) and μmg r T(β) of the direction β of (v, rω), or
 * the law's surface integral), and the path to the stop dashed. */
int scene_disk_slide(const struct session *s, double T, struct scene *sc, struct diag *d)
{
	struct scene_at a;
	if (scene_read(s, "motion", T, &a, d))
		return -1;
	double m = scene_param(s, "m"), r = scene_param(s, "r");
	double g = scene_param(s, "g"), w0 = scene_param(s, "omega");
	char shape[16];
	scene_choice(s, "shape", shape, sizeof shape);
	bool ring = !strcmp(shape, "ring");
	double v = a.row[1], rw = a.row[2], F = a.row[4], M = a.row[5] * (w0 < 0 ? -1 : 1);
	double x = integral(a.tab, 1, a.row[0]);
	double phi = integral(a.tab, 2, a.row[0]) / r * (w0 < 0 ? -1 : 1);
	double dist = integral(a.tab, 1, table_at(a.tab, a.tab->nrows - 1, 0));
	bool stopped = !(v > 0) && !(fabs(rw) > 0);
	/* rω of a pure slide: 0 (the model's fill once left 6e-17) */
	const bool spins = fabs(rw) > 1e-12 * fabs(v);
	sc->caption = caption_t(a.row[0], stopped  ? "at rest"
					  : !spins ? "sliding without spin"
					  : v > 0  ? "sliding and spinning"
						   : "spinning in place");
	if (sc->stated) {
		/* the problem as stated: where it stops is the question */
		sc->size = 4 * r;
	} else if (dist <= 8 * r) {
		sc->size = fmax(dist, 4 * r);
		scene_segment(sc, PEN_DASHED, 0, 0, dist, 0);
		scene_circle(sc, PEN_DASHED, dist, 0, r);
		scene_text(sc, dist, -1.35 * r - 0.04 * sc->size, 0, "stops here");
	} else {
		/* a run many times the body's size: the body to scale, the
		 * rest of the way said */
		sc->size = 4 * r;
		scene_segment(sc, PEN_DASHED, x, 0, x + 3.5 * r, 0);
		scene_text(sc, x + 1.3 * r, -0.3 * r, -1, "%.3g m more to the stop", dist - x);
	}
	scene_circle(sc, PEN_BODY, x, 0, r);
	if (ring)
		scene_circle(sc, PEN_BODY, x, 0, 0.82 * r);
	/* a mark on the body, turned with it */
	scene_segment(sc, PEN_THIN, x, 0, x + r * cos(M_PI / 2 + phi), r * sin(M_PI / 2 + phi));
	char txt[64];
	snprintf(txt, sizeof txt, "r = %.3g m", r);
	scene_text(sc, x, -1.25 * r - 0.1 * sc->size, 0, "%s%s, m = %.3g kg, μmg = %.3g N", txt,
		   ring ? " (the ring it runs on)" : "", m, scene_param(s, "mu") * m * g);
	double omega = r > 0 ? rw / r * (w0 < 0 ? -1 : 1) : 0;
	if (isfinite(F))
		scene_vector(sc, VEC_FORCE, "F", x, 0, F, 0);
	if (v > 0)
		scene_vector(sc, VEC_VELOCITY, "v", x + r, 0, v, 0);
	if (omega != 0 || !stopped) /* a slide without spin says ω = 0, no arc */
		scene_spin(sc, "ω", x, 0, omega, 1.25 * r);
	if (isfinite(M))
		torque(sc, "M", x, -0.1 * r, M, 0.55 * r);
	return 0;
}

/* disk: a disk spinning down in place; the friction of each eighth of its
 * face (μmg/8 under a pressure that is the same about the centre) against
 * the turning, at the arm (dashed) where it makes the model's friction
 * torque (its result `torque`, the same while it turns), and that torque;
 * at rest, none. */
int scene_disk(const struct session *s, double T, struct scene *sc, struct diag *d)
{
	struct scene_at a;
	if (scene_read(s, "motion", T, &a, d))
		return -1;
	double m = scene_param(s, "m"), r = scene_param(s, "r"), g = scene_param(s, "g");
	double mu = scene_param(s, "mu");
	double phi = a.row[1], w = a.row[2];
	sc->caption = caption_t(a.row[0], w != 0 ? "spinning down" : "at rest");
	sc->size = r;
	scene_circle(sc, PEN_BODY, 0, 0, r);
	scene_segment(sc, PEN_THIN, 0, 0, r * cos(phi), r * sin(phi));
	/* the arm at which μmg acts: the torque over μmg (2r/3 under a
	 * uniform pressure, r/2 under Reye's) */
	double M = w != 0 ? scene_result(s, "torque") : 0;
	double arm = mu * m * g > 0 ? fmin(fabs(M) / (mu * m * g), r) : 2 * r / 3;
	char txt[64];
	snprintf(txt, sizeof txt, "r = %.3g m", r);
	scene_dimension(sc, 0, 0, r * cos(phi), r * sin(phi), 0.06 * r, txt);
	scene_text(sc, 0, -1.25 * r, 0, "m = %.3g kg, N = mg = %.3g N (out of the page)", m, m * g);
	for (int k = 0; k < 8 && w != 0; k++) {
		double b = phi + k * M_PI / 4, rr = arm, f = mu * m * g / 8;
		/* against the face's velocity there, w (−sin b, cos b) */
		double sgn = w > 0 ? 1 : -1;
		scene_vector(sc, VEC_FORCE, k ? "" : "μmg/8", rr * cos(b), rr * sin(b),
			     sgn * sin(b) * f, -sgn * cos(b) * f);
	}
	if (w != 0)
		scene_spin(sc, "φ̇", 0, 0, w, 0.3 * r);
	scene_circle(sc, PEN_DASHED, 0, 0, arm);
	torque(sc, "M", 0, 0, M, 1.15 * r);
	return 0;
}

/* polisher: the two rings (radius r) at the machine's centre, its frame's
 * bar turned by θ, each ring's spin ±ω about it, the velocity of the
 * centre, the friction force Q and the worker's force, the path dashed. */
int scene_polisher(const struct session *s, double T, struct scene *sc, struct diag *d)
{
	struct scene_at a;
	if (scene_read(s, "motion", T, &a, d))
		return -1;
	double r = scene_param(s, "r"), w = scene_param(s, "omega");
	double Fx = scene_param(s, "Fx"), Fy = scene_param(s, "Fy");
	double x = a.row[1], y = a.row[2], th = a.row[3], vx = a.row[4], vy = a.row[5];
	sc->caption = caption_t(a.row[0], "");
	struct scene_path *p = scene_path(sc, PEN_DASHED);
	double lo = 0, hi = 0;
	for (size_t i = 0; i < a.tab->nrows; i++) {
		scene_to(p, table_at(a.tab, i, 1), table_at(a.tab, i, 2));
		lo = fmin(lo, table_at(a.tab, i, 1));
		hi = fmax(hi, table_at(a.tab, i, 1));
	}
	sc->size = fmax(hi - lo, 0) + 2 * r;
	scene_circle(sc, PEN_BODY, x, y, r);
	scene_circle(sc, PEN_BODY, x, y, 0.85 * r);
	scene_segment(sc, PEN_BODY, x - r * cos(th), y - r * sin(th), x + r * cos(th),
		      y + r * sin(th));
	scene_spin(sc, "outer ring", x, y, w, 1.15 * r);
	scene_spin(sc, "inner ring", x, y, -w, 0.4 * r);
	scene_vector(sc, VEC_VELOCITY, "v", x, y, vx, vy);
	scene_vector(sc, VEC_FORCE, "Q", x, y, a.row[7], a.row[8]);
	if (Fx != 0 || Fy != 0)
		scene_vector(sc, VEC_FORCE, "F", x, y, Fx, Fy);
	torque(sc, "Qθ", x, y, a.row[9], 0.35 * r);
	scene_text(sc, x, y - 1.5 * r, 0, "r = %.3g m, θ = %.3g rad", r, th);
	return 0;
}

/* conveyor: the belt running along x at v0 under the block; the block's
 * velocity (ground frame), the push, and the belt's friction: Bouchet's
 * μ(v_r) N against the slip while the block slips, −F while it rides (at
 * the belt's constant speed); held at x0 (ẍ = 0), the hand's force that
 * keeps it there; the path dashed. */
int scene_conveyor(const struct session *s, double T, struct scene *sc, struct diag *d)
{
	struct scene_at a;
	if (scene_read(s, "motion", T, &a, d))
		return -1;
	double m = scene_param(s, "m"), v0 = scene_param(s, "v0");
	double Fx = scene_param(s, "Fx"), Fy = scene_param(s, "Fy");
	double x = a.row[1], y = a.row[2], vx = a.row[3], vy = a.row[4];
	bool riding = a.row[6] > 0.5;
	char held[8];
	scene_choice(s, "held", held, sizeof held);
	sc->caption = caption_t(a.row[0], riding ? "riding with the belt" : "slipping on the belt");
	double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
	/* the path on the belt dashed, but not in the problem as stated,
	 * where it goes is asked */
	struct scene_path *p = sc->stated ? NULL : scene_path(sc, PEN_DASHED);
	for (size_t i = 0; i < a.tab->nrows; i++) {
		double px = table_at(a.tab, i, 1), py = table_at(a.tab, i, 2);
		if (p)
			scene_to(p, px, py);
		x0 = fmin(x0, px), x1 = fmax(x1, px), y0 = fmin(y0, py), y1 = fmax(y1, py);
	}
	double size = fmax(fmax(x1 - x0, y1 - y0), 0.2);
	sc->size = size;
	double b = 0.08 * size;
	/* the belt's edges, wider than the block's travel across it */
	double e0 = y0 - 0.3 * size, e1 = y1 + 0.3 * size;
	scene_segment(sc, PEN_GROUND, x0 - 0.3 * size, e0, x1 + 0.3 * size, e0);
	scene_segment(sc, PEN_GROUND, x0 - 0.3 * size, e1, x1 + 0.3 * size, e1);
	scene_text(sc, x0 - 0.25 * size, e1 - 0.06 * size, -1, "belt, v0 = %.3g m/s", v0);
	scene_vector(sc, VEC_VELOCITY, "v0", x0 - 0.25 * size, e0 + 0.06 * size, v0, 0);
	scene_box(sc, PEN_BODY, x - b, y - b, x + b, y + b);
	scene_vector(sc, VEC_VELOCITY, "v", x, y, vx, vy);
	bool hold = !strcmp(held, "yes");
	double Fxe = hold ? 0 : Fx, Rx, Ry;
	double rx = vx - v0, ry = vy, vr = hypot(rx, ry);
	if (!riding && vr > 0) {
		/* Bouchet's law of the statement, against the slip over the belt */
		double mu0 = scene_param(s, "mu0"), muinf = scene_param(s, "muinf");
		double mu = (mu0 - muinf) / (1 + scene_param(s, "a") * vr) + muinf;
		double N = scene_param(s, "N");
		Rx = -mu * N * rx / vr, Ry = -mu * N * ry / vr;
	} else {
		/* riding: the block goes at the belt's constant speed, no
		 * acceleration, so static friction takes the push */
		Rx = -Fxe, Ry = -Fy;
	}
	if (Fxe != 0 || Fy != 0)
		scene_vector(sc, VEC_FORCE, "F", x, y, Fxe, Fy);
	/* held at x0: the hand takes what friction gives along x */
	if (hold)
		scene_vector(sc, VEC_FORCE, "hand", x - b, y, -Rx, 0); /* ẍ = 0 */
	scene_vector(sc, VEC_FORCE, "R", x, y, Rx, Ry);
	scene_text(sc, x, y - b - 0.08 * size, 0, "m = %.3g kg", m);
	return 0;
}

/* rayleigh: the flat body at the instant stated, its velocity and spin,
 * the plane's velocity, and the friction force Q and torque Qθ of
 * eq. (18) as the solve gives them. */
int scene_rayleigh(const struct session *s, double T, struct scene *sc, struct diag *d)
{
	if (T != 0)
		return diag_set(d,
				"rayleigh's body is given at one instant: its scene is at t = 0");
	char shape[16];
	scene_choice(s, "shape", shape, sizeof shape);
	double r = scene_param(s, "r"), ri = scene_param(s, "r_in");
	double wd = scene_param(s, "width"), ht = scene_param(s, "height");
	double vx = scene_param(s, "vx"), vy = scene_param(s, "vy"), wz = scene_param(s, "wz");
	double bx = scene_param(s, "bx"), by = scene_param(s, "by");
	sc->caption = caption_t(0, shape);
	double R = !strcmp(shape, "rect") ? 0.5 * hypot(wd, ht) : r;
	sc->size = 2 * R;
	if (!strcmp(shape, "rect")) {
		scene_box(sc, PEN_BODY, -wd / 2, -ht / 2, wd / 2, ht / 2);
	} else {
		scene_circle(sc, PEN_BODY, 0, 0, r);
		if (!strcmp(shape, "annulus"))
			scene_circle(sc, PEN_BODY, 0, 0, ri);
	}
	scene_vector(sc, VEC_VELOCITY, "v", 0, 0, vx, vy);
	if (bx != 0 || by != 0)
		scene_vector(sc, VEC_VELOCITY, "plane", -1.3 * R, -1.1 * R, bx, by);
	if (wz != 0)
		scene_spin(sc, "ω", 0, 0, wz, 0.4 * R);
	double Qx = scene_result(s, "Qx"), Qy = scene_result(s, "Qy");
	if (isfinite(Qx) && isfinite(Qy))
		scene_vector(sc, VEC_FORCE, "Q", 0, 0, Qx, Qy);
	double Qt = scene_result(s, "Qtheta");
	if (isfinite(Qt))
		torque(sc, "Qθ", 0, 0, Qt, 1.2 * R);
	return 0;
}

/* kozlov-ball: the ball from above in the frame of its centre; the
 * velocity v of its point of contact, the rolling ω' (as a vector in the
 * plane) and the spin Ω about the vertical, and the plane's friction force
 * at the state: Kozlov's law (2.6) on the contact's coordinates, F =
 * −|R| Φ q̇/|q̇|_A with |R| = g√m, Φ = m μ1 there and |q̇|_A = √m D (the
 * model's ball_force, D its run's column). */
int scene_kozlov_ball(const struct session *s, double T, struct scene *sc, struct diag *d)
{
	struct scene_at a;
	if (scene_read(s, "motion", T, &a, d))
		return -1;
	double m = scene_param(s, "m"), r = scene_param(s, "r");
	double vx = a.row[1], vy = a.row[2], wx = a.row[3], wy = a.row[4], W = a.row[5];
	bool rest = !(hypot(vx, vy) > 0) && !(hypot(wx, wy) > 0) && !(W != 0);
	sc->caption = caption_t(a.row[0], rest ? "at rest" : "");
	sc->size = 2.5 * r;
	scene_circle(sc, PEN_BODY, 0, 0, r);
	scene_mass(sc, 0, 0, 0.06 * r);
	double ux = vx + r * wy, uy = vy - r * wx;
	double D = a.row[6], k = D > 0 ? -scene_param(s, "g") * m * scene_param(s, "mu1") / D : 0;
	scene_vector(sc, VEC_VELOCITY, "v (contact)", 0, 0, vx, vy);
	if (hypot(ux, uy) > 0)
		scene_vector(sc, VEC_VELOCITY, "u (centre)", 0, 0.35 * r, ux, uy);
	scene_vector(sc, VEC_FORCE, "F", 0, -0.35 * r, k * vx, k * vy);
	if (W != 0)
		scene_spin(sc, "Ω", 0, 0, W, 0.55 * r);
	if (hypot(wx, wy) > 0) {
		double kw = 0.8 * r / hypot(wx, wy);
		scene_segment(sc, PEN_THIN, 0, 0, wx * kw, wy * kw);
		scene_text(sc, wx * kw, wy * kw, -1, "ω' = (%.3g, %.3g) rad/s", wx, wy);
	}
	scene_text(sc, 0, -1.3 * r, 0, "r = %.3g m, m = %.3g kg (seen from above)", r, m);
	return 0;
}

/* kozlov-rest: the point on the plane from above, per unit mass and unit
 * pressure (no units, no lengths: a sketch), given at one instant. The
 * force f; the boundary of the rest region {Φa : |a| ≤ 1} of (3.2) about
 * the point, dashed (the friction forces the plane can give at rest); and
 * the friction at the state: where Kozlov's principle finds a ray
 * solution, the motion starts along η and the friction is −Φη (3.1);
 * where it finds none, the point rests and static friction is −f. */
int scene_kozlov_rest(const struct session *s, double T, struct scene *sc, struct diag *d)
{
	if (T != 0)
		return diag_set(d, "kozlov-rest is a point at rest at one instant: its scene is "
				   "at t = 0");
	const struct exercise *ex = session_exercise(s);
	double P[4] = {scene_param(s, "phi11"), scene_param(s, "phi12"), scene_param(s, "phi21"),
		       scene_param(s, "phi22")};
	double fx = scene_param(s, "fx"), fy = scene_param(s, "fy");
	double ex_ = scene_result(s, "eta_x"), ey = scene_result(s, "eta_y");
	int im = model_result_index(ex->model, "moves");
	const struct value *mv = im >= 0 ? session_result(s, (size_t)im) : NULL;
	bool classical = mv && mv->kind == VAL_BOOL && mv->b;
	bool starts = isfinite(ex_) && isfinite(ey);
	sc->caption = caption_t(0, starts ? "the motion starts along η" : "at rest");
	sc->unit[VEC_FORCE] = "";
	sc->no_bar = true;
	double big = hypot(fx, fy);
	for (int i = 0; i < 4; i++)
		big = fmax(big, fabs(P[i]));
	sc->size = big > 0 ? 2.2 * big : 1;
	struct scene_path *p = scene_path(sc, PEN_DASHED);
	for (int i = 0; i <= 72; i++) {
		double a = 2 * M_PI * i / 72;
		scene_to(p, P[0] * cos(a) + P[1] * sin(a), P[2] * cos(a) + P[3] * sin(a));
	}
	scene_mass(sc, 0, 0, 0.04 * sc->size);
	scene_vector(sc, VEC_FORCE, "f", 0, 0, fx, fy);
	if (starts) {
		scene_segment(sc, PEN_THIN, 0, 0, 0.8 * sc->size * ex_, 0.8 * sc->size * ey);
		scene_text(sc, 0.8 * sc->size * ex_, 0.8 * sc->size * ey, ex_ < 0 ? 1 : -1,
			   "η = (%.3g, %.3g)", ex_, ey);
		scene_vector(sc, VEC_FORCE, "−Φη", 0, 0, -(P[0] * ex_ + P[1] * ey),
			     -(P[2] * ex_ + P[3] * ey));
	} else if (!classical) {
		scene_vector(sc, VEC_FORCE, "friction −f", 0, 0, -fx, -fy);
	}
	scene_text(sc, 0, -0.62 * sc->size, 0, "dashed: {Φa : |a| = 1}, the bound of (3.2)");
	scene_text(sc, 0, -0.72 * sc->size, 0, "(3.3): (Φ⁻¹f, Φ⁻¹f) = %.3g, %s",
		   scene_result(s, "q32"), classical ? "it moves" : "it rests");
	return 0;
}
