/* The scenes of the rods: Painlevé's rod on the line and the ladder
 * between the floor and the wall (Kozlov §5, §7), seen from the side. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "scene/scene_int.h"

static double deg(double rad)
{
	return rad * 180 / M_PI;
}

/* The friction cone at a contact (x, y) whose normal points at angle a:
 * its two edges at atan μ from the normal, `len` long. */
static void cone(struct scene *sc, double x, double y, double a, double mu, double len)
{
	double half = atan(mu);
	scene_segment(sc, PEN_DASHED, x, y, x + len * cos(a - half), y + len * sin(a - half));
	scene_segment(sc, PEN_DASHED, x, y, x + len * cos(a + half), y + len * sin(a + half));
}

/* Painlevé's rod: m1 at the foot (x, y) on the line y = 0, m2 at the top,
 * l apart at θ to the line. The forces on the rod: the weights, the
 * line's normal force λ and its friction F at the foot, both as the model
 * records them at the state (its run's columns λ and F_x: the held foot's
 * static friction from the pivot's equations, the law's force while it
 * slides, μλ against the slip under Coulomb's). */
int scene_painleve(const struct session *s, double T, struct scene *sc, struct diag *d)
{
	struct scene_at a;
	if (scene_read(s, "run", T, &a, d))
		return -1;
	double m1 = scene_param(s, "m1"), m2 = scene_param(s, "m2"), l = scene_param(s, "l");
	double g = scene_param(s, "g"), mu = scene_param(s, "mu");
	double x = a.row[1], th = a.row[2] * M_PI / 180, y = a.row[3], xd = a.row[4];
	double thd = a.row[5], lam = a.row[6], F = a.row[8];
	size_t code_row = a.at + 1 < a.tab->nrows ? a.at + 1 : a.at;
	int phase = (int)table_at(a.tab, code_row, 7);
	static const char *const phase_word[] = {
		"the foot slides back (ẋ < 0)", "the foot slides forward (ẋ > 0)",
		"the foot slides", "the foot sticks", "the foot is off the line"};
	char law[32];
	scene_choice(s, "law", law, sizeof law);
	struct strbuf cap = STRBUF_INIT;
	strbuf_addf(&cap, "t = %.4g s, %s", a.row[0],
		    phase >= 0 && phase < 5 ? phase_word[phase] : "");
	sc->caption = strbuf_detach(&cap);
	sc->size = l;

	double x2 = x + l * cos(th), y2 = y + l * sin(th);
	double lo = fmin(x, x2) - 0.35 * l, hi = fmax(x, x2) + 0.35 * l;
	scene_ground(sc, lo, 0, hi, 0, 0.04 * l);
	scene_segment(sc, PEN_BODY, x, y, x2, y2);
	scene_mass(sc, x, y, 0.035 * l);
	scene_mass(sc, x2, y2, 0.035 * l);
	scene_text(sc, x + 0.05 * l, y - 0.1 * l, -1, "m1 = %.3g kg", m1);
	scene_text(sc, x2, y2 + 0.07 * l, 0, "m2 = %.3g kg", m2);
	if (lam < 0)
		scene_text(sc, x + 0.05 * l, y - 0.18 * l, -1,
			   "λ < 0: the line would have to pull (the paradox)");
	char txt[64];
	snprintf(txt, sizeof txt, "l = %.3g m", l);
	scene_dimension(sc, x, y, x2, y2, cos(th) >= 0 ? -0.07 * l : 0.07 * l, txt);
	snprintf(txt, sizeof txt, "θ = %.3g°", deg(th));
	scene_angle(sc, x, y, 0.3 * l, 0, th, txt);
	if (!strcmp(law, "coulomb") && lam > 0 && mu > 0)
		cone(sc, x, y, M_PI / 2, mu, 0.3 * l);

	scene_vector(sc, VEC_FORCE, "W1", x, y, 0, -m1 * g);
	scene_vector(sc, VEC_FORCE, "W2", x2, y2, 0, -m2 * g);
	/* the reactions drawn ending at the foot, from below the line */
	if (lam != 0)
		scene_vector(sc, VEC_FORCE, "λ", x, y, 0, lam);
	scene_vector(sc, VEC_FORCE, "F", x, y, F, 0);
	if (xd != 0)
		scene_vector(sc, VEC_VELOCITY, "ẋ", x, y - 0.12 * l, xd, 0);
	if (thd != 0)
		scene_spin(sc, "θ̇", x2, y2, thd, 0.09 * l);
	return 0;
}

/* The ladder: its foot on the floor y = 0 at x_foot, its top at
 * (x_foot − L cosθ, L sinθ), against the wall x = 0 while it touches it.
 * The forces on it: the weight at the centre, the floor's λ_floor and
 * friction F_floor at the foot, the wall's λ_wall and friction F_wall at
 * the top, all as the model records them at the state (Coulomb's μλ
 * against each contact's slip, the held foot's multiplier). Kozlov's laws
 * act as one generalized force: its frictions are not drawn, said. At
 * rest on both the reactions are indeterminate (the model says so): only
 * the weight and the cones are drawn. */
int scene_ladder(const struct session *s, double T, struct scene *sc, struct diag *d)
{
	struct scene_at a;
	if (scene_read(s, "run", T, &a, d))
		return -1;
	double m = scene_param(s, "m"), L = scene_param(s, "L"), g = scene_param(s, "g");
	double muf = scene_param(s, "mu_floor"), muw = scene_param(s, "mu_wall");
	double th = a.row[1] * M_PI / 180, thd = a.row[2], xf = a.row[3];
	double lf = a.row[4], lw = a.row[5], thdd = a.rate[2];
	double Ff = a.row[7], Fw = a.row[8];
	size_t code_row = a.at + 1 < a.tab->nrows ? a.at + 1 : a.at;
	int phase = (int)table_at(a.tab, code_row, 6);
	static const char *const phase_word[] = {"on the wall and the floor", "off the wall",
						 "off the wall, foot held"};
	struct strbuf cap = STRBUF_INIT;
	strbuf_addf(&cap, "t = %.4g s, %s", a.row[0],
		    phase >= 0 && phase < 3 ? phase_word[phase] : "");
	sc->caption = strbuf_detach(&cap);
	sc->size = L;

	double h = L / 2, xt = xf - L * cos(th), yt = L * sin(th);
	double xc = xf - h * cos(th), yc = h * sin(th);
	scene_ground(sc, -0.02 * L, 0, fmax(xf, L * cos(th)) + 0.4 * L, 0, 0.05 * L);
	scene_ground(sc, 0, fmax(yt, L) * 1.1, 0, 0, 0.05 * L);
	scene_segment(sc, PEN_BODY, xf, 0, xt, yt);
	/* rungs, as a ladder is drawn */
	for (int i = 1; i < 8; i++) {
		double px = xf - L * cos(th) * i / 8, py = L * sin(th) * i / 8;
		double nx = -sin(th) * 0.03 * L, ny = -cos(th) * 0.03 * L;
		scene_segment(sc, PEN_THIN, px - nx, py - ny, px + nx, py + ny);
	}
	scene_mass(sc, xc, yc, 0.02 * L);
	char txt[64];
	snprintf(txt, sizeof txt, "L = %.3g m", L);
	scene_dimension(sc, (xf + 3 * xt) / 4, 3 * yt / 4, xt, yt, -0.16 * L, txt);
	snprintf(txt, sizeof txt, "θ = %.3g°", deg(th));
	scene_angle(sc, xf, 0, 0.15 * L, M_PI - th, M_PI, txt);
	scene_text(sc, xf + 0.05 * L, -0.09 * L, 0, "μ_floor = %.3g", muf);
	scene_text(sc, -0.04 * L, yt + 0.12 * L, 1, "μ_wall = %.3g", muw);
	if (lf > 0 && muf > 0)
		cone(sc, xf, 0, M_PI / 2, muf, 0.25 * L);
	if (lw > 0 && muw > 0)
		cone(sc, xt, yt, 0, muw, 0.25 * L);

	scene_vector(sc, VEC_FORCE, "W", xc, yc, 0, -m * g);
	if (phase == 0 && thd == 0 && thdd == 0) {
		/* at rest on both rough contacts the reactions are statically
		 * indeterminate: the model gives none, and none is drawn (θ̈ = 0
		 * read off the run: it stays where it is) */
		scene_text(sc, xf + 0.1 * L, 0.55 * L, -1, "at rest: the reactions are");
		scene_text(sc, xf + 0.1 * L, 0.55 * L - 0.07 * L, -1, "statically indeterminate");
	} else {
		scene_vector(sc, VEC_FORCE, "λ_floor", xf, 0, 0, lf);
		if (phase == 0)
			scene_vector(sc, VEC_FORCE, "λ_wall", xt, yt, lw, 0);
		if (isfinite(Ff)) {
			scene_vector(sc, VEC_FORCE, "F_floor", xf, 0, Ff, 0);
			if (phase == 0)
				scene_vector(sc, VEC_FORCE, "F_wall", xt, yt, 0, Fw);
		} else {
			scene_text(sc, xf + 0.1 * L, 0.55 * L, -1,
				   "friction: the law's generalized force,");
			scene_text(sc, xf + 0.1 * L, 0.48 * L, -1, "not a force at each contact");
		}
	}
	if (thd != 0)
		scene_spin(sc, "θ̇", xc, yc, thd, 0.08 * L);
	return 0;
}
