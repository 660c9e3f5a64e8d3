/* The scene (issue 41): the system of the last solve drawn to scale at a
 * time T of its run, as a textbook draws the problem: the bodies, the
 * floor and the walls, the forces of that instant as arrows to a stated
 * scale with their values, the velocities and spins, lengths and angles
 * labelled. Lengths are in metres on equal axes; a scale bar says how
 * long a metre is, and a reference arrow what force an arrow's length
 * stands for.
 *
 * A scene is pure data (paths, arrows, labels) built from the session's
 * parameters and its run's tables (scene_build, one builder a model
 * family: scene_rods.c, scene_plane.c, scene_osc.c, scene_coords.c), then
 * written as a gnuplot script (scene_script) for any of plot/'s
 * terminals. Every text reaches gnuplot through gp_quote. */
#ifndef TRIBO_SCENE_H
#define TRIBO_SCENE_H

#include <stdbool.h>
#include <stddef.h>

#include "exercise/session.h"
#include "gp/gpscript.h"
#include "util/diag.h"
#include "util/strbuf.h"

/* How a path is drawn. */
enum scene_pen {
	PEN_BODY,   /* the bodies: thick */
	PEN_GROUND, /* floors, walls and their hatching: thin grey */
	PEN_THIN,   /* dimension lines, angle arcs, spokes */
	PEN_DASHED, /* a path travelled, a friction cone, a rest position */
	PEN_N
};

/* What an arrow stands for: each kind has its own scale and colour. */
enum scene_vec {
	VEC_FORCE,    /* to the force scale */
	VEC_VELOCITY, /* to the velocity scale */
	VEC_SPIN,     /* a turning: drawn as an arc about its point */
	VEC_N
};

struct scene_path {
	enum scene_pen pen;
	size_t n, cap;
	double *x, *y;
};

struct scene_arrow {
	enum scene_vec kind;
	double x, y;   /* the tail (a spin: the centre) */
	double vx, vy; /* the vector, in its unit (a spin: vx the rate, vy the arc's radius) */
	double x1, y1; /* the head, set by scene_finish (a spin: unused) */
	char *name;    /* "N", "W2", "F" */
	char *label;   /* "N = 9.81 N", set by scene_finish */
};

struct scene_label {
	double x, y;
	char *text;
	int align; /* -1 left, 0 centre, 1 right */
};

struct scene {
	char *caption; /* "t = 0.315 s, the foot sticks" */
	double t;      /* the time it shows */
	double size;   /* the system's extent in metres: arrows and marks are sized by it */
	/* the units of the arrows: "N" and "m/s", or Imachi's "mg" and "g/ω" */
	const char *unit[VEC_N];
	/* set by scene_finish: drawing metres per unit, and the value the
	 * reference arrow stands for */
	double scale[VEC_N], ref[VEC_N];
	double bar; /* the scale bar's length, m */
	struct scene_path *path;
	size_t npath, pathcap;
	struct scene_arrow *arrow;
	size_t narrow, arrowcap;
	struct scene_label *label;
	size_t nlabel, labelcap;
	double xmin, xmax, ymin, ymax; /* the drawing's box, set by scene_finish */
	bool no_bar;		       /* lengths with no unit (a sketch): no scale bar */
	bool fixed; /* scale and ref are set (an animation's): scene_finish keeps them */
	/* the problem as stated (a problem sheet's figure): a builder draws
	 * nothing the run finds later (the path to a stop, where it stops) */
	bool stated;
};

void scene_init(struct scene *sc);
void scene_release(struct scene *sc);

/* A new path with pen p; points added with scene_to. */
struct scene_path *scene_path(struct scene *sc, enum scene_pen p);
void scene_to(struct scene_path *p, double x, double y);
void scene_segment(struct scene *sc, enum scene_pen p, double x0, double y0, double x1, double y1);
void scene_circle(struct scene *sc, enum scene_pen p, double x, double y, double r);
/* A solid point mass: a small circle with a cross. */
void scene_mass(struct scene *sc, double x, double y, double r);
/* An arc of radius r about (x, y) from angle a0 to a1 (radians). */
void scene_arc(struct scene *sc, enum scene_pen p, double x, double y, double r, double a0,
	       double a1);
/* A hatched line from (x0, y0) to (x1, y1): the ground, the hatching on
 * the side to the right of the direction of travel, `h` long. */
void scene_ground(struct scene *sc, double x0, double y0, double x1, double y1, double h);
/* A spring (a zigzag of `turns` teeth, `w` wide) from (x0, y0) to (x1, y1). */
void scene_spring(struct scene *sc, double x0, double y0, double x1, double y1, double w,
		  int turns);
/* A dashpot from (x0, y0) to (x1, y1), `w` wide. */
void scene_damper(struct scene *sc, double x0, double y0, double x1, double y1, double w);
/* A rectangle with sides along x and y. */
void scene_box(struct scene *sc, enum scene_pen p, double x0, double y0, double x1, double y1);

/* An arrow of kind k, tail at (x, y), of the vector (vx, vy) in the
 * kind's unit; `name` heads its label ("N = 9.81 N"). A zero vector is
 * not drawn (its value still labelled where it stands). */
void scene_vector(struct scene *sc, enum scene_vec k, const char *name, double x, double y,
		  double vx, double vy);
/* A turning at rate w (rad/s, counter-clockwise > 0) about (x, y), drawn
 * as an arc of radius r with its arrowhead the way it turns. */
void scene_spin(struct scene *sc, const char *name, double x, double y, double w, double r);
/* A text at (x, y) (printf-style). */
void scene_text(struct scene *sc, double x, double y, int align, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* A length labelled along the segment (x0, y0)-(x1, y1), its text offset
 * `off` to the left of it (negative: the right). */
void scene_dimension(struct scene *sc, double x0, double y0, double x1, double y1, double off,
		     const char *text);
/* An angle's arc at (x, y) from a0 to a1 (radians) and its text beside it. */
void scene_angle(struct scene *sc, double x, double y, double r, double a0, double a1,
		 const char *text);

/* Sizes the arrows (the longest force 0.45 of the scene's size, the
 * reference a round value near the largest), labels them, and boxes the
 * drawing. */
void scene_finish(struct scene *sc);

/* The gnuplot script that draws sc on terminal t, headed `title` (and
 * the scene's caption under it). Every force arrow's line ends in a
 * comment "# force NAME VALUE", every velocity's "# velocity NAME VALUE",
 * and each path's data block is $pen_NAME, for the tests to read back. */
void scene_script(struct strbuf *out, const struct scene *sc, const char *title,
		  const struct gp_term *t);

/* The frames of an animation as one GIF (gnuplot's gif animate), each
 * headed by `title` and its caption (time and phase), `delay_cs`
 * hundredths of a second apart; the output closed at the end. */
void scene_script_gif(struct strbuf *out, const struct scene *frames, size_t n, const char *title,
		      const char *output, int delay_cs);

/* The frames of a run that `step` walks, `step play` plays and a GIF
 * holds: one list, so that the animation has a frame per step. */
enum { SCENE_FRAMES = 200 };

/* The scenes of the whole run, a frame per recorded step (some `most`
 * evenly spread over the time when the run has more, and its events and
 * last row kept), on one force scale and one box so that the system moves
 * and the arrows grow and shrink. *frames is freed with scene_release on
 * each, then free(). */
int scene_frames(const struct session *s, size_t most, struct scene **frames, size_t *n,
		 struct diag *d);

/* The scene of the session's last solve at time T (s; Imachi's models:
 * τ = ωt), finished. Fails, with d saying why, before a solve, when the
 * results are stale, or at a T outside the run. */
int scene_build(const struct session *s, double T, struct scene *sc, struct diag *d);

/* The scene of the problem as stated, for a problem sheet: at t = 0,
 * sc->stated set for the builder, and every number of its texts and
 * arrows' labels that is one of the exercise's answers (to the three
 * figures the scene prints, in the result's unit or the answer's) written
 * "?": the arrow of an unknown force stays, its value is the question. */
int scene_build_stated(const struct session *s, struct scene *sc, struct diag *d);

#endif
