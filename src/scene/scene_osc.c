/* The scenes of the oscillators, seen from the side: Ragulskis's mass on
 * its spring and damper with dry friction and the force P sin ωt, and
 * Imachi's mass on a vibrating base (in Imachi's units: forces in mg,
 * velocities in g/ω, no lengths, so no scale bar). Plus the generic scene
 * of a system stated by T, V and R (model lagrange): its coordinates. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "scene/scene_int.h"

/* ragulskis: the wall at x = −L0, the spring (above) and the damper
 * (below) from it to the block, whose left face is at u; the floor under
 * the block. The forces on the block: the spring's −k u, the damper's
 * −c u̇, the friction −H and the drive, which is what is left of m ü:
 * P sin ωt = m ü + c u̇ + k u + H (the table's time runs from a period's
 * start, so the drive's phase is read back from the motion). */
int scene_ragulskis(const struct session *s, double T, struct scene *sc, struct diag *d)
{
	struct scene_at a;
	if (scene_read(s, "motion", T, &a, d))
		return -1;
	double m = scene_param(s, "m"), c = scene_param(s, "c"), k = scene_param(s, "k");
	double h = scene_param(s, "h");
	double u = a.row[1], v = a.row[2], acc = a.row[3], H = a.row[4];
	bool stuck = a.row[5] > 0.5;
	double umax = 0;
	for (size_t i = 0; i < a.tab->nrows; i++)
		umax = fmax(umax, fabs(table_at(a.tab, i, 1)));
	double L0 = umax > 0 ? 2 * umax : 1, b = 0.45 * L0, hb = 0.35 * L0;
	struct strbuf cap = STRBUF_INIT;
	strbuf_addf(&cap, "t = %.4g s from a period's start, %s", a.row[0],
		    stuck    ? "stuck"
		    : v != 0 ? "sliding"
			     : "at a turn");
	sc->caption = strbuf_detach(&cap);
	sc->size = L0 + umax + b;
	double wall = -L0;
	scene_ground(sc, wall, 1.3 * hb, wall, -0.05 * L0, 0.06 * L0);
	scene_ground(sc, wall + 0.5 * b, 0, umax + b + 0.4 * L0, 0, 0.06 * L0);
	scene_box(sc, PEN_BODY, u, 0, u + b, hb);
	scene_spring(sc, wall, 0.72 * hb, u, 0.72 * hb, 0.18 * hb, 6);
	scene_damper(sc, wall, 0.3 * hb, u, 0.3 * hb, 0.22 * hb);
	/* the rest position u = 0, dashed */
	scene_segment(sc, PEN_DASHED, 0, -0.1 * L0, 0, 1.4 * hb);
	scene_text(sc, 0, 1.5 * hb, 0, "u = 0");
	scene_text(sc, u + b / 2, 0.85 * hb, 0, "m = %.3g kg", m);
	scene_text(sc, wall, 1.45 * hb, -1, "k = %.3g N/m, c = %.3g N·s/m", k, c);
	scene_text(sc, u + b / 2, -0.2 * L0, 0, "u = %.3g m, u̇ = %.3g m/s, h = %.3g N", u, v, h);
	scene_vector(sc, VEC_FORCE, "spring", u, 0.72 * hb, -k * u, 0);
	scene_vector(sc, VEC_FORCE, "damper", u, 0.3 * hb, -c * v, 0);
	scene_vector(sc, VEC_FORCE, "H", u + b / 2, 0, -H, 0);
	scene_vector(sc, VEC_FORCE, "P sin ωt", u + b, 0.5 * hb, m * acc + c * v + k * u + H, 0);
	scene_vector(sc, VEC_VELOCITY, "u̇", u + b / 2, hb + 0.05 * L0, v, 0);
	return 0;
}

static const char *const stick_word[] = {"slipping", "sticking to the base"};

/* The base's dv/dτ at τ (Imachi's units): v = a cos τ (cos φ', sin φ')
 * on a line, a e^{iτ} on the circle (the model's base()). */
static void base_rate(bool circular, double amp, double phi, double tau, double dv[2])
{
	if (circular)
		dv[0] = -amp * sin(tau), dv[1] = amp * cos(tau);
	else
		dv[0] = -amp * sin(tau) * cos(phi), dv[1] = -amp * sin(tau) * sin(phi);
}

/* Imachi's two scenes: the time as τ = ωt with the mass stuck or
 * slipping, forces in mg and velocities in g/ω (the paper's units, so no
 * length bar), a frame three units across. */
static void imachi_frame(struct scene *sc, double tau, bool stuck)
{
	struct strbuf cap = STRBUF_INIT;
	strbuf_addf(&cap, "τ = ωt = %.4g, %s", tau, stick_word[stuck]);
	sc->caption = strbuf_detach(&cap);
	sc->unit[VEC_FORCE] = "mg";
	sc->unit[VEC_VELOCITY] = "g/ω";
	sc->no_bar = true;
	sc->size = 3;
}

/* imachi: from above, the base (a plate) with its vibration (a line along
 * φ', or a circle), the mass on it; the force s along x, the friction at
 * the state (eq. (2): μ0 (v − u)/|v − u| while the mass slips; stuck, what
 * it takes to follow the base, dv/dτ − s), and the velocities u of the
 * mass and v of the base. */
int scene_imachi(const struct session *s, double T, struct scene *sc, struct diag *d)
{
	struct scene_at a;
	if (scene_read(s, "hodograph", T, &a, d))
		return -1;
	char motion[16];
	scene_choice(s, "motion", motion, sizeof motion);
	double phi = scene_param(s, "phi"), sf = scene_param(s, "s");
	double amp = scene_param(s, "a");
	bool stuck = a.row[5] > 0.5;
	imachi_frame(sc, a.row[0], stuck);
	scene_box(sc, PEN_GROUND, -2.2, -1.5, 2.2, 1.5);
	scene_text(sc, -2.1, 1.35, -1, "base, a = %.3g", amp);
	if (!strcmp(motion, "circular")) {
		scene_circle(sc, PEN_DASHED, 0, 0, 1.2);
		scene_text(sc, 1.0, -1.15, -1, "v = a e^(iτ)");
	} else {
		scene_segment(sc, PEN_DASHED, -1.3 * cos(phi), -1.3 * sin(phi), 1.3 * cos(phi),
			      1.3 * sin(phi));
		char txt[32];
		snprintf(txt, sizeof txt, "φ' = %.3g°", phi * 180 / M_PI);
		scene_angle(sc, 0, 0, 0.9, 0, phi, txt);
		scene_segment(sc, PEN_THIN, 0, 0, 1.1, 0);
	}
	scene_box(sc, PEN_BODY, -0.35, -0.35, 0.35, 0.35);
	scene_vector(sc, VEC_FORCE, "s", 0.35, 0, sf, 0);
	double f[2], wx = a.row[3] - a.row[1], wy = a.row[4] - a.row[2], w = hypot(wx, wy);
	if (stuck || !(w > 0)) {
		base_rate(!strcmp(motion, "circular"), amp, phi, a.row[0], f);
		f[0] -= sf;
	} else {
		double mu0 = scene_param(s, "mu0");
		f[0] = mu0 * wx / w, f[1] = mu0 * wy / w;
	}
	scene_vector(sc, VEC_FORCE, "f", 0, 0, f[0], f[1]);
	scene_vector(sc, VEC_VELOCITY, "u", 0, 0, a.row[1], a.row[2]);
	scene_vector(sc, VEC_VELOCITY, "v", -1.6, -1.1, a.row[3], a.row[4]);
	return 0;
}

/* imachi-1d: from the side, the base on its rollers and the mass on it;
 * s and the friction on the mass at the state (μ0 sgn(v − u) while it
 * slips; stuck, dv/dτ − s: −a sin τ − s, or under `graphical` the slope of
 * the polyline's chord, Δτ = π/n, that the construction follows), u and
 * v beside them. */
int scene_imachi1d(const struct session *s, double T, struct scene *sc, struct diag *d)
{
	struct scene_at a;
	if (scene_read(s, "velocity", T, &a, d))
		return -1;
	double sf = scene_param(s, "s");
	bool stuck = a.row[3] > 0.5;
	imachi_frame(sc, a.row[0], stuck);
	scene_ground(sc, -2.5, -0.5, 2.5, -0.5, 0.15);
	scene_box(sc, PEN_BODY, -2, -0.3, 2, 0);
	for (int i = 0; i < 4; i++)
		scene_circle(sc, PEN_THIN, -1.5 + i, -0.4, 0.1);
	scene_text(sc, -2.5, -0.95, -1, "the base, v = a cos τ, on rollers");
	scene_box(sc, PEN_BODY, -0.4, 0, 0.4, 0.6);
	scene_vector(sc, VEC_FORCE, "s", 0.4, 0.3, sf, 0);
	double amp = scene_param(s, "a"), u = a.row[1], v = a.row[2], f;
	char method[16];
	scene_choice(s, "method", method, sizeof method);
	if (stuck || u == v) {
		double tau = fmod(a.row[0], 2 * M_PI), dv = -amp * sin(a.row[0]);
		if (!strcmp(method, "graphical")) {
			double dt = M_PI / scene_param(s, "n");
			double j = floor(tau / dt);
			dv = amp * (cos((j + 1) * dt) - cos(j * dt)) / dt;
		}
		f = dv - sf;
	} else {
		f = scene_param(s, "mu0") * (v > u ? 1 : -1);
	}
	scene_vector(sc, VEC_FORCE, "f", 0, 0, f, 0);
	scene_vector(sc, VEC_VELOCITY, "u", -0.4, 0.8, a.row[1], 0);
	scene_vector(sc, VEC_VELOCITY, "v", -1.9, -0.15, a.row[2], 0);
	return 0;
}

/* lagrange, until its exercise file states a drawing: each coordinate a
 * gauge over the range the run takes it through, its value and rate at T
 * marked and labelled. */
int scene_coords(const struct session *s, double T, struct scene *sc, struct diag *d)
{
	struct scene_at a;
	if (scene_read(s, "motion", T, &a, d))
		return -1;
	const struct table *t = a.tab;
	size_t nq = t->ncols >= 4 ? (t->ncols - 2) / 2 : 0;
	struct strbuf cap = STRBUF_INIT;
	strbuf_addf(&cap, "t = %.4g s, the coordinates over their range in the run", a.row[0]);
	sc->caption = strbuf_detach(&cap);
	sc->no_bar = true;
	sc->size = 1;
	for (size_t i = 0; i < nq; i++) {
		size_t c = 1 + 2 * i;
		double lo = INFINITY, hi = -INFINITY;
		for (size_t j = 0; j < t->nrows; j++) {
			lo = fmin(lo, table_at(t, j, c));
			hi = fmax(hi, table_at(t, j, c));
		}
		double y = -0.35 * (double)i;
		double w = hi > lo ? (a.row[c] - lo) / (hi - lo) : 0.5;
		scene_segment(sc, PEN_GROUND, 0, y, 1, y);
		scene_segment(sc, PEN_GROUND, 0, y - 0.03, 0, y + 0.03);
		scene_segment(sc, PEN_GROUND, 1, y - 0.03, 1, y + 0.03);
		scene_mass(sc, w, y, 0.03);
		scene_text(sc, -0.03, y, 1, "%.3g", lo);
		scene_text(sc, 1.03, y, -1, "%.3g", hi);
		scene_text(sc, w, y + 0.08, 0, "%s = %.4g, %s = %.4g", t->cols[c], a.row[c],
			   t->cols[c + 1], a.row[c + 1]);
	}
	(void)s;
	return 0;
}
